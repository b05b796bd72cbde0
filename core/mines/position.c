/*
 * position.c - reads a position in the board text format (position.h):
 * the rows and the checks a reader can make alone (counts and neighbour
 * geometry); the cursor, the header and reading files are textscan.c's.
 * Every error is "name:line:column: expected ..., found ..." in the
 * caller's buffer. It does not decide whether the numbers can be
 * satisfied: that is the solver's job, and the front end's to explain.
 */
#include "position.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "textscan.h"

#define POSITION_MAX_BYTES ((size_t)4 << 20)   /* the 4 MiB of position.h */

/* ---- the grid ------------------------------------------------------ */

int sapper_mines_position_code(int ch)
{
    if (ch >= '0' && ch <= '8')
        return ch - '0';
    switch (ch) {
    case '?': return SAPPER_CELL_HIDDEN;
    case 'F': return SAPPER_CELL_FLAGGED;
    case 'M': return SAPPER_CELL_MARKED;
    case '*': return SAPPER_CELL_MINE;
    default: return -1;
    }
}

static sapper_status bad_cell(const textscan *c, int32_t x, int32_t y,
                              int32_t width)
{
    char fb[24];
    if (mines_textscan_at_line_end(c))
        return mines_textscan_fail(c, c->line, c->col, "expected %d cells in row "
                             "%d, found %d", (int)width, (int)y, (int)x);
    return mines_textscan_fail(c, c->line, c->col, "expected '?', 'F', 'M', '0'-'8' "
                         "or '*' for cell %d %d, found %s%s", (int)x, (int)y,
                         mines_textscan_found(c, fb, sizeof fb),
                         mines_textscan_peek(c) == '.'
                             ? " ('.' is for layout files)" : "");
}

static sapper_status read_row(textscan *c, uint8_t *cells, int32_t width,
                              int32_t height, int32_t y)
{
    char after[48];
    if (mines_textscan_peek(c) == EOF)
        return mines_textscan_fail(c, c->line, c->col, "expected %d rows of the "
                             "grid, found %d", (int)height, (int)y);
    for (int32_t x = 0; x < width; x++) {
        int code = sapper_mines_position_code(mines_textscan_peek(c));
        if (code < 0)
            return bad_cell(c, x, y, width);
        cells[y * width + x] = (uint8_t)code;
        mines_textscan_advance(c);
    }
    snprintf(after, sizeof after, "%d cells", (int)width);
    return mines_textscan_end_line(c, after);
}

/* ---- checks on the whole grid -------------------------------------- */

static int32_t neighbour_count(int32_t x, int32_t y, int32_t w, int32_t h)
{
    int32_t nx = 1 + (x > 0) + (x < w - 1), ny = 1 + (y > 0) + (y < h - 1);
    return nx * ny - 1;
}

/* No number above its cell's neighbour count (a corner has 3). */
static sapper_status check_geometry(const textscan *c,
                                    const sapper_mines_position *p)
{
    for (int32_t y = 0; y < p->height; y++) {
        for (int32_t x = 0; x < p->width; x++) {
            uint8_t code = p->cells[y * p->width + x];
            int32_t k = neighbour_count(x, y, p->width, p->height);
            if (code <= 8 && code > k)
                return mines_textscan_fail(c, 2 + (int)y, 1 + (int)x, "expected a "
                                     "number from 0 to %d for cell %d %d (it "
                                     "has %d neighbours), found '%d'", (int)k,
                                     (int)x, (int)y, (int)k, (int)code);
        }
    }
    return SAPPER_OK;
}

static sapper_status check_count(const textscan *c,
                                 const sapper_mines_position *p, int mcol)
{
    int32_t stars = 0;
    for (int32_t i = 0; i < p->width * p->height; i++)
        stars += p->cells[i] == SAPPER_CELL_MINE;
    if (stars > p->mines)
        return mines_textscan_fail(c, 1, mcol, "expected the mine count M to be at "
                             "least %d (the '*' in the grid), found %d",
                             (int)stars, (int)p->mines);
    return SAPPER_OK;
}

static sapper_status read_grid(textscan *c, sapper_mines_position *p,
                               uint8_t *cells, int mcol)
{
    for (int32_t y = 0; y < p->height; y++) {
        sapper_status st = read_row(c, cells, p->width, p->height, y);
        if (st != SAPPER_OK)
            return st;
    }
    sapper_status st = mines_textscan_trailer(c);
    if (st == SAPPER_OK)
        st = check_count(c, p, mcol);
    if (st == SAPPER_OK)
        st = check_geometry(c, p);
    return st;
}

sapper_status sapper_mines_position_parse(const char *text, size_t len,
                                          const char *name,
                                          sapper_mines_position *pos,
                                          sapper_mines_position_where *where,
                                          char *err, size_t errcap)
{
    textscan c = {.text = text, .len = len, .line = 1, .col = 1,
                  .name = name ? name : "position", .err = err,
                  .errcap = errcap, .crlf_found = 1};
    int32_t v[3];
    int col[3];
    memset(pos, 0, sizeof *pos);
    sapper_status st = mines_textscan_header(&c, v, col);
    if (st != SAPPER_OK)
        return st;
    uint8_t *cells = malloc((size_t)v[0] * (size_t)v[1]);
    if (!cells) {
        if (err && errcap)
            snprintf(err, errcap, "%s: out of memory", c.name);
        return SAPPER_ERR_NOMEM;
    }
    *pos = (sapper_mines_position){.width = v[0], .height = v[1],
                                   .mines = v[2], .cells = cells};
    st = read_grid(&c, pos, cells, col[2]);
    if (st != SAPPER_OK) {
        sapper_mines_position_free(pos);
        return st;
    }
    if (where)
        *where = (sapper_mines_position_where){
            .mines_line = 1, .mines_column = col[2], .first_row_line = 2};
    return SAPPER_OK;
}

void sapper_mines_position_free(sapper_mines_position *pos)
{
    if (!pos)
        return;
    free((void *)(uintptr_t)pos->cells);   /* ours: malloc'd by parse */
    memset(pos, 0, sizeof *pos);
}

/* ---- files --------------------------------------------------------- */

sapper_status sapper_mines_position_load(const char *path,
                                         sapper_mines_position *pos,
                                         sapper_mines_position_where *where,
                                         char *err, size_t errcap)
{
    char *text;
    size_t len;
    memset(pos, 0, sizeof *pos);
    sapper_status st = mines_textscan_read_file(path, "", POSITION_MAX_BYTES, &text,
                                          &len, err, errcap);
    if (st != SAPPER_OK)
        return st;
    st = sapper_mines_position_parse(text, len, path, pos, where, err, errcap);
    free(text);
    return st;
}
