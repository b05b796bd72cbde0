/*
 * plugin.c - ABI glue for the hunter bot: its parameters, descriptor and
 * entry point. The logic is in bot.c (the step), choose.c (the policy)
 * and bomb.c (the Flags bomb).
 */
#include "bot.h"

static const sapper_param_spec hunter_params[] = {
    {.key = "policy", .type = SAPPER_PARAM_CHOICE, .def = "hunt",
     .choices = "hunt|safest",
     .help = "hunt: claim certain mines, else the likeliest mine (two "
             "seats; one seat plays safest); safest: the cell least likely "
             "to be a mine (the naive baseline)"},
    {.key = "lookahead", .type = SAPPER_PARAM_INT, .def = "256",
     .min = 0, .max = 1000000,
     .help = "most tied cells whose leak to the opponent is computed (up "
             "to 9 analyses each); 0: no lookahead"},
    {.key = "tie_band", .type = SAPPER_PARAM_REAL, .def = "0",
     .min = 0, .max = 1,
     .help = "cells within this of the best mine probability are tied and "
             "ranked by P - (1 - P) * leak"},
    {.key = "flood_leak", .type = SAPPER_PARAM_REAL, .def = "5",
     .min = 0, .max = 1000,
     .help = "mines the opponent is taken to gain when a safe click shows "
             "0 and floods, on top of the certain mines it leaves"},
    {.key = "bomb_at", .type = SAPPER_PARAM_REAL, .def = "6",
     .min = 0, .max = 25,
     .help = "Mine-Seeker with bombs: throw the bomb when its best 5x5 "
             "square holds this many mines in expectation; 0: never"},
    {.key = "bomb_last", .type = SAPPER_PARAM_INT, .def = "3",
     .min = 0, .max = 1000000,
     .help = "throw it anyway (on the best square) when the opponent needs "
             "this many mines or fewer to win"},
};

static const sapper_bot_api hunter_api = {
    .struct_size = sizeof(sapper_bot_api),
    .bot_new = hunter_bot_new,
    .bot_free = hunter_bot_free,
    .step = hunter_bot_step,
    .inform = NULL,   /* it reads everything from the view, every step */
    .bot_reset = hunter_bot_reset,
};

static const sapper_descriptor hunter_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_BOT,
    .id = "hunter",
    .name = "Hunter",
    .version = "1.0.0",
    .summary = "Mine-Seeker: exact probabilities; certain mines, then the "
               "likeliest mine that leaks least to the opponent",
    .family = SAPPER_MINES_FAMILY,
    .params = hunter_params,
    .param_count = sizeof hunter_params / sizeof hunter_params[0],
    .bot = &hunter_api,
};

static const sapper_descriptor *const hunter_descriptors[] = {
    &hunter_descriptor,
};

static const sapper_manifest hunter_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 1,
    .descriptors = hunter_descriptors,
};

SAPPER_PLUGIN_ENTRY(hunter)
{
    (void)host_minor;
    return host_major == SAPPER_ABI_MAJOR ? &hunter_manifest : NULL;
}
