/*
 * test_generate.c - no-guess generation (core/mines/generate.h), density
 * clouds (core/mines/clouds.h) and their use in the classic rules.
 *
 * Every "no-guess" verdict here comes from an independent replay: the
 * public deduction engine (sapper_mines_deduce, ALL mode) on a
 * sapper_board, revealing every certainly safe cell until nothing is left,
 * never from the generator's own play-out. The uniformity test enumerates
 * every layout of a tiny board, so it knows the admissible set exactly.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "classic.h"
#include "clouds.h"
#include "generate.h"
#include "solver.h"

const sapper_manifest *sapper_builtin_classic_entry(uint32_t host_major,
                                                    uint32_t host_minor);

/* ---- the independent no-guess replay ------------------------------- */

/* 1 when revealing only cells the engine proves safe, starting at start,
   reveals every safe cell of the layout. Fails the test if the engine
   ever calls a mine safe. */
static int replay_clears(int32_t w, int32_t h, const uint8_t *mine,
                         int32_t start)
{
    sapper_board b;
    sapper_mines_solver *s = sapper_mines_solver_new(w, h);
    uint8_t *cells = malloc((size_t)(w * h));
    assert_non_null(s);
    assert_non_null(cells);
    assert_int_equal(sapper_board_init(&b, w, h, 0), SAPPER_OK);
    sapper_board_set_mines(&b, mine);
    int won = 0;
    if (!sapper_board_reveal(&b, start)) {
        for (;;) {
            if (b.revealed == b.cells - b.mines) {
                won = 1;
                break;
            }
            for (int32_t c = 0; c < b.cells; c++)
                cells[c] = sapper_board_code(&b, c, SAPPER_BOARD_SHOW_PLAYER);
            sapper_mines_position p = {.width = w, .height = h,
                                       .mines = b.mines, .cells = cells};
            sapper_mines_deduction d;
            assert_int_equal(sapper_mines_deduce(s, &p,
                                                 SAPPER_MINES_DEDUCE_ALL,
                                                 NULL, &d), SAPPER_OK);
            if (d.safe_count == 0)
                break;
            for (int32_t i = 0; i < d.safe_count; i++) {
                assert_int_equal(mine[d.safe[i]], 0);
                sapper_board_reveal(&b, d.safe[i]);
            }
        }
    }
    sapper_board_free(&b);
    sapper_mines_solver_free(s);
    free(cells);
    return won;
}

/* ---- requests ------------------------------------------------------- */

typedef struct req_buf {
    sapper_mines_gen_request r;
    int32_t keep[9];
} req_buf;

/* A request with start at (x, y) and the first-click cells of `opening`. */
static void make_request(req_buf *q, int32_t w, int32_t h, int32_t mines,
                         int32_t method, int opening, int32_t x, int32_t y)
{
    memset(q, 0, sizeof *q);
    int32_t n = 0;
    q->keep[n++] = y * w + x;
    for (int32_t dy = -1; opening && dy <= 1; dy++)
        for (int32_t dx = -1; dx <= 1; dx++) {
            int32_t nx = x + dx, ny = y + dy;
            if ((dx || dy) && nx >= 0 && ny >= 0 && nx < w && ny < h)
                q->keep[n++] = ny * w + nx;
        }
    q->r = (sapper_mines_gen_request){.width = w, .height = h,
                                      .mines = mines, .method = method,
                                      .start = y * w + x,
                                      .keep_free = q->keep, .nkeep = n};
}

static int32_t count_mines(const uint8_t *mine, int32_t cells)
{
    int32_t n = 0;
    for (int32_t c = 0; c < cells; c++)
        n += mine[c] != 0;
    return n;
}

/* Generates `boards` boards of w x h / mines with random starts (opening
   on odd boards, safe on even ones) and checks each one: mine count, first
   click cells free, cleared by the independent replay. */
static void check_no_guess_sample(int32_t w, int32_t h, int32_t mines,
                                  int32_t method, int boards, uint64_t seed)
{
    sapper_mines_generator *g = sapper_mines_generator_new(w, h);
    uint8_t *mine = malloc((size_t)(w * h));
    sapper_rng rng;
    char err[512];
    assert_non_null(g);
    assert_non_null(mine);
    sapper_rng_seed(&rng, seed);
    for (int i = 0; i < boards; i++) {
        req_buf q;
        int32_t start = (int32_t)sapper_rng_below(&rng, (uint64_t)(w * h));
        make_request(&q, w, h, mines, method, i & 1, start % w, start / w);
        sapper_mines_gen_report rep;
        if (sapper_mines_generate(g, &q.r, &rng, mine, &rep, err, sizeof err))
            fail_msg("board %d: %s", i, err);
        assert_int_equal(count_mines(mine, w * h), mines);
        for (int32_t k = 0; k < q.r.nkeep; k++)
            assert_int_equal(mine[q.keep[k]], 0);
        if (!replay_clears(w, h, mine, start))
            fail_msg("%dx%d/%d board %d (method %d) needs a guess", w, h,
                     mines, i, method);
        assert_int_equal(rep.method, method);
        assert_true(rep.playouts >= rep.layouts && rep.layouts >= 1);
    }
    free(mine);
    sapper_mines_generator_free(g);
}

