/*
 * position.h - reading a position (what a player sees) in the board text
 * format of docs/FORMATS.md into a sapper_mines_position the solver takes:
 * "W H M", then H rows of W characters, '?' hidden, 'F' flagged, 'M'
 * marked, '0'-'8' a revealed number, '*' a known mine.
 *
 * The checks are the ones a reader can make alone: the syntax, the counts
 * (H rows of W cells, at least as many mines M as '*', at most W*H) and
 * the geometry (no number above the count of its cell's neighbours). Whether
 * any layout fits the numbers is the solver's question (solver.h), not this
 * file's. Layout files ('*' and '.') are board.h's.
 */
#ifndef SAPPER_MINES_POSITION_H
#define SAPPER_MINES_POSITION_H

#include <stddef.h>

#include "solver.h"

/** Where the parts of a parsed text sit, for messages about the position
 *  (cell x y is on line first_row_line + y, column x + 1). */
typedef struct sapper_mines_position_where {
    int32_t mines_line;      /* line of M (1)                             */
    int32_t mines_column;    /* column of M's first digit                 */
    int32_t first_row_line;  /* line of row y = 0 (2)                     */
    int32_t reserved;        /* 0                                         */
} sapper_mines_position_where;

/**
 * Parses a position of len bytes ("\r\n" line ends and trailing blank
 * lines allowed). On success fills *pos, whose cells (SAPPER_CELL_* codes)
 * are malloc'd and owned by the caller: free them with
 * sapper_mines_position_free. where may be NULL. On failure returns
 * SAPPER_ERR_PARSE (or SAPPER_ERR_NOMEM) with "name:line:column: expected
 * ..., found ..." in err (name NULL: "position"), and *pos zeroed.
 */
sapper_status sapper_mines_position_parse(const char *text, size_t len,
                                          const char *name,
                                          sapper_mines_position *pos,
                                          sapper_mines_position_where *where,
                                          char *err, size_t errcap);

/** Reads the file at path (up to 4 MiB) and parses it; errors name the
 *  path. SAPPER_ERR_PARAM when the file cannot be read. */
sapper_status sapper_mines_position_load(const char *path,
                                         sapper_mines_position *pos,
                                         sapper_mines_position_where *where,
                                         char *err, size_t errcap);

/** Frees the cells of a parsed position and zeroes it; a zeroed position
 *  is a no-op. Only for positions these functions filled. */
void sapper_mines_position_free(sapper_mines_position *pos);

/** The cell code of a position character, or -1 for any other byte. */
int sapper_mines_position_code(int ch);

#endif /* SAPPER_MINES_POSITION_H */
