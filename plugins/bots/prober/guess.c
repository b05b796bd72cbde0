/*
 * guess.c - choosing a guess once no cell is certainly safe: the part that
 * separates a 37 % Expert solver from a 40 %+ one.
 *
 * In order:
 *   1. An unavoidable 50/50 is taken at once. It is a pair of cells a, b
 *      holding exactly one mine (a number sees exactly these two uncertain
 *      cells and needs one more mine) such that nothing can ever tell them
 *      apart: every revealed number and every cell that could still be
 *      revealed next to one of them is next to both. Guessing it later
 *      cannot be safer, and guessing it now shows a number sooner.
 *   2. With few layouts left, the exhaustive endgame search (endgame.c).
 *   3. Otherwise probes are ranked. Depth 0: the lowest mine probability,
 *      ties to the cell with the fewest unknown neighbours (a corner for
 *      unconstrained cells: the likeliest 0). Depth d >= 1: the candidates
 *      are the probes whose safety is within `tolerance` of the best
 *      (safety >= (1 - tolerance) * best safety), at most `candidates` of
 *      them, safest first, with at most two unconstrained ("floating")
 *      cells, as all of those are alike but for their neighbour count.
 *      Each is scored by lookahead.c: secondary safety (the chance to
 *      survive it and the next move, a position with a safe cell counting
 *      as a free move) + `progress` * progress (the chance it makes a safe
 *      cell appear; 0 by default: 0.2 lost 0.3 points on Expert, see
 *      docs/BENCHMARKS.md). Dead probes (one possible value: no
 *      information) are taken only when every candidate is dead. The
 *      examination stops once a candidate's safety cannot reach the best
 *      score, since neither measure exceeds the safety. Deeper levels
 *      score the positions after a probe with this same ranking.
 * It does not compute probabilities (the solver does) nor search layouts.
 */
#include "internal.h"

#include <math.h>

#define FLOATING_REPS 2      /* floating cells examined with look-ahead  */
#define SAME_P 1e-12         /* probabilities this close are equal       */

/* ---- unavoidable 50/50s ------------------------------------------- */

static int adjacent(const prober *b, int32_t x, int32_t y)
{
    int32_t dx = x % b->w - y % b->w, dy = x / b->w - y / b->w;
    return x != y && dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1;
}

/* Nothing next to exactly one of a and c can inform: no number, and no
   cell that may still be revealed (only certain mines). */
static int isolated_pair(const prober *b, const uint8_t *cells,
                         int32_t a, int32_t c)
{
    int32_t pair[2] = {a, c};
    for (int k = 0; k < 2; k++) {
        const int32_t *nb = b->nbr + 8 * pair[k];
        for (int32_t j = 0; j < b->nnbr[pair[k]]; j++) {
            int32_t x = nb[j];
            if (x == a || x == c || (adjacent(b, x, a) && adjacent(b, x, c)))
                continue;
            if (cells[x] <= 8 ||
                (sapper_cell_is_unknown(cells[x]) && b->prob[x] < 1.0))
                return 0;
        }
    }
    return 1;
}

/* The pair a number at i pins down, as *a and *c: its only uncertain
   neighbours, with one mine still to place among them. */
static int pinned_pair(const prober *b, const uint8_t *cells, int32_t i,
                       int32_t *a, int32_t *c)
{
    int32_t need = cells[i], found = 0;
    const int32_t *nb = b->nbr + 8 * i;
    for (int32_t j = 0; j < b->nnbr[i]; j++) {
        uint8_t code = cells[nb[j]];
        double p = b->prob[nb[j]];
        if (code == SAPPER_CELL_MINE || code >= SAPPER_CELL_CLAIMED ||
            (sapper_cell_is_unknown(code) && p == 1.0))
            need--;
        else if (sapper_cell_is_unknown(code) && p > 0.0 && found++ < 2)
            *(found == 1 ? a : c) = nb[j];
    }
    return found == 2 && need == 1;
}

/* Marks the numbers next to an uncertain frontier cell (kind: the
   analysis' SAPPER_MINES_KIND_* of each cell): only they can pin a pair
   (both its cells are uncertain neighbours of the number). */
static void mark_pinning(const prober *b, const uint8_t *cells, const uint8_t *kind)
{
    memset(b->mark, 0, (size_t)b->n);
    for (int32_t u = 0; u < b->n; u++) {
        if (kind[u] != SAPPER_MINES_KIND_FRONTIER || b->prob[u] <= 0.0 ||
            b->prob[u] >= 1.0)
            continue;
        const int32_t *nb = b->nbr + 8 * u;
        for (int32_t j = 0; j < b->nnbr[u]; j++)
            b->mark[nb[j]] = cells[nb[j]] <= 8;
    }
}

static int32_t fifty_fifty(const prober *b, const uint8_t *kind)
{
    const uint8_t *cells = b->turn->pos.cells;
    mark_pinning(b, cells, kind);
    for (int32_t i = 0; i < b->n; i++) {
        int32_t a, c;
        if (!b->mark[i] || cells[i] > 8 || !pinned_pair(b, cells, i, &a, &c) ||
            !isolated_pair(b, cells, a, c))
            continue;
        if (prober_can_reveal(b->turn, a))
            return a;
        if (prober_can_reveal(b->turn, c))
            return c;
    }
    return -1;
}

/* ---- candidates ------------------------------------------------------ */

