#!/bin/bash
# `sapper run` plays bots only (a line per game, a summary); `sapper replay`
# re-executes recorded games and fails loudly on a mismatch.
set -u
B=${1:?usage: run_replay_test.sh BUILD_DIR}
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

# Same config and seed: the same games, move for move.
out2=$("$S" run "$cfg" --games 20 --record "$T/r2.txt")
if cmp -s "$T/r.txt" "$T/r2.txt"; then pass "same seed, same games"; else fail "same seed, same games"; fi

out=$("$S" replay "$T/r.txt"); st=$?
expect_status $st 0 "replay of an honest record passes"
expect_contains "$out" "20 game(s), 0 mismatch(es)" "every game verified"

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
finish
