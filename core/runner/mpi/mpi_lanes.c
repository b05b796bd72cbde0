/*
 * mpi_lanes.c - rank 0's view of the other ranks: the lanes of its run
 * (lanes.h) over MPI messages (mpi_link.h). It turns messages into lane
 * events (joined, refused, a record, done) and silence into a lost lane;
 * which games go where and what is stored is the runner's
 * (runner_lanes.c).
 */
#include "mpi_tournament.h"
#include "record_wire.h"
#include "tournament_internal.h"
#include "wire.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sapper_mpi_lanes {
    sapper_mpi_link *link;
    double timeout;            /* seconds of silence before a lane is lost */
    int count;
    unsigned char *started;    /* per lane: sent START, so its silence counts */
    unsigned char *gone;       /* per lane: LOST or DONE said, nothing more */
    unsigned char *lost_lane;  /* per lane: LOST, and not signed off since */
    unsigned char *told_back;  /* per lane: lost, heard again, told to stop */
    double *lost_at;           /* per lane: when it was given up */
    char (*host)[SAPPER_HOST_MAX];   /* per lane, once joined */
    char *msg;                 /* a RECORDS message being handed out */
    size_t msg_len, msg_off;
    int msg_lane;
};

static int rank_of(int lane)
{
    return lane + 1;
}

/* ---- events -------------------------------------------------------------- */

static void lost(sapper_mpi_lanes *m, int lane, sapper_lane_event *ev, const char *why)
{
    m->gone[lane] = 1;
    m->lost_lane[lane] = 1;
    sapper_mpi_link_watch(m->link, rank_of(lane), 0);
    m->lost_at[lane] = sapper_monotonic();   /* heard after this: it is back */
    ev->kind = SAPPER_LANE_LOST;
    ev->lane = lane;
    snprintf(ev->why, sizeof ev->why, "rank %d%s%s %s", rank_of(lane),
             m->host[lane][0] ? " on " : "", m->host[lane], why);
}

/* The next record of the RECORDS message in hand: 1, or 0 when it is
   used up (a garbled one loses its lane: 1 with that event). */
static int next_record(sapper_mpi_lanes *m, sapper_lane_event *ev)
{
    if (!m->msg)
        return 0;
    size_t used = 0;
    sapper_status st = m->msg_off < m->msg_len
        ? sapper_record_next(m->msg + m->msg_off, m->msg_len - m->msg_off, &used, &ev->rec)
        : SAPPER_ERR_STATE;
    if (st == SAPPER_OK) {
        ev->kind = SAPPER_LANE_RECORD;
        ev->lane = m->msg_lane;
        m->msg_off += used;
        return 1;
    }
    free(m->msg);
    m->msg = NULL;
    if (st == SAPPER_ERR_STATE || m->gone[m->msg_lane])
        return 0;
    lost(m, m->msg_lane, ev, st == SAPPER_ERR_NOMEM ? "sent records rank 0 has no "
         "memory for" : "sent a garbled record");
    return 1;
}

/* HELLO: jobs, 1 joined or 0 refused, host, why. */
static void hello(sapper_mpi_lanes *m, int lane, const char *data, size_t n,
                  sapper_lane_event *ev)
{
    sapper_wire_in in = {(const unsigned char *)data, n, 0};
    int64_t jobs = sapper_wire_get_i64(&in), ok = sapper_wire_get_i64(&in);
    const char *host = sapper_wire_get_str(&in), *why = sapper_wire_get_str(&in);
    ev->lane = lane;
    ev->rank = rank_of(lane);
    snprintf(m->host[lane], sizeof m->host[lane], "%s", in.bad ? "" : host);
    if (in.bad || ok != 1 || jobs < 1) {
        ev->kind = SAPPER_LANE_REFUSED;
        snprintf(ev->why, sizeof ev->why, "rank %d on %s: %s", ev->rank,
                 m->host[lane][0] ? m->host[lane] : "an unknown host",
                 in.bad ? "it answered with a message this sapper cannot read" : why);
        return;
    }
    ev->kind = SAPPER_LANE_JOINED;
    ev->jobs = (int)(jobs < 1024 ? jobs : 1024);
    snprintf(ev->host, sizeof ev->host, "%s", host);
}

/* One message turned into an event: 1, or 0 when it makes none. data is
   freed here or kept as the message in hand. */
