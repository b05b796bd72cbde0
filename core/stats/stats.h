/*
 * stats.h - the statistics of the tournament runner: confidence intervals
 * for win rates, paired tests for duplicate single-player play, Elo / LOS /
 * pentanomial statistics and SPRT for two-player matches, and Bradley-Terry
 * ratings for free-for-all play.
 *
 * Every formula is written out next to its function; docs/STATISTICS.md
 * says what each means to a reader of the tables, when it is undefined,
 * and the test vectors that check it. Each section below is one family
 * of formulas in one file, named in its banner. The module is pure: numbers in, numbers out, libm only. It does no I/O,
 * allocates nothing, keeps no state, and never returns NaN or infinity:
 * where a quantity is undefined (no games, a score of 0 or 1, no spread)
 * a documented finite stand-in is returned and a flag says so.
 *
 * All counts are from the point of view of player A (the one being rated).
 */
#ifndef SAPPER_STATS_H
#define SAPPER_STATS_H

#include <stddef.h>
#include <stdint.h>

/** Phi^-1(0.975): the z of a two-sided 95 % interval. */
#define SAPPER_Z95 1.959963984540054

/* ------------------------------------------------------------------ */
/* Normal distribution and binomial helpers (normal.c)                 */
/* ------------------------------------------------------------------ */

/** Standard normal CDF, Phi(x) = erfc(-x / sqrt 2) / 2 (erfc keeps the
 *  lower tail accurate down to about 1e-300). */
double sapper_normal_cdf(double x);

/** Phi^-1(p) for p in (0, 1): Acklam's rational approximation refined by
 *  one Halley step against erfc, so about 1e-15 relative accuracy.
 *  p <= 0 gives -40 and p >= 1 gives +40 (finite stand-ins for -inf/+inf;
 *  Phi(40) is 1 to double precision); NaN gives 0. */
double sapper_normal_quantile(double p);

/** The z of a two-sided interval at confidence level in (0, 1), e.g.
 *  0.95 -> 1.959963984540054. Levels outside (0, 1) give SAPPER_Z95. */
double sapper_z_for_confidence(double level);

/** ln C(n, k) via lgamma. The absolute error is of order 1e-16 n ln n
 *  (1e-10 at n = 1e6), which is the relative error it passes on to a
 *  probability. k > n (C = 0, no logarithm) returns 0. */
double sapper_log_choose(uint64_t n, uint64_t k);

/* ------------------------------------------------------------------ */
/* One proportion: win rate, win share, placement (proportion.c)      */
/* ------------------------------------------------------------------ */

/** A closed interval [lo, hi]. */
typedef struct sapper_interval {
    double lo;
    double hi;
} sapper_interval;

/** Wilson score interval for wins of n at normal quantile z (z <= 0 or
 *  not finite means SAPPER_Z95; 1.96 gives the textbook tables):
 *    centre = (p + z^2/2n) / (1 + z^2/n),
 *    half   = z / (1 + z^2/n) * sqrt(p(1-p)/n + z^2/4n^2),  p = wins/n.
 *  The result is clamped to [0, 1] (0 of n gives lo = 0 exactly).
 *  n = 0 gives [0, 1] (no information); wins > n is treated as wins = n. */
void sapper_wilson(uint64_t wins, uint64_t n, double z, sapper_interval *out);

/** Whether k of n stands out above the rest's k_rest of n_rest: the
 *  99.9% Wilson interval of k/n lies wholly above that of k_rest/n_rest.
 *  0 when k or n_rest is 0. (An entrant's share of void games.) */
int sapper_share_stands_out(uint64_t k, uint64_t n, uint64_t k_rest, uint64_t n_rest);

/** Normal-approximation (Wald) standard error of a proportion,
 *  sqrt(p(1-p)/n), p = wins/n; 0 when n = 0 or p is 0 or 1. */
double sapper_proportion_se(uint64_t wins, uint64_t n);

