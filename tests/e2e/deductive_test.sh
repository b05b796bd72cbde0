#!/bin/bash
# Deductive Minesweeper through the real binary: the line protocol (marks,
# forgiveness, the analysis letters after a loss, a win), the scoreboard
# written at the end of a scored 25x14 game (command line over config file,
# the name cut to seven characters), unscored games leaving the score file
# alone, and `sapper scores`.
set -u
B=${1:?usage: deductive_test.sh BUILD_DIR}
. "$(dirname "$0")/lib.sh"
S=$B/sapper
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export XDG_DATA_HOME=$T/xdg HOME=$T/home
SEED=3
DED=${SAPPER_SOURCE:-$(dirname "$0")/../..}/config/deductive.ini

# Every reveal of a W x H board, row by row.
all_cells() { for ((y = 0; y < $2; y++)); do for ((x = 0; x < $1; x++)); do
    echo "reveal $x $y"; done; done; }

# Marks: ':' on the board, a marked cell cannot be exposed, no chord.
out=$(printf 'flag 3 3\nreveal 3 3\nchord 3 3\nmark 3 3\nquit\n' |
      "$S" play "$DED" game.seed=$SEED 2>&1)
expect_contains "$out" "25 14 70" "the default board is 25x14 with 70 mines"
expect_contains "$out" "safe cells left: 280" "the status line counts unexposed safe cells"
expect_contains "$out" "???:?" "a marked cell shows a colon"
expect_contains "$out" "is marked: a marked cell cannot be exposed" "a marked cell cannot be exposed"
expect_contains "$out" "no chord" "chord is refused"
[ ! -e "$T/xdg" ] && pass "an unfinished game writes no score" ||
    fail "an unfinished game writes no score"

# A loss on the scored board: the analysis, the legend, a loss recorded.
cfg=$T/deductive.ini
printf '[game]\nrules = deductive\n[deductive]\nname = Alice\nscorefile = %s\n' \
    "$T/scores.db" > "$cfg"
out=$(all_cells 25 14 | "$S" play "$cfg" game.seed=$SEED name=Frederick 2>&1)
expect_contains "$out" "You lose: cell" "clicking a deducible position's mine loses"
expect_contains "$out" "legend: u safe, unknown (gray)" "the legend of the analysis letters"
expect_contains "$out" '"outcome":"lost"' "the result says lost"
expect_not_contains "$out" '"study_seconds":' "the rules read no clock: no study time in the result"
expect_contains "$out" "recorded for Frederi in $T/scores.db" \
    "the command line name wins over the config file, cut to seven characters"
[ -f "$T/scores.db" ] && pass "the score file is created at the end of a scored game" ||
    fail "the score file is created at the end of a scored game"

# The layout from the analysis (every mine is shown), then a win on it.
board=$(printf '%s\n' "$out" | grep -A14 '^25 14 70$' | tail -14)
safe=$(printf '%s\n' "$board" | awk '{ for (x = 1; x <= length($0); x++)
    if (index("mkxMKX*", substr($0, x, 1)) == 0) print "reveal " x - 1 " " NR - 1 }')
[ "$(printf '%s\n' "$safe" | wc -l)" -eq 280 ] && pass "the analysis shows all 70 mines" ||
    fail "the analysis shows all 70 mines: $(printf '%s\n' "$safe" | wc -l) safe cells"
out=$( (echo undo; printf '%s\n' "$safe") | "$S" play "$cfg" game.seed=$SEED 2>&1)
expect_contains "$out" "error: nothing to undo" "undo at the start has nothing to take back"
expect_contains "$out" "You win" "exposing every safe cell wins, no marks needed"
expect_contains "$out" '"outcome":"won"' "the result says won"
expect_contains "$out" "recorded for Alice" "the config file's name without a command-line one"

