/*
 * pool.c - this process's worker processes fed from a backlog of games
 * (see pool.h): who plays what, deadlines, and what a dead worker's games
 * become. The processes themselves are worker.c's; which games to hold
 * and where records are stored is the caller's.
 */
#include "pool.h"
#include "record_wire.h"
#include "tournament_internal.h"

#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <sys/mman.h>

#define DEADLINE_GRACE 0.25   /* seconds past a limit before the kill */
#define MAX_ATTEMPTS 3        /* plays of one game lost to outside kills or
                                 corrupt records before it is recorded */
#define MAX_POLLED 256        /* workers watched at once (jobs <= 256) */

struct sapper_pool {
    const sapper_tournament_def *def;
    sapper_worker *workers;     /* def->jobs of them */
    sapper_slot *slots;         /* shared with the workers (MAP_SHARED) */
    unsigned char *attempts;    /* per game: plays lost */
    int64_t *backlog;           /* a ring: count games from head */
    size_t head, count, cap;
    int64_t in_workers;         /* games sent to workers, not finished */
    int first_core;             /* worker i keeps to core first_core + i */
    sapper_pool_sink sink;
    void *sink_ctx;
};

sapper_status sapper_pool_new(const sapper_tournament_def *def, int first_core,
                              sapper_pool_sink sink, void *sink_ctx, sapper_pool **out,
                              char *err, size_t errcap)
{
    sapper_pool *p = calloc(1, sizeof *p);
    *out = NULL;
    if (p) {
        p->def = def;
        p->first_core = first_core > 0 ? first_core : 0;
        p->sink = sink;
        p->sink_ctx = sink_ctx;
        p->workers = calloc((size_t)def->jobs, sizeof *p->workers);
        p->attempts = calloc((size_t)sapper_schedule_count(def) + 1, 1);
        p->slots = mmap(NULL, (size_t)def->jobs * sizeof(sapper_slot),
                        PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    }
    if (!p || !p->workers || !p->attempts || p->slots == MAP_FAILED) {
        if (p && p->slots == MAP_FAILED)
            p->slots = NULL;
        sapper_pool_free(p);
        snprintf(err, errcap, "out of memory");
        return SAPPER_ERR_NOMEM;
    }
    *out = p;
    return SAPPER_OK;
}

void sapper_pool_free(sapper_pool *p)
{
    if (!p)
        return;
    for (int i = 0; p->workers && i < p->def->jobs; i++)
        sapper_worker_finish(&p->workers[i]);
    if (p->slots)
        munmap(p->slots, (size_t)p->def->jobs * sizeof(sapper_slot));
    free(p->workers);
    free(p->attempts);
    free(p->backlog);
    free(p);
}

/* ---- the backlog: a double-ended ring of game indices -------------------- */

static int grow_backlog(sapper_pool *p)
{
    size_t cap = p->cap ? 2 * p->cap : 64;
    int64_t *b = malloc(cap * sizeof *b);
    if (!b)
        return -1;
    for (size_t i = 0; i < p->count; i++)
        b[i] = p->backlog[(p->head + i) % p->cap];
    free(p->backlog);
    p->backlog = b;
    p->cap = cap;
    p->head = 0;
    return 0;
}

sapper_status sapper_pool_add(sapper_pool *p, int64_t index)
{
    if (p->count == p->cap && grow_backlog(p) != 0)
        return SAPPER_ERR_NOMEM;
    p->backlog[(p->head + p->count++) % p->cap] = index;
    return SAPPER_OK;
}

/* A game played again goes first, so it is not left for the end. */
static sapper_status add_first(sapper_pool *p, int64_t index)
{
    if (p->count == p->cap && grow_backlog(p) != 0)
        return SAPPER_ERR_NOMEM;
    p->head = (p->head + p->cap - 1) % p->cap;
    p->backlog[p->head] = index;
    p->count++;
    return SAPPER_OK;
}

static int64_t first_of_backlog(const sapper_pool *p)
{
    return p->count ? p->backlog[p->head] : -1;
}

static void pop_backlog(sapper_pool *p)
{
    p->head = (p->head + 1) % p->cap;
    p->count--;
}

int64_t sapper_pool_room(const sapper_pool *p)
{
    int64_t room = (int64_t)p->def->jobs * SAPPER_WORKER_QUEUE - sapper_pool_held(p);
    return room > 0 ? room : 0;
}

int64_t sapper_pool_held(const sapper_pool *p)
{
    return (int64_t)p->count + p->in_workers;
}

void sapper_pool_drop_backlog(sapper_pool *p)
{
    p->count = 0;
}

/* ---- feeding workers ----------------------------------------------------- */

/* Puts the games a dead worker had queued, from position from on, back at
   the front of the backlog, in their order. */
static sapper_status requeue(sapper_pool *p, sapper_worker *w, int from)
{
    sapper_status st = SAPPER_OK;
    for (int k = w->nqueued - 1; k >= from && st == SAPPER_OK; k--)
        st = add_first(p, w->queue[k]);
    p->in_workers -= w->nqueued;
    w->nqueued = 0;
    return st;
}

static void finished_head(sapper_pool *p, sapper_worker *w)
{
    sapper_worker_pop(w);
    p->in_workers--;
}

/* Fills worker i's queue from the backlog. A worker that died playing its
   queue keeps its games: collect() sees the closed pipe, blames the game
   in play and requeues the rest. One that died idle is replaced, a few
   times at most. */
static sapper_status feed_worker(sapper_pool *p, int i, char *err, size_t errcap)
{
    sapper_worker *w = &p->workers[i];
    for (int restarts = 0; restarts <= 3;) {
        if (w->pid <= 0 && p->count == 0)
            return SAPPER_OK;   /* no worker is started for nothing to do */
        if (w->pid <= 0 &&
            sapper_worker_start(w, p->def, &p->slots[i],
                                p->def->sandbox ? p->first_core + i : -1,
                                err, errcap))
            return SAPPER_ERR_STATE;
        while (w->nqueued < SAPPER_WORKER_QUEUE && p->count > 0) {
            if (sapper_worker_send(w, first_of_backlog(p)) != SAPPER_OK)
                break;
            pop_backlog(p);
            p->in_workers++;
        }
        if (w->nqueued > 0 || p->count == 0)
            return SAPPER_OK;
        sapper_worker_stop(w);
        restarts++;
    }
    snprintf(err, errcap, "worker processes die before their first game");
    return SAPPER_ERR_STATE;
}

/* Kills workers whose bot passed its move or game deadline. */
static void enforce_deadlines(sapper_pool *p)
{
    const sapper_tournament_def *d = p->def;
    double now = sapper_monotonic();
    for (int i = 0; i < d->jobs; i++) {
        sapper_worker *w = &p->workers[i];
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

/* ---- what comes back ----------------------------------------------------- */

/* The game in play is lost with its worker (killed from outside, or a
   corrupt record): play it again, or after MAX_ATTEMPTS record it void. */
static sapper_status replay_or_void(sapper_pool *p, sapper_worker *w, const char *why)
{
    int64_t index = w->queue[0];
    if (++p->attempts[index] < MAX_ATTEMPTS)
        return requeue(p, w, 0);
    sapper_game_record rec = {.index = index, .culprit = -1, .voided = 1};
    sapper_tgame g;
    sapper_schedule_game(p->def, index, &g);
    rec.nseats = g.nseats;
    snprintf(rec.reason, sizeof rec.reason, "%s", why);
    sapper_status st = requeue(p, w, 1);
    return st == SAPPER_OK ? p->sink(p->sink_ctx, &rec) : st;
}

/* A record that came whole: stored, or (its bot process killed from
   outside) played again. */
static sapper_status accept_record(sapper_pool *p, sapper_worker *w,
                                   sapper_game_record *rec)
{
    finished_head(p, w);
    if (strcmp(rec->reason, "killed") != 0 || ++p->attempts[rec->index] >= MAX_ATTEMPTS)
        return p->sink(p->sink_ctx, rec);
    sapper_game_record_free(rec);
    return add_first(p, rec->index);
}

/* A worker's pipe is readable: a record, or its death. */
static sapper_status collect(sapper_pool *p, sapper_worker *w)
{
    sapper_game_record rec;
    sapper_tgame g;
    if (w->nqueued == 0) {   /* nothing was asked of it: it died */
        sapper_worker_reap(w, 1, NULL, NULL);
        return SAPPER_OK;
    }
    sapper_schedule_game(p->def, w->queue[0], &g);
    sapper_status got = sapper_worker_receive(w, &rec);
    if (got == SAPPER_OK && sapper_record_is_sound(&g, &rec))
        return accept_record(p, w, &rec);
    if (got == SAPPER_OK || got == SAPPER_ERR_PARSE) {   /* forged or garbled */
        if (got == SAPPER_OK)
            sapper_game_record_free(&rec);
        sapper_worker_stop(w);
        return replay_or_void(p, w, "corrupt");
    }
    int reaped = sapper_worker_reap(w, 1, &g, &rec);
    if (reaped == 2)
        return replay_or_void(p, w, "killed");
    sapper_status st = reaped ? p->sink(p->sink_ctx, &rec) : SAPPER_OK;
    sapper_status rq = requeue(p, w, 1);
    return st != SAPPER_OK ? st : rq;
}

static sapper_status wait_and_collect(sapper_pool *p, int wait_ms)
{
    struct pollfd fds[MAX_POLLED];
    int map[MAX_POLLED], n = 0;
    for (int i = 0; i < p->def->jobs && n < MAX_POLLED; i++)
        if (p->workers[i].pid > 0 && p->workers[i].nqueued > 0) {
            fds[n] = (struct pollfd){.fd = p->workers[i].from_child, .events = POLLIN};
            map[n++] = i;
        }
    int ready = poll(fds, (nfds_t)n, wait_ms);
    for (int k = 0; ready > 0 && k < n; k++)
        if (fds[k].revents) {
            sapper_status st = collect(p, &p->workers[map[k]]);
            if (st != SAPPER_OK)
                return st;
        }
    enforce_deadlines(p);
    return SAPPER_OK;
}

sapper_status sapper_pool_step(sapper_pool *p, int wait_ms, char *err, size_t errcap)
{
    for (int i = 0; i < p->def->jobs; i++) {
        sapper_status st = feed_worker(p, i, err, errcap);
        if (st != SAPPER_OK)
            return st;
    }
    sapper_status st = wait_and_collect(p, wait_ms);
    if (st == SAPPER_ERR_NOMEM)
        snprintf(err, errcap, "out of memory");
    return st;
}
