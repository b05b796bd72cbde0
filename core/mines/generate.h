/*
 * generate.h - no-guess board generation for the mines rulesets: layouts
 * that a perfect-logic player clears from the first click without ever
 * guessing. Installed with the mines library next to solver.h.
 *
 * "Perfect logic" is the exact deduction engine of solver.h with the global
 * mine count (sapper_mines_deduce, COMPLETE mode, default budget): the
 * play-out reveals the first cell, then repeatedly reveals every cell that
 * is safe in every layout consistent with what is showing (flooding
 * zeros), and the layout is no-guess when that wins. Because knowledge
 * only grows, the order of the certain moves does not change the verdict.
 * A position whose exact stage hits the solver's budget counts as stuck
 * (the budget's fallback: reject rather than guess), so the admissible set
 * is "cleared by the engine within its budget"; with the default budget no
 * position of 3000 random Expert layouts played out this way hit it.
 *
 * Two methods (SAPPER_MINES_NG_*), chosen by the caller, never silently:
 *
 *   sample   uniform rejection sampling: draw the mines uniformly (or from
 *            a density field) outside the first-click cells, play out,
 *            accept if won, else draw again. Every admissible layout is
 *            equally likely. Acceptance falls with density (reference
 *            solvers.md 3.6: 90% at 9x9/10, 70% at 16x16/40, 16% at
 *            30x16/99 with an opening start, 0.3% at 25%); above
 *            SAPPER_MINES_SAMPLE_MAX_DENSITY callers should refuse it.
 *   perturb  Tatham-style: draw, play out; when stuck, pick a random
 *            revealed number that still touches unknown cells and either
 *            empty it (move its hidden mines to other unknown cells) or
 *            fill it (move mines from other unknown cells into it), chosen
 *            at random among what is possible; the total stays the same,
 *            revealed cells, mines already deduced and the first-click
 *            cells never change. Then play out again from the first click
 *            on the changed layout. Accept the first layout whose play-out
 *            from scratch wins. Works far past the density sample can
 *            reach, but is NOT uniform: it favours layouts near openings.
 *   auto     sample when the density is at most the sample limit, perturb
 *            above; the report says which one ran.
 *
 * Budgets: `attempts` counts play-outs (one per sampled layout, one per
 * perturbation round); when it runs out the call fails with a message, it
 * never loops on. Perturbing one layout stops after PERTURB_IDLE rounds
 * without the play-out getting further (see generate.c); the fallback is
 * a fresh layout. Nothing here prints, exits or keeps global state; all
 * randomness comes from the caller's sapper_rng, so the same rng state and
 * request give the same board.
 */
#ifndef SAPPER_MINES_GENERATE_H
#define SAPPER_MINES_GENERATE_H

#include "sapper/mines.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Methods (sapper_mines_gen_request.method). */
#define SAPPER_MINES_NG_SAMPLE  0
#define SAPPER_MINES_NG_PERTURB 1
#define SAPPER_MINES_NG_AUTO    2

/** The density (mines / cells open to mines) above which uniform sampling
 *  is refused by the rulesets and auto switches to perturb: there the
 *  acceptance rate collapses (about 0.3% at 25% on 30x16, none seen at
 *  26.7%: solvers.md 3.6). */
#define SAPPER_MINES_SAMPLE_MAX_DENSITY 0.25

/** Play-outs allowed when a request says attempts <= 0: this much work
 *  (cells x play-outs) divided by the board's cells, at least
 *  SAPPER_MINES_MIN_ATTEMPTS. A play-out costs about 0.1 us per cell, so
 *  the default gives up after roughly five seconds on any board (Expert:
 *  104166 play-outs; at the sample limit with first_click = safe Expert
 *  needs about 2500 on average). */
#define SAPPER_MINES_DEFAULT_WORK  50000000
#define SAPPER_MINES_MIN_ATTEMPTS  1000

