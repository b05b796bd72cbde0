/*
 * tournament.c - runs a tournament: skips the games already stored,
 * dispatches the rest to worker processes (two games queued each), watches
 * their deadlines, stores every record as it arrives (in batches), stops
 * early when an SPRT decides or the caller asks, and reports progress.
 * The schedule (schedule.c), the processes (worker.c), the database
 * (store.c) and the statistics (table.c) live elsewhere.
 */
#include "tournament.h"
#include "tournament_internal.h"
#include "store.h"
#include "stats.h"

#include <errno.h>
#include <poll.h>
#include <unistd.h>
#include <signal.h>
#include <stdio.h>
#include <sys/mman.h>

#define DEADLINE_GRACE 0.25   /* seconds past a limit before the kill */
#define COMMIT_SECONDS 0.2    /* the longest a finished game waits to be
                                 committed */
#define MAX_ATTEMPTS 3        /* plays of one game lost to outside kills or
                                 corrupt records before it is recorded */

typedef struct sprt_track {
    int on;
    double *a_result;      /* entrant 0's result per game, -1 unknown */
    int64_t next_pair;     /* pairs below this are in pen */
    sapper_penta pen;
    double lower, upper, llr;
    sapper_sprt_state state;
} sprt_track;

typedef struct runner {
    sapper_tournament_def *def;
    const sapper_run_options *opt;
    sapper_store *store;
    int64_t run_id, total, done_count, this_run;
    unsigned char *done;       /* per game: 0 to play, 1 stored, 2 in flight */
    unsigned char *attempts;   /* per game: plays lost (killed from outside,
                                  corrupt record) */
    int64_t cursor;            /* lowest index that may still be undone */
    sapper_worker *workers;
    sapper_slot *slots;
    double started, last_progress;
    double points[SAPPER_MAX_ENTRANTS];
    int64_t played[SAPPER_MAX_ENTRANTS];
    sprt_track sprt;
    int read_only;             /* complete, on read-only media: print only */
    char *err;
    size_t errcap;
} runner;

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

static sapper_status store_record(runner *r, sapper_game_record *rec)
{
    sapper_tgame g;
    sapper_schedule_game(r->def, rec->index, &g);
    sapper_status st = sapper_store_add(r->store, r->run_id, r->def, &g, rec,
                                        r->err, r->errcap);
    if (st == SAPPER_OK) {
        r->done[rec->index] = 1;
        r->done_count++;
        r->this_run++;
        tally(r, &g, rec);
        sprt_advance(r);
        if (r->opt->on_game)
            r->opt->on_game(r->opt->on_game_ctx, &g, rec);
        if (r->opt->standings && r->opt->standings_every > 0 &&
            r->this_run % r->opt->standings_every == 0 &&
            (st = sapper_store_commit(r->store, r->err, r->errcap)) == SAPPER_OK)
            r->opt->standings(r->opt->on_game_ctx);
        report(r, 0);
    }
    sapper_game_record_free(rec);
    return st;
}

static void load_stored(void *ctx, const sapper_tgame *g, const sapper_game_record *rec,
                        const int32_t *places)
{
    (void)places;   /* the runner's own tally (SPRT, leader) goes by returns */
    tally(ctx, g, rec);
}

static int64_t next_game(runner *r)
{
    while (r->cursor < r->total && r->done[r->cursor])
        r->cursor++;
    return r->cursor < r->total ? r->cursor : -1;
}

/* Puts the games a dead worker had queued back in the pool. */
static void requeue(runner *r, sapper_worker *w, int from)
{
    for (int k = from; k < w->nqueued; k++) {
        r->done[w->queue[k]] = 0;
        if (w->queue[k] < r->cursor)
            r->cursor = w->queue[k];
    }
    w->nqueued = 0;
}

/* Fills worker i's queue. A worker that died playing its queue keeps its
   games: collect() sees the closed pipe, blames the game in play and
   requeues the rest. One that died idle is replaced, a few times at most. */
