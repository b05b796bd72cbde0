/*
 * bot_twins.c - DELIBERATELY HOSTILE test bots (family mines), two in one
 * plugin: each plays as the simple bot (plugins/bots/simple) with one trick,
 * so simple is its honest twin on the same boards (tests/e2e/redteam_test.sh).
 *
 *   bot_stall   where no cell is certainly safe, instead of guessing it
 *               cycles the flag of one hidden cell until the game runs into
 *               the ruleset's move bound. Before the engine charged a stall
 *               such games were void, and its table showed only certain wins.
 *   bot_replay  after a guess that lost, it makes itself the process an
 *               out-of-memory killer picks (it touches `inflate_mb` MB and
 *               waits), in bot_free (`when = free`, the game already over) or
 *               before its next guess (`when = guess`, mid-game). Before the
 *               engine settled a game ahead of bot_free, such a kill had the
 *               lost game played again until a guess came out right; its own
 *               guesses are drawn anew in each process, from the clock, so a
 *               replayed game could come out otherwise.
 */
#define _GNU_SOURCE
#include "sapper/mines.h"
#include "solver.h"
#include "../../plugins/bots/simple/bot.h"

#include <time.h>

/* ---- what both know: the twin's play and whether a guess is due */

typedef struct twin {
    void *simple;                   /* the honest twin's play; owned */
    sapper_mines_solver *solver;    /* owned */
    int32_t w, h;
    int guessed;                    /* bot_replay: its last move was a guess */
    int inflate_mb, at_guess;       /* bot_replay's parameters */
} twin;

static sapper_status twin_new(const sapper_params *params, const sapper_bot_setup *setup,
                              twin **out, char *err, size_t errcap)
{
    twin *b = calloc(1, sizeof *b);
    if (!b)
        return SAPPER_ERR_NOMEM;
    sapper_status st = simple_bot_new(params, setup, &b->simple, err, errcap);
    if (st != SAPPER_OK) {
        free(b);
        return st;
    }
    *out = b;
    return SAPPER_OK;
}

static void twin_free(twin *b)
{
    simple_bot_free(b->simple);
    sapper_mines_solver_free(b->solver);
    free(b);
}

/* Whether a guess is due: a number shows (the first click is safe) and no
   cell is certainly safe. */
static int must_guess(twin *b, const sapper_mines_position *pos)
{
    int any = 0;
    for (int32_t i = 0; i < pos->width * pos->height; i++)
        any |= pos->cells[i] <= SAPPER_CELL_0 + 8;
    if (!any)
        return 0;
    if (!b->solver || b->w != pos->width || b->h != pos->height) {
        sapper_mines_solver_free(b->solver);
        b->solver = sapper_mines_solver_new(pos->width, pos->height);
        b->w = pos->width;
        b->h = pos->height;
    }
    sapper_mines_deduction d;
    return b->solver && (sapper_mines_deduce(b->solver, pos, SAPPER_MINES_DEDUCE_COMPLETE,
                                             NULL, &d) != SAPPER_OK || d.safe_count == 0);
}

/* ---- bot_stall */

static sapper_status stall_new(const sapper_params *params, const sapper_bot_setup *setup,
                               void **bot, char *err, size_t errcap)
{
    return twin_new(params, setup, (twin **)bot, err, errcap);
}

/* The flag cycle of the first listed cell that has one. */
static int64_t first_flag(const int64_t *legal, size_t nlegal, size_t cells)
{
    for (size_t i = 0; i < nlegal; i++)
        if (legal[i] / (int64_t)cells == SAPPER_MINES_FLAG)
            return legal[i];
    return -1;
}

static sapper_status stall_step(void *bot, const void *view, size_t view_size,
                                const int64_t *legal, size_t nlegal, int64_t *action)
{
    twin *b = bot;
    sapper_mines_position pos;
    if (sapper_mines_position_from_view(view, view_size, &pos) != SAPPER_OK)
        return SAPPER_ERR_STATE;
    int64_t flag = first_flag(legal, nlegal, (size_t)pos.width * (size_t)pos.height);
    if (flag >= 0 && must_guess(b, &pos)) {
        *action = flag;
        return SAPPER_OK;
    }
    return simple_bot_step(b->simple, view, view_size, legal, nlegal, action);
}

/* ---- bot_replay */

