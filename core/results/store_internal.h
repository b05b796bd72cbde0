/*
 * store_internal.h - what the files of the results store share and nothing
 * else may see: the store's struct and the functions one store*.c file
 * calls in another. store.c opens the file and keeps its schema, its
 * migrations and its errors; store_write.c writes runs and games;
 * store_read.c reads them back. Not installed and not included outside
 * core/results/store*.c; the public API is store.h.
 */
#ifndef SAPPER_STORE_INTERNAL_H
#define SAPPER_STORE_INTERNAL_H

#include "store.h"
#include "store_lines.h"

#include <sqlite3.h>
#include <time.h>

struct sapper_store {
    sqlite3 *db;
    sqlite3_stmt *insert;
    char *head;           /* the run's replay head, cut from every game's
                             actions; NULL for a run from before schema 3 */
    sapper_lines *lines;  /* the run's table of replay lines (schema 4) */
    int in_batch;
    int batch_rows;
    struct timespec batch_started;   /* CLOCK_MONOTONIC at its first row */
};

/* store.c: the failure of the last call on s->db, worded for the person
   running the command (what says it when no SQLite code does), into err;
   returns SAPPER_ERR_INTERNAL. */
sapper_status store_db_error(sapper_store *s, const char *what, char *err,
                             size_t errcap);
/* store.c: whether table has column (files older than a column lack it,
   and a file opened to read is never migrated). */
int store_has_column(sqlite3 *db, const char *table, const char *column);
/* store.c: the view <ruleset>_games with the columns def's rules declare. */
void store_create_ruleset_view(sapper_store *s, const sapper_tournament_def *def);

/* store_read.c: how many games of run_id are stored (0 when they cannot
   be counted). */
int64_t store_count_games(sapper_store *s, int64_t run_id);

/* store_write.c: the stored definition of run_id checked against text
   (the canonical text of def): equal, or only asking for more games of a
   run that may have them (then the run is extended); def->seed takes the
   stored master seed unless def->seed_given. */
sapper_status store_resume_run(sapper_store *s, sapper_tournament_def *def,
                               int64_t run_id, const char *text, char *err,
                               size_t errcap);

#endif
