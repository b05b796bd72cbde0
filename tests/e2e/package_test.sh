#!/bin/bash
# package_test.sh BUILD_DIR [SANITIZE] - the packages of `make package`:
# cpack builds the tarball and the .deb into a temporary directory; their
# file lists hold the programs, plugins, configs, man pages, completion,
# headers, pkg-config and CMake files and the template; the tarball,
# unpacked and moved, runs from another directory (a line-protocol game,
# sapper run classic-bots). With SAPPER_TEST_DPKG=1 as root (CI on a
# fresh machine), the .deb is installed with dpkg -i, plays in tmux and
# runs bots from the installed paths, and dpkg -r leaves none of its files.
# Skipped (77) for a sanitizer build (its programs need the sanitizer
# runtime) or without cpack / dpkg-deb.
set -u
B=${1:?usage: package_test.sh BUILD_DIR [SANITIZE]}
SAN=${2:-OFF}
. "$(dirname "$0")/lib.sh"
T=$(mktemp -d); trap 'tmux -L sapper-pkg-$$ kill-server 2>/dev/null; rm -rf "$T"' EXIT
case $SAN in ON|1|TRUE|true) echo "SKIP: a sanitizer build is not packaged"; exit 77 ;; esac
for tool in cpack dpkg-deb; do
    command -v $tool >/dev/null || { echo "SKIP: $tool not found"; exit 77; }
done

(cd "$B" && cpack -B "$T/out") >"$T/cpack.log" 2>&1
expect_status $? 0 "cpack builds the packages"
tgz=$(ls "$T"/out/sapper-*.tar.gz 2>/dev/null | head -1)
deb=$(ls "$T"/out/sapper_*.deb 2>/dev/null | head -1)
[ -n "$tgz" ] && [ -n "$deb" ] && pass "a .tar.gz and a .deb" || { fail "packages: $(ls "$T/out")"; finish; }
top=$(basename "$tgz" .tar.gz)

expect_files() {   # listing prefix what
    local f
    for f in bin/sapper lib/sapper/sapper-bothost lib/sapper/plugins/classic.so \
             lib/sapper/plugins/hunter.so share/sapper/config/classic-bots.ini \
             share/sapper/config/seeker.ini share/sapper/template/plugin.c \
             share/man/man1/sapper.1 share/man/man7/sapper-plugin.7 \
             share/bash-completion/completions/sapper share/doc/sapper/README.md \
             include/sapper/plugin.h include/sapper/mines.h lib/pkgconfig/sapper.pc \
             lib/cmake/Sapper/SapperConfig.cmake; do
        printf '%s\n' "$1" | grep -qx -- "$2$f" || fail "$3 lacks $f"
    done
    pass "$3 holds the programs, plugins, configs, man pages, completion, headers, pkg-config, CMake files and template"
}
expect_files "$(tar tzf "$tgz")" "$top/" "the tarball"
expect_files "$(dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./||')" "usr/" "the .deb"
expect_contains "$(dpkg-deb -f "$deb" Depends)" "libncursesw6" "the .deb depends on the libraries it links"
# A player's package never pulls Open MPI in (issue 25 item 28): MPI
# tournaments are sapper-mpi's, a package of their own where MPI was found.
expect_not_contains "$(ldd "$B/sapper")" "libmpi" "sapper links no MPI library"
expect_not_contains "$(dpkg-deb -f "$deb" Depends)" "openmpi" "the sapper .deb does not depend on Open MPI"
expect_not_contains "$(dpkg-deb -c "$deb")" "sapper-mpi" "nor holds sapper-mpi"
mpideb=$(ls "$T"/out/sapper-mpi_*.deb 2>/dev/null | head -1)
if [ -x "$B/sapper-mpi" ]; then
    [ -n "$mpideb" ] && pass "a sapper-mpi .deb where MPI was found" || fail "no sapper-mpi .deb: $(ls "$T/out")"
    [ -n "$mpideb" ] && expect_contains "$(dpkg-deb -f "$mpideb" Depends)" "sapper (= " \
        "which depends on sapper" &&
        expect_contains "$(dpkg-deb -f "$mpideb" Depends)" "libopenmpi" "and on Open MPI"
else
    [ -z "$mpideb" ] && pass "no sapper-mpi .deb without MPI" || fail "a sapper-mpi .deb without MPI"
fi

mkdir -p "$T/unpack" "$T/elsewhere"
tar xzf "$tgz" -C "$T/unpack" && mv "$T/unpack/$top" "$T/moved"
cd "$T/elsewhere" || exit 1
out=$(printf 'reveal 0 0\nquit\n' | "$T/moved/bin/sapper" play --plain game.seed=3 2>&1); st=$?
expect_status $st 0 "the unpacked, moved tarball plays from another directory"
out=$("$T/moved/bin/sapper" run classic-bots --games 10 2>&1); st=$?
expect_status $st 0 "and runs bots"
expect_contains "$out" "using $T/moved/share/sapper/config/classic-bots.ini" "with its own config"

if [ "${SAPPER_TEST_DPKG:-0}" != 1 ] || [ "$(id -u)" != 0 ]; then
    echo "note: dpkg -i not tried (set SAPPER_TEST_DPKG=1 and run as root, as .ci/run does)"
    finish
    exit
fi
if dpkg -s sapper >/dev/null 2>&1; then
    fail "a sapper package is already installed: not touching it"; finish
fi
dpkg -i "$deb" >"$T/dpkg.log" 2>&1
expect_status $? 0 "dpkg -i installs the .deb"
out=$(/usr/bin/sapper run classic-bots --games 5 2>&1); st=$?
expect_status $st 0 "the installed sapper runs bots"
expect_contains "$out" "using /usr/share/sapper/config/classic-bots.ini" "from the installed config"
expect_contains "$(/usr/bin/sapper plugins)" "/usr/lib/sapper/plugins/classic.so" "with the installed plugins"
if command -v tmux >/dev/null; then
    sock=sapper-pkg-$$
    tmux -L "$sock" new-session -d -s p -x 100 -y 30 "env TERM=xterm-256color /usr/bin/sapper play seeker; sleep 30"
    seen=""
    for _ in $(seq 50); do
        seen=$(tmux -L "$sock" capture-pane -p -t p 2>/dev/null)
        case $seen in *Points:*) break ;; esac
        sleep 0.1
    done
    expect_contains "$seen" "Points:" "the installed sapper play seeker shows its board in tmux"
    tmux -L "$sock" send-keys -t p q y 2>/dev/null
    tmux -L "$sock" kill-server 2>/dev/null
fi
files=$(dpkg -L sapper | while read -r f; do [ -f "$f" ] && echo "$f"; done)
dpkg -r sapper >>"$T/dpkg.log" 2>&1
expect_status $? 0 "dpkg -r removes it"
left=$(for f in $files; do [ -e "$f" ] && echo "$f"; done)
[ -z "$left" ] && [ ! -e /usr/lib/sapper ] && [ ! -e /usr/share/sapper ] &&
    pass "and leaves none of its files" || fail "left behind: $left"
finish
