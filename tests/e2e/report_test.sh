#!/bin/bash
# report_test.sh BUILD_DIR - `sapper report` end to end: small tournaments
# of every format (duplicate classic, a seeker round robin with an SPRT, a
# Wood-Sword free-for-all) make reports whose sections and chart marks are
# checked; bad input (a database that is not Sapper's, an empty one, a
# tournament id that does not exist, an output in a missing directory) is
# refused with exit 2 and nothing written; then each report is opened in
# headless Chromium: the page loads with no console error, every chart's
# SVG holds as many marks as it says (data-marks, counted in the DOM the
# browser built), the screenshot is not blank, and the charts' geometry
# holds (svg_geometry.py: texts inside their svg and cells, no label on a
# mark, round ticks, 0:0 pairs not painted, the rates as games came in
# drawn to the last game and by each entrant's own games); the pictures of
# `replay --svg` keep their title inside, and the last one of a lost game
# says "lost" and marks the fatal cell. Without
# Chromium the browser part is skipped with a message (.ci/run installs it).
set -u
B=${1:?usage: report_test.sh BUILD_DIR}
. "$(dirname "$0")/lib.sh"
S=$B/sapper
SRC=${SAPPER_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
HERE=$(cd "$(dirname "$0")" && pwd)
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

tournament() {   # name, then the config text on stdin
    cat > "$T/$1.ini"
    "$S" tournament "$T/$1.ini" tournament.db="$T/$1.db" >"$T/$1.out" 2>&1
    expect_status $? 0 "the $1 tournament runs"
}
tournament dup <<'INI'
[game]
rules = classic
[rules]
width = 9
height = 9
mines = 10
[tournament]
format = duplicate
games = 40
seed = 3
[entrant.simple]
bot = simple
[entrant.random]
bot = random
INI
tournament sprt <<'INI'
[game]
rules = seeker
[rules]
width = 8
height = 8
mines = 13
[tournament]
format = roundrobin
games = 60
seed = 5
elo0 = 0
elo1 = 300
[entrant.hunter]
bot = hunter
[entrant.nolook]
bot = hunter
lookahead = 0
INI
tournament ffa <<'INI'
[game]
rules = woodsword
[tournament]
format = ffa
games = 50
seats = 4
seed = 7
[entrant.woodsword]
bot = woodsword
[entrant.arena-random]
bot = arena-random
INI

# Two entrants that play alike (no board tells them apart: 0:0), and a
# round robin of three, whose pairings are played one after another.
tournament zero <<'INI'
[game]
rules = classic
[rules]
width = 9
height = 9
mines = 10
[tournament]
format = duplicate
games = 20
seed = 3
[entrant.simple]
bot = simple
[entrant.simple-again]
bot = simple
[entrant.random]
bot = random
INI
tournament rr3 <<'INI'
[game]
rules = seeker
[rules]
width = 8
height = 8
mines = 13
[tournament]
format = roundrobin
games = 8
seed = 5
[entrant.hunter]
bot = hunter
[entrant.nolook]
bot = hunter
lookahead = 0
[entrant.random]
bot = random
INI

for r in dup sprt ffa zero rr3; do
    out=$("$S" report "$T/$r.db" -o "$T/$r.html" 2>&1); st=$?
    expect_status $st 0 "sapper report of the $r tournament"
    [ -s "$T/$r.html" ] || fail "no $T/$r.html"
done
html=$(cat "$T/dup.html")
expect_contains "$html" "Win rate per entrant" "duplicate: win rates with intervals"
expect_contains "$html" "Paired comparison on the discordant boards" "duplicate: the paired matrix"
expect_contains "$html" "Time per move per entrant" "time per move"
expect_contains "$html" "The cell of the fatal click" "Minesweeper: where games were lost"
expect_contains "$html" "Game lengths" "Minesweeper: game lengths"
expect_contains "$html" "master seed 3" "the header names the master seed"
expect_contains "$html" "<td>rules</td><td>classic</td>" "and the plugins"
expect_contains "$html" "<tr><td>0</td><td>$(hostname)</td><td>80</td></tr>" \
    "and which host and rank played the games (results schema 6)"
expect_not_contains "$html" "<tr><th>host</th><th>games</th></tr>" \
    "one host: no table of hosts beside the ranks'"
# One game's result damaged (no JSON): the charts drawn from the results
# leave that game out instead of vanishing.
cp "$T/dup.db" "$T/dmg.db"
sqlite3 "$T/dmg.db" "update games set result = '{\"lost_on\":[' where game_index = 0"
"$S" report "$T/dmg.db" -o "$T/dmg.html" >/dev/null 2>&1
expect_contains "$(cat "$T/dmg.html")" "The cell of the fatal click" \
    "a result that is no JSON leaves the fatal-click map standing"
# Ranks on two hosts (as mpirun across machines stores them): the header
# counts each host's games, then each rank's.
cp "$T/dup.db" "$T/dup2.db"
sqlite3 "$T/dup2.db" "insert into hosts select run_id, 1, 'node-b', 1 from hosts where id = 0;
  insert into hosts select run_id, 2, 'node-b', 2 from hosts where id = 0;
  update games set host = 1 where game_index % 4 = 1; update games set host = 2 where game_index % 4 = 3"
"$S" report "$T/dup2.db" -o "$T/dup2.html" >/dev/null 2>&1
html2=$(cat "$T/dup2.html")
expect_contains "$html2" "Hosts: 2 hosts, 3 ranks" "two hosts: counted"
expect_contains "$html2" "<tr><th>host</th><th>games</th></tr>
<tr><td>$(hostname)</td><td>40</td></tr>
<tr><td>node-b</td><td>40</td></tr>" "and each host's games shown"
expect_contains "$html2" "<tr><td>1</td><td>node-b</td><td>20</td></tr>" "beside each rank's"
cp "$T/dup.db" "$T/dup5.db"
sqlite3 "$T/dup5.db" "alter table games drop column host; drop table hosts; pragma user_version = 5"
"$S" report "$T/dup5.db" -o "$T/dup5.html" >/dev/null 2>&1
expect_contains "$(cat "$T/dup5.html")" "Hosts: not recorded (the games were stored before results schema 6" \
    "a database of schema 5 is reported, without hosts"
# Bots a thousand times faster: the time axis ticks at 0.00005 ms and
# writes as many decimals as its steps need (not 0.000 five times).
cp "$T/dup.db" "$T/tiny.db"
sqlite3 "$T/tiny.db" "update games set think = '[0.000003]'"
"$S" report "$T/tiny.db" -o "$T/tiny.html" >/dev/null 2>&1
html=$(cat "$T/sprt.html")
expect_contains "$html" "Pairwise score" "two-player: the score matrix"
expect_contains "$html" "Elo difference per pairing" "two-player: Elo with error bars"
expect_contains "$html" "SPRT log-likelihood ratio" "the SPRT's LLR path"
html=$(cat "$T/ffa.html")
expect_contains "$html" "Ratings of every entrant, with 95% errors" "free-for-all: ratings with errors"
expect_contains "$html" "finished above the column" "free-for-all: the pairwise matrix"
expect_contains "$html" "Win share as games came in" "the accumulation chart"
case $html in *'<script'*|*'src="http'*|*'href="http'*|*'@import'*)
    fail "the page loads something from outside" ;; *) pass "the page is self-contained" ;; esac

