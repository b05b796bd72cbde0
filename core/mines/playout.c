/*
 * playout.c - the no-guess test: plays a layout from its first click with
 * certain moves only and says whether that wins. Cheap local rules do most
 * of the work: a revealed number whose remaining mines are 0 opens its
 * hidden neighbours, one whose remaining mines fill them marks them all.
 * Only when those stall does it ask the exact engine
 * (sapper_mines_deduce, COMPLETE, global count included) for every
 * certain cell; the engine's answer decides, so the local rules change the
 * speed, never the verdict. Deduced mines are passed back to the engine as
 * known mines, which is sound and shrinks its work.
 *
 * It never changes the layout: drawing and perturbing live in generate.c.
 */
#include "generate_internal.h"

#include <string.h>

void mines_ng_shape(sapper_mines_generator *g, int32_t width, int32_t height)
{
    if (g->width == width && g->height == height)
        return;
    g->width = width;
    g->height = height;
    g->cells = width * height;
    for (int32_t c = 0; c < g->cells; c++) {
        int32_t x = c % width, y = c / width, n = 0;
        for (int32_t dy = -1; dy <= 1; dy++)
            for (int32_t dx = -1; dx <= 1; dx++) {
                int32_t nx = x + dx, ny = y + dy;
                if ((dx || dy) && nx >= 0 && ny >= 0 && nx < width &&
                    ny < height)
                    g->nbr[8 * c + n++] = ny * width + nx;
            }
        g->nnbr[c] = (uint8_t)n;
    }
}

void mines_ng_count(sapper_mines_generator *g)
{
    g->mines = 0;
    for (int32_t c = 0; c < g->cells; c++) {
        int32_t k = 0;
        const int32_t *nb = g->nbr + 8 * c;
        for (int32_t i = 0; i < g->nnbr[c]; i++)
            k += g->mine[nb[i]];
        g->count[c] = (uint8_t)k;
        g->mines += g->mine[c];
    }
}

/* ---- what the player learns ---------------------------------------- */

static void enqueue(sapper_mines_generator *g, int32_t c)
{
    if (g->queued[c] || g->view[c] > 8 || g->count[c] == 0)
        return;
    g->queued[c] = 1;
    g->queue[g->nqueue++] = c;
}

/* Reveals a hidden safe cell, flooding zeros; each opened number goes on
   the rule queue. Every cell is opened before it is pushed, so the stack
   holds at most `cells` entries. */
static void reveal(sapper_mines_generator *g, int32_t cell)
{
    int32_t top = 0;
    g->view[cell] = g->count[cell];
    g->revealed++;
    enqueue(g, cell);
    if (g->count[cell] == 0)
        g->stack[top++] = cell;
    while (top > 0) {
        int32_t c = g->stack[--top];
        const int32_t *nb = g->nbr + 8 * c;
        for (int32_t i = 0; i < g->nnbr[c]; i++) {
            int32_t d = nb[i];
            if (g->view[d] != SAPPER_CELL_HIDDEN)
                continue;
            g->view[d] = g->count[d];
            g->revealed++;
            enqueue(g, d);
            if (g->count[d] == 0)
                g->stack[top++] = d;
        }
    }
}

/* Records a deduced mine; its revealed neighbours may now decide more. */
static void mark(sapper_mines_generator *g, int32_t cell)
{
    g->view[cell] = SAPPER_CELL_MINE;
    g->known++;
    const int32_t *nb = g->nbr + 8 * cell;
    for (int32_t i = 0; i < g->nnbr[cell]; i++)
        enqueue(g, nb[i]);
}

/* The trivial rule on one revealed number. */
static void settle_number(sapper_mines_generator *g, int32_t c)
{
    const int32_t *nb = g->nbr + 8 * c;
    int32_t hidden = 0, flagged = 0;
    for (int32_t i = 0; i < g->nnbr[c]; i++) {
        hidden += g->view[nb[i]] == SAPPER_CELL_HIDDEN;
        flagged += g->view[nb[i]] == SAPPER_CELL_MINE;
    }
    int32_t need = g->count[c] - flagged;
    if (hidden == 0 || (need != 0 && need != hidden))
        return;
    for (int32_t i = 0; i < g->nnbr[c]; i++) {
        if (g->view[nb[i]] != SAPPER_CELL_HIDDEN)
            continue;
        if (need == 0)
            reveal(g, nb[i]);
        else
            mark(g, nb[i]);
    }
}

static void propagate(sapper_mines_generator *g)
{
    while (g->nqueue > 0) {
        int32_t c = g->queue[--g->nqueue];
        g->queued[c] = 0;
        settle_number(g, c);
    }
}

/* Asks the exact engine; applies what it is sure of. Returns the number of
   safe cells it opened (0: stuck, including a budget hit or an unsound
   answer, which the layout would expose). */
static int32_t deduce(sapper_mines_generator *g)
{
    sapper_mines_position pos = {.width = g->width, .height = g->height,
                                 .mines = g->mines, .cells = g->view};
    sapper_mines_deduction d;
    g->solver_calls++;
    if (sapper_mines_deduce(g->solver, &pos, SAPPER_MINES_DEDUCE_COMPLETE,
                            NULL, &d) != SAPPER_OK || !d.consistent)
        return 0;
    for (int32_t i = 0; i < d.safe_count; i++)
        if (g->mine[d.safe[i]])
            return 0;
    for (int32_t i = 0; i < d.mine_count; i++)
        if (g->view[d.mines[i]] == SAPPER_CELL_HIDDEN)
            mark(g, d.mines[i]);
    int32_t opened = 0;
    for (int32_t i = 0; i < d.safe_count; i++) {
        if (g->view[d.safe[i]] == SAPPER_CELL_HIDDEN) {
            reveal(g, d.safe[i]);
            opened++;
        }
    }
    return opened;
}

int mines_ng_playout(sapper_mines_generator *g, int32_t start)
{
    memset(g->view, SAPPER_CELL_HIDDEN, (size_t)g->cells);
    memset(g->queued, 0, (size_t)g->cells);
    g->nqueue = 0;
    g->revealed = 0;
    g->known = 0;
    if (g->mine[start])
        return NG_STUCK;
    reveal(g, start);
    for (;;) {
        propagate(g);
        if (g->revealed == g->cells - g->mines)
            return NG_WON;
        if (deduce(g) == 0)
            return NG_STUCK;
    }
}
