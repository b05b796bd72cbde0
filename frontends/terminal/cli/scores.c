/*
 * scores.c - the deductive score file: one SQLite database, one row per
 * scored game. Writing creates the directory and the file when missing;
 * reading never creates anything (a missing file is an empty board). The
 * tables and the arithmetic are scores_board.c's; deciding which games
 * are scored is scores_game.c's.
 *
 * Schema (user_version 1):
 *   games(id INTEGER PRIMARY KEY, name TEXT NOT NULL,
 *         seconds REAL,              -- the player's time; NULL: a loss
 *         played_at INTEGER NOT NULL -- Unix time of the end of the game)
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

static const char schema[] =
    "CREATE TABLE IF NOT EXISTS games("
    " id INTEGER PRIMARY KEY,"
    " name TEXT NOT NULL,"
    " seconds REAL,"
    " played_at INTEGER NOT NULL);"
    "PRAGMA user_version = 1;";

int scores_default_path(char *buf, size_t cap)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')   /* the spec ignores relative values */
        n = snprintf(buf, cap, "%s/sapper/deductive-scores.db", xdg);
    else if (home && *home)
        n = snprintf(buf, cap, "%s/.local/share/sapper/deductive-scores.db",
                     home);
    else
        return -1;
    return n > 0 && (size_t)n < cap ? 0 : -1;
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

int scores_add(const char *path, const scores_entry *e, char *err,
               size_t errcap)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    if (make_parent_dirs(path, err, errcap) ||
        open_db(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, &db, err,
                errcap))
        return -1;
    if (sqlite3_exec(db, schema, NULL, NULL, NULL) != SQLITE_OK)
        return db_fail(db, path, "cannot create the table", err, errcap);
    if (sqlite3_prepare_v2(db, "INSERT INTO games(name, seconds, played_at) "
                           "VALUES(?, ?, ?)", -1, &st, NULL) != SQLITE_OK)
        return db_fail(db, path, "not a score file", err, errcap);
    sqlite3_bind_text(st, 1, e->name, -1, SQLITE_STATIC);
    if (isfinite(e->seconds))
        sqlite3_bind_double(st, 2, e->seconds);
    else
        sqlite3_bind_null(st, 2);
    sqlite3_bind_int64(st, 3, e->played_at);
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

/* What is wrong with the row under st (columns id, name, seconds,
   played_at), or NULL, with the column at fault in *col: a score is NULL
   (a loss) or a number from 0, a date a whole number of seconds since
   1970 up to LATEST_PLAYED_AT. */
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
    return NULL;
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
    }
    return rc;
}

int scores_load(const char *path, scores_entry **out, size_t *n, char *err,
                size_t errcap)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    *out = NULL;
    *n = 0;
    if (access(path, F_OK) != 0)
        return 0;   /* no games yet; reading creates nothing */
    if (open_db(path, SQLITE_OPEN_READONLY, &db, err, errcap))
        return -1;
    if (sqlite3_prepare_v2(db, "SELECT id, name, seconds, played_at FROM games "
                           "ORDER BY played_at, id", -1, &st, NULL)
        != SQLITE_OK)
        return db_fail(db, path, "not a score file", err, errcap);
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
