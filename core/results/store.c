/*
 * store.c - the SQLite results database (see store.h): opening and closing
 * it, its schema, its migrations and its errors. Schema (docs/FORMATS.md
 * has every column and the schema's history):
 *
 *   runs(id, created, definition, master_seed, ruleset, format, total,
 *        provenance,   (provenance.h: engine, ABI, plugins and their files)
 *        head,         the replay text every game of the run begins with
 *        params,       the parameters the games played, as JSON
 *        plugin_path)  the config's [engine] plugin_path, absolute
 *   games(run_id, game_index, board, seed, ruleset, params, seats, outcome,
 *         returns, reason, culprit, seconds, moves, think, steps, result,
 *         actions, times, host)
 *   lines(run_id, id, text)         a run's replay lines (store_lines.c)
 *   hosts(run_id, id, name, rank)   who played: a host name and an MPI rank
 *         (0: the process that stores, or a run without mpirun)
 *   <ruleset>_games: a view of one ruleset's games with the columns its
 *         rules declare (sapper_rules_api.result_columns), taken from the
 *         result JSON; seeker_games has red/blue_bonus_points and _stats.
 *
 * PRAGMA user_version says the schema (SCHEMA_VERSION); an older file is
 * brought up to it when opened for writing, a newer one is refused. JSON
 * columns are text. This file writes no run or game (store_write.c) and
 * reads none back (store_read.c); it does not compute statistics
 * (core/report/table.c) or decide what to play (schedule.c).
 */
#include "store_internal.h"

#include <stdio.h>
#include <unistd.h>

#define SCHEMA_VERSION 7

static const char schema[] =
    "PRAGMA journal_mode=WAL;"
    "PRAGMA synchronous=NORMAL;"
    "CREATE TABLE IF NOT EXISTS runs("
    " id INTEGER PRIMARY KEY, created TEXT NOT NULL, definition TEXT NOT NULL,"
    " master_seed TEXT NOT NULL, ruleset TEXT NOT NULL, format TEXT NOT NULL,"
    " total INTEGER NOT NULL, provenance TEXT, head TEXT, params TEXT,"
    " plugin_path TEXT);"
    "CREATE TABLE IF NOT EXISTS games("
    " run_id INTEGER NOT NULL REFERENCES runs(id), game_index INTEGER NOT NULL,"
    " board INTEGER NOT NULL, seed TEXT NOT NULL, ruleset TEXT NOT NULL,"
    " params TEXT NOT NULL, seats TEXT NOT NULL, outcome TEXT NOT NULL,"
    " returns TEXT NOT NULL, reason TEXT NOT NULL, culprit TEXT,"
    " seconds REAL NOT NULL, moves INTEGER NOT NULL, think TEXT NOT NULL,"
    " steps TEXT NOT NULL,"
    " result TEXT, actions TEXT, times BLOB, host INTEGER,"
    " PRIMARY KEY(run_id, game_index)) WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS lines("
    " run_id INTEGER NOT NULL, id INTEGER NOT NULL, text TEXT NOT NULL,"
    " PRIMARY KEY(run_id, id)) WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS hosts("
    " run_id INTEGER NOT NULL, id INTEGER NOT NULL, name TEXT NOT NULL,"
    " rank INTEGER NOT NULL, PRIMARY KEY(run_id, id)) WITHOUT ROWID;";

static const char insert_sql[] =
    "INSERT INTO games(run_id, game_index, board, seed, ruleset, params, seats,"
    " outcome, returns, reason, culprit, seconds, moves, think, steps, result,"
    " actions, times, host) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)";

/* What a failure means for the person running the command: a lock, a
   read-only file, damage, or (for the first statements) a file that is
   not a results database at all. */
static const char *explain(sqlite3 *db, const char *what)
{
    switch (sqlite3_errcode(db) & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return "locked by another program (try again when it has finished)";
    case SQLITE_READONLY:
        return "read-only (on read-only media or without write permission)";
    case SQLITE_CORRUPT:
        return "damaged (sqlite3 FILE 'pragma integrity_check' says where)";
    case SQLITE_NOTADB:
        return "not an SQLite database";
    case SQLITE_IOERR:
        return "cannot be read or written (an input/output error)";
    default:
        return what;
    }
}

