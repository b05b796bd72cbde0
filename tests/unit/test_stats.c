/*
 * test_stats.c - the tournament statistics (core/stats/stats.c) against every
 * test vector of /work/shared/reference/tournaments.md A.3 (to its stated
 * 0.01), published Wilson intervals, exact binomial sums, and the edge cases
 * (no games, all wins, all losses) where nothing may come out NaN or inf.
 * Pure arithmetic: needs only stats.c and libm.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>

#include "stats.h"

/* The reference's vectors are printed to two decimals and said to match to
 * 0.01; percentages are compared in percent. */
#define REF_TOL 0.01

static void assert_near(double actual, double expected, double tol)
{
    if (!(fabs(actual - expected) <= tol))
        fail_msg("expected %.10g within %.3g, got %.10g", expected, tol, actual);
}

static void assert_rel(double actual, double expected, double rel)
{
    assert_near(actual, expected, rel * fabs(expected));
}

static void assert_stats_finite(const sapper_elo_stats *s)
{
    const double v[] = {s->score, s->variance, s->se, s->elo, s->elo_error,
                        s->nelo, s->nelo_error, s->los, s->draw_ratio};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        if (!isfinite(v[i]))
            fail_msg("field %zu is not finite", i);
    assert_true(s->score >= 0 && s->score <= 1);
    assert_true(s->los >= 0 && s->los <= 1);
    assert_true(s->elo_error >= 0 && s->nelo_error >= 0);
}

/* ---------------------------------------------------------------- */
/* Normal distribution and binomial helpers                          */
/* ---------------------------------------------------------------- */

static void test_stats_normal_quantile_matches_known_values(void **state)
{
    (void)state;
    assert_near(sapper_normal_quantile(0.975), SAPPER_Z95, 1e-13);
    assert_near(sapper_z_for_confidence(0.95), SAPPER_Z95, 1e-13);
    assert_near(sapper_z_for_confidence(0.99), 2.5758293035489004, 1e-12);
    assert_near(sapper_normal_quantile(0.5), 0, 1e-15);
    assert_near(sapper_normal_quantile(0.8413447460685429), 1, 1e-12);
    assert_near(sapper_normal_cdf(1.96), 0.9750021048517795, 1e-15);
}

static void test_stats_normal_quantile_inverts_cdf_into_the_tails(void **state)
{
    (void)state;
    for (double lp = -300; lp < -0.4; lp += 0.37) {   /* p < 0.4 */
        double p = pow(10, lp);
        assert_rel(sapper_normal_cdf(sapper_normal_quantile(p)), p, 1e-12);
        double x = sapper_normal_quantile(1 - p);
        assert_true(isfinite(x) && x > 0);
    }
    for (double p = 0.001; p < 0.999; p += 0.0137)
        assert_rel(sapper_normal_cdf(sapper_normal_quantile(p)), p, 1e-13);
}

static void test_stats_normal_quantile_edges_are_finite(void **state)
{
    (void)state;
    assert_near(sapper_normal_quantile(0), -40, 0);
    assert_near(sapper_normal_quantile(1), 40, 0);
    assert_near(sapper_normal_quantile(NAN), 0, 0);
    assert_true(isfinite(sapper_normal_quantile(1e-320)));
    assert_near(sapper_z_for_confidence(0), SAPPER_Z95, 0);
    assert_near(sapper_z_for_confidence(1), SAPPER_Z95, 0);
}

static void test_stats_log_choose_matches_exact_values(void **state)
{
    (void)state;
    assert_near(sapper_log_choose(10, 3), log(120.0), 1e-12);
    assert_near(sapper_log_choose(60, 30), log(118264581564861424.0), 1e-10);
    assert_near(sapper_log_choose(7, 0), 0, 1e-12);
    assert_near(sapper_log_choose(7, 7), 0, 1e-12);
}

/* ---------------------------------------------------------------- */
/* One proportion                                                    */
/* ---------------------------------------------------------------- */

static void expect_wilson(uint64_t wins, uint64_t n, double lo, double hi)
{
    sapper_interval ci;
    sapper_wilson(wins, n, 1.96, &ci);
    assert_near(ci.lo, lo, 5e-5);
    assert_near(ci.hi, hi, 5e-5);
}

/* 8/10 and 0/10 from the brief; the others are Newcombe (1998), "Two-sided
 * confidence intervals for the single proportion", Table I, method 3. */
static void test_stats_wilson_matches_known_values(void **state)
{
    (void)state;
    expect_wilson(8, 10, 0.4902, 0.9433);
    expect_wilson(0, 10, 0, 0.2775);
    expect_wilson(10, 10, 0.7225, 1);
    expect_wilson(81, 263, 0.2553, 0.3662);
    expect_wilson(15, 148, 0.0624, 0.1605);
    expect_wilson(0, 20, 0, 0.1611);
    expect_wilson(1, 29, 0.0061, 0.1718);
}

