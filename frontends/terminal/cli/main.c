/*
 * main.c - the `sapper` command: picks the subcommand and hands over. Each
 * subcommand lives in its own file; this one only dispatches and prints
 * usage.
 */
#include "heap.h"
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "config_find.h"

static const char usage[] =
    "usage: sapper COMMAND [ARGS]\n"
    "\n"
    "  play [CONFIG] [section.key=value ...] [--plain] [--record FILE]\n"
    "       [--sandbox none]\n"
    "        play in the terminal (the built-in classic default without CONFIG);\n"
    "        without a terminal, or with --plain, speak the line protocol\n"
    "  run CONFIG [section.key=value ...] [--games N] [--record FILE]\n"
    "      [--sandbox none]\n"
    "        bots only: a line per game and a summary; bots play sandboxed\n"
    "        unless --sandbox none (your own bots: in this process, faster)\n"
    "  replay FILE | replay --db FILE --game N\n"
    "        re-execute recorded games and check they reach the same result\n"
    "  replay --watch [--plain] [--speed X] FILE [--game N] | --db FILE --game N\n"
    "        play one recorded game back, position by position\n"
    "  tournament CONFIG [section.key=value ...] [--jobs N] [--resume]\n"
    "             [--json FILE] [--csv FILE] [--report-every N] [--verbose]\n"
    "        bot-vs-bot at scale across processes, results in SQLite; the\n"
    "        standings every N games, a line a game with --verbose;\n"
    "        under mpirun -np N, across the ranks of an MPI job (docs/MPI.md)\n"
    "  plugins [CONFIG] [section.key=value...] [--describe ID]\n"
    "        list the plugins found (CONFIG's [engine] plugin_path first),\n"
    "        or one plugin's parameters\n"
    "  analyze [--format grid|tsv] [--budget NODES] FILE\n"
    "        exact mine probabilities of a position in the board text format\n"
    "  scores [RULESET|CONFIG] [--board KEY] [--json] [--scorefile FILE]\n"
    "        the scoreboard: best times, players, streaks, latest games\n"
    "  report DB [--tournament ID] -o FILE.html\n"
    "        a tournament's charts as one self-contained HTML page\n"
    "\n"
    "Overrides such as rules.first_click=opening or game.seed=7 win over the\n"
    "config file. Plugins are searched in [engine] plugin_path, then\n"
    "$SAPPER_PLUGIN_PATH, then next to the executable. See README.md.\n";

/* The version, the ABI, and where plugins and configs are searched. */
static int print_version(void)
{
    char exe[4096], configs[8192];
    const char *env = getenv("SAPPER_PLUGIN_PATH");
    config_exe_dir(exe, sizeof exe);
    config_search_dirs(configs, sizeof configs);
    printf("sapper %s (plugin ABI %d.%d)\n", SAPPER_VERSION, SAPPER_ABI_MAJOR,
           SAPPER_ABI_MINOR);
    printf("plugins are searched in: a config's [engine] plugin_path, then "
           "$SAPPER_PLUGIN_PATH (%s), then %s/plugins and %s/../lib/sapper/plugins\n",
           env && *env ? env : "not set", exe, exe);
    printf("configs by name (sapper play seeker) are searched in: %s\n",
           configs[0] ? configs : "(no config directory found)");
    return 0;
}

int main(int argc, char **argv)
{
    sapper_keep_heap();   /* no page faults per game (heap.h) */
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        fputs(usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "--version") == 0)
        return print_version();
    static const struct {
        const char *name;
        int (*fn)(int, char **);
    } commands[] = {
        {"play", cmd_play},
        {"run", cmd_run},
        {"replay", cmd_replay},
        {"plugins", cmd_plugins},
        {"tournament", cmd_tournament},
        {"analyze", cmd_analyze},
        {"scores", cmd_scores},
        {"report", cmd_report},
    };
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].fn(argc - 2, argv + 2);
    fprintf(stderr, "sapper: unknown command \"%s\"; expected play, run, "
            "replay, plugins, tournament, analyze, scores or report\n\n%s", argv[1], usage);
    return 2;
}
