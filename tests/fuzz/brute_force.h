/*
 * brute_force.h - the oracle fuzz_board_solver holds the solver to: exact
 * mine probabilities of a small position found the slow, obvious way, by
 * trying every placement of the remaining mines on its unknown cells and
 * keeping those that agree with every number. Nothing clever shared with
 * the solver, so the two can disagree.
 */
#ifndef SAPPER_FUZZ_BRUTE_FORCE_H
#define SAPPER_FUZZ_BRUTE_FORCE_H

#include <stdint.h>

#include "solver.h"

/** The most unknown cells brute_force_probabilities tries (2^12 layouts). */
#define BRUTE_FORCE_MAX_UNKNOWN 12

/** Counts the layouts of pos (cells as solver.h reads them: 0-8 numbers,
 *  hidden, flagged or marked cells unknown, SAPPER_CELL_MINE and claimed
 *  cells known mines, all part of pos->mines) and writes into prob
 *  (width*height entries, the caller's) each unknown cell's share of
 *  them; other entries are left alone. Returns the number of layouts (0:
 *  none fits; prob is then untouched), or -1 when pos has more than
 *  BRUTE_FORCE_MAX_UNKNOWN unknown cells. */
int64_t brute_force_probabilities(const sapper_mines_position *pos, double *prob);

#endif
