#!/bin/bash
# mpi_test.sh BUILD_DIR HAVE_MPI [SANITIZED] - `mpirun -np N sapper
# tournament` on loopback (issue 15): three ranks store the same games as
# one process with --jobs 1 or 2 (every column but timings and hosts,
# replays decoded) and the same table, and say which rank played what;
# --verbose and --report-every print on rank 0 only; --resume with more
# games extends a finished run under mpirun; a rank
# killed with SIGKILL mid-run stops the job cleanly, keeping every stored
# game, and --resume under another -np plays only what is missing (none
# lost, none twice, the same rows); a stopped rank (SIGSTOP) is given up
# after rank_timeout and its games are played by the others; Ctrl-C of
# mpirun prints the usual message; a rank whose config differs is named
# and nothing is played. Skipped, visibly, only when MPI is not installed
# (.ci/run installs it); a sapper built without MPI must refuse mpirun.
set -u
B=${1:?usage: mpi_test.sh BUILD_DIR HAVE_MPI [SANITIZED]}
HAVE_MPI=${2:-FALSE}
SANITIZED=${3:-OFF}
. "$(dirname "$0")/lib.sh"
S=$B/sapper
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

if ! command -v mpirun >/dev/null; then
    echo "SKIP: MPI is not installed (mpirun not found): the MPI tournament tests are not run (.ci/run installs openmpi-bin and libopenmpi-dev)"
    exit 77
fi
# A deadline on every job: mpirun has been seen to hang in its own
# PMIx shutdown after MPI_Abort (Open MPI 4.1.4), and a hang must fail the
# test, not the run.
MPIRUN=(timeout -k 10 300 mpirun --oversubscribe --bind-to none)
[ "$(id -u)" -eq 0 ] && MPIRUN+=(--allow-run-as-root)
# In containers the shared-memory transport's single copy (CMA) may be
# forbidden; plain copies work everywhere.
export OMPI_MCA_btl_vader_single_copy_mechanism=none
if [ "$SANITIZED" = ON ]; then
    # Open MPI's own allocations that it never frees, in components it
    # unloads before LeakSanitizer looks: only a full unwind finds them in
    # libmpi & co (the suppression file names no Sapper code).
    export LSAN_OPTIONS="suppressions=$(cd "$(dirname "$0")" && pwd)/mpi_lsan.supp:print_suppressions=0"
    export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0"
fi
cfg="$SAPPER_SOURCE/config/tournament-classic.ini"

if [ "$HAVE_MPI" != TRUE ] && [ "$HAVE_MPI" != ON ] && [ "$HAVE_MPI" != 1 ]; then
    # A build without MPI: every rank would play the whole tournament.
    out=$("${MPIRUN[@]}" -np 2 "$S" tournament "$cfg" tournament.db="$T/no.db" 2>&1)
    expect_contains "$out" "this sapper was built without MPI" "a build without MPI refuses mpirun"
    [ ! -e "$T/no.db" ] && pass "and plays nothing" || fail "a build without MPI played under mpirun"
    finish
    exit
fi

# Every stored column that does not depend on timing or on who played,
# the replays decoded from the run's lines (their numbers depend on the
# order games finished in).
rows_of() {
    python3 - "$1" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
run = db.execute("select max(id) from runs").fetchone()[0]
lines = dict(db.execute("select id, text from lines where run_id = ?", (run,)))
def decode(blob, seed):
    out, i = [], 0
    def number():
        nonlocal i
        v, shift = 0, 0
        while True:
            b = blob[i]; i += 1
            v |= (b & 0x7f) << shift; shift += 7
            if b < 0x80: return v
    while blob is not None and i < len(blob):
        k = number()
        if k == 0:
            n = number(); out.append(bytes(blob[i:i + n]).decode()); i += n
        else:
            out.append("seed " + seed if k == 1 else lines[k - 2])
    return "|".join(out)
for r in db.execute("""select game_index, board, seed, ruleset, params, seats, outcome,
        returns, reason, culprit, moves, steps, result, actions from games
        where run_id = ? order by game_index""", (run,)):
    print(*r[:13], decode(r[13], r[2]), sep="\t")
PY
}
table_of() { grep -E '^ *[0-9]+  (simple|prober|random) ' "$1" | awk '{print $1, $2, $3, $4, $5}'; }
rank_pid() {   # PID RANK: the pid of that rank (a child of mpirun, PID's child)
    for p in $(for c in $(pgrep -P "$1"); do pgrep -P "$c"; done); do
        tr '\0' '\n' < "/proc/$p/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$2" &&
            { echo "$p"; return; }
    done
}
stored() { sqlite3 "$1" 'select count(*) from games' 2>/dev/null || echo 0; }
wait_stored() {   # DB N: until N games are stored (60 s at most)
    for _ in $(seq 1200); do [ "$(stored "$1")" -gt "$2" ] && return; sleep 0.05; done
}

