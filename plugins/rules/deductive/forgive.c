/*
 * forgive.c - the forgiveness decision of Deductive Minesweeper: when the
 * player exposes a mine, the game studies the position before the click.
 * "If it is impossible to deduce that the cell is mined, and impossible to
 * deduce the location of a safe cell, the mine is exposed, and the game
 * continues." Otherwise the player loses.
 *
 * One call of the exact engine in COMPLETE mode answers both questions:
 * its rule stage usually finds a safe cell at once (then the player has
 * lost, whatever the clicked cell is); only when the rules find none does
 * the exact enumeration with the global mine count run, and then its lists
 * hold every certain cell. It does not time anything, touch the board or
 * classify cells for the display (analysis.c does that after a loss).
 */
#include "internal.h"

/* Is cell in the ascending list? */
static int listed(const int32_t *list, int32_t n, int32_t cell)
{
    int32_t lo = 0, hi = n;
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (list[mid] == cell)
            return 1;
        if (list[mid] < cell)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

sapper_status ded_forgive(sapper_mines_solver *solver,
                          const sapper_mines_position *pos, int32_t cell,
                          ded_verdict *out)
{
    sapper_mines_deduction d;
    sapper_status st = sapper_mines_deduce(solver, pos,
                                           SAPPER_MINES_DEDUCE_COMPLETE,
                                           NULL, &d);
    if (st != SAPPER_OK)
        return st;
    if (!d.consistent)
        return SAPPER_ERR_INTERNAL;
    memset(out, 0, sizeof *out);
    out->clicked_known = listed(d.mines, d.mine_count, cell);
    out->safe_known = d.safe_count;
    out->forgiven = !out->clicked_known && d.safe_count == 0;
    /* A budget only ever hides certain cells: when nothing was found the
       player gets the benefit of the doubt, and we say so. */
    out->approximate = out->forgiven && d.approximate;
    out->nodes = d.nodes;
    return SAPPER_OK;
}
