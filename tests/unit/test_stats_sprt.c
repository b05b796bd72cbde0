/*
 * test_stats_sprt.c - the SPRT of core/stats/sprt.c: its bounds, its
 * decision, and the log-likelihood ratio of every model against the
 * vectors of docs/STATISTICS.md section 5 (to their stated 0.01), with
 * the inputs each model refuses.
 */
#include "stats_check.h"

/* ---------------------------------------------------------------- */
/* STATISTICS.md 5: the SPRT (sprt.c)                               */
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

/* Vectors S1 and S2 of docs/STATISTICS.md 5.6 (variant 2; S1 also for
 * variant 1). */
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
 * on large samples (both give -1.57 on vector S1, docs/STATISTICS.md 5.6). */
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
    /* one class seen: the normal approximation waits (STATISTICS.md 5.2) */
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stats_sprt_bounds_match_reference),
        cmocka_unit_test(test_stats_sprt_decide_states),
        cmocka_unit_test(test_stats_sprt_llr_matches_reference_vector),
        cmocka_unit_test(test_stats_sprt_llr_normalized_matches_reference_vector),
        cmocka_unit_test(test_stats_sprt_llr_pentanomial_matches_reference_vector),
        cmocka_unit_test(test_stats_sprt_llr_bayes_models_match_reference_vector),
        cmocka_unit_test(test_stats_sprt_normal_approx_tracks_exact_llr),
        cmocka_unit_test(test_stats_sprt_llr_edge_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
