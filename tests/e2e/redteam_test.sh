#!/bin/bash
# The red team (issue 27): bots that won tournaments they should lose by
# the engine's own rules, not by breaking the sandbox. Each is the simple
# bot with one trick (tests/plugins/bot_twins.c), played against simple itself,
# its honest twin, on the same boards in the default sandboxed tournament:
#   bot_stall   runs out the move bound instead of guessing: every game it
#               spoils is charged to it (reason stall), none is void
#   bot_replay  grows to be the process an OOM killer picks after a lost
#               guess (this script plays the killer): in bot_free the result
#               stands (win rate within noise of its twin's); mid-game above
#               its memory share the game is its loss (reason memory)
# The CPU thief and the snooping bot have tests of their own.
set -u
B=${1:?usage: redteam_test.sh BUILD_DIR}
. "$(dirname "$0")/lib.sh"
S=$B/sapper
T=${KEEP_T:-$(mktemp -d)}; trap 'kill $KILLER 2>/dev/null; rm -rf "$T"' EXIT
KILLER=
export SAPPER_PLUGIN_PATH="$B/tests/plugins"
# tournament PRESET GAMES ENTRANT BOT [KEY=VALUE...]: simple against one
# hostile entrant, duplicate, sandboxed (the default), a 64-bit master seed.
config() {
    printf '[game]\nrules = classic\n[rules]\npreset = %s\n' "$1"
    printf '[tournament]\nformat = duplicate\ngames = %s\nseed = 16964423776565053155\n' "$2"
    printf 'move_time = 3\n[entrant.simple]\nbot = simple\n[entrant.%s]\nbot = %s\n' "$3" "$4"
}
count() { sqlite3 "$1" "$2"; }

# ---- stall: no void games, every spoiled one charged
config beginner 100 staller bot_stall > "$T/stall.ini"
out=$("$S" tournament "$T/stall.ini" tournament.db="$T/stall.db" 2>&1); st=$?
expect_status $st 0 "the staller's tournament completes"
voids=$(count "$T/stall.db" "select count(*) from games where outcome = 'void'")
[ "$voids" -eq 0 ] && pass "no game is void (the rules measure progress)" ||
    fail "$voids games void: a stall should be charged"
stalls=$(count "$T/stall.db" "select count(*) from games where reason = 'stall' and seats = '[\"staller\"]' and returns = '[0]'")
lost=$(count "$T/stall.db" "select count(*) from games where seats = '[\"staller\"]' and returns = '[0]'")
[ "$stalls" -gt 0 ] && [ "$stalls" -eq "$lost" ] &&
    pass "every game the staller did not win is its stall ($stalls of 100), a loss" ||
    fail "stalls $stalls, losses $lost"
simple=$(count "$T/stall.db" "select count(*) from games where seats = '[\"simple\"]' and returns = '[1]'")
won=$((100 - lost))
[ "$won" -le "$simple" ] && pass "it wins no more than its twin ($won vs $simple)" ||
    fail "the staller won $won, its twin $simple"
expect_contains "$out" "stall $stalls" "the table names the stalls"
game=$(count "$T/stall.db" "select game_index from games where reason = 'stall' limit 1")
replayed=$("$S" replay --db "$T/stall.db" --game "$game" 2>&1)
expect_contains "$replayed" "0 mismatch" "a stalled game replays to the same stall"

# The same games as the engine stored them before issue 27 (void, no
# culprit): the table and the report name the entrant whose void share
# stands out, and the paired line says what it left out.
cp "$T/stall.db" "$T/old.db"
count "$T/old.db" "update games set outcome = 'void', reason = 'void', culprit = NULL, returns = '[0]' where reason = 'stall'"
out=$("$S" tournament "$T/stall.ini" tournament.db="$T/old.db" --resume 2>&1)
expect_contains "$out" "void $stalls (stands out)" "the table names a void share that stands out"
expect_contains "$out" "void boards left out: 0 of simple's, $stalls of staller's" \
    "the paired comparison says the void boards of each side"
