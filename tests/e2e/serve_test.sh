#!/bin/bash
# serve_test.sh BUILD_DIR [SANITIZED] - `sapper serve` and `sapper join` over 127.0.0.1
# and ::1, as players and strangers use them:
#   1. bad command lines, a wrong join code, a taken seat;
#   2. a remote bot (`join --bot`, the Python process bot) against the
#      hunter; a series of two games with the seats swapped; the server's
#      record replays; a join over ::1;
#   3. a spectator that sends every message it can think of sees exactly
#      the seats' public views, no seed, and the whole board at the end;
#   4. two people in two tmux panes play Mine-Seeker with the bomb to the
#      end, the Bonus Statistics dialog showing both names, a spectator's
#      screen saying neither is "you"; undo and the solver are refused;
#   5. a client killed mid-game joins again under its name and finishes;
#   6. a seat that never answers forfeits on --move-time; one whose
#      connection drops forfeits after --reconnect (reason disconnect);
#   7. Wood-Sword with six seats, three people at tmux panes and three
#      bots, the people buying missiles and placing them;
#   8. hostile clients (a 10 MB line, binary, a half-open join, silence, a
#      chattering spectator, 1,000 connections) are dropped with a message
#      while the server's memory stays bounded and a game is still played.
# Exit status 0 when every check passes, 1 otherwise; 77 without python3
# (the tmux parts are skipped, visibly, without tmux).
set -u
B=${1:?usage: serve_test.sh BUILD_DIR [SANITIZED]}
SANITIZED=${2:-OFF}   # ON: AddressSanitizer keeps freed memory aside (its
                      # quarantine), so the memory bound allows for it
