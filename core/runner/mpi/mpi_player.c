/*
 * mpi_player.c - a rank other than 0 (see mpi_tournament.h): waits for
 * rank 0's START, checks it would play the same games (its own reading of
 * the command, its plugins' fingerprints), then feeds the batches it is
 * sent to a pool of its own worker processes (pool.c: the same fault
 * isolation, deadlines and sandbox as a run without MPI) and sends the
 * records back a few dozen or OUTBOX_SECONDS at a time. It never touches
 * the database and never decides what is played.
 */
#include "mpi_tournament.h"
#include "pool.h"
#include "record_wire.h"
#include "tournament_internal.h"
#include "wire.h"

#include <stdio.h>
#include <unistd.h>

#define OUTBOX_RECORDS 64        /* records sent in one message at most */
#define OUTBOX_BYTES (1 << 20)   /* or this many bytes of them */
#define OUTBOX_SECONDS 0.02      /* the longest a finished game waits */
#define POOL_WAIT_MS 5           /* the longest the pool waits for its
                                    workers before rank 0 is heard */
#define DEFAULT_TIMEOUT 10.0     /* without a tournament of its own */
#define BYE_DRAIN 5.0            /* seconds its last messages may take */

typedef struct player {
    sapper_mpi_link *link;
    sapper_tournament_def *def;
    volatile sig_atomic_t *stop;
    double timeout;
    sapper_pool *pool;
    sapper_strbuf outbox;        /* record frames not sent yet */
    int outbox_records;
    double outbox_since;         /* when its first record came */
    int told_to_stop;
    int *ending;                 /* SAPPER_MPI_END_* */
    char *err;
    size_t errcap;
} player;

static int signalled(const player *p)
{
    return p->stop && *p->stop;
}

/* STOP: its byte says whether rank 0 ends the job with MPI_Abort. */
static void stopped_by(player *p, const char *data, size_t n)
{
    p->told_to_stop = 1;
    if (n >= 1 && data[0] == 1 && *p->ending == SAPPER_MPI_END_FINALIZE)
        *p->ending = SAPPER_MPI_END_AWAIT;
}

/* ---- the start ----------------------------------------------------------- */

static void host_name(char *out, size_t cap)
{
    if (gethostname(out, cap - 1) != 0 || !out[0])
        snprintf(out, cap, "localhost");
    out[cap - 1] = '\0';
}

static sapper_status say_hello(player *p, const char *refusal)
{
    char host[SAPPER_HOST_MAX];
    sapper_wire_out out = {0};
    host_name(host, sizeof host);
    sapper_wire_put_i64(&out, p->def ? p->def->jobs : 0);
    sapper_wire_put_i64(&out, refusal ? 0 : 1);
    sapper_wire_put_str(&out, host);
    sapper_wire_put_str(&out, refusal ? refusal : "");
    sapper_status st = out.failed ? SAPPER_ERR_NOMEM
        : sapper_mpi_link_send(p->link, 0, SAPPER_MPI_HELLO, out.data, out.len);
    sapper_wire_free(&out);
    return st;
}

/* START: the master seed and rank 0's shared text. The refusal, when
   this rank would not play the same games, into why. */
static void check_start(player *p, const char *data, size_t n, char *why, size_t cap)
{
    sapper_wire_in in = {(const unsigned char *)data, n, 0};
    uint64_t seed = (uint64_t)sapper_wire_get_i64(&in);
    const char *theirs = sapper_wire_get_str(&in);
    if (in.bad) {
        snprintf(why, cap, "rank 0 sent a tournament this sapper cannot read");
        return;
    }
    sapper_strbuf mine = {0};
    p->def->seed = seed;
    sapper_tournament_def_shared_text(p->def, &mine);
    if (strcmp(sapper_strbuf_str(&mine), theirs) != 0) {
        char diff[500];
        sapper_text_first_difference(theirs, sapper_strbuf_str(&mine), "rank 0 has",
                                     "this rank has", diff, sizeof diff);
        snprintf(why, cap, "its config or plugins differ from rank 0's: %s", diff);
    }
    sapper_strbuf_free(&mine);
}

