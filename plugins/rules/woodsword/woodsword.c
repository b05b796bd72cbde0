/*
 * woodsword.c - the flow of a Wood-Sword game: configuring a game, states
 * and clones, whose turn it is, which actions are legal and why others are
 * not, locking choices, the missile placing order and returns. It does not
 * resolve a round's damage (resolve.c), draw the game (render.c, view.c)
 * or hold any string (text.c).
 */
#include "state.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Game and state lifecycle.                                           */
/* ------------------------------------------------------------------ */

sapper_status woodsword_game_new(const sapper_params *params, void **game,
                                 char *err, size_t errcap)
{
    const char *lang = sapper_param(params, "lang");
    int64_t rounds = sapper_param_int(params, "max_rounds", WOODSWORD_DEFAULT_ROUNDS);
    if (lang && strcmp(lang, "en") != 0 && strcmp(lang, "zh") != 0) {
        snprintf(err, errcap, "lang must be en or zh, got \"%s\"", lang);
        return SAPPER_ERR_PARAM;
    }
    if (rounds < 1 || rounds > WOODSWORD_MAX_ROUNDS_LIMIT) {  /* the host checks too */
        snprintf(err, errcap, "max_rounds must be 1..%d, got %lld",
                 WOODSWORD_MAX_ROUNDS_LIMIT, (long long)rounds);
        return SAPPER_ERR_PARAM;
    }
    woodsword_game *g = malloc(sizeof *g);
    if (!g)
        return SAPPER_ERR_NOMEM;
    g->lang = lang && strcmp(lang, "zh") == 0 ? WOODSWORD_LANG_ZH : WOODSWORD_LANG_EN;
    g->max_rounds = (int32_t)rounds;
    *game = g;
    return SAPPER_OK;
}

void woodsword_game_free(void *game)
{
    free(game);
}

static int32_t clamp_seats(int32_t players)
{
    return players < WOODSWORD_MIN_SEATS ? WOODSWORD_MIN_SEATS
         : players > WOODSWORD_MAX_SEATS ? WOODSWORD_MAX_SEATS : players;
}

void woodsword_game_info(const void *game, int32_t players, sapper_game_info *out)
{
    sapper_game_info mine = {.struct_size = sizeof mine};
    const woodsword_game *g = game;
    int64_t n = clamp_seats(players);
    mine.min_players = WOODSWORD_MIN_SEATS;
    mine.max_players = WOODSWORD_MAX_SEATS;
    mine.turns = SAPPER_TURNS_SIMULTANEOUS;
    /* A round: one action per seat; missiles cost more than one point
       each and points come one per gather, so at most one allocation per
       seat and round on average over the game. */
    mine.max_moves = 2 * n * g->max_rounds + 1;
    /* Choosing: the untargeted verbs, every missile count, six swords and
       the fist stacks on every opponent. Allocating: every count of the
       missiles left on every opponent. The larger of the two. */
    int64_t choose = 8 + SAPPER_ARENA_MAX_COUNT + (6 + WOODSWORD_MAX_FISTS) * (n - 1);
    int64_t allocate = (int64_t)SAPPER_ARENA_MAX_COUNT * (n - 1);
    mine.max_actions = choose > allocate ? choose : allocate;
    sapper_game_info_fill(out, &mine);
}

static void clear_choices(woodsword_state *s)
{
    for (int32_t i = 0; i < s->players; i++) {
        s->seat[i].choice = SAPPER_NO_ACTION;
        s->seat[i].locked = 0;
        s->seat[i].missiles_left = 0;
        s->seat[i].alloc_turn = -1;
    }
    memset(s->missiles, 0, sizeof s->missiles);
    memset(s->missiles_on, 0, sizeof s->missiles_on);
    s->nqueue = 0;
    s->qpos = 0;
}

/* The round whose choices and missiles are all in is played; the next
   one starts (or the game is over). */
static void play_round(woodsword_state *s)
{
    woodsword_resolve_round(s);
    clear_choices(s);
    woodsword_show_all(s);
}

