/*
 * protocol.h - the seat protocol of docs/PROTOCOL.md: the lines the engine
 * writes to a seat (a process bot now, a remote seat of `sapper serve`
 * later) and the reader of the lines a seat writes back. Transport-free:
 * the caller moves the bytes (core/sandbox over pipes). Every byte a seat
 * sends is hostile input here: the readers never trust a length, a number
 * or a word.
 *
 * It knows the two families' vocabularies (sapper/mines.h, sapper/arena.h):
 * views become text lines, action ids become action texts and back, in
 * the texts the rules themselves write (replays store those).
 */
#ifndef SAPPER_PROTOCOL_H
#define SAPPER_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>

#include "sapper/plugin.h"
#include "strbuf.h"

#define SAPPER_PROTO_VERSION   1
#define SAPPER_PROTO_LINE_MAX  8192   /* a seat's longest line, '\n' included */
#define SAPPER_PROTO_START_SECONDS 10.0   /* for the whole handshake */
#define SAPPER_PROTO_MAX_ACTIONS 256      /* in one answer: match.h SAPPER_PLAN_MAX */

/* Families a seat may speak (bits of sapper_proto_hello.families). */
#define SAPPER_PROTO_MINES 1u
#define SAPPER_PROTO_ARENA 2u

/** The family bit of a family name ("mines", "arena"), or 0. */
uint32_t sapper_proto_family_bit(const char *family);

/* ---- the handshake */

typedef struct sapper_proto_hello {
    char id[33];          /* "" until given: the caller supplies the default */
    char name[65];
    char version[33];
    char author[65];
    uint32_t families;    /* SAPPER_PROTO_* bits */
    int want_legal;       /* `option legal` */
    int ready;            /* `ready 1` was read: the handshake is over */
    int lines;            /* handshake lines read so far */
} sapper_proto_hello;

/** "sapper 1\n", the engine's first line. */
void sapper_proto_put_greeting(sapper_strbuf *o);

/** Reads one handshake line (without its '\n'; a trailing '\r' is
 *  dropped). 0 and h updated (h->ready set by `ready 1`), or -1 with why
 *  naming the line (h->lines + 1), what was expected and what was found,
 *  the found text quoted with control bytes escaped. `ready` before any
 *  `family` line is an error. */
int sapper_proto_read_hello(sapper_proto_hello *h, const char *line, char *why,
                            size_t whycap);

/* ---- a game */

typedef struct sapper_proto_game {
    int64_t number;              /* of this process's games, from 1 */
    const char *rules_id;
    const char *family;          /* "mines" or "arena" */
    int32_t family_version;
    int32_t seat;                /* 0-based here; written from 1 */
    int32_t players;
    const sapper_params *params; /* the public rules parameters (borrowed) */
    uint64_t seed;               /* the bot's seed */
    double move_seconds;         /* 0: none */
    double game_seconds;         /* 0: none */
} sapper_proto_game;

/** `game` .. `start`, as PROTOCOL.md's "A game". A parameter value with a
 *  control byte or a '\n' has it written as '?' (values are ours, but a
 *  line must stay one line). */
void sapper_proto_put_game(sapper_strbuf *o, const sapper_proto_game *g);

/** Reads the answer to `start`: 0 for `ok`; 1 for `refuse TEXT` (TEXT
 *  copied into why, control bytes escaped); -1 for anything else, why
 *  saying what was expected and found. */
int sapper_proto_read_started(const char *line, char *why, size_t whycap);

/** Reads the answer to `end`: 0 for `ok`, else -1 with why. */
int sapper_proto_read_ended(const char *line, char *why, size_t whycap);

/* ---- a family's texts: one codec per seat and game */

typedef struct sapper_proto_codec {
    uint32_t family;       /* SAPPER_PROTO_MINES or SAPPER_PROTO_ARENA */
    int32_t width, height; /* mines: of the last view put (0 before one) */
    int32_t players;       /* arena: seats, for the range of targets */
} sapper_proto_codec;

