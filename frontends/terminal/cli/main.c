/*
 * main.c - the `sapper` command: picks the subcommand and hands over. Each
 * subcommand lives in its own file; this one holds the table of them, from
 * which it dispatches and prints the usage.
 */
#include "heap.h"
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "config_find.h"

/* The subcommands, in the order usage lists them, each with its usage
   lines (after the two-space indent of the first). */
static const struct command {
    const char *name;
    int (*fn)(int, char **);
    const char *usage;
} commands[] = {
    {"play", cmd_play,
     "play [CONFIG] [section.key=value ...] [--plain] [--record FILE]\n"
     "       [--sandbox none]\n"
     "        play in the terminal (the built-in classic default without CONFIG);\n"
     "        without a terminal, or with --plain, speak the line protocol\n"},
    {"run", cmd_run,
     "run CONFIG [section.key=value ...] [--games N] [--record FILE]\n"
     "      [--sandbox none] [--quiet]\n"
     "        bots only: a line per game and a summary; bots play sandboxed\n"
     "        unless --sandbox none (your own bots: in this process, faster)\n"},
    {"replay", cmd_replay,
     "replay FILE | replay --db FILE --game N\n"
     "        re-execute recorded games and check they reach the same result\n"
     "  replay --watch [--plain] [--speed X] FILE [--game N] | --db FILE --game N\n"
     "        play one recorded game back, position by position\n"
     "  replay --svg DIR FILE [--game N] | --svg DIR --db FILE --game N\n"
     "        draw its positions, one SVG picture a step, with mine probabilities\n"},
    {"tournament", cmd_tournament,
     "tournament CONFIG [section.key=value ...] [--jobs N] [--resume]\n"
     "             [--json FILE] [--csv FILE] [--report-every N] [--verbose]\n"
     "             [--quiet]\n"
     "        bot-vs-bot at scale across processes, results in SQLite; the\n"
     "        standings every N games, a line a game with --verbose;\n"
     "        under mpirun -np N, across the ranks of an MPI job (docs/MPI.md)\n"},
    {"plugins", cmd_plugins,
     "plugins [CONFIG] [section.key=value...] [--describe ID]\n"
     "        list the plugins found (CONFIG's [engine] plugin_path first),\n"
     "        or one plugin's parameters\n"},
    {"analyze", cmd_analyze,
     "analyze [--format grid|tsv|svg] [--budget NODES] [-o FILE] FILE\n"
     "        exact mine probabilities of a position in the board text format\n"},
    {"scores", cmd_scores,
     "scores [RULESET|CONFIG] [--board KEY] [--json] [--scorefile FILE]\n"
     "        the scoreboard: best times, players, streaks, latest games\n"},
    {"report", cmd_report,
     "report DB [--tournament ID] -o FILE.html | report DB --list\n"
     "        a tournament's charts as one self-contained HTML page; --list\n"
     "        the tournaments a database holds\n"},
    {"serve", cmd_serve,
     "serve CONFIG --listen HOST:PORT [section.key=value ...] [--code C]\n"
     "        [--games N] [--move-time S] [--reconnect S] [--max-connections N]\n"
     "        [--play N | --watch] [--record FILE] [--sandbox none]\n"
     "        host a game whose \"human\" seats people and programs take over\n"
     "        the network; prints the address and the join code; --play N:\n"
     "        this terminal plays seat N, --watch: it looks on\n"},
    {"join", cmd_join,
     "join HOST:PORT --code C [--name NAME] [--seat N] [--watch] [--plain]\n"
     "       [--bot COMMAND [ARG ...]]\n"
     "        play (or look on) in a game sapper serve hosts: its screens on a\n"
     "        terminal, the seat protocol's lines otherwise; --bot: a process\n"
     "        bot plays the seat\n"},
    {"bot-check", cmd_bot_check,
     "bot-check [--games N] [--sandbox none] COMMAND [ARG ...]\n"
     "        check a process bot (any language, docs/PROTOCOL.md): its\n"
     "        handshake, then a few games of each family it declares\n"},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void print_usage(FILE *out)
{
    fputs("usage: sapper COMMAND [ARGS]\n\n", out);
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(out, "  %s", commands[i].usage);
    fputs("\nOverrides such as rules.first_click=opening or game.seed=7 win over the\n"
          "config file. Plugins are searched in [engine] plugin_path, then\n"
          "$SAPPER_PLUGIN_PATH, then next to the executable. See README.md.\n", out);
}

/* `sapper CMD --help` (or -h): that command's lines of the usage. */
static int asks_help(int argc, char **argv)
{
    return argc == 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0);
}

static int print_command_usage(const struct command *c)
{
    printf("usage: sapper %s", c->usage);
    return 0;
}

/* "unknown command": the names it could have been, then the usage. */
static int unknown_command(const char *name)
{
    fprintf(stderr, "sapper: unknown command \"%s\"; expected ", name);
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(stderr, "%s%s", commands[i].name,
                i + 2 < NCOMMANDS ? ", " : i + 1 < NCOMMANDS ? " or " : "\n\n");
    print_usage(stderr);
    return 2;
}

/* The version, the ABI, and where plugins and configs are searched. */
static int print_version(void)
{
    char dirs[8200], configs[8192];
    const char *env = getenv("SAPPER_PLUGIN_PATH");
    app_plugin_dirs(dirs, sizeof dirs);
    config_search_dirs(configs, sizeof configs);
    printf("sapper %s (plugin ABI %d.%d)\n", SAPPER_VERSION, SAPPER_ABI_MAJOR,
           SAPPER_ABI_MINOR);
    printf("plugins are searched in: a config's [engine] plugin_path, then "
           "$SAPPER_PLUGIN_PATH (%s), then %s\n", env && *env ? env : "not set", dirs);
    printf("configs by name (sapper play seeker) are searched in: %s\n",
           configs[0] ? configs : "(no config directory found)");
    return 0;
}

int main(int argc, char **argv)
{
    sapper_keep_heap();   /* no page faults per game (heap.h) */
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        print_usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "--version") == 0)
        return print_version();
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return asks_help(argc, argv) ? print_command_usage(&commands[i])
                                         : commands[i].fn(argc - 2, argv + 2);
    return unknown_command(argv[1]);
}
