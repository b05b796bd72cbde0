/*
 * store_lines.c - the compact form of a stored game's replay (results
 * schema 4; see store_lines.h). A replay is lines of text, and within a run
 * almost every line recurs: each entrant's plugin and seat lines, every
 * `move 1 reveal 9 3`, most `outcome` lines. A run keeps each distinct line
 * once, numbered, in lines(run_id, id, text), and a game's actions are a
 * blob of unsigned LEB128 varints:
 *
 *   0 n BYTES   a literal piece of n bytes (its newline included, if any)
 *   1           "seed S\n", S being the row's seed column
 *   k >= 2      line k - 2 of the run's dictionary, then "\n"
 *
 * Ids are given as lines are first stored, so they depend on the order
 * games finished in; the replay a blob decodes to does not. A run keeps at
 * most MAX_LINES lines; later new lines are stored literally.
 *
 * The encoder's dictionary lives in memory (a hash of the run's lines,
 * loaded when a run is resumed); the decoder reads only the lines a game
 * uses. Nothing here knows what a line means.
 *
 * The moves' times (results schema 5: games.times, the replay's `at MS`
 * taken off its lines) are a blob of varints too, each move's time less
 * the one before it (the first's less 0):
 *
 *   2d          the next move, d > 0 ms after the one before
 *   2r - 1      the next r moves, at the time of the one before
 */
#include "store_lines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINES (1 << 20)

struct sapper_lines {
    sqlite3_stmt *insert;
    int64_t run_id;
    char **text;          /* by id */
    uint32_t *hash;       /* slot -> id + 1, 0 empty */
    uint32_t count, mask; /* lines; hash slots - 1 */
};

static uint32_t hash_text(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

/* The slot holding line s (n bytes), or the empty slot it would take. */
static uint32_t slot_of(const sapper_lines *d, const char *s, size_t n)
{
    uint32_t h = hash_text(s, n) & d->mask;
    for (; d->hash[h]; h = (h + 1) & d->mask) {
        const char *t = d->text[d->hash[h] - 1];
        if (strncmp(t, s, n) == 0 && t[n] == 0)
            break;
    }
    return h;
}

/* Doubles the hash (and the id array) when it is half full. */
static int grow(sapper_lines *d)
{
    if ((d->count + 1) * 2 <= d->mask + 1)
        return 1;
    uint32_t slots = (d->mask + 1) * 2;
    uint32_t *hash = calloc(slots, sizeof *hash);
    char **text = realloc(d->text, (size_t)slots / 2 * sizeof *text);
    if (!hash || !text) {
        free(hash);
        if (text)
            d->text = text;
        return 0;
    }
    d->text = text;
    free(d->hash);
    d->hash = hash;
    d->mask = slots - 1;
    for (uint32_t id = 0; id < d->count; id++)
        d->hash[slot_of(d, text[id], strlen(text[id]))] = id + 1;
    return 1;
}

/* Adds a line to the memory side only; its id, or -1. */
static int64_t remember(sapper_lines *d, const char *s, size_t n)
{
    if (d->count >= MAX_LINES || !grow(d))
        return -1;
    char *copy = malloc(n + 1);
    if (!copy)
        return -1;
    memcpy(copy, s, n);
    copy[n] = 0;
    d->text[d->count] = copy;
    d->hash[slot_of(d, s, n)] = d->count + 1;
    return d->count++;
}

static int load(sapper_lines *d, sqlite3 *db)
{
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(db, "SELECT text FROM lines WHERE run_id = ? ORDER BY id",
                           -1, &q, NULL) != SQLITE_OK)
        return SQLITE_ERROR;
    sqlite3_bind_int64(q, 1, d->run_id);
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW)
        if (remember(d, (const char *)sqlite3_column_text(q, 0),
                     (size_t)sqlite3_column_bytes(q, 0)) < 0) {
            rc = SQLITE_NOMEM;
            break;
        }
    sqlite3_finalize(q);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

