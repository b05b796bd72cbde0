/*
 * analyze_blame.h - why a position has no layout, in the words `sapper
 * analyze` prints: the file, the line and column to look at, what was
 * expected and what was found.
 */
#ifndef SAPPER_ANALYZE_BLAME_H
#define SAPPER_ANALYZE_BLAME_H

#include <stddef.h>

#include "position.h"

/**
 * Writes "name:line:column: no layout fits: expected ..., found ..." into
 * msg for a position the solver found inconsistent. Blames, in this order:
 * a number its own neighbours cannot satisfy; the mine count M, when the
 * numbers alone have layouts (with the range of counts they allow); else
 * the first number, in reading order, that the numbers before it
 * contradict. The search costs solver calls (at most a few thousand, each
 * under budget); when they run out, the message blames M without a range.
 * solver must hold the position (sapper_mines_solver_new(W, H)).
 */
void analyze_blame(sapper_mines_solver *solver, const sapper_mines_position *pos,
                   const sapper_mines_position_where *where, const char *name,
                   const sapper_mines_budget *budget, char *msg, size_t cap);

#endif
