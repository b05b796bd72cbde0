/*
 * match.c - the core loop for one game. The rules plugin answers and
 * transforms; this file owns the history, the undo stack and the turn, and
 * checks every action against the legal set before the rules see it, so a
 * buggy bot forfeits instead of corrupting the game and a buggy rules
 * plugin voids the game instead of crashing the host. It does not start or
 * free a match (match_life.c), talk to bots (match_bots.c), serve the host
 * table (match_host.c), fetch the rules' texts (match_rules.c) or write a
 * result (match_results.c).
 *
 * The state is not a variable: sapper_match_to_move derives it from the
 * fault and the rules' current_player.
 *
 *                 match_life.c:start, match_note_turn
 *                            |
 *                            v
 *          +-----------> SEAT-TO-MOVE <---------------+
 *          | apply_one    |   |    |                  | maybe_apply_joint
 *          | (match_      |   |    | match_note_turn: | (owing == 0), then
 *          | after_apply) |   |    | SIMULTANEOUS     | match_note_turn
 *          +--------------+   |    v                  |
 *                             |  COLLECTING ----------+
 *                             |    |  ^ match_commit: pending[seat],
 *                             |    +--+ owes[seat] = 0 (owing > 0)
 *       rules: SAPPER_TERMINAL|(seen by match_note_turn, sapper_match_to_move)
 *                             v
 *                         TERMINAL (by rules)
 *
 *   from SEAT-TO-MOVE or COLLECTING, by match_set_fault (the first only):
 *     --> FAULTED (a seat)  match_bots.c: match_ask_bot, match_new_bot,
 *                           driver_fault, free_bot; here:
 *                           sapper_match_forfeit, check_bound (with a
 *                           progress measure)
 *     --> VOIDED (seat -1)  here: apply_one, maybe_apply_joint, check_bound
 *                           (no progress measure), sapper_match_void;
 *                           match_bots.c: match_play_planned, list_for;
 *                           match_rules.c: a bad text, view or legal list
 *
 * Transitions and their functions:
 *   SEAT-TO-MOVE -> SEAT-TO-MOVE    match_commit -> apply_one ->
 *                                   match_after_apply
 *   SEAT-TO-MOVE -> COLLECTING      match_after_apply -> match_note_turn
 *   COLLECTING   -> COLLECTING      match_commit (an action is pending)
 *   COLLECTING   -> SEAT-TO-MOVE    maybe_apply_joint -> match_note_turn
 *   any          -> TERMINAL        the rules, after apply_one or
 *                                   maybe_apply_joint
 *   any          -> FAULTED/VOIDED  match_set_fault (match_life.c)
 *   FAULTED/VOIDED/any -> earlier   sapper_match_undo (a person's undo
 *                                   point: the fault is cleared)
 */
#include "match_internal.h"

/* A new position: who owes an action, when the turn is simultaneous.
   Called after every change of the state. */
void match_note_turn(sapper_match *m)
{
    m->owing = 0;
    m->next_ask = 0;
    if (sapper_match_to_move(m) != SAPPER_SIMULTANEOUS)
        return;
    for (int32_t i = 0; i < m->players; i++) {
        int64_t one;
        m->owes[i] = m->r->legal_actions(m->state, i, &one, 1) > 0;
        m->owing += m->owes[i];
    }
}

int32_t sapper_match_to_move(const sapper_match *m)
{
    if (m->fault.kind != SAPPER_FAULT_NONE)
        return SAPPER_TERMINAL;
    return m->r->current_player(m->state);
}

int sapper_match_is_human(const sapper_match *m, int32_t seat)
{
    return seat >= 0 && seat < m->players && !m->setup->seats[seat].bot;
}

