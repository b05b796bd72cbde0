/*
 * net_keys.c - a terminal client's window size taken out of its key bytes:
 * ESC [ 8 ; ROWS ; COLS t, the form a terminal answers a size query with,
 * which `sapper join` sends at the start and after every resize. Every
 * other byte passes, in order; a sequence cut between two reads is held
 * until it is known.
 */
#include "net.h"

#include <string.h>

/* How far held is a prefix of a size sequence: 1 if it may still become
   one, 2 if it is one, 0 if it cannot. */
static int size_prefix(const char *s, size_t n)
{
    static const char head[] = "\x1b[8;";
    size_t h = n < 4 ? n : 4;
    if (memcmp(s, head, h) != 0)
        return 0;
    int fields = 0, digits = 0;
    for (size_t i = 4; i < n; i++) {
        char c = s[i];
        if (c >= '0' && c <= '9' && digits < 5)
            digits++;
        else if (c == ';' && fields == 0 && digits > 0)
            fields = 1, digits = 0;
        else if (c == 't' && fields == 1 && digits > 0 && i == n - 1)
            return 2;
        else
            return 0;
    }
    return 1;
}

static int clamp(long v, int max)
{
    return v < 1 ? 1 : v > max ? max : (int)v;
}

static void read_size(const char *s, size_t n, int *rows, int *cols)
{
    long r = 0, c = 0, *v = &r;
    for (size_t i = 4; i < n - 1; i++) {
        if (s[i] == ';')
            v = &c;
        else
            *v = *v * 10 + (s[i] - '0');
    }
    *rows = clamp(r, SAPPER_NET_ROWS_MAX);
    *cols = clamp(c, SAPPER_NET_COLS_MAX);
}

size_t sapper_net_keys_filter(sapper_net_keys *k, const char *in, size_t n, char *out,
                              int *rows, int *cols)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        if (k->nheld == 0 && in[i] != '\x1b') {
            out[o++] = in[i];
            continue;
        }
        if (k->nheld == sizeof k->held) {   /* cannot be a size: pass it on */
            memcpy(out + o, k->held, k->nheld);
            o += k->nheld;
            k->nheld = 0;
        }
        k->held[k->nheld++] = in[i];
        int p = size_prefix(k->held, k->nheld);
        if (p == 2) {
            read_size(k->held, k->nheld, rows, cols);
            k->nheld = 0;
        } else if (p == 0) {   /* not a size: all but a new ESC passes */
            int again = k->nheld > 1 && in[i] == '\x1b';
            size_t pass = k->nheld - (size_t)again;
            memcpy(out + o, k->held, pass);
            o += pass;
            k->nheld = 0;
            if (again)
                k->held[k->nheld++] = '\x1b';
        }
    }
    if (k->nheld == 1) {   /* Esc alone: a key, not the start of a size */
        out[o++] = k->held[0];
        k->nheld = 0;
    }
    return o;
}
