#!/bin/bash
# The bot sandbox end to end ([tournament] sandbox = process, the default):
# hostile bots (tests/plugins/bot_evil.c, bot_cheat.c) each lose their own
# games with the right reason and culprit, every other game is the same as
# in a run without them, the database stays whole, nothing they print
# reaches the table, a seed cannot be turned into the layout, and a worker
# or bot process killed from outside has its game played again.
set -u
B=${1:?usage: sandbox_test.sh BUILD_DIR [SANITIZED]}
SANITIZED=${2:-OFF}
. "$(dirname "$0")/lib.sh"
S=$B/sapper
CB="${SAPPER_SOURCE:-$B/..}/config/classic-bots.ini"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
export SAPPER_PLUGIN_PATH="$B/tests/plugins"
# The tables name games by their deterministic columns only (no timings).
games_of() { sqlite3 -csv "$1" "select board, seats, returns, reason, culprit, moves from games where seats = '[\"$2\"]' order by board"; }

board() {
    printf '[game]\nrules = classic\n[rules]\nwidth = 9\nheight = 9\nmines = 10\n'
    printf '[tournament]\nformat = duplicate\ngames = 4\nseed = 99\nmove_time = 1\nmemory_mb = 256\n'
    printf '[entrant.simple]\nbot = simple\n'
}
board > "$T/alone.ini"
board > "$T/evil.ini"
SANDBOX="procmem db_write db_unlink fork socket ptrace kill_parent kill_group self_kill exec forge timer affinity"
CRASH="crash_new crash_inform"
LOOP="loop_new loop_inform"
AFTER="crash_free loop_free"   # after the game is decided: it stands
for a in $SANDBOX $CRASH $LOOP $AFTER flood leak; do
    printf '[entrant.%s]\nbot = bot_evil\nact = %s\npath = %s\n' "$a" "$a" "$T/evil.db" >> "$T/evil.ini"
done
out=$("$S" tournament "$T/evil.ini" tournament.db="$T/evil.db" --jobs 2 2>"$T/err"); st=$?
expect_status $st 0 "a tournament of hostile bots completes"
row() { printf '%s\n' "$out" | grep -E "^ *[0-9]+  $1 "; }   # rank, then the name
# Under the sanitizers a crash is a report first: UBSan exits, or the
# report's own system calls break the sandbox.
crash_reason='crash 4'; [ "$SANITIZED" = ON ] && crash_reason='(exit|sandbox) 4'
for a in $SANDBOX; do expect_contains "$(row "$a")" "sandbox 4" "$a: every game lost to the sandbox"; done
for a in $CRASH; do
    row "$a" | grep -qE "$crash_reason" && pass "$a: a crash outside step is its bot's" ||
        fail "$a: a crash outside step is its bot's: $(row "$a")"
done
for a in $LOOP; do expect_contains "$(row "$a")" "timeout 4" "$a: an endless loop outside step is its bot's"; done
for a in $AFTER; do
    expect_contains "$(row "$a")" " -" "$a: a fault in bot_free, after the game was decided, leaves the result as played"
done
noted=$(sqlite3 "$T/evil.db" "select count(*) from games where seats in ('[\"crash_free\"]', '[\"loop_free\"]') and result like '%failed after its game was decided%'")
[ "$noted" -eq 8 ] && pass "and each such game's log says so (8 games)" ||
    fail "a late fault should be in the game's log: $noted of 8 games say so"
expect_contains "$(row flood)" " -" "printing and terminal changes are no fault"
expect_contains "$(row leak)" " -" "a leak costs only the leaking bot's own process"
expect_contains "$(row simple)" " -" "the well-behaved bot has no faults"
expect_not_contains "$out" "FFFF" "a bot's output never reaches the table"
expect_not_contains "$(cat "$T/err")" "FFFF" "nor stderr"
expect_contains "$(cat "$T/err")" "master seed 99 is small enough for a bot to find" \
    "a small master seed is a warning (a bot could find it by trying)"
drawn=$("$S" tournament "$T/alone.ini" tournament.seed= tournament.games=1 \
        tournament.db="$T/drawn.db" 2>&1 >/dev/null | sed -n 's/.*master seed \([0-9]*\) (drawn).*/\1/p')
[[ "$drawn" =~ ^[0-9]{13,20}$ ]] &&
    pass "a drawn master seed uses all 64 bits ($drawn)" ||
    fail "a drawn master seed should be 64-bit, got '$drawn'"
