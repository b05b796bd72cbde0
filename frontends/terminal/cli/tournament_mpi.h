/*
 * tournament_mpi.h - `sapper tournament` as one rank of an MPI job
 * (`mpirun -np N sapper tournament CONFIG`): where MPI is started and
 * ended (here only: how the process ends is the front end's call), rank
 * 0's lanes for the runner, the other ranks' play. Built when CMake found
 * MPI (SAPPER_HAVE_MPI); without mpirun it is not started and the run is
 * the plain local one.
 */
#ifndef SAPPER_TOURNAMENT_MPI_H
#define SAPPER_TOURNAMENT_MPI_H

#include <signal.h>

#include "tournament.h"

#define EXIT_STOPPED 3   /* stopped before the end: --resume plays the rest */

typedef struct sapper_mpi_link sapper_mpi_link;
typedef struct sapper_mpi_lanes sapper_mpi_lanes;

typedef struct tournament_mpi {
    int rank, size;            /* 0 and 1 without mpirun */
    sapper_mpi_link *link;     /* NULL without mpirun */
    sapper_mpi_lanes *lanes;   /* rank 0 of several: the other ranks */
    sapper_lanes *table;       /* their function table (owned) */
    int lost;                  /* a rank stopped answering: MPI_Abort */
    int await_abort;           /* rank 0 ends the job with MPI_Abort */
} tournament_mpi;

/** Starts MPI when launched (the process was started by mpirun or srun):
 *  0, or an exit status after saying why it cannot. */
int tournament_mpi_begin(tournament_mpi *t, int launched);
/** Warns when mpirun bound this rank to fewer cores than its jobs
 *  worker processes (Open MPI binds ranks to cores by default). */
void tournament_mpi_check_binding(const tournament_mpi *t, int jobs);
/** Rank 0 of several: the other ranks as the run's lanes, given up after
 *  timeout seconds of silence; NULL when alone (or out of memory: then
 *  the run goes on alone). */
const sapper_lanes *tournament_mpi_lanes(tournament_mpi *t, double timeout);
/** A rank other than 0: plays for rank 0 (def NULL: refuses, its setup
 *  having failed). The exit status; rank 0 says what went wrong. */
int tournament_mpi_serve(tournament_mpi *t, sapper_tournament_def *def,
                         volatile sig_atomic_t *stop);
/** Rank 0 could not set up: the other ranks are sent home. */
void tournament_mpi_dismiss(tournament_mpi *t);
/** Ends MPI: MPI_Finalize, or MPI_Abort with status when a rank stopped
 *  answering (MPI_Finalize would wait for it forever; then this does not
 *  return). Returns status. */
int tournament_mpi_end(tournament_mpi *t, int status);

#endif
