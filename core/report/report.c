/*
 * report.c - `sapper report` (report.h): the page. A header (ruleset,
 * format, master seed, engine and plugin versions, the definition), then
 * a section per question: how each entrant does (win rate or share with
 * 95% intervals, time per move), how they compare (the paired boards of
 * duplicate play, the score matrix and Elo of two-player games, the
 * Bradley-Terry ratings of free-for-all, an SPRT's LLR path), how the
 * numbers settled as games came in, faults, the faulted games with the
 * command that replays each, and for Minesweeper rulesets where games were
 * lost and how long they ran. The numbers are read back from the
 * statistics' JSON with SQLite's JSON functions, so the page shows what
 * the tables print.
 */
#include "report.h"
#include "report_data.h"
#include "report_svg.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char style[] =
    "body{font:15px/1.45 sans-serif;color:#111;background:#fff;max-width:760px;"
    "margin:24px auto;padding:0 12px}h1{font-size:22px}h2{font-size:18px;"
    "border-bottom:1px solid #999;margin-top:32px}table{border-collapse:collapse;"
    "font-size:13px}td,th{border:1px solid #bbb;padding:2px 6px;text-align:left}"
    "code,pre{font:12px monospace}pre{white-space:pre-wrap;background:#f4f4f4;"
    "padding:6px}svg text{font:12px sans-serif;fill:#111}svg .title{font-weight:bold;"
    "font-size:13px}svg .axis,svg .tick{stroke:#333}svg .whisker{stroke:#111;"
    "stroke-width:1.5;fill:none}svg .line{fill:none;stroke-width:2}svg .band{"
    "opacity:0.18;stroke:none}svg .bound{stroke:#555;stroke-dasharray:5 4}"
    "svg .board{fill:#eee;stroke:#999}svg .cell.light{fill:#fff}svg .cell.dark{"
    "fill:#111}svg .unit{font-style:italic}figure{margin:16px 0}"
    "@media print{h2{page-break-after:avoid}figure{page-break-inside:avoid}}";

typedef struct page {
    report_data d;
    sapper_strbuf out;
    size_t k;                                 /* entrants */
    const char *names[SAPPER_MAX_ENTRANTS];
} page;

/* ---- small helpers ------------------------------------------------------ */

static void h2(page *p, const char *title)
{
    sapper_strbuf_printf(&p->out, "<h2>");
    svg_escape(&p->out, title);
    sapper_strbuf_printf(&p->out, "</h2>\n");
}

static void para(page *p, const char *text)
{
    sapper_strbuf_printf(&p->out, "<p>");
    svg_escape(&p->out, text);
    sapper_strbuf_printf(&p->out, "</p>\n");
}

static double col_real(sqlite3_stmt *st, int col)
{
    return sqlite3_column_type(st, col) == SQLITE_NULL ? NAN : sqlite3_column_double(st, col);
}

static const char *col_text(sqlite3_stmt *st, int col)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    return t ? (const char *)t : "";
}

static int is_duplicate(const page *p)
{
    return p->d.def.format == SAPPER_FMT_DUPLICATE;
}

static int is_ffa(const page *p)
{
    return p->d.def.format == SAPPER_FMT_FFA;
}

/* ---- the header ---------------------------------------------------------- */

static void plugin_row(void *ctx, sqlite3_stmt *st)
{
    page *p = ctx;
    sapper_strbuf_printf(&p->out, "<tr><td>");
    svg_escape(&p->out, col_text(st, 0));
    sapper_strbuf_printf(&p->out, "</td><td>");
    svg_escape(&p->out, col_text(st, 1));
    sapper_strbuf_printf(&p->out, "</td><td>");
    svg_escape(&p->out, col_text(st, 2));
    sapper_strbuf_printf(&p->out, "</td><td><code>");
    svg_escape(&p->out, col_text(st, 3));
    sapper_strbuf_printf(&p->out, "</code></td></tr>\n");
}