sapper_status woodsword_state_new(const void *game, int32_t players,
                                  uint64_t seed, void **state, char *err,
                                  size_t errcap)
{
    if (players < WOODSWORD_MIN_SEATS || players > WOODSWORD_MAX_SEATS) {
        snprintf(err, errcap, "woodsword takes %d to %d seats, got %d",
                 WOODSWORD_MIN_SEATS, WOODSWORD_MAX_SEATS, (int)players);
        return SAPPER_ERR_PARAM;
    }
    woodsword_state *s = calloc(1, sizeof *s);
    if (!s)
        return SAPPER_ERR_NOMEM;
    s->game = game;
    s->players = players;
    s->phase = SAPPER_ARENA_PHASE_CHOOSE;
    s->match = 1;
    s->round = 1;
    s->winner = -1;
    sapper_rng_seed(&s->rng, seed);
    s->alive = players;
    for (int32_t i = 0; i < players; i++) {
        s->seat[i].alive = 1;
        s->seat[i].last = (woodsword_report){ .action = SAPPER_NO_ACTION, .target = -1,
                                       .duel = -1 };
    }
    clear_choices(s);
    woodsword_show_all(s);
    *state = s;
    return SAPPER_OK;
}

sapper_status woodsword_state_clone(const void *state, void **out)
{
    woodsword_state *s = malloc(sizeof *s);
    if (!s)
        return SAPPER_ERR_NOMEM;
    memcpy(s, state, sizeof *s);
    *out = s;
    return SAPPER_OK;
}

void woodsword_state_free(void *state)
{
    free(state);
}

int32_t woodsword_current_player(const void *state)
{
    const woodsword_state *s = state;
    if (s->phase == SAPPER_ARENA_PHASE_OVER)
        return SAPPER_TERMINAL;
    if (s->phase == SAPPER_ARENA_PHASE_ALLOCATE)
        return s->queue[s->qpos];
    return SAPPER_SIMULTANEOUS;
}

/* ------------------------------------------------------------------ */
/* Legality: one checker gives both the legal lists and the reasons.   */
/* ------------------------------------------------------------------ */

static sapper_status check_target(const woodsword_state *s, int32_t seat, int32_t target,
                                  char *err, size_t errcap)
{
    if (target == seat) {
        woodsword_say(s, err, errcap, WOODSWORD_R_SELF, (int)seat + 1);
        return SAPPER_ERR_ILLEGAL;
    }
    if (target >= s->players) {
        woodsword_say(s, err, errcap, WOODSWORD_R_NO_SEAT, (int)target + 1, (int)s->players);
        return SAPPER_ERR_ILLEGAL;
    }
    if (!s->seat[target].alive) {
        woodsword_say(s, err, errcap, WOODSWORD_R_TARGET_DEAD, (int)target + 1);
        return SAPPER_ERR_ILLEGAL;
    }
    return SAPPER_OK;
}

static sapper_status check_cost(const woodsword_state *s, int32_t seat, int64_t action,
                                char *err, size_t errcap)
{
    int32_t verb = SAPPER_ARENA_DEFENSE, count = 1;
    sapper_arena_decode(action, &verb, NULL, &count);
    int32_t cost = woodsword_cost(verb, count);
    if (cost <= s->seat[seat].points)
        return SAPPER_OK;
    if (!err)   /* listing legal actions: no reason wanted */
        return SAPPER_ERR_ILLEGAL;
    char text[64], c[16], have[16];
    woodsword_action_to_text(s, action, text, sizeof text);
    woodsword_say(s, err, errcap, WOODSWORD_R_POINTS, text, woodsword_half(c, cost),
           woodsword_half(have, s->seat[seat].points));
    return SAPPER_ERR_ILLEGAL;
}

/* Is action a legal CHOOSE-phase action of seat (alive, not locked)? */
static sapper_status check_choice(const woodsword_state *s, int32_t seat, int64_t action,
                                  char *err, size_t errcap)
{
    int32_t verb, target, count;
    if (!sapper_arena_decode(action, &verb, &target, &count)) {
        woodsword_say(s, err, errcap, WOODSWORD_R_NOT_ACTION, (long long)action);
        return SAPPER_ERR_ILLEGAL;
    }
    if (verb == SAPPER_ARENA_ALLOCATE) {
        woodsword_say(s, err, errcap, WOODSWORD_R_NO_MISSILES, (int)seat + 1);
        return SAPPER_ERR_ILLEGAL;
    }
    if (verb == SAPPER_ARENA_FIST && count > WOODSWORD_MAX_FISTS) {
        woodsword_say(s, err, errcap, WOODSWORD_R_FISTS, WOODSWORD_MAX_FISTS);
        return SAPPER_ERR_ILLEGAL;
    }
    if (sapper_arena_has_target(verb) &&
        check_target(s, seat, target, err, errcap) != SAPPER_OK)
        return SAPPER_ERR_ILLEGAL;
    if (check_cost(s, seat, action, err, errcap) != SAPPER_OK)
        return SAPPER_ERR_ILLEGAL;
    if (verb == SAPPER_ARENA_SHIELD && s->seat[seat].shields >= WOODSWORD_MAX_SHIELDS) {
        woodsword_say(s, err, errcap, WOODSWORD_R_SHIELD_CAP, WOODSWORD_MAX_SHIELDS);
        return SAPPER_ERR_ILLEGAL;
    }
    return SAPPER_OK;
}

