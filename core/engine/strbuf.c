/*
 * strbuf.c - growable text buffer (see strbuf.h).
 */
#include "strbuf.h"

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

void sapper_strbuf_json(sapper_strbuf *b, const char *s)
{
    sapper_strbuf_append(b, "\"", 1);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            sapper_strbuf_printf(b, "\\%c", c);
        else if (c < 0x20)
            sapper_strbuf_printf(b, "\\u%04x", c);
        else
            sapper_strbuf_append(b, s, 1);
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