static void engine_row(void *ctx, sqlite3_stmt *st)
{
    page *p = ctx;
    sapper_strbuf_printf(&p->out, "<tr><td>engine</td><td>sapper</td><td>");
    svg_escape(&p->out, col_text(st, 0));
    sapper_strbuf_printf(&p->out, " (plugin ABI ");
    svg_escape(&p->out, col_text(st, 1));
    sapper_strbuf_printf(&p->out, ")</td><td></td></tr>\n");
}

/* A row (rank, host, games) of the table of who played. */
static void rank_row(void *ctx, sqlite3_stmt *st)
{
    page *p = ctx;
    sapper_strbuf_printf(&p->out, "<tr><td>%s</td><td>", col_text(st, 0));
    svg_escape(&p->out, col_text(st, 1));
    sapper_strbuf_printf(&p->out, "</td><td>%s</td></tr>\n", col_text(st, 2));
}

/* A row (host, games) of the table of hosts. */
static void host_row(void *ctx, sqlite3_stmt *st)
{
    page *p = ctx;
    sapper_strbuf_printf(&p->out, "<tr><td>");
    svg_escape(&p->out, col_text(st, 0));
    sapper_strbuf_printf(&p->out, "</td><td>%s</td></tr>\n", col_text(st, 1));
}

static void count_row(void *ctx, sqlite3_stmt *st)
{
    (void)st;
    (*(int64_t *)ctx)++;
}

/* Which host and MPI rank played how many games (results schema 6), or
   that the database does not say. With more than one host, each host's
   games first: what a cluster's machines did, before their ranks. */
static void hosts(page *p)
{
    static const char ranks[] = "SELECT json_extract(value, '$.rank'), json_extract("
                                "value, '$.host'), json_extract(value, '$.games') FROM "
                                "json_each(?1, '$.ranks')";
    int64_t rows = 0, names = 0;
    report_query(&p->d, ranks, sapper_strbuf_str(&p->d.table), count_row, &rows);
    report_query(&p->d, "SELECT 1 FROM json_each(?1, '$.hosts')",
                 sapper_strbuf_str(&p->d.table), count_row, &names);
    if (rows == 0) {
        para(p, "Hosts: not recorded (the games were stored before results schema 6, "
                "which names the host and rank that played each game).");
        return;
    }
    char line[160];
    snprintf(line, sizeof line, "Hosts: %lld host%s, %lld rank%s (rank 0 stored the "
             "results; without mpirun it is the only one).", (long long)names,
             names == 1 ? "" : "s", (long long)rows, rows == 1 ? "" : "s");
    para(p, line);
    if (names > 1) {
        sapper_strbuf_printf(&p->out, "<table><tr><th>host</th><th>games</th></tr>\n");
        report_query(&p->d, "SELECT json_extract(value, '$.host'), json_extract(value, "
                     "'$.games') FROM json_each(?1, '$.hosts')",
                     sapper_strbuf_str(&p->d.table), host_row, p);
        sapper_strbuf_printf(&p->out, "</table>\n");
    }
    sapper_strbuf_printf(&p->out, "<table><tr><th>rank</th><th>host</th><th>games"
                         "</th></tr>\n");
    report_query(&p->d, ranks, sapper_strbuf_str(&p->d.table), rank_row, p);
    sapper_strbuf_printf(&p->out, "</table>\n");
}

static void header(page *p)
{
    report_data *d = &p->d;
    char line[512];
    sapper_strbuf_printf(&p->out, "<h1>Tournament %lld: ", (long long)d->run);
    svg_escape(&p->out, d->ruleset);
    sapper_strbuf_printf(&p->out, "</h1>\n");
    snprintf(line, sizeof line, "Results database %s, run %lld, created %s; master "
             "seed %llu (every game's seed derives from it); %d entrants.", d->path,
             (long long)d->run, d->created, (unsigned long long)d->master_seed,
             (int)p->k);
    para(p, line);
    sapper_strbuf_printf(&p->out, "<table><tr><th>kind</th><th>plugin</th><th>version"
                         "</th><th>fingerprint</th></tr>\n");
    report_query(d, "SELECT json_extract(?1, '$.engine'), json_extract(?1, '$.abi')",
                 d->provenance, engine_row, p);
    report_query(d, "SELECT json_extract(value, '$.kind'), json_extract(value, '$.id'), "
                 "json_extract(value, '$.version'), json_extract(value, '$.fingerprint') "
                 "FROM json_each(?1, '$.plugins')", d->provenance, plugin_row, p);
    sapper_strbuf_printf(&p->out, "</table>\n");
    hosts(p);
    sapper_strbuf_printf(&p->out, "<details><summary>The definition (everything that "
                         "decides the results)</summary><pre>");
    svg_escape(&p->out, d->definition);
    sapper_strbuf_printf(&p->out, "</pre></details>\n");
}

