#!/bin/bash
# Process bots (issue 26, docs/PROTOCOL.md): programs in any language that
# play by lines on their standard input and output, sandboxed like .so
# bots. The examples (Python, JavaScript, C) play classic, seeker and
# woodsword tournaments beside .so bots and their games replay; hostile
# process bots in Python and C lose only their own games, each with its
# reason, read nothing of the organiser's, write nothing and leave nothing
# running; bot-check passes the examples and explains a broken handshake.
set -u
B=$(cd "${1:?usage: process_bots_test.sh BUILD_DIR}" && pwd)
. "$(dirname "$0")/lib.sh"
SRC=${SAPPER_SOURCE:?SAPPER_SOURCE: the source tree}
S=$B/sapper
T=$(mktemp -d); trap 'pkill -9 -f "$T/bots/" 2>/dev/null; rm -rf "$T"' EXIT
PY=$(command -v python3)
# Debian's python3 under /usr/bin: a shim elsewhere (pyenv) is a shell script
[ -x /usr/bin/python3 ] && PY=/usr/bin/python3
command -v node >/dev/null || { echo "SKIP: node is not installed"; exit 77; }
cd "$T"

# ---- the examples, beside .so bots
cat > classic.ini <<INI
[game]
rules = classic
[tournament]
games = 30
seed = 7
db = classic.db
[entrant.simple]
bot = simple
[entrant.single_py]
command = $PY single.py
cwd = $SRC/plugins/bots/single_py
[entrant.proto_c]
command = ./proto_c
cwd = $B/bots
[entrant.random_js]
command = node random.js
cwd = $SRC/plugins/bots/random_js
INI
out=$("$S" tournament classic.ini 2>&1); rc=$?
expect_status $rc 0 "classic: simple, single_py, proto_c and random_js play"
expect_contains "$out" "120 of 120 games stored, 0 void" "classic: every game stored"
table=$(printf '%s\n' "$out" | grep -E '^ +[0-9]+ +(simple|single_py|proto_c|random_js) ')
if [ "$(printf '%s\n' "$table" | awk '$NF != "-"' | wc -l)" -eq 0 ]; then
    pass "classic: no example faults"
else fail "classic: faults: $table"; fi
rows=$(sqlite3 classic.db "select count(*) from games; pragma integrity_check;" | tr '\n' ' ')
expect_contains "$rows" "120 ok" "classic: 120 rows, integrity ok"
"$S" tournament classic.ini --resume --quiet --json classic.json >/dev/null 2>&1
expect_contains "$(cat classic.json)" "\"command\":\"$PY single.py\",\"program\":\"$SRC/plugins/bots/single_py/single.py\"" \
    "classic: --json names a process bot's command and program file"
rep=$("$S" replay --db classic.db --game 2 2>&1); rc=$?
expect_status $rc 0 "classic: a single_py game replays without its program"
expect_contains "$(sqlite3 classic.db "select provenance from runs")" \
    "\"command\":\"$PY single.py\",\"program\":\"$SRC/plugins/bots/single_py/single.py\"" \
    "classic: the run names the command and the program file"
"$S" report classic.db -o classic.html >/dev/null 2>&1
expect_status $? 0 "classic: the report is built"
expect_contains "$(ls classic.db.logs)" "single_py.log" "classic: each process bot has a log"

cat > seeker.ini <<INI
[game]
rules = seeker
[rules]
bomb = true
[tournament]
format = roundrobin
games = 4
seed = 9
db = seeker.db
[entrant.simple]
bot = simple
[entrant.single_py]
command = $PY single.py
cwd = $SRC/plugins/bots/single_py
[entrant.random_js]
command = node random.js
cwd = $SRC/plugins/bots/random_js
INI
out=$("$S" tournament seeker.ini 2>&1); rc=$?
expect_status $rc 0 "seeker: process bots against simple, with the bomb"
expect_contains "$out" "0 void" "seeker: no void game"
expect_not_contains "$(printf '%s\n' "$out" | grep -E '^ +[0-9]+ ')" "protocol" \
    "seeker: no protocol fault"

cat > woodsword.ini <<INI
[game]
rules = woodsword
[tournament]
format = ffa
seats = 3
games = 6
seed = 11
db = woodsword.db
[entrant.woodsword]
bot = woodsword
[entrant.arena_random]
bot = arena-random
[entrant.random_js]
command = node random.js
cwd = $SRC/plugins/bots/random_js
INI
out=$("$S" tournament woodsword.ini 2>&1); rc=$?
expect_status $rc 0 "woodsword: random_js in a free-for-all"
expect_not_contains "$(printf '%s\n' "$out" | grep random_js)" "protocol" \
    "woodsword: random_js speaks the arena view"

