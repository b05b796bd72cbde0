/*
 * bot_exit.c - DELIBERATELY BROKEN test bot (family mines): its step calls
 * exit(0), which the ABI forbids. The process ends "successfully" in the
 * middle of a game; the engine must not take that for a finished game, and
 * must record a crash against this bot.
 */
#include "test_bot.h"

static sapper_status exit_step(void *bot, const void *view, size_t view_size,
                               const int64_t *legal, size_t nlegal,
                               int64_t *action)
{
    (void)bot; (void)view; (void)view_size; (void)legal; (void)nlegal;
    (void)action;
    exit(0);
}

TEST_BOT_PLUGIN(bot_exit, "bot_exit", "Exit",
                "Calls exit(0) in step (a broken test bot)",
                test_bot_new, exit_step, NULL, 0)
