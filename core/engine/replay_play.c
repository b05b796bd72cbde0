/*
 * replay_play.c - re-executes a replay read by replay_read.c: the setup
 * resolved against the registry, every step applied through the rules
 * (each seat plays from the file; bots are never consulted), a recorded
 * forfeit checked against who could have made it, and the outcome and the
 * plugins' provenance compared with the file's. It does not parse the
 * file (replay_read.c) or write one (replay.c).
 */
#include "replay_internal.h"
#include "provenance.h"

#include <stdlib.h>

static sapper_status seat_not_in_game(const replay_file *rf, int line, int seat,
                                      int32_t players, char *err, size_t errcap)
{
    snprintf(err, errcap, "%s:%d: seat %d is not in this game (%d seat%s)",
             rf->name, line, seat + 1, (int)players, players == 1 ? "" : "s");
    return SAPPER_ERR_PARSE;
}

/* The file's `joint N` lines against the turns re-execution plays: a move
   of a simultaneous turn needs one, and the turn must end with its Nth
   move. history: the number of recorded moves before the turn began. */
static sapper_status check_joint(const replay_file *rf, const replay_move *mv,
                                 sapper_match *m, int simultaneous,
                                 size_t history, char *err, size_t errcap)
{
    if (!mv->joint_line) {
        if (!simultaneous)
            return SAPPER_OK;
        snprintf(err, errcap, "%s:%d: move %d %s: expected a `joint N` line "
                 "before this move: it is part of a simultaneous turn", rf->name,
                 mv->line, mv->seat + 1, mv->text);
        return SAPPER_ERR_PARSE;
    }
    int ended = sapper_match_move_count(m) > history;
    if (simultaneous && ended == (mv->joint_k == mv->joint_n))
        return SAPPER_OK;
    if (!simultaneous)
        snprintf(err, errcap, "%s:%d: joint %d: expected a simultaneous turn, but "
                 "the move at line %d is played alone (seat %d to move)", rf->name,
                 mv->joint_line, mv->joint_n, mv->line, mv->seat + 1);
    else if (ended)
        snprintf(err, errcap, "%s:%d: joint %d: the simultaneous turn ends after "
                 "%d move(s) (line %d), expected %d", rf->name, mv->joint_line,
                 mv->joint_n, mv->joint_k, mv->line, mv->joint_n);
    else
        snprintf(err, errcap, "%s:%d: joint %d: the simultaneous turn needs "
                 "more than %d move(s): it is still open after line %d",
                 rf->name, mv->joint_line, mv->joint_n, mv->joint_n, mv->line);
    return SAPPER_ERR_PARSE;
}

/* The reasons the writer records after `forfeit N`: a bot's illegal
   action or error status (both in its step), and the faults of a call
   into a bot found outside the match: running out of time, and, for a
   sandboxed bot, its process crashing, exiting, breaking the sandbox or
   the protocol, running out of memory, or running outside its calls
   (cpu). Returns 1 for a step-only
   reason, 2 for one that may come from any call (bot_new, inform and
   bot_free too, so at any point of the game, even after its end), 0 for
   a reason the engine never writes. */
static int recorded_reason(const char *reason)
{
    static const char *const any_call[] = {"timeout", "crash", "exit", "sandbox",
                                           "protocol", "memory", "killed", "cpu",
                                           "disconnect", "refused"};
    if (strcmp(reason, "illegal") == 0 || strcmp(reason, "error") == 0)
        return 1;
    for (size_t i = 0; i < sizeof any_call / sizeof *any_call; i++)
        if (strcmp(reason, any_call[i]) == 0)
            return 2;
    return 0;
}

/* A person's seat forfeits only as a remote seat of `sapper serve` does:
   its connection lost past the reconnect window, its clock run out, or
   its line or action refused as a bot's would be. */
static int remote_reason(const char *reason)
{
    return strcmp(reason, "disconnect") == 0 || strcmp(reason, "timeout") == 0 ||
           strcmp(reason, "protocol") == 0 || strcmp(reason, "illegal") == 0 ||
           strcmp(reason, "refused") == 0;
}

