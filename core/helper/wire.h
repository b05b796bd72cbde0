/*
 * wire.h - the frames between the engine and a sandboxed bot process
 * (bothost.c). A frame is a header of two native uint32 (type, payload
 * length) and the payload: fixed-width numbers in native byte order (both
 * ends are one build on one machine), strings as a uint32 length that
 * counts a final NUL, then the bytes and the NUL. The engine reads every
 * frame a bot process sends as hostile: sapper_wire_get_* never read past
 * the payload and set `bad` instead.
 */
#ifndef SAPPER_WIRE_H
#define SAPPER_WIRE_H

#include <stddef.h>
#include <stdint.h>

#define SAPPER_WIRE_MAX (256u << 20)   /* largest payload either end accepts */

/* engine -> bot process */
#define SAPPER_WIRE_NEW   1   /* bot_new: the setup, both parameter lists, and
                                 whether the configuration is the last game's */
#define SAPPER_WIRE_STEP  2   /* informs since the last frame, view, legal list
                                 (as runs of consecutive ids)                  */
#define SAPPER_WIRE_FREE  3   /* informs since the last frame, then bot_free    */
/* bot process -> engine */
#define SAPPER_WIRE_READY   11  /* loaded and locked down: status, message    */
#define SAPPER_WIRE_STARTED 12  /* bot_new returned: status, message          */
#define SAPPER_WIRE_ACTION  13  /* step returned: status, action              */
#define SAPPER_WIRE_FREED   14  /* bot_free returned                          */
#define SAPPER_WIRE_LOG     15  /* during a call: level, a line for the log   */

/* NEW, STEP and FREE start with two doubles: the seconds the call may
   take and the seconds left in the game (negative: no limit), for the
   bot's host table (time_left). */

/** A payload being built; failed is set (and nothing more is added) when
 *  memory runs out. Owns data. */
typedef struct sapper_wire_out {
    unsigned char *data;
    size_t len, cap;
    int failed;
} sapper_wire_out;

void sapper_wire_clear(sapper_wire_out *o);
void sapper_wire_free(sapper_wire_out *o);
void sapper_wire_put(sapper_wire_out *o, const void *p, size_t n);
void sapper_wire_put_u32(sapper_wire_out *o, uint32_t v);
void sapper_wire_put_i64(sapper_wire_out *o, int64_t v);
void sapper_wire_put_str(sapper_wire_out *o, const char *s);

/** A payload being read; borrowed. */
typedef struct sapper_wire_in {
    const unsigned char *p;
    size_t left;
    int bad;          /* a read went past the end or found malformed data */
} sapper_wire_in;

uint32_t sapper_wire_get_u32(sapper_wire_in *in);
int64_t sapper_wire_get_i64(sapper_wire_in *in);
/** A pointer to n bytes inside the payload, or NULL (and bad) when fewer
 *  are left. */
const void *sapper_wire_get(sapper_wire_in *in, size_t n);
/** A NUL-terminated string inside the payload, or "" (and bad). */
const char *sapper_wire_get_str(sapper_wire_in *in);

/** Writes a whole frame to fd in one writev when it can. On a
 *  non-blocking fd that is full it waits until the deadline (a
 *  CLOCK_MONOTONIC time in seconds; 0: none). 0 on success, -1 when the
 *  other end is gone, -2 when the deadline passed. */
int sapper_wire_send(int fd, uint32_t type, const void *payload, size_t len,
                     double deadline);
/** Writes a whole frame in one write when it fits in PIPE_BUF bytes
 *  (header included), which a pipe takes whole or not at all, so a reader
 *  that is not running finds it whole later. 1 written, 0 nothing written
 *  (the frame is larger, or the pipe has no room), -1 when the other end
 *  is gone. */
int sapper_wire_try_send(int fd, uint32_t type, const void *payload, size_t len);
/** Waits until fd is ready for events (POLLIN, POLLOUT) or the deadline
 *  (0: none) passes: 1 ready (or in error), 0 timed out. */
int sapper_wire_wait(int fd, short events, double deadline);
/** Writes exactly n bytes; 0 or -1. */
int sapper_wire_write_all(int fd, const void *buf, size_t n);
/** Reads exactly n bytes; 0, or -1 at end of file or error. */
int sapper_wire_read_all(int fd, void *buf, size_t n);

#endif
