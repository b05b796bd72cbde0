/*
 * test_solver.c - unit tests of the exact probability and deduction engine
 * (core/mines/solver.h). The reference is a brute force written here: a
 * depth-first walk over the unknown cells, one cell at a time, that counts
 * every placement of the remaining mines agreeing with the numbers (no
 * boxes, no components, no tilting: nothing shared with the engine).
 * Random small positions come from real layouts (random mines, a random
 * subset of safe cells revealed, random flags and marks that must not be
 * trusted, some exposed or claimed mines); classic patterns and edge
 * cases are written out as text. The brute-force tests run twice: with
 * the solver as shipped (depth-first search, the frontier dynamic
 * programming for hard components) and with the frontier method forced on
 * every component.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "solver.h"
#include "solver_internal.h" /* search_first: to force one counting method */

#define MAX_CELLS 64
#define EPS 1e-9

/* ---- positions from text ------------------------------------------- */

/* '?' hidden, 'F' flagged, 'M' marked, '0'-'8' revealed, '*' exposed mine,
   'a'/'b' claimed by seat 0/1. Rows follow each other without separators. */
static sapper_mines_position text_position(const char *text, int32_t w,
                                           int32_t h, int32_t mines,
                                           uint8_t *cells)
{
    assert_int_equal((int32_t)strlen(text), w * h);
    for (int32_t i = 0; i < w * h; i++) {
        char ch = text[i];
        cells[i] = ch == '?'   ? SAPPER_CELL_HIDDEN
                   : ch == 'F' ? SAPPER_CELL_FLAGGED
                   : ch == 'M' ? SAPPER_CELL_MARKED
                   : ch == '*' ? SAPPER_CELL_MINE
                   : ch == 'a' ? SAPPER_CELL_CLAIMED
                   : ch == 'b' ? SAPPER_CELL_CLAIMED + 1
                               : (uint8_t)(ch - '0');
    }
    return (sapper_mines_position){w, h, mines, 0, cells};
}

static int is_unknown(uint8_t c)
{
    return sapper_cell_is_unknown(c);
}

/* ---- the brute force ------------------------------------------------ */

typedef struct brute {
    const sapper_mines_position *pos;
    int32_t unknown[MAX_CELLS], n;   /* unknown cells in index order     */
    int32_t last[MAX_CELLS];         /* per cell: the number checked when
                                        this unknown cell is assigned    */
    int32_t check[MAX_CELLS][9], ncheck[MAX_CELLS];
    uint8_t mine[MAX_CELLS];         /* per cell: current assignment     */
    int32_t need;                    /* R                                */
    double total, count[MAX_CELLS];  /* layouts; per cell: with a mine   */
} brute;

static int32_t around(const sapper_mines_position *p, int32_t cell,
                      int32_t out[8])
{
    int32_t x = cell % p->width, y = cell / p->width, n = 0;
    for (int32_t dy = -1; dy <= 1; dy++)
        for (int32_t dx = -1; dx <= 1; dx++) {
            int32_t xx = x + dx, yy = y + dy;
            if ((dx || dy) && xx >= 0 && yy >= 0 && xx < p->width &&
                yy < p->height)
                out[n++] = yy * p->width + xx;
        }
    return n;
}

static int known_mine(uint8_t c)
{
    return c == SAPPER_CELL_MINE || c >= SAPPER_CELL_CLAIMED;
}

/* Does number `cell` see exactly its count, given the assignment? */
static int number_holds(const brute *b, int32_t cell)
{
    int32_t nb[8], n = around(b->pos, cell, nb), mines = 0;
    for (int32_t i = 0; i < n; i++)
        mines += known_mine(b->pos->cells[nb[i]]) || b->mine[nb[i]];
    return mines == b->pos->cells[cell];
}

static void brute_walk(brute *b, int32_t i, int32_t placed)
{
    if (placed > b->need || placed + (b->n - i) < b->need)
        return;
    if (i == b->n) {
        b->total += 1;
        for (int32_t j = 0; j < b->n; j++)
            b->count[b->unknown[j]] += b->mine[b->unknown[j]];
        return;
    }
    int32_t cell = b->unknown[i];
    for (uint8_t v = 0; v <= 1; v++) {
        int ok = 1;
        b->mine[cell] = v;
        for (int32_t k = 0; k < b->ncheck[cell] && ok; k++)
            ok = number_holds(b, b->check[cell][k]);
        if (ok)
            brute_walk(b, i + 1, placed + v);
    }
    b->mine[cell] = 0;
}

static void brute_force(const sapper_mines_position *p, brute *b)
{
    int32_t cells = p->width * p->height, known = 0;
    memset(b, 0, sizeof *b);
    b->pos = p;
    assert_true(cells <= MAX_CELLS);
    for (int32_t i = 0; i < cells; i++) {
        known += known_mine(p->cells[i]);
        if (is_unknown(p->cells[i]))
            b->unknown[b->n++] = i;
    }
    b->need = p->mines - known;
    int ok = 1;
    for (int32_t i = 0; i < cells; i++) {
        if (p->cells[i] > 8)
            continue;
        int32_t nb[8], n = around(p, i, nb), lastcell = -1;
        for (int32_t k = 0; k < n; k++)
            if (is_unknown(p->cells[nb[k]]) && nb[k] > lastcell)
                lastcell = nb[k];
        if (lastcell < 0)
            ok &= number_holds(b, i);
        else
            b->check[lastcell][b->ncheck[lastcell]++] = i;
    }
    if (ok)
        brute_walk(b, 0, 0);
}

/* ---- random positions ---------------------------------------------- */

/* A w x h board (w in 2..maxw, h in 1..maxh, at most `most` cells) with
   up to `density` of its cells mined and each safe cell revealed with a
   probability drawn from [reveal, reveal + 0.6). */
typedef struct shape {
    int32_t maxw, maxh, most;
    double density, reveal;
} shape;

static const shape SMALL = {6, 5, 25, 0.5, 0.2};
static const shape STRIP = {40, 2, 48, 0.3, 0.05};

