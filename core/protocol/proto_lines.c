/*
 * proto_lines.c - lines out of a seat's byte stream (a reassembler that
 * never holds more than one line's limit) and quoting a seat's text for a
 * message: control bytes and invalid UTF-8 written as \xHH.
 */
#include "proto_internal.h"
#include "escape.h"

#include <stdio.h>
#include <string.h>

void sapper_proto_feed(sapper_proto_lines *l, const char *data, size_t *n)
{
    size_t room = SAPPER_PROTO_LINE_MAX - l->len;
    size_t take = *n < room ? *n : room;
    memcpy(l->buf + l->len, data, take);
    l->len += take;
    *n -= take;
}

int sapper_proto_take_line(sapper_proto_lines *l, char *line)
{
    char *nl = memchr(l->buf, '\n', l->len);
    if (!nl)
        return l->len >= SAPPER_PROTO_LINE_MAX ? -1 : 0;
    size_t n = (size_t)(nl - l->buf);
    size_t used = n + 1;
    if (memchr(l->buf, '\0', n))
        return -1;
    if (n > 0 && l->buf[n - 1] == '\r')
        n--;
    memcpy(line, l->buf, n);
    line[n] = '\0';
    memmove(l->buf, l->buf + used, l->len - used);
    l->len -= used;
    return 1;
}

int sapper_proto_pending(const sapper_proto_lines *l)
{
    return l->len > 0;
}

void sapper_proto_quote(sapper_strbuf *o, const char *s, size_t max)
{
    sapper_escape(o, s, max, SAPPER_ESCAPE_BACKSLASH);
}

int proto_expected(char *why, size_t whycap, const char *expected, const char *found)
{
    sapper_strbuf q = {0};
    sapper_proto_quote(&q, found, 80);
    snprintf(why, whycap, "expected %s, found \"%s\"%s", expected, sapper_strbuf_str(&q),
             strlen(found) > 80 ? "..." : "");
    sapper_strbuf_free(&q);
    return -1;
}

int proto_number(const char **s, int64_t lo, int64_t hi, int64_t *out)
{
    const char *p = *s;
    int64_t v = 0;
    if (*p < '0' || *p > '9' || (p[0] == '0' && p[1] >= '0' && p[1] <= '9'))
        return -1;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (v > (hi - (*p - '0')) / 10)
            return -1;
        v = v * 10 + (*p - '0');
    }
    if (v < lo || v > hi)
        return -1;
    *out = v;
    *s = p;
    return 0;
}