/* Waits for START (or an early STOP) and answers it. SAPPER_OK to play;
   told_to_stop when stopped before; SAPPER_ERR_PARAM when refused. */
static sapper_status await_start(player *p, const char *refusal)
{
    for (;;) {
        int from, tag, got;
        char *data, why[600] = "";
        size_t n;
        if (signalled(p))
            return SAPPER_ERR_STATE;
        sapper_mpi_link_tick(p->link);
        got = sapper_mpi_link_receive(p->link, &from, &tag, &data, &n);
        if (got < 0)
            return SAPPER_ERR_STATE;
        if (got == 0) {
            sapper_mpi_link_nap();
            continue;
        }
        if (tag == SAPPER_MPI_START && p->def && !refusal)
            check_start(p, data, n, why, sizeof why);
        if (tag == SAPPER_MPI_STOP)
            stopped_by(p, data, n);
        free(data);
        if (tag == SAPPER_MPI_STOP)
            return SAPPER_OK;
        if (tag != SAPPER_MPI_START)
            continue;
        sapper_mpi_link_watch(p->link, 0, 1);
        const char *no = refusal ? refusal : why[0] ? why : NULL;
        sapper_status st = say_hello(p, no);
        return st != SAPPER_OK ? st : no ? SAPPER_ERR_PARAM : SAPPER_OK;
    }
}

/* ---- records out --------------------------------------------------------- */

static sapper_status send_outbox(player *p)
{
    if (p->outbox_records == 0)
        return SAPPER_OK;
    sapper_status st = p->outbox.failed ? SAPPER_ERR_NOMEM
        : sapper_mpi_link_send(p->link, 0, SAPPER_MPI_RECORDS, p->outbox.data, p->outbox.len);
    p->outbox.len = 0;
    p->outbox_records = 0;
    if (st != SAPPER_OK)
        snprintf(p->err, p->errcap, "cannot send records to rank 0 (%s)",
                 st == SAPPER_ERR_NOMEM ? "out of memory" : "MPI refused");
    return st;
}

/* The pool's sink: a finished game, into the outbox. */
static sapper_status to_outbox(void *ctx, sapper_game_record *rec)
{
    player *p = ctx;
    if (p->outbox_records++ == 0)
        p->outbox_since = sapper_monotonic();
    sapper_record_pack(rec, &p->outbox);
    sapper_game_record_free(rec);
    if (p->outbox_records >= OUTBOX_RECORDS || p->outbox.len >= OUTBOX_BYTES)
        return send_outbox(p);
    return SAPPER_OK;
}

/* Sends the outbox when its first record has waited long enough, or when
   nothing more is coming soon (the pool holds no game). */
static sapper_status flush_due(player *p)
{
    if (p->outbox_records > 0 &&
        (sapper_pool_held(p->pool) == 0 ||
         sapper_monotonic() - p->outbox_since >= OUTBOX_SECONDS))
        return send_outbox(p);
    return SAPPER_OK;
}

/* ---- games in ------------------------------------------------------------ */

/* Everything rank 0 has sent: batches into the pool, a STOP noted. */
static sapper_status hear_rank0(player *p)
{
    int from, tag, got;
    char *data;
    size_t n;
    while ((got = sapper_mpi_link_receive(p->link, &from, &tag, &data, &n)) == 1) {
        int64_t index, total = sapper_schedule_count(p->def);
        sapper_status st = SAPPER_OK;
        for (size_t k = 0; tag == SAPPER_MPI_GAMES && k + sizeof index <= n &&
                           st == SAPPER_OK; k += sizeof index) {
            memcpy(&index, data + k, sizeof index);
            st = index >= 0 && index < total ? sapper_pool_add(p->pool, index) : SAPPER_OK;
        }
        if (tag == SAPPER_MPI_STOP)
            stopped_by(p, data, n);
        free(data);
        if (st != SAPPER_OK) {
            snprintf(p->err, p->errcap, "out of memory");
            return st;
        }
    }
    return got < 0 ? SAPPER_ERR_STATE : SAPPER_OK;
}

