/*
 * bot.c - the prober bot's lifetime and the order of one step.
 *
 * A step, in a one-player ruleset:
 *   1. the first move, when nothing is revealed yet (start.c);
 *   2. a cell already proven safe in an earlier step and still hidden: a
 *      proof stays true as the game goes on, so a list of safe cells is
 *      drained one reveal per step without analysing again;
 *   3. the fast rules (sapper_mines_deduce FAST): every safe cell found
 *      goes on that list;
 *   4. the exact analysis (sapper_mines_analyze): cells of probability 0
 *      go on the list;
 *   5. otherwise a guess (guess.c, which may hand over to endgame.c).
 * Revealing every certain cell before any guess is all that matters for
 * the chance to win; the order among certain cells does not.
 * In a ruleset with two seats the goal is to claim mines (hunt.c).
 *
 * Every buffer is made once per game, at the first view (its size is the
 * board's, which a layout file or a preset may decide); steps allocate
 * nothing. Flags and "?" marks are never placed and never trusted.
 * It does not choose among guesses (guess.c) or search (endgame.c).
 */
#include "bot.h"
#include "internal.h"

#include <math.h>
#include <stdio.h>

/* ---- parameters and setup ------------------------------------------ */

static int32_t first_click_of(const sapper_bot_setup *setup)
{
    const char *fc = setup->struct_size > offsetof(sapper_bot_setup, rules_params)
                         ? sapper_param(setup->rules_params, "first_click")
                         : NULL;
    if (fc && strcmp(fc, "opening") == 0)
        return PROBER_FIRST_OPENING;
    if (fc && strcmp(fc, "any") == 0)
        return PROBER_FIRST_ANY;
    return PROBER_FIRST_SAFE;
}

