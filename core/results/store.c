/*
 * store.c - the SQLite results database (see store.h). Schema:
 *
 *   runs(id, created, definition, master_seed, ruleset, format, total,
 *        provenance,   (provenance.h: engine, ABI, plugins and their files)
 *        head,         the replay text every game of the run begins with
 *        params)       the parameters the games played, as JSON
 *
 * A game's actions hold its replay after the run's head (a row from before
 * schema 3 holds it whole, and its params column the parameters): the
 * configuration is stored once per run, not twice per game. Since schema
 * 4 they are the run's numbered lines (store_lines.c), and since schema 5
 * without the moves' times, which are in times (NULL: none recorded).
 * Since schema 6 a game names the host and rank that played it (host, a
 * row of hosts; NULL before).
 *
 * PRAGMA user_version says the schema: 6; a file of version 0 to 5 is
 * brought up to 6 when opened for writing, a newer one is refused.
 *   games(run_id, game_index, board, seed, ruleset, params, seats, outcome,
 *         returns, reason, culprit, seconds, moves, think, steps, result,
 *         actions, times, host)
 *   lines(run_id, id, text)
 *   hosts(run_id, id, name, rank)   who played: a host name and an MPI rank
 *         (0: the process that stores, or a run without mpirun)
 *   <ruleset>_games: a view of one ruleset's games with the columns its
 *         rules declare (sapper_rules_api.result_columns), taken from the
 *         result JSON; seeker_games has red/blue_bonus_points and _stats.
 *
 * JSON columns are text. This file does not compute statistics (table.c)
 * or decide what to play (schedule.c).
 */
#include "store.h"
#include "provenance.h"
#include "replay.h"
#include "store_lines.h"

#include <sqlite3.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#define BATCH_ROWS 64
#define SCHEMA_VERSION 6

struct sapper_store {
    sqlite3 *db;
    sqlite3_stmt *insert;
    char *head;           /* the run's replay head, cut from every game's
                             actions; NULL for a run from before schema 3 */
    sapper_lines *lines;  /* the run's table of replay lines (schema 4) */
    int in_batch;
    int batch_rows;
    struct timespec batch_started;   /* CLOCK_MONOTONIC at its first row */
};

static const char schema[] =
    "PRAGMA journal_mode=WAL;"
    "PRAGMA synchronous=NORMAL;"
    "CREATE TABLE IF NOT EXISTS runs("
    " id INTEGER PRIMARY KEY, created TEXT NOT NULL, definition TEXT NOT NULL,"
    " master_seed TEXT NOT NULL, ruleset TEXT NOT NULL, format TEXT NOT NULL,"
    " total INTEGER NOT NULL, provenance TEXT, head TEXT, params TEXT);"
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

static sapper_status db_error(sapper_store *s, const char *what, char *err,
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

static int has_column(sqlite3 *db, const char *table, const char *column)
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
    return has_column(s->db, table, column) ||
           sqlite3_exec(s->db, alter, NULL, NULL, NULL) == SQLITE_OK;
}

/* Brings an older schema up to SCHEMA_VERSION: 0 and 1 lack
   runs.provenance, 2 runs.head and runs.params, 3 the table lines (made
   by the schema), 4 games.times, 5 games.host and the table hosts; older
   rows keep their actions as they are (text before schema 4) and have no
   times and no host. */
