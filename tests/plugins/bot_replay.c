/*
 * bot_replay.c - DELIBERATELY HOSTILE test bot (family mines): the simple
 * bot's play, but after a guess that lost it makes itself the process an
 * out-of-memory killer picks (it touches `inflate_mb` MB and waits), in
 * bot_free (`when = free`, the game already over) or before its next
 * guess (`when = guess`, mid-game). Before the engine recorded a game's
 * result ahead of bot_free, such a kill had the lost game played again,
 * until a guess came out right. The red-team test kills the largest bot
 * process as an OOM killer would (tests/e2e/redteam_test.sh): its win rate
 * must stay within noise of its honest twin's (simple on the same boards;
 * its own guesses are drawn anew in each process, from the clock, so that a
 * replayed game could come out otherwise), and a mid-game kill above its
 * memory share is charged to it.
 */
#define _GNU_SOURCE
#include "sapper/mines.h"
#include "solver.h"
#include "../../plugins/bots/simple/bot.h"

#include <time.h>

typedef struct replay_bot {
    void *simple;                   /* the honest twin's play; owned */
    sapper_mines_solver *solver;    /* owned */
    int32_t w, h;
    int guessed;                    /* its last move was a guess */
    int inflate_mb, at_guess;       /* parameters */
} replay_bot;

static sapper_status replay_new(const sapper_params *params, const sapper_bot_setup *setup,
                                void **bot, char *err, size_t errcap)
{
    replay_bot *b = calloc(1, sizeof *b);
    if (!b)
        return SAPPER_ERR_NOMEM;
    /* a new roll of the dice in every process, so a game played again is
       guessed anew (the attack needs that; the clock is all it has) */
    sapper_bot_setup mine = *setup;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    mine.seed ^= (uint64_t)ts.tv_nsec * 0x9e3779b97f4a7c15ull;
    sapper_status st = simple_bot_new(params, &mine, &b->simple, err, errcap);
    if (st != SAPPER_OK) {
        free(b);
        return st;
    }
    b->inflate_mb = (int)sapper_param_int(params, "inflate_mb", 300);
    const char *when = sapper_param(params, "when");
    b->at_guess = when && strcmp(when, "guess") == 0;
    *bot = b;
    return SAPPER_OK;
}

/* Grows to inflate_mb resident and waits to be killed (at most 20 s). */
static void be_the_largest(const replay_bot *b)
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

static void replay_free(void *bot)
{
    replay_bot *b = bot;
    if (!b)
        return;
    if (b->guessed && !b->at_guess)
        be_the_largest(b);
    simple_bot_free(b->simple);
    sapper_mines_solver_free(b->solver);
    free(b);
}

/* Whether the position has a certainly safe cell, or is the first move. */
static int is_certain(replay_bot *b, const sapper_mines_position *pos)
{
    int any = 0;
    for (int32_t i = 0; i < pos->width * pos->height; i++)
        any |= pos->cells[i] <= SAPPER_CELL_0 + 8;
    if (!any)
        return 1;   /* the first click is safe */
    if (!b->solver || b->w != pos->width || b->h != pos->height) {
        sapper_mines_solver_free(b->solver);
        b->solver = sapper_mines_solver_new(pos->width, pos->height);
        b->w = pos->width;
        b->h = pos->height;
    }
    sapper_mines_deduction d;
    return !b->solver || (sapper_mines_deduce(b->solver, pos, SAPPER_MINES_DEDUCE_COMPLETE,
                                              NULL, &d) == SAPPER_OK && d.safe_count > 0);
}

static sapper_status replay_step(void *bot, const void *view, size_t view_size,
                                 const int64_t *legal, size_t nlegal, int64_t *action)
{
    replay_bot *b = bot;
    sapper_mines_position pos;
    if (sapper_mines_position_from_view(view, view_size, &pos) != SAPPER_OK)
        return SAPPER_ERR_STATE;
    b->guessed = !is_certain(b, &pos);
    if (b->guessed && b->at_guess)
        be_the_largest(b);
    return simple_bot_step(b->simple, view, view_size, legal, nlegal, action);
}

static const sapper_bot_api replay_api = {
    .struct_size = sizeof(sapper_bot_api),
    .bot_new = replay_new,
    .bot_free = replay_free,
    .step = replay_step,
};

static const sapper_param_spec replay_params[] = {
    {.key = "flag_mines", .type = SAPPER_PARAM_BOOL, .def = "false",
     .help = "as simple's"},
    {.key = "inflate_mb", .type = SAPPER_PARAM_INT, .def = "300", .min = 1, .max = 4000,
     .help = "how much memory it touches to be picked"},
    {.key = "when", .type = SAPPER_PARAM_CHOICE, .def = "free", .choices = "free|guess",
     .help = "free: in bot_free after a lost guess; guess: before a guess"},
};

static const sapper_descriptor replay_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_BOT,
    .id = "bot_replay",
    .name = "Replayer",
    .version = "1.0.0",
    .summary = "Gets itself killed to have lost games replayed (a hostile test bot)",
    .family = SAPPER_MINES_FAMILY,
    .params = replay_params,
    .param_count = 3,
    .bot = &replay_api,
};

static const sapper_descriptor *const replay_descriptors[] = {&replay_descriptor};

static const sapper_manifest replay_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 1,
    .descriptors = replay_descriptors,
};

SAPPER_PLUGIN_ENTRY(bot_replay)
{
    (void)host_minor;
    return host_major == SAPPER_ABI_MAJOR ? &replay_manifest : NULL;
}