static sapper_status replay_new(const sapper_params *params, const sapper_bot_setup *setup,
                                void **bot, char *err, size_t errcap)
{
    sapper_bot_setup mine = *setup;   /* a new roll of the dice per process */
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    mine.seed ^= (uint64_t)ts.tv_nsec * 0x9e3779b97f4a7c15ull;
    twin *b = NULL;
    sapper_status st = twin_new(params, &mine, &b, err, errcap);
    if (st != SAPPER_OK)
        return st;
    b->inflate_mb = (int)sapper_param_int(params, "inflate_mb", 300);
    const char *when = sapper_param(params, "when");
    b->at_guess = when && strcmp(when, "guess") == 0;
    *bot = b;
    return SAPPER_OK;
}

/* Grows to inflate_mb resident and waits to be killed (at most 20 s). */
static void be_the_largest(const twin *b)
{
    size_t n = (size_t)b->inflate_mb << 20;
    unsigned char *p = malloc(n);
    for (size_t i = 0; p && i < n; i += 4096)
        p[i] = 1;
    struct timespec tick = {0, 50000000};
    for (int i = 0; i < 400; i++)
        nanosleep(&tick, NULL);
    free(p);
}

static sapper_status replay_step(void *bot, const void *view, size_t view_size,
                                 const int64_t *legal, size_t nlegal, int64_t *action)
{
    twin *b = bot;
    sapper_mines_position pos;
    if (sapper_mines_position_from_view(view, view_size, &pos) != SAPPER_OK)
        return SAPPER_ERR_STATE;
    b->guessed = must_guess(b, &pos);
    if (b->guessed && b->at_guess)
        be_the_largest(b);
    return simple_bot_step(b->simple, view, view_size, legal, nlegal, action);
}

static void any_free(void *bot)
{
    twin *b = bot;
    if (!b)
        return;
    if (b->guessed && b->inflate_mb && !b->at_guess)
        be_the_largest(b);
    twin_free(b);
}

/* ---- the plugin */

static const sapper_bot_api stall_api = {
    .struct_size = sizeof(sapper_bot_api),
    .bot_new = stall_new,
    .bot_free = any_free,
    .step = stall_step,
};

static const sapper_bot_api replay_api = {
    .struct_size = sizeof(sapper_bot_api),
    .bot_new = replay_new,
    .bot_free = any_free,
    .step = replay_step,
};

static const sapper_param_spec stall_params[] = {
    {.key = "flag_mines", .type = SAPPER_PARAM_BOOL, .def = "false", .help = "as simple's"},
};

static const sapper_param_spec replay_params[] = {
    {.key = "flag_mines", .type = SAPPER_PARAM_BOOL, .def = "false", .help = "as simple's"},
    {.key = "inflate_mb", .type = SAPPER_PARAM_INT, .def = "300", .min = 1, .max = 4000,
     .help = "how much memory it touches to be picked"},
    {.key = "when", .type = SAPPER_PARAM_CHOICE, .def = "free", .choices = "free|guess",
     .help = "free: in bot_free after a lost guess; guess: before a guess"},
};

#define TWIN(cid, id_, name_, summary_, params_)                               \
    static const sapper_descriptor cid##_descriptor = {                       \
        .struct_size = sizeof(sapper_descriptor),                             \
        .abi_major = SAPPER_ABI_MAJOR,                                        \
        .abi_minor = SAPPER_ABI_MINOR,                                        \
        .kind = SAPPER_KIND_BOT,                                              \
        .id = id_,                                                            \
        .name = name_,                                                        \
        .version = "1.0.0",                                                   \
        .summary = summary_,                                                  \
        .family = SAPPER_MINES_FAMILY,                                        \
        .params = params_,                                                    \
        .param_count = sizeof params_ / sizeof params_[0],                    \
        .bot = &cid##_api,                                                    \
    }

TWIN(stall, "bot_stall", "Staller", "Runs out the move bound rather than guess (a "
     "hostile test bot)", stall_params);
TWIN(replay, "bot_replay", "Replayer", "Gets itself killed to have lost games replayed "
     "(a hostile test bot)", replay_params);

static const sapper_descriptor *const twin_descriptors[] = {
    &stall_descriptor, &replay_descriptor,
};

static const sapper_manifest twin_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 2,
    .descriptors = twin_descriptors,
};

SAPPER_PLUGIN_ENTRY(bot_twins)
{
    (void)host_minor;
    return host_major == SAPPER_ABI_MAJOR ? &twin_manifest : NULL;
}
