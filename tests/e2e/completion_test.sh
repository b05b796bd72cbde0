#!/bin/bash
# completion_test.sh BUILD_DIR - the bash completion as a person meets it:
# the script is sourced as bash-completion would, and _sapper is asked what
# follows what has been typed (COMP_WORDS), as pressing Tab asks it.
set -u
B=${1:?usage: completion_test.sh BUILD_DIR}
. "$(dirname "$0")/lib.sh"
. "$SAPPER_SOURCE/scripts/sapper-completion.bash"
S=$B/sapper

# complete WORD...: what Tab offers for the last word, one per line, sorted
complete_words() {
    COMP_WORDS=("$S" "$@")
    COMP_CWORD=$(($# ))
    COMPREPLY=()
    _sapper
    printf '%s\n' "${COMPREPLY[@]}" | sort -u
}

out=$(complete_words "")
for c in play run replay tournament plugins analyze scores report --version; do
    expect_contains "$out" "$c" "the subcommand $c is offered"
done
expect_contains "$(complete_words tournament x.ini --rep)" "--report-every" \
    "tournament options: --report-every"
expect_contains "$(complete_words tournament x.ini --)" "--verbose" "and --verbose"
expect_not_contains "$(complete_words tournament x.ini --)" "--plain" \
    "and not another command's --plain"
expect_contains "$(complete_words replay --)" "--watch" "replay options: --watch"
expect_contains "$(complete_words report db -)" "-o" "report options: -o"
expect_contains "$(complete_words play seek)" "seeker" "a config by name: seeker"
expect_contains "$(complete_words run classic-bots rules.wi)" "rules.width=" \
    "rules keys from the ruleset's own parameters"
expect_contains "$(complete_words play seeker game.rules=seeker player.2.bot=hunter player.2.look)" \
    "player.2.lookahead=" "a seat's keys from the bot named for it"
# The rules a config names, without game.rules= (issue 25 item 27).
out=$(complete_words play seeker rules.)
expect_contains "$out" "rules.bomb=" "play seeker rules.<TAB> offers Mine-Seeker's keys"
expect_not_contains "$out" "rules.first_click=" "and not classic's"
T27=$(mktemp -d)
printf '[game]\nrules = deductive\n' > "$T27/mine.ini"
expect_contains "$(complete_words play "$T27/mine.ini" rules.)" "rules.name=" \
    "a config file's [game] rules gives its keys too"
expect_contains "$(complete_words play "$T27/mine.ini" game.rules=seeker rules.bo)" "rules.bomb=" \
    "and game.rules= wins over it"
rm -rf "$T27"
finish
