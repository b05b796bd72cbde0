#!/bin/bash
# The newcomer's path to a ruleset, as docs/ARCHITECTURE.md ("Add a
# ruleset") and plugins/rules/template/README.md tell it: copy the template
# ruleset to a directory of one's own, rename its id, build it out of the
# tree with cc against the repository's public header alone, find it with
# `sapper plugins`, and play it through the line protocol of `sapper play
# --plain`, checking what is printed. Skipped (77) without a C compiler.
set -u
B=${1:?usage: rules_template_test.sh BUILD_DIR}
. "$(dirname "$0")/lib.sh"
S=$B/sapper
command -v cc >/dev/null || { echo "SKIP: no cc"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 1. Copy the template.
cp "$SAPPER_SOURCE/plugins/rules/template/plugin.c" "$work/plugin.c"

# 2. Rename the id (and the entry's C identifier).
sed -i 's/\.id = "template-rules"/.id = "my-game"/;
        s/SAPPER_PLUGIN_ENTRY(template_rules)/SAPPER_PLUGIN_ENTRY(my_game)/' "$work/plugin.c"
expect_contains "$(cat "$work/plugin.c")" '.id = "my-game"' "the id is renamed in the copy"

# 3. Build it out of the tree, against the public header only.
out=$(cd "$work" && cc -shared -fPIC -fvisibility=hidden -Wall -Wextra -Werror \
      -I"$SAPPER_SOURCE/core/include" -o mygame.so plugin.c 2>&1)
expect_status $? 0 "the copy builds with one cc line and no warning"
[ -z "$out" ] || printf '%s\n' "$out" | sed 's/^/    /'
syms=$(nm -D --defined-only "$work/mygame.so" 2>/dev/null | awk '$2 == "T" { print $3 }')
[ "$syms" = "sapper_plugin_entry" ] && pass "only the entry point is exported" ||
    fail "only the entry point is exported: [$syms]"

# 4. The engine finds it by the new id...
out=$(SAPPER_PLUGIN_PATH=$work "$S" plugins --describe my-game 2>&1)
expect_status $? 0 "sapper plugins --describe my-game succeeds"
expect_contains "$out" "my-game: Template rules (rules" "it is listed as a ruleset under the new id"
expect_contains "$out" "target" "its parameter is described"
expect_contains "$out" "$work/mygame.so" "it is found in SAPPER_PLUGIN_PATH"

# ...and plays it: the position first and after each move, an error line
# for a bad command (the game goes on), the result line at the end.
out=$(printf 'add 3\nadd 9\nadd 3\nadd 3\nadd 1\n' |
      SAPPER_PLUGIN_PATH=$work "$S" play --plain game.rules=my-game game.seed=4 \
          --record "$work/won.rec" 2>/dev/null)
expect_status $? 0 "a won game exits 0"
expect_contains "$out" "total 0 of 10" "the initial position is printed"
expect_contains "$out" 'error: expected "add 1", "add 2" or "add 3"' "a bad command gets the rules' reason"
expect_contains "$out" "total 10 of 10" "the last position is printed"
expect_contains "$out" 'result {"ruleset":"my-game","outcome":"won","moves":4,"seed":4' \
    "landing on the target wins in 4 moves"
boards=$(printf '%s\n' "$out" | grep -c '^total ')
[ "$boards" -eq 5 ] && pass "a position before the first move and after each of 4" ||
    fail "a position before the first move and after each of 4: $boards"

out=$(printf 'add 3\nadd 3\nadd 3\n' |
      SAPPER_PLUGIN_PATH=$work "$S" play --plain game.rules=my-game rules.target=7 \
          game.seed=4 2>/dev/null)
expect_contains "$out" "total 9 of 7" "a parameter from the command line reaches the game"
expect_contains "$out" '"outcome":"lost","moves":3' "going past the target loses"

# The recorded game replays with the copy.
out=$(SAPPER_PLUGIN_PATH=$work "$S" replay "$work/won.rec" 2>&1)
expect_status $? 0 "the recorded game replays"
expect_contains "$out" "0 mismatches" "the replay reaches the same result"
finish
