/*
 * analyze_blame.c - points at the cell (or the mine count) that makes a
 * position impossible, for `sapper analyze` (analyze_blame.h).
 *
 * The solver only says "no layout". To say where, three questions, each a
 * few solver calls ("probes"):
 *   1. Does a number contradict its own neighbours (fewer than the '*'
 *      around it, more than its '*' and unrevealed neighbours)? Local.
 *   2. Do the numbers alone have layouts for some mine count? A count M'
 *      is possible when the frontier can hold s mines and the n_f floating
 *      cells the other M' - stars - s, so one probe at stars + k answers for
 *      every frontier count s in [k - n_f, k]: stepping k by n_f + 1 covers
 *      0..frontier. If yes, M is to blame, with the smallest and largest
 *      possible count found by scanning in from both ends.
 *   3. Otherwise the numbers contradict one another: keep only the first j
 *      numbers in reading order (the others become unrevealed cells, which
 *      only adds layouts) and bisect on j for the first number with which
 *      no layout fits. (It may be the revealed cell itself, not its count,
 *      that the earlier numbers cannot live with: the message says "a cell
 *      that agrees".)
 * It does not parse (position.c) or print; the caller shows the message.
 */
#include "analyze_blame.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PROBES 4096   /* solver calls one explanation may use */
#define MIN_PROBES 32     /* ... however large the board */
#define PROBE_CELLS (INT64_C(4) << 20)   /* probes x cells it may use: each
                                            call reads the whole board, so
                                            big boards get fewer (0.2 s on
                                            400x400 rather than 24 s) */

typedef struct blame {
    sapper_mines_solver *solver;
    const sapper_mines_budget *budget;
    const sapper_mines_position *pos;
    const sapper_mines_position_where *where;
    const char *name;
    int32_t stars, unknown;   /* '*' cells and unrevealed cells of pos */
    int probes;               /* solver calls left */
    char *msg;
    size_t cap;
} blame;

