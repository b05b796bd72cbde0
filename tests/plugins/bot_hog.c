/*
 * bot_hog.c - DELIBERATELY BROKEN test bot (family mines): its step
 * allocates memory 1 MiB at a time until malloc fails or limit_mb is
 * reached; then it frees it all and returns SAPPER_ERR_NOMEM (a forfeit).
 * Under an address-space limit (RLIMIT_AS) malloc fails first. Only one
 * page of each chunk is written (the link), so the bot is quick even on a
 * loaded machine: the limit is on address space, not on resident memory.
 * limit_mb keeps a run without a limit from waking the OOM killer.
 */
#include "test_bot.h"

#define HOG_CHUNK (1u << 20)

static const sapper_param_spec hog_params[] = {
    {
        .key = "limit_mb",
        .type = SAPPER_PARAM_INT,
        .def = "1024",
        .min = 1,
        .max = 1048576,
        .help = "stop after this many MiB even if malloc has not failed",
    },
};

static sapper_status hog_new(const sapper_params *params,
                             const sapper_bot_setup *setup, void **bot,
                             char *err, size_t errcap)
{
    (void)setup; (void)err; (void)errcap;
    return test_bot_make(bot, sapper_param_int(params, "limit_mb", 1024));
}

/* Each chunk starts with a link to the previous one, so all stay
 * reachable (no leak reports) and can be freed at the end. */
static sapper_status hog_step(void *bot, const void *view, size_t view_size,
                              const int64_t *legal, size_t nlegal,
                              int64_t *action)
{
    const test_bot *b = bot;
    void **chain = NULL;
    (void)view; (void)view_size; (void)legal; (void)nlegal; (void)action;
    for (int64_t mb = 0; mb < b->option; mb++) {
        void **chunk = malloc(HOG_CHUNK);
        if (!chunk)
            break;
        chunk[0] = chain;
        chain = chunk;
    }
    while (chain) {
        void **prev = chain[0];
        free(chain);
        chain = prev;
    }
    return SAPPER_ERR_NOMEM;
}

TEST_BOT_PLUGIN(bot_hog, "bot_hog", "Memory hog",
                "Allocates until malloc fails, in step (a broken test bot)",
                hog_new, hog_step, hog_params, 1)
