#!/usr/bin/env bash
# watch_test.sh BUILD_DIR - `sapper replay --watch` through the real binary:
#   1. without a terminal (--plain): records made by `sapper run --record`
#      and by `sapper play --plain --record` fed moves on stdin print every
#      position in order, each with its move, then the outcome, and end; the
#      pace is the recorded one (times the speed), a record without times
#      (from before them) plays at 0.5 s a move; a fast person's game at
#      its real pace, a bots' game 0.1 s a move; Wood-Sword steps round by
#      round; a forfeit is a step; a stored tournament game plays with
#      --db, also from a results file of schema 4 (no times);
#   2. mistakes on the command line or in the record: a missing file, a
#      --game out of range, a bad --speed, a time out of order (exit 2, the
#      argument or the line named);
#   3. the screen under tmux, as a person watches: a recorded game played
#      to its end (the final board, the winner, the statistics), slowed
#      with -, paused with space (it stays), stepped back and forward with
#      left/h and right/l (the board and "Move i/n" follow), resumed to the
#      end, q (status 0); a fast person's game in real time; a Wood-Sword
#      game to its end.
# Every check prints PASS or FAIL. Exit status 0 when all pass, 1 otherwise;
# 77 (skipped) when tmux is missing and parts 1 and 2 passed.
set -u