int sapper_lines_open(sqlite3 *db, int64_t run_id, sapper_lines **out)
{
    sapper_lines *d = calloc(1, sizeof *d);
    *out = NULL;
    if (!d)
        return SQLITE_NOMEM;
    d->run_id = run_id;
    d->mask = 1023;
    d->hash = calloc(d->mask + 1, sizeof *d->hash);
    d->text = malloc((d->mask + 1) / 2 * sizeof *d->text);
    int rc = d->hash && d->text ? SQLITE_OK : SQLITE_NOMEM;
    if (rc == SQLITE_OK)
        rc = sqlite3_prepare_v2(db, "INSERT INTO lines(run_id, id, text) VALUES(?,?,?)",
                                -1, &d->insert, NULL);
    if (rc == SQLITE_OK)
        rc = load(d, db);
    if (rc != SQLITE_OK) {
        sapper_lines_close(d);
        return rc;
    }
    *out = d;
    return SQLITE_OK;
}

void sapper_lines_close(sapper_lines *d)
{
    if (!d)
        return;
    for (uint32_t i = 0; i < d->count; i++)
        free(d->text[i]);
    free(d->text);
    free(d->hash);
    sqlite3_finalize(d->insert);
    free(d);
}

/* ---- encoding ---------------------------------------------------------- */

static void put_varint(sapper_strbuf *b, uint64_t v)
{
    char byte[10];
    size_t n = 0;
    do {
        byte[n++] = (char)((v & 0x7f) | (v > 0x7f ? 0x80 : 0));
        v >>= 7;
    } while (v);
    sapper_strbuf_append(b, byte, n);
}

/* The id of a line, stored as a new one if need be; -1 to write it
   literally (the dictionary is full); -2 on a database error. */
static int64_t line_id(sapper_lines *d, const char *s, size_t n)
{
    uint32_t h = slot_of(d, s, n);
    if (d->hash[h])
        return d->hash[h] - 1;
    int64_t id = remember(d, s, n);
    if (id < 0)
        return -1;
    sqlite3_bind_int64(d->insert, 1, d->run_id);
    sqlite3_bind_int64(d->insert, 2, id);
    sqlite3_bind_text(d->insert, 3, s, (int)n, SQLITE_STATIC);
    int rc = sqlite3_step(d->insert);
    sqlite3_reset(d->insert);
    return rc == SQLITE_DONE ? id : -2;
}

static int is_row_seed(const char *s, size_t n, const char *seed)
{
    size_t k = strlen(seed);
    return n == 5 + k && memcmp(s, "seed ", 5) == 0 && memcmp(s + 5, seed, k) == 0;
}

int sapper_lines_encode(sapper_lines *d, const char *text, const char *seed,
                        sapper_strbuf *blob)
{
    while (*text) {
        size_t n = strcspn(text, "\n");
        int64_t id = -1;
        if (text[n] == '\n' && is_row_seed(text, n, seed))
            id = -3;
        else if (text[n] == '\n' && (id = line_id(d, text, n)) == -2)
            return SQLITE_ERROR;
        if (id == -3) {
            put_varint(blob, 1);
        } else if (id >= 0) {
            put_varint(blob, (uint64_t)id + 2);
        } else {
            size_t piece = n + (text[n] == '\n');
            put_varint(blob, 0);
            put_varint(blob, piece);
            sapper_strbuf_append(blob, text, piece);
        }
        text += n + (text[n] == '\n');
    }
    return blob->failed ? SQLITE_NOMEM : SQLITE_OK;
}

/* ---- decoding ---------------------------------------------------------- */

static int get_varint(const unsigned char **p, const unsigned char *end,
                      uint64_t *v)
{
    *v = 0;
    for (int shift = 0; *p < end && shift < 64; shift += 7) {
        unsigned char b = *(*p)++;
        *v |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80))
            return 1;
    }
    return 0;
}

