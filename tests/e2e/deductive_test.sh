#!/bin/bash
# Deductive Minesweeper through the real binary: the line protocol (marks,
# forgiveness, the analysis letters after a loss, a win), the scoreboard
# written at the end of a scored 25x14 game (command line over config file,
# the name cut to seven characters), unscored games leaving the score file
# alone, and `sapper scores`; a score file of the format before the engine
# kept every ruleset's scores (user_version 1) read and brought up to date
# without losing a row, the older default file's games carried over, and
# a file that is not a score file refused and left as it was.
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
expect_contains "$out" "the loss counts in the games and wins of \"Frederi\" in $T/scores.db" \
    "the command line name wins over the config file, cut to seven characters"
expect_contains "$out" "not ranked: its seed was given (game.seed), so its board could be known" \
    "a game on a given seed is not ranked, and the screen says why"
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
expect_contains "$out" "wins of \"Alice\"" "the config file's name without a command-line one"

scores=$("$S" scores deductive --scorefile "$T/scores.db")
expect_not_contains "$scores" "   1  Alice " "a win on a known board (its seed given, its moves piped) does not rank"
expect_contains "$scores" "(2 of them unranked: a given seed or piped moves" "the board says how many games are unranked and why"
# Ranked games, as a person at a terminal on a drawn board leaves them,
# beside an unranked faster win that must not rank (issue 25 item 2).
now=$(date +%s)
sqlite3 "$T/scores.db" "INSERT INTO games(name, seconds, played_at, ruleset, board, label, method, bbbv, result, ranked) VALUES
  ('Alice', 83.25, $now, 'deductive', 'deductive 25x14', '25x14', 2, 0, '', 1),
  ('Frederi', NULL, $now, 'deductive', 'deductive 25x14', '25x14', 2, 0, '', 1),
  ('Script', 0.002, $now, 'deductive', 'deductive 25x14', '25x14', 2, 0, '', 0)"
scores=$("$S" scores deductive --scorefile "$T/scores.db")
expect_contains "$scores" "Top ten scores of all time" "the all-time table"
expect_contains "$scores" "Top ten scores of this week" "the weekly table"
expect_contains "$scores" "Top ten player averages" "the averages table"
expect_contains "$scores" "   1  Alice        83.2 s" "the ranked win is first on the board"
expect_not_contains "$scores" "Script        0.0 s" "the unranked 0.002 s win is on no ranking"
expect_contains "$("$S" scores deductive --scorefile "$T/scores.db" --json)" '"seconds":0.002,"bbbv_per_s":0.000,"played_at":'"$now"',"ranked":false' \
    "--json marks it unranked"
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
cols="ruleset, board, label, method, bbbv, result, name, seconds, played_at"
vals="'deductive', 'deductive 25x14', '25x14', 2, 0, ''"
sqlite3 "$T/bad.db" "insert into games($cols) values ($vals, 'Mallory', 3, 9223372036854775807)"
out=$("$S" scores deductive --scorefile "$T/bad.db" 2>&1); st=$?
[ $st -ne 0 ] && pass "a score dated past the year 9999 is refused" || fail "a bad date was accepted (status 0)"
expect_contains "$out" "played_at: expected seconds since 1970" "the message says which column and what it expects"
sqlite3 "$T/bad.db" "delete from games where name = 'Mallory'; insert into games($cols) values ($vals, 'Mallory', -5, 1)"
out=$("$S" scores deductive --scorefile "$T/bad.db" 2>&1)
expect_contains "$out" 'seconds: expected a number from 0 to 1e9, found "-5.0"' "a negative score is refused"
sqlite3 "$T/bad.db" "delete from games where name = 'Mallory'; insert into games($cols) values ($vals, 'Mallory', 1e308, 1)"
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
expect_contains "$out" "no games yet in $T/xdg/sapper/scores.db" "an empty scoreboard, in the default score file under XDG_DATA_HOME"
[ ! -e "$T/xdg" ] && pass "sapper scores creates no file" || fail "sapper scores creates no file"
out=$("$S" scores clasic 2>&1); st=$?
expect_status $st 2 "a misspelt ruleset is refused"
expect_contains "$out" 'did you mean "classic"' "with the ruleset it resembles"
# The score file of the deductive-only format (user_version 1): read as it
# is, brought up to date in place by the next scored game, every row kept.
old=$T/old.db
sqlite3 "$old" "CREATE TABLE games(id INTEGER PRIMARY KEY, name TEXT NOT NULL,
  seconds REAL, played_at INTEGER NOT NULL); PRAGMA user_version = 1;
  INSERT INTO games(name, seconds, played_at) VALUES ('Oldie', 42.5, 1700000000),
  ('Loser', NULL, 1700000100);"
