/*
 * plugin.c - ABI glue for the random bot: its descriptor and entry point.
 * The logic is in bot.c.
 */
#include "bot.h"

static const sapper_bot_api random_api = {
    .struct_size = sizeof(sapper_bot_api),
    .bot_new = random_bot_new,
    .bot_free = random_bot_free,
    .step = random_bot_step,
    .inform = NULL,   /* it does not care what happened: it reads the view */
};

static const sapper_descriptor random_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_BOT,
    .id = "random",
    .name = "Random",
    .version = "1.0.0",
    .summary = "Reveals a uniformly random hidden cell: the baseline",
    .family = SAPPER_MINES_FAMILY,
    .params = NULL,
    .param_count = 0,
    .bot = &random_api,
};

static const sapper_descriptor *const random_descriptors[] = {
    &random_descriptor,
};

static const sapper_manifest random_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 1,
    .descriptors = random_descriptors,
};

SAPPER_PLUGIN_ENTRY(random)
{
    (void)host_minor;
    return host_major == SAPPER_ABI_MAJOR ? &random_manifest : NULL;
}
