/*
 * fuzz_board_solver.c - fuzz target: the board text reader and the exact
 * solver, as `sapper analyze FILE` and the classic `layout` parameter use
 * them. The input is read as a position (sapper_mines_position_parse) and
 * as a layout (sapper_board_parse_layout); a position that fits the
 * solver made here (up to MAX_CELLS cells) is analysed
 * (sapper_mines_analyze) and deduced in every mode (sapper_mines_deduce).
 *
 * The oracle, beyond the sanitizers:
 *   - every probability is in [0, 1]; revealed cells 0, known mines 1;
 *     the counts of the result agree with the cells;
 *   - a consistent answer's probabilities of the unknown cells sum to the
 *     mines left (exact or approximate: solver.h promises both);
 *   - a deduced cell has probability exactly 0 (safe) or 1 (mine), and
 *     when both stages are exact the deduced cells are exactly those;
 *   - a position of at most BRUTE_FORCE_MAX_UNKNOWN unknown cells gets,
 *     from an exact answer, the probabilities every layout tried one by
 *     one gives (brute_force.h), and is consistent when a layout fits;
 *   - a layout has as many mines as its header says.
 *
 * Budgets are small so that a hard position costs milliseconds, not
 * seconds: the approximate answers are checked for what they promise.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "brute_force.h"
#include "fuzz_check.h"
#include "position.h"

#define MAX_SIDE 64        /* the solver's capacity: MAX_SIDE^2 cells */
#define MAX_CELLS (MAX_SIDE * MAX_SIDE)
#define SUM_TOLERANCE 1e-6 /* relative, for a sum of up to MAX_CELLS terms */
#define BRUTE_TOLERANCE 1e-9

static const sapper_mines_budget budget = {
    .component_nodes = 1 << 13,
    .total_nodes = 1 << 15,
};

static sapper_mines_solver *the_solver(void)
{
    static sapper_mines_solver *solver;   /* one for the process, as a bot keeps one */
    if (!solver && !(solver = sapper_mines_solver_new(MAX_SIDE, MAX_SIDE)))
        abort();
    return solver;
}

static int is_known_mine(uint8_t c)
{
    return c == SAPPER_CELL_MINE || c >= SAPPER_CELL_CLAIMED;
}

/* One cell's probability and kind against its code. */
static void check_cell(const sapper_mines_result *r, uint8_t code, int32_t i)
{
    double p = r->prob[i];
    FUZZ_CHECK(p >= 0.0 && p <= 1.0, "cell %d: probability %g", (int)i, p);
    if (code <= 8)
        FUZZ_CHECK(p == 0.0 && r->kind[i] == SAPPER_MINES_KIND_REVEALED,
                   "revealed cell %d: %g, kind %d", (int)i, p, r->kind[i]);
    else if (is_known_mine(code))
        FUZZ_CHECK(p == 1.0 && r->kind[i] == SAPPER_MINES_KIND_MINE,
                   "known mine %d: %g, kind %d", (int)i, p, r->kind[i]);
    else
        FUZZ_CHECK(r->kind[i] == SAPPER_MINES_KIND_FRONTIER ||
                   r->kind[i] == SAPPER_MINES_KIND_FLOATING,
                   "unknown cell %d: kind %d", (int)i, r->kind[i]);
}

static void check_result(const sapper_mines_position *pos, const sapper_mines_result *r)
{
    int32_t cells = pos->width * pos->height, unknown = 0, known = 0, safe = 0, mines = 0;
    double sum = 0;
    for (int32_t i = 0; i < cells; i++) {
        uint8_t c = pos->cells[i];
        check_cell(r, c, i);
        known += is_known_mine(c);
        if (!sapper_cell_is_unknown(c))
            continue;
        unknown++;
        sum += r->prob[i];
        safe += r->prob[i] == 0.0;
        mines += r->prob[i] == 1.0;
    }
    FUZZ_CHECK(r->unknown == unknown && r->frontier + r->floating == unknown &&
               r->remaining == pos->mines - known,
               "unknown %d (frontier %d, floating %d), remaining %d; expected %d, %d",
               (int)r->unknown, (int)r->frontier, (int)r->floating,
               (int)r->remaining, (int)unknown, (int)(pos->mines - known));
    FUZZ_CHECK(!r->consistent || (r->safe == safe && r->certain_mines == mines),
               "safe %d, certain mines %d; counted %d, %d", (int)r->safe,
               (int)r->certain_mines, (int)safe, (int)mines);
    FUZZ_CHECK(!r->consistent ||
               fabs(sum - r->remaining) <= SUM_TOLERANCE * fmax(1.0, r->remaining),
               "probabilities sum to %.12g, %d mines left", sum, (int)r->remaining);
}

/* The cells listed by a deduction: unknown, ascending, and, against an
   exact analysis, with the probability they must have (0 safe, 1 mine). */
static void check_list(const sapper_mines_position *pos, const sapper_mines_result *r,
                       const int32_t *list, int32_t n, double certain)
{
    for (int32_t k = 0; k < n; k++) {
        int32_t i = list[k];
        FUZZ_CHECK(i >= 0 && i < pos->width * pos->height &&
                   sapper_cell_is_unknown(pos->cells[i]) && (k == 0 || list[k - 1] < i),
                   "deduced cell %d (entry %d) is not an unknown cell in order",
                   (int)i, (int)k);
        FUZZ_CHECK(r->approximate || r->prob[i] == certain,
                   "deduced %s at %d, probability %.17g",
                   certain == 0.0 ? "safe" : "mine", (int)i, r->prob[i]);
    }
}

