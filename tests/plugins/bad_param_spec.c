/*
 * bad_param_spec.c - DELIBERATELY BROKEN test plugin: a bot whose INT
 * parameter's default (50) lies outside its own bounds (1..10). The loader
 * must refuse the descriptor, naming the key. See bad_param_choice.c for a
 * CHOICE without choices.
 */
#include "test_bot.h"

static const sapper_param_spec bad_params[] = {
    {
        .key = "depth",
        .type = SAPPER_PARAM_INT,
        .def = "50",   /* the bug: outside [min, max] */
        .min = 1,
        .max = 10,
        .help = "an INT whose default breaks its bounds",
    },
};

TEST_BOT_PLUGIN(bad_param_spec, "bad_param_spec", "Bad parameter spec",
                "An INT default outside its bounds (a broken test plugin)",
                test_bot_new, test_bot_first_legal, bad_params, 1)
