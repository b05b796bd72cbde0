#!/usr/bin/env bash
# woodsword_test.sh BUILD_DIR - Wood-Sword through the real `sapper` binary
# with config/woodsword.ini (you and seven woodsword bots, seed 3):
#   1. the line protocol through a pipe: the arena text, actions typed
#      (gather, missile 1, allocate 2), refusals with their reasons, the
#      Chinese text with rules.lang=zh, the result line; every round shown
#      once and in order over seeds and seat mixes; the game-over header;
#   2. bots only: `sapper run` of eight bots, 20 games, a summary;
#   3. the curses arena under tmux, as a person plays it: eight seats,
#      gather from the menu, the reveal with Next Round, L to Chinese and
#      back with the position kept, a sword on a seat (`1 -> 2 (1)`), the
#      list layout on a small terminal, q and r asking first in a game in
#      progress (in Chinese too), q y (status 0, the replay recorded);
#   4. issue 13 under tmux: the game-over screen (the last round played,
#      the full-width colon in Chinese), L inside the pickers, the pickers
#      in the rules' words, 64 seats paged through at 120x40 and 80x24;
#   5. issue 25 item 24: the rules of the seed document in the ? page in
#      English and Chinese, scrolled at 80x24; the menu's costs and effects
#      whole at 100x30; every line of a 64-seat round through v.
# Every check prints PASS or FAIL (with what it read). Exit status 0 when
# all pass, 1 otherwise; 77 (skipped) when tmux is missing and parts 1 and
# 2 passed. tmux runs on a private socket, killed on exit; the script
# waits by polling the screen with a timeout, never by fixed sleeps.
set -u