/** Mean placement (1 = first) from counts_by_place[k] = games finished in
 *  place k + 1, k < places; *se (may be NULL) gets the standard error of
 *  that mean, sqrt(sample variance / n). No games: mean 0, se 0. */
double sapper_mean_placement(const uint64_t *counts_by_place, size_t places,
                             double *se);

/* ------------------------------------------------------------------ */
/* Paired comparison, duplicate single-player play (paired.c)         */
/* ------------------------------------------------------------------ */

/** Paired tests on the boards where two bots' results differ:
 *  b = boards A won and B lost, c = boards A lost and B won. */
typedef struct sapper_paired {
    double sign_p;        /* exact two-sided sign test p-value */
    double mcnemar;       /* (b - c)^2 / (b + c) */
    double mcnemar_p;     /* P(chi^2_1 >= mcnemar) */
    double mcnemar_cc;    /* max(0, |b - c| - 1)^2 / (b + c), corrected */
    double mcnemar_cc_p;  /* P(chi^2_1 >= mcnemar_cc) */
} sapper_paired;

/** Exact two-sided sign test: with n = b + c and k = min(b, c),
 *  p = min(1, 2 P(X <= k)), X ~ Binomial(n, 1/2). The tail is summed in
 *  log space from its largest term down until terms stop mattering, so
 *  n in the millions costs a few thousand steps and cannot overflow.
 *  n = 0 gives 1. Tiny p-values underflow to 0, never to NaN. */
double sapper_sign_test_p(uint64_t b, uint64_t c);

/** P(chi^2 with one degree of freedom >= x) = erfc(sqrt(x / 2)); 1 for
 *  x <= 0. */
double sapper_chi2_1_p(double x);

/** Fills out with the sign test and both McNemar statistics for (b, c).
 *  b + c = 0: statistics 0, p-values 1. */
void sapper_paired_compare(uint64_t b, uint64_t c, sapper_paired *out);

/* ------------------------------------------------------------------ */
/* Two-player: Elo, nElo, LOS (elo.c, on score_dist.c)                 */
/* ------------------------------------------------------------------ */

/** Logistic Elo of a mean score s: E(s) = -400 log10(1/s - 1). s is
 *  clamped to [1e-12, 1 - 1e-12] so the result stays finite (+-4800). */
double sapper_elo_from_score(double s);

/** Inverse of sapper_elo_from_score: s = 1 / (1 + 10^(-elo/400)). */
double sapper_score_from_elo(double elo);

/** Pentanomial counts of complete game pairs (same board, seats swapped),
 *  named by A's two results. WL and DD both score one point of two but are
 *  kept apart for the draw ratio. */
typedef struct sapper_penta {
    uint64_t ll, ld, wl, dd, wd, ww;
} sapper_penta;

/** Adds one complete pair to p; r1 and r2 are A's results in half points
 *  (0 loss, 1 draw, 2 win). Other values are ignored. */
void sapper_penta_add(sapper_penta *p, int r1, int r2);

/** Flags of sapper_elo_stats (bitwise or). */
enum {
    /** No games (or pairs): score 0.5, everything else 0, LOS 0.5. */
    SAPPER_STATS_EMPTY = 1,
    /** Score is 0 or 1: Elo is -inf/+inf; elo and elo_error are 0 (the
     *  sign is that of score - 0.5). */
    SAPPER_STATS_ELO_INFINITE = 2,
    /** The interval s +- z*se reaches 0 or 1, so the Elo error is
     *  infinite; elo_error is 0. elo itself is still valid. */
    SAPPER_STATS_ERROR_INFINITE = 4,
    /** No spread (variance 0) with score != 0.5: nElo is infinite; nelo
     *  and nelo_error are 0. */
    SAPPER_STATS_NELO_INFINITE = 8
};

