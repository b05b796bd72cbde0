#!/bin/bash
# `sapper run` plays bots only (a line per game, a summary); `sapper replay`
# re-executes recorded games and fails loudly on a mismatch.
set -u
B=${1:?usage: run_replay_test.sh BUILD_DIR [SANITIZED]}
exit_reason=exit; [ "${2:-OFF}" = ON ] && exit_reason='(exit|sandbox)'
. "$(dirname "$0")/lib.sh"
S=$B/sapper
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
cfg="$SAPPER_SOURCE/config/classic-bots.ini"

out=$("$S" run "$cfg" --games 20 --record "$T/r.txt"); st=$?
expect_status $st 0 "run exits 0"
n=$(printf '%s\n' "$out" | grep -c '^game ')
[ "$n" -eq 20 ] && pass "a line per game" || fail "a line per game: got $n"
expect_contains "$out" "summary: 20 games" "a summary line"
expect_contains "$out" "wins " "the summary counts wins"
# The summary's win rate comes with its 95% interval, from the same wins:
# Wilson's interval of w of 20, recomputed here.
w=$(printf '%s\n' "$out" | sed -n 's/^seat 1 .*wins \([0-9]*\) of 20 .*/\1/p')
want=$(python3 -c "
import math
w, n, z = $w, 20, 1.959963984540054
p = w / n; c = (p + z*z/(2*n)) / (1 + z*z/n); h = z / (1 + z*z/n) * math.sqrt(p*(1-p)/n + z*z/(4*n*n))
print('%.1f%% to %.1f%%' % (100*(c-h), 100*(c+h)))")
expect_contains "$out" "95% interval $want)" "and its 95% interval ($w of 20: $want)"
out=$("$S" run "$cfg" --games 20 --quiet); st=$?
expect_status $st 0 "run --quiet exits 0"
expect_not_contains "$out" "game 1 " "run --quiet prints no line per game"
expect_contains "$out" "summary: 20 games" "only the summary"

# Same config and seed: the same games, move for move. Only the moves'
# times (`at MS`, metadata) may differ.
untimed() { sed -E 's/^at [0-9]+ move /move /' "$1"; }
out2=$("$S" run "$cfg" --games 20 --record "$T/r2.txt")
if [ "$(untimed "$T/r.txt")" = "$(untimed "$T/r2.txt")" ]; then pass "same seed, same games"
else fail "same seed, same games"; fi
[ "$(grep -c '^move ' "$T/r.txt")" = 0 ] && grep -q '^at [0-9]* move 1 reveal ' "$T/r.txt" &&
    pass "every move of the record has its time" || fail "every move of the record has its time"

out=$("$S" replay "$T/r.txt"); st=$?
expect_status $st 0 "replay of an honest record passes"
expect_contains "$out" "20 games, 0 mismatches" "every game verified"

# Tamper with one outcome: replay must fail loudly with status 1.
sed '0,/^outcome won/s//outcome lost/;0,/^outcome lost moves/s//outcome won moves/' "$T/r.txt" > "$T/bad.txt"
out=$("$S" replay "$T/bad.txt"); st=$?
expect_status $st 1 "replay of a tampered record fails"
expect_contains "$out" "MISMATCH" "the mismatch is named"

# A corrupt record: status 2 and the line.
printf 'sapper-replay 1\nrules classic\nmove 1 launch rockets\noutcome won moves 1 returns 1\n' > "$T/corrupt.txt"
out=$("$S" replay "$T/corrupt.txt" 2>&1); st=$?
expect_status $st 2 "replay of a corrupt record exits 2"
expect_contains "$out" "corrupt.txt:3" "the bad line is named"

# play --record, then replay it.
printf 'reveal 4 4\nflag 0 0\nquit\n' | "$S" play --plain --record "$T/p.txt" game.seed=3 >/dev/null
out=$("$S" replay "$T/p.txt"); st=$?
expect_status $st 0 "replay of play --record passes"
# Every game of a play session goes to --record, in order: restart (and the
# curses r/n keys, through the same app_record) must not drop the earlier ones.
printf 'reveal 4 4\nrestart\nreveal 0 0\nrestart\nquit\n' |
    "$S" play --plain game.seed=7 --record "$T/session.txt" >/dev/null
n=$(grep -c '^sapper-replay 1$' "$T/session.txt")
[ "$n" -eq 3 ] && pass "play --record keeps every game of the session" ||
    fail "play --record keeps every game of the session: $n game(s), expected 3"
out=$("$S" replay "$T/session.txt"); st=$?
expect_status $st 0 "a recorded session replays"
expect_contains "$out" "3 games, 0 mismatches" "every game of the session verified"

# --record never replaces what is not a regular file: a symlink stays a
# symlink (its target gets the games, its permissions kept), a FIFO and a
# device node are written in place.
echo old > "$T/target.txt"; chmod 640 "$T/target.txt"; ln -s target.txt "$T/link.txt"
printf 'restart\nquit\n' | "$S" play --plain game.seed=7 --record "$T/link.txt" >/dev/null
[ -L "$T/link.txt" ] && pass "a symlink given to --record stays a symlink" ||
    fail "a symlink given to --record stays a symlink"
[ "$(grep -c '^sapper-replay 1$' "$T/target.txt")" -eq 2 ] &&
    pass "the symlink's target holds the games" || fail "the symlink's target holds the games"
[ "$(stat -c %a "$T/target.txt")" = 640 ] && pass "the replaced file keeps its permissions" ||
    fail "the replaced file keeps its permissions: $(stat -c %a "$T/target.txt")"
mkfifo "$T/fifo"
timeout 10 cat "$T/fifo" > "$T/fifo.out" & reader=$!   # no hang if the FIFO is gone
# a FIFO no one reads yet is refused (not waited on): try until cat is there
for i in $(seq 50); do
    printf 'reveal 4 4\nrestart\nquit\n' |
        timeout 10 "$S" play --plain game.seed=7 --record "$T/fifo" >/dev/null 2>&1 && break
    sleep 0.1
done
wait $reader
[ -p "$T/fifo" ] && pass "a FIFO given to --record stays a FIFO" || fail "a FIFO given to --record stays a FIFO"
out=$("$S" replay "$T/fifo.out"); st=$?
expect_contains "$out" "2 games, 0 mismatches" "each game goes through the FIFO once"
if mknod "$T/null" c 1 3 2>/dev/null; then
    printf 'reveal 4 4\nrestart\nquit\n' | "$S" play --plain game.seed=7 --record "$T/null" >/dev/null; st=$?
    expect_status $st 0 "--record to a device node succeeds"
    [ -c "$T/null" ] && pass "a device node given to --record stays a device" ||
        fail "a device node given to --record stays a device (now $(stat -c %F "$T/null"))"
else
    echo "SKIP: mknod needs root (device node check)"
fi

# An unusable --record target is refused before the game (no board is
# printed), never waited on: a FIFO no one reads, a directory, a missing
# directory, a device that takes nothing.
mkfifo "$T/unread"
for target in "$T/unread" "$T" "$T/missing/dir/x" /dev/full; do
    out=$(printf 'reveal 4 4\nrestart\nquit\n' |
          timeout 10 "$S" play --plain game.seed=7 --record "$target" 2>"$T/err"); st=$?
    expect_status $st 2 "play --record $target: exits 2"
    expect_contains "$(cat "$T/err")" "--record $target: expected a file the replay can be written to, found" \
        "play --record $target: the argument and what it is are named"
    [ -z "$out" ] && pass "play --record $target: refused before the game" ||
        fail "play --record $target: refused before the game: $out"
done
expect_contains "$(cat "$T/err")" "No space left on device" "/dev/full: the reason is said"
out=$(timeout 10 "$S" run "$SAPPER_SOURCE/config/seeker.ini" player.1.bot=random \
      game.seed=5 --record "$T/unread" 2>&1); st=$?
expect_status $st 2 "run --record to a FIFO no one reads exits 2 (no hang)"
expect_contains "$out" "a FIFO no one reads" "run --record: the FIFO's state is said"

# A replay's layout is a file anyone can name: a FIFO is refused, not read.
sed 's|^param layout $|param layout '"$T/unread"'|' "$T/p.txt" > "$T/fifolayout.txt"
out=$(timeout 10 "$S" replay "$T/fifolayout.txt" 2>&1); st=$?
expect_status $st 2 "a replay whose layout is a FIFO exits 2 (no hang)"
expect_contains "$out" "not a regular file (expected a file, found a FIFO)" "the FIFO layout is named"

# A forfeit the engine would not record is refused with its line: an
# illegal action after the game ended (by seat 2's last move: seat 1 was
# not asked to move; a timeout or crash there is possible, in bot_free),
# by a person's seat, or for a reason the engine never writes.
"$S" run "$SAPPER_SOURCE/config/seeker.ini" player.1.bot=random game.seed=5 \
    --record "$T/sk5.txt" >/dev/null
ol=$(grep -n '^outcome ' "$T/sk5.txt" | cut -d: -f1)
sed 's/^outcome \(.*\) moves \([0-9]*\) .*/forfeit 1 illegal\noutcome \1 moves \2 returns 0 1/' "$T/sk5.txt" > "$T/flip.txt"
out=$("$S" replay "$T/flip.txt" 2>&1); st=$?
expect_status $st 2 "an illegal action after the game ended exits 2"
expect_contains "$out" "flip.txt:$ol: forfeit 1 illegal: expected the game to go on: it is already over" \
    "the forfeit after the end is named"
sed 's/^outcome \(.*\) moves \([0-9]*\) .*/forfeit 1 crash\noutcome decided moves \2 returns 0 1/' "$T/sk5.txt" > "$T/late.txt"
out=$("$S" replay "$T/late.txt" 2>&1); st=$?
expect_status $st 0 "a crash after the end (in bot_free) replays: seat 1 loses"

printf 'reveal 4 4\nquit\n' | "$S" play --plain game.seed=7 --record "$T/h.txt" >/dev/null
ol=$(grep -n '^outcome ' "$T/h.txt" | cut -d: -f1)
# A person's seat forfeits only as a remote seat of `sapper serve` does
# (disconnect, timeout, protocol, illegal, refused); a bot's reasons, or
# none the engine writes, are refused with the line.
for reason in anything crash sandbox; do
    sed "s/^outcome .*/forfeit 1 $reason\noutcome lost moves 1 returns 0/" "$T/h.txt" > "$T/hf.txt"
    out=$("$S" replay "$T/hf.txt" 2>&1); st=$?
    expect_status $st 2 "a person's seat forfeiting ($reason) exits 2"
    expect_contains "$out" "hf.txt:$ol: forfeit 1 $reason: expected" "the forfeit line is named ($reason)"
done
for reason in disconnect timeout; do
    sed "s/^outcome .*/forfeit 1 $reason\noutcome lost moves 1 returns 0/" "$T/h.txt" > "$T/hf.txt"
    out=$("$S" replay "$T/hf.txt" 2>&1); st=$?
    expect_status $st 0 "a remote person's seat forfeiting ($reason) replays"
done

# Hand-edited replays: an empty parameter value whose trailing blank an
# editor stripped still reads; a forfeit of a seat the game lacks, a joint
# line removed or miscounted is refused with its line.
sed 's/^\(param [a-z_]*\) $/\1/' "$T/p.txt" > "$T/stripped.txt"
grep -q '^param layout$' "$T/stripped.txt" && pass "the fixture has an empty value" ||
    fail "the fixture has an empty value"
out=$("$S" replay "$T/stripped.txt" 2>&1); st=$?
expect_status $st 0 "\"param KEY\" with its blank stripped is an empty value"
sed 's/^outcome /forfeit 64 crash\noutcome /' "$T/p.txt" > "$T/forfeit.txt"
out=$("$S" replay "$T/forfeit.txt" 2>&1); st=$?
expect_status $st 2 "a forfeit of a seat not in the game exits 2"
expect_contains "$out" "seat 64 is not in this game (1 seat)" "the missing seat is named"
"$S" run "$SAPPER_SOURCE/config/woodsword.ini" player.1.bot=woodsword game.seed=3 \
    --record "$T/joint.txt" >/dev/null
jl=$(grep -n -m1 '^joint ' "$T/joint.txt" | cut -d: -f1)
out=$("$S" replay "$T/joint.txt"); st=$?
expect_status $st 0 "a record with joint turns replays"
sed "${jl}d" "$T/joint.txt" > "$T/nojoint.txt"
out=$("$S" replay "$T/nojoint.txt" 2>&1); st=$?
expect_status $st 2 "a deleted joint line exits 2"
expect_contains "$out" "nojoint.txt:$jl: move 1" "the move that lost its joint line is named"
for n in 1 99999999999; do
    sed "${jl}s/.*/joint $n/" "$T/joint.txt" > "$T/joint$n.txt"
    out=$("$S" replay "$T/joint$n.txt" 2>&1); st=$?
    expect_status $st 2 "joint $n over a bigger turn exits 2"
    expect_contains "$out" "joint$n.txt:$jl:" "joint $n: the line is named"
done

# Numbers and counts on the command line have limits, said when crossed.
for j in 2147483648 4294967296 0 257; do
    # one game into $T: a regression costs little and leaves nothing behind
    out=$(cd "$T" && "$S" tournament "$SAPPER_SOURCE/config/tournament-classic.ini" \
          tournament.db="$T/jobs.db" tournament.games=1 --jobs $j 2>&1); st=$?
    expect_status $st 2 "--jobs $j exits 2"
    expect_contains "$out" "--jobs: expected an integer from 1 to 256, found \"$j\"" "--jobs $j is refused"
done
out=$(timeout 20 "$S" run "$cfg" --games 1000000001 2>&1); st=$?
expect_status $st 2 "--games past 10^9 exits 2"
expect_contains "$out" "--games: expected an integer from 1 to 1000000000" "--games names its range"
args=(); for i in $(seq 257); do args+=(rules.width=9); done
out=$("$S" run "$cfg" "${args[@]}" --games 1 2>&1); st=$?
expect_status $st 2 "257 overrides exit 2"
expect_contains "$out" "expected at most 256" "the override limit is named"

# Sandboxed (the default of run and play) a bot that exits in its move
# forfeits that game, named by its reason, and the run goes on.
printf '[game]\nrules = classic\nseed = 3\n[player.1]\nbot = bot_exit\n' > "$T/exit.ini"
out=$(SAPPER_PLUGIN_PATH="$B/tests/plugins" "$S" run "$T/exit.ini" --games 2 2>&1); st=$?
expect_status $st 0 "sandboxed by default, a bot calling exit() in its move: the run goes on"
# (under the sanitizers exit() runs their handlers first, whose system
# calls break the sandbox)
printf '%s' "$out" | grep -qE "\"reason\":\"$exit_reason\"" &&
    pass "and each game is its forfeit, reason $exit_reason" ||
    fail "and each game is its forfeit, reason $exit_reason: $out"
expect_contains "$out" 'forfeits 2' "both games"
# With --sandbox none, run and play call bots in-process: a bot that exits
# or crashes in its move ends sapper, but never as a silent success, and
# it is named.
out=$(SAPPER_PLUGIN_PATH="$B/tests/plugins" "$S" run "$T/exit.ini" --sandbox none 2>&1); st=$?
expect_status $st 3 "a bot calling exit() in its move: run exits 3"
expect_contains "$out" 'bot "bot_exit" (seat 1, bot_exit) called exit() during its move' "and names the bot"
printf '[game]\nrules = classic\nseed = 3\n[player.1]\nbot = bot_segv\n' > "$T/segv.ini"
SAPPER_PLUGIN_PATH="$B/tests/plugins" "$S" run "$T/segv.ini" --sandbox none >/dev/null 2>&1; st=$?
[ $st -ne 0 ] && pass "a bot crashing in its move: run fails (status $st)" || fail "a crashing bot gave status 0"

# A NUL byte in a replay is named by its line, not taken for the end.
head -3 "$T/p.txt" > "$T/nul.txt"; printf '\0' >> "$T/nul.txt"; tail -n +4 "$T/p.txt" >> "$T/nul.txt"
out=$("$S" replay "$T/nul.txt" 2>&1); st=$?
expect_status $st 2 "a replay with a NUL byte exits 2"
expect_contains "$out" "nul.txt:4: unexpected NUL byte" "naming its line"
finish
