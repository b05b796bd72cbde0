/*
 * bench_forgive.c - is the forgiveness test of Deductive Minesweeper
 * imperceptible? Plays GAMES games of the scored board (25x14, 70 mines)
 * with the `simple` bot through the rules and bot tables of the built-in
 * copies, and keeps the position before every click on a mine (the
 * positions the rules really study: simple only guesses when its own
 * deductions run dry, and forgiven games go on). With CARELESS percent,
 * each move is instead, with that chance, a hidden cell drawn at random:
 * a player who clicks a mine while a deduction was possible, whose loss
 * the rules analyse (simple alone is always forgiven, so its runs never
 * reach the analysis). Then times, on each kept position:
 *   decision   ded_forgive alone, on a solver made once (the engine);
 *   as played  what the rules do per click: a new solver, the decision,
 *              the loss analysis when not forgiven, the solver freed.
 * Prints the count, the share forgiven, and the median, 90th and 99th
 * percentiles and maximum of both, in milliseconds.
 *
 *   bench_forgive [GAMES] [SEED] [CARELESS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "deductive.h"

#define W 25
#define H 14
#define CELLS (W * H)

const sapper_manifest *sapper_builtin_deductive_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_simple_entry(uint32_t, uint32_t);

typedef struct kept {
    uint8_t cells[CELLS];   /* the player's view before the click */
    uint8_t mine[CELLS];    /* the truth, for the analysis */
    int32_t cell;           /* the mine clicked */
} kept;

typedef struct kept_list {
    kept *items;
    size_t n, cap;
} kept_list;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static const sapper_descriptor *first(const sapper_manifest *m)
{
    return m->descriptors[0];
}

static void keep(kept_list *l, const uint8_t *view_cells,
                 const uint8_t *all_cells, int32_t cell)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 1024;
        l->items = realloc(l->items, l->cap * sizeof *l->items);
        if (!l->items)
            exit(1);
    }
    kept *k = &l->items[l->n++];
    memcpy(k->cells, view_cells, CELLS);
    for (int32_t c = 0; c < CELLS; c++)
        k->mine[c] = all_cells[c] == SAPPER_CELL_MINE;
    k->cell = cell;
}

/* A hidden cell drawn from the legal reveals, or a (the bot's choice). */
static int64_t careless_pick(sapper_rng *rng, int careless, const int64_t *legal,
                             int64_t n, int64_t a)
{
    if (careless <= 0 || (int)sapper_rng_below(rng, 100) >= careless)
        return a;
    int64_t reveals = 0;
    while (reveals < n && legal[reveals] < CELLS)   /* reveals come first */
        reveals++;
    return reveals ? legal[sapper_rng_below(rng, (uint64_t)reveals)] : a;
}

/* One game of simple (careless percent of its moves random) on the scored
   board; keeps its mine clicks and returns 1 for a win. */
