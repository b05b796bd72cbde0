/*
 * lookahead.c - what probing one cell can lead to: the values it may
 * show, how likely each is, and how good each resulting position is.
 *
 * For a probe at cell c of a position with Z layouts, each value v that c
 * could show is tried by analysing the position with c revealed as v: its
 * layout count Z_v is exactly the number of the original layouts in which c
 * is safe and shows v, so P(c shows v) = Z_v / Z (the Z_v add up to the
 * probe's safety times Z). The position after v is then scored by W_d,
 * the chance to survive its next d clicks (d = depth), a click on a
 * certain safe cell included:
 *   W_d = 1 when it has at least d safe cells (or nothing left to probe);
 *   with fewer, the first safe cell is clicked and what it may show is
 *     looked at the same way: W_d = sum_w P(shows w) * W_{d-1}(after w);
 *   with none, its best guess: its safety (d = 1), or its best guess's
 *     own look-ahead score (d > 1), chosen by guess.c on that position.
 * secondary = sum_v P(v) * W_d(after v) is the chance to survive the
 * probe and the d clicks after it: at depth 1, JSMinesweeper's "secondary
 * safety". Counting a safe click as a click keeps the levels consistent:
 * scoring every position with a safe cell 1, whatever the depth, made
 * depth 2 weaker than depth 1 (docs/BENCHMARKS.md). progress = sum over v
 * with a safe cell of P(v) (Tu et al.'s S measure, PSEQ).
 * A probe that can show only one value (given that it is safe) tells
 * nothing: it is "dead".
 * A probe that cannot beat the best score guess.c has so far is dropped as
 * soon as that is certain: its values' chances add up to its safety and
 * no value scores more than its chance, so once the values seen plus the
 * rest of its safety stay under the best, the values left are not
 * analysed (about a third of the what-if analyses of an Expert game). The
 * choice is the same: such a probe could not have replaced the best. This
 * holds when the counts are exact, so a position whose analysis hit a
 * budget (never on Expert with the default budgets) prunes nothing.
 *
 * Deeper levels write into their own slices of b->work and b->prob, so a
 * level never overwrites the position of the level above.
 * It does not choose among probes (guess.c).
 */
#include "internal.h"

#include <math.h>

/* The values c may show: known mines around it up to known mines plus the
   neighbours that may be mines. */
static void value_range(const prober *b, const uint8_t *cells,
                        const double *prob, int32_t c, int32_t *lo,
                        int32_t *hi)
{
    const int32_t *nb = b->nbr + 8 * c;
    *lo = *hi = 0;
    for (int32_t k = 0; k < b->nnbr[c]; k++) {
        uint8_t code = cells[nb[k]];
        if (code == SAPPER_CELL_MINE || code >= SAPPER_CELL_CLAIMED) {
            ++*lo;
            ++*hi;
        } else if (sapper_cell_is_unknown(code) && prob[nb[k]] > 0.0) {
            *lo += prob[nb[k]] == 1.0;
            ++*hi;
        }
    }
}

/* W_depth of the position in `next` (just analysed into *r), as above;
   *safe: it has a safe cell. */
static double next_score(prober *b, int32_t level, const uint8_t *next,
                         const sapper_mines_result *r, int32_t depth,
                         int *safe)
{
    *safe = r->safe > 0;
    if (r->unknown == r->certain_mines || r->safe >= depth)
        return 1.0;   /* nothing left to probe, or a safe cell per click */
    double *prob = b->prob + (size_t)(level + 1) * (size_t)b->n;
    if (depth <= 1)   /* the best safety: no analysis, so no copy either */
        return prober_rank(b, level + 1, next, r->prob, r->layouts_log2, 0,
                           NULL);
    memcpy(prob, r->prob, (size_t)b->n * sizeof *prob);
    if (!*safe)
        return prober_rank(b, level + 1, next, prob, r->layouts_log2,
                           depth - 1, NULL);
    /* too few safe cells: click the first and look at what it may show */
    int32_t s = 0;
    prober_outlook o;
    while (!(sapper_cell_is_unknown(next[s]) && prob[s] == 0.0))
        s++;
    if (!prober_outlook_of(b, level + 1, next, prob, s, r->layouts_log2,
                           depth - 1, -1, &o))
        return 0.0;
    return o.secondary;
}

/* Whether a probe whose values so far gave *o (their chances adding up to
   mass) can still score above floor: the values left hold the rest of its
   safety, and no value scores more than its chance. The margin covers the
   rounding of the chances, which add up to the safety exactly only in
   exact arithmetic. */
#define PRUNE_MARGIN 1e-9

static int can_beat(const prober_outlook *o, double mass, double w,
                    double floor)
{
    double rest = o->safety - mass;
    return o->secondary + w * o->progress + (1.0 + w) * (rest > 0 ? rest : 0) +
               PRUNE_MARGIN > floor;
}

int prober_outlook_of(prober *b, int32_t level, const uint8_t *cells,
                      const double *prob, int32_t cell, double layouts_log2,
                      int32_t depth, double floor, prober_outlook *out)
{
    double w = b->par.progress, mass = 0;
    uint8_t *next = b->work + (size_t)level * (size_t)b->n;
    sapper_mines_position pos = {b->w, b->h, b->mines, 0, next};
    int32_t lo, hi;
    /* the chances add up to the safety only when every count is exact */
    int prune = floor >= 0 && b->exact[level];
    memcpy(next, cells, (size_t)b->n);
    value_range(b, cells, prob, cell, &lo, &hi);
    out->safety = 1.0 - prob[cell];
    out->secondary = out->progress = 0;
    out->values = 0;
    for (int32_t v = lo; v <= hi; v++) {
        sapper_mines_result r;
        if (prune && !can_beat(out, mass, w, floor))
            return 0;   /* the rest of its values cannot lift it over floor */
        next[cell] = (uint8_t)v;
        if (sapper_mines_analyze(b->solver, &pos, &b->budget, &r) != SAPPER_OK)
            return 0;
        prune &= !r.approximate;
        if (!r.consistent)
            continue;
        double pv = exp2(r.layouts_log2 - layouts_log2);
        int safe;
        mass += pv;
        out->values++;
        b->exact[level + 1] = !r.approximate;
        out->secondary += pv * next_score(b, level, next, &r, depth, &safe);
        out->progress += safe ? pv : 0;
    }
    return 1;
}
