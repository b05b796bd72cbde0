#!/bin/bash
# escapes_test.sh BUILD_DIR - a hostile plugin's words reach no terminal,
# page or reader raw (issue 33 items 1 to 3): bot_escape (tests/plugins/)
# carries ESC sequences in its name, summary, parameter help and default,
# refuses to start with one, and logs invalid UTF-8 and a 400-byte line of
# two-byte characters. It is listed, described, run, refused, played in a
# tournament and reported: no byte 0x1b in any stdout, stderr or the HTML
# page, `sapper report` succeeds, and every text of the results database
# decodes as UTF-8 (Python's sqlite3, which refuses a row that does not).
set -u
B=${1:?usage: escapes_test.sh BUILD_DIR}
. "$(dirname "$0")/lib.sh"
S=$B/sapper
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
export SAPPER_PLUGIN_PATH=$B/tests/plugins

no_escape() {   # FILE WHAT: no ESC byte in FILE
    if grep -q $'\x1b' "$1"; then
        fail "$2: a raw ESC byte reached the output:"; cat -v "$1" | grep -F '^[' | head -5
    else pass "$2"; fi
}
run() {   # NAME COMMAND...: stdout and stderr in $T/NAME.out/.err
    local name=$1; shift
    "$@" >"$T/$name.out" 2>"$T/$name.err"
    echo $? >"$T/$name.rc"
    no_escape "$T/$name.out" "$name: stdout"
    no_escape "$T/$name.err" "$name: stderr"
}

run list "$S" plugins
expect_contains "$(cat "$T/list.out")" "bot_escape" "the hostile bot is listed"
run describe "$S" plugins --describe bot_escape
expect_contains "$(cat "$T/describe.out")" 'Escape \x1b]0;owned\x07' "its name is shown escaped"
expect_contains "$(cat "$T/describe.out")" 'default \x1b]52;c;b3duZWQ=\x07hi\x1b[2J' \
    "its default is shown escaped"

cat >"$T/run.ini" <<'INI'
[game]
rules = classic
[rules]
width = 9
height = 9
mines = 10
[player.1]
bot = bot_escape
INI
run play "$S" run "$T/run.ini" --games 2
expect_status "$(cat "$T/play.rc")" 0 "sapper run plays it"
expect_contains "$(cat "$T/play.err")" 'bad \xff\xfe utf-8' "its invalid UTF-8 is shown as \\xHH"
run refuse "$S" run "$T/run.ini" player.1.refuse=true --games 1
# a bot that refuses to start loses that game (issue 33 item 5): its refusal
# is the fault's detail in the game's result line, JSON-escaped
expect_contains "$(cat "$T/refuse.out")" 'refused to start: no \u001b]0;owned\u0007\u001b[2J' \
    "its refusal is shown escaped"
run refuse_in_process "$S" run "$T/run.ini" player.1.refuse=true --games 1 --sandbox none

cat >"$T/t.ini" <<INI
[game]
rules = classic
[rules]
width = 9
height = 9
mines = 10
[tournament]
format = duplicate
games = 4
seed = 3
db = $T/t.db
[entrant.esc]
bot = bot_escape
[entrant.simple]
bot = simple
INI
run tournament "$S" tournament "$T/t.ini"
expect_status "$(cat "$T/tournament.rc")" 0 "the tournament runs"
sed 's/^bot = bot_escape$/bot = bot_escape\nrefuse = true/; s/t\.db$/refused.db/' "$T/t.ini" >"$T/refused.ini"
run tournament_refused "$S" tournament "$T/refused.ini"
expect_status "$(cat "$T/tournament_refused.rc")" 0 "a tournament with the refusing bot runs"
run report_refused "$S" report "$T/refused.db" -o "$T/refused.html"
expect_status "$(cat "$T/report_refused.rc")" 0 "its report is made"
no_escape "$T/refused.html" "the refused bot's HTML report"
run report "$S" report "$T/t.db" -o "$T/report.html"
expect_status "$(cat "$T/report.rc")" 0 "sapper report takes a default with control characters"
no_escape "$T/report.html" "the HTML report"
if python3 - "$T/report.html" <<'PY'; then pass "the report is UTF-8 with no control byte"; else fail "the report is UTF-8 with no control byte"; fi
import sys
text = open(sys.argv[1], encoding="utf-8").read()   # raises on invalid UTF-8
sys.exit(any(ord(c) < 32 and c not in "\n\t" or 0x7f <= ord(c) < 0xa0 for c in text))
PY

out=$(python3 - "$T/t.db" "$T/refused.db" <<'PY' 2>&1
import sqlite3, sys
rows = logs = 0
for path in sys.argv[1:]:
    db = sqlite3.connect(path)
    for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall():
        rows += len(db.execute(f"SELECT * FROM {table}").fetchall())   # decodes every text
db = sqlite3.connect(sys.argv[1])
for (result,) in db.execute("SELECT result FROM games WHERE result LIKE '%bot_escape (seat%'"):
    logs += result.count("bot_escape (seat")
    assert "\ufffd" in result and "\u00e9" * 150 in result and "\u00e9" * 151 not in result
assert logs >= 3, logs   # bot_new's three lines (a kept instance logs once)
print(f"{rows} rows, {logs} log lines decode")
PY
)
expect_contains "$out" "log lines decode" "every stored row (the games' log lines) decodes as UTF-8, cut at a character"
finish
