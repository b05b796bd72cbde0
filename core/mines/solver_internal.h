/*
 * solver_internal.h - the solver context and the stages that fill it, shared
 * by solver.c (lifetime), constraints.c (position -> constraints, rules),
 * components.c (boxes and components), enumerate.c and frontier.c
 * (per-component counting)
 * and probability.c / deduce.c (the public calls). Not installed; nothing
 * here is API. Every array is carved once, in sapper_mines_solver_new, from
 * one block the solver owns (and the frontier pool, a second one).
 * seen.c keeps the position last read, so the next read costs what
 * changed and the frontier, not the board.
 */
#ifndef SAPPER_MINES_SOLVER_INTERNAL_H
#define SAPPER_MINES_SOLVER_INTERNAL_H

#include "solver.h"

#include <stddef.h>

/* Rule-stage state of an unknown cell (sapper_mines_solver.state). */
#define MS_UNDECIDED 0
#define MS_SAFE      1
#define MS_MINE      2

/* Depth-first search is the fastest way for the small components nearly
   every position has; a component taking more nodes than this is counted
   again by frontier.c, whose cost follows the frontier's width instead of
   the search tree's size. */
#define MS_SEARCH_FIRST 16384

/* One revealed number with unknown neighbours: "need of the left undecided
   cells among cell[0..n) are mines". Its id is the number's cell. */
typedef struct ms_con {
    int32_t cell[8];  /* kept by seen.c, with n and need0               */
    int32_t n;        /* unknown neighbours listed in cell[]            */
    int32_t need0;    /* mines among them: the number minus known mines */
    int32_t need;     /* mines still to place among the undecided ones  */
    int32_t left;     /* undecided neighbours                           */
    int32_t comp;     /* component, -1 before components are built      */
    int32_t local;    /* index inside its component                     */
    int32_t kept_left, kept_need; /* left and need at the end of the
                                     rule stage of the last deduced
                                     position (carry.c)                */
    int32_t deviated;             /* == the solver's dev_gen: listed in
                                     s->deviation                      */
    uint8_t queued;   /* on the trivial-rule queue                      */
    uint8_t dirty;    /* on the pair-rule stack                         */
} ms_con;

/* Undecided frontier cells touching exactly the same constraints. */
typedef struct ms_box {
    int32_t size;
    int32_t ncon;
    int32_t cell;     /* its first cell (the signature lives there)     */
    int32_t comp;     /* -1 until visited                               */
    int32_t lcon[8];  /* its constraints as component-local indices     */
    double p;         /* mine probability of each of its cells          */
    int32_t certain;  /* 0 unsure, MS_SAFE or MS_MINE                   */
} ms_box;

/* A weight vector over mine counts off .. off+len-1, scaled so its largest
   entry is 1; the true values are v * exp(scale). */
typedef struct ms_vec {
    double *v;
    int32_t off, len;
    double scale;
} ms_vec;

/* One independent group of boxes; its tables index frontier mine counts
   lo .. lo+len-1 (bounds known before enumerating). */
typedef struct ms_comp {
    int32_t box0, nbox;  /* boxes: order[box0 .. box0+nbox), in enumeration
                            order                                        */
    int32_t con0, ncon;  /* constraints: corder[con0 .. con0+ncon)       */
    int32_t cells;       /* undecided cells in it                        */
    int32_t exact;       /* 1 once enumerated within budget              */
    int32_t lo, len;     /* table rows                                   */
    int32_t a, b;        /* smallest and largest count with a layout     */
    double *w;           /* len: layouts with that many mines            */
    double *t;           /* len*nbox: sum over those layouts of the mines
                            in the box                                   */
    uint8_t *f;          /* len*nbox: bit 0: some layout puts a mine in the
                            box; bit 1: some leaves a cell of it safe    */
    ms_vec wt;           /* w over [a, b], tilted and scaled (probability.c) */
    double *fac;         /* wt / w over [a, b]                             */
} ms_comp;

