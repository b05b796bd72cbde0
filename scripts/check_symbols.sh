#!/bin/sh
# check_symbols.sh - the gate against functions that are global but used in
# one file only (issue 24): every function with external linkage that a
# product file (core, plugins, frontends) defines must be named in some
# other C source (another product file, a test, a bench); otherwise it
# should be static, or go. The definitions come from the build's object
# files (nm), the uses from the sources, so a part left out of this build
# (MPI) still counts. Public headers' functions (core/include) and the
# plugin entry point are the API and exempt. Prints each offender as
# `source: NAME: RULE` and exits 1; exits 0 with one summary line.
#   scripts/check_symbols.sh BUILD_DIR [SOURCE_DIR]
set -eu
build=$(cd "${1:?usage: check_symbols.sh BUILD_DIR [SOURCE_DIR]}" && pwd)
cd "${2:-$(dirname "$0")/..}"
command -v nm >/dev/null || { echo "check_symbols: nm not found (binutils)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# Each product object with the source it was built from: CMake names an
# object BUILD/DIR/CMakeFiles/TARGET.dir/PATH.c.o, ".." in PATH as "__".
find "$build" -name '*.c.o' -path '*CMakeFiles*' | sort > "$tmp/objects"
while read -r o; do
    src=$(printf '%s\n' "${o#"$build"/}" | sed 's|CMakeFiles/[^/]*\.dir/||; s|__|..|g; s|\.o$||' |
          awk -F/ '{ n = 0; for (i = 1; i <= NF; i++) if ($i == "..") n--; else p[++n] = $i;
                     s = p[1]; for (i = 2; i <= n; i++) s = s "/" p[i]; print s }')
    case $src in core/*|plugins/*|frontends/*) ;; *) continue ;; esac
    [ -f "$src" ] || continue   # an object left by a source since removed
    nm -P "$o" 2>/dev/null | awk -v src="$src" '$2 == "T" { print src, $1 }'
done < "$tmp/objects" | sort -u > "$tmp/defs"

find core plugins frontends tests bench -name '*.c' -o -name '*.cpp' | sort > "$tmp/sources"
cat core/include/sapper/*.h > "$tmp/public"
: > "$tmp/offenders"
while read -r src name; do
    case $name in   # the entry point, as a .so and as linked in (-DSAPPER_BUILTIN)
        sapper_plugin_entry|sapper_builtin_*_entry) continue ;;
        __*) continue ;;   # a runtime's hook by its reserved name (__asan_default_options)
    esac
    grep -qw "$name" "$tmp/public" && continue
    grep -v -x "$src" "$tmp/sources" | xargs grep -lw "$name" >/dev/null 2>&1 && continue
    echo "$src: $name: used only in its own file (make it static, or delete it)" >> "$tmp/offenders"
done < "$tmp/defs"

if [ -s "$tmp/offenders" ]; then
    cat "$tmp/offenders"
    echo "check_symbols: $(wc -l < "$tmp/offenders") function(s) used only in their own file"
    exit 1
fi
echo "check_symbols: each of $(wc -l < "$tmp/defs") global functions is used by another file"