BUILD=${1:?usage: woodsword_test.sh BUILD_DIR}
SAPPER=$BUILD/sapper
SOURCE=${SAPPER_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
CONFIG=$SOURCE/config/woodsword.ini
SOCK=sapper-ws-e2e-$$       # private tmux server
SESSION=woodsword-$$
TMP=$(mktemp -d)
TIMEOUT=5                   # seconds to wait for any expected screen
TWO=$TMP/two.ini            # two arena-random seats: a game with no person
printf '[game]\nrules = woodsword\n[player.1]\nbot = arena-random\n[player.2]\nbot = arena-random\n' > "$TWO"

. "$(dirname "$0")/lib.sh"   # pass, fail, expect_contains, finish

if [ ! -x "$SAPPER" ] || [ ! -f "$CONFIG" ]; then
    echo "FAIL: need $SAPPER and $CONFIG"
    exit 1
fi

unset TMUX
tm() { tmux -L "$SOCK" "$@"; }
cleanup() { command -v tmux >/dev/null && tm kill-server 2>/dev/null; rm -rf "$TMP"; }
trap cleanup EXIT

count_matches() { printf '%s\n' "$1" | LC_ALL=C grep -c -E -- "$2"; }

# ---- 1. the line protocol ----------------------------------------------
echo "# 1. line protocol: sapper play config/woodsword.ini game.seed=3 --plain"
out=$(printf 'gather\nquit\n' | "$SAPPER" play "$CONFIG" game.seed=3 --plain 2>&1)
expect_contains "$out" "Wood-Sword - match 1, round 1 - 8 of 8 seats alive" \
    "the arena header: match 1, round 1, 8 of 8 seats alive"
seats=$(printf '%s\n' "$out" | sed -n '2,9p' | LC_ALL=C grep -c -E '^  seat [1-8] +points 0 +shields 0 .* alive$')
[ "$seats" -eq 8 ] && pass "eight seats listed with points, shields and state" ||
    fail "eight seat lines after the header, found $seats"
expect_contains "$out" "Your move, seat 1 (0 points). Actions (T = target seat):" \
    "the menu of the person's actions"
expect_contains "$out" "Last round (match 1, round 1):" "gather resolves round 1"
expect_contains "$out" "  seat 1 gather" "the reveal lists seat 1's gather"
gathers=$(count_matches "$out" '^  seat [1-8] gather$')
[ "$gathers" -eq 8 ] && pass "every seat gathers in a match's first round (the bots' rule)" ||
    fail "eight gathers in round 1, found $gathers"
expect_contains "$out" 'result {"ruleset":"woodsword","outcome":"unfinished","moves":8,"seed":3' \
    "quit gives the result line: unfinished, 8 moves (one joint turn)"

out=$(printf 'wood_sword 3\nexplode\nfist 2 x99\nmissile\nquit\n' |
      "$SAPPER" play "$CONFIG" game.seed=3 --plain 2>&1)
expect_contains "$out" "error: wood_sword 3 is not legal now: not enough points" \
    "a sword without points is refused with the reason"
expect_contains "$out" 'error: unknown action "explode"' "an unknown word is refused"
errors=$(count_matches "$out" '^error: ')
[ "$errors" -eq 4 ] && pass "one error line per refused command (4)" ||
    fail "4 error lines expected, found $errors"
expect_contains "$out" '"outcome":"unfinished","moves":0' "refusals apply nothing"

# Out of the game, a person still watches it round by round: seed 3's
# person dies in match 1, round 3, gathering; each of the 33 rounds is
# reported, the one the person died in too, after the first position.
out=$(for i in $(seq 40); do echo gather; done | "$SAPPER" play "$CONFIG" game.seed=3 --plain 2>&1)
rounds=$(count_matches "$out" '^Last round \(match [0-9]+, round [0-9]+\):')
[ "$rounds" -eq 33 ] && pass "every round is shown after the person is out (33)" ||
    fail "33 rounds expected on screen, found $rounds"
boards=$(count_matches "$out" '^Wood-Sword - match [0-9]+, round [0-9]+')
[ "$boards" -eq 34 ] && pass "one board a round, and the first position (34)" ||
    fail "34 boards expected, found $boards"
expect_contains "$out" "Last round (match 1, round 3):" "the round the person died in is shown"
expect_contains "$out" '"rounds":33' "the game had 33 rounds"

out=$(printf 'help\nquit\n' | "$SAPPER" play "$CONFIG" game.seed=3 --plain 2>&1)
expect_contains "$out" "commands: an action (legal now: gather, defense)" \
    "help names the Wood-Sword actions legal now"
expect_not_contains "$out" "reveal X Y" "and no Minesweeper command"

out=$(printf 'gather\ngather\nmissile 1\nallocate 2\nquit\n' |
      "$SAPPER" play "$CONFIG" game.seed=3 --plain 2>&1)
expect_contains "$out" "  seat 1 missile x1 ->" "missile 1 is revealed with the others"
expect_contains "$out" "Place your missile 1 of 1: allocate T" "the missile placing asks for allocate T"
expect_contains "$out" "Game over: " "the game runs to its end once seat 1 is out"
expect_contains "$out" 'result {"ruleset":"woodsword","outcome":"decided"' \
    "the result line: decided"
expect_contains "$out" '"matches":' "the result carries the rules' own members"

out=$(printf 'gather\nquit\n' | "$SAPPER" play "$CONFIG" game.seed=3 rules.lang=zh --plain 2>&1)
expect_contains "$out" "木剑 - 第 1 场，第 1 回合 - 8/8 人存活" "rules.lang=zh: the header in Chinese"
expect_contains "$out" "  座位 1 聚气" "rules.lang=zh: gather is 聚气"

# Every round is shown once, in order (issue 13): the reports "Last round
# (match M, round R)" of a session follow each other (R + 1, or round 1 of
# the next match) from match 1, round 1, none twice, as many as the
# result's "rounds". The seeds and seat mixes include rounds whose missiles
# bots place (the placing once hid the rounds after it and showed the one
# before twice) and the round a person dies in.
rounds_in_order() {
    awk '
    /^Last round \(match [0-9]+, round [0-9]+\):/ {
        gsub(/[^0-9 ]/, " "); split($0, at, " "); m = at[1] + 0; r = at[2] + 0
        next_one = n == 0 ? m == 1 && r == 1 : (m == pm && r == pr + 1) || (m == pm + 1 && r == 1)
        if (!next_one) { printf "match %d round %d, then match %d round %d; ", pm, pr, m, r; bad = 1 }
        pm = m; pr = r; n++
    }
    /^result / && match($0, /"rounds":[0-9]+/) {
        played = substr($0, RSTART + 9, RLENGTH - 9) + 0
        if (played != n) { printf "%d rounds shown of %d played; ", n, played; bad = 1 }
    }
    END { exit bad }'
}
round_scan() {   # round_scan WHAT COMMANDS SEEDS ARGS...: COMMANDS a file of input lines
    local what=$1 commands=$2 seeds=$3 seed why bad=""
    shift 3
    for seed in $seeds; do
        why=$("$SAPPER" play "$@" game.seed="$seed" --plain <"$commands" 2>&1 | rounds_in_order) ||
            bad="$bad seed $seed: $why"$'\n'
    done
    [ -z "$bad" ] && pass "$what: every round shown once, in order, seeds ${seeds%% *}-${seeds##* }" ||
        fail "$what: rounds skipped or repeated:"$'\n'"$(printf '%s' "$bad" | head -5)"
}
seq 300 | sed 's/.*/gather/' > "$TMP/gathers"
seq 300 | sed 's/.*/defense/' > "$TMP/defenses"
ALL_RANDOM=$(for i in 1 2 3 4 5 6 7 8; do printf 'player.%d.bot=arena-random ' "$i"; done)
round_scan "two arena-random seats" /dev/null "$(seq -s " " 1 120)" "$TWO"
round_scan "three arena-random seats" /dev/null "$(seq -s " " 1 120)" "$TWO" player.3.bot=arena-random
round_scan "eight arena-random seats" /dev/null "$(seq -s " " 1 120)" "$CONFIG" $ALL_RANDOM
round_scan "woodsword and arena-random" /dev/null "$(seq -s " " 1 120)" "$TWO" player.1.bot=woodsword
round_scan "a person who defends, and arena-random" "$TMP/defenses" "$(seq -s " " 1 120)" \
    "$TWO" player.1.bot=human
round_scan "a person who gathers, six woodsword, arena-random" "$TMP/gathers" "$(seq -s " " 1 60)" \
    "$CONFIG" player.8.bot=arena-random

# A game ends in the round it was decided: the last header names that round.
out=$("$SAPPER" play "$TWO" game.seed=1 --plain </dev/null 2>&1)
expect_contains "$(printf '%s\n' "$out" | grep '^Wood-Sword' | tail -1)" \
    "Wood-Sword - match 1, round 4 - 1 of 2 seats alive" \
    "the game-over header names round 4, the last one played (issue 13)"
expect_contains "$out" "Last round (match 1, round 4):" "round 4 is the last round reported"

# ---- 2. bots only -------------------------------------------------------
echo "# 2. bots only: sapper run with eight bots, 20 games"
out=$("$SAPPER" run "$CONFIG" player.1.bot=woodsword player.8.bot=arena-random \
      game.seed=5 --games 20 2>&1)
status=$?
expect_status "$status" 0 "sapper run exits 0"
expect_contains "$out" "summary: 20 games" "a summary of the 20 games"
expect_contains "$out" "seat 1 woodsword (woodsword): wins" "seat 1 is the woodsword bot"
expect_contains "$out" "seat 8 arena-random (arena-random): wins" "seat 8 is arena-random"
voids=$(count_matches "$out" '"outcome":"(void|unfinished)"')
[ "$voids" -eq 0 ] && pass "no game is void or unfinished" || fail "$voids void or unfinished games"

# ---- 3. the curses arena under tmux -------------------------------------
if ! command -v tmux >/dev/null; then
    [ "$FAILS" -eq 0 ] || finish
    echo "SKIP: tmux not found (the curses part)"
    exit 77
fi
echo "# 3. curses: sapper play config/woodsword.ini game.seed=3 under tmux"

fail_on_screen() {   # a failure, with the screen it was read from
    fail "$1"
    echo "----- screen -----"
    grep -v "^ *$" "$TMP/screen" 2>/dev/null
    echo "------------------"
}
capture() { tm capture-pane -p "$@" -t "$SESSION" > "$TMP/screen" 2>/dev/null; }
wait_until() {   # polls the screen until "$@" succeeds on it
    local deadline=$((SECONDS + TIMEOUT))
    while [ $SECONDS -le $deadline ]; do
        capture
        "$@" && return 0
        sleep 0.1
    done
    return 1
}
screen_has() { LC_ALL=C grep -q -E -- "$1" "$TMP/screen"; }
screen_lacks() { ! screen_has "$1"; }
# The pager's lines as written: its continuation rows (indented 4) joined
# to the row before, with a space between two ASCII ends (a word wrapped).
page_has() {
    perl -CSD -ne 'chomp; if (/^    (\S.*)$/ && defined $l) { my $c = $1;
        $l .= ($l =~ /[\x21-\x7e]$/ && $c =~ /^[\x21-\x7e]/ ? " " : "") . $c; next }
        print "$l\n" if defined $l; $l = $_; END { print "$l\n" if defined $l }' \
        "$TMP/screen" | LC_ALL=C grep -q -E -- "$1"
}
session_gone() { ! tm has-session -t "$SESSION" 2>/dev/null; }
# Seats drawn as "N name" (the ring puts several on one row): how many.
seats_drawn() {
    LC_ALL=C grep -o -E '(^| )[1-8] (you|woodsword)( |$)' "$TMP/screen" |
        LC_ALL=C grep -o -E '[1-8] ' | sort -u | wc -l
}
seats_are() { [ "$(seats_drawn)" -eq "$1" ]; }
both() { "$1" "$2" && "$3" "$4"; }
keys() { tm send-keys -t "$SESSION" "$@"; }
check() {   # check WHAT TEST ARGS... : waits for the test, PASS or FAIL
    local what=$1
    shift
    if wait_until "$@"; then pass "$what"; else fail_on_screen "$what"; fi
}

