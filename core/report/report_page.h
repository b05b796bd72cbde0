/*
 * report_page.h - what the files of `sapper report` share while they write
 * one page: the page being written and the small helpers every section
 * uses, and the sections report.c puts in order. Not installed and not
 * included outside core/report/report*.c; the public API is report.h.
 */
#ifndef SAPPER_REPORT_PAGE_H
#define SAPPER_REPORT_PAGE_H

#include "report.h"
#include "report_data.h"
#include "report_svg.h"

typedef struct page {
    report_data d;
    sapper_strbuf out;
    size_t k;                                 /* entrants */
    const char *names[SAPPER_MAX_ENTRANTS];
} page;

/* Helpers (report.c): a heading and a paragraph of escaped text; a column
   as a number (NAN for NULL) and as text ("" for NULL); the format. */
void report_h2(page *p, const char *title);
void report_para(page *p, const char *text);
double report_col_real(sqlite3_stmt *st, int col);
const char *report_col_text(sqlite3_stmt *st, int col);
int report_is_duplicate(const page *p);
int report_is_ffa(const page *p);

/* Bars of a chart, filled row by row by report_bar_row (a row: label,
   value, lo, hi; NULL ends make a bar without a whisker). */
typedef struct report_bars {
    page *p;
    svg_bar bar[SAPPER_MAX_ENTRANTS * SAPPER_MAX_ENTRANTS];
    char label[SAPPER_MAX_ENTRANTS * SAPPER_MAX_ENTRANTS][2 * SAPPER_NAME_MAX + 8];
    size_t n;
} report_bars;
void report_bar_row(void *ctx, sqlite3_stmt *st);
/** The top of a bar chart's axis: 1.1 times the highest end, or 1. */
double report_bars_max(const report_bars *b);

/** The index of the entrant named name in p->names, or p->k when none. */
size_t report_entrant_index(const page *p, const char *name);

/* The sections, in the order of the page. */
/** How each entrant does: win rate or share, time per move
 *  (report_entrants.c). */
void report_entrants(page *p);
/** How they compare: paired boards, the score matrix, Elo, Bradley-Terry
 *  (report_entrants.c). */
void report_comparisons(page *p);
/** How the numbers settled as games came in, and an SPRT's path
 *  (report_games.c). */
void report_accumulation(page *p);
/** Faults, void shares and the faulted games (report_games.c). */
void report_faults(page *p);
/** The charts the rules declare (SAPPER_EXT_CHARTS; report_charts.c). */
void report_rules_charts(page *p);

#endif /* SAPPER_REPORT_PAGE_H */
