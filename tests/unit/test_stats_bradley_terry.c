/*
 * test_stats_bradley_terry.c - the ratings of many players of
 * core/stats/bradley_terry.c: the fit gives back known strengths, two
 * players reduce to the logistic Elo of their score, the prior keeps an
 * unbeaten player finite, and the errors are those of
 * docs/STATISTICS.md section 6.
 */
#include "stats_check.h"

/* ---------------------------------------------------------------- */
/* STATISTICS.md 6: ratings of many (bradley_terry.c)               */
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
   information says the same (docs/STATISTICS.md 6.2). */
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
        cmocka_unit_test(test_stats_bradley_terry_recovers_known_strengths),
        cmocka_unit_test(test_stats_bradley_terry_two_players_match_logistic_elo),
        cmocka_unit_test(test_stats_bradley_terry_prior_keeps_unbeaten_player_finite),
        cmocka_unit_test(test_stats_bradley_terry_errors_two_players),
        cmocka_unit_test(test_stats_bradley_terry_errors_grow_for_the_less_seen),
        cmocka_unit_test(test_stats_bradley_terry_small_and_empty_inputs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
