/*
 * strbuf.h - a growable text buffer for building JSON, replay files and
 * messages without fixed-size truncation. Owned by whoever declares it.
 */
#ifndef SAPPER_STRBUF_H
#define SAPPER_STRBUF_H

#include <stddef.h>

typedef struct sapper_strbuf {
    char *data;    /* NUL-terminated; NULL until the first append */
    size_t len;
    size_t cap;
    int failed;    /* an allocation failed: the text is incomplete */
} sapper_strbuf;

void sapper_strbuf_printf(sapper_strbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void sapper_strbuf_append(sapper_strbuf *b, const char *s, size_t n);
/** Appends s as a JSON string literal, quotes included: valid UTF-8
 *  whatever s holds (a byte that is not becomes U+FFFD), controls \\u00XX. */
void sapper_strbuf_json(sapper_strbuf *b, const char *s);
/** The text, "" when empty. */
const char *sapper_strbuf_str(const sapper_strbuf *b);
/** Empties b, keeping its memory for the next text. */
void sapper_strbuf_clear(sapper_strbuf *b);
void sapper_strbuf_free(sapper_strbuf *b);

#endif
