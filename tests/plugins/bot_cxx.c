/*
 * bot_cxx.c - a mines bot with a C++ part (bot_cxx_init.cpp) whose static
 * initialisers run when the plugin is loaded. It plays the first legal
 * action once those initialisers have run, and fails its step otherwise:
 * a C++ bot must load and play in the sandbox as a C one does.
 */
#include <stdlib.h>

#include "test_bot.h"

int bot_cxx_ready(void);

static sapper_status cxx_step(void *bot, const void *view, size_t view_size,
                              const int64_t *legal, size_t nlegal, int64_t *action)
{
    if (!bot_cxx_ready())
        return SAPPER_ERR_STATE;
    return test_bot_first_legal(bot, view, view_size, legal, nlegal, action);
}

TEST_BOT_PLUGIN(bot_cxx, "bot_cxx", "C++ bot", "a bot with C++ static initialisers",
                test_bot_new, cxx_step, NULL, 0)
