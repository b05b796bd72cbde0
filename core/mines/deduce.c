/*
 * deduce.c - sapper_mines_deduce: the unknown cells that are safe, or
 * mines, in every layout. The rule stage (constraints.c) answers most
 * positions in linear time; the exact stage (probability.c: enumeration
 * with the global count) runs only when the mode asks for it, and then a
 * cell is certain exactly when no layout of a feasible mine count
 * disagrees, never by comparing rounded probabilities.
 *
 * It computes no probabilities of its own; what the solver keeps between
 * calls (seen.c, carry.c) does not change its answers.
 */
#include "solver_internal.h"

#include <string.h>

static int32_t rule_safe_count(const sapper_mines_solver *s)
{
    return s->unknown - s->undecided - s->decided_mines;
}

/* A cell's certainty: from the rule stage, or from the probabilities the
   exact stage wrote (exactly 0.0 or 1.0 only when certain). */
static int32_t certainty(const sapper_mines_solver *s, int32_t cell,
                         int exact)
{
    if (!exact)
        return s->state[cell];
    return s->prob[cell] == 0.0 ? MS_SAFE
           : s->prob[cell] == 1.0 ? MS_MINE
                                  : MS_UNDECIDED;
}

static void list_cells(sapper_mines_solver *s, int exact,
                       sapper_mines_deduction *d)
{
    MS_EACH_BIT(s, exact ? s->unknowns : mines_decidable(s), i, {
        int32_t c = certainty(s, i, exact);
        if (c == MS_SAFE)
            s->safe_list[d->safe_count++] = i;
        else if (c == MS_MINE)
            s->mine_list[d->mine_count++] = i;
    });
}

sapper_status sapper_mines_deduce(sapper_mines_solver *s,
                                  const sapper_mines_position *pos,
                                  int32_t mode,
                                  const sapper_mines_budget *budget,
                                  sapper_mines_deduction *out)
{
    if (!s || !out || mode < SAPPER_MINES_DEDUCE_FAST ||
        mode > SAPPER_MINES_DEDUCE_ALL)
        return SAPPER_ERR_PARAM;
    sapper_status st = mines_solver_read(s, pos);
    if (st != SAPPER_OK)
        return st;
    sapper_mines_deduction d;
    memset(&d, 0, sizeof d);
    mines_solver_rules(s);
    mines_carry_keep(s);
    d.enumerated = !s->contradiction && s->undecided > 0 &&
                   (mode == SAPPER_MINES_DEDUCE_ALL ||
                    (mode == SAPPER_MINES_DEDUCE_COMPLETE &&
                     rule_safe_count(s) == 0));
    if (d.enumerated) {
        sapper_mines_result r;
        memset(&r, 0, sizeof r);
        mines_solver_exact(s, budget, &r);
        d.approximate = r.approximate;
        d.nodes = r.nodes;
    }
    d.consistent = !s->contradiction;
    if (d.consistent)
        list_cells(s, d.enumerated, &d);
    d.complete = d.consistent &&
                 (s->undecided == 0 || (d.enumerated && !d.approximate));
    d.safe = s->safe_list;
    d.mines = s->mine_list;
    *out = d;
    return SAPPER_OK;
}