# ---- hostile process bots, in their own directory beside the secrets
mkdir bots
cp "$SRC/tests/procbots/hostile.py" bots/
cc -O1 -o bots/hostile_c "$SRC/tests/procbots/hostile_c.c" || fail "hostile_c builds"
printf '9 9 10\n*********\n*........\n.........\n.........\n.........\n' > secret-layout.txt
printf '.........\n.........\n.........\n.........\n' >> secret-layout.txt
{
    printf '[game]\nrules = classic\n[tournament]\ngames = 4\nseed = 13\nmove_time = 1\n'
    printf 'db = hostile.db\n[entrant.simple]\nbot = simple\n'
    for m in honest fork_bomb system socket read_secrets write_file garbage huge_line \
             close_stdout silent ignore_term grandchild illegal; do
        printf '[entrant.py_%s]\ncommand = %s hostile.py %s %s %s %s\ncwd = bots\n' \
            "$m" "$PY" "$m" "$T/hostile.db" "$T/hostile.ini" "$T/secret-layout.txt"
    done
    for m in honest fork socket kill_parent exec write_file huge_line close_stdout \
             silent grandchild; do
        printf '[entrant.c_%s]\ncommand = ./hostile_c %s\ncwd = bots\n' "$m" "$m"
    done
} > hostile.ini
out=$("$S" tournament hostile.ini 2>&1); rc=$?
expect_status $rc 0 "hostile: the tournament ends"
expect_contains "$out" "96 of 96 games stored, 0 void" "hostile: every game stored once"
rows=$(sqlite3 hostile.db "select count(*) from games; pragma integrity_check;" | tr '\n' ' ')
expect_contains "$rows" "96 ok" "hostile: 96 rows, integrity ok"
reason() {   # the reasons an entrant's games ended with ("" for the rules)
    sqlite3 hostile.db "select distinct reason from games
        where json_extract(seats, '\$[0]') = '$1'" | tr '\n' ' '
}
check_reason() {
    local got
    got=$(reason "$1")
    if [ "$got" = "$2 " ]; then pass "hostile: $1 loses with $2"
    else fail "hostile: $1: reasons [$got], expected [$2]"; fi
}
for e in py_fork_bomb py_system py_write_file py_grandchild c_fork c_kill_parent c_exec \
         c_write_file c_grandchild; do
    check_reason "$e" sandbox
done
for e in py_garbage py_huge_line py_close_stdout c_huge_line c_close_stdout; do
    check_reason "$e" protocol
done
for e in py_silent py_ignore_term c_silent; do check_reason "$e" timeout; done
check_reason py_illegal illegal
check_reason py_socket exit   # socket() fails; the script dies of the exception
for e in py_honest py_read_secrets c_honest c_socket; do
    got=$(reason "$e")
    case $got in *[a-z]*)
        fail "hostile: $e plays honestly, found reasons [$got]" ;;
        *) pass "hostile: $e plays without a fault" ;;
    esac
done
expect_not_contains "$(cat hostile.db.logs/*.log 2>/dev/null)" "LEAK" \
    "hostile: no bot read the database, the config or the layout, or connected"
expect_contains "$(cat hostile.db.logs/hostile_read_secrets.log)" "denied $T/hostile.db" \
    "hostile: the reader was refused the database"
[ ! -e bots/sapper-hostile-written ] && [ ! -e /tmp/sapper-hostile-system ] &&
    [ ! -e /tmp/sapper-hostile-exec ] && pass "hostile: nothing written" ||
    fail "hostile: a bot wrote a file"
sleep 0.5
left=$(pgrep -f "$T/bots/|hostile.py|hostile_c" | grep -v "^$$\$" || true)
[ -z "$left" ] && pass "hostile: no process is left after the run" ||
    fail "hostile: processes left: $(ps -o pid,args -p "$(echo $left | tr ' ' ,)")"
# the .so entrant's games are those of a run without the hostile ones
printf '[game]\nrules = classic\n[tournament]\ngames = 4\nseed = 13\ndb = alone.db\n' > alone.ini
printf '[entrant.simple]\nbot = simple\n' >> alone.ini
"$S" tournament alone.ini --quiet >/dev/null 2>&1
q="select group_concat(board || ':' || returns || ':' || moves || ':' || result, ' ') from
   (select board, returns, moves, result from games where json_extract(seats, '\$[0]') =
    'simple' order by board)"
a=$(sqlite3 alone.db "$q")
h=$(sqlite3 hostile.db "$q")
[ -n "$a" ] && [ "$a" = "$h" ] && pass "hostile: simple's games are those of a run alone" ||
    fail "hostile: simple's games differ: alone [$a], beside hostiles [$h]"

# a process bot is told the parameters the game applies (a preset's size)
printf '[game]\nrules = classic\n[rules]\npreset = expert\n[tournament]\ngames = 1\n' > expert.ini
printf 'db = expert.db\n[entrant.p]\ncommand = %s hostile.py honest\ncwd = bots\n' "$PY" >> expert.ini
"$S" tournament expert.ini --quiet >/dev/null 2>&1
expect_contains "$(cat expert.db.logs/hostile_honest.log)" "param width 30" \
    "the bot hears the preset's width, not the default's"

