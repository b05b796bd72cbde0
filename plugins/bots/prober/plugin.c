/*
 * plugin.c - ABI glue for the prober bot: its parameters, descriptor and
 * entry point. The logic is in bot.c and the files it names.
 */
#include "bot.h"
#include "internal.h"

static const sapper_param_spec prober_params_spec[] = {
    {.key = "depth", .type = SAPPER_PARAM_INT, .def = "1",
     .min = 0, .max = PROBER_MAX_DEPTH,
     .help = "guess look-ahead levels: 0 lowest mine probability only; d "
             "score a guess by the chance to survive it and the d clicks "
             "after it, a click on a safe cell included (each level costs "
             "about candidates x values more analyses)"},
    {.key = "candidates", .type = SAPPER_PARAM_INT, .def = "8",
     .min = 1, .max = PROBER_MAX_CANDIDATES,
     .help = "guesses examined with look-ahead per position"},
    {.key = "tolerance", .type = SAPPER_PARAM_REAL, .def = "0.1",
     .min = 0, .max = 1,
     .help = "examine guesses whose safety is at least (1 - tolerance) "
             "times the best safety"},
    {.key = "progress", .type = SAPPER_PARAM_REAL, .def = "0",
     .min = 0, .max = 10,
     .help = "weight of the chance that a guess makes a safe cell appear, "
             "next to the chance to survive it and the next move"},
    {.key = "endgame_layouts", .type = SAPPER_PARAM_INT, .def = "256",
     .min = 0, .max = PROBER_MAX_ENDGAME,
     .help = "search the whole game tree once at most this many layouts "
             "remain (0: never)"},
    {.key = "endgame_nodes", .type = SAPPER_PARAM_INT, .def = "200000",
     .min = 1, .max = 1e9,
     .help = "node budget of one endgame search; past it the heuristics "
             "play"},
    {.key = "start", .type = SAPPER_PARAM_STRING, .def = "auto",
     .help = "first click X,Y (0-based), or auto: a corner, or (3,3) / "
             "(2,2) when the rules promise an opening"},
};

static const sapper_bot_api prober_api = {
    .struct_size = sizeof(sapper_bot_api),
    .bot_new = prober_bot_new,
    .bot_free = prober_bot_free,
    .step = prober_bot_step,
    .step_many = prober_bot_step_many,
    .flags = SAPPER_BOT_NO_LEGAL_LIST,
    .bot_reset = prober_bot_reset,
    .inform = NULL,   /* it reads everything from the view */
};

static const sapper_descriptor prober_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_BOT,
    .id = "prober",
    .name = "Prober",
    .version = "1.2.0",
    .summary = "Exact probabilities, certain moves first, look-ahead guesses, "
               "exhaustive endgame",
    .family = SAPPER_MINES_FAMILY,
    .params = prober_params_spec,
    .param_count = sizeof prober_params_spec / sizeof prober_params_spec[0],
    .bot = &prober_api,
};

static const sapper_descriptor *const prober_descriptors[] = {
    &prober_descriptor,
};

static const sapper_manifest prober_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 1,
    .descriptors = prober_descriptors,
};

SAPPER_PLUGIN_ENTRY(prober)
{
    (void)host_minor;
    return host_major == SAPPER_ABI_MAJOR ? &prober_manifest : NULL;
}
