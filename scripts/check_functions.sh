#!/bin/sh
# Every function of the product code (core/, plugins/, frontends/) fits a
# screen and a head: at most 80 lines and cyclomatic complexity 20, as
# measured by pmccabe (Debian package pmccabe; curl's top-complexity is
# the model). A file pmccabe cannot parse is an offender too: the
# functions past the error go unmeasured. Prints each offender as
# file:line and the rule it breaks, and exits 1; exits 0 when none.
#   scripts/check_functions.sh [SOURCE_DIR]
set -eu
cd "${1:-$(dirname "$0")/..}"
command -v pmccabe >/dev/null || { echo "check_functions: pmccabe is not installed (scripts/deps.sh)"; exit 2; }
files=$(find core plugins frontends -name '*.c' | sort)
errors=$(mktemp)
trap 'rm -f "$errors"' EXIT
# pmccabe: modified complexity (a switch counts once, as curl counts it),
# complexity, statements, first line, lines, file(line): name
bad=$(pmccabe $files 2>"$errors" | awk '$1 > 20 || $5 > 80 {
    printf "%s: %s lines, complexity %s (limits: 80 lines, complexity 20)\n", $6 " " $7, $5, $1 }')
# its parse errors read: "FILE", line N: MESSAGE
unparsed=$(awk '/^"[^"]*", line [0-9]+: / {
    file = $0; sub(/^"/, "", file); sub(/".*/, "", file)
    line = $0; sub(/^"[^"]*", line /, "", line); sub(/:.*/, "", line)
    msg = $0; sub(/^"[^"]*", line [0-9]+: /, "", msg)
    printf "%s:%s: pmccabe cannot parse this (%s); every function must be measurable (write it so pmccabe can read it)\n", file, line, msg }' "$errors")
if [ -n "$bad$unparsed" ]; then
    [ -z "$bad" ] || echo "$bad"
    [ -z "$unparsed" ] || echo "$unparsed"
    exit 1
fi
echo "check_functions: every function within 80 lines and complexity 20"
