/*
 * stats.c - the statistics of the tournament runner (see stats.h).
 *
 * Formulas come from /work/shared/reference/tournaments.md Part A.3
 * ("Exact statistics") unless a comment names a textbook source; the code is
 * written from those formulas, not taken from any runner. What this file
 * does not do: read results, schedule games, print, or allocate. It keeps
 * no state, and every function returns finite numbers whatever its input.
 */
#include "stats.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LN10 2.302585092994045684
#define SQRT2 1.414213562373095049
#define SQRT_2PI 2.506628274631000502
#define NELO_SCALE (800.0 / LN10)   /* logistic Elo per unit of (s-1/2)/sigma */

/* ------------------------------------------------------------------ */
/* Normal distribution and binomial helpers                            */
/* ------------------------------------------------------------------ */

double sapper_normal_cdf(double x)
{
    return 0.5 * erfc(-x / SQRT2);
}

/*
 * P. J. Acklam's rational approximation of Phi^-1 (relative error below
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

/* z <= 0 or not finite stands for the default 95 % quantile. */
static double z_or_default(double z)
{
    return (isfinite(z) && z > 0) ? z : SAPPER_Z95;
}

/* ------------------------------------------------------------------ */
/* One proportion                                                      */
/* ------------------------------------------------------------------ */

