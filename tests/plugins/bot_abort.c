/*
 * bot_abort.c - DELIBERATELY BROKEN test bot (family mines): its step calls
 * abort(), which the ABI forbids. Its process dies of SIGABRT; the engine
 * must record the crash against this bot and go on.
 */
#include "test_bot.h"

static sapper_status abort_step(void *bot, const void *view, size_t view_size,
                                const int64_t *legal, size_t nlegal,
                                int64_t *action)
{
    (void)bot; (void)view; (void)view_size; (void)legal; (void)nlegal;
    (void)action;
    abort();
}

TEST_BOT_PLUGIN(bot_abort, "bot_abort", "Abort",
                "Calls abort() in step (a broken test bot)",
                test_bot_new, abort_step, NULL, 0)