static sapper_status feed_worker(runner *r, int i)
{
    sapper_worker *w = &r->workers[i];
    int64_t next;
    for (int restarts = 0; restarts <= 3;) {
        if (w->pid <= 0 && (r->sprt.state != SAPPER_SPRT_CONTINUE || next_game(r) < 0))
            return SAPPER_OK;   /* no worker is started for nothing to do */
        if (w->pid <= 0 &&
            sapper_worker_start(w, r->def, &r->slots[i], r->def->sandbox ? i : -1,
                                r->err, r->errcap))
            return SAPPER_ERR_STATE;
        while (w->nqueued < SAPPER_WORKER_QUEUE && r->sprt.state == SAPPER_SPRT_CONTINUE &&
               (next = next_game(r)) >= 0) {
            if (sapper_worker_send(w, next) != SAPPER_OK)
                break;
            r->done[next] = 2;
        }
        if (w->nqueued > 0 || r->sprt.state != SAPPER_SPRT_CONTINUE || next_game(r) < 0)
            return SAPPER_OK;
        sapper_worker_stop(w);
        restarts++;
    }
    snprintf(r->err, r->errcap, "worker processes die before their first game");
    return SAPPER_ERR_STATE;
}

static sapper_status dispatch(runner *r, int *busy)
{
    *busy = 0;
    for (int i = 0; i < r->def->jobs; i++) {
        sapper_status st = feed_worker(r, i);
        if (st != SAPPER_OK)
            return st;
        *busy += r->workers[i].nqueued > 0;
    }
    return SAPPER_OK;
}

/* Kills workers whose bot passed its move or game deadline. */
static void enforce_deadlines(runner *r)
{
    const sapper_tournament_def *d = r->def;
    double now = sapper_monotonic();
    for (int i = 0; i < d->jobs; i++) {
        sapper_worker *w = &r->workers[i];
        sapper_slot *s = w->slot;
        if (w->nqueued == 0 || w->killed_for_timeout ||
            !__atomic_load_n(&s->in_bot, __ATOMIC_ACQUIRE))
            continue;
        double spent = now - s->move_start;
        if ((d->move_seconds > 0 && spent > 0.9 * d->move_seconds) ||
            (d->game_seconds > 0 && s->think_before + spent > 0.9 * d->game_seconds))
            __atomic_store_n(&s->cancel, 1, __ATOMIC_RELEASE);   /* time to answer */
        if ((d->move_seconds > 0 && spent > d->move_seconds + DEADLINE_GRACE) ||
            (d->game_seconds > 0 && s->think_before + spent > d->game_seconds + DEADLINE_GRACE)) {
            w->killed_for_timeout = 1;
            kill(w->pid, SIGKILL);
        }
    }
}

/* The game in play is lost with its worker (killed from outside, or a
   corrupt record): play it again, or after MAX_ATTEMPTS record it void. */
static sapper_status replay_or_void(runner *r, sapper_worker *w, const char *why)
{
    int64_t index = w->queue[0];
    if (++r->attempts[index] < MAX_ATTEMPTS) {
        requeue(r, w, 0);
        return SAPPER_OK;
    }
    sapper_game_record rec = {.index = index, .culprit = -1, .voided = 1};
    sapper_tgame g;
    sapper_schedule_game(r->def, index, &g);
    rec.nseats = g.nseats;
    snprintf(rec.reason, sizeof rec.reason, "%s", why);
    requeue(r, w, 1);
    return store_record(r, &rec);
}

/* A worker's pipe is readable: a record, or its death. */
static sapper_status collect(runner *r, sapper_worker *w)
{
    sapper_game_record rec;
    sapper_tgame g;
    if (w->nqueued == 0) {   /* nothing was asked of it: it died */
        sapper_worker_reap(w, 1, NULL, NULL);
        return SAPPER_OK;
    }
    sapper_schedule_game(r->def, w->queue[0], &g);
    sapper_status got = sapper_worker_receive(w, &rec);
    if (got == SAPPER_OK && sapper_worker_record_is_sound(w, &g, &rec)) {
        sapper_worker_pop(w);
        if (strcmp(rec.reason, "killed") != 0 || ++r->attempts[rec.index] >= MAX_ATTEMPTS)
            return store_record(r, &rec);
        sapper_game_record_free(&rec);   /* a bot process killed from outside */
        r->done[rec.index] = 0;
        if (rec.index < r->cursor)
            r->cursor = rec.index;
        return SAPPER_OK;
    }
    if (got == SAPPER_OK || got == SAPPER_ERR_PARSE) {   /* forged or garbled */
        if (got == SAPPER_OK)
            sapper_game_record_free(&rec);
        sapper_worker_stop(w);
        return replay_or_void(r, w, "corrupt");
    }
    int reaped = sapper_worker_reap(w, 1, &g, &rec);
    if (reaped == 2)
        return replay_or_void(r, w, "killed");
    sapper_status st = reaped ? store_record(r, &rec) : SAPPER_OK;
    requeue(r, w, 1);
    return st;
}

