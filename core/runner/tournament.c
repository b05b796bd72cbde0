/*
 * tournament.c - runs a tournament: skips the games already stored, hands
 * the rest out in index order to this process's pool of workers (two
 * games queued each) and to the lanes, if any (other MPI ranks, in
 * batches: runner_lanes.c), stores every record as it arrives (in
 * transactions), stops early when an SPRT decides or the caller asks, and
 * reports progress. The schedule (schedule.c), the workers (pool.c,
 * worker.c), the database (core/results) and the statistics (core/report/table*.c) live
 * elsewhere.
 */
#include "tournament.h"
#include "tournament_internal.h"
#include "runner.h"

#include <errno.h>
#include <unistd.h>
#include <signal.h>
#include <stdio.h>

#define COMMIT_SECONDS 0.2    /* the longest a finished game waits to be
                                 committed */
#define LANES_WAIT_MS 2       /* with lanes, the longest the pool waits for
                                 its workers before the lanes are heard */

static void tally(runner *r, const sapper_tgame *g, const sapper_game_record *rec)
{
    if (rec->voided)
        return;
    for (int32_t s = 0; s < g->nseats; s++) {
        r->points[g->seats[s]] += rec->returns[s];
        r->played[g->seats[s]]++;
    }
    if (r->sprt.on)
        r->sprt.a_result[g->index] = g->seats[0] == 0 ? rec->returns[0] : rec->returns[1];
}

/* Feeds complete pairs, in pair order, to the SPRT. */
static void sprt_advance(runner *r)
{
    sprt_track *t = &r->sprt;
    while (t->on && t->state == SAPPER_SPRT_CONTINUE &&
           2 * t->next_pair + 1 < r->total &&
           t->a_result[2 * t->next_pair] >= 0 && t->a_result[2 * t->next_pair + 1] >= 0) {
        int r1 = (int)(2 * t->a_result[2 * t->next_pair] + 0.5);
        int r2 = (int)(2 * t->a_result[2 * t->next_pair + 1] + 0.5);
        sapper_penta_add(&t->pen, r1, r2);
        t->next_pair++;
        sapper_sprt_llr_penta(&t->pen, r->def->elo0, r->def->elo1,
                              SAPPER_SPRT_LOGISTIC, &t->llr);
        t->state = sapper_sprt_decide(t->llr, t->lower, t->upper);
    }
}

static void report(runner *r, int force)
{
    double now = sapper_monotonic();
    if (!r->opt->progress || (!force && now - r->last_progress < 0.2))
        return;
    r->last_progress = now;
    sapper_progress p = {.done = r->done_count, .total = r->total,
                         .this_run = r->this_run, .elapsed = now - r->started,
                         .leader = ""};
    for (size_t e = 0; e < r->def->nentrants; e++) {
        double v = r->played[e] ? r->points[e] / (double)r->played[e] : 0;
        if (r->played[e] && (!p.leader[0] || v > p.leader_value)) {
            p.leader = r->def->entrants[e].name;
            p.leader_value = v;
        }
    }
    r->opt->progress(r->opt->progress_ctx, &p);
}

/* The standings are due after this game: by count, or by the clock. */
static int standings_due(runner *r)
{
    const sapper_run_options *o = r->opt;
    if (!o->standings)
        return 0;
    if (o->standings_every > 0 && r->this_run % o->standings_every == 0)
        return 1;
    double now = sapper_monotonic();
    if (o->standings_seconds <= 0 || now - (r->last_standings ? r->last_standings
                                            : r->started) < o->standings_seconds)
        return 0;
    r->last_standings = now;
    return 1;
}

sapper_status runner_store(runner *r, sapper_game_record *rec, int64_t host)
{
    sapper_tgame g;
    sapper_schedule_game(r->def, rec->index, &g);
    sapper_status st = sapper_store_add(r->store, r->run_id, r->def, &g, rec, host,
                                        r->err, r->errcap);
    if (st == SAPPER_OK) {
        r->done[rec->index] = 1;
        r->done_count++;
        r->this_run++;
        tally(r, &g, rec);
        sprt_advance(r);
        if (r->opt->on_game)
            r->opt->on_game(r->opt->on_game_ctx, &g, rec);
        if (standings_due(r) &&
            (st = sapper_store_commit(r->store, r->err, r->errcap)) == SAPPER_OK)
            r->opt->standings(r->opt->on_game_ctx);
        report(r, 0);
    }
    sapper_game_record_free(rec);
    return st;
}

/* The pool's sink: a game this process's workers played. */
static sapper_status store_local(void *ctx, sapper_game_record *rec)
{
    runner *r = ctx;
    return runner_store(r, rec, r->local_host);
}