static sapper_mines_position random_position(sapper_rng *r, uint8_t *cells,
                                             int perturb, shape sh)
{
    int32_t w = 2 + (int32_t)sapper_rng_below(r, (uint64_t)sh.maxw - 1);
    int32_t h = 1 + (int32_t)sapper_rng_below(r, (uint64_t)sh.maxh);
    if (w * h > sh.most)
        h = sh.most / w;
    int32_t n = w * h;
    int32_t mines =
        (int32_t)sapper_rng_below(r, (uint64_t)(n * sh.density) + 1);
    uint8_t mine[MAX_CELLS] = {0};
    for (int32_t placed = 0; placed < mines;) {
        int32_t c = (int32_t)sapper_rng_below(r, (uint64_t)n);
        placed += !mine[c];
        mine[c] = 1;
    }
    double reveal = sh.reveal + 0.6 * sapper_rng_unit(r);
    sapper_mines_position p = {w, h, mines, 0, cells};
    for (int32_t i = 0; i < n; i++) {
        int32_t nb[8], k = around(&p, i, nb), count = 0;
        for (int32_t j = 0; j < k; j++)
            count += mine[nb[j]];
        double u = sapper_rng_unit(r);
        if (mine[i])
            cells[i] = u < 0.1   ? SAPPER_CELL_MINE
                       : u < 0.15 ? SAPPER_CELL_CLAIMED + 1
                       : u < 0.3  ? SAPPER_CELL_FLAGGED
                                  : SAPPER_CELL_HIDDEN;
        else if (u < reveal)
            cells[i] = (uint8_t)count;
        else
            cells[i] = u < reveal + 0.05 ? SAPPER_CELL_FLAGGED /* wrong flag */
                       : u < reveal + 0.1 ? SAPPER_CELL_MARKED
                                          : SAPPER_CELL_HIDDEN;
    }
    if (perturb) {
        int32_t c = (int32_t)sapper_rng_below(r, (uint64_t)n);
        if (cells[c] <= 8)
            cells[c] = (uint8_t)sapper_rng_below(r, 9);
        else
            p.mines += (int32_t)sapper_rng_below(r, 3) - 1;
        if (p.mines < 0)
            p.mines = 0;
    }
    return p;
}

/* Checks every unknown cell's probability (and certainty) against b. */
static void expect_brute(const sapper_mines_result *res, const brute *b)
{
    assert_int_equal(res->consistent, b->total > 0);
    assert_int_equal(res->approximate, 0);
    if (b->total == 0)
        return;
    assert_true(fabs(res->layouts_log2 - log2(b->total)) < 1e-9);
    double sum = 0;
    for (int32_t j = 0; j < b->n; j++) {
        int32_t c = b->unknown[j];
        double want = b->count[c] / b->total;
        if (fabs(res->prob[c] - want) > EPS)
            fail_msg("cell %d: engine %.12f, brute force %.12f", c,
                     res->prob[c], want);
        assert_int_equal(res->prob[c] == 0.0, b->count[c] == 0);
        assert_int_equal(res->prob[c] == 1.0, b->count[c] == b->total);
        sum += res->prob[c];
    }
    assert_true(fabs(sum - b->need) < 1e-9);
}

/* ---- fixtures ------------------------------------------------------- */

static int make_solver(void **state)
{
    *state = sapper_mines_solver_new(8, 8);
    return *state ? 0 : -1;
}

/* A solver that counts every component by frontier dynamic programming. */
static int make_frontier_solver(void **state)
{
    sapper_mines_solver *s = sapper_mines_solver_new(8, 8);
    if (s)
        s->search_first = 0;
    *state = s;
    return s ? 0 : -1;
}

static int free_solver(void **state)
{
    sapper_mines_solver_free(*state);
    return 0;
}

static const sapper_mines_result *analyze(void **state,
                                          const sapper_mines_position *p)
{
    static sapper_mines_result res;
    assert_int_equal(sapper_mines_analyze(*state, p, NULL, &res), SAPPER_OK);
    return &res;
}

static sapper_mines_deduction deduce(void **state,
                                     const sapper_mines_position *p,
                                     int32_t mode)
{
    sapper_mines_deduction d;
    assert_int_equal(sapper_mines_deduce(*state, p, mode, NULL, &d),
                     SAPPER_OK);
    return d;
}

static int listed(const int32_t *list, int32_t n, int32_t cell)
{
    for (int32_t i = 0; i < n; i++)
        if (list[i] == cell)
            return 1;
    return 0;
}

/* ---- agreement with the brute force --------------------------------- */

static void test_probabilities_match_brute_force_on_random_small_boards(
    void **state)
{
    sapper_rng r;
    sapper_rng_seed(&r, 20261130);
    int consistent = 0;
    for (int i = 0; i < 400; i++) {
        uint8_t cells[MAX_CELLS];
        sapper_mines_position p = random_position(&r, cells, 0, SMALL);
        brute b;
        brute_force(&p, &b);
        expect_brute(analyze(state, &p), &b);
        consistent += b.total > 0;
    }
    assert_int_equal(consistent, 400); /* real layouts always fit */
}

/* Long thin boards: many components, each with several possible mine
   counts, and floating cells between them. */
static void test_probabilities_match_brute_force_on_long_strips(void **state)
{
    /* the brute force is the slow part: each position checks both the
       solver as shipped and one counting by frontier programming only */
    (void)state;
    sapper_mines_solver *s = sapper_mines_solver_new(40, 2);
    sapper_mines_solver *dp = sapper_mines_solver_new(40, 2);
    dp->search_first = 0;
    sapper_rng r;
    sapper_rng_seed(&r, 31337);
    int wide = 0;
    for (int i = 0; i < 300; i++) {
        uint8_t cells[MAX_CELLS];
        sapper_mines_position p = random_position(&r, cells, 0, STRIP);
        brute b;
        brute_force(&p, &b);
        sapper_mines_result res;
        assert_int_equal(sapper_mines_analyze(dp, &p, NULL, &res), SAPPER_OK);
        expect_brute(&res, &b);
        assert_int_equal(sapper_mines_analyze(s, &p, NULL, &res), SAPPER_OK);
        expect_brute(&res, &b);
        wide += res.components >= 2 && res.floating > 0;
    }
    assert_true(wide > 20);
    sapper_mines_solver_free(s);
    sapper_mines_solver_free(dp);
}

/* "?1?1?" holds 1 mine (the middle) or 2 (the ends). k copies with a
   floating cell after each have k + 1 possible frontier totals; every M
   from k to 3k is checked against the brute force. */
static void test_wide_range_of_frontier_totals_matches_brute_force(
    void **state)
{
    for (int32_t k = 1; k <= 7; k++) {
        uint8_t cells[MAX_CELLS];
        char text[MAX_CELLS + 1] = "";
        for (int32_t i = 0; i < k; i++)
            strcat(text, "?1?1??");
        for (int32_t m = k; m <= 3 * k; m++) {
            sapper_mines_position p = text_position(text, 6 * k, 1, m, cells);
            brute b;
            brute_force(&p, &b);
            const sapper_mines_result *res = analyze(state, &p);
            expect_brute(res, &b);
            assert_int_equal(res->components, k);
        }
    }
}