/* ---- entrants ------------------------------------------------------------ */

typedef struct bars {
    page *p;
    svg_bar bar[SAPPER_MAX_ENTRANTS * SAPPER_MAX_ENTRANTS];
    char label[SAPPER_MAX_ENTRANTS * SAPPER_MAX_ENTRANTS][2 * SAPPER_NAME_MAX + 8];
    size_t n;
} bars;

/* A row (label, value, lo, hi) into the next bar. */
static void bar_row(void *ctx, sqlite3_stmt *st)
{
    bars *b = ctx;
    if (b->n >= sizeof b->bar / sizeof b->bar[0])
        return;
    snprintf(b->label[b->n], sizeof b->label[b->n], "%s", col_text(st, 0));
    double v = col_real(st, 1), lo = col_real(st, 2), hi = col_real(st, 3);
    b->bar[b->n] = (svg_bar){b->label[b->n], isnan(v) ? 0 : v, isnan(lo) ? v : lo,
                             isnan(hi) ? v : hi};
    b->n++;
}

static double bars_max(const bars *b)
{
    double top = 0;
    for (size_t i = 0; i < b->n; i++)
        top = fmax(top, fmax(b->bar[i].value, b->bar[i].hi));
    return top > 0 ? top * 1.1 : 1;
}

/* The lowest and highest ends of b's error bars, 0 included. */
static void bars_range(const bars *b, double *lo, double *hi)
{
    *lo = *hi = 0;
    for (size_t i = 0; i < b->n; i++) {
        *lo = fmin(*lo, b->bar[i].lo);
        *hi = fmax(*hi, b->bar[i].hi);
    }
}

static void entrant_charts(page *p)
{
    bars *b = calloc(1, sizeof *b);
    if (!b)
        return;
    h2(p, "Entrants");
    report_query(&p->d, "SELECT json_extract(value, '$.name'), json_extract(value, "
                 "'$.win_rate'), json_extract(value, '$.ci95[0]'), json_extract(value, "
                 "'$.ci95[1]') FROM json_each(?1, '$.entrants')",
                 sapper_strbuf_str(&p->d.table), bar_row, b);
    svg_bars(&p->out, is_ffa(p) ? "Win share per entrant, with 95% Wilson intervals"
                                : "Win rate per entrant, with 95% Wilson intervals",
             is_ffa(p) ? "share of the seats won, %" : "games won, %", b->bar, b->n, 0,
             1, 100, "%.1f%%");
    b->n = 0;
    report_query(&p->d, "SELECT json_extract(value, '$.name'), json_extract(value, "
                 "'$.ms_per_move'), NULL, NULL FROM json_each(?1, '$.entrants')",
                 sapper_strbuf_str(&p->d.table), bar_row, b);
    svg_bars(&p->out, "Time per move per entrant (CPU in the bot's steps)",
             "milliseconds per move", b->bar, b->n, 0, bars_max(b), 1, "%.3f");
    free(b);
}

/* ---- comparisons -------------------------------------------------------- */

typedef struct matrix {
    page *p;
    double value[SAPPER_MAX_ENTRANTS * SAPPER_MAX_ENTRANTS];
    char text[SAPPER_MAX_ENTRANTS * SAPPER_MAX_ENTRANTS][40];
    const char *texts[SAPPER_MAX_ENTRANTS * SAPPER_MAX_ENTRANTS];
} matrix;

static size_t entrant_index(const page *p, const char *name)
{
    for (size_t i = 0; i < p->k; i++)
        if (strcmp(p->names[i], name) == 0)
            return i;
    return p->k;
}