static double clamp01(double x)
{
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* Wilson (1927), "Probable inference, the law of succession, and
 * statistical inference": the interval of p whose score test at z does not
 * reject the observed proportion. Unlike the Wald interval it stays inside
 * [0, 1] and is not degenerate at 0 or n wins. */
void sapper_wilson(uint64_t wins, uint64_t n, double z, sapper_interval *out)
{
    if (n == 0) {
        out->lo = 0;
        out->hi = 1;
        return;
    }
    if (wins > n)
        wins = n;
    z = z_or_default(z);
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

/* ------------------------------------------------------------------ */
/* Paired comparison                                                   */
/* ------------------------------------------------------------------ */

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

/* McNemar (1947); the corrected form subtracts 1 from |b - c| (Edwards
 * 1948), floored at 0 so b = c gives 0 rather than 1/(b + c). */
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

/* ------------------------------------------------------------------ */
/* Two-player: Elo, nElo, LOS                                          */
/* ------------------------------------------------------------------ */

double sapper_elo_from_score(double s)
{
    const double eps = 1e-12;
    if (!(s > eps))
        s = eps;
    if (s > 1 - eps)
        s = 1 - eps;
    return -400 * log10(1 / s - 1);
}

double sapper_score_from_elo(double elo)
{
    return 1 / (1 + pow(10, -elo / 400));
}

void sapper_penta_add(sapper_penta *p, int r1, int r2)
{
    if (r1 < 0 || r1 > 2 || r2 < 0 || r2 > 2)
        return;
    switch (r1 + r2) {
    case 0: p->ll++; break;
    case 1: p->ld++; break;
    case 2: if (r1 == 1) p->dd++; else p->wl++; break;
    case 3: p->wd++; break;
    default: p->ww++; break;
    }
}

/*
 * A discrete score distribution: count[i] outcomes scored a[i] (in [0, 1]).
 * Trinomial is {L, D, W} at {0, 1/2, 1}; pentanomial is {LL, LD, WL+DD, WD,
 * WW} at {0, 1/4, 1/2, 3/4, 1}. Every statistic below works on this form.
 */
#define MAX_CLASSES 5
typedef struct score_dist {
    int k;
    double a[MAX_CLASSES];
    double count[MAX_CLASSES];
    double n;
} score_dist;

static void dist_from_wdl(score_dist *d, uint64_t w, uint64_t dr, uint64_t l)
{
    static const double a[] = {0, 0.5, 1};
    d->k = 3;
    d->count[0] = (double)l;
    d->count[1] = (double)dr;
    d->count[2] = (double)w;
    for (int i = 0; i < 3; i++)
        d->a[i] = a[i];
    d->n = (double)w + (double)dr + (double)l;
}

static void dist_from_penta(score_dist *d, const sapper_penta *p)
{
    static const double a[] = {0, 0.25, 0.5, 0.75, 1};
    d->k = 5;
    d->count[0] = (double)p->ll;
    d->count[1] = (double)p->ld;
    d->count[2] = (double)p->wl + (double)p->dd;
    d->count[3] = (double)p->wd;
    d->count[4] = (double)p->ww;
    d->n = 0;
    for (int i = 0; i < 5; i++) {
        d->a[i] = a[i];
        d->n += d->count[i];
    }
}

static int dist_classes_seen(const score_dist *d)
{
    int seen = 0;
    for (int i = 0; i < d->k; i++)
        seen += d->count[i] > 0;
    return seen;
}

static double dist_mean(const score_dist *d)
{
    double sum = 0;
    for (int i = 0; i < d->k; i++)
        sum += d->count[i] * d->a[i];
    return sum / d->n;
}

/* Population variance; exactly 0 when one class holds every outcome, so
 * rounding cannot invent a spread. */
static double dist_variance(const score_dist *d, double mean)
{
    if (dist_classes_seen(d) < 2)
        return 0;
    double ss = 0;
    for (int i = 0; i < d->k; i++)
        ss += d->count[i] * (d->a[i] - mean) * (d->a[i] - mean);
    return ss / d->n;
}

static void stats_empty(sapper_elo_stats *out)
{
    *out = (sapper_elo_stats){.score = 0.5, .los = 0.5,
                              .flags = SAPPER_STATS_EMPTY};
}

/* LOS = Phi((s - 1/2) / se); with se = 0 the limit by the sign of s - 1/2. */
static double los_from(double s, double se)
{
    if (se > 0)
        return sapper_normal_cdf((s - 0.5) / se);
    return s > 0.5 ? 1 : s < 0.5 ? 0 : 0.5;
}

/* Elo and its error: E(s) +- half the width of E over s +- z se. */
static void fill_elo(sapper_elo_stats *out, double z)
{
    double s = out->score;
    if (s <= 0 || s >= 1) {
        out->flags |= SAPPER_STATS_ELO_INFINITE;
        return;
    }
    out->elo = sapper_elo_from_score(s);
    double lo = s - z * out->se, hi = s + z * out->se;
    if (lo <= 0 || hi >= 1) {
        out->flags |= SAPPER_STATS_ERROR_INFINITE;
        return;
    }
    out->elo_error = (sapper_elo_from_score(hi) - sapper_elo_from_score(lo)) / 2;
}

/* nElo = (s - 1/2) / sd * 800/ln 10 and error z se / sd * 800/ln 10, where
 * sd is the per-game standard deviation (trinomial sqrt(var), pentanomial
 * sqrt(2 var_pair): a pair is two games). */
static void fill_nelo(sapper_elo_stats *out, double sd, double z)
{
    if (sd > 0) {
        out->nelo = (out->score - 0.5) / sd * NELO_SCALE;
        out->nelo_error = z * out->se / sd * NELO_SCALE;
    } else if (out->score != 0.5) {
        out->flags |= SAPPER_STATS_NELO_INFINITE;
    }
}

/* Everything that is the same for trinomial and pentanomial data;
 * sd_factor is 1 or 2 (games per outcome). */
static void fill_stats(sapper_elo_stats *out, const score_dist *d, double z,
                       double sd_factor)
{
    z = z_or_default(z);
    out->score = dist_mean(d);
    out->variance = dist_variance(d, out->score);
    out->se = sqrt(out->variance / d->n);
    out->los = los_from(out->score, out->se);
    fill_elo(out, z);
    fill_nelo(out, sqrt(sd_factor * out->variance), z);
}

void sapper_elo_from_wdl(uint64_t wins, uint64_t draws, uint64_t losses,
                         double z, sapper_elo_stats *out)
{
    score_dist d;
    dist_from_wdl(&d, wins, draws, losses);
    stats_empty(out);
    if (d.n == 0)
        return;
    out->flags = 0;
    out->n = wins + draws + losses;
    fill_stats(out, &d, z, 1);
    out->draw_ratio = (double)draws / d.n;
}

void sapper_elo_from_penta(const sapper_penta *p, double z,
                           sapper_elo_stats *out)
{
    score_dist d;
    dist_from_penta(&d, p);
    stats_empty(out);
    if (d.n == 0)
        return;
    out->flags = 0;
    out->n = p->ll + p->ld + p->wl + p->dd + p->wd + p->ww;
    fill_stats(out, &d, z, 2);
    out->draw_ratio = ((double)p->wl + (double)p->dd) / d.n;
}

double sapper_los_decisive(uint64_t wins, uint64_t losses)
{
    double decisive = (double)wins + (double)losses;
    if (decisive == 0)
        return 0.5;
    return 0.5 + 0.5 * erf(((double)wins - (double)losses) / sqrt(2 * decisive));
}

/* ------------------------------------------------------------------ */
/* Two-player: SPRT                                                    */
/* ------------------------------------------------------------------ */

int sapper_sprt_bounds(double alpha, double beta, double *lower,
                       double *upper)
{
    if (!(alpha > 0 && beta > 0 && alpha + beta < 1))
        return -1;
    *lower = log(beta / (1 - alpha));
    *upper = log((1 - beta) / alpha);
    return 0;
}

sapper_sprt_state sapper_sprt_decide(double llr, double lower, double upper)
{
    if (llr >= upper)
        return SAPPER_SPRT_ACCEPT_H1;
    if (llr <= lower)
        return SAPPER_SPRT_ACCEPT_H0;
    return SAPPER_SPRT_CONTINUE;
}

/* Variant 1: the GSPRT normal approximation,
 * LLR = (s1 - s0)(2s - s0 - s1) / (2 var / n); 0 until two classes seen. */
static double llr_normal_approx(const score_dist *d, double s0, double s1)
{
    if (dist_classes_seen(d) < 2)
        return 0;
    double s = dist_mean(d), var = dist_variance(d, s);
    return (s1 - s0) * (2 * s - s0 - s1) / (2 * var / d->n);
}

/* The empirical distribution with empty classes given 1e-3 outcomes, so the
 * constrained MLEs below never divide by or take the log of zero. */
static void empirical(const score_dist *d, double *phat)
{
    double total = 0;
    for (int i = 0; i < d->k; i++) {
        phat[i] = d->count[i] > 0 ? d->count[i] : 1e-3;
        total += phat[i];
    }
    for (int i = 0; i < d->k; i++)
        phat[i] /= total;
}

/*
 * The theta of the constrained MLE p_i = phat_i / (1 + theta phi_i):
 * the root of g(theta) = sum phat_i phi_i / (1 + theta phi_i) on
 * (-1/max phi, -1/min phi), where every p_i is positive. g falls
 * monotonically from +inf to -inf there, so bisection always finds it.
 * If phi does not change sign the constraint cannot be met inside the
 * simplex; theta = 0 (p = phat) is the fallback.
 */
static double solve_theta(int k, const double *phat, const double *phi)
{
    double pmax = 0, pmin = 0;
    for (int i = 0; i < k; i++) {
        pmax = phi[i] > pmax ? phi[i] : pmax;
        pmin = phi[i] < pmin ? phi[i] : pmin;
    }
    if (!(pmax > 0 && pmin < 0))
        return 0;
    double lo = -1 / pmax, hi = -1 / pmin;
    for (int iter = 0; iter < 200; iter++) {
        double mid = lo + (hi - lo) / 2;
        if (mid <= lo || mid >= hi)
            break;
        double g = 0;
        for (int i = 0; i < k; i++)
            g += phat[i] * phi[i] / (1 + mid * phi[i]);
        if (g > 0)
            lo = mid;
        else
            hi = mid;
    }
    return lo + (hi - lo) / 2;
}

static void reweight(int k, const double *phat, const double *phi,
                     double theta, double *p)
{
    for (int i = 0; i < k; i++)
        p[i] = phat[i] / (1 + theta * phi[i]);
}

/* MLE of the distribution with mean score s: phi_i = a_i - s. */
static void mle_mean(const score_dist *d, const double *phat, double s,
                     double *p)
{
    double phi[MAX_CLASSES];
    for (int i = 0; i < d->k; i++)
        phi[i] = d->a[i] - s;
    reweight(d->k, phat, phi, solve_theta(d->k, phat, phi), p);
}

/* n sum phat_i ln(p1_i / p0_i): the generalized LLR of two MLEs. */
static double llr_of(const score_dist *d, const double *phat, const double *p0,
                     const double *p1)
{
    double sum = 0;
    for (int i = 0; i < d->k; i++)
        sum += phat[i] * log(p1[i] / p0[i]);
    return d->n * sum;
}

/* Variant 2: exact generalized LLR for mean scores s0 and s1. */
static double llr_logistic(const score_dist *d, double s0, double s1)
{
    double phat[MAX_CLASSES], p0[MAX_CLASSES], p1[MAX_CLASSES];
    empirical(d, phat);
    mle_mean(d, phat, s0, p0);
    mle_mean(d, phat, s1, p1);
    return llr_of(d, phat, p0, p1);
}

static void moments(int k, const double *a, const double *p, double *mu,
                    double *sigma)
{
    double m = 0, v = 0;
    for (int i = 0; i < k; i++)
        m += p[i] * a[i];
    for (int i = 0; i < k; i++)
        v += p[i] * (a[i] - m) * (a[i] - m);
    *mu = m;
    *sigma = sqrt(v);
}

/* MLE under (mu - 1/2) / sigma = t, by the fixed-point iteration of the
 * reference: from the uniform distribution, linearise the constraint at the
 * current (mu, sigma) into phi_i, solve for theta, repeat until no p_i moves
 * by 1e-4 (at most 10 rounds). */
static void mle_normalized(const score_dist *d, const double *phat, double t,
                           double *p)
{
    double phi[MAX_CLASSES];
    for (int i = 0; i < d->k; i++)
        p[i] = 1.0 / d->k;
    for (int iter = 0; iter < 10; iter++) {
        double mu, sigma, change = 0;
        moments(d->k, d->a, p, &mu, &sigma);
        for (int i = 0; i < d->k; i++) {
            double dev = (d->a[i] - mu) / sigma;
            phi[i] = d->a[i] - 0.5 - 0.5 * t * sigma * (1 + dev * dev);
        }
        double theta = solve_theta(d->k, phat, phi);
        for (int i = 0; i < d->k; i++) {
            double next = phat[i] / (1 + theta * phi[i]);
            change = fmax(change, fabs(next - p[i]));
            p[i] = next;
        }
        if (change < 1e-4)
            break;
    }
}

/* Variant 3: t = elo / (800/ln 10), times sqrt 2 for pairs. */
static double llr_normalized(const score_dist *d, double elo0, double elo1)
{
    double scale = (d->k == 5 ? SQRT2 : 1) / NELO_SCALE;
    double phat[MAX_CLASSES], p0[MAX_CLASSES], p1[MAX_CLASSES];
    empirical(d, phat);
    mle_normalized(d, phat, elo0 * scale, p0);
    mle_normalized(d, phat, elo1 * scale, p1);
    return llr_of(d, phat, p0, p1);
}

/* BayesElo's win / draw / loss probabilities for bayesElo b and drawElo. */
typedef struct bayes_probs {
    double win, draw, loss;
} bayes_probs;

static bayes_probs bayes_at(double b, double draw_elo)
{
    bayes_probs q;
    q.win = 1 / (1 + pow(10, (draw_elo - b) / 400));
    q.loss = 1 / (1 + pow(10, (draw_elo + b) / 400));
    q.draw = 1 - q.win - q.loss;
    return q;
}

/* drawElo of counts (already with any prior added):
 * 200 log10((1 - pL)/pL * (1 - pW)/pW). */
static double draw_elo_of(double w, double dr, double l)
{
    double n = w + dr + l, pw = w / n, pl = l / n;
    return 200 * log10((1 - pl) / pl * (1 - pw) / pw);
}

/* Variant 4 (cutechess): counts + 1/2, drawElo from them, bounds divided by
 * scale = 4x/(1+x)^2, x = 10^(-drawElo/400), LLR summed over W, D, L. */
static double llr_bayeselo(uint64_t wins, uint64_t draws, uint64_t losses,
                           double elo0, double elo1)
{
    double w = (double)wins + 0.5, dr = (double)draws + 0.5;
    double l = (double)losses + 0.5;
    double draw_elo = draw_elo_of(w, dr, l);
    double x = pow(10, -draw_elo / 400);
    double scale = 4 * x / ((1 + x) * (1 + x));
    bayes_probs h0 = bayes_at(elo0 / scale, draw_elo);
    bayes_probs h1 = bayes_at(elo1 / scale, draw_elo);
    return w * log(h1.win / h0.win) + l * log(h1.loss / h0.loss) +
           dr * log(h1.draw / h0.draw);
}

/* fastchess model=bayesian: elo0/elo1 are BayesElo; with the data's
 * drawElo each becomes an expected score win + draw/2, then variant 2. */
static double llr_bayesian(const score_dist *d, uint64_t wins,
                           uint64_t draws, uint64_t losses, double elo0,
                           double elo1)
{
    double draw_elo = draw_elo_of((double)wins + 0.5, (double)draws + 0.5,
                                  (double)losses + 0.5);
    bayes_probs h0 = bayes_at(elo0, draw_elo), h1 = bayes_at(elo1, draw_elo);
    return llr_logistic(d, h0.win + h0.draw / 2, h1.win + h1.draw / 2);
}

static int bad_hypotheses(double elo0, double elo1)
{
    return !(isfinite(elo0) && isfinite(elo1) && elo0 < elo1);
}

/* The models that need only the score distribution. */
static double llr_dist(const score_dist *d, double elo0, double elo1,
                       sapper_sprt_model model)
{
    double s0 = sapper_score_from_elo(elo0), s1 = sapper_score_from_elo(elo1);
    switch (model) {
    case SAPPER_SPRT_NORMAL_APPROX: return llr_normal_approx(d, s0, s1);
    case SAPPER_SPRT_LOGISTIC: return llr_logistic(d, s0, s1);
    case SAPPER_SPRT_NORMALIZED: return llr_normalized(d, elo0, elo1);
    default: return 0;
    }
}

/* Whatever a model does at the edges, a non-finite LLR never escapes. */
static double finite_or_zero(double x)
{
    return isfinite(x) ? x : 0;
}

int sapper_sprt_llr_wdl(uint64_t wins, uint64_t draws, uint64_t losses,
                        double elo0, double elo1, sapper_sprt_model model,
                        double *llr)
{
    score_dist d;
    *llr = 0;
    if (bad_hypotheses(elo0, elo1) || (int)model < SAPPER_SPRT_NORMAL_APPROX ||
        (int)model > SAPPER_SPRT_BAYESIAN)
        return -1;
    dist_from_wdl(&d, wins, draws, losses);
    if (d.n == 0)
        return 0;
    if (model == SAPPER_SPRT_BAYESELO)
        *llr = llr_bayeselo(wins, draws, losses, elo0, elo1);
    else if (model == SAPPER_SPRT_BAYESIAN)
        *llr = llr_bayesian(&d, wins, draws, losses, elo0, elo1);
    else
        *llr = llr_dist(&d, elo0, elo1, model);
    *llr = finite_or_zero(*llr);
    return 0;
}

int sapper_sprt_llr_penta(const sapper_penta *p, double elo0, double elo1,
                          sapper_sprt_model model, double *llr)
{
    score_dist d;
    *llr = 0;
    if (bad_hypotheses(elo0, elo1) || (model != SAPPER_SPRT_NORMAL_APPROX &&
                                       model != SAPPER_SPRT_LOGISTIC &&
                                       model != SAPPER_SPRT_NORMALIZED))
        return -1;
    dist_from_penta(&d, p);
    if (d.n == 0)
        return 0;
    *llr = finite_or_zero(llr_dist(&d, elo0, elo1, model));
    return 0;
}

/* ------------------------------------------------------------------ */
/* N-player: Bradley-Terry                                             */
/* ------------------------------------------------------------------ */

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

/* One in-place MM sweep (Hunter 2004, "MM algorithms for generalized
 * Bradley-Terry models", eq. 3); returns the largest relative change. */
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
