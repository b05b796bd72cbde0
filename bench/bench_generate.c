/*
 * bench_generate.c - no-guess generation time per board (median, p90) for
 * beginner, intermediate and expert with uniform sampling, measured in the
 * same run as Simon Tatham's `sgt-mines --generate N WxHnM` (Debian package
 * sgt-puzzles) when it is installed, plus the acceptance rate of sampling
 * (play-outs per accepted board) and a perturb row at a density sampling
 * cannot reach. Figures and the command are in docs/BENCHMARKS.md.
 *
 * Like for like: sgt-mines --generate draws its first click uniformly over
 * the board and keeps that cell and its neighbours free, so ours does the
 * same here (first_click = opening, start uniform). Its time per board is
 * the gap between consecutive output lines, read through `stdbuf -oL` so
 * each line arrives when its board is done; the first line (process start
 * included) is dropped. Rounds alternate between the two sides so load
 * from other work hits both alike. It installs nothing: without sgt-mines
 * (or stdbuf) it says the comparison was skipped.
 *
 * Usage: bench_generate [BOARDS_PER_ROUND [ROUNDS]]   (default 300 5)
 */
#include "generate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct level {
    const char *name;
    int32_t w, h, mines, method;
    int corner_safe;   /* 1: first_click = safe in the corner (ours only) */
    double ref_accept; /* solvers.md 3.6 acceptance (L2), 0: none        */
} level;

static const level levels[] = {
    {"beginner 9x9/10", 9, 9, 10, SAPPER_MINES_NG_SAMPLE, 0, 0.9006},
    {"intermediate 16x16/40", 16, 16, 40, SAPPER_MINES_NG_SAMPLE, 0, 0.6996},
    {"expert 30x16/99", 30, 16, 99, SAPPER_MINES_NG_SAMPLE, 0, 0.1560},
    {"expert 30x16/99, safe, corner", 30, 16, 99, SAPPER_MINES_NG_SAMPLE, 1,
     0.0},
    {"30x16/130 (27.6%) perturb", 30, 16, 130, SAPPER_MINES_NG_PERTURB, 0,
     0.0},
};
#define NLEVELS (sizeof levels / sizeof levels[0])

typedef struct samples {
    double *t;         /* seconds per board */
    int n, cap;
    long layouts, playouts, boards;
} samples;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void push(samples *s, double t)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 1024;
        s->t = realloc(s->t, (size_t)s->cap * sizeof *s->t);
        if (!s->t) {
            fprintf(stderr, "bench_generate: out of memory\n");
            exit(1);
        }
    }
    s->t[s->n++] = t;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double quantile(samples *s, double q)
{
    if (s->n == 0)
        return 0.0;
    qsort(s->t, (size_t)s->n, sizeof *s->t, by_value);
    return s->t[(int)(q * (s->n - 1) + 0.5)];
}

static double mean(const samples *s)
{
    double sum = 0.0;
    for (int i = 0; i < s->n; i++)
        sum += s->t[i];
    return s->n ? sum / s->n : 0.0;
}

/* ---- ours ------------------------------------------------------------ */

static int first_click(const level *lv, int32_t start, int32_t keep[9])
{
    int32_t x = start % lv->w, y = start / lv->w, n = 0;
    keep[n++] = start;
    for (int32_t dy = -1; !lv->corner_safe && dy <= 1; dy++)
        for (int32_t dx = -1; dx <= 1; dx++) {
            int32_t nx = x + dx, ny = y + dy;
            if ((dx || dy) && nx >= 0 && ny >= 0 && nx < lv->w && ny < lv->h)
                keep[n++] = ny * lv->w + nx;
        }
    return n;
}

static void run_ours(const level *lv, int boards, sapper_rng *rng,
                     samples *s)
{
    sapper_mines_generator *g = sapper_mines_generator_new(lv->w, lv->h);
    uint8_t *mine = malloc((size_t)(lv->w * lv->h));
    char err[512];
    if (!g || !mine) {
        fprintf(stderr, "bench_generate: out of memory\n");
        exit(1);
    }
    for (int i = 0; i < boards; i++) {
        int32_t keep[9];
        int32_t start = lv->corner_safe
            ? 0 : (int32_t)sapper_rng_below(rng, (uint64_t)(lv->w * lv->h));
        sapper_mines_gen_request r = {
            .width = lv->w, .height = lv->h, .mines = lv->mines,
            .method = lv->method, .start = start, .keep_free = keep,
            .nkeep = first_click(lv, start, keep)};
        sapper_mines_gen_report rep;
        double t0 = now();
        if (sapper_mines_generate(g, &r, rng, mine, &rep, err, sizeof err)) {
            fprintf(stderr, "bench_generate: %s\n", err);
            exit(1);
        }
        push(s, now() - t0);
        s->layouts += rep.layouts;
        s->playouts += rep.playouts;
        s->boards++;
    }
    free(mine);
    sapper_mines_generator_free(g);
}

/* What one game pays on top: making and freeing the generator (classic
   does both at each first reveal). */
