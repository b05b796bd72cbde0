/*
 * strbuf.c - growable text buffer (see strbuf.h).
 */
#include "strbuf.h"
#include "escape.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int reserve(sapper_strbuf *b, size_t extra)
{
    if (b->failed)
        return 0;
    if (b->len + extra + 1 <= b->cap)
        return 1;
    size_t ncap = b->cap ? b->cap : 64;
    while (ncap < b->len + extra + 1)
        ncap *= 2;
    char *p = realloc(b->data, ncap);
    if (!p) {
        b->failed = 1;
        return 0;
    }
    b->data = p;
    b->cap = ncap;
    return 1;
}

void sapper_strbuf_append(sapper_strbuf *b, const char *s, size_t n)
{
    if (!reserve(b, n))
        return;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = 0;
}

void sapper_strbuf_printf(sapper_strbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || !reserve(b, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

/* JSON is UTF-8 (RFC 8259) and Python's sqlite3 refuses a stored row that
   is not: a byte that starts no valid character becomes U+FFFD, and C0,
   DEL and C1 controls are written \u00XX so no escape sequence passes. */
void sapper_strbuf_json(sapper_strbuf *b, const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t n = strlen(s);
    sapper_strbuf_append(b, "\"", 1);
    for (size_t i = 0; i < n;) {
        size_t len = sapper_utf8_length(u + i, n - i);
        if (u[i] == '"' || u[i] == '\\')
            sapper_strbuf_printf(b, "\\%c", u[i]);
        else if (len == 0)
            sapper_strbuf_append(b, "\xef\xbf\xbd", 3);
        else if (len == 1 && (u[i] < 0x20 || u[i] == 0x7f))
            sapper_strbuf_printf(b, "\\u%04x", u[i]);
        else if (len == 2 && u[i] == 0xc2 && u[i + 1] < 0xa0)
            sapper_strbuf_printf(b, "\\u%04x", u[i + 1]);
        else
            sapper_strbuf_append(b, s + i, len);
        i += len ? len : 1;
    }
    sapper_strbuf_append(b, "\"", 1);
}

const char *sapper_strbuf_str(const sapper_strbuf *b)
{
    return b->data && !b->failed ? b->data : "";
}

void sapper_strbuf_clear(sapper_strbuf *b)
{
    b->len = 0;
    b->failed = 0;
    if (b->data)
        b->data[0] = '\0';
}

void sapper_strbuf_free(sapper_strbuf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}
