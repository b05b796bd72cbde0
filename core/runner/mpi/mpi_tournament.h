/*
 * mpi_tournament.h - one tournament across the ranks of an MPI job
 * (`mpirun -np N sapper tournament CONFIG`). Rank 0 runs
 * sapper_tournament_run with its own worker processes and the other ranks
 * as its lanes (mpi_lanes.c): it alone schedules, stores and resumes.
 * Every other rank plays the games it is sent with worker processes of
 * its own and sends the records back (mpi_player.c). Built only when
 * CMake finds MPI (SAPPER_HAVE_MPI); MPI_Init, MPI_Finalize and
 * MPI_Abort are the caller's (the front end decides how the process
 * ends).
 *
 * The conversation, each message a tag of mpi_link.h:
 *   0 -> k  START   the master seed, then the shared text of the
 *                   definition and plugins (sapper_tournament_def_shared_text)
 *   k -> 0  HELLO   joined (its jobs, its host) or refused (why)
 *   0 -> k  GAMES   a batch of game indices, again as k runs low
 *   k -> 0  RECORDS finished games, a few dozen or 20 ms at a time
 *   0 -> k  STOP    the end, or a stop: k ends its games in play; its
 *                   byte is 1 when the job will end with MPI_Abort
 *   k -> 0  BYE     after its last records
 * and a heartbeat every second each way; a rank silent for
 * [tournament] rank_timeout seconds is given up by the other side.
 */
#ifndef SAPPER_MPI_TOURNAMENT_H
#define SAPPER_MPI_TOURNAMENT_H

#include "lanes.h"
#include "mpi_link.h"

typedef struct sapper_mpi_lanes sapper_mpi_lanes;

/** The ranks other than 0 as lanes of rank 0's run (out), silent ranks
 *  given up after timeout seconds. link is borrowed. NULL when memory
 *  runs out. */
sapper_mpi_lanes *sapper_mpi_lanes_new(sapper_mpi_link *link, double timeout,
                                       sapper_lanes *out);
/** How many ranks were given up or never said BYE. Then the job cannot
 *  end with MPI_Finalize (it would wait for them forever): the caller
 *  aborts it. */
int sapper_mpi_lanes_unfinished(const sapper_mpi_lanes *m);
void sapper_mpi_lanes_free(sapper_mpi_lanes *m);

/** Rank 0 without a tournament (its setup failed): tells every other
 *  rank to stop and waits up to timeout seconds for them to say so.
 *  0, or -1 when some did not answer (then the caller aborts the job). */
int sapper_mpi_dismiss(sapper_mpi_link *link, double timeout);

/* How a rank other than 0 must end the job (sapper_mpi_play's *ending). */
#define SAPPER_MPI_END_FINALIZE 0   /* MPI_Finalize, as usual */
#define SAPPER_MPI_END_ABORT    1   /* rank 0 stopped answering: MPI_Abort */
#define SAPPER_MPI_END_AWAIT    2   /* rank 0 gave a rank up and ends the job
                                       with MPI_Abort: wait for it, and do not
                                       enter MPI_Finalize meanwhile (Open MPI
                                       4.1's mpirun hangs or crashes when a
                                       rank finalizes while another aborts) */

/** A rank other than 0: waits for the tournament, checks that def (its
 *  own reading of the same command) agrees with rank 0's, plays the games
 *  it is sent until told to stop. With def NULL it refuses, saying why
 *  (its setup failed). Returns SAPPER_OK when told to stop,
 *  SAPPER_ERR_STATE when *stop was set (a signal), SAPPER_ERR_PARAM when
 *  it refused, other errors with a message; *ending says how the caller
 *  ends the job (SAPPER_MPI_END_*). */
sapper_status sapper_mpi_play(sapper_mpi_link *link, sapper_tournament_def *def,
                              const char *refusal, volatile sig_atomic_t *stop,
                              int *ending, char *err, size_t errcap);

#endif
