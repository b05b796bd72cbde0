/*
 * table_internal.h - what the files of the standings table share and
 * nothing else may see: the tallies of the stored games (table.c counts
 * them) that table_rows.c and table_pairings.c turn into rows of text and
 * JSON. Not installed and not included outside core/report/table*.c; the
 * public API is sapper_tournament_table and sapper_tournament_series
 * (tournament.h).
 */
#ifndef SAPPER_TABLE_INTERNAL_H
#define SAPPER_TABLE_INTERNAL_H

#include "tournament.h"

#define NREASONS 12
#define DUP_VOID 2            /* a duplicate board whose game was void */

/* table.c: the fault reasons counted, "other" last. */
extern const char *const table_reasons[NREASONS];

typedef struct entrant_tally {
    int64_t games, wins, draws, losses, seats;
    double points, think;
    int64_t steps;
    int64_t faults[NREASONS];
    int64_t voided;            /* its games that count for no one */
    uint64_t places[SAPPER_MAX_SEATS];
} entrant_tally;

typedef struct tables {
    const sapper_tournament_def *def;
    int64_t total, stored, voided;
    entrant_tally e[SAPPER_MAX_ENTRANTS];
    /* duplicate: result per (board, entrant): -1 unknown, 0/1, DUP_VOID */
    signed char *dup;
    int64_t boards;
    /* two-player: per pairing (i, j) results from i's side */
    int64_t wdl[SAPPER_MAX_ENTRANTS][SAPPER_MAX_ENTRANTS][3];
    double *pair_half;     /* per game: i's result in half points, -1 unknown */
    double beats[SAPPER_MAX_ENTRANTS * SAPPER_MAX_ENTRANTS];
    int64_t run;           /* the run tabled; -1: the database's last */
    int64_t snap_every;    /* a snapshot into series every so many rows */
    sapper_strbuf *series; /* NULL: no snapshots */
    int64_t snaps;         /* snapshots written */
    sapper_strbuf hosts_text, hosts_json;   /* who played (table_hosts.c) */
} tables;

/* table_rows.c: the rows every format has (one per entrant), the
   duplicate format's paired comparison and the Bradley-Terry ratings of
   the formats with opponents. */
void table_entrant_rows(tables *t, sapper_strbuf *text, sapper_strbuf *json);
void table_duplicate_paired(tables *t, sapper_strbuf *text, sapper_strbuf *json);
void table_bradley_terry_rows(tables *t, sapper_strbuf *text, sapper_strbuf *json);

/* table_pairings.c: the two-player formats' pairings (W/D/L, Elo, LOS,
   nElo, the SPRT state and, outside a series, the pentanomial counts). */
void table_two_player_rows(tables *t, sapper_strbuf *text, sapper_strbuf *json);

#endif
