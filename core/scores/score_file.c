/*
 * score_file.c - the score file: one SQLite database, one row per scored
 * game of any ruleset. Writing creates the directory and the file when
 * missing, and brings a file of the older, deductive-only format up to
 * date in place; reading never creates or changes anything (a missing file
 * is an empty board). A file that is not a score file is refused by name.
 * The tables and the arithmetic are score_tables.c's; deciding which games
 * are scored is score_game.c's.
 *
 * Schema (user_version 2):
 *   games(id INTEGER PRIMARY KEY, name TEXT NOT NULL,
 *         seconds REAL,              -- the player's time; NULL: a loss
 *         played_at INTEGER NOT NULL, -- Unix time of the end of the game
 *         ruleset TEXT NOT NULL,     -- the rules' id
 *         board TEXT NOT NULL,       -- sapper_score.board
 *         label TEXT NOT NULL,       -- sapper_score.label
 *         method INTEGER NOT NULL,   -- SAPPER_SCORE_*
 *         bbbv INTEGER NOT NULL,     -- the board's 3BV, 0 unknown
 *         result TEXT NOT NULL)      -- the game's JSON result line: its
 *                                       statistics (clicks, wasted, ...)
 * user_version 1 (deductive only, before the engine kept the scoreboard)
 * had the first four columns: its rows are deductive 25x14 games, and
 * the columns added by the upgrade carry exactly those values.
 */
#include "scores.h"

#include <errno.h>
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define BUSY_MS 5000   /* another sapper may be writing its score */
#define SCHEMA_VERSION 3

/* What the columns of a version 1 file stand for. */
#define V1_COLUMNS "'deductive', 'deductive 25x14', '25x14', 2, 0"

static const char schema[] =
    "CREATE TABLE games("
    " id INTEGER PRIMARY KEY,"
    " name TEXT NOT NULL,"
    " seconds REAL,"
    " played_at INTEGER NOT NULL,"
    " ruleset TEXT NOT NULL,"
    " board TEXT NOT NULL,"
    " label TEXT NOT NULL,"
    " method INTEGER NOT NULL,"
    " bbbv INTEGER NOT NULL,"
    " result TEXT NOT NULL,"
    " ranked INTEGER NOT NULL DEFAULT 1);"
    "CREATE INDEX games_board ON games(board, played_at);"
    "PRAGMA user_version = 3;";

/* Version 1 to 3, in place: the new columns with the values every version
   1 row stands for. */
static const char upgrade_from_1[] =
    "ALTER TABLE games ADD COLUMN ruleset TEXT NOT NULL DEFAULT 'deductive';"
    "ALTER TABLE games ADD COLUMN board TEXT NOT NULL DEFAULT 'deductive 25x14';"
    "ALTER TABLE games ADD COLUMN label TEXT NOT NULL DEFAULT '25x14';"
    "ALTER TABLE games ADD COLUMN method INTEGER NOT NULL DEFAULT 2;"
    "ALTER TABLE games ADD COLUMN bbbv INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE games ADD COLUMN result TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE games ADD COLUMN ranked INTEGER NOT NULL DEFAULT 1;"
    "CREATE INDEX games_board ON games(board, played_at);"
    "PRAGMA user_version = 3;";

/* Version 2 to 3, in place: whether a game may rank (every version 2 game
   was ranked). */
static const char upgrade_from_2[] =
    "ALTER TABLE games ADD COLUMN ranked INTEGER NOT NULL DEFAULT 1;"
    "PRAGMA user_version = 3;";

/* The file name under the data directory, now and before. */
#define DEFAULT_NAME "scores.db"
#define OLD_DEFAULT_NAME "deductive-scores.db"

static int data_path(const char *name, char *buf, size_t cap)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')   /* the spec ignores relative values */
        n = snprintf(buf, cap, "%s/sapper/%s", xdg, name);
    else if (home && *home)
        n = snprintf(buf, cap, "%s/.local/share/sapper/%s", home, name);
    else
        return -1;
    return n > 0 && (size_t)n < cap ? 0 : -1;
}

int scores_default_path(char *buf, size_t cap)
{
    return data_path(DEFAULT_NAME, buf, cap);
}

/* The older default file when path is the default and is missing while
   the older one exists; NULL otherwise. */
static const char *older_default(const char *path, char *buf, size_t cap)
{
    char now[4096];
    if (scores_default_path(now, sizeof now) || strcmp(now, path) != 0 ||
        access(path, F_OK) == 0 || data_path(OLD_DEFAULT_NAME, buf, cap) ||
        access(buf, F_OK) != 0)
        return NULL;
    return buf;
}

