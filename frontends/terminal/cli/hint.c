/*
 * hint.c - the solver's advice for the front end (hint.h): keeps a solver
 * sized for the board and a copy of the last analysed view, so a screen
 * redrawn five times a second analyses a position once; picks the next cell
 * (safe first, then the safest guess) and spells out its actions. No
 * moves are played and nothing is printed here.
 */
#include "hint.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sapper/mines.h"

#define SAME_PROB 1e-12   /* probabilities closer than this tie */

struct hinter {
    sapper_mines_solver *solver;
    int32_t capacity;            /* cells the solver takes             */
    uint8_t *cells;              /* the analysed view's cells (owned)  */
    int32_t width, height, mines;
    int valid;                   /* result describes cells             */
    sapper_mines_result result;  /* arrays owned by solver             */
};

hinter *hinter_new(void)
{
    return calloc(1, sizeof(hinter));
}

void hinter_free(hinter *h)
{
    if (!h)
        return;
    sapper_mines_solver_free(h->solver);
    free(h->cells);
    free(h);
}

void hinter_forget(hinter *h)
{
    h->valid = 0;
}

static int is_mines_family(sapper_match *m)
{
    const char *family = sapper_match_setup(m)->rules->desc.family;
    return family && strcmp(family, SAPPER_MINES_FAMILY) == 0;
}

/* A solver and a cell copy for cells cells; 0 on success. */
static int reserve(hinter *h, const sapper_mines_position *p)
{
    int32_t cells = p->width * p->height;
    if (cells <= h->capacity)
        return 0;
    sapper_mines_solver *s = sapper_mines_solver_new(p->width, p->height);
    uint8_t *copy = malloc((size_t)cells);
    if (!s || !copy) {
        sapper_mines_solver_free(s);
        free(copy);
        return -1;
    }
    sapper_mines_solver_free(h->solver);
    free(h->cells);
    h->solver = s;
    h->cells = copy;
    h->capacity = cells;
    h->valid = 0;
    return 0;
}

static int same_position(const hinter *h, const sapper_mines_position *p)
{
    return h->valid && h->width == p->width && h->height == p->height &&
           h->mines == p->mines &&
           memcmp(h->cells, p->cells, (size_t)(p->width * p->height)) == 0;
}

/* Analyses p, keeping a copy of it (the view goes away with the next
   match call; the copy is what the result describes). */
static int analyse(hinter *h, const sapper_mines_position *p)
{
    size_t n = (size_t)(p->width * p->height);
    memcpy(h->cells, p->cells, n);
    h->width = p->width;
    h->height = p->height;
    h->mines = p->mines;
    sapper_mines_position own = *p;
    own.cells = h->cells;
    h->valid = sapper_mines_analyze(h->solver, &own, NULL, &h->result) ==
               SAPPER_OK;
    return h->valid ? 0 : -1;
}

const sapper_mines_result *hinter_analyze(hinter *h, sapper_match *m,
                                          int32_t seat, char *err,
                                          size_t errcap)
{
    if (!is_mines_family(m)) {
        snprintf(err, errcap, "no hints for this ruleset");
        return NULL;
    }
    size_t size = 0;
    const void *view = sapper_match_view(m, seat, &size);
    sapper_mines_position pos;
    if (sapper_mines_position_from_view(view, size, &pos) != SAPPER_OK) {
        snprintf(err, errcap, "the rules gave no board to analyse");
        return NULL;
    }
    if (same_position(h, &pos))
        return &h->result;
    if (reserve(h, &pos) != 0) {
        snprintf(err, errcap, "out of memory");
        return NULL;
    }
    if (analyse(h, &pos) != 0) {
        snprintf(err, errcap, "the solver cannot read this board");
        return NULL;
    }
    return &h->result;
}

/* ---- choosing the cell --------------------------------------------- */

