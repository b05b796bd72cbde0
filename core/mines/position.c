/*
 * position.c - reads a position in the board text format (position.h):
 * a cursor that knows its line and column, the header, the rows, and the
 * checks a reader can make alone (counts and neighbour geometry). Every
 * error is "name:line:column: expected ..., found ..." in the caller's
 * buffer. It does not decide whether the numbers can be satisfied: that is
 * the solver's job, and the front end's to explain.
 */
#include "position.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"   /* SAPPER_BOARD_MAX_SIDE */

#define POSITION_MAX_BYTES (4u << 20)

/* ---- the cursor ---------------------------------------------------- */

typedef struct cursor {
    const char *text;
    size_t len, pos;
    int line, col;
    const char *name;
    char *err;
    size_t errcap;
} cursor;

static int peek(const cursor *c)
{
    return c->pos < c->len ? (unsigned char)c->text[c->pos] : EOF;
}

static void advance(cursor *c)
{
    if (c->pos >= c->len)
        return;
    if (c->text[c->pos++] == '\n') {
        c->line++;
        c->col = 1;
    } else {
        c->col++;
    }
}

static void skip_blanks(cursor *c)
{
    while (peek(c) == ' ' || peek(c) == '\t')
        advance(c);
}

/* True at '\n', at "\r\n" or at the end of the text. */
static int at_line_end(const cursor *c)
{
    int ch = peek(c);
    return ch == '\n' || ch == EOF ||
           (ch == '\r' && c->pos + 1 < c->len && c->text[c->pos + 1] == '\n');
}

/* "'x'", "end of line", "end of file" or "byte 0x07". */
static const char *found(const cursor *c, char *buf, size_t cap)
{
    int ch = peek(c);
    if (ch == EOF)
        return "end of file";
    if (at_line_end(c))
        return "end of line";
    if (ch >= 0x20 && ch < 0x7f)
        snprintf(buf, cap, "'%c'", ch);
    else
        snprintf(buf, cap, "byte 0x%02x", (unsigned)ch);
    return buf;
}

