/*
 * bot_check.c - `sapper bot-check [--games N] [--sandbox none] COMMAND ...`:
 * a process bot's author's first test. Starts the program once and checks
 * its handshake, then plays a few games of every family it declares
 * (classic alone, seeker against the simple bot, woodsword against two
 * woodsword bots), sandboxed as a tournament would, and says in words
 * what went wrong: the line of its output, what was expected and what was
 * found. Exit status 0 only when every game ended by the rules.
 */
#define _GNU_SOURCE
#include "commands.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sandbox.h"
#include "setup.h"

typedef struct check {
    char command[4096];
    char cwd[PATH_MAX];
    long games;
    int unsandboxed;
    long faults;
} check;

static int usage(const char *why)
{
    app_error("bot-check: %s; usage: sapper bot-check [--games N] [--sandbox none] "
              "COMMAND [ARG ...]", why);
    return EXIT_USAGE;
}

/* The options before the command: 0, or the usage's exit status. */
static int read_options(check *c, int argc, char **argv, int *i)
{
    c->games = 3;
    for (; *i < argc && argv[*i][0] == '-'; (*i)++) {
        char *end;
        if (strcmp(argv[*i], "--games") == 0 && *i + 1 < argc) {
            c->games = strtol(argv[++*i], &end, 10);
            if (*end || c->games < 1 || c->games > 1000)
                return usage("--games: expected a number from 1 to 1000");
        } else if (strcmp(argv[*i], "--sandbox") == 0 && *i + 1 < argc &&
                   strcmp(argv[*i + 1], "none") == 0) {
            c->unsandboxed = 1;
            ++*i;
        } else {
            char why[600];
            snprintf(why, sizeof why, "unknown option \"%.500s\"", argv[*i]);
            return usage(why);
        }
    }
    return *i == argc ? usage("expected the bot's command") : 0;
}

/* The command's words joined, quoted where they hold a space or a quote
   (so that the config's splitting gives them back). */
static int join_command(check *c, int argc, char **argv, int i)
{
    size_t n = 0;
    for (; i < argc; i++) {
        int quote = strpbrk(argv[i], " \t'\"\\") != NULL;
        if (quote && strchr(argv[i], '\''))
            return usage("a word of the command holds a single quote: write the "
                         "command in a config instead");
        n += (size_t)snprintf(c->command + n, sizeof c->command - n, "%s%s%s%s",
                              n ? " " : "", quote ? "'" : "", argv[i], quote ? "'" : "");
        if (n >= sizeof c->command)
            return usage("the command is too long");
    }
    if (!getcwd(c->cwd, sizeof c->cwd))
        return usage("cannot read the current directory");
    return 0;
}

static int read_args(check *c, int argc, char **argv)
{
    int i = 0;
    int rc = read_options(c, argc, argv, &i);
    return rc ? rc : join_command(c, argc, argv, i);
}

/* The handshake alone: what the bot says it is. */
static int check_handshake(check *c, sapper_command_info *info, uint32_t *families)
{
    char err[2048], kit[PATH_MAX];
    sapper_command *cmd;
    if (sapper_command_parse(c->command, c->cwd, &cmd, err, sizeof err) != SAPPER_OK) {
        printf("command: %s\n", err);
        return 1;
    }
    app_kit_dir(kit, sizeof kit);
    sapper_sandbox_options o = {.kit_dir = kit, .memory_mb = APP_BOT_MEMORY_MB,
                                .no_lockdown = c->unsandboxed};
    int bad = sapper_sandbox_probe(&o, cmd, NULL, info, err, sizeof err) != SAPPER_OK;
    *families = cmd->families;
    if (bad)
        printf("handshake: %s\n", err);
    else
        printf("handshake: ok: id \"%s\", name \"%s\", version \"%s\", families%s%s\n",
               info->id, info->name, info->version,
               cmd->families & 1 ? " mines" : "", cmd->families & 2 ? " arena" : "");
    sapper_command_free(cmd);
    return bad;
}

/* One ruleset's games, the bot in seat 1 with the given opponents. */
static int play_rules(check *c, const char *rules, const char *others)
{
    char path[] = "/tmp/sapper-bot-check-XXXXXX.ini";
    int fd = mkstemps(path, 4);
    if (fd < 0) {
        app_error("bot-check: cannot write a config in /tmp: %s", strerror(errno));
        return EXIT_USAGE;
    }
    FILE *f = fdopen(fd, "w");
    fprintf(f, "[game]\nrules = %s\n\n[player.1]\nname = checked\ncommand = %s\n"
            "cwd = %s\n%s", rules, c->command, c->cwd, others);
    fclose(f);
    char games[32];
    snprintf(games, sizeof games, "%ld", c->games);
    char *argv[] = {path, (char *)"--games", games, (char *)"--sandbox",
                    (char *)(c->unsandboxed ? "none" : "process"), NULL};
    app a = {.prog = "bot-check", .own_config = 1};
    int rc = app_open(&a, 5, argv, APP_OPT_GAMES | APP_OPT_SANDBOX);
    a.log_out = stdout;   /* what went wrong, under its game */
    long ended = 0, faults = 0;
    for (long g = 0; !rc && g < c->games; g++) {
        if ((rc = app_next_match(&a, SAPPER_MATCH_BOT_FAULTS)))
            break;
        sapper_match_advance(a.match);
        sapper_match_end_bots(a.match);
        const sapper_fault *fault = sapper_match_fault(a.match);
        if (fault && fault->seat == 0) {
            printf("  game %ld lost: %s\n", g + 1, fault->detail);
            faults++;
        } else {
            ended++;
        }
    }
    app_close(&a);
    unlink(path);
    if (rc) {   /* it started once, then not again (said above): not sound */
        printf("%s: the bot did not start for its games (the message above)\n", rules);
        c->faults++;
        return 0;
    }
    if (!rc)
        printf("%s: %ld of %ld %s ended by the rules, %ld with the bot's fault\n", rules,
               ended, c->games, app_plural(c->games, "game", "games"), faults);
    c->faults += faults;
    return rc;
}

int cmd_bot_check(int argc, char **argv)
{
    check c = {0};
    int rc = read_args(&c, argc, argv);
    if (rc)
        return rc;
    sapper_command_info info = {0};
    uint32_t families = 0;
    if (check_handshake(&c, &info, &families))
        return 1;
    if (families & 1)
        rc = play_rules(&c, "classic", "");
    if (!rc && (families & 1))
        rc = play_rules(&c, "seeker", "\n[player.2]\nbot = simple\n");
    if (!rc && (families & 2))
        rc = play_rules(&c, "woodsword", "\n[player.2]\nbot = woodsword\n"
                        "\n[player.3]\nbot = woodsword\n");
    if (rc)
        return rc;
    printf("%s\n", c.faults ? "the bot is not sound: see the games above (its standard "
           "error is not shown: run it with a tournament's log, or by hand)"
           : "the bot is sound");
    return c.faults ? 1 : 0;
}