/* Issue 27: an entrant's void share is named only when its 99.9% Wilson
   interval clears the others' (10/100 against 10/1000: [3.8%, ...] above
   [..., 2.7%]; 6/100 reaches down to 1.7%, inside). */
static void test_stats_void_share_stands_out_only_when_intervals_part(void **state)
{
    (void)state;
    assert_true(sapper_share_stands_out(224, 300, 0, 300));
    assert_true(sapper_share_stands_out(10, 100, 10, 1000));
    assert_false(sapper_share_stands_out(6, 100, 10, 1000));
    assert_false(sapper_share_stands_out(3, 100, 2, 100));
    assert_false(sapper_share_stands_out(0, 100, 0, 100));
    assert_false(sapper_share_stands_out(5, 5, 0, 0));   /* no one to compare with */
}

static void test_stats_wilson_edge_cases_stay_in_unit_interval(void **state)
{
    (void)state;
    sapper_interval ci, def;
    sapper_wilson(0, 0, 1.96, &ci);   /* no games: no information */
    assert_near(ci.lo, 0, 0);
    assert_near(ci.hi, 1, 0);
    sapper_wilson(0, 10, 1.96, &ci);  /* exact bounds, not rounding */
    assert_near(ci.lo, 0, 0);
    sapper_wilson(10, 10, 1.96, &ci);
    assert_near(ci.hi, 1, 0);
    sapper_wilson(12, 10, 1.96, &ci); /* wins > n counts as n */
    assert_near(ci.hi, 1, 0);
    assert_near(ci.lo, 0.7225, 5e-5);
    sapper_wilson(3, 7, 0, &def);     /* z <= 0: the 95 % default */
    sapper_wilson(3, 7, SAPPER_Z95, &ci);
    assert_near(def.lo, ci.lo, 0);
    assert_near(def.hi, ci.hi, 0);
    sapper_wilson(500000000, 1000000000, 1.96, &ci);
    assert_true(ci.lo < 0.5 && ci.hi > 0.5 && ci.hi - ci.lo < 1e-4);
}

static void test_stats_proportion_se_is_wald_error(void **state)
{
    (void)state;
    assert_near(sapper_proportion_se(5, 10), sqrt(0.025), 1e-15);
    assert_near(sapper_proportion_se(0, 10), 0, 0);
    assert_near(sapper_proportion_se(10, 10), 0, 0);
    assert_near(sapper_proportion_se(0, 0), 0, 0);
}

static void test_stats_mean_placement_and_its_error(void **state)
{
    (void)state;
    const uint64_t counts[] = {2, 1, 1};   /* places 1, 1, 2, 3 */
    double se = -1;
    assert_near(sapper_mean_placement(counts, 3, &se), 1.75, 1e-15);
    assert_near(se, sqrt(2.75 / 3 / 4), 1e-15);
    const uint64_t none[] = {0, 0};
    assert_near(sapper_mean_placement(none, 2, &se), 0, 0);
    assert_near(se, 0, 0);
    const uint64_t one[] = {0, 1};
    assert_near(sapper_mean_placement(one, 2, &se), 2, 0);
    assert_near(se, 0, 0);
    assert_near(sapper_mean_placement(counts, 3, NULL), 1.75, 1e-15);
}

/* ---------------------------------------------------------------- */
/* Paired comparison                                                 */
/* ---------------------------------------------------------------- */

/* 2 sum_{i <= min(b,c)} C(n, i) / 2^n with exact integers (n <= 60). */
static double exact_sign_p(uint64_t b, uint64_t c)
{
    uint64_t n = b + c, k = b < c ? b : c, choose = 1, tail = 0;
    for (uint64_t i = 0; i <= k; i++) {
        tail += choose;
        choose = choose * (n - i) / (i + 1);
    }
    double p = 2 * ldexp((double)tail, -(int)n);
    return p > 1 ? 1 : p;
}

static void test_stats_sign_test_exact_small_n(void **state)
{
    (void)state;
    assert_near(sapper_sign_test_p(8, 2), 0.109375, 1e-15);
    assert_near(sapper_sign_test_p(2, 8), 0.109375, 1e-15);
    assert_near(sapper_sign_test_p(10, 0), 2.0 / 1024, 1e-17);
    assert_near(sapper_sign_test_p(5, 5), 1, 0);
    assert_near(sapper_sign_test_p(1, 0), 1, 0);
    assert_near(sapper_sign_test_p(0, 0), 1, 0);
    for (uint64_t b = 0; b <= 30; b++)
        for (uint64_t c = 0; c <= 30; c++)
            assert_rel(sapper_sign_test_p(b, c), exact_sign_p(b, c), 1e-11);
}