static sapper_status rank0_silent(player *p)
{
    double quiet = sapper_mpi_link_silence(p->link, 0);
    if (quiet <= p->timeout)
        return SAPPER_OK;
    *p->ending = SAPPER_MPI_END_ABORT;
    snprintf(p->err, p->errcap, "rank 0 stopped answering (silent for %.0f s; "
             "[tournament] rank_timeout = %g): this rank stops", quiet, p->timeout);
    return SAPPER_ERR_INTERNAL;
}

static sapper_status serve(player *p)
{
    int first_core = sapper_mpi_link_local_rank(p->link) * p->def->jobs;
    sapper_status st = sapper_pool_new(p->def, first_core, to_outbox, p, &p->pool, p->err,
                                       p->errcap);
    while (st == SAPPER_OK && !p->told_to_stop) {
        if (signalled(p))
            return SAPPER_ERR_STATE;
        st = hear_rank0(p);
        if (st == SAPPER_OK && !p->told_to_stop)
            st = sapper_pool_step(p->pool, POOL_WAIT_MS, p->err, p->errcap);
        if (st == SAPPER_OK)
            st = flush_due(p);
        sapper_mpi_link_tick(p->link);
        if (st == SAPPER_OK)
            st = rank0_silent(p);
    }
    return st;
}

/* The end, however it came: what was finished sent, then BYE (unless rank
   0 is gone), then the games in play ended. BYE goes first because ending
   the workers may take a while (each idle one is given 2 s to end its bot
   processes), in which this rank sends no heartbeat. */
static void sign_off(player *p)
{
    int rank0_lost = *p->ending == SAPPER_MPI_END_ABORT;
    if (!rank0_lost) {
        send_outbox(p);
        sapper_mpi_link_send(p->link, 0, SAPPER_MPI_BYE, "", 0);
    }
    sapper_pool_free(p->pool);   /* a game in play is not waited for */
    p->pool = NULL;
    if (!rank0_lost && sapper_mpi_link_drain(p->link, BYE_DRAIN) != 0 &&
        *p->ending == SAPPER_MPI_END_FINALIZE)
        *p->ending = SAPPER_MPI_END_ABORT;   /* it no longer takes our messages */
}

/* A refusing rank waits for rank 0 to stop it, so the job ends together. */
static void await_stop(player *p)
{
    while (!p->told_to_stop && !signalled(p) && *p->ending != SAPPER_MPI_END_ABORT) {
        int from, tag;
        char *data;
        size_t n;
        sapper_mpi_link_tick(p->link);
        while (sapper_mpi_link_receive(p->link, &from, &tag, &data, &n) == 1) {
            if (tag == SAPPER_MPI_STOP)
                stopped_by(p, data, n);
            free(data);
        }
        if (rank0_silent(p) == SAPPER_OK)
            sapper_mpi_link_nap();
    }
}

sapper_status sapper_mpi_play(sapper_mpi_link *link, sapper_tournament_def *def,
                              const char *refusal, volatile sig_atomic_t *stop,
                              int *ending, char *err, size_t errcap)
{
    player p = {.link = link, .def = def, .stop = stop, .ending = ending,
                .timeout = def ? def->rank_timeout : DEFAULT_TIMEOUT, .err = err,
                .errcap = errcap};
    *ending = SAPPER_MPI_END_FINALIZE;
    sapper_status st = await_start(&p, def ? NULL : refusal ? refusal : "its setup failed");
    if (st == SAPPER_ERR_PARAM)
        await_stop(&p);
    else if (st == SAPPER_OK && !p.told_to_stop)
        st = serve(&p);
    sign_off(&p);
    sapper_strbuf_free(&p.outbox);
    if (st == SAPPER_ERR_PARAM)
        snprintf(err, errcap, "refused the tournament (rank 0 says why)");
    return st;
}