[ -f "$T/evil.db" ] && pass "the database is still there" || fail "the database was removed"
check=$(sqlite3 "$T/evil.db" "pragma integrity_check; select count(*) from games;" | tr '\n' ' ')
expect_contains "$check" "ok 88 " "integrity_check ok and every game stored once (22 entrants x 4)"
culprits=$(sqlite3 "$T/evil.db" "select count(*) from games where reason != '' and seats = '[\"' || culprit || '\"]'")
[ "$culprits" -eq 68 ] && pass "the culprit is the hostile seat in all 68 faulted games" ||
    fail "culprit named in 68 faulted games, found $culprits"
"$S" tournament "$T/alone.ini" tournament.db="$T/alone.db" >/dev/null 2>&1
if [ "$(games_of "$T/evil.db" simple | cut -d, -f3-)" = "$(games_of "$T/alone.db" simple | cut -d, -f3-)" ]; then
    pass "the well-behaved bot's games are those of a run without the others"
else fail "the well-behaved bot's games changed"; fi
replayed=$("$S" replay --db "$T/evil.db" --game 9 2>&1)
expect_contains "$replayed" "0 mismatch" "a game lost to a sandbox fault replays from the database"

# Unsandboxed (sandbox = none) a fault outside step is its bot's too: the
# worker names the seat in every call, and the runner kills on its deadline.
board | sed 's/^\[tournament\]$/[tournament]\nsandbox = none/' > "$T/none.ini"
for a in $CRASH $LOOP; do
    printf '[entrant.%s]\nbot = bot_evil\nact = %s\n' "$a" "$a" >> "$T/none.ini"
done
out=$("$S" tournament "$T/none.ini" tournament.db="$T/none.db" --jobs 2 2>/dev/null); st=$?
expect_status $st 0 "unsandboxed, faults outside step: the run completes"
for a in $CRASH; do
    row "$a" | grep -qE "$crash_reason" && pass "$a unsandboxed: its bot's crash" ||
        fail "$a unsandboxed: $(row "$a")"
done
for a in $LOOP; do expect_contains "$(row "$a")" "timeout 4" "$a unsandboxed: its bot's timeout"; done

# The host table (ABI 1.2): a bot that thinks until the engine's cancel
# flag asks it to answer is never late, sandboxed or not; a bot's log
# lines reach the result (tournaments keep the first ones) and stderr
# (sapper run), and its time_left is the move's.
for sb in process none; do
    board | sed "s/^move_time = 1$/move_time = 1\nsandbox = $sb/; s/^games = 4$/games = 2/" > "$T/patient.ini"
    printf '[entrant.patient]\nbot = bot_evil\nact = patient\n' >> "$T/patient.ini"
    out=$("$S" tournament "$T/patient.ini" tournament.db="$T/patient-$sb.db" 2>/dev/null); st=$?
    expect_status $st 0 "a bot waiting for the cancel flag completes ($sb)"
    expect_contains "$(row patient)" " -" "and is never late: no faults ($sb)"
done
board | sed 's/^games = 4$/games = 1/' > "$T/chatty.ini"
printf '[entrant.chatty]\nbot = bot_evil\nact = chatty\n' >> "$T/chatty.ini"
"$S" tournament "$T/chatty.ini" tournament.db="$T/chatty.db" >/dev/null 2>&1
log=$(sqlite3 "$T/chatty.db" "select result from games where seats = '[\"chatty\"]'")
expect_contains "$log" '"log":["bot_evil (seat 1): hello from bot_new","bot_evil (seat 1): step: time ok"' \
    "a sandboxed bot's log lines and its time left reach the result"
# sapper run owns a bot's faults as a tournament does (issue 33 item 5): a
# crash in bot_new loses that game, not the run; a bot that never answers
# loses on run's 10 s limit.
out=$("$S" run "$CB" player.1.bot=bot_evil player.1.act=crash_new --games 3 2>&1); st=$?
expect_status $st 0 "sapper run goes on past a bot crashing in bot_new"
# (under the sanitizers the runtime's own exit path loses it as exit or
# sandbox, as above)
crashed='"fault":\{"reason":"crash","seat":1'
[ "$SANITIZED" = ON ] && crashed='"fault":\{"reason":"(crash|exit|sandbox)","seat":1'
expect_equal "$(printf '%s\n' "$out" | grep -c -E "$crashed")" 3 \
    "and each of its 3 games is lost to a crash of that bot"
