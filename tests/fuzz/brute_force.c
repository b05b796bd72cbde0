/*
 * brute_force.c - every layout of a small position tried one by one (see
 * brute_force.h). Slow on purpose and short enough to check by reading.
 * The numbers with no unknown neighbour are checked once; the others,
 * at most 8 per unknown cell, for every layout.
 */
#include "brute_force.h"

#include <stdlib.h>

#define MAX_WATCHED (8 * BRUTE_FORCE_MAX_UNKNOWN)

typedef struct trial {
    const sapper_mines_position *pos;
    uint8_t *mine;                  /* width*height, 1 = mine, this layout */
    int32_t unknown[BRUTE_FORCE_MAX_UNKNOWN];
    int nunknown, known;            /* unknown cells, known mines */
    int32_t watched[MAX_WATCHED];   /* numbers next to an unknown cell */
    int nwatched;
} trial;

static int is_known_mine(uint8_t c)
{
    return c == SAPPER_CELL_MINE || c >= SAPPER_CELL_CLAIMED;
}

/* The neighbours of cell into out; returns how many (0 to 8). */
static int neighbours(const sapper_mines_position *pos, int32_t cell, int32_t out[8])
{
    int32_t x = cell % pos->width, y = cell / pos->width;
    int n = 0;
    for (int32_t ny = y - 1; ny <= y + 1; ny++)
        for (int32_t nx = x - 1; nx <= x + 1; nx++)
            if ((nx != x || ny != y) && nx >= 0 && ny >= 0 && nx < pos->width &&
                ny < pos->height)
                out[n++] = ny * pos->width + nx;
    return n;
}

/* Does number cell count the mines of t->mine around it? */
static int number_fits(const trial *t, int32_t cell)
{
    int32_t near[8];
    int n = neighbours(t->pos, cell, near), mines = 0;
    for (int k = 0; k < n; k++)
        mines += t->mine[near[k]];
    return mines == t->pos->cells[cell];
}

static int touches_unknown(const sapper_mines_position *pos, int32_t cell)
{
    int32_t near[8];
    int n = neighbours(pos, cell, near);
    for (int k = 0; k < n; k++)
        if (sapper_cell_is_unknown(pos->cells[near[k]]))
            return 1;
    return 0;
}

/* Sorts the cells of t->pos: known mines into t->mine, unknown cells,
   watched numbers. Returns 0, or -1 for too many unknown cells; sets
   *no_layout when a number with no unknown neighbour does not fit. */
static int sort_cells(trial *t, int *no_layout)
{
    const sapper_mines_position *pos = t->pos;
    for (int32_t i = 0; i < pos->width * pos->height; i++) {
        uint8_t c = pos->cells[i];
        t->mine[i] = (uint8_t)is_known_mine(c);
        t->known += t->mine[i];
        if (sapper_cell_is_unknown(c) && t->nunknown == BRUTE_FORCE_MAX_UNKNOWN)
            return -1;
        if (sapper_cell_is_unknown(c))
            t->unknown[t->nunknown++] = i;
    }
    for (int32_t i = 0; i < pos->width * pos->height; i++) {
        if (pos->cells[i] > 8)
            continue;
        if (touches_unknown(pos, i))
            t->watched[t->nwatched++] = i;   /* at most 8 per unknown cell */
        else if (!number_fits(t, i))
            *no_layout = 1;
    }
    return 0;
}

/* Puts the layout `set` (bit k: unknown cell k holds a mine) in t->mine;
   1 when every watched number agrees with it. */
static int layout_fits(trial *t, uint32_t set)
{
    for (int k = 0; k < t->nunknown; k++)
        t->mine[t->unknown[k]] = (uint8_t)(set >> k & 1);
    for (int k = 0; k < t->nwatched; k++)
        if (!number_fits(t, t->watched[k]))
            return 0;
    return 1;
}

int64_t brute_force_probabilities(const sapper_mines_position *pos, double *prob)
{
    trial t = {.pos = pos, .mine = malloc((size_t)(pos->width * pos->height))};
    int no_layout = 0;
    if (!t.mine || sort_cells(&t, &no_layout)) {
        free(t.mine);
        return -1;
    }
    int64_t layouts = 0, with_mine[BRUTE_FORCE_MAX_UNKNOWN] = {0};
    for (uint32_t set = 0; !no_layout && set < (1u << t.nunknown); set++) {
        if (__builtin_popcount(set) != pos->mines - t.known || !layout_fits(&t, set))
            continue;
        layouts++;
        for (int k = 0; k < t.nunknown; k++)
            with_mine[k] += set >> k & 1;
    }
    for (int k = 0; layouts && k < t.nunknown; k++)
        prob[t.unknown[k]] = (double)with_mine[k] / (double)layouts;
    free(t.mine);
    return layouts;
}
