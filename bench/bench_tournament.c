/*
 * bench_tournament.c - what the tournament runner costs and gains. Plays
 * the same duplicate tournament (classic 16x16/40, safe first click,
 * entrants simple and random) three ways in one run:
 *   in-process   every game through sapper_play_tgame, no workers, no
 *                database (the plain loop);
 *   --jobs 1     one worker process, results stored in SQLite;
 *   --jobs 2     two worker processes.
 * The three run in turn, REPEATS times (the order of jobs 1 and 2
 * alternating), into a private temporary directory; it prints games per
 * second for each (median of the repeats), the speed-up of 2 jobs over 1
 * as the median of the repeats with its spread, and the cost of process
 * isolation and storage per game against the plain loop.
 *
 *   bench_tournament [BOARDS] [CONFIG] [REPEATS]   (4000, built-in, 5; "" for
 *                                                   the built-in config)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <unistd.h>

#include "tournament.h"

static const char default_config[] =
    "[game]\nrules = classic\n[rules]\nwidth = 16\nheight = 16\nmines = 40\n"
    "[tournament]\nformat = duplicate\nseed = 1\n"
    "[entrant.simple]\nbot = simple\n[entrant.random]\nbot = random\n";

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void die(const char *what, const char *err)
{
    fprintf(stderr, "bench_tournament: %s: %s\n", what, err);
    exit(1);
}

static double in_process(const sapper_tournament_def *def)
{
    int64_t n = sapper_schedule_count(def);
    double t0 = now();
    for (int64_t i = 0; i < n; i++) {
        sapper_tgame g;
        sapper_game_record r;
        sapper_schedule_game(def, i, &g);
        sapper_play_tgame(def, &g, &r);
        sapper_game_record_free(&r);
    }
    return (double)n / (now() - t0);
}

static double with_jobs(sapper_tournament_def *def, const char *dir, int jobs)
{
    char err[1024] = "";
    snprintf(def->db, sizeof def->db, "%s/jobs-%d.db", dir, jobs);
    remove(def->db);
    def->jobs = jobs;
    sapper_run_options opt = {0};
    double t0 = now();
    if (sapper_tournament_run(def, &opt, err, sizeof err) != SAPPER_OK)
        die("run", err);
    double rate = (double)sapper_schedule_count(def) / (now() - t0);
    char wal[1100];
    remove(def->db);
    snprintf(wal, sizeof wal, "%s-wal", def->db);
    remove(wal);
    snprintf(wal, sizeof wal, "%s-shm", def->db);
    remove(wal);
    return rate;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, by_value);
    return v[n / 2];
}

int main(int argc, char **argv)
{
    const char *boards = argc > 1 ? argv[1] : "4000";
    int repeats = argc > 3 ? atoi(argv[3]) : 5;
    if (repeats < 1 || repeats > 50)
        die("REPEATS", "expected 1 to 50");
    char dir[] = "/tmp/bench-tournament-XXXXXX";
    if (!mkdtemp(dir))
        die("temporary directory", strerror(errno));
    char err[1024] = "", games[64];
    sapper_config cfg;
    sapper_config_init(&cfg);
    sapper_status st = argc > 2 && argv[2][0] ? sapper_config_read_file(&cfg, argv[2], err, sizeof err)
                                : sapper_config_read_string(&cfg, default_config, "bench",
                                                            err, sizeof err);
    snprintf(games, sizeof games, "tournament.games=%s", boards);
    if (st || sapper_config_override(&cfg, games, 1, NULL, err, sizeof err))
        die("config", err);
    sapper_registry *reg = sapper_registry_new();
    if (!reg || sapper_registry_set_describer(reg, SAPPER_BOTHOST))
        die("registry", "out of memory");
    sapper_registry_load_dir(reg, SAPPER_PLUGIN_DIR);
    sapper_tournament_def def;
    if (sapper_tournament_def_read(&cfg, reg, 1, 2, &def, err, sizeof err))
        die("config", err);
    def.sandbox = 0;   /* the runner's own cost: bench_sandbox measures the sandbox */
    int64_t n = sapper_schedule_count(&def);
    double plain[50], one[50], two[50], ratio[50];
    for (int r = 0; r < repeats; r++) {
        plain[r] = in_process(&def);
        if (r % 2 == 0) {
            one[r] = with_jobs(&def, dir, 1);
            two[r] = with_jobs(&def, dir, 2);
        } else {
            two[r] = with_jobs(&def, dir, 2);
            one[r] = with_jobs(&def, dir, 1);
        }
        ratio[r] = two[r] / one[r];
    }
    rmdir(dir);
    double p = median(plain, repeats), o = median(one, repeats), t = median(two, repeats);
    double rmed = median(ratio, repeats);
    printf("%s duplicate, %lld games (%s boards x %zu entrants), %d repeats\n",
           def.base.rules->desc.id, (long long)n, boards, def.nentrants, repeats);
    printf("in-process loop:  %9.0f games/s (median)\n", p);
    printf("--jobs 1:         %9.0f games/s (median)\n", o);
    printf("--jobs 2:         %9.0f games/s (median)\n", t);
    printf("speed-up jobs 2 / jobs 1: median %.2f (min %.2f, max %.2f)\n", rmed,
           ratio[0], ratio[repeats - 1]);
    printf("isolation + storage cost per game (jobs 1 vs in-process): %.1f us\n",
           1e6 * (1.0 / o - 1.0 / p));
    sapper_tournament_def_free(&def);
    sapper_registry_free(reg);
    sapper_config_free(&cfg);
    return 0;
}