/** Two-player match statistics from A's point of view. */
typedef struct sapper_elo_stats {
    uint64_t n;         /* games (trinomial) or complete pairs (pentanomial) */
    double score;       /* mean score per game, in [0, 1] */
    double variance;    /* per game (trinomial) or per pair (pentanomial),
                           in the [0, 1] score scale */
    double se;          /* standard error of score, sqrt(variance / n) */
    double elo;         /* E(score) */
    double elo_error;   /* (E(score + z se) - E(score - z se)) / 2 */
    double nelo;        /* normalized Elo */
    double nelo_error;
    double los;         /* likelihood of superiority, Phi((s - 0.5) / se) */
    double draw_ratio;  /* D / N, or (WL + DD) / P */
    int flags;          /* SAPPER_STATS_* */
} sapper_elo_stats;

/** Trinomial statistics from W/D/L at quantile z (z <= 0 means
 *  SAPPER_Z95):
 *    s = w + d/2,  var = w(1-s)^2 + d(1/2-s)^2 + l s^2,  se = sqrt(var/N),
 *    Elo = E(s) +- (E(s + z se) - E(s - z se)) / 2,
 *    nElo = (s - 1/2) / sqrt(var) * 800/ln 10,  error z se / sqrt(var) * 800/ln 10,
 *    LOS = Phi((s - 1/2) / se)  (draws count through se).
 *  With se = 0 LOS is 1, 0 or 0.5 by the sign of s - 1/2. */
void sapper_elo_from_wdl(uint64_t wins, uint64_t draws, uint64_t losses,
                         double z, sapper_elo_stats *out);

/** Pentanomial statistics: pair scores a = {0, 1/4,
 *  1/2, 3/4, 1} for {LL, LD, WL+DD, WD, WW}, p = counts / P,
 *    s = sum a p,  var = sum p (a - s)^2 (per pair),  se = sqrt(var / P),
 *    Elo, error and LOS as for sapper_elo_from_wdl with this s and se,
 *    nElo = (s - 1/2) / sqrt(2 var) * 800/ln 10, error z se / sqrt(2 var) * 800/ln 10,
 *    draw ratio = (WL + DD) / P. */
void sapper_elo_from_penta(const sapper_penta *p, double z,
                           sapper_elo_stats *out);

/** LOS from decisive games only, draws left out:
 *  1/2 + 1/2 erf((W - L) / sqrt(2 (W + L))); 0.5 when W + L = 0. */
double sapper_los_decisive(uint64_t wins, uint64_t losses);

/* ------------------------------------------------------------------ */
/* Two-player: SPRT (sprt.c, on score_dist.c)                          */
/* ------------------------------------------------------------------ */

/** How the SPRT log-likelihood ratio is computed. elo0 < elo1 are the
 *  hypotheses H0 and H1 in the model's own unit. */
typedef enum sapper_sprt_model {
    /** Variant 1, normal (GSPRT) approximation, logistic Elo. */
    SAPPER_SPRT_NORMAL_APPROX,
    /** Variant 2, exact generalized LLR, logistic Elo. */
    SAPPER_SPRT_LOGISTIC,
    /** Variant 3, exact generalized LLR, normalized Elo. */
    SAPPER_SPRT_NORMALIZED,
    /** Variant 4, BayesElo with a Jeffreys prior, trinomial only. */
    SAPPER_SPRT_BAYESELO,
    /** Bounds in BayesElo, turned into scores with the data's drawElo,
     *  then variant 2; trinomial only. */
    SAPPER_SPRT_BAYESIAN
} sapper_sprt_model;

/** Where an SPRT stands. */
typedef enum sapper_sprt_state {
    SAPPER_SPRT_CONTINUE,
    SAPPER_SPRT_ACCEPT_H0,
    SAPPER_SPRT_ACCEPT_H1
} sapper_sprt_state;

/** lower = ln(beta / (1 - alpha)), upper = ln((1 - beta) / alpha).
 *  Returns 0, or -1 (bounds untouched) unless 0 < alpha, beta and
 *  alpha + beta < 1. alpha = beta = 0.05 gives -+2.944. */
int sapper_sprt_bounds(double alpha, double beta, double *lower,
                       double *upper);

