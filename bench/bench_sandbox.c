/*
 * bench_sandbox.c - what the bot sandbox (core/sandbox/) costs.
 *
 *   1. The round trip of one move: the `template` bot (it answers the
 *      first legal action, so its own step costs almost nothing) in a sapper-bothost
 *      process, stepped 20 000 times on an Expert view (480 hidden cells,
 *      every action of every verb legal), this process and the bot on one
 *      core as a sandboxed tournament worker keeps them. Median and 99th
 *      percentile in microseconds, against the same step called in-process.
 *   2. Tournament throughput, sandboxed against in-process, in interleaved
 *      pairs of `sapper tournament` runs (--jobs 1): games per CPU-second
 *      (user + sys of the whole process tree), the median ratio and its
 *      spread, kernel share and minor page faults per game. prober on
 *      Expert (opening at the first click) and simple on Beginner.
 *
 *   bench_sandbox [PAIRS]          (default 7 pairs)
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench_util.h"
#include "loader.h"
#include "sandbox.h"
#include "sapper/mines.h"

static void die(const char *what)
{
    fprintf(stderr, "bench_sandbox: %s\n", what);
    exit(1);
}

/* ---- 1. the round trip of one move */

#define STEPS 20000
#define W 30
#define H 16

static void round_trip(const sapper_registry *reg)
{
    const sapper_plugin *bot = sapper_registry_find(reg, "template", SAPPER_KIND_BOT);
    if (!bot)
        die("no template bot in " SAPPER_PLUGIN_DIR);
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(0, &one);
    sched_setaffinity(0, sizeof one, &one);   /* as a sandboxed worker does */
    size_t vsize = sapper_mines_view_size(W, H), n;
    unsigned char *view = calloc(1, vsize);
    int64_t *legal = malloc(SAPPER_MINES_VERBS * W * H * sizeof *legal), action;
    double *t = malloc(STEPS * sizeof *t), *u = malloc(STEPS * sizeof *u);
    if (!view || !legal || !t || !u)
        die("out of memory");
    bench_hidden_position(view, vsize, W, H, legal, &n);
    sapper_sandbox_options o = {.helper = SAPPER_BOTHOST};
    sapper_sandbox *sb = sapper_sandbox_new(&o);
    sapper_game_info info = {.struct_size = sizeof info, .min_players = 1,
                             .max_players = 1, .turns = 1, .max_moves = 1000,
                             .max_actions = (int64_t)n};
    sapper_params none = {0};
    sapper_bot_setup s = {.struct_size = sizeof s, .players = 1, .seed = 1,
                          .rules_id = "classic", .rules_params = &none, .info = &info};
    char why[256];
    sapper_sandbox_seat(sb, 0, bot, 0, 0);
    if (sapper_sandbox_driver.bot_new(sb, 0, &none, &s, 0, why, sizeof why) != SAPPER_OK)
        die(sapper_sandbox_message(sb));
    void *local;
    if (sapper_plugin_open(bot, why, sizeof why) != SAPPER_OK ||
        bot->bot.bot_new(&none, &s, &local, why, sizeof why) != SAPPER_OK)
        die(why);
    for (int i = 0; i < STEPS; i++) {
        double t0 = bench_now();
        size_t count;
        if (sapper_sandbox_driver.step(sb, 0, view, vsize, legal, n, &action, 1, &count,
                                       why, sizeof why) != SAPPER_OK)
            die(why);
        double t1 = bench_now();
        bot->bot.step(local, view, vsize, legal, n, &action);
        double t2 = bench_now();
        t[i] = (t1 - t0) * 1e6;
        u[i] = (t2 - t1) * 1e6;
    }
    bot->bot.bot_free(local);
    sapper_sandbox_driver.bot_free(sb, 0, 0, why, sizeof why);
    sapper_sandbox_release(sb);
    sapper_sandbox_free(sb);
    printf("round trip of one move (template bot: first legal action; Expert view, %zu legal actions, "
           "%d steps, one core):\n", n, STEPS);
    printf("  sandboxed   median %7.2f us  p99 %7.2f us\n", bench_quantile(t, STEPS, 0.5),
           bench_quantile(t, STEPS, 0.99));
    printf("  in-process  median %7.2f us  p99 %7.2f us  (the bot's own step)\n",
           bench_quantile(u, STEPS, 0.5), bench_quantile(u, STEPS, 0.99));
    CPU_ZERO(&one);
    for (int c = 0; c < CPU_SETSIZE; c++)
        CPU_SET(c, &one);
    sched_setaffinity(0, sizeof one, &one);
    free(view);
    free(legal);
    free(t);
    free(u);
}

