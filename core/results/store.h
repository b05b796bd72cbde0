/*
 * store.h - the SQLite results database of tournaments: runs (their
 * definition text, master seed) and games (one row per finished game, with
 * its replay). Only the tournament's parent process writes; writes are
 * batched in transactions (WAL mode) so a kill -9 loses at most the batch
 * in flight, which --resume then replays.
 */
#ifndef SAPPER_STORE_H
#define SAPPER_STORE_H

#include "tournament.h"

typedef struct sapper_store sapper_store;

/** Opens (creating when missing) the database for a run to write. */
sapper_status sapper_store_open(const char *path, sapper_store **out,
                                char *err, size_t errcap);
/** Opens an existing results database to read only: nothing is created or
 *  changed, and a file that is not one is refused. sapper_store_add and
 *  sapper_store_begin_run must not be called on it. */
sapper_status sapper_store_open_readonly(const char *path, sapper_store **out,
                                         char *err, size_t errcap);
void sapper_store_close(sapper_store *s);

/** Starts or resumes the run of def. Without resume, a database that
 *  already holds games of a run is refused. With resume, the stored
 *  definition must equal def's (the message names the first difference);
 *  def->seed takes the stored master seed when def has none of its own. */
sapper_status sapper_store_begin_run(sapper_store *s, sapper_tournament_def *def,
                                     int resume, int64_t *run_id,
                                     char *err, size_t errcap);

/** Marks done[index] = 1 for every stored game of the run (done has
 *  total entries) and returns how many there are, or -1 when the games
 *  cannot all be read (then see sapper_store_failure). */
int64_t sapper_store_done(sapper_store *s, int64_t run_id, unsigned char *done,
                          int64_t total);

/** The error of the last failed call, as store.c words it (a lock, a
 *  read-only file, damage), into err; returns SAPPER_ERR_INTERNAL. */
sapper_status sapper_store_failure(sapper_store *s, const char *what, char *err,
                                   size_t errcap);

/** The id of host name with MPI rank rank in the run's hosts, added
 *  when it is not there: what sapper_store_add takes as host. */
sapper_status sapper_store_host(sapper_store *s, int64_t run_id, const char *name,
                                int rank, int64_t *id, char *err, size_t errcap);

/** Adds one game, played on host (an id of sapper_store_host), inside
 *  the current batch; the batch is committed by sapper_store_commit or
 *  after enough rows. */
sapper_status sapper_store_add(sapper_store *s, int64_t run_id,
                               const sapper_tournament_def *def,
                               const sapper_tgame *g,
                               const sapper_game_record *r, int64_t host,
                               char *err, size_t errcap);
sapper_status sapper_store_commit(sapper_store *s, char *err, size_t errcap);
/** Seconds since the oldest game not committed yet was added, or -1 when
 *  every game is committed. */
double sapper_store_pending_age(const sapper_store *s);

/** Calls fn for every stored game of the run in index order; a read error
 *  (a damaged file) is an error, never a shorter list. places (borrowed
 *  for the call) is each seat's finishing place from the rules' "places"
 *  result member (1 first), or NULL when the game has none, or none that
 *  is a ranking agreeing with its returns. */
typedef void (*sapper_store_row_fn)(void *ctx, const sapper_tgame *g,
                                    const sapper_game_record *r,
                                    const int32_t *places);
sapper_status sapper_store_each(sapper_store *s, int64_t run_id,
                                const sapper_tournament_def *def,
                                sapper_store_row_fn fn, void *ctx,
                                char *err, size_t errcap);

/** Calls fn with the games of the run each host name and rank played,
 *  by rank then name; nothing for games stored before schema 6. */
typedef void (*sapper_store_host_fn)(void *ctx, const char *name, int rank,
                                     int64_t games);
sapper_status sapper_store_placement(sapper_store *s, int64_t run_id,
                                     sapper_store_host_fn fn, void *ctx,
                                     char *err, size_t errcap);

/** For a results file on read-only media: SAPPER_OK when its latest run
 *  is this tournament and holds every game (it can be printed, not
 *  played); else an error that says what is missing. */
sapper_status sapper_store_check_complete(sapper_tournament_def *def, char *err,
                                          size_t errcap);

/** The latest run id in the database, -1 when it holds none, -2 when it
 *  cannot be read (see sapper_store_failure). */
int64_t sapper_store_last_run(sapper_store *s);

/** The [engine] plugin_path run run_id (-1: the last run) of the file db
 *  was played with (absolute directories, ':'-separated) into out, for a
 *  command that must build its plugin registry before it reads the run;
 *  "" when it had none or was stored before results schema 7. SAPPER_OK,
 *  or SAPPER_ERR_PARAM with out "" when db holds no such run or is no
 *  results database (the command's own reading then says why). */
sapper_status sapper_store_run_plugin_path(const char *db, int64_t run_id, char *out,
                                           size_t cap);

/** The replay text of game index of run (caller frees), or NULL; *len
 *  gets its length in bytes (a NUL inside is kept, for the caller to
 *  refuse). */
char *sapper_store_replay(sapper_store *s, int64_t run_id, int64_t index,
                          size_t *len, char *err, size_t errcap);

#endif
