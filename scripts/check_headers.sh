#!/bin/sh
# check_headers.sh - the gate that keeps the tree readable (issue 24): every
# C source and header of the product (core, plugins, frontends) opens with
# a comment that names the file and says what it is for ("NAME.c - ..."),
# and every folder of the product has a README.md saying its job and its
# arrows. Prints each offender as `path: RULE` and exits 1; exits 0 with
# one summary line when none.
#   scripts/check_headers.sh [SOURCE_DIR]
set -eu
cd "${1:-$(dirname "$0")/..}"
bad=0 files=0 dirs=0
for f in $(find core plugins frontends -name '*.[ch]' -o -name '*.cpp' | sort); do
    files=$((files + 1))
    name=$(basename "$f")
    if ! head -2 "$f" | grep -q "^\(/\*\| \*\|//\) *\([a-z_]*/\)*$name - "; then
        echo "$f: must open with a comment \"$name - what this file is for\""
        bad=$((bad + 1))
    fi
done
for d in $(find core plugins frontends -type d | sort); do
    dirs=$((dirs + 1))
    if [ ! -f "$d/README.md" ]; then
        echo "$d: has no README.md (its job, what it may include, what must never include it)"
        bad=$((bad + 1))
    fi
done
if [ $bad -gt 0 ]; then
    echo "check_headers: $bad offender(s)"
    exit 1
fi
echo "check_headers: $files files open with their job, $dirs folders have a README.md"