static void load_stored(void *ctx, const sapper_tgame *g, const sapper_game_record *rec,
                        const int32_t *places)
{
    (void)places;   /* the runner's own tally (SPRT, leader) goes by returns */
    tally(ctx, g, rec);
}

int64_t runner_take_game(runner *r, int32_t owner)
{
    while (r->cursor < r->total && r->done[r->cursor])
        r->cursor++;
    if (r->cursor >= r->total)
        return -1;
    r->done[r->cursor] = 2;
    if (r->owner)
        r->owner[r->cursor] = owner;
    return r->cursor;
}

void runner_give_back(runner *r, int64_t index)
{
    r->done[index] = 0;
    if (index < r->cursor)
        r->cursor = index;
}

int runner_playing(const runner *r)
{
    return r->sprt.state == SAPPER_SPRT_CONTINUE;
}

/* Keeps every worker of this process's pool with a full queue. */
static sapper_status feed_pool(runner *r)
{
    int64_t next;
    if (!runner_playing(r)) {
        sapper_pool_drop_backlog(r->pool);
        return SAPPER_OK;
    }
    for (int64_t room = sapper_pool_room(r->pool);
         room > 0 && (next = runner_take_game(r, RUNNER_LOCAL)) >= 0; room--) {
        if (sapper_pool_add(r->pool, next) != SAPPER_OK) {
            runner_give_back(r, next);
            snprintf(r->err, r->errcap, "out of memory");
            return SAPPER_ERR_NOMEM;
        }
    }
    return SAPPER_OK;
}

/* Hands out games; *idle when nobody holds one (all stored, or the SPRT
   decided and the last games came back). */
static sapper_status hand_out(runner *r, int *idle)
{
    int64_t lanes_hold = 0;
    sapper_status st = feed_pool(r);
    if (st == SAPPER_OK && r->lanes)
        st = runner_lanes_feed(r, &lanes_hold);
    *idle = sapper_pool_held(r->pool) == 0 && lanes_hold == 0;
    return st;
}

static sapper_status loop(runner *r)
{
    for (;;) {
        int idle;
        if (r->opt->stop && *r->opt->stop)
            return SAPPER_ERR_STATE;
        sapper_status st = hand_out(r, &idle);
        if (st != SAPPER_OK || idle)
            return st;
        st = sapper_pool_step(r->pool, r->lanes ? LANES_WAIT_MS : 50, r->err, r->errcap);
        if (st == SAPPER_OK && r->lanes)
            st = runner_lanes_poll(r, 0);
        if (st != SAPPER_OK)
            return st;
        /* a transaction holds at most 64 games (store_write.c) or COMMIT_SECONDS
           of them: a kill -9 of this process loses only the games being
           played and those of the last moment, which --resume plays again;
           one commit a game was most of this process's cost */
        if (sapper_store_pending_age(r->store) >= COMMIT_SECONDS &&
            (st = sapper_store_commit(r->store, r->err, r->errcap)) != SAPPER_OK)
            return st;
    }
}

/* What must hold before anything is opened. */
static sapper_status check_settings(runner *r)
{
    sapper_tournament_def *def = r->def;
    if (!def->db[0]) {   /* SQLite would use a throwaway temporary file */
        snprintf(r->err, r->errcap, "[tournament] db: expected a file name for "
                 "the results, found an empty value");
        return SAPPER_ERR_PARAM;
    }
    if (def->sandbox && !def->helper[0]) {
        snprintf(r->err, r->errcap, "sandbox = process: the path of sapper-bothost "
                 "was not given (the caller sets it)");
        return SAPPER_ERR_PARAM;
    }
    if (!def->stored_params.count && sapper_tournament_def_effective(def) != SAPPER_OK) {
        snprintf(r->err, r->errcap, "out of memory");
        return SAPPER_ERR_NOMEM;
    }
    return SAPPER_OK;
}

/* The database, or on read-only media the verdict that a complete
   tournament there is printed, not played. */
static sapper_status open_store(runner *r)
{
    sapper_tournament_def *def = r->def;
    sapper_status st = sapper_store_open(def->db, &r->store, r->err, r->errcap);
    if (st != SAPPER_OK && r->opt->resume && access(def->db, F_OK) == 0 &&
        access(def->db, W_OK) != 0 && errno == EROFS) {
        st = sapper_store_check_complete(def, r->err, r->errcap);
        r->read_only = st == SAPPER_OK;
        r->total = r->done_count = sapper_schedule_count(def);
        return st;
    }
    if (st != SAPPER_OK)
        return st == SAPPER_ERR_NOMEM ? st : SAPPER_ERR_PARAM;   /* nothing ran */
    return sapper_store_begin_run(r->store, def, r->opt->resume, &r->run_id,
                                  r->err, r->errcap);
}

