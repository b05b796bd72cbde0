/*
 * bot.c - the simple bot: single-number deductions, then a random guess.
 *
 * Each step starts from the view alone (no memory between steps, so undo,
 * replays and foreign moves cannot make it stale). Known mines are exposed
 * or claimed cells; the player's flags and "?" marks are NOT trusted, they
 * are unknown cells like any hidden one. Then, for every revealed number n
 * with m known mines and u undecided neighbours:
 *   n - m == 0  ->  the u undecided neighbours are safe;
 *   n - m == u  ->  they are all mines.
 * A worklist repeats this to a fixpoint in time linear in the board: a
 * number is looked at again only when one of its neighbours was decided.
 *
 * The move: with flag_mines, flag the lowest-index deduced mine that is a
 * plain hidden cell, if that is legal. Otherwise reveal the lowest-index
 * deduced safe cell whose reveal is legal (lowest index: deterministic and
 * as good as any other safe cell). Otherwise reveal a uniformly random
 * legal cell that is not a deduced mine; if every legal reveal is a deduced
 * mine, any legal reveal; if no reveal is legal, any legal action.
 *
 * It does not reason about pairs of numbers, the mine total or
 * probabilities, and it plays to avoid mines even in a ruleset whose goal
 * is to find them: it only has to survive such a view.
 */
#include "bot.h"

#include <stdio.h>

/* What the bot knows of a cell. OTHER: a code it does not know (13-15, or
 * a later ABI's): neither a number nor a candidate, so it is left alone
 * rather than forfeit the game over it. */
enum { UNDECIDED, SAFE, MINE, OPEN, OTHER };

typedef struct simple_bot {
    sapper_rng rng;     /* seeded from setup->seed: the only randomness   */
    int flag_mines;     /* parameter: flag deduced mines before revealing */
    size_t cap;         /* cells the buffers below hold                   */
    int32_t *work;      /* worklist of number cells; owns the whole block */
    uint8_t *know;      /* per cell: UNDECIDED, SAFE, MINE, OPEN, OTHER   */
    uint8_t *queued;    /* per cell: on the worklist                      */
} simple_bot;

/* One step's board: the view's cells and the bot's buffers. */
typedef struct board {
    int32_t w, h;
    size_t n;
    const uint8_t *cells;
    uint8_t *know, *queued;
    int32_t *work;
    size_t top;
} board;

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

void simple_bot_free(void *bot)
{
    simple_bot *b = bot;
    if (b)
        free(b->work);
    free(b);
}

/* Grows the per-cell buffers to n cells: one block, kept between steps so
 * a step allocates only when the board grows. */
static int reserve(simple_bot *b, size_t n)
{
    if (n <= b->cap)
        return 1;
    if (n > INT32_MAX || n > SIZE_MAX / (sizeof(int32_t) + 2))
        return 0;
    int32_t *block = malloc(n * (sizeof(int32_t) + 2));
    if (!block)
        return 0;
    free(b->work);
    b->work = block;
    b->know = (uint8_t *)(block + n);
    b->queued = b->know + n;
    b->cap = n;
    return 1;
}

static uint8_t classify(uint8_t code)
{
    if (code <= 8)
        return OPEN;
    if (sapper_cell_is_unknown(code))
        return UNDECIDED;
    if (code == SAPPER_CELL_MINE || code >= SAPPER_CELL_CLAIMED)
        return MINE;   /* exposed, or claimed by either seat */
    return OTHER;
}

/* Writes the indices of the neighbours of cell i into out; returns how many. */
static int neighbours(const board *bd, int32_t i, int32_t out[8])
{
    int32_t x = i % bd->w, y = i / bd->w;
    int count = 0;
    for (int32_t dy = -1; dy <= 1; dy++)
        for (int32_t dx = -1; dx <= 1; dx++) {
            int32_t nx = x + dx, ny = y + dy;
            if ((dx || dy) && nx >= 0 && nx < bd->w && ny >= 0 && ny < bd->h)
                out[count++] = ny * bd->w + nx;
        }
    return count;
}

static void push(board *bd, int32_t i)
{
    if (bd->know[i] == OPEN && !bd->queued[i]) {
        bd->queued[i] = 1;
        bd->work[bd->top++] = i;
    }
}

/* Decides every undecided neighbour of i as what, and queues the numbers
 * around each: their counts just changed. */
