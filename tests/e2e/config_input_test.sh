#!/bin/bash
# Config input the INI reader or the setup used to change silently (a long
# line split in two, an indented line glued to the previous value, a seed
# wrapped around, a directory read as an empty file, a newline in a name
# written into a replay, text after a section's `]` dropped, CR-only line
# ends read as one line, an endless line read forever, a section with no
# keys dropped, a long section name cut short): each is refused with its file and line or its
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

printf '[game] seed = 5\n[player.1]\nbot = simple\n' > "$T/after.ini"
refused "$S" run "$T/after.ini"
expect_status $st 2 "text after a section header exits 2"
expect_contains "$out" "after.ini:1: expected only a comment after the section header \"[game]\", found \"seed = 5\"" \
    "names the line, the header and the text after it"
expect_not_contains "$out" "summary:" "no game with a drawn seed"

printf '[game]\rrules = deductive\r[rules]\rpreset = 9x9\r' > "$T/cr.ini"
refused "$S" play "$T/cr.ini" --plain
expect_status $st 2 "CR-only line ends exit 2"
expect_contains "$out" "cr.ini:1: expected lines ending in \\n or \\r\\n, found a carriage return (\\r) alone" \
    "says the line ends are carriage returns"

refused timeout 20 "$S" play /dev/zero --plain
expect_status $st 2 "an endless line exits 2 (and does not hang)"
expect_contains "$out" "/dev/zero:1: line too long (more than 199 characters)" \
    "stops reading at the limit"

printf '[game]\nrules = seeker\n[player.1]\nbot = human\n[player.2]\n; bot = hunter\n' > "$T/seat.ini"
refused "$S" play "$T/seat.ini" --plain
expect_status $st 2 "a seat section with no keys exits 2"
expect_contains "$out" "seat.ini:5: [player.2]: expected \`bot = ID\` or \`name = NAME\` in the seat's section, found no keys" \
    "names the empty seat section"

TI='[game]\nrules = classic\n[tournament]\ngames = 1\n[entrant.a]\nbot = simple\n'
printf "$TI[entrant.prober]\n; bot = prober\n" > "$T/empty.ini"
refused "$S" tournament "$T/empty.ini" "tournament.db=$T/t.db"
expect_status $st 2 "an entrant section with no keys exits 2"
expect_contains "$out" "empty.ini:7: [entrant.prober]: expected a key \`bot = ID\`, found no keys in the section" \
    "names the empty entrant section"

printf "$TI[entrant.]\nbot = random\n" > "$T/noname.ini"
refused "$S" tournament "$T/noname.ini" "tournament.db=$T/t.db"
expect_status $st 2 "an entrant without a name exits 2"
expect_contains "$out" "noname.ini:8: [entrant.]: expected a section [entrant.NAME] with a name, found none" \
    "names the nameless entrant's line"
refused "$S" tournament "$SRC/config/tournament-classic.ini" "tournament.db=$T/t.db" \
    entrant..bot=random
expect_status $st 2 "entrant..bot=random exits 2"
expect_contains "$out" "command line \"entrant..bot=random\": [entrant.]: expected a section [entrant.NAME] with a name" \
    "names the argument"

printf "$TI[entrant.%s]\nbot = random\n" "$(printf 'n%.0s' $(seq 70))" > "$T/longname.ini"
refused "$S" tournament "$T/longname.ini" "tournament.db=$T/t.db"
expect_status $st 2 "a 70-character entrant name exits 2"
expect_contains "$out" "expected an entrant name of at most 63 characters, found 70" \
    "the section name is not cut to 49 characters"

printf "$TI[bogus]\n" > "$T/bogus.ini"
refused "$S" tournament "$T/bogus.ini" "tournament.db=$T/t.db"
expect_status $st 2 "an unknown tournament section exits 2"
expect_contains "$out" "bogus.ini:7: [bogus]: unknown section; expected [engine], [game], [rules], [tournament] or [entrant.NAME]" \
    "lists the sections a tournament accepts"
expect_status "$(ls "$T"/t.db* 2>/dev/null | wc -l)" 0 "still no tournament started"

finish