static int message(sapper_mpi_lanes *m, int from, int tag, char *data, size_t n,
                   sapper_lane_event *ev)
{
    int lane = from - 1;
    if (lane >= 0 && lane < m->count && m->lost_lane[lane] && tag == SAPPER_MPI_BYE) {
        m->lost_lane[lane] = 0;   /* a given-up rank came back and signed off */
        sapper_mpi_link_watch(m->link, from, 0);
    }
    if (lane < 0 || lane >= m->count || m->gone[lane]) {
        free(data);   /* a lost lane's late records: its games went to others */
        return 0;
    }
    if (tag == SAPPER_MPI_RECORDS) {
        m->msg = data;
        m->msg_len = n;
        m->msg_off = 0;
        m->msg_lane = lane;
        return next_record(m, ev);
    }
    int made = tag == SAPPER_MPI_HELLO || tag == SAPPER_MPI_BYE;
    if (tag == SAPPER_MPI_HELLO)
        hello(m, lane, data, n, ev);
    if (tag == SAPPER_MPI_BYE) {
        m->gone[lane] = 1;
        sapper_mpi_link_watch(m->link, from, 0);
        ev->kind = SAPPER_LANE_DONE;
        ev->lane = lane;
    }
    free(data);
    return made;
}

/* A lane given up for its silence that is heard again (SIGCONT after
   SIGSTOP, a network back): it is told to stop, quietly unless another
   lane is still lost (then the job ends with MPI_Abort, which it must
   wait for), and watched until its BYE, so that it never finds rank 0
   silent and aborts the job (issue 33 item 4). */
static void returned_lanes(sapper_mpi_lanes *m)
{
    for (int lane = 0; lane < m->count; lane++) {
        double heard = sapper_monotonic() - sapper_mpi_link_silence(m->link, rank_of(lane));
        if (!m->lost_lane[lane] || m->told_back[lane] || heard <= m->lost_at[lane])
            continue;
        char aborting = 0;
        for (int other = 0; other < m->count; other++)
            aborting |= (char)(other != lane && m->lost_lane[other]);
        m->told_back[lane] = 1;
        sapper_mpi_link_watch(m->link, rank_of(lane), 1);
        sapper_mpi_link_send(m->link, rank_of(lane), SAPPER_MPI_STOP, &aborting, 1);
    }
}

/* A lane silent past the timeout: 1 with its LOST event. */
static int silent_lane(sapper_mpi_lanes *m, sapper_lane_event *ev)
{
    for (int lane = 0; lane < m->count; lane++) {
        double quiet = sapper_mpi_link_silence(m->link, rank_of(lane));
        if (!m->started[lane] || m->gone[lane] || quiet <= m->timeout)
            continue;
        char why[128];
        snprintf(why, sizeof why, "stopped answering (silent for %.0f s; "
                 "[tournament] rank_timeout = %g)", quiet, m->timeout);
        lost(m, lane, ev, why);
        return 1;
    }
    return 0;
}

static int lanes_next(void *ctx, double wait, sapper_lane_event *ev)
{
    sapper_mpi_lanes *m = ctx;
    double until = sapper_monotonic() + wait;
    memset(ev, 0, sizeof *ev);
    for (;;) {
        int from, tag, got;
        char *data;
        size_t n;
        if (next_record(m, ev))
            return 1;
        sapper_mpi_link_tick(m->link);
        while ((got = sapper_mpi_link_receive(m->link, &from, &tag, &data, &n)) == 1)
            if (message(m, from, tag, data, n, ev))
                return 1;
        if (silent_lane(m, ev))
            return 1;
        returned_lanes(m);
        if (sapper_monotonic() >= until)
            return 0;
        sapper_mpi_link_nap();
    }
}

/* ---- what rank 0 sends --------------------------------------------------- */

static sapper_status lanes_start(void *ctx, const sapper_tournament_def *def, char *err,
                                 size_t errcap)
{
    sapper_mpi_lanes *m = ctx;
    sapper_strbuf text = {0};
    sapper_wire_out out = {0};
    sapper_tournament_def_shared_text(def, &text);
    sapper_wire_put_i64(&out, (int64_t)def->seed);
    sapper_wire_put_str(&out, sapper_strbuf_str(&text));
    sapper_status st = out.failed || text.failed ? SAPPER_ERR_NOMEM : SAPPER_OK;
    for (int lane = 0; st == SAPPER_OK && lane < m->count; lane++) {
        st = sapper_mpi_link_send(m->link, rank_of(lane), SAPPER_MPI_START, out.data,
                                  out.len);
        sapper_mpi_link_watch(m->link, rank_of(lane), 1);
        m->started[lane] = 1;
    }
    if (st != SAPPER_OK)
        snprintf(err, errcap, "cannot send the tournament to the other ranks (%s)",
                 st == SAPPER_ERR_NOMEM ? "out of memory" : "MPI refused");
    sapper_strbuf_free(&text);
    sapper_wire_free(&out);
    return st;
}

