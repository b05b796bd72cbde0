/*
 * runner_lanes.c - the runner's side of the lanes (lanes.h): the other
 * ranks of an MPI job. Each lane is handed games in batches big enough
 * that it never waits for the next (about LEAD_SECONDS of its own pace,
 * topped up when half is left), small enough that a lane lost costs
 * little to play again. A record is stored only when the lane still holds
 * its game (a game given up with its lane and played by another is never
 * stored twice; the database's primary key would refuse it anyway). How
 * bytes travel and when a lane counts as silent is the transport's
 * business (mpi_lanes.c); what is left to play is tournament.c's.
 */
#include "runner.h"
#include "record_wire.h"
#include "tournament_internal.h"

#include <stdio.h>

#define LANE_WAITING 0   /* started, not answered yet */
#define LANE_LIVE    1   /* joined: plays */
#define LANE_REFUSED 2   /* cannot play this tournament; waits to be stopped */
#define LANE_LOST    3   /* silent or gone: nothing more comes from it */
#define LANE_DONE    4   /* stopped when asked */

#define LEAD_SECONDS 0.5   /* the play a lane holds at its own pace */
#define MIN_PER_JOB 4      /* and at least this many games a worker of it */
#define MAX_BATCH 4096     /* and at most this many games in all */
#define START_WAIT 0.05    /* seconds a wait for the lanes lasts between
                              looks at the stop flag */
#define STOP_GRACE 0.3     /* after a signal, how long the lanes' last
                              records are waited for: mpirun kills the
                              ranks a second after its SIGTERM, and the
                              table and the message to resume come after */

static const sapper_lanes *lanes_of(const runner *r)
{
    return r->opt->lanes;
}

static void notice(runner *r, const char *text)
{
    if (r->opt->notice)
        r->opt->notice(r->opt->progress_ctx, text);
}

static int stopped(const runner *r)
{
    return r->opt->stop && *r->opt->stop;
}

/* ---- start --------------------------------------------------------------- */

static sapper_status joined(runner *r, const sapper_lane_event *ev)
{
    lane_state *l = &r->lanes[ev->lane];
    l->state = LANE_LIVE;
    l->jobs = ev->jobs > 0 ? ev->jobs : 1;
    return sapper_store_host(r->store, r->run_id, ev->host, ev->rank, &l->host, r->err,
                             r->errcap);
}

/* An answer to the start: 1 when it settles a lane, 0 not, -1 an error. */
static int start_answer(runner *r, sapper_lane_event *ev)
{
    switch (ev->kind) {
    case SAPPER_LANE_JOINED:
        return joined(r, ev) == SAPPER_OK ? 1 : -1;
    case SAPPER_LANE_REFUSED:
        r->lanes[ev->lane].state = LANE_REFUSED;
        snprintf(r->err, r->errcap, "%s", ev->why);
        return -1;
    case SAPPER_LANE_LOST:
        r->lanes[ev->lane].state = LANE_LOST;
        notice(r, ev->why);
        return 1;
    case SAPPER_LANE_RECORD:   /* no games were sent: none can come */
        sapper_game_record_free(&ev->rec);
        return 0;
    default:
        return 0;
    }
}

sapper_status runner_lanes_start(runner *r)
{
    const sapper_lanes *ln = lanes_of(r);
    sapper_status st = ln->start(ln->ctx, r->def, r->err, r->errcap);
    for (int waiting = ln->count; st == SAPPER_OK && waiting > 0;) {
        sapper_lane_event ev;
        if (stopped(r))
            return SAPPER_ERR_STATE;
        if (!ln->next(ln->ctx, START_WAIT, &ev))
            continue;
        int settled = start_answer(r, &ev);
        if (settled < 0)
            return r->lanes[ev.lane].state == LANE_REFUSED ? SAPPER_ERR_PARAM
                                                          : SAPPER_ERR_INTERNAL;
        waiting -= settled;
    }
    return st;
}

/* ---- batches ------------------------------------------------------------- */

/* The games lane l should hold now: LEAD_SECONDS of the pace it has kept
   since its first batch, within [MIN_PER_JOB a worker, MAX_BATCH]. */
static int64_t lane_target(const lane_state *l, double now)
{
    int64_t least = (int64_t)MIN_PER_JOB * l->jobs;
    double pace = l->first_sent > 0 && now > l->first_sent
                  ? (double)l->back / (now - l->first_sent) : 0;
    double want = pace * LEAD_SECONDS;
    if (least > MAX_BATCH)
        least = MAX_BATCH;
    return want < (double)least ? least : want > MAX_BATCH ? MAX_BATCH : (int64_t)want;
}

/* Sends lane a batch when half its target is played. */
static sapper_status top_up(runner *r, int lane, double now)
{
    lane_state *l = &r->lanes[lane];
    int64_t target = lane_target(l, now), n = 0, next;
    int64_t batch[MAX_BATCH];
    if (l->held > target / 2)
        return SAPPER_OK;
    while (n < target - l->held && (next = runner_take_game(r, lane)) >= 0)
        batch[n++] = next;
    if (n == 0)
        return SAPPER_OK;
    const sapper_lanes *ln = lanes_of(r);
    if (ln->send(ln->ctx, lane, batch, (size_t)n) != SAPPER_OK) {
        for (int64_t i = 0; i < n; i++)
            runner_give_back(r, batch[i]);
        snprintf(r->err, r->errcap, "out of memory");
        return SAPPER_ERR_NOMEM;
    }
    l->held += n;
    if (l->first_sent == 0)
        l->first_sent = now;
    return SAPPER_OK;
}

