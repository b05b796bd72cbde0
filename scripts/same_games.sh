#!/bin/sh
# same_games.sh - does a change leave every game as it was? Plays the same
# tournaments with two builds and compares what was played, move for move:
# every stored game's board, seed, seats, outcome, returns, fault, moves,
# steps, result and recorded actions (not its timings or host). Used for
# refactors that must not change behaviour (docs/ARCHITECTURE.md).
#
#   scripts/same_games.sh OLD NEW      compare: each a build or saved dumps
#   scripts/same_games.sh BUILD DIR    write BUILD's dumps into DIR (new)
#
# The set: 2000 Expert games of the prober on one seed, the classic,
# seeker and Wood-Sword example tournaments, a deductive one, each with
# its seed fixed. Prints one line per set and exits 1 on any difference.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
GAMES=${SAME_GAMES:-2000}

dump() {   # BUILD OUTDIR: play every set with BUILD, one dump file per set
    b=$(cd "$1" && pwd); out=$2
    mkdir -p "$out"
    t=$(mktemp -d)
    play() {   # NAME CONFIG ARGS...
        name=$1 cfg=$2; shift 2
        SAPPER_PLUGIN_PATH=$b/plugins "$b/sapper" tournament "$cfg" \
            tournament.db="$t/$name.db" tournament.sandbox=none --jobs 2 "$@" \
            >/dev/null 2>"$t/$name.err" || { cat "$t/$name.err" >&2; return 1; }
        python3 "$here/scripts/same_games_dump.py" "$t/$name.db" >"$out/$name.rows"
    }
    cat >"$t/expert.ini" <<END
[game]
rules = classic
[rules]
width = 30
height = 16
mines = 99
first_click = safe
[tournament]
format = duplicate
games = $GAMES
seed = 4242
[entrant.prober]
bot = prober
END
    play expert-prober "$t/expert.ini" &&
    play classic "$here/config/tournament-classic.ini" tournament.games=300 &&
    play seeker "$here/config/tournament-seeker.ini" tournament.games=200 &&
    play seeker-bomb "$here/config/tournament-seeker-bomb.ini" tournament.games=100 &&
    play woodsword "$here/config/tournament-woodsword.ini" tournament.games=300 &&
    cat >"$t/deductive.ini" <<END
[game]
rules = deductive
[tournament]
format = duplicate
games = 200
seed = 77
[entrant.simple]
bot = simple
[entrant.prober]
bot = prober
END
    play deductive "$t/deductive.ini"
    rc=$?
    rm -rf "$t"
    return $rc
}

# A side is a build (it plays) or a directory of dumps it wrote before.
side() {   # BUILD_OR_DUMPS OUTDIR
    if [ -x "$1/sapper" ]; then dump "$1" "$2"; else cp -r "$1" "$2"; fi
}

if [ $# -ne 2 ]; then
    echo "usage: $0 OLD NEW (each a build directory or a saved dump) | $0 BUILD OUTDIR" >&2
    exit 2
fi
if [ -x "$2/sapper" ] || ls "$2"/*.rows >/dev/null 2>&1; then
    a=$(mktemp -d); trap 'rm -rf "$a"' EXIT
    side "$1" "$a/old" && side "$2" "$a/new" || exit 2
    rc=0
    for f in "$a"/old/*.rows; do
        n=$(basename "$f" .rows)
        if cmp -s "$f" "$a/new/$n.rows"; then
            echo "same: $n ($(grep -vc '^  ' "$f") games, move for move)"
        else
            echo "DIFFERENT: $n"; diff "$f" "$a/new/$n.rows" | head -5; rc=1
        fi
    done
    exit $rc
fi
dump "$1" "$2"
