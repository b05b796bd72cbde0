/*
 * proto_hello.c - the handshake (PROTOCOL.md "The handshake"): the
 * engine's first line and the reader of the bot's answer, line by line.
 */
#include "proto_internal.h"

#include <stdio.h>
#include <string.h>

uint32_t sapper_proto_family_bit(const char *family)
{
    if (!family)
        return 0;
    return strcmp(family, "mines") == 0 ? SAPPER_PROTO_MINES
         : strcmp(family, "arena") == 0 ? SAPPER_PROTO_ARENA : 0;
}

void sapper_proto_put_greeting(sapper_strbuf *o)
{
    sapper_strbuf_printf(o, "sapper %d\n", SAPPER_PROTO_VERSION);
}

/* Free text after a keyword: printable (UTF-8 allowed), at most cap - 1 bytes. */
static int read_text(const char *text, char *out, size_t cap)
{
    size_t n = strlen(text);
    if (n == 0 || n >= cap)
        return -1;
    for (const unsigned char *u = (const unsigned char *)text; *u; u++)
        if (*u < 0x20 || *u == 0x7f)
            return -1;
    memcpy(out, text, n + 1);
    return 0;
}

static int read_id(const char *text, char *out, size_t cap)
{
    size_t n = strlen(text);
    if (n == 0 || n > 32 || n >= cap)
        return -1;
    for (const char *c = text; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_' ||
              *c == '-' || *c == '.'))
            return -1;
    memcpy(out, text, n + 1);
    return 0;
}

/* The handshake line's own message: "line N of the bot's output: ...". */
static int bad(sapper_proto_hello *h, char *why, size_t whycap, const char *expected,
               const char *line)
{
    char what[512];
    proto_expected(what, sizeof what, expected, line);
    snprintf(why, whycap, "line %d of the bot's output: %s", h->lines, what);
    return -1;
}

static int keyword(const char *line, const char *word, const char **rest)
{
    size_t n = strlen(word);
    if (strncmp(line, word, n) != 0 || line[n] != ' ')
        return 0;
    *rest = line + n + 1;
    return 1;
}

int sapper_proto_read_hello(sapper_proto_hello *h, const char *line, char *why,
                            size_t whycap)
{
    const char *rest;
    h->lines++;
    if (h->ready)
        return bad(h, why, whycap, "nothing after \"ready 1\"", line);
    if (keyword(line, "id", &rest))
        return read_id(rest, h->id, sizeof h->id) ? bad(h, why, whycap, "\"id ID\" with "
               "1 to 32 of a-z 0-9 _ - .", line) : 0;
    if (keyword(line, "name", &rest))
        return read_text(rest, h->name, sizeof h->name) ? bad(h, why, whycap, "\"name "
               "TEXT\" of 1 to 64 printable bytes", line) : 0;
    if (keyword(line, "version", &rest))
        return read_text(rest, h->version, sizeof h->version) ? bad(h, why, whycap,
               "\"version TEXT\" of 1 to 32 printable bytes", line) : 0;
    if (keyword(line, "author", &rest))
        return read_text(rest, h->author, sizeof h->author) ? bad(h, why, whycap,
               "\"author TEXT\" of 1 to 64 printable bytes", line) : 0;
    if (keyword(line, "family", &rest)) {
        uint32_t bit = sapper_proto_family_bit(rest);
        h->families |= bit;
        return bit ? 0 : bad(h, why, whycap, "\"family mines\" or \"family arena\"", line);
    }
    if (strcmp(line, "option legal") == 0) {
        h->want_legal = 1;
        return 0;
    }
    if (keyword(line, "ready", &rest)) {
        if (strcmp(rest, "1") != 0)
            return bad(h, why, whycap, "\"ready 1\" (this engine speaks version 1 of the "
                       "protocol)", line);
        if (!h->families)
            return bad(h, why, whycap, "at least one \"family F\" line before \"ready 1\"",
                       line);
        h->ready = 1;
        return 0;
    }
    return bad(h, why, whycap, "one of \"id\", \"name\", \"version\", \"author\", "
               "\"family\", \"option legal\" or \"ready 1\"", line);
}
