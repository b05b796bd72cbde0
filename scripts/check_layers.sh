#!/bin/sh
# The layering gate (issue 24): each folder of core/ is one link target and
# may include only the folders below it. Checks every #include of core/ and
# plugins/ against the arrows below, and that no core file names a family or
# a ruleset in code. Prints each offender as `file:line: ...: RULE` and exits
# 1; exits 0 with one summary line when none. Front ends, tests and benches
# are unrestricted (they are not in the table).
#   scripts/check_layers.sh [SOURCE_DIR]
set -eu
cd "${1:-$(dirname "$0")/..}"
CC=${CC:-cc}

# The arrows: a folder, then what it may include besides itself. Every folder
# may include core/include/sapper/plugin.h. An entry is a folder (all it holds)
# or one file. A file belongs to the longest folder of this table that holds it.
arrows=$(cat <<'EOF'
core/include:
core/mines:        core/include/sapper/mines.h
core/helper:
core/stats:
core/loader:       core/helper
core/bothost:      core/loader core/helper
core/engine:       core/loader
core/protocol:     core/engine core/include/sapper/mines.h core/include/sapper/arena.h
core/net:          core/engine
core/sandbox:      core/protocol core/engine core/loader core/helper
core/scores:       core/engine core/loader
core/tournament:   core/engine core/loader
core/results:      core/tournament core/engine core/loader
core/report:       core/results core/stats core/tournament core/engine core/loader
core/runner:       core/results core/stats core/sandbox core/tournament core/engine core/loader core/helper
core/runner/mpi:   core/runner core/results core/stats core/sandbox core/tournament core/engine core/loader core/helper
plugins/*/*:       core/mines core/include/sapper/mines.h core/include/sapper/arena.h
EOF
)

# The one place core code may name a ruleset id, and why (a file, an id, the
# reason; not lines): a file format's history, not a ruleset's behaviour.
known=$(cat <<'EOF'
core/scores/score_file.c deductive version 1 score files held Deductive Minesweeper's games only, so migrating one names it
EOF
)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# Headers of core/ and frontends/ by basename (the fallback of resolution).
find core frontends -name '*.h' | sort > "$tmp/headers"
# Every #include of the checked files: file:line:text.
find core plugins -name '*.[ch]' | sort > "$tmp/files"
# shellcheck disable=SC2046
grep -Hn '^[[:space:]]*#[[:space:]]*include' $(cat "$tmp/files") > "$tmp/includes" || true

status=0

# Rules 1-5: resolve each include, then check its arrow.
printf '%s\n' "$arrows" | awk -v headers="$tmp/headers" -v incs="$tmp/includes" '
function norm(p,   n, a, out, i, k) {
    n = split(p, a, "/"); k = 0
    for (i = 1; i <= n; i++) {
        if (a[i] == "." || a[i] == "") continue
        if (a[i] == ".." && k > 0 && out[k] != "..") { k--; continue }
        out[++k] = a[i]
    }
    p = ""
    for (i = 1; i <= k; i++) p = p (i > 1 ? "/" : "") out[i]
    return p
}
function exists(p,   r, line) {
    r = (getline line < p); close(p)
    return r >= 0
}
function folder(p,   n, a, best, f) {
    if (p ~ /^frontends\//) return "frontends"
    if (p ~ /^tests\//) return "tests"
    if (p ~ /^plugins\//) { n = split(p, a, "/"); return (n >= 4) ? a[1] "/" a[2] "/" a[3] : "" }
    best = ""
    for (f in allow) if (f != "plugins/*/*" && index(p, f "/") == 1 && length(f) > length(best)) best = f
    return best
}
function rulekey(g) { return (g ~ /^plugins\//) ? "plugins/*/*" : g }
function allowed(g, t,   list, n, a, i) {
    if (t == "core/include/sapper/plugin.h") return 1
    if (folder(t) == g) return 1
    n = split(allow[rulekey(g)], a, " ")
    for (i = 1; i <= n; i++) if (t == a[i] || index(t, a[i] "/") == 1) return 1
    return 0
}
function dirof(p) { sub(/\/[^\/]*$/, "", p); return p }
function base(p) { sub(/.*\//, "", p); return p }
BEGIN {
    while ((getline line < headers) > 0) { b = base(line); count[b]++; where[b] = line }
}
/^[a-z]/ {
    key = $1; sub(/:$/, "", key); $1 = ""; sub(/^ +/, ""); allow[key] = $0; order[++nf] = key
}
END {
    bad = 0
    while ((getline line < incs) > 0) {
        # file:line:#include "x" or <x>
        file = line; sub(/:.*/, "", file)
        rest = substr(line, length(file) + 2); ln = rest; sub(/:.*/, "", ln)
        text = substr(rest, length(ln) + 2)
        quoted = (text ~ /"/)
        x = text; sub(/^[^"<]*["<]/, "", x); sub(/[">].*$/, "", x)
        g = folder(file)
        if (g == "") continue
        target = ""
        if (quoted && exists(norm(dirof(file) "/" x))) target = norm(dirof(file) "/" x)
        else if (x ~ /^sapper\//) target = "core/include/" x
        else if (count[base(x)] == 1) target = where[base(x)]
        else if (count[base(x)] > 1) {
            printf "%s:%s: includes %s: ambiguous, %d headers of that name in core/ or frontends/\n", file, ln, x, count[base(x)]
            bad = 1; continue
        }
        if (target == "") continue          # a system or third-party header
        tg = folder(target)
        if (allowed(g, target)) continue
        if (g ~ /^core\// && tg == "frontends")
            rule = "core never includes frontends"
        else if (g == "core/engine" && tg ~ /^core\/(tournament|runner|results|stats|report|sandbox|scores)/)
            rule = "the engine includes nothing of tournament, runner, results, stats, report, sandbox, scores"
        else if (g == "core/loader")
            rule = "the loader includes nothing of the engine (nor above)"
        else
            rule = rulekey(g) " may include only: " (allow[rulekey(g)] == "" ? "itself" : allow[rulekey(g)]) " (and sapper/plugin.h)"
        printf "%s:%s: includes %s (folder %s): %s\n", file, ln, x, (tg == "" ? target : tg), rule
        bad = 1
    }
    # Rule 7: every core folder of the table has its README.md.
    for (i = 1; i <= nf; i++) {
        f = order[i]
        if (f ~ /\*/) continue
        if (!exists(f "/README.md")) { printf "%s/README.md: missing: every folder says its job and its arrows\n", f; bad = 1 }
    }
    exit bad
}' || status=1

# Rule 6: no core file names a family or a ruleset id in code (comments
# stripped by the preprocessor, strings kept; include lines are rules 1-5's).
# The mines library and the seat protocol are the families' vocabularies.
ids="mines arena $(ls plugins/rules | tr '\n' ' ')"
pattern=$(printf '%s\n' $ids | paste -sd'|' -)
grep '^core/' "$tmp/files" | grep -v '^core/mines/\|^core/protocol/\|^core/include/sapper/mines\.h$\|^core/include/sapper/arena\.h$' |
while read -r f; do
    "$CC" -fpreprocessed -dD -E -x c "$f" 2>/dev/null | awk -v f="$f" -v pat="$pattern" '
    /^# [0-9]+ "/ { n = $2 - 1; next }
    { n++ }
    /^[[:space:]]*#[[:space:]]*include/ { next }
    {
        s = tolower($0)
        while (match(s, "(^|[^a-z0-9])(" pat ")([^a-z0-9]|$)")) {
            m = substr(s, RSTART, RLENGTH); gsub(/[^a-z0-9]/, " ", m); split(m, w, " ")
            print f ":" n ": " w[1]
            s = substr(s, RSTART + RLENGTH - 1)
        }
    }'
done > "$tmp/ids"
sort -u "$tmp/ids" | sort -t: -k1,1 -k2,2n > "$tmp/ids.sorted"
printf '%s\n' "$known" > "$tmp/known"
nknown=$(awk -F': ' -v kf="$tmp/known" '
    BEGIN { while ((getline l < kf) > 0) { split(l, k, " "); known[k[1] " " k[2]] = 1 } }
    { split($1, a, ":"); if ((a[1] " " $2) in known) n++ }
    END { print n + 0 }' "$tmp/ids.sorted")
if ! awk -F': ' -v kf="$tmp/known" '
    BEGIN {
        while ((getline l < kf) > 0) {
            split(l, k, " "); key = k[1] " " k[2]
            known[key] = substr(l, length(key) + 2)
        }
    }
    {
        split($1, a, ":")
        if ((a[1] " " $2) in known)
            printf "%s: names \"%s\": allowed: %s\n", $1, $2, known[a[1] " " $2]
        else {
            printf "%s: names \"%s\": no core file names a family or ruleset id\n", $1, $2
            bad = 1
        }
    }
    END { exit bad }' "$tmp/ids.sorted"; then
    status=1
fi

if [ "$status" -ne 0 ]; then
    echo "check_layers: violations above (the arrows and the known list: scripts/check_layers.sh)"
    exit 1
fi
echo "check_layers: every include follows the arrows; no family or ruleset id in core but the $nknown allowed"