/* Writes "name:line:col: <message>" and returns SAPPER_ERR_PARSE. */
static sapper_status fail(const cursor *c, int line, int col,
                          const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static sapper_status fail(const cursor *c, int line, int col,
                          const char *fmt, ...)
{
    if (!c->err || c->errcap == 0)
        return SAPPER_ERR_PARSE;
    int n = snprintf(c->err, c->errcap, "%s:%d:%d: ", c->name, line, col);
    if (n >= 0 && (size_t)n < c->errcap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(c->err + n, c->errcap - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return SAPPER_ERR_PARSE;
}

/* Moves past the end of the line (or fails naming what follows). */
static sapper_status end_line(cursor *c, const char *after)
{
    char fb[24];
    if (!at_line_end(c))
        return fail(c, c->line, c->col, "expected end of line after %s, "
                    "found %s", after, found(c, fb, sizeof fb));
    if (peek(c) == '\r')
        advance(c);
    advance(c);
    return SAPPER_OK;
}

/* ---- the header ---------------------------------------------------- */

static sapper_status read_number(cursor *c, const char *what, int32_t *out,
                                 int *col)
{
    char fb[24];
    skip_blanks(c);
    *col = c->col;
    if (peek(c) < '0' || peek(c) > '9')
        return fail(c, c->line, c->col, "expected %s (a whole number), "
                    "found %s", what, found(c, fb, sizeof fb));
    int64_t v = 0;
    while (peek(c) >= '0' && peek(c) <= '9') {
        if (v < 100000000)
            v = v * 10 + (peek(c) - '0');
        advance(c);
    }
    *out = (int32_t)v;
    return SAPPER_OK;
}

static sapper_status read_header(cursor *c, int32_t v[3], int col[3])
{
    static const char *what[3] = {"the width W", "the height H",
                                  "the mine count M"};
    for (int i = 0; i < 3; i++) {
        sapper_status st = read_number(c, what[i], &v[i], &col[i]);
        if (st != SAPPER_OK)
            return st;
    }
    skip_blanks(c);
    sapper_status st = end_line(c, "\"W H M\"");
    if (st != SAPPER_OK)
        return st;
    for (int i = 0; i < 2; i++)
        if (v[i] < 1 || v[i] > SAPPER_BOARD_MAX_SIDE)
            return fail(c, 1, col[i], "expected %s from 1 to %d, found %d",
                        what[i], SAPPER_BOARD_MAX_SIDE, (int)v[i]);
    if (v[2] > v[0] * v[1])
        return fail(c, 1, col[2], "expected %s from 0 to %d (W*H), found %d",
                    what[2], (int)(v[0] * v[1]), (int)v[2]);
    return SAPPER_OK;
}

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

static sapper_status bad_cell(const cursor *c, int32_t x, int32_t y,
                              int32_t width)
{
    char fb[24];
    if (at_line_end(c))
        return fail(c, c->line, c->col, "expected %d cells in row %d, found "
                    "%d", (int)width, (int)y, (int)x);
    return fail(c, c->line, c->col, "expected '?', 'F', 'M', '0'-'8' or '*' "
                "for cell %d %d, found %s%s", (int)x, (int)y,
                found(c, fb, sizeof fb),
                peek(c) == '.' ? " ('.' is for layout files)" : "");
}

static sapper_status read_row(cursor *c, uint8_t *cells, int32_t width,
                              int32_t height, int32_t y)
{
    char after[48];
    if (peek(c) == EOF)
        return fail(c, c->line, c->col, "expected %d rows of the grid, "
                    "found %d", (int)height, (int)y);
    for (int32_t x = 0; x < width; x++) {
        int code = sapper_mines_position_code(peek(c));
        if (code < 0)
            return bad_cell(c, x, y, width);
        cells[y * width + x] = (uint8_t)code;
        advance(c);
    }
    snprintf(after, sizeof after, "%d cells", (int)width);
    return end_line(c, after);
}

static sapper_status read_trailer(cursor *c)
{
    char fb[24];
    for (int ch = peek(c); ch != EOF; ch = peek(c)) {
        if (ch != ' ' && ch != '\t' && ch != '\r' && ch != '\n')
            return fail(c, c->line, c->col, "expected end of file after the "
                        "grid, found %s", found(c, fb, sizeof fb));
        advance(c);
    }
    return SAPPER_OK;
}

/* ---- checks on the whole grid -------------------------------------- */

static int32_t neighbour_count(int32_t x, int32_t y, int32_t w, int32_t h)
{
    int32_t nx = 1 + (x > 0) + (x < w - 1), ny = 1 + (y > 0) + (y < h - 1);
    return nx * ny - 1;
}

/* No number above its cell's neighbour count (a corner has 3). */
static sapper_status check_geometry(const cursor *c,
                                    const sapper_mines_position *p)
{
    for (int32_t y = 0; y < p->height; y++) {
        for (int32_t x = 0; x < p->width; x++) {
            uint8_t code = p->cells[y * p->width + x];
            int32_t k = neighbour_count(x, y, p->width, p->height);
            if (code <= 8 && code > k)
                return fail(c, 2 + (int)y, 1 + (int)x, "expected a number "
                            "from 0 to %d for cell %d %d (it has %d "
                            "neighbours), found '%d'", (int)k, (int)x, (int)y,
                            (int)k, (int)code);
        }
    }
    return SAPPER_OK;
}

static sapper_status check_count(const cursor *c,
                                 const sapper_mines_position *p, int mcol)
{
    int32_t stars = 0;
    for (int32_t i = 0; i < p->width * p->height; i++)
        stars += p->cells[i] == SAPPER_CELL_MINE;
    if (stars > p->mines)
        return fail(c, 1, mcol, "expected the mine count M to be at least "
                    "%d (the '*' in the grid), found %d", (int)stars,
                    (int)p->mines);
    return SAPPER_OK;
}

static sapper_status read_grid(cursor *c, sapper_mines_position *p,
                               uint8_t *cells, int mcol)
{
    for (int32_t y = 0; y < p->height; y++) {
        sapper_status st = read_row(c, cells, p->width, p->height, y);
        if (st != SAPPER_OK)
            return st;
    }
    sapper_status st = read_trailer(c);
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
    cursor c = {.text = text, .len = len, .line = 1, .col = 1,
                .name = name ? name : "position", .err = err,
                .errcap = errcap};
    int32_t v[3];
    int col[3];
    memset(pos, 0, sizeof *pos);
    sapper_status st = read_header(&c, v, col);
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

/* Reads a whole file into a malloc'd buffer the caller frees. */
static sapper_status read_file(const char *path, char **out, size_t *len,
                               char *err, size_t errcap)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errcap, "cannot open %s: %s", path, strerror(errno));
        return SAPPER_ERR_PARAM;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf && n <= POSITION_MAX_BYTES) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap || ferror(f))
            break;
        char *more = realloc(buf, cap * 2);
        if (!more)
            free(buf);
        buf = more;
        cap *= 2;
    }
    const char *why = !buf ? "out of memory" : ferror(f) ? "read error"
                      : n > POSITION_MAX_BYTES ? "larger than 4 MiB" : NULL;
    fclose(f);
    if (why) {
        snprintf(err, errcap, "cannot read %s: %s", path, why);
        sapper_status st = buf ? SAPPER_ERR_PARAM : SAPPER_ERR_NOMEM;
        free(buf);
        return st;
    }
    *out = buf;
    *len = n;
    return SAPPER_OK;
}

sapper_status sapper_mines_position_load(const char *path,
                                         sapper_mines_position *pos,
                                         sapper_mines_position_where *where,
                                         char *err, size_t errcap)
{
    char scratch[1];
    char *text;
    size_t len;
    if (!err || errcap == 0) {
        err = scratch;
        errcap = sizeof scratch;
    }
    memset(pos, 0, sizeof *pos);
    sapper_status st = read_file(path, &text, &len, err, errcap);
    if (st != SAPPER_OK)
        return st;
    st = sapper_mines_position_parse(text, len, path, pos, where, err, errcap);
    free(text);
    return st;
}