static int append_line(sqlite3_stmt *q, int64_t run_id, uint64_t id,
                       sapper_strbuf *out)
{
    sqlite3_bind_int64(q, 1, run_id);
    sqlite3_bind_int64(q, 2, (int64_t)id);
    int found = sqlite3_step(q) == SQLITE_ROW;
    if (found) {
        size_t n = (size_t)sqlite3_column_bytes(q, 0);   /* an empty line: a NULL blob */
        if (n > 0)
            sapper_strbuf_append(out, (const char *)sqlite3_column_blob(q, 0), n);
        sapper_strbuf_append(out, "\n", 1);
    }
    sqlite3_reset(q);
    return found;
}

char *sapper_lines_decode(sqlite3 *db, int64_t run_id, const void *blob,
                          size_t size, const char *seed, size_t *len,
                          char *err, size_t errcap)
{
    sqlite3_stmt *q;
    const unsigned char *p = blob, *end = p + size;
    sapper_strbuf out = {0};
    const char *bad = NULL;
    if (sqlite3_prepare_v2(db, "SELECT text FROM lines WHERE run_id = ? AND id = ?",
                           -1, &q, NULL) != SQLITE_OK) {
        snprintf(err, errcap, "%s: no table of replay lines (%s)",
                 sqlite3_db_filename(db, "main"), sqlite3_errmsg(db));
        return NULL;
    }
    while (p < end && !bad) {
        uint64_t v, n;
        if (!get_varint(&p, end, &v))
            bad = "a truncated number";
        else if (v == 1)
            sapper_strbuf_printf(&out, "seed %s\n", seed);
        else if (v >= 2 && !append_line(q, run_id, v - 2, &out))
            bad = "a line missing from the run's table of lines";
        else if (v == 0 && (!get_varint(&p, end, &n) || n > (uint64_t)(end - p)))
            bad = "a literal piece longer than the record";
        else if (v == 0) {
            sapper_strbuf_append(&out, (const char *)p, (size_t)n);
            p += n;
        }
    }
    sqlite3_finalize(q);
    if (bad || out.failed) {
        snprintf(err, errcap, "%s: the stored actions are damaged: %s",
                 sqlite3_db_filename(db, "main"), bad ? bad : "out of memory");
        sapper_strbuf_free(&out);
        return NULL;
    }
    *len = out.len;
    if (!out.data)
        return calloc(1, 1);
    return out.data;
}

/* ---- the moves' times ---------------------------------------------------- */

/* Bots move within the same millisecond most of the time, so the times are
   differences, and a run of moves with none is one number: */

int sapper_lines_encode_times(const int64_t *ms, size_t n, sapper_strbuf *blob)
{
    int64_t before = 0;
    for (size_t i = 0; i < n;) {
        size_t run = 0;
        while (i + run < n && ms[i + run] <= before)
            run++;
        if (run > 0)
            put_varint(blob, 2 * (uint64_t)run - 1);
        else
            put_varint(blob, 2 * (uint64_t)(ms[i] - before));
        before = run > 0 ? before : ms[i];
        i += run > 0 ? run : 1;
    }
    return blob->failed ? SQLITE_NOMEM : SQLITE_OK;
}

int sapper_lines_decode_times(const void *blob, size_t size, int64_t *ms, size_t cap,
                              size_t *n)
{
    const unsigned char *p = blob, *end = p + size;
    int64_t before = 0;
    uint64_t v;
    *n = 0;
    while (p < end) {
        if (!get_varint(&p, end, &v))
            return -1;
        uint64_t count = v & 1 ? v / 2 + 1 : 1;
        if (count > cap - *n || (!(v & 1) && v / 2 > (uint64_t)(INT64_MAX - before)))
            return -1;
        before += v & 1 ? 0 : (int64_t)(v / 2);
        while (count-- > 0)
            ms[(*n)++] = before;
    }
    return 0;
}