/* ---- 2. tournaments, interleaved */

static bench_measure run_tournament(const char *dir, const char *ini, const char *sandbox)
{
    char db[4200], dbarg[4300], sbarg[64];
    snprintf(db, sizeof db, "%s/run.db", dir);
    snprintf(dbarg, sizeof dbarg, "tournament.db=%s", db);
    snprintf(sbarg, sizeof sbarg, "tournament.sandbox=%s", sandbox);
    remove(db);
    char *argv[] = {(char *)SAPPER_BINARY, (char *)"tournament", (char *)ini, dbarg, sbarg,
                    (char *)"--jobs", (char *)"1", NULL};
    bench_measure m;
    if (bench_run(argv, &m) != 0)
        die("a tournament run failed");
    remove(db);
    char wal[4300];
    snprintf(wal, sizeof wal, "%s-wal", db);
    remove(wal);
    snprintf(wal, sizeof wal, "%s-shm", db);
    remove(wal);
    return m;
}

static void pairs(const char *dir, const char *label, const char *config, int games,
                  int npairs)
{
    char ini[4200];
    snprintf(ini, sizeof ini, "%s/%s.ini", dir, label);
    FILE *f = fopen(ini, "w");
    if (!f)
        die("cannot write the config");
    fprintf(f, "%s[tournament]\ngames = %d\nseed = 1\n", config, games);
    fclose(f);
    double ratio[64], cpu[2] = {0}, sys[2] = {0};
    long faults[2] = {0};
    for (int i = 0; i < npairs; i++) {
        bench_measure m[2];   /* 0 in-process, 1 sandboxed; the order alternates */
        for (int k = 0; k < 2; k++) {
            int which = (i + k) % 2;
            m[which] = run_tournament(dir, ini, which ? "process" : "none");
        }
        ratio[i] = m[0].cpu / m[1].cpu;   /* games/CPU-s sandboxed over in-process */
        for (int k = 0; k < 2; k++) {
            cpu[k] += m[k].cpu;
            sys[k] += m[k].sys;
            faults[k] += m[k].faults;
        }
    }
    double lo = bench_quantile(ratio, npairs, 0.0), hi = bench_quantile(ratio, npairs, 1.0);
    printf("%s, %d games per run, %d interleaved pairs (--jobs 1):\n", label, games,
           npairs);
    for (int k = 0; k < 2; k++)
        printf("  %-11s %8.1f games/CPU-s, kernel %4.1f%% of CPU, %6.1f minor faults/game\n",
               k ? "sandboxed" : "in-process", games * npairs / cpu[k],
               100 * sys[k] / cpu[k], (double)faults[k] / ((double)games * npairs));
    printf("  sandboxed / in-process: median %.3f (min %.3f, max %.3f)\n",
           bench_quantile(ratio, npairs, 0.5), lo, hi);
}

int main(int argc, char **argv)
{
    int npairs = argc > 1 ? atoi(argv[1]) : 7;
    if (npairs < 1 || npairs > 64)
        die("PAIRS: expected 1 to 64");
    sapper_registry *reg = sapper_registry_new();
    if (!reg || sapper_registry_set_describer(reg, SAPPER_BOTHOST) ||
        sapper_registry_load_dir(reg, SAPPER_PLUGIN_DIR) == 0)
        die("no plugins in " SAPPER_PLUGIN_DIR);
    round_trip(reg);
    char dir[] = "/tmp/bench-sandbox-XXXXXX";
    if (!mkdtemp(dir))
        die("cannot make a temporary directory");
    pairs(dir, "prober-expert",
          "[game]\nrules = classic\n[rules]\npreset = expert\nfirst_click = opening\n"
          "[entrant.prober]\nbot = prober\n", 500, npairs);
    pairs(dir, "simple-beginner",
          "[game]\nrules = classic\n[rules]\npreset = beginner\n"
          "[entrant.simple]\nbot = simple\n", 3000, npairs);
    char ini[64];
    snprintf(ini, sizeof ini, "%s/prober-expert.ini", dir);
    remove(ini);
    snprintf(ini, sizeof ini, "%s/simple-beginner.ini", dir);
    remove(ini);
    rmdir(dir);
    sapper_registry_free(reg);
    return 0;
}