static void test_perturbed_positions_match_brute_force_consistent_or_not(
    void **state)
{
    sapper_rng r;
    sapper_rng_seed(&r, 77);
    int inconsistent = 0, missed_by_rules = 0;
    for (int i = 0; i < 400; i++) {
        uint8_t cells[MAX_CELLS];
        sapper_mines_position p = random_position(&r, cells, 1, SMALL);
        brute b;
        brute_force(&p, &b);
        expect_brute(analyze(state, &p), &b);
        inconsistent += b.total == 0;
        if (b.total == 0)
            missed_by_rules += deduce(state, &p, SAPPER_MINES_DEDUCE_FAST)
                                   .consistent;
    }
    assert_true(inconsistent > 20); /* the test saw both kinds */
    assert_true(missed_by_rules > 0); /* and some only the count exposes */
}

static void test_deduce_all_lists_exactly_the_brute_force_certain_cells(
    void **state)
{
    sapper_rng r;
    sapper_rng_seed(&r, 4242);
    for (int i = 0; i < 300; i++) {
        uint8_t cells[MAX_CELLS];
        sapper_mines_position p = random_position(&r, cells, i % 3 == 0, SMALL);
        brute b;
        brute_force(&p, &b);
        sapper_mines_deduction d = deduce(state, &p, SAPPER_MINES_DEDUCE_ALL);
        assert_int_equal(d.consistent, b.total > 0);
        if (b.total == 0) {
            assert_int_equal(d.safe_count + d.mine_count, 0);
            continue;
        }
        assert_int_equal(d.complete, 1);
        for (int32_t j = 0; j < b.n; j++) {
            int32_t c = b.unknown[j];
            assert_int_equal(listed(d.safe, d.safe_count, c),
                             b.count[c] == 0);
            assert_int_equal(listed(d.mines, d.mine_count, c),
                             b.count[c] == b.total);
        }
    }
}

static void test_deductions_are_sound_and_complete_mode_finds_any_safe_cell(
    void **state)
{
    sapper_rng r;
    sapper_rng_seed(&r, 99);
    for (int i = 0; i < 300; i++) {
        uint8_t cells[MAX_CELLS];
        sapper_mines_position p = random_position(&r, cells, 0, SMALL);
        brute b;
        brute_force(&p, &b);
        int any_safe = 0;
        for (int32_t j = 0; j < b.n; j++)
            any_safe |= b.count[b.unknown[j]] == 0;
        for (int32_t mode = 0; mode <= 1; mode++) {
            sapper_mines_deduction d = deduce(state, &p, mode);
            for (int32_t k = 0; k < d.safe_count; k++)
                assert_true(b.count[d.safe[k]] == 0);
            for (int32_t k = 0; k < d.mine_count; k++)
                assert_true(b.count[d.mines[k]] == b.total);
            if (mode == SAPPER_MINES_DEDUCE_COMPLETE)
                assert_int_equal(d.safe_count > 0, any_safe);
        }
    }
}

/* ---- classic patterns ------------------------------------------------ */

/* 1 2 1 along a wall over a hidden row: the 2's outer neighbours (under
   the 1s) are mines, the cell under the 2 is safe. */
static void test_one_two_one_outer_cells_are_mines_middle_safe(void **state)
{
    uint8_t cells[MAX_CELLS];
    sapper_mines_position p = text_position("121"
                                            "???",
                                            3, 2, 2, cells);
    const sapper_mines_result *res = analyze(state, &p);
    assert_true(res->consistent);
    assert_true(res->prob[3] == 1.0);
    assert_true(res->prob[4] == 0.0);
    assert_true(res->prob[5] == 1.0);
    sapper_mines_deduction d = deduce(state, &p, SAPPER_MINES_DEDUCE_FAST);
    assert_int_equal(d.enumerated, 0);
    assert_int_equal(d.mine_count, 2);
    assert_int_equal(d.mines[0], 3);
    assert_int_equal(d.mines[1], 5);
    assert_int_equal(d.safe_count, 1);
    assert_int_equal(d.safe[0], 4);
}

/* 1 2 2 1 along a wall: the two cells under the 2s are the mines. */
static void test_one_two_two_one_middle_cells_are_mines(void **state)
{
    uint8_t cells[MAX_CELLS];
    sapper_mines_position p = text_position("1221"
                                            "????",
                                            4, 2, 2, cells);
    const sapper_mines_result *res = analyze(state, &p);
    for (int32_t x = 0; x < 4; x++)
        assert_true(res->prob[4 + x] == (x == 1 || x == 2 ? 1.0 : 0.0));
    sapper_mines_deduction d = deduce(state, &p, SAPPER_MINES_DEDUCE_FAST);
    assert_int_equal(d.mine_count, 2);
    assert_int_equal(d.safe_count, 2);
}

/* A lone 1 in a corner with one mine on the board: its three neighbours
   share the mine and every other cell is safe (global count). */
static void test_corner_one_shares_its_mine_and_the_rest_is_safe(void **state)
{
    uint8_t cells[MAX_CELLS];
    sapper_mines_position p = text_position("1??"
                                            "???"
                                            "???",
                                            3, 3, 1, cells);
    const sapper_mines_result *res = analyze(state, &p);
    for (int32_t i = 1; i < 9; i++) {
        double want = (i == 1 || i == 3 || i == 4) ? 1.0 / 3 : 0.0;
        assert_true(fabs(res->prob[i] - want) < EPS);
    }
    assert_int_equal(res->safe, 5);
    assert_true(fabs(res->layouts_log2 - log2(3)) < EPS);
}

/* One number in a sea of unknown cells: P(neighbour) = n / k and
   P(floating) = (R - n) / n_f, with C(k, n) C(n_f, R - n) layouts. */
static void test_many_unconstrained_cells_get_the_remaining_density(
    void **state)
{
    sapper_mines_solver *s = sapper_mines_solver_new(30, 16);
    uint8_t cells[30 * 16];
    memset(cells, SAPPER_CELL_HIDDEN, sizeof cells);
    cells[5 * 30 + 7] = 3;
    sapper_mines_position p = {30, 16, 99, 0, cells};
    sapper_mines_result res;
    assert_int_equal(sapper_mines_analyze(s, &p, NULL, &res), SAPPER_OK);
    int32_t nf = 30 * 16 - 9;
    assert_int_equal(res.frontier, 8);
    assert_int_equal(res.floating, nf);
    assert_int_equal(res.components, 1);
    assert_true(fabs(res.prob[4 * 30 + 6] - 3.0 / 8) < EPS);
    assert_true(fabs(res.prob[0] - 96.0 / nf) < EPS);
    double want = log2(56.0) +
                  (lgamma(nf + 1.0) - lgamma(97.0) - lgamma(nf - 95.0)) /
                      log(2.0);
    assert_true(fabs(res.layouts_log2 - want) < 1e-7);
    (void)state;
    sapper_mines_solver_free(s);
}

