/*
 * solver.h - exact mine probabilities and exact deduction for a Minesweeper
 * position: the engine the solver bots, the no-guess generator and the
 * deductive ruleset share. Installed with the mines library, so third-party
 * bots can call it.
 *
 * A position is what a player sees: width, height, the total mine count M
 * and one sapper/mines.h cell code per cell. HIDDEN, FLAGGED and MARKED
 * cells are unknown (flags are NOT trusted as mines); 0-8 are revealed
 * numbers; SAPPER_CELL_MINE and SAPPER_CELL_CLAIMED + seat are known mines
 * and are part of M. A layout is a placement of the R = M - (known mines)
 * remaining mines on the unknown cells that agrees with every number; all
 * layouts are equally likely.
 *
 * Usage: make one solver per thread of play with sapper_mines_solver_new
 * (all buffers are allocated there: analyze and deduce allocate nothing
 * but, once, the frontier pool a hard component needs; see below),
 * call sapper_mines_analyze and/or sapper_mines_deduce as often as wanted,
 * free it with sapper_mines_solver_free. A solver is [instance]: not used
 * concurrently; different solvers are independent. Nothing here prints,
 * exits or keeps global state.
 *
 * A solver remembers the position it read last and the rule stage's
 * answer of the one it deduced last, so asking about positions that
 * differ in a few cells (a bot's successive answers, the what-if
 * positions of a look-ahead, which add one revealed cell to a deduced
 * position) costs what changed and the frontier, not the whole board.
 * The answers do not depend on it: they are a fresh solver's, bit for
 * bit, for every position some layout fits (for one none fits, both
 * report it inconsistent; the rules-only lists of FAST, which may miss
 * a contradiction, may then differ).
 *
 * Budgets: exact counting is #P-complete, so the enumeration is capped (see
 * sapper_mines_budget); the polynomial rule stage is not. When a cap is hit
 * the answer is marked `approximate` and is the exact answer of a relaxed
 * position, as described at sapper_mines_result.
 */
#ifndef SAPPER_MINES_SOLVER_H
#define SAPPER_MINES_SOLVER_H

#include "sapper/mines.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A position to analyse. Borrowed by the calls below; not kept. */
typedef struct sapper_mines_position {
    int32_t width;          /* >= 1                                       */
    int32_t height;         /* >= 1; width*height <= the solver's capacity */
    int32_t mines;          /* M: all mines of the board, known ones too  */
    int32_t reserved;       /* 0                                          */
    const uint8_t *cells;   /* width*height SAPPER_CELL_* codes, row by row */
} sapper_mines_position;

/** Defaults used for a NULL budget or a member <= 0. */
#define SAPPER_MINES_DEFAULT_COMPONENT_NODES (INT64_C(1) << 20)
#define SAPPER_MINES_DEFAULT_TOTAL_NODES     (INT64_C(1) << 22)

/**
 * Caps on the exponential stage. Each component is counted by depth-first
 * search over its boxes (groups of frontier cells touching the same
 * numbers), and, if that takes more than a few thousand nodes, by dynamic
 * programming over its frontier, whose cost follows how many numbers are
 * open at once rather than the size of the search tree. A node is one
 * value tried for one box, in the search from one partial assignment, in
 * the programming from one frontier state. A typical Expert position uses
 * a few hundred; scattered positions (bench/bench_analyze.c: 40-80 safe
 * cells revealed at random on Expert) at most about 80,000, far inside the
 * defaults. Components are counted smallest first. A component that needs
 * more than component_nodes, that would push the call past total_nodes,
 * or whose tables do not fit the space reserved at creation is abandoned;
 * see the fallback at sapper_mines_result.
 */
typedef struct sapper_mines_budget {
    int64_t component_nodes;  /* per component; <= 0: the default        */
    int64_t total_nodes;      /* per call, all components; <= 0: default */
} sapper_mines_budget;

