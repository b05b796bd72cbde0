/*
 * paired.c - the paired comparison of two players on the same boards
 * (duplicate single-player play): the exact sign test and McNemar's
 * chi-square, with and without the continuity correction, counted on the
 * boards where their results differ. The formulas are in
 * docs/STATISTICS.md section 3. What this file does not do: count the
 * boards (core/report/table.c does) or weigh draws; it sees only b and c.
 */
#include "stats_internal.h"

#include <math.h>

/*
 * ln P(X <= k) for X ~ Binomial(n, 1/2) and k < n/2. The terms
 * t_i = C(n, i) 2^-n grow with i up to k, so the sum is taken from t_k
 * downwards as ratios t_{i-1}/t_i = i / (n - i + 1), all <= 1: no overflow,
 * and the loop stops once a term is below 1e-17 of the sum (the terms
 * then fall faster than geometrically). Only t_k needs lgamma.
 */
static double log_binomial_half_lower_tail(uint64_t n, uint64_t k)
{
    double log_tk = sapper_log_choose(n, k) - (double)n * log(2.0);
    double sum = 1, term = 1;
    for (uint64_t i = k; i >= 1; i--) {
        term *= (double)i / (double)(n - i + 1);
        sum += term;
        if (term < 1e-17 * sum)
            break;
    }
    return log_tk + log(sum);
}

double sapper_sign_test_p(uint64_t b, uint64_t c)
{
    uint64_t n = b + c, k = b < c ? b : c;
    /* 2k + 1 >= n means P(X <= k) >= 1/2, so the two-sided p is 1. */
    if (n == 0 || 2 * k + 1 >= n)
        return 1;
    double p = 2 * exp(log_binomial_half_lower_tail(n, k));
    return p > 1 ? 1 : p;
}

double sapper_chi2_1_p(double x)
{
    if (!(x > 0))
        return 1;
    return erfc(sqrt(x / 2));
}

/* McNemar's statistic; the corrected form subtracts 1 from |b - c|,
 * floored at 0 so b = c gives 0 rather than 1/(b + c). */
void sapper_paired_compare(uint64_t b, uint64_t c, sapper_paired *out)
{
    double n = (double)b + (double)c;
    double diff = fabs((double)b - (double)c);
    double cc = diff > 1 ? diff - 1 : 0;
    out->sign_p = sapper_sign_test_p(b, c);
    out->mcnemar = n > 0 ? diff * diff / n : 0;
    out->mcnemar_cc = n > 0 ? cc * cc / n : 0;
    out->mcnemar_p = sapper_chi2_1_p(out->mcnemar);
    out->mcnemar_cc_p = sapper_chi2_1_p(out->mcnemar_cc);
}
