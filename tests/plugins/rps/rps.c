/*
 * rps.c - rock-paper-scissors rules: the smallest game with SIMULTANEOUS
 * turns, so the engine's joint-move path has a real plugin to load. See
 * rps.h for the game. It has no randomness and no hidden state, and it
 * refuses sequential apply_action: every turn is simultaneous.
 */
#include "rps.h"

#include <stdio.h>

typedef struct rps_game {
    int32_t rounds;
} rps_game;

typedef struct rps_state {
    int32_t rounds, round;
    int32_t score[2], last[2];
} rps_state;

static const char *const throw_names[RPS_THROWS] = { "rock", "paper", "scissors" };

static sapper_status rps_game_new(const sapper_params *params, void **game,
                                  char *err, size_t errcap)
{
    int64_t rounds = sapper_param_int(params, "rounds", 3);
    if (rounds < 1 || rounds > 99) {   /* the host checks; so do we */
        snprintf(err, errcap, "rounds must be 1..99, got %lld", (long long)rounds);
        return SAPPER_ERR_PARAM;
    }
    rps_game *g = malloc(sizeof *g);
    if (!g)
        return SAPPER_ERR_NOMEM;
    g->rounds = (int32_t)rounds;
    *game = g;
    return SAPPER_OK;
}

static void rps_game_free(void *game)
{
    free(game);
}

static void rps_game_info(const void *game, int32_t players, sapper_game_info *out)
{
    sapper_game_info mine = {.struct_size = sizeof mine};
    const rps_game *g = game;
    (void)players;
    mine.min_players = 2;
    mine.max_players = 2;
    mine.turns = SAPPER_TURNS_SIMULTANEOUS;
    mine.max_moves = 2 * (int64_t)g->rounds;   /* one throw per seat per round */
    mine.max_actions = RPS_THROWS;
    sapper_game_info_fill(out, &mine);
}

static sapper_status rps_state_new(const void *game, int32_t players,
                                   uint64_t seed, void **state, char *err,
                                   size_t errcap)
{
    const rps_game *g = game;
    (void)seed;   /* nothing random in the rules: the seats bring the chance */
    if (players != 2) {
        snprintf(err, errcap, "rps needs 2 players, got %d", (int)players);
        return SAPPER_ERR_PARAM;
    }
    rps_state *s = malloc(sizeof *s);
    if (!s)
        return SAPPER_ERR_NOMEM;
    *s = (rps_state){ .rounds = g->rounds, .last = { RPS_NONE, RPS_NONE } };
    *state = s;
    return SAPPER_OK;
}

static sapper_status rps_state_clone(const void *state, void **out)
{
    rps_state *s = malloc(sizeof *s);
    if (!s)
        return SAPPER_ERR_NOMEM;
    *s = *(const rps_state *)state;
    *out = s;
    return SAPPER_OK;
}

static void rps_state_free(void *state)
{
    free(state);
}

static int is_over(const rps_state *s)
{
    int32_t lead = abs(s->score[0] - s->score[1]);
    return s->round >= s->rounds || lead > s->rounds - s->round;
}

static int32_t rps_current_player(const void *state)
{
    return is_over(state) ? SAPPER_TERMINAL : SAPPER_SIMULTANEOUS;
}

static int64_t rps_legal_actions(const void *state, int32_t seat, int64_t *out,
                                 size_t cap)
{
    if (is_over(state) || seat < 0 || seat > 1)
        return 0;
    for (size_t i = 0; i < cap && i < RPS_THROWS; i++)
        out[i] = (int64_t)i;
    return RPS_THROWS;
}

static sapper_status rps_apply_action(void *state, int32_t seat, int64_t action,
                                      char *err, size_t errcap)
{
    (void)state; (void)seat; (void)action;
    snprintf(err, errcap, "rps throws are simultaneous: use apply_joint");
    return SAPPER_ERR_STATE;
}

/* Checks one seat's throw; writes the reason when it is not one. */
static sapper_status check_throw(int32_t seat, int64_t a, char *err, size_t errcap)
{
    if (a == SAPPER_NO_ACTION) {
        snprintf(err, errcap, "seat %d gave no throw", (int)seat);
        return SAPPER_ERR_ILLEGAL;
    }
    if (a < 0 || a >= RPS_THROWS) {
        snprintf(err, errcap, "seat %d: %lld is not a throw (0 rock, 1 paper, 2 scissors)",
                 (int)seat, (long long)a);
        return SAPPER_ERR_ILLEGAL;
    }
    return SAPPER_OK;
}