/* mkdir -p of the directory part of path. */
static int make_parent_dirs(const char *path, char *err, size_t errcap)
{
    char dir[4096];
    if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir) {
        snprintf(err, errcap, "score file name too long: %s", path);
        return -1;
    }
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
            snprintf(err, errcap, "cannot create directory %s for the score "
                     "file: %s", dir, strerror(errno));
            return -1;
        }
        *p = '/';
    }
    return 0;
}

/* "path: message" of the database's last error; closes db. */
static int db_fail(sqlite3 *db, const char *path, const char *what,
                   char *err, size_t errcap)
{
    snprintf(err, errcap, "score file %s: %s: %s", path, what,
             db ? sqlite3_errmsg(db) : "out of memory");
    sqlite3_close(db);
    return -1;
}

static int open_db(const char *path, int flags, sqlite3 **db, char *err,
                   size_t errcap)
{
    struct stat info;   /* SQLite says "disk I/O error" for a directory */
    if (stat(path, &info) == 0 && !S_ISREG(info.st_mode)) {
        snprintf(err, errcap, "score file %s: cannot open: not a regular file", path);
        return -1;
    }
    if (sqlite3_open_v2(path, db, flags, NULL) != SQLITE_OK)
        return db_fail(*db, path, "cannot open", err, errcap);
    sqlite3_busy_timeout(*db, BUSY_MS);
    return 0;
}


/* The user_version of db, or -1 with err set. */
static int file_version(sqlite3 *db, const char *path, char *err,
                        size_t errcap)
{
    sqlite3_stmt *st = NULL;
    int v = -1;
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    if (v < 0)
        snprintf(err, errcap, "score file %s: cannot read it: %s", path,
                 sqlite3_errmsg(db));
    return v;
}

/* 1 when db has any table, 0 when it is empty. */
static int has_tables(sqlite3 *db)
{
    sqlite3_stmt *st = NULL;
    int found = 0;
    if (sqlite3_prepare_v2(db, "SELECT 1 FROM sqlite_master WHERE type = 'table'",
                           -1, &st, NULL) == SQLITE_OK)
        found = sqlite3_step(st) == SQLITE_ROW;
    sqlite3_finalize(st);
    return found;
}

/* The version of a score file: 1 to 3; 0 for an empty database (a new
   file); -1 with err naming the file for anything else. */
static int score_version(sqlite3 *db, const char *path, char *err,
                         size_t errcap)
{
    int v = file_version(db, path, err, errcap);
    if (v < 0)
        return -1;
    if (v == 0 && !has_tables(db))
        return 0;
    if (v >= 1 && v <= SCHEMA_VERSION)
        return v;
    snprintf(err, errcap, "score file %s: not a Sapper score file (expected "
             "user_version 1 to %d and a games table, found user_version %d%s); "
             "it is left as it is", path, SCHEMA_VERSION, v,
             has_tables(db) ? " with other tables" : "");
    return -1;
}

/* Makes db a score file of SCHEMA_VERSION (a new file, or an older one
   brought up to date, all in one transaction). */
static int make_current(sqlite3 *db, const char *path, char *err,
                        size_t errcap)
{
    if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        return db_fail(db, path, "cannot lock it", err, errcap);
    int v = score_version(db, path, err, errcap);
    const char *sql = v == 0 ? schema : v == 1 ? upgrade_from_1
                    : v == 2 ? upgrade_from_2 : NULL;
    if (v < 0) {
        sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
        sqlite3_close(db);
        return -1;
    }
    if (sql && sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK) {
        snprintf(err, errcap, "score file %s: %s: %s", path,
                 v ? "cannot bring it up to date" : "cannot create the table",
                 sqlite3_errmsg(db));
        sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
        sqlite3_close(db);
        return -1;
    }
    if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
        return db_fail(db, path, "cannot write it", err, errcap);
    return 0;
}

/* Copies the games of the older default file into the new one (db, just
   made current). */
static int adopt_older(sqlite3 *db, const char *path, const char *older,
                       char *err, size_t errcap)
{
    char *sql = sqlite3_mprintf(
        "ATTACH %Q AS older;"
        "INSERT INTO games(name, seconds, played_at, ruleset, board, label,"
        " method, bbbv, result) SELECT name, seconds, played_at, " V1_COLUMNS
        ", '' FROM older.games;"
        "DETACH older;", older);
    int rc = sql ? sqlite3_exec(db, sql, NULL, NULL, NULL) : SQLITE_NOMEM;
    sqlite3_free(sql);
    if (rc == SQLITE_OK)
        return 0;
    snprintf(err, errcap, "score file %s: cannot copy the games of %s: %s",
             path, older, sqlite3_errmsg(db));
    sqlite3_close(db);
    return -1;
}