/* Is seat asked for an action now (its turn, or it owes one of a
   simultaneous turn)? */
static int seat_to_act(const sapper_match *m, int32_t seat)
{
    int32_t who = sapper_match_to_move(m);
    return who == seat || (who == SAPPER_SIMULTANEOUS && sapper_match_awaits(m, seat));
}

/* A forfeit the engine could have recorded here: a bot seat, a reason
   the writer writes, and a fault that could have happened where the line
   stands. An illegal action or an error status comes from a step (a late
   action is not played: match_bots.c match_ask_bot), so that seat must be the one to
   act now; the other reasons may come from any call into the bot. */
static sapper_status check_forfeit(const replay_file *rf, const sapper_match *m,
                                   const int *bot_seat, char *err, size_t errcap)
{
    int32_t seat = rf->forfeit_seat;
    const char *why = NULL;
    if (seat >= sapper_match_players(m))
        return seat_not_in_game(rf, rf->forfeit_line, seat, sapper_match_players(m),
                                err, errcap);
    int kind = recorded_reason(rf->forfeit_reason);
    if (!kind)
        why = "expected the reason illegal, error, timeout, crash, exit, sandbox, "
              "protocol, memory, killed, cpu, disconnect or refused, found another";
    else if (!bot_seat[seat] && !remote_reason(rf->forfeit_reason))
        why = "expected a bot's seat (a person's forfeits only for disconnect, "
              "timeout, protocol, illegal or refused: a remote seat of sapper serve), "
              "found a human's";
    else if (kind == 2 || seat_to_act(m, seat))
        return SAPPER_OK;
    else if (sapper_match_to_move(m) == SAPPER_TERMINAL)
        why = "expected the game to go on: it is already over";
    else
        why = "expected the seat to move now: it is not its turn";
    snprintf(err, errcap, "%s:%d: forfeit %d %s: %s (after %zu moves)", rf->name,
             rf->forfeit_line, seat + 1, rf->forfeit_reason, why,
             sapper_match_move_count(m));
    return SAPPER_ERR_PARSE;
}

/* The moves of step (from 0 here), through the rules, each checked. */
static sapper_status play_moves(const replay_file *rf, sapper_match *m, size_t step,
                                char *err, size_t errcap)
{
    char why[512];
    int32_t players = sapper_match_players(m);
    size_t history = sapper_match_move_count(m);   /* before the turn */
    for (size_t i = rf->starts[step]; i < rf->starts[step + 1]; i++) {
        const replay_move *mv = &rf->moves[i];
        if (mv->seat >= players)
            return seat_not_in_game(rf, mv->line, mv->seat, players, err, errcap);
        int simultaneous = sapper_match_to_move(m) == SAPPER_SIMULTANEOUS;
        if (sapper_match_play_text(m, mv->seat, mv->text, why, sizeof why)) {
            snprintf(err, errcap, "%s:%d: move %d %s: %s", rf->name, mv->line,
                     mv->seat + 1, mv->text, why);
            return SAPPER_ERR_ILLEGAL;
        }
        sapper_status st = check_joint(rf, mv, m, simultaneous, history, err, errcap);
        if (st != SAPPER_OK)
            return st;
    }
    return SAPPER_OK;
}

sapper_status sapper_replay_play(const sapper_replay *rf, sapper_match *m,
                                 size_t from, size_t to, char *err, size_t errcap)
{
    sapper_status st = SAPPER_OK;
    for (size_t step = from; step < to && step < rf->nsteps && st == SAPPER_OK; step++) {
        if (rf->starts[step] < rf->starts[step + 1]) {
            st = play_moves(rf, m, step, err, errcap);
            continue;
        }
        st = check_forfeit(rf, m, rf->bot_seat, err, errcap);   /* the last step */
        if (st == SAPPER_OK)
            sapper_match_forfeit(m, rf->forfeit_seat, rf->forfeit_reason);
    }
    return st;
}