/* A counted component kept by tables.c: where its key and tables sit in
   the solver's cache space. */
#define MS_TC_SLOTS 2048
typedef struct ms_tc_entry {
    uint64_t hash;
    int32_t keylen;
    int32_t lo, len, a, b;
    size_t key, vals;  /* offsets into tc_keys, tc_vals (tc_flags: vals + len) */
    int64_t used;                  /* nodes its counting took             */
} ms_tc_entry;

struct sapper_mines_solver {
    int32_t capacity;             /* cells                               */
    char *block;                  /* owns every array below              */
    /* the position as read */
    int32_t width, height, cells;
    int32_t mines;                /* M                                   */
    int32_t remaining;            /* R                                   */
    int32_t unknown;              /* kept by seen.c                      */
    int32_t contradiction;        /* 1: no layout can fit                */
    int32_t ruled;                /* 1: the rule stage has run on the
                                     position read and its state stands
                                     (a second call on it skips both)    */
    uint8_t *kind;                /* cells: SAPPER_MINES_KIND_*          */
    /* the position last read, kept cell by cell (seen.c) */
    int32_t seen_width, seen_height; /* its shape (0: none yet)          */
    uint8_t *seen;                /* cells: its codes                    */
    uint32_t *nbrs;               /* cells: unknown, revealed and known-
                                     mine neighbours, a byte each (seen.c) */
    uint64_t *numbers;            /* bit per cell: a number with unknown
                                     neighbours                          */
    uint64_t *unknowns, *fronts;  /* bit per cell: unknown; unknown and
                                     next to a number (KIND_FRONTIER)    */
    uint64_t *brokens;            /* bit per cell: a number whose
                                     neighbours are all known and do not
                                     hold its count                      */
    uint64_t *bad_needs;          /* bit per cell: a number needing fewer
                                     than no mines or more than its
                                     unknown neighbours                  */
    uint8_t *stale;               /* cells: changing in this update      */
    int32_t *touched, ntouched;   /* the stale cells                     */
    int32_t known;                /* known mines                         */
    /* the last deduced position's rule stage (carry.c) */
    int32_t carry_ok;             /* 1: kept, without a contradiction    */
    int32_t carry_width, carry_height, carry_mines;
    uint8_t *carry_cells;         /* cells: its codes                    */
    uint8_t *carry_state;         /* cells: its decisions (MS_*)         */
    int32_t *carry_list, ncarry;  /* the cells decided there              */
    int32_t carry_undecided, carry_decided_mines; /* its totals           */
    int32_t *gone, ngone;         /* cells unknown there, not here        */
    int32_t *deviation, ndeviation, dev_gen; /* constraints whose left
                                     and need may differ from the kept
                                     ones (counted again, or changed by a
                                     decision)                            */
    int32_t synced;               /* 1: every other constraint of the
                                     position holds its kept counts and
                                     is off the queues                    */
    int32_t *newly, nnewly;       /* the cells the rules decided in this
                                     read                                 */
    int32_t carry_decided_floating;
    int32_t carried;              /* 1: this read's rule stage starts
                                     from them                           */
    int32_t nbr_width, nbr_height; /* the shape nbr was built for (0: none) */
    uint8_t *nnbr;                /* cells: neighbours                   */
    int32_t *nbr;                 /* cells*8: their indices              */
    /* rule stage */
    uint8_t *state;               /* cells: MS_*                         */
    uint8_t *ncell_con;           /* cells: constraints holding the cell */
    int32_t *cell_con;            /* cells*8: their ids, ascending (both
                                     kept by seen.c)                      */
    ms_con *con;                  /* cells: by id, the number's cell; the
                                     position's are the numbers bit set's */
    int32_t undecided, decided_mines;
    int32_t decided_floating;     /* 1: the global count decided cells, so
                                     floating ones may be decided too    */
    int32_t *queue, nqueue;       /* trivial-rule work list              */
    int32_t *dirty, ndirty;       /* pair-rule work list                 */
    int32_t *cell_mark, mark;     /* cell stamps for set operations      */
    int32_t *con_mark, con_gen;   /* constraint stamps                   */
    /* boxes and components */
    ms_box *box;
    int32_t nbox;
    int32_t *box_of;              /* cells: box of an undecided frontier
                                     cell, else -1                        */
    int32_t *order;               /* boxes grouped by component          */
    int32_t *corder;              /* constraints grouped by component    */
    int32_t *boxed_cells, boxed;  /* the undecided cells in boxes        */
    ms_comp *comp;
    int32_t ncomp;
    int32_t *rank;                /* components, fewest boxes first       */
    /* enumeration scratch, per depth or per local constraint */
    int32_t *e_size, *e_ncon, *e_con, *e_k, *e_hi, *e_m, *e_rem, *e_cap;
    int32_t *e_nz, *e_nzn;
    double *e_w;
    /* table space (bump allocated per call) */
    double *table;
    size_t table_cap, table_used;
    uint8_t *flags;               /* table_cap bytes, parallel to table  */
    /* combination: enumerated components, their tree of convolutions
       (2 per component, preorder) and its space (stack allocated) */
    int32_t *exact, nexact;
    ms_vec *node;
    double *pool;
    size_t pool_cap, pool_used;
    /* counted components kept for later analyses (tables.c) */
    uint32_t *tc_slot;            /* MS_TC_SLOTS: entry + 1, 0 empty      */
    ms_tc_entry *tc_entry;        /* MS_TC_SLOTS / 2                      */
    int32_t tc_count;
    int32_t *tc_keys;             /* tc_keys_cap keys' integers           */
    double *tc_vals;              /* tc_vals_cap: tables' w and t         */
    uint8_t *tc_flags;            /* tc_vals_cap: tables' f               */
    size_t tc_keys_cap, tc_keys_used, tc_vals_cap, tc_vals_used;
    int32_t *tc_key, tc_keylen;   /* the component being counted: its key
                                     (11 * cells + 8), length and hash    */
    uint64_t tc_hash;
    /* frontier dynamic programming (frontier.c): its own block, allocated
       by the first component that needs it (NULL before) */
    char *fpool;
    size_t fpool_cap;
    int64_t search_first;         /* depth-first nodes before frontier.c
                                     takes over (MS_SEARCH_FIRST; tests
                                     set 0 or a huge value to force one) */
    /* outputs */
    double *prob;
    int32_t *safe_list, *mine_list;
};

