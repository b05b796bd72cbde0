/*
 * report_entrants.c - the report's sections on the entrants: how each
 * does (win rate or share with 95% intervals, time per move) and how they
 * compare (the paired boards of duplicate play, the score matrix and Elo
 * of two-player games, the Bradley-Terry ratings of free-for-all). It
 * reads the statistics' JSON the tables print; it computes no statistic.
 */
#include "report_page.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- entrants ------------------------------------------------------------ */

/* The lowest and highest ends of b's error report_bars, 0 included. */
static void bars_range(const report_bars *b, double *lo, double *hi)
{
    *lo = *hi = 0;
    for (size_t i = 0; i < b->n; i++) {
        *lo = fmin(*lo, b->bar[i].lo);
        *hi = fmax(*hi, b->bar[i].hi);
    }
}

void report_entrants(page *p)
{
    report_bars *b = calloc(1, sizeof *b);
    if (!b)
        return;
    report_h2(p, "Entrants");
    report_query(&p->d, "SELECT json_extract(value, '$.name'), json_extract(value, "
                 "'$.win_rate'), json_extract(value, '$.ci95[0]'), json_extract(value, "
                 "'$.ci95[1]') FROM json_each(?1, '$.entrants')",
                 sapper_strbuf_str(&p->d.table), report_bar_row, b);
    svg_bars(&p->out, report_is_ffa(p) ? "Win share per entrant, with 95% Wilson intervals"
                                : "Win rate per entrant, with 95% Wilson intervals",
             report_is_ffa(p) ? "share of the seats won, %" : "games won, %", b->bar, b->n, 0,
             1, 100, "%.1f%%");
    b->n = 0;
    report_query(&p->d, "SELECT json_extract(value, '$.name'), json_extract(value, "
                 "'$.ms_per_move'), NULL, NULL FROM json_each(?1, '$.entrants')",
                 sapper_strbuf_str(&p->d.table), report_bar_row, b);
    svg_bars(&p->out, "Time per move per entrant (CPU in the bot's steps)",
             "milliseconds per move", b->bar, b->n, 0, report_bars_max(b), 1, "%.3f");
    free(b);
}

/* ---- comparisons -------------------------------------------------------- */

typedef struct matrix {
    page *p;
    double value[SAPPER_MAX_ENTRANTS * SAPPER_MAX_ENTRANTS];
    char text[SAPPER_MAX_ENTRANTS * SAPPER_MAX_ENTRANTS][40];
    const char *texts[SAPPER_MAX_ENTRANTS * SAPPER_MAX_ENTRANTS];
} matrix;

size_t report_entrant_index(const page *p, const char *name)
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
    size_t a = report_entrant_index(m->p, report_col_text(st, 0)), b = report_entrant_index(m->p, report_col_text(st, 1));
    double x = report_col_real(st, 2), y = report_col_real(st, 3), pv = report_col_real(st, 4);
    char ab[40], ba[40];
    if (a >= m->p->k || b >= m->p->k)
        return;
    snprintf(ab, sizeof ab, "%.0f:%.0f p=%.2g", x, y, pv);
    snprintf(ba, sizeof ba, "%.0f:%.0f p=%.2g", y, x, pv);
    /* 0:0 has no share to colour: it is grey, not 50% (the two never differed) */
    put_pair(m, a, b, x + y > 0 ? x / (x + y) : NAN, ab, ba);
}