tmux_keep_server "$SOCK"
tm new-session -d -s "$SESSION" -x 100 -y 40 \
    "env TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 '$SAPPER' play '$CONFIG' game.seed=3 --record '$TMP/game.replay'; echo \$? > '$TMP/status'"
if ! wait_until screen_has '8 of 8 seats alive'; then
    fail_on_screen "no arena (\"8 of 8 seats alive\") within ${TIMEOUT}s"
    finish
fi
pass "the arena appears: \"8 of 8 seats alive\""
check "eight seats drawn in a ring (several on one row)" both seats_are 8 screen_has '[1-8] woodsword +[1-8] woodsword'
check "seat 1 shows points and shields" screen_has 'pts 0 sh 0'
check "the menu offers gather, selected, with its cost" screen_has '> gather +cost 0 +\+1 point'

keys Enter   # gather
check "after the reveal: a Next Round prompt" screen_has '> Next Round'
check "the reveal lists every seat's action" screen_has '^ gather: 1 2 3 4 5 6 7 8'
check "each seat's box shows its action" screen_has 'pts 1 sh 0 +gather'

keys L
check "L: Chinese, the position kept (木剑, round 2)" screen_has '木剑 - 第 1 场，第 2 回合'
check "L: gather is 聚气 in the reveal" screen_has '聚气：1 2 3 4 5 6 7 8'
check "L: the prompt is 下一回合" screen_has '下一回合'