/* Calls body with int32_t var bound to each cell whose bit is set in
   bits (a solver bit set of s->cells bits), in ascending order. */
#define MS_EACH_BIT(s, bits, var, body)                                   \
    do {                                                                  \
        int32_t ms_words_ = ((s)->cells + 63) >> 6;                       \
        for (int32_t ms_w_ = 0; ms_w_ < ms_words_; ms_w_++)               \
            for (uint64_t ms_m_ = (bits)[ms_w_]; ms_m_;                   \
                 ms_m_ &= ms_m_ - 1) {                                    \
                int32_t var = ms_w_ * 64 + __builtin_ctzll(ms_m_);        \
                body                                                      \
            }                                                             \
    } while (0)

/* Lists constraint id among those whose counts may differ from the kept
   ones (carry.c), once. */
static inline void mines_deviate(sapper_mines_solver *s, int32_t id)
{
    if (s->con[id].deviated != s->dev_gen) {
        s->con[id].deviated = s->dev_gen;
        s->deviation[s->ndeviation++] = id;
    }
}

/* The cells the rule stage may have decided: the frontier's (the
   constraints' cells), or every unknown one once the global count
   decided cells. */
static inline const uint64_t *mines_decidable(const sapper_mines_solver *s)
{
    return s->decided_floating ? s->unknowns : s->fronts;
}

/* constraints.c: reads pos (SAPPER_ERR_PARAM for a bad argument or cell
   code), then the rule stage; a read of the position read last, with the
   rule stage run on it since, keeps that stage's state and
   mines_solver_rules does nothing. */
