# lib.sh - tiny assertion helpers for the end-to-end scripts.
# Usage: source it, call `expect_contains "$text" "needle" "what"`, end with
# `finish`. Failures are counted and printed; finish exits non-zero if any.
FAILS=0
pass() { printf 'PASS: %s\n' "$1"; }
fail() { printf 'FAIL: %s\n' "$1"; FAILS=$((FAILS + 1)); }
expect_contains() {
    if printf '%s' "$1" | grep -qF -- "$2"; then pass "$3"; else
        fail "$3: expected to find [$2] in:"; printf '%s\n' "$1" | head -40 | sed 's/^/    /'; fi
}
expect_not_contains() {
    if printf '%s' "$1" | grep -qF -- "$2"; then
        fail "$3: did not expect [$2] in:"; printf '%s\n' "$1" | head -40 | sed 's/^/    /'
    else pass "$3"; fi
}
expect_equal() {   # actual expected what
    if [ "$1" = "$2" ]; then pass "$3"; else fail "$3: expected [$2], found [$1]"; fi
}
expect_status() {
    if [ "$1" -eq "$2" ]; then pass "$3"; else fail "$3: exit status $1, expected $2"; fi
}
finish() { [ "$FAILS" -eq 0 ] && echo "all passed" || { echo "$FAILS failure(s)"; exit 1; }; }
# tmux_keep_server SOCKET: holds a session open on SOCKET for the whole
# script. Without it, ending the last game session stops the server, and a
# new-session that races the shutdown fails ("server exited unexpectedly").
tmux_keep_server() { tmux -L "$1" new-session -d -s keeper -x 20 -y 5 "sleep 3600"; }