/* ---- the global count ----------------------------------------------- */

/* "? 1 ? 1 ?": the middle cell alone (1 mine) or the two ends (2 mines).
   Only the mine count decides, and no local rule sees it. */
static void test_global_count_decides_frontier_cells_rules_cannot(void **state)
{
    uint8_t cells[MAX_CELLS];
    sapper_mines_position p = text_position("?1?1?", 5, 1, 1, cells);
    sapper_mines_deduction d = deduce(state, &p, SAPPER_MINES_DEDUCE_FAST);
    assert_int_equal(d.safe_count + d.mine_count, 0);
    d = deduce(state, &p, SAPPER_MINES_DEDUCE_COMPLETE);
    assert_int_equal(d.enumerated, 1);
    assert_int_equal(d.complete, 1);
    assert_int_equal(d.safe_count, 2);
    assert_int_equal(d.safe[0], 0);
    assert_int_equal(d.safe[1], 4);
    assert_int_equal(d.mine_count, 1);
    assert_int_equal(d.mines[0], 2);
    p.mines = 2;
    const sapper_mines_result *res = analyze(state, &p);
    assert_true(res->prob[0] == 1.0 && res->prob[4] == 1.0);
    assert_true(res->prob[2] == 0.0);
}

/* Two corners, each a 1 1 whose mine is one of two cells (a 50/50), need
   2 mines between them; with exactly 2 on the board the two cells in the
   middle, next to no number, are safe. With 3, they share the third. */
static void test_global_count_makes_floating_cells_safe(void **state)
{
    uint8_t cells[MAX_CELLS];
    sapper_mines_position p = text_position("11???11"
                                            "???????",
                                            7, 2, 2, cells);
    sapper_mines_deduction d = deduce(state, &p, SAPPER_MINES_DEDUCE_FAST);
    assert_false(listed(d.safe, d.safe_count, 3));
    const sapper_mines_result *res = analyze(state, &p);
    assert_true(res->consistent);
    assert_int_equal(res->floating, 2);
    assert_int_equal(res->components, 2);
    assert_true(res->prob[3] == 0.0 && res->prob[7 + 3] == 0.0);
    assert_true(fabs(res->prob[7] - 0.5) < EPS);
    p.mines = 3;
    res = analyze(state, &p);
    assert_true(fabs(res->prob[3] - 0.5) < EPS);
    assert_true(fabs(res->prob[7] - 0.5) < EPS);
    assert_true(fabs(res->layouts_log2 - 3) < EPS);
}

/* ---- inconsistency --------------------------------------------------- */

static void expect_inconsistent(void **state, const sapper_mines_position *p)
{
    const sapper_mines_result *res = analyze(state, p);
    assert_int_equal(res->consistent, 0);
    assert_true(isinf(res->layouts_log2) && res->layouts_log2 < 0);
    for (int32_t i = 0; i < p->width * p->height; i++)
        assert_true(res->prob[i] >= 0.0 && res->prob[i] <= 1.0);
    sapper_mines_deduction d = deduce(state, p, SAPPER_MINES_DEDUCE_ALL);
    assert_int_equal(d.consistent, 0);
    assert_int_equal(d.safe_count + d.mine_count, 0);
}

static void test_inconsistent_positions_are_reported(void **state)
{
    uint8_t cells[MAX_CELLS];
    sapper_mines_position p = text_position("10??", 4, 1, 1, cells);
    expect_inconsistent(state, &p);        /* a 1 with no unknown neighbour */
    p = text_position("?3??", 4, 1, 2, cells);
    expect_inconsistent(state, &p);        /* a 3 over two cells            */
    p = text_position("*1??", 4, 1, 0, cells);
    expect_inconsistent(state, &p);        /* M below the known mines       */
    p = text_position("?0??", 4, 1, 4, cells);
    expect_inconsistent(state, &p);        /* M above the unknown cells     */
    p = text_position("1??1", 4, 1, 1, cells);
    expect_inconsistent(state, &p);        /* the numbers need 2, M is 1    */
    p = text_position("?1?1?", 5, 1, 0, cells);
    expect_inconsistent(state, &p);        /* the numbers need 1, M is 0    */
    p = text_position("11???11"
                      "???????",
                      7, 2, 1, cells);
    sapper_mines_deduction d = deduce(state, &p, SAPPER_MINES_DEDUCE_FAST);
    assert_int_equal(d.consistent, 1);     /* no rule sees this one...      */
    expect_inconsistent(state, &p);        /* ...the count does             */
}

/* ---- scattered Expert positions (issue 17) ---------------------------- */

/* Expert 30x16/99 with 40-80 random safe cells revealed one by one, no
   flood, as bench/bench_analyze.c makes them: wide tangled frontiers. */
static sapper_mines_position scattered_expert(sapper_rng *r, uint8_t *cells)
{
    uint8_t mine[480] = {0};
    int32_t order[480];
    for (int32_t c = 0; c < 480; c++)
        order[c] = c;
    for (int32_t c = 479; c > 0; c--) {
        int32_t j = (int32_t)sapper_rng_below(r, (uint64_t)c + 1);
        int32_t t = order[c];
        order[c] = order[j];
        order[j] = t;
    }
    for (int32_t m = 0; m < 99; m++)
        mine[order[m]] = 1;
    sapper_mines_position p = {30, 16, 99, 0, cells};
    memset(cells, SAPPER_CELL_HIDDEN, 480);
    int32_t reveal = 40 + (int32_t)sapper_rng_below(r, 41);
    for (int32_t k = 0; k < reveal; k++) {
        int32_t c = order[99 + k], nb[8], n = around(&p, c, nb), count = 0;
        for (int32_t j = 0; j < n; j++)
            count += mine[nb[j]];
        cells[c] = (uint8_t)count;
    }
    return p;
}

/* The two counting methods give the same answer wherever depth-first
   search can finish: same certain cells, probabilities within 1e-9. */