/* For large n the exact test and the continuity-corrected McNemar test
 * (its normal approximation) agree to O(1/n). */
static void test_stats_sign_test_large_n_is_stable(void **state)
{
    (void)state;
    sapper_paired pr;
    sapper_paired_compare(500800, 499200, &pr);
    assert_rel(pr.sign_p, pr.mcnemar_cc_p, 1e-5);
    sapper_paired_compare(5004000, 4996000, &pr);
    assert_rel(pr.sign_p, pr.mcnemar_cc_p, 1e-5);
    double tiny = sapper_sign_test_p(3000000, 2900000);
    assert_true(isfinite(tiny) && tiny >= 0 && tiny < 1e-300);
    assert_near(sapper_sign_test_p(5000000, 5000000), 1, 0);
    assert_near(sapper_sign_test_p(4000000, 0), 0, 0);
}

static void test_stats_mcnemar_with_and_without_correction(void **state)
{
    (void)state;
    sapper_paired pr;
    sapper_paired_compare(10, 2, &pr);
    assert_near(pr.mcnemar, 64.0 / 12, 1e-14);
    assert_near(pr.mcnemar_p, 0.020921335337794028, 1e-14);
    assert_near(pr.mcnemar_cc, 49.0 / 12, 1e-14);
    assert_near(pr.mcnemar_cc_p, 0.04330814281079198, 1e-14);
    assert_near(pr.sign_p, exact_sign_p(10, 2), 1e-15);
    sapper_paired_compare(7, 7, &pr);
    assert_near(pr.mcnemar_cc, 0, 0);
    assert_near(pr.mcnemar_p, 1, 0);
    sapper_paired_compare(0, 0, &pr);
    assert_near(pr.mcnemar, 0, 0);
    assert_near(pr.mcnemar_cc_p, 1, 0);
    assert_near(pr.sign_p, 1, 0);
    assert_near(sapper_chi2_1_p(3.841458820694124), 0.05, 1e-12);
}

/* ---------------------------------------------------------------- */
/* Two-player: Elo, nElo, LOS                                        */
/* ---------------------------------------------------------------- */

static void test_stats_elo_score_conversions_round_trip(void **state)
{
    (void)state;
    assert_near(sapper_elo_from_score(0.75), 190.848501887865, 1e-9);
    assert_near(sapper_elo_from_score(0.5), 0, 1e-12);
    for (double e = -1000; e <= 1000; e += 37.5)
        assert_near(sapper_elo_from_score(sapper_score_from_elo(e)), e, 1e-8);
    assert_true(isfinite(sapper_elo_from_score(0)));
    assert_true(isfinite(sapper_elo_from_score(1)));
    assert_true(sapper_elo_from_score(1) > 4000);
}

/* tournaments.md A.3 row 1: W=136, L=96, D=111. */
static void test_stats_elo_matches_reference_vector(void **state)
{
    (void)state;
    sapper_elo_stats s;
    sapper_elo_from_wdl(136, 111, 96, SAPPER_Z95, &s);
    assert_int_equal(s.flags, 0);
    assert_int_equal(s.n, 343);
    assert_near(s.score, 0.558, 0.001);
    assert_near(s.elo, 40.70, REF_TOL);
    assert_near(s.elo_error, 30.43, REF_TOL);
    assert_near(s.draw_ratio, 111.0 / 343, 1e-15);
}

/* cutechess's approximate z gives its +-30.38 on the same data. */
static void test_stats_elo_with_cutechess_z_matches_reference_vector(void **state)
{
    (void)state;
    sapper_elo_stats s;
    sapper_elo_from_wdl(136, 111, 96, 1.9572, &s);
    assert_near(s.elo, 40.70, REF_TOL);
    assert_near(s.elo_error, 30.38, REF_TOL);
}

static void test_stats_nelo_matches_reference_vector(void **state)
{
    (void)state;
    sapper_elo_stats s;
    sapper_elo_from_wdl(136, 111, 96, 0, &s);
    assert_near(s.nelo, 49.77, REF_TOL);
    assert_near(s.nelo_error, 36.77, REF_TOL);
    sapper_elo_from_wdl(76, 123, 89, 0, &s);
    assert_near(s.nelo, -20.76, REF_TOL);
    assert_near(s.nelo_error, 40.13, REF_TOL);
}

