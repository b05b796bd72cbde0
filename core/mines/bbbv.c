/*
 * bbbv.c - 3BV ("Bechtel's Board Benchmark Value"): the fewest left clicks
 * that clear a board without flags, the measure every Minesweeper player
 * compares times by. Each opening (a connected region of safe cells with
 * no mine around them, together with the numbers on its rim) takes one
 * click; each safe number cell on no opening's rim takes one. A board in
 * play also has its solved 3BV: the openings already opened and the lone
 * numbers already revealed, so a lost game's efficiency can be read too.
 *
 * It reads the board only (the mines must be placed) and allocates one
 * scratch array per call; it knows nothing of clicks or clocks.
 */
#include "board.h"

#include <stdio.h>
#include <stdlib.h>

/* Marks the opening that holds zero cell start (its zeros and their rim
   in rim[]) and says whether it is open (its zeros revealed: a flood opens
   them all at once). */
static int mark_opening(const sapper_board *b, int32_t start, uint8_t *rim,
                        int32_t *stack)
{
    int32_t top = 0, open = 0;
    stack[top++] = start;
    rim[start] = 2;   /* 2: a zero of an opening, 1: on some rim */
    while (top > 0) {
        int32_t c = stack[--top], nb[8];
        open |= b->state[c] == SAPPER_BOARD_REVEALED;
        int32_t n = sapper_board_neighbours_inline(b, c, nb);
        for (int32_t i = 0; i < n; i++) {
            int32_t d = nb[i];
            if (rim[d] == 2 || b->mine[d])
                continue;
            if (b->count[d] == 0) {
                rim[d] = 2;
                stack[top++] = d;
            } else {
                rim[d] = 1;
            }
        }
    }
    return open;
}

int32_t sapper_board_3bv(const sapper_board *b, int32_t *solved)
{
    int32_t total = 0, done = 0;
    uint8_t *rim = b->placed ? calloc((size_t)b->cells, 1) : NULL;
    int32_t *stack = rim ? malloc((size_t)b->cells * sizeof *stack) : NULL;
    if (!stack) {
        free(rim);
        if (solved)
            *solved = 0;
        return b->placed ? -1 : 0;
    }
    for (int32_t c = 0; c < b->cells; c++)
        if (!b->mine[c] && b->count[c] == 0 && rim[c] != 2) {
            total++;
            done += mark_opening(b, c, rim, stack);
        }
    for (int32_t c = 0; c < b->cells; c++)
        if (!b->mine[c] && rim[c] == 0) {   /* a number on no rim */
            total++;
            done += b->state[c] == SAPPER_BOARD_REVEALED;
        }
    free(rim);
    free(stack);
    if (solved)
        *solved = done;
    return total;
}

int32_t sapper_board_safe_revealed(const sapper_board *b)
{
    int32_t mines = 0;
    for (int32_t c = 0; c < b->cells && b->placed; c++)
        mines += b->mine[c] && b->state[c] == SAPPER_BOARD_REVEALED;
    return b->revealed - mines;
}

int sapper_board_record(const sapper_board *b,
                        const int32_t clicks[SAPPER_BOARD_CLICK_VERBS],
                        sapper_mines_record *out)
{
    int32_t solved = 0, bbbv = sapper_board_3bv(b, &solved);
    if (bbbv < 0)
        return -1;
    *out = (sapper_mines_record){
        .struct_size = sizeof *out, .flags = SAPPER_MINES_REC_COUNTED,
        .width = b->width, .height = b->height, .mines = b->mines,
        .revealed = sapper_board_safe_revealed(b), .lost_x = -1, .lost_y = -1,
        .bbbv = bbbv, .bbbv_solved = solved,
        .clicks = {clicks[SAPPER_MINES_REVEAL], clicks[SAPPER_MINES_FLAG],
                   clicks[SAPPER_MINES_CHORD]},
    };
    return 0;
}

int64_t sapper_board_stats_json(const sapper_board *b,
                                const int32_t clicks[SAPPER_BOARD_CLICK_VERBS],
                                char *buf, size_t cap)
{
    sapper_mines_record r;
    if (sapper_board_record(b, clicks, &r) < 0)
        return -1;
    double efficiency = sapper_mines_efficiency(&r);
    char eff[32] = "null";
    if (efficiency >= 0)
        snprintf(eff, sizeof eff, "%.1f", efficiency);
    return snprintf(buf, cap, ",\"bbbv\":%d,\"bbbv_solved\":%d,\"clicks\":[%d,%d,%d],"
                    "\"efficiency\":%s", r.bbbv, r.bbbv_solved, r.clicks[0], r.clicks[1],
                    r.clicks[2], eff);
}
