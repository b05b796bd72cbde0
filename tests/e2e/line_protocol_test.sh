#!/bin/bash
# The line protocol of `sapper play` through a pipe: the board after each
# command, an error line for a bad command (the game goes on), and the final
# `result {json}` line.
set -u
B=${1:?usage: line_protocol_test.sh BUILD_DIR}
. "$(dirname "$0")/lib.sh"
S=$B/sapper

# A board is printed first: "W H M" then rows of '?'.
out=$(printf 'quit\n' | "$S" play game.seed=5)
expect_contains "$out" "9 9 10" "initial board header W H M"
expect_contains "$out" "?????????" "initial board rows are hidden"
expect_contains "$out" 'result {"ruleset":"classic","outcome":"unfinished"' "quit gives a result line"

# A reveal shows numbers; a bad command gives an error line and the game goes on.
out=$(printf 'reveal 4 4\nreveal 99 0\nexplode\nflag 0 0\nreveal 0 0\nquit\n' |
      "$S" play game.seed=5 rules.first_click=opening)
expect_contains "$out" "error: " "bad command gives an error line"
expect_contains "$out" "flagged" "revealing a flagged cell is refused with a reason"
expect_contains "$out" "F" "a flag shows as F"
lines=$(printf '%s\n' "$out" | grep -c '^9 9 10$')
[ "$lines" -eq 3 ] && pass "board printed first and after each applied command" ||
    fail "board printed first and after each applied command: $lines boards, expected 3"
errors=$(printf '%s\n' "$out" | grep -c '^error: ')
[ "$errors" -eq 3 ] && pass "one error line per refused command" ||
    fail "one error line per refused command: $errors, expected 3"
expect_contains "$out" '"seed":5' "result names the seed"
expect_contains "$out" '"moves":2' "result counts the applied moves only"

# --plain forces the protocol even where a terminal would take curses.
out=$(printf 'quit\n' | "$S" play --plain game.seed=5)
expect_contains "$out" "result {" "--plain speaks the line protocol"

# Play a whole game to the end with the simple bot's help: drive the
# protocol by revealing every cell the omniscient layout says is safe.
layout="$SAPPER_SOURCE/tests/fixtures/e2e-4x3.txt"
out=$( { for y in 0 1 2; do for x in 0 1 2 3; do echo "reveal $x $y"; done; done; } |
      "$S" play rules.layout="$layout" 2>&1)
expect_contains "$out" '"outcome":"lost"' "revealing a mine loses"
expect_contains "$out" "*" "the mines are shown at the end"

out=$(printf 'reveal 0 2\nreveal 1 2\nreveal 2 2\nreveal 3 2\nreveal 0 1\nreveal 1 1\nreveal 2 1\nreveal 0 0\nreveal 1 0\nreveal 2 0\n' |
      "$S" play rules.layout="$layout" 2>&1)
expect_contains "$out" '"outcome":"won"' "revealing every safe cell wins"
# A win flags every mine (README), the final board of the protocol too.
final=$(printf '%s\n' "$out" | grep -E '^[0-9?FM*]{4}$' | tail -3 | tr '\n' ' ')
expect_contains "$final" "002F 002F 0011" "the final board of a win flags the unflagged mines"
expect_not_contains "$final" "?" "the final board of a win has no hidden cell left"
# A line longer than the limit is refused whole, once: no tail of it runs as
# a command, and the session goes on.
out=$(python3 -c "import sys;sys.stdout.write('#'+'x'*4094+'reveal 4 4\nboard\nquit\n')" |
      "$S" play --plain game.seed=7)
errors=$(printf '%s\n' "$out" | grep -c '^error: ')
[ "$errors" -eq 1 ] && pass "a long line gives one error line" ||
    fail "a long line gives one error line: $errors"
expect_contains "$out" "error: line too long (more than 4096 characters)" "the limit is named"
expect_contains "$out" '"moves":0' "no part of the long line was played"
lines=$(printf '%s\n' "$out" | grep -c '^9 9 10$')
[ "$lines" -eq 2 ] && pass "the session goes on after a long line" ||
    fail "the session goes on after a long line: $lines boards, expected 2"
out=$(printf 'reveal 4 4\0 junk\nquit\n' | "$S" play --plain game.seed=7)
expect_contains "$out" "error: unexpected NUL byte in the line" "a NUL byte is refused"
expect_contains "$out" '"moves":0' "the line with a NUL byte was not played"
out=$(printf '%04096d\nquit\n' 0 | "$S" play --plain game.seed=7)
expect_not_contains "$out" "too long" "a line of exactly 4096 characters is read"
# A line that never ends (/dev/zero) is not a person's: past 1 MiB the
# session ends with exit 2 instead of reading forever.
out=$(timeout 20 "$S" play --plain game.seed=7 < /dev/zero 2>&1); st=$?
expect_status $st 2 "endless input on one line exits 2 (no hang)"
expect_contains "$out" "error: line too long (more than 1048576 characters); the session ends" \
    "the endless line ends the session with an error line"
expect_contains "$out" "result {" "the result line still ends the session"
out=$(head -c 2000000 /dev/zero | tr '\0' x | { cat; printf '\nquit\n'; } |
      timeout 20 "$S" play --plain game.seed=7 2>&1); st=$?
expect_status $st 2 "a 2 MB line ends the session"
# A layout that is a FIFO is refused, not waited on.
fifo=$(mktemp -u); mkfifo "$fifo"
out=$(timeout 10 "$S" play --plain rules.layout="$fifo" < /dev/null 2>&1); st=$?
rm -f "$fifo"
expect_status $st 2 "rules.layout naming a FIFO exits 2 (no hang)"
expect_contains "$out" "not a regular file" "the FIFO layout is refused by kind"

# The protocol's own words: blanks around them are fine, an argument they do
# not take is an error naming the word (and `quit now` does not quit).
out=$(printf '  hint \t\nhint extra\nquit now\nreveal 4 4\n  quit  \n' |
      "$S" play --plain game.seed=7)
expect_contains "$out" "hint: " "hint with blanks around it gives a hint"
expect_contains "$out" 'error: hint takes no argument, found "hint extra"' "hint extra is refused"
expect_contains "$out" 'error: quit takes no argument, found "quit now"' "quit now is refused"
expect_contains "$out" '"moves":1' "the session went on after quit now"

# A scored game whose moves come through a pipe never ranks (issue 25
# item 2: a script that knows the board must not top the scoreboard); it
# is kept for the player's statistics, and the reason is said.
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
out=$(printf 'reveal 2 2\n' | XDG_DATA_HOME=$T "$S" play \
      rules.layout="$(dirname "$0")/../fixtures/classic-3x3.txt" 2>&1)
expect_contains "$out" "not ranked: its moves came from a pipe or a file, not a person at a terminal; the win counts" \
    "a piped game's win is not ranked, and says why"
scores=$("$S" scores --scorefile "$T/sapper/scores.db")
expect_contains "$scores" "(no wins yet)" "it is on no top ten"
expect_contains "$scores" "won       0.0" "it is among the latest games"
expect_contains "$scores" "(unranked)" "marked unranked there"
finish
