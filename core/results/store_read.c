/*
 * store_read.c - reading the results database back (see store.h): the
 * runs, which games are stored, every game's row for the tables, one
 * game's replay put back together (head, numbered lines, times), and
 * whether a file on read-only media holds a whole tournament. A read error
 * is an error, never fewer games. It writes nothing (store_write.c) and
 * makes or migrates no schema (store.c): a file opened to read is read as
 * its version wrote it.
 */
#include "store_internal.h"
#include "replay.h"

#include <stdio.h>

int64_t sapper_store_last_run(sapper_store *s)
{
    sqlite3_stmt *q;
    int64_t id = -1;
    if (sqlite3_prepare_v2(s->db, "SELECT max(id) FROM runs", -1, &q, NULL) != SQLITE_OK)
        return -2;
    int rc = sqlite3_step(q);
    if (rc == SQLITE_ROW && sqlite3_column_type(q, 0) != SQLITE_NULL)
        id = sqlite3_column_int64(q, 0);
    sqlite3_finalize(q);
    return rc == SQLITE_ROW ? id : -2;
}

/* The run's plugin_path into out; "" when none or before schema 7. */
static void plugin_path_of(sapper_store *s, int64_t run_id, char *out, size_t cap)
{
    sqlite3_stmt *q;
    out[0] = 0;
    if (!store_has_column(s->db, "runs", "plugin_path") ||   /* before schema 7 */
        sqlite3_prepare_v2(s->db, "SELECT plugin_path FROM runs WHERE id = ?", -1, &q,
                           NULL) != SQLITE_OK)
        return;
    sqlite3_bind_int64(q, 1, run_id);
    if (sqlite3_step(q) == SQLITE_ROW && sqlite3_column_type(q, 0) != SQLITE_NULL)
        snprintf(out, cap, "%s", (const char *)sqlite3_column_text(q, 0));
    sqlite3_finalize(q);
}

sapper_status sapper_store_run_plugin_path(const char *db, int64_t run_id, char *out,
                                           size_t cap)
{
    sapper_store *s;
    char err[1024];
    out[0] = 0;
    if (sapper_store_open_readonly(db, &s, err, sizeof err) != SAPPER_OK)
        return SAPPER_ERR_PARAM;
    int64_t run = run_id >= 0 ? run_id : sapper_store_last_run(s);
    if (run >= 0)
        plugin_path_of(s, run, out, cap);
    sapper_store_close(s);
    return run >= 0 ? SAPPER_OK : SAPPER_ERR_PARAM;
}

int64_t store_count_games(sapper_store *s, int64_t run_id)
{
    sqlite3_stmt *q;
    int64_t n = 0;
    if (sqlite3_prepare_v2(s->db, "SELECT count(*) FROM games WHERE run_id = ?",
                           -1, &q, NULL) != SQLITE_OK)
        return 0;
    sqlite3_bind_int64(q, 1, run_id);
    if (sqlite3_step(q) == SQLITE_ROW)
        n = sqlite3_column_int64(q, 0);
    sqlite3_finalize(q);
    return n;
}

