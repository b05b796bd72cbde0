/*
 * pool.h - this process's worker processes as one player of games: a
 * backlog of game indices in, finished records out. The pool keeps the
 * workers fed from its backlog, enforces the move and game deadlines,
 * names the culprit of a crash, and plays a game again when its worker
 * was killed from outside (three times at most, then records it void).
 * The runner (tournament.c) feeds the pool of the process that stores
 * the results; an MPI rank (mpi_player.c) feeds its own from rank 0's
 * batches. Neither the database nor the schedule's order is its business.
 */
#ifndef SAPPER_POOL_H
#define SAPPER_POOL_H

#include "tournament.h"

typedef struct sapper_pool sapper_pool;

/** Where finished records go: the sink owns rec's strings from the call
 *  on (it frees them). A status other than SAPPER_OK stops the pool's
 *  step and is returned from it. */
typedef sapper_status (*sapper_pool_sink)(void *ctx, sapper_game_record *rec);

/** A pool of def->jobs workers (none started until there is a game).
 *  def must outlive the pool and not change. Sandboxed workers keep to a
 *  core each, from the first_core-th of those this process may use on
 *  (so that pools of several MPI ranks on one host do not share cores). */
sapper_status sapper_pool_new(const sapper_tournament_def *def, int first_core,
                              sapper_pool_sink sink, void *sink_ctx, sapper_pool **out,
                              char *err, size_t errcap);
/** Ends the workers (the orderly way when idle, killed when playing) and
 *  frees the pool; games still held are dropped. NULL is fine. */
void sapper_pool_free(sapper_pool *p);

/** Puts game index at the back of the backlog: SAPPER_OK or
 *  SAPPER_ERR_NOMEM. */
sapper_status sapper_pool_add(sapper_pool *p, int64_t index);
/** Games to add so that every worker has its queue full (0 when the
 *  backlog already covers them). */
int64_t sapper_pool_room(const sapper_pool *p);
/** Games held: the backlog and those sent to workers. */
int64_t sapper_pool_held(const sapper_pool *p);
/** Forgets the games of the backlog (none started yet). */
void sapper_pool_drop_backlog(sapper_pool *p);

/** Sends the backlog to idle workers, waits up to wait_ms for records
 *  (each goes to the sink), kills workers past a deadline. SAPPER_OK, or
 *  the sink's error, or SAPPER_ERR_STATE with a message when workers
 *  cannot be started. */
sapper_status sapper_pool_step(sapper_pool *p, int wait_ms, char *err, size_t errcap);

#endif