static void test_frontier_counting_agrees_with_search_on_scattered_positions(
    void **state)
{
    (void)state;
    sapper_mines_solver *dfs = sapper_mines_solver_new(30, 16);
    sapper_mines_solver *dp = sapper_mines_solver_new(30, 16);
    sapper_mines_budget big = {INT64_C(1) << 20, INT64_C(1) << 22};
    dfs->search_first = INT64_MAX;
    dp->search_first = 0;
    sapper_rng r;
    sapper_rng_seed(&r, 17);
    int compared = 0;
    for (int i = 0; i < 60; i++) {
        uint8_t cells[480];
        sapper_mines_position p = scattered_expert(&r, cells);
        sapper_mines_result a, b;
        assert_int_equal(sapper_mines_analyze(dfs, &p, &big, &a), SAPPER_OK);
        if (a.approximate)
            continue; /* too hard for the search: nothing to compare */
        assert_int_equal(sapper_mines_analyze(dp, &p, &big, &b), SAPPER_OK);
        assert_int_equal(b.approximate, 0);
        assert_true(fabs(a.layouts_log2 - b.layouts_log2) < 1e-9);
        for (int32_t c = 0; c < 480; c++) {
            if (fabs(a.prob[c] - b.prob[c]) > 1e-9)
                fail_msg("position %d cell %d: search %.12f, frontier %.12f",
                         i, c, a.prob[c], b.prob[c]);
            assert_int_equal(a.prob[c] == 0.0, b.prob[c] == 0.0);
            assert_int_equal(a.prob[c] == 1.0, b.prob[c] == 1.0);
        }
        compared++;
    }
    assert_true(compared > 40);
    sapper_mines_solver_free(dfs);
    sapper_mines_solver_free(dp);
}

/* The cliff: depth-first search alone left about one such position in
   eight approximate at the default budget (off by up to 0.68). */
static void test_scattered_positions_are_exact_within_the_default_budget(
    void **state)
{
    (void)state;
    sapper_mines_solver *s = sapper_mines_solver_new(30, 16);
    sapper_rng r;
    sapper_rng_seed(&r, 2026);
    for (int i = 0; i < 300; i++) {
        uint8_t cells[480];
        sapper_mines_position p = scattered_expert(&r, cells);
        sapper_mines_result res;
        assert_int_equal(sapper_mines_analyze(s, &p, NULL, &res), SAPPER_OK);
        if (res.approximate)
            fail_msg("position %d: approximate after %lld nodes", i,
                     (long long)res.nodes);
        assert_int_equal(res.consistent, 1);
    }
    sapper_mines_solver_free(s);
}

/* ---- budgets ----------------------------------------------------------- */

static void test_tiny_budget_gives_sound_approximate_answer(void **state)
{
    (void)state;
    sapper_mines_solver *s = sapper_mines_solver_new(30, 16);
    sapper_board b;
    sapper_rng r;
    sapper_rng_seed(&r, 5);
    assert_int_equal(sapper_board_init(&b, 30, 16, 99), SAPPER_OK);
    int32_t keep[9], nkeep = 0;
    for (int32_t dy = -1; dy <= 1; dy++)
        for (int32_t dx = -1; dx <= 1; dx++)
            keep[nkeep++] = (8 + dy) * 30 + 15 + dx;
    assert_int_equal(sapper_board_place_mines(&b, &r, keep, nkeep), SAPPER_OK);
    sapper_board_reveal(&b, 8 * 30 + 15);
    uint8_t cells[30 * 16];
    for (int32_t i = 0; i < 480; i++)
        cells[i] = sapper_board_code(&b, i, SAPPER_BOARD_SHOW_PLAYER);
    sapper_mines_position p = {30, 16, 99, 0, cells};
    sapper_mines_result exact;
    assert_int_equal(sapper_mines_analyze(s, &p, NULL, &exact), SAPPER_OK);
    assert_int_equal(exact.approximate, 0);
    double want[480];
    memcpy(want, exact.prob, sizeof want);
    sapper_mines_budget tiny = {1, 1};
    sapper_mines_result res;
    assert_int_equal(sapper_mines_analyze(s, &p, &tiny, &res), SAPPER_OK);
    assert_int_equal(res.approximate, 1);
    assert_true(res.abandoned > 0);
    assert_true(res.consistent);
    double sum = 0;
    for (int32_t i = 0; i < 480; i++) {
        assert_true(res.prob[i] >= 0.0 && res.prob[i] <= 1.0);
        if (res.prob[i] == 0.0 || res.prob[i] == 1.0)
            assert_true(res.prob[i] == want[i]); /* certain stays true */
        if (res.kind[i] >= SAPPER_MINES_KIND_FRONTIER)
            sum += res.prob[i];
        assert_true(res.kind[i] != SAPPER_MINES_KIND_REVEALED ||
                    !sapper_cell_is_unknown(cells[i]));
    }
    assert_true(fabs(sum - 99) < 1e-6);
    assert_true(res.layouts_log2 >= exact.layouts_log2 - 1e-9);
    /* the rule stage's certain cells survive the budget */
    sapper_mines_deduction fast;
    assert_int_equal(sapper_mines_deduce(s, &p, SAPPER_MINES_DEDUCE_FAST,
                                         NULL, &fast), SAPPER_OK);
    int32_t nsafe = fast.safe_count, nmine = fast.mine_count;
    int32_t safe[480], mine[480];
    memcpy(safe, fast.safe, (size_t)nsafe * sizeof *safe);
    memcpy(mine, fast.mines, (size_t)nmine * sizeof *mine);
    assert_int_equal(sapper_mines_analyze(s, &p, &tiny, &res), SAPPER_OK);
    for (int32_t i = 0; i < nsafe; i++)
        assert_true(res.prob[safe[i]] == 0.0);
    for (int32_t i = 0; i < nmine; i++)
        assert_true(res.prob[mine[i]] == 1.0);
    sapper_mines_deduction all;
    assert_int_equal(sapper_mines_deduce(s, &p, SAPPER_MINES_DEDUCE_ALL,
                                         &tiny, &all), SAPPER_OK);
    assert_int_equal(all.approximate, 1);
    assert_int_equal(all.complete, 0);
    assert_true(all.safe_count >= nsafe);
    sapper_board_free(&b);
    sapper_mines_solver_free(s);
}

/* ---- the rule stage ---------------------------------------------------- */

static void test_trivial_rule_finds_safe_and_mine_cells(void **state)
{
    uint8_t cells[MAX_CELLS];
    /* the 1s already have their mine: their other neighbours are safe */
    sapper_mines_position p = text_position("*1?"
                                            "11?"
                                            "???",
                                            3, 3, 1, cells);
    sapper_mines_deduction d = deduce(state, &p, SAPPER_MINES_DEDUCE_FAST);
    assert_int_equal(d.enumerated, 0);
    assert_true(listed(d.safe, d.safe_count, 2));
    assert_true(listed(d.safe, d.safe_count, 5));
    /* a 2 with two unknown neighbours: both mines */
    p = text_position("02?"
                      "02?"
                      "01?",
                      3, 3, 2, cells);
    d = deduce(state, &p, SAPPER_MINES_DEDUCE_FAST);
    assert_true(listed(d.mines, d.mine_count, 2));
    assert_true(listed(d.mines, d.mine_count, 5));
    assert_true(listed(d.safe, d.safe_count, 8));
}

