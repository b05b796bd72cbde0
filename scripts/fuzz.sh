#!/bin/sh
# Runs the fuzz targets of a SAPPER_FUZZ build (issue 18, tests/fuzz/) for
# SECONDS each, one after the other, at the lowest priority (nice 19: the
# machine is shared), each on a fresh copy of its seed corpus, so the
# seeds in the repository never change, with its dictionary.
#   scripts/fuzz.sh BUILD_DIR SECONDS [TARGET...]     (default: every target)
# Per target, in BUILD_DIR/fuzz/NAME/: corpus/ (the copy, grown by the
# run), log (libFuzzer's output) and, when the target crashed, the input
# (crash-*, leak-*, timeout-*, oom-*), replayed once more into the log with
# the harness's own output on, so the log says which check failed.
# Prints one line per target: runs, exec/s, coverage, ok or CRASHED.
# Exits 1 when a target crashed (a sanitizer error, a failed check, a
# leak, an input slower than 25 s), 2 on a usage error.
set -eu
usage="usage: scripts/fuzz.sh BUILD_DIR SECONDS [TARGET...]"
[ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }
build=$(cd "$1" && pwd)
seconds=$2
shift 2
src=$(cd "$(dirname "$0")/.." && pwd)
# every target (each has a dictionary beside its source) unless named
targets=${*:-$(cd "$src/tests/fuzz" && for d in fuzz_*.dict; do printf '%s ' "${d%.dict}"; done)}
# fuzz_scores writes each input to a file: on tmpfs when there is one
if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then
    export TMPDIR=/dev/shm
fi

# The value after "KEY:" in libFuzzer's last status or stats line.
stat() {
    grep -a "$1" "$2" | tail -1 | sed -n "s/.*$1 *\([0-9.]*[A-Za-z]*\).*/\1/p"
}

failed=0
for t in $targets; do
    exe=$build/tests/fuzz/$t
    out=$build/fuzz/$t
    [ -x "$exe" ] || { echo "$t: $exe not built (make fuzz builds it)" >&2; exit 2; }
    rm -rf "$out"
    mkdir -p "$out/corpus"
    cp "$src/tests/fuzz/corpus/$t/"* "$out/corpus/"
    status=ok
    # -close_fd_mask=3: the harnesses' own output (boards, messages) is
    # dropped; libFuzzer and the sanitizers still report
    if ! nice -n 19 "$exe" -max_total_time="$seconds" -timeout=25 -print_final_stats=1 \
            -close_fd_mask=3 -dict="$src/tests/fuzz/$t.dict" \
            -artifact_prefix="$out/" "$out/corpus" > "$out/log" 2>&1; then
        status=CRASHED
        failed=1
        for input in "$out"/crash-* "$out"/leak-* "$out"/timeout-* "$out"/oom-*; do
            [ -e "$input" ] || continue
            echo "==== replayed with its output: $input" >> "$out/log"
            "$exe" "$input" >> "$out/log" 2>&1 || true
        done
    fi
    printf '%-18s %s runs, %s exec/s, cov %s ft %s: %s (%s)\n' "$t" \
        "$(stat 'stat::number_of_executed_units:' "$out/log")" \
        "$(stat 'stat::average_exec_per_sec:' "$out/log")" \
        "$(stat 'cov:' "$out/log")" "$(stat 'ft:' "$out/log")" "$status" "$out/log"
done
exit $failed
