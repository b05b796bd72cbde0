/*
 * plugin.c - ABI glue for the woodsword bot: its descriptor and entry
 * point. The logic is in bot.c. Its id is "woodsword", like the rules it
 * plays (ids are unique per kind); the file is woodsword-bot.so.
 */
#include "bot.h"

static const sapper_bot_api woodsword_bot_api = {
    .struct_size = sizeof(sapper_bot_api),
    .bot_new = woodsword_bot_new,
    .bot_free = woodsword_bot_free,
    .step = woodsword_bot_step,
    .inform = NULL,   /* the view carries the aggro it needs */
};

static const sapper_descriptor woodsword_bot_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_BOT,
    .id = "woodsword",
    .name = "Wood-Sword AI",
    .version = "1.0.0",
    .summary = "Wood-Sword's weighted-random AI: threat, cost and aggro weights",
    .family = SAPPER_ARENA_FAMILY,
    .family_version = SAPPER_ARENA_FAMILY_VERSION,   /* the terms in the view */
    .params = NULL,
    .param_count = 0,
    .bot = &woodsword_bot_api,
};

static const sapper_descriptor *const woodsword_bot_descriptors[] = {
    &woodsword_bot_descriptor,
};

static const sapper_manifest woodsword_bot_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 1,
    .descriptors = woodsword_bot_descriptors,
};

SAPPER_PLUGIN_ENTRY(woodsword_bot)
{
    (void)host_minor;
    return host_major == SAPPER_ABI_MAJOR ? &woodsword_bot_manifest : NULL;
}
