/*
 * bench_woodsword.c - how fast Wood-Sword rounds resolve, and what a
 * 64-seat round costs against an 8-seat one (issue 17's target: at most
 * 10x). Plays every seat a bot through the engine's match loop, as `sapper
 * run` and a tournament worker do (sapper_match: legal sets or is_legal,
 * views, history, informs; bot instances kept between games), with the
 * built-in copies of woodsword, woodsword-bot and arena-random. It does not
 * print results, record replays or sandbox bots: bench_compare runs `sapper
 * run` for those.
 *
 *   bench_woodsword [PAIRS] [GAMES]     (defaults 7 and 40)
 *
 * For each bot, PAIRS interleaved pairs (the order alternates): GAMES
 * 64-seat games and 16 x GAMES 8-seat games, the same seeds in every pair
 * (game i of a table plays sapper_game_seed(SEATS, i)), so each pair does
 * the same work and only the machine's drift moves its ratio. Prints the
 * rounds, seat decisions and games per CPU second of each table, and the
 * CPU time of a 64-seat round over an 8-seat one: median, min and max over
 * the pairs.
 *
 * Not a test: it checks nothing but that every game ends without a fault.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot_keep.h"
#include "match.h"
#include "sapper/arena.h"

const sapper_manifest *sapper_builtin_woodsword_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_woodsword_bot_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_arena_random_entry(uint32_t, uint32_t);

#define MAX_PAIRS 99

/* What one table played. */
typedef struct tally {
    long games, rounds, decisions;
    double seconds;
} tally;

/* CPU seconds of this process: the bench is one thread, and CPU time
   keeps the figures steadier on a machine busy with other work. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void die(const char *what, const char *err)
{
    fprintf(stderr, "bench_woodsword: %s: %s\n", what, err);
    exit(1);
}

static sapper_registry *registry(void)
{
    char err[1024];
    sapper_registry *reg = sapper_registry_new();
    if (!reg ||
        sapper_registry_add_entry(reg, sapper_builtin_woodsword_entry, "built-in", err, sizeof err) ||
        sapper_registry_add_entry(reg, sapper_builtin_woodsword_bot_entry, "built-in", err, sizeof err) ||
        sapper_registry_add_entry(reg, sapper_builtin_arena_random_entry, "built-in", err, sizeof err))
        die("registry", reg ? err : "out of memory");
    return reg;
}

/* The setup of a game of seats seats, every one played by bot. */
static void resolve(const sapper_registry *reg, const char *bot, int32_t seats,
                    sapper_config *cfg, sapper_setup *setup)
{
    char text[8192], err[1024];
    int n = snprintf(text, sizeof text, "[game]\nrules = woodsword\n"
                     "[rules]\nlang = en\nmax_rounds = 200\n");
    for (int32_t i = 1; i <= seats; i++)
        n += snprintf(text + n, sizeof text - (size_t)n, "[player.%d]\nbot = %s\n", (int)i, bot);
    sapper_config_init(cfg);
    sapper_setup_options opt = {.drawn_seed = 1};
    if (sapper_config_read_string(cfg, text, "bench", err, sizeof err) ||
        sapper_setup_resolve(cfg, reg, &opt, setup, err, sizeof err))
        die("setup", err);
}

static long rounds_of(sapper_match *m)
{
    size_t size = 0;
    const sapper_arena_view *v = sapper_match_view(m, SAPPER_OMNISCIENT, &size);
    return v && size >= sizeof *v ? v->rounds_played : 0;
}

/* Plays games games of setup (seeds from master) into y. */
static void play(const sapper_setup *setup, sapper_bot_keep *keep, uint64_t master,
                 long games, tally *y)
{
    char err[1024];
    sapper_match_hooks hooks = {.keep = keep};
    double t0 = now();
    for (long g = 0; g < games; g++) {
        sapper_match *m = sapper_match_new_driven(setup, sapper_game_seed(master, (uint64_t)g),
                                                  0, &hooks, err, sizeof err);
        if (!m)
            die("match", err);
        y->decisions += sapper_match_advance(m);
        sapper_match_end_bots(m);
        if (sapper_match_fault(m))
            die("game", sapper_match_fault(m)->detail);
        y->rounds += rounds_of(m);
        sapper_match_free(m);
    }
    y->games += games;
    y->seconds += now() - t0;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void report(const char *bot, int32_t seats, const tally *y)
{
    printf("%-13s %2d seats  %9.0f rounds/s  %10.0f decisions/s  %8.1f games/s  "
           "(%ld games, %.1f rounds and %.1f decisions a game)\n",
           bot, (int)seats, y->rounds / y->seconds, y->decisions / y->seconds,
           y->games / y->seconds, y->games, (double)y->rounds / (double)y->games,
           (double)y->decisions / (double)y->games);
}

/* PAIRS interleaved pairs of 8 and 64 seats of bot; prints its tables. */
static void compare(const sapper_registry *reg, const char *bot, int pairs, long games)
{
    sapper_config cfg[2];
    sapper_setup setup[2];
    const int32_t seats[2] = {8, 64};
    const long count[2] = {16 * games, games};
    tally total[2] = {{0}};
    double ratio[MAX_PAIRS];
    sapper_bot_keep *keep = sapper_bot_keep_new();
    for (int k = 0; k < 2; k++)
        resolve(reg, bot, seats[k], &cfg[k], &setup[k]);
    for (int p = 0; p < pairs; p++) {
        tally one[2] = {{0}};
        for (int j = 0; j < 2; j++) {
            int k = (p + j) % 2;
            play(&setup[k], keep, (uint64_t)seats[k], count[k], &one[k]);
        }
        ratio[p] = (one[1].seconds / one[1].rounds) / (one[0].seconds / one[0].rounds);
        for (int k = 0; k < 2; k++) {
            total[k].games += one[k].games;
            total[k].rounds += one[k].rounds;
            total[k].decisions += one[k].decisions;
            total[k].seconds += one[k].seconds;
        }
    }
    qsort(ratio, (size_t)pairs, sizeof *ratio, by_value);
    for (int k = 0; k < 2; k++)
        report(bot, seats[k], &total[k]);
    printf("%-13s a 64-seat round costs %.1fx an 8-seat one: median of %d pairs "
           "(min %.1f, max %.1f); a decision %.1fx\n", bot, ratio[pairs / 2], pairs,
           ratio[0], ratio[pairs - 1],
           (total[1].seconds / total[1].decisions) / (total[0].seconds / total[0].decisions));
    sapper_bot_keep_free(keep);
    for (int k = 0; k < 2; k++) {
        sapper_setup_free(&setup[k]);
        sapper_config_free(&cfg[k]);
    }
}

int main(int argc, char **argv)
{
    int pairs = argc > 1 ? atoi(argv[1]) : 7;
    long games = argc > 2 ? atol(argv[2]) : 40;
    if (pairs < 1 || pairs > MAX_PAIRS || games < 1)
        die("usage", "bench_woodsword [PAIRS (1-99)] [GAMES (> 0)]");
    sapper_registry *reg = registry();
    printf("Wood-Sword through the match loop, every seat a bot, max_rounds 200; "
           "%d pairs of %ld 64-seat and %ld 8-seat games, CPU time\n",
           pairs, games, 16 * games);
    compare(reg, "woodsword", pairs, games);
    compare(reg, "arena-random", pairs, games);
    sapper_registry_free(reg);
    return 0;
}
