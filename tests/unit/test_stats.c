/*
 * test_stats.c - the distributions, proportions and paired tests of
 * core/stats (normal.c, proportion.c, paired.c) against the values of
 * docs/STATISTICS.md sections 1-3, exact binomial sums, and the edge
 * cases (no games, all wins, all losses) where nothing may come out NaN
 * or inf. The two-player and rating tests are in test_stats_elo.c,
 * test_stats_sprt.c and test_stats_bradley_terry.c.
 */
#include "stats_check.h"

/* ---------------------------------------------------------------- */
/* STATISTICS.md 1: the normal distribution (normal.c)              */
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
/* STATISTICS.md 2: one proportion (proportion.c)                   */
/* ---------------------------------------------------------------- */

static void expect_wilson(uint64_t wins, uint64_t n, double lo, double hi)
{
    sapper_interval ci;
    sapper_wilson(wins, n, 1.96, &ci);
    assert_near(ci.lo, lo, 5e-5);
    assert_near(ci.hi, hi, 5e-5);
}

/* The Wilson vectors of docs/STATISTICS.md 2.5, at z = 1.96, to 4
 * decimals. */
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

/* docs/STATISTICS.md 2.2: an entrant's void share is named only when its
   99.9% Wilson interval clears the others' (10/100 against 10/1000:
   [3.8%, ...] above [..., 2.7%]; 6/100 reaches down to 1.7%, inside). */
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
/* STATISTICS.md 3: the paired comparison (paired.c)                */
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
 * (its normal approximation) agree to O(1/n) (docs/STATISTICS.md 3.2). */
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
