/*
 * report_games.c - the report's sections on the games as they were played:
 * how the numbers settled as games came in (with an SPRT's LLR path), and
 * the faults, void shares and faulted games with the command that replays
 * each. It reads the database and the statistics' series; it computes no
 * statistic.
 */
#include "report_page.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- as the games came in ------------------------------------------------- */

/* The statistics take a snapshot every floor(total / REPORT_POINTS) games
   and one at the end: fewer than 2 * REPORT_POINTS + 1 of them, all kept
   (the last above all: it is where the axis ends). */
#define SNAPS (2 * REPORT_POINTS + 2)

typedef struct series {
    page *p;
    double x[SAPPER_MAX_ENTRANTS][SNAPS], y[SAPPER_MAX_ENTRANTS][SNAPS],
           lo[SAPPER_MAX_ENTRANTS][SNAPS], hi[SAPPER_MAX_ENTRANTS][SNAPS];
    size_t n[SAPPER_MAX_ENTRANTS];
    double llr[SNAPS], games[SNAPS], bounds[2];
    size_t nllr;
} series;

static void series_row(void *ctx, sqlite3_stmt *st)
{
    series *s = ctx;
    size_t i = report_entrant_index(s->p, report_col_text(st, 1));
    if (i >= s->p->k || sqlite3_column_int64(st, 5) == 0)
        return;   /* an entrant with no game yet has no rate to draw */
    /* A round robin plays one pairing after another: over all games stored
       an entrant's line would start late and lie flat while the others
       play, the schedule and not its rate. Its own games are the x there
       (and in duplicate, where they are the boards); in a free-for-all
       every entrant sits in every stretch of games, often in several
       seats of one game, so the games stored are. */
    double x = report_col_real(st, report_is_ffa(s->p) ? 0 : 5);
    if (s->n[i] && s->x[i][s->n[i] - 1] >= x)
        return;
    size_t k = s->n[i] < SNAPS ? s->n[i]++ : SNAPS - 1;
    s->x[i][k] = x;
    s->y[i][k] = report_col_real(st, 2);
    s->lo[i][k] = report_col_real(st, 3);
    s->hi[i][k] = report_col_real(st, 4);
}

static void llr_row(void *ctx, sqlite3_stmt *st)
{
    series *s = ctx;
    size_t k = s->nllr < SNAPS ? s->nllr++ : SNAPS - 1;
    s->games[k] = report_col_real(st, 0);
    s->llr[k] = report_col_real(st, 1);
    s->bounds[0] = report_col_real(st, 2);
    s->bounds[1] = report_col_real(st, 3);
}

static void sprt_path(page *p, series *s)
{
    report_query(&p->d, "SELECT json_extract(s.value, '$.games'), json_extract(q.value, "
                 "'$.sprt.llr'), json_extract(q.value, '$.sprt.lower'), "
                 "json_extract(q.value, '$.sprt.upper') FROM json_each(?1) s, "
                 "json_each(s.value, '$.pairings') q WHERE json_type(q.value, '$.sprt') "
                 "= 'object'", sapper_strbuf_str(&p->d.series), llr_row, s);
    if (s->nllr == 0)
        return;
    double lo = s->bounds[0], hi = s->bounds[1];
    for (size_t i = 0; i < s->nllr; i++) {
        lo = fmin(lo, s->llr[i]);
        hi = fmax(hi, s->llr[i]);
    }
    svg_line l = {"LLR", s->games, s->llr, NULL, NULL, s->nllr};
    report_para(p, "The SPRT's log-likelihood ratio as games came in; it stops at a bound "
            "(dashed): the upper accepts elo1, the lower elo0.");
    svg_lines(&p->out, "SPRT log-likelihood ratio", "games stored", "LLR", &l, 1,
              lo - 0.5, hi + 0.5, s->bounds, 2);
}

void report_accumulation(page *p)
{
    series *s = calloc(1, sizeof *s);
    svg_line lines[SAPPER_MAX_ENTRANTS];
    if (!s)
        return;
    s->p = p;
    report_h2(p, "As the games came in");
    report_query(&p->d, "SELECT json_extract(s.value, '$.games'), json_extract(e.value, "
                 "'$.name'), json_extract(e.value, '$.win_rate'), json_extract(e.value, "
                 "'$.ci95[0]'), json_extract(e.value, '$.ci95[1]'), json_extract(e.value, "
                 "'$.games') FROM json_each(?1) s, json_each(s.value, '$.entrants') e",
                 sapper_strbuf_str(&p->d.series),
                 series_row, s);
    for (size_t i = 0; i < p->k; i++)
        lines[i] = (svg_line){p->names[i], s->x[i], s->y[i], s->lo[i], s->hi[i], s->n[i]};
    report_para(p, report_is_ffa(p)
            ? "Each entrant's share over the games stored up to each point, with its 95% "
              "interval as a band: the band narrows as games come in."
            : "Each entrant's rate over its own games up to each point, with its 95% "
              "interval as a band: the band narrows as games come in.");
    svg_lines(&p->out, report_is_ffa(p) ? "Win share as games came in" : "Win rate as games came in",
              report_is_ffa(p) ? "games stored" : "games the entrant played",
              report_is_ffa(p) ? "share of seats won" : "win rate", lines, p->k, 0, 1, NULL, 0);
    sprt_path(p, s);
    free(s);
}

