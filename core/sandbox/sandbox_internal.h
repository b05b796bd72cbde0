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
#include "protocol.h"

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
    /* a process bot (sandbox_program.c) */
    int text;                  /* it speaks docs/PROTOCOL.md, not frames */
    int err;                   /* its standard error, our end, or -1 */
    int log;                   /* its log file, or -1 */
    char tail[512];            /* the end of its standard error */
    sapper_proto_lines *lines; /* what it wrote, not yet read; owned */
    sapper_proto_hello hello;  /* its handshake */
    sapper_proto_codec codec;  /* of the game it plays */
    int64_t game_number;       /* games begun in it */
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
    sapper_strbuf text, view;               /* a process bot's next lines:
                                               kept, to be refilled */
    double returns[SAPPER_MAX_SEATS][2];    /* [seat]: {known, its return}
                                               (sapper_bot_driver.result) */
    const char *start_end[SAPPER_MAX_SEATS];   /* how the process a seat was
                                                 to get ended while starting
                                                 (NULL: it did not) */
    const char *last_end;                   /* the same, of the last start */
    char message[1024];
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

/* sandbox_proc.c: the process that replied last is seen stopped, unless
   it is p (NULL: a new process is about to run). */
void sandbox_see_others_stopped(sapper_sandbox *sb, const botproc *p);

/* sandbox_program.c: a process bot started and its handshake read (0;
   -1 with sb->message); its standard error copied to its log; its next
   line before hard (1; 0 timed out; -1 end of output; -2 a line too long
   or holding a NUL); whether it wrote what nobody asked for (what was
   read with its last answer; with look, its pipe too: one more system
   call); a text sent
   (as sandbox_send_frame: 0, -1 gone, -2 timed out). */
int sandbox_start_program(sapper_sandbox *sb, botproc *p, const sapper_command *cmd,
                          const char *log_name, int64_t key);
void sandbox_drain_err(sapper_sandbox *sb, botproc *p);
int sandbox_read_line(sapper_sandbox *sb, botproc *p, double hard, char *line);
int sandbox_unasked(botproc *p, int look);
int sandbox_send_text(sapper_sandbox *sb, botproc *p, const sapper_strbuf *text,
                      double hard);

/* sandbox_text.c: the driver calls for a process bot's seat. */
sapper_status sandbox_text_bot_new(sapper_sandbox *sb, int32_t seat,
                                   const sapper_bot_setup *setup, char *why, size_t whycap);
sapper_status sandbox_text_step(sapper_sandbox *sb, int32_t seat, const void *view,
                                size_t view_size, const int64_t *legal, size_t nlegal,
                                int64_t *actions, size_t cap, size_t *count, char *why,
                                size_t whycap);
sapper_status sandbox_text_bot_free(sapper_sandbox *sb, int32_t seat, char *why,
                                    size_t whycap);

#endif
