/*
 * mpi_link.c - non-blocking messages, heartbeats and silences between
 * the ranks of an MPI job (see mpi_link.h). Every send is an MPI_Isend of
 * a copy the link keeps until MPI is done with it, and every receive an
 * MPI_Imrecv of a message MPI_Improbe matched, completed when it can: a
 * message over the eager limit (4 KB between processes of one host) moves
 * only while its sender takes part, so a blocking MPI_Recv or MPI_Send
 * waits forever on a peer that was stopped or lost, and nothing would
 * notice. Messages are handed out in the order each peer sent them. What
 * they mean is mpi_lanes.c's and mpi_player.c's.
 */
#include "mpi_link.h"
#include "tournament_internal.h"

#include <mpi.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct pending_send {
    MPI_Request req;
    char *buf;                 /* owned until req completes */
} pending_send;

typedef struct pending_receive {
    MPI_Request req;
    char *buf;                 /* owned; handed to the caller when done */
    int peer, tag, count;
    int done;
} pending_receive;

struct sapper_mpi_link {
    int rank, size;
    int local_rank;            /* among the ranks of this host */
    double *heard;             /* per peer: when last heard (or watched) */
    double *said;              /* per peer: when last sent to */
    unsigned char *watched;    /* per peer */
    pending_send *sends;
    size_t nsends, capsends;
    pending_receive *receives; /* in the order they were matched */
    size_t nreceives, capreceives;
    double last_tick;          /* when this rank last looked (0: never) */
};

/* A pause this long between two looks means this rank was not running
   (stopped, starved, blocked): its peers' silence meanwhile is not theirs. */
#define OWN_PAUSE (2 * SAPPER_MPI_BEAT)

sapper_mpi_link *sapper_mpi_link_new(void)
{
    sapper_mpi_link *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    MPI_Comm_rank(MPI_COMM_WORLD, &l->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &l->size);
    MPI_Comm host;   /* the ranks that share this host's memory */
    if (MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, l->rank, MPI_INFO_NULL,
                            &host) == MPI_SUCCESS) {
        MPI_Comm_rank(host, &l->local_rank);
        MPI_Comm_free(&host);
    }
    l->heard = calloc((size_t)l->size, sizeof *l->heard);
    l->said = calloc((size_t)l->size, sizeof *l->said);
    l->watched = calloc((size_t)l->size, 1);
    if (!l->heard || !l->said || !l->watched) {
        sapper_mpi_link_free(l);
        return NULL;
    }
    return l;
}

void sapper_mpi_link_free(sapper_mpi_link *l)
{
    if (!l)
        return;
    sapper_mpi_link_tick(l);   /* buffers still in MPI's hands are kept */
    for (size_t i = 0; i < l->nreceives; i++)
        if (l->receives[i].done)
            free(l->receives[i].buf);
    free(l->receives);
    free(l->sends);
    free(l->heard);
    free(l->said);
    free(l->watched);
    free(l);
}

int sapper_mpi_link_rank(const sapper_mpi_link *l)
{
    return l->rank;
}

int sapper_mpi_link_size(const sapper_mpi_link *l)
{
    return l->size;
}

int sapper_mpi_link_local_rank(const sapper_mpi_link *l)
{
    return l->local_rank;
}

void sapper_mpi_link_watch(sapper_mpi_link *l, int peer, int on)
{
    if (peer < 0 || peer >= l->size || peer == l->rank)
        return;
    l->watched[peer] = (unsigned char)(on != 0);
    l->heard[peer] = sapper_monotonic();
}

/* Room for one more send under way: 0, or -1 when memory ran out. */
static int room_for_send(sapper_mpi_link *l)
{
    if (l->nsends < l->capsends)
        return 0;
    size_t cap = l->capsends ? 2 * l->capsends : 16;
    pending_send *s = realloc(l->sends, cap * sizeof *s);
    if (!s)
        return -1;
    l->sends = s;
    l->capsends = cap;
    return 0;
}

sapper_status sapper_mpi_link_send(sapper_mpi_link *l, int peer, int tag,
                                   const void *data, size_t n)
{
    if (n > (size_t)INT32_MAX)
        return SAPPER_ERR_STATE;
    char *buf = room_for_send(l) == 0 ? malloc(n ? n : 1) : NULL;
    MPI_Request req;
    if (!buf)
        return SAPPER_ERR_NOMEM;
    memcpy(buf, data, n);
    if (MPI_Isend(buf, (int)n, MPI_BYTE, peer, tag, MPI_COMM_WORLD, &req) != MPI_SUCCESS) {
        free(buf);
        return SAPPER_ERR_STATE;
    }
    l->sends[l->nsends++] = (pending_send){.req = req, .buf = buf};
    l->said[peer] = sapper_monotonic();
    return SAPPER_OK;
}