typedef struct cand {
    int32_t cell;
    int32_t unknown;    /* unknown neighbours                          */
    double p;
} cand;

/* a goes before c: safer, then fewer unknown neighbours, then index. */
static int before(const cand *a, const cand *c)
{
    if (fabs(a->p - c->p) > SAME_P)
        return a->p < c->p;
    if (a->unknown != c->unknown)
        return a->unknown < c->unknown;
    return a->cell < c->cell;
}

/* Inserts x into the sorted list of at most cap entries. */
static void keep(cand *list, int32_t *count, int32_t cap, cand x)
{
    int32_t i = *count < cap ? (*count)++ : cap;
    if (i == cap && (cap == 0 || !before(&x, &list[cap - 1])))
        return;
    if (i == cap)
        i--;
    while (i > 0 && before(&x, &list[i - 1])) {
        list[i] = list[i - 1];
        i--;
    }
    list[i] = x;
}

/* The unknown neighbours of c; *floating: it touches no number. */
static int32_t around(const prober *b, const uint8_t *cells, int32_t c,
                      int *floating)
{
    int32_t unknown = 0;
    const int32_t *nb = b->nbr + 8 * c;
    *floating = 1;
    for (int32_t j = 0; j < b->nnbr[c]; j++) {
        unknown += sapper_cell_is_unknown(cells[nb[j]]);
        if (cells[nb[j]] <= 8)
            *floating = 0;
    }
    return unknown;
}

static int probeable(const prober *b, const uint8_t *cells,
                     const double *prob, int32_t c)
{
    return sapper_cell_is_unknown(cells[c]) && prob[c] < 1.0 &&
           prob[c] > 0.0 && prober_can_reveal(b->turn, c);
}

static double lowest_p(const prober *b, const uint8_t *cells,
                       const double *prob)
{
    double best = 1.0;
    for (int32_t c = 0; c < b->n; c++)
        if (prob[c] < best && probeable(b, cells, prob, c))
            best = prob[c];
    return best;
}

/* The candidates of a position, safest first: returns their count. */
static int32_t candidates(const prober *b, const uint8_t *cells,
                          const double *prob, double cut, int32_t cap,
                          cand *out)
{
    cand floats[FLOATING_REPS];
    int32_t n = 0, nf = 0;
    for (int32_t c = 0; c < b->n; c++) {
        if (prob[c] > cut || !probeable(b, cells, prob, c))
            continue;
        int floating;
        cand x = {c, around(b, cells, c, &floating), prob[c]};
        if (floating)
            keep(floats, &nf, FLOATING_REPS < cap ? FLOATING_REPS : cap, x);
        else
            keep(out, &n, cap, x);
    }
    for (int32_t i = 0; i < nf; i++)
        keep(out, &n, cap, floats[i]);
    return n;
}

/* ---- ranking ------------------------------------------------------- */

static double safest(prober *b, const uint8_t *cells, const double *prob,
                     int32_t *best)
{
    double p = lowest_p(b, cells, prob);
    if (best) {
        cand one[1];
        int32_t n = candidates(b, cells, prob, p + SAME_P, 1, one);
        *best = n > 0 ? one[0].cell : -1;
    }
    return 1.0 - p;
}

double prober_rank(prober *b, int32_t level, const uint8_t *cells,
                   const double *prob, double layouts_log2, int32_t depth,
                   int32_t *best)
{
    if (depth <= 0 || level >= PROBER_MAX_DEPTH)
        return safest(b, cells, prob, best);
    cand list[PROBER_MAX_CANDIDATES];
    double top = 1.0 - lowest_p(b, cells, prob);
    double cut = 1.0 - top * (1.0 - b->par.tolerance) + SAME_P;
    int32_t cap = b->par.candidates;
    int32_t n = candidates(b, cells, prob, cut, cap, list);
    double live = -1, dead = -1, w = b->par.progress;
    int32_t live_cell = -1, dead_cell = -1;
    for (int32_t i = 0; i < n; i++) {
        prober_outlook o;
        if ((1.0 - list[i].p) * (1.0 + w) <= live)
            break;
        if (!prober_outlook_of(b, level, cells, prob, list[i].cell,
                               layouts_log2, depth, live, &o))
            continue;
        double s = o.secondary + w * o.progress;
        double *slot = o.values > 1 ? &live : &dead;
        int32_t *slot_cell = o.values > 1 ? &live_cell : &dead_cell;
        if (s > *slot) {
            *slot = s;
            *slot_cell = list[i].cell;
        }
    }
    if (live_cell < 0 && dead_cell < 0)
        return safest(b, cells, prob, best);
    if (best)
        *best = live_cell >= 0 ? live_cell : dead_cell;
    return live_cell >= 0 ? live : dead;
}

int32_t prober_guess(prober *b, const prober_turn *t, const uint8_t *kind,
                     double layouts_log2, int32_t approximate)
{
    int32_t c = fifty_fifty(b, kind);
    if (c >= 0)
        return c;
    if (b->endgame && !approximate &&
        layouts_log2 <= log2((double)b->par.endgame_layouts) + 1e-9) {
        double win;
        c = prober_endgame_move(b, t, &win);
        if (c >= 0)
            return c;
    }
    c = -1;
    b->exact[0] = !approximate;
    prober_rank(b, 0, t->pos.cells, b->prob, layouts_log2, b->par.depth, &c);
    return c;
}
