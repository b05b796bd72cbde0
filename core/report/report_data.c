/*
 * report_data.c - the report's reading of a results database
 * (report_data.h): checking the file is one, choosing the run, turning
 * its stored definition (`key = value` lines) back into a config and a
 * tournament, and the statistics of its stored games.
 */
#include "report.h"
#include "report_data.h"
#include "escape.h"
#include "setup.h"

#include <stdio.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static sapper_status fail(char *err, size_t errcap, const char *fmt, const char *a,
                          const char *b)
{
    snprintf(err, errcap, fmt, a, b);
    return SAPPER_ERR_PARAM;
}

static int has_table(sqlite3 *db, const char *name)
{
    sqlite3_stmt *st = NULL;
    int found = 0;
    if (sqlite3_prepare_v2(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND "
                           "name = ?1", -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
        found = sqlite3_step(st) == SQLITE_ROW;
    }
    sqlite3_finalize(st);
    return found;
}

static char *column_copy(sqlite3_stmt *st, int col)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    size_t n = t ? strlen((const char *)t) : 0;
    char *out = malloc(n + 1);
    if (out) {
        memcpy(out, t ? (const char *)t : "", n);
        out[n] = 0;
    }
    return out;
}

/* The run: the one asked for, or the last; its row into d. */
static sapper_status read_run(report_data *d, int64_t run, char *err, size_t errcap)
{
    sqlite3_stmt *st = NULL;
    const char *sql = run >= 0
        ? "SELECT id, created, ruleset, master_seed, definition, provenance FROM runs "
          "WHERE id = ?1"
        : "SELECT id, created, ruleset, master_seed, definition, provenance FROM runs "
          "ORDER BY id DESC LIMIT 1";
    if (sqlite3_prepare_v2(d->db, sql, -1, &st, NULL) != SQLITE_OK)
        return fail(err, errcap, "%s: not a Sapper results database (%s)", d->path,
                    sqlite3_errmsg(d->db));
    sqlite3_bind_int64(st, 1, run);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        d->run = sqlite3_column_int64(st, 0);
        snprintf(d->created, sizeof d->created, "%s", sqlite3_column_text(st, 1));
        snprintf(d->ruleset, sizeof d->ruleset, "%s", sqlite3_column_text(st, 2));
        /* decimal text: all 64 bits (an integer column would stop at 2^63 - 1) */
        d->master_seed = strtoull((const char *)sqlite3_column_text(st, 3), NULL, 10);
        d->definition = column_copy(st, 4);
        d->provenance = column_copy(st, 5);
    }
    sqlite3_finalize(st);
    if (rc == SQLITE_ROW)
        return d->definition && d->provenance ? SAPPER_OK : SAPPER_ERR_NOMEM;
    if (run < 0)
        return fail(err, errcap, "%s: holds no tournament yet%s", d->path, "");
    char id[32];
    snprintf(id, sizeof id, "%lld", (long long)run);
    return fail(err, errcap, "%s: no tournament %s (sapper report DB --list lists "
                "the ones it holds)", d->path, id);
}

/* The definition's one line for an SPRT, "tournament.sprt = E0 E1 A B",
   as the four keys a config gives it; 0 when line is another. */
static int sprt_line(sapper_strbuf *ini, const char *line, size_t len)
{
    static const char key[] = "tournament.sprt = ";
    double e0, e1, alpha, beta;
    if (len < sizeof key - 1 || strncmp(line, key, sizeof key - 1) != 0 ||
        sscanf(line + sizeof key - 1, "%lf %lf %lf %lf", &e0, &e1, &alpha, &beta) != 4)
        return 0;
    sapper_strbuf_printf(ini, "[tournament]\nelo0 = %.17g\nelo1 = %.17g\nalpha = %.17g\n"
                         "beta = %.17g\n", e0, e1, alpha, beta);
    return 1;
}

/* One stored definition line "a.b.c = v" as a config line under its
   section: "rules = X" is [game] rules, "entrant.N.k" is [entrant.N] k. */
static void config_line(sapper_strbuf *ini, const char *line, size_t len)
{
    const char *eq = memchr(line, '=', len);
    if (!eq || sprt_line(ini, line, len))
        return;
    size_t key = (size_t)(eq - line);
    while (key > 0 && line[key - 1] == ' ')
        key--;
    const char *dot = NULL;
    for (size_t i = 0; i < key; i++)
        if (line[i] == '.')
            dot = line + i;   /* the last dot: section before, key after */
    /* a control character in a value came from a plugin (a bot's default:
       a config with one is refused): escaped, never a reason to refuse */
    sapper_strbuf entry = {0};
    sapper_escape(&entry, dot ? dot + 1 : line, len - (size_t)(dot ? dot + 1 - line : 0), 0);
    if (!dot)
        sapper_strbuf_printf(ini, "[game]\n%s\n", sapper_strbuf_str(&entry));
    else
        sapper_strbuf_printf(ini, "[%.*s]\n%s\n", (int)(dot - line), line,
                             sapper_strbuf_str(&entry));
    sapper_strbuf_free(&entry);
}