/* A 1 over {a, b} next to a 1 over {a, b, c, d}: c and d are safe. A 1
   over {a, b} next to a 2 over {a, b, c}: c is a mine. No number alone
   decides anything in either position. */
static void test_subset_rule_finds_what_trivial_rules_cannot(void **state)
{
    uint8_t cells[MAX_CELLS];
    sapper_mines_position p = text_position("11?"
                                            "???",
                                            3, 2, 1, cells);
    sapper_mines_deduction d = deduce(state, &p, SAPPER_MINES_DEDUCE_FAST);
    assert_int_equal(d.enumerated, 0);
    assert_true(listed(d.safe, d.safe_count, 2));
    assert_true(listed(d.safe, d.safe_count, 5));
    p = text_position("121"
                      "???",
                      3, 2, 2, cells);
    d = deduce(state, &p, SAPPER_MINES_DEDUCE_FAST);
    assert_int_equal(d.enumerated, 0);
    assert_true(listed(d.mines, d.mine_count, 5));
}

/* Flags and marks are not trusted: a flag on a cell the numbers prove safe
   changes nothing. Exposed and claimed mines count in M and the numbers. */
static void test_flags_are_unknown_and_exposed_or_claimed_mines_are_known(
    void **state)
{
    uint8_t cells[MAX_CELLS];
    sapper_mines_position p = text_position("0F"
                                            "0M",
                                            2, 2, 0, cells);
    const sapper_mines_result *res = analyze(state, &p);
    assert_true(res->consistent);
    assert_true(res->prob[1] == 0.0 && res->prob[3] == 0.0);
    p = text_position("a1?"
                      "12?"
                      "??b",
                      3, 3, 2, cells);
    res = analyze(state, &p);
    assert_true(res->consistent);
    assert_int_equal(res->remaining, 0);
    assert_int_equal(res->unknown, 4);
    assert_int_equal(res->kind[0], SAPPER_MINES_KIND_MINE);
    assert_int_equal(res->kind[8], SAPPER_MINES_KIND_MINE);
    assert_true(res->prob[0] == 1.0 && res->prob[8] == 1.0);
    assert_true(res->prob[2] == 0.0 && res->prob[7] == 0.0);
}

/* ---- big boards ---------------------------------------------------------- */

static void test_large_board_probabilities_are_finite_and_sum_to_remaining(
    void **state)
{
    (void)state;
    sapper_mines_solver *s = sapper_mines_solver_new(100, 100);
    sapper_board b;
    sapper_rng r;
    sapper_rng_seed(&r, 100100);
    assert_int_equal(sapper_board_init(&b, 100, 100, 2000), SAPPER_OK);
    static int32_t keep[1600];
    int32_t nkeep = 0;
    for (int32_t y = 30; y < 70; y++)
        for (int32_t x = 30; x < 70; x++)
            keep[nkeep++] = y * 100 + x;
    assert_int_equal(sapper_board_place_mines(&b, &r, keep, nkeep), SAPPER_OK);
    sapper_board_reveal(&b, 50 * 100 + 50);
    for (int32_t i = 0; i < 10000; i += 997)
        if (!b.mine[i])
            sapper_board_reveal(&b, i);
    static uint8_t cells[10000];
    for (int32_t i = 0; i < 10000; i++)
        cells[i] = sapper_board_code(&b, i, SAPPER_BOARD_SHOW_PLAYER);
    sapper_mines_position p = {100, 100, 2000, 0, cells};
    sapper_mines_result res;
    assert_int_equal(sapper_mines_analyze(s, &p, NULL, &res), SAPPER_OK);
    assert_true(res.consistent);
    assert_int_equal(res.approximate, 0);
    assert_true(res.frontier > 100);
    double sum = 0;
    for (int32_t i = 0; i < 10000; i++) {
        assert_true(isfinite(res.prob[i]));
        assert_true(res.prob[i] >= 0.0 && res.prob[i] <= 1.0);
        if (res.kind[i] >= SAPPER_MINES_KIND_FRONTIER)
            sum += res.prob[i];
        if (b.mine[i]) /* the true layout is one of them */
            assert_true(res.prob[i] > 0.0);
        else
            assert_true(res.prob[i] < 1.0);
    }
    assert_true(fabs(sum - res.remaining) < 1e-6);
    assert_true(isfinite(res.layouts_log2) && res.layouts_log2 > 1000);
    sapper_board_free(&b);
    sapper_mines_solver_free(s);
}

static double log_choose(double n, double k)
{
    return lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1);
}

/* k copies of "?1?1??" then floating cells, on a 10000 x 1 board with 2000
   mines: each component holds 1 mine (its middle) or 2 (its ends), and
   with j of them holding 2, the board has C(k, j) C(n_f, R - k - j)
   layouts. The closed form, summed here in log space, must match. */
static void test_huge_counts_on_a_long_strip_match_the_closed_form(
    void **state)
{
    (void)state;
    enum { W = 10000, K = 50, R = 2000 };
    sapper_mines_solver *s = sapper_mines_solver_new(W, 1);
    static uint8_t cells[W];
    memset(cells, SAPPER_CELL_HIDDEN, sizeof cells);
    for (int32_t i = 0; i < K; i++)
        cells[6 * i + 1] = cells[6 * i + 3] = 1;
    int32_t nf = W - 3 * K - 2 * K; /* minus numbers and frontier cells */
    double lw[K + 1], top = -HUGE_VAL, z = 0, mid = 0, fl = 0;
    for (int32_t j = 0; j <= K; j++) {
        lw[j] = log_choose(nf, R - K - j);
        top = fmax(top, lw[j] + log_choose(K, j));
    }
    for (int32_t j = 0; j <= K; j++) {
        z += exp(lw[j] + log_choose(K, j) - top);
        if (j < K)
            mid += exp(lw[j] + log_choose(K - 1, j) - top);
        fl += exp(lw[j] + log_choose(K, j) - top) * (R - K - j);
    }
    sapper_mines_position p = {W, 1, R, 0, cells};
    sapper_mines_result res;
    assert_int_equal(sapper_mines_analyze(s, &p, NULL, &res), SAPPER_OK);
    assert_int_equal(res.approximate, 0);
    assert_int_equal(res.components, K);
    assert_int_equal(res.floating, nf);
    for (int32_t i = 0; i < K; i++) {
        assert_true(fabs(res.prob[6 * i + 2] - mid / z) < 1e-9);
        assert_true(fabs(res.prob[6 * i] - (1 - mid / z)) < 1e-9);
    }
    assert_true(fabs(res.prob[W - 1] - fl / z / nf) < 1e-9);
    double log2_layouts = (top + log(z)) / log(2.0);
    assert_true(fabs(res.layouts_log2 - log2_layouts) < 1e-9 * log2_layouts);
    sapper_mines_solver_free(s);
}

