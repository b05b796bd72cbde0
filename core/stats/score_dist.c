/*
 * score_dist.c - the score distribution the two-player statistics share
 * (stats_internal.h): W/D/L or the five pair classes as counts at their
 * scores, with the count of classes seen, the mean and the variance.
 * What this file does not do: any statistic of its own; elo.c and sprt.c
 * read the distribution, docs/STATISTICS.md section 4 says how.
 */
#include "stats_internal.h"

void stats_dist_from_wdl(score_dist *d, uint64_t w, uint64_t dr, uint64_t l)
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

void stats_dist_from_penta(score_dist *d, const sapper_penta *p)
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

int stats_dist_classes_seen(const score_dist *d)
{
    int seen = 0;
    for (int i = 0; i < d->k; i++)
        seen += d->count[i] > 0;
    return seen;
}

double stats_dist_mean(const score_dist *d)
{
    double sum = 0;
    for (int i = 0; i < d->k; i++)
        sum += d->count[i] * d->a[i];
    return sum / d->n;
}

/* Population variance; exactly 0 when one class holds every outcome, so
 * rounding cannot invent a spread. */
double stats_dist_variance(const score_dist *d, double mean)
{
    if (stats_dist_classes_seen(d) < 2)
        return 0;
    double ss = 0;
    for (int i = 0; i < d->k; i++)
        ss += d->count[i] * (d->a[i] - mean) * (d->a[i] - mean);
    return ss / d->n;
}