static sapper_status rebuild_def(report_data *d, sapper_registry *reg, char *err,
                                 size_t errcap)
{
    sapper_strbuf ini = {0};
    sapper_config cfg;
    for (const char *p = d->definition; *p;) {
        size_t n = strcspn(p, "\n");
        config_line(&ini, p, n);
        p += n + (p[n] == '\n');
    }
    sapper_config_init(&cfg);
    char why[4096] = "";   /* a message naming the search path */
    sapper_status st = sapper_config_read_string(&cfg, sapper_strbuf_str(&ini),
                                                 "the run's definition", why, sizeof why);
    if (st == SAPPER_OK)   /* its process bots are not run: the games are stored */
        st = sapper_setup_add_commands(&cfg, reg, NULL, NULL, NULL, why, sizeof why);
    if (st == SAPPER_OK)
        st = sapper_tournament_def_read(&cfg, reg, d->master_seed, 1, &d->def, why,
                                        sizeof why);
    sapper_config_free(&cfg);
    sapper_strbuf_free(&ini);
    if (st != SAPPER_OK)   /* its contract: freed after a failure too */
        sapper_tournament_def_free(&d->def);
    int missing = strstr(why, "(see sapper plugins)") && !strstr(why, "searched in: ");
    if (st != SAPPER_OK && !missing)
        return fail(err, errcap, "%s: cannot rebuild its tournament: %s", d->path, why);
    if (st != SAPPER_OK) {   /* a rules plugin not found: say where it was looked for */
        snprintf(err, errcap, "%s: cannot rebuild its tournament: %s; plugins searched "
                 "in: %s", d->path, why, sapper_registry_searched(reg));
        return SAPPER_ERR_PARAM;
    }
    d->have_def = 1;
    d->def.seed = d->master_seed;
    snprintf(d->def.db, sizeof d->def.db, "%s", d->path);
    return sapper_tournament_def_effective(&d->def);
}

/* Opens db read-only as a Sapper results database into *out: SAPPER_OK,
   or SAPPER_ERR_PARAM with why (naming the file: missing, unreadable, not
   a results database) in err. */
static int report_open(const char *db, sqlite3 **out, char *err, size_t errcap)
{
    *out = NULL;
    if (access(db, R_OK) != 0)   /* say why: missing, a directory's rights */
        return fail(err, errcap, "%s: cannot read it: %s", db, strerror(errno));
    if (sqlite3_open_v2(db, out, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK ||
        !has_table(*out, "runs") || !has_table(*out, "games")) {
        sqlite3_close(*out);
        *out = NULL;
        return fail(err, errcap, "%s: not a Sapper results database (no "
                    "runs and games tables)%s", db, "");
    }
    return SAPPER_OK;
}

/* One line of the list of runs: id, created, ruleset, format, games. */
static void put_run(sapper_strbuf *out, sqlite3_stmt *st)
{
    sapper_strbuf_printf(out, "%4lld  %-20s  %-12s  %-12s  %lld game%s\n",
                         (long long)sqlite3_column_int64(st, 0),
                         (const char *)sqlite3_column_text(st, 1),
                         (const char *)sqlite3_column_text(st, 2),
                         sapper_tournament_format_name(sqlite3_column_int(st, 3)),
                         (long long)sqlite3_column_int64(st, 4),
                         sqlite3_column_int64(st, 4) == 1 ? "" : "s");
}

sapper_status sapper_report_list(const char *db, sapper_strbuf *out, char *err,
                                 size_t errcap)
{
    sqlite3 *h;
    sqlite3_stmt *st = NULL;
    if (report_open(db, &h, err, errcap) != SAPPER_OK)
        return SAPPER_ERR_PARAM;
    int rc = sqlite3_prepare_v2(h, "SELECT id, created, ruleset, format, "
                                "(SELECT count(*) FROM games WHERE run_id = runs.id) "
                                "FROM runs ORDER BY id", -1, &st, NULL);
    sapper_strbuf_printf(out, "  id  %-20s  %-12s  %-12s  games stored\n", "created",
                         "ruleset", "format");
    while (rc == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        put_run(out, st);
    sqlite3_finalize(st);
    sqlite3_close(h);
    if (rc != SQLITE_OK)
        return fail(err, errcap, "%s: cannot list its tournaments%s", db, "");
    return SAPPER_OK;
}

sapper_status report_data_load(report_data *d, const char *db, int64_t run,
                               sapper_registry *reg, char *err, size_t errcap)
{
    memset(d, 0, sizeof *d);
    d->path = db;
    if (report_open(db, &d->db, err, errcap) != SAPPER_OK)
        return SAPPER_ERR_PARAM;
    sapper_status st = read_run(d, run, err, errcap);
    if (st == SAPPER_OK)
        st = rebuild_def(d, reg, err, errcap);
    if (st == SAPPER_OK)
        st = sapper_tournament_series(&d->def, d->run, REPORT_POINTS, &d->table,
                                      &d->series, err, errcap);
    if (st != SAPPER_OK)
        report_data_free(d);
    return st;
}

void report_data_free(report_data *d)
{
    sqlite3_close(d->db);
    free(d->definition);
    free(d->provenance);
    if (d->have_def)
        sapper_tournament_def_free(&d->def);
    sapper_strbuf_free(&d->table);
    sapper_strbuf_free(&d->series);
    memset(d, 0, sizeof *d);
}

int report_query(report_data *d, const char *sql, const char *text,
                 void (*row)(void *ctx, sqlite3_stmt *st), void *ctx)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(d->db, sql, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return rc;
    if (text)
        sqlite3_bind_text(st, 1, text, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, d->run);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        row(ctx, st);
    sqlite3_finalize(st);
    return rc;
}
