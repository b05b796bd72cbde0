/*
 * net_join.c - the join code (made from the system's random source,
 * checked in constant time), the join line a client opens with, and a
 * player's name cleaned before anyone else sees it.
 */
#define _GNU_SOURCE
#include "net.h"
#include "escape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

/* No 0/O, 1/I/L, 5/S, 2/Z: a code read aloud or off a screen. */
static const char code_alphabet[] = "ABCDEFGHJKMNPQRTUVWXY346789";

void sapper_net_new_code(char *out)
{
    unsigned char r[8];
    size_t got = 0;
    while (got < sizeof r) {
        ssize_t n = getrandom(r + got, sizeof r - got, 0);
        if (n > 0)
            got += (size_t)n;
    }
    size_t k = sizeof code_alphabet - 1;
    for (int i = 0, o = 0; i < 8; i++) {
        if (i == 4)
            out[o++] = '-';
        out[o++] = code_alphabet[r[i] % k];   /* 256 % 27: a bias of 1 in 9 letters,
                                                 ~36.6 bits all the same */
    }
    out[SAPPER_NET_CODE_LEN] = '\0';
}

int sapper_net_code_equal(const char *code, const char *given)
{
    size_t n = strlen(code);
    unsigned diff = 0;
    int ended = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char g = ended ? 0 : (unsigned char)given[i];
        ended |= g == 0;
        diff |= (unsigned)(g ^ (unsigned char)code[i]);
    }
    diff |= ended ? 1u : (unsigned char)given[n];
    return diff == 0;
}

void sapper_net_clean_name(const char *in, char *out)
{
    size_t o = 0, n = strlen(in);
    for (size_t i = 0; i < n;) {
        size_t len = sapper_utf8_length((const unsigned char *)in + i, n - i);
        unsigned char c = (unsigned char)in[i];
        int control = len == 0 || c < 0x20 || c == 0x7f ||
                      (len == 2 && c == 0xc2 && (unsigned char)in[i + 1] < 0xa0);
        if (len == 0)
            len = 1;
        if (!control && o + len <= SAPPER_NET_NAME_MAX) {
            memcpy(out + o, in + i, len);
            if (c == ' ')
                out[o] = '_';
            o += len;
        }
        i += len;
    }
    out[o] = '\0';
}

static int expected(char *why, size_t whycap, const char *what, const char *found)
{
    sapper_strbuf q = {0};
    sapper_escape(&q, found, 80, SAPPER_ESCAPE_BACKSLASH);
    snprintf(why, whycap, "the join line: expected %s, found \"%s\"%s", what,
             sapper_strbuf_str(&q), strlen(found) > 80 ? "..." : "");
    sapper_strbuf_free(&q);
    return -1;
}

static int number(const char *s, long lo, long hi, int *out)
{
    char *end;
    if (s[0] < '0' || s[0] > '9' || strlen(s) > 6)
        return -1;
    long v = strtol(s, &end, 10);
    if (*end || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

static int term_name(const char *s, char *out, size_t cap)
{
    size_t n = strlen(s);
    if (n == 0 || n >= cap || strspn(s, "abcdefghijklmnopqrstuvwxyz"
                                        "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.+_") != n)
        return -1;
    memcpy(out, s, n + 1);
    return 0;
}

/* One key=value word; bit is its key's bit in *seen. */
static int take_word(sapper_net_join *j, char *word, unsigned *seen, char *why,
                     size_t whycap)
{
    static const char *const keys[] = {"code", "name", "seat", "mode", "screen",
                                       "term", "rows", "cols"};
    char *eq = strchr(word, '=');
    unsigned k = 0;
    while (eq && k < 8 && (strlen(keys[k]) != (size_t)(eq - word) ||
                           strncmp(word, keys[k], (size_t)(eq - word)) != 0))
        k++;
    if (!eq || k == 8 || (*seen & (1u << k)))
        return expected(why, whycap, "each of code=, name=, seat=, mode=, screen=, "
                        "term=, rows=, cols= at most once", word);
    *seen |= 1u << k;
    const char *v = eq + 1;
    int seat = 0, bad = 0;
    switch (k) {
    case 0: bad = strlen(v) >= sizeof j->code; if (!bad) strcpy(j->code, v); break;
    case 1: sapper_net_clean_name(v, j->name); break;
    case 2: bad = number(v, 0, 64, &seat); j->seat = seat - 1; break;
    case 3: bad = strcmp(v, "play") && strcmp(v, "watch");
            j->mode = strcmp(v, "watch") == 0; break;
    case 4: bad = strcmp(v, "terminal") && strcmp(v, "lines");
            j->terminal = strcmp(v, "terminal") == 0; break;
    case 5: bad = term_name(v, j->term, sizeof j->term); break;
    case 6: bad = number(v, 1, SAPPER_NET_ROWS_MAX, &j->rows); break;
    default: bad = number(v, 1, SAPPER_NET_COLS_MAX, &j->cols); break;
    }
    return bad ? expected(why, whycap, k == 2 ? "seat= a seat from 1 to 64"
                          : k == 3 ? "mode=play or mode=watch"
                          : k == 4 ? "screen=terminal or screen=lines"
                          : k == 5 ? "term= a terminal type name"
                          : k >= 6 ? "rows= and cols= a size in characters"
                          : "a code of a few characters", word) : 0;
}

int sapper_net_read_join(const char *line, sapper_net_join *j, char *why, size_t whycap)
{
    memset(j, 0, sizeof *j);
    j->seat = -1;
    j->rows = 24;
    j->cols = 80;
    snprintf(j->term, sizeof j->term, "xterm");
    if (strncmp(line, "join 1", 6) != 0 || (line[6] != ' ' && line[6] != '\0'))
        return expected(why, whycap, "\"join 1 code=CODE ...\" (sapper join)", line);
    char copy[1024];
    if (strlen(line) >= sizeof copy)
        return expected(why, whycap, "a join line of less than 1024 bytes", line);
    strcpy(copy, line);
    unsigned seen = 0;
    char *save = NULL;
    for (char *w = strtok_r(copy + 6, " ", &save); w; w = strtok_r(NULL, " ", &save))
        if (take_word(j, w, &seen, why, whycap))
            return -1;
    if (!(seen & 1u))
        return expected(why, whycap, "code=CODE (the join code sapper serve prints)", line);
    return 0;
}

void sapper_net_put_join(sapper_strbuf *o, const sapper_net_join *j)
{
    sapper_strbuf_printf(o, "join %d code=%s", SAPPER_NET_VERSION, j->code);
    if (j->name[0])
        sapper_strbuf_printf(o, " name=%s", j->name);
    if (j->seat >= 0)
        sapper_strbuf_printf(o, " seat=%d", j->seat + 1);
    sapper_strbuf_printf(o, " mode=%s screen=%s", j->mode == SAPPER_NET_WATCH ? "watch" : "play",
                         j->terminal ? "terminal" : "lines");
    if (j->terminal)
        sapper_strbuf_printf(o, " term=%s rows=%d cols=%d", j->term, j->rows, j->cols);
    sapper_strbuf_printf(o, "\n");
}
