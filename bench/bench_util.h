/*
 * bench_util.h - what the sandbox benchmarks share (bench_sandbox.c,
 * bench_process_bots.c): the clock, quantiles, an Expert position with
 * every action legal, and one `sapper` run measured in CPU time of its
 * whole process tree.
 */
#ifndef SAPPER_BENCH_UTIL_H
#define SAPPER_BENCH_UTIL_H

#include <stddef.h>
#include <stdint.h>

/** CLOCK_MONOTONIC in seconds. */
double bench_now(void);
/** The q-quantile of v's n values (v is sorted in place). */
double bench_quantile(double *v, int n, double q);
/** A w x h mines view of hidden cells (mines 99) into view (vsize bytes,
 *  sapper_mines_view_size), and every action of every verb into legal
 *  (room for SAPPER_MINES_VERBS * w * h), their count into *n. */
void bench_hidden_position(unsigned char *view, size_t vsize, int32_t w, int32_t h,
                           int64_t *legal, size_t *n);

typedef struct bench_measure {
    double cpu, sys;   /* seconds: user + sys, and sys, of the process tree */
    long faults;       /* minor page faults */
} bench_measure;

/** Runs argv (argv[0] the program's path) with its output to /dev/null and
 *  measures it; 0, or -1 when it could not run or did not exit 0. */
int bench_run(char *const *argv, bench_measure *m);

#endif
