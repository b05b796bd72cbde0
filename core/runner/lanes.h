/*
 * lanes.h - the players of a tournament beyond this process's own worker
 * processes (the other ranks of an MPI job): what the runner needs from
 * them, as a table of functions over opaque state. The runner
 * (tournament.c) decides for every lane alike what is played, stored and
 * played again; a transport only carries games out and records back and
 * says when a lane has joined, refused or gone silent. mpi_lanes.c is the
 * transport over MPI; the unit tests have one in-process.
 */
#ifndef SAPPER_LANES_H
#define SAPPER_LANES_H

#include "tournament.h"

#define SAPPER_LANE_JOINED  1   /* ready to play: rank, host, jobs */
#define SAPPER_LANE_REFUSED 2   /* cannot play this tournament: why */
#define SAPPER_LANE_RECORD  3   /* a finished game: rec */
#define SAPPER_LANE_LOST    4   /* silent too long or gone: why; the games it
                                   held are to be played by others */
#define SAPPER_LANE_DONE    5   /* stopped when asked, after its last record */

#define SAPPER_HOST_MAX 256

typedef struct sapper_lane_event {
    int kind;                   /* SAPPER_LANE_* */
    int lane;                   /* 0 .. count - 1 */
    int rank;                   /* JOINED: its rank in the job */
    int jobs;                   /* JOINED: its worker processes */
    char host[SAPPER_HOST_MAX]; /* JOINED: the host it runs on */
    char why[512];              /* REFUSED, LOST: a sentence for a person */
    sapper_game_record rec;     /* RECORD: the receiver frees its strings */
} sapper_lane_event;

typedef struct sapper_lanes {
    void *ctx;
    int count;                  /* lanes */
    /** Tells every lane the tournament (its master seed, the text of its
     *  definition and plugins, which each lane compares with its own);
     *  each answers JOINED or REFUSED, or is LOST. [once, first] */
    sapper_status (*start)(void *ctx, const sapper_tournament_def *def,
                           char *err, size_t errcap);
    /** Hands n games to a lane that joined. SAPPER_OK, or
     *  SAPPER_ERR_NOMEM (nothing sent). */
    sapper_status (*send)(void *ctx, int lane, const int64_t *games, size_t n);
    /** The next event into *ev, waiting at most wait seconds: 1, or 0
     *  when none came. A lane is LOST once, after which nothing more of
     *  it is reported. */
    int (*next)(void *ctx, double wait, sapper_lane_event *ev);
    /** Asks every lane that is not LOST to stop: each drops the games
     *  it has not started, sends what it finished, then says DONE. */
    void (*stop)(void *ctx);
} sapper_lanes;

#endif