static sapper_status wait_and_collect(runner *r)
{
    struct pollfd fds[256];
    int map[256], n = 0;
    for (int i = 0; i < r->def->jobs && n < 256; i++)
        if (r->workers[i].pid > 0 && r->workers[i].nqueued > 0) {
            fds[n] = (struct pollfd){.fd = r->workers[i].from_child, .events = POLLIN};
            map[n++] = i;
        }
    int ready = poll(fds, (nfds_t)n, 50);
    for (int k = 0; ready > 0 && k < n; k++)
        if (fds[k].revents) {
            sapper_status st = collect(r, &r->workers[map[k]]);
            if (st != SAPPER_OK)
                return st;
        }
    enforce_deadlines(r);
    return SAPPER_OK;
}

static sapper_status loop(runner *r)
{
    for (;;) {
        int busy;
        if (r->opt->stop && *r->opt->stop)
            return SAPPER_ERR_STATE;
        sapper_status st = dispatch(r, &busy);
        if (st != SAPPER_OK)
            return st;
        if (busy == 0)
            return SAPPER_OK;
        if ((st = wait_and_collect(r)) != SAPPER_OK)
            return st;
        /* a transaction holds at most 64 games (store.c) or COMMIT_SECONDS
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

/* The per-game and per-worker bookkeeping. */
static sapper_status allocate(runner *r)
{
    sapper_tournament_def *def = r->def;
    r->total = sapper_schedule_count(def);
    r->done = calloc((size_t)r->total + 1, 1);
    r->attempts = calloc((size_t)r->total + 1, 1);
    r->workers = calloc((size_t)def->jobs, sizeof *r->workers);
    r->slots = mmap(NULL, (size_t)def->jobs * sizeof(sapper_slot),
                    PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    r->sprt.on = def->sprt && def->nentrants == 2 && def->format != SAPPER_FMT_DUPLICATE &&
                 def->format != SAPPER_FMT_FFA;
    r->sprt.a_result = r->sprt.on ? malloc((size_t)r->total * sizeof(double)) : NULL;
    if (!r->done || !r->attempts || !r->workers || r->slots == MAP_FAILED ||
        (r->sprt.on && !r->sprt.a_result)) {
        snprintf(r->err, r->errcap, "out of memory");
        return SAPPER_ERR_NOMEM;
    }
    for (int64_t i = 0; r->sprt.on && i < r->total; i++)
        r->sprt.a_result[i] = -1;
    sapper_sprt_bounds(def->alpha, def->beta, &r->sprt.lower, &r->sprt.upper);
    return SAPPER_OK;
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
    if ((st = allocate(r)) != SAPPER_OK)
        return st;
    r->done_count = sapper_store_done(r->store, r->run_id, r->done, r->total);
    if (r->done_count < 0)
        return sapper_store_failure(r->store, "read the stored games", r->err, r->errcap);
    st = sapper_store_each(r->store, r->run_id, r->def, load_stored, r, r->err, r->errcap);
    sprt_advance(r);
    return st;
}

static void finish(runner *r)
{
    for (int i = 0; r->workers && i < r->def->jobs; i++)
        sapper_worker_finish(&r->workers[i]);
    if (r->slots && r->slots != MAP_FAILED)
        munmap(r->slots, (size_t)r->def->jobs * sizeof(sapper_slot));
    sapper_store_close(r->store);
    free(r->done);
    free(r->attempts);
    free(r->workers);
    free(r->sprt.a_result);
}

sapper_status sapper_tournament_run(sapper_tournament_def *def,
                                    const sapper_run_options *opt,
                                    char *err, size_t errcap)
{
    runner r = {.def = def, .opt = opt, .err = err, .errcap = errcap,
                .started = sapper_monotonic()};
    sapper_status st = prepare(&r);
    if (st == SAPPER_OK && !r.read_only) {
        report(&r, 1);
        st = loop(&r);
        sapper_status cst = sapper_store_commit(r.store, err, errcap);
        if (st == SAPPER_OK)
            st = cst;
        report(&r, 1);
    }
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
