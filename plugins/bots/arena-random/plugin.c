/*
 * plugin.c - ABI glue for the arena-random bot: its descriptor and entry
 * point. The logic is in bot.c.
 */
#include "bot.h"

static const sapper_bot_api arena_random_api = {
    .struct_size = sizeof(sapper_bot_api),
    .bot_new = arena_random_bot_new,
    .bot_free = arena_random_bot_free,
    .step = arena_random_bot_step,
    .inform = NULL,   /* it does not care what happened */
};

static const sapper_descriptor arena_random_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_BOT,
    .id = "arena-random",
    .name = "Arena random",
    .version = "1.0.0",
    .summary = "A uniformly random legal action (arena family): the baseline",
    .family = SAPPER_ARENA_FAMILY,
    .params = NULL,
    .param_count = 0,
    .bot = &arena_random_api,
};

static const sapper_descriptor *const arena_random_descriptors[] = {
    &arena_random_descriptor,
};

static const sapper_manifest arena_random_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 1,
    .descriptors = arena_random_descriptors,
};

SAPPER_PLUGIN_ENTRY(arena_random)
{
    (void)host_minor;
    return host_major == SAPPER_ABI_MAJOR ? &arena_random_manifest : NULL;
}