scores=$("$S" scores deductive --scorefile "$T/scores.db")
expect_contains "$scores" "Top ten scores of all time" "the all-time table"
expect_contains "$scores" "Top ten scores of this week" "the weekly table"
expect_contains "$scores" "Top ten player averages" "the averages table"
expect_contains "$scores" "   1  Alice " "the win is on the board"
expect_contains "$scores" "Frederi    infinity  1 game, 0 won" "the loss averages to infinity"
expect_not_contains "$scores" $'\033[' "no colours when stdout is not a terminal"
expect_contains "$("$S" scores "$cfg")" "Alice" "sapper scores CONFIG reads its scorefile"

# A move taken back makes the game unscored.
out=$( (printf '%s\n' "$safe" | head -1; echo undo; printf '%s\n' "$safe") |
      "$S" play "$cfg" game.seed=$SEED 2>&1)
expect_contains "$out" "You win" "a won game after an undo"
expect_contains "$out" "not scored" "is not scored"

# A score file with a row no game could write: refused, naming the row.
cp "$T/scores.db" "$T/bad.db"
sqlite3 "$T/bad.db" "insert into games(name, seconds, played_at) values ('Mallory', 3, 9223372036854775807)"
out=$("$S" scores deductive --scorefile "$T/bad.db" 2>&1); st=$?
[ $st -ne 0 ] && pass "a score dated past the year 9999 is refused" || fail "a bad date was accepted (status 0)"
expect_contains "$out" "played_at: expected seconds since 1970" "the message says which column and what it expects"
sqlite3 "$T/bad.db" "delete from games where name = 'Mallory'; insert into games(name, seconds, played_at) values ('Mallory', -5, 1)"
out=$("$S" scores deductive --scorefile "$T/bad.db" 2>&1)
expect_contains "$out" 'seconds: expected a number from 0 to 1e9, found "-5.0"' "a negative score is refused"
sqlite3 "$T/bad.db" "delete from games where name = 'Mallory'; insert into games(name, seconds, played_at) values ('Mallory', 1e308, 1)"
out=$("$S" scores deductive --scorefile "$T/bad.db" 2>&1)
expect_contains "$out" "seconds: expected a number from 0 to 1e9" "a score too long to be a game's time is refused"

out=$("$S" scores "$T/no-such.ini" --scorefile "$T/scores.db" 2>&1); st=$?
expect_status $st 2 "a missing config is reported even with --scorefile"
out=$("$S" scores --scorefile 2>&1); st=$?
expect_status $st 2 "--scorefile without a name exits 2"
expect_contains "$out" "--scorefile: expected a file name" "and says what is missing"
out=$("$S" scores --scorefile "$T" 2>&1); st=$?
[ $st -ne 0 ] && pass "a directory as the score file is refused" || fail "a directory was read as a score file"
expect_contains "$out" "not a regular file" "and the message says why"

# Unscored games leave the score file alone (not even created).
out=$(all_cells 9 9 | "$S" play "$DED" game.seed=$SEED preset=9x9 \
      scorefile="$T/unscored.db" 2>&1)
expect_contains "$out" '"preset":"9x9"' "a 9x9 game is played to the end"
[ ! -e "$T/unscored.db" ] && pass "an unscored size leaves the score file untouched" ||
    fail "an unscored size leaves the score file untouched"
out=$(printf 'quit\n' | "$S" play "$DED" game.seed=$SEED player.1.bot=simple \
      scorefile="$T/unscored.db" 2>&1)
[ ! -e "$T/unscored.db" ] && pass "a bot's game is not scored" ||
    fail "a bot's game is not scored"

# The default score file; reading a missing one creates nothing.
out=$("$S" scores)
expect_contains "$out" "$T/xdg/sapper/deductive-scores.db" "the default score file is under XDG_DATA_HOME"
expect_contains "$out" "(no wins yet)" "an empty scoreboard"
[ ! -e "$T/xdg" ] && pass "sapper scores creates no file" || fail "sapper scores creates no file"
"$S" scores classic >/dev/null 2>&1
expect_status $? 2 "only the deductive rules keep scores"
finish