keys Enter   # next round
check "Next Round: the menu again, in Chinese" screen_has '> 聚气 +消耗 0'
keys L
check "L again: English, still round 2" both screen_has 'match 1, round 2' screen_has '> gather'

keys j j j Enter   # wood_sword: its targets
check "a sword asks for its target: wood_sword -> 2 ..." screen_has '> wood_sword -> 2 +2 woodsword'
keys Enter
check "the reveal draws the attack as 1 -> 2 (1)" screen_has '^ 1 -> 2 \(1\)  wood_sword'
check "a pause after the round: Next Round or Next Match" screen_has '> Next (Round|Match)'

tm resize-window -t "$SESSION" -x 80 -y 24
check "80x24: the seats as a list, one per row" both seats_are 8 screen_has '^8 woodsword +pts'
tm resize-window -t "$SESSION" -x 30 -y 10
check "30x10: terminal too small" screen_has 'terminal too small: need [0-9]+x[0-9]+'
tm resize-window -t "$SESSION" -x 100 -y 40
# while it was too small only q acted: wait for the arena to be back
check "100x40: the arena is back" screen_has 'seats alive'

keys '?'
check "? shows the keys" screen_has 'English / 中文'
check "help lists h (and Esc) as back, as the menu takes them" screen_has 'bksp, left, h +back to the previous step'
keys x
check "any key goes back to the arena" screen_has 'seats alive'

# q and r in a game in progress ask first, as in the other rulesets
# (issue 25 item 4); in the language on screen.
keys q
check "q in a game in progress asks before losing it" \
    screen_has 'quit: this game is not over and will be lost; y to quit'