/* ---- no-guess boards ----------------------------------------------- */

static void test_generate_sample_beginner_boards_need_no_guess(void **u)
{
    (void)u;
    check_no_guess_sample(9, 9, 10, SAPPER_MINES_NG_SAMPLE, 200, 1);
}

static void test_generate_sample_intermediate_boards_need_no_guess(void **u)
{
    (void)u;
    check_no_guess_sample(16, 16, 40, SAPPER_MINES_NG_SAMPLE, 100, 2);
}

static void test_generate_sample_expert_boards_need_no_guess(void **u)
{
    (void)u;
    check_no_guess_sample(30, 16, 99, SAPPER_MINES_NG_SAMPLE, 30, 3);
}

static void test_generate_perturb_dense_boards_need_no_guess(void **u)
{
    (void)u;
    check_no_guess_sample(30, 16, 130, SAPPER_MINES_NG_PERTURB, 20, 4);
    check_no_guess_sample(16, 16, 70, SAPPER_MINES_NG_PERTURB, 20, 5);
    check_no_guess_sample(9, 9, 10, SAPPER_MINES_NG_PERTURB, 50, 6);
}

static void test_generate_clears_agrees_with_the_replay(void **u)
{
    (void)u;
    /* sapper_mines_clears is the generator's own test: on random (mostly
       not no-guess) layouts it must agree with the independent replay. */
    sapper_mines_generator *g = sapper_mines_generator_new(16, 16);
    sapper_rng rng;
    int agree = 0, yes = 0;
    sapper_rng_seed(&rng, 7);
    for (int i = 0; i < 300; i++) {
        sapper_board b;
        int32_t start = (int32_t)sapper_rng_below(&rng, 256);
        assert_int_equal(sapper_board_init(&b, 16, 16, 45), SAPPER_OK);
        assert_int_equal(sapper_board_place_mines(&b, &rng, &start, 1),
                         SAPPER_OK);
        int a = sapper_mines_clears(g, 16, 16, b.mine, start);
        agree += a == replay_clears(16, 16, b.mine, start);
        yes += a;
        sapper_board_free(&b);
    }
    assert_int_equal(agree, 300);
    assert_true(yes > 10 && yes < 290); /* both verdicts were exercised */
    sapper_mines_generator_free(g);
}

/* ---- uniformity ----------------------------------------------------- */

/* Regularised upper incomplete gamma Q(a, x): series below a + 1,
   continued fraction above (Lentz). Enough for a chi-square tail. */
static double gamma_q(double a, double x)
{
    if (x <= 0.0)
        return 1.0;
    double lg = lgamma(a);
    if (x < a + 1.0) {
        double term = 1.0 / a, sum = term;
        for (int n = 1; n < 10000 && fabs(term) > 1e-15 * fabs(sum); n++) {
            term *= x / (a + n);
            sum += term;
        }
        return 1.0 - sum * exp(-x + a * log(x) - lg);
    }
    double b = x + 1.0 - a, c = 1e300, d = 1.0 / b, f = d;
    for (int i = 1; i < 10000; i++) {
        double an = -i * (i - a);
        b += 2.0;
        d = an * d + b;
        d = fabs(d) < 1e-300 ? 1e-300 : d;
        c = b + an / c;
        c = fabs(c) < 1e-300 ? 1e-300 : c;
        d = 1.0 / d;
        double delta = d * c;
        f *= delta;
        if (fabs(delta - 1.0) < 1e-15)
            break;
    }
    return exp(-x + a * log(x) - lg) * f;
}

#define TINY_W 4
#define TINY_H 4
#define TINY_M 3
#define TINY_CELLS (TINY_W * TINY_H)

/* Layouts as bit masks of TINY_CELLS bits. */
static uint32_t mask_of(const uint8_t *mine)
{
    uint32_t m = 0;
    for (int c = 0; c < TINY_CELLS; c++)
        if (mine[c])
            m |= 1u << c;
    return m;
}

/* Every layout of TINY_M mines off `start` that the replay clears;
   returns how many, masks into out (sorted ascending). */
