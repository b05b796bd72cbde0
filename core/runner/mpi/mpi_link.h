/*
 * mpi_link.h - messages between the ranks of an MPI job running one
 * tournament, as both sides use them (mpi_lanes.c on rank 0, mpi_player.c
 * on the others): sends that never block (a rank that stopped answering
 * must not stop the sender), receives that never wait, a heartbeat to
 * every watched peer each SAPPER_MPI_BEAT seconds, and how long each
 * peer has been silent. Built only when CMake finds MPI (SAPPER_HAVE_MPI);
 * the caller has initialised MPI.
 */
#ifndef SAPPER_MPI_LINK_H
#define SAPPER_MPI_LINK_H

#include <stddef.h>
#include <stdint.h>

#include "sapper/plugin.h"

#define SAPPER_MPI_BEAT 1.0   /* seconds between heartbeats to a peer */

/* Message tags. */
#define SAPPER_MPI_START   1   /* 0 -> k: the tournament (mpi_lanes.c says how) */
#define SAPPER_MPI_HELLO   2   /* k -> 0: joins (its jobs and host) or refuses */
#define SAPPER_MPI_GAMES   3   /* 0 -> k: game indices, int64 each */
#define SAPPER_MPI_RECORDS 4   /* k -> 0: finished games, frames of record_wire.h */
#define SAPPER_MPI_BEAT_TAG 5  /* either way, empty: still here */
#define SAPPER_MPI_STOP    6   /* 0 -> k, empty: stop now */
#define SAPPER_MPI_BYE     7   /* k -> 0, empty: stopped; nothing follows */

typedef struct sapper_mpi_link sapper_mpi_link;

/** A link over MPI_COMM_WORLD; NULL when memory runs out. Collective:
 *  every rank makes its link at the start. */
sapper_mpi_link *sapper_mpi_link_new(void);
/** Frees what the link holds, except the buffers of sends still under
 *  way (only after a peer was lost, when the job is aborted: MPI may
 *  still read them). NULL is fine. */
void sapper_mpi_link_free(sapper_mpi_link *l);

int sapper_mpi_link_rank(const sapper_mpi_link *l);
int sapper_mpi_link_size(const sapper_mpi_link *l);
/** This rank's number among the ranks of its host (0 for the first). */
int sapper_mpi_link_local_rank(const sapper_mpi_link *l);

/** Heartbeats to peer (and its silence measured) from now on, or not. */
void sapper_mpi_link_watch(sapper_mpi_link *l, int peer, int on);

/** Sends n bytes (copied) to peer without waiting: SAPPER_OK, or
 *  SAPPER_ERR_NOMEM / SAPPER_ERR_STATE (MPI refused) with nothing sent. */
sapper_status sapper_mpi_link_send(sapper_mpi_link *l, int peer, int tag,
                                   const void *data, size_t n);

/** The next message that has come (heartbeats are only counted): 1 with
 *  *data (malloc'd, NUL after the n bytes; the caller frees it), 0 when
 *  none, -1 when MPI failed or memory ran out. */
int sapper_mpi_link_receive(sapper_mpi_link *l, int *from, int *tag, char **data,
                            size_t *n);

/** Frees finished sends and sends the heartbeats that are due. Called
 *  often (every few ms) by a rank at work: when this rank itself was not
 *  running for a while, the silence of its peers restarts from now. */
void sapper_mpi_link_tick(sapper_mpi_link *l);

/** Seconds since peer was last heard, since it was watched, or since
 *  this rank last resumed after a pause of its own. */
double sapper_mpi_link_silence(const sapper_mpi_link *l, int peer);

/** Waits up to timeout seconds for every send to finish: 0 when they
 *  all did, -1 when some are still under way. */
int sapper_mpi_link_drain(sapper_mpi_link *l, double timeout);

/** Sleeps a millisecond: the pause of a loop that has nothing to do. */
void sapper_mpi_link_nap(void);

#endif
