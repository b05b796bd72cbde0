/*
 * proportion.c - one proportion and what is read from it: the Wilson
 * interval of a win rate, whether one share stands out above the rest's,
 * the Wald standard error, and the mean placement of a free-for-all.
 * The formulas are in docs/STATISTICS.md section 2. What this file does
 * not do: compare two players (paired.c, elo.c) or rate many
 * (bradley_terry.c).
 */
#include "stats_internal.h"

#include <math.h>

static double clamp01(double x)
{
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* The Wilson score interval: the values of p whose score test at z does
 * not reject the observed proportion. Unlike the Wald interval it stays
 * inside [0, 1] and is not degenerate at 0 or n wins. */
void sapper_wilson(uint64_t wins, uint64_t n, double z, sapper_interval *out)
{
    if (n == 0) {
        out->lo = 0;
        out->hi = 1;
        return;
    }
    if (wins > n)
        wins = n;
    z = stats_z_or_default(z);
    double nn = (double)n, p = (double)wins / nn, z2 = z * z;
    double denom = 1 + z2 / nn;
    double centre = (p + z2 / (2 * nn)) / denom;
    double half = z / denom * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
    /* At 0 or n wins the bound is exactly 0 or 1; rounding would not say so. */
    out->lo = wins == 0 ? 0 : clamp01(centre - half);
    out->hi = wins == n ? 1 : clamp01(centre + half);
}

int sapper_share_stands_out(uint64_t k, uint64_t n, uint64_t k_rest, uint64_t n_rest)
{
    if (k == 0 || n_rest == 0)
        return 0;
    double z = sapper_z_for_confidence(0.999);
    sapper_interval mine, rest;
    sapper_wilson(k, n, z, &mine);
    sapper_wilson(k_rest, n_rest, z, &rest);
    return mine.lo > rest.hi;
}

double sapper_proportion_se(uint64_t wins, uint64_t n)
{
    if (n == 0 || wins >= n)
        return 0;
    double p = (double)wins / (double)n;
    return sqrt(p * (1 - p) / (double)n);
}

double sapper_mean_placement(const uint64_t *counts_by_place, size_t places,
                             double *se)
{
    double n = 0, sum = 0;
    for (size_t k = 0; k < places; k++) {
        n += (double)counts_by_place[k];
        sum += (double)counts_by_place[k] * (double)(k + 1);
    }
    if (se)
        *se = 0;
    if (n == 0)
        return 0;
    double mean = sum / n;
    if (se && n > 1) {
        double ss = 0;
        for (size_t k = 0; k < places; k++) {
            double dev = (double)(k + 1) - mean;
            ss += (double)counts_by_place[k] * dev * dev;
        }
        *se = sqrt(ss / (n - 1) / n);
    }
    return mean;
}
