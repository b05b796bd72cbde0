/*
 * action_text.c - "verb X Y" action texts both ways (action_text.h): the
 * family's verb names, the printer, and a parser that reads word by word
 * so each message can name what it found. No legality, no state.
 */
#include "action_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const verb_names[SAPPER_MINES_VERBS] = {"reveal", "flag",
                                                           "chord", "bomb"};

static int in_set(uint32_t verbs, int32_t verb)
{
    return verb >= 0 && verb < SAPPER_MINES_VERBS && (verbs >> verb & 1u);
}

const char *sapper_board_verb_name(int32_t verb)
{
    return verb >= 0 && verb < SAPPER_MINES_VERBS ? verb_names[verb] : "";
}

/* " V" for a coordinate v >= 0 into out; returns the characters written
   (at most 11). */
static size_t put_coordinate(char *out, int32_t v)
{
    char digits[12];
    size_t n = 0;
    do
        digits[n++] = (char)('0' + v % 10);
    while ((v /= 10) > 0);
    out[0] = ' ';
    for (size_t i = 0; i < n; i++)
        out[1 + i] = digits[n - 1 - i];
    return n + 1;
}

int64_t sapper_board_action_text(const sapper_board *b, int64_t action,
                                 uint32_t verbs, char *buf, size_t cap)
{
    int32_t verb, x, y;
    if (!sapper_mines_decode(action, b->width, b->height, &verb, &x, &y) ||
        !in_set(verbs, verb)) {
        if (cap > 0)
            buf[0] = '\0';
        return 0;
    }
    /* "VERB X Y", as snprintf would write it, without its cost: a
       tournament writes the text of every move of every game */
    char text[48];
    size_t n = strlen(verb_names[verb]);
    memcpy(text, verb_names[verb], n);
    n += put_coordinate(text + n, x);
    n += put_coordinate(text + n, y);
    if (cap > 0) {
        size_t k = n < cap - 1 ? n : cap - 1;
        memcpy(buf, text, k);
        buf[k] = '\0';
    }
    return (int64_t)n;
}

/* ---- parsing ------------------------------------------------------- */

static sapper_status parse_fail(char *err, size_t errcap, const char *fmt,
                                ...) __attribute__((format(printf, 3, 4)));

static sapper_status parse_fail(char *err, size_t errcap, const char *fmt,
                                ...)
{
    if (err && errcap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errcap, fmt, ap);
        va_end(ap);
    }
    return SAPPER_ERR_PARSE;
}

/* A run of non-blank characters starting at *p; *p moves past it. */
static const char *next_word(const char **p, int *len)
{
    while (**p == ' ' || **p == '\t')
        (*p)++;
    const char *start = *p;
    while (**p && **p != ' ' && **p != '\t' && **p != '\n' && **p != '\r')
        (*p)++;
    *len = (int)(*p - start);
    return start;
}

/* "'reveal X Y', 'flag X Y' or 'chord X Y'" for the verbs of the set. */
static const char *verb_list(uint32_t verbs, char *buf, size_t cap)
{
    size_t pos = 0;
    int32_t left = 0;
    buf[0] = '\0';
    for (int32_t v = 0; v < SAPPER_MINES_VERBS; v++)
        left += in_set(verbs, v);
    for (int32_t v = 0, n = 0; v < SAPPER_MINES_VERBS && pos < cap; v++)
        if (in_set(verbs, v))
            pos += (size_t)snprintf(buf + pos, cap - pos, "%s'%s X Y'",
                                    n++ == 0 ? "" : n == left ? " or " : ", ",
                                    verb_names[v]);
    return buf;
}

static sapper_status parse_verb(const char **p, uint32_t verbs,
                                int32_t *verb, char *err, size_t errcap)
{
    char list[80];
    int len;
    const char *w = next_word(p, &len);
    *verb = -1;
    for (int32_t v = 0; v < SAPPER_MINES_VERBS; v++)
        if ((size_t)len == strlen(verb_names[v]) &&
            strncmp(w, verb_names[v], (size_t)len) == 0)
            *verb = v;
    if (in_set(verbs, *verb))
        return SAPPER_OK;
    return parse_fail(err, errcap, "expected %s, found %s%.*s%s",
                      verb_list(verbs, list, sizeof list),
                      len ? "'" : "nothing", len > 24 ? 24 : len, w,
                      len ? "'" : "");
}

/* The coordinate `name` (X or Y) in 0..limit-1 from the next word. */
static sapper_status parse_coord(const char **p, const char *name,
                                 int32_t limit, int quote_range,
                                 int32_t *out, char *err, size_t errcap)
{
    int len;
    const char *w = next_word(p, &len);
    int64_t v = 0;
    int i = w[0] == '-' ? 1 : 0, digits = 0;
    for (; i < len && w[i] >= '0' && w[i] <= '9'; i++, digits++)
        if (v < 1000000000)
            v = v * 10 + (w[i] - '0');
    int word = len == 0 || digits == 0 || i < len;   /* not a number */
    if (!word && w[0] != '-' && v < limit) {
        *out = (int32_t)v;
        return SAPPER_OK;
    }
    const char *q = word || quote_range ? "'" : "";
    return parse_fail(err, errcap, "expected %s, a %s from 0 to %d, found "
                      "%s%.*s%s", name, name[0] == 'X' ? "column" : "row",
                      limit - 1, len ? q : "nothing", len > 24 ? 24 : len, w,
                      len ? q : "");
}

sapper_status sapper_board_parse_action(const sapper_board *b,
                                        const char *text, uint32_t verbs,
                                        int quote_range, int64_t *action,
                                        int32_t *verb, char *err,
                                        size_t errcap)
{
    const char *p = text;
    int32_t v, x = 0, y = 0;
    sapper_status st = parse_verb(&p, verbs, &v, err, errcap);
    if (verb)
        *verb = v;
    if (st == SAPPER_OK)
        st = parse_coord(&p, "X", b->width, quote_range, &x, err, errcap);
    if (st == SAPPER_OK)
        st = parse_coord(&p, "Y", b->height, quote_range, &y, err, errcap);
    if (st != SAPPER_OK)
        return st;
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
    if (*p)
        return parse_fail(err, errcap, "expected nothing after '%s %d %d', "
                          "found '%.24s'", verb_names[v], x, y, p);
    *action = sapper_mines_action(v, x, y, b->width, b->height);
    return SAPPER_OK;
}
