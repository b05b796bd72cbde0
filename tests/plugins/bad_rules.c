/*
 * bad_rules.c - rules plugins that misbehave on purpose, for the
 * tournament's fault tests: rock-paper-scissors (rps.c) whose second joint
 * turn either crashes the process (BAD_RULES_CRASH: a NULL store) or
 * refuses a legal action (otherwise), or (BAD_RULES_HUGE) declares a
 * legal list of 2^40 actions, which the engine refuses before the first
 * move. A tournament must void such games, recorded and not scored, and
 * blame no bot. Never copy this.
 */
#include <stdio.h>

#include "rps/rps.h"

static sapper_status bad_apply_joint(void *state, const int64_t *actions,
                                     int32_t players, char *err, size_t errcap)
{
    rps_view v;
    rps_rules_api.observe(state, SAPPER_OMNISCIENT, &v, sizeof v);
    if (v.round >= 1) {
#ifdef BAD_RULES_CRASH
        *(volatile int *volatile)NULL = 1;
#endif
        snprintf(err, errcap, "this rules plugin refuses every second turn");
        return SAPPER_ERR_INTERNAL;
    }
    return rps_rules_api.apply_joint(state, actions, players, err, errcap);
}

static sapper_status bad_game_new(const sapper_params *params, void **game,
                                  char *err, size_t errcap)
{
    (void)params;
    return rps_rules_api.game_new(NULL, game, err, errcap);
}

#ifdef BAD_RULES_HUGE
static void huge_game_info(const void *game, int32_t players, sapper_game_info *out)
{
    rps_rules_api.game_info(game, players, out);
    out->max_actions = (int64_t)1 << 40;
}
#endif

static const sapper_rules_api *rules_table(void)
{
    static sapper_rules_api table;   /* filled once from the rps table */
    if (!table.struct_size) {
        table = rps_rules_api;
        table.game_new = bad_game_new;
        table.apply_joint = bad_apply_joint;
#ifdef BAD_RULES_HUGE
        table.game_info = huge_game_info;
#endif
    }
    return &table;
}

#ifdef BAD_RULES_CRASH
#define BAD_ID "rps_crash"
#elif defined(BAD_RULES_HUGE)
#define BAD_ID "rps_huge"
#else
#define BAD_ID "rps_refuse"
#endif

static sapper_descriptor bad_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_RULES,
    .id = BAD_ID,
    .name = "Broken rock-paper-scissors",
    .version = "0.0.1",
    .summary = "Misbehaves on the second turn (a fault test)",
    .family = RPS_FAMILY,
};

static const sapper_descriptor *const bad_descriptors[] = {&bad_descriptor};

static const sapper_manifest bad_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 1,
    .descriptors = bad_descriptors,
};

SAPPER_PLUGIN_ENTRY(bad_rules)
{
    (void)host_minor;
    bad_descriptor.rules = rules_table();
    return host_major == SAPPER_ABI_MAJOR ? &bad_manifest : NULL;
}
