/*
 * play_tgame.c - plays one scheduled tournament game in the current
 * process: builds the seats from the entrants, runs the match with a hook
 * that times every bot step (and publishes what is running to a shared
 * slot the parent watches), enforces the game time limit, and fills the
 * game record. Process isolation is worker.c's job.
 */
#include "tournament.h"
#include "tournament_internal.h"

#include <stdio.h>
#include <time.h>

#include "match.h"
#include "replay.h"
#include "sandbox.h"


double sapper_monotonic(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef struct timing {
    const sapper_tournament_def *def;
    sapper_game_record *rec;
    sapper_slot *slot;          /* shared with the parent, or NULL */
    sapper_sandbox *sb;         /* the bots' processes, or NULL: in-process */
    sapper_match *m;            /* NULL until sapper_match_new_driven returns */
    double began;               /* sapper_monotonic() when the game began */
    double started;
    double limit;               /* the current call's limit, 0 none */
    int late[SAPPER_MAX_SEATS]; /* a call ran past its limit before the
                                   match existed (in bot_new) */
} timing;

/* The record's clock: milliseconds since the game began. */
static int64_t game_ms(void *ctx)
{
    const timing *t = ctx;
    return (int64_t)((sapper_monotonic() - t->began) * 1000.0);
}

/* The seconds the next call of seat may take, 0 for no limit. */
static double call_limit(const timing *t, int32_t seat)
{
    const sapper_tournament_def *d = t->def;
    double limit = d->move_seconds;
    if (d->game_seconds > 0) {
        double left = d->game_seconds - t->rec->think[seat];
        limit = limit > 0 && limit < left ? limit : left > 0 ? left : 1e-3;
    }
    return limit;
}

static double time_left(void *ctx, int32_t seat, double *game_left);

/* Around every call into a bot: the clock, the deadline (enforced by the
   sandbox, or by the parent through the slot), and the late answer. */
static void on_bot_call(void *ctx, int32_t seat, int phase)
{
    timing *t = ctx;
    double now = sapper_monotonic();
    if (phase == SAPPER_HOOK_STEP_BEGIN || phase == SAPPER_HOOK_CALL_BEGIN) {
        t->started = now;
        double limit = t->limit = call_limit(t, seat);
        if (t->sb) {
            double game_left;
            time_left(t, seat, &game_left);
            sapper_sandbox_set_limits(t->sb, limit, game_left);
        }
        if (t->slot && !t->sb) {
            __atomic_store_n(&t->slot->cancel, 0, __ATOMIC_RELEASE);
            t->slot->seat = seat;
            t->slot->move_start = now;
            t->slot->think_before = t->rec->think[seat];
            __atomic_store_n(&t->slot->in_bot, 1, __ATOMIC_RELEASE);
        }
        return;
    }
    if (t->slot && !t->sb)
        __atomic_store_n(&t->slot->in_bot, 0, __ATOMIC_RELEASE);
    double spent = now - t->started;
    t->rec->think[seat] += spent;
    if (phase == SAPPER_HOOK_STEP_END)
        t->rec->steps[seat]++;
    const sapper_tournament_def *d = t->def;
    /* a late call after the game was decided (bot_free) changes nothing */
    int decided = t->m && sapper_match_to_move(t->m) == SAPPER_TERMINAL;
    if (!decided && ((d->move_seconds > 0 && spent > d->move_seconds) ||
                     (d->game_seconds > 0 && t->rec->think[seat] > d->game_seconds))) {
        if (t->m)
            sapper_match_forfeit(t->m, seat, "timeout");
        else
            t->late[seat] = 1;
    }
}

/* The host table's time_left: what the current call of seat may still
   take, and the game. */
static double time_left(void *ctx, int32_t seat, double *game_left)
{
    timing *t = ctx;
    double spent = sapper_monotonic() - t->started;
    const sapper_tournament_def *d = t->def;
    if (game_left)
        *game_left = d->game_seconds > 0 ? d->game_seconds - t->rec->think[seat] - spent : -1;
    return t->limit > 0 ? t->limit - spent : -1;
}

/* A per-game setup: the rules of the tournament, the entrants in their seats. */
static sapper_status seat_setup(const sapper_tournament_def *def,
                                const sapper_tgame *g, sapper_setup *s)
{
    memset(s, 0, sizeof *s);
    s->rules = def->base.rules;
    s->players = g->nseats;
    s->seed = g->seed;
    if (sapper_param_set_copy(&s->rules_params, &def->base.rules_params))
        return SAPPER_ERR_NOMEM;
    for (int32_t i = 0; i < g->nseats; i++) {
        const sapper_entrant *e = &def->entrants[g->seats[i]];
        s->seats[i].bot = e->bot;
        snprintf(s->seats[i].name, sizeof s->seats[i].name, "%s", e->name);
        if (sapper_param_set_copy(&s->seats[i].params, &e->params))
            return SAPPER_ERR_NOMEM;
    }
    return SAPPER_OK;
}

/* The reason word for how a match ended, "" when it ended by its rules. */
static void fault_reason(sapper_match *m, sapper_game_record *r)
{
    const sapper_fault *f = sapper_match_fault(m);
    if (!f)
        return;
    r->culprit = f->seat;
    const char *why = f->kind == SAPPER_FAULT_ILLEGAL ? "illegal"
                    : f->kind == SAPPER_FAULT_VOID ? "void"
                    : f->kind == SAPPER_FAULT_STALL ? "stall"
                    : f->kind == SAPPER_FAULT_OTHER ? f->detail
                    : sapper_match_bot_status(m) == SAPPER_ERR_NOMEM ? "memory"
                    : "error";
    snprintf(r->reason, sizeof r->reason, "%.15s", why);
    r->voided = f->kind == SAPPER_FAULT_VOID;
}

void sapper_forfeit_returns(sapper_game_record *r)
{
    for (int32_t i = 0; i < r->nseats; i++)
        r->returns[i] = r->voided ? 0.0
                      : i == r->culprit ? 0.0
                      : r->nseats > 1 ? 1.0 / (r->nseats - 1) : 0.0;
}

/* The seats the sandbox plays: every one when sandboxed, else only the
   process bots' (which have no code to run here). */
static uint64_t driven_seats(const sapper_tournament_def *def, const sapper_tgame *g)
{
    uint64_t seats = 0;
    for (int32_t i = 0; i < g->nseats; i++)
        if (def->sandbox || def->entrants[g->seats[i]].bot->command)
            seats |= (uint64_t)1 << i;
    return seats;
}

/* Seats the entrants' bots in the sandbox's processes. */
static void seat_sandbox(sapper_sandbox *sb, const sapper_tournament_def *def,
                         const sapper_tgame *g, uint64_t seats)
{
    for (int32_t i = 0; sb && i < g->nseats; i++)
        if (seats >> i & 1)
            sapper_sandbox_seat(sb, i, def->entrants[g->seats[i]].bot, g->seats[i],
                                g->board);
}

void sapper_play_tgame_in(const sapper_tournament_def *def, const sapper_tgame *g,
                          sapper_slot *slot, sapper_sandbox *sb,
                          struct sapper_bot_keep *keep, sapper_game_record *out)
{
    sapper_setup s;
    char err[1024] = "";
    double t0 = sapper_monotonic();
    memset(out, 0, sizeof *out);
    out->index = g->index;
    out->nseats = g->nseats;
    out->culprit = -1;
    timing t = {.def = def, .rec = out, .slot = slot, .sb = sb, .began = t0};
    uint64_t seats = sb ? driven_seats(def, g) : 0;
    seat_sandbox(sb, def, g, seats);
    sapper_match_hooks hooks = {
        .driver = seats ? &sapper_sandbox_driver : NULL, .driver_ctx = sb,
        .driven_seats = seats,
        .hook = on_bot_call, .hook_ctx = &t, .time_left = time_left,
        .services_ctx = &t, .cancel = slot ? &slot->cancel : NULL,
        .keep = def->sandbox ? NULL : keep,
    };
    sapper_match *m = seat_setup(def, g, &s) == SAPPER_OK
        ? sapper_match_new_driven(&s, g->seed, SAPPER_MATCH_BOT_FAULTS, &hooks,
                                  err, sizeof err)
        : NULL;
    if (!m) {
        out->voided = 1;
        snprintf(out->reason, sizeof out->reason, "void");
        sapper_strbuf j = {0};
        sapper_strbuf_printf(&j, "{\"error\":");
        sapper_strbuf_json(&j, err);
        sapper_strbuf_printf(&j, "}");
        out->json = j.data;
        sapper_setup_free(&s);
        if (sb)
            sapper_sandbox_release(sb);
        return;
    }
    t.m = m;
    sapper_match_set_clock(m, game_ms, &t);
    for (int32_t i = 0; i < g->nseats; i++)
        if (t.late[i])
            sapper_match_forfeit(m, i, "timeout");
    sapper_match_advance(m);
    sapper_match_end_bots(m);   /* a fault in the last call is its bot's */
    if (sb)
        sapper_sandbox_release(sb);
    if (!sapper_match_fault(m) && sapper_match_to_move(m) != SAPPER_TERMINAL)
        sapper_match_void(m, "the game stopped before its end with no fault");
    out->moves = (int64_t)sapper_match_move_count(m);
    sapper_match_returns(m, out->returns);
    fault_reason(m, out);
    if (out->reason[0])
        sapper_forfeit_returns(out);
    out->seconds = sapper_monotonic() - t0;
    sapper_strbuf replay = {0}, json = {0};
    sapper_replay_text(m, &replay);
    sapper_match_stored_json(m, &json);
    out->replay = replay.data;
    out->json = json.data;
    sapper_match_free(m);
    sapper_setup_free(&s);
}

void sapper_play_tgame(const sapper_tournament_def *def, const sapper_tgame *g,
                       sapper_game_record *out)
{
    sapper_play_tgame_in(def, g, NULL, NULL, NULL, out);
}

void sapper_game_record_free(sapper_game_record *r)
{
    free(r->replay);
    free(r->json);
    r->replay = r->json = NULL;
}
