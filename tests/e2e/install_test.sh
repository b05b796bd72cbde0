#!/bin/bash
# The out-of-tree bot route of docs/PLUGINS.md, as an author follows it:
# install the engine to a prefix, build a copy of the template bot with
# the installed header found through pkg-config (the prefix comes from
# where sapper.pc is, so `cmake --install --prefix` needs no reconfigure),
# give it its own id, and check that the engine lists it and plays it.
# Then, as a user of the installed files: the prefix moved elsewhere, from
# another directory, a line-protocol game, `sapper run classic-bots` (the
# installed config found by name), manifests read by the installed
# sapper-bothost, the installed template built out of tree and played,
# the man pages and the completion in place.
set -u
B=${1:?usage: install_test.sh BUILD_DIR}
. "$(dirname "$0")/lib.sh"
S=$B/sapper
SRC=${SAPPER_SOURCE:-$(cd "$(dirname "$0")/../.." && pwd)}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
if ! command -v pkg-config >/dev/null || ! command -v cc >/dev/null; then
    echo "SKIP: pkg-config or cc not found"; exit 77
fi

cmake --install "$B" --prefix "$T/prefix" >"$T/install.log" 2>&1
expect_status $? 0 "cmake --install to a prefix"
export PKG_CONFIG_PATH="$T/prefix/lib/pkgconfig"
cflags=$(pkg-config --cflags sapper 2>&1)
expect_contains "$cflags" "$T/prefix/lib/pkgconfig/../../include" "pkg-config points into the prefix"
plugindir=$(pkg-config --variable=plugindir sapper)
expect_contains "$plugindir" "$T/prefix/" "plugindir is in the prefix"
[ -f "$(pkg-config --variable=includedir sapper)/sapper/mines.h" ] &&
    pass "the installed header is where pkg-config says" || fail "no sapper/mines.h under includedir"

sed -e 's/SAPPER_PLUGIN_ENTRY(template)/SAPPER_PLUGIN_ENTRY(mybot)/' \
    -e 's/\.id = "template"/.id = "mybot"/' "$SRC/plugins/bots/template/plugin.c" > "$T/mybot.c"
mkdir -p "$T/plugins"
# shellcheck disable=SC2086
cc -shared -fPIC -fvisibility=hidden $cflags -o "$T/plugins/mybot.so" "$T/mybot.c" 2>"$T/cc.log"
expect_status $? 0 "the copied template builds with the pkg-config flags"
exports=$(nm -D --defined-only "$T/plugins/mybot.so" | awk '$2 == "T" {print $3}')
[ "$exports" = "sapper_plugin_entry" ] && pass "only the entry point is exported" ||
    fail "exports: $exports"

out=$("$S" plugins engine.plugin_path="$T/plugins" --describe mybot 2>&1); st=$?
expect_status $st 0 "sapper plugins finds the new bot on plugin_path"
expect_contains "$out" "mybot: " "and describes it"
printf '[engine]\nplugin_path = %s\n[game]\nrules = classic\nseed = 4\n[player.1]\nbot = mybot\n' \
    "$T/plugins" > "$T/mybot.ini"
out=$("$S" run "$T/mybot.ini" --games 3 2>&1); st=$?
expect_status $st 0 "sapper run plays it"
expect_contains "$out" "3 games" "three games"

# The solver is installed for bots too: sapper/solver.h, libsapper_mines,
# found through pkg-config sapper-mines. A 2x2 board whose one mine sits
# next to a revealed 1: each of the three other cells holds it with 1/3.
cat > "$T/solve.c" <<'C'
#include <sapper/solver.h>
#include <stdio.h>
int main(void)
{
    uint8_t cells[4] = {1, SAPPER_CELL_HIDDEN, SAPPER_CELL_HIDDEN, SAPPER_CELL_HIDDEN};
    sapper_mines_position pos = {2, 2, 1, 0, cells};
    sapper_mines_solver *s = sapper_mines_solver_new(2, 2);
    sapper_mines_result r;
    if (!s || sapper_mines_analyze(s, &pos, NULL, &r) != SAPPER_OK)
        return 1;
    printf("%.6f %.6f %.6f\n", r.prob[1], r.prob[2], r.prob[3]);
    sapper_mines_solver_free(s);
    return 0;
}
C
# (a sanitizer build's library needs the sanitizer runtime to link)
san=""
nm "$T/prefix/lib/libsapper_mines.a" 2>/dev/null | grep -q __asan_ && san="-fsanitize=address,undefined"
# shellcheck disable=SC2046,SC2086
cc $san -o "$T/solve" "$T/solve.c" $(pkg-config --cflags --libs sapper-mines) 2>"$T/cc2.log"
expect_status $? 0 "a program builds against the installed solver (pkg-config sapper-mines)"
expect_contains "$("$T/solve" 2>&1)" "0.333333 0.333333 0.333333" "and gets exact probabilities from it"

