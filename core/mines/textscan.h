/*
 * textscan.h - the scanner both board text readers share (layout files in
 * board.c, positions in position.c): a cursor that knows its line and
 * column, messages "name:line:column: expected ..., found ...", line ends
 * ("\r\n" too), the "W H M" header line, the end after the grid, and
 * reading a whole file.
 *
 * Internal to sapper_mines: not installed, nothing here is API. It knows
 * nothing of the grid characters; each reader checks its own rows.
 */
#ifndef SAPPER_MINES_TEXTSCAN_H
#define SAPPER_MINES_TEXTSCAN_H

#include <stddef.h>

#include "sapper/plugin.h"

/** A read position in a text. err may be NULL (no message). */
typedef struct textscan {
    const char *text;
    size_t len, pos;
    int line, col;          /* of pos, from 1                              */
    const char *name;       /* the file or "layout"/"position", for errors */
    char *err;
    size_t errcap;
    int crlf_found;         /* 1: mines_textscan_found calls a "\r\n" "end of
                               line" (positions); 0: "byte 0x0d" (layouts,
                               as they always said)                       */
} textscan;

/** The byte at the cursor, or EOF at the end. */
int mines_textscan_peek(const textscan *c);
/** Moves one byte on, counting lines and columns. */
void mines_textscan_advance(textscan *c);
/** True at '\n', at "\r\n" or at the end of the text. */
int mines_textscan_at_line_end(const textscan *c);
/** What is at the cursor for a message: "'x'", "end of line", "end of
 *  file" or "byte 0x07" (in buf, or a static string). */
const char *mines_textscan_found(const textscan *c, char *buf, size_t cap);
/** Writes "name:line:col: <message>" into err; returns SAPPER_ERR_PARSE. */
sapper_status mines_textscan_fail(const textscan *c, int line, int col,
                            const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/** Moves past the end of the line, or fails "expected end of line after
 *  <after>, found ...". */
sapper_status mines_textscan_end_line(textscan *c, const char *after);
/** Reads the header line "W H M": v = {W, H, M}, col their columns. W and
 *  H are checked against 1..SAPPER_BOARD_MAX_SIDE, M against 0..W*H. */
sapper_status mines_textscan_header(textscan *c, int32_t v[3], int col[3]);
/** Moves past the blank lines after the grid to the end of the text, or
 *  fails "expected end of file after the grid, found ...". */
sapper_status mines_textscan_trailer(textscan *c);

/** Reads the regular file at path, of at most max bytes, into *out,
 *  malloc'd and owned by the caller, its size in *len. It never blocks (a
 *  FIFO is refused, not waited on) and never reads more than max + 1
 *  bytes. On failure "cannot open <what><path>: ..." or "cannot read
 *  <what><path>: ..." in err (what: "layout file " or ""; err may be
 *  NULL), SAPPER_ERR_PARAM (SAPPER_ERR_NOMEM when memory ran out). */
sapper_status mines_textscan_read_file(const char *path, const char *what, size_t max,
                                 char **out, size_t *len, char *err,
                                 size_t errcap);

#endif /* SAPPER_MINES_TEXTSCAN_H */
