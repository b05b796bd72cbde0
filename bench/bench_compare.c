/*
 * bench_compare.c - two builds of sapper side by side: runs the same
 * command with binary A and binary B alternately, PAIRS times (the order
 * alternates too), and prints for each the CPU time (user + sys of the
 * whole process tree), the kernel share, minor page faults and voluntary
 * context switches, then the median ratio of CPU time B / A with its
 * spread. These VMs drift up to 2x within seconds: only the interleaved
 * ratio is worth reading.
 *
 *   bench_compare PAIRS BIN_A BIN_B -- ARGS... [-- ARGS_B...]
 *   bench_compare 9 /tmp/old/b/sapper ./build/sapper -- run config/classic-expert.ini \
 *       rules.first_click=opening player.1.bot=prober --games 1000
 *
 * With a second `--`, B runs ARGS_B instead: one build on two workloads
 * (a large board against Expert, say), interleaved the same way.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct measure {
    double cpu, sys;
    long faults, switches;
} measure;

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static measure run(const char *bin, char **args, int nargs)
{
    char *argv[256];
    int n = 0;
    argv[n++] = (char *)bin;
    for (int i = 0; i < nargs && n < 255; i++)
        argv[n++] = args[i];
    argv[n] = NULL;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
            _exit(127);
        execv(bin, argv);
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (pid < 0 || wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0) {
        fprintf(stderr, "bench_compare: %s failed\n", bin);
        exit(1);
    }
    measure m = {.sys = (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6,
                 .faults = ru.ru_minflt, .switches = ru.ru_nvcsw};
    m.cpu = m.sys + (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6;
    return m;
}

int main(int argc, char **argv)
{
    if (argc < 6 || strcmp(argv[4], "--") != 0) {
        fprintf(stderr, "usage: bench_compare PAIRS BIN_A BIN_B -- ARGS... [-- ARGS_B...]\n");
        return 2;
    }
    int pairs = atoi(argv[1]);
    if (pairs < 1 || pairs > 200) {
        fprintf(stderr, "bench_compare: PAIRS: expected 1 to 200, found %s\n", argv[1]);
        return 2;
    }
    const char *bin[2] = {argv[2], argv[3]};
    char **args[2] = {argv + 5, argv + 5};
    int nargs[2] = {argc - 5, argc - 5};
    for (int i = 5; i < argc; i++)
        if (strcmp(argv[i], "--") == 0) {   /* B's own arguments */
            nargs[0] = i - 5;
            args[1] = argv + i + 1;
            nargs[1] = argc - i - 1;
            break;
        }
    double ratio[200], cpu[2] = {0}, sys[2] = {0};
    long faults[2] = {0}, switches[2] = {0};
    for (int i = 0; i < pairs; i++) {
        measure m[2];
        for (int k = 0; k < 2; k++) {
            int which = (i + k) % 2;
            m[which] = run(bin[which], args[which], nargs[which]);
        }
        ratio[i] = m[1].cpu / m[0].cpu;
        for (int k = 0; k < 2; k++) {
            cpu[k] += m[k].cpu;
            sys[k] += m[k].sys;
            faults[k] += m[k].faults;
            switches[k] += m[k].switches;
        }
    }
    qsort(ratio, (size_t)pairs, sizeof *ratio, by_value);
    for (int k = 0; k < 2; k++)
        printf("%s %-40s CPU %.3f s a run, kernel %4.1f%%, %ld minor faults, "
               "%ld voluntary switches a run\n", k ? "B" : "A", bin[k], cpu[k] / pairs,
               100 * sys[k] / cpu[k], faults[k] / pairs, switches[k] / pairs);
    printf("CPU B / A over %d interleaved pairs: median %.3f (min %.3f, max %.3f): "
           "B does the work in %.0f%% of A's CPU time (%.2fx A's speed)\n", pairs,
           ratio[pairs / 2], ratio[0], ratio[pairs - 1], 100 * ratio[pairs / 2],
           1 / ratio[pairs / 2]);
    return 0;
}
