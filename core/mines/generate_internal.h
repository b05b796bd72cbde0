/*
 * generate_internal.h - the generator context shared by playout.c (the
 * certain-moves play-out, i.e. the no-guess test) and generate.c (the
 * sample and perturb methods and their budget). Not installed; nothing
 * here is API. Every array is carved once, in sapper_mines_generator_new,
 * from one block the generator owns.
 */
#ifndef SAPPER_MINES_GENERATE_INTERNAL_H
#define SAPPER_MINES_GENERATE_INTERNAL_H

#include "clouds.h"
#include "generate.h"
#include "solver.h"

/* Play-out verdicts. */
#define NG_STUCK 0   /* no certain safe cell left, or a budget was hit */
#define NG_WON   1   /* every safe cell revealed                        */

struct sapper_mines_generator {
    int32_t capacity;          /* cells                                  */
    sapper_mines_solver *solver; /* owned                                */
    char *block;               /* owns every array below                 */
    /* the shape the neighbour table was built for (0: none) */
    int32_t width, height, cells;
    uint8_t *nnbr;             /* cells: neighbours                      */
    int32_t *nbr;              /* cells*8: their indices                 */
    /* the layout under test */
    uint8_t *mine;             /* cells: 1 = mine                        */
    uint8_t *count;            /* cells: mines among the neighbours      */
    int32_t mines;
    /* the play-out: what the player knows */
    uint8_t *view;             /* cells: SAPPER_CELL_HIDDEN, 0-8 revealed,
                                  SAPPER_CELL_MINE deduced               */
    uint8_t *queued;           /* cells: on the rule queue               */
    int32_t *queue;            /* cells: revealed numbers to look at     */
    int32_t nqueue;
    int32_t *stack;            /* cells: flood work list                 */
    int32_t revealed, known;   /* revealed cells, deduced mines          */
    int64_t solver_calls;
    /* drawing and perturbing */
    uint8_t *blocked;          /* cells: 1 = never a mine (first click)  */
    int32_t *open;             /* cells open to mines, nopen of them     */
    int32_t nopen;
    int32_t *pick;             /* cells: candidates of one perturbation  */
    sapper_mines_wkey *wkey;   /* cells: weighted-draw scratch           */
};

/* playout.c */
void mines_ng_shape(sapper_mines_generator *g, int32_t width, int32_t height);
void mines_ng_count(sapper_mines_generator *g);
int mines_ng_playout(sapper_mines_generator *g, int32_t start);

#endif /* SAPPER_MINES_GENERATE_INTERNAL_H */
