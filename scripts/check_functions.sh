#!/bin/sh
# Every function of the product code (core/, plugins/, frontends/) fits a
# screen and a head: at most 80 lines and cyclomatic complexity 20, as
# measured by pmccabe (Debian package pmccabe; curl's top-complexity is
# the model). Prints each offender and exits 1; exits 0 when none.
#   scripts/check_functions.sh [SOURCE_DIR]
set -eu
cd "${1:-$(dirname "$0")/..}"
command -v pmccabe >/dev/null || { echo "check_functions: pmccabe is not installed (scripts/deps.sh)"; exit 2; }
files=$(find core plugins frontends -name '*.c' | sort)
# pmccabe: modified complexity (a switch counts once, as curl counts it),
# complexity, statements, first line, lines, file(line): name
bad=$(pmccabe $files 2>/dev/null | awk '$1 > 20 || $5 > 80 {
    printf "%s: %s lines, complexity %s (limits: 80 lines, complexity 20)\n", $6 " " $7, $5, $1 }')
if [ -n "$bad" ]; then
    echo "$bad"
    exit 1
fi
echo "check_functions: every function within 80 lines and complexity 20"
