/*
 * record_wire.h - a finished game's record as bytes: the frame a worker
 * process writes to its parent's pipe and an MPI rank sends to rank 0,
 * and the checks a receiver makes before it believes one. Both ends are
 * the same build (native layout and byte order: a cluster of one
 * architecture, as docs/MPI.md says).
 */
#ifndef SAPPER_RECORD_WIRE_H
#define SAPPER_RECORD_WIRE_H

#include "tournament.h"

/** A frame's fixed part: the record (its pointers meaningless on the
 *  wire), then replay_len bytes of replay text and json_len of JSON. */
typedef struct sapper_record_header {
    sapper_game_record rec;
    uint64_t replay_len;
    uint64_t json_len;
} sapper_record_header;

/** Appends r as one frame to out (out->failed when memory ran out); the
 *  header's padding is zero, so a record always packs to the same bytes. */
void sapper_record_pack(const sapper_game_record *r, sapper_strbuf *out);

/** The bytes after header h, or -1 when they are more than a record of
 *  this engine holds (then it is no record). */
int64_t sapper_record_body_len(const sapper_record_header *h);

/** The record of header h and its body (body_len bytes), its texts
 *  copied into strings out owns: SAPPER_OK, SAPPER_ERR_NOMEM. */
sapper_status sapper_record_unpack(const sapper_record_header *h, const char *body,
                                   sapper_game_record *out);

/** Takes the next frame off buf (len bytes): SAPPER_OK with *used its
 *  size, SAPPER_ERR_PARSE when what is left is no whole frame,
 *  SAPPER_ERR_NOMEM. */
sapper_status sapper_record_next(const char *buf, size_t len, size_t *used,
                                 sapper_game_record *out);

/** Is rec the record of scheduled game g, one the engine could have
 *  written: its index and seats g's, its reason a known word, its culprit
 *  a seat or -1, every return in [0, 1], its times finite and not
 *  negative, its counts not negative? Whatever ran in a worker may have
 *  forged it; a rank may be a different build. 1 sound, 0 not. */
int sapper_record_is_sound(const sapper_tgame *g, const sapper_game_record *rec);

#endif
