/*
 * elo.c - two players' match statistics from one side: Elo and its 95%
 * error, normalized Elo, the likelihood of superiority and the draw
 * ratio, from W/D/L games or from pentanomial pairs of games; the
 * conversions between score and Elo. The formulas are in
 * docs/STATISTICS.md section 4. What this file does not do: decide a
 * match (sprt.c) or rate more than two players (bradley_terry.c).
 */
#include "stats_internal.h"

#include <math.h>

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
    z = stats_z_or_default(z);
    out->score = stats_dist_mean(d);
    out->variance = stats_dist_variance(d, out->score);
    out->se = sqrt(out->variance / d->n);
    out->los = los_from(out->score, out->se);
    fill_elo(out, z);
    fill_nelo(out, sqrt(sd_factor * out->variance), z);
}

void sapper_elo_from_wdl(uint64_t wins, uint64_t draws, uint64_t losses,
                         double z, sapper_elo_stats *out)
{
    score_dist d;
    stats_dist_from_wdl(&d, wins, draws, losses);
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
    stats_dist_from_penta(&d, p);
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