expect_contains "$out" "forfeits 3" "the summary counts them"
out=$("$S" run "$CB" player.1.bot=bot_loop --games 1 2>&1); st=$?
expect_status $st 0 "sapper run goes on past a bot that never answers"
expect_contains "$out" '"fault":{"reason":"timeout","seat":1' "which loses on the clock"
out=$("$S" run "$CB" player.1.bot=bot_evil player.1.act=chatty 2>&1 >/dev/null)
expect_contains "$out" "bot_evil (seat 1): hello from bot_new" "sapper run prints a bot's log on stderr"
expect_contains "$out" 'bot_evil (seat 1): \x1b]0;owned\x07\x1b[2Jcleared' \
    "and shows the control characters in its lines escaped"
[ "$(printf '%s' "$out" | tr -dc '\033\007' | wc -c)" -eq 0 ] &&
    pass "no escape or bell byte of a bot reaches the terminal" ||
    fail "a bot's escape sequence reached stderr unescaped"
out=$("$S" run "$CB" player.1.bot=bot_evil player.1.act=chatty --sandbox 2>&1 >/dev/null)
expect_contains "$out" 'bot_evil (seat 1): \x1b]0;owned' "sandboxed too"

# A bot with C++ static initialisers (iostream, a locale, a map) loads and
# plays in the sandbox: its initialisers run under the load-time rules.
board | sed 's/^games = 4$/games = 3/' > "$T/cxx.ini"
printf '[entrant.cxx]\nbot = bot_cxx\n' >> "$T/cxx.ini"
out=$("$S" tournament "$T/cxx.ini" tournament.db="$T/cxx.db" 2>&1); st=$?
expect_status $st 0 "a tournament with a C++ bot completes"
expect_contains "$(printf '%s\n' "$out" | grep -E '^ *[0-9]+  cxx ')" " -" "the C++ bot plays sandboxed without a fault"
[ "$(sqlite3 "$T/cxx.db" "select count(*) from games where seats = '[\"cxx\"]' and reason = ''")" = 3 ] &&
    pass "all 3 of its games are played to their end" || fail "the C++ bot's games did not all end normally"

# A bot that declines the legal list (SAPPER_BOT_NO_LEGAL_LIST) plays from
# its view in the sandbox too (it refuses to move if handed a list), and
# its illegal answer is caught by the rules' one-action check.
out=$("$S" run "$CB" player.1.bot=bot_listless --sandbox --games 3 2>&1); st=$?
expect_status $st 0 "a listless bot plays sandboxed"
expect_not_contains "$out" '"fault"' "without a fault: no legal list reached it"
out=$("$S" run "$CB" player.1.bot=bot_listless player.1.mode=open rules.first_click=opening --sandbox 2>&1)
expect_contains "$out" '"reason":"illegal"' "its illegal answer forfeits, sandboxed"
# A bot with bot_reset keeps its instance from game to game, in its own
# process as in the engine's, and plays the games a new instance plays.
kept=$("$S" run "$CB" player.1.bot=bot_listless --sandbox --games 12 2>/dev/null)
inproc=$("$S" run "$CB" player.1.bot=bot_listless --games 12 2>/dev/null)
expect_contains "$("$S" run "$CB" player.1.bot=bot_listless --sandbox --games 2 2>&1 >/dev/null)" \
    'bot_listless (seat 1): kept from the last game' \
    "a sandboxed bot is reset for its next game, not made again"
[ "$(printf '%s\n' "$kept" | sed 's/"seconds":[0-9.]*,//; s/,"log":\[[^]]*\]//' | grep '^game')" = \
  "$(printf '%s\n' "$inproc" | sed 's/"seconds":[0-9.]*,//; s/,"log":\[[^]]*\]//' | grep '^game')" ] &&
    pass "and plays the same 12 games as in-process" || fail "kept sandboxed games differ from in-process ones"