/* Can seat act in the CHOOSE phase at all? */
static sapper_status check_chooser(const woodsword_state *s, int32_t seat, char *err,
                                   size_t errcap)
{
    if (seat < 0 || seat >= s->players) {
        woodsword_say(s, err, errcap, WOODSWORD_R_NO_SEAT, (int)seat + 1, (int)s->players);
        return SAPPER_ERR_ILLEGAL;
    }
    if (!s->seat[seat].alive) {
        woodsword_say(s, err, errcap, WOODSWORD_R_DEAD, (int)seat + 1);
        return SAPPER_ERR_ILLEGAL;
    }
    if (s->seat[seat].locked) {
        woodsword_say(s, err, errcap, WOODSWORD_R_LOCKED, (int)seat + 1);
        return SAPPER_ERR_ILLEGAL;
    }
    return SAPPER_OK;
}

/* Is action a legal placement of the seat now placing missiles? */
static sapper_status check_allocation(const woodsword_state *s, int32_t seat, int64_t action,
                                      char *err, size_t errcap)
{
    int32_t allocator = s->queue[s->qpos], verb, target, count;
    if (seat != allocator) {
        woodsword_say(s, err, errcap, WOODSWORD_R_NOT_TURN, (int)allocator + 1);
        return SAPPER_ERR_STATE;
    }
    if (!sapper_arena_decode(action, &verb, &target, &count)) {
        woodsword_say(s, err, errcap, WOODSWORD_R_NOT_ACTION, (long long)action);
        return SAPPER_ERR_ILLEGAL;
    }
    if (verb != SAPPER_ARENA_ALLOCATE || count > s->seat[seat].missiles_left) {
        woodsword_say(s, err, errcap, WOODSWORD_R_UNPLACED, (int)seat + 1,
               (int)s->seat[seat].missiles_left);
        return SAPPER_ERR_ILLEGAL;
    }
    return check_target(s, seat, target, err, errcap);
}

/* Appends id to out when it fits; counts it either way. */
static void emit(int64_t *out, size_t cap, int64_t *n, int64_t id)
{
    if ((size_t)*n < cap)
        out[*n] = id;
    (*n)++;
}

/* How many of the counts 1..most of verb seat can pay for (a cost grows
   with the count, so they are the first ones). */
static int32_t affordable(const woodsword_state *s, int32_t seat, int32_t verb, int32_t most)
{
    const sapper_arena_terms *t = &woodsword_terms[verb];
    int32_t spare = s->seat[seat].points - t->cost_base;
    if (t->cost_per == 0)
        return spare >= 0 ? most : 0;
    int32_t counts = spare < 0 ? 0 : spare / t->cost_per;
    return counts < most ? counts : most;
}

/* The ids of verb for counts 1..counts on each of the targets alive seats
   other than seat (on none for an untargeted verb), ascending: counted,
   and written while they fit. */
static void list_counts(const woodsword_state *s, int32_t seat, int32_t verb, int32_t counts,
                        int32_t targets, int64_t *out, size_t cap, int64_t *n)
{
    if (*n >= (int64_t)cap) {   /* nothing more fits: count them, O(1) */
        *n += (int64_t)counts * targets;
        return;
    }
    for (int32_t c = 1; c <= counts; c++) {
        if (!sapper_arena_has_target(verb)) {
            emit(out, cap, n, sapper_arena_action(verb, 0, c));
            continue;
        }
        for (int32_t t = 0; t < s->players; t++)
            if (t != seat && s->seat[t].alive)
                emit(out, cap, n, sapper_arena_action(verb, t, c));
    }
}

/* Ids are verb-major, then count, then target: this walk is ascending. It
   lists exactly what check_choice accepts, with the checks that do not
   depend on the target made once per verb, and counts what does not fit
   in out without a walk over the seats: the engine asks for one id to
   learn whether a seat still has to act. */