sapper_status runner_lanes_feed(runner *r, int64_t *held)
{
    double now = sapper_monotonic();
    *held = 0;
    for (int i = 0; i < lanes_of(r)->count; i++) {
        lane_state *l = &r->lanes[i];
        if (l->state != LANE_LIVE)
            continue;
        sapper_status st = runner_playing(r) ? top_up(r, i, now) : SAPPER_OK;
        if (st != SAPPER_OK)
            return st;
        *held += l->held;
    }
    return SAPPER_OK;
}

/* ---- what lanes send ----------------------------------------------------- */

/* Every game lane held is to be played by someone else. */
static int64_t give_back_all(runner *r, int lane)
{
    int64_t n = 0;
    for (int64_t i = 0; r->owner && i < r->total; i++)
        if (r->done[i] == 2 && r->owner[i] == lane) {
            runner_give_back(r, i);
            n++;
        }
    r->lanes[lane].held = 0;
    return n;
}

static void lose(runner *r, int lane, const char *why)
{
    char text[768];
    r->lanes[lane].state = LANE_LOST;
    int64_t n = give_back_all(r, lane);
    snprintf(text, sizeof text, "%s; its %lld unfinished game%s will be played by "
             "the others", why, (long long)n, n == 1 ? "" : "s");
    notice(r, text);
}

/* A record from lane: stored when the lane still holds its game. */
static sapper_status take_record(runner *r, int lane, sapper_game_record *rec)
{
    lane_state *l = &r->lanes[lane];
    int64_t i = rec->index;
    if (i < 0 || i >= r->total || r->done[i] != 2 || r->owner[i] != lane) {
        sapper_game_record_free(rec);   /* given up with the lane, or twice */
        return SAPPER_OK;
    }
    sapper_tgame g;
    sapper_schedule_game(r->def, i, &g);
    if (!sapper_record_is_sound(&g, rec)) {
        sapper_game_record_free(rec);
        lose(r, lane, "a rank sent a record this build of sapper cannot have written");
        return SAPPER_OK;
    }
    l->held--;
    l->back++;
    return runner_store(r, rec, l->host);
}

static sapper_status on_event(runner *r, sapper_lane_event *ev)
{
    lane_state *l = r->lanes ? &r->lanes[ev->lane] : NULL;
    if (ev->kind == SAPPER_LANE_RECORD && l)
        return take_record(r, ev->lane, &ev->rec);
    if (ev->kind == SAPPER_LANE_RECORD)
        sapper_game_record_free(&ev->rec);
    else if (ev->kind == SAPPER_LANE_LOST && l && l->state == LANE_LIVE)
        lose(r, ev->lane, ev->why);
    else if ((ev->kind == SAPPER_LANE_LOST || ev->kind == SAPPER_LANE_DONE) && l) {
        l->state = ev->kind == SAPPER_LANE_LOST ? LANE_LOST : LANE_DONE;
        give_back_all(r, ev->lane);
    }
    return SAPPER_OK;
}

sapper_status runner_lanes_poll(runner *r, double wait)
{
    const sapper_lanes *ln = lanes_of(r);
    sapper_lane_event ev;
    while (ln->next(ln->ctx, wait, &ev)) {
        sapper_status st = on_event(r, &ev);
        if (st != SAPPER_OK)
            return st;
        wait = 0;
    }
    return SAPPER_OK;
}

/* ---- stop ---------------------------------------------------------------- */

static int answers_stop(const runner *r, int lane)
{
    return !r->lanes || (r->lanes[lane].state != LANE_LOST &&
                         r->lanes[lane].state != LANE_DONE);
}

sapper_status runner_lanes_stop(runner *r)
{
    const sapper_lanes *ln = lanes_of(r);
    unsigned char *open = calloc((size_t)ln->count + 1, 1);
    int waiting = 0;
    sapper_status st = SAPPER_OK;
    for (int i = 0; open && i < ln->count; i++)
        waiting += open[i] = (unsigned char)answers_stop(r, i);
    ln->stop(ln->ctx);
    double until = stopped(r) ? sapper_monotonic() + STOP_GRACE : 0;
    while (open && waiting > 0 && (until == 0 || sapper_monotonic() < until)) {
        sapper_lane_event ev;
        if (!ln->next(ln->ctx, START_WAIT, &ev))
            continue;
        int last = ev.kind == SAPPER_LANE_DONE || ev.kind == SAPPER_LANE_LOST;
        if (last && open[ev.lane]) {
            open[ev.lane] = 0;
            waiting--;
        }
        sapper_status est = on_event(r, &ev);
        st = st != SAPPER_OK ? st : est;
    }
    free(open);
    return st;
}