static sapper_status lanes_send(void *ctx, int lane, const int64_t *games, size_t n)
{
    sapper_mpi_lanes *m = ctx;
    sapper_status st = sapper_mpi_link_send(m->link, rank_of(lane), SAPPER_MPI_GAMES,
                                            games, n * sizeof *games);
    return st == SAPPER_ERR_STATE ? SAPPER_OK : st;   /* MPI failed: silence tells */
}

/* STOP says whether the job will end with MPI_Abort (a rank was given
   up): then the others must not be in MPI_Finalize when it comes, which
   Open MPI 4.1's mpirun does not survive (it hangs or crashes). */
static void lanes_stop(void *ctx)
{
    sapper_mpi_lanes *m = ctx;
    char aborting = 0;
    for (int lane = 0; lane < m->count; lane++)
        aborting |= (char)m->lost_lane[lane];
    for (int lane = 0; lane < m->count; lane++) {
        if (m->gone[lane])
            continue;
        sapper_mpi_link_send(m->link, rank_of(lane), SAPPER_MPI_STOP, &aborting, 1);
        sapper_mpi_link_watch(m->link, rank_of(lane), 1);
        m->started[lane] = 1;   /* from now on its silence counts */
    }
}

/* ---- life ---------------------------------------------------------------- */

sapper_mpi_lanes *sapper_mpi_lanes_new(sapper_mpi_link *link, double timeout,
                                       sapper_lanes *out)
{
    sapper_mpi_lanes *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->link = link;
    m->timeout = timeout;
    m->count = sapper_mpi_link_size(link) - 1;
    m->started = calloc((size_t)m->count + 1, 1);
    m->gone = calloc((size_t)m->count + 1, 1);
    m->lost_lane = calloc((size_t)m->count + 1, 1);
    m->told_back = calloc((size_t)m->count + 1, 1);
    m->lost_at = calloc((size_t)m->count + 1, sizeof *m->lost_at);
    m->host = calloc((size_t)m->count + 1, sizeof *m->host);
    if (!m->started || !m->gone || !m->lost_lane || !m->told_back || !m->lost_at ||
        !m->host) {
        sapper_mpi_lanes_free(m);
        return NULL;
    }
    *out = (sapper_lanes){.ctx = m, .count = m->count, .start = lanes_start,
                          .send = lanes_send, .next = lanes_next, .stop = lanes_stop};
    return m;
}

int sapper_mpi_lanes_unfinished(const sapper_mpi_lanes *m)
{
    int n = 0;
    for (int lane = 0; lane < m->count; lane++)
        n += !m->gone[lane] || m->lost_lane[lane];
    return n;
}

void sapper_mpi_lanes_free(sapper_mpi_lanes *m)
{
    if (!m)
        return;
    free(m->msg);
    free(m->started);
    free(m->gone);
    free(m->lost_lane);
    free(m->told_back);
    free(m->lost_at);
    free(m->host);
    free(m);
}

int sapper_mpi_dismiss(sapper_mpi_link *link, double timeout)
{
    sapper_lanes lanes;
    sapper_mpi_lanes *m = sapper_mpi_lanes_new(link, timeout, &lanes);
    if (!m)
        return -1;
    lanes_stop(m);
    sapper_lane_event ev;
    int answered = 0;
    while (answered < m->count) {   /* each says BYE, or is lost to silence */
        if (!lanes_next(m, 0.05, &ev))
            continue;
        if (ev.kind == SAPPER_LANE_RECORD)
            sapper_game_record_free(&ev.rec);
        answered += ev.kind == SAPPER_LANE_DONE || ev.kind == SAPPER_LANE_LOST;
    }
    int ok = sapper_mpi_lanes_unfinished(m) == 0;
    sapper_mpi_lanes_free(m);
    return ok ? 0 : -1;
}