static int64_t list_choices(const woodsword_state *s, int32_t seat, int64_t *out, size_t cap)
{
    int64_t n = 0;
    int32_t others = woodsword_alive_count(s) - 1;
    for (int32_t verb = 0; verb < SAPPER_ARENA_ALLOCATE; verb++) {
        int32_t most = verb == SAPPER_ARENA_FIST ? WOODSWORD_MAX_FISTS
                     : verb == SAPPER_ARENA_MISSILE ? SAPPER_ARENA_MAX_COUNT : 1;
        if (verb == SAPPER_ARENA_SHIELD && s->seat[seat].shields >= WOODSWORD_MAX_SHIELDS)
            continue;
        list_counts(s, seat, verb, affordable(s, seat, verb, most),
                    sapper_arena_has_target(verb) ? others : 1, out, cap, &n);
    }
    return n;
}

int woodsword_verb_open(const woodsword_state *s, int32_t seat, int32_t verb)
{
    if (s->phase != SAPPER_ARENA_PHASE_CHOOSE || check_chooser(s, seat, NULL, 0) != SAPPER_OK)
        return 0;
    int32_t targets = sapper_arena_has_target(verb) ? s->players : 1;
    for (int32_t t = 0; t < targets; t++)   /* count 1 is the cheapest */
        if (check_choice(s, seat, sapper_arena_action(verb, t, 1), NULL, 0) == SAPPER_OK)
            return 1;
    return 0;
}

int32_t woodsword_is_legal(const void *state, int32_t seat, int64_t action)
{
    const woodsword_state *s = state;
    if (seat < 0 || seat >= s->players)
        return 0;
    if (s->phase == SAPPER_ARENA_PHASE_CHOOSE)
        return check_chooser(s, seat, NULL, 0) == SAPPER_OK &&
               check_choice(s, seat, action, NULL, 0) == SAPPER_OK;
    return s->phase == SAPPER_ARENA_PHASE_ALLOCATE && seat == s->queue[s->qpos] &&
           check_allocation(s, seat, action, NULL, 0) == SAPPER_OK;
}

int64_t woodsword_legal_actions(const void *state, int32_t seat, int64_t *out,
                                size_t cap)
{
    const woodsword_state *s = state;
    int64_t n = 0;
    if (seat < 0 || seat >= s->players)
        return 0;
    if (s->phase == SAPPER_ARENA_PHASE_CHOOSE)
        return check_chooser(s, seat, NULL, 0) == SAPPER_OK ? list_choices(s, seat, out, cap) : 0;
    if (s->phase != SAPPER_ARENA_PHASE_ALLOCATE || seat != s->queue[s->qpos])
        return 0;
    /* ids ascend by count, then target: one id per (target, how many) */
    list_counts(s, seat, SAPPER_ARENA_ALLOCATE, s->seat[seat].missiles_left,
                woodsword_alive_count(s) - 1, out, cap, &n);
    return n;
}

/* ------------------------------------------------------------------ */
/* Transitions.                                                        */
/* ------------------------------------------------------------------ */

/* Every choice is in: queue the missile users in a seeded random order,
   or resolve at once when there are none. */
static void close_choices(woodsword_state *s)
{
    s->nqueue = 0;
    for (int32_t i = 0; i < s->players; i++) {
        int32_t verb, count;
        if (!s->seat[i].alive || !sapper_arena_decode(s->seat[i].choice, &verb, NULL, &count) ||
            verb != SAPPER_ARENA_MISSILE)
            continue;
        s->seat[i].missiles_left = count;
        s->queue[s->nqueue++] = i;
    }
    for (int32_t i = s->nqueue - 1; i > 0; i--) {  /* Fisher-Yates */
        int32_t j = (int32_t)sapper_rng_below(&s->rng, (uint64_t)i + 1);
        int32_t t = s->queue[i];
        s->queue[i] = s->queue[j];
        s->queue[j] = t;
    }
    for (int32_t k = 0; k < s->nqueue; k++)
        s->seat[s->queue[k]].alloc_turn = k;
    s->qpos = 0;
    if (s->nqueue > 0) {
        s->phase = SAPPER_ARENA_PHASE_ALLOCATE;
        woodsword_show_all(s);   /* choices revealed, missiles to place */
        return;
    }
    play_round(s);
}

static int all_locked(const woodsword_state *s)
{
    for (int32_t i = 0; i < s->players; i++)
        if (s->seat[i].alive && !s->seat[i].locked)
            return 0;
    return 1;
}

static sapper_status place_missile(woodsword_state *s, int32_t seat, int64_t action,
                                   char *err, size_t errcap)
{
    sapper_status st = check_allocation(s, seat, action, err, errcap);
    if (st != SAPPER_OK)
        return st;
    int32_t target = 0, count = 0;   /* check_allocation decoded it */
    sapper_arena_decode(action, NULL, &target, &count);
    s->missiles[seat][target] = (uint8_t)(s->missiles[seat][target] + count);
    s->missiles_on[target] += count;
    s->seat[seat].missiles_left -= count;
    woodsword_show_seat(s, seat);
    woodsword_show_seat(s, target);
    if (s->seat[seat].missiles_left > 0)
        return SAPPER_OK;
    if (++s->qpos < s->nqueue)
        return SAPPER_OK;
    play_round(s);
    return SAPPER_OK;
}