/* Orders candidates: lower probability, then a hidden cell (no flag to
   clear), then nearer the point, then reading order (by index, the caller
   scans in that order, so a tie keeps the first). */
typedef struct candidate {
    int32_t cell;
    double prob;
    int marked;      /* flagged or marked: clearing costs moves */
    int64_t dist;
} candidate;

static int better(const candidate *a, const candidate *b)
{
    if (fabs(a->prob - b->prob) > SAME_PROB || (a->prob == 0) != (b->prob == 0))
        return a->prob < b->prob;
    if (a->marked != b->marked)
        return a->marked < b->marked;
    return a->dist < b->dist;
}

static int64_t distance(int32_t cell, int32_t width, int32_t nx, int32_t ny)
{
    if (nx < 0)
        return 0;
    int64_t dx = cell % width - nx, dy = cell / width - ny;
    return dx * dx + dy * dy;
}

/* The best unknown cell of the analysed position; -1 when none. */
static int32_t best_cell(const hinter *h, int32_t nx, int32_t ny)
{
    candidate best = {.cell = -1};
    for (int32_t i = 0; i < h->width * h->height; i++) {
        if (!sapper_cell_is_unknown(h->cells[i]))
            continue;
        candidate c = {.cell = i, .prob = h->result.prob[i],
                       .marked = h->cells[i] != SAPPER_CELL_HIDDEN,
                       .dist = distance(i, h->width, nx, ny)};
        if (best.cell < 0 || better(&c, &best))
            best = c;
    }
    return best.cell;
}

/* Before the first click of rules whose first_click parameter is safe or
   opening, every cell is safe: the rules draw the mines around it (the
   solver, which knows only the view, would give every cell the density).
   Rules without that parameter promise nothing. */
static int first_click_safe(const hinter *h, sapper_match *m)
{
    for (int32_t i = 0; i < h->width * h->height; i++)
        if (!sapper_cell_is_unknown(h->cells[i]))
            return 0;
    sapper_params p = sapper_param_set_view(
        &sapper_match_setup(m)->rules_params);
    const char *fc = sapper_param(&p, "first_click");
    return fc && (strcmp(fc, "safe") == 0 || strcmp(fc, "opening") == 0);
}

int hinter_pick(hinter *h, sapper_match *m, int32_t seat, int32_t near_x,
                int32_t near_y, hint *out, char *err, size_t errcap)
{
    const sapper_mines_result *r = hinter_analyze(h, m, seat, err, errcap);
    if (!r)
        return -1;
    if (sapper_match_to_move(m) == SAPPER_TERMINAL) {
        snprintf(err, errcap, "the game is over");
        return -1;
    }
    if (!r->consistent) {
        snprintf(err, errcap, "no layout of the mines fits this board");
        return -1;
    }
    int32_t cell = best_cell(h, near_x, near_y);
    if (cell < 0) {
        snprintf(err, errcap, "no hidden cell left");
        return -1;
    }
    int promised = first_click_safe(h, m);
    *out = (hint){.x = cell % h->width, .y = cell / h->width,
                  .width = h->width, .height = h->height,
                  .safe = promised || r->prob[cell] == 0.0,
                  .approximate = r->approximate && !promised,
                  .prob = promised ? 0.0 : r->prob[cell],
                  .code = h->cells[cell]};
    return 0;
}

int hint_actions(const hint *hn, int64_t out[3])
{
    int n = 0;
    /* the flag cycle: flagged -> marked -> hidden */
    int cycles = hn->code == SAPPER_CELL_FLAGGED ? 2
               : hn->code == SAPPER_CELL_MARKED  ? 1 : 0;
    for (int i = 0; i < cycles; i++)
        out[n++] = sapper_mines_action(SAPPER_MINES_FLAG, hn->x, hn->y,
                                       hn->width, hn->height);
    out[n++] = sapper_mines_action(SAPPER_MINES_REVEAL, hn->x, hn->y,
                                   hn->width, hn->height);
    return n;
}