/** A codec for family ("mines" or "arena") with players seats; 0, or -1
 *  for a family the protocol does not know. */
int sapper_proto_codec_init(sapper_proto_codec *c, const char *family, int32_t players);

/** The text of action id as the rules write it ("reveal 3 4",
 *  "fist 2 x3"); returns its length, or -1 when the id is not one of the
 *  family's (a mines id before any view, whose board size is unknown,
 *  included). */
int sapper_proto_action_text(const sapper_proto_codec *c, int64_t id, char *buf,
                             size_t cap);

/** Parses one action text (exactly the forms of PROTOCOL.md, single
 *  spaces, no leading or trailing space) into its id; 0, or -1 with why
 *  saying what was expected and what was found. Checks syntax and ranges
 *  (the board, the seats), not legality. */
int sapper_proto_text_action(const sapper_proto_codec *c, const char *text, int64_t *id,
                             char *why, size_t whycap);

/** `did S ACTION` for actor (0-based) and id. */
void sapper_proto_put_did(sapper_strbuf *o, const sapper_proto_codec *c, int32_t actor,
                          int64_t id);

/** The `view` block of PROTOCOL.md for a family view of size bytes (as
 *  the rules' observe wrote it, read with the headers' checked accessors);
 *  a mines view sets c->width and c->height. 0, or -1 for a malformed
 *  view (nothing written). */
int sapper_proto_put_view(sapper_strbuf *o, sapper_proto_codec *c, const void *view,
                          size_t size);

/** `legal N R START+COUNT ...`. */
void sapper_proto_put_legal(sapper_strbuf *o, const int64_t *legal, size_t n);

/** `go MOVE GAME` (seconds: MOVE 0 for none, GAME -1 for none). */
void sapper_proto_put_go(sapper_strbuf *o, double move_seconds, double game_left);

/** `end R1 R2 ...` (returns NULL: `end` alone). */
void sapper_proto_put_end(sapper_strbuf *o, const double *returns, int32_t players);

/** Reads the answer to `go`: `move A` or `move A;B;...` into ids (at most
 *  cap, which is at most SAPPER_PLAN_MAX); 0 and *n, or -1 with why
 *  naming what was expected and what was found (quoted, control bytes
 *  escaped, cut to 80 bytes). */
int sapper_proto_read_move(const sapper_proto_codec *c, const char *line, int64_t *ids,
                           size_t cap, size_t *n, char *why, size_t whycap);

/** Takes out of a seat's family view (size bytes, changed in place) what
 *  only that seat may know, leaving what every seat sees: a spectator's
 *  view (proto_public.c says what goes). 0, or -1 for a malformed view or
 *  a family it does not know (nothing is then safe to show). */
int sapper_proto_public_view(uint32_t family, void *view, size_t size);

/* ---- lines out of a byte stream */

typedef struct sapper_proto_lines {
    char buf[SAPPER_PROTO_LINE_MAX + 1];
    size_t len;
} sapper_proto_lines;

/** Appends up to *n bytes of data to the reassembler, consuming what it
 *  took (*n is set to the bytes left unconsumed). */
void sapper_proto_feed(sapper_proto_lines *l, const char *data, size_t *n);
/** The next complete line into line (NUL-terminated, without '\n' or a
 *  trailing '\r'; line has room for SAPPER_PROTO_LINE_MAX + 1 bytes):
 *  1; 0 when no complete line is buffered; -1 when the buffer is full with
 *  no '\n' (a line over SAPPER_PROTO_LINE_MAX), or a NUL byte is in the
 *  line. */
int sapper_proto_take_line(sapper_proto_lines *l, char *line);
/** Whether bytes are buffered (a line begun, or several). */
int sapper_proto_pending(const sapper_proto_lines *l);

/** Appends s to o with every byte below 0x20, 0x7f and invalid UTF-8
 *  written as \xHH (a backslash as \\): for quoting a seat's text in a
 *  message. At most max bytes of s are taken. */
void sapper_proto_quote(sapper_strbuf *o, const char *s, size_t max);

#endif