int scores_add(const char *path, const scores_entry *e, const char *result,
               char *err, size_t errcap)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    char old[4096];
    const char *older = older_default(path, old, sizeof old);
    if (make_parent_dirs(path, err, errcap) ||
        open_db(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, &db, err,
                errcap) ||
        make_current(db, path, err, errcap) ||
        (older && adopt_older(db, path, older, err, errcap)))
        return -1;
    if (sqlite3_prepare_v2(db, "INSERT INTO games(name, seconds, played_at, "
                           "ruleset, board, label, method, bbbv, result, ranked) "
                           "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", -1, &st, NULL)
        != SQLITE_OK)
        return db_fail(db, path, "not a score file", err, errcap);
    sqlite3_bind_text(st, 1, e->name, -1, SQLITE_STATIC);
    if (isfinite(e->seconds))
        sqlite3_bind_double(st, 2, e->seconds);
    else
        sqlite3_bind_null(st, 2);
    sqlite3_bind_int64(st, 3, e->played_at);
    sqlite3_bind_text(st, 4, e->ruleset, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 5, e->board, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 6, e->label, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 7, e->method);
    sqlite3_bind_int(st, 8, e->bbbv);
    sqlite3_bind_text(st, 9, result ? result : "", -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 10, !e->unranked);
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return db_fail(db, path, "cannot add the score", err, errcap);
    sqlite3_close(db);
    return 0;
}

/* Reads the rows of a prepared SELECT name, seconds, played_at. */
/* Latest date a score may carry: the end of year 9999, so every stored
   time converts to a calendar date. */
#define LATEST_PLAYED_AT INT64_C(253402300799)
/* Longest time a score may carry (31 years): the table prints it whole. */
#define MOST_SECONDS 1e9

/* Is column col a text of 1 to SCORES_KEY_MAX - 1 bytes with no NUL
   inside (the copy would end there: a key cut short, even to nothing)?
   Its type is asked first: reading it as text would convert it. */
static int is_key_text(sqlite3_stmt *st, int col)
{
    if (sqlite3_column_type(st, col) != SQLITE_TEXT)
        return 0;
    const unsigned char *text = sqlite3_column_text(st, col);
    int n = sqlite3_column_bytes(st, col);
    return text && n >= 1 && n < SCORES_KEY_MAX && strlen((const char *)text) == (size_t)n;
}

/* What is wrong with the row under st (the columns of COLUMNS), or NULL,
   with the column at fault in *col: a score is NULL (a loss) or a number
   from 0, a date a whole number of seconds since 1970 up to
   LATEST_PLAYED_AT, a board a text of up to 63 bytes, a method one of
   SAPPER_SCORE_*, a 3BV a whole number from 0, ranked 0 or 1. */
static const char *bad_row(sqlite3_stmt *st, int *col)
{
    int type = sqlite3_column_type(st, *col = 2);
    if (type != SQLITE_NULL && type != SQLITE_INTEGER && type != SQLITE_FLOAT)
        return "seconds: expected a number or NULL (a loss)";
    double seconds = sqlite3_column_double(st, 2);
    if (type != SQLITE_NULL && !(seconds >= 0 && seconds <= MOST_SECONDS))
        return "seconds: expected a number from 0 to 1e9";
    int64_t at = sqlite3_column_int64(st, *col = 3);
    if (sqlite3_column_type(st, 3) != SQLITE_INTEGER || at < 0 || at > LATEST_PLAYED_AT)
        return "played_at: expected seconds since 1970 up to the year 9999";
    if (!is_key_text(st, *col = 5))
        return "board: expected a text of 1 to 63 bytes";
    int method = sqlite3_column_int(st, *col = 7);
    if (sqlite3_column_type(st, 7) != SQLITE_INTEGER ||
        (method != SAPPER_SCORE_FASTEST && method != SAPPER_SCORE_HARMONIC))
        return "method: expected 1 (fastest) or 2 (harmonic)";
    if (sqlite3_column_type(st, *col = 8) != SQLITE_INTEGER ||
        sqlite3_column_int64(st, 8) < 0 || sqlite3_column_int64(st, 8) > INT32_MAX)
        return "bbbv: expected a whole number from 0";
    if (sqlite3_column_type(st, *col = 9) != SQLITE_INTEGER ||
        (sqlite3_column_int64(st, 9) != 0 && sqlite3_column_int64(st, 9) != 1))
        return "ranked: expected 0 or 1";
    return NULL;
}

