/*
 * bot.c - the arena-random bot: every legal action equally likely, drawn
 * from its seed. It reads nothing of the view and keeps no memory; it
 * allocates nothing after bot_new. Note that "uniform among legal actions"
 * favours fists when it is rich (one action per stack size and target).
 */
#include "bot.h"

#include <stdio.h>

typedef struct arena_random_bot {
    sapper_rng rng;   /* seeded from setup->seed: the only randomness */
} arena_random_bot;

sapper_status arena_random_bot_new(const sapper_params *params,
                                   const sapper_bot_setup *setup, void **bot,
                                   char *err, size_t errcap)
{
    (void)params;   /* no parameters */
    if (!bot || !setup ||
        setup->struct_size < offsetof(sapper_bot_setup, seed) + sizeof setup->seed) {
        if (err && errcap)
            snprintf(err, errcap, "arena-random: no usable bot setup");
        return SAPPER_ERR_STATE;
    }
    arena_random_bot *b = malloc(sizeof *b);
    if (!b)
        return SAPPER_ERR_NOMEM;
    sapper_rng_seed(&b->rng, setup->seed);
    *bot = b;
    return SAPPER_OK;
}

void arena_random_bot_free(void *bot)
{
    free(bot);
}

sapper_status arena_random_bot_step(void *bot, const void *view,
                                    size_t view_size, const int64_t *legal,
                                    size_t nlegal, int64_t *action)
{
    arena_random_bot *b = bot;
    (void)view;
    (void)view_size;
    if (!b || !legal || nlegal == 0 || !action)
        return SAPPER_ERR_STATE;
    *action = legal[sapper_rng_below(&b->rng, nlegal)];
    return SAPPER_OK;
}
