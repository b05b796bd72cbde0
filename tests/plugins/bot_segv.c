/*
 * bot_segv.c - DELIBERATELY BROKEN test bot (family mines): its step
 * writes through a NULL pointer, so its process dies of SIGSEGV. The
 * engine must record the crash against this bot and go on. The pointer is
 * volatile so the compiler cannot see it is NULL (and make the store a trap
 * instruction: SIGILL); the int is volatile so the store is not dropped as
 * dead. (Under AddressSanitizer the process still dies, but ASan reports
 * the fault and exits with status 1 instead of the signal.)
 */
#include "test_bot.h"

static sapper_status segv_step(void *bot, const void *view, size_t view_size,
                               const int64_t *legal, size_t nlegal,
                               int64_t *action)
{
    volatile int *volatile nowhere = NULL;
    (void)bot; (void)view; (void)view_size; (void)legal; (void)nlegal;
    *nowhere = 42;
    *action = 0;
    return SAPPER_OK;
}

TEST_BOT_PLUGIN(bot_segv, "bot_segv", "Segfault",
                "Dereferences NULL in step (a broken test bot)",
                test_bot_new, segv_step, NULL, 0)