static void test_stats_los_matches_reference_vector(void **state)
{
    (void)state;
    sapper_elo_stats s;
    sapper_elo_from_wdl(136, 111, 96, 0, &s);
    assert_near(100 * s.los, 99.60, REF_TOL);
    sapper_elo_from_wdl(76, 123, 89, 0, &s);
    assert_near(100 * s.los, 15.53, REF_TOL);
    sapper_penta p = {.ll = 332, .ld = 433, .wl = 457, .dd = 41, .wd = 333,
                      .ww = 334};
    sapper_elo_from_penta(&p, 0, &s);
    assert_near(100 * s.los, 5.05, REF_TOL);
    /* cutechess counts decisive games only. */
    assert_near(100 * sapper_los_decisive(136, 96), 99.57, REF_TOL);
    assert_near(sapper_los_decisive(0, 0), 0.5, 0);
    assert_near(sapper_los_decisive(7, 7), 0.5, 1e-15);
}

static void test_stats_pentanomial_matches_reference_vector(void **state)
{
    (void)state;
    sapper_elo_stats s;
    sapper_penta a = {.ll = 34, .ld = 54, .wl = 31, .dd = 32, .wd = 64,
                      .ww = 75};
    sapper_elo_from_penta(&a, SAPPER_Z95, &s);
    assert_int_equal(s.flags, 0);
    assert_int_equal(s.n, 290);
    assert_near(s.elo, 55.58, REF_TOL);
    assert_near(s.elo_error, 27.65, REF_TOL);
    assert_near(s.nelo, 57.94, REF_TOL);
    assert_near(s.nelo_error, 28.28, REF_TOL);
    assert_near(s.draw_ratio, 63.0 / 290, 1e-15);

    sapper_penta b = {.ll = 332, .ld = 433, .wl = 457, .dd = 41, .wd = 333,
                      .ww = 334};
    sapper_elo_from_penta(&b, SAPPER_Z95, &s);
    assert_near(s.elo, -8.64, REF_TOL);
    assert_near(s.elo_error, 10.33, REF_TOL);
    assert_near(s.nelo, -9.17, REF_TOL);
    assert_near(s.nelo_error, 10.96, REF_TOL);
}

/* The pentanomial mean and per-pair variance by hand: pairs scoring
 * 0, 1/2 and 1 once each give s = 1/2, var = 1/6. */
static void test_stats_pentanomial_mean_and_variance_per_pair(void **state)
{
    (void)state;
    sapper_elo_stats s;
    sapper_penta p = {.ll = 1, .dd = 1, .ww = 1};
    sapper_elo_from_penta(&p, 0, &s);
    assert_near(s.score, 0.5, 1e-15);
    assert_near(s.variance, 1.0 / 6, 1e-15);
    assert_near(s.se, sqrt(1.0 / 18), 1e-15);
    assert_near(s.draw_ratio, 1.0 / 3, 1e-15);
}

static void test_stats_penta_add_classifies_pairs(void **state)
{
    (void)state;
    sapper_penta p = {0};
    sapper_penta_add(&p, 0, 0);
    sapper_penta_add(&p, 0, 1);
    sapper_penta_add(&p, 1, 0);
    sapper_penta_add(&p, 2, 0);
    sapper_penta_add(&p, 0, 2);
    sapper_penta_add(&p, 1, 1);
    sapper_penta_add(&p, 2, 1);
    sapper_penta_add(&p, 2, 2);
    sapper_penta_add(&p, 3, 0);   /* not a result: ignored */
    sapper_penta_add(&p, -1, 2);
    assert_int_equal(p.ll, 1);
    assert_int_equal(p.ld, 2);
    assert_int_equal(p.wl, 2);
    assert_int_equal(p.dd, 1);
    assert_int_equal(p.wd, 1);
    assert_int_equal(p.ww, 1);
}

static void test_stats_elo_edge_cases_are_flagged_and_finite(void **state)
{
    (void)state;
    sapper_elo_stats s;
    sapper_elo_from_wdl(0, 0, 0, 0, &s);
    assert_stats_finite(&s);
    assert_int_equal(s.flags, SAPPER_STATS_EMPTY);
    assert_near(s.score, 0.5, 0);
    assert_near(s.los, 0.5, 0);

    sapper_elo_from_wdl(10, 0, 0, 0, &s);     /* all wins */
    assert_stats_finite(&s);
    assert_true(s.flags & SAPPER_STATS_ELO_INFINITE);
    assert_true(s.flags & SAPPER_STATS_NELO_INFINITE);
    assert_near(s.score, 1, 0);
    assert_near(s.elo, 0, 0);
    assert_near(s.los, 1, 0);

    sapper_elo_from_wdl(0, 0, 10, 0, &s);     /* all losses */
    assert_stats_finite(&s);
    assert_true(s.flags & SAPPER_STATS_ELO_INFINITE);
    assert_near(s.los, 0, 0);

    sapper_elo_from_wdl(0, 10, 0, 0, &s);     /* all draws: no spread */
    assert_stats_finite(&s);
    assert_int_equal(s.flags, 0);
    assert_near(s.elo, 0, 0);
    assert_near(s.los, 0.5, 0);
    assert_near(s.draw_ratio, 1, 0);

    sapper_elo_from_wdl(5, 0, 1, 0, &s);      /* interval leaves (0, 1) */
    assert_stats_finite(&s);
    assert_int_equal(s.flags, SAPPER_STATS_ERROR_INFINITE);
    assert_near(s.elo, sapper_elo_from_score(5.0 / 6), 1e-12);
    assert_near(s.elo_error, 0, 0);
}

