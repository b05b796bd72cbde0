/*
 * endgame.c - the exhaustive endgame: once few layouts remain, list them
 * all and search the whole game tree for the probe that maximises the
 * chance to win, as the strongest published solvers do near the end.
 *
 * The layouts: every placement of the remaining mines on the "live" cells
 * (unknown, neither certainly safe nor certainly a mine) that agrees with
 * every number, found by backtracking with a running need and room per
 * number and the global count. All layouts are equally likely. Each is a
 * column bit in the live cells' mine sets; the value every live cell shows
 * in each layout is tabulated.
 *
 * The search. A state is the set S of layouts still possible. Every cell
 * that is safe in all of S is revealed for free, and if it can show more
 * than one value it splits S (this is also the flood of a 0). Then
 *   win(S) = 1 when |S| = 1 (every safe cell is known), else
 *   win(S) = max over live probes c of  sum over values v of
 *            |S_{c,v}| / |S| * win(S_{c,v}),
 * S_{c,v} the layouts where c is safe and shows v. Probes are tried safest
 * first, and a probe stops as soon as its safety, or what it has gathered
 * plus the mass still to come, cannot beat the best so far. win(S) depends
 * on S alone, so it is cached by a 128-bit hash of S (a cache, not a
 * table: a full bucket is overwritten).
 *
 * Budget: enumeration and search together may visit `endgame_nodes`
 * nodes; past that the search is abandoned and guess.c's heuristics play.
 * It does not handle positions with unrevealable safe cells (player flags
 * on safe cells): it declines them.
 *
 * This file holds the searcher's lifetime and the move;
 * endgame_layouts.c lists the layouts, endgame_search.c searches them.
 */
#include "endgame.h"

/* ---- lifetime ------------------------------------------------------- */

prober_endgame *prober_endgame_new(int32_t cells, int32_t max_layouts)
{
    prober_endgame *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    size_t n = (size_t)cells, L = (size_t)max_layouts;
    size_t words = (L + 63) / 64;
    e->cells = cells;
    e->max_layouts = max_layouts;
    e->live = malloc(n * sizeof *e->live);
    e->live_of = malloc(n * sizeof *e->live_of);
    e->base = malloc(n * sizeof *e->base);
    e->con_need = malloc(n * sizeof *e->con_need);
    e->con_room = malloc(n * sizeof *e->con_room);
    e->con_of = malloc(8 * n * sizeof *e->con_of);
    e->ncon_of = malloc(n);
    e->order = malloc(n * sizeof *e->order);
    e->mine = malloc(n);
    e->col = malloc(n * words * sizeof *e->col);
    e->val = malloc(L * (n + 8));
    e->mrow = malloc(L * (n + 8));
    e->acc = malloc(2 * (n + 8));
    e->stack_cap = MAX_LEVELS * (10 * words + n + 2);
    e->stack = malloc(e->stack_cap * sizeof *e->stack);
    e->memo = calloc((size_t)1 << MEMO_BITS, sizeof *e->memo);
    if (!e->live || !e->live_of || !e->base || !e->con_need || !e->con_room ||
        !e->con_of || !e->ncon_of || !e->order || !e->mine || !e->col ||
        !e->val || !e->mrow || !e->acc || !e->stack || !e->memo) {
        prober_endgame_free(e);
        return NULL;
    }
    return e;
}

void prober_endgame_free(prober_endgame *e)
{
    if (!e)
        return;
    free(e->live);
    free(e->live_of);
    free(e->base);
    free(e->con_need);
    free(e->con_room);
    free(e->con_of);
    free(e->ncon_of);
    free(e->order);
    free(e->mine);
    free(e->col);
    free(e->val);
    free(e->mrow);
    free(e->acc);
    free(e->stack);
    free(e->memo);
    free(e);
}

int32_t prober_endgame_move(prober *b, const prober_turn *t, double *win_out)
{
    prober_endgame *e = b->endgame;
    const uint8_t *cells = t->pos.cells;
    if (!e || !prober_endgame_layouts(e, b, cells))
        return -1;
    e->gen++;
    e->stack_used = 0;
    uint64_t *all = prober_endgame_set_new(e);
    for (int32_t L = 0; L < e->nlayouts; L++)
        all[L / 64] |= UINT64_C(1) << (L % 64);
    int32_t best = -1;
    double w = prober_endgame_win(e, all, e->nlayouts, &best);
    if (e->nodes > e->budget || best < 0 || !prober_can_reveal(t, best))
        return -1;
    *win_out = w;
    return best;
}
