/*
 * rps_random.c - the "rps-random" test bot: a uniformly random legal throw
 * drawn from its seed. Logic and glue in one file: it is three lines of
 * strategy. It ignores the view (the throws are all that matters).
 */
#include "rps.h"

#include <stdio.h>

typedef struct rps_random_bot {
    sapper_rng rng;
} rps_random_bot;

static sapper_status rps_random_new(const sapper_params *params,
                                    const sapper_bot_setup *setup, void **bot,
                                    char *err, size_t errcap)
{
    (void)params;
    if (!setup || setup->struct_size < offsetof(sapper_bot_setup, seed) +
                                           sizeof setup->seed) {
        snprintf(err, errcap, "rps-random: no usable bot setup");
        return SAPPER_ERR_STATE;
    }
    rps_random_bot *b = malloc(sizeof *b);
    if (!b)
        return SAPPER_ERR_NOMEM;
    sapper_rng_seed(&b->rng, setup->seed);
    *bot = b;
    return SAPPER_OK;
}

static void rps_random_free(void *bot)
{
    free(bot);
}

static sapper_status rps_random_step(void *bot, const void *view,
                                     size_t view_size, const int64_t *legal,
                                     size_t nlegal, int64_t *action)
{
    rps_random_bot *b = bot;
    (void)view;
    (void)view_size;
    if (!b || !legal || nlegal == 0)
        return SAPPER_ERR_STATE;
    *action = legal[sapper_rng_below(&b->rng, nlegal)];
    return SAPPER_OK;
}

static const sapper_bot_api rps_random_api = {
    .struct_size = sizeof(sapper_bot_api),
    .bot_new = rps_random_new,
    .bot_free = rps_random_free,
    .step = rps_random_step,
};

static const sapper_descriptor rps_random_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_BOT,
    .id = "rps-random",
    .name = "RPS random",
    .version = "1.0.0",
    .summary = "A uniformly random throw (a test bot)",
    .family = RPS_FAMILY,
    .bot = &rps_random_api,
};

static const sapper_descriptor *const rps_random_descriptors[] = {
    &rps_random_descriptor,
};

static const sapper_manifest rps_random_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 1,
    .descriptors = rps_random_descriptors,
};

SAPPER_PLUGIN_ENTRY(rps_random)
{
    (void)host_minor;
    return host_major == SAPPER_ABI_MAJOR ? &rps_random_manifest : NULL;
}