/** CONTINUE while lower < llr < upper; ACCEPT_H1 at llr >= upper,
 *  ACCEPT_H0 at llr <= lower. */
sapper_sprt_state sapper_sprt_decide(double llr, double lower, double upper);

/** LLR of H1 (elo1) against H0 (elo0) from W/D/L under model.
 *  Returns 0 and sets *llr, or -1 (llr = 0) when elo0 >= elo1 or a bound
 *  is not finite. With no games, or (NORMAL_APPROX) fewer than two
 *  outcome classes seen, the LLR is 0. */
int sapper_sprt_llr_wdl(uint64_t wins, uint64_t draws, uint64_t losses,
                        double elo0, double elo1, sapper_sprt_model model,
                        double *llr);

/** The same from complete pairs (n = P, per-pair distribution over the
 *  five pair scores). BAYESELO and BAYESIAN are trinomial models: -1. */
int sapper_sprt_llr_penta(const sapper_penta *p, double elo0, double elo1,
                          sapper_sprt_model model, double *llr);

/* ------------------------------------------------------------------ */
/* N-player: Bradley-Terry (bradley_terry.c)                           */
/* ------------------------------------------------------------------ */

/** What a Bradley-Terry fit did. */
typedef struct sapper_bt_report {
    int iterations;  /* sweeps run */
    int converged;   /* the last sweep changed no rating by more than tol */
} sapper_bt_report;

/** Smoothing added to every off-diagonal win count, so that a player
 *  who never lost (or never won) still gets a finite rating. */
#define SAPPER_BT_PRIOR 0.1
/** Sweep cap and tolerance (relative change of a strength) of the fit. */
#define SAPPER_BT_MAX_ITER 2000
#define SAPPER_BT_TOL 1e-10

/** Bradley-Terry ratings of k players from wins, a k*k row-major matrix:
 *  wins[i*k + j] = times i beat j (a draw counts 1/2 to each; diagonal
 *  ignored). The MM (minorize-maximize) iteration: with
 *  W_ij = wins_ij + prior, N_ij = W_ij + W_ji,
 *  W_i = sum_j W_ij,
 *    g_i <- W_i / sum_{j != i} N_ij / (g_i + g_j),
 *  swept in place (cyclic MM, same fixed point), renormalised after each
 *  sweep to geometric mean 1, until no g_i changes by more than
 *  SAPPER_BT_TOL relatively or SAPPER_BT_MAX_ITER sweeps.
 *  elo_out[i] = 400 log10 g_i, so the ratings have mean 0 (subtract
 *  min(elo_out) to put the lowest at 0 instead).
 *  prior < 0 is treated as 0. With prior 0 the ratings exist only if every
 *  player has a win and a loss within each connected group; a player with
 *  no wins or no losses returns -1 (elo_out all 0), so use a prior for
 *  small tournaments. k = 0 returns 0, k = 1 rates the player 0.
 *  rep may be NULL. */
int sapper_bradley_terry(size_t k, const double *wins, double prior,
                         double *elo_out, sapper_bt_report *rep);

/** The 95% errors (Elo points, 1.96 standard errors) of ratings elo that
 *  sapper_bradley_terry fitted to wins with prior: from the observed
 *  information of the Bradley-Terry likelihood, H_ii = sum_j N_ij p_ij
 *  (1 - p_ij), H_ij = -N_ij p_ij (1 - p_ij) in natural-log strengths, under
 *  the ratings' mean-zero constraint (the covariance is H's pseudo-inverse
 *  (H + P)^-1 - P, P = 11'/k), times 400 / ln 10. Two players who met N
 *  times with the first winning a share p: each rating's error is
 *  1.96 * 400 / ln 10 / (2 sqrt(N p (1 - p))). err95_out[i] is NAN where
 *  the information is singular (a player who met nobody). 0, or -1. */
int sapper_bradley_terry_errors(size_t k, const double *wins, double prior,
                                const double *elo, double *err95_out);

#endif
