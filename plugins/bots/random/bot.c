/*
 * bot.c - the random bot: a uniform choice among the legal reveals of
 * hidden, unmarked cells, or among all legal actions when there is no such
 * reveal. It is the baseline every other mines bot must beat.
 *
 * It keeps no memory of the game (every step reads the view afresh) and
 * allocates nothing after bot_new. It does not deduce anything: see the
 * simple bot for that.
 */
#include "bot.h"

#include <stdio.h>

typedef struct random_bot {
    sapper_rng rng;   /* seeded from setup->seed: the only randomness */
} random_bot;

sapper_status random_bot_new(const sapper_params *params,
                             const sapper_bot_setup *setup, void **bot,
                             char *err, size_t errcap)
{
    (void)params;   /* the random bot declares no parameters */
    if (!bot || !setup ||
        setup->struct_size < offsetof(sapper_bot_setup, seed) + sizeof setup->seed) {
        if (err && errcap)
            snprintf(err, errcap, "random: no usable bot setup");
        return SAPPER_ERR_STATE;
    }
    random_bot *b = malloc(sizeof *b);
    if (!b)
        return SAPPER_ERR_NOMEM;
    sapper_rng_seed(&b->rng, setup->seed);
    *bot = b;
    return SAPPER_OK;
}

void random_bot_free(void *bot)
{
    free(bot);
}

/* True when action reveals a plain hidden cell (not flagged, not marked). */
static int reveals_hidden(int64_t action, const sapper_mines_view *v,
                          const uint8_t *cells)
{
    int32_t verb, x, y;
    if (!sapper_mines_decode(action, v->width, v->height, &verb, &x, &y))
        return 0;
    return verb == SAPPER_MINES_REVEAL &&
           cells[(size_t)y * (size_t)v->width + (size_t)x] == SAPPER_CELL_HIDDEN;
}

sapper_status random_bot_step(void *bot, const void *view, size_t view_size,
                              const int64_t *legal, size_t nlegal,
                              int64_t *action)
{
    random_bot *b = bot;
    const uint8_t *cells = sapper_mines_view_cells(view, view_size);
    if (!b || !cells || !legal || nlegal == 0 || !action)
        return SAPPER_ERR_STATE;

    /* Two passes (count, then pick the k-th) so a step allocates nothing. */
    size_t reveals = 0;
    for (size_t i = 0; i < nlegal; i++)
        reveals += (size_t)reveals_hidden(legal[i], view, cells);
    if (reveals == 0) {
        *action = legal[sapper_rng_below(&b->rng, nlegal)];
        return SAPPER_OK;
    }
    uint64_t k = sapper_rng_below(&b->rng, reveals);
    for (size_t i = 0; i < nlegal; i++)
        if (reveals_hidden(legal[i], view, cells) && k-- == 0) {
            *action = legal[i];
            break;
        }
    return SAPPER_OK;
}