/* A pairing row (a, b, x, y, caption...) as the cells (a, b) and (b, a). */
static void put_pair(matrix *m, size_t a, size_t b, double v, const char *ab,
                     const char *ba)
{
    size_t k = m->p->k;
    m->value[a * k + b] = v;
    m->value[b * k + a] = isnan(v) ? v : 1 - v;
    snprintf(m->text[a * k + b], sizeof m->text[0], "%s", ab);
    snprintf(m->text[b * k + a], sizeof m->text[0], "%s", ba);
}

static void paired_row(void *ctx, sqlite3_stmt *st)
{
    matrix *m = ctx;
    size_t a = entrant_index(m->p, col_text(st, 0)), b = entrant_index(m->p, col_text(st, 1));
    double x = col_real(st, 2), y = col_real(st, 3), pv = col_real(st, 4);
    char ab[40], ba[40];
    if (a >= m->p->k || b >= m->p->k)
        return;
    snprintf(ab, sizeof ab, "%.0f:%.0f p=%.2g", x, y, pv);
    snprintf(ba, sizeof ba, "%.0f:%.0f p=%.2g", y, x, pv);
    put_pair(m, a, b, x + y > 0 ? x / (x + y) : 0.5, ab, ba);
}

static void score_row(void *ctx, sqlite3_stmt *st)
{
    matrix *m = ctx;
    size_t a = entrant_index(m->p, col_text(st, 0)), b = entrant_index(m->p, col_text(st, 1));
    double s = col_real(st, 2);
    char ab[40], ba[40];
    if (a >= m->p->k || b >= m->p->k || isnan(s))
        return;
    snprintf(ab, sizeof ab, "%.1f%%", 100 * s);
    snprintf(ba, sizeof ba, "%.1f%%", 100 * (1 - s));
    put_pair(m, a, b, s, ab, ba);
}

/* A free-for-all's beats[i][j] (i finished above j) as i's share of the
   games where one of the two finished above the other. */
static void beats_row(void *ctx, sqlite3_stmt *st)
{
    matrix *m = ctx;
    size_t i = (size_t)sqlite3_column_int64(st, 0), j = (size_t)sqlite3_column_int64(st, 1);
    double ij = col_real(st, 2), ji = col_real(st, 3);
    char ab[40], ba[40];
    if (i >= m->p->k || j >= m->p->k || i >= j || ij + ji <= 0)
        return;
    snprintf(ab, sizeof ab, "%.1f%%", 100 * ij / (ij + ji));
    snprintf(ba, sizeof ba, "%.1f%%", 100 * ji / (ij + ji));
    put_pair(m, i, j, ij / (ij + ji), ab, ba);
}

static void comparison_matrix(page *p)
{
    matrix *m = calloc(1, sizeof *m);
    if (!m)
        return;
    m->p = p;
    for (size_t i = 0; i < p->k * p->k; i++) {
        m->value[i] = NAN;
        m->texts[i] = m->text[i];
    }
    if (is_ffa(p))
        report_query(&p->d, "SELECT r.key, c.key, c.value, json_extract(?1, '$.beats[' || "
                     "c.key || '][' || r.key || ']') FROM json_each(?1, '$.beats') r, "
                     "json_each(r.value) c", sapper_strbuf_str(&p->d.table), beats_row, m);
    else if (is_duplicate(p))
        report_query(&p->d, "SELECT json_extract(value, '$.a'), json_extract(value, "
                     "'$.b'), json_extract(value, '$.a_only'), json_extract(value, "
                     "'$.b_only'), json_extract(value, '$.sign_p') FROM json_each(?1, "
                     "'$.paired')", sapper_strbuf_str(&p->d.table), paired_row, m);
    else
        report_query(&p->d, "SELECT json_extract(value, '$.a'), json_extract(value, "
                     "'$.b'), json_extract(value, '$.score') FROM json_each(?1, "
                     "'$.pairings')", sapper_strbuf_str(&p->d.table), score_row, m);
    para(p, is_duplicate(p)
            ? "Every pair on the boards where exactly one of the two won: the row's "
              "count : the column's count, and the sign test's p (small: the "
              "difference is not chance)."
            : is_ffa(p) ? "How often the row's entrant finished above the column's, "
                          "of the times one of the two finished above the other."
            : "The score of the row's entrant against the column's (wins, with draws "
              "as half).");
    svg_matrix(&p->out, is_duplicate(p) ? "Paired comparison on the discordant boards"
                                        : "Pairwise score",
               is_duplicate(p) ? "colour: the row's share of the boards only one of "
                                 "the two won (dark 0%, light 100%)"
                               : "colour: the row's score (dark 0%, light 100%)",
               p->names, p->k, m->value, m->texts);
    free(m);
}

