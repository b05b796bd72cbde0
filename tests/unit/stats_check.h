/*
 * stats_check.h - the comparisons the statistics' unit tests share
 * (test_stats*.c): a value within an absolute or a relative tolerance,
 * and a two-player record with every field finite and in range. The
 * numbers the tests check are listed in docs/STATISTICS.md.
 */
#ifndef SAPPER_STATS_CHECK_H
#define SAPPER_STATS_CHECK_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>

#include "stats.h"

/* The two-player vectors of docs/STATISTICS.md are given to two decimals
 * and must match to 0.01; percentages are compared in percent. */
#define REF_TOL 0.01

static inline void assert_near(double actual, double expected, double tol)
{
    if (!(fabs(actual - expected) <= tol))
        fail_msg("expected %.10g within %.3g, got %.10g", expected, tol, actual);
}

static inline void assert_rel(double actual, double expected, double rel)
{
    assert_near(actual, expected, rel * fabs(expected));
}

static inline void assert_stats_finite(const sapper_elo_stats *s)
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

#endif
