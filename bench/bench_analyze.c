/*
 * bench_analyze.c - does exact analysis have a cliff? (issue 17). Makes
 * COUNT Expert positions of the hard kind: a random layout of 99 mines on
 * 30x16, then 40 to 80 safe cells revealed one by one at random, each
 * showing its number, no flood (scattered numbers make wide, tangled
 * frontiers that plain depth-first counting cannot finish). Analyses each
 * with the solver's default budget (or --budget NODES) and prints the
 * median, 99th percentile and maximum time, how many answers hit the
 * budget, and, for those, how much worse the guess they name (the
 * least likely mine among cells not certainly safe) is than the best guess
 * (the truth from an analysis with an effectively unlimited budget;
 * --check does this for every position).
 *
 *   bench_analyze [COUNT] [SEED] [--budget NODES] [--check] [--no-truth]
 *                 [--dump N]
 *
 * --dump N prints position N (0-based) as text for `sapper analyze`.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "solver.h"

#define W 30
#define H 16
#define CELLS (W * H)
#define MINES 99

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int32_t mines_around(const uint8_t *mine, int32_t cell)
{
    int32_t x = cell % W, y = cell / W, n = 0;
    for (int32_t dy = -1; dy <= 1; dy++)
        for (int32_t dx = -1; dx <= 1; dx++) {
            int32_t nx = x + dx, ny = y + dy;
            if ((dx || dy) && nx >= 0 && nx < W && ny >= 0 && ny < H)
                n += mine[ny * W + nx];
        }
    return n;
}

/* Position i of the set: the same seed and index always give the same. */
static void make_position(uint64_t seed, int32_t i, uint8_t *cells)
{
    sapper_rng r;
    uint8_t mine[CELLS] = {0};
    int32_t order[CELLS];
    sapper_rng_seed(&r, seed * 1000003u + (uint64_t)i);
    for (int32_t c = 0; c < CELLS; c++)
        order[c] = c;
    for (int32_t c = CELLS - 1; c > 0; c--) { /* Fisher-Yates */
        int32_t j = (int32_t)sapper_rng_below(&r, (uint64_t)c + 1);
        int32_t t = order[c];
        order[c] = order[j];
        order[j] = t;
    }
    for (int32_t m = 0; m < MINES; m++)
        mine[order[m]] = 1;
    memset(cells, SAPPER_CELL_HIDDEN, CELLS);
    int32_t reveal = 40 + (int32_t)sapper_rng_below(&r, 41);
    for (int32_t k = 0; k < reveal; k++) { /* the next safe cells, shuffled */
        int32_t c = order[MINES + k];
        cells[c] = (uint8_t)mines_around(mine, c);
    }
}

/* The guess the answer names: the unknown cell least likely a mine among
   those not certainly safe (with a safe cell no guess is needed, so the
   budget's effect on guesses shows only here). */
static int32_t safest(const sapper_mines_result *res, const uint8_t *cells)
{
    int32_t best = -1;
    for (int32_t c = 0; c < CELLS; c++)
        if (sapper_cell_is_unknown(cells[c]) && res->prob[c] > 0 &&
            (best < 0 || res->prob[c] < res->prob[best]))
            best = c;
    return best;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double pct(const double *sorted, int32_t n, double p)
{
    int32_t k = (int32_t)ceil(p * n) - 1;
    return sorted[k < 0 ? 0 : k];
}

static void dump(uint64_t seed, int32_t i)
{
    uint8_t cells[CELLS];
    make_position(seed, i, cells);
    printf("%d %d %d\n", W, H, MINES);
    for (int32_t y = 0; y < H; y++) {
        for (int32_t x = 0; x < W; x++) {
            uint8_t c = cells[y * W + x];
            putchar(c <= 8 ? '0' + c : '?');
        }
        putchar('\n');
    }
}

int main(int argc, char **argv)
{
    int32_t count = 1000, check = 0, truth = 1, dump_at = -1, pos = 0;
    uint64_t seed = 1;
    sapper_mines_budget budget = {0, 0}, unlimited = {INT64_MAX / 4,
                                                      INT64_MAX / 4};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--budget") && i + 1 < argc)
            budget.component_nodes = budget.total_nodes =
                strtoll(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--no-truth"))
            truth = 0;
        else if (!strcmp(argv[i], "--check"))
            check = 1;
        else if (!strcmp(argv[i], "--dump") && i + 1 < argc)
            dump_at = atoi(argv[++i]);
        else if (pos == 0 && (pos = 1))
            count = atoi(argv[i]);
        else
            seed = strtoull(argv[i], NULL, 10);
    }
    if (dump_at >= 0) {
        dump(seed, dump_at);
        return 0;
    }
    if (count < 1) {
        fprintf(stderr, "bench_analyze: COUNT must be at least 1\n");
        return 2;
    }
    sapper_mines_solver *s = sapper_mines_solver_new(W, H);
    double *ms = malloc((size_t)count * sizeof *ms);
    if (!s || !ms)
        return 1;
    int32_t approx = 0, checked = 0, differ = 0, slowest = 0;
    double worst_gap = 0, worst_prob = 0;
    int64_t max_nodes = 0;
    for (int32_t i = 0; i < count; i++) {
        uint8_t cells[CELLS];
        make_position(seed, i, cells);
        sapper_mines_position p = {W, H, MINES, 0, cells};
        sapper_mines_result res;
        double t0 = now_ms();
        sapper_mines_analyze(s, &p, &budget, &res);
        ms[i] = now_ms() - t0;
        if (ms[i] > ms[slowest])
            slowest = i;
        if (res.nodes > max_nodes)
            max_nodes = res.nodes;
        approx += res.approximate;
        if (!truth || (!res.approximate && !check))
            continue;
        int32_t named = safest(&res, cells);
        if (named < 0)
            continue;
        static double kept[CELLS];
        memcpy(kept, res.prob, sizeof kept);
        sapper_mines_analyze(s, &p, &unlimited, &res);
        if (res.approximate)
            continue; /* no truth to compare with */
        checked++;
        double gap = res.prob[named] - res.prob[safest(&res, cells)];
        for (int32_t c = 0; c < CELLS; c++)
            if (fabs(kept[c] - res.prob[c]) > worst_prob)
                worst_prob = fabs(kept[c] - res.prob[c]);
        differ += gap > 1e-12;
        if (gap > worst_gap)
            worst_gap = gap;
    }
    double *sorted = malloc((size_t)count * sizeof *sorted);
    memcpy(sorted, ms, (size_t)count * sizeof *sorted);
    qsort(sorted, (size_t)count, sizeof *sorted, by_value);
    printf("positions %d (Expert 30x16/99, 40-80 scattered safe cells, "
           "seed %llu), budget ", count, (unsigned long long)seed);
    if (budget.total_nodes > 0)
        printf("%lld nodes\n", (long long)budget.total_nodes);
    else
        printf("default\n");
    printf("time ms: p50 %.3f  p99 %.3f  max %.3f (position %d)\n",
           pct(sorted, count, 0.5), pct(sorted, count, 0.99),
           sorted[count - 1], slowest);
    printf("nodes: max %lld\n", (long long)max_nodes);
    printf("approximate (budget hit): %d of %d\n", approx, count);
    printf("compared with the exact answer: %d; a worse safest cell named: "
           "%d; worst gap %.6f; worst probability error %.6f\n",
           checked, differ, worst_gap, worst_prob);
    free(sorted);
    free(ms);
    sapper_mines_solver_free(s);
    return 0;
}