/** What to generate. Borrowed for the call. */
typedef struct sapper_mines_gen_request {
    int32_t width, height;   /* >= 1, within the generator's capacity     */
    int32_t mines;           /* 0 .. cells open to mines                  */
    int32_t method;          /* SAPPER_MINES_NG_*                         */
    int32_t attempts;        /* play-out budget; <= 0: the default        */
    int32_t start;           /* the first cell revealed, y*width+x        */
    const int32_t *keep_free;/* cells that hold no mine (the first-click
                                policy; start is added if missing)        */
    int32_t nkeep;
    int32_t reserved;        /* 0                                          */
    const double *weight;    /* NULL: mines uniform; else width*height
                                weights > 0 and layouts are drawn without
                                replacement with probability proportional
                                to the weights (density clouds, clouds.h),
                                so sample draws from that distribution
                                restricted to no-guess layouts            */
} sapper_mines_gen_request;

/** What a generation did. */
typedef struct sapper_mines_gen_report {
    int32_t method;          /* SAMPLE or PERTURB: the one that ran        */
    int32_t layouts;         /* fresh layouts drawn                        */
    int32_t playouts;        /* play-outs run (what attempts counts)       */
    int32_t perturbations;   /* perturbations applied to the accepted
                                layout's ancestors (0 under sample)        */
    int64_t solver_calls;    /* sapper_mines_deduce calls                  */
} sapper_mines_gen_report;

/** An opaque generator: a solver and play-out buffers for boards of up to
 *  max_width*max_height cells. [instance]: not used concurrently. */
typedef struct sapper_mines_generator sapper_mines_generator;

/** Makes a generator (about 1.5 KB per cell plus the solver's 0.3 MB);
 *  NULL when a side is below 1, there are more than 10^6 cells, or memory
 *  runs out. Free it with sapper_mines_generator_free. [any time] */
sapper_mines_generator *sapper_mines_generator_new(int32_t max_width,
                                                   int32_t max_height);

/** Frees a generator; NULL is a no-op. */
void sapper_mines_generator_free(sapper_mines_generator *gen);

/** The play-out budget attempts stands for on a board of `cells` cells:
 *  attempts itself when > 0, else the default above. [any time] */
int32_t sapper_mines_ng_budget(int32_t attempts, int32_t cells);

/** The method auto stands for at this density; SAMPLE and PERTURB are
 *  returned unchanged. [any time] */
int32_t sapper_mines_ng_resolve(int32_t method, double density);

/** mines / (cells - kept), the density the limits speak of (1.0 when no
 *  cell is open). [any time] */
double sapper_mines_ng_density(int32_t cells, int32_t mines, int32_t kept);

/** The name of a method ("sample", "perturb", "auto"), or "?". */
const char *sapper_mines_ng_name(int32_t method);

/**
 * Generates a no-guess layout for req into mine (width*height bytes, 1 for
 * a mine) and fills *report (may be NULL). Returns SAPPER_OK;
 * SAPPER_ERR_PARAM with a reason in err for a bad request (size over the
 * capacity, start out of range, too many mines for the open cells, unknown
 * method); SAPPER_ERR_STATE when the play-out budget ran out, with a
 * message naming the board, the method and the budget and saying what to
 * change. On failure mine is unspecified. Draws from rng only. [instance]
 */
sapper_status sapper_mines_generate(sapper_mines_generator *gen,
                                    const sapper_mines_gen_request *req,
                                    sapper_rng *rng, uint8_t *mine,
                                    sapper_mines_gen_report *report,
                                    char *err, size_t errcap);

/**
 * The no-guess test on its own: 1 when the certain-moves play-out of the
 * layout mine (width*height, 1 = mine) from start wins, 0 when it gets
 * stuck, when start is a mine or the size exceeds the capacity. [instance]
 */
int sapper_mines_clears(sapper_mines_generator *gen, int32_t width,
                        int32_t height, const uint8_t *mine, int32_t start);

#ifdef __cplusplus
}
#endif
#endif /* SAPPER_MINES_GENERATE_H */