/* Every seat plays from the file: make them all "human" for the match;
   bot_seat[i] keeps whether seat i was a bot's (only a bot forfeits). */
static void seats_from_file(sapper_setup *setup, const int *process_seat, int *bot_seat)
{
    for (int32_t i = 0; i < setup->players; i++) {
        bot_seat[i] = setup->seats[i].bot != NULL || process_seat[i];
        sapper_param_set_free(&setup->seats[i].params);
        setup->seats[i].bot = NULL;
    }
}

sapper_status sapper_replay_setup(sapper_replay *rf, const sapper_registry *reg,
                                 sapper_setup *out, char *err, size_t errcap)
{
    memset(out, 0, sizeof *out);
    sapper_status st = sapper_setup_resolve(&rf->cfg, reg, NULL, out, err, errcap);
    if (st == SAPPER_OK)
        seats_from_file(out, rf->process_seat, rf->bot_seat);
    rf->players = st == SAPPER_OK ? out->players : 0;
    return st;
}

int32_t sapper_replay_viewer(const sapper_replay *rf)
{
    for (int32_t i = 0; i < rf->players; i++)
        if (!rf->bot_seat[i])
            return i;
    return 0;
}

/* The outcome re-execution reached against the file's, and the first
   plugin that changed since the game was played. */
static void compare(const replay_file *rf, const sapper_match *m,
                    const sapper_registry *reg, sapper_replay_check *check)
{
    sapper_strbuf b = {0};
    sapper_match_outcome_line(m, &b);
    snprintf(check->actual, sizeof check->actual, "%s", sapper_strbuf_str(&b));
    snprintf(check->expected, sizeof check->expected, "%s", rf->outcome);
    check->matches = strcmp(check->actual, check->expected) == 0;
    check->moves = rf->nmoves;
    sapper_strbuf_free(&b);
    for (int i = 0; i < rf->nplugins && !check->changed[0]; i++)
        sapper_provenance_compare(reg, rf->plugins[i], check->changed,
                                  sizeof check->changed);
}

/* The rules refused the game the lines describe (parameters each in
   range, together not: a board with no safe cell): err, which says why,
   is put after the file's name and the game's first line. */
static sapper_status game_refused(const replay_file *rf, char *err, size_t errcap)
{
    char why[1024];
    snprintf(why, sizeof why, "%s", err);
    snprintf(err, errcap, "%s:%d: cannot start the game: %s", rf->name, rf->first_line,
             why);
    return SAPPER_ERR_PARAM;
}

sapper_status sapper_replay_check_game(sapper_replay *rf, const sapper_registry *reg,
                                       sapper_replay_check *check, char *err,
                                       size_t errcap)
{
    sapper_setup setup;
    memset(check, 0, sizeof *check);
    sapper_status st = sapper_replay_setup(rf, reg, &setup, err, errcap);
    sapper_match *m = NULL;
    if (st == SAPPER_OK) {
        m = sapper_match_new(&setup, setup.seed, 0, err, errcap);
        st = m ? SAPPER_OK : game_refused(rf, err, errcap);
    }
    if (st == SAPPER_OK)
        st = sapper_replay_play(rf, m, 0, rf->nsteps, err, errcap);
    if (st == SAPPER_OK)
        compare(rf, m, reg, check);
    sapper_match_free(m);
    sapper_setup_free(&setup);
    return st;
}

sapper_status sapper_replay_verify(const char *text, const char *name,
                                   int first_line, const sapper_registry *reg,
                                   sapper_replay_check *check,
                                   char *err, size_t errcap)
{
    sapper_replay *rf;
    memset(check, 0, sizeof *check);
    sapper_status st = sapper_replay_read(text, name, first_line, &rf, err, errcap);
    if (st == SAPPER_OK)
        st = sapper_replay_check_game(rf, reg, check, err, errcap);
    sapper_replay_free(rf);
    return st;
}