. "$(dirname "$0")/lib.sh"
S=$B/sapper
SRC=${SAPPER_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
PY=/usr/bin/python3
CLIENT=$SRC/tests/e2e/serve_client.py
BOT=$SRC/plugins/bots/single_py/single.py
T=$(mktemp -d)
SOCK=sapper-serve-$$
PORT=$((20000 + $$ % 20000))
SERVER=
cleanup() {
    [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null
    tmux -L "$SOCK" kill-server 2>/dev/null
    rm -rf "$T"
}
trap cleanup EXIT
[ -x "$PY" ] || { echo "SKIP: $PY not found"; exit 77; }
export PYTHONPATH=$SRC/kits

# serve NAME ARGS...: starts `sapper serve ARGS --listen 127.0.0.1:PORT
# --code TEST-CODE` in the background (stdout T/NAME.out, stderr
# T/NAME.err), waits for it to listen; PORT is then its port.
serve() {
    local name=$1 host=${HOST:-127.0.0.1}
    shift
    PORT=$((PORT + 1))
    local addr=$host:$PORT
    [ "$host" = "::1" ] && addr="[::1]:$PORT"
    "$S" serve "$@" --listen "$addr" --code TEST-CODE > "$T/$name.out" 2> "$T/$name.err" &
    SERVER=$!
    for _ in $(seq 50); do
        grep -q "listening on" "$T/$name.err" 2>/dev/null && return 0
        sleep 0.1
    done
    fail "sapper serve $name did not start listening"; cat "$T/$name.err"
}
# finished: waits (60 s at most, then stops it) for the server to end;
# its exit status.
finished() {
    local st=0
    for _ in $(seq 600); do
        kill -0 "$SERVER" 2>/dev/null || break
        sleep 0.1
    done
    kill -0 "$SERVER" 2>/dev/null && { fail "the server did not end"; kill -9 "$SERVER"; }
    wait "$SERVER"; st=$?
    SERVER=
    return $st
}
member() {   # the JSON member $2 of the result line number $3 (1) of T/$1.out
    grep '^result ' "$T/$1.out" | sed -n "${3:-1}p" | sed 's/^result //' |
        "$PY" -c "import json,sys; d=json.load(sys.stdin); print(eval('d' + sys.argv[1]))" "$2"
}

# ---- 1. command lines ----------------------------------------------------
out=$("$S" serve "$SRC/config/seeker.ini" 2>&1); st=$?
expect_status $st 2 "serve without --listen exits 2"
expect_contains "$out" "expected --listen HOST:PORT" "and says what it needs"
out=$("$S" serve "$SRC/config/seeker.ini" --listen 127.0.0.1:99999 2>&1); st=$?
expect_status $st 2 "a port out of range exits 2"
expect_contains "$out" "--listen: " "and names --listen"
out=$("$S" serve "$SRC/config/classic-bots.ini" --listen 127.0.0.1:$PORT 2>&1); st=$?
expect_status $st 2 "a config of bots only exits 2"
expect_contains "$out" "found only bots; use sapper run" "and points to sapper run"
out=$("$S" serve "$SRC/config/seeker.ini" --listen 127.0.0.1:$PORT --play 2 2>&1 </dev/null); st=$?
expect_status $st 2 "--play of a bot's seat exits 2"
expect_contains "$out" "--play 2: expected a \"human\" seat of the config, found a bot's" \
    "and says the seat is a bot's"
out=$("$S" join 127.0.0.1:1 2>&1); st=$?
expect_status $st 2 "join without --code exits 2"
expect_contains "$out" "expected HOST:PORT and --code C" "and says what it needs"

serve codes "$SRC/config/seeker.ini"
grep -q "join with: sapper join 127.0.0.1:$PORT --code TEST-CODE" "$T/codes.err" &&
    pass "the server prints the join command with its code" ||
    fail "no join command in: $(cat "$T/codes.err")"
out=$("$S" join 127.0.0.1:$PORT --code WRONG-CODE --plain 2>&1 </dev/null); st=$?
expect_status $st 1 "a wrong join code exits 1"
expect_contains "$out" "refused: wrong join code" "and says the code is wrong"
out=$("$S" join 127.0.0.1:$PORT --code TEST-CODE --seat 2 --plain 2>&1 </dev/null); st=$?
expect_contains "$out" "refused: seat 2 is a bot's" "a bot's seat cannot be taken"
kill "$SERVER"; finished
expect_equal "$?" 130 "a server stopped by a signal exits 130"

# ---- 2. a remote bot; a series with the seats swapped; ::1 ---------------
serve bot "$SRC/config/seeker.ini" --record "$T/bot.rec" --games 2 game.seed=11
"$S" join 127.0.0.1:$PORT --code TEST-CODE --name pybot --bot "$PY" "$BOT" > "$T/join.out" 2>&1
st=$?
expect_status $st 0 "join --bot runs the Python bot to the end of the series"
finished; expect_status $? 0 "the server ends after its two games"
expect_equal "$(grep -c '^result ' "$T/bot.out")" 2 "a result line a game"
expect_equal "$(member bot "['players'][0]['name']")|$(member bot "['players'][1]['name']")" \
    "pybot|hunter" "game 1: the remote bot is red"
expect_equal "$(member bot "['players'][0]['name']" 2)|$(member bot "['players'][1]['name']" 2)" \
    "hunter|pybot" "game 2: the seats moved on, the remote bot is blue"
out=$("$S" replay "$T/bot.rec" 2>&1)
expect_contains "$out" "2 games, 0 mismatches" "the server's record replays"
expect_contains "$(grep '^seat 1 ' "$T/bot.rec" | head -1)" "seat 1 human pybot" \
    "the record names the remote seat by its player"

HOST=::1 serve six "$SRC/config/seeker.ini" --record "$T/six.rec"
"$S" join "[::1]:$PORT" --code TEST-CODE --name six --bot "$PY" "$BOT" > /dev/null 2>&1
finished
expect_contains "$(cat "$T/six.err")" "listening on [::1]:$PORT" "the server listens on ::1 alone"
expect_equal "$(grep -c '^result ' "$T/six.out")" 1 "a game over ::1 is played"

# ---- 3. a spectator learns nothing -------------------------------------------
serve snoop "$SRC/config/seeker.ini" player.2.bot=human game.seed=5 --record "$T/snoop.rec"
"$PY" "$CLIENT" snoop 127.0.0.1 $PORT TEST-CODE "$T/snoop.log" &
sleep 0.3
"$PY" "$CLIENT" seat 127.0.0.1 $PORT TEST-CODE red "$T/red.log" &
"$PY" "$CLIENT" seat 127.0.0.1 $PORT TEST-CODE blue "$T/blue.log"
finished; wait
out=$("$PY" "$CLIENT" compare "$T/snoop.log" "$T/red.log" "$T/blue.log"); st=$?
expect_status $st 0 "every spectator view is a seat's public view ($out)"
expect_equal "$(grep -c '"said": "error a spectator sends nothing"' "$T/snoop.log")" 30 \
    "each of its 30 probes is answered: a spectator sends nothing"
expect_equal "$(grep '"said": "seed' "$T/snoop.log")" '{"said": "seed 0"}' \
    "its only seed line says 0"
last_view=$(grep '"moves"' "$T/snoop.log" | tail -1)
expect_contains "$last_view" '*' "after the end it sees the whole board, mines included"
expect_not_contains "$(grep '"moves"' "$T/snoop.log" | sed '$d')" '*' \
    "before the end it never sees a mine no seat claimed"
expect_contains "$("$S" replay "$T/snoop.rec" 2>&1)" "1 game, 0 mismatches" "that game replays"

# ---- the terminal parts ---------------------------------------------------------
if ! command -v tmux >/dev/null; then
    echo "SKIP: tmux not found: the screens (4, 5, 7) are not checked"
    finish
    exit $?
fi
unset TMUX
tm() { tmux -L "$SOCK" "$@"; }
tmux_keep_server "$SOCK"
pane() { tm new-session -d -s "$1" -x "${3:-100}" -y "${4:-34}" "env TERM=xterm-256color $2; sleep 60"; }
capture() { tm capture-pane -p -t "=$1:" > "$T/screen.$1" 2>/dev/null; }
wait_for() {   # session regexp: within 8 s
    local deadline=$((SECONDS + 8))
    while [ $SECONDS -le $deadline ]; do
        capture "$1"
        LC_ALL=C grep -q -E -- "$2" "$T/screen.$1" && return 0
        sleep 0.1
    done
    return 1
}
check() {   # session regexp what
    if wait_for "$1" "$2"; then pass "$3"; else
        fail "$3: [$2] not on $1's screen"; grep -v '^ *$' "$T/screen.$1" | sed 's/^/    /'; fi
}
keys() { local s=$1; shift; tm send-keys -t "=$s:" "$@"; }
JOIN="$S join 127.0.0.1"

# ---- 4. Mine-Seeker with the bomb, two people, a spectator ----------------------
# seeker-two.txt: 4x4, mines at (2,0) (0,2) (3,3); two of three win.
serve flags "$SRC/config/seeker.ini" player.2.bot=human rules.bomb=true \
    "rules.layout=$SRC/tests/fixtures/seeker-two.txt" --record "$T/flags.rec"
pane ann "$JOIN:$PORT --code TEST-CODE --name ann --seat 1"
pane bob "$JOIN:$PORT --code TEST-CODE --name bob --seat 2"
check ann 'Points:  ann \(red, you\) 0 \+bomb  bob \(blue\) 0 \+bomb   To move: ann' \
    "ann's screen: her seat, both names, both bombs"
check bob 'Points:  ann \(red\) 0 \+bomb  bob \(blue, you\) 0 \+bomb' "bob's screen: his seat"
pane eve "$JOIN:$PORT --code TEST-CODE --name eve --watch"
check eve 'Points:  ann \(red\) 0 \+bomb  bob \(blue\) 0 \+bomb' "eve looks on: nobody is you"
expect_not_contains "$(cat "$T/screen.ann")" "seed" "no screen shows the game's seed"
expect_not_contains "$(cat "$T/screen.ann")" "u undo" "the key bar offers no undo"
keys ann u
check ann 'not in a game over the network' "u (undo) is refused"
keys ann a
check ann 'not in a game over the network' "a (the solver) is refused"
keys ann h h h h k k k k l l Space      # (2,0): a mine, ann 1, she goes on
check ann 'ann \(red, you\) 1 \+bomb' "ann claims a mine"
check eve 'ann: reveal 2 0' "the spectator hears her move"
keys ann b
check ann 'Bonus' "b opens the Bonus Statistics dialog"
names=$(grep -v 'Points:' "$T/screen.ann")
expect_contains "$names" "ann" "the dialog names ann"
expect_contains "$names" "bob" "and bob"
keys ann Escape
keys ann h h Space                       # (0,0): safe, bob's turn
check bob 'To move: bob' "a safe cell passes the turn to bob"
keys bob x                               # his bomb: the whole 4x4 board
check bob 'bob \(blue, you\) 2' "bob's bomb claims the two mines left"
check bob 'You win' "bob wins"
check ann 'You lose|lost' "ann loses"
finished; expect_status $? 0 "the server ends with the game"
expect_equal "$(member flags "['winner']")" 2 "the result: blue won"
expect_contains "$(grep '^result' "$T/flags.out")" '"bomb":"used"' "the result says the bomb was used"
expect_contains "$("$S" replay "$T/flags.rec" 2>&1)" "1 game, 0 mismatches" "the game replays"
tm kill-session -t =ann: 2>/dev/null; tm kill-session -t =bob: 2>/dev/null
tm kill-session -t =eve: 2>/dev/null

# ---- 5. killed and back --------------------------------------------------------------
serve back "$SRC/config/seeker.ini" player.2.bot=human \
    "rules.layout=$SRC/tests/fixtures/seeker-two.txt" --record "$T/back.rec"
pane ann "$JOIN:$PORT --code TEST-CODE --name ann --seat 1"
wait_for ann 'waiting for the game' >/dev/null
"$PY" "$CLIENT" seat 127.0.0.1 $PORT TEST-CODE blue "$T/blue2.log" &
check ann 'To move: ann' "ann's game begins"
keys ann h h h h k k k k l l Space      # (2,0): ann 1
check ann 'ann \(red, you\) 1' "ann claims a mine"
tm kill-session -t =ann: 2>/dev/null
pkill -f "sapper join 127.0.0.1:$PORT" 2>/dev/null
sleep 0.5
grep -q "ann: left" "$T/back.err" && pass "the server sees ann leave" || fail "ann did not leave"
pane ann2 "$JOIN:$PORT --code TEST-CODE --name ann"
check ann2 'ann \(red, you\) 1  blue \(blue\) 0   To move: ann' \
    "ann joins again: her seat, her point, her turn"
keys ann2 h h h h k k k k j j Space     # (0,2): her second mine
check ann2 'You win' "and she finishes the game, and wins"
finished; wait
expect_equal "$(grep -c 'ann: takes seat 1' "$T/back.err")" 2 "she took seat 1 twice"
expect_contains "$("$S" replay "$T/back.rec" 2>&1)" "1 game, 0 mismatches" "the game replays"
tm kill-session -t =ann2: 2>/dev/null

# ---- 6. the clocks -----------------------------------------------------------------
serve clock "$SRC/config/seeker.ini" --move-time 1 --record "$T/clock.rec"
"$PY" "$CLIENT" seat 127.0.0.1 $PORT TEST-CODE sleepy "$T/sleepy.log" --silent &
finished; wait
expect_contains "$(cat "$T/clock.err")" "seat 1 (sleepy) forfeits: timeout" "a seat that never answers forfeits on the clock"
expect_contains "$(cat "$T/clock.err")" "no answer within --move-time" "and is told why"
expect_contains "$(cat "$T/clock.rec")" "forfeit 1 timeout" "the record says so"
expect_contains "$("$S" replay "$T/clock.rec" 2>&1)" "1 game, 0 mismatches" "and replays"
serve gone "$SRC/config/seeker.ini" --reconnect 1 --record "$T/gone.rec"
"$PY" "$CLIENT" seat 127.0.0.1 $PORT TEST-CODE ghost "$T/ghost.log" --silent &
ghost=$!
sleep 1; kill $ghost 2>/dev/null
finished
expect_contains "$(cat "$T/gone.err")" "seat 1 (ghost) forfeits: disconnect" \
    "a seat gone past --reconnect forfeits (disconnect)"
expect_contains "$("$S" replay "$T/gone.rec" 2>&1)" "1 game, 0 mismatches" "and that game replays"

# ---- 7. Wood-Sword: three people, three bots, missiles -----------------------------
cat > "$T/ws6.ini" <<'INI'
[game]
rules = woodsword
seed = 24
[player.1]
bot = human
[player.2]
bot = human
[player.3]
bot = human
[player.4]
bot = woodsword
[player.5]
bot = woodsword
[player.6]
bot = woodsword
INI
serve ws "$T/ws6.ini" --record "$T/ws.rec"
for n in 1 2 3; do pane p$n "$JOIN:$PORT --code TEST-CODE --name p$n --seat $n" 110 40; done
check p1 '6 of 6 seats alive' "the six-seat ring comes up"
check p2 '2 p2 \(you\)' "p2 sees its own seat"
for round in 1 2; do
    for p in p1 p2 p3; do keys $p Enter; done        # gather
    for p in p1 p2 p3; do wait_for $p 'Next Round' >/dev/null; keys $p Enter; done
done
check p1 'points 2' "after two gathers each person has two points"
for p in p1 p2 p3; do keys $p j j j j j j Enter; done   # missile: how many
for p in p1 p2 p3; do wait_for $p 'missile x1' >/dev/null; keys $p Enter; done
for _ in 1 2 3 4 5 6 7 8; do   # past the reveal, each places its missile in turn
    for p in p1 p2 p3; do
        capture $p
        grep -q -E 'Place missile|Enter or space' "$T/screen.$p" && keys $p Enter
    done
    sleep 0.5
    grep -q 'Last round: match 1, round 3' "$T/screen.p1" && break
done
check p1 '3 \[MISSILE x1\] -> [0-9] x1' "round 3 revealed: the missiles landed where they were placed"
kill -INT "$SERVER" 2>/dev/null; finished
allocs=$(grep -c -E 'move [123] allocate' "$T/ws.rec")
[ "$allocs" -eq 3 ] && pass "the three people placed their missiles (3 allocate moves)" ||
    fail "expected 3 allocate moves of seats 1-3 in the record, found $allocs"
expect_contains "$("$S" replay "$T/ws.rec" 2>&1)" "1 game, 0 mismatches" "the Wood-Sword game replays"
for p in p1 p2 p3; do tm kill-session -t "=$p:" 2>/dev/null; done

# ---- 8. hostile clients --------------------------------------------------------------
serve hostile "$SRC/config/seeker.ini" --record "$T/hostile.rec"
rss() { awk '/VmRSS/ {print $2}' "/proc/$SERVER/status"; }
before=$(rss)
for kind in bigline binary chatter; do
    out=$("$PY" "$CLIENT" hostile 127.0.0.1 $PORT TEST-CODE $kind)
    case $kind in
    bigline) expect_contains "$out" "a line over 8192 bytes" "a 10 MB line is dropped with a message" ;;
    binary) expect_contains "$out" "closed after" "binary garbage is dropped" ;;
    chatter) expect_contains "$out" "last [error too many lines from a spectator]" \
        "a spectator past 32 lines is dropped with a message" ;;
    esac