games=150
[ "$SANITIZED" = ON ] && games=60
total=$((3 * games))

# ---- the same games as one process ---------------------------------------
"$S" tournament "$cfg" tournament.db="$T/one.db" tournament.games=$games --jobs 1 \
    >"$T/one.txt" 2>/dev/null
"$S" tournament "$cfg" tournament.db="$T/two.db" tournament.games=$games --jobs 2 \
    >/dev/null 2>&1
every=$((total / 4 - 1))
"${MPIRUN[@]}" -np 3 "$S" tournament "$cfg" tournament.db="$T/np3.db" tournament.games=$games \
    --jobs 1 --json "$T/np3.json" --verbose --report-every $every >"$T/np3.txt" 2>"$T/np3.err"
expect_status $? 0 "mpirun -np 3 sapper tournament completes"
expect_contains "$(cat "$T/np3.err")" "1 job a rank, 3 ranks" "and says it plays on 3 ranks"
expect_equal "$(rows_of "$T/two.db" | md5sum)" "$(rows_of "$T/one.db" | md5sum)" \
    "--jobs 2 stores the same $total games as --jobs 1 (timings aside)"
expect_equal "$(rows_of "$T/np3.db" | md5sum)" "$(rows_of "$T/one.db" | md5sum)" \
    "-np 3 stores the same $total games as --jobs 1 (timings and hosts aside)"
# --verbose and --report-every under mpirun: rank 0 alone prints, a line
# for every game whichever rank played it, and the standings of every
# game stored every $every games.
expect_equal "$(grep -E '^game [0-9]+ \(board [0-9]+\):' "$T/np3.err" | sort -u | wc -l) $(grep -cE '^game [0-9]+ \(board' "$T/np3.err")" \
    "$total $total" "--verbose: one line per game, from rank 0 only"
expect_equal "$(grep -c '^standings after' "$T/np3.err")" 4 "--report-every: the standings 4 times, not once per rank"
expect_contains "$(cat "$T/np3.err")" "standings after $((4 * every)) games of this run:" \
    "counting every game stored"