static void elo_bars(page *p)
{
    bars *b = calloc(1, sizeof *b);
    if (!b)
        return;
    report_query(&p->d, "SELECT json_extract(value, '$.a') || ' vs ' || "
                 "json_extract(value, '$.b'), json_extract(value, '$.elo'), "
                 "json_extract(value, '$.elo') - json_extract(value, '$.elo_error'), "
                 "json_extract(value, '$.elo') + json_extract(value, '$.elo_error') FROM "
                 "json_each(?1, '$.pairings') WHERE json_type(value, '$.elo') IN "
                 "('real', 'integer') AND json_type(value, '$.elo_error') IN ('real', "
                 "'integer')", sapper_strbuf_str(&p->d.table), bar_row, b);
    double lo, hi;
    bars_range(b, &lo, &hi);
    if (b->n)
        svg_bars(&p->out, "Elo difference per pairing, with its 95% error",
                 "Elo (the first named's side; pentanomial)", b->bar, b->n, lo - 10,
                 hi + 10, 1, "%+.0f");
    else
        para(p, "No pairing has a finite Elo difference yet (a clean sweep is infinite).");
    free(b);
}

static void rating_bars(page *p)
{
    bars *b = calloc(1, sizeof *b);
    if (!b)
        return;
    report_query(&p->d, "SELECT json_extract(value, '$.name'), json_extract(value, "
                 "'$.elo'), json_extract(value, '$.elo') - json_extract(value, "
                 "'$.error95'), json_extract(value, '$.elo') + json_extract(value, "
                 "'$.error95') FROM json_each(?1, '$.ratings')",
                 sapper_strbuf_str(&p->d.table), bar_row, b);
    double lo, hi;
    bars_range(b, &lo, &hi);
    if (b->n)
        svg_bars(&p->out, "Ratings of every entrant, with 95% errors",
                 "Elo scale, mean 0 (Bradley-Terry over every pair of seats in every game)",
                 b->bar, b->n, lo - 20, hi + 20, 1, "%+.0f");
    free(b);
}

static void comparisons(page *p)
{
    h2(p, "How the entrants compare");
    if (p->k >= 2)
        comparison_matrix(p);
    if (!is_duplicate(p))
        rating_bars(p);
    if (!is_duplicate(p) && !is_ffa(p))
        elo_bars(p);
}

/* ---- as the games came in ------------------------------------------------- */

typedef struct series {
    page *p;
    double x[SAPPER_MAX_ENTRANTS][REPORT_POINTS + 2], y[SAPPER_MAX_ENTRANTS][REPORT_POINTS + 2],
           lo[SAPPER_MAX_ENTRANTS][REPORT_POINTS + 2], hi[SAPPER_MAX_ENTRANTS][REPORT_POINTS + 2];
    size_t n[SAPPER_MAX_ENTRANTS];
    double llr[REPORT_POINTS + 2], games[REPORT_POINTS + 2], bounds[2];
    size_t nllr;
} series;

static void series_row(void *ctx, sqlite3_stmt *st)
{
    series *s = ctx;
    size_t i = entrant_index(s->p, col_text(st, 1));
    if (i >= s->p->k || s->n[i] >= REPORT_POINTS + 2 || sqlite3_column_int64(st, 5) == 0)
        return;   /* an entrant with no game yet has no rate to draw */
    size_t k = s->n[i]++;
    s->x[i][k] = col_real(st, 0);
    s->y[i][k] = col_real(st, 2);
    s->lo[i][k] = col_real(st, 3);
    s->hi[i][k] = col_real(st, 4);
}