# a bot whose directory holds the database is refused before the run
printf '[game]\nrules = classic\n[tournament]\ndb = bots/leak.db\n[entrant.x]\n' > exposed.ini
printf 'command = ./hostile_c honest\ncwd = bots\n[entrant.simple]\nbot = simple\n' >> exposed.ini
out=$("$S" tournament exposed.ini 2>&1); rc=$?
expect_status $rc 2 "a bot beside the database is refused"
expect_contains "$out" "the bot could read $T/bots/leak.db (the results)" \
    "the refusal names the file"

# ---- bot-check
out=$(cd "$SRC/plugins/bots/single_py" && "$S" bot-check --games 2 "$PY" single.py 2>&1)
expect_status $? 0 "bot-check passes single_py"
expect_contains "$out" "the bot is sound" "bot-check says so"
out=$(cd "$SRC/plugins/bots/random_js" && "$S" bot-check --games 2 node random.js 2>&1)
expect_status $? 0 "bot-check passes random_js (mines and arena)"
expect_contains "$out" "woodsword: 2 of 2 games ended by the rules" "bot-check plays woodsword"
printf '#!/bin/sh\necho "id bad"\necho "familly mines"\nread x\n' > bots/bad.sh
chmod +x bots/bad.sh
out=$(cd bots && "$S" bot-check ./bad.sh 2>&1); rc=$?
expect_status $rc 1 "bot-check fails a malformed handshake"
expect_contains "$out" 'line 2 of the bot'"'"'s output: expected one of "id", "name"' \
    "bot-check names the line and what was expected"
expect_contains "$out" 'found "familly mines"' "bot-check quotes what it found"
# (its early line is found with the handshake when it has arrived by then,
# else as the answer to `start`: a protocol fault either way)
out=$(cd bots && "$S" bot-check --games 1 ./hostile_c early 2>&1); rc=$?
expect_status $rc 1 "bot-check fails a bot that answers before it is asked"
if printf '%s' "$out" | grep -qE 'comes after "ready 1", before anything asked|found "move reveal 0 0"'
then pass "bot-check: says it answered before it was asked"
else fail "bot-check: an early answer not explained: $out"; fi

# ---- under mpirun: the same rows as one process
if command -v mpirun >/dev/null && [ -x "$B/sapper-mpi" ]; then
    MPIRUN=(timeout -k 10 300 mpirun --oversubscribe --bind-to none)
    [ "$(id -u)" -eq 0 ] && MPIRUN+=(--allow-run-as-root)
    sed 's/^db = classic.db/db = mpi.db/; s/^games = 30/games = 10/' classic.ini > mpi.ini
    sed 's/^db = classic.db/db = one.db/; s/^games = 30/games = 10/' classic.ini > one.ini
    # as mpi_test.sh: a docker-safe copy mechanism, and under the sanitizers
    # Open MPI's own unfreed allocations suppressed (a full unwind finds them)
    mpi_env=(env OMPI_MCA_btl_vader_single_copy_mechanism=none
             LSAN_OPTIONS="suppressions=$SRC/tests/e2e/mpi_lsan.supp:print_suppressions=0"
             ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0")
    "${mpi_env[@]}" "${MPIRUN[@]}" -np 3 "$B/sapper-mpi" tournament mpi.ini --quiet >mpi.out 2>&1
    expect_status $? 0 "mpirun: process bots play on the ranks"
    [ -s mpi.out ] && grep -v "master seed" mpi.out | head -5
    "$S" tournament one.ini --quiet >/dev/null 2>&1
    q="select group_concat(game_index || returns || moves || result, ' ') from
       (select * from games order by game_index)"
    [ "$(sqlite3 mpi.db "$q")" = "$(sqlite3 one.db "$q")" ] && [ -n "$(sqlite3 one.db "$q")" ] &&
        pass "mpirun: the same games as one process" || fail "mpirun: the games differ"
fi

# ---- sapper run records a process bot's games; the replay needs no program
printf '[game]\nrules = classic\n[player.1]\ncommand = ./hostile_c honest\ncwd = bots\n' > run.ini
"$S" run run.ini --games 3 --record rec.txt --quiet >/dev/null 2>&1
expect_contains "$(grep '^seat' rec.txt | head -1)" "seat 1 process hostile_c_honest" \
    "run --record marks the process bot's seat"
mv bots/hostile_c bots/hostile_c.gone
out=$("$S" replay rec.txt 2>&1); rc=$?
mv bots/hostile_c.gone bots/hostile_c
expect_status $rc 0 "its games replay without the program"
expect_contains "$out" "3 games, 0 mismatches" "every game verifies"

# ---- a person against a process bot, through the line protocol
printf '[game]\nrules = seeker\nseed = 3\n[player.2]\ncommand = ./hostile_c honest\ncwd = bots\n' \
    > play.ini
out=$(printf 'reveal 0 0\nreveal 15 15\nboard\nquit\n' | "$S" play play.ini --plain 2>&1)
expect_contains "$out" "hostile_c_honest" "play: the process bot takes its seat"
finish
