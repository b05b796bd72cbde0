/*
 * action.c - the text form of seeker actions: "reveal X Y" (X the column,
 * Y the row, from 0), both ways. The id is the mines-family reveal id
 * y * width + x, so it depends only on the board size and never changes
 * during a game.
 *
 * It does not say whether an action is legal now (seeker.c does). Flags
 * and chords are not seeker actions: their text is refused with a reason
 * and their ids have no text.
 */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>

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

int64_t seeker_action_to_text(const void *state, int64_t action, char *buf,
                              size_t cap)
{
    const seeker_state *s = state;
    int32_t verb, x, y;
    if (!sapper_mines_decode(action, s->board.width, s->board.height, &verb,
                             &x, &y) || verb != SAPPER_MINES_REVEAL) {
        if (cap > 0)
            buf[0] = '\0';
        return 0;
    }
    return snprintf(buf, cap, "reveal %d %d", x, y);
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

static int word_is(const char *w, int len, const char *what)
{
    return (size_t)len == strlen(what) && strncmp(w, what, (size_t)len) == 0;
}

static sapper_status parse_verb(const char **p, char *err, size_t errcap)
{
    int len;
    const char *w = next_word(p, &len);
    if (word_is(w, len, "reveal"))
        return SAPPER_OK;
    if (word_is(w, len, "flag") || word_is(w, len, "chord"))
        return parse_fail(err, errcap, "'%.*s' is not part of seeker: the "
                          "only action is 'reveal X Y' (revealing a mine "
                          "claims it)", len, w);
    return parse_fail(err, errcap, "expected 'reveal X Y', found %s%.*s%s",
                      len ? "'" : "nothing", len > 24 ? 24 : len, w,
                      len ? "'" : "");
}

/* The coordinate `name` (X or Y) in 0..limit-1 from the next word. */
static sapper_status parse_coord(const char **p, const char *name,
                                 int32_t limit, int32_t *out, char *err,
                                 size_t errcap)
{
    int len;
    const char *w = next_word(p, &len);
    const char *what = name[0] == 'X' ? "column" : "row";
    int64_t v = 0;
    int i = 0;
    for (; i < len && w[i] >= '0' && w[i] <= '9'; i++)
        if (v < 1000000000)
            v = v * 10 + (w[i] - '0');
    if (len == 0 || i < len || v >= limit)
        return parse_fail(err, errcap, "expected %s, a %s from 0 to %d, "
                          "found %s%.*s%s", name, what, limit - 1,
                          len ? "'" : "nothing", len > 24 ? 24 : len, w,
                          len ? "'" : "");
    *out = (int32_t)v;
    return SAPPER_OK;
}

sapper_status seeker_text_to_action(const void *state, const char *text,
                                    int64_t *action, char *err,
                                    size_t errcap)
{
    const seeker_state *s = state;
    const sapper_board *b = &s->board;
    const char *p = text;
    int32_t x = 0, y = 0;
    sapper_status st = parse_verb(&p, err, errcap);
    if (st == SAPPER_OK)
        st = parse_coord(&p, "X", b->width, &x, err, errcap);
    if (st == SAPPER_OK)
        st = parse_coord(&p, "Y", b->height, &y, err, errcap);
    if (st != SAPPER_OK)
        return st;
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
    if (*p)
        return parse_fail(err, errcap, "expected nothing after 'reveal %d "
                          "%d', found '%.24s'", x, y, p);
    *action = sapper_mines_action(SAPPER_MINES_REVEAL, x, y, b->width,
                                  b->height);
    return SAPPER_OK;
}
