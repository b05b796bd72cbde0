#!/bin/bash
# bench_mpi.sh - what MPI tournaments (issue 15) gain and cost on this
# machine, printed for docs/BENCHMARKS.md:
#   1. games a second of config/tournament-classic.ini (3 x GAMES short
#      sandboxed games) without mpirun (--jobs 1 and 2) and under
#      `mpirun -np 1, 2, 3` with one worker a rank: the runner's own rate
#      (its last progress line: from its start, MPI start-up and config
#      reading excluded) and the wall time of the whole command;
#   2. the coordinator's cost a game: rank 0's own CPU time (its
#      /proc/PID/stat, not its workers') over the games it stored, in
#      those runs and in a tournament of trivial games (rock-paper-scissors, one move, bots in
#      the workers) that ranks finish as fast as rank 0 takes them; its
#      inverse is the games a second one rank 0 can store.
# Every configuration REPEATS times, interleaved; medians (min-max).
#
#   bench/bench_mpi.sh BUILD_DIR [GAMES] [REPEATS]     (2000, 3)
set -eu
B=$(cd "${1:?usage: bench_mpi.sh BUILD_DIR [GAMES] [REPEATS]}" && pwd)
GAMES=${2:-2000}
REPEATS=${3:-3}
SRC=$(cd "$(dirname "$0")/.." && pwd)
S=$B/sapper
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
MPIRUN=(mpirun --oversubscribe --bind-to none)
[ "$(id -u)" -eq 0 ] && MPIRUN+=(--allow-run-as-root)
TICK=$(getconf CLK_TCK)
TRIVIAL=200000   # rock-paper-scissors games (pairs of 2 x 100000)

median() {   # [DECIMALS]: the median of the numbers on stdin, with min and max
    sort -g | awk -v d="${1:-0}" '{v[NR] = $1} END {m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2;
        f = "%." d "f"; printf f " (" f "-" f ")", m, v[1], v[NR]}'
}
calc() { awk "BEGIN {print $*}"; }
now() { date +%s.%N; }

# Rank 0's own CPU seconds (utime + stime, not its children's), the last
# seen while it lived, into OUT. PID is rank 0 itself, or mpirun (then
# rank 0 is its child with OMPI_COMM_WORLD_RANK=0).
watch_rank0() {   # PID OUT
    local r0="" cpu=0 now_cpu
    [ -z "$(pgrep -x mpirun | grep -x "$1")" ] && r0=$1
    while kill -0 "$1" 2>/dev/null; do
        for p in $([ -z "$r0" ] && pgrep -P "$1" || true); do
            tr '\0' '\n' < "/proc/$p/environ" 2>/dev/null | grep -qx OMPI_COMM_WORLD_RANK=0 && r0=$p
        done
        now_cpu=$([ -n "$r0" ] && sed 's/.*) //' "/proc/$r0/stat" 2>/dev/null |
            awk -v t="$TICK" '{print ($12 + $13) / t}' || true)
        [ -n "$now_cpu" ] && cpu=$now_cpu
        sleep 0.02
    done
    echo "$cpu" > "$2"
}

# One run of config/tournament-classic.ini: "RATE WALL_RATE RANK0_US_A_GAME".
classic() {   # NAME, then the command's prefix (empty, or mpirun ... -np N)
    local name=$1; shift
    rm -f "$T/c.db"*
    local t0; t0=$(now)
    "$@" "$S" tournament "$SRC/config/tournament-classic.ini" tournament.db="$T/c.db" \
        tournament.games="$GAMES" --jobs "${JOBS:-1}" >/dev/null 2>"$T/c.err" &
    local pid=$!
    watch_rank0 $pid "$T/cpu"
    wait $pid
    local t1; t1=$(now)
    local rate; rate=$(grep -o '[0-9.]* games/s' "$T/c.err" | tail -1 | cut -d' ' -f1)
    echo "$rate $(calc "3 * $GAMES / ($t1 - $t0)") $(calc "$(cat "$T/cpu") * 1e6 / (3 * $GAMES)")" \
        >> "$T/$name"
}

# One run of trivial games under mpirun -np N: "US_A_GAME RATE".
trivial() {   # NP
    rm -f "$T/r.db"*
    printf '[game]\nrules = rps\n[tournament]\nformat = roundrobin\ngames = %d\nseed = 3\nsandbox = none\n[entrant.a]\nbot = rps-random\n[entrant.b]\nbot = rps-random\n' \
        $((TRIVIAL / 2)) > "$T/rps.ini"
    "${MPIRUN[@]}" -x SAPPER_PLUGIN_PATH="$B/tests/plugins" -np "$1" "$S" tournament "$T/rps.ini" \
        tournament.db="$T/r.db" --jobs 1 >/dev/null 2>"$T/r.err" &
    local mpid=$!
    watch_rank0 $mpid "$T/cpu"
    wait $mpid
    local rate; rate=$(grep -o '[0-9.]* games/s' "$T/r.err" | tail -1 | cut -d' ' -f1)
    echo "$(calc "$(cat "$T/cpu") * 1e6 / $TRIVIAL") $rate" >> "$T/trivial-$1"
}

echo "bench_mpi: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $GAMES boards x 3 entrants, $REPEATS repeats"
for _ in $(seq "$REPEATS"); do
    JOBS=1 classic local-1
    JOBS=2 classic local-2
    for np in 1 2 3; do classic "np-$np" "${MPIRUN[@]}" -np $np; done
    for np in 1 3; do trivial $np; done
done
printf '\n%-34s %18s %18s %18s\n' "config/tournament-classic.ini" "games/s (runner)" "games/s (wall)" \
    "rank 0 CPU us/game"
for c in local-1 local-2 np-1 np-2 np-3; do
    case $c in local-1) what="sapper, --jobs 1" ;; local-2) what="sapper, --jobs 2" ;;
        *) what="mpirun -np ${c#np-}, --jobs 1 a rank" ;; esac
    printf '%-34s %18s %18s %18s\n' "$what" "$(cut -d' ' -f1 "$T/$c" | median)" \
        "$(cut -d' ' -f2 "$T/$c" | median)" "$(cut -d' ' -f3 "$T/$c" | median 1)"
done
printf '\n%-34s %22s %22s %16s\n' "trivial games ($TRIVIAL)" "rank 0 CPU us a game" "games/s it can store" "games/s (runner)"
for np in 1 3; do
    printf '%-34s %22s %22s %16s\n' "mpirun -np $np, --jobs 1 a rank" \
        "$(cut -d' ' -f1 "$T/trivial-$np" | median 2)" \
        "$(awk '{print 1e6 / $1}' "$T/trivial-$np" | median)" "$(cut -d' ' -f2 "$T/trivial-$np" | median)"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
