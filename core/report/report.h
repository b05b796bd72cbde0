/*
 * report.h - `sapper report`: one self-contained HTML page of charts
 * (inline SVG, no script, no network, no external font) about one
 * tournament of a results database, built from the database alone (and
 * the plugins its definition names, to rebuild the schedule the tables
 * need). The numbers come from the tournament's statistics code
 * (sapper_tournament_series), never recomputed differently; what the
 * statistics do not hold (game lengths, where games were lost, faulted
 * games) is aggregated in SQL.
 *
 * report.c assembles the page; report_data.c reads the database;
 * report_svg.c draws the charts.
 */
#ifndef SAPPER_REPORT_H
#define SAPPER_REPORT_H

#include "loader.h"
#include "strbuf.h"
#include "sapper/plugin.h"

/** Writes the report of run (-1: the database's last) of the results
 *  database db to out_path, through a temporary file renamed into place
 *  (nothing half-written). SAPPER_ERR_PARAM with the reason in err for a
 *  database that is not Sapper's or holds no such tournament, an output
 *  in a missing directory, a run whose plugins cannot be found. */
sapper_status sapper_report_write(const char *db, int64_t run,
                                  sapper_registry *reg, const char *out_path,
                                  char *err, size_t errcap);

/** The tournaments (runs) the results database db holds, a line each
 *  (id, created, ruleset, format, games stored) after a heading, appended
 *  to out. SAPPER_ERR_PARAM with the reason in err when db is not one. */
sapper_status sapper_report_list(const char *db, sapper_strbuf *out, char *err,
                                 size_t errcap);

#endif
