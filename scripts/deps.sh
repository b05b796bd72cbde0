#!/bin/sh
# Installs the Debian 12 packages Sapper needs to build and test, only
# those that are missing. Needs root (or sudo) only when something is missing.
#   scripts/deps.sh        what `make build` and `make test` need
#   scripts/deps.sh fuzz   that and clang with its libFuzzer runtime (make fuzz)
set -eu
PKGS="build-essential cmake pkg-config libinih-dev libcmocka-dev libncurses-dev libsqlite3-dev sqlite3 tmux libsodium-dev libseccomp-dev pmccabe file python3"
if [ "${1:-}" = fuzz ]; then   # libclang-rt-14-dev holds libFuzzer: clang only recommends it
    PKGS="$PKGS clang libclang-rt-14-dev"
fi
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "deps: installing:$missing" >&2
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
