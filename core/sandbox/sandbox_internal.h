/*
 * sandbox_internal.h - what the sandbox's files share and nothing else may
 * see: the process slots, the sandbox's struct, a call's deadline, and the
 * functions sandbox_proc.c lends the other two. Included only by
 * core/sandbox/sandbox*.c; the public API is sandbox.h.
 */
#ifndef SAPPER_SANDBOX_INTERNAL_H
#define SAPPER_SANDBOX_INTERNAL_H

#include "sandbox.h"
#include "hold.h"
#include "wire.h"

#include <sys/types.h>

#define MAX_PROCS (2 * SAPPER_MAX_SEATS)
#define START_SECONDS 10.0     /* to exec, load and lock down */
#define REPLY_MAX 4096         /* the largest frame a bot process may send:
                                  room for SAPPER_PLAN_MAX actions */

typedef struct botproc {
    pid_t pid;                 /* 0: slot free */
    int to, from;              /* the channel's pipes, our ends (non-blocking) */
    int64_t key;
    const sapper_plugin *bot;
    int32_t games;
    uint64_t config;           /* sapper_match_config of its last game, when */
    int has_config;            /* it had one: kept here, for the process may
                                  learn only whether the next one is the same
                                  (a hash of secret parameters is no secret) */
    int32_t seat;              /* the seat it plays now, -1 idle */
    int live;                  /* a bot instance exists in it */
    sapper_hold hold;          /* stopped between its calls, and its clock */
    int alone;                 /* it plays a one-seat game */
    int64_t outside;           /* CPU ns it used outside its calls this game */
    unsigned char rbuf[REPLY_MAX + 8];   /* what it sent, not yet read */
    size_t rlen;
    int64_t *boards;           /* boards it has played; owned */
    size_t nboards, capboards;
} botproc;

struct sapper_sandbox {
    sapper_sandbox_options opt;
    botproc procs[MAX_PROCS];
    int seat_proc[SAPPER_MAX_SEATS];        /* index into procs, -1 none */
    sapper_wire_out informs[SAPPER_MAX_SEATS];   /* (actor, action) pairs */
    uint32_t ninforms[SAPPER_MAX_SEATS];
    sapper_wire_out out;
    double call_limit, game_left;           /* of the next call; 0 / -1 none */
    const sapper_host *host[SAPPER_MAX_SEATS];   /* each seat's, for its log */
    botproc *unsure;                        /* replied last, not seen stopped */
    int64_t owed[MAX_PROCS];                /* keys whose CPU overrun came too
                                               late to cost their game (found
                                               at bot_free): their next one */
    int nowed;
    char message[512];
};

/* When a call must end: the bot is asked (cancel) at soft, killed at hard. */
typedef struct deadline {
    double soft, hard;   /* cancel at soft (then 0), kill at hard; 0: none */
    pid_t pid;
} deadline;


/* sandbox_proc.c: the monotonic clock in seconds; a process ended (killed
   first when kill_it) and reaped, with the reason word its end tells; a
   process started for bot (0 on failure, sb->message says why). */
double sandbox_now(void);
const char *sandbox_end_proc(sapper_sandbox *sb, botproc *p, int kill_it);
int sandbox_start_proc(sapper_sandbox *sb, botproc *p, const sapper_plugin *bot,
                       int64_t key);

/* sandbox_proc.c: one frame's way: sent (the hold released first), held
   again after the reply, the CPU outside calls charged, a reply read under
   its deadline. */
int sandbox_send_frame(sapper_sandbox *sb, botproc *p, uint32_t type, double hard);
void sandbox_hold(sapper_sandbox *sb, botproc *p, uint32_t type);
int sandbox_over_allowance(sapper_sandbox *sb, int32_t seat, botproc *p, double t);
int64_t sandbox_read_reply(botproc *p, deadline *d, unsigned char *buf, size_t *len,
                           int *timed_out);

#endif
