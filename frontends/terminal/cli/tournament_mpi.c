/*
 * tournament_mpi.c - the MPI side of `sapper tournament` (see
 * tournament_mpi.h): MPI_Init when an MPI launcher started this process,
 * the lanes of rank 0, the play of the others, and how the job ends. The
 * tournament itself is core/runner/'s; this file only starts, wires
 * and ends.
 */
#define _GNU_SOURCE   /* sched_getaffinity */
#include "tournament_mpi.h"
#include "commands.h"

#include <mpi.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "mpi_tournament.h"

#define DISMISS_SECONDS 10.0   /* how long rank 0 waits for the others to
                                  go home when it could not set up */
#define LAST_SENDS_SECONDS 5.0 /* how long a rank waits for its last
                                  messages to leave before MPI_Finalize */
#define AWAIT_ABORT_SECONDS 60 /* how long a rank waits for rank 0's
                                  MPI_Abort before it aborts the job itself */

int tournament_mpi_begin(tournament_mpi *t, int launched)
{
    *t = (tournament_mpi){.rank = 0, .size = 1};
    if (!launched)
        return 0;   /* a plain run: MPI is not even started */
    if (MPI_Init(NULL, NULL) != MPI_SUCCESS) {
        app_error("tournament: started by an MPI launcher, but MPI_Init failed");
        return 1;
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);   /* we decide */
    t->link = sapper_mpi_link_new();
    if (!t->link) {
        app_error("tournament: out of memory");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    t->rank = sapper_mpi_link_rank(t->link);
    t->size = sapper_mpi_link_size(t->link);
    return 0;
}

void tournament_mpi_check_binding(const tournament_mpi *t, int jobs)
{
    cpu_set_t allowed;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    if (!t->link || sched_getaffinity(0, sizeof allowed, &allowed) != 0)
        return;
    int usable = CPU_COUNT(&allowed);
    if (usable >= jobs || usable >= cores)
        return;
    char host[256] = "";
    gethostname(host, sizeof host - 1);
    app_error("warning: rank %d on %s may use %d of its %ld cores (mpirun binds each "
              "rank to cores unless told not to), and its %d worker processes share "
              "them: start mpirun with --bind-to none", t->rank, host, usable, cores, jobs);
}

const sapper_lanes *tournament_mpi_lanes(tournament_mpi *t, double timeout)
{
    if (t->rank != 0 || t->size < 2)
        return NULL;
    t->table = calloc(1, sizeof *t->table);
    t->lanes = t->table ? sapper_mpi_lanes_new(t->link, timeout, t->table) : NULL;
    return t->lanes ? t->table : NULL;
}

int tournament_mpi_serve(tournament_mpi *t, sapper_tournament_def *def,
                         volatile sig_atomic_t *stop)
{
    char err[1024] = "";
    int ending;
    sapper_status st = sapper_mpi_play(t->link, def, def ? NULL : "its setup failed "
                                       "(its messages say why)", stop, &ending, err,
                                       sizeof err);
    t->lost = ending == SAPPER_MPI_END_ABORT;
    t->await_abort = ending == SAPPER_MPI_END_AWAIT;
    if (st != SAPPER_OK && st != SAPPER_ERR_STATE && st != SAPPER_ERR_PARAM)
        app_error("rank %d: %s", t->rank, err);
    return st == SAPPER_OK ? 0 : st == SAPPER_ERR_PARAM ? EXIT_USAGE
         : st == SAPPER_ERR_STATE ? EXIT_STOPPED : 1;
}

void tournament_mpi_dismiss(tournament_mpi *t)
{
    if (t->link && t->rank == 0 && t->size > 1 &&
        sapper_mpi_dismiss(t->link, DISMISS_SECONDS) != 0)
        t->lost = 1;
}

int tournament_mpi_end(tournament_mpi *t, int status)
{
    if (!t->link)
        return status;
    if (t->lanes && sapper_mpi_lanes_unfinished(t->lanes) > 0)
        t->lost = 1;
    if (!t->lost && sapper_mpi_link_drain(t->link, LAST_SENDS_SECONDS) != 0)
        t->lost = 1;
    fflush(NULL);
    for (int s = 0; t->await_abort && s < AWAIT_ABORT_SECONDS; s++)
        sleep(1);   /* rank 0's MPI_Abort ends this process */
    if (t->lost || t->await_abort)
        MPI_Abort(MPI_COMM_WORLD, status);   /* the only way past a silent rank */
    sapper_mpi_lanes_free(t->lanes);
    free(t->table);
    sapper_mpi_link_free(t->link);
    MPI_Finalize();
    return status;
}