/* What a cell is (sapper_mines_result.kind). */
#define SAPPER_MINES_KIND_REVEALED 0  /* a revealed number                  */
#define SAPPER_MINES_KIND_MINE     1  /* a known mine (exposed or claimed)   */
#define SAPPER_MINES_KIND_FRONTIER 2  /* unknown, next to a revealed number  */
#define SAPPER_MINES_KIND_FLOATING 3  /* unknown, next to no revealed number */

/**
 * The answer of sapper_mines_analyze. The arrays belong to the solver and
 * stay valid until its next analyze or deduce call or its free.
 *
 * Exact answer (approximate == 0): prob[i] is the fraction of all layouts
 * in which unknown cell i holds a mine. It is exactly 0.0 (1.0) if and only
 * if the cell is safe (a mine) in every layout; every other unknown cell
 * gets a value strictly between 0 and 1. Revealed cells get 0.0, known
 * mines 1.0. The probabilities of the unknown cells sum to R.
 *
 * Approximate answer (approximate == 1, a budget was hit): the answer is
 * the exact answer of a relaxed position in which the numbers of every
 * abandoned component are ignored. So: cells decided by the rule stage
 * (trivial and pairwise rules, run before any enumeration) are exact 0/1;
 * cells of the components that were enumerated get the exact probability
 * of the relaxed position; the cells of abandoned components and the
 * floating cells all get one value, the expected density of the mines not
 * placed in enumerated components. Every 0.0 or 1.0 is still certain
 * (relaxing only adds layouts), the sum is still R, layouts_log2 is an
 * upper bound, and consistent == 1 only says the relaxed position has
 * layouts (a component found to have none still makes it 0). The other
 * probabilities may be far off (0.78 at worst on bench_analyze's positions
 * with budgets of 1,000-20,000 nodes), and the least likely mine among the
 * uncertain cells up to 0.20 likelier than the best one: never read a
 * guess from an approximate answer without saying so.
 *
 * Inconsistent position (consistent == 0): no layout fits. prob then holds
 * R / unknowns (clamped to [0,1]) for every unknown cell, and the counts
 * below describe the position as read.
 */
typedef struct sapper_mines_result {
    const double *prob;      /* width*height mine probabilities           */
    const uint8_t *kind;     /* width*height SAPPER_MINES_KIND_*           */
    int32_t consistent;      /* 0: no layout fits the position            */
    int32_t approximate;     /* 1: a budget was hit (see above)           */
    int32_t unknown;         /* unknown cells                              */
    int32_t remaining;       /* R = M - known mines                        */
    int32_t frontier;        /* unknown cells next to a revealed number    */
    int32_t floating;        /* unknown cells next to none                 */
    int32_t components;      /* independent frontier groups enumerated or
                                abandoned, after the rule stage            */
    int32_t abandoned;       /* of which abandoned by a budget             */
    int32_t safe;            /* unknown cells with prob exactly 0.0        */
    int32_t certain_mines;   /* unknown cells with prob exactly 1.0        */
    double layouts_log2;     /* log2 of the number of layouts (-INFINITY
                                when there is none)                        */
    int64_t nodes;           /* enumeration nodes used                     */
} sapper_mines_result;

/* How hard sapper_mines_deduce works (its `mode`). */
#define SAPPER_MINES_DEDUCE_FAST     0 /* rules only: trivial (a number's
                                          remaining count is 0 or fills its
                                          unknown neighbours), pairwise
                                          (subset and overlap) and the global
                                          count when it is 0 or fills every
                                          unknown cell. Sound, incomplete.  */
#define SAPPER_MINES_DEDUCE_COMPLETE 1 /* FAST, then, only if FAST found no
                                          safe cell, the exact enumeration
                                          with the global count. If the
                                          answer lists no safe cell (and is
                                          not approximate), no unknown cell
                                          is safe in every layout.         */
#define SAPPER_MINES_DEDUCE_ALL      2 /* every certain cell: FAST, then the
                                          exact enumeration always.         */