keys x
check "any other key keeps the game" both screen_has 'the game goes on' screen_has 'seats alive'
keys r
check "r asks too" screen_has 'restart: this game is not over and will be lost; y to restart'
keys n
check "n keeps the game (it does not go on to the next round)" \
    both screen_has 'the game goes on' screen_has '> Next (Round|Match)'
keys L q
check "in Chinese the question is Chinese" screen_has '退出：本局尚未结束'
keys x
check "and so is the answer" screen_has '游戏继续'
keys L
check "English again" screen_has 'seats alive'
keys q y
check "q, then y, quits: the session is gone" session_gone
if [ "$(cat "$TMP/status" 2>/dev/null)" = 0 ]; then
    pass "sapper exited with status 0"
else
    fail "sapper exit status: $(cat "$TMP/status" 2>/dev/null || echo none)"
fi
replay=$(cat "$TMP/game.replay" 2>/dev/null)
expect_contains "$replay" "rules woodsword" "the game was recorded"
expect_contains "$replay" "move 1 wood_sword 2" "the recording holds the moves played after L"
out=$("$SAPPER" replay "$TMP/game.replay" 2>&1)
expect_contains "$out" "0 mismatches" "the recording replays to the same outcome"

# ---- 4. issue 13: every screen tells the truth ---------------------------
# A fresh session of WIDTH x HEIGHT playing ARGS (one string, as a shell
# reads them after `sapper play`); it stays open after sapper ends.
open_arena() {
    local w=$1 h=$2
    shift 2
    tm kill-session -t "$SESSION" 2>/dev/null
    tm new-session -d -s "$SESSION" -x "$w" -y "$h" \
        "env TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 '$SAPPER' play $*; sleep 30"
}

echo "# 4a. the end of a game: two arena-random seats, seed 1 (decided in round 4)"
open_arena 100 30 "'$TWO' game.seed=1"
check "game over: the title names round 4, the last one played" \
    both screen_has 'match 1, round 4 - 1 of 2 seats alive' screen_has 'Last round: match 1, round 4'
keys L
check "in Chinese: the title names round 4 too" \
    both screen_has '第 1 场，第 4 回合 - 1/2 人存活' screen_has '上一回合：第 1 场，第 4 回合'
check "in Chinese the game-over line takes the full-width colon" \
    both screen_has '^ 游戏结束：座位 1（arena-random）获胜' screen_lacks '游戏结束:'

echo "# 4b. L in a picker: config/woodsword.ini game.seed=3, round 2, one point"
open_arena 100 40 "'$CONFIG' game.seed=3"
check "the arena of eight seats" screen_has '8 of 8 seats alive'
keys Enter   # gather
check "round 1 revealed" screen_has '> Next Round'
keys Enter
check "round 2: the menu" screen_has 'Your move, seat 1 \(points 1\)'
keys j j j Enter j   # wood_sword, the second target: seat 3
check "the sword's target picker, seat 3 selected, in the rules' words" \
    both screen_has 'wood_sword: which seat\?' screen_has '> wood_sword -> 3 +3 woodsword'
keys L
check "L in the target picker: Chinese, still picking the sword's target" \
    both screen_has '木剑：选择目标座位' screen_has '> 木剑 -> 3 +3 woodsword'
check "the Chinese target picker shows no English typed form" screen_lacks 'wood_sword'
keys h j j Enter Enter   # back to the verbs; fist, seat 2: how many
check "the fist's count picker, in Chinese words" \
    both screen_has '拳：选择数量' screen_has '> 拳 x1 -> 2 +消耗 0.5'
check "the Chinese count picker shows no English typed form" screen_lacks 'fist [0-9]'
keys L
check "L in the count picker: English, still picking how many fists" \
    both screen_has 'fist: how many\?' screen_has '> fist x1 -> 2 +cost 0.5'
keys h h Enter   # back to the verbs: gather
check "round 2 revealed" screen_has '> Next Round'
keys Enter L
check "round 3 in Chinese, two points" screen_has '轮到你了，座位 1（点气 2）'
keys j j j j j j Enter   # missile: how many
check "the missile count picker says 导弹 x1, not missile 1" \
    both screen_has '> 导弹 x1 +消耗 2' screen_lacks 'missile [0-9]'
