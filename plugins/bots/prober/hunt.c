/*
 * hunt.c - the policy for two-player mines rulesets (seeker), whose goal
 * is to claim mines: revealing a mine claims it and keeps the turn,
 * revealing a safe cell passes the turn and shows the opponent a number.
 *
 * The move is the revealable cell most likely to be a mine, by the exact
 * analysis (a certain mine first); among equals a cell on the board's
 * edge (seeker gives an edge bonus), then the lowest index. That is all:
 * it does not weigh what a safe reveal tells the opponent (the dedicated
 * `hunter` bot does), and it never guesses for safety.
 */
#include "internal.h"

static int on_edge(const prober *b, int32_t c)
{
    int32_t x = c % b->w, y = c / b->w;
    return x == 0 || y == 0 || x == b->w - 1 || y == b->h - 1;
}

int32_t prober_hunt(prober *b, const prober_turn *t)
{
    sapper_mines_result r;
    if (sapper_mines_analyze(b->solver, &t->pos, &b->budget, &r) != SAPPER_OK)
        return -1;
    int32_t best = -1;
    double best_p = -1;
    for (int32_t c = 0; c < b->n; c++) {
        if (r.kind[c] < SAPPER_MINES_KIND_FRONTIER || !prober_can_reveal(t, c))
            continue;
        double p = r.prob[c];
        if (p > best_p || (p == best_p && on_edge(b, c) && !on_edge(b, best))) {
            best = c;
            best_p = p;
        }
    }
    return best;
}
