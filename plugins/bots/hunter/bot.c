/*
 * bot.c - the hunter bot's instance and its step: read the parameters,
 * keep the solver and buffers, turn a view and the legal set into the
 * chooser's input (which cells may be revealed, each cell's exact mine
 * probability from sapper_mines_analyze) and its answer into an action.
 *
 * Which cell is best is choose.c's business, whether to bomb bomb.c's. Each step starts from the
 * view alone (no memory between steps, so undo and replays cannot make it
 * stale); flags and "?" marks are not trusted (the solver treats them as
 * unknown). A view the solver refuses (a cell code it does not know) gets
 * a uniformly random legal reveal rather than a forfeit.
 */
#include "bot.h"

#include <stdio.h>
#include <string.h>

static int param_is(const sapper_params *p, const char *key, const char *v)
{
    const char *got = sapper_param(p, key);
    return got && strcmp(got, v) == 0;
}

/* A setup with the seed in it; otherwise says so in err. */
static int usable_setup(const sapper_bot_setup *setup, char *err, size_t errcap)
{
    if (setup &&
        setup->struct_size >= offsetof(sapper_bot_setup, seed) + sizeof setup->seed)
        return 1;
    if (err && errcap)
        snprintf(err, errcap, "hunter: no usable bot setup");
    return 0;
}

sapper_status hunter_bot_new(const sapper_params *params,
                             const sapper_bot_setup *setup, void **bot,
                             char *err, size_t errcap)
{
    if (!bot || !usable_setup(setup, err, errcap))
        return SAPPER_ERR_STATE;
    hunter_bot *b = calloc(1, sizeof *b);
    if (!b)
        return SAPPER_ERR_NOMEM;
    sapper_rng_seed(&b->rng, setup->seed);
    b->policy = param_is(params, "policy", "safest") ? HUNTER_SAFEST : HUNTER_HUNT;
    b->lookahead = (int32_t)sapper_param_int(params, "lookahead", 256);
    b->tie_band = sapper_param_real(params, "tie_band", 0.0);
    b->flood_leak = sapper_param_real(params, "flood_leak", 5.0);
    b->bomb_at = sapper_param_real(params, "bomb_at", 6.0);
    b->bomb_last = (int32_t)sapper_param_int(params, "bomb_last", 3);
    *bot = b;
    return SAPPER_OK;
}

/* The generator is all a game leaves behind (a step starts from the view
   alone); the parameters are the same, the buffers are kept for the next
   board. */
sapper_status hunter_bot_reset(void *bot, const sapper_bot_setup *setup,
                               char *err, size_t errcap)
{
    hunter_bot *b = bot;
    if (!b || !usable_setup(setup, err, errcap))
        return SAPPER_ERR_STATE;
    sapper_rng_seed(&b->rng, setup->seed);
    return SAPPER_OK;
}

static void free_buffers(hunter_bot *b)
{
    sapper_mines_solver_free(b->solver);
    free(b->legal);
    free(b->scratch);
    free(b->prob);
    free(b->tied);
    free(b->leak);
    b->solver = NULL;
    b->legal = b->scratch = NULL;
    b->prob = b->leak = NULL;
    b->tied = NULL;
    b->cap = 0;
}

void hunter_bot_free(void *bot)
{
    hunter_bot *b = bot;
    if (!b)
        return;
    free_buffers(b);
    free(b);
}

/* Buffers for a width x height board; the first step (or a bigger board)
   makes them. */
static sapper_status reserve(hunter_bot *b, int32_t width, int32_t height)
{
    int32_t n = width * height;
    if (n <= b->cap)
        return SAPPER_OK;
    free_buffers(b);
    b->solver = sapper_mines_solver_new(width, height);
    b->legal = malloc((size_t)n);
    b->scratch = malloc((size_t)n);
    b->prob = malloc((size_t)n * sizeof *b->prob);
    b->tied = malloc((size_t)n * sizeof *b->tied);
    b->leak = malloc((size_t)n * sizeof *b->leak);
    if (!b->solver || !b->legal || !b->scratch || !b->prob || !b->tied ||
        !b->leak) {
        free_buffers(b);
        return SAPPER_ERR_NOMEM;
    }
    b->cap = n;
    return SAPPER_OK;
}

/* Marks the cells whose reveal is in the legal set. */
static void mark_legal(hunter_bot *b, const sapper_mines_view *v,
                       const int64_t *legal, size_t nlegal)
{
    int32_t verb, x, y;
    memset(b->legal, 0, (size_t)(v->width * v->height));
    for (size_t i = 0; i < nlegal; i++)
        if (sapper_mines_decode(legal[i], v->width, v->height, &verb, &x, &y) &&
            verb == SAPPER_MINES_REVEAL)
            b->legal[y * v->width + x] = 1;
}

/* Fills b->prob, c->certain and c->lookahead from the solver; on a
   refused position every unknown cell gets 0.5 (so the choice is random
   among them) and there is no lookahead. */
static void analyse(hunter_bot *b, hunter_ctx *c)
{
    sapper_mines_result r;
    int32_t n = c->pos.width * c->pos.height;
    int refused = sapper_mines_analyze(b->solver, &c->pos, NULL, &r) != SAPPER_OK;
    c->lookahead = refused ? 0 : b->lookahead;
    c->certain = 0;
    for (int32_t i = 0; i < n; i++) {
        int unknown = sapper_cell_is_unknown(c->cells[i]);
        b->prob[i] = refused ? (unknown ? 0.5 : 0.0) : r.prob[i];
        c->certain += unknown && b->legal[i] && b->prob[i] == 1.0;
    }
}

sapper_status hunter_bot_step(void *bot, const void *view, size_t view_size,
                              const int64_t *legal, size_t nlegal,
                              int64_t *action)
{
    hunter_bot *b = bot;
    hunter_ctx c = {.view = view};
    c.cells = sapper_mines_view_cells(view, view_size);
    if (!b || !c.cells || !legal || nlegal == 0 || !action)
        return SAPPER_ERR_STATE;
    sapper_status st = reserve(b, c.view->width, c.view->height);
    if (st != SAPPER_OK)
        return st;
    if (sapper_mines_position_from_view(view, view_size, &c.pos) != SAPPER_OK)
        return SAPPER_ERR_STATE;
    mark_legal(b, c.view, legal, nlegal);
    analyse(b, &c);
    if (b->policy == HUNTER_HUNT &&
        (*action = hunter_bomb(b, &c, legal, nlegal)) >= 0)
        return SAPPER_OK;
    int32_t cell = hunter_choose(b, &c);
    if (cell < 0) {   /* no legal reveal: any legal action */
        *action = legal[sapper_rng_below(&b->rng, nlegal)];
        return SAPPER_OK;
    }
    *action = sapper_mines_action(SAPPER_MINES_REVEAL, cell % c.view->width,
                                  cell / c.view->width, c.view->width,
                                  c.view->height);
    return SAPPER_OK;
}
