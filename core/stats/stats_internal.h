/*
 * stats_internal.h - what the files of the statistics share and nothing
 * else may see: the constants, the default z, and the score distribution
 * that elo.c and sprt.c both work on. Included only by the .c files of core/stats/;
 * the public API is stats.h.
 */
#ifndef SAPPER_STATS_INTERNAL_H
#define SAPPER_STATS_INTERNAL_H

#include "stats.h"

#define LN10 2.302585092994045684
#define SQRT2 1.414213562373095049
#define SQRT_2PI 2.506628274631000502
#define NELO_SCALE (800.0 / LN10)   /* logistic Elo per unit of (s-1/2)/sigma */

/* z <= 0 or not finite stands for the default 95 % quantile (normal.c). */
double stats_z_or_default(double z);

/*
 * A discrete score distribution: count[i] outcomes scored a[i] (in [0, 1]).
 * Trinomial is {L, D, W} at {0, 1/2, 1}; pentanomial is {LL, LD, WL+DD, WD,
 * WW} at {0, 1/4, 1/2, 3/4, 1}. Every two-player statistic works on this
 * form (score_dist.c).
 */
#define MAX_CLASSES 5
typedef struct score_dist {
    int k;
    double a[MAX_CLASSES];
    double count[MAX_CLASSES];
    double n;
} score_dist;

void stats_dist_from_wdl(score_dist *d, uint64_t w, uint64_t dr, uint64_t l);
void stats_dist_from_penta(score_dist *d, const sapper_penta *p);
/* How many classes hold at least one outcome. */
int stats_dist_classes_seen(const score_dist *d);
double stats_dist_mean(const score_dist *d);
/* Population variance; exactly 0 when one class holds every outcome. */
double stats_dist_variance(const score_dist *d, double mean);

#endif