sapper_status mines_solver_read(sapper_mines_solver *s,
                                const sapper_mines_position *pos);
void mines_solver_rules(sapper_mines_solver *s);

/* carry.c: keeps the rule stage's answer of the position read (after
   mines_solver_rules). Whether the position read extends the kept one
   (listing in s->gone the *count cells no longer unknown); if so,
   start its rule stage from the kept answer: its constraints, with the
   changed ones queued. */
void mines_carry_keep(sapper_mines_solver *s);
int mines_carry_extends(sapper_mines_solver *s, int32_t *count);
void mines_carry_start(sapper_mines_solver *s, int32_t count);

/* seen.c: brings the remembered position (of shape s->width x s->height,
   neighbour lists built) to codes, with kind and unknown;
   returns the cells changed, -1 at an invalid code. */
int32_t mines_seen_update(sapper_mines_solver *s, const uint8_t *codes);
/* seen.c: whether a number is broken; whether a number's need is out of
   its range; how many cells are on the frontier. */
int mines_seen_broken(const sapper_mines_solver *s);
int mines_seen_bad_need(const sapper_mines_solver *s);
int32_t mines_seen_frontier(const sapper_mines_solver *s);

/* components.c */
void mines_solver_components(sapper_mines_solver *s);

/* enumerate.c: 1 when done within max_nodes (*nodes gets the count used),
   0 when abandoned (its table space is released). */
int mines_solver_enumerate(sapper_mines_solver *s, ms_comp *c,
                           int64_t max_nodes, int64_t *nodes);

/* enumerate.c: carves c's tables (totals lo .. lo + len - 1: w, then t
   and f of len rows a box) out of the table space, unset; 0 when they do
   not fit. The counting and the kept tables (tables.c) both place them so. */
int mines_table_take(sapper_mines_solver *s, ms_comp *c, int32_t lo, size_t len);

/* enumerate.c: C(s, k) for box sizes s up to 8. */
extern const double ms_binom[9][9];

/* The mine counts a box of size cells may take, given for each of its
   ncon constraints cons[] what it still needs (rem) and how many cells of
   not yet assigned boxes it holds, this box's included (cap): no more than
   any needs, no fewer than what the others cannot hold. Both counting
   methods (enumerate.c, frontier.c) walk boxes by it. */
static inline void ms_box_range(int32_t size, int32_t ncon, const int32_t *cons,
                                const int32_t *rem, const int32_t *cap,
                                int32_t *lo, int32_t *hi)
{
    int32_t l = 0, h = size;
    for (int32_t i = 0; i < ncon; i++) {
        int32_t need = rem[cons[i]], rest = cap[cons[i]] - size;
        if (need < h)
            h = need;
        if (need - rest > l)
            l = need - rest;
    }
    *lo = l;
    *hi = h;
}

/* tables.c: gives component c the tables it got when counted before,
   with a budget of max_nodes (1, *nodes the count it cost then), else 0;
   either way remembers c's key for mines_tables_keep, which keeps c's
   tables once counted within budget (nodes used). */
int mines_tables_find(sapper_mines_solver *s, ms_comp *c, int64_t max_nodes,
                      int64_t *nodes);
void mines_tables_keep(sapper_mines_solver *s, const ms_comp *c,
                       int64_t nodes);

/* frontier.c: the same tables by dynamic programming over the frontier,
   for components depth-first search cannot finish (called by
   mines_solver_enumerate with its tables made and zeroed and the search
   scratch gathered); 1 when done within max_nodes. */
int mines_solver_frontier(sapper_mines_solver *s, ms_comp *c,
                          int64_t max_nodes, int64_t *nodes);

/* probability.c: the exact stage after the rules. Fills s->prob for every
   cell (certain cells exactly 0/1) and the counting fields of *out. */
void mines_solver_exact(sapper_mines_solver *s,
                        const sapper_mines_budget *budget,
                        sapper_mines_result *out);

#endif /* SAPPER_MINES_SOLVER_INTERNAL_H */
