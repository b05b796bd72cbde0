/*
 * bomb.c - when the hunter throws its Flags bomb (Mine-Seeker with
 * bomb = true), and where.
 *
 * Where: the legal bomb whose 5x5 square (moved inside the board, as the
 * rules do) holds the most mines in expectation, E = the sum of the exact
 * mine probabilities of its unknown cells; ties at random.
 * When: never while a certain mine is open to a click (that point is free
 * and keeps the turn, and the bomb waits); otherwise when the best square
 * is worth bomb_at mines or more, or when it is the last chance: the
 * opponent needs at most bomb_last mines to win, or the best square would
 * carry the hunter to the majority in expectation. A bomb passes the turn
 * and opens 25 cells of numbers to the opponent, so an early bomb on an
 * average square (5 mines on 16x16 with 51) buys less than it gives; the
 * defaults were measured (docs/BENCHMARKS.md, "Flags bomb").
 *
 * It reads only the view, the legal list and the analysis bot.c made.
 */
#include "bot.h"

#define BOMB_SIDE 5

/* The square's first cell along an axis of size cells, as the rules place
   it: centred on c, moved inside; the whole axis when shorter. */
static int32_t square_start(int32_t c, int32_t size, int32_t *len)
{
    const int32_t r = BOMB_SIDE / 2;
    if (size <= BOMB_SIDE) {
        *len = size;
        return 0;
    }
    *len = BOMB_SIDE;
    c = c < r ? r : c > size - 1 - r ? size - 1 - r : c;
    return c - r;
}

/* Expected mines in the square of a bomb at (x, y). */
static double square_mines(const hunter_bot *b, const hunter_ctx *c,
                           int32_t x, int32_t y)
{
    const sapper_mines_view *v = c->view;
    int32_t w, h, x0 = square_start(x, v->width, &w),
                  y0 = square_start(y, v->height, &h);
    double e = 0;
    for (int32_t j = y0; j < y0 + h; j++)
        for (int32_t i = x0; i < x0 + w; i++)
            if (sapper_cell_is_unknown(c->cells[j * v->width + i]))
                e += b->prob[j * v->width + i];
    return e;
}

/* The majority of the mines: what wins. */
static int32_t majority(const sapper_mines_view *v)
{
    return v->mines / 2 + 1;
}

static int worth_it(const hunter_bot *b, const hunter_ctx *c, double e)
{
    const sapper_mines_view *v = c->view;
    int32_t me = v->seat, other = 1 - v->seat;
    return e >= b->bomb_at ||
           majority(v) - v->points[other] <= b->bomb_last ||
           v->points[me] + e >= majority(v);
}

int64_t hunter_bomb(hunter_bot *b, const hunter_ctx *c, const int64_t *legal,
                    size_t nlegal)
{
    const sapper_mines_view *v = c->view;
    int32_t verb, x, y, ties = 0;
    int64_t best = -1;
    double best_e = -1;
    if (b->bomb_at <= 0 || c->certain > 0 || v->seat < 0 || v->seat > 1)
        return -1;
    for (size_t i = 0; i < nlegal; i++) {
        if (!sapper_mines_decode(legal[i], v->width, v->height, &verb, &x, &y) ||
            verb != SAPPER_MINES_BOMB)
            continue;
        double e = square_mines(b, c, x, y);
        if (e > best_e + HUNTER_EPSILON) {
            best = legal[i];
            best_e = e;
            ties = 1;
        } else if (e >= best_e - HUNTER_EPSILON &&
                   sapper_rng_below(&b->rng, (uint64_t)++ties) == 0) {
            best = legal[i];
        }
    }
    return best >= 0 && worth_it(b, c, best_e) ? best : -1;
}