expect_not_contains "$(printf '%s\n' "$out" | grep -E '^ *[0-9]+  simple ')" "void" "simple has no void game"
"$S" report "$T/old.db" -o "$T/old.html" >/dev/null 2>&1
expect_contains "$(cat "$T/old.html")" "<b>staller</b>: $stalls void games, a share that stands out" \
    "and so does the report"

# ---- the OOM killer, played by this script: kills any bot process whose
# resident memory passes 150 MiB (as the kernel's picks the largest)
killer() {
    local end=$((SECONDS + 120))
    while [ $SECONDS -lt $end ]; do
        for p in $(pgrep -f '^sapper-bothost'); do
            rss=$(awk '/VmRSS/ {print $2}' "/proc/$p/status" 2>/dev/null)
            [ "${rss:-0}" -gt 153600 ] && kill -9 "$p" 2>/dev/null && echo "$p" >> "$T/kills"
        done
        sleep 0.05
    done
}

# ---- replayed losses: a kill in bot_free changes nothing
config intermediate 150 replayer bot_replay > "$T/replay.ini"
: > "$T/kills"; killer & KILLER=$!
out=$("$S" tournament "$T/replay.ini" tournament.db="$T/replay.db" 2>&1); st=$?
kill $KILLER 2>/dev/null; wait $KILLER 2>/dev/null
expect_status $st 0 "the replayer's tournament completes"
kills=$(wc -l < "$T/kills")
[ "$kills" -ge 10 ] && pass "the killer took $kills bot processes after lost guesses" ||
    fail "the killer took only $kills processes: the attack did not run"
games=$(count "$T/replay.db" "select count(*) from games")
[ "$games" -eq 300 ] && pass "each of the 300 games stored once" || fail "$games games stored"
# (killed, or memory when the killer caught it past its 256 MiB share)
noted=$(count "$T/replay.db" "select count(*) from games where result like '%failed after its game was decided (killed)%' or result like '%failed after its game was decided (memory)%'")
[ "$noted" -ge 10 ] && pass "$noted games say the bot was killed after the end and stand" ||
    fail "only $noted games note a kill after the end"
paired=$(printf '%s\n' "$out" | grep 'simple vs replayer' | tail -1)   # the final table's (standings may come before it)
a=$(printf '%s' "$paired" | sed -n 's/.*: \([0-9]*\) vs \([0-9]*\) boards.*/\1/p')
b=$(printf '%s' "$paired" | sed -n 's/.*: \([0-9]*\) vs \([0-9]*\) boards.*/\2/p')
p=$(printf '%s' "$paired" | sed -n 's/.*sign test p = \([0-9.e-]*\),.*/\1/p')
if [ -n "$a" ] && { [ "$b" -le "$a" ] || awk "BEGIN { exit !($p > 0.01) }"; }; then
    pass "the replayer is within noise of its twin ($paired)"
else
    fail "the replayer beat its twin: $paired"
fi

# ---- a kill mid-game above the memory share is the bot's loss
config intermediate 20 grower bot_replay > "$T/grow.ini"
printf 'when = guess\n' >> "$T/grow.ini"
: > "$T/kills"; killer & KILLER=$!
"$S" tournament "$T/grow.ini" tournament.db="$T/grow.db" tournament.memory_share_mb=64 \
    >/dev/null 2>&1; st=$?
kill $KILLER 2>/dev/null; wait $KILLER 2>/dev/null
expect_status $st 0 "the grower's tournament completes"
charged=$(count "$T/grow.db" "select count(*) from games where seats = '[\"grower\"]' and reason = 'memory' and culprit = 'grower'")
killed=$(count "$T/grow.db" "select count(*) from games where reason = 'killed'")
[ "$charged" -ge 1 ] && [ "$killed" -eq 0 ] &&
    pass "killed above its share mid-game: $charged games its loss (memory), none played again" ||
    fail "charged $charged, played again as killed $killed"
finish