sapper_status woodsword_apply_action(void *state, int32_t seat, int64_t action,
                                     char *err, size_t errcap)
{
    woodsword_state *s = state;
    if (s->phase == SAPPER_ARENA_PHASE_OVER) {
        woodsword_say(s, err, errcap, WOODSWORD_R_OVER);
        return SAPPER_ERR_STATE;
    }
    if (s->phase == SAPPER_ARENA_PHASE_ALLOCATE)
        return place_missile(s, seat, action, err, errcap);
    sapper_status st = check_chooser(s, seat, err, errcap);
    if (st == SAPPER_OK)
        st = check_choice(s, seat, action, err, errcap);
    if (st != SAPPER_OK)
        return st;
    s->seat[seat].choice = action;
    s->seat[seat].locked = 1;
    if (all_locked(s))
        close_choices(s);
    return SAPPER_OK;
}

/* One seat's part of a joint action; writes the action it will play. */
static sapper_status check_joint_seat(const woodsword_state *s, int32_t seat, int64_t action,
                                      int64_t *play, char *err, size_t errcap)
{
    const woodsword_seat *p = &s->seat[seat];
    *play = p->choice;
    if (action == SAPPER_NO_ACTION) {   /* a missing action counts as defense */
        if (p->alive && !p->locked)
            *play = sapper_arena_action(SAPPER_ARENA_DEFENSE, 0, 1);
        return SAPPER_OK;
    }
    sapper_status st = check_chooser(s, seat, err, errcap);
    if (st == SAPPER_OK)
        st = check_choice(s, seat, action, err, errcap);
    *play = action;
    return st;
}

sapper_status woodsword_apply_joint(void *state, const int64_t *actions,
                                    int32_t players, char *err, size_t errcap)
{
    woodsword_state *s = state;
    int64_t play[WOODSWORD_SEATS];
    if (s->phase != SAPPER_ARENA_PHASE_CHOOSE) {
        if (s->phase == SAPPER_ARENA_PHASE_OVER)
            woodsword_say(s, err, errcap, WOODSWORD_R_OVER);
        else
            woodsword_say(s, err, errcap, WOODSWORD_R_UNPLACED, (int)s->queue[s->qpos] + 1,
                   (int)s->seat[s->queue[s->qpos]].missiles_left);
        return SAPPER_ERR_STATE;
    }
    if (players != s->players) {
        woodsword_say(s, err, errcap, WOODSWORD_R_JOINT_SIZE, (int)s->players, (int)players);
        return SAPPER_ERR_STATE;
    }
    for (int32_t i = 0; i < players; i++) {   /* all checked before any change */
        char why[256] = "";
        sapper_status st = check_joint_seat(s, i, actions[i], &play[i], why, sizeof why);
        if (st != SAPPER_OK) {
            woodsword_say(s, err, errcap, WOODSWORD_R_SEAT_SAYS, (int)i + 1, why);
            return st;
        }
    }
    for (int32_t i = 0; i < players; i++)
        if (s->seat[i].alive) {
            s->seat[i].choice = play[i];
            s->seat[i].locked = 1;
        }
    close_choices(s);
    return SAPPER_OK;
}

void woodsword_returns(const void *state, double *out, int32_t players)
{
    const woodsword_state *s = state;
    for (int32_t i = 0; i < players; i++)
        out[i] = s->phase == SAPPER_ARENA_PHASE_OVER && i == s->winner ? 1.0 : 0.0;
}

sapper_status woodsword_test_set_seat(void *state, int32_t seat, int32_t alive,
                                      int32_t points, int32_t shields, int32_t prep)
{
    woodsword_state *s = state;
    if (s->phase != SAPPER_ARENA_PHASE_CHOOSE || seat < 0 || seat >= s->players ||
        s->seat[seat].locked || shields < 0 || shields > WOODSWORD_MAX_SHIELDS ||
        points < 0)
        return SAPPER_ERR_STATE;
    s->alive += (alive != 0) - s->seat[seat].alive;
    s->seat[seat].alive = alive != 0;
    s->seat[seat].points = points;
    s->seat[seat].shields = shields;
    s->seat[seat].prep = prep != 0;
    woodsword_show_seat(s, seat);
    return SAPPER_OK;
}
