/*
 * escape.c - text from plugins made harmless to show (see escape.h). It
 * escapes for a terminal and for messages; HTML entities are the report's
 * (core/report/report_svg.c) and JSON's the string buffer's.
 */
#include "escape.h"

#include <string.h>

size_t sapper_utf8_length(const unsigned char *s, size_t n)
{
    if (s[0] < 0x80)
        return 1;
    size_t len = s[0] < 0xc2 ? 0 : s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 : s[0] < 0xf5 ? 4 : 0;
    if (len == 0 || len > n)
        return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] > 0x9f) ||
        (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] > 0x8f))
        return 0;   /* overlong, a surrogate, or past U+10FFFF */
    return len;
}

size_t sapper_utf8_cut(const char *s, size_t max)
{
    size_t n = strnlen(s, max);
    if (s[n] == 0)
        return n;
    /* back over continuation bytes to the start of the cut character */
    size_t start = n;
    while (start > 0 && ((unsigned char)s[start] & 0xc0) == 0x80 && n - start < 4)
        start--;
    return ((unsigned char)s[start] & 0xc0) == 0x80 ? n : start;
}

/* A control character: C0, DEL, or C1 (U+0080..U+009F, written C2 80..9F). */
static int is_control(const unsigned char *s, size_t len)
{
    return (len == 1 && (s[0] < 0x20 || s[0] == 0x7f)) ||
           (len == 2 && s[0] == 0xc2 && s[1] < 0xa0);
}

/* The escape of control character c, or NULL for \xHH. */
static const char *named(unsigned char c, unsigned flags)
{
    if (flags & SAPPER_ESCAPE_KEEP_LINES && (c == '\n' || c == '\t'))
        return c == '\n' ? "\n" : "\t";
    if (flags & SAPPER_ESCAPE_BACKSLASH)
        return NULL;
    return c == '\n' ? "\\n" : c == '\t' ? "\\t" : c == '\r' ? "\\r" : NULL;
}

void sapper_escape(sapper_strbuf *o, const char *s, size_t max, unsigned flags)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t n = strnlen(s, max);
    for (size_t i = 0; i < n;) {
        size_t len = sapper_utf8_length(u + i, n - i);
        const char *name = len == 1 ? named(u[i], flags) : NULL;
        if (u[i] == '\\' && flags & SAPPER_ESCAPE_BACKSLASH) {
            sapper_strbuf_append(o, "\\\\", 2);
        } else if (name) {
            sapper_strbuf_append(o, name, strlen(name));
        } else if (len == 0 || is_control(u + i, len)) {
            for (size_t k = 0; k < (len ? len : 1); k++)
                sapper_strbuf_printf(o, "\\x%02x", u[i + k]);
        } else {
            sapper_strbuf_append(o, s + i, len);
        }
        i += len ? len : 1;
    }
}
