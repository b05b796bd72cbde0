/*
 * hint.h - the solver's advice to a person playing a mines-family game,
 * shared by the line protocol (`hint`, `solve`) and the curses interface
 * (hint, solver steps, probability overlay): the exact mine probability of
 * every cell of the seat's view (core/mines/solver.h, recomputed only when
 * the view changes), the cell to play next (a certainly safe one, else the
 * safest guess) and the actions that play it.
 *
 * It neither plays nor prints: the front end applies the actions its own
 * way (keeping its clock and messages) and says what it likes.
 */
#ifndef SAPPER_HINT_H
#define SAPPER_HINT_H

#include "match.h"
#include "solver.h"

/** A solver with the last analysis; one per front end session. */
typedef struct hinter hinter;

/** The advice for one position. */
typedef struct hint {
    int32_t x, y;           /* the cell                                   */
    int32_t width, height;  /* of the board                               */
    int32_t safe;           /* 1: safe in every layout                    */
    int32_t approximate;    /* 1: a solver budget was hit                 */
    double prob;            /* its mine probability (0 when safe)         */
    uint8_t code;           /* its view code: hidden, flagged or marked   */
} hint;

/** NULL when out of memory. Free with hinter_free (NULL is a no-op). */
hinter *hinter_new(void);
void hinter_free(hinter *h);
/** Forgets the last analysis, keeping the solver's memory: the next
 *  position is analysed afresh, as by a new hinter. */
void hinter_forget(hinter *h);

/**
 * The analysis of seat's view (SAPPER_OMNISCIENT allowed) of m, or NULL
 * with the reason in err: not a mines-family ruleset ("no hints for this
 * ruleset"), no valid view, out of memory. The result belongs to h and
 * stays valid until the next call on h. It may be inconsistent (a ruleset
 * that shows mines it forgave still gives layouts; one that does not may
 * not): check ->consistent.
 */
const sapper_mines_result *hinter_analyze(hinter *h, sapper_match *m,
                                          int32_t seat, char *err,
                                          size_t errcap);

/**
 * The cell to play for seat: among the unknown cells, the lowest mine
 * probability (a certainly safe cell first); among equals a hidden cell
 * before a flagged or marked one, then the nearest to (near_x, near_y)
 * (near_x < 0: none), then the first in reading order. Returns 0 with *out
 * filled, or -1 with the reason in err (no hints for this ruleset, the game
 * is over, no layout fits the position, no unknown cell left).
 */
int hinter_pick(hinter *h, sapper_match *m, int32_t seat, int32_t near_x,
                int32_t near_y, hint *out, char *err, size_t errcap);

/** The actions that play hint (flag cycles that clear a flag or a mark,
 *  then the reveal) into out; returns how many (1 to 3). */
int hint_actions(const hint *hn, int64_t out[3]);

#endif
