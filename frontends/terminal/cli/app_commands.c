/*
 * app_commands.c - process bots for every command that reads a config
 * (play, run, tournament, report): where the kits are, and the config's
 * `command = ...` seats and entrants registered (setup.h
 * sapper_setup_add_commands), each started once in the sandbox the run
 * will use, so that a program that cannot play is named before any game.
 */
#define _GNU_SOURCE
#include "app.h"
#include "config_find.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sandbox.h"
#include "setup.h"

void app_kit_dir(char *buf, size_t cap)
{
    char exe[PATH_MAX], want[PATH_MAX + 32];
    config_exe_dir(exe, sizeof exe);
    snprintf(want, sizeof want, "%.4000s/../share/sapper/kits", exe);
#ifdef SAPPER_SOURCE_KIT_DIR
    if (config_build_tree())   /* an installed copy never reads the sources */
        snprintf(want, sizeof want, "%s", SAPPER_SOURCE_KIT_DIR);
#endif
    if (!realpath(want, buf))
        snprintf(buf, cap, "%s", want);
}

/* Whether the config's tournament runs its bots unsandboxed. */
static int tournament_unsandboxed(const sapper_config *cfg)
{
    sapper_config_entry *e = sapper_config_get(cfg, "tournament", "sandbox");
    return e && strcmp(e->value, "none") == 0;
}

int app_add_commands(app *a, int tournament, int start)
{
    char kit[PATH_MAX];
    app_kit_dir(kit, sizeof kit);
    sapper_sandbox_options o = {
        .kit_dir = kit, .memory_mb = 4096,
        .no_lockdown = tournament ? tournament_unsandboxed(&a->cfg) : !a->sandboxed,
    };
    /* the results a tournament writes: its database and the bots' logs */
    sapper_config_entry *db = sapper_config_get(&a->cfg, "tournament", "db");
    char logs[PATH_MAX + 8];
    snprintf(logs, sizeof logs, "%s.logs", db ? db->value : "tournament.db");
    const char *results[] = {db ? db->value : "tournament.db", logs, NULL};
    const char *none[] = {NULL};
    const char *const *guarded = o.no_lockdown || a->own_config ? NULL
                               : tournament ? results : none;
    if (sapper_setup_add_commands(&a->cfg, a->reg, start ? sapper_sandbox_probe : NULL, &o,
                                  guarded, a->err, sizeof a->err) == SAPPER_OK)
        return 0;
    app_error("%s", a->err);
    return EXIT_USAGE;
}
