/*
 * bench_woodsword.c - how fast Wood-Sword rounds resolve, and what 64 seats
 * cost against 8. Plays seeded games through the rules table and the bot
 * tables directly (the built-in copies of woodsword, woodsword-bot and
 * arena-random: no dlopen, no match loop, no history), every seat a bot:
 * each round every alive seat observes, its bot steps, the actions go in
 * with apply_joint, missiles are placed with apply_action. Four tables in
 * one run: 8 and 64 seats of the `woodsword` bot, and 8 and 64 seats of
 * `arena-random` (a bot that costs next to nothing, so those figures are
 * mostly the rules' own cost). Each table plays whole games, seeds 1, 2,
 * ..., until SECONDS of CPU time have passed, and prints rounds resolved
 * per CPU second, seat decisions per second and games per second.
 *
 *   bench_woodsword [SECONDS]        (default 1 per table)
 *
 * Not a test: it checks nothing but that the plugins accept every step.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sapper/arena.h"

const sapper_manifest *sapper_builtin_woodsword_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_woodsword_bot_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_arena_random_entry(uint32_t, uint32_t);

/* What one table played. */
typedef struct tally {
    long games, rounds, decisions;
    double seconds;
} tally;

/* One game in progress: the rules, the state, a bot per seat, buffers. */
typedef struct table {
    const sapper_rules_api *rules;
    const sapper_bot_api *bot;
    void *game, *state;
    void *bots[SAPPER_ARENA_MAX_SEATS];
    int32_t players;
    int64_t *legal;            /* info.max_actions ids */
    size_t max_legal;
    unsigned char *view;       /* one view */
    size_t view_cap;
} table;

/* CPU seconds of this process: the bench is one thread, and CPU time
   keeps the figures steady on a machine busy with other work. */
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

static const sapper_descriptor *only(const sapper_manifest *m)
{
    if (!m || m->count != 1)
        die("manifest", "expected one descriptor");
    return m->descriptors[0];
}

/* Starts game `seed` of players seats, all of them bot. */
static void open_table(table *t, uint64_t seed)
{
    char err[256] = "";
    sapper_kv kv[] = {{"lang", "en"}, {"max_rounds", "200"}};
    sapper_params params = {kv, 2};
    sapper_game_info info = {.struct_size = sizeof info};
    if (t->rules->game_new(&params, &t->game, err, sizeof err) != SAPPER_OK)
        die("game_new", err);
    t->rules->game_info(t->game, t->players, &info);
    if (t->rules->state_new(t->game, t->players, seed, &t->state, err, sizeof err))
        die("state_new", err);
    for (int32_t i = 0; i < t->players; i++) {
        sapper_bot_setup setup = {.struct_size = sizeof setup, .seat = i,
                                  .players = t->players,
                                  .seed = sapper_seed_derive(seed, (uint64_t)i + 1),
                                  .rules_id = "woodsword", .rules_params = &params,
                                  .info = &info};
        if (t->bot->bot_new(NULL, &setup, &t->bots[i], err, sizeof err) != SAPPER_OK)
            die("bot_new", err);
    }
    if ((size_t)info.max_actions > t->max_legal) {
        free(t->legal);
        t->max_legal = (size_t)info.max_actions;
        t->legal = malloc(t->max_legal * sizeof *t->legal);
        if (!t->legal)
            die("malloc", "out of memory");
    }
}

static void close_table(table *t)
{
    for (int32_t i = 0; i < t->players; i++)
        t->bot->bot_free(t->bots[i]);
    t->rules->state_free(t->state);
    t->rules->game_free(t->game);
}

/* Seat's bot picks one of its legal actions; SAPPER_NO_ACTION when it
   has none. Counts the decision. */
static int64_t decide(table *t, int32_t seat, tally *y)
{
    int64_t n = t->rules->legal_actions(t->state, seat, t->legal, t->max_legal);
    if (n <= 0)
        return SAPPER_NO_ACTION;
    int64_t size = t->rules->observe(t->state, seat, t->view, t->view_cap);
    if (size < 0 || (size_t)size > t->view_cap)
        die("observe", "the view does not fit");
    int64_t a = SAPPER_NO_ACTION;
    if (t->bot->step(t->bots[seat], t->view, (size_t)size, t->legal, (size_t)n, &a))
        die("step", "the bot refused");
    y->decisions++;
    return a;
}