/* "X,Y" or "auto" (anything else that does not parse is auto). */
static void read_start(const char *s, int32_t *x, int32_t *y)
{
    int a, c;
    *x = *y = -1;
    if (s && sscanf(s, "%d,%d", &a, &c) == 2 && a >= 0 && c >= 0) {
        *x = a;
        *y = c;
    }
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* The host checks parameters against plugin.c's bounds; callers that link
   the bot in (tests, benchmarks) may not, so the bounds are kept here too. */
static void read_params(const sapper_params *p, prober_params *out)
{
    out->depth = (int32_t)clamp64(sapper_param_int(p, "depth", 1), 0,
                                  PROBER_MAX_DEPTH);
    out->candidates = (int32_t)clamp64(sapper_param_int(p, "candidates", 8),
                                       1, PROBER_MAX_CANDIDATES);
    out->tolerance = sapper_param_real(p, "tolerance", 0.1);
    out->tolerance = out->tolerance < 0 ? 0 : out->tolerance > 1 ? 1
                                                : out->tolerance;
    out->progress = sapper_param_real(p, "progress", 0.0);
    out->endgame_layouts = (int32_t)clamp64(
        sapper_param_int(p, "endgame_layouts", 256), 0, PROBER_MAX_ENDGAME);
    out->endgame_nodes = clamp64(sapper_param_int(p, "endgame_nodes", 200000),
                                 1, INT64_C(1000000000));
    read_start(sapper_param(p, "start"), &out->start_x, &out->start_y);
}

static int usable_setup(const sapper_bot_setup *setup, char *err, size_t errcap)
{
    if (setup &&
        setup->struct_size >= offsetof(sapper_bot_setup, seed) + sizeof setup->seed)
        return 1;
    if (err && errcap)
        snprintf(err, errcap, "prober: no usable bot setup");
    return 0;
}

/* What a game starts from: its seed, its first-click rule, its seat and
   nothing queued. The buffers stay: they depend on the board's shape only,
   and every step writes what it reads of them first. */
static void start_game(prober *b, const sapper_bot_setup *setup)
{
    sapper_rng_seed(&b->rng, setup->seed);
    b->first_click = first_click_of(setup);
    b->seat = setup->seat;
    b->turn = NULL;
    b->mines = 0;
    b->nqueue = 0;
}

sapper_status prober_bot_new(const sapper_params *params,
                             const sapper_bot_setup *setup, void **bot,
                             char *err, size_t errcap)
{
    if (!bot || !usable_setup(setup, err, errcap))
        return SAPPER_ERR_STATE;
    prober *b = calloc(1, sizeof *b);
    if (!b)
        return SAPPER_ERR_NOMEM;
    read_params(params, &b->par);
    start_game(b, setup);
    *bot = b;
    return SAPPER_OK;
}

sapper_status prober_bot_reset(void *bot, const sapper_bot_setup *setup,
                               char *err, size_t errcap)
{
    if (!bot || !usable_setup(setup, err, errcap))
        return SAPPER_ERR_STATE;
    start_game(bot, setup);
    return SAPPER_OK;
}

static void release(prober *b)
{
    sapper_mines_solver_free(b->solver);
    prober_endgame_free(b->endgame);
    free(b->prob);   /* owns prob, queue, nbr, work, nnbr, mark */
    b->solver = NULL;
    b->endgame = NULL;
    b->prob = NULL;
    b->work = NULL;
    b->n = 0;
}

void prober_bot_free(void *bot)
{
    prober *b = bot;
    if (b)
        release(b);
    free(b);
}

/* ---- buffers for one board ------------------------------------------ */

static void build_neighbours(prober *b)
{
    for (int32_t i = 0; i < b->n; i++) {
        int32_t x = i % b->w, y = i / b->w, k = 0;
        for (int32_t dy = -1; dy <= 1; dy++)
            for (int32_t dx = -1; dx <= 1; dx++) {
                int32_t nx = x + dx, ny = y + dy;
                if ((dx || dy) && nx >= 0 && nx < b->w && ny >= 0 && ny < b->h)
                    b->nbr[8 * i + k++] = ny * b->w + nx;
            }
        b->nnbr[i] = (uint8_t)k;
    }
}

/* Sizes every buffer for a w x h board, once per game (again only if the
   board changes shape, which no ruleset does). */
static int reserve(prober *b, int32_t w, int32_t h)
{
    if (b->prob && b->w == w && b->h == h)
        return 1;
    release(b);
    size_t n = (size_t)w * (size_t)h, levels = PROBER_MAX_DEPTH + 1;
    size_t bytes = n * (sizeof(double) * levels + sizeof(int32_t) * 9 +
                        levels + 2);
    char *block = malloc(bytes);
    b->solver = sapper_mines_solver_new(w, h);
    if (b->par.endgame_layouts > 0)
        b->endgame = prober_endgame_new((int32_t)n, b->par.endgame_layouts);
    if (!block || !b->solver || (b->par.endgame_layouts > 0 && !b->endgame)) {
        free(block);
        release(b);
        return 0;
    }
    b->prob = (double *)block;
    b->queue = (int32_t *)(b->prob + levels * n);
    b->nbr = b->queue + n;
    b->work = (uint8_t *)(b->nbr + 8 * n);
    b->nnbr = b->work + levels * n;
    b->mark = b->nnbr + n;
    b->w = w;
    b->h = h;
    b->n = (int32_t)n;
    b->nqueue = 0;
    build_neighbours(b);
    return 1;
}

/* ---- certain cells -------------------------------------------------- */

static void queue_cells(prober *b, const int32_t *cells, int32_t count)
{
    for (int32_t i = count - 1; i >= 0 && b->nqueue < b->n; i--)
        b->queue[b->nqueue++] = cells[i];
}

/* The next listed safe cell that can still be revealed, or -1. */
static int32_t next_queued(prober *b, const prober_turn *t)
{
    while (b->nqueue > 0) {
        int32_t c = b->queue[--b->nqueue];
        if (prober_can_reveal(t, c))
            return c;
    }
    return -1;
}

static int32_t by_rules(prober *b, const prober_turn *t)
{
    sapper_mines_deduction d;
    if (sapper_mines_deduce(b->solver, &t->pos, SAPPER_MINES_DEDUCE_FAST,
                            &b->budget, &d) != SAPPER_OK)
        return -1;
    queue_cells(b, d.safe, d.safe_count);
    return next_queued(b, t);
}

/* Analyses the position into b->prob; then a safe cell, or a guess.
   -1 when the analysis failed (an unknown cell code). */
static int32_t by_analysis(prober *b, const prober_turn *t)
{
    sapper_mines_result r;
    if (sapper_mines_analyze(b->solver, &t->pos, &b->budget, &r) != SAPPER_OK)
        return -1;
    if (!r.consistent)
        return -1;   /* no layout fits: nothing is certain */
    memcpy(b->prob, r.prob, (size_t)b->n * sizeof *b->prob);
    b->nqueue = 0;
    for (int32_t i = b->n - 1; i >= 0; i--)
        if (r.kind[i] >= SAPPER_MINES_KIND_FRONTIER && r.prob[i] == 0.0)
            b->queue[b->nqueue++] = i;
    int32_t c = next_queued(b, t);
    if (c >= 0)
        return c;
    return prober_guess(b, t, r.kind, r.layouts_log2, r.approximate);
}

/* Without a legal list: a hidden cell, uniformly (the cells the list
   would hold as reveals of unknown cells, in the same order). */
static int64_t fallback_from_view(prober *b, const prober_turn *t)
{
    size_t count = 0;
    for (int32_t c = 0; c < b->n; c++)
        count += (size_t)prober_can_reveal(t, c);
    if (count == 0)
        return -1;
    uint64_t k = sapper_rng_below(&b->rng, count);
    for (int32_t c = 0; c < b->n; c++)
        if (prober_can_reveal(t, c) && k-- == 0)
            return c;
    return -1;
}

/* Any legal reveal of an unknown cell, uniformly; else any legal action. */
static int64_t fallback(prober *b, const prober_turn *t)
{
    if (!t->legal)
        return fallback_from_view(b, t);
    size_t count = 0;
    for (size_t i = 0; i < t->nlegal && t->legal[i] < b->n; i++)
        count += (size_t)sapper_cell_is_unknown(t->pos.cells[t->legal[i]]);
    if (count == 0)
        return t->legal[sapper_rng_below(&b->rng, t->nlegal)];
    uint64_t k = sapper_rng_below(&b->rng, count);
    for (size_t i = 0; i < t->nlegal; i++)
        if (sapper_cell_is_unknown(t->pos.cells[t->legal[i]]) && k-- == 0)
            return t->legal[i];
    return t->legal[0];
}

static int32_t choose(prober *b, const prober_turn *t, int32_t players)
{
    if (players >= 2)
        return prober_hunt(b, t);
    int32_t c = prober_first_move(b, t);
    if (c < 0)
        c = next_queued(b, t);
    if (c < 0)
        c = by_rules(b, t);
    if (c < 0)
        c = by_analysis(b, t);
    return c;
}

sapper_status prober_bot_step(void *bot, const void *view, size_t view_size,
                              const int64_t *legal, size_t nlegal,
                              int64_t *action)
{
    prober *b = bot;
    const sapper_mines_view *v = view;
    prober_turn t = {.legal = legal, .nlegal = nlegal};
    if (!b || (legal ? nlegal == 0 : nlegal != 0) || !action ||
        sapper_mines_position_from_view(view, view_size, &t.pos) != SAPPER_OK)
        return SAPPER_ERR_STATE;
    if (!reserve(b, v->width, v->height))
        return SAPPER_ERR_NOMEM;
    b->turn = &t;
    b->mines = v->mines;
    int32_t c = choose(b, &t, v->players);
    b->turn = NULL;
    *action = c >= 0 && prober_can_reveal(&t, c) ? c : fallback(b, &t);
    return *action >= 0 ? SAPPER_OK : SAPPER_ERR_STATE;
}

/* Step, then the safe cells still queued behind the answer, in the order
   later steps would pop them: the engine plays each while it is legal, so
   the game is the same one action for one action, with one call instead
   of one per cell (ABI 1.2). */
sapper_status prober_bot_step_many(void *bot, const void *view, size_t view_size,
                                   const int64_t *legal, size_t nlegal,
                                   int64_t *actions, size_t cap, size_t *count)
{
    prober *b = bot;
    *count = 0;
    sapper_status st = prober_bot_step(bot, view, view_size, legal, nlegal, actions);
    if (st != SAPPER_OK || cap == 0)
        return st;
    *count = 1;
    const sapper_mines_view *v = view;
    if (v->players >= 2)
        return SAPPER_OK;   /* a seeker reveal may pass the turn: one at a time */
    prober_turn t = {.legal = legal, .nlegal = nlegal};
    sapper_mines_position_from_view(view, view_size, &t.pos); /* step read it */
    while (*count < cap && b->nqueue > 0) {
        int32_t c = b->queue[--b->nqueue];
        if (prober_can_reveal(&t, c) && c != actions[0])
            actions[(*count)++] = c;
    }
    return SAPPER_OK;
}

