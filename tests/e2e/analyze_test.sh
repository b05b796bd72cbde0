#!/bin/bash
# analyze_test.sh BUILD_DIR - `sapper analyze` on the fixture positions
# (tests/fixtures/analyze-*.txt): exact probabilities in both formats (the
# 1-2-1 pattern, floating cells, the mine count deciding a cell, flags and
# marks not trusted), the tsv contract (exact lines, Y-then-X order, 9+
# decimals, nothing else on stdout), errors naming file, line and column
# with exit status 2 (inconsistent and malformed positions, bad options),
# the budget note; then the line protocol's `hint` and `solve [N]`.
set -u
B=${1:?usage: analyze_test.sh BUILD_DIR}
. "$(dirname "$0")/lib.sh"
S=$B/sapper
SRC=${SAPPER_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
FIX=$SRC/tests/fixtures
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
TAB=$'\t'

# run ARGS...: stdout in $out, stderr in $err, status in $st.
run() {
    "$S" "$@" > "$TMP/out" 2> "$TMP/err"
    st=$?
    out=$(cat "$TMP/out")
    err=$(cat "$TMP/err")
}

expect_equal() {
    if [ "$1" = "$2" ]; then pass "$3"; else
        fail "$3: expected:"; printf '%s\n' "$2" | sed 's/^/    /'
        echo "  found:"; printf '%s\n' "$1" | sed 's/^/    /'; fi
}

# A position file from text (printf escapes).
position() { printf "$2" > "$TMP/$1"; echo "$TMP/$1"; }

# ---- probabilities --------------------------------------------------
run analyze --format tsv "$FIX/analyze-121.txt"
expect_status $st 0 "1-2-1: exit status 0"
expect_equal "$out" "0${TAB}0${TAB}0.000000000000
1${TAB}0${TAB}1.000000000000
2${TAB}0${TAB}0.000000000000
3${TAB}0${TAB}1.000000000000
4${TAB}0${TAB}0.000000000000" "1-2-1: the cells over the 1s are mines (1.0), over the 2 safe (0.0)"
expect_equal "$err" "" "1-2-1: nothing on stderr"

run analyze --format tsv "$FIX/analyze-121-floating.txt"
expect_equal "$(head -5 <<< "$out")" "0${TAB}0${TAB}0.400000000000
1${TAB}0${TAB}0.400000000000
2${TAB}0${TAB}0.400000000000
3${TAB}0${TAB}0.400000000000
4${TAB}0${TAB}0.400000000000" "1-2-1 under 5 floating cells: the other 2 mines spread, 0.4 each"
expect_equal "$(sed -n 6,10p <<< "$out" | cut -f3 | tr '\n' ' ')" \
    "0.000000000000 1.000000000000 0.000000000000 1.000000000000 0.000000000000 " \
    "1-2-1 under floating cells: the pattern row is still certain"

run analyze --format tsv "$FIX/analyze-count.txt"
expect_equal "$(cut -f3 <<< "$out" | tr '\n' ' ')" \
    "0.000000000000 1.000000000000 0.000000000000 " \
    "the count decides: M = 2 leaves one mine, so the middle cell holds it"
f=$(position count3.txt '3 2 3\n???\n2*2\n')
run analyze --format tsv "$f"
expect_equal "$(cut -f3 <<< "$out" | tr '\n' ' ')" \
    "1.000000000000 0.000000000000 1.000000000000 " \
    "the count decides: the same numbers with M = 3 put the mines outside"

# Flags and marks are unknown cells, not mines; the probabilities sum to
# the mines left (3); every unrevealed cell has a line, in Y then X order.
run analyze --format tsv "$FIX/analyze-marks.txt"
expect_equal "$(cut -f1,2 <<< "$out" | tr '\t\n' ', ')" \
    "0,0 1,0 2,0 3,0 0,1 2,1 3,1 1,2 2,2 3,2 " \
    "tsv: one line per unrevealed cell (F and M included), Y then X"
bad=$(grep -v -c -E "^[0-9]+${TAB}[0-9]+${TAB}[01]\.[0-9]{9,}\$" <<< "$out")
expect_equal "$bad" "0" "tsv: every line is X<TAB>Y<TAB>P with 9 or more decimals, nothing else"
expect_equal "$(awk -F'\t' '{ s += $3 } END { printf "%.9f", s }' <<< "$out")" \
    "3.000000000" "tsv: the probabilities add up to the mines left"
expect_equal "$(grep -E "^0${TAB}0${TAB}" <<< "$out" | cut -f3)" "0.200000000000" \
    "a flagged cell is not trusted: 0 0 gets its exact probability 0.2"

run analyze "$FIX/analyze-121.txt"
expect_status $st 0 "grid: exit status 0"
expect_contains "$out" "  0  safe  MINE  safe  MINE  safe" "grid: the 1-2-1 row reads safe MINE safe MINE safe"
expect_contains "$out" "layouts: 2^0.000 (1)" "grid: the summary counts the layouts"
expect_contains "$out" "exact" "grid: the answer says it is exact"
run analyze --format grid "$FIX/analyze-marks.txt"
expect_contains "$out" "20%F" "grid: a flagged cell shows its percentage and F"
expect_contains "$out" "safest guess: 0 0 (20.0% mine)" "grid: the summary names the safest guess"

# ---- errors: exit status 2, file, line and column --------------------
run analyze --format tsv "$FIX/analyze-inconsistent.txt"
expect_status $st 2 "inconsistent numbers: exit status 2"
expect_contains "$err" "analyze-inconsistent.txt:3:3: no layout fits" "inconsistent numbers: the file, line and column"
expect_contains "$err" "found '1' at cell 2 1" "inconsistent numbers: what was found"
expect_equal "$out" "" "inconsistent numbers: nothing on stdout"

f=$(position count1.txt '3 2 1\n???\n2*2\n')
run analyze "$f"
expect_status $st 2 "a mine count no layout has: exit status 2"
expect_contains "$err" "count1.txt:1:5: no layout fits: expected the mine count M from 2 to 3 for these numbers, found 1" \
    "a mine count no layout has: the header column and the counts that fit"

f=$(position over.txt '3 3 1\n???\n?4?\n???\n')
run analyze "$f"
expect_contains "$err" "over.txt:1:5: no layout fits: expected the mine count M = 4 for these numbers, found 1" \
    "a 4 whose neighbours are all the unrevealed cells: M must be 4"

f=$(position local.txt '3 2 1\n?**\n?3?\n')
run analyze "$f"
expect_contains "$err" "local.txt:1:5: expected the mine count M to be at least 2 (the '*' in the grid), found 1" \
    "more '*' than M: the header column"
f=$(position local2.txt '3 2 3\n1*?\n*??\n')
run analyze "$f"
expect_contains "$err" "local2.txt:2:1: no layout fits: expected a number of at least 2 for cell 0 0 (the '*' around it), found '1'" \
    "a number below its '*' neighbours: that cell"

f=$(position local3.txt '3 2 2\n?3?\n111\n')
run analyze "$f"
expect_contains "$err" "local3.txt:2:2: no layout fits: expected a number of at most 2 for cell 1 0 (its '*' and unrevealed neighbours), found '3'" \
    "a number above its unrevealed neighbours: that cell"

run analyze "$FIX/analyze-bad-char.txt"
expect_status $st 2 "a bad character: exit status 2"
expect_contains "$err" "analyze-bad-char.txt:3:3: expected '?', 'F', 'M', '0'-'8' or '*' for cell 2 1, found 'x'" \
    "a bad character: line, column, expected and found"
f=$(position short.txt '3 2 1\n???\n1?\n')
run analyze "$f"
expect_contains "$err" "short.txt:3:3: expected 3 cells in row 1, found 2" "a short row: line and column"
f=$(position rows.txt '3 3 1\n???\n1??\n')
run analyze "$f"
expect_contains "$err" "rows.txt:4:1: expected 3 rows of the grid, found 2" "a missing row"
f=$(position corner.txt '2 2 1\n4?\n??\n')
run analyze "$f"
expect_contains "$err" "corner.txt:2:1: expected a number from 0 to 3 for cell 0 0 (it has 3 neighbours), found '4'" \
    "a number larger than its neighbours allow"
f=$(position dot.txt '2 1 1\n.?\n')
run analyze "$f"
expect_contains "$err" "dot.txt:2:1:" "a layout '.' in a position is refused"
f=$(position header.txt '3 x 1\n???\n')
run analyze "$f"
expect_contains "$err" "header.txt:1:3: expected the height H (a whole number), found 'x'" "a bad header"
expect_status $st 2 "a malformed file: exit status 2"
expect_equal "$out" "" "a malformed file: nothing on stdout"

run analyze "$TMP/missing.txt"
expect_status $st 2 "a missing file: exit status 2"
expect_contains "$err" "missing.txt" "a missing file is named"
run analyze --format csv "$FIX/analyze-121.txt"
expect_status $st 2 "--format csv: exit status 2"
expect_contains "$err" "expected grid, tsv or svg, found \"csv\"" "--format csv: expected and found"
run analyze
expect_status $st 2 "no FILE: exit status 2"

# ---- the budget --------------------------------------------------------
run analyze --format tsv --budget 1 "$FIX/analyze-marks.txt"
expect_status $st 0 "over budget: exit status 0"
expect_contains "$err" "approximate answer" "over budget: a note on stderr"
bad=$(grep -v -c -E "^[0-9]+${TAB}[0-9]+${TAB}[01]\.[0-9]{9,}\$" <<< "$out")
expect_equal "$bad" "0" "over budget: stdout still holds only tsv lines"

# ---- the line protocol: hint and solve --------------------------------
layout="$FIX/e2e-4x3.txt"
out=$(printf 'reveal 0 2\nhint\nsolve\n' | "$S" play --plain rules.layout="$layout" 2>/dev/null)
expect_contains "$out" "hint: safe 3 2" "hint: the certainly safe cell of the fixed layout"
expect_contains "$out" '"outcome":"won"' "solve plays safe cells to a win"

out=$(printf 'hint\n' | "$S" play --plain game.seed=7 rules.first_click=any 2>/dev/null)
if grep -q -E '^hint: guess [0-9]+ [0-9]+ P=0\.[0-9]{3}$' <<< "$out"; then
    pass "hint on a fresh board under first_click=any: a guess with its probability ($(grep '^hint' <<< "$out"))"
else
    fail "hint on a fresh board under first_click=any: expected \"hint: guess X Y P=0.123\" in: $out"
fi
# Under first_click=safe (the default) and opening every first click is
# safe: the hint says so instead of a guess at the density (issue 25 item 12).
for fc in safe opening; do
    out=$(printf 'hint\n' | "$S" play --plain game.seed=7 rules.first_click=$fc 2>/dev/null)
    expect_contains "$(grep '^hint' <<< "$out")" "hint: safe 0 0" "hint before the first click under first_click=$fc: safe"
done
out=$(printf 'hint\n' | "$S" play --plain game.seed=7 2>/dev/null)
expect_contains "$(grep '^hint' <<< "$out")" "hint: safe 0 0" "hint before the first click under the default first_click: safe"

out=$(printf 'reveal 4 4\nhint\nsolve\n' | "$S" play --plain game.seed=11 rules.first_click=opening 2>/dev/null)
if grep -q -E '^hint: (safe [0-9]+ [0-9]+|guess [0-9]+ [0-9]+ P=[01]\.[0-9]{3})$' <<< "$out"; then
    pass "hint after an opening: $(grep '^hint' <<< "$out")"
else
    fail "hint after an opening: no hint line in: $out"
fi
expect_contains "$(tail -1 <<< "$out")" 'result {"ruleset":"classic","outcome":"' "solve plays to the end: a result line"
if grep -q -E '"outcome":"(won|lost)"' <<< "$out"; then pass "solve ends the game (won or lost)"; else
    fail "solve did not end the game: $(tail -1 <<< "$out")"; fi

out=$(printf 'reveal 4 4\nsolve 2\nquit\n' | "$S" play --plain game.seed=11 rules.first_click=opening 2>/dev/null)
boards=$(grep -c '^9 9 10$' <<< "$out")
expect_equal "$boards" "4" "solve 2: the board after each of the two steps (4 boards with the first two)"
out=$(printf 'solve x\nsolve 0\nquit\n' | "$S" play --plain game.seed=11 2>/dev/null)
expect_equal "$(grep -c '^error: expected solve \[N\]' <<< "$out")" "2" "solve x and solve 0: an error line each"
out=$(printf 'hint\nsolve\nquit\n' | "$S" play --plain "$SRC/config/woodsword.ini" 2>/dev/null)
expect_equal "$(grep -c '^error: no hints for this ruleset$' <<< "$out")" "2" \
    "hint and solve in a ruleset of another family: an error line each"
# --format svg: the position as a picture, each unknown cell's probability
# as a colour and a number (issue 16)
out=$("$S" analyze --format svg "$FIX/analyze-121.txt" 2>&1); st=$?
expect_equal "$st" "0" "analyze --format svg"
expect_contains "$out" 'data-marks="15"' "one square per cell of the 5x3 board"
expect_equal "$(grep -o 'fill="#ff1744"' <<< "$out" | wc -l)" "3" "the two certain mines in bright red (and the legend)"
expect_equal "$(grep -o '>100</text>' <<< "$out" | wc -l)" "2" "written 100 on them"
expect_contains "$out" '<title>' "with a title"
out=$("$S" analyze --format pdf "$FIX/analyze-121.txt" 2>&1); st=$?
expect_equal "$st" "2" "an unknown format is refused"
expect_contains "$out" 'expected grid, tsv or svg, found "pdf"' "naming the formats"
# -o OUT: the answer goes to OUT only when it is whole; a failed run (no
# layout fits) leaves OUT as it was, and an OUT that cannot be written is
# refused before the solver runs.
out=$("$S" analyze --format svg -o "$TMP/p.svg" "$FIX/analyze-121.txt" 2>&1); st=$?
expect_status $st 0 "analyze -o writes the picture"
expect_contains "$(head -c 200 "$TMP/p.svg")" "<svg" "into the file, whole"
expect_equal "$out" "" "and prints nothing"
echo kept > "$TMP/p.svg"
"$S" analyze --format svg -o "$TMP/p.svg" "$FIX/analyze-inconsistent.txt" 2>/dev/null; st=$?
expect_status $st 2 "a position no layout fits exits 2"
expect_equal "$(cat "$TMP/p.svg")" "kept" "and leaves -o's file as it was"
expect_equal "$(ls "$TMP" | grep -c 'p.svg.')" 0 "with no temporary file left behind"
out=$("$S" analyze -o "$TMP/none/p.txt" "$FIX/analyze-121.txt" 2>&1); st=$?
expect_status $st 2 "an -o that cannot be written exits 2"
expect_contains "$out" "-o $TMP/none/p.txt: expected a file that can be written, found $TMP/none" "and says why"
finish