static void score_row(void *ctx, sqlite3_stmt *st)
{
    matrix *m = ctx;
    size_t a = report_entrant_index(m->p, report_col_text(st, 0)), b = report_entrant_index(m->p, report_col_text(st, 1));
    double s = report_col_real(st, 2);
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
    double ij = report_col_real(st, 2), ji = report_col_real(st, 3);
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
    if (report_is_ffa(p))
        report_query(&p->d, "SELECT r.key, c.key, c.value, json_extract(?1, '$.beats[' || "
                     "c.key || '][' || r.key || ']') FROM json_each(?1, '$.beats') r, "
                     "json_each(r.value) c", sapper_strbuf_str(&p->d.table), beats_row, m);
    else if (report_is_duplicate(p))
        report_query(&p->d, "SELECT json_extract(value, '$.a'), json_extract(value, "
                     "'$.b'), json_extract(value, '$.a_only'), json_extract(value, "
                     "'$.b_only'), json_extract(value, '$.sign_p') FROM json_each(?1, "
                     "'$.paired')", sapper_strbuf_str(&p->d.table), paired_row, m);
    else
        report_query(&p->d, "SELECT json_extract(value, '$.a'), json_extract(value, "
                     "'$.b'), json_extract(value, '$.score') FROM json_each(?1, "
                     "'$.pairings')", sapper_strbuf_str(&p->d.table), score_row, m);
    report_para(p, report_is_duplicate(p)
            ? "Every pair on the boards where exactly one of the two won: the row's "
              "count : the column's count, and the sign test's p (small: the "
              "difference is not chance)."
            : report_is_ffa(p) ? "How often the row's entrant finished above the column's, "
                          "of the times one of the two finished above the other."
            : "The score of the row's entrant against the column's (wins, with draws "
              "as half).");
    svg_matrix(&p->out, report_is_duplicate(p) ? "Paired comparison on the discordant boards"
                                        : "Pairwise score",
               report_is_duplicate(p) ? "colour: the row's share of the boards only one of "
                                 "the two won (dark 0%, light 100%); grey: no board where "
                                 "only one of the two won"
                               : "colour: the row's score (dark 0%, light 100%)",
               p->names, p->k, m->value, m->texts);
    free(m);
}

static void elo_bars(page *p)
{
    report_bars *b = calloc(1, sizeof *b);
    if (!b)
        return;
    report_query(&p->d, "SELECT json_extract(value, '$.a') || ' vs ' || "
                 "json_extract(value, '$.b'), json_extract(value, '$.elo'), "
                 "json_extract(value, '$.elo') - json_extract(value, '$.elo_error'), "
                 "json_extract(value, '$.elo') + json_extract(value, '$.elo_error') FROM "
                 "json_each(?1, '$.pairings') WHERE json_type(value, '$.elo') IN "
                 "('real', 'integer') AND json_type(value, '$.elo_error') IN ('real', "
                 "'integer')", sapper_strbuf_str(&p->d.table), report_bar_row, b);
    double lo, hi;
    bars_range(b, &lo, &hi);
    if (b->n)
        svg_bars(&p->out, "Elo difference per pairing, with its 95% error",
                 "Elo (the first named's side; pentanomial)", b->bar, b->n, lo - 10,
                 hi + 10, 1, "%+.0f");
    else
        report_para(p, "No pairing has a finite Elo difference yet (a clean sweep is infinite).");
    free(b);
}

static void rating_bars(page *p)
{
    report_bars *b = calloc(1, sizeof *b);
    if (!b)
        return;
    report_query(&p->d, "SELECT json_extract(value, '$.name'), json_extract(value, "
                 "'$.elo'), json_extract(value, '$.elo') - json_extract(value, "
                 "'$.error95'), json_extract(value, '$.elo') + json_extract(value, "
                 "'$.error95') FROM json_each(?1, '$.ratings')",
                 sapper_strbuf_str(&p->d.table), report_bar_row, b);
    double lo, hi;
    bars_range(b, &lo, &hi);
    if (b->n)
        svg_bars(&p->out, "Ratings of every entrant, with 95% errors",
                 "Elo scale, mean 0 (Bradley-Terry over every pair of seats in every game)",
                 b->bar, b->n, lo - 20, hi + 20, 1, "%+.0f");
    free(b);
}

void report_comparisons(page *p)
{
    report_h2(p, "How the entrants compare");
    if (p->k >= 2)
        comparison_matrix(p);
    if (!report_is_duplicate(p))
        rating_bars(p);
    if (!report_is_duplicate(p) && !report_is_ffa(p))
        elo_bars(p);
}