keys Enter   # one missile: the reveal, then its placing
check "the missile placing picks a seat in Chinese words, no allocate T" \
    both screen_has '> 分配导弹 x1 -> 2 ' screen_lacks 'allocate'

echo "# 4c. 64 seats: every seat reachable, the status says which show"
SEATS64=$(for i in $(seq 2 64); do printf 'player.%d.bot=woodsword ' "$i"; done)
# The seat numbers drawn as list rows ("12 woodsword   pts 0 sh 0"), one a line.
seats_listed() {
    LC_ALL=C grep -o -E '(^| )[0-9]+ (you|woodsword) +(pts|点气)' "$TMP/screen" |
        LC_ALL=C grep -o -E '^ ?[0-9]+' | tr -d ' '
}
# Pages through the list with KEY until the status names seat 64: every
# seat number drawn on the way goes into $TMP/seen.
page_through() {
    : > "$TMP/seen"
    for _ in $(seq 20); do
        capture
        seats_listed >> "$TMP/seen"
        screen_has '^ *seats [0-9]+-64 of 64' && break
        keys "$1"
        sleep 0.2
    done
}
all_seats_seen() { [ "$(sort -un "$TMP/seen" | tr '\n' ' ')" = "$(seq -s ' ' 1 64) " ]; }
open_arena 120 40 "'$CONFIG' game.seed=3 $SEATS64"
check "120x40: the list says it shows seats 1-46 of 64, with the keys" \
    both screen_has '^ *seats 1-46 of 64 .*\[ \] or PgUp PgDn' screen_lacks 'more(: v shows them all)?$'
check "120x40: the list shows seats 1 and 46" \
    both screen_has '^1 you ' screen_has ' 46 woodsword '
keys ']'
check "]: the next page, seats 19-64, seat 64 drawn" \
    both screen_has '^ *seats 19-64 of 64' screen_has ' 64 woodsword +pts'
keys '['
check "[: back to seats 1-46" screen_has '^ *seats 1-46 of 64'
keys L
check "the status in Chinese" screen_has '座位 1-46（共 64）'
keys L
tm resize-window -t "$SESSION" -x 80 -y 24
check "80x24: a page of seven seats" screen_has '^ *seats 1-7 of 64'
page_through NPage
if all_seats_seen; then pass "80x24: PgDn reaches every seat, 1 to 64"; else
    fail_on_screen "80x24: PgDn reached seats $(sort -un "$TMP/seen" | tr '\n' ' ')"; fi
keys PPage
check "PgUp: the page before, seats 51-57" screen_has '^ *seats 51-57 of 64'
keys '?'
check "help names the keys that scroll the seats" screen_has '\[, \], PgUp, PgDn +scroll the seats'
keys x

# ---- 5. issue 25 item 24: the rules where a player looks ----------------
echo "# 5a. the rules in the ? page, both languages, at 80x24"
open_arena 80 24 "'$CONFIG' game.seed=3"
check "the arena at 80x24" screen_has '8 of 8 seats alive'
keys '?'
check "? opens the keys and the rules" \
    both screen_has '^  Wood-Sword: keys and rules' screen_has '^  The rules$'
check "the page says which rows show and how to scroll" \
    both screen_has '^  rows 1-20 of [0-9]+$' screen_has 'PgUp/PgDn, space, Home/End: scroll   other keys: back$'
check "rule: a match ends after a round with a death; the dead are out" \
    page_has 'A match ends after a round in which at least one seat died'
keys NPage
check "PgDn scrolls on: the rows after the first page" screen_has '^  rows 20-[0-9]+ of [0-9]+$'
check "rule: survivors start a match with 0 points, 0 shields, no prep" \
    page_has '0 points, 0 shields and no prep'
check "rule: a defence blocks its range; overflow above max, below min" \
    page_has 'above it you take the excess \(damage - max\)'
check "rule: the reciprocal duel (lower damage takes the difference)" \
    page_has 'Duel: two seats that attack each other directly'
check "rule: each shield absorbs up to 2 overflow, ceil(overflow / 2) break" \
    page_has 'Shields: each absorbs up to 2 overflow; ceil\(overflow / 2\) break'
