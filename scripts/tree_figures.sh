#!/bin/sh
# tree_figures.sh - the figures of the source tree a refactor is judged by
# (issue 24): files and lines (.c and .h) per product folder, the median
# and largest file, and the count, median and largest function (pmccabe).
# Run it in a checkout of any commit to compare before and after.
#   scripts/tree_figures.sh [SOURCE_DIR]
set -eu
cd "${1:-$(dirname "$0")/..}"
echo "folder                         files  lines"
for d in $(find core plugins frontends -type d | sort); do
    n=$(find "$d" -maxdepth 1 -name '*.[ch]' | wc -l)
    [ "$n" -gt 0 ] || continue
    l=$(find "$d" -maxdepth 1 -name '*.[ch]' -exec cat {} + | wc -l)
    printf '%-30s %6d %6d\n' "$d" "$n" "$l"
done
find core plugins frontends -name '*.[ch]' -exec wc -l {} + | grep -v ' total$' |
    sort -n | awk '{ v[NR] = $1; f[NR] = $2 } END {
        printf "product files: %d, median %d lines, largest %d (%s); over 550: %d\n",
            NR, v[int((NR + 1) / 2)], v[NR], f[NR], over(v, NR) }
        function over(v, n,   i, c) { for (i = 1; i <= n; i++) if (v[i] > 550) c++; return c + 0 }'
if command -v pmccabe >/dev/null; then
    # shellcheck disable=SC2046
    pmccabe $(find core plugins frontends -name '*.c') 2>/dev/null | awk '{ print $5 }' |
        sort -n | awk '{ v[NR] = $1 } END {
            printf "functions: %d, median %d lines, largest %d; over 80: %d\n",
                NR, v[int((NR + 1) / 2)], v[NR], c(v, NR) }
            function c(v, n,   i, k) { for (i = 1; i <= n; i++) if (v[i] > 80) k++; return k + 0 }'
fi