static void test_stats_pentanomial_edge_cases_are_flagged_and_finite(void **state)
{
    (void)state;
    sapper_elo_stats s;
    sapper_penta empty = {0};
    sapper_elo_from_penta(&empty, 0, &s);
    assert_stats_finite(&s);
    assert_int_equal(s.flags, SAPPER_STATS_EMPTY);

    sapper_penta ld = {.ld = 8};             /* finite Elo, no spread */
    sapper_elo_from_penta(&ld, 0, &s);
    assert_stats_finite(&s);
    assert_int_equal(s.flags, SAPPER_STATS_NELO_INFINITE);
    assert_near(s.elo, sapper_elo_from_score(0.25), 1e-12);
    assert_near(s.elo_error, 0, 0);
    assert_near(s.los, 0, 0);

    sapper_penta ww = {.ww = 3};
    sapper_elo_from_penta(&ww, 0, &s);
    assert_stats_finite(&s);
    assert_true(s.flags & SAPPER_STATS_ELO_INFINITE);
}

/* Every small W/D/L and a spread of pentanomials: nothing non-finite. */
static void test_stats_no_nan_or_inf_on_small_samples(void **state)
{
    (void)state;
    sapper_elo_stats s;
    for (uint64_t w = 0; w < 7; w++)
        for (uint64_t d = 0; d < 7; d++)
            for (uint64_t l = 0; l < 7; l++) {
                sapper_elo_from_wdl(w, d, l, 0, &s);
                assert_stats_finite(&s);
                for (int m = SAPPER_SPRT_NORMAL_APPROX; m <= SAPPER_SPRT_BAYESIAN; m++) {
                    double llr = NAN;
                    assert_int_equal(sapper_sprt_llr_wdl(w, d, l, 0, 5, m, &llr), 0);
                    assert_true(isfinite(llr));
                }
            }
    for (unsigned mask = 0; mask < 64; mask++) {
        sapper_penta p = {.ll = mask & 1, .ld = (mask >> 1) & 1,
                          .wl = (mask >> 2) & 1, .dd = (mask >> 3) & 1,
                          .wd = (mask >> 4) & 1, .ww = (mask >> 5) & 1};
        sapper_elo_from_penta(&p, 0, &s);
        assert_stats_finite(&s);
        for (int m = SAPPER_SPRT_NORMAL_APPROX; m <= SAPPER_SPRT_NORMALIZED; m++) {
            double llr = NAN;
            assert_int_equal(sapper_sprt_llr_penta(&p, -3, 3, m, &llr), 0);
            assert_true(isfinite(llr));
        }
    }
}

/* ---------------------------------------------------------------- */
/* Two-player: SPRT                                                  */
/* ---------------------------------------------------------------- */

static void test_stats_sprt_bounds_match_reference(void **state)
{
    (void)state;
    double lo = 0, hi = 0;
    assert_int_equal(sapper_sprt_bounds(0.05, 0.05, &lo, &hi), 0);
    assert_near(lo, -log(19.0), 1e-14);
    assert_near(hi, log(19.0), 1e-14);
    assert_near(hi, 2.944, 0.0005);
    assert_int_equal(sapper_sprt_bounds(0.1, 0.2, &lo, &hi), 0);
    assert_near(lo, log(0.2 / 0.9), 1e-14);
    assert_near(hi, log(0.8 / 0.1), 1e-14);
    assert_int_equal(sapper_sprt_bounds(0, 0.05, &lo, &hi), -1);
    assert_int_equal(sapper_sprt_bounds(0.5, 0.5, &lo, &hi), -1);
    assert_near(hi, log(8.0), 1e-14);   /* untouched on failure */
}

