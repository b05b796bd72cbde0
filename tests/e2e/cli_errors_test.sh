#!/bin/bash
# Bad input on the command line or in a config: a clear message naming the
# file, line or key, what was expected and what was found; exit status 2;
# nothing started.
set -u
B=${1:?usage: cli_errors_test.sh BUILD_DIR}
. "$(dirname "$0")/lib.sh"
S=$B/sapper
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

printf '[game]\nrules = classic\n[rules]\nwidht = 12\n' > "$T/typo.ini"
out=$("$S" play "$T/typo.ini" </dev/null 2>&1); st=$?
expect_status $st 2 "unknown key exits 2"
expect_contains "$out" "typo.ini:4" "names file and line"
expect_contains "$out" "did you mean width?" "suggests the near key"
expect_not_contains "$out" "result" "nothing started"

# A typo in a plugin id gets "did you mean" like a typo in a key.
out=$("$S" play game.rules=clasic </dev/null 2>&1); st=$?
expect_status $st 2 "a misspelt ruleset exits 2"
expect_contains "$out" 'found "clasic"; did you mean "classic"?' "and suggests the near ruleset"
out=$("$S" play player.2.bot=probr </dev/null 2>&1); st=$?
expect_status $st 2 "a misspelt bot exits 2"
expect_contains "$out" 'found "probr"; did you mean "prober"?' "and suggests the near bot"
printf '[game]\nrules = classic\n[tournament]\nseed = 1\n[entrant.a]\nbot = simpel\n' > "$T/entrant.ini"
out=$("$S" tournament "$T/entrant.ini" tournament.db="$T/x.db" 2>&1); st=$?
expect_status $st 2 "a misspelt entrant bot exits 2"
expect_contains "$out" 'entrant.ini:6: [entrant.a] bot:' "and names the line"
expect_contains "$out" 'found "simpel"; did you mean "simple"?' "and suggests the near bot"
out=$("$S" play game.rules=zzzzzz </dev/null 2>&1)
expect_not_contains "$out" "did you mean" "a far miss gets no suggestion"

out=$("$S" play rules.mines=9999 </dev/null 2>&1); st=$?
expect_status $st 2 "too many mines exits 2"
expect_contains "$out" "mines" "names the key"

out=$("$S" play rules.first_click=never </dev/null 2>&1); st=$?
expect_status $st 2 "bad choice exits 2"
expect_contains "$out" "safe|opening|any" "lists the choices"

out=$("$S" play /nonexistent.ini 2>&1); st=$?
expect_status $st 2 "missing config exits 2"
expect_contains "$out" "/nonexistent.ini" "names the file"

out=$("$S" run "$SAPPER_SOURCE/config/default.ini" 2>&1); st=$?
expect_status $st 2 "run with a human seat exits 2"
expect_contains "$out" "bots only" "says why"
expect_contains "$out" "config/default.ini:19)" "and where the human seat is set"

out=$("$S" frobnicate 2>&1); st=$?
expect_status $st 2 "unknown command exits 2"
expect_contains "$out" 'unknown command "frobnicate"; expected play, run, replay, tournament, plugins, analyze, scores, report, serve, join or bot-check' \
    "names every command, from the same table as the usage"
expect_contains "$out" "  report DB [--tournament ID] -o FILE.html" "then the usage"

out=$("$S" plugins); st=$?
expect_status $st 0 "plugins lists"
expect_contains "$out" "classic" "lists classic"
expect_contains "$out" "rules  mines" "kind and family"
expect_contains "$out" "classic.so" "the file"

out=$("$S" plugins --describe classic); st=$?
expect_status $st 0 "describe"
expect_contains "$out" "first_click" "a parameter"
expect_contains "$out" "default safe" "its default"
expect_contains "$out" "safe|opening|any" "its choices"

out=$(SAPPER_PLUGIN_PATH="$B/tests/plugins" "$S" plugins 2>&1); st=$?
expect_contains "$out" "rps" "SAPPER_PLUGIN_PATH is searched"
expect_contains "$out" "refused: " "refused plugins are reported"

# A value the rules refuse: the message says where it was set, and no
# seed line promises a game that never starts.
printf '[game]\nrules = classic\n[rules]\nwidth = 9\nheight = 9\nmines = 81\n' > "$T/m81.ini"
out=$("$S" play "$T/m81.ini" --plain </dev/null 2>&1); st=$?
expect_status $st 2 "mines the board cannot hold exits 2"
expect_contains "$out" "mines = 81 is too many" "the rules say what is wrong"
expect_contains "$out" "(mines: $T/m81.ini:6)" "and the engine says where it was set"
expect_not_contains "$out" "replay this game" "no seed line for a game that did not start"
out=$("$S" play rules.mines=81 --plain </dev/null 2>&1)
expect_contains "$out" '(mines: command line "rules.mines=81")' "an override is named as such"