/* ---- faults and faulted games --------------------------------------------- */

static void fault_cell_row(void *ctx, sqlite3_stmt *st)
{
    page *p = ctx;
    sapper_strbuf_printf(&p->out, "<tr><td>");
    svg_escape(&p->out, report_col_text(st, 0));
    sapper_strbuf_printf(&p->out, "</td><td>");
    svg_escape(&p->out, report_col_text(st, 1));
    sapper_strbuf_printf(&p->out, "</td><td>%lld</td></tr>\n",
                         (long long)sqlite3_column_int64(st, 2));
}

static void void_row(void *ctx, sqlite3_stmt *st)
{
    page *p = ctx;
    sapper_strbuf_printf(&p->out, "<p><b>");
    svg_escape(&p->out, report_col_text(st, 0));
    sapper_strbuf_printf(&p->out, "</b>: %lld void games, a share that stands out from "
                         "the other entrants' (99.9%% intervals apart): games it spoils "
                         "count for no one.</p>\n", (long long)sqlite3_column_int64(st, 1));
}

/* Entrants whose share of void games stands out (table_rows.c). */
static void void_shares(page *p)
{
    report_query(&p->d, "SELECT json_extract(e.value, '$.name'), json_extract(e.value, "
                 "'$.void') FROM json_each(?1, '$.entrants') e WHERE "
                 "json_extract(e.value, '$.void_stands_out')", sapper_strbuf_str(&p->d.table),
                 void_row, p);
}

static void worst_row(void *ctx, sqlite3_stmt *st)
{
    page *p = ctx;
    long long index = sqlite3_column_int64(st, 0);
    sapper_strbuf_printf(&p->out, "<tr><td>%lld</td><td>", index);
    svg_escape(&p->out, report_col_text(st, 1));
    sapper_strbuf_printf(&p->out, "</td><td>");
    svg_escape(&p->out, report_col_text(st, 2));
    sapper_strbuf_printf(&p->out, "</td><td>");
    svg_escape(&p->out, report_col_text(st, 3));
    sapper_strbuf_printf(&p->out, "</td><td><code>sapper replay --db ");
    svg_escape(&p->out, p->d.path);
    sapper_strbuf_printf(&p->out, " --game %lld</code></td></tr>\n", index);
}

void report_faults(page *p)
{
    report_bars *b = calloc(1, sizeof *b);
    if (!b)
        return;
    report_h2(p, "Faults");
    void_shares(p);
    report_query(&p->d, "SELECT json_extract(e.value, '$.name'), sum(f.value), NULL, NULL "
                 "FROM json_each(?1, '$.entrants') e, json_each(e.value, '$.faults') f "
                 "GROUP BY e.key ORDER BY e.key", sapper_strbuf_str(&p->d.table), report_bar_row, b);
    double total = 0;
    for (size_t i = 0; i < b->n; i++)
        total += b->bar[i].value;
    if (total == 0) {
        report_para(p, "No faults: no bot crashed, ran out of time or memory, or played an "
                "illegal move.");
        free(b);
        return;
    }
    svg_bars(&p->out, "Faults per entrant", "games forfeited", b->bar, b->n, 0,
             report_bars_max(b), 1, "%.0f");
    sapper_strbuf_printf(&p->out, "<table><tr><th>entrant</th><th>reason</th><th>games"
                         "</th></tr>\n");
    report_query(&p->d, "SELECT json_extract(e.value, '$.name'), f.key, f.value FROM "
                 "json_each(?1, '$.entrants') e, json_each(e.value, '$.faults') f WHERE "
                 "f.value > 0", sapper_strbuf_str(&p->d.table), fault_cell_row, p);
    sapper_strbuf_printf(&p->out, "</table>\n");
    report_h2(p, "The worst games: lost by a fault");
    report_para(p, "The first 20 games lost by a fault, with the command that replays each.");
    sapper_strbuf_printf(&p->out, "<table><tr><th>game</th><th>seats</th><th>reason</th>"
                         "<th>at fault</th><th>replay it</th></tr>\n");
    report_query(&p->d, "SELECT game_index, seats, reason, culprit FROM games WHERE "
                 "run_id = ?2 AND (reason != '' OR outcome != 'played') ORDER BY "
                 "game_index LIMIT 20", NULL, worst_row, p);
    sapper_strbuf_printf(&p->out, "</table>\n");
    free(b);
}

