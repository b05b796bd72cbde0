/*
 * bot_illegal.c - DELIBERATELY BROKEN test bot (family mines): its step
 * returns SAPPER_OK with an action that is not in the legal list. With
 * mode=negative (default) the action is -1; with mode=unlisted it is the
 * lowest non-negative id missing from the list (a real action id, e.g. a
 * reveal of an open cell), so the engine must check the list itself and
 * not only the range. Either way the game is forfeited as illegal.
 */
#include "test_bot.h"

static const sapper_param_spec illegal_params[] = {
    {
        .key = "mode",
        .type = SAPPER_PARAM_CHOICE,
        .def = "negative",
        .choices = "negative|unlisted",
        .help = "negative: play -1; unlisted: play an id missing from the list",
    },
};

static sapper_status illegal_new(const sapper_params *params,
                                 const sapper_bot_setup *setup, void **bot,
                                 char *err, size_t errcap)
{
    const char *mode = sapper_param(params, "mode");
    (void)setup; (void)err; (void)errcap;
    return test_bot_make(bot, mode && strcmp(mode, "unlisted") == 0);
}

/* The lowest id >= 0 that legal (ascending) does not hold. */
static int64_t first_unlisted(const int64_t *legal, size_t nlegal)
{
    int64_t id = 0;
    for (size_t i = 0; i < nlegal; i++)
        if (legal[i] == id)
            id++;
    return id;
}

static sapper_status illegal_step(void *bot, const void *view, size_t view_size,
                                  const int64_t *legal, size_t nlegal,
                                  int64_t *action)
{
    const test_bot *b = bot;
    (void)view; (void)view_size;
    *action = b->option ? first_unlisted(legal, nlegal) : -1;
    return SAPPER_OK;
}

TEST_BOT_PLUGIN(bot_illegal, "bot_illegal", "Illegal move",
                "Plays an action that is not legal (a broken test bot)",
                illegal_new, illegal_step, illegal_params, 1)