# The search path of a config ([engine] plugin_path) or of an override.
printf '[engine]\nplugin_path = %s\n' "$B/tests/plugins" > "$T/engine.ini"
out=$("$S" plugins "$T/engine.ini" 2>&1); st=$?
expect_status $st 0 "plugins CONFIG lists"
expect_contains "$out" "rps-random" "the config's plugin_path is searched"
out=$("$S" plugins engine.plugin_path="$B/tests/plugins" --describe rps-random 2>&1); st=$?
expect_status $st 0 "plugins with an override and --describe"
expect_contains "$out" "rps-random: " "describes a plugin found on the override's path"
out=$("$S" plugins --describe 2>&1); st=$?
expect_status $st 2 "--describe without an id exits 2"
expect_contains "$out" "usage: sapper plugins" "and says the usage"
# The usage, each command's --help, the man page and the completion tell

# --describe marks a secret parameter (issue 33 item 8): classic's layout.
out=$("$S" plugins --describe classic 2>&1)
expect_contains "$(printf '%s\n' "$out" | grep -A3 '^  layout ')" "secret: bots are never told it" \
    "--describe marks the layout secret"
expect_not_contains "$(printf '%s\n' "$out" | grep -A2 '^  width ')" "secret" "and not the width"

# the same story: every command of `sapper --help` has its own --help (exit
# 0), a SYNOPSIS line and a COMMANDS entry in sapper(1), and a place in the
# completion; every option its usage names is in the man page and the
# completion too.
man=$SAPPER_SOURCE/docs/man/sapper.1
comp=$SAPPER_SOURCE/scripts/sapper-completion.bash
usage=$("$S" --help)
for c in $(printf '%s\n' "$usage" | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p' | sort -u); do
    out=$("$S" "$c" --help 2>&1); st=$?
    expect_status $st 0 "sapper $c --help exits 0"
    expect_contains "$out" "usage: sapper $c" "and prints its usage"
    grep -q "^\.B sapper $c" "$man" && pass "sapper(1) has a SYNOPSIS line for $c" ||
        fail "sapper(1) has no SYNOPSIS line for $c"
    grep -q "^\.B $c\$" "$man" && pass "sapper(1) describes $c" || fail "sapper(1) does not describe $c"
    grep -qw "$c" "$comp" && pass "the completion offers $c" || fail "the completion does not offer $c"
done
for o in $(printf '%s\n' "$usage" | grep -o -- '--[a-z][a-z-]*' | sort -u); do
    grep -q -- "$(printf '%s' "$o" | sed 's/-/\\\\-/g')" "$man" && pass "sapper(1) names $o" ||
        fail "sapper(1) does not name $o"
    grep -q -- "$o" "$comp" && pass "the completion offers $o" || fail "the completion does not offer $o"
done
# Messages that say what a person needs (issue 25 item 30).
T30=$(mktemp -d)
out=$("$S" report /nonexist.db -o "$T30/r.html" 2>&1); st=$?
expect_status $st 2 "report of a missing database exits 2"
expect_contains "$out" "/nonexist.db: cannot read it: No such file or directory" "and says why"
printf '[game]\nrules = classic\n[tournament]\ngames = 2\nseed = 3\n[entrant.simple]\nbot = simple\n' > "$T30/t.ini"
"$S" tournament "$T30/t.ini" tournament.db="$T30/t.db" --quiet >/dev/null 2>&1
out=$("$S" report "$T30/t.db" --tournament 9 -o "$T30/r.html" 2>&1)
expect_contains "$out" "no tournament 9 (sapper report DB --list lists the ones it holds)" \
    "a missing tournament id names the way to list them"
out=$("$S" report "$T30/t.db" --list 2>&1)
expect_contains "$out" "   1  " "report --list lists the tournaments"
expect_contains "$out" "classic       duplicate     2 games" "with ruleset, format and games stored"
out=$("$S" scores --scorefile /nonexist/x.db 2>&1); st=$?
expect_status $st 1 "scores of a score file that is not there exits 1"
expect_contains "$out" "score file /nonexist/x.db: cannot read it: No such file or directory" "and says so"
out=$(printf '[game]\nrules = classic\n[player.1]\nname = a\n[player.2]\nname = b\n' > "$T30/two.ini"; "$S" play "$T30/two.ini" 2>&1 </dev/null)
expect_contains "$out" 'rules "classic" take 1 player, the configuration seats 2' "one player, not 1 to 1 players"
rm -rf "$T30"
finish