/* Plays the game to its end. */
static void play_out(table *t, tally *y)
{
    char err[256] = "";
    int64_t joint[SAPPER_ARENA_MAX_SEATS];
    for (;;) {
        int32_t who = t->rules->current_player(t->state);
        if (who == SAPPER_TERMINAL)
            return;
        if (who >= 0) {
            if (t->rules->apply_action(t->state, who, decide(t, who, y), err, sizeof err))
                die("apply_action", err);
            continue;
        }
        for (int32_t i = 0; i < t->players; i++)
            joint[i] = decide(t, i, y);
        if (t->rules->apply_joint(t->state, joint, t->players, err, sizeof err))
            die("apply_joint", err);
    }
}

static int32_t rounds_of(table *t)
{
    int64_t size = t->rules->observe(t->state, SAPPER_OMNISCIENT, t->view, t->view_cap);
    const sapper_arena_view *v = (const sapper_arena_view *)t->view;
    return size >= (int64_t)sizeof *v ? v->rounds_played : 0;
}

/* Whole games, seeds 1, 2, ..., until budget seconds have passed. */
static tally run(const sapper_bot_api *bot, int32_t players, double budget)
{
    table t = {.rules = only(sapper_builtin_woodsword_entry(SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR))->rules,
               .bot = bot, .players = players,
               .view_cap = sapper_arena_view_size(SAPPER_ARENA_MAX_SEATS) * 2};
    tally y = {0};
    t.view = malloc(t.view_cap);
    if (!t.view)
        die("malloc", "out of memory");
    double t0 = now();
    for (uint64_t seed = 1; y.games < 3 || now() - t0 < budget; seed++) {
        open_table(&t, seed);
        play_out(&t, &y);
        y.rounds += rounds_of(&t);
        y.games++;
        close_table(&t);
    }
    y.seconds = now() - t0;
    free(t.legal);
    free(t.view);
    return y;
}

static void report(const char *bot, int32_t players, const tally *y)
{
    printf("%-13s %2d seats  %9.0f rounds/s  %10.0f decisions/s  %8.1f games/s  "
           "(%ld games, %.1f rounds/game)\n",
           bot, (int)players, y->rounds / y->seconds, y->decisions / y->seconds,
           y->games / y->seconds, y->games, (double)y->rounds / (double)y->games);
}

int main(int argc, char **argv)
{
    double budget = argc > 1 ? atof(argv[1]) : 1.0;
    if (budget <= 0)
        die("usage", "bench_woodsword [SECONDS]   (SECONDS > 0)");
    const sapper_bot_api *ws = only(sapper_builtin_woodsword_bot_entry(SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR))->bot;
    const sapper_bot_api *rnd = only(sapper_builtin_arena_random_entry(SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR))->bot;
    tally ws8 = run(ws, 8, budget), ws64 = run(ws, 64, budget);
    tally r8 = run(rnd, 8, budget), r64 = run(rnd, 64, budget);
    printf("Wood-Sword, every seat a bot, max_rounds 200, %.1f CPU s per table\n", budget);
    report("woodsword", 8, &ws8);
    report("woodsword", 64, &ws64);
    report("arena-random", 8, &r8);
    report("arena-random", 64, &r64);
    printf("a 64-seat round takes %.1fx the time of an 8-seat one (woodsword), "
           "%.1fx (arena-random)\n",
           (ws8.rounds / ws8.seconds) / (ws64.rounds / ws64.seconds),
           (r8.rounds / r8.seconds) / (r64.rounds / r64.seconds));
    printf("a 64-seat decision takes %.1fx the time of an 8-seat one (woodsword), "
           "%.1fx (arena-random): the legal list and the view grow with the seats\n",
           (ws64.seconds / ws64.decisions) / (ws8.seconds / ws8.decisions),
           (r64.seconds / r64.decisions) / (r8.seconds / r8.decisions));
    return 0;
}
