/*
 * bench_plugin_path.c - what does the plugin boundary cost? Plays classic
 * expert games (30x16, 99 mines, safe first click) with the `random` bot
 * through the full match loop, once with both loaded from .so files
 * (dlopen) and once with the same sources linked in as built-ins, in
 * alternating rounds of the same run so machine noise hits both alike.
 * Prints games per second for each and the ratio plugin / built-in.
 *
 *   bench_plugin_path [GAMES_PER_ROUND] [ROUNDS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "match.h"

const sapper_manifest *sapper_builtin_classic_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_random_entry(uint32_t, uint32_t);

static const char config[] =
    "[game]\nrules = classic\n[rules]\npreset = expert\nfirst_click = safe\n"
    "[player.1]\nbot = random\n";

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static sapper_registry *registry(int builtin)
{
    char err[1024];
    sapper_registry *reg = sapper_registry_new();
    if (!reg || sapper_registry_set_describer(reg, SAPPER_BOTHOST)) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    if (!builtin) {
        const char *files[] = {SAPPER_PLUGIN_DIR "/classic.so", SAPPER_PLUGIN_DIR "/random.so"};
        for (int i = 0; i < 2; i++)
            if (sapper_registry_load_file(reg, files[i], err, sizeof err)) {
                fprintf(stderr, "%s\n", err);
                exit(1);
            }
    } else if (sapper_registry_add_entry(reg, sapper_builtin_classic_entry, "built-in", err, sizeof err) ||
               sapper_registry_add_entry(reg, sapper_builtin_random_entry, "built-in", err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        exit(1);
    }
    return reg;
}

/* Plays n games; returns the wall time and adds the moves played. */
static double play(const sapper_registry *reg, long n, uint64_t seed, long *moves)
{
    sapper_config cfg;
    sapper_setup setup;
    char err[1024];
    sapper_config_init(&cfg);
    sapper_setup_options opt = {.drawn_seed = seed};
    if (sapper_config_read_string(&cfg, config, "bench", err, sizeof err) ||
        sapper_setup_resolve(&cfg, reg, &opt, &setup, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        exit(1);
    }
    double t0 = now();
    for (long g = 0; g < n; g++) {
        sapper_match *m = sapper_match_new(&setup, sapper_game_seed(seed, (uint64_t)g), 0,
                                           err, sizeof err);
        if (!m) {
            fprintf(stderr, "%s\n", err);
            exit(1);
        }
        sapper_match_advance(m);
        *moves += (long)sapper_match_move_count(m);
        sapper_match_free(m);
    }
    double t = now() - t0;
    sapper_setup_free(&setup);
    sapper_config_free(&cfg);
    return t;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    long games = argc > 1 ? atol(argv[1]) : 20000;
    int rounds = argc > 2 ? atoi(argv[2]) : 7;
    if (games < 1 || rounds < 1 || rounds > 99) {
        fprintf(stderr, "usage: bench_plugin_path [GAMES_PER_ROUND] [ROUNDS<100]\n");
        return 2;
    }
    sapper_registry *plug = registry(0), *built = registry(1);
    double rate[2][100];
    long moves[2] = {0, 0};
    for (int r = 0; r < rounds; r++) {
        /* same seeds for both: the same games */
        rate[0][r] = games / play(plug, games, 1000 + (uint64_t)r, &moves[0]);
        rate[1][r] = games / play(built, games, 1000 + (uint64_t)r, &moves[1]);
    }
    qsort(rate[0], (size_t)rounds, sizeof(double), by_value);
    qsort(rate[1], (size_t)rounds, sizeof(double), by_value);
    double p = rate[0][rounds / 2], b = rate[1][rounds / 2];
    printf("classic expert (30x16/99, first_click=safe), bot random, %ld games x %d rounds\n",
           games, rounds);
    printf("moves per game: %.2f (plugin) %.2f (built-in)\n",
           (double)moves[0] / (games * rounds), (double)moves[1] / (games * rounds));
    printf("plugin (dlopen):   %10.0f games/s (median of rounds)\n", p);
    printf("built-in (linked): %10.0f games/s (median of rounds)\n", b);
    printf("ratio plugin/built-in: %.3f\n", p / b);
    sapper_registry_free(plug);
    sapper_registry_free(built);
    return 0;
}