sapper_status store_db_error(sapper_store *s, const char *what, char *err,
                             size_t errcap)
{
    snprintf(err, errcap, "%s: %s: %s", sqlite3_db_filename(s->db, "main"),
             explain(s->db, what), sqlite3_errmsg(s->db));
    return SAPPER_ERR_INTERNAL;   /* not "stopped": resuming would not help */
}

static int user_version(sapper_store *s)
{
    sqlite3_stmt *q;
    int v = -1;
    if (sqlite3_prepare_v2(s->db, "PRAGMA user_version", -1, &q, NULL) != SQLITE_OK)
        return -1;
    if (sqlite3_step(q) == SQLITE_ROW)
        v = sqlite3_column_int(q, 0);
    sqlite3_finalize(q);
    return v;
}

/* A file from a newer Sapper is left alone. */
static sapper_status check_schema_version(sapper_store *s, char *err, size_t errcap)
{
    int v = user_version(s);
    if (v <= SCHEMA_VERSION)
        return SAPPER_OK;
    snprintf(err, errcap, "%s: written by a newer Sapper (results schema %d; this "
             "one knows up to %d): not changed", sqlite3_db_filename(s->db, "main"),
             v, SCHEMA_VERSION);
    return SAPPER_ERR_PARAM;
}

int store_has_column(sqlite3 *db, const char *table, const char *column)
{
    char probe[96];
    snprintf(probe, sizeof probe, "SELECT %s FROM %s LIMIT 0", column, table);
    return sqlite3_exec(db, probe, NULL, NULL, NULL) == SQLITE_OK;
}

/* Adds column (of type) to table unless it is there. */
static int add_column(sapper_store *s, const char *table, const char *column,
                      const char *type)
{
    char alter[128];
    snprintf(alter, sizeof alter, "ALTER TABLE %s ADD COLUMN %s %s", table, column, type);
    return store_has_column(s->db, table, column) ||
           sqlite3_exec(s->db, alter, NULL, NULL, NULL) == SQLITE_OK;
}

/* Brings an older schema up to SCHEMA_VERSION, each missing column added
   (the tables new since are made by the schema); rows already stored stay
   as they were written. docs/FORMATS.md, "Schema history", says what each
   version added. */
static int migrate(sapper_store *s)
{
    if (user_version(s) >= SCHEMA_VERSION)
        return SQLITE_OK;
    if (!add_column(s, "runs", "provenance", "TEXT") ||
        !add_column(s, "runs", "head", "TEXT") || !add_column(s, "runs", "params", "TEXT") ||
        !add_column(s, "games", "times", "BLOB") || !add_column(s, "games", "host", "INTEGER") ||
        !add_column(s, "runs", "plugin_path", "TEXT"))
        return SQLITE_ERROR;
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA user_version = %d", SCHEMA_VERSION);
    return sqlite3_exec(s->db, sql, NULL, NULL, NULL);
}

sapper_status sapper_store_open(const char *path, sapper_store **out,
                                char *err, size_t errcap)
{
    sapper_store *s = calloc(1, sizeof *s);
    if (!s)
        return SAPPER_ERR_NOMEM;
    if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                        NULL) != SQLITE_OK) {
        snprintf(err, errcap, "%s: cannot open the database: %s", path,
                 s->db ? sqlite3_errmsg(s->db) : "out of memory");
        sapper_store_close(s);
        return SAPPER_ERR_STATE;
    }
    sqlite3_busy_timeout(s->db, 5000);
    if (check_schema_version(s, err, errcap) != SAPPER_OK) {
        sapper_store_close(s);
        return SAPPER_ERR_PARAM;
    }
    if (sqlite3_exec(s->db, schema, NULL, NULL, NULL) != SQLITE_OK ||
        migrate(s) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db, insert_sql, -1, &s->insert, NULL) != SQLITE_OK) {
        int ro = access(path, F_OK) == 0 && access(path, W_OK) != 0;
        sapper_status st = store_db_error(s, ro ? "read-only (a finished tournament "
                                          "there prints with --resume)" : "not a Sapper "
                                          "results database", err, errcap);
        sapper_store_close(s);
        return st;
    }
    *out = s;
    return SAPPER_OK;
}