static void test_stats_sprt_decide_states(void **state)
{
    (void)state;
    assert_int_equal(sapper_sprt_decide(0, -2.94, 2.94), SAPPER_SPRT_CONTINUE);
    assert_int_equal(sapper_sprt_decide(2.94, -2.94, 2.94), SAPPER_SPRT_ACCEPT_H1);
    assert_int_equal(sapper_sprt_decide(3.5, -2.94, 2.94), SAPPER_SPRT_ACCEPT_H1);
    assert_int_equal(sapper_sprt_decide(-2.94, -2.94, 2.94), SAPPER_SPRT_ACCEPT_H0);
    assert_int_equal(sapper_sprt_decide(-9, -2.94, 2.94), SAPPER_SPRT_ACCEPT_H0);
}

static double llr_wdl(uint64_t w, uint64_t l, uint64_t d, double e0,
                      double e1, sapper_sprt_model m)
{
    double llr = NAN;
    assert_int_equal(sapper_sprt_llr_wdl(w, d, l, e0, e1, m, &llr), 0);
    return llr;
}

static double llr_penta(sapper_penta p, double e0, double e1,
                        sapper_sprt_model m)
{
    double llr = NAN;
    assert_int_equal(sapper_sprt_llr_penta(&p, e0, e1, m, &llr), 0);
    return llr;
}

/* Logistic trinomial rows (variant 2; the first also for variant 1). */
static void test_stats_sprt_llr_matches_reference_vector(void **state)
{
    (void)state;
    assert_near(llr_wdl(21404, 21184, 40708, 0.5, 2.5, SAPPER_SPRT_LOGISTIC),
                -1.57, REF_TOL);
    assert_near(llr_wdl(21404, 21184, 40708, 0.5, 2.5, SAPPER_SPRT_NORMAL_APPROX),
                -1.57, REF_TOL);
    assert_near(llr_wdl(57433, 57030, 106593, 0, 2, SAPPER_SPRT_LOGISTIC),
                -2.59, REF_TOL);
}

static void test_stats_sprt_llr_normalized_matches_reference_vector(void **state)
{
    (void)state;
    assert_near(llr_wdl(36433, 36027, 68692, 0, 2, SAPPER_SPRT_NORMALIZED),
                0.92, REF_TOL);
    assert_near(llr_wdl(10871, 10650, 20431, -1.75, 0.25, SAPPER_SPRT_NORMALIZED),
                2.30, REF_TOL);
}

static void test_stats_sprt_llr_pentanomial_matches_reference_vector(void **state)
{
    (void)state;
    sapper_penta a = {.ll = 223, .ld = 9863, .wl = 20279, .dd = 1000,
                      .wd = 10037, .ww = 246};
    assert_near(llr_penta(a, 0.5, 2.5, SAPPER_SPRT_LOGISTIC), -3.07, REF_TOL);
    sapper_penta b = {.ll = 365, .ld = 16618, .wl = 36029, .dd = 200,
                      .wd = 16974, .ww = 390};
    assert_near(llr_penta(b, 0, 2, SAPPER_SPRT_NORMALIZED), 2.25, REF_TOL);
}

static void test_stats_sprt_llr_bayes_models_match_reference_vector(void **state)
{
    (void)state;
    assert_near(llr_wdl(68965, 68526, 128429, 0, 2, SAPPER_SPRT_BAYESIAN),
                -1.26, REF_TOL);
    assert_near(llr_wdl(68965, 68526, 128429, 0, 2, SAPPER_SPRT_BAYESELO),
                -3.63, REF_TOL);
}

/* The generalized LLR against its normal approximation: they agree closely
 * on large samples (tournaments.md notes -1.57 for both on row 5). */
static void test_stats_sprt_normal_approx_tracks_exact_llr(void **state)
{
    (void)state;
    sapper_penta a = {.ll = 223, .ld = 9863, .wl = 20279, .dd = 1000,
                      .wd = 10037, .ww = 246};
    assert_near(llr_penta(a, 0.5, 2.5, SAPPER_SPRT_NORMAL_APPROX),
                llr_penta(a, 0.5, 2.5, SAPPER_SPRT_LOGISTIC), 0.01);
}

