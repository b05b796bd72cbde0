/*
 * net.h - what `sapper serve` and `sapper join` share about a connection
 * (docs/PROTOCOL.md, "Over a network"): an address given as HOST:PORT (a
 * name, an IPv4 address or an [IPv6] address in brackets), listening on
 * exactly that address, connecting to it, the join code and its
 * constant-time check, the first line a client sends (the join line) and
 * the filter that takes a terminal client's window size out of its key
 * bytes. Every byte a client sends is hostile input here: the readers
 * never trust a length, a number or a word. No game and no rules here.
 */
#ifndef SAPPER_NET_H
#define SAPPER_NET_H

#include <stddef.h>
#include <stdint.h>

#include "strbuf.h"

#define SAPPER_NET_VERSION 1
#define SAPPER_NET_NAME_MAX 32     /* bytes of a player's name, UTF-8 */
#define SAPPER_NET_CODE_LEN 9      /* "ABCD-EFGH" */
#define SAPPER_NET_ROWS_MAX 500    /* a terminal's size, as a client says it */
#define SAPPER_NET_COLS_MAX 1000

typedef struct sapper_net_addr {
    char host[256];     /* without the brackets of an IPv6 address */
    char port[6];
} sapper_net_addr;

/** Reads "HOST:PORT" or "[V6]:PORT" (PORT 1-65535). 0, or -1 with err
 *  saying what was expected and what was found. */
int sapper_net_parse_addr(const char *text, sapper_net_addr *out, char *err,
                          size_t errcap);

/** A non-blocking socket listening on the first address host resolves to
 *  (an IPv6 socket takes IPv6 only): nothing else is bound. shown gets the
 *  address as a client would type it ("[::1]:7000"). The fd, or -1 with
 *  err naming the address and the system's reason. */
int sapper_net_listen(const sapper_net_addr *a, char *shown, size_t showncap,
                      char *err, size_t errcap);

/** A blocking socket connected to a within seconds (every address host
 *  resolves to is tried in turn). The fd, or -1 with err. */
int sapper_net_connect(const sapper_net_addr *a, double seconds, char *err,
                       size_t errcap);

/** A fresh join code, "ABCD-EFGH" (8 letters and digits of an alphabet
 *  without look-alikes, from the system's random source) into out, which
 *  has room for SAPPER_NET_CODE_LEN + 1 bytes. */
void sapper_net_new_code(char *out);
/** 1 when given equals code, in a time that does not depend on where they
 *  differ (nor, beyond its own length, on given). */
int sapper_net_code_equal(const char *code, const char *given);

/* ---- the join line: a client's first line */

#define SAPPER_NET_PLAY  0   /* take a seat */
#define SAPPER_NET_WATCH 1   /* a spectator */

typedef struct sapper_net_join {
    char code[SAPPER_NET_CODE_LEN + 8];
    char name[SAPPER_NET_NAME_MAX + 1];   /* cleaned (sapper_net_clean_name) */
    int32_t seat;       /* 0-based; -1: any free seat */
    int mode;           /* SAPPER_NET_PLAY or _WATCH */
    int terminal;       /* 1: the server draws the screens (term, rows,
                           cols); 0: the seat protocol's lines */
    char term[64];      /* a terminfo name: letters, digits, - . + _ */
    int rows, cols;
} sapper_net_join;

/** Reads the join line (without its '\n'):
 *  `join 1 code=C name=N seat=S mode=play|watch screen=terminal|lines
 *   term=T rows=R cols=C` (every key=value word optional but code, in
 *  any order, each at most once; seat 0 or absent: any). 0 and j, or -1
 *  with why saying what was expected and what was found (quoted, control
 *  bytes escaped). */
int sapper_net_read_join(const char *line, sapper_net_join *j, char *why, size_t whycap);
/** The join line of j, with its '\n'. */
void sapper_net_put_join(sapper_strbuf *o, const sapper_net_join *j);

/** A player's name as others will see it: control characters and invalid
 *  UTF-8 dropped, spaces as '_', cut at a character boundary to
 *  SAPPER_NET_NAME_MAX bytes; "" when nothing is left. out has
 *  SAPPER_NET_NAME_MAX + 1 bytes. */
void sapper_net_clean_name(const char *in, char *out);

/* ---- a terminal client's key bytes */

/** The client's window size travels in its key bytes as the sequence a
 *  terminal answers a size query with, ESC [ 8 ; ROWS ; COLS t. The
 *  filter passes every other byte through and keeps the state of a
 *  sequence cut between reads. */
typedef struct sapper_net_keys {
    char held[24];      /* a sequence begun, not yet known */
    size_t nheld;
} sapper_net_keys;

/** Filters n bytes of in into out (room for n + sizeof held bytes; an
 *  Esc at the end of in passes, since a size comes in one write):
 *  returns the bytes written; a size sequence read sets *rows and *cols
 *  (clamped to the limits above; left alone otherwise). */
size_t sapper_net_keys_filter(sapper_net_keys *k, const char *in, size_t n, char *out,
                              int *rows, int *cols);

#endif
