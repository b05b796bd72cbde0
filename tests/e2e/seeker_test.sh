#!/bin/bash
# seeker_test.sh BUILD_DIR - Mine-Seeker end to end, with the real `sapper`:
#   1. the stored columns: a small seeker round robin (hunter vs random) in
#      a temporary database; the sqlite3 CLI checks that seeker_games has
#      red/blue_bonus_points (REAL values) and red/blue_bonus_stats (JSON
#      text with the six keys) for every game;
#   2. the line protocol: two people (and a person against the hunter) on a
#      fixed layout; a status line after each command and a `result ` JSON
#      line whose players carry name, points, bonus_points and bonus_stats;
#   3. the curses interface under tmux (skipped when tmux is missing): the
#      players line shows names by the Mine-Seeker display rules, each with
#      its colour (red, blue) and drawn in it in a hot seat, `b` opens
#      the Bonus Statistics dialog and any key closes it, `b` without a
#      rules panel says so, and the help page lists `b`;
#   4. the Flags bomb (rules.bomb=true): `sapper run` with two hunters
#      records bombs that `sapper replay` re-plays exactly, and the result
#      says who used theirs; in curses (hot seat, tests/fixtures/
#      seeker-bomb.txt) `x` is refused while level, and thrown while
#      behind it claims the square's mines and takes the bomb away.
# Exit status 0 when every check passes, 1 otherwise, 77 without sqlite3.
set -u
B=${1:?usage: seeker_test.sh BUILD_DIR}
. "$(dirname "$0")/lib.sh"
S=$B/sapper
SRC=${SAPPER_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
LAYOUT=$SRC/tests/fixtures/seeker-two.txt   # 4x4, mines at (2,0) (0,2) (3,3)
SOCK=sapper-seeker-$$
T=$(mktemp -d)
cleanup() { tmux -L "$SOCK" kill-server 2>/dev/null; rm -rf "$T"; }
trap cleanup EXIT

if ! command -v sqlite3 >/dev/null; then
    echo "SKIP: sqlite3 not found"
    exit 77
fi

db() { sqlite3 "$T/s.db" "$1"; }

# ---- 1. the stored columns ----------------------------------------------
cat > "$T/t.ini" <<'INI'
[game]
rules = seeker
[tournament]
format = roundrobin
games = 3
seed = 5
[entrant.hunter]
bot = hunter
[entrant.random]
bot = random
INI
out=$("$S" tournament "$T/t.ini" tournament.db="$T/s.db" --jobs 1 --json "$T/t.json" 2>&1); st=$?
expect_status $st 0 "a seeker round robin (hunter vs random) runs"
expect_contains "$out" "6 of 6 games stored" "3 boards x 2 colours are stored"
# A clean sweep has no finite Elo or nElo: the table shows the Elo's 95%
# bound (6 games all won: the score is at least 6 / (6 + 1.96^2), +77 Elo)
# and no nElo; the JSON (which has no infinity) keeps numbers as numbers:
# null with a flag, and the bound.
expect_contains "$(printf '%s\n' "$out" | grep '^hunter vs random')" "> +77  100.00%     n/a" \
    "a clean sweep shows its Elo as a bound, not +inf"
expect_equal "$(sqlite3 :memory: "select json_valid(readfile('$T/t.json'))")" 1 "the --json table is valid JSON"
expect_equal "$(sqlite3 :memory: "select json_type(readfile('$T/t.json'), '\$.pairings[0].nelo') || ' ' || json_extract(readfile('$T/t.json'), '\$.pairings[0].nelo_infinite') || ' ' || round(json_extract(readfile('$T/t.json'), '\$.pairings[0].elo_bound'))")" "null 1 77.0" \
    "and its JSON says null, infinite (+1), with the bound +77"
head=$(printf '%s\n' "$out" | grep -v '^sapper: ' | awk 'length > 100')
[ -z "$head" ] && pass "every line of the table fits 100 columns" || fail "lines over 100 columns: $head"
expect_equal "$(db 'select count(*) from seeker_games')" 6 "seeker_games lists the 6 games"
cols=$(db "select group_concat(name, ' ') from pragma_table_info('seeker_games')")
for c in red_bonus_points blue_bonus_points red_bonus_stats blue_bonus_stats; do
    expect_contains " $cols " " $c " "seeker_games has the column $c"
done
expect_equal "$(db "select count(*) from seeker_games where typeof(red_bonus_points) = 'real' and typeof(blue_bonus_points) = 'real'")" 6 \
    "red_bonus_points and blue_bonus_points are REAL in every row"
expect_equal "$(db "select count(*) from seeker_games where red_bonus_points = json_extract(result, '\$.players[0].bonus_points') and blue_bonus_points = json_extract(result, '\$.players[1].bonus_points')")" 6 \
    "the bonus points columns are the result's per-player bonus points"
for side in red blue; do
    expect_equal "$(db "select count(*) from seeker_games where typeof(${side}_bonus_stats) = 'text' and json_valid(${side}_bonus_stats) and (select count(*) from json_each(${side}_bonus_stats)) = 6")" 6 \
        "${side}_bonus_stats is JSON text with six members in every row"
    for key in blindHits chainBest chainCurrent lastMineHits edgeMines biggestReveal; do
        expect_equal "$(db "select count(*) from seeker_games where json_type(${side}_bonus_stats, '\$.$key') = 'integer'")" 6 \
            "${side}_bonus_stats has $key"
    done
done
expect_equal "$(db "select count(*) from seeker_games where red_bonus_points + blue_bonus_points > 0")" 6 \
    "every game scored some bonus"

# ---- 2. the line protocol ------------------------------------------------
# A result line's JSON member at path, read with SQLite's JSON functions.
member() { sqlite3 :memory: "select json_extract(readfile('$T/result.json'), '$1')"; }
result_of() { printf '%s\n' "$1" | sed -n 's/^result //p' > "$T/result.json"; }
status_lines() { printf '%s\n' "$1" | grep -c -E '^red [0-9]+ \(bonus [0-9.]+\)  blue [0-9]+ \(bonus [0-9.]+\)  mines left [0-9]+  (to move|winner): '; }

# Two people: red claims (2,0) (+6: blind, edge, endgame), opens (1,0) and
# passes; blue claims (0,2) and (3,3) and wins 2 to 1.
out=$(printf 'reveal 2 0\nreveal 1 0\nreveal 0 2\nreveal 3 3\n' |
      "$S" play --plain "$SRC/config/seeker.ini" player.2.bot=human \
          player.1.name=anon_7 player.2.name=VeryLongName rules.layout="$LAYOUT" 2>&1)
expect_equal "$(status_lines "$out")" 5 "a status line first and after each of the 4 commands"
expect_contains "$out" "red 1 (bonus 6.0)  blue 0 (bonus 0.0)  mines left 2  to move: red" \
    "a claimed mine keeps the turn and shows in the status line"
expect_contains "$out" "red 1 (bonus 6.0)  blue 0 (bonus 0.0)  mines left 2  to move: blue" \
    "a safe click passes the turn"
expect_contains "$out" "winner: blue" "the last status line names the winner"
result_of "$out"
expect_equal "$(member '$.ruleset')" seeker "the result line is a seeker result"
expect_equal "$(member '$.players[0].name')|$(member '$.players[1].name')" "anon_7|VeryLongName" \
    "the result names both players (as set up)"
expect_equal "$(member '$.players[0].points')|$(member '$.players[1].points')" "1|2" "per-player points"
expect_equal "$(member '$.players[0].bonus_points')|$(member '$.players[1].bonus_points')" "6.0|12.0" \
    "per-player bonus_points"
expect_equal "$(member '$.players[0].bonus_stats.blindHits')|$(member '$.players[1].bonus_stats.chainBest')|$(member '$.players[0].bonus_stats.biggestReveal')" \
    "1|2|1" "per-player bonus_stats values"
for p in 0 1; do
    keys=$(sqlite3 :memory: "select group_concat(key, ' ') from json_each(readfile('$T/result.json'), '\$.players[$p].bonus_stats')")
    expect_equal "$keys" "blindHits chainBest chainCurrent lastMineHits edgeMines biggestReveal" \
        "player $((p + 1))'s bonus_stats has the six keys in order"
done

# A person against the hunter: red opens (1,0) and passes; the hunter
# answers within the same command.
out=$(printf 'reveal 1 0\n' | "$S" play --plain "$SRC/config/seeker.ini" game.seed=1 \
      rules.layout="$LAYOUT" 2>&1)
expect_equal "$(status_lines "$out")" 2 "human vs hunter: a status line first and after the command"
result_of "$out"
expect_equal "$(member '$.players[1].bot')|$(member '$.players[1].name')" "hunter|hunter" "the hunter plays blue"
moves=$(member '$.moves')
[ "${moves:-0}" -ge 2 ] && pass "the hunter answered within the command ($moves moves)" ||
    fail "the hunter answered within the command: $moves moves"
expect_equal "$(sqlite3 :memory: "select json_type(readfile('$T/result.json'), '\$.players[1].bonus_stats')")" object \
    "the hunter's entry has bonus_stats"

# ---- 3. the curses interface ---------------------------------------------
if ! command -v tmux >/dev/null; then
    echo "SKIP: tmux not found: the curses checks are not run"
    finish
    exit
fi
unset TMUX
tm() { tmux -L "$SOCK" "$@"; }
tmux_keep_server "$SOCK"
capture() { tm capture-pane -p -t play > "$T/screen" 2>/dev/null; }
wait_for() {   # extended regexp on the screen, within 5 s
    local deadline=$((SECONDS + 5))
    while [ $SECONDS -le $deadline ]; do
        capture
        LC_ALL=C grep -q -E -- "$1" "$T/screen" && return 0
        sleep 0.1
    done
    return 1
}
wait_gone() {
    local deadline=$((SECONDS + 5))
    while [ $SECONDS -le $deadline ]; do
        capture
        LC_ALL=C grep -q -E -- "$1" "$T/screen" || return 0
        sleep 0.1
    done
    return 1
}
screen_check() {   # regexp what
    if LC_ALL=C grep -q -E -- "$1" "$T/screen"; then pass "$2"; else
        fail "$2: [$1] not on the screen"; sed 's/^/    /' "$T/screen" | grep -v '^ *$'; fi
}
play_in_tmux() { tm new-session -d -s play -x 100 -y 34 "$*; sleep 30"; }

play_in_tmux "$S" play "$SRC/config/seeker.ini" game.seed=3 player.1.name=anon_42 \
    player.2.name=VeryLongName
if wait_for 'Points:'; then
    players=$(grep 'Points:' "$T/screen")
    expect_contains "$players" "Anonymous (red, you) 0" "an anon_* name shows as Anonymous, with its colour and you"
    expect_contains "$players" "VeryLon... (blue) 0" "a name over 10 characters shows as 7 and ..."
    expect_contains "$players" "To move: Anonymous" "whose turn it is, by display name"
    expect_not_contains "$players" "VeryLongName" "the long name is not shown whole"
else
    fail "the seeker board came up"; sed 's/^/    /' "$T/screen" | grep -v '^ *$'
fi
tm send-keys -t play b
if wait_for 'Bonus Statistics'; then
    for label in 'Blind hits' 'Best chain' 'Current chain' 'Endgame mines' 'Edge mines' 'Biggest reveal'; do
        screen_check "$label +[0-9]+ +[0-9]+" "the dialog shows $label for red and blue"
    done
    screen_check '^[^A-Za-z]*Anonymous +VeryLon\.\.\. *[^A-Za-z]*$' \
        "the dialog's columns are headed with the display names (Anonymous, VeryLon...)"
    screen_check 'Blind hits +[0-9]+ +[0-9]+' "and the values stay under them"
    screen_check 'Mines claimed with no revealed number next to them' "each statistic has its description"
    screen_check 'Total bonus points +[0-9]+\.[0-9] +[0-9]+\.[0-9]' "the dialog shows each player's total bonus points"
    tm send-keys -t play x
    if wait_gone 'Bonus Statistics'; then pass "any key closes the dialog"; else fail "any key closes the dialog"; fi
    screen_check 'Points:' "the game is back"
else
    fail "b opens the Bonus Statistics dialog"; sed 's/^/    /' "$T/screen" | grep -v '^ *$'
fi
tm send-keys -t play H
if wait_for 'Sapper: keys'; then
    wait_for '^ +b +.*Bonus Statistics'   # the page may still be drawing
    screen_check '^ +b +.*Bonus Statistics' "the help page lists b"
    tm send-keys -t play x
else
    fail "H opens the help page"
fi
tm send-keys -t play Space   # a safe cell with this seed: the bot answers
if wait_for 'VeryLon\.\.\.: reveal [0-9]+ [0-9]+'; then
    pass "the bot's move is reported under its display name"
else
    fail "the bot's move is reported under its display name"; sed 's/^/    /' "$T/screen" | grep -v '^ *$'
fi
tm send-keys -t play q y   # y: a game in progress asks first
tm kill-session -t play 2>/dev/null

# ---- 4. the Flags bomb -----------------------------------------------------
"$S" run "$SRC/config/seeker.ini" rules.bomb=true player.1.bot=hunter game.seed=9 \
    --games 10 --record "$T/bomb.rec" > "$T/bomb.out" 2>&1
bombs=$(grep -c -E '^(at [0-9]+ )?move [0-9]+ bomb [0-9]+ [0-9]+$' "$T/bomb.rec")
[ "$bombs" -gt 0 ] && pass "hunters throw bombs in 10 games with bombs ($bombs)" ||
    fail "no bomb thrown in 10 hunter games with rules.bomb=true"
expect_contains "$(cat "$T/bomb.out")" '"bomb":"used","bomb_mines":' "the result says a bomb was used and what it claimed"
"$S" replay "$T/bomb.rec" > "$T/replay.out" 2>&1
expect_contains "$(cat "$T/replay.out")" "10 games, 0 mismatches" "games with bombs replay exactly"

play_in_tmux "$S" play "$SRC/config/seeker.ini" "rules.layout=$SRC/tests/fixtures/seeker-bomb.txt" \
    rules.bomb=true player.2.bot=human player.2.name=Blue
if wait_for 'Points:'; then
    screen_check 'Points:  you \(red\) 0 \+bomb  Blue \(blue\) 0 \+bomb' "both players hold a bomb at the start"
    screen_check 'x bomb' "the key bar offers x bomb"
    tm send-keys -t play x
    wait_for 'may bomb only while behind'
    screen_check 'red may bomb only while behind by 1 point or more \(red 0, blue 0\)' \
        "x while level is refused with the rule"
    tm send-keys -t play h h h h h h k k k Space   # (0,0): a mine, red 1
    wait_for 'you \(red\) 1 '
    tm send-keys -t play l Space                   # (1,0): safe, Blue's turn
    wait_for 'To move: Blue'
    tm send-keys -t play x                         # the square x 0-4, y 0-4
    if wait_for 'Blue \(blue\) 5 '; then
        screen_check 'Points:  you \(red\) 1 \+bomb  Blue \(blue\) 5   To move: you' \
            "Blue's bomb claims the 5 mines of its square, passes the turn and is gone"
        screen_check 'Mines left: 9 ' "6 of 15 mines are claimed"
    else
        fail "Blue's bomb did not claim its square"; sed 's/^/    /' "$T/screen" | grep -v '^ *$'
    fi
else
    fail "the seeker board with bombs came up"; sed 's/^/    /' "$T/screen" | grep -v '^ *$'
fi
tm send-keys -t play q y
tm kill-session -t play 2>/dev/null

# Hot seat: which colour is whose (issue 25 item 23; the Mine-Seeker Bonus
# Points System's two players, red and blue, named by its Player Name
# Rules). Each player's name with their colour on the points line, drawn
# in it, as the mines they claim are; whose turn it is in that colour too.
play_in_tmux env TERM=xterm-256color "$S" play "$SRC/config/seeker.ini" game.seed=5 \
    player.1.name=Ada player.2.bot=human player.2.name=Bob
if wait_for 'Points:'; then
    screen_check 'Points:  Ada \(red\) 0  Bob \(blue\) 0   To move: Ada$' \
        "hot seat: each player is named with their colour (Mine-Seeker: red and blue players)"
    line=$(tm capture-pane -e -p -t play | grep -a 'Points:')
    colour='(\[[0-9;]*m)*\[([0-9;]*;)?'   # ESC stripped: SGR codes, then the colour
    printf '%s\n' "$line" | tr -d '\033' | LC_ALL=C grep -q -E "${colour}(31|91)m(\[[0-9;]*m)*Ada \(red\)" &&
        printf '%s\n' "$line" | tr -d '\033' | LC_ALL=C grep -q -E "${colour}(34|94)m(\[[0-9;]*m)*Bob \(blue\)" &&
        pass "and each name is drawn in its colour (red, blue)" ||
        fail "the names on the points line are not in their colours: $(printf '%s' "$line" | cat -v)"
    tm send-keys -t play Space
    if wait_for 'To move: Bob'; then
        line=$(tm capture-pane -e -p -t play | grep -a 'Points:' | tr -d '\033')
        printf '%s\n' "$line" | LC_ALL=C grep -q -E "To move: ${colour}(34|94)m(\[[0-9;]*m)*Bob" &&
            pass "whose turn it is, in that player's colour" ||
            fail "the player to move is not in their colour: $line"
    fi
else
    fail "the hot-seat board came up"; sed 's/^/    /' "$T/screen" | grep -v '^ *$'
fi
tm send-keys -t play q y
tm kill-session -t play 2>/dev/null

play_in_tmux "$S" play game.seed=1
if wait_for 'Mines left'; then
    tm send-keys -t play b
    if wait_for 'no statistics panel'; then pass "b in rules without a panel says so"
    else fail "b in rules without a panel says so"; sed 's/^/    /' "$T/screen" | grep -v '^ *$'; fi
else
    fail "the classic board came up"
fi
tm send-keys -t play q y   # y: a game in progress asks first
finish