static int migrate(sapper_store *s)
{
    if (user_version(s) >= SCHEMA_VERSION)
        return SQLITE_OK;
    if (!add_column(s, "runs", "provenance", "TEXT") ||
        !add_column(s, "runs", "head", "TEXT") || !add_column(s, "runs", "params", "TEXT") ||
        !add_column(s, "games", "times", "BLOB") || !add_column(s, "games", "host", "INTEGER"))
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
        sapper_status st = db_error(s, ro ? "read-only (a finished tournament there "
                                    "prints with --resume)" : "not a Sapper results "
                                    "database", err, errcap);
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

static int64_t count_games(sapper_store *s, int64_t run_id)
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

static void json_params(sapper_strbuf *b, const sapper_param_set *p);

static sapper_status insert_run(sapper_store *s, const sapper_tournament_def *def,
                                const char *text, int64_t *run_id, char *err,
                                size_t errcap)
{
    sqlite3_stmt *q;
    char seed[32], when[32], fmt[16];
    time_t t = time(NULL);
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)def->seed);
    snprintf(fmt, sizeof fmt, "%d", def->format);
    if (sqlite3_prepare_v2(s->db, "INSERT INTO runs(created, definition, master_seed,"
                           " ruleset, format, total, provenance, head, params)"
                           " VALUES(?,?,?,?,?,?,?,?,?)", -1, &q, NULL) != SQLITE_OK)
        return db_error(s, "insert run", err, errcap);
    sapper_strbuf head = {0}, params = {0};
    sapper_replay_head(&def->base, &head);
    json_params(&params, def->stored_params.count ? &def->stored_params
                                                  : &def->base.rules_params);
    const sapper_plugin *bots[SAPPER_MAX_ENTRANTS];
    for (size_t e = 0; e < def->nentrants; e++)
        bots[e] = def->entrants[e].bot;
    sapper_strbuf prov = {0};
    sapper_provenance_json(def->base.rules, bots, def->nentrants, &prov);
    sqlite3_bind_text(q, 1, when, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(q, 2, text, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(q, 3, seed, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(q, 4, def->base.rules->desc.id, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(q, 5, fmt, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(q, 6, sapper_schedule_count(def));
    sqlite3_bind_text(q, 7, sapper_strbuf_str(&prov), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(q, 8, sapper_strbuf_str(&head), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(q, 9, sapper_strbuf_str(&params), -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(q);
    sqlite3_finalize(q);
    sapper_strbuf_free(&prov);
    sapper_strbuf_free(&head);
    sapper_strbuf_free(&params);
    if (rc != SQLITE_DONE)
        return db_error(s, "insert run", err, errcap);
    *run_id = sqlite3_last_insert_rowid(s->db);
    return SAPPER_OK;
}

/* N of the line "tournament.games = N" of a definition, or -1. */
static long long games_of(const char *text)
{
    const char *at = strstr(text, "\ntournament.games = ");
    return at ? atoll(at + strlen("\ntournament.games = ")) : -1;
}

/* Whether now only asks for more games than stored: the two definitions
   equal but for a larger `tournament.games`. */
static int only_more_games(const char *stored, const char *now)
{
    long long before = games_of(stored), after = games_of(now);
    if (before < 0 || after <= before)
        return 0;
    sapper_strbuf same = {0};
    char from[64], to[64];
    snprintf(from, sizeof from, "\ntournament.games = %lld\n", after);
    snprintf(to, sizeof to, "\ntournament.games = %lld\n", before);
    const char *at = strstr(now, from);
    if (at) {
        sapper_strbuf_append(&same, now, (size_t)(at - now));
        sapper_strbuf_printf(&same, "%s%s", to, at + strlen(from));
    }
    int equal = at && strcmp(sapper_strbuf_str(&same), stored) == 0;
    sapper_strbuf_free(&same);
    return equal;
}

/* A run made longer (issue 15): duplicate and free-for-all schedules
   number new boards after the stored ones, so the games stored keep their
   numbers; round robins number games pairing by pairing, so more games
   would renumber them. */
static sapper_status extend_run(sapper_store *s, const sapper_tournament_def *def,
                                int64_t run_id, const char *text, char *err,
                                size_t errcap)
{
    sqlite3_stmt *q;
    if (def->format != SAPPER_FMT_DUPLICATE && def->format != SAPPER_FMT_FFA) {
        snprintf(err, errcap, "%s: more games for run %lld: a round robin or gauntlet "
                 "numbers its games pairing by pairing, so more games would renumber "
                 "the games stored; play the extra games into another db", def->db,
                 (long long)run_id);
        return SAPPER_ERR_PARAM;
    }
    if (sqlite3_prepare_v2(s->db, "UPDATE runs SET definition = ?, total = ? WHERE id = ?",
                           -1, &q, NULL) != SQLITE_OK)
        return db_error(s, "extend the run", err, errcap);
    sqlite3_bind_text(q, 1, text, -1, SQLITE_STATIC);
    sqlite3_bind_int64(q, 2, sapper_schedule_count(def));
    sqlite3_bind_int64(q, 3, run_id);
    int rc = sqlite3_step(q);
    sqlite3_finalize(q);
    return rc == SQLITE_DONE ? SAPPER_OK : db_error(s, "extend the run", err, errcap);
}

static sapper_status resume_run(sapper_store *s, sapper_tournament_def *def,
                                int64_t run_id, const char *text, char *err,
                                size_t errcap)
{
    sqlite3_stmt *q;
    sapper_status st = SAPPER_OK;
    if (sqlite3_prepare_v2(s->db, "SELECT definition, master_seed FROM runs WHERE id = ?",
                           -1, &q, NULL) != SQLITE_OK)
        return db_error(s, "read run", err, errcap);
    sqlite3_bind_int64(q, 1, run_id);
    if (sqlite3_step(q) != SQLITE_ROW) {
        sqlite3_finalize(q);
        return db_error(s, "read run", err, errcap);
    }
    const char *stored = (const char *)sqlite3_column_text(q, 0);
    if (strcmp(stored, text) != 0 && only_more_games(stored, text)) {
        st = extend_run(s, def, run_id, text, err, errcap);
    } else if (strcmp(stored, text) != 0) {
        char diff[512];
        sapper_text_first_difference(stored, text, "stored", "now", diff, sizeof diff);
        snprintf(err, errcap, "%s: the config differs from the stored tournament "
                 "(run %lld): %s; use another db or the original config",
                 def->db, (long long)run_id, diff);
        st = SAPPER_ERR_PARAM;
    }
    if (st == SAPPER_OK && !def->seed_given)
        def->seed = strtoull((const char *)sqlite3_column_text(q, 1), NULL, 10);
    sqlite3_finalize(q);
    return st;
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
static void create_ruleset_view(sapper_store *s, const sapper_tournament_def *def)
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

static sapper_status begin_run(sapper_store *s, sapper_tournament_def *def, int resume,
                               int64_t *run_id, char *err, size_t errcap);

/* The stored head of run id into s->head (NULL when the run has none). */
static void load_head(sapper_store *s, int64_t id)
{
    sqlite3_stmt *q;
    free(s->head);
    s->head = NULL;
    if (sqlite3_prepare_v2(s->db, "SELECT head FROM runs WHERE id = ?", -1, &q, NULL) != SQLITE_OK)
        return;
    sqlite3_bind_int64(q, 1, id);
    if (sqlite3_step(q) == SQLITE_ROW && sqlite3_column_type(q, 0) != SQLITE_NULL)
        s->head = strdup((const char *)sqlite3_column_text(q, 0));
    sqlite3_finalize(q);
}

sapper_status sapper_store_begin_run(sapper_store *s, sapper_tournament_def *def,
                                     int resume, int64_t *run_id,
                                     char *err, size_t errcap)
{
    sapper_status st = begin_run(s, def, resume, run_id, err, errcap);
    if (st == SAPPER_OK) {
        load_head(s, *run_id);
        sapper_lines_close(s->lines);
        s->lines = NULL;
        if (sapper_lines_open(s->db, *run_id, &s->lines) != SQLITE_OK)
            st = db_error(s, "read the run's replay lines", err, errcap);
    }
    return st;
}

static sapper_status begin_run(sapper_store *s, sapper_tournament_def *def, int resume,
                               int64_t *run_id, char *err, size_t errcap)
{
    create_ruleset_view(s, def);
    sapper_strbuf text = {0};
    sapper_tournament_def_text(def, &text);
    int64_t last = sapper_store_last_run(s);
    sapper_status st;
    if (last < -1) {
        st = db_error(s, "read the runs", err, errcap);
    } else if (last >= 0 && resume) {
        *run_id = last;
        st = resume_run(s, def, last, sapper_strbuf_str(&text), err, errcap);
    } else if (last >= 0 && count_games(s, last) > 0) {
        snprintf(err, errcap, "%s already holds a tournament (run %lld, %lld games): "
                 "add --resume to complete it, or choose another db",
                 def->db, (long long)last, (long long)count_games(s, last));
        st = SAPPER_ERR_PARAM;
    } else {
        st = insert_run(s, def, sapper_strbuf_str(&text), run_id, err, errcap);
    }
    sapper_strbuf_free(&text);
    return st;
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

sapper_status sapper_store_failure(sapper_store *s, const char *what, char *err,
                                   size_t errcap)
{
    return db_error(s, what, err, errcap);
}

/* digits: 17 keeps every double exact (returns); 6 keep a time to the
   microsecond below a second, and 11 bytes fewer a seat and row. */
static void json_numbers(sapper_strbuf *b, const double *v, int32_t n,
                         int digits)
{
    sapper_strbuf_printf(b, "[");
    for (int32_t i = 0; i < n; i++)
        sapper_strbuf_printf(b, "%s%.*g", i ? "," : "", digits, v[i]);
    sapper_strbuf_printf(b, "]");
}

static void json_seats(sapper_strbuf *b, const sapper_tournament_def *def,
                       const sapper_tgame *g)
{
    sapper_strbuf_printf(b, "[");
    for (int32_t i = 0; i < g->nseats; i++) {
        sapper_strbuf_printf(b, "%s", i ? "," : "");
        sapper_strbuf_json(b, def->entrants[g->seats[i]].name);
    }
    sapper_strbuf_printf(b, "]");
}

static void json_params(sapper_strbuf *b, const sapper_param_set *p)
{
    sapper_strbuf_printf(b, "{");
    for (uint32_t i = 0; i < p->count; i++) {
        sapper_strbuf_printf(b, "%s", i ? "," : "");
        sapper_strbuf_json(b, p->items[i].key);
        sapper_strbuf_printf(b, ":");
        sapper_strbuf_json(b, p->items[i].value);
    }
    sapper_strbuf_printf(b, "}");
}

static const char *outcome_of(const sapper_game_record *r)
{
    if (r->voided)
        return "void";
    if (r->reason[0])
        return "forfeit";
    return "played";
}

static sapper_status begin_batch(sapper_store *s, char *err, size_t errcap)
{
    if (s->in_batch)
        return SAPPER_OK;
    if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        return db_error(s, "begin", err, errcap);
    s->in_batch = 1;
    s->batch_rows = 0;
    clock_gettime(CLOCK_MONOTONIC, &s->batch_started);
    return SAPPER_OK;
}

double sapper_store_pending_age(const sapper_store *s)
{
    struct timespec now;
    if (!s->in_batch)
        return -1;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - s->batch_started.tv_sec) +
           (double)(now.tv_nsec - s->batch_started.tv_nsec) / 1e9;
}

sapper_status sapper_store_commit(sapper_store *s, char *err, size_t errcap)
{
    if (!s->in_batch)
        return SAPPER_OK;
    s->in_batch = 0;
    if (sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
        return db_error(s, "commit", err, errcap);
    return SAPPER_OK;
}

static void bind_text(sqlite3_stmt *q, int i, const char *v)
{
    if (v)
        sqlite3_bind_text(q, i, v, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(q, i);
}

/* Binds a game's replay to the insert's actions and times: after the run's
   head, its lines numbered (sapper_lines_encode) and its moves' times
   apart; NULL actions for a game with none (its worker died), NULL times
   for a replay without them. An SQLite result code. */
static int bind_replay(sapper_store *s, sqlite3_stmt *q, const char *replay,
                       const char *seed)
{
    if (!replay) {
        sqlite3_bind_null(q, 17);
        sqlite3_bind_null(q, 18);
        return SQLITE_OK;
    }
    size_t cut = s->head && strncmp(replay, s->head, strlen(s->head)) == 0
                 ? strlen(s->head) : 0;
    sapper_strbuf untimed = {0}, actions = {0}, times = {0};
    int64_t *ms = NULL;
    size_t n = 0;
    int rc = sapper_replay_cut_times(replay + cut, &untimed, &ms, &n) ? SQLITE_NOMEM
                                                                      : SQLITE_OK;
    sapper_strbuf_append(&actions, "", 0);   /* an empty blob, not NULL */
    if (rc == SQLITE_OK)
        rc = sapper_lines_encode(s->lines, sapper_strbuf_str(&untimed), seed, &actions);
    if (rc == SQLITE_OK && n > 0)
        rc = sapper_lines_encode_times(ms, n, &times);
    if (rc == SQLITE_OK) {
        sqlite3_bind_blob(q, 17, actions.data, (int)actions.len, SQLITE_TRANSIENT);
        if (n > 0)
            sqlite3_bind_blob(q, 18, times.data, (int)times.len, SQLITE_TRANSIENT);
        else
            sqlite3_bind_null(q, 18);
    }
    free(ms);
    sapper_strbuf_free(&untimed);
    sapper_strbuf_free(&actions);
    sapper_strbuf_free(&times);
    return rc;
}

sapper_status sapper_store_add(sapper_store *s, int64_t run_id,
                               const sapper_tournament_def *def,
                               const sapper_tgame *g,
                               const sapper_game_record *r, int64_t host,
                               char *err, size_t errcap)
{
    sapper_status st = begin_batch(s, err, errcap);
    if (st != SAPPER_OK)
        return st;
    sapper_strbuf params = {0}, seats = {0}, returns = {0}, think = {0}, steps = {0};
    double nsteps[SAPPER_MAX_SEATS];
    for (int32_t i = 0; i < r->nseats; i++)
        nsteps[i] = (double)r->steps[i];
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)g->seed);
    json_seats(&seats, def, g);
    json_numbers(&returns, r->returns, r->nseats, 17);
    json_numbers(&think, r->think, r->nseats, 6);
    json_numbers(&steps, nsteps, r->nseats, 17);
    sqlite3_stmt *q = s->insert;
    sqlite3_bind_int64(q, 1, run_id);
    sqlite3_bind_int64(q, 2, g->index);
    sqlite3_bind_int64(q, 3, g->board);
    bind_text(q, 4, seed);
    bind_text(q, 5, def->base.rules->desc.id);
    if (!s->head)   /* a run from before schema 3: the row keeps its parameters */
        json_params(&params, def->stored_params.count ? &def->stored_params
                                                      : &def->base.rules_params);
    bind_text(q, 6, sapper_strbuf_str(&params));
    bind_text(q, 7, sapper_strbuf_str(&seats));
    bind_text(q, 8, outcome_of(r));
    bind_text(q, 9, sapper_strbuf_str(&returns));
    bind_text(q, 10, r->reason);
    bind_text(q, 11, r->culprit >= 0 ? def->entrants[g->seats[r->culprit]].name : NULL);
    sqlite3_bind_double(q, 12, r->seconds);
    sqlite3_bind_int64(q, 13, r->moves);
    bind_text(q, 14, sapper_strbuf_str(&think));
    bind_text(q, 15, sapper_strbuf_str(&steps));
    bind_text(q, 16, r->json);
    sqlite3_bind_int64(q, 19, host);
    int rc = bind_replay(s, q, r->replay, seed);
    if (rc == SQLITE_OK)
        rc = sqlite3_step(q);
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    sapper_strbuf_free(&params);
    sapper_strbuf_free(&seats);
    sapper_strbuf_free(&returns);
    sapper_strbuf_free(&think);
    sapper_strbuf_free(&steps);
    if (rc != SQLITE_DONE)
        return db_error(s, "insert game", err, errcap);
    if (++s->batch_rows >= BATCH_ROWS)
        return sapper_store_commit(s, err, errcap);
    return SAPPER_OK;
}

/* Runs sql with ?1 run_id, ?2 name, ?3 rank and returns its first
   column's integer, -1 without a row, -2 on an error. */
static int64_t host_query(sapper_store *s, const char *sql, int64_t run_id,
                          const char *name, int rank)
{
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(s->db, sql, -1, &q, NULL) != SQLITE_OK)
        return -2;
    sqlite3_bind_int64(q, 1, run_id);
    sqlite3_bind_text(q, 2, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(q, 3, rank);
    int rc = sqlite3_step(q);
    int64_t v = rc == SQLITE_ROW ? sqlite3_column_int64(q, 0) : rc == SQLITE_DONE ? -1 : -2;
    sqlite3_finalize(q);
    return v;
}

sapper_status sapper_store_host(sapper_store *s, int64_t run_id, const char *name,
                                int rank, int64_t *id, char *err, size_t errcap)
{
    static const char find[] =
        "SELECT id FROM hosts WHERE run_id = ?1 AND name = ?2 AND rank = ?3";
    *id = host_query(s, find, run_id, name, rank);
    if (*id == -1 &&
        host_query(s, "INSERT INTO hosts(run_id, id, name, rank) SELECT ?1, "
                   "coalesce(max(id) + 1, 0), ?2, ?3 FROM hosts WHERE run_id = ?1",
                   run_id, name, rank) == -1)
        *id = host_query(s, find, run_id, name, rank);
    return *id >= 0 ? SAPPER_OK : db_error(s, "record the host", err, errcap);
}

sapper_status sapper_store_placement(sapper_store *s, int64_t run_id,
                                     sapper_store_host_fn fn, void *ctx,
                                     char *err, size_t errcap)
{
    if (!has_column(s->db, "games", "host") || !has_column(s->db, "hosts", "rank"))
        return SAPPER_OK;   /* a file from before schema 6, read as it is */
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(s->db, "SELECT h.name, h.rank, count(*) FROM games g JOIN hosts h"
                           " ON h.run_id = g.run_id AND h.id = g.host WHERE g.run_id = ?"
                           " GROUP BY h.name, h.rank ORDER BY h.rank, h.name", -1, &q,
                           NULL) != SQLITE_OK)
        return db_error(s, "read hosts", err, errcap);
    sqlite3_bind_int64(q, 1, run_id);
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW)
        fn(ctx, (const char *)sqlite3_column_text(q, 0), sqlite3_column_int(q, 1),
           sqlite3_column_int64(q, 2));
    sqlite3_finalize(q);
    return rc == SQLITE_DONE ? SAPPER_OK : db_error(s, "read hosts", err, errcap);
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
        return db_error(s, "read games", err, errcap);
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
                     : db_error(s, "read games", err, errcap);
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
             has_column(s->db, "runs", "head") ? "r.head" : "NULL",
             has_column(s->db, "games", "times") ? "g.times" : "NULL");
    if (sqlite3_prepare_v2(s->db, sql, -1, &q, NULL) != SQLITE_OK) {
        db_error(s, "read game", err, errcap);
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
    int64_t stored = run >= 0 ? count_games(s, run) : 0;
    if (run < 0)
        st = run < -1 ? db_error(s, "read the runs", err, errcap) : SAPPER_ERR_PARAM;
    else
        st = resume_run(s, def, run, sapper_strbuf_str(&text), err, errcap);
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