static void llr_row(void *ctx, sqlite3_stmt *st)
{
    series *s = ctx;
    if (s->nllr >= REPORT_POINTS + 2)
        return;
    s->games[s->nllr] = col_real(st, 0);
    s->llr[s->nllr++] = col_real(st, 1);
    s->bounds[0] = col_real(st, 2);
    s->bounds[1] = col_real(st, 3);
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
    para(p, "The SPRT's log-likelihood ratio as games came in; it stops at a bound "
            "(dashed): the upper accepts elo1, the lower elo0.");
    svg_lines(&p->out, "SPRT log-likelihood ratio", "games stored", "LLR", &l, 1,
              lo - 0.5, hi + 0.5, s->bounds, 2);
}

static void accumulation(page *p)
{
    series *s = calloc(1, sizeof *s);
    svg_line lines[SAPPER_MAX_ENTRANTS];
    if (!s)
        return;
    s->p = p;
    h2(p, "As the games came in");
    report_query(&p->d, "SELECT json_extract(s.value, '$.games'), json_extract(e.value, "
                 "'$.name'), json_extract(e.value, '$.win_rate'), json_extract(e.value, "
                 "'$.ci95[0]'), json_extract(e.value, '$.ci95[1]'), json_extract(e.value, "
                 "'$.games') FROM json_each(?1) s, json_each(s.value, '$.entrants') e",
                 sapper_strbuf_str(&p->d.series),
                 series_row, s);
    for (size_t i = 0; i < p->k; i++)
        lines[i] = (svg_line){p->names[i], s->x[i], s->y[i], s->lo[i], s->hi[i], s->n[i]};
    para(p, "Each entrant's rate over the games stored up to each point, in schedule "
            "order, with its 95% interval as a band: the band narrows as games come in.");
    svg_lines(&p->out, is_ffa(p) ? "Win share as games came in" : "Win rate as games came in",
              "games stored", is_ffa(p) ? "share of seats won" : "win rate", lines, p->k,
              0, 1, NULL, 0);
    sprt_path(p, s);
    free(s);
}

/* ---- faults and faulted games --------------------------------------------- */

static void fault_cell_row(void *ctx, sqlite3_stmt *st)
{
    page *p = ctx;
    sapper_strbuf_printf(&p->out, "<tr><td>");
    svg_escape(&p->out, col_text(st, 0));
    sapper_strbuf_printf(&p->out, "</td><td>");
    svg_escape(&p->out, col_text(st, 1));
    sapper_strbuf_printf(&p->out, "</td><td>%lld</td></tr>\n",
                         (long long)sqlite3_column_int64(st, 2));
}

static void void_row(void *ctx, sqlite3_stmt *st)
{
    page *p = ctx;
    sapper_strbuf_printf(&p->out, "<p><b>");
    svg_escape(&p->out, col_text(st, 0));
    sapper_strbuf_printf(&p->out, "</b>: %lld void games, a share that stands out from "
                         "the other entrants' (99.9%% intervals apart): games it spoils "
                         "count for no one.</p>\n", (long long)sqlite3_column_int64(st, 1));
}

/* Entrants whose share of void games stands out (table.c). */
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
    svg_escape(&p->out, col_text(st, 1));
    sapper_strbuf_printf(&p->out, "</td><td>");
    svg_escape(&p->out, col_text(st, 2));
    sapper_strbuf_printf(&p->out, "</td><td>");
    svg_escape(&p->out, col_text(st, 3));
    sapper_strbuf_printf(&p->out, "</td><td><code>sapper replay --db ");
    svg_escape(&p->out, p->d.path);
    sapper_strbuf_printf(&p->out, " --game %lld</code></td></tr>\n", index);
}

