#!/bin/bash
# Config input the INI reader or the setup used to change silently (a long
# line split in two, an indented line glued to the previous value, a seed
# wrapped around, a directory read as an empty file, a newline in a name
# written into a replay): each is refused with its file and line or its
# argument, exit status 2, and nothing is started.
set -u
B=${1:?usage: config_input_test.sh BUILD_DIR}
. "$(dirname "$0")/lib.sh"
S=$B/sapper
SRC=${SAPPER_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

# refused CMD... : runs CMD with no input; leaves its output in $out
refused() { out=$("$@" </dev/null 2>&1); st=$?; }

printf '[rules]\nmines = 10\n; %s 20\n' "$(printf 'x%.0s' $(seq 197))" > "$T/long.ini"
refused "$S" play "$T/long.ini" --plain
expect_status $st 2 "a line too long exits 2"
expect_contains "$out" "long.ini:3: line too long (more than 199 characters)" \
    "names the line and the limit"
expect_not_contains "$out" "9 9 20" "no game with the tail of the line as a value"

printf '[rules]\nmines = 10\n    20\n' > "$T/cont.ini"
refused "$S" play "$T/cont.ini" --plain
expect_status $st 2 "an indented bare value exits 2"
expect_contains "$out" "cont.ini:3: expected \`[section]\`, \`key = value\`" \
    "is a syntax error on its own line"

printf '[player.1]\n  bot = simple\n  name = x\n' > "$T/indent.ini"
out=$("$S" run "$T/indent.ini" game.seed=1 2>&1); st=$?
expect_status $st 0 "indented keys are ordinary keys"
expect_contains "$out" "seat 1 x (simple)" "the indented name and bot apply"

refused "$S" play "$T" --plain
expect_status $st 2 "a directory as the config exits 2"
expect_contains "$out" "$T: cannot read the config file: Is a directory" "says why"

for v in ' -1' 99999999999999999999 abc; do
    refused "$S" run "$SRC/config/classic-bots.ini" "game.seed=$v"
    expect_status $st 2 "game.seed=\"$v\" exits 2"
    expect_contains "$out" "command line \"game.seed=$v\": [game] seed: expected an integer from 0 to 18446744073709551615" \
        "game.seed=\"$v\" names the argument and the range"
    refused "$S" tournament "$SRC/config/tournament-classic.ini" \
        "tournament.seed=$v" "tournament.db=$T/t.db"
    expect_status $st 2 "tournament.seed=\"$v\" exits 2"
    expect_contains "$out" "command line \"tournament.seed=$v\": [tournament] seed: expected an integer" \
        "tournament.seed=\"$v\" names the argument and the range"
done
expect_status "$(ls "$T"/t.db* 2>/dev/null | wc -l)" 0 "no tournament started"

refused "$S" play --plain player.1.flag_mines=true
expect_status $st 2 "a bot parameter on a human seat exits 2"
expect_contains "$out" "seat 1 is human (no bot): only bot and name apply" \
    "says the seat is human"

refused "$S" run "$SRC/config/classic-bots.ini" --record "$T/r.txt" \
    "player.1.name=x
move 1 reveal 0 0"
expect_status $st 2 "a newline in a seat name exits 2"
expect_contains "$out" 'found "x\nmove 1 reveal 0 0"' "shows the newline escaped"
expect_status "$(test -e "$T/r.txt"; echo $?)" 1 "nothing recorded"

printf '[game]\nrules = classic\n[tournament]\ngames = 1\n[entrant.a]\nbot = simple\n[entrant.x]\nflag_mines = true\n' > "$T/nobot.ini"
refused "$S" tournament "$T/nobot.ini" "tournament.db=$T/t.db"
expect_status $st 2 "an entrant without a bot exits 2"
expect_contains "$out" "nobot.ini:8: [entrant.x]: expected a key \`bot = ID\`, found none" \
    "names the entrant's file and line"

printf '[rules]\nmines = 10\nwidth = 12\nmines = 12\n' > "$T/twice.ini"
refused "$S" play "$T/twice.ini" --plain
expect_status $st 2 "a key given twice exits 2"
expect_contains "$out" "twice.ini:4: [rules] mines: key given twice: $T/twice.ini:2 and $T/twice.ini:4" \
    "names both lines"

printf '[rules]\nmines = 10\n' > "$T/once.ini"
out=$(printf 'quit\n' | "$S" play "$T/once.ini" --plain rules.mines=11 rules.mines=12 2>&1)
expect_contains "$out" "9 9 12" "the command line still wins, the last override first"

finish
