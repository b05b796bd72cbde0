/*
 * bradley_terry.c - the ratings of many players from who beat whom: a
 * Bradley-Terry fit by the MM iteration, on the Elo scale with mean 0, and
 * the 95% errors of those ratings from the likelihood's information. The
 * formulas are in docs/STATISTICS.md section 6. What this file does not
 * do: decide who beat whom in a game of many seats (core/report/table.c
 * counts that) or keep anything between calls; the errors' matrix is its
 * one allocation, freed before it returns.
 */
#include "stats_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* W_ij with the prior; the diagonal is no game. */
static double bt_w(size_t k, const double *wins, double prior, size_t i,
                   size_t j)
{
    if (i == j)
        return 0;
    double w = wins[i * k + j];
    return (w > 0 ? w : 0) + prior;
}

/* Without a prior a player with no wins drifts to strength 0 and one with
 * no losses to infinity: no finite MLE, so refuse. */
static int bt_identifiable(size_t k, const double *wins, double prior)
{
    for (size_t i = 0; i < k; i++) {
        double won = 0, lost = 0;
        for (size_t j = 0; j < k; j++) {
            won += bt_w(k, wins, prior, i, j);
            lost += bt_w(k, wins, prior, j, i);
        }
        if (!(won > 0 && lost > 0))
            return 0;
    }
    return 1;
}

/* One in-place MM sweep (the update under sapper_bradley_terry in
 * stats.h); returns the largest relative change. */
static double bt_sweep(size_t k, const double *wins, double prior, double *g)
{
    double worst = 0;
    for (size_t i = 0; i < k; i++) {
        double won = 0, denom = 0;
        for (size_t j = 0; j < k; j++) {
            if (j == i)
                continue;
            double wij = bt_w(k, wins, prior, i, j);
            won += wij;
            denom += (wij + bt_w(k, wins, prior, j, i)) / (g[i] + g[j]);
        }
        double next = won / denom;
        worst = fmax(worst, fabs(next - g[i]) / g[i]);
        g[i] = next;
    }
    return worst;
}

/* Scale to geometric mean 1; strengths are only defined up to a factor. */
static void bt_normalise(size_t k, double *g)
{
    double mean_log = 0;
    for (size_t i = 0; i < k; i++)
        mean_log += log(g[i]);
    double factor = exp(-mean_log / (double)k);
    for (size_t i = 0; i < k; i++)
        g[i] *= factor;
}

static void bt_to_elo(size_t k, double *g)
{
    double mean = 0;
    for (size_t i = 0; i < k; i++) {
        g[i] = 400 * log10(g[i]);
        mean += g[i];
    }
    /* Remove the rounding left by the normalisation: mean exactly ~0. */
    mean /= (double)k;
    for (size_t i = 0; i < k; i++)
        g[i] -= mean;
}

static int bt_all_finite(size_t k, const double *g)
{
    for (size_t i = 0; i < k; i++)
        if (!(isfinite(g[i]) && g[i] > 0))
            return 0;
    return 1;
}

int sapper_bradley_terry(size_t k, const double *wins, double prior,
                         double *elo_out, sapper_bt_report *rep)
{
    sapper_bt_report local;
    if (!rep)
        rep = &local;
    *rep = (sapper_bt_report){.iterations = 0, .converged = 1};
    if (!(prior > 0))
        prior = 0;
    for (size_t i = 0; i < k; i++)
        elo_out[i] = 0;
    if (k < 2)
        return 0;
    if (!bt_identifiable(k, wins, prior)) {
        rep->converged = 0;
        return -1;
    }
    /* elo_out holds the strengths g_i until the final conversion. */
    for (size_t i = 0; i < k; i++)
        elo_out[i] = 1;
    rep->converged = 0;
    while (rep->iterations < SAPPER_BT_MAX_ITER && !rep->converged) {
        double change = bt_sweep(k, wins, prior, elo_out);
        bt_normalise(k, elo_out);
        rep->iterations++;
        rep->converged = change <= SAPPER_BT_TOL;
        if (!bt_all_finite(k, elo_out))
            break;
    }
    if (!bt_all_finite(k, elo_out)) {
        for (size_t i = 0; i < k; i++)
            elo_out[i] = 0;
        rep->converged = 0;
        return -1;
    }
    bt_to_elo(k, elo_out);
    return 0;
}

/* ---- Bradley-Terry: the errors of the ratings --------------------------- */

/* Inverts the n x n matrix a in place (Gauss-Jordan, partial pivoting);
   0, or -1 when it is singular. scratch holds n * n doubles. */
static int invert(size_t n, double *a, double *scratch)
{
    double *inv = scratch;
    for (size_t i = 0; i < n * n; i++)
        inv[i] = i / n == i % n;
    for (size_t c = 0; c < n; c++) {
        size_t pivot = c;
        for (size_t r = c + 1; r < n; r++)
            if (fabs(a[r * n + c]) > fabs(a[pivot * n + c]))
                pivot = r;
        if (fabs(a[pivot * n + c]) < 1e-300)
            return -1;
        for (size_t j = 0; j < n && pivot != c; j++) {
            double t = a[c * n + j]; a[c * n + j] = a[pivot * n + j]; a[pivot * n + j] = t;
            t = inv[c * n + j]; inv[c * n + j] = inv[pivot * n + j]; inv[pivot * n + j] = t;
        }
        double d = a[c * n + c];
        for (size_t j = 0; j < n; j++) {
            a[c * n + j] /= d;
            inv[c * n + j] /= d;
        }
        for (size_t r = 0; r < n; r++) {
            double f = a[r * n + c];
            for (size_t j = 0; r != c && j < n; j++) {
                a[r * n + j] -= f * a[c * n + j];
                inv[r * n + j] -= f * inv[c * n + j];
            }
        }
    }
    memcpy(a, inv, n * n * sizeof *a);
    return 0;
}

int sapper_bradley_terry_errors(size_t k, const double *wins, double prior,
                                const double *elo, double *err95_out)
{
    double *h = calloc(2 * k * k + 1, sizeof *h);
    if (!h)
        return -1;
    prior = prior > 0 ? prior : 0;
    for (size_t i = 0; i < k; i++)
        for (size_t j = 0; j < k; j++) {
            if (i == j)
                continue;
            double n = wins[i * k + j] + wins[j * k + i] + 2 * prior;
            double p = sapper_score_from_elo(elo[i] - elo[j]);
            double info = n * p * (1 - p);
            h[i * k + j] = -info;
            h[i * k + i] += info;
        }
    for (size_t i = 0; i < k * k; i++)
        h[i] += 1.0 / (double)k;          /* H + P: P projects on the ones */
    int rc = k ? invert(k, h, h + k * k) : 0;
    for (size_t i = 0; i < k; i++) {
        double var = rc == 0 ? h[i * k + i] - 1.0 / (double)k : NAN;   /* H+ = (H + P)^-1 - P */
        err95_out[i] = var > 0 ? SAPPER_Z95 * sqrt(var) * 400 / log(10) : NAN;
    }
    free(h);
    return rc;
}
