/*
 * normal.c - the distributions every other statistic leans on: the
 * standard normal CDF and its inverse, the z of a confidence level, and
 * ln C(n, k). The formulas are in docs/STATISTICS.md section 1. What this
 * file does not do: any statistic of games (proportions, tests, ratings
 * are in the files beside it); it keeps no state and returns finite
 * numbers whatever its input.
 */
#include "stats_internal.h"

#include <math.h>

double sapper_normal_cdf(double x)
{
    return 0.5 * erfc(-x / SQRT2);
}

/*
 * Acklam's rational approximation of Phi^-1 (relative error below
 * 1.15e-9): a central rational function on [0.02425, 0.97575] and a
 * tail function in sqrt(-2 ln p) outside it.
 */
static double acklam_quantile(double p)
{
    static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                               -2.759285104469687e+02, 1.383577518672690e+02,
                               -3.066479806614716e+01, 2.506628277459239e+00};
    static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                               -1.556989798598866e+02, 6.680131188771972e+01,
                               -1.328068155288572e+01};
    static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                               -2.400758277161838e+00, -2.549732539343734e+00,
                               4.374664141464968e+00, 2.938163982698783e+00};
    static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01,
                               2.445134137142996e+00, 3.754408661907416e+00};
    const double plow = 0.02425;

    if (p < plow || p > 1 - plow) {
        double q = sqrt(-2 * log(p < plow ? p : 1 - p));
        double x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
                   ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
        return p < plow ? x : -x;
    }
    double q = p - 0.5, r = q * q;
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
           (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

double sapper_normal_quantile(double p)
{
    if (isnan(p))
        return 0;
    if (p <= 0)
        return -40;
    if (p >= 1)
        return 40;
    /* Work in the lower tail, where Phi(x) - p keeps its relative precision
     * (1 - p is exact for p >= 1/2); near 1, Phi(x) - p is mostly rounding
     * and the Halley step below would amplify it. */
    if (p > 0.5)
        return -sapper_normal_quantile(1 - p);
    double x = acklam_quantile(p);
    /* One Halley step on Phi(x) - p takes 1e-9 to full precision. Far in
     * the tails exp(x^2/2) overflows; the raw value is kept there. */
    double e = sapper_normal_cdf(x) - p;
    double u = e * SQRT_2PI * exp(x * x / 2);
    double refined = x - u / (1 + x * u / 2);
    return isfinite(refined) ? refined : x;
}

double sapper_z_for_confidence(double level)
{
    if (!(level > 0 && level < 1))
        return SAPPER_Z95;
    return sapper_normal_quantile(0.5 + level / 2);
}

double sapper_log_choose(uint64_t n, uint64_t k)
{
    if (k > n)
        return 0;
    return lgamma((double)n + 1) - lgamma((double)k + 1) -
           lgamma((double)(n - k) + 1);
}

double stats_z_or_default(double z)
{
    return (isfinite(z) && z > 0) ? z : SAPPER_Z95;
}