/* How many unknown cells have probability exactly p. */
static int32_t count_certain(const sapper_mines_position *pos,
                             const sapper_mines_result *r, double p)
{
    int32_t n = 0;
    for (int32_t i = 0; i < pos->width * pos->height; i++)
        n += sapper_cell_is_unknown(pos->cells[i]) && r->prob[i] == p;
    return n;
}

/* Whether no layout fits, as a deduction and an analysis say it: a 0 is
   always certain; a 1 only from an exact stage. */
static void check_consistent(const sapper_mines_deduction *d,
                             const sapper_mines_result *r)
{
    int d_exact = d->enumerated && !d->approximate;
    FUZZ_CHECK(d->consistent || (d->safe_count == 0 && d->mine_count == 0),
               "an inconsistent deduction lists cells");
    FUZZ_CHECK((d->consistent || r->approximate || !r->consistent) &&
               (r->consistent || !d_exact || !d->consistent),
               "deduce says consistent %d (exact %d), analyze %d (approximate %d)",
               (int)d->consistent, d_exact, (int)r->consistent, (int)r->approximate);
}

/* The deduction of mode against r, the analysis of the same position
   (a copy: the solver's arrays are overwritten by deduce). */
static void check_deduce(const sapper_mines_position *pos, const sapper_mines_result *r,
                         int32_t mode)
{
    sapper_mines_deduction d;
    FUZZ_CHECK(sapper_mines_deduce(the_solver(), pos, mode, &budget, &d) == SAPPER_OK,
               "deduce mode %d refused a parsed position", (int)mode);
    check_consistent(&d, r);
    if (!d.consistent || !r->consistent)
        return;
    check_list(pos, r, d.safe, d.safe_count, 0.0);
    check_list(pos, r, d.mines, d.mine_count, 1.0);
    int exact = !r->approximate && !d.approximate;
    if (exact && mode == SAPPER_MINES_DEDUCE_ALL)
        FUZZ_CHECK(d.safe_count == count_certain(pos, r, 0.0) &&
                   d.mine_count == count_certain(pos, r, 1.0),
                   "deduce all: %d safe, %d mines; analyze: %d, %d",
                   (int)d.safe_count, (int)d.mine_count,
                   (int)count_certain(pos, r, 0.0), (int)count_certain(pos, r, 1.0));
    if (exact && mode == SAPPER_MINES_DEDUCE_COMPLETE && d.safe_count == 0)
        FUZZ_CHECK(count_certain(pos, r, 0.0) == 0,
                   "deduce complete found no safe cell; analyze found %d",
                   (int)count_certain(pos, r, 0.0));
}

/* An exact answer for a small position against every layout tried. */
static void check_brute_force(const sapper_mines_position *pos,
                              const sapper_mines_result *r)
{
    static double expected[MAX_CELLS];
    int64_t layouts = brute_force_probabilities(pos, expected);
    if (layouts < 0 || r->approximate)
        return;
    FUZZ_CHECK(r->consistent == (layouts > 0), "consistent %d, %lld layouts",
               (int)r->consistent, (long long)layouts);
    for (int32_t i = 0; layouts > 0 && i < pos->width * pos->height; i++)
        FUZZ_CHECK(!sapper_cell_is_unknown(pos->cells[i]) ||
                   fabs(r->prob[i] - expected[i]) <= BRUTE_TOLERANCE,
                   "cell %d: %.17g, every layout gives %.17g", (int)i, r->prob[i],
                   expected[i]);
}

static void solve(const sapper_mines_position *pos)
{
    static double prob[MAX_CELLS];   /* the answer's, kept across deduce */
    sapper_mines_result r;
    FUZZ_CHECK(sapper_mines_analyze(the_solver(), pos, &budget, &r) == SAPPER_OK,
               "analyze refused a parsed position");
    check_result(pos, &r);
    check_brute_force(pos, &r);
    memcpy(prob, r.prob, (size_t)(pos->width * pos->height) * sizeof *prob);
    r.prob = prob;
    r.kind = NULL;
    for (int32_t mode = SAPPER_MINES_DEDUCE_FAST; mode <= SAPPER_MINES_DEDUCE_ALL; mode++)
        check_deduce(pos, &r, mode);
}

static void read_position(const uint8_t *data, size_t size)
{
    sapper_mines_position pos;
    char err[512] = "";
    if (sapper_mines_position_parse((const char *)data, size, "fuzz", &pos, NULL, err,
                                    sizeof err) != SAPPER_OK) {
        FUZZ_CHECK(err[0] && !pos.cells, "refused without a message: \"%s\"", err);
        return;
    }
    if (pos.width * pos.height <= MAX_CELLS)
        solve(&pos);
    sapper_mines_position_free(&pos);
}

static void read_layout(const uint8_t *data, size_t size)
{
    sapper_board b;
    char err[512] = "";
    if (sapper_board_parse_layout((const char *)data, size, "fuzz", &b, err,
                                  sizeof err) != SAPPER_OK) {
        FUZZ_CHECK(err[0], "layout refused without a message");
        return;
    }
    int32_t mines = 0;
    for (int32_t i = 0; i < b.cells; i++)
        mines += b.mine[i];
    FUZZ_CHECK(mines == b.mines && b.cells == b.width * b.height,
               "layout %dx%d with %d mines holds %d", (int)b.width, (int)b.height,
               (int)b.mines, (int)mines);
    sapper_board_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);   /* libFuzzer calls it */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    read_position(data, size);
    read_layout(data, size);
    return 0;
}