static void say(blame *b, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* "name:line:col: no layout fits: <fmt>" into the message. */
static void say(blame *b, int line, int col, const char *fmt, ...)
{
    int n = snprintf(b->msg, b->cap, "%s:%d:%d: no layout fits: ", b->name,
                     line, col);
    if (n < 0 || (size_t)n >= b->cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->msg + n, b->cap - (size_t)n, fmt, ap);
    va_end(ap);
}

static int cell_line(const blame *b, int32_t cell)
{
    return b->where->first_row_line + (int)(cell / b->pos->width);
}

static int cell_col(const blame *b, int32_t cell)
{
    return 1 + (int)(cell % b->pos->width);
}

/* ---- 1. a number against its neighbours ----------------------------- */

static void around(const sapper_mines_position *p, int32_t cell,
                   int32_t *stars, int32_t *unknown)
{
    int32_t x = cell % p->width, y = cell / p->width;
    *stars = *unknown = 0;
    for (int32_t dy = -1; dy <= 1; dy++) {
        for (int32_t dx = -1; dx <= 1; dx++) {
            int32_t nx = x + dx, ny = y + dy;
            if ((!dx && !dy) || nx < 0 || ny < 0 || nx >= p->width ||
                ny >= p->height)
                continue;
            uint8_t c = p->cells[ny * p->width + nx];
            *stars += c == SAPPER_CELL_MINE;
            *unknown += sapper_cell_is_unknown(c);
        }
    }
}

static int blame_local(blame *b)
{
    const sapper_mines_position *p = b->pos;
    for (int32_t i = 0; i < p->width * p->height; i++) {
        int32_t n = p->cells[i], stars, unknown;
        if (n > 8)
            continue;
        around(p, i, &stars, &unknown);
        if (n < stars)
            say(b, cell_line(b, i), cell_col(b, i), "expected a number of at "
                "least %d for cell %d %d (the '*' around it), found '%d'",
                (int)stars, (int)(i % p->width), (int)(i / p->width), (int)n);
        else if (n > stars + unknown)
            say(b, cell_line(b, i), cell_col(b, i), "expected a number of at "
                "most %d for cell %d %d (its '*' and unrevealed neighbours), "
                "found '%d'", (int)(stars + unknown), (int)(i % p->width),
                (int)(i / p->width), (int)n);
        else
            continue;
        return 1;
    }
    return 0;
}

/* ---- 2. the mine count ---------------------------------------------- */

/* Has cells a layout with `mines` mines? 1 yes, 0 no, -1 out of probes.
   *r receives the analysis (its counts hold either way). */
static int probe(blame *b, const uint8_t *cells, int32_t mines,
                 sapper_mines_result *r)
{
    if (b->probes-- <= 0)
        return -1;
    sapper_mines_position q = *b->pos;
    q.cells = cells;
    q.mines = mines;
    if (sapper_mines_analyze(b->solver, &q, b->budget, r) != SAPPER_OK)
        return -1;
    return r->consistent != 0;
}

/* Do the numbers of cells have a layout for some mine count? */
static int numbers_fit(blame *b, const uint8_t *cells)
{
    sapper_mines_result r;
    int ok = probe(b, cells, b->stars, &r);
    if (ok != 0)
        return ok;
    int32_t frontier = r.frontier, floating = r.floating;
    for (int32_t s = 0; s <= frontier; s += floating + 1) {
        ok = probe(b, cells, b->stars + s + floating, &r);
        if (ok != 0)
            return ok;
    }
    return 0;
}

/* The first possible count from `from` stepping by step; -1 when out of
   probes or none. */
static int32_t first_fit(blame *b, int32_t from, int32_t to, int32_t step)
{
    sapper_mines_result r;
    for (int32_t k = from; step > 0 ? k <= to : k >= to; k += step) {
        int ok = probe(b, b->pos->cells, b->stars + k, &r);
        if (ok != 0)
            return ok > 0 ? b->stars + k : -1;
    }
    return -1;
}

static void blame_count(blame *b)
{
    int32_t m = b->pos->mines;
    int line = b->where->mines_line, col = b->where->mines_column;
    int32_t lo = first_fit(b, 0, b->unknown, 1);
    int32_t hi = lo < 0 ? -1 : first_fit(b, b->unknown, lo - b->stars, -1);
    if (hi < 0)
        say(b, line, col, "expected another mine count M for these numbers, "
            "found %d (the search for the possible counts ran out)", (int)m);
    else if (lo == hi)
        say(b, line, col, "expected the mine count M = %d for these numbers, "
            "found %d", (int)lo, (int)m);
    else if (m < lo || m > hi)
        say(b, line, col, "expected the mine count M from %d to %d for these "
            "numbers, found %d", (int)lo, (int)hi, (int)m);
    else
        say(b, line, col, "expected a mine count these numbers allow (from %d "
            "to %d, but not every count between), found %d", (int)lo,
            (int)hi, (int)m);
}

/* ---- 3. the first contradicting number ------------------------------ */

/* cells with only the first j numbers (in reading order) kept. */
static void keep_numbers(const blame *b, uint8_t *cells, int32_t j)
{
    int32_t n = b->pos->width * b->pos->height, seen = 0;
    for (int32_t i = 0; i < n; i++) {
        uint8_t c = b->pos->cells[i];
        cells[i] = c <= 8 && seen++ >= j ? SAPPER_CELL_HIDDEN : c;
    }
}

/* The index of the j-th number (0-based) in reading order. */
static int32_t nth_number(const blame *b, int32_t j)
{
    for (int32_t i = 0; i < b->pos->width * b->pos->height; i++)
        if (b->pos->cells[i] <= 8 && j-- == 0)
            return i;
    return -1;
}

/* Bisects on the kept prefix; 0 when out of probes. */
static int blame_number(blame *b, uint8_t *cells, int32_t numbers)
{
    int32_t lo = 0, hi = numbers;   /* lo's prefix fits, hi's does not */
    if (numbers == 0)
        return 0;
    while (hi - lo > 1) {
        int32_t mid = lo + (hi - lo) / 2;
        keep_numbers(b, cells, mid);
        int ok = numbers_fit(b, cells);
        if (ok < 0)
            return 0;
        *(ok ? &lo : &hi) = mid;
    }
    int32_t i = nth_number(b, hi - 1);
    say(b, cell_line(b, i), cell_col(b, i), "the numbers read up to here "
        "(row by row) contradict one another: expected a cell that agrees "
        "with the ones before it, found '%d' at cell %d %d",
        (int)b->pos->cells[i], (int)(i % b->pos->width),
        (int)(i / b->pos->width));
    return 1;
}

/* ---- the order of the questions ------------------------------------- */

static void count_cells(blame *b, int32_t *numbers)
{
    *numbers = 0;
    for (int32_t i = 0; i < b->pos->width * b->pos->height; i++) {
        uint8_t c = b->pos->cells[i];
        b->stars += c == SAPPER_CELL_MINE;
        b->unknown += sapper_cell_is_unknown(c);
        *numbers += c <= 8;
    }
}

static void blame_global(blame *b, int32_t numbers)
{
    if (b->pos->mines - b->stars > b->unknown) {
        say(b, b->where->mines_line, b->where->mines_column, "expected the "
            "mine count M to be at most %d (the '*' plus the unrevealed "
            "cells), found %d", (int)(b->stars + b->unknown),
            (int)b->pos->mines);
        return;
    }
    uint8_t *cells = malloc((size_t)(b->pos->width * b->pos->height));
    int fit = cells ? numbers_fit(b, b->pos->cells) : -1;
    if (fit > 0)
        blame_count(b);
    else if (fit < 0 || !blame_number(b, cells, numbers))
        say(b, b->where->mines_line, b->where->mines_column, "expected other "
            "numbers or another mine count M, found M = %d (the search for "
            "the cell to blame ran out)", (int)b->pos->mines);
    free(cells);
}

void analyze_blame(sapper_mines_solver *solver, const sapper_mines_position *pos,
                   const sapper_mines_position_where *where, const char *name,
                   const sapper_mines_budget *budget, char *msg, size_t cap)
{
    int64_t cells = (int64_t)pos->width * pos->height;
    int64_t probes = cells > 0 ? PROBE_CELLS / cells : MAX_PROBES;
    blame b = {.solver = solver, .budget = budget, .pos = pos, .where = where,
               .name = name, .msg = msg, .cap = cap,
               .probes = (int)(probes > MAX_PROBES ? MAX_PROBES
                               : probes < MIN_PROBES ? MIN_PROBES : probes)};
    int32_t numbers;
    if (cap == 0)
        return;
    count_cells(&b, &numbers);
    if (!blame_local(&b))
        blame_global(&b, numbers);
}