static void decide_all(board *bd, int32_t i, uint8_t what)
{
    int32_t nb[8], nb2[8];
    for (int a = 0, na = neighbours(bd, i, nb); a < na; a++) {
        if (bd->know[nb[a]] != UNDECIDED)
            continue;
        bd->know[nb[a]] = what;
        for (int b = 0, nbb = neighbours(bd, nb[a], nb2); b < nbb; b++)
            push(bd, nb2[b]);
    }
}

/* The single-number rule at number cell i. An inconsistent view (more
 * known mines than the number, or too few candidates) decides nothing. */
static void apply_number(board *bd, int32_t i)
{
    int32_t nb[8], mines = 0, undecided = 0;
    for (int a = 0, na = neighbours(bd, i, nb); a < na; a++) {
        mines += bd->know[nb[a]] == MINE;
        undecided += bd->know[nb[a]] == UNDECIDED;
    }
    int32_t left = bd->cells[i] - mines;
    if (undecided == 0)
        return;
    if (left == 0)
        decide_all(bd, i, SAFE);
    else if (left == undecided)
        decide_all(bd, i, MINE);
}

/* Fills bd->know from the view and runs the worklist to its fixpoint. */
static void deduce(board *bd)
{
    bd->top = 0;
    for (size_t i = 0; i < bd->n; i++) {
        bd->know[i] = classify(bd->cells[i]);
        bd->queued[i] = 0;
    }
    for (size_t i = 0; i < bd->n; i++)
        push(bd, (int32_t)i);
    while (bd->top > 0) {
        int32_t i = bd->work[--bd->top];
        bd->queued[i] = 0;
        apply_number(bd, i);
    }
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

/* The legal action verb on the lowest-index cell known as what (and, when
 * code >= 0, showing that code), or -1 when there is none. */
static int64_t first_decided(const board *bd, uint8_t what, int code,
                             int32_t verb, const int64_t *legal, size_t nlegal)
{
    for (size_t i = 0; i < bd->n; i++) {
        int64_t a = (int64_t)verb * (int64_t)bd->n + (int64_t)i;
        if (bd->know[i] == what && (code < 0 || bd->cells[i] == code) &&
            is_legal(legal, nlegal, a))
            return a;
    }
    return -1;
}

/* Reveal ids are the cell indices, below n. */
static int is_reveal(const board *bd, int64_t a, int undecided_only)
{
    if (a < 0 || (uint64_t)a >= bd->n)
        return 0;
    return !undecided_only || bd->know[a] == UNDECIDED;
}

/* A uniform legal reveal (of an undecided cell if undecided_only), or -1. */
static int64_t random_reveal(sapper_rng *rng, const board *bd,
                             const int64_t *legal, size_t nlegal,
                             int undecided_only)
{
    size_t count = 0;
    for (size_t i = 0; i < nlegal; i++)
        count += (size_t)is_reveal(bd, legal[i], undecided_only);
    if (count == 0)
        return -1;
    uint64_t k = sapper_rng_below(rng, count);
    for (size_t i = 0; i < nlegal; i++)
        if (is_reveal(bd, legal[i], undecided_only) && k-- == 0)
            return legal[i];
    return -1;
}

static int64_t choose(simple_bot *b, const board *bd, const int64_t *legal,
                      size_t nlegal)
{
    int64_t a = -1;
    if (b->flag_mines)
        a = first_decided(bd, MINE, SAPPER_CELL_HIDDEN, SAPPER_MINES_FLAG,
                          legal, nlegal);
    if (a < 0)
        a = first_decided(bd, SAFE, -1, SAPPER_MINES_REVEAL, legal, nlegal);
    if (a < 0)
        a = random_reveal(&b->rng, bd, legal, nlegal, 1);
    if (a < 0)
        a = random_reveal(&b->rng, bd, legal, nlegal, 0);
    if (a < 0)
        a = legal[sapper_rng_below(&b->rng, nlegal)];
    return a;
}

sapper_status simple_bot_step(void *bot, const void *view, size_t view_size,
                              const int64_t *legal, size_t nlegal,
                              int64_t *action)
{
    simple_bot *b = bot;
    const sapper_mines_view *v = view;
    const uint8_t *cells = sapper_mines_view_cells(view, view_size);
    if (!b || !cells || !legal || nlegal == 0 || !action)
        return SAPPER_ERR_STATE;
    size_t n = (size_t)v->width * (size_t)v->height;
    if (!reserve(b, n))
        return SAPPER_ERR_NOMEM;

    board bd = { .w = v->width, .h = v->height, .n = n, .cells = cells,
                 .know = b->know, .queued = b->queued, .work = b->work };
    deduce(&bd);
    *action = choose(b, &bd, legal, nlegal);
    return SAPPER_OK;
}
