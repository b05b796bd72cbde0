/*
 * test_stats_elo.c - the two-player statistics of core/stats/elo.c (Elo
 * and its error, nElo, LOS, the pentanomial pairs, the draw ratio)
 * against the vectors of docs/STATISTICS.md section 4 (to their stated
 * 0.01), and the edge cases (no games, all wins, no spread) where the
 * flags say what is undefined and nothing comes out NaN or inf.
 */
#include "stats_check.h"

/* ---------------------------------------------------------------- */
/* STATISTICS.md 4: two players (elo.c)                             */
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

/* docs/STATISTICS.md 4.9, vector T1: W=136, L=96, D=111. */
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

/* A coarser z of 1.9572 gives +-30.38 on the same data (vector T1). */
static void test_stats_elo_with_a_coarser_z_matches_reference_vector(void **state)
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
    /* LOS of the decisive games only (docs/STATISTICS.md 4.5). */
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stats_elo_score_conversions_round_trip),
        cmocka_unit_test(test_stats_elo_matches_reference_vector),
        cmocka_unit_test(test_stats_elo_with_a_coarser_z_matches_reference_vector),
        cmocka_unit_test(test_stats_nelo_matches_reference_vector),
        cmocka_unit_test(test_stats_los_matches_reference_vector),
        cmocka_unit_test(test_stats_pentanomial_matches_reference_vector),
        cmocka_unit_test(test_stats_pentanomial_mean_and_variance_per_pair),
        cmocka_unit_test(test_stats_penta_add_classifies_pairs),
        cmocka_unit_test(test_stats_elo_edge_cases_are_flagged_and_finite),
        cmocka_unit_test(test_stats_pentanomial_edge_cases_are_flagged_and_finite),
        cmocka_unit_test(test_stats_no_nan_or_inf_on_small_samples),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
