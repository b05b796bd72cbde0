/*
 * sprt.c - the sequential probability ratio test of a two-player match:
 * its bounds, its decision, and the log-likelihood ratio of H1 against H0
 * under five models (a normal approximation, the exact generalized LLR in
 * logistic or normalized Elo, and two BayesElo forms), from W/D/L or from
 * pentanomial pairs. The formulas are in docs/STATISTICS.md section 5.
 * What this file does not do: keep the running counts or stop a
 * tournament (core/runner/tournament.c does, pair by pair).
 */
#include "stats_internal.h"

#include <math.h>

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
    if (stats_dist_classes_seen(d) < 2)
        return 0;
    double s = stats_dist_mean(d), var = stats_dist_variance(d, s);
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

/* MLE under (mu - 1/2) / sigma = t, by a fixed-point iteration:
 * from the uniform distribution, linearise the constraint at the
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

/* Variant 4, BayesElo: counts + 1/2, drawElo from them, bounds divided by
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

/* SAPPER_SPRT_BAYESIAN: elo0/elo1 are BayesElo; with the data's
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
    stats_dist_from_wdl(&d, wins, draws, losses);
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
    stats_dist_from_penta(&d, p);
    if (d.n == 0)
        return 0;
    *llr = finite_or_zero(llr_dist(&d, elo0, elo1, model));
    return 0;
}