/* Copies text column col into out (cap bytes), "" for NULL. */
static void column_text(sqlite3_stmt *st, int col, char *out, size_t cap)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    snprintf(out, cap, "%s", t ? (const char *)t : "");
}

/* Reads every row into *out (malloc'd, *n entries). SQLITE_DONE when all
   were read; SQLITE_MISMATCH with the reason in err when a row is bad. */
static int read_rows(sqlite3_stmt *st, scores_entry **out, size_t *n,
                     char *err, size_t errcap)
{
    size_t cap = 0;
    int rc;
    *out = NULL;
    *n = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int col;
        const char *why = bad_row(st, &col);
        if (why) {
            const unsigned char *found = sqlite3_column_text(st, col);
            const unsigned char *id = sqlite3_column_text(st, 0);
            snprintf(err, errcap, "row id %s: %s, found \"%s\"",
                     id ? (const char *)id : "NULL", why,
                     found ? (const char *)found : "NULL");
            return SQLITE_MISMATCH;
        }
        if (*n == cap) {
            cap = cap ? 2 * cap : 64;
            scores_entry *more = realloc(*out, cap * sizeof **out);
            if (!more)
                return SQLITE_NOMEM;
            *out = more;
        }
        scores_entry *e = &(*out)[(*n)++];
        const unsigned char *name = sqlite3_column_text(st, 1);
        scores_name(name ? (const char *)name : "", e->name, sizeof e->name);
        e->seconds = sqlite3_column_type(st, 2) == SQLITE_NULL
            ? INFINITY : sqlite3_column_double(st, 2);
        e->played_at = sqlite3_column_int64(st, 3);
        column_text(st, 4, e->ruleset, sizeof e->ruleset);
        column_text(st, 5, e->board, sizeof e->board);
        column_text(st, 6, e->label, sizeof e->label);
        e->method = sqlite3_column_int(st, 7);
        e->bbbv = sqlite3_column_int(st, 8);
        e->unranked = !sqlite3_column_int(st, 9);
    }
    return rc;
}

/* The games of a file of version v, filtered: ?1 the ruleset, ?2 the
   board (NULL: any). */
static const char *select_for(int v)
{
    return v == 1
        ? "SELECT * FROM (SELECT id, name, seconds, played_at, " V1_COLUMNS
          ", 1 FROM games) WHERE (?1 IS NULL OR 'deductive' = ?1) AND"
          " (?2 IS NULL OR 'deductive 25x14' = ?2) ORDER BY played_at, id"
        : v == 2
        ? "SELECT id, name, seconds, played_at, ruleset, board, label, method,"
          " bbbv, 1 FROM games WHERE (?1 IS NULL OR ruleset = ?1) AND"
          " (?2 IS NULL OR board = ?2) ORDER BY played_at, id"
        : "SELECT id, name, seconds, played_at, ruleset, board, label, method,"
          " bbbv, ranked FROM games WHERE (?1 IS NULL OR ruleset = ?1) AND"
          " (?2 IS NULL OR board = ?2) ORDER BY played_at, id";
}

int scores_load(const char *path, const char *ruleset, const char *board,
                scores_entry **out, size_t *n, char *err, size_t errcap)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    char old[4096];
    const char *older = older_default(path, old, sizeof old);
    *out = NULL;
    *n = 0;
    path = older ? older : path;
    if (access(path, F_OK) != 0)
        return 0;   /* no games yet; reading creates nothing */
    if (open_db(path, SQLITE_OPEN_READONLY, &db, err, errcap))
        return -1;
    int v = score_version(db, path, err, errcap);
    if (v < 0) {
        sqlite3_close(db);
        return -1;
    }
    if (v == 0) {
        sqlite3_close(db);
        return 0;   /* an empty database: no games yet */
    }
    if (sqlite3_prepare_v2(db, select_for(v), -1, &st, NULL) != SQLITE_OK)
        return db_fail(db, path, "not a score file", err, errcap);
    if (ruleset)
        sqlite3_bind_text(st, 1, ruleset, -1, SQLITE_STATIC);
    if (board)
        sqlite3_bind_text(st, 2, board, -1, SQLITE_STATIC);
    char why[256] = "";
    int rc = read_rows(st, out, n, why, sizeof why);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        free(*out);
        *out = NULL;
        *n = 0;
        if (rc != SQLITE_MISMATCH)
            return db_fail(db, path, "cannot read the scores", err, errcap);
        snprintf(err, errcap, "score file %s: %s", path, why);
        sqlite3_close(db);
        return -1;
    }
    sqlite3_close(db);
    return 0;
}