static double setup_cost(const level *lv)
{
    int reps = 200;
    double t0 = now();
    for (int i = 0; i < reps; i++)
        sapper_mines_generator_free(sapper_mines_generator_new(lv->w, lv->h));
    return (now() - t0) / reps;
}

/* ---- theirs ---------------------------------------------------------- */

static const char *find_program(const char *name, char *buf, size_t cap)
{
    const char *dirs[] = {"/usr/games", "/usr/bin", "/usr/local/bin",
                          "/usr/local/games"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        snprintf(buf, cap, "%s/%s", dirs[i], name);
        if (access(buf, X_OK) == 0)
            return buf;
    }
    return NULL;
}

/* Runs sgt-mines for `boards` boards; 0 when it could not. */
static int run_theirs(const char *sgt, const char *stdbuf, const level *lv,
                      int boards, samples *s)
{
    char cmd[1024], line[4096];
    snprintf(cmd, sizeof cmd, "%s -oL %s --generate %d %dx%dn%d 2>/dev/null",
             stdbuf, sgt, boards + 1, lv->w, lv->h, lv->mines);
    FILE *p = popen(cmd, "r");
    if (!p)
        return 0;
    int lines = 0;
    double last = 0.0;
    while (fgets(line, sizeof line, p)) {
        double t = now();
        if (lines > 0) /* the first line carries the process start */
            push(s, t - last);
        last = t;
        lines++;
    }
    s->boards += lines > 0 ? lines - 1 : 0;
    return pclose(p) == 0 && lines == boards + 1;
}

/* ---- report ---------------------------------------------------------- */

static void load(const char *when)
{
    char buf[128] = "?";
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        if (!fgets(buf, sizeof buf, f))
            snprintf(buf, sizeof buf, "?\n");
        fclose(f);
    }
    printf("load average %s: %s", when, buf);
}

static void report(const level *lv, samples *ours, samples *theirs,
                   double setup, int compared)
{
    printf("| %s | %s | %ld | %.3f | %.3f | %.3f | %.1f | %.2f | ",
           lv->name, sapper_mines_ng_name(lv->method), ours->boards,
           1e3 * quantile(ours, 0.5), 1e3 * quantile(ours, 0.9),
           1e3 * mean(ours), 1e6 * setup,
           (double)ours->playouts / ours->boards);
    /* sample: one play-out per layout, so boards / play-outs is the
       acceptance rate; perturb: fresh layouts per board instead */
    if (lv->method == SAPPER_MINES_NG_SAMPLE)
        printf("%.1f%%", 100.0 * ours->boards / ours->playouts);
    else
        printf("%.2f layouts/board", (double)ours->layouts / ours->boards);
    if (lv->ref_accept > 0)
        printf(" (ref %.1f%%)", 100.0 * lv->ref_accept);
    if (compared)
        printf(" | %ld | %.3f | %.3f | %.3f | %.3f |\n", theirs->boards,
               1e3 * quantile(theirs, 0.5), 1e3 * quantile(theirs, 0.9),
               1e3 * mean(theirs),
               quantile(ours, 0.5) / quantile(theirs, 0.5));
    else
        printf(" | - | - | - | - | - |\n");
}

int main(int argc, char **argv)
{
    int boards = argc > 1 ? atoi(argv[1]) : 300;
    int rounds = argc > 2 ? atoi(argv[2]) : 5;
    char sgt_buf[256], stdbuf_buf[256];
    const char *sgt = find_program("sgt-mines", sgt_buf, sizeof sgt_buf);
    const char *stdbuf = find_program("stdbuf", stdbuf_buf, sizeof stdbuf_buf);
    if (boards < 1 || rounds < 1) {
        fprintf(stderr, "usage: bench_generate [BOARDS_PER_ROUND [ROUNDS]]\n");
        return 2;
    }
    printf("no-guess generation: %d boards x %d rounds per row\n", boards,
           rounds);
    if (!sgt)
        printf("sgt-mines not found (Debian package sgt-puzzles): the "
               "comparison is skipped\n");
    else if (!stdbuf)
        printf("stdbuf not found (coreutils): the comparison is skipped\n");
    load("at start");
    printf("| board | method | boards | median ms | p90 ms | mean ms | "
           "setup us | play-outs per board | acceptance | sgt boards | "
           "sgt median ms | sgt p90 ms | sgt mean ms | ours/sgt median |\n"
           "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    sapper_rng rng;
    sapper_rng_seed(&rng, 20261130);
    for (size_t i = 0; i < NLEVELS; i++) {
        const level *lv = &levels[i];
        samples ours = {0}, theirs = {0};
        int compared = sgt && stdbuf && !lv->corner_safe;
        for (int r = 0; r < rounds; r++) {
            run_ours(lv, boards, &rng, &ours);
            if (compared && !run_theirs(sgt, stdbuf, lv, boards, &theirs)) {
                printf("sgt-mines failed on %s: the comparison is skipped\n",
                       lv->name);
                compared = 0;
            }
        }
        report(lv, &ours, &theirs, setup_cost(lv), compared);
        free(ours.t);
        free(theirs.t);
    }
    load("at end");
    return 0;
}
