#!/bin/bash
# make_play_test.sh BUILD_DIR [SANITIZE] - `make play` builds the player's
# targets only (issue 25 item 29): in a fresh build directory the `player`
# target makes sapper, its manifest reader and the shipped plugins, none
# of the tests, fuzz targets or benchmarks, and a game starts on what it
# made. (A sanitizer build skips: this builds a plain one of its own.)
set -u
B=${1:?usage: make_play_test.sh BUILD_DIR [SANITIZE]}
SAN=${2:-}
. "$(dirname "$0")/lib.sh"
case $SAN in ON|1|TRUE|true) echo "SKIP: the sanitizer build checks no build of its own"; exit 77 ;; esac
SRC=${SAPPER_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
cmake -S "$SRC" -B "$T/b" -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$T/log" 2>&1 &&
    cmake --build "$T/b" -j 2 --target player >>"$T/log" 2>&1
expect_status $? 0 "the player target builds in a fresh directory"
[ -x "$T/b/sapper" ] && [ -x "$T/b/sapper-bothost" ] && [ -f "$T/b/plugins/classic.so" ] &&
    [ -f "$T/b/plugins/prober.so" ] && pass "it made sapper, sapper-bothost and the plugins" ||
    fail "sapper, sapper-bothost or a plugin is missing"
made=$(find "$T/b" -path '*/CMakeFiles' -prune -o -type f -perm -u+x \( -name 'test_*' -o -name 'fuzz_*' -o -name 'bench_*' \) -print | wc -l)
[ "$made" -eq 0 ] && pass "no test, fuzz target or benchmark was built" ||
    fail "$made test, fuzz or bench programs were built"
objects=$(find "$T/b/tests" "$T/b/bench" -name '*.o' 2>/dev/null | wc -l)
[ "$objects" -eq 0 ] && pass "nothing of tests/ or bench/ was compiled" ||
    fail "$objects objects of tests/ or bench/ were compiled"
out=$(printf 'quit\n' | "$T/b/sapper" play 2>&1)
expect_contains "$out" "9 9 10" "a game starts on what it made"
finish