int32_t sapper_match_human_to_act(const sapper_match *m)
{
    int32_t who = sapper_match_to_move(m);
    if (who >= 0)
        return sapper_match_is_human(m, who) ? who : -1;
    for (int32_t i = 0; who == SAPPER_SIMULTANEOUS && i < m->players; i++)
        if (sapper_match_is_human(m, i) && sapper_match_awaits(m, i))
            return i;
    return -1;
}

int sapper_match_awaits(const sapper_match *m, int32_t seat)
{
    return sapper_match_to_move(m) == SAPPER_SIMULTANEOUS && m->owes[seat];
}

/* The time an action is applied now, on the lent clock. */
static int64_t stamp(sapper_match *m)
{
    return m->clock ? m->clock(m->clock_ctx) : -1;
}

static int record(sapper_match *m, int32_t seat, int64_t action, int joint, int64_t ms)
{
    if (!match_reserve((void **)&m->moves, &m->cap_moves, m->nmoves + 1, sizeof(sapper_move)))
        return 0;
    if (ms >= 0 && m->nmoves && ms < m->moves[m->nmoves - 1].ms)
        ms = m->moves[m->nmoves - 1].ms;   /* a clock set back: time stands */
    m->moves[m->nmoves++] = (sapper_move){seat, joint, m->turns, action, ms};
    return 1;
}

/* The seats that acted in the last turn (actors[i] set) did or did not
   move the game on. */
static void note_progress(sapper_match *m, const uint8_t *actors)
{
    if (!m->progress)
        return;
    uint64_t now = m->progress(m->state);
    for (int32_t i = 0; i < m->players; i++)
        m->idle[i] += actors[i] && now <= m->progressed;
    m->progressed = now;
}

/* The seat that stalled a game: the most moves without progress (of
   those, the lowest seat). */
static int32_t staller(const sapper_match *m)
{
    int32_t worst = 0;
    for (int32_t i = 1; i < m->players; i++)
        if (m->idle[i] > m->idle[worst])
            worst = i;
    return worst;
}

/* Past its declared bound a game is charged to the seat that stalled it
   when the rules measure progress, else void (the rules broke their
   word). */
static void check_bound(sapper_match *m)
{
    if (m->info.max_moves <= 0 || (int64_t)m->nmoves <= m->info.max_moves ||
        m->r->current_player(m->state) == SAPPER_TERMINAL)
        return;
    if (m->progress) {
        int32_t seat = staller(m);
        match_set_fault(m, SAPPER_FAULT_STALL, seat, "stall: %lld of its moves made no "
                  "progress before the game reached its bound of %lld moves",
                  (long long)m->idle[seat], (long long)m->info.max_moves);
    } else {
        match_set_fault(m, SAPPER_FAULT_VOID, -1, "%s",
                  "the game ran past its declared max_moves bound");
    }
}

/* What follows an applied sequential action: history, informs, bound. */
sapper_status match_after_apply(sapper_match *m, int32_t seat, int64_t action)
{
    m->turns++;
    if (!record(m, seat, action, 0, stamp(m)))
        return SAPPER_ERR_NOMEM;
    uint8_t actor[SAPPER_MAX_SEATS] = {0};
    actor[seat] = 1;
    note_progress(m, actor);
    match_inform_bots(m, seat, action);
    check_bound(m);
    match_note_turn(m);
    return SAPPER_OK;
}

static sapper_status apply_one(sapper_match *m, int32_t seat, int64_t action)
{
    if (seat != m->plan_seat)
        m->plan_len = 0;   /* another seat moved: a plan holds only in its turn */
    char why[512] = "";
    if (m->r->apply_action(m->state, seat, action, why, sizeof why) != SAPPER_OK) {
        match_set_fault(m, SAPPER_FAULT_VOID, -1, "rules refused a legal action: %s", why);
        return SAPPER_ERR_INTERNAL;
    }
    return match_after_apply(m, seat, action);
}

/* Applies the collected simultaneous turn once every seat that owes an
   action has given one. */
