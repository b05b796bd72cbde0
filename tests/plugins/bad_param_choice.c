/*
 * bad_param_choice.c - DELIBERATELY BROKEN test plugin: a bot with a CHOICE
 * parameter that has no choices (choices is NULL). The loader must refuse
 * the descriptor, naming the key.
 */
#include "test_bot.h"

static const sapper_param_spec bad_params[] = {
    {
        .key = "style",
        .type = SAPPER_PARAM_CHOICE,
        .def = "bold",
        .choices = NULL,   /* the bug: a CHOICE needs "a|b|..." */
        .help = "a CHOICE without choices",
    },
};

TEST_BOT_PLUGIN(bad_param_choice, "bad_param_choice", "Bad choice spec",
                "A CHOICE parameter with no choices (a broken test plugin)",
                test_bot_new, test_bot_first_legal, bad_params, 1)