check "rule: fist costs 0.5 each, stackable" page_has 'fist: cost 0.5 each, stackable'
keys G   # End's escape differs between terminals: G is End here
check "G (End): the last rows, the actions and the bots" \
    both screen_has 'hollow_defense: cost 2, blocks 2~6' page_has 'never fire missiles'
check "rule: missile X costs X + 1" page_has 'missile: X missiles cost X \+ 1'
check "rule: llama 0.5 to every other seat, none if the caster dies" \
    page_has "llama: cost 2, 0.5 damage to every other seat; none if you die"
check "rule: superior_defense cost 3 blocks 0~6" screen_has 'superior_defense: cost 3, blocks 0~6'
keys x
check "another key: back to the game" screen_has '8 of 8 seats alive'
keys L '?'
check "in Chinese: 木剑：按键与规则 with 规则" \
    both screen_has '^  木剑：按键与规则' screen_has '^  规则$'
check "Chinese rule: 某回合至少有一名玩家死亡时，该场结束" page_has '某回合至少有一名玩家死亡时，该场结束'
keys G   # End's escape differs between terminals: G is End here
check "Chinese rules to the end: 护盾, 对攻, the bots never use missiles" \
    both screen_has '高级防御：消耗 3，格挡 0~6' page_has '从不使用导弹'
keys PPage
check "Chinese rule: 每个护盾最多吸收 2 点溢出伤害" page_has '每个护盾最多吸收 2 点溢出伤害'
check "Chinese rows counter" screen_has '^  第 [0-9]+-[0-9]+ 行（共 [0-9]+ 行）$'

echo "# 5b. 100x30: the menu's costs and effects whole (6 points, every verb)"
TWOP=$TMP/twop.ini          # you and one woodsword bot
printf '[game]\nrules = woodsword\n[player.1]\nbot = human\n[player.2]\nbot = woodsword\n' > "$TWOP"
open_arena 100 30 "'$TWOP' game.seed=2"
check "you against one bot" screen_has '2 of 2 seats alive'
for _ in 1 2 3 4 5 6; do
    keys Enter   # gather
    wait_until screen_has '> Next Round' || break
    keys Enter
    wait_until screen_has 'Your move' || break
done
check "six gathers: six points, enchanted_diamond_sword offered" \
    both screen_has 'Your move, seat 1 \(points 6\)' screen_has 'enchanted_diamond_sword \.\.\.'
check "100x30: fist's detail is whole (was cut to '0.5 dama')" \
    screen_has 'fist \.\.\. +cost 0\.5 each  0\.5 damage each$'
check "100x30: llama's detail is whole" screen_has 'llama +cost 2  0\.5 to every other seat$'
keys L
check "in Chinese too" \
    both screen_has '拳 \.\.\. +每个消耗 0\.5  每个伤害 0\.5$' screen_has '羊驼 +消耗 2  对其他所有人各 0\.5$'

echo "# 5c. 64 seats at 80x24: every line of the round through v"
open_arena 80 24 "'$CONFIG' game.seed=3 $SEATS64"
check "64 seats" screen_has '64 of 64 seats alive'
keys Enter
check "round 1 revealed" screen_has '> Next Round'
keys Enter
check "round 2" screen_has 'Your move, seat 1'
keys Enter   # gather: round 2 has fights and deaths
check "the round panel says how many lines are hidden and how to see them" \
    both screen_has '^ \.\.\. [0-9]+ more: v shows them all$' screen_has 'v log'
keys v
check "v: the whole round on a page, rows counted" \
    both screen_has '^  Wood-Sword: the round on show, every line' screen_has '^  rows 1-20 of [0-9]+$'
check "the log starts with the round and its first attack" \
    both screen_has '^  Last round: match 1, round 2$' screen_has '^  4 -> 51 \(1\)  fist x2$'
keys G   # End's escape differs between terminals: G is End here
check "G (End): the log's last rows, the hits and the eliminated" \
    both screen_has '^  [0-9]+ took [0-9.]+, overflow' screen_has '^  Eliminated: '
keys g
check "g (Home): back to the top" screen_has '^  rows 1-20 of'
keys q
check "a key that does not scroll closes the log (q does not quit there)" \
    both screen_has '64 seats alive' screen_has 'more: v shows them all'
keys '?'
check "help names v" screen_has '^  v +the round on show, every line of it'
keys x

finish
