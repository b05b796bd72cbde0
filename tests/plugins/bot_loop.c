/*
 * bot_loop.c - DELIBERATELY BROKEN test bot (family mines): its step never
 * returns. The engine must notice the missed move deadline, kill the
 * worker and record a timeout against this bot. The counter is volatile so
 * the loop has a side effect and cannot be optimised away; it ends in
 * theory (after 2^64 spins) only so the function can return a value.
 */
#include "test_bot.h"

static sapper_status loop_step(void *bot, const void *view, size_t view_size,
                               const int64_t *legal, size_t nlegal,
                               int64_t *action)
{
    volatile uint64_t spins = 0;
    (void)bot; (void)view; (void)view_size; (void)legal; (void)nlegal;
    (void)action;
    while (spins != UINT64_MAX)   /* 2^64 spins: centuries, i.e. forever */
        spins++;
    return SAPPER_OK;
}

TEST_BOT_PLUGIN(bot_loop, "bot_loop", "Endless loop",
                "Loops forever in step (a broken test bot)",
                test_bot_new, loop_step, NULL, 0)