static int admissible_layouts(int32_t start, uint32_t *out, int cap)
{
    int n = 0;
    for (uint32_t m = 0; m < (1u << TINY_CELLS); m++) {
        if (__builtin_popcount(m) != TINY_M || (m >> start & 1))
            continue;
        uint8_t mine[TINY_CELLS];
        for (int c = 0; c < TINY_CELLS; c++)
            mine[c] = m >> c & 1;
        if (replay_clears(TINY_W, TINY_H, mine, start)) {
            assert_true(n < cap);
            out[n++] = m;
        }
    }
    return n;
}

static int find_mask(const uint32_t *set, int n, uint32_t m)
{
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (set[mid] == m)
            return mid;
        if (set[mid] < m)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

/* Draws `draws` boards with method and returns the chi-square p-value of
   their frequencies against uniform over the admissible set (every draw
   must be admissible). */
static double tiny_p_value(int32_t method, int draws, const uint32_t *set,
                           int n, int32_t start, uint64_t seed)
{
    sapper_mines_generator *g = sapper_mines_generator_new(TINY_W, TINY_H);
    int *seen = calloc((size_t)n, sizeof *seen);
    sapper_rng rng;
    char err[256];
    assert_non_null(seen);
    sapper_rng_seed(&rng, seed);
    for (int i = 0; i < draws; i++) {
        req_buf q;
        uint8_t mine[TINY_CELLS];
        make_request(&q, TINY_W, TINY_H, TINY_M, method, 0, start % TINY_W,
                     start / TINY_W);
        assert_int_equal(sapper_mines_generate(g, &q.r, &rng, mine, NULL, err,
                                               sizeof err), SAPPER_OK);
        int k = find_mask(set, n, mask_of(mine));
        if (k < 0)
            fail_msg("draw %d is not an admissible layout", i);
        seen[k]++;
    }
    double expect = (double)draws / n, chi2 = 0.0;
    for (int k = 0; k < n; k++)
        chi2 += (seen[k] - expect) * (seen[k] - expect) / expect;
    free(seen);
    sapper_mines_generator_free(g);
    return gamma_q((n - 1) / 2.0, chi2 / 2.0);
}

static void test_generate_sample_is_uniform_over_no_guess_layouts(void **u)
{
    (void)u;
    /* 4x4, 3 mines, first click safe in a corner: C(15,3) = 455 layouts,
       of which the admissible ones are enumerated by brute force. */
    uint32_t set[455];
    int n = admissible_layouts(0, set, 455);
    assert_true(n > 20 && n < 455);
    double p = tiny_p_value(SAPPER_MINES_NG_SAMPLE, 20000, set, n, 0, 11);
    print_message("4x4/3 corner: %d admissible layouts, chi-square p = %.3f\n",
                  n, p);
    assert_true(p > 1e-3);
}

static void test_generate_perturb_draws_only_no_guess_layouts(void **u)
{
    (void)u;
    /* perturb must never hand out a layout outside the admissible set
       (tiny_p_value fails on one). It is not uniform, and the chi-square
       of the test above is strong enough to see that, so a uniformity
       pass there means something. */
    uint32_t set[455];
    int n = admissible_layouts(5, set, 455);
    assert_true(n > 20);
    double p = tiny_p_value(SAPPER_MINES_NG_PERTURB, 20000, set, n, 5, 12);
    print_message("4x4/3 start (1,1), perturb: %d admissible layouts, "
                  "chi-square p = %.3g\n", n, p);
    assert_true(p < 1e-6);
}

/* ---- determinism, budgets and errors -------------------------------- */

static void generate_once(int32_t method, const double *weight,
                          uint64_t seed, uint8_t *mine)
{
    sapper_mines_generator *g = sapper_mines_generator_new(30, 16);
    sapper_rng rng;
    req_buf q;
    char err[256];
    sapper_rng_seed(&rng, seed);
    make_request(&q, 30, 16, method == SAPPER_MINES_NG_SAMPLE ? 99 : 125,
                 method, 1, 12, 7);
    q.r.weight = weight;
    assert_int_equal(sapper_mines_generate(g, &q.r, &rng, mine, NULL, err,
                                           sizeof err), SAPPER_OK);
    sapper_mines_generator_free(g);
}

static void test_generate_same_seed_same_board(void **u)
{
    (void)u;
    uint8_t a[480], b[480], c[480];
    double field[480];
    sapper_mines_clouds clouds = {.strength = 6.0};
    sapper_rng rng;
    sapper_rng_seed(&rng, 3);
    sapper_mines_clouds_field(30, 16, &clouds, &rng, field);
    for (int32_t method = 0; method < 2; method++) {
        for (int weighted = 0; weighted < 2; weighted++) {
            const double *w = weighted ? field : NULL;
            generate_once(method, w, 42, a);
            generate_once(method, w, 42, b);
            generate_once(method, w, 43, c);
            assert_memory_equal(a, b, sizeof a);
            assert_memory_not_equal(a, c, sizeof a);
        }
    }
}

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static void test_generate_budget_runs_out_with_a_clear_error(void **u)
{
    (void)u;
    sapper_mines_generator *g = sapper_mines_generator_new(30, 16);
    uint8_t mine[480];
    sapper_rng rng;
    req_buf q;
    char err[512] = "";
    sapper_mines_gen_report rep;
    sapper_rng_seed(&rng, 9);
    /* 26% with sample: a few boards in 1500 are no-guess, so 50 play-outs
       run out */
    make_request(&q, 30, 16, 125, SAPPER_MINES_NG_SAMPLE, 1, 15, 8);
    q.r.attempts = 50;
    double t0 = seconds();
    assert_int_equal(sapper_mines_generate(g, &q.r, &rng, mine, &rep, err,
                                           sizeof err), SAPPER_ERR_STATE);
    assert_int_equal(rep.playouts, 50);
    assert_string_equal(err, "no no-guess board found in 50 play-outs "
                        "(no_guess_method = sample, 30x16 with 125 mines, "
                        "density 26.5% of the cells open to mines, first "
                        "click 15 8): raise no_guess_attempts, use "
                        "no_guess_method = perturb or use fewer mines");
    /* perturb at 60%: hopeless, and it must still stop at its budget */
    make_request(&q, 30, 16, 283, SAPPER_MINES_NG_PERTURB, 1, 15, 8);
    q.r.attempts = 300;
    assert_int_equal(sapper_mines_generate(g, &q.r, &rng, mine, &rep, err,
                                           sizeof err), SAPPER_ERR_STATE);
    assert_true(rep.playouts <= 300);
    assert_non_null(strstr(err, "no_guess_method = perturb"));
    assert_true(seconds() - t0 < 10.0);
    sapper_mines_generator_free(g);
}

static void test_generate_refuses_bad_requests(void **u)
{
    (void)u;
    sapper_mines_generator *g = sapper_mines_generator_new(9, 9);
    uint8_t mine[100];
    sapper_rng rng;
    req_buf q;
    char err[256];
    sapper_rng_seed(&rng, 1);
    make_request(&q, 9, 9, 73, SAPPER_MINES_NG_SAMPLE, 1, 4, 4);
    assert_int_equal(sapper_mines_generate(g, &q.r, &rng, mine, NULL, err,
                                           sizeof err), SAPPER_ERR_PARAM);
    assert_string_equal(err, "73 mines do not fit the 72 cells open to mines");
    make_request(&q, 10, 10, 10, SAPPER_MINES_NG_SAMPLE, 0, 0, 0);
    assert_int_equal(sapper_mines_generate(g, &q.r, &rng, mine, NULL, err,
                                           sizeof err), SAPPER_ERR_PARAM);
    assert_string_equal(err, "a 10x10 board does not fit this generator "
                        "(81 cells)");
    make_request(&q, 9, 9, 10, SAPPER_MINES_NG_SAMPLE, 0, 0, 0);
    q.r.start = 81;
    assert_int_equal(sapper_mines_generate(g, &q.r, &rng, mine, NULL, err,
                                           sizeof err), SAPPER_ERR_PARAM);
    assert_null(sapper_mines_generator_new(0, 5));
    sapper_mines_generator_free(g);
}

static void test_generate_auto_switches_at_the_sample_limit(void **u)
{
    (void)u;
    double limit = SAPPER_MINES_SAMPLE_MAX_DENSITY;
    assert_int_equal(sapper_mines_ng_resolve(SAPPER_MINES_NG_AUTO, limit),
                     SAPPER_MINES_NG_SAMPLE);
    assert_int_equal(sapper_mines_ng_resolve(SAPPER_MINES_NG_AUTO,
                                             limit + 0.001),
                     SAPPER_MINES_NG_PERTURB);
    assert_int_equal(sapper_mines_ng_resolve(SAPPER_MINES_NG_SAMPLE, 0.9),
                     SAPPER_MINES_NG_SAMPLE);
    assert_int_equal(sapper_mines_ng_budget(0, 480), 104166);
    assert_int_equal(sapper_mines_ng_budget(0, 40000), 1250);
    assert_int_equal(sapper_mines_ng_budget(0, 1000000), 1000);
    assert_int_equal(sapper_mines_ng_budget(77, 480), 77);
}

/* ---- clouds ---------------------------------------------------------- */

static void test_clouds_place_exact_count_off_the_first_click(void **u)
{
    (void)u;
    sapper_mines_clouds c = {.strength = 6.0};
    int32_t keep[9] = {0, 1, 2, 30, 31, 32, 60, 61, 62};
    uint8_t mine[480];
    sapper_rng rng;
    sapper_rng_seed(&rng, 5);
    for (int i = 0; i < 500; i++) {
        int32_t mines = 1 + (int32_t)sapper_rng_below(&rng, 471);
        assert_int_equal(sapper_mines_clouds_place(30, 16, &c, keep, 9, mines,
                                                   &rng, mine), SAPPER_OK);
        assert_int_equal(count_mines(mine, 480), mines);
        for (int k = 0; k < 9; k++)
            assert_int_equal(mine[keep[k]], 0);
    }
    assert_int_equal(sapper_mines_clouds_place(30, 16, &c, keep, 9, 472, &rng,
                                               mine), SAPPER_ERR_PARAM);
}

/* Variance of the mines per 4x4 block of a 32x16 board with 99 mines,
   pooled over many boards. */
static double block_variance(const sapper_mines_clouds *c, uint64_t seed)
{
    uint8_t mine[512];
    sapper_rng rng;
    double sum = 0.0, sum2 = 0.0;
    int n = 0;
    sapper_rng_seed(&rng, seed);
    for (int board = 0; board < 300; board++) {
        assert_int_equal(sapper_mines_clouds_place(32, 16, c, NULL, 0, 99,
                                                   &rng, mine), SAPPER_OK);
        for (int by = 0; by < 4; by++)
            for (int bx = 0; bx < 8; bx++) {
                int k = 0;
                for (int y = 0; y < 4; y++)
                    for (int x = 0; x < 4; x++)
                        k += mine[(4 * by + y) * 32 + 4 * bx + x];
                sum += k;
                sum2 += (double)k * k;
                n++;
            }
    }
    return sum2 / n - (sum / n) * (sum / n);
}

static void test_clouds_cluster_mines_more_than_uniform(void **u)
{
    (void)u;
    sapper_mines_clouds uniform = {.strength = 0.0};
    sapper_mines_clouds clouds = {.strength = 6.0};
    double vu = block_variance(&uniform, 1), vc = block_variance(&clouds, 1);
    print_message("mines per 4x4 block: variance %.2f uniform, %.2f clouds\n",
                  vu, vc);
    /* uniform: hypergeometric, 16 * p * (1-p) * (512-16)/(512-1) = 2.4 */
    assert_true(vu > 2.0 && vu < 2.8);
    assert_true(vc > 1.5 * vu);
}

static void test_clouds_weighted_draw_follows_the_weights(void **u)
{
    (void)u;
    int32_t cells[3] = {0, 1, 2};
    double weight[3] = {1.0, 2.0, 7.0};
    sapper_mines_wkey scratch[3];
    int hits[3] = {0};
    sapper_rng rng;
    sapper_rng_seed(&rng, 8);
    for (int i = 0; i < 20000; i++) {
        uint8_t mine[3] = {0};
        sapper_mines_draw_weighted(cells, 3, weight, 1, &rng, scratch, mine);
        for (int c = 0; c < 3; c++)
            hits[c] += mine[c];
    }
    assert_true(fabs(hits[0] / 20000.0 - 0.1) < 0.01);
    assert_true(fabs(hits[1] / 20000.0 - 0.2) < 0.015);
    assert_true(fabs(hits[2] / 20000.0 - 0.7) < 0.015);
}

static void test_clouds_field_is_at_least_one_and_peaks_at_strength(void **u)
{
    (void)u;
    sapper_mines_clouds c = {.count = 3, .radius = 2.5, .strength = 4.0};
    double field[480], lo = 1e9, hi = 0.0;
    sapper_rng rng;
    sapper_rng_seed(&rng, 2);
    sapper_mines_clouds_field(30, 16, &c, &rng, field);
    for (int i = 0; i < 480; i++) {
        lo = field[i] < lo ? field[i] : lo;
        hi = field[i] > hi ? field[i] : hi;
    }
    assert_true(lo >= 1.0);
    assert_true(fabs(hi - 5.0) < 1e-9);
    sapper_mines_clouds auto_c = {.strength = 1.0};
    assert_int_equal(sapper_mines_clouds_count(30, 16, &auto_c), 8);
    assert_int_equal(sapper_mines_clouds_count(9, 9, &auto_c), 1);
}

/* ---- classic ---------------------------------------------------------- */

static const sapper_rules_api *R(void)
{
    const sapper_manifest *m = sapper_builtin_classic_entry(SAPPER_ABI_MAJOR,
                                                            SAPPER_ABI_MINOR);
    assert_non_null(m);
    return m->descriptors[0]->rules;
}

/* game_new on the declared defaults overridden by "key=value" entries of
   a NULL-terminated list. */
static sapper_status classic_game(void **game, char *err, size_t errcap,
                                  const char *const *args)
{
    const sapper_descriptor *d =
        sapper_builtin_classic_entry(SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR)
            ->descriptors[0];
    sapper_kv kv[32];
    assert_true(d->param_count <= 32);
    for (uint32_t i = 0; i < d->param_count; i++)
        kv[i] = (sapper_kv){d->params[i].key, d->params[i].def};
    for (; *args; args++) {
        const char *eq = strchr(*args, '=');
        uint32_t i = 0;
        assert_non_null(eq);
        while (i < d->param_count &&
               (strlen(d->params[i].key) != (size_t)(eq - *args) ||
                strncmp(d->params[i].key, *args, (size_t)(eq - *args))))
            i++;
        assert_true(i < d->param_count);
        kv[i].value = eq + 1;
    }
    sapper_params p = {kv, d->param_count};
    err[0] = '\0';
    *game = NULL;
    return R()->game_new(&p, game, err, errcap);
}

#define ARGS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* One game and one state of it. */
typedef struct play {
    void *game, *s;
} play;

static play classic_state(const char *const *args, uint64_t seed)
{
    play p = {NULL, NULL};
    char err[512];
    if (classic_game(&p.game, err, sizeof err, args) != SAPPER_OK)
        fail_msg("game_new: %s", err);
    assert_int_equal(R()->state_new(p.game, 1, seed, &p.s, err, sizeof err),
                     SAPPER_OK);
    return p;
}

static void classic_done(play p)
{
    R()->state_free(p.s);
    R()->game_free(p.game);
}

static sapper_status classic_reveal(void *s, int x, int y, char *err,
                                    size_t errcap)
{
    char text[32];
    int64_t id;
    snprintf(text, sizeof text, "reveal %d %d", x, y);
    assert_int_equal(R()->text_to_action(s, text, &id, err, errcap),
                     SAPPER_OK);
    return R()->apply_action(s, 0, id, err, errcap);
}

/* The mines as the omniscient view shows them; width*height entries. */
static void classic_mines(void *s, uint8_t *mine, int32_t *w, int32_t *h)
{
    static unsigned char buf[1 << 16];
    assert_true(R()->observe(s, SAPPER_OMNISCIENT, buf, sizeof buf) > 0);
    const sapper_mines_view *v = (const sapper_mines_view *)buf;
    const uint8_t *cells = sapper_mines_view_cells(buf, sizeof buf);
    *w = v->width;
    *h = v->height;
    for (int32_t c = 0; c < v->width * v->height; c++)
        mine[c] = cells[c] == SAPPER_CELL_MINE;
}

static void check_classic_no_guess(const char *const *args, int x, int y,
                                   const char *method, uint64_t seeds)
{
    for (uint64_t seed = 1; seed <= seeds; seed++) {
        play p = classic_state(args, seed);
        char err[512], json[512];
        uint8_t mine[480];
        int32_t w, h;
        if (classic_reveal(p.s, x, y, err, sizeof err) != SAPPER_OK)
            fail_msg("first reveal: %s", err);
        classic_mines(p.s, mine, &w, &h);
        assert_int_equal(mine[y * w + x], 0);
        assert_true(replay_clears(w, h, mine, y * w + x));
        R()->result_json(p.s, json, sizeof json);
        char want[64];
        snprintf(want, sizeof want, "\"no_guess_method\":\"%s\"", method);
        assert_non_null(strstr(json, want));
        assert_non_null(strstr(json, "\"no_guess\":true"));
        classic_done(p);
    }
}

static void test_classic_no_guess_boards_need_no_guess(void **u)
{
    (void)u;
    check_classic_no_guess(ARGS("no_guess=true", "preset=expert"), 0, 0,
                           "sample", 5);
    check_classic_no_guess(ARGS("no_guess=true", "preset=intermediate",
                                "first_click=opening"), 7, 9, "sample", 10);
    check_classic_no_guess(ARGS("no_guess=true", "preset=beginner",
                                "density=clouds"), 4, 4, "sample", 10);
}

static void test_classic_no_guess_auto_says_which_method_ran(void **u)
{
    (void)u;
    const char *const *dense = ARGS("no_guess=true", "no_guess_method=auto",
                                    "width=30", "height=16", "mines=130",
                                    "first_click=opening");
    check_classic_no_guess(dense, 10, 5, "perturb", 3);
    check_classic_no_guess(ARGS("no_guess=true", "no_guess_method=auto",
                                "preset=expert", "first_click=opening"),
                           10, 5, "sample", 3);
}

static void test_classic_no_guess_refuses_sample_above_its_limit(void **u)
{
    (void)u;
    void *game;
    char err[512];
    assert_int_equal(classic_game(&game, err, sizeof err,
                                  ARGS("no_guess=true", "width=30",
                                       "height=16", "mines=130")),
                     SAPPER_ERR_PARAM);
    assert_null(game);
    assert_string_equal(err, "no_guess_method = sample cannot draw no-guess "
                        "boards at 30x16 with 130 mines: even a first click "
                        "keeping 1 cell free (the cell clicked) leaves 479 "
                        "cells open to the mines, a density of 27.1%, above "
                        "the 25% limit of uniform sampling (the density where "
                        "it was measured to accept about 0.3% of 30x16 "
                        "boards); use no_guess_method = perturb (or auto), "
                        "or at most 119 mines");
    /* the same board is fine without no_guess, or with perturb */
    assert_int_equal(classic_game(&game, err, sizeof err,
                                  ARGS("width=30", "height=16", "mines=130")),
                     SAPPER_OK);
    R()->game_free(game);
    assert_int_equal(classic_game(&game, err, sizeof err,
                                  ARGS("no_guess=true", "width=30",
                                       "height=16", "mines=130",
                                       "no_guess_method=perturb")),
                     SAPPER_OK);
    R()->game_free(game);
}

/* Under first_click=opening a corner keeps 4 cells free, not 9: 6x4 with
   4 mines is 4 in 20 cells (20%) from a corner, within the sample limit,
   and most of its boards are no-guess, so sample draws one; with 6 mines
   even a corner leaves 30%, and the refusal says what it measured
   (issue 25 item 10). */
static void test_classic_no_guess_sample_counts_a_corner_opening_as_4(void **u)
{
    (void)u;
    void *game;
    char err[512];
    check_classic_no_guess(ARGS("no_guess=true", "no_guess_method=sample",
                                "width=6", "height=4", "mines=4",
                                "first_click=opening"), 0, 0, "sample", 5);
    assert_int_equal(classic_game(&game, err, sizeof err,
                                  ARGS("no_guess=true", "width=6", "height=4",
                                       "mines=6", "first_click=opening")),
                     SAPPER_ERR_PARAM);
    assert_null(game);
    assert_string_equal(err, "no_guess_method = sample cannot draw no-guess "
                        "boards at 6x4 with 6 mines: even a first click "
                        "keeping 4 cells free (a corner and its neighbours) "
                        "leaves 20 cells open to the mines, a density of "
                        "30.0%, above the 25% limit of uniform sampling (the "
                        "density where it was measured to accept about 0.3% "
                        "of 30x16 boards); use no_guess_method = perturb (or "
                        "auto), or at most 5 mines");
}

static void test_classic_no_guess_refuses_any_and_layouts(void **u)
{
    (void)u;
    void *game;
    char err[512];
    assert_int_equal(classic_game(&game, err, sizeof err,
                                  ARGS("no_guess=true", "first_click=any")),
                     SAPPER_ERR_PARAM);
    assert_string_equal(err, "no_guess = true needs first_click = safe or "
                        "opening: under any the board is drawn before the "
                        "first click, so no first click is sure to lead "
                        "anywhere");
    assert_int_equal(classic_game(&game, err, sizeof err,
                                  ARGS("density=clouds",
                                       "layout=" SAPPER_FIXTURES
                                       "/classic-3x3.txt")),
                     SAPPER_ERR_PARAM);
    assert_string_equal(err, "density = clouds draws the mines, but layout "
                        "fixes them: drop one of the two");
    assert_int_equal(classic_game(&game, err, sizeof err,
                                  ARGS("no_guess=true",
                                       "layout=" SAPPER_FIXTURES
                                       "/classic-3x3.txt")),
                     SAPPER_ERR_PARAM);
    assert_string_equal(err, "no_guess = true draws the mines, but layout "
                        "fixes them: drop one of the two");
}

static void test_classic_no_guess_budget_fails_the_first_reveal(void **u)
{
    (void)u;
    play p = classic_state(ARGS("no_guess=true", "width=30", "height=16",
                                "mines=119", "no_guess_attempts=3"), 4);
    char err[512], before[4096], after[4096];
    R()->render_text(p.s, SAPPER_OMNISCIENT, before, sizeof before);
    assert_int_equal(classic_reveal(p.s, 15, 8, err, sizeof err),
                     SAPPER_ERR_STATE);
    assert_string_equal(err, "no no-guess board found in 3 play-outs "
                        "(no_guess_method = sample, 30x16 with 119 mines, "
                        "density 24.8% of the cells open to mines, first "
                        "click 15 8): raise no_guess_attempts, use "
                        "no_guess_method = perturb or use fewer mines");
    /* nothing happened: still no mines, still the first reveal to come */
    R()->render_text(p.s, SAPPER_OMNISCIENT, after, sizeof after);
    assert_string_equal(before, after);
    assert_int_equal(R()->current_player(p.s), 0);
    classic_done(p);
}

static void test_classic_same_seed_same_no_guess_board(void **u)
{
    (void)u;
    const char *const *args = ARGS("no_guess=true", "preset=expert",
                                   "density=clouds");
    uint8_t a[480], b[480], c[480];
    int32_t w, h;
    char err[512];
    play p[3] = {classic_state(args, 77), classic_state(args, 77),
                 classic_state(args, 78)};
    uint8_t *out[3] = {a, b, c};
    for (int i = 0; i < 3; i++) {
        assert_int_equal(classic_reveal(p[i].s, 3, 3, err, sizeof err),
                         SAPPER_OK);
        classic_mines(p[i].s, out[i], &w, &h);
        classic_done(p[i]);
    }
    assert_memory_equal(a, b, sizeof a);
    assert_memory_not_equal(a, c, sizeof a);
}

static void test_classic_clouds_keep_the_count_and_the_first_click(void **u)
{
    (void)u;
    for (uint64_t seed = 1; seed <= 50; seed++) {
        play p = classic_state(ARGS("preset=expert", "density=clouds",
                                    "first_click=opening"), seed);
        char err[512], json[512];
        uint8_t mine[480];
        int32_t w, h;
        assert_int_equal(classic_reveal(p.s, 20, 10, err, sizeof err),
                         SAPPER_OK);
        classic_mines(p.s, mine, &w, &h);
        assert_int_equal(count_mines(mine, w * h), 99);
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++)
                assert_int_equal(mine[(10 + dy) * w + 20 + dx], 0);
        R()->result_json(p.s, json, sizeof json);
        assert_non_null(strstr(json, "\"density\":\"clouds\""));
        assert_null(strstr(json, "no_guess"));
        classic_done(p);
    }
    /* under any the clouds are drawn at state_new */
    play p = classic_state(ARGS("preset=expert", "density=clouds",
                                "first_click=any"), 3);
    uint8_t mine[480];
    int32_t w, h;
    classic_mines(p.s, mine, &w, &h);
    assert_int_equal(count_mines(mine, w * h), 99);
    classic_done(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_generate_sample_beginner_boards_need_no_guess),
        cmocka_unit_test(
            test_generate_sample_intermediate_boards_need_no_guess),
        cmocka_unit_test(test_generate_sample_expert_boards_need_no_guess),
        cmocka_unit_test(test_generate_perturb_dense_boards_need_no_guess),
        cmocka_unit_test(test_generate_clears_agrees_with_the_replay),
        cmocka_unit_test(
            test_generate_sample_is_uniform_over_no_guess_layouts),
        cmocka_unit_test(test_generate_perturb_draws_only_no_guess_layouts),
        cmocka_unit_test(test_generate_same_seed_same_board),
        cmocka_unit_test(test_generate_budget_runs_out_with_a_clear_error),
        cmocka_unit_test(test_generate_refuses_bad_requests),
        cmocka_unit_test(test_generate_auto_switches_at_the_sample_limit),
        cmocka_unit_test(test_clouds_place_exact_count_off_the_first_click),
        cmocka_unit_test(test_clouds_cluster_mines_more_than_uniform),
        cmocka_unit_test(test_clouds_weighted_draw_follows_the_weights),
        cmocka_unit_test(
            test_clouds_field_is_at_least_one_and_peaks_at_strength),
        cmocka_unit_test(test_classic_no_guess_boards_need_no_guess),
        cmocka_unit_test(test_classic_no_guess_auto_says_which_method_ran),
        cmocka_unit_test(
            test_classic_no_guess_refuses_sample_above_its_limit),
        cmocka_unit_test(test_classic_no_guess_sample_counts_a_corner_opening_as_4),
        cmocka_unit_test(test_classic_no_guess_refuses_any_and_layouts),
        cmocka_unit_test(test_classic_no_guess_budget_fails_the_first_reveal),
        cmocka_unit_test(test_classic_same_seed_same_no_guess_board),
        cmocka_unit_test(
            test_classic_clouds_keep_the_count_and_the_first_click),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