static sapper_status rps_apply_joint(void *state, const int64_t *actions,
                                     int32_t players, char *err, size_t errcap)
{
    rps_state *s = state;
    if (players != 2) {
        snprintf(err, errcap, "rps needs 2 throws, got %d", (int)players);
        return SAPPER_ERR_STATE;
    }
    if (is_over(s)) {
        snprintf(err, errcap, "the match is over");
        return SAPPER_ERR_STATE;
    }
    for (int32_t seat = 0; seat < 2; seat++) {
        sapper_status st = check_throw(seat, actions[seat], err, errcap);
        if (st != SAPPER_OK)
            return st;   /* state untouched: both are checked first */
    }
    int32_t a = (int32_t)actions[0], b = (int32_t)actions[1];
    int32_t beats = (a - b + RPS_THROWS) % RPS_THROWS;   /* 1: a wins, 2: b */
    if (beats == 1)
        s->score[0]++;
    else if (beats == 2)
        s->score[1]++;
    s->last[0] = a;
    s->last[1] = b;
    s->round++;
    return SAPPER_OK;
}

static void rps_returns(const void *state, double *out, int32_t players)
{
    const rps_state *s = state;
    double r0 = s->score[0] > s->score[1] ? 1.0 : s->score[0] < s->score[1] ? 0.0 : 0.5;
    if (players > 0)
        out[0] = r0;
    if (players > 1)
        out[1] = 1.0 - r0;
}

static int64_t rps_observe(const void *state, int32_t seat, void *out, size_t cap)
{
    const rps_state *s = state;
    rps_view v = {
        .struct_size = sizeof v, .seat = seat, .rounds = s->rounds,
        .round = s->round, .done = is_over(s),
        .score = { s->score[0], s->score[1] },
        .last = { s->last[0], s->last[1] },
    };
    if (out)
        memcpy(out, &v, cap < sizeof v ? cap : sizeof v);
    return (int64_t)sizeof v;
}

static int64_t rps_action_to_text(const void *state, int64_t action, char *buf,
                                  size_t cap)
{
    (void)state;
    const char *name = action >= 0 && action < RPS_THROWS ? throw_names[action] : "?";
    return snprintf(buf, cap, "%s", name);
}

static sapper_status rps_text_to_action(const void *state, const char *text,
                                        int64_t *action, char *err, size_t errcap)
{
    (void)state;
    for (int64_t i = 0; i < RPS_THROWS; i++)
        if (strcmp(text, throw_names[i]) == 0) {
            *action = i;
            return SAPPER_OK;
        }
    snprintf(err, errcap, "expected rock, paper or scissors, got \"%s\"", text);
    return SAPPER_ERR_PARSE;
}

/* "best of 3, round 2: 1-0 (rock vs scissors)\n", ", over" at the end. */
static int64_t rps_render_text(const void *state, int32_t seat, char *buf, size_t cap)
{
    const rps_state *s = state;
    int shown = s->round > 0;
    (void)seat;   /* no hidden information between rounds */
    return snprintf(buf, cap, "best of %d, round %d: %d-%d%s%s%s%s%s%s\n",
                    (int)s->rounds, (int)s->round, (int)s->score[0],
                    (int)s->score[1], shown ? " (" : "",
                    shown ? throw_names[s->last[0]] : "", shown ? " vs " : "",
                    shown ? throw_names[s->last[1]] : "", shown ? ")" : "",
                    is_over(s) ? ", over" : "");
}

static int64_t rps_result_json(const void *state, char *buf, size_t cap)
{
    const rps_state *s = state;
    return snprintf(buf, cap, ",\"score\":[%d,%d]", (int)s->score[0], (int)s->score[1]);
}

const sapper_rules_api rps_rules_api = {
    .struct_size = sizeof(sapper_rules_api),
    .game_new = rps_game_new,
    .game_free = rps_game_free,
    .game_info = rps_game_info,
    .state_new = rps_state_new,
    .state_clone = rps_state_clone,
    .state_free = rps_state_free,
    .current_player = rps_current_player,
    .legal_actions = rps_legal_actions,
    .apply_action = rps_apply_action,
    .apply_joint = rps_apply_joint,
    .returns = rps_returns,
    .observe = rps_observe,
    .action_to_text = rps_action_to_text,
    .text_to_action = rps_text_to_action,
    .render_text = rps_render_text,
    .result_json = rps_result_json,
};
