/*
 * bot.h - the hunter bot's logic, declared apart from its ABI glue
 * (plugin.c) so unit tests can call it without dlopen, and the instance
 * the two logic files share: bot.c (lifetime, reading a view, the legal
 * reveals, the analysis) and choose.c (which cell to click).
 *
 * The policies (the `policy` parameter):
 *   hunt    (default) two seats: claim a certain mine, else the cell most
 *           likely to be a mine; ties broken to leak the least to the
 *           opponent, then for the biggest bonus (see choose.c). With
 *           the Flags bomb, throws it on the richest square when that is
 *           worth it (see bomb.c).
 *           One seat (classic and friends): as safest.
 *   safest  the naive player of issue 6: the cell least likely to be a
 *           mine, ties at random. The comparison baseline; it never looks
 *           for mines on purpose.
 */
#ifndef HUNTER_BOT_H
#define HUNTER_BOT_H

#include "sapper/mines.h"
#include "solver.h"

#define HUNTER_HUNT   0
#define HUNTER_SAFEST 1

/* Probabilities closer than this are equal (rounding in the solver). */
#define HUNTER_EPSILON 1e-9

/* The budget of each lookahead analysis: smaller than the defaults, since
   one step runs up to 9 per examined cell. An approximate answer is still
   sound about the certain mines it counts; a position past the budget
   simply counts fewer. */
#define HUNTER_LOOKAHEAD_COMPONENT_NODES (INT64_C(1) << 14)
#define HUNTER_LOOKAHEAD_TOTAL_NODES     (INT64_C(1) << 16)

typedef struct hunter_bot {
    sapper_rng rng;          /* seeded from setup->seed: the only randomness */
    int32_t policy;          /* HUNTER_HUNT or HUNTER_SAFEST                 */
    int32_t lookahead;       /* tied cells whose leak is computed            */
    double tie_band;         /* probabilities within this of the best tie    */
    double flood_leak;       /* mines an opening is taken to hand over       */
    double bomb_at;          /* expected mines a bomb's square must hold;
                                0: never bomb                                */
    int32_t bomb_last;       /* bomb anyway when the opponent needs this
                                many mines or fewer to win                   */

    /* Buffers for boards of up to cap cells, (re)made by the first step
       that needs them and freed by hunter_bot_free. */
    int32_t cap;
    sapper_mines_solver *solver;
    uint8_t *legal;          /* per cell: "reveal" of it is legal            */
    uint8_t *scratch;        /* the view's cells, changed for a lookahead    */
    double *prob;            /* per cell: the analysis' mine probability     */
    int32_t *tied;           /* cells in the running for the move            */
    double *leak;            /* per tied entry: its leak, or -1 unknown      */
} hunter_bot;

/* What the chooser is given: the position, and which cells may be revealed
   (bot->legal) with their probabilities (bot->prob) already filled. */
typedef struct hunter_ctx {
    const sapper_mines_view *view;
    const uint8_t *cells;
    sapper_mines_position pos;
    int32_t certain;         /* legal cells with probability exactly 1       */
    int32_t lookahead;       /* bot->lookahead, or 0 when the solver refused
                                the position                                 */
} hunter_ctx;

sapper_status hunter_bot_new(const sapper_params *params,
                             const sapper_bot_setup *setup, void **bot,
                             char *err, size_t errcap);
void hunter_bot_free(void *bot);
/* Ready for another game with the same parameters, its solver and
   buffers kept (sapper_bot_api.bot_reset). */
sapper_status hunter_bot_reset(void *bot, const sapper_bot_setup *setup,
                               char *err, size_t errcap);
sapper_status hunter_bot_step(void *bot, const void *view, size_t view_size,
                              const int64_t *legal, size_t nlegal,
                              int64_t *action);

/* choose.c: the cell to reveal under bot->policy, or -1 when no reveal is
   legal. */
int32_t hunter_choose(hunter_bot *b, const hunter_ctx *c);

/* bomb.c: the bomb to throw now (an action id from legal), or -1 to
   click instead. Call after the analysis filled bot->prob and c. */
int64_t hunter_bomb(hunter_bot *b, const hunter_ctx *c, const int64_t *legal,
                    size_t nlegal);

/* choose.c: the leak of revealing cell when it turns out safe: the
   expected number of new certain mines the opponent can claim (plus
   flood_leak when the cell shows 0), over the numbers the cell may show,
   weighted by how many layouts give each. -1 when no number fits (the
   cell is certainly a mine). Exposed for tests. */
double hunter_leak(hunter_bot *b, const hunter_ctx *c, int32_t cell);

#endif