static void faults(page *p)
{
    bars *b = calloc(1, sizeof *b);
    if (!b)
        return;
    h2(p, "Faults");
    void_shares(p);
    report_query(&p->d, "SELECT json_extract(e.value, '$.name'), sum(f.value), NULL, NULL "
                 "FROM json_each(?1, '$.entrants') e, json_each(e.value, '$.faults') f "
                 "GROUP BY e.key ORDER BY e.key", sapper_strbuf_str(&p->d.table), bar_row, b);
    double total = 0;
    for (size_t i = 0; i < b->n; i++)
        total += b->bar[i].value;
    if (total == 0) {
        para(p, "No faults: no bot crashed, ran out of time or memory, or played an "
                "illegal move.");
        free(b);
        return;
    }
    svg_bars(&p->out, "Faults per entrant", "games forfeited", b->bar, b->n, 0,
             bars_max(b), 1, "%.0f");
    sapper_strbuf_printf(&p->out, "<table><tr><th>entrant</th><th>reason</th><th>games"
                         "</th></tr>\n");
    report_query(&p->d, "SELECT json_extract(e.value, '$.name'), f.key, f.value FROM "
                 "json_each(?1, '$.entrants') e, json_each(e.value, '$.faults') f WHERE "
                 "f.value > 0", sapper_strbuf_str(&p->d.table), fault_cell_row, p);
    sapper_strbuf_printf(&p->out, "</table>\n");
    h2(p, "The worst games: lost by a fault");
    para(p, "The first 20 games lost by a fault, with the command that replays each.");
    sapper_strbuf_printf(&p->out, "<table><tr><th>game</th><th>seats</th><th>reason</th>"
                         "<th>at fault</th><th>replay it</th></tr>\n");
    report_query(&p->d, "SELECT game_index, seats, reason, culprit FROM games WHERE "
                 "run_id = ?2 AND (reason != '' OR outcome != 'played') ORDER BY "
                 "game_index LIMIT 20", NULL, worst_row, p);
    sapper_strbuf_printf(&p->out, "</table>\n");
    free(b);
}

/* ---- Minesweeper rulesets ------------------------------------------------- */

typedef struct board_counts {
    int32_t width, height;
    int64_t *count;
    double lo, hi;
    int64_t bins[REPORT_BINS];
} board_counts;

static void size_row(void *ctx, sqlite3_stmt *st)
{
    board_counts *c = ctx;
    c->width = sqlite3_column_int(st, 0);
    c->height = sqlite3_column_int(st, 1);
    c->lo = col_real(st, 2);
    c->hi = col_real(st, 3);
}

static void lost_row(void *ctx, sqlite3_stmt *st)
{
    board_counts *c = ctx;
    int32_t x = sqlite3_column_int(st, 0), y = sqlite3_column_int(st, 1);
    if (x >= 0 && y >= 0 && x < c->width && y < c->height)
        c->count[(size_t)y * (size_t)c->width + (size_t)x] += sqlite3_column_int64(st, 2);
}

static void bin_row(void *ctx, sqlite3_stmt *st)
{
    board_counts *c = ctx;
    int bin = sqlite3_column_int(st, 0);
    if (bin >= 0 && bin < REPORT_BINS)
        c->bins[bin] += sqlite3_column_int64(st, 1);
}

static void lengths(page *p, board_counts *c)
{
    double edge[REPORT_BINS + 1];
    if (isnan(c->lo) || isnan(c->hi))
        return;
    double width = fmax(1, ceil((c->hi - c->lo + 1) / REPORT_BINS));
    char sql[256];
    snprintf(sql, sizeof sql, "SELECT CAST((moves - %.0f) / %.0f AS INTEGER), count(*) "
             "FROM games WHERE run_id = ?2 AND outcome = 'played' GROUP BY 1", c->lo, width);
    report_query(&p->d, sql, NULL, bin_row, c);
    for (int i = 0; i <= REPORT_BINS; i++)
        edge[i] = c->lo + width * i;
    svg_histogram(&p->out, "Game lengths", "moves in the game", edge, c->bins, REPORT_BINS);
}