static sapper_status maybe_apply_joint(sapper_match *m)
{
    if (m->owing > 0)
        return SAPPER_OK;
    char why[512] = "";
    if (!m->r->apply_joint ||
        m->r->apply_joint(m->state, m->pending, m->players, why, sizeof why)) {
        match_set_fault(m, SAPPER_FAULT_VOID, -1, "rules refused a legal joint action: %s",
                  m->r->apply_joint ? why : "no apply_joint");
        return SAPPER_ERR_INTERNAL;
    }
    m->turns++;
    m->plan_len = 0;   /* a simultaneous turn's answers end with it */
    int64_t ms = stamp(m);   /* one time for the turn: it is applied at once */
    for (int32_t i = 0; i < m->players; i++)
        if (m->pending[i] != SAPPER_NO_ACTION && !record(m, i, m->pending[i], 1, ms))
            return SAPPER_ERR_NOMEM;
    uint8_t actors[SAPPER_MAX_SEATS];
    for (int32_t i = 0; i < m->players; i++)
        actors[i] = m->pending[i] != SAPPER_NO_ACTION;
    note_progress(m, actors);
    for (int32_t i = 0; i < m->players; i++)
        if (m->pending[i] != SAPPER_NO_ACTION)
            match_inform_bots(m, i, m->pending[i]);
    for (int32_t i = 0; i < m->players; i++)
        m->pending[i] = SAPPER_NO_ACTION;
    check_bound(m);
    match_note_turn(m);
    return SAPPER_OK;
}

/* Applies an action already known to be legal. */
sapper_status match_commit(sapper_match *m, int32_t seat, int64_t action)
{
    if (sapper_match_to_move(m) != SAPPER_SIMULTANEOUS)
        return apply_one(m, seat, action);
    m->pending[seat] = action;
    m->owes[seat] = 0;
    m->owing--;
    return maybe_apply_joint(m);
}

/* The rules' own reason for refusing an action, from a scratch clone. */
static void refusal_reason(sapper_match *m, int32_t seat, int64_t action,
                           char *err, size_t errcap)
{
    void *scratch = NULL;
    char why[512] = "";
    int refused = 1;
    if (m->r->apply_action && m->r->state_clone(m->state, &scratch) == SAPPER_OK) {
        refused = m->r->apply_action(scratch, seat, action, why, sizeof why) != SAPPER_OK;
        m->r->state_free(scratch);
    }
    snprintf(err, errcap, "%s is not legal now%s%s", sapper_match_action_text(m, action),
             refused && why[0] ? ": " : "", refused ? why : "");
}

static sapper_status check_turn(sapper_match *m, int32_t seat, char *err,
                                size_t errcap)
{
    int32_t who = sapper_match_to_move(m);
    if (who == SAPPER_TERMINAL) {
        snprintf(err, errcap, "the game is over");
        return SAPPER_ERR_STATE;
    }
    if (who == SAPPER_SIMULTANEOUS ? !sapper_match_awaits(m, seat) : who != seat) {
        snprintf(err, errcap, "it is not seat %d's turn", seat + 1);
        return SAPPER_ERR_STATE;
    }
    return SAPPER_OK;
}

static void push_undo(sapper_match *m)
{
    void *copy;
    if (!(m->flags & SAPPER_MATCH_UNDO) ||
        !match_reserve((void **)&m->undo, &m->cap_undo, m->nundo + 1, sizeof(undo_point)) ||
        m->r->state_clone(m->state, &copy) != SAPPER_OK)
        return;
    m->undo[m->nundo++] = (undo_point){copy, m->nmoves};
}

sapper_status sapper_match_play(sapper_match *m, int32_t seat, int64_t action,
                                char *err, size_t errcap)
{
    sapper_status st = check_turn(m, seat, err, errcap);
    if (st != SAPPER_OK)
        return st;
    if (!match_is_legal(m, seat, action)) {
        refusal_reason(m, seat, action, err, errcap);
        m->refused[seat]++;
        return SAPPER_ERR_ILLEGAL;
    }
    if (sapper_match_is_human(m, seat))
        push_undo(m);
    st = match_commit(m, seat, action);
    if (st != SAPPER_OK)
        snprintf(err, errcap, "%s", m->fault.detail);
    return st;
}