/* Starts receiving every message that has come: 0, or -1 when MPI
   failed or memory ran out. */
static int start_receives(sapper_mpi_link *l)
{
    for (;;) {
        int flag = 0, count = 0;
        MPI_Message msg;
        MPI_Status st;
        if (MPI_Improbe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &msg, &st) !=
            MPI_SUCCESS)
            return -1;
        if (!flag)
            return 0;
        MPI_Get_count(&st, MPI_BYTE, &count);
        if (l->nreceives == l->capreceives) {
            size_t cap = l->capreceives ? 2 * l->capreceives : 16;
            pending_receive *r = realloc(l->receives, cap * sizeof *r);
            if (!r)
                return -1;   /* the message stays matched: the job is over */
            l->receives = r;
            l->capreceives = cap;
        }
        pending_receive *r = &l->receives[l->nreceives];
        *r = (pending_receive){.peer = st.MPI_SOURCE, .tag = st.MPI_TAG, .count = count,
                               .buf = malloc((size_t)count + 1)};
        if (!r->buf || MPI_Imrecv(r->buf, count, MPI_BYTE, &msg, &r->req) != MPI_SUCCESS)
            return -1;
        l->nreceives++;
    }
}

/* The first finished receive that no earlier one of its peer holds up:
   its index, or -1. */
static ptrdiff_t next_finished(sapper_mpi_link *l)
{
    for (size_t i = 0; i < l->nreceives; i++) {
        pending_receive *r = &l->receives[i];
        if (!r->done)
            MPI_Test(&r->req, &r->done, MPI_STATUS_IGNORE);
        if (r->done)
            l->heard[r->peer] = sapper_monotonic();
    }
    for (size_t i = 0; i < l->nreceives; i++) {
        int first = 1;
        for (size_t j = 0; j < i && first; j++)
            first = l->receives[j].peer != l->receives[i].peer;
        if (first && l->receives[i].done)
            return (ptrdiff_t)i;
    }
    return -1;
}

int sapper_mpi_link_receive(sapper_mpi_link *l, int *from, int *tag, char **data,
                            size_t *n)
{
    if (start_receives(l) != 0)
        return -1;
    for (ptrdiff_t i; (i = next_finished(l)) >= 0;) {
        pending_receive r = l->receives[i];
        memmove(l->receives + i, l->receives + i + 1,
                (l->nreceives - (size_t)i - 1) * sizeof r);
        l->nreceives--;
        r.buf[r.count] = '\0';
        if (r.tag == SAPPER_MPI_BEAT_TAG) {
            free(r.buf);
            continue;
        }
        *from = r.peer;
        *tag = r.tag;
        *data = r.buf;
        *n = (size_t)r.count;
        return 1;
    }
    return 0;
}

/* Frees the buffers of the sends MPI has finished with. */
static void reap_sends(sapper_mpi_link *l)
{
    size_t kept = 0;
    for (size_t i = 0; i < l->nsends; i++) {
        int done = 0;
        MPI_Test(&l->sends[i].req, &done, MPI_STATUS_IGNORE);
        if (done)
            free(l->sends[i].buf);
        else
            l->sends[kept++] = l->sends[i];
    }
    l->nsends = kept;
}

void sapper_mpi_link_tick(sapper_mpi_link *l)
{
    reap_sends(l);
    double t = sapper_monotonic();
    if (l->last_tick > 0 && t - l->last_tick > OWN_PAUSE)
        for (int p = 0; p < l->size; p++)   /* SIGCONT after SIGSTOP, say */
            l->heard[p] = t;
    l->last_tick = t;
    for (int p = 0; p < l->size; p++)
        if (l->watched[p] && t - l->said[p] >= SAPPER_MPI_BEAT)
            sapper_mpi_link_send(l, p, SAPPER_MPI_BEAT_TAG, "", 0);
}

double sapper_mpi_link_silence(const sapper_mpi_link *l, int peer)
{
    return sapper_monotonic() - l->heard[peer];
}

int sapper_mpi_link_drain(sapper_mpi_link *l, double timeout)
{
    double until = sapper_monotonic() + timeout;
    reap_sends(l);
    while (l->nsends > 0 && sapper_monotonic() < until) {
        sapper_mpi_link_nap();
        reap_sends(l);
    }
    return l->nsends == 0 ? 0 : -1;
}

void sapper_mpi_link_nap(void)
{
    struct timespec ms = {0, 1000000};
    nanosleep(&ms, NULL);
}