/* The per-game bookkeeping, this process's pool and the lanes' state. */
static sapper_status allocate(runner *r)
{
    sapper_tournament_def *def = r->def;
    const sapper_lanes *lanes = r->opt->lanes;
    r->total = sapper_schedule_count(def);
    r->done = calloc((size_t)r->total + 1, 1);
    r->sprt.on = def->sprt && def->nentrants == 2 && def->format != SAPPER_FMT_DUPLICATE &&
                 def->format != SAPPER_FMT_FFA;
    r->sprt.a_result = r->sprt.on ? malloc((size_t)r->total * sizeof(double)) : NULL;
    if (lanes && lanes->count > 0) {
        r->owner = malloc(((size_t)r->total + 1) * sizeof *r->owner);
        r->lanes = calloc((size_t)lanes->count, sizeof *r->lanes);
    }
    if (!r->done || (r->sprt.on && !r->sprt.a_result) ||
        (lanes && lanes->count > 0 && (!r->owner || !r->lanes))) {
        snprintf(r->err, r->errcap, "out of memory");
        return SAPPER_ERR_NOMEM;
    }
    for (int64_t i = 0; r->sprt.on && i < r->total; i++)
        r->sprt.a_result[i] = -1;
    sapper_sprt_bounds(def->alpha, def->beta, &r->sprt.lower, &r->sprt.upper);
    return sapper_pool_new(def, 0, store_local, r, &r->pool, r->err, r->errcap);
}

/* This process's row in the database's hosts: its host name, rank 0. */
static sapper_status register_host(runner *r)
{
    char host[SAPPER_HOST_MAX] = "";
    if (gethostname(host, sizeof host - 1) != 0 || !host[0])
        snprintf(host, sizeof host, "localhost");
    return sapper_store_host(r->store, r->run_id, host, 0, &r->local_host, r->err,
                             r->errcap);
}

static sapper_status prepare(runner *r)
{
    /* a worker that died leaves a pipe that raises SIGPIPE on write: we
       handle the error instead */
    signal(SIGPIPE, SIG_IGN);
    sapper_status st = check_settings(r);
    if (st == SAPPER_OK)
        st = open_store(r);
    if (st != SAPPER_OK || r->read_only)
        return st;
    if ((st = allocate(r)) != SAPPER_OK || (st = register_host(r)) != SAPPER_OK)
        return st;
    r->done_count = sapper_store_done(r->store, r->run_id, r->done, r->total);
    if (r->done_count < 0)
        return sapper_store_failure(r->store, "read the stored games", r->err, r->errcap);
    st = sapper_store_each(r->store, r->run_id, r->def, load_stored, r, r->err, r->errcap);
    sprt_advance(r);
    if (st == SAPPER_OK && r->lanes)
        st = runner_lanes_start(r);
    return st;
}

/* Plays what is left; then the last records are committed and the lanes
   (told to stop whatever happened before) hand in theirs. */
static sapper_status play(runner *r)
{
    report(r, 1);
    sapper_status st = loop(r);
    sapper_status cst = sapper_store_commit(r->store, r->err, r->errcap);
    if (st == SAPPER_OK)
        st = cst;
    if (r->opt->lanes) {
        char keep[1024];
        snprintf(keep, sizeof keep, "%s", r->err);   /* the first error wins */
        sapper_status lst = runner_lanes_stop(r);
        cst = sapper_store_commit(r->store, r->err, r->errcap);
        if (st == SAPPER_OK)
            st = lst != SAPPER_OK ? lst : cst;
        else
            snprintf(r->err, r->errcap, "%s", keep);
    }
    report(r, 1);
    return st;
}

static void finish(runner *r)
{
    sapper_pool_free(r->pool);
    sapper_store_close(r->store);
    free(r->done);
    free(r->owner);
    free(r->lanes);
    free(r->sprt.a_result);
}

sapper_status sapper_tournament_run(sapper_tournament_def *def,
                                    const sapper_run_options *opt,
                                    char *err, size_t errcap)
{
    runner r = {.def = def, .opt = opt, .err = err, .errcap = errcap,
                .started = sapper_monotonic()};
    sapper_status st = prepare(&r);
    if (st == SAPPER_OK && !r.read_only)
        st = play(&r);
    else if (opt->lanes)
        runner_lanes_stop(&r);   /* they wait for the tournament: none */
    if (st == SAPPER_OK && r.sprt.state == SAPPER_SPRT_CONTINUE &&
        r.done_count != r.total) {   /* never report a short run as complete */
        snprintf(err, errcap, "internal error: %lld of %lld games stored; "
                 "rerun with --resume", (long long)r.done_count, (long long)r.total);
        st = SAPPER_ERR_STATE;
    }
    if (st == SAPPER_ERR_STATE && !err[0])
        snprintf(err, errcap, "stopped: %lld of %lld games stored",
                 (long long)r.done_count, (long long)r.total);
    finish(&r);
    return st;
}