# The solver bots play big boards inside a small address-space limit: the
# solver's frontier pool is allocated only by a position that needs it,
# not reserved by every solver (a reservation made prober forfeit with
# "memory" at 256 MB on 200x200).
printf '[game]\nrules = classic\n[rules]\nwidth = 200\nheight = 200\nmines = 4000\nfirst_click = opening\n' > "$T/big.ini"
printf '[tournament]\nformat = duplicate\ngames = 1\nseed = 3\nmemory_mb = 256\n' >> "$T/big.ini"
printf '[entrant.prober]\nbot = prober\n[entrant.simple]\nbot = simple\n' >> "$T/big.ini"
out=$("$S" tournament "$T/big.ini" tournament.db="$T/big.db" 2>&1); st=$?
expect_status $st 0 "a 200x200 tournament under a 256 MB limit completes"
[ "$(sqlite3 "$T/big.db" "select count(*) from games where reason = ''")" = 2 ] &&
    pass "and neither solver bot forfeits for memory" ||
    fail "a solver bot forfeited on 200x200 under 256 MB: $(sqlite3 "$T/big.db" "select seats, reason from games")"

# Two players: the hostile seat forfeits, the honest one wins.
cat > "$T/seeker.ini" <<'INI'
[game]
rules = seeker
[tournament]
format = gauntlet
games = 2
seed = 5
move_time = 1
[entrant.hunter]
bot = hunter
[entrant.killer]
bot = bot_evil
act = kill_parent
[entrant.forger]
bot = bot_evil
act = forge
[entrant.informer]
bot = bot_evil
act = crash_inform
INI
out=$("$S" tournament "$T/seeker.ini" tournament.db="$T/seeker.db" 2>&1); st=$?
expect_status $st 0 "a seeker gauntlet against hostile bots completes"
wins=$(sqlite3 "$T/seeker.db" "select count(*) from games where (seats like '[\"hunter\",%' and returns like '[1,%') or (seats like '%,\"hunter\"]' and returns like '%,1]')")
[ "$wins" -eq 12 ] && pass "hunter wins all 12 games, its opponents forfeit" || fail "hunter won $wins of 12"
blamed=$(sqlite3 "$T/seeker.db" "select count(*) from games where reason != '' and culprit != 'hunter'")
[ "$blamed" -eq 12 ] && pass "the culprit is the hostile seat, never hunter" || fail "hostile seat blamed in $blamed of 12"

# One-way seeds: a bot that inverts its seed and replays the classic
# rules from public source (a sure win against an ABI 1.1 engine) plays
# Expert no better than blind.
cat > "$T/cheat.ini" <<'INI'
[game]
rules = classic
[rules]
preset = expert
[tournament]
games = 200
seed = 4242
[entrant.simple]
bot = simple
[entrant.cheat]
bot = bot_cheat
INI
"$S" tournament "$T/cheat.ini" tournament.db="$T/cheat.db" >/dev/null 2>&1
cheat=$(sqlite3 "$T/cheat.db" "select count(*) from games where seats = '[\"cheat\"]' and returns = '[1]'")
simple=$(sqlite3 "$T/cheat.db" "select count(*) from games where seats = '[\"simple\"]' and returns = '[1]'")
[ "$cheat" -le $((simple + 15)) ] && pass "the seed-inverting cheater wins $cheat of 200 Expert boards, simple $simple" ||
    fail "the cheater wins $cheat of 200 Expert boards (simple $simple): it found the layout"

# Killed from outside (the OOM killer, an operator): the game is played
# again, not blamed on anyone.
cat > "$T/slow.ini" <<'INI'
[game]
rules = classic
[rules]
width = 9
height = 9
mines = 10
[tournament]
games = 150
seed = 7
[entrant.slow]
bot = bot_evil
act = slow
INI
"$S" tournament "$T/slow.ini" tournament.db="$T/slow.db" --jobs 2 >/dev/null 2>&1 &
master=$!
bothost=
for i in $(seq 100); do   # a bot, not a manifest reader; slow to come under the sanitizers
    bothost=$(pgrep -f "sapper-bothost /.*bot_evil.so bot_evil " | head -1)
    [ -n "$bothost" ] && break
    sleep 0.1
done
[ -n "$bothost" ] && kill -9 "$bothost" && pass "a bot process is killed" || fail "no bot process to kill"
sleep 0.5
victim=$(pgrep -P "$master" -x sapper | head -1)
[ -n "$victim" ] && kill -9 "$victim" && pass "a worker is killed" || fail "no worker to kill"
wait "$master"; st=$?
expect_status $st 0 "the run completes after a worker and a bot process are killed"
check=$(sqlite3 "$T/slow.db" "select count(*), sum(reason != '') from games")
[ "$check" = "150|0" ] && pass "all 150 games stored, none blamed on the kills" ||
    fail "after the kills: games|faults = $check, expected 150|0"

