/*
 * report.c - `sapper report` (report.h): the page. A header (ruleset,
 * format, master seed, engine and plugin versions, the definition), then
 * a section per question: how each entrant does (win rate or share with
 * 95% intervals, time per move), how they compare (the paired boards of
 * duplicate play, the score matrix and Elo of two-player games, the
 * Bradley-Terry ratings of free-for-all, an SPRT's LLR path), how the
 * numbers settled as games came in, faults, the faulted games with the
 * command that replays each, and the charts the rules declare
 * (SAPPER_EXT_CHARTS). The numbers are read back from the statistics'
 * JSON with SQLite's JSON functions, so the page shows what the tables
 * print. This file writes the header and puts the sections in order;
 * report_entrants.c, report_games.c and report_charts.c write the rest.
 */
#include "report_page.h"

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
    "svg .board{fill:#eee;stroke:#999}svg .nodata{fill:#d9d9d9;stroke:#999}svg .cell.light{fill:#fff}svg .cell.dark{"
    "fill:#111}svg .unit{font-style:italic}figure{margin:16px 0}"
    "@media print{h2{page-break-after:avoid}figure{page-break-inside:avoid}}";

/* ---- small helpers ------------------------------------------------------ */

void report_h2(page *p, const char *title)
{
    sapper_strbuf_printf(&p->out, "<h2>");
    svg_escape(&p->out, title);
    sapper_strbuf_printf(&p->out, "</h2>\n");
}

void report_para(page *p, const char *text)
{
    sapper_strbuf_printf(&p->out, "<p>");
    svg_escape(&p->out, text);
    sapper_strbuf_printf(&p->out, "</p>\n");
}

double report_col_real(sqlite3_stmt *st, int col)
{
    return sqlite3_column_type(st, col) == SQLITE_NULL ? NAN : sqlite3_column_double(st, col);
}

const char *report_col_text(sqlite3_stmt *st, int col)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    return t ? (const char *)t : "";
}

int report_is_duplicate(const page *p)
{
    return p->d.def.format == SAPPER_FMT_DUPLICATE;
}

int report_is_ffa(const page *p)
{
    return p->d.def.format == SAPPER_FMT_FFA;
}

/* A row (label, value, lo, hi) into the next bar. */
void report_bar_row(void *ctx, sqlite3_stmt *st)
{
    report_bars *b = ctx;
    if (b->n >= sizeof b->bar / sizeof b->bar[0])
        return;
    snprintf(b->label[b->n], sizeof b->label[b->n], "%s", report_col_text(st, 0));
    double v = report_col_real(st, 1), lo = report_col_real(st, 2), hi = report_col_real(st, 3);
    b->bar[b->n] = (svg_bar){b->label[b->n], isnan(v) ? 0 : v, isnan(lo) ? v : lo,
                             isnan(hi) ? v : hi};
    b->n++;
}

double report_bars_max(const report_bars *b)
{
    double top = 0;
    for (size_t i = 0; i < b->n; i++)
        top = fmax(top, fmax(b->bar[i].value, b->bar[i].hi));
    return top > 0 ? top * 1.1 : 1;
}

/* ---- the header ---------------------------------------------------------- */

static void plugin_row(void *ctx, sqlite3_stmt *st)
{
    page *p = ctx;
    sapper_strbuf_printf(&p->out, "<tr><td>");
    svg_escape(&p->out, report_col_text(st, 0));
    sapper_strbuf_printf(&p->out, "</td><td>");
    svg_escape(&p->out, report_col_text(st, 1));
    sapper_strbuf_printf(&p->out, "</td><td>");
    svg_escape(&p->out, report_col_text(st, 2));
    sapper_strbuf_printf(&p->out, "</td><td><code>");
    svg_escape(&p->out, report_col_text(st, 3));
    sapper_strbuf_printf(&p->out, "</code></td></tr>\n");
}

static void engine_row(void *ctx, sqlite3_stmt *st)
{
    page *p = ctx;
    sapper_strbuf_printf(&p->out, "<tr><td>engine</td><td>sapper</td><td>");
    svg_escape(&p->out, report_col_text(st, 0));
    sapper_strbuf_printf(&p->out, " (plugin ABI ");
    svg_escape(&p->out, report_col_text(st, 1));
    sapper_strbuf_printf(&p->out, ")</td><td></td></tr>\n");
}

/* A row (rank, host, games) of the table of who played. */
static void rank_row(void *ctx, sqlite3_stmt *st)
{
    page *p = ctx;
    sapper_strbuf_printf(&p->out, "<tr><td>%s</td><td>", report_col_text(st, 0));
    svg_escape(&p->out, report_col_text(st, 1));
    sapper_strbuf_printf(&p->out, "</td><td>%s</td></tr>\n", report_col_text(st, 2));
}

/* A row (host, games) of the table of hosts. */
static void host_row(void *ctx, sqlite3_stmt *st)
{
    page *p = ctx;
    sapper_strbuf_printf(&p->out, "<tr><td>");
    svg_escape(&p->out, report_col_text(st, 0));
    sapper_strbuf_printf(&p->out, "</td><td>%s</td></tr>\n", report_col_text(st, 1));
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
        report_para(p, "Hosts: not recorded (the games were stored before results schema 6, "
                "which names the host and rank that played each game).");
        return;
    }
    char line[160];
    snprintf(line, sizeof line, "Hosts: %lld host%s, %lld rank%s (rank 0 stored the "
             "results; without mpirun it is the only one).", (long long)names,
             names == 1 ? "" : "s", (long long)rows, rows == 1 ? "" : "s");
    report_para(p, line);
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
    report_para(p, line);
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
    report_entrants(p);
    report_comparisons(p);
    report_accumulation(p);
    report_faults(p);
    report_rules_charts(p);
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
                                  sapper_registry *reg, const char *out_path,
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
