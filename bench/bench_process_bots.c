/*
 * bench_process_bots.c - what a process bot (docs/PROTOCOL.md) costs
 * against a sandboxed .so bot doing the same work: both answer the first
 * legal action (the `template` bot in sapper-bothost; first_legal, a C
 * program speaking the protocol with `option legal`), so what differs is
 * the channel alone: text lines against frames.
 *
 *   1. The round trip of one move on an Expert view (480 hidden cells,
 *      every verb legal), 20 000 steps through the sandbox's driver, this
 *      process and the bot on one core as a sandboxed worker keeps them:
 *      median and 99th percentile in microseconds.
 *   2. Tournament throughput in interleaved pairs of `sapper tournament`
 *      runs (--jobs 1, sandboxed): games per CPU-second (user + sys of the
 *      whole process tree), the median ratio process / .so and its
 *      spread, kernel share and minor page faults per game, on Beginner
 *      and on Expert.
 *
 *   bench_process_bots [PAIRS]          (default 7 pairs)
 */
#define _GNU_SOURCE
#include <limits.h>
#include <stdint.h>
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

#define STEPS 20000
#define W 30
#define H 16

static void die(const char *what)
{
    fprintf(stderr, "bench_process_bots: %s\n", what);
    exit(1);
}

/* ---- 1. the round trip */

/* 20 000 steps of bot through the sandbox: the times in t (us). */
static void steps(const sapper_plugin *bot, double *t)
{
    size_t vsize = sapper_mines_view_size(W, H), n;
    unsigned char *view = calloc(1, vsize);
    int64_t *legal = malloc(SAPPER_MINES_VERBS * W * H * sizeof *legal), action;
    if (!view || !legal)
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
    for (int i = 0; i < STEPS; i++) {
        double t0 = bench_now();
        size_t count;
        if (sapper_sandbox_driver.step(sb, 0, view, vsize, legal, n, &action, 1, &count,
                                       why, sizeof why) != SAPPER_OK)
            die(why);
        t[i] = (bench_now() - t0) * 1e6;
    }
    sapper_sandbox_driver.bot_free(sb, 0, 0, why, sizeof why);
    sapper_sandbox_release(sb);
    sapper_sandbox_free(sb);
    free(view);
    free(legal);
}

/* The process bot first_legal in reg, started once for its handshake. */
static const sapper_plugin *first_legal(sapper_registry *reg)
{
    char err[2048];
    sapper_command *cmd;
    if (sapper_command_parse(SAPPER_FIRST_LEGAL " honest", "/", &cmd, err, sizeof err))
        die(err);
    sapper_sandbox_options o = {0};
    sapper_command_info info = {0};
    if (sapper_sandbox_probe(&o, cmd, "mines", &info, err, sizeof err) != SAPPER_OK)
        die(err);
    const sapper_plugin *p;
    if (sapper_registry_add_command(reg, cmd, "first_legal", "", "", "", "mines", &p, err,
                                    sizeof err) != SAPPER_OK)
        die(err);
    return p;
}

static void round_trip(sapper_registry *reg)
{
    const sapper_plugin *proc = first_legal(reg);
    const sapper_plugin *so = sapper_registry_find(reg, "template", SAPPER_KIND_BOT);
    if (!so)
        die("no template bot in " SAPPER_PLUGIN_DIR);
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(0, &one);
    sched_setaffinity(0, sizeof one, &one);   /* as a sandboxed worker does */
    double *t = malloc(STEPS * sizeof *t), *u = malloc(STEPS * sizeof *u);
    if (!t || !u)
        die("out of memory");
    steps(so, t);
    steps(proc, u);
    printf("round trip of one move (the first legal action; Expert view, %d legal actions, "
           "%d steps, one core):\n", SAPPER_MINES_VERBS * W * H, STEPS);
    printf("  .so bot (template, sapper-bothost)  median %7.2f us  p99 %7.2f us\n",
           bench_quantile(t, STEPS, 0.5), bench_quantile(t, STEPS, 0.99));
    printf("  process bot (first_legal, C)        median %7.2f us  p99 %7.2f us\n",
           bench_quantile(u, STEPS, 0.5), bench_quantile(u, STEPS, 0.99));
    CPU_ZERO(&one);
    for (int c = 0; c < CPU_SETSIZE; c++)
        CPU_SET(c, &one);
    sched_setaffinity(0, sizeof one, &one);
    free(t);
    free(u);
}