sapper_status sapper_match_parse_action(sapper_match *m, const char *text,
                                        int64_t *action, char *err, size_t errcap)
{
    char why[512] = "";
    if (m->r->text_to_action(m->state, text, action, why, sizeof why) == SAPPER_OK)
        return SAPPER_OK;
    snprintf(err, errcap, "%s", why[0] ? why : "cannot parse the action");
    return SAPPER_ERR_PARSE;
}

sapper_status sapper_match_play_text(sapper_match *m, int32_t seat,
                                     const char *text, char *err, size_t errcap)
{
    int64_t action;
    char why[512] = "";
    if (m->r->text_to_action(m->state, text, &action, why, sizeof why) != SAPPER_OK) {
        snprintf(err, errcap, "%s", why[0] ? why : "cannot parse the action");
        return SAPPER_ERR_PARSE;
    }
    return sapper_match_play(m, seat, action, err, errcap);
}

static int advance_one(sapper_match *m)
{
    int32_t who = sapper_match_to_move(m);
    if (who >= 0)
        return m->live[who] && (match_play_planned(m, who) || match_ask_bot(m, who));
    if (who != SAPPER_SIMULTANEOUS)
        return 0;
    for (; m->next_ask < m->players; m->next_ask++)   /* bots in seat order */
        if (m->live[m->next_ask] && m->owes[m->next_ask])
            return match_ask_bot(m, m->next_ask);
    return 0;
}

/* Control goes back to the caller: the driver's bots stop running. */
static void pause_bots(sapper_match *m)
{
    if (m->driver && m->driver->pause)
        m->driver->pause(m->driver_ctx);
}

int sapper_match_advance_one(sapper_match *m)
{
    int moved = advance_one(m);
    pause_bots(m);
    return moved;
}

int64_t sapper_match_advance(sapper_match *m)
{
    int64_t n = 0;
    while (advance_one(m))
        n++;
    pause_bots(m);
    return n;
}

sapper_status sapper_match_undo(sapper_match *m)
{
    if (m->nundo == 0)
        return SAPPER_ERR_STATE;
    undo_point p = m->undo[--m->nundo];
    m->r->state_free(m->state);
    m->state = p.state;
    m->nmoves = p.moves;
    m->turns = m->nmoves ? m->moves[m->nmoves - 1].turn + 1 : 0;
    m->progressed = m->progress ? m->progress(m->state) : 0;
    for (int i = 0; i < SAPPER_MAX_SEATS; i++)
        m->pending[i] = SAPPER_NO_ACTION;
    m->plan_len = m->plan_pos = 0;
    /* Bots may remember what they were told: start them afresh and retell
       the kept history. Freed while the fault is still known: a bot that
       misbehaved is not kept for a reset. */
    match_free_bots(m);
    memset(&m->fault, 0, sizeof m->fault);
    char err[256];
    for (int32_t i = 0; i < m->players; i++)
        if (match_new_bot(m, i, err, sizeof err) != SAPPER_OK)
            return SAPPER_ERR_STATE;
    for (size_t i = 0; i < m->nmoves; i++)
        match_inform_bots(m, m->moves[i].seat, m->moves[i].action);
    match_note_turn(m);
    return SAPPER_OK;
}

void sapper_match_forfeit(sapper_match *m, int32_t seat, const char *reason)
{
    match_set_fault(m, SAPPER_FAULT_OTHER, seat, "%s", reason);
}

void sapper_match_void(sapper_match *m, const char *why)
{
    match_set_fault(m, SAPPER_FAULT_VOID, -1, "%s", why);
}