# sapper run --sandbox plays the same games as in-process.
a=$("$S" run "${SAPPER_SOURCE:-$B/..}/config/classic-bots.ini" --games 20 game.seed=3 2>/dev/null | grep -v summary | sed 's/"seconds":[0-9.]*//')
b=$("$S" run "${SAPPER_SOURCE:-$B/..}/config/classic-bots.ini" --games 20 game.seed=3 --sandbox 2>/dev/null | grep -v summary | sed 's/"seconds":[0-9.]*//')
[ -n "$a" ] && [ "$a" = "$b" ] && pass "run --sandbox plays the same 20 games" || fail "run --sandbox differs"
# Secret parameters never reach a bot: classic's layout (a file on the
# organiser's machine) is not in the bot's rules parameters.
LAYOUT="${SAPPER_SOURCE:-$B/..}/tests/fixtures/e2e-4x3.txt"
# (a config without a size: a layout fixes the size, and refuses another)
printf '[game]\nrules = classic\nseed = 1\n[player.1]\nbot = simple\n' > "$T/layout.ini"
for sb in "" --sandbox; do
    out=$("$S" run "$T/layout.ini" player.1.bot=bot_evil player.1.act=peek_layout rules.layout="$LAYOUT" $sb 2>&1); st=$?
    expect_status $st 0 "a bot that looks for the layout starts ${sb:-in-process}"
    expect_not_contains "$out" "reached the bot" "the layout is not among its rules parameters ${sb}"
done

# sapper run writes each game as it ends: a bot that crashes the process
# in game 3 leaves games 1 and 2 on stdout and in the record; sandboxed,
# the crash is a forfeit and the run goes on.
"$S" run "$CB" player.1.bot=bot_evil player.1.act=crash_game3 --games 5 --sandbox none \
    --record "$T/r3.txt" >"$T/o3.txt" 2>/dev/null
lines=$(grep -c '^game ' "$T/o3.txt"); recorded=$(grep -c '^outcome ' "$T/r3.txt")
[ "$lines" -eq 2 ] && [ "$recorded" -eq 2 ] && pass "games 1 and 2 survive a crash in game 3" ||
    fail "after a crash in game 3: $lines lines, $recorded recorded games (expected 2 and 2)"
out=$("$S" run "$CB" player.1.bot=bot_evil player.1.act=crash_game3 --games 5 --sandbox 2>&1); st=$?
expect_status $st 0 "run --sandbox survives the crash"
[ "$(printf '%s\n' "$out" | grep -c '^game ')" -eq 5 ] && pass "and plays all 5 games" || fail "run --sandbox: not 5 games"
# In a game with other seats a bot process is stopped between its calls: it
# cannot think on (e.g. after writing its reply itself) in another seat's
# time on the core they share. simple waits while the slow bot sleeps
# 20 ms a move: its process should be seen stopped (T) almost always.
printf '[game]\nrules = seeker\n[tournament]\nformat = roundrobin\ngames = 2\nseed = 5\n' > "$T/hold.ini"
printf 'move_time = 2\n[entrant.slow]\nbot = bot_evil\nact = slow\n[entrant.simple]\nbot = simple\n' >> "$T/hold.ini"
"$S" tournament "$T/hold.ini" tournament.db="$T/hold.db" --jobs 1 >/dev/null 2>&1 &
tp=$!
seen=0; stopped=0
for _ in $(seq 40); do
    sleep 0.05
    for w in $(pgrep -P "$tp"); do
        for b in $(pgrep -P "$w"); do
            grep -q 'simple\.so' "/proc/$b/cmdline" 2>/dev/null || continue
            st=$(sed 's/.*) //' "/proc/$b/stat" 2>/dev/null | cut -d' ' -f1)
            [ -n "$st" ] && seen=$((seen + 1))
            [ "$st" = T ] && stopped=$((stopped + 1))
        done
    done
done
wait "$tp"; expect_status $? 0 "the seeker tournament with a slow bot completes"
[ "$seen" -ge 10 ] && [ $((2 * stopped)) -ge "$seen" ] &&
    pass "a waiting bot process is stopped between its calls ($stopped of $seen looks)" ||
    fail "a waiting bot process should be stopped: $stopped of $seen looks showed T"
finish
