/*
 * runner.h - the state of one tournament run as its two files share it:
 * tournament.c (what is left to play, storing, the SPRT, progress, this
 * process's pool) and runner_lanes.c (the other players: handing them
 * batches, taking their records, giving up on a silent one). Nobody else
 * includes it.
 */
#ifndef SAPPER_RUNNER_H
#define SAPPER_RUNNER_H

#include "lanes.h"
#include "pool.h"
#include "stats.h"
#include "store.h"

#define RUNNER_LOCAL -1        /* owner of a game held by this process's pool */

typedef struct sprt_track {
    int on;
    double *a_result;      /* entrant 0's result per game, -1 unknown */
    int64_t next_pair;     /* pairs below this are in pen */
    sapper_penta pen;
    double lower, upper, llr;
    sapper_sprt_state state;
} sprt_track;

/* What the runner knows of one lane. */
typedef struct lane_state {
    int state;             /* LANE_* in runner_lanes.c */
    int jobs;
    int64_t host;          /* its row in the database's hosts */
    int64_t held;          /* games sent to it and not back */
    int64_t back;          /* records it returned */
    double first_sent;     /* when it was first sent games; 0 before */
} lane_state;

typedef struct runner {
    sapper_tournament_def *def;
    const sapper_run_options *opt;
    sapper_store *store;
    int64_t run_id, total, done_count, this_run;
    unsigned char *done;       /* per game: 0 to play, 1 stored, 2 held */
    int32_t *owner;            /* per held game: RUNNER_LOCAL or its lane
                                  (NULL without lanes) */
    int64_t cursor;            /* lowest index that may still be undone */
    sapper_pool *pool;
    int64_t local_host;        /* this process's row in hosts */
    lane_state *lanes;         /* opt->lanes->count of them, or NULL */
    double started, last_progress, last_standings;
    double points[SAPPER_MAX_ENTRANTS];
    int64_t played[SAPPER_MAX_ENTRANTS];
    sprt_track sprt;
    int read_only;             /* complete, on read-only media: print only */
    char *err;
    size_t errcap;
} runner;

/* tournament.c */
/** Takes the lowest game neither stored nor held: it is held by owner
 *  (RUNNER_LOCAL or a lane) from now on. -1 when none is left. */
int64_t runner_take_game(runner *r, int32_t owner);
/** Game index is held by nobody now: it is to be played again. */
void runner_give_back(runner *r, int64_t index);
/** Stores a finished game played on host (frees rec's strings). */
sapper_status runner_store(runner *r, sapper_game_record *rec, int64_t host);
/** Still handing out games: not stopped by the SPRT. */
int runner_playing(const runner *r);

/* runner_lanes.c */
/** Starts the lanes and waits until each has joined, refused or been
 *  lost; registers their hosts. A refusal is an error (SAPPER_ERR_PARAM). */
sapper_status runner_lanes_start(runner *r);
/** Hands batches to lanes that are running low. Returns the games the
 *  lanes hold. */
sapper_status runner_lanes_feed(runner *r, int64_t *held);
/** Takes what the lanes sent within wait seconds (records stored, lost
 *  lanes' games given back). */
sapper_status runner_lanes_poll(runner *r, double wait);
/** Asks the lanes to stop and takes their last records until each is
 *  done or lost (also before runner_lanes_start, or when it failed); after
 *  a signal, for a moment only. */
sapper_status runner_lanes_stop(runner *r);

#endif
