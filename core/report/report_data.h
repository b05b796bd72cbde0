/*
 * report_data.h - what the report reads from a results database
 * (report_data.c): the run and its definition (the tournament rebuilt
 * from it), the statistics table and its series, and the SQL aggregates
 * (game lengths, the cells games were lost on, faulted games). Shared by
 * report.c only.
 */
#ifndef SAPPER_REPORT_DATA_H
#define SAPPER_REPORT_DATA_H

#include <sqlite3.h>

#include "tournament.h"

#define REPORT_POINTS 40        /* snapshots of the accumulation charts */
#define REPORT_WORST 20         /* faulted games listed */
#define REPORT_BINS 20          /* bins of the game lengths */

typedef struct report_data {
    sqlite3 *db;
    const char *path;           /* the results database */
    int64_t run;
    char created[64], ruleset[64];
    uint64_t master_seed;
    char *definition, *provenance;   /* owned (sqlite3_malloc'd copies) */
    sapper_tournament_def def;  /* rebuilt from the definition */
    int have_def;
    sapper_strbuf table, series;     /* JSON of sapper_tournament_series */
} report_data;

/** Opens db read-only, checks it is a Sapper results database holding
 *  run (-1: the last), reads the run, rebuilds its tournament and its
 *  statistics. On failure the reason (naming the file) in err and the
 *  data freed. */
sapper_status report_data_load(report_data *d, const char *db, int64_t run,
                               sapper_registry *reg, char *err, size_t errcap);
void report_data_free(report_data *d);

/** Runs sql (its ?1 bound to text, may be NULL; ?2 to the run) and calls
 *  row for every row. SQLITE_DONE or the error. */
int report_query(report_data *d, const char *sql, const char *text,
                 void (*row)(void *ctx, sqlite3_stmt *st), void *ctx);

#endif
