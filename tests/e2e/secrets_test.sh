#!/bin/bash
# What a bot's own code can find of the organiser's secrets (issue 27).
# bot_snoop (tests/plugins/bot_snoop.c) searches its whole address space
# for a master seed (as decimal text and as 8 bytes), the marker in a
# layout file's name and the marker in another entrant's parameter, all of
# them in this tournament's configuration: when it is loaded (what it
# finds becomes the default of its `loot` parameter, which the engine
# hands to bot_new: the attack) and in every call. Read by the manifest
# reader and played in the sandbox it must find nothing; played in the
# engine's process (sandbox = none) it finds the seed, which shows that
# its search works.
set -u
B=${1:?usage: secrets_test.sh BUILD_DIR}
. "$(dirname "$0")/lib.sh"
S=$B/sapper
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
export SAPPER_PLUGIN_PATH="$B/tests/plugins"
SEED=16964423776565053155   # above 2^63: all 64 bits of a drawn seed

# A 9x9 layout on which the snoop's first-legal clicks take 4 steps
# before a mine: 10 calls a game.
LAYOUT="$T/snoop-secret-layout-9x9.txt"
printf '9 9 10\n........*\n......*.*\n........*\n.....*...\n.........\n' > "$LAYOUT"
printf '...*.....\n...*..*..\n*........\n*........\n' >> "$LAYOUT"
cat > "$T/secrets.ini" <<INI
[game]
rules = classic
[rules]
layout = $LAYOUT
[tournament]
format = duplicate
games = 2
seed = $SEED
move_time = 2
memory_mb = 256
[entrant.snoop]
bot = bot_snoop
[entrant.decoy]
bot = bot_evil
path = snoop-secret-config-line
INI

# The attack: the defaults of its parameters come from the manifest
# reader, which holds nothing of the engine (not even its environment).
out=$(SAPPER_TOKEN=snoop-secret-config-line "$S" plugins "$T/secrets.ini" --describe bot_snoop 2>&1)
expect_contains "$out" "loot" "sapper plugins --describe shows the snoop's loot parameter"
printf '%s\n' "$out" | grep -qE '^ +loot +string +default none ' &&
    pass "its load-time search found nothing: loot defaults to none" ||
    fail "its load-time search found a secret: $(printf '%s\n' "$out" | grep ' loot ')"

snoop_results() { sqlite3 "$1" "select result from games where seats = '[\"snoop\"]' order by game_index"; }
out=$("$S" tournament "$T/secrets.ini" tournament.db="$T/sandboxed.db" 2>&1); st=$?
expect_status $st 0 "a tournament with secrets in its configuration and the snoop sandboxed completes"
expect_contains "$(sqlite3 "$T/sandboxed.db" "select definition from runs")" \
    "entrant.snoop.loot = none" "the parameters stored for its games hold loot = none"
results=$(snoop_results "$T/sandboxed.db")
[ "$(printf '%s\n' "$results" | grep -c 'snoop: loot=none')" -eq 2 ] &&
    pass "bot_new received loot = none in both games" ||
    fail "bot_new's loot in the 2 games: $(printf '%s\n' "$results" | grep -o 'snoop: loot=[^"]*')"
for call in bot_new step inform bot_free; do
    n=$(printf '%s\n' "$results" | grep -cE "snoop: call $call: clean, scanned [1-9][0-9]* bytes")
    [ "$n" -eq 2 ] && pass "its $call searched a non-empty address space and found nothing, in both games" ||
        fail "$call: $n of 2 games say clean with a non-zero size"
done
sizes=$(printf '%s\n' "$results" | sed -n 's/.*snoop: \([0-9]*\) calls, all clean, the smallest search \([0-9]*\) bytes.*/\1 \2/p')
[ "$(printf '%s\n' "$sizes" | awk '$1 >= 10 && $2 > 0' | wc -l)" -eq 2 ] &&
    pass "every call of both games was clean and searched something ($(echo $sizes))" ||
    fail "not every call was clean: [$sizes]"
expect_not_contains "$results" "found" "the sandboxed snoop found no secret"

# Proof that the search works: in the engine's own process it finds the
# master seed (still with loot = none: the engine loading its code later
# changes nothing of the parameters it was described with). Under
# AddressSanitizer the engine's heap lies in the allocator's reservation of
# terabytes, which the search skips; the seed's 8 bytes on the stack are
# found all the same.
"$S" tournament "$T/secrets.ini" tournament.sandbox=none tournament.db="$T/inproc.db" >/dev/null 2>&1
expect_status $? 0 "the same tournament with the snoop unsandboxed completes"
results=$(snoop_results "$T/inproc.db")
expect_contains "$results" "snoop: loot=none" "unsandboxed too, bot_new received loot = none"
printf '%s\n' "$results" | grep -qE 'snoop: call bot_new: found [^"]*master-seed' &&
    pass "unsandboxed, its search finds the master seed in the engine's memory" ||
    fail "unsandboxed, the snoop should find the master seed: $(printf '%s\n' "$results" | head -c 600)"
finish
