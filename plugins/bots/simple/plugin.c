/*
 * plugin.c - ABI glue for the simple bot: its parameter, descriptor and
 * entry point. The logic is in bot.c.
 */
#include "bot.h"

static const sapper_param_spec simple_params[] = {
    {
        .key = "flag_mines",
        .type = SAPPER_PARAM_BOOL,
        .def = "false",
        .help = "flag each deduced mine (one move each) before revealing",
    },
};

static const sapper_bot_api simple_api = {
    .struct_size = sizeof(sapper_bot_api),
    .bot_new = simple_bot_new,
    .bot_free = simple_bot_free,
    .step = simple_bot_step,
    .inform = NULL,   /* it deduces from the view alone, every step */
};

static const sapper_descriptor simple_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_BOT,
    .id = "simple",
    .name = "Simple",
    .version = "2.0.0",
    .summary = "Perfect deduction (exact solver), then a uniform guess",
    .family = SAPPER_MINES_FAMILY,
    .params = simple_params,
    .param_count = sizeof simple_params / sizeof simple_params[0],
    .bot = &simple_api,
};

static const sapper_descriptor *const simple_descriptors[] = {
    &simple_descriptor,
};

static const sapper_manifest simple_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 1,
    .descriptors = simple_descriptors,
};

SAPPER_PLUGIN_ENTRY(simple)
{
    (void)host_minor;
    return host_major == SAPPER_ABI_MAJOR ? &simple_manifest : NULL;
}