done
"$PY" "$CLIENT" hostile 127.0.0.1 $PORT TEST-CODE halfopen > "$T/half.out" &
"$PY" "$CLIENT" hostile 127.0.0.1 $PORT TEST-CODE nothing > "$T/nothing.out" &
sleep 0.3
out=$("$PY" "$CLIENT" hostile 127.0.0.1 $PORT TEST-CODE flood)
expect_contains "$out" "told the server is full" "1,000 connections: the ones past the limit are told it is full"
after=$(rss)
sleep 10.5   # past the 10 s a join line may take: the half-open one is dropped
bound=65536
[ "$SANITIZED" = ON ] && bound=$((512 * 1024))
[ $((after - before)) -lt $bound ] && pass "the server's memory stays bounded (${before} -> ${after} kB)" ||
    fail "the server grew from $before to $after kB"
"$S" join 127.0.0.1:$PORT --code TEST-CODE --name late --bot "$PY" "$BOT" > /dev/null 2>&1
finished; expect_status $? 0 "a game is still played to its end"
wait
expect_contains "$(cat "$T/half.out")" "[error no join line within 10 seconds]" \
    "a half-open join is dropped after 10 s with a message"
expect_contains "$(cat "$T/nothing.out")" "closed after" "a silent connection is dropped"
expect_equal "$(grep -c '^result ' "$T/hostile.out")" 1 "and the game's result is printed"
finish
