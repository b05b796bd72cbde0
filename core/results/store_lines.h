/*
 * store_lines.h - a stored game's replay as numbered lines of its run
 * (results schema 4), so the database holds each distinct line once, and
 * its moves' times as numbers apart (schema 5). Used by store_write.c and
 * store_read.c only; the formats are in store_lines.c.
 */
#ifndef SAPPER_STORE_LINES_H
#define SAPPER_STORE_LINES_H

#include "strbuf.h"

#include <sqlite3.h>
#include <stdint.h>

/** A run's table of lines, for writing its games. */
typedef struct sapper_lines sapper_lines;

/** Loads run_id's lines from db (a resumed run has some); *out is the
 *  caller's, closed with sapper_lines_close. An SQLite result code. */
int sapper_lines_open(sqlite3 *db, int64_t run_id, sapper_lines **out);
void sapper_lines_close(sapper_lines *d);

/** Appends the compact form of text (a replay's lines; seed is the row's
 *  seed column as text) to blob, inserting the lines the run did not have
 *  yet into db (inside the caller's transaction). An SQLite result code. */
int sapper_lines_encode(sapper_lines *d, const char *text, const char *seed,
                        sapper_strbuf *blob);

/** The text a blob stands for (malloc'd, NUL-terminated, *len bytes), or
 *  NULL with a reason naming the database in err. */
char *sapper_lines_decode(sqlite3 *db, int64_t run_id, const void *blob,
                          size_t size, const char *seed, size_t *len,
                          char *err, size_t errcap);

/** Appends the compact form of n move times (milliseconds since the game
 *  began, in order, none earlier than the one before) to blob. An SQLite
 *  result code. */
int sapper_lines_encode_times(const int64_t *ms, size_t n, sapper_strbuf *blob);

/** The times a blob stands for into ms (at most cap), their count in *n;
 *  -1 when the blob is damaged (or holds more than cap). */
int sapper_lines_decode_times(const void *blob, size_t size, int64_t *ms, size_t cap,
                              size_t *n);

#endif