/* (A result that is no JSON, in a damaged file, is left out of both.) */
static void mines_charts(page *p)
{
    board_counts c = {0};
    if (strcmp(p->d.def.base.rules->desc.family, "mines") != 0)
        return;
    h2(p, "Where games were lost, and how long they ran");
    report_query(&p->d, "SELECT max(json_extract(result, '$.width')), max(json_extract("
                 "result, '$.height')), min(moves), max(moves) FROM games WHERE run_id "
                 "= ?2 AND outcome = 'played' AND json_valid(result)", NULL, size_row, &c);
    if (c.width > 0 && c.height > 0 && c.width <= 1000 && c.height <= 1000 &&
        (c.count = calloc((size_t)c.width * (size_t)c.height, sizeof *c.count))) {
        report_query(&p->d, "SELECT json_extract(result, '$.lost_on[0]'), "
                     "json_extract(result, '$.lost_on[1]'), count(*) FROM games WHERE "
                     "run_id = ?2 AND iif(json_valid(result), json_type(result, '$.lost_on'), "
                     "NULL) = 'array' GROUP BY "
                     "1, 2", NULL, lost_row, &c);
        int64_t lost = 0;
        for (size_t i = 0; i < (size_t)c.width * (size_t)c.height; i++)
            lost += c.count[i];
        if (lost > 0)
            svg_board_heat(&p->out, "The cell of the fatal click", c.width, c.height,
                           c.count);
        else
            para(p, "No game was lost on a cell (the rules record none: a game won, or "
                    "decided by points).");
        free(c.count);
    }
    lengths(p, &c);
}

/* ---- the page --------------------------------------------------------------- */

static void build_page(page *p)
{
    for (size_t i = 0; i < p->d.def.nentrants && i < SAPPER_MAX_ENTRANTS; i++)
        p->names[p->k++] = p->d.def.entrants[i].name;
    sapper_strbuf_printf(&p->out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta "
                         "charset=\"utf-8\"><title>Sapper tournament %lld: ",
                         (long long)p->d.run);
    svg_escape(&p->out, p->d.ruleset);
    sapper_strbuf_printf(&p->out, "</title><style>%s</style></head><body>\n", style);
    header(p);
    entrant_charts(p);
    comparisons(p);
    accumulation(p);
    faults(p);
    mines_charts(p);
    sapper_strbuf_printf(&p->out, "<p><small>Made by sapper report from %s.</small></p>"
                         "</body></html>\n", p->d.path);
}

/* The directory part of path exists (the output can be written there). */
static int parent_exists(const char *path)
{
    char dir[4096];
    struct stat info;
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash)
        return 1;
    *slash = 0;
    return dir[0] == 0 || (stat(dir, &info) == 0 && S_ISDIR(info.st_mode));
}

static sapper_status write_file(const char *path, const sapper_strbuf *text, char *err,
                                size_t errcap)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", path);
    int fd = mkstemp(tmp);
    mode_t mask = umask(0);   /* a report is a document: the usual mode */
    umask(mask);
    if (fd >= 0)
        fchmod(fd, 0666 & ~mask);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    int ok = f && fwrite(text->data, 1, text->len, f) == text->len;
    ok = f && fclose(f) == 0 && ok;
    if (f == NULL && fd >= 0)
        close(fd);
    if (ok && rename(tmp, path) == 0)
        return SAPPER_OK;
    snprintf(err, errcap, "%s: cannot write the report: %s", path, strerror(errno));
    unlink(tmp);
    return SAPPER_ERR_STATE;   /* the file system refused */
}

sapper_status sapper_report_write(const char *db, int64_t run,
                                  const sapper_registry *reg, const char *out_path,
                                  char *err, size_t errcap)
{
    page *p = calloc(1, sizeof *p);
    if (!p)
        return SAPPER_ERR_NOMEM;
    sapper_status st = SAPPER_ERR_PARAM;
    if (!parent_exists(out_path))
        snprintf(err, errcap, "%s: its directory does not exist", out_path);
    else
        st = report_data_load(&p->d, db, run, reg, err, errcap);
    if (st == SAPPER_OK) {
        build_page(p);
        st = p->out.failed ? SAPPER_ERR_NOMEM : write_file(out_path, &p->out, err, errcap);
        report_data_free(&p->d);
    }
    sapper_strbuf_free(&p->out);
    free(p);
    return st;
}