out=$("$S" scores --scorefile "$old" 2>&1)
expect_contains "$out" "deductive 25x14 (25x14): 2 games in $old" "an old score file reads as deductive 25x14 games"
expect_contains "$out" "Oldie        42.5 s" "with its win"
out=$(all_cells 25 14 | "$S" play "$DED" game.seed=$SEED name=Newbie scorefile="$old" 2>&1)
expect_contains "$out" "wins of \"Newbie\" in $old" "a scored game goes into the old file"
expect_status "$(sqlite3 "$old" 'PRAGMA user_version')" 3 "which is brought up to date"
expect_contains "$(sqlite3 "$old" "SELECT group_concat(name || ':' || ifnull(seconds, 'inf') || ':' || board, ' ') FROM games")" \
    "Oldie:42.5:deductive 25x14 Loser:inf:deductive 25x14 Newbie:inf:deductive 25x14" "every old row kept, the new one added"

# The older default file's games come along into the new default file.
mkdir -p "$T/xdg2/sapper"
sqlite3 "$T/xdg2/sapper/deductive-scores.db" "CREATE TABLE games(id INTEGER PRIMARY KEY,
  name TEXT NOT NULL, seconds REAL, played_at INTEGER NOT NULL); PRAGMA user_version = 1;
  INSERT INTO games(name, seconds, played_at) VALUES ('Oldie', 42.5, 1700000000);"
out=$(XDG_DATA_HOME=$T/xdg2 "$S" scores deductive 2>&1)
expect_contains "$out" "Oldie" "sapper scores reads the older default file while the new one is missing"
out=$(all_cells 25 14 | XDG_DATA_HOME=$T/xdg2 "$S" play "$DED" game.seed=$SEED name=Newbie 2>&1)
expect_contains "$(sqlite3 "$T/xdg2/sapper/scores.db" "SELECT group_concat(name, ' ') FROM games")" \
    "Oldie Newbie" "the first scored game carries the older default file's games over"
expect_contains "$(sqlite3 "$T/xdg2/sapper/deductive-scores.db" "SELECT count(*) FROM games")" "1" \
    "and leaves the older file as it was"

# The default score file is named as the one games go to (issue 25 item 7).
out=$("$S" plugins --describe deductive 2>&1)
expect_contains "$out" "empty: \$XDG_DATA_HOME/sapper/scores.db" "--describe names scores.db as the default score file"
expect_not_contains "$out" "deductive-scores.db" "--describe no longer names the old default file"
expect_contains "$(grep -i 'default:' "$DED")" "sapper/scores.db" "config/deductive.ini names scores.db as the default"
expect_not_contains "$(cat "$DED")" "deductive-scores.db" "config/deductive.ini no longer names the old default file"

# A database that is not a score file: refused by name, left as it was.
sqlite3 "$T/foreign.db" "CREATE TABLE stuff(x); PRAGMA user_version = 7;"
before=$(md5sum < "$T/foreign.db")
out=$(all_cells 25 14 | "$S" play "$DED" game.seed=$SEED scorefile="$T/foreign.db" 2>&1)
expect_contains "$out" "score not recorded: score file $T/foreign.db: not a Sapper score file" "a foreign file is refused by name"
[ "$before" = "$(md5sum < "$T/foreign.db")" ] && pass "and left as it was" || fail "the foreign file was changed"
out=$("$S" scores --scorefile "$T/foreign.db" 2>&1); st=$?
expect_status $st 1 "sapper scores refuses it too"
finish
