/*
 * proto_internal.h - what the files of core/protocol/ share: the message
 * for a line that is not what was expected, and reading a decimal number
 * the way every line of the protocol writes one. Included only by
 * core/protocol/proto_*.c; the public API is protocol.h.
 */
#ifndef SAPPER_PROTO_INTERNAL_H
#define SAPPER_PROTO_INTERNAL_H

#include "protocol.h"

/* `expected EXPECTED, found "TEXT"` into why, TEXT quoted (control bytes
   escaped) and cut to 80 bytes; returns -1 for the callers' returns. */
int proto_expected(char *why, size_t whycap, const char *expected, const char *found);

/* A decimal number from lo to hi at *s: no sign, no leading zero, no
   overflow; *s moves past it. 0, or -1. */
int proto_number(const char **s, int64_t lo, int64_t hi, int64_t *out);

/* The families: proto_mines.c and proto_arena.c. */
int proto_mines_view(sapper_strbuf *o, sapper_proto_codec *c, const void *view, size_t size);
int proto_mines_text(const sapper_proto_codec *c, int64_t id, char *buf, size_t cap);
int proto_mines_action(const sapper_proto_codec *c, const char *text, int64_t *id,
                       char *why, size_t whycap);
int proto_arena_view(sapper_strbuf *o, sapper_proto_codec *c, const void *view, size_t size);
int proto_arena_text(int64_t id, char *buf, size_t cap);
int proto_arena_action(const sapper_proto_codec *c, const char *text, int64_t *id,
                       char *why, size_t whycap);

#endif