/**
 * The answer of sapper_mines_deduce. The arrays belong to the solver and
 * stay valid until its next analyze or deduce call or its free. Both lists
 * hold unknown cells only (known mines are not repeated), in ascending
 * cell index order, and are sound: a listed cell is safe (a mine) in every
 * layout.
 */
typedef struct sapper_mines_deduction {
    const int32_t *safe;     /* safe_count cell indices y*width+x          */
    const int32_t *mines;    /* mine_count cell indices                    */
    int32_t safe_count;
    int32_t mine_count;
    int32_t consistent;      /* 0: no layout fits; both lists are empty.
                                Exact when the exact stage ran; the rules
                                alone (FAST, or COMPLETE stopping after
                                them) may miss a contradiction and say 1 */
    int32_t complete;        /* 1: the lists hold every certain cell       */
    int32_t enumerated;      /* 1: the exact stage ran                     */
    int32_t approximate;     /* 1: a budget stopped the exact stage; the
                                lists are sound but may miss cells         */
    int64_t nodes;           /* enumeration nodes used                     */
} sapper_mines_deduction;

/** An opaque solver context: buffers for boards up to a capacity. */
typedef struct sapper_mines_solver sapper_mines_solver;

/**
 * Makes a solver for positions of up to max_width*max_height cells (any
 * shape with that many cells or fewer). Returns NULL when a side is below 1,
 * the product exceeds 10^6, or memory runs out. The caller owns it and
 * frees it with sapper_mines_solver_free. It reserves about 1.8 KB per cell
 * plus 0.4 MB (1.2 MB for Expert, 18 MB for 100x100), most of it table,
 * combination and kept-component space that only positions needing it
 * touch. The first
 * component that depth-first search cannot finish allocates a frontier
 * pool of 8 MB plus 2 KB per cell (at most 128 MB) for the solver's life;
 * when that allocation fails the component is abandoned. [any time]
 */
sapper_mines_solver *sapper_mines_solver_new(int32_t max_width,
                                             int32_t max_height);

/** Frees a solver and everything it owns; NULL is a no-op. */
void sapper_mines_solver_free(sapper_mines_solver *solver);

/**
 * Fills *pos from a view of view_size bytes (as a bot's step receives it).
 * pos->cells then points into the view: it is valid as long as the view is.
 * SAPPER_ERR_PARAM when the view is malformed (see sapper_mines_view_cells)
 * or pos is NULL. [any time]
 */
sapper_status sapper_mines_position_from_view(const void *view,
                                              size_t view_size,
                                              sapper_mines_position *pos);

/**
 * Computes the mine probability of every unknown cell of pos (see
 * sapper_mines_result for exactly what *out holds). budget may be NULL for
 * the defaults. Returns SAPPER_OK, also for an inconsistent position
 * (out->consistent == 0); SAPPER_ERR_PARAM (and *out untouched) when an
 * argument is NULL, the board exceeds the solver's capacity, M is negative
 * or a cell code is not a valid view code (13-15, or a number above 8).
 * Allocation-free but for the frontier pool, once (see above). [instance]
 */
sapper_status sapper_mines_analyze(sapper_mines_solver *solver,
                                   const sapper_mines_position *pos,
                                   const sapper_mines_budget *budget,
                                   sapper_mines_result *out);

/**
 * Lists the unknown cells of pos that are certainly safe and certainly
 * mines, working as hard as mode (SAPPER_MINES_DEDUCE_*) says; the exact
 * stage obeys budget (NULL: the defaults). Statuses as for analyze, plus
 * SAPPER_ERR_PARAM for an unknown mode. Allocation-free as analyze; FAST is linear
 * in the board in practice (a few microseconds on Expert), COMPLETE costs
 * the same unless the position needs the exact stage. [instance]
 */
sapper_status sapper_mines_deduce(sapper_mines_solver *solver,
                                  const sapper_mines_position *pos,
                                  int32_t mode,
                                  const sapper_mines_budget *budget,
                                  sapper_mines_deduction *out);

#ifdef __cplusplus
}
#endif
#endif /* SAPPER_MINES_SOLVER_H */