static void test_stats_sprt_llr_edge_cases(void **state)
{
    (void)state;
    double llr = 1;
    sapper_penta none = {0}, some = {.ww = 3, .ll = 1};
    assert_near(llr_wdl(0, 0, 0, 0, 5, SAPPER_SPRT_LOGISTIC), 0, 0);
    assert_near(llr_penta(none, 0, 5, SAPPER_SPRT_NORMALIZED), 0, 0);
    /* one class seen: the normal approximation waits (c-chess-cli) */
    assert_near(llr_wdl(9, 0, 0, 0, 5, SAPPER_SPRT_NORMAL_APPROX), 0, 0);
    /* winning every game favours the better hypothesis */
    assert_true(llr_wdl(50, 0, 0, 0, 5, SAPPER_SPRT_LOGISTIC) > 0);
    assert_true(llr_wdl(0, 50, 0, 0, 5, SAPPER_SPRT_NORMALIZED) < 0);
    assert_int_equal(sapper_sprt_llr_wdl(1, 1, 1, 5, 5, SAPPER_SPRT_LOGISTIC, &llr), -1);
    assert_near(llr, 0, 0);
    assert_int_equal(sapper_sprt_llr_wdl(1, 1, 1, 0, INFINITY, SAPPER_SPRT_LOGISTIC, &llr), -1);
    assert_int_equal(sapper_sprt_llr_penta(&some, 0, 5, SAPPER_SPRT_BAYESELO, &llr), -1);
    assert_int_equal(sapper_sprt_llr_penta(&some, 0, 5, SAPPER_SPRT_BAYESIAN, &llr), -1);
}

/* ---------------------------------------------------------------- */
/* N-player: Bradley-Terry                                           */
/* ---------------------------------------------------------------- */

/* Expected win counts under known strengths are their own MLE: the fit
 * must give back 400 log10 g, centred on 0. */
static void test_stats_bradley_terry_recovers_known_strengths(void **state)
{
    (void)state;
    const double g[] = {1, 2, 4, 0.5, 8};
    const size_t k = 5;
    double wins[25], elo[5], mean = 0;
    for (size_t i = 0; i < k; i++)
        for (size_t j = 0; j < k; j++)
            wins[i * k + j] = i == j ? 0 : 100 * g[i] / (g[i] + g[j]);
    sapper_bt_report rep;
    assert_int_equal(sapper_bradley_terry(k, wins, 0, elo, &rep), 0);
    assert_true(rep.converged);
    assert_true(rep.iterations < SAPPER_BT_MAX_ITER);
    for (size_t i = 0; i < k; i++)
        mean += 400 * log10(g[i]) / (double)k;
    for (size_t i = 0; i < k; i++)
        assert_near(elo[i], 400 * log10(g[i]) - mean, 1e-6);
}

/* Two players reduce to the logistic Elo of the score: 30-10 is 0.75. */
static void test_stats_bradley_terry_two_players_match_logistic_elo(void **state)
{
    (void)state;
    const double wins[] = {0, 30, 10, 0};
    double elo[2];
    assert_int_equal(sapper_bradley_terry(2, wins, 0, elo, NULL), 0);
    assert_near(elo[0] - elo[1], sapper_elo_from_score(0.75), 1e-6);
    assert_near(elo[0] + elo[1], 0, 1e-9);
}

/* Two players, 60 wins to 40: each rating's error is 1.96 * 400 / ln 10 /
   (2 sqrt(100 * 0.6 * 0.4)) = 34.75 Elo; the pseudo-inverse of the
   information says the same. A third player who met nobody has none. */
static void test_stats_bradley_terry_errors_two_players(void **state)
{
    (void)state;
    double wins[4] = {0, 60, 40, 0}, elo[2], err[2];
    assert_int_equal(sapper_bradley_terry(2, wins, 0, elo, NULL), 0);
    assert_int_equal(sapper_bradley_terry_errors(2, wins, 0, elo, err), 0);
    double want = SAPPER_Z95 * 400 / log(10) / (2 * sqrt(100 * 0.6 * 0.4));
    assert_true(fabs(err[0] - want) < 1e-9);
    assert_true(fabs(err[1] - want) < 1e-9);
    /* four times the games: half the error */
    double more[4] = {0, 240, 160, 0};
    assert_int_equal(sapper_bradley_terry_errors(2, more, 0, elo, err), 0);
    assert_true(fabs(err[0] - want / 2) < 1e-9);
}

static void test_stats_bradley_terry_errors_grow_for_the_less_seen(void **state)
{
    (void)state;
    /* a and b met 200 times, c met a 20 times: c's rating is less sure */
    double wins[9] = {0, 100, 12, 100, 0, 0, 8, 0, 0}, elo[3], err[3];
    assert_int_equal(sapper_bradley_terry(3, wins, 0.1, elo, NULL), 0);
    assert_int_equal(sapper_bradley_terry_errors(3, wins, 0.1, elo, err), 0);
    assert_true(err[2] > err[0] && err[2] > err[1]);
    assert_true(isfinite(err[0]) && err[0] > 0);
}

