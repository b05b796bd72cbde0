# Bash completion for sapper: the subcommands, their options, config files
# and the installed configs by name (sapper --version says where), and
# `section.key=` overrides from the plugins' own parameter lists
# (sapper plugins --describe): rules.<TAB> offers the keys of the rules the
# command line names (game.rules=, else its config's [game] rules). Installed as
# <prefix>/share/bash-completion/completions/sapper.

# The parameter keys of plugin $1, one per line.
_sapper_keys()
{
    "$1" plugins --describe "$2" 2>/dev/null |
        awk '/^parameters/ {on = 1; next} on && /^  [a-z_0-9]+ / {print $1}'
}

# The installed configs' names.
_sapper_config_names()
{
    local dirs d
    dirs=$("$1" --version 2>/dev/null | sed -n 's/^configs by name.*searched in: //p')
    local IFS=:
    for d in $dirs; do
        [ -d "$d" ] && (cd "$d" && ls -- *.ini 2>/dev/null | sed 's/\.ini$//')
    done
}

# The config file the command line names (its first word after the
# command that is no option or override): a path, or a name found in the
# installed configs' directories.
_sapper_config_file()
{
    local w dirs d
    for w in "${COMP_WORDS[@]:2:COMP_CWORD-2}"; do
        case $w in -*|*=*) continue ;; esac
        [ -f "$w" ] && { echo "$w"; return; }
        dirs=$("$1" --version 2>/dev/null | sed -n 's/^configs by name.*searched in: //p')
        local IFS=:
        for d in $dirs; do
            [ -f "$d/$w.ini" ] && { echo "$d/$w.ini"; return; }
        done
        return
    done
}

# The `rules =` of a config file's [game] section.
_sapper_config_rules()
{
    [ -n "$1" ] && awk -F= '/^[ \t]*\[/ { game = ($0 ~ /^[ \t]*\[game\]/) }
        game && $1 ~ /^[ \t]*rules[ \t]*$/ { gsub(/[ \t]/, "", $2); print $2; exit }' "$1"
}

# The rules and the bot of seat N named on the command line so far.
_sapper_named()
{
    local w
    for w in "${COMP_WORDS[@]}"; do
        case $w in "$1"=*) echo "${w#*=}"; return ;; esac
    done
}

_sapper()
{
    local cur prog cmd
    cur=${COMP_WORDS[COMP_CWORD]}
    prog=${COMP_WORDS[0]}
    cmd=${COMP_WORDS[1]:-}
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W "play run replay tournament plugins analyze scores report serve join --version --help" -- "$cur"))
        return
    fi
    case $cur in
    rules.*)
        local rules
        rules=$(_sapper_named game.rules)   # the override, else the config's
        [ -n "$rules" ] || rules=$(_sapper_config_rules "$(_sapper_config_file "$prog")")
        rules=${rules:-classic}
        COMPREPLY=($(compgen -P rules. -S = -W "$(_sapper_keys "$prog" "$rules")" -- "${cur#rules.}"))
        compopt -o nospace 2>/dev/null
        return ;;
    player.[0-9]*.*)
        local seat=${cur#player.}; seat=${seat%%.*}
        local bot
        bot=$(_sapper_named "player.$seat.bot")
        COMPREPLY=($(compgen -P "player.$seat." -S = \
            -W "bot name $([ -n "$bot" ] && _sapper_keys "$prog" "$bot")" -- "${cur#player.$seat.}"))
        compopt -o nospace 2>/dev/null
        return ;;
    game.*)
        COMPREPLY=($(compgen -P game. -S = -W "rules seed players" -- "${cur#game.}"))
        compopt -o nospace 2>/dev/null
        return ;;
    -*)
        local opts
        case $cmd in
        play) opts="--plain --record --sandbox" ;;
        run) opts="--games --record --sandbox --quiet" ;;
        replay) opts="--db --game --watch --plain --speed --svg" ;;
        tournament) opts="--jobs --resume --json --csv --report-every --verbose --quiet" ;;
        plugins) opts="--describe" ;;
        analyze) opts="--format --budget -o" ;;
        scores) opts="--board --json --scorefile" ;;
        report) opts="--tournament -o --list" ;;
        serve) opts="--listen --code --games --move-time --reconnect --max-connections --play --watch --record --sandbox" ;;
        join) opts="--code --name --seat --watch --plain --bot" ;;
        esac
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        return ;;
    esac
    case $cmd in
    plugins)
        COMPREPLY=($(compgen -W "$("$prog" plugins 2>/dev/null | awk 'NR > 1 {print $1}')" -- "$cur")) ;;
    scores)
        COMPREPLY=($(compgen -W "classic deductive $(_sapper_config_names "$prog")" -- "$cur")
                   $(compgen -f -X '!*.ini' -- "$cur")) ;;
    play | run | tournament | serve)
        COMPREPLY=($(compgen -W "$(_sapper_config_names "$prog") rules. game. player.1. player.2." -- "$cur")
                   $(compgen -f -X '!*.ini' -- "$cur") $(compgen -d -- "$cur"))
        case ${COMPREPLY[*]} in *.) compopt -o nospace 2>/dev/null ;; esac ;;
    *)
        COMPREPLY=($(compgen -f -- "$cur")) ;;
    esac
}
complete -F _sapper sapper