# ---- the install moved, used from elsewhere (issue 18) -------------------
mv "$T/prefix" "$T/moved"
P=$T/moved
mkdir -p "$T/elsewhere" && cd "$T/elsewhere" || exit 1
out=$(printf 'reveal 0 0\nquit\n' | "$P/bin/sapper" play --plain game.seed=3 2>&1); st=$?
expect_status $st 0 "a moved install plays a line-protocol game"
expect_contains "$out" "result {" "to its result line"
out=$("$P/bin/sapper" run classic-bots --games 10 2>&1); st=$?
expect_status $st 0 "sapper run classic-bots finds the installed config by name"
expect_contains "$out" "config \"classic-bots\": using $P/share/sapper/config/classic-bots.ini" "and says which file it used"
expect_contains "$out" "summary: 10 games" "and plays 10 games"
out=$("$P/bin/sapper" run no-such-config 2>&1); st=$?
expect_status $st 2 "a config name that matches nothing is refused"
expect_contains "$out" "classic-bots, classic-expert, deductive" "and the installed configs are listed"
expect_contains "$("$P/bin/sapper" --version)" "searched in: $P/share/sapper/config" "--version says where configs are searched"
# An installed copy searches only paths relative to where it is installed
# (issue 25 item 28): never the build tree's plugins or the source's configs.
version=$("$P/bin/sapper" --version)
expect_not_contains "$version" "$B/plugins" "--version names no build-tree plugin directory"
expect_not_contains "$version" "$SRC/config" "nor the source's config directory"
expect_contains "$version" "then $P/lib/sapper/plugins" "only the installed plugin directory"
# Every manifest is read by the installed lib/sapper/sapper-bothost: without
# it the installed sapper loads no plugin file and says why.
out=$(SAPPER_PLUGIN_PATH= "$P/bin/sapper" plugins 2>&1)
expect_contains "$out" "$P/lib/sapper/plugins/classic.so" "the moved install reads its plugins' manifests"
expect_not_contains "$out" "refused" "all of them"
mv "$P/lib/sapper/sapper-bothost" "$T/bothost.away"
out=$("$P/bin/sapper" plugins 2>&1)
expect_contains "$out" "plugins are read by sapper-bothost, found neither" "without sapper-bothost the error names it"
expect_contains "$out" "classic.so: cannot load: no manifest reader" "and no plugin file is read"
mv "$T/bothost.away" "$P/lib/sapper/sapper-bothost"
sed -e 's/SAPPER_PLUGIN_ENTRY(template)/SAPPER_PLUGIN_ENTRY(yourbot)/' \
    -e 's/\.id = "template"/.id = "yourbot"/' "$P/share/sapper/template/plugin.c" > "$T/yourbot.c"
mkdir -p "$T/yours"
# shellcheck disable=SC2046
cc -shared -fPIC -fvisibility=hidden $(PKG_CONFIG_PATH="$P/lib/pkgconfig" pkg-config --cflags sapper) \
    -o "$T/yours/yourbot.so" "$T/yourbot.c" 2>"$T/cc3.log"
expect_status $? 0 "the installed template builds out of tree"
out=$("$P/bin/sapper" run classic-bots engine.plugin_path="$T/yours" player.1.bot=yourbot --games 3 2>&1); st=$?
expect_status $st 0 "and plays"
expect_contains "$out" "(yourbot): wins" "as yourbot"
for f in share/man/man1/sapper.1 share/man/man7/sapper-plugin.7 \
         share/bash-completion/completions/sapper share/doc/sapper/PLUGINS.md \
         share/sapper/template/README.md; do
    [ -s "$P/$f" ] && pass "installed: $f" || fail "not installed: $f"
done
if command -v man >/dev/null; then
    expect_contains "$(MANWIDTH=80 man -l "$P/share/man/man1/sapper.1" 2>&1)" "SYNOPSIS" "the man page renders"
fi
cd "$SRC" || exit 1
finish