static int play_game(const sapper_rules_api *r, const sapper_bot_api *bot,
                     void *game, uint64_t seed, int careless, kept_list *l)
{
    sapper_rng rng;
    sapper_rng_seed(&rng, seed ^ 0xca7e1e55);
    char err[256];
    void *s = NULL, *b = NULL;
    size_t vsize = sapper_mines_view_size(W, H);
    sapper_mines_view *v = malloc(vsize), *all = malloc(vsize);
    int64_t legal[3 * CELLS];
    sapper_game_info info = {.struct_size = sizeof info};
    r->game_info(game, 1, &info);
    sapper_bot_setup setup = {.struct_size = sizeof setup, .players = 1,
                              .seed = seed ^ 0xb07, .rules_id = "deductive",
                              .info = &info};
    if (r->state_new(game, 1, seed, &s, err, sizeof err) ||
        bot->bot_new(NULL, &setup, &b, err, sizeof err))
        exit(1);
    while (r->current_player(s) == 0) {
        int64_t n = r->legal_actions(s, 0, legal, 3 * CELLS), a;
        r->observe(s, 0, v, vsize);
        if (bot->step(b, v, vsize, legal, (size_t)n, &a) != SAPPER_OK)
            break;
        a = careless_pick(&rng, careless, legal, n, a);
        r->observe(s, SAPPER_OMNISCIENT, all, vsize);
        if (a < CELLS && all->cells[a] == SAPPER_CELL_MINE)
            keep(l, v->cells, all->cells, (int32_t)a);
        if (r->apply_action(s, 0, a, err, sizeof err) != SAPPER_OK)
            break;
    }
    double ret = 0;
    r->returns(s, &ret, 1);
    bot->bot_free(b);
    r->state_free(s);
    free(v);
    free(all);
    return ret == 1.0;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void report(const char *what, double *ms, size_t n)
{
    qsort(ms, n, sizeof *ms, by_value);
    printf("%-12s median %.3f ms  p90 %.3f ms  p99 %.3f ms  max %.3f ms\n",
           what, ms[n / 2], ms[n * 90 / 100], ms[n * 99 / 100], ms[n - 1]);
}

static sapper_mines_position position_of(const kept *k)
{
    return (sapper_mines_position){.width = W, .height = H, .mines = 70,
                                   .cells = k->cells};
}

/* The decision alone on one solver; returns how many were forgiven and
   the most enumeration nodes one decision used. */
static size_t time_decisions(const kept_list *l, double *ms, int64_t *nodes)
{
    sapper_mines_solver *solver = sapper_mines_solver_new(W, H);
    size_t forgiven = 0;
    *nodes = 0;
    for (size_t i = 0; i < l->n; i++) {
        sapper_mines_position pos = position_of(&l->items[i]);
        ded_verdict v;
        double t = now_ms();
        if (ded_forgive(solver, &pos, l->items[i].cell, &v) != SAPPER_OK)
            exit(1);
        ms[i] = now_ms() - t;
        forgiven += v.forgiven;
        *nodes = v.nodes > *nodes ? v.nodes : *nodes;
    }
    sapper_mines_solver_free(solver);
    return forgiven;
}

/* What the rules do per click on a mine; the times of the clicks not
   forgiven (the loss analysis) also go to lost[], counted in *nlost. */
static void time_as_played(const kept_list *l, double *ms, double *lost, size_t *nlost)
{
    *nlost = 0;
    uint8_t codes[CELLS];
    for (size_t i = 0; i < l->n; i++) {
        const kept *k = &l->items[i];
        sapper_mines_position pos = position_of(k);
        ded_verdict v;
        int32_t approx;
        double t = now_ms();
        sapper_mines_solver *solver = sapper_mines_solver_new(W, H);
        if (ded_forgive(solver, &pos, k->cell, &v) != SAPPER_OK ||
            (!v.forgiven && ded_analyse(solver, &pos, k->mine, k->cell, codes,
                                        &approx) != SAPPER_OK))
            exit(1);
        sapper_mines_solver_free(solver);
        ms[i] = now_ms() - t;
        if (!v.forgiven)
            lost[(*nlost)++] = ms[i];
    }
}

int main(int argc, char **argv)
{
    long games = argc > 1 ? atol(argv[1]) : 2000;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    int careless = argc > 3 ? atoi(argv[3]) : 0;
    const sapper_descriptor *rd = first(sapper_builtin_deductive_entry(1, 1));
    const sapper_descriptor *bd = first(sapper_builtin_simple_entry(1, 1));
    sapper_params none = {NULL, 0};   /* defaults: the scored 25x14 */
    void *game = NULL;
    char err[256];
    if (games < 1 || careless < 0 || careless > 100 ||
        rd->rules->game_new(&none, &game, err, sizeof err)) {
        fprintf(stderr, "usage: bench_forgive [GAMES] [SEED] [CARELESS percent 0-100]\n");
        return 2;
    }
    kept_list l = {0};
    long wins = 0;
    for (long g = 0; g < games; g++)
        wins += play_game(rd->rules, bd->bot, game, sapper_seed_derive(seed, (uint64_t)g),
                          careless, &l);
    rd->rules->game_free(game);
    double *ms = malloc((l.n ? l.n : 1) * sizeof *ms);
    double *lost = malloc((l.n ? l.n : 1) * sizeof *lost);
    if (!l.n || !ms || !lost)
        return 1;
    int64_t nodes;
    size_t forgiven = time_decisions(&l, ms, &nodes);
    printf("%ld games of simple (%d%% careless) on 25x14/70: %ld won; %zu clicks "
           "on a mine studied, %zu forgiven (%.1f%%); at most %lld enumeration nodes\n",
           games, careless, wins, l.n, forgiven,
           100.0 * (double)forgiven / (double)l.n, (long long)nodes);
    report("decision", ms, l.n);
    size_t nlost;
    time_as_played(&l, ms, lost, &nlost);
    report("as played", ms, l.n);
    if (nlost)
        report("not forgiven", lost, nlost);   /* decision + loss analysis */
    free(ms);
    free(lost);
    free(l.items);
    return 0;
}