/* ---- 2. tournaments, interleaved */

static bench_measure run_tournament(const char *dir, const char *ini)
{
    char db[PATH_MAX + 16], dbarg[PATH_MAX + 32];
    snprintf(db, sizeof db, "%s/run.db", dir);
    snprintf(dbarg, sizeof dbarg, "tournament.db=%s", db);
    char *argv[] = {(char *)SAPPER_BINARY, (char *)"tournament", (char *)ini, dbarg,
                    (char *)"--jobs", (char *)"1", NULL};
    bench_measure m;
    if (bench_run(argv, &m) != 0)
        die("a tournament run failed");
    static char rm[4 * sizeof db + 64];
    snprintf(rm, sizeof rm, "rm -rf '%s' '%s'-wal '%s'-shm '%s'.logs", db, db, db, db);
    if (system(rm) != 0)
        die("cannot remove the run's database");
    return m;
}

static void write_ini(const char *path, const char *preset, const char *entrant, int games)
{
    FILE *f = fopen(path, "w");
    if (!f)
        die("cannot write a config");
    fprintf(f, "[game]\nrules = classic\n[rules]\npreset = %s\n[tournament]\ngames = %d\n"
            "seed = 1\n%s", preset, games, entrant);
    fclose(f);
}

static void pairs(const char *dir, const char *preset, int games, int npairs)
{
    char ini[2][PATH_MAX + 32];
    snprintf(ini[0], sizeof ini[0], "%s/so.ini", dir);
    snprintf(ini[1], sizeof ini[1], "%s/process.ini", dir);
    write_ini(ini[0], preset, "[entrant.template]\nbot = template\n", games);
    write_ini(ini[1], preset, "[entrant.first_legal]\ncommand = " SAPPER_FIRST_LEGAL
              " honest\ncwd = " SAPPER_BOTS_DIR "\n", games);
    double ratio[64], cpu[2] = {0}, sys[2] = {0};
    long faults[2] = {0};
    for (int i = 0; i < npairs; i++) {
        bench_measure m[2];   /* 0 the .so bot, 1 the process bot; the order alternates */
        for (int k = 0; k < 2; k++) {
            int which = (i + k) % 2;
            m[which] = run_tournament(dir, ini[which]);
        }
        ratio[i] = m[0].cpu / m[1].cpu;   /* games/CPU-s process over .so */
        for (int k = 0; k < 2; k++) {
            cpu[k] += m[k].cpu;
            sys[k] += m[k].sys;
            faults[k] += m[k].faults;
        }
    }
    printf("%s, first legal action, %d games per run, %d interleaved pairs (--jobs 1, "
           "sandboxed):\n", preset, games, npairs);
    for (int k = 0; k < 2; k++)
        printf("  %-12s %8.1f games/CPU-s, kernel %4.1f%% of CPU, %6.1f minor faults/game\n",
               k ? "process bot" : ".so bot", games * npairs / cpu[k],
               100 * sys[k] / cpu[k], (double)faults[k] / ((double)games * npairs));
    double lo = bench_quantile(ratio, npairs, 0.0), hi = bench_quantile(ratio, npairs, 1.0);
    printf("  process / .so: median %.3f (min %.3f, max %.3f)\n",
           bench_quantile(ratio, npairs, 0.5), lo, hi);
    remove(ini[0]);
    remove(ini[1]);
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
    char dir[] = "/tmp/bench-process-XXXXXX";
    if (!mkdtemp(dir))
        die("cannot make a temporary directory");
    pairs(dir, "beginner", 3000, npairs);
    pairs(dir, "expert", 1000, npairs);
    rmdir(dir);
    sapper_registry_free(reg);
    return 0;
}
