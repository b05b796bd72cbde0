/*
 * start.c - the first move, when nothing is known yet.
 *
 * Where to start depends on what the rules promise about the first click
 * (published per-cell tables of the chance that a first click opens):
 *   safe (only the clicked cell is free) and any: a corner. A corner has
 *     the fewest neighbours, so it is the likeliest to be a 0 and open an
 *     area (Expert: 49.8 % against 15.4 % in the interior), and the win
 *     rate from a corner is the highest (Expert 39.6 % against ~36 %).
 *   opening (the clicked cell and its neighbours are free): the cell three
 *     steps in from a corner, 0-based (3,3), on boards at least 20 wide
 *     (Expert: 52.8 % against 46.8 % from the corner), else (2,2), the
 *     best cell on 8x8, 9x9 and 16x16: the opening then reaches the edge
 *     where cells have fewer unknown neighbours.
 * The `start` parameter (X,Y) overrides both, clamped to the board.
 * It does not look at the rules' other parameters, nor play later moves.
 */
#include "internal.h"

static int nothing_known(const prober *b, const uint8_t *cells)
{
    for (int32_t i = 0; i < b->n; i++)
        if (!sapper_cell_is_unknown(cells[i]))
            return 0;
    return 1;
}

static int32_t clamp(int32_t v, int32_t hi)
{
    return v < 0 ? 0 : v > hi ? hi : v;
}

int32_t prober_first_move(prober *b, const prober_turn *t)
{
    if (!nothing_known(b, t->pos.cells))
        return -1;
    int32_t x = 0, y = 0;
    if (b->par.start_x >= 0) {
        x = b->par.start_x;
        y = b->par.start_y;
    } else if (b->first_click == PROBER_FIRST_OPENING) {
        x = y = b->w >= 20 ? 3 : 2;
    }
    x = clamp(x, b->w - 1);
    y = clamp(y, b->h - 1);
    int32_t c = y * b->w + x;
    return prober_can_reveal(t, c) ? c : -1;
}