static void test_stats_bradley_terry_prior_keeps_unbeaten_player_finite(void **state)
{
    (void)state;
    /* player 0 never loses; 1 and 2 split their games */
    const double wins[] = {0, 5, 5,
                           0, 0, 3,
                           0, 3, 0};
    double elo[3] = {7, 7, 7};
    sapper_bt_report rep;
    assert_int_equal(sapper_bradley_terry(3, wins, 0, elo, &rep), -1);
    assert_false(rep.converged);
    assert_near(elo[0], 0, 0);
    assert_int_equal(sapper_bradley_terry(3, wins, SAPPER_BT_PRIOR, elo, &rep), 0);
    assert_true(rep.converged);
    for (int i = 0; i < 3; i++)
        assert_true(isfinite(elo[i]));
    assert_true(elo[0] > elo[1] && elo[0] > elo[2]);
    assert_near(elo[1], elo[2], 1e-6);
    assert_near(elo[0] + elo[1] + elo[2], 0, 1e-9);
}

static void test_stats_bradley_terry_small_and_empty_inputs(void **state)
{
    (void)state;
    double elo[3] = {5, 5, 5};
    const double one[] = {0};
    assert_int_equal(sapper_bradley_terry(0, one, 0, elo, NULL), 0);
    assert_int_equal(sapper_bradley_terry(1, one, 0, elo, NULL), 0);
    assert_near(elo[0], 0, 0);
    const double none[9] = {0};   /* nobody played: only the prior speaks */
    assert_int_equal(sapper_bradley_terry(3, none, 0, elo, NULL), -1);
    assert_int_equal(sapper_bradley_terry(3, none, SAPPER_BT_PRIOR, elo, NULL), 0);
    for (int i = 0; i < 3; i++)
        assert_near(elo[i], 0, 1e-9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stats_normal_quantile_matches_known_values),
        cmocka_unit_test(test_stats_normal_quantile_inverts_cdf_into_the_tails),
        cmocka_unit_test(test_stats_normal_quantile_edges_are_finite),
        cmocka_unit_test(test_stats_log_choose_matches_exact_values),
        cmocka_unit_test(test_stats_wilson_matches_known_values),
        cmocka_unit_test(test_stats_wilson_edge_cases_stay_in_unit_interval),
        cmocka_unit_test(test_stats_void_share_stands_out_only_when_intervals_part),
        cmocka_unit_test(test_stats_proportion_se_is_wald_error),
        cmocka_unit_test(test_stats_mean_placement_and_its_error),
        cmocka_unit_test(test_stats_sign_test_exact_small_n),
        cmocka_unit_test(test_stats_sign_test_large_n_is_stable),
        cmocka_unit_test(test_stats_mcnemar_with_and_without_correction),
        cmocka_unit_test(test_stats_elo_score_conversions_round_trip),
        cmocka_unit_test(test_stats_elo_matches_reference_vector),
        cmocka_unit_test(test_stats_elo_with_cutechess_z_matches_reference_vector),
        cmocka_unit_test(test_stats_nelo_matches_reference_vector),
        cmocka_unit_test(test_stats_los_matches_reference_vector),
        cmocka_unit_test(test_stats_pentanomial_matches_reference_vector),
        cmocka_unit_test(test_stats_pentanomial_mean_and_variance_per_pair),
        cmocka_unit_test(test_stats_penta_add_classifies_pairs),
        cmocka_unit_test(test_stats_elo_edge_cases_are_flagged_and_finite),
        cmocka_unit_test(test_stats_pentanomial_edge_cases_are_flagged_and_finite),
        cmocka_unit_test(test_stats_no_nan_or_inf_on_small_samples),
        cmocka_unit_test(test_stats_sprt_bounds_match_reference),
        cmocka_unit_test(test_stats_sprt_decide_states),
        cmocka_unit_test(test_stats_sprt_llr_matches_reference_vector),
        cmocka_unit_test(test_stats_sprt_llr_normalized_matches_reference_vector),
        cmocka_unit_test(test_stats_sprt_llr_pentanomial_matches_reference_vector),
        cmocka_unit_test(test_stats_sprt_llr_bayes_models_match_reference_vector),
        cmocka_unit_test(test_stats_sprt_normal_approx_tracks_exact_llr),
        cmocka_unit_test(test_stats_sprt_llr_edge_cases),
        cmocka_unit_test(test_stats_bradley_terry_recovers_known_strengths),
        cmocka_unit_test(test_stats_bradley_terry_two_players_match_logistic_elo),
        cmocka_unit_test(test_stats_bradley_terry_prior_keeps_unbeaten_player_finite),
        cmocka_unit_test(test_stats_bradley_terry_errors_two_players),
        cmocka_unit_test(test_stats_bradley_terry_errors_grow_for_the_less_seen),
        cmocka_unit_test(test_stats_bradley_terry_small_and_empty_inputs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