# ---- bots found through the tournament's [engine] plugin_path -------------
# (issue 25 item 13) A relative plugin_path, taken from the directory the
# tournament ran in: the database keeps it (absolute), so the report and
# the replay commands it prints work from any directory, and a plugin no
# longer there is named with the directories searched.
mkdir -p "$T/own"
cp "$B/tests/plugins/dup_a.so" "$B/tests/plugins/bot_illegal.so" "$T/own/"
cat > "$T/own.ini" <<'INI'
[engine]
plugin_path = own
[game]
rules = classic
[tournament]
format = duplicate
games = 3
seed = 3
[entrant.first]
bot = dup
[entrant.illegal]
bot = bot_illegal
INI
(cd "$T" && "$S" tournament own.ini tournament.db=own.db >/dev/null 2>&1)
expect_status $? 0 "a tournament of bots found through its plugin_path runs"
expect_equal "$(sqlite3 "$T/own.db" 'select plugin_path from runs')" "$T/own" \
    "the run keeps its plugin path, absolute"
out=$(cd / && "$S" report "$T/own.db" -o "$T/own.html" 2>&1); st=$?
expect_status $st 0 "sapper report rebuilds it from another directory: $out"
cmd=$(grep -o 'sapper replay --db [^<]* --game [0-9]*' "$T/own.html" | head -1)
expect_contains "$cmd" "sapper replay --db $T/own.db --game " "the report prints replay commands"
out=$(cd / && "$S" ${cmd#sapper } 2>&1); st=$?
expect_status $st 0 "the printed replay command runs as given"
expect_contains "$out" "1 game, 0 mismatches" "and the game replays"
mv "$T/own" "$T/own-moved"
out=$("$S" report "$T/own.db" -o "$T/own2.html" 2>&1); st=$?
expect_status $st 2 "a plugin no longer on the stored path is refused"
expect_contains "$out" "found \"dup\"; plugins searched in: $T/own:" \
    "and the message says which path was searched"
out=$("$S" ${cmd#sapper } 2>&1); st=$?
expect_contains "$out" "plugins searched in: $T/own:" "replay --db says it too"
mv "$T/own-moved" "$T/own"

# ---- bad input: exit 2, nothing written ----------------------------------
sqlite3 "$T/other.db" "CREATE TABLE notes(x); INSERT INTO notes VALUES (1);"
: > "$T/empty.db"
check_refused() {   # what, expected message part, arguments...
    local what=$1 msg=$2; shift 2
    out=$("$S" report "$@" 2>&1); st=$?
    expect_status $st 2 "$what is refused"
    expect_contains "$out" "$msg" "and says so"
}
check_refused "a database that is not Sapper's" "not a Sapper results database" "$T/other.db" -o "$T/x.html"
check_refused "an empty database" "not a Sapper results database" "$T/empty.db" -o "$T/x.html"
check_refused "a tournament id that does not exist" "no tournament 9" "$T/dup.db" --tournament 9 -o "$T/x.html"
check_refused "an output in a missing directory" "its directory does not exist" "$T/dup.db" -o "$T/no/such/x.html"
check_refused "a missing database" "cannot read it" "$T/nothing.db" -o "$T/x.html"
[ ! -e "$T/x.html" ] && [ -z "$(ls "$T" | grep -F '.tmp-')" ] && pass "nothing half-written" ||
    fail "a refused report left a file"

# ---- replay --svg: one picture per move ------------------------------------
"$S" run "$SRC/config/classic-bots.ini" game.seed=4 --games 1 --record "$T/g.rec" >/dev/null 2>&1
moves=$(grep -c -E '^(at [0-9]+ )?move ' "$T/g.rec")
out=$("$S" replay --svg "$T/pics" "$T/g.rec" 2>&1); st=$?
expect_status $st 0 "replay --svg draws a recorded game"
expect_status "$(ls "$T/pics" | grep -c '^move-[0-9]*\.svg$')" "$((moves + 1))" \
    "one picture per move, and the start"
expect_contains "$(cat "$T/pics/move-0001.svg")" 'data-marks="256"' "each a square per cell of the 16x16 board"
expect_contains "$(cat "$T/pics/move-0001.svg")" "move 1 of $moves: simple (seat 1): reveal" \
    "titled with the move"
# (seed 4 is lost: its last picture says so and marks the fatal cell)
last=$(printf 'move-%04d.svg' "$moves")
expect_contains "$(cat "$T/pics/$last")" "move $moves of $moves: simple (seat 1): reveal" \
    "the last picture is of the last move"
expect_contains "$(grep -o '<title>[^<]*' "$T/pics/$last" | head -1)" ": lost" "and says the game was lost"
expect_contains "$(cat "$T/pics/$last")" 'class="fatal"' "and marks the cell it was lost on"
expect_not_contains "$(cat "$T/pics/move-0001.svg")" 'class="fatal"' "which no earlier picture does"
"$S" run "$SRC/config/woodsword.ini" player.1.bot=woodsword --games 1 --record "$T/w.rec" >/dev/null 2>&1
out=$("$S" replay --svg "$T/wpics" "$T/w.rec" 2>&1); st=$?
expect_status $st 2 "replay --svg of a Wood-Sword game is refused"
expect_contains "$out" "only Minesweeper positions are drawn" "and says why"

# ---- in a browser -----------------------------------------------------------
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ] || ! timeout 60 "$browser" --headless --no-sandbox --disable-gpu \
        --dump-dom about:blank >/dev/null 2>&1; then
    echo "SKIP: Chromium cannot start: the browser checks are not run (.ci/run installs chromium)"
    finish
    exit
fi
for r in dup sprt ffa; do
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --enable-logging=stderr --v=0 --dump-dom "file://$T/$r.html" >"$T/$r.dom" 2>"$T/$r.log"
    expect_status $? 0 "Chromium loads the $r report"
    if grep -q -E 'CONSOLE|Uncaught|Failed to load' "$T/$r.log"; then
        fail "console errors in the $r report: $(grep -E 'CONSOLE|Uncaught|Failed to load' "$T/$r.log" | head -3)"
    else
        pass "no console error"
    fi
    python3 - "$T/$r.dom" <<'PY' && pass "every chart of the $r report has the marks it says" || fail "mark counts differ in the $r report"
import re, sys
dom = open(sys.argv[1]).read()
charts = re.findall(r'<svg[^>]*data-marks="(\d+)"[^>]*>(.*?)</svg>', dom, re.S)
bad = [(want, len(re.findall(r'class="mark', body))) for want, body in charts
       if int(want) != len(re.findall(r'class="mark', body))]
print("charts %d, wrong %s" % (len(charts), bad))
sys.exit(1 if bad or not charts else 0)
PY
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --window-size=800,3000 --screenshot="$T/$r.png" "file://$T/$r.html" >/dev/null 2>&1
    ink=$(python3 "$HERE/png_ink.py" "$T/$r.png" 2>&1)
    n=$(printf '%s' "$ink" | awk '{print $2}')
    [ "${n:-0}" -gt 50000 ] && pass "the $r page is not blank ($ink)" || fail "the $r page looks blank: $ink"
done
# The geometry as Chromium lays it out (svg_geometry.py): texts inside their
# svg and their cells, labels on no mark, round ticks, 0:0 not painted as a
# share, numbers on the board heat map; the rates as games came in run to
# the last game (50 of the free-for-all) and, in a round robin, every
# entrant's line starts at its first game, not when its pairing comes up.
for r in dup:"" sprt:"" ffa:"--came-in 50" zero:"" rr3:"--same-start" tiny:""; do
    # shellcheck disable=SC2086
    geo=$(python3 "$HERE/svg_geometry.py" "$browser" "$T/${r%%:*}.html" ${r#*:} 2>&1) &&
        pass "the ${r%%:*} report's charts are laid out ($(echo "$geo" | tail -1))" ||
        fail "the ${r%%:*} report's geometry: $geo"
done
# replay --svg: the title (a long path in it) stays inside the picture; the
# last one of the lost game has its fatal cell marked and says "lost".
for pic in move-0001.svg "$last --lost"; do
    # shellcheck disable=SC2086
    geo=$(python3 "$HERE/svg_geometry.py" "$browser" "$T/pics/"$pic 2>&1) &&
        pass "the picture $pic is laid out ($(echo "$geo" | tail -1))" ||
        fail "the picture $pic: $geo"
done
finish
