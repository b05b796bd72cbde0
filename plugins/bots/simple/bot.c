/*
 * bot.c - the simple bot, the baseline: perfect deduction, then a uniform
 * guess.
 *
 * Each step starts from the view alone (no memory between steps but the
 * solver's buffers, so undo, replays and foreign moves cannot make it
 * stale). It asks the mines solver (core/mines/solver.h) which unknown
 * cells are certain, in COMPLETE mode: the linear rules first (single
 * numbers, pairs of numbers, the mine total when it is 0 or fills every
 * unknown cell), and only when they find no safe cell the exact
 * enumeration with the global mine count, which finds a safe cell whenever
 * one exists. So the bot never guesses while a cell is provably safe: it
 * is the "perfect logician" that guesses blindly, against which the prober
 * bot's guess selection is measured (docs/BENCHMARKS.md). FAST mode would
 * be cheaper but would guess in positions a person can solve.
 *
 * The move: with flag_mines, flag the lowest-index deduced mine that is a
 * plain hidden cell, if that is legal. Otherwise reveal the lowest-index
 * deduced safe cell whose reveal is legal. Otherwise reveal a uniformly
 * random legal cell that is unknown and not a deduced mine; if there is
 * none, any legal reveal of an unknown cell; if none, any legal action.
 * Known mines are exposed or claimed cells; the player's flags and "?"
 * marks are NOT trusted. A view the solver cannot read (an unknown cell
 * code) or that no layout fits deduces nothing, and the bot guesses.
 *
 * It computes no probabilities and plays to avoid mines even in a ruleset
 * whose goal is to find them: it only has to survive such a view.
 */
#include "bot.h"
#include "solver.h"

#include <stdio.h>

typedef struct simple_bot {
    sapper_rng rng;               /* seeded from setup->seed             */
    int flag_mines;               /* parameter: flag deduced mines first */
    int32_t w, h;                 /* the board the solver is sized for   */
    sapper_mines_solver *solver;  /* owned                               */
    uint8_t *mine;                /* w*h: deduced mine this step; owned  */
} simple_bot;

sapper_status simple_bot_new(const sapper_params *params,
                             const sapper_bot_setup *setup, void **bot,
                             char *err, size_t errcap)
{
    if (!bot || !setup ||
        setup->struct_size < offsetof(sapper_bot_setup, seed) + sizeof setup->seed) {
        if (err && errcap)
            snprintf(err, errcap, "simple: no usable bot setup");
        return SAPPER_ERR_STATE;
    }
    simple_bot *b = calloc(1, sizeof *b);
    if (!b)
        return SAPPER_ERR_NOMEM;
    sapper_rng_seed(&b->rng, setup->seed);
    b->flag_mines = sapper_param_bool(params, "flag_mines", 0);
    *bot = b;
    return SAPPER_OK;
}

static void release(simple_bot *b)
{
    sapper_mines_solver_free(b->solver);
    free(b->mine);
    b->solver = NULL;
    b->mine = NULL;
}

void simple_bot_free(void *bot)
{
    simple_bot *b = bot;
    if (b)
        release(b);
    free(b);
}

/* Sizes the solver for the board at the first view (once per game). */
static int reserve(simple_bot *b, int32_t w, int32_t h)
{
    if (b->solver && b->w == w && b->h == h)
        return 1;
    release(b);
    b->solver = sapper_mines_solver_new(w, h);
    b->mine = malloc((size_t)w * (size_t)h);
    b->w = w;
    b->h = h;
    if (b->solver && b->mine)
        return 1;
    release(b);
    return 0;
}

static int is_legal(const int64_t *legal, size_t nlegal, int64_t action)
{
    size_t lo = 0, hi = nlegal;   /* legal is ascending: binary search */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (legal[mid] == action)
            return 1;
        if (legal[mid] < action)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* The first listed cell (lists are ascending) whose `verb` is legal and,
   when code >= 0, that shows code; or -1. */
static int64_t first_listed(const int32_t *cells, int32_t count, int32_t verb,
                            int code, const uint8_t *view, size_t n,
                            const int64_t *legal, size_t nlegal)
{
    for (int32_t i = 0; i < count; i++) {
        int64_t a = (int64_t)verb * (int64_t)n + cells[i];
        if ((code < 0 || view[cells[i]] == code) && is_legal(legal, nlegal, a))
            return a;
    }
    return -1;
}

/* A reveal of an unknown cell (not a deduced mine when avoid_mines). */
static int guessable(const simple_bot *b, const uint8_t *view, size_t n,
                     int64_t a, int avoid_mines)
{
    if (a < 0 || (uint64_t)a >= n || !sapper_cell_is_unknown(view[a]))
        return 0;
    return !avoid_mines || !b->mine[a];
}

/* A uniform legal guess, or -1. */
static int64_t random_reveal(simple_bot *b, const uint8_t *view, size_t n,
                             const int64_t *legal, size_t nlegal,
                             int avoid_mines)
{
    size_t count = 0;
    for (size_t i = 0; i < nlegal; i++)
        count += (size_t)guessable(b, view, n, legal[i], avoid_mines);
    if (count == 0)
        return -1;
    uint64_t k = sapper_rng_below(&b->rng, count);
    for (size_t i = 0; i < nlegal; i++)
        if (guessable(b, view, n, legal[i], avoid_mines) && k-- == 0)
            return legal[i];
    return -1;
}

/* Deduces into *d; an unreadable view deduces nothing. */
static void deduce(simple_bot *b, const sapper_mines_position *pos, size_t n,
                   sapper_mines_deduction *d)
{
    memset(b->mine, 0, n);
    if (sapper_mines_deduce(b->solver, pos, SAPPER_MINES_DEDUCE_COMPLETE,
                            NULL, d) != SAPPER_OK) {
        memset(d, 0, sizeof *d);
        return;
    }
    for (int32_t i = 0; i < d->mine_count; i++)
        b->mine[d->mines[i]] = 1;
}

static int64_t choose(simple_bot *b, const sapper_mines_position *pos,
                      const int64_t *legal, size_t nlegal)
{
    size_t n = (size_t)pos->width * (size_t)pos->height;
    sapper_mines_deduction d;
    int64_t a = -1;
    deduce(b, pos, n, &d);
    if (b->flag_mines)
        a = first_listed(d.mines, d.mine_count, SAPPER_MINES_FLAG,
                         SAPPER_CELL_HIDDEN, pos->cells, n, legal, nlegal);
    if (a < 0)
        a = first_listed(d.safe, d.safe_count, SAPPER_MINES_REVEAL, -1,
                         pos->cells, n, legal, nlegal);
    if (a < 0)
        a = random_reveal(b, pos->cells, n, legal, nlegal, 1);
    if (a < 0)
        a = random_reveal(b, pos->cells, n, legal, nlegal, 0);
    if (a < 0)
        a = legal[sapper_rng_below(&b->rng, nlegal)];
    return a;
}

sapper_status simple_bot_step(void *bot, const void *view, size_t view_size,
                              const int64_t *legal, size_t nlegal,
                              int64_t *action)
{
    simple_bot *b = bot;
    sapper_mines_position pos;
    if (!b || !legal || nlegal == 0 || !action ||
        sapper_mines_position_from_view(view, view_size, &pos) != SAPPER_OK)
        return SAPPER_ERR_STATE;
    if (!reserve(b, pos.width, pos.height))
        return SAPPER_ERR_NOMEM;
    *action = choose(b, &pos, legal, nlegal);
    return SAPPER_OK;
}
