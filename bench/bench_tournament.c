/*
 * bench_tournament.c - what the tournament runner costs and gains. Plays
 * the same duplicate tournament (classic 16x16/40, safe first click,
 * entrants simple and random) three ways in one run:
 *   in-process   every game through sapper_play_tgame, no workers, no
 *                database (the plain loop);
 *   --jobs 1     one worker process, results stored in SQLite;
 *   --jobs 2     two worker processes.
 * Prints games per second for each, the speed-up of 2 jobs over 1, and the
 * cost of process isolation and storage per game against the plain loop.
 *
 *   bench_tournament [BOARDS] [CONFIG]
 */
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

static double with_jobs(sapper_tournament_def *def, int jobs)
{
    char err[1024] = "";
    snprintf(def->db, sizeof def->db, "/tmp/bench-tournament-%d-%d.db", (int)getpid(), jobs);
    remove(def->db);
    def->jobs = jobs;
    sapper_run_options opt = {0};
    double t0 = now();
    if (sapper_tournament_run(def, &opt, err, sizeof err) != SAPPER_OK)
        die("run", err);
    double rate = (double)sapper_schedule_count(def) / (now() - t0);
    struct rusage self;
    getrusage(RUSAGE_SELF, &self);
    fprintf(stderr, "  (jobs %d: parent CPU so far %.2f s)\n", jobs,
            self.ru_utime.tv_sec + self.ru_utime.tv_usec / 1e6 +
            self.ru_stime.tv_sec + self.ru_stime.tv_usec / 1e6);
    char wal[1100];
    remove(def->db);
    snprintf(wal, sizeof wal, "%s-wal", def->db);
    remove(wal);
    snprintf(wal, sizeof wal, "%s-shm", def->db);
    remove(wal);
    return rate;
}

int main(int argc, char **argv)
{
    const char *boards = argc > 1 ? argv[1] : "4000";
    char err[1024] = "", games[64];
    sapper_config cfg;
    sapper_config_init(&cfg);
    sapper_status st = argc > 2 ? sapper_config_read_file(&cfg, argv[2], err, sizeof err)
                                : sapper_config_read_string(&cfg, default_config, "bench",
                                                            err, sizeof err);
    snprintf(games, sizeof games, "tournament.games=%s", boards);
    if (st || sapper_config_override(&cfg, games, 1, NULL, err, sizeof err))
        die("config", err);
    sapper_registry *reg = sapper_registry_new();
    sapper_registry_load_dir(reg, SAPPER_PLUGIN_DIR);
    sapper_tournament_def def;
    if (sapper_tournament_def_read(&cfg, reg, 1, 2, &def, err, sizeof err))
        die("config", err);
    def.sandbox = 0;   /* the runner's own cost: bench_sandbox measures the sandbox */
    int64_t n = sapper_schedule_count(&def);
    double plain = in_process(&def);
    double one = with_jobs(&def, 1);
    double two = with_jobs(&def, 2);
    printf("%s duplicate, %lld games (%s boards x %zu entrants)\n",
           def.base.rules->desc.id, (long long)n, boards, def.nentrants);
    printf("in-process loop:  %9.0f games/s\n", plain);
    printf("--jobs 1:         %9.0f games/s\n", one);
    printf("--jobs 2:         %9.0f games/s\n", two);
    printf("speed-up jobs 2 / jobs 1: %.2f\n", two / one);
    printf("isolation + storage cost per game (jobs 1 vs in-process): %.1f us\n",
           1e6 * (1.0 / one - 1.0 / plain));
    sapper_tournament_def_free(&def);
    sapper_registry_free(reg);
    sapper_config_free(&cfg);
    return 0;
}
