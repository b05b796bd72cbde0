/*
 * internal.h - the prober bot's state and the stages that share it:
 * bot.c (lifetime and the order of a step: safe cells, then a guess),
 * start.c (the first move), guess.c (choosing a guess), lookahead.c (what
 * a probe may show and how good the next position is), endgame*.c (the
 * exhaustive search over the last layouts) and hunt.c (two-player rulesets
 * whose goal is to claim mines). Not installed; nothing here is ABI.
 */
#ifndef PROBER_INTERNAL_H
#define PROBER_INTERNAL_H

#include "sapper/mines.h"
#include "solver.h"

/* The first-click policy of the rules (setup->rules_params first_click). */
#define PROBER_FIRST_SAFE    0  /* only the clicked cell is free        */
#define PROBER_FIRST_OPENING 1  /* the clicked cell and its neighbours  */
#define PROBER_FIRST_ANY     2  /* nothing is free                      */

#define PROBER_MAX_DEPTH 3           /* look-ahead levels a guess may use */
#define PROBER_MAX_CANDIDATES 64     /* probes examined per position      */
#define PROBER_MAX_ENDGAME 4096      /* layouts the endgame may search    */

/* The parameters, copied at bot_new (see plugin.c for each one's help). */
typedef struct prober_params {
    int32_t depth;            /* look-ahead levels, 0..PROBER_MAX_DEPTH   */
    int32_t candidates;       /* guesses examined with look-ahead         */
    double tolerance;         /* examined: safety >= (1 - tol) * best     */
    double progress;          /* weight of "the next position has a safe
                                 cell" next to the secondary safety       */
    int32_t endgame_layouts;  /* exhaustive search at or below this many
                                 layouts (0: never)                       */
    int64_t endgame_nodes;    /* its budget in search nodes               */
    int32_t start_x, start_y; /* first click, -1: chosen by the policy    */
} prober_params;

typedef struct prober_endgame prober_endgame;

/* One step's inputs: the view's cells, the legal list (NULL: the engine
   gives none, SAPPER_BOT_NO_LEGAL_LIST, and checks the answer itself). */
typedef struct prober_turn {
    sapper_mines_position pos;    /* pos.cells points into the view       */
    const int64_t *legal;
    size_t nlegal;
} prober_turn;


/* One game's bot. Every buffer is sized for the board at the first view
   (prober_reserve) and reused by every step. */
typedef struct prober {
    prober_params par;
    sapper_rng rng;               /* from setup->seed: the only randomness */
    int32_t first_click;          /* PROBER_FIRST_*                       */
    int32_t seat;
    const prober_turn *turn;      /* the step being played (borrowed)     */
    /* the board the buffers are sized for */
    int32_t w, h, n;
    int32_t mines;                /* M of the view being played           */
    sapper_mines_solver *solver;  /* owned                                */
    uint8_t *work;                /* n per look-ahead level: what-if copies
                                     of the position of that level        */
    double *prob;                 /* n per level: probabilities of the
                                     position of that level (level 0: the
                                     view's)                               */
    int32_t *queue;               /* n: cells known safe, still to reveal */
    int32_t nqueue;
    uint8_t exact[PROBER_MAX_DEPTH + 2]; /* per look-ahead level: its
                                     position's analysis is exact (no
                                     budget hit), so probes may be pruned */
    uint8_t *nnbr;                /* n: neighbour counts                  */
    uint8_t *mark;                /* n: scratch marks (guess.c, then
                                     endgame.c)                          */
    int32_t *nbr;                 /* 8n: neighbour indices                */
    prober_endgame *endgame;      /* owned; NULL when endgame_layouts = 0 */
    sapper_mines_budget budget;   /* for every analysis                   */
} prober;

/* Whether cell can be revealed: in the turn's legal list, or without one
   a plain hidden cell (the mines family's rule: flagged, marked and open
   cells are not revealed). Here, not in bot.c, so the files bot.c calls
   (start, guess, hunt, endgame) call nothing back. */
static inline int prober_can_reveal(const prober_turn *t, int32_t cell)
{
    if (!t->legal)
        return cell >= 0 && cell < t->pos.width * t->pos.height &&
               t->pos.cells[cell] == SAPPER_CELL_HIDDEN;
    size_t lo = 0, hi = t->nlegal;   /* legal is ascending; reveal id = cell */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->legal[mid] == cell)
            return 1;
        if (t->legal[mid] < cell)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* start.c: the first reveal when nothing is known yet, or -1. */
int32_t prober_first_move(prober *b, const prober_turn *t);

/* guess.c: the cell to guess (no safe cell is known), from b->prob (the
   exact analysis of t->pos, whose cell kinds and layouts_log2 are given),
   or -1. */
int32_t prober_guess(prober *b, const prober_turn *t, const uint8_t *kind,
                     double layouts_log2, int32_t approximate);

/* guess.c: the best probe of the look-ahead position at `level` (cells,
   its probabilities prob, 2^layouts_log2 layouts; level 0 is the view)
   searched `depth` levels deep, into *best when best is not NULL (-1:
   none). Returns its score: its safety at depth 0, else its secondary
   safety blended with progress (lookahead.c). */
double prober_rank(prober *b, int32_t level, const uint8_t *cells,
                   const double *prob, double layouts_log2, int32_t depth,
                   int32_t *best);

/* lookahead.c: a candidate probe's outcomes. */
typedef struct prober_outlook {
    double safety;       /* 1 - p of the probe                            */
    double secondary;    /* P(probe safe, then the next move safe): the
                            next move is free when a safe cell appears,
                            else the best guess of the next position      */
    double progress;     /* P(probe safe and a safe cell appears)         */
    int32_t values;      /* values the probe can show (1: a dead cell)    */
} prober_outlook;

/* Fills *out for probing cell (not a known mine) of the position at
   `level` (cells, probabilities prob, 2^layouts_log2 layouts), looking
   depth >= 1 levels ahead (the positions after the probe are scored with
   prober_rank at depth - 1). Returns 0 when an analysis failed, or when
   floor >= 0 and the probe's score (secondary + progress weight *
   progress) cannot exceed floor (then *out is incomplete). Writes
   b->work, b->prob and b->exact of the levels below `level` only. */
int prober_outlook_of(prober *b, int32_t level, const uint8_t *cells,
                      const double *prob, int32_t cell, double layouts_log2,
                      int32_t depth, double floor, prober_outlook *out);

/* endgame.c */
prober_endgame *prober_endgame_new(int32_t cells, int32_t max_layouts);
void prober_endgame_free(prober_endgame *e);
/* The probe that maximises the chance to win, searching every layout of
   t->pos (b->prob exact), or -1 when the layouts exceed the limit or the
   node budget ran out. *win gets that chance. */
int32_t prober_endgame_move(prober *b, const prober_turn *t, double *win);

/* hunt.c: two-player mine claiming: the cell most likely a mine, or -1. */
int32_t prober_hunt(prober *b, const prober_turn *t);

#endif /* PROBER_INTERNAL_H */
