/*
 * bench_util.c - bench_util.h.
 */
#define _GNU_SOURCE
#include "bench_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sapper/mines.h"

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

double bench_quantile(double *v, int n, double q)
{
    qsort(v, (size_t)n, sizeof *v, by_value);
    return v[(int)(q * (n - 1) + 0.5)];
}

void bench_hidden_position(unsigned char *view, size_t vsize, int32_t w, int32_t h,
                           int64_t *legal, size_t *n)
{
    sapper_mines_view *v = (sapper_mines_view *)(void *)view;
    memset(view, 0, vsize);
    *v = (sapper_mines_view){.struct_size = sizeof *v, .width = w, .height = h,
                             .mines = 99, .players = 1};
    memset(view + sizeof *v, SAPPER_CELL_HIDDEN, (size_t)w * (size_t)h);
    *n = 0;
    for (int verb = 0; verb < SAPPER_MINES_VERBS; verb++)
        for (int c = 0; c < w * h; c++)
            legal[(*n)++] = (int64_t)verb * w * h + c;
}

int bench_run(char *const *argv, bench_measure *m)
{
    fflush(stdout);   /* or the child's freopen writes our buffer again */
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
            _exit(127);
        execv(argv[0], argv);
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (pid < 0 || wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0)
        return -1;
    m->sys = (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
    m->cpu = m->sys + (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6;
    m->faults = ru.ru_minflt;
    return 0;
}