sapper_status sapper_store_open_readonly(const char *path, sapper_store **out,
                                         char *err, size_t errcap)
{
    static const char probe[] = "SELECT run_id, game_index, actions FROM games LIMIT 0;"
                                "SELECT id FROM runs LIMIT 0";
    sapper_store *s = calloc(1, sizeof *s);
    if (!s)
        return SAPPER_ERR_NOMEM;
    int rc = sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READONLY, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_busy_timeout(s->db, 5000);
        rc = sqlite3_exec(s->db, probe, NULL, NULL, NULL);
    }
    int code = s->db ? sqlite3_errcode(s->db) & 0xff : SQLITE_NOMEM;
    if (rc != SQLITE_OK && (code == SQLITE_CANTOPEN || code == SQLITE_READONLY)) {
        /* a WAL database on read-only media: its -shm cannot be made; a
           finished tournament is read as an immutable file instead */
        char *uri = sqlite3_mprintf("file:%s?immutable=1", path);
        sqlite3_close(s->db);
        s->db = NULL;
        rc = uri ? sqlite3_open_v2(uri, &s->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL)
                 : SQLITE_NOMEM;
        sqlite3_free(uri);
        if (rc == SQLITE_OK)
            rc = sqlite3_exec(s->db, probe, NULL, NULL, NULL);
    }
    if (rc != SQLITE_OK) {
        if (s->db)   /* named by path: a file never opened has no name in s->db */
            snprintf(err, errcap, "%s: %s: %s", path, access(path, F_OK) != 0
                     ? "no such file" : explain(s->db, "not a Sapper results database"),
                     sqlite3_errmsg(s->db));
        else
            snprintf(err, errcap, "%s: cannot open the database: out of memory", path);
        sapper_store_close(s);
        return SAPPER_ERR_STATE;
    }
    *out = s;
    return SAPPER_OK;
}

void sapper_store_close(sapper_store *s)
{
    if (!s)
        return;
    if (s->in_batch)
        sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
    sqlite3_finalize(s->insert);
    sapper_lines_close(s->lines);
    sqlite3_close(s->db);
    free(s->head);
    free(s);
}

sapper_status sapper_store_failure(sapper_store *s, const char *what, char *err,
                                   size_t errcap)
{
    return store_db_error(s, what, err, errcap);
}

static int is_word(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
            return 0;
    return n > 0;
}

static int is_json_path(const char *s, size_t n)
{
    if (n == 0 || s[0] != '$')
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
              (s[i] >= '0' && s[i] <= '9') || strchr("_$.[]", s[i])))
            return 0;
    return 1;
}

/* The view <ruleset>_games with the columns the rules declare; lines that
   are not `NAME $.path` are skipped (the text comes from a plugin). */
void store_create_ruleset_view(sapper_store *s, const sapper_tournament_def *def)
{
    const char *id = def->base.rules->desc.id;
    if (!def->result_columns[0] || !is_word(id, strlen(id)))
        return;   /* an id with a '-' makes no view name */
    sapper_strbuf sql = {0};
    sapper_strbuf_printf(&sql, "CREATE VIEW IF NOT EXISTS %s_games AS SELECT *", id);
    for (const char *line = def->result_columns; *line;) {
        size_t len = strcspn(line, "\n"), name = strcspn(line, " ");
        if (name < len && is_word(line, name) &&
            is_json_path(line + name + 1, len - name - 1))
            sapper_strbuf_printf(&sql, ", json_extract(result, '%.*s') AS %.*s",
                                 (int)(len - name - 1), line + name + 1, (int)name, line);
        line += len + (line[len] == '\n');
    }
    sapper_strbuf_printf(&sql, " FROM games WHERE ruleset = '%s'", id);
    sqlite3_exec(s->db, sapper_strbuf_str(&sql), NULL, NULL, NULL);
    sapper_strbuf_free(&sql);
}
