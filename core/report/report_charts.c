/*
 * report_charts.c - the report's last section: the charts a ruleset
 * declares through SAPPER_EXT_CHARTS (sapper/plugin.h), such as where the
 * mines family's games were lost and how long they ran. The rules name
 * the members of their stored result by JSON path; this file draws the
 * kinds of chart the extension defines and names no family or ruleset.
 * Rules without the extension (any older than ABI 1.3) get no section.
 */
#include "report_page.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CHARTS 16          /* more is a ruleset's mistake: drawn no more */
#define MAX_SIDE 1000          /* a board side larger than this is not drawn */

typedef struct board_counts {
    int32_t width, height;
    int64_t *count;
    double lo, hi;
    int64_t bins[REPORT_BINS];
} board_counts;

/* Runs sql with ?1 .. ?4 bound to the paths (?2 is the run, as always in
   report_query, so the paths are ?3 to ?6). */
static void query_paths(page *p, const char *sql, const sapper_chart *c,
                        void (*row)(void *ctx, sqlite3_stmt *st), void *ctx)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(p->d.db, sql, -1, &st, NULL) != SQLITE_OK)
        return;
    const char *paths[] = {c->x, c->y, c->width, c->height};
    sqlite3_bind_int64(st, 2, p->d.run);
    for (int i = 0; i < 4; i++)
        sqlite3_bind_text(st, 3 + i, paths[i] ? paths[i] : "$.none", -1, SQLITE_STATIC);
    while (sqlite3_step(st) == SQLITE_ROW)
        row(ctx, st);
    sqlite3_finalize(st);
}

static void size_row(void *ctx, sqlite3_stmt *st)
{
    board_counts *c = ctx;
    c->width = sqlite3_column_int(st, 0);
    c->height = sqlite3_column_int(st, 1);
}

static void cell_row(void *ctx, sqlite3_stmt *st)
{
    board_counts *c = ctx;
    int32_t x = sqlite3_column_int(st, 0), y = sqlite3_column_int(st, 1);
    if (x >= 0 && y >= 0 && x < c->width && y < c->height)
        c->count[(size_t)y * (size_t)c->width + (size_t)x] += sqlite3_column_int64(st, 2);
}

/* A heat map of the board: how many games had the cell the chart's paths
   name. (A result that is no JSON, in a damaged file, is left out.) */
static void cells_chart(page *p, const sapper_chart *chart)
{
    board_counts c = {0};
    query_paths(p, "SELECT max(json_extract(result, ?5)), max(json_extract(result, ?6)) "
                "FROM games WHERE run_id = ?2 AND outcome = 'played' AND json_valid(result)",
                chart, size_row, &c);
    if (c.width <= 0 || c.height <= 0 || c.width > MAX_SIDE || c.height > MAX_SIDE ||
        !(c.count = calloc((size_t)c.width * (size_t)c.height, sizeof *c.count)))
        return;
    query_paths(p, "SELECT json_extract(result, ?3), json_extract(result, ?4), count(*) "
                "FROM games WHERE run_id = ?2 AND json_valid(result) AND "
                "json_type(result, ?3) = 'integer' AND json_type(result, ?4) = 'integer' "
                "GROUP BY 1, 2", chart, cell_row, &c);
    int64_t had = 0;
    for (size_t i = 0; i < (size_t)c.width * (size_t)c.height; i++)
        had += c.count[i];
    if (had > 0)
        svg_board_heat(&p->out, chart->title ? chart->title : "", c.width, c.height,
                       c.count);
    else if (chart->none)
        report_para(p, chart->none);
    free(c.count);
}

static void range_row(void *ctx, sqlite3_stmt *st)
{
    board_counts *c = ctx;
    c->lo = report_col_real(st, 0);
    c->hi = report_col_real(st, 1);
}

static void bin_row(void *ctx, sqlite3_stmt *st)
{
    board_counts *c = ctx;
    int bin = sqlite3_column_int(st, 0);
    if (bin >= 0 && bin < REPORT_BINS)
        c->bins[bin] += sqlite3_column_int64(st, 1);
}

/* A histogram of the played games' lengths in moves, in round bins. */
static void lengths_chart(page *p, const sapper_chart *chart)
{
    board_counts c = {0};
    double edge[REPORT_BINS + 1];
    report_query(&p->d, "SELECT min(moves), max(moves) FROM games WHERE run_id = ?2 AND "
                 "outcome = 'played' AND json_valid(result)", NULL, range_row, &c);
    if (isnan(c.lo) || isnan(c.hi))
        return;
    double width = fmax(1, ceil((c.hi - c.lo + 1) / REPORT_BINS));
    char sql[256];
    snprintf(sql, sizeof sql, "SELECT CAST((moves - %.0f) / %.0f AS INTEGER), count(*) "
             "FROM games WHERE run_id = ?2 AND outcome = 'played' GROUP BY 1", c.lo, width);
    report_query(&p->d, sql, NULL, bin_row, &c);
    for (int i = 0; i <= REPORT_BINS; i++)
        edge[i] = c.lo + width * i;
    svg_histogram(&p->out, chart->title ? chart->title : "", "moves in the game", edge,
                  c.bins, REPORT_BINS);
}

void report_rules_charts(page *p)
{
    const sapper_rules_api *r = &p->d.def.base.rules->rules;
    const sapper_charts_ext *x = r->get_extension ? r->get_extension(SAPPER_EXT_CHARTS) : NULL;
    if (!x || x->struct_size < offsetof(sapper_charts_ext, charts) + sizeof x->charts ||
        !x->charts)
        return;
    report_h2(p, x->heading ? x->heading : "Charts of the rules");
    for (uint32_t i = 0; i < x->count && i < MAX_CHARTS; i++) {
        if (x->charts[i].kind == SAPPER_CHART_CELLS)
            cells_chart(p, &x->charts[i]);
        else if (x->charts[i].kind == SAPPER_CHART_LENGTHS)
            lengths_chart(p, &x->charts[i]);
    }
}