/* ---- arguments and views ----------------------------------------------- */

static void test_bad_arguments_are_refused(void **state)
{
    uint8_t cells[100];
    sapper_mines_result res;
    sapper_mines_deduction d;
    sapper_mines_position p = text_position("1?", 2, 1, 1, cells);
    assert_int_equal(sapper_mines_analyze(*state, NULL, NULL, &res),
                     SAPPER_ERR_PARAM);
    assert_int_equal(sapper_mines_analyze(*state, &p, NULL, NULL),
                     SAPPER_ERR_PARAM);
    assert_int_equal(sapper_mines_deduce(*state, &p, 3, NULL, &d),
                     SAPPER_ERR_PARAM);
    p.mines = -1;
    assert_int_equal(sapper_mines_analyze(*state, &p, NULL, &res),
                     SAPPER_ERR_PARAM);
    p.mines = 1;
    cells[0] = 13;
    assert_int_equal(sapper_mines_analyze(*state, &p, NULL, &res),
                     SAPPER_ERR_PARAM);
    cells[0] = 9 + 0; /* HIDDEN is fine */
    assert_int_equal(sapper_mines_analyze(*state, &p, NULL, &res), SAPPER_OK);
    memset(cells, SAPPER_CELL_HIDDEN, sizeof cells);
    sapper_mines_position big = {10, 10, 1, 0, cells}; /* solver is 8x8 */
    assert_int_equal(sapper_mines_analyze(*state, &big, NULL, &res),
                     SAPPER_ERR_PARAM);
    assert_null(sapper_mines_solver_new(0, 5));
    assert_null(sapper_mines_solver_new(2000, 2000));
}

static void test_position_from_view_points_into_the_view(void **state)
{
    (void)state;
    size_t size = sapper_mines_view_size(3, 2);
    sapper_mines_view *v = calloc(1, size);
    v->struct_size = sizeof *v;
    v->width = 3;
    v->height = 2;
    v->mines = 2;
    memset(v->cells, SAPPER_CELL_HIDDEN, 6);
    sapper_mines_position p;
    assert_int_equal(sapper_mines_position_from_view(v, size, &p), SAPPER_OK);
    assert_int_equal(p.width, 3);
    assert_int_equal(p.height, 2);
    assert_int_equal(p.mines, 2);
    assert_ptr_equal(p.cells, v->cells);
    assert_int_equal(sapper_mines_position_from_view(v, size - 1, &p),
                     SAPPER_ERR_PARAM);
    free(v);
}

/* ---- a solver remembers what it read (seen.c, carry.c) -------------- */

/* What a fresh solver answers about p, against `kept`'s answer: the same
   lists and the same probabilities, bit for bit, for a position some
   layout fits; for one none fits, both say so. */
static void expect_as_fresh(sapper_mines_solver *kept,
                            const sapper_mines_position *p, int32_t mode)
{
    sapper_mines_solver *fresh = sapper_mines_solver_new(16, 16);
    sapper_mines_deduction dk, df;
    sapper_mines_result rk, rf;
    assert_non_null(fresh);
    assert_int_equal(sapper_mines_deduce(fresh, p, mode, NULL, &df), SAPPER_OK);
    assert_int_equal(sapper_mines_deduce(kept, p, mode, NULL, &dk), SAPPER_OK);
    assert_int_equal(sapper_mines_analyze(fresh, p, NULL, &rf), SAPPER_OK);
    assert_int_equal(sapper_mines_analyze(kept, p, NULL, &rk), SAPPER_OK);
    assert_int_equal(rk.consistent, rf.consistent);
    if (rf.consistent) {
        /* df's lists were overwritten by the analysis: deduce again */
        assert_int_equal(sapper_mines_deduce(fresh, p, mode, NULL, &df), SAPPER_OK);
        assert_int_equal(sapper_mines_deduce(kept, p, mode, NULL, &dk), SAPPER_OK);
        assert_int_equal(dk.safe_count, df.safe_count);
        assert_int_equal(dk.mine_count, df.mine_count);
        assert_memory_equal(dk.safe, df.safe, (size_t)df.safe_count * 4);
        assert_memory_equal(dk.mines, df.mines, (size_t)df.mine_count * 4);
        assert_int_equal(sapper_mines_analyze(fresh, p, NULL, &rf), SAPPER_OK);
        assert_int_equal(sapper_mines_analyze(kept, p, NULL, &rk), SAPPER_OK);
        size_t n = (size_t)p->width * (size_t)p->height;
        assert_memory_equal(rk.prob, rf.prob, n * sizeof *rf.prob);
        assert_memory_equal(rk.kind, rf.kind, n);
        assert_true(rk.layouts_log2 == rf.layouts_log2);
        assert_int_equal(rk.safe, rf.safe);
        assert_int_equal(rk.frontier, rf.frontier);
        assert_int_equal(rk.components, rf.components);
    }
    sapper_mines_solver_free(fresh);
}

/* The analysis alone (a look-ahead's what-if after the base position was
   deduced): as a fresh solver's, bit for bit, when a layout fits. */
static void expect_analysis_as_fresh(sapper_mines_solver *kept,
                                     const sapper_mines_position *p)
{
    sapper_mines_solver *fresh = sapper_mines_solver_new(16, 16);
    sapper_mines_result rk, rf;
    assert_non_null(fresh);
    assert_int_equal(sapper_mines_analyze(fresh, p, NULL, &rf), SAPPER_OK);
    assert_int_equal(sapper_mines_analyze(kept, p, NULL, &rk), SAPPER_OK);
    assert_int_equal(rk.consistent, rf.consistent);
    if (rf.consistent) {
        size_t n = (size_t)p->width * (size_t)p->height;
        assert_memory_equal(rk.prob, rf.prob, n * sizeof *rf.prob);
        assert_true(rk.layouts_log2 == rf.layouts_log2);
        assert_int_equal(rk.components, rf.components);
    }
    sapper_mines_solver_free(fresh);
}

/* Games as a bot sees them, on one solver: a few safe cells revealed per
   answer (deduced, then analysed), what-if positions with one more cell
   (any value, so some fit no layout), flags coming and going, now and
   then a new game, another board shape, another mine count, an invalid
   cell code. Every answer is the one a fresh solver gives. */