BUILD=${1:?usage: watch_test.sh BUILD_DIR}
S=$BUILD/sapper
SRC=${SAPPER_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
SOCK=sapper-watch-e2e-$$    # private tmux server
SESSION=watch-$$
T=$(mktemp -d)
TIMEOUT=8                   # seconds to wait for any expected screen

. "$(dirname "$0")/lib.sh"   # pass, fail, expect_contains, finish

unset TMUX
tm() { tmux -L "$SOCK" "$@"; }
cleanup() { command -v tmux >/dev/null && tm kill-server 2>/dev/null; rm -rf "$T"; }
trap cleanup EXIT
now_ms() { date +%s%3N; }

# The "move i/n" numbers of a --plain watch, one a line.
positions() { printf '%s\n' "$1" | sed -n -E 's|^move ([0-9]+)/[0-9]+.*|\1|p'; }
# What each move did, as the watch says it and as the record holds it.
watched_moves() { printf '%s\n' "$1" | sed -n -E 's|^move [0-9]+/[0-9]+[^:]*: [^:]*: ||p'; }
recorded_moves() { sed -n -E 's/^(at [0-9]+ )?move [0-9]+ //p' "$1"; }

# ---- 1. without a terminal --------------------------------------------
echo "# 1. --plain: every position in turn"
"$S" run "$SRC/config/classic-bots.ini" rules.preset=beginner rules.first_click=opening \
    game.seed=5 --record "$T/run.txt" >/dev/null
n=$(grep -c '^at [0-9]* move ' "$T/run.txt")
out=$("$S" replay --watch --plain "$T/run.txt" --speed 1000 2>&1); st=$?
expect_status $st 0 "run --record: the watch ends with status 0"
expect_equal "$(positions "$out" | tr '\n' ' ')" "$(seq 0 "$n" | tr '\n' ' ')" \
    "run --record: every position from 0 to $n, in order"
expect_equal "$(printf '%s\n' "$out" | grep -c '^9 9 10$')" $((n + 1)) \
    "run --record: each position's board (the rules' text)"
expect_equal "$(watched_moves "$out")" "$(recorded_moves "$T/run.txt")" \
    "run --record: each position says the move the record holds"
expect_contains "$out" "move 0/$n at 0.000 s: the start" "the first position is the start"
expect_equal "$(printf '%s\n' "$out" | tail -1)" "end: $(sed -n 's/^outcome //p' "$T/run.txt")" \
    "the last line is the recorded outcome"
expect_contains "$(printf '%s\n' "$out" | head -1)" "game 1 of $T/run.txt: classic, seed 5, $n moves in" \
    "a title names the game"

# A person's game from stdin, a pause between the moves: the record keeps
# the times, and the watch keeps their pace. (The first pause lets sapper
# start, so that the moves after it are read as they come.)
layout="$SRC/tests/fixtures/e2e-4x3.txt"
(sleep 0.6; echo reveal 0 1; sleep 0.6; echo flag 3 0; sleep 0.6; echo reveal 3 2) |
    "$S" play --plain rules.layout="$layout" player.1.name=Ada game.seed=1 \
    --record "$T/play.txt" >/dev/null 2>&1
times=$(sed -n -E 's/^at ([0-9]+) move .*/\1/p' "$T/play.txt" | tr '\n' ' ')
read -r t1 t2 t3 <<< "$times"
[ -n "${t3:-}" ] && [ $((t2 - t1)) -ge 500 ] && [ $((t3 - t2)) -ge 500 ] &&
    pass "play --record keeps each move's time (ms: $times)" ||
    fail "play --record keeps each move's time: found [$times]"
start=$(now_ms)
out=$("$S" replay --watch --plain "$T/play.txt" 2>&1); st=$?
took=$(( $(now_ms) - start ))
expect_status $st 0 "play --record: the watch ends with status 0"
expect_equal "$(positions "$out" | tr '\n' ' ')" "0 1 2 3 " "play --record: positions 0 to 3 in order"
expect_contains "$out" "move 2/3 at $(printf '%d.%03d' $((t2 / 1000)) $((t2 % 1000))) s: Ada (seat 1): flag 3 0" \
    "a position says when its move was played and by whom"
expect_contains "$out" "$(printf '4 3 2\n002F\n002?\n0011')" "the last position is the won board"
[ "$took" -ge $((t3 - 100)) ] && pass "at speed 1 it takes the recorded time ($took ms for $t3)" ||
    fail "at speed 1 it takes the recorded time: $took ms for $t3"
start=$(now_ms)
"$S" replay --watch --plain "$T/play.txt" --speed 4 >/dev/null 2>&1
fast=$(( $(now_ms) - start ))
[ "$fast" -ge $((t3 / 4 - 100)) ] && [ "$fast" -lt "$took" ] &&
    pass "--speed 4 goes four times as fast ($fast ms)" || fail "--speed 4: $fast ms (speed 1: $took)"

# A fast person's game is watched at its real pace (issue 25 item 25): at
# speed 1 no step of a game a person played is stretched to 0.1 s, so 40
# flag clicks 10 ms apart take their 0.4 s, not 4 s. A bots' game keeps
# that least: its moves come within a millisecond.
(sleep 0.6; echo reveal 0 1; for _ in $(seq 40); do echo flag 3 0; sleep 0.01; done
 echo reveal 3 2) |
    "$S" play --plain rules.layout="$layout" player.1.name=Ada game.seed=1 \
    --record "$T/fast.txt" >/dev/null 2>&1
fast_ms=$(sed -n -E 's/^at ([0-9]+) move .*/\1/p' "$T/fast.txt" | tail -1)
fast_n=$(grep -c '^at [0-9]* move ' "$T/fast.txt")
start=$(now_ms)
"$S" replay --watch --plain "$T/fast.txt" >/dev/null 2>&1
took=$(( $(now_ms) - start ))
[ "$fast_n" -eq 42 ] && [ "$took" -ge $((fast_ms - 100)) ] && [ "$took" -lt $((fast_ms + 1000)) ] &&
    pass "a person's $fast_n moves in $fast_ms ms are watched in real time at speed 1 ($took ms)" ||
    fail "a person's $fast_n moves in $fast_ms ms took $took ms to watch at speed 1"
start=$(now_ms)
"$S" replay --watch --plain "$T/run.txt" --speed 10 >/dev/null 2>&1
took=$(( $(now_ms) - start ))
[ "$took" -ge $((n * 10 - 50)) ] &&
    pass "a bots' game still gives each of its $n moves 0.1 s at speed 1 ($took ms at x10)" ||
    fail "a bots' game of $n moves took $took ms at x10 (expected $((n * 10)) at least)"

# Records from before the times: the same positions, 0.5 s a move.
sed -E 's/^at [0-9]+ move /move /' "$T/play.txt" > "$T/old.txt"
start=$(now_ms)
out=$("$S" replay --watch --plain "$T/old.txt" 2>&1); st=$?
took=$(( $(now_ms) - start ))
expect_status $st 0 "a record without times is watched"
expect_contains "$out" "3 moves, no times recorded (0.5 s a move at speed 1), at speed x1" \
    "and says its pace"
expect_equal "$(positions "$out" | tr '\n' ' ')" "0 1 2 3 " "with every position"
expect_contains "$out" "move 2/3: Ada (seat 1): flag 3 0" "the positions have no time"
[ "$took" -ge 1400 ] && pass "at 0.5 s a move ($took ms for 3 moves)" ||
    fail "at 0.5 s a move: $took ms for 3 moves"
out=$("$S" replay "$T/old.txt" 2>&1); st=$?
expect_status $st 0 "and still verifies"

# A session of two games: --game picks one.
(echo reveal 0 1; echo restart; echo reveal 0 0) |
    "$S" play --plain rules.layout="$layout" game.seed=1 --record "$T/two.txt" >/dev/null 2>&1
out=$("$S" replay --watch --plain "$T/two.txt" --game 2 --speed 1000 2>&1)
expect_contains "$out" "game 2 of $T/two.txt" "--game 2 watches the session's second game"
expect_contains "$out" "move 1/1 at " "its one move"
expect_contains "$out" "you (seat 1): reveal 0 0" "and not the first game's"

# Wood-Sword: a step is what the record applies at once, a round of eight
# actions (`joint 8`) or a missile placed.
"$S" run --sandbox none "$SRC/config/woodsword.ini" player.1.bot=woodsword game.seed=3 \
    --record "$T/ws.txt" >/dev/null
steps=$(awk '/^joint /{joint += $2; turns++} / move /{moves++} END{print turns + moves - joint}' "$T/ws.txt")
out=$("$S" replay --watch --plain "$T/ws.txt" --speed 1000 2>&1); st=$?
expect_status $st 0 "Wood-Sword: the watch ends with status 0"
expect_equal "$(positions "$out" | tr '\n' ' ')" "$(seq 0 "$steps" | tr '\n' ' ')" \
    "Wood-Sword: every step from 0 to $steps (rounds and missiles), in order"
# (the time is the recording run's: under the sanitizers it can pass 1 ms)
round=$(printf '%s\n' "$out" | grep "^move 1/$steps at " | sed 's/ at [0-9.]* s:/:/')
expect_contains "$round" "move 1/$steps: woodsword (seat 1): gather, woodsword (seat 2): gather," \
    "a round shows every seat's action"
expect_contains "$out" "Last round (match 1, round 1):" "and the rules' text of the round"
expect_equal "$(printf '%s\n' "$out" | tail -1)" "end: $(sed -n 's/^outcome //p' "$T/ws.txt")" \
    "Wood-Sword: the last line is the recorded outcome"

# A bot's fault ends the game: the forfeit is a step of its own.
printf '[game]\nrules = classic\nseed = 3\n[player.1]\nbot = bot_illegal\n' > "$T/ill.ini"
SAPPER_PLUGIN_PATH="$BUILD/tests/plugins" "$S" run "$T/ill.ini" --record "$T/ill.txt" >/dev/null
out=$(SAPPER_PLUGIN_PATH="$BUILD/tests/plugins" "$S" replay --watch --plain "$T/ill.txt" --speed 1000 2>&1)
expect_contains "$out" "move 1/1: bot_illegal (seat 1) forfeits: illegal" "a forfeit is a step of its own"
expect_contains "$out" "end: lost moves 0 returns 0" "and ends the game"

# A stored tournament game.
cat > "$T/t.ini" <<INI
[game]
rules = classic
[rules]
preset = beginner
[tournament]
games = 3
seed = 11
[entrant.simple]
bot = simple
INI
"$S" tournament "$T/t.ini" tournament.db="$T/t.db" >/dev/null 2>&1
check=$("$S" replay --db "$T/t.db" --game 2 2>&1)
stored=$(printf '%s\n' "$check" | sed -n -E 's/^game 2: ok, [0-9]+ moves, //p')
out=$("$S" replay --db "$T/t.db" --game 2 --watch --plain --speed 1000 2>&1); st=$?
expect_status $st 0 "--db --game --watch: status 0"
expect_contains "$out" "game 2 of $T/t.db: classic" "the stored game is named by its index"
expect_contains "$out" "move 1/" "its positions are printed"
expect_not_contains "$out" "no times recorded" "with the times the tournament kept"
expect_equal "$(printf '%s\n' "$out" | tail -1)" "end: $stored" "to the outcome replay --db checks"
cp "$T/t.db" "$T/t4.db"
sqlite3 "$T/t4.db" "alter table games drop column times; pragma user_version = 4"
out=$("$S" replay --db "$T/t4.db" --game 2 --watch --plain --speed 1000 2>&1); st=$?
expect_status $st 0 "a results file of schema 4 (no times) is watched as it is"
expect_contains "$out" "no times recorded (0.5 s a move at speed 1)" "at the fixed pace"
expect_equal "$(sqlite3 "$T/t4.db" 'pragma user_version')" 4 "and is not changed by reading it"

# ---- 2. mistakes --------------------------------------------------------
echo "# 2. mistakes are refused, named"
refused() {   # refused WHAT MESSAGE ARGS...: exit 2 and the message
    local what=$1 msg=$2
    shift 2
    out=$("$S" replay "$@" </dev/null 2>&1); st=$?
    expect_status $st 2 "$what: exit 2"
    expect_contains "$out" "$msg" "$what: said"
}
refused "a missing file" "$T/none.txt: cannot read: No such file or directory" \
    --watch "$T/none.txt"
refused "--game past the file's games" \
    "--game 3: $T/two.txt holds 2 games: expected a number from 1 to 2" \
    --watch --plain "$T/two.txt" --game 3
refused "--game 0 in a file" "--game: expected the game's number in the file (a whole number from 1), found \"0\"" \
    --watch --plain "$T/two.txt" --game 0
refused "--game past the tournament" "no game 99 in run 1" --db "$T/t.db" --game 99 --watch
for speed in 0 -2 fast inf nan 1e9; do
    refused "--speed $speed" "--speed: expected a number from 0.01 to 1000000 (1: the recorded pace, 2: twice as fast), found \"$speed\"" \
        --watch --plain "$T/play.txt" --speed "$speed"
done
refused "--speed without --watch" "--speed: expected with --watch, found without it" \
    "$T/play.txt" --speed 2
refused "--speed without its value" "--speed: expected a value, found the end of the command line" \
    --watch "$T/play.txt" --speed
refused "--game with a FILE without --watch" "--game with a FILE: expected with --watch" \
    "$T/two.txt" --game 1
line=$(grep -n -m3 '^at ' "$T/play.txt" | tail -1 | cut -d: -f1)
sed "${line}s/^at [0-9]* /at $((t2 - 1)) /" "$T/play.txt" > "$T/back.txt"
refused "a time earlier than the move before" \
    "back.txt:$line: at $((t2 - 1)): expected a time from $t2 ms on" --watch --plain "$T/back.txt"

# ---- 3. the screen -------------------------------------------------------
if ! command -v tmux >/dev/null; then
    echo "SKIP: tmux not found (the screen is not checked)"
    [ "$FAILS" -eq 0 ] && exit 77
    finish
fi
echo "# 3. the screen, under tmux"
tmux_keep_server "$SOCK"
capture() { tm capture-pane -p -t "$SESSION" > "$T/screen" 2>/dev/null; }
screen_has() { LC_ALL=C grep -q -E -- "$1" "$T/screen"; }
ended() { [ -s "$T/status" ]; }
wait_until() {
    local deadline=$((SECONDS + TIMEOUT))
    while [ $SECONDS -le $deadline ]; do
        capture
        "$@" && return 0
        sleep 0.1
    done
    return 1
}
check() {   # check WHAT COMMAND...: waits for the screen to satisfy it
    local what=$1
    shift
    if wait_until "$@"; then pass "$what"; else
        fail "$what"; echo "----- screen -----"; grep -v '^ *$' "$T/screen"; echo "------------------"; fi
}
keys() { tm send-keys -t "$SESSION" "$@"; }
watch_on_screen() {   # watch_on_screen ARGS...: sapper replay --watch ARGS in a fresh session
    tm kill-session -t "$SESSION" 2>/dev/null
    rm -f "$T/status"
    tm new-session -d -s "$SESSION" -x 80 -y 24 \
        "env TERM=xterm-256color '$S' replay --watch $*; echo \$? > '$T/status'; sleep 30"
}
# The 4x3 grid's rows as drawn ("    2 F" ...), top to bottom, one line.
grid() { LC_ALL=C grep -E '^ +[^ ] +[0-9 .F]{7} [^ ]' "$T/screen" | LC_ALL=C sed -E 's/^ +[^ ] (.{7}) .*/\1/' | tr '\n' '|'; }
grid_is() { [ "$(grid)" = "$1" ]; }

watch_on_screen "'$T/play.txt'"
check "the game plays to its end: the last move on the status line" \
    screen_has 'Move 3/3   Time [0-9.]+ of [0-9.]+ s   Speed x1   end   Ada \(seat 1\): reveal 3 2'
check "the final board: the opening, the flag, the last number" grid_is '    2 F|    2 F|    1 1|'
# the banner as in play, its statistics beside it, and no key of play
no_play_keys() { screen_has '^ +Ada wins(  clicks [0-9]+: .*)? *$' && ! screen_has 'r:? restart|u undo'; }
check "the end is told as in play, without the keys of play" no_play_keys
check "with the game's statistics" screen_has '3BV 2/2'
check "the watch's keys on the bottom line" screen_has '^space pause/play  left/h back  right/l forward  \+/- speed  q quit'
keys Left
check "left steps back (and pauses): move 2, the last number hidden again" \
    screen_has 'Move 2/3 .* paused   Ada \(seat 1\): flag 3 0'
check "the board as it was after move 2" grid_is '    2 F|    2 .|    1 .|'
keys h h
check "h steps back to the start" screen_has 'Move 0/3 .* paused   the start'
check "the start: every cell hidden" grid_is '. . . .|. . . .|. . . .|'
keys h
check "there is nothing before the start" screen_has 'Move 0/3 .* paused'
keys Right
check "right steps forward: move 1" screen_has 'Move 1/3 .* paused   Ada \(seat 1\): reveal 0 1'
check "the opening" grid_is '    2 .|    2 .|    1 .|'
keys l
check "l steps forward: move 2" screen_has 'Move 2/3 .* paused'
keys - - -
check "- halves the speed, three times" screen_has 'Speed x0.125 .* paused'
keys +
check "+ doubles it" screen_has 'Speed x0.25 .* paused'
sleep 1
capture
screen_has 'Move 2/3 .* paused' && pass "paused, the game stays where it is" ||
    fail "paused, the game stays where it is"
keys Space
check "space goes on: playing" screen_has 'Move 2/3 .* playing'
keys Space
check "space again pauses" screen_has 'Move 2/3 .* paused'
keys + + + Space
check "and on again, faster, to the end" screen_has 'Move 3/3 .* Speed x2 +end'
keys Space
check "space at the end plays it again from the start" screen_has 'Move [0-3]/3 .* (playing|end)'
check "to the end again" screen_has 'Move 3/3 .* end'
keys q
check "q quits" ended
expect_equal "$(cat "$T/status" 2>/dev/null)" 0 "sapper replay --watch exits 0"

# The screen keeps a person's real pace too (issue 25 item 25): the end
# of the fast game shows within its recorded time (plus a start-up), not
# after 0.1 s a move.
start=$(now_ms)
watch_on_screen "'$T/fast.txt'"
check "a fast person's game plays to its end on the screen" screen_has "Move $fast_n/$fast_n .* end"
took=$(( $(now_ms) - start ))
[ "$took" -lt $((fast_ms + 1500)) ] &&
    pass "at x1 in real time: $fast_n moves of $fast_ms ms shown in $took ms" ||
    fail "at x1 the $fast_n moves of $fast_ms ms took $took ms on the screen (0.1 s a move?)"
keys q
check "q quits the fast game's watch" ended

watch_on_screen "'$T/ws.txt' --speed 1000"
check "Wood-Sword: the arena plays round by round to its end" \
    screen_has "Move $steps/$steps .* end"
check "the arena's end: Game Over and the winner" screen_has '^ Game Over: seat [1-8] .* wins'
check "the seats as the arena draws them" screen_has '^8 woodsword +out in match'
keys q
check "q quits the arena watch" ended

finish