int64_t sapper_store_done(sapper_store *s, int64_t run_id, unsigned char *done,
                          int64_t total)
{
    sqlite3_stmt *q;
    int64_t n = 0;
    if (sqlite3_prepare_v2(s->db, "SELECT game_index FROM games WHERE run_id = ?",
                           -1, &q, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_int64(q, 1, run_id);
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        int64_t i = sqlite3_column_int64(q, 0);
        if (i >= 0 && i < total && !done[i]) {
            done[i] = 1;
            n++;
        }
    }
    sqlite3_finalize(q);
    return rc == SQLITE_DONE ? n : -1;   /* a read error is never "fewer games" */
}

/* Parses a JSON array of numbers as written by json_numbers. */
static int32_t parse_numbers(const char *s, double *out, int32_t cap)
{
    int32_t n = 0;
    if (!s || *s != '[')
        return 0;
    for (s++; *s && *s != ']' && n < cap;) {
        char *end;
        out[n++] = strtod(s, &end);
        if (end == s)
            break;
        s = *end == ',' ? end + 1 : end;
    }
    return n;
}

static void row_record(sqlite3_stmt *q, const sapper_tournament_def *def,
                       sapper_tgame *g, sapper_game_record *r)
{
    memset(r, 0, sizeof *r);
    int64_t index = sqlite3_column_int64(q, 0);
    sapper_schedule_game(def, index, g);
    r->index = index;
    r->nseats = parse_numbers((const char *)sqlite3_column_text(q, 1), r->returns,
                              SAPPER_MAX_SEATS);
    parse_numbers((const char *)sqlite3_column_text(q, 2), r->think, SAPPER_MAX_SEATS);
    snprintf(r->reason, sizeof r->reason, "%s", (const char *)sqlite3_column_text(q, 3));
    r->voided = strcmp((const char *)sqlite3_column_text(q, 4), "void") == 0;
    r->seconds = sqlite3_column_double(q, 5);
    r->moves = sqlite3_column_int64(q, 6);
    double steps[SAPPER_MAX_SEATS] = {0};
    parse_numbers((const char *)sqlite3_column_text(q, 8), steps, SAPPER_MAX_SEATS);
    for (int32_t i = 0; i < SAPPER_MAX_SEATS; i++)
        r->steps[i] = (int64_t)steps[i];
    r->culprit = -1;
    const char *culprit = (const char *)sqlite3_column_text(q, 7);
    for (int32_t i = 0; culprit && i < g->nseats; i++)
        if (strcmp(def->entrants[g->seats[i]].name, culprit) == 0)
            r->culprit = i;
}

/* The places stored for r (a JSON array, NULL when none or when the
   result is no JSON: the file's damage is for the other columns to show,
   a table stops for nothing the places say), or NULL unless
   they are a ranking of its seats (each one more than the seats placed
   better) that puts a seat with more returns first: the result is the
   rules' word, but it came through the worker, and a table never trusts
   it further than that. */
static const int32_t *row_places(const char *text, const sapper_game_record *r,
                                 int32_t *places)
{
    double p[SAPPER_MAX_SEATS];
    if (!text || parse_numbers(text, p, SAPPER_MAX_SEATS) != r->nseats)
        return NULL;
    for (int32_t i = 0; i < r->nseats; i++) {
        int32_t better = 0;
        for (int32_t k = 0; k < r->nseats; k++) {
            better += p[k] < p[i];
            if (r->returns[k] > r->returns[i] && !(p[k] < p[i]))
                return NULL;
        }
        if (p[i] != better + 1)
            return NULL;
        places[i] = better + 1;
    }
    return places;
}

sapper_status sapper_store_each(sapper_store *s, int64_t run_id,
                                const sapper_tournament_def *def,
                                sapper_store_row_fn fn, void *ctx,
                                char *err, size_t errcap)
{
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(s->db, "SELECT game_index, returns, think, reason, outcome,"
                           " seconds, moves, culprit, steps,"
                           " iif(json_valid(result), json_extract(result, '$.places'), NULL)"
                           " FROM games WHERE run_id = ?"
                           " ORDER BY game_index", -1, &q, NULL) != SQLITE_OK)
        return store_db_error(s, "read games", err, errcap);
    sqlite3_bind_int64(q, 1, run_id);
    int64_t total = sapper_schedule_count(def);
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        sapper_tgame g;
        sapper_game_record r;
        if (sqlite3_column_int64(q, 0) >= total)
            continue;
        row_record(q, def, &g, &r);
        int32_t places[SAPPER_MAX_SEATS];
        fn(ctx, &g, &r, row_places((const char *)sqlite3_column_text(q, 9), &r, places));
    }
    sapper_status st = rc == SQLITE_DONE ? SAPPER_OK   /* never a shorter table */
                     : store_db_error(s, "read games", err, errcap);
    sqlite3_finalize(q);
    return st;
}

/* The row's replay: the run's head, then its actions (schema 4: a blob of
   numbered lines; before: text, or the whole replay before schema 3). */
static char *whole_replay(sapper_store *s, sqlite3_stmt *q, int64_t run_id,
                          size_t *len, char *err, size_t errcap)
{
    size_t n = 0;
    char *actions;
    const char *seed = (const char *)sqlite3_column_text(q, 3);
    if (sqlite3_column_type(q, 0) == SQLITE_BLOB)
        actions = sapper_lines_decode(s->db, run_id, sqlite3_column_blob(q, 0),
                                      (size_t)sqlite3_column_bytes(q, 0),
                                      seed ? seed : "", &n, err, errcap);
    else if ((actions = malloc((size_t)sqlite3_column_bytes(q, 0) + 1)) != NULL) {
        n = (size_t)sqlite3_column_bytes(q, 0);
        memcpy(actions, sqlite3_column_text(q, 0), n);
        actions[n] = 0;
    }
    if (!actions)
        return NULL;
    int whole = n >= 14 && memcmp(actions, "sapper-replay ", 14) == 0;
    const unsigned char *head = whole ? NULL : sqlite3_column_text(q, 2);
    size_t h = head ? (size_t)sqlite3_column_bytes(q, 2) : 0;
    char *text = malloc(h + n + 1);
    if (text) {
        memcpy(text, head ? (const char *)head : "", h);
        memcpy(text + h, actions, n);
        text[h + n] = 0;
        *len = h + n;
    }
    free(actions);
    return text;
}