static void test_a_kept_solver_answers_as_a_fresh_one(void **state)
{
    (void)state;
    sapper_rng r;
    sapper_rng_seed(&r, 20261201);
    sapper_mines_solver *kept = sapper_mines_solver_new(16, 16);
    assert_non_null(kept);
    for (int game = 0; game < 60; game++) {
        int32_t w = 4 + (int32_t)sapper_rng_below(&r, 13);
        int32_t h = 3 + (int32_t)sapper_rng_below(&r, 14);
        int32_t n = w * h, mines = 1 + (int32_t)sapper_rng_below(&r, (uint64_t)n / 4);
        uint8_t mine[256] = {0}, cells[256], what[256];
        sapper_mines_position p = {w, h, mines, 0, cells};
        for (int32_t placed = 0; placed < mines;) {
            int32_t c = (int32_t)sapper_rng_below(&r, (uint64_t)n);
            placed += !mine[c];
            mine[c] = 1;
        }
        memset(cells, SAPPER_CELL_HIDDEN, (size_t)n);
        for (int32_t step = 0; step < 40; step++) {
            for (int32_t k = (int32_t)sapper_rng_below(&r, 6); k >= 0; k--) {
                int32_t c = (int32_t)sapper_rng_below(&r, (uint64_t)n);
                int32_t nb[8], m = around(&p, c, nb), count = 0;
                for (int32_t j = 0; j < m; j++)
                    count += mine[nb[j]];
                if (!sapper_cell_is_unknown(cells[c]))
                    continue;
                cells[c] = mine[c] ? (sapper_rng_below(&r, 2)
                                          ? SAPPER_CELL_FLAGGED
                                          : SAPPER_CELL_HIDDEN)
                                   : (uint8_t)count;
            }
            expect_as_fresh(kept, &p, SAPPER_MINES_DEDUCE_FAST);
            for (int k = 0; k < 4; k++) {   /* what-ifs */
                int32_t c = (int32_t)sapper_rng_below(&r, (uint64_t)n), nb[8];
                sapper_mines_position q = p;
                memcpy(what, cells, (size_t)n);
                if (!sapper_cell_is_unknown(what[c]))
                    continue;
                what[c] = (uint8_t)sapper_rng_below(&r, (uint64_t)around(&p, c, nb) + 1);
                q.cells = what;
                if (k < 3) {
                    expect_analysis_as_fresh(kept, &q);
                    /* the probe's next value, as a look-ahead tries them */
                    what[c] = (uint8_t)((what[c] + 1) % (around(&p, c, nb) + 1));
                    expect_analysis_as_fresh(kept, &q);
                }
                else
                    expect_as_fresh(kept, &q, sapper_rng_below(&r, 2)
                                                  ? SAPPER_MINES_DEDUCE_ALL
                                                  : SAPPER_MINES_DEDUCE_COMPLETE);
            }
            if (sapper_rng_below(&r, 10) == 0) {   /* another mine count */
                sapper_mines_position q = p;
                q.mines += 1;
                expect_as_fresh(kept, &q, SAPPER_MINES_DEDUCE_FAST);
            }
            if (sapper_rng_below(&r, 20) == 0) {   /* refused, then on */
                sapper_mines_result res;
                memcpy(what, cells, (size_t)n);
                what[sapper_rng_below(&r, (uint64_t)n)] = 13;
                sapper_mines_position q = p;
                q.cells = what;
                assert_int_equal(sapper_mines_analyze(kept, &q, NULL, &res),
                                 SAPPER_ERR_PARAM);
            }
        }
    }
    sapper_mines_solver_free(kept);
}

int main(void)
{
/* The same test on a solver that counts by frontier programming only. */
#define frontier_test(f) \
    {"frontier only: " #f, f, make_frontier_solver, free_solver, NULL}
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(
            test_probabilities_match_brute_force_on_random_small_boards,
            make_solver, free_solver),
        frontier_test(
            test_probabilities_match_brute_force_on_random_small_boards),
        cmocka_unit_test(test_probabilities_match_brute_force_on_long_strips),
        frontier_test(test_wide_range_of_frontier_totals_matches_brute_force),
        frontier_test(
            test_perturbed_positions_match_brute_force_consistent_or_not),
        frontier_test(
            test_deduce_all_lists_exactly_the_brute_force_certain_cells),
        cmocka_unit_test_setup_teardown(
            test_wide_range_of_frontier_totals_matches_brute_force,
            make_solver, free_solver),
        cmocka_unit_test_setup_teardown(
            test_perturbed_positions_match_brute_force_consistent_or_not,
            make_solver, free_solver),
        cmocka_unit_test_setup_teardown(
            test_deduce_all_lists_exactly_the_brute_force_certain_cells,
            make_solver, free_solver),
        cmocka_unit_test_setup_teardown(
            test_deductions_are_sound_and_complete_mode_finds_any_safe_cell,
            make_solver, free_solver),
        cmocka_unit_test_setup_teardown(
            test_one_two_one_outer_cells_are_mines_middle_safe, make_solver,
            free_solver),
        cmocka_unit_test_setup_teardown(
            test_one_two_two_one_middle_cells_are_mines, make_solver,
            free_solver),
        cmocka_unit_test_setup_teardown(
            test_corner_one_shares_its_mine_and_the_rest_is_safe, make_solver,
            free_solver),
        cmocka_unit_test(
            test_many_unconstrained_cells_get_the_remaining_density),
        cmocka_unit_test_setup_teardown(
            test_global_count_decides_frontier_cells_rules_cannot,
            make_solver, free_solver),
        cmocka_unit_test_setup_teardown(
            test_global_count_makes_floating_cells_safe, make_solver,
            free_solver),
        cmocka_unit_test_setup_teardown(
            test_inconsistent_positions_are_reported, make_solver,
            free_solver),
        cmocka_unit_test(test_tiny_budget_gives_sound_approximate_answer),
        cmocka_unit_test(
            test_frontier_counting_agrees_with_search_on_scattered_positions),
        cmocka_unit_test(
            test_scattered_positions_are_exact_within_the_default_budget),
        cmocka_unit_test_setup_teardown(
            test_trivial_rule_finds_safe_and_mine_cells, make_solver,
            free_solver),
        cmocka_unit_test_setup_teardown(
            test_subset_rule_finds_what_trivial_rules_cannot, make_solver,
            free_solver),
        cmocka_unit_test_setup_teardown(
            test_flags_are_unknown_and_exposed_or_claimed_mines_are_known,
            make_solver, free_solver),
        cmocka_unit_test(
            test_large_board_probabilities_are_finite_and_sum_to_remaining),
        cmocka_unit_test(
            test_huge_counts_on_a_long_strip_match_the_closed_form),
        cmocka_unit_test_setup_teardown(test_bad_arguments_are_refused,
                                        make_solver, free_solver),
        cmocka_unit_test(test_position_from_view_points_into_the_view),
        cmocka_unit_test(test_a_kept_solver_answers_as_a_fresh_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