[ "$(rows_of "$T/np3.db" | wc -l)" -eq $total ] && pass "all $total of them" || fail "rows: $(rows_of "$T/np3.db" | wc -l)"
w1=$(table_of "$T/one.txt"); w3=$(table_of "$T/np3.txt")
[ -n "$w1" ] && [ "$w1" = "$w3" ] && pass "and the same table" || fail "same table: [$w1] vs [$w3]"
placed=$(python3 -c "
import json, sys
d = json.load(open('$T/np3.json'))
print(sorted(r['rank'] for r in d['ranks']), sum(r['games'] for r in d['ranks']),
      sum(h['games'] for h in d['hosts']))")
expect_equal "$placed" "[0, 1, 2] $total $total" "--json counts the games of each rank and host"
expect_contains "$(cat "$T/np3.txt")" "ranks: 0 ($(hostname))" "the table names the ranks that played"
expect_equal "$(sqlite3 "$T/np3.db" "select count(distinct rank) from hosts h join games g on g.host = h.id")" 3 \
    "every game names its rank in the database"

# ---- a finished run made longer, under mpirun -----------------------------
"${MPIRUN[@]}" -np 2 "$S" tournament "$cfg" tournament.db="$T/np3.db" \
    tournament.games=$((games + 10)) --jobs 1 --resume >/dev/null 2>"$T/ext.err"
expect_status $? 0 "--resume with more games under mpirun -np 2 extends the duplicate run"
"$S" tournament "$cfg" tournament.db="$T/ext1.db" tournament.games=$((games + 10)) --jobs 2 \
    >/dev/null 2>&1
expect_equal "$(rows_of "$T/np3.db" | md5sum)" "$(rows_of "$T/ext1.db" | md5sum)" \
    "and ends as a run of that size from the start"
expect_contains "$(cat "$T/ext.err")" "progress: $total/$((total + 30)) games" "playing only the new boards"

# ---- a rank killed mid-run, then --resume under another -np ---------------
big=1500
[ "$SANITIZED" = ON ] && big=500
"${MPIRUN[@]}" -np 3 "$S" tournament "$cfg" tournament.db="$T/k.db" tournament.games=$big \
    --jobs 1 >"$T/k.out" 2>"$T/k.err" &
mpid=$!
wait_stored "$T/k.db" 200
victim=$(rank_pid $mpid 1)
[ -n "$victim" ] && kill -9 "$victim"
wait $mpid; st=$?
[ "$st" -ne 0 ] && pass "a rank killed with SIGKILL ends the job ($st)" || fail "the job went on after SIGKILL"
before=$(stored "$T/k.db")
[ "$before" -gt 0 ] && [ "$before" -lt $((3 * big)) ] && pass "with $before of $((3 * big)) games stored" ||
    fail "killed mid-run: $before games stored"
expect_contains "$(cat "$T/k.err")" "stopped: $before of $((3 * big)) games stored; rerun the same command with --resume" \
    "rank 0 stops cleanly and says how to resume"
expect_equal "$(sqlite3 "$T/k.db" 'select count(distinct game_index) from games')" "$before" "none stored twice"
"${MPIRUN[@]}" -np 2 "$S" tournament "$cfg" tournament.db="$T/k.db" tournament.games=$big \
    --jobs 1 --resume >/dev/null 2>"$T/k2.err"
expect_status $? 0 "--resume under mpirun -np 2 completes the run"
expect_equal "$(sqlite3 "$T/k.db" 'select count(*), count(distinct game_index) from games')" \
    "$((3 * big))|$((3 * big))" "no game lost, none counted twice"
expect_contains "$(cat "$T/k2.err")" "progress: $before/$((3 * big)) games" "only the missing games were played"
"$S" tournament "$cfg" tournament.db="$T/ref.db" tournament.games=$big --jobs 2 >/dev/null 2>&1
expect_equal "$(rows_of "$T/k.db" | md5sum)" "$(rows_of "$T/ref.db" | md5sum)" \
    "the resumed run stores the rows of an uninterrupted one"
expect_contains "$("$S" replay --db "$T/k.db" --game 7 2>&1)" "game 7: ok" "its games replay"

# ---- a rank that stops answering ---------------------------------------------
SECONDS=0
"${MPIRUN[@]}" -np 3 "$S" tournament "$cfg" tournament.db="$T/s.db" tournament.games=$big \
    tournament.rank_timeout=3 --jobs 1 >/dev/null 2>"$T/s.err" &
mpid=$!
wait_stored "$T/s.db" 200
victim=$(rank_pid $mpid 2)
[ -n "$victim" ] && kill -STOP "$victim"
wait $mpid; st=$?
expect_status $st 0 "a stopped rank does not stop the run"
expect_contains "$(cat "$T/s.err")" "rank 2 on $(hostname) stopped answering (silent for" \
    "it is given up after rank_timeout, and named"
expect_contains "$(cat "$T/s.err")" "will be played by the others" "and its games go to the others"
expect_equal "$(sqlite3 "$T/s.db" 'select count(*), count(distinct game_index) from games')" \
    "$((3 * big))|$((3 * big))" "every game is stored once"
[ $SECONDS -lt 120 ] && pass "within $SECONDS s" || fail "the stopped rank held the run for $SECONDS s"

# ---- a rank stopped past rank_timeout that wakes up (issue 33 item 4) -----------
# It is given up, then heard again: rank 0 tells it to stop quietly, and the
# job ends as one without a lost rank would, never with MPI_Abort.
SECONDS=0
"${MPIRUN[@]}" -np 3 "$S" tournament "$cfg" tournament.db="$T/w.db" tournament.games=$((4 * big)) \
    tournament.rank_timeout=2 --jobs 1 >"$T/w.err" 2>&1 &
mpid=$!
wait_stored "$T/w.db" 200
victim=$(rank_pid $mpid 2)
[ -n "$victim" ] && kill -STOP "$victim"
for _ in $(seq 100); do
    grep -q "stopped answering" "$T/w.err" && break
    sleep 0.1
done
[ -n "$victim" ] && kill -CONT "$victim"
wait $mpid; st=$?
expect_status $st 0 "a rank that wakes after it was given up does not end the job"
expect_contains "$(cat "$T/w.err")" "rank 2 on $(hostname) stopped answering" "it was given up first"
expect_not_contains "$(cat "$T/w.err")" "MPI_ABORT" "and nobody called MPI_Abort"
expect_equal "$(sqlite3 "$T/w.db" 'select count(*), count(distinct game_index) from games')" \
    "$((12 * big))|$((12 * big))" "every game is stored once"

# ---- Ctrl-C of mpirun -----------------------------------------------------------
# Run as sapper-mpi itself: through sapper's hand-over the stop line was
# lost in 2 of 9 runs (mpirun's kill a second after its SIGTERM came first),
# directly in none of 5; the other sections go through the hand-over.
SM=$S; [ -x "$B/sapper-mpi" ] && SM=$B/sapper-mpi
"${MPIRUN[@]}" -np 3 "$SM" tournament "$cfg" tournament.db="$T/c.db" tournament.games=$big \
    --jobs 1 >/dev/null 2>"$T/c.err" &
mpid=$!
wait_stored "$T/c.db" 200
kill -INT $mpid
wait $mpid
n=$(stored "$T/c.db")
line="stopped: $n of $((3 * big)) games stored; rerun the same command with --resume"
if grep -qF "$line" "$T/c.err"; then
    pass "Ctrl-C of mpirun stops with the usual message"
elif [ "$n" -lt $((3 * big)) ]; then
    # mpirun kills the ranks 1 s after its SIGTERM (docs/MPI.md): on a
    # loaded machine that can come before rank 0's stop line (seen in CI,
    # 2026-12-03); what must hold is that the run stopped and resumes whole
    echo "NOTE: mpirun's kill came before rank 0's stop line ($n games stored)"
    pass "Ctrl-C of mpirun stops the run"
else
    fail "Ctrl-C of mpirun did not stop the run ($n games stored)"
fi
"${MPIRUN[@]}" -np 3 "$SM" tournament "$cfg" tournament.db="$T/c.db" tournament.games=$big \
    --jobs 1 --resume >/dev/null 2>&1
expect_equal "$(sqlite3 "$T/c.db" 'select count(*), count(distinct game_index) from games')" \
    "$((3 * big))|$((3 * big))" "--resume after the stop stores every game once"
# mpirun sends SIGTERM to each rank's whole process group: the workers
# must not die of it mid-game and have the game stored as a fault.
expect_equal "$(sqlite3 "$T/c.db" "select count(*) from games where reason != '' or outcome != 'played'")" 0 \
    "no game is stored as a fault of the stop"

# ---- a rank that would play other games -------------------------------------------
out=$("${MPIRUN[@]}" -np 1 "$S" tournament "$cfg" tournament.db="$T/m.db" tournament.games=20 : \
      -np 1 "$S" tournament "$cfg" tournament.db="$T/m.db" tournament.games=20 rules.mines=41 2>&1); st=$?
[ $st -ne 0 ] && pass "a rank with another config stops the job ($st)" || fail "a rank with another config played"
expect_contains "$out" 'rank 1 on '"$(hostname)"': its config or plugins differ from rank 0'"'"'s: rank 0 has "rules.mines = 40", this rank has "rules.mines = 41"' \
    "and is named with the difference"
expect_equal "$(stored "$T/m.db")" 0 "nothing is played"
finish
