/*
 * endgame.h - what the endgame's three files share: the searcher's state
 * (struct prober_endgame) and the calls between them. endgame.c owns the
 * lifetime and the move, endgame_layouts.c lists the layouts,
 * endgame_search.c searches them. Nothing outside endgame*.c includes it;
 * the rest of the bot sees only internal.h's prober_endgame_* calls.
 */
#ifndef PROBER_ENDGAME_H
#define PROBER_ENDGAME_H

#include "internal.h"

#define MEMO_BITS 16              /* cache buckets: 2^16                   */
#define MEMO_WAYS 4               /* probed buckets per lookup             */
#define MAX_LEVELS 256            /* search depth the set stack holds;
                                     deeper searches are abandoned        */

typedef struct memo_entry {
    uint64_t key, check;
    double win;
} memo_entry;

struct prober_endgame {
    int32_t cells, max_layouts;
    /* live cells of the position being searched */
    int32_t nl;
    int32_t *live;                /* nl cell indices                       */
    int32_t *live_of;             /* cells: index in live, or -1           */
    int32_t *base;                /* nl: mines around it outside live      */
    /* numbers as constraints over live cells */
    int32_t ncon;
    int32_t *con_need, *con_room; /* running during the enumeration        */
    int32_t *con_of;              /* nl * 8: constraints of a live cell     */
    uint8_t *ncon_of;             /* nl                                    */
    int32_t *order;               /* nl: enumeration order (live indices)  */
    uint8_t *mine;                /* nl: current assignment                */
    /* the layouts */
    int32_t nlayouts, words;      /* words per layout set                  */
    uint64_t *col;                /* nl * words: layouts where it is a mine */
    int32_t stride;               /* nl rounded up to 8: a layout's row    */
    uint8_t *val;                 /* max_layouts * stride: the value each
                                     live cell shows in each layout         */
    uint8_t *mrow;                /* max_layouts * stride: each layout's
                                     mines, the live cells side by side    */
    uint64_t *acc;                /* 2 * stride / 8: free_reveal's scratch  */
    /* the search */
    uint64_t *stack;              /* set space, bump-allocated per level   */
    size_t stack_cap, stack_used;
    memo_entry *memo;             /* 2^MEMO_BITS                           */
    uint64_t gen;                 /* stamps memo entries of this search    */
    int64_t nodes, budget;
    int32_t remaining;            /* mines to place on live cells          */
};

/* endgame_layouts.c: reads the position and lists its layouts into e
   (counting nodes against e->budget); 0 when the endgame declines it. */
int prober_endgame_layouts(prober_endgame *e, const prober *b,
                           const uint8_t *cells);

/* endgame_search.c */
/* A zeroed set of layouts, bump-allocated on e's set stack. */
uint64_t *prober_endgame_set_new(prober_endgame *e);
/* The chance to win from the layouts s (size of them); *best, unless
   NULL, gets the cell to probe. */
double prober_endgame_win(prober_endgame *e, const uint64_t *s, int32_t size,
                          int32_t *best);

#endif