/* text (*len bytes, freed here) with the row's times put back on its
   moves (the row's column 4), or NULL when they do not fit them. */
static char *with_times(sapper_store *s, sqlite3_stmt *q, char *text, size_t *len,
                        char *err, size_t errcap)
{
    size_t lines = 1, n = 0;
    for (const char *p = text; *p; p++)
        lines += *p == '\n';
    int64_t *ms = malloc(lines * sizeof *ms);
    sapper_strbuf out = {0};
    int ok = ms && sapper_lines_decode_times(sqlite3_column_blob(q, 4),
                                             (size_t)sqlite3_column_bytes(q, 4),
                                             ms, lines, &n) == 0 &&
             sapper_replay_put_times(text, ms, n, &out) == n && !out.failed;
    if (!ok) {
        snprintf(err, errcap, "%s: the stored times of the moves are damaged (%zu "
                 "times, not one for each move)", sqlite3_db_filename(s->db, "main"), n);
        sapper_strbuf_free(&out);
    }
    free(ms);
    free(text);
    *len = ok ? out.len : 0;
    return ok ? out.data : NULL;
}

char *sapper_store_replay(sapper_store *s, int64_t run_id, int64_t index,
                          size_t *len, char *err, size_t errcap)
{
    *len = 0;
    sqlite3_stmt *q;
    char *text = NULL;
    /* schema 3 keeps the replay's head with the run, schema 5 the times
       apart; older files have no such columns (a file opened read-only is
       not migrated), and their rows hold the whole replay */
    char sql[256];
    snprintf(sql, sizeof sql, "SELECT g.actions, g.reason, %s, g.seed, %s FROM games g"
             " JOIN runs r ON r.id = g.run_id WHERE g.run_id = ? AND g.game_index = ?",
             store_has_column(s->db, "runs", "head") ? "r.head" : "NULL",
             store_has_column(s->db, "games", "times") ? "g.times" : "NULL");
    if (sqlite3_prepare_v2(s->db, sql, -1, &q, NULL) != SQLITE_OK) {
        store_db_error(s, "read game", err, errcap);
        return NULL;
    }
    sqlite3_bind_int64(q, 1, run_id);
    sqlite3_bind_int64(q, 2, index);
    if (sqlite3_step(q) != SQLITE_ROW)
        snprintf(err, errcap, "%s: no game %lld in run %lld",
                 sqlite3_db_filename(s->db, "main"), (long long)index, (long long)run_id);
    else if (sqlite3_column_type(q, 0) == SQLITE_NULL)
        snprintf(err, errcap, "game %lld has no recorded actions (it ended with "
                 "reason \"%s\": the worker died before reporting them)",
                 (long long)index, (const char *)sqlite3_column_text(q, 1));
    else
        text = whole_replay(s, q, run_id, len, err, errcap);
    if (text && sqlite3_column_type(q, 4) == SQLITE_BLOB && !memchr(text, 0, *len))
        text = with_times(s, q, text, len, err, errcap);   /* a NUL: refused anyway */
    sqlite3_finalize(q);
    return text;
}

sapper_status sapper_store_check_complete(sapper_tournament_def *def, char *err,
                                          size_t errcap)
{
    sapper_store *s;
    sapper_status st = sapper_store_open_readonly(def->db, &s, err, errcap);
    if (st != SAPPER_OK)
        return st;
    sapper_strbuf text = {0};
    sapper_tournament_def_text(def, &text);
    int64_t run = sapper_store_last_run(s), total = sapper_schedule_count(def);
    int64_t stored = run >= 0 ? store_count_games(s, run) : 0;
    if (run < 0)
        st = run < -1 ? store_db_error(s, "read the runs", err, errcap) : SAPPER_ERR_PARAM;
    else
        st = store_resume_run(s, def, run, sapper_strbuf_str(&text), err, errcap);
    if (st == SAPPER_OK && stored != total) {
        snprintf(err, errcap, "%s: read-only, and %lld of %lld games are stored: "
                 "copy it to writable storage to play the rest", def->db,
                 (long long)stored, (long long)total);
        st = SAPPER_ERR_PARAM;
    } else if (run == -1) {
        snprintf(err, errcap, "%s: read-only, and it holds no tournament", def->db);
    }
    sapper_strbuf_free(&text);
    sapper_store_close(s);
    return st;
}
