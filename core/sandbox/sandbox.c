/*
 * sandbox.c - the engine's side of sandbox.h: starting bot processes,
 * keeping them for later games, and the driver calls (frames of wire.h)
 * with their deadlines. Every byte a bot process sends is checked here
 * before it means anything; a process that breaks the protocol, dies, or
 * misses a deadline is killed, reaped, and its seat forfeits with the
 * reason its end tells. Between its calls, and while it waits idle for
 * its entrant's next game, a process does not run (hold.c stops it), and
 * the CPU its clock shows outside its calls is charged to it
 * (SAPPER_SANDBOX_OUTSIDE_CPU).
 */
#define _GNU_SOURCE
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "helper_exec.h"
#include "hold.h"
#include "wire.h"

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

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

sapper_sandbox *sapper_sandbox_new(const sapper_sandbox_options *opt)
{
    /* a bot process that dies makes our writes fail with EPIPE instead */
    signal(SIGPIPE, SIG_IGN);
    sapper_sandbox *sb = calloc(1, sizeof *sb);
    if (!sb)
        return NULL;
    sb->opt = *opt;
    if (sb->opt.games_per_process <= 0)
        sb->opt.games_per_process = 256;
    if (sb->opt.memory_share_mb <= 0)
        sb->opt.memory_share_mb = SAPPER_SANDBOX_SHARE_MB;
    for (int i = 0; i < SAPPER_MAX_SEATS; i++)
        sb->seat_proc[i] = -1;
    return sb;
}

/* ---- processes */

/* Why a process ended. A SIGKILL the engine did not send (the OOM killer,
   an operator) is the system's fault, and its game is played again, only
   when the process stayed within its memory share: a bot that grows to be
   the process a killer picks has chosen that end. */
static const char *reason_of(int status, int killed_by_us, int cpu_spent, int over_share)
{
    if (WIFEXITED(status))
        return "exit";
    int sig = WTERMSIG(status);
    return sig == SIGSYS ? "sandbox"
         : sig == SIGXCPU || killed_by_us || cpu_spent ? "timeout"
         : sig == SIGKILL && over_share ? "memory"
         : sig == SIGKILL ? "killed"
         : "crash";
}

/* Whether a process's peak resident memory passed its share. */
static int over_share(const struct rusage *ru, int64_t share_mb)
{
    return (int64_t)ru->ru_maxrss > share_mb * 1024;   /* ru_maxrss is in KiB */
}

/* Whether a process used up its CPU seconds: the kernel's SIGKILL at the
   hard limit, which a bot that ignores SIGXCPU meets, is its own doing. */
static int cpu_spent(const struct rusage *ru, int64_t cpu_seconds)
{
    double used = (double)ru->ru_utime.tv_sec + (double)ru->ru_stime.tv_sec +
                  ((double)ru->ru_utime.tv_usec + (double)ru->ru_stime.tv_usec) / 1e6;
    return cpu_seconds > 0 && used >= (double)cpu_seconds;
}

/* Kills (when asked) and reaps a process; the reason word of its end. */
static const char *end_proc(sapper_sandbox *sb, botproc *p, int kill_it)
{
    int status = 0;
    struct rusage ru = {0};
    if (p->pid <= 0)
        return "crash";
    if (kill_it)
        kill(-p->pid, SIGKILL);
    else if (p->hold.stopped)
        kill(-p->pid, SIGCONT);
    /* it closed the channel, so it is exiting: wait for that, but never
       for ever */
    for (int i = 0; i < 1000; i++) {
        pid_t got = wait4(p->pid, &status, WNOHANG, &ru);
        if (got == p->pid || (got < 0 && errno != EINTR))
            break;
        if (i == 999 || (kill_it && i > 100)) {
            kill(-p->pid, SIGKILL);
            kill_it = 1;
            wait4(p->pid, &status, 0, &ru);
            break;
        }
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
    close(p->to);
    close(p->from);
    free(p->boards);
    if (sb->unsure == p)
        sb->unsure = NULL;
    const char *why = reason_of(status, kill_it, cpu_spent(&ru, sb->opt.cpu_seconds),
                                over_share(&ru, sb->opt.memory_share_mb));
    *p = (botproc){.seat = -1};
    return why;
}

/* The child between fork and exec: its own process group, then
   helper_exec.h (the channel on 3 and 4, /dev/null on 0-2, dies with its
   parent, runs in / with an environment of the sanitizers' variables). */
static void exec_bothost(const sapper_sandbox *sb, const sapper_plugin *bot,
                         int in, int out, pid_t parent)
{
    setpgid(0, 0);
    char mem[32], cpu[32], file[PATH_MAX];
    snprintf(mem, sizeof mem, "%lld", (long long)sb->opt.memory_mb);
    snprintf(cpu, sizeof cpu, "%lld", (long long)sb->opt.cpu_seconds);
    if (!realpath(bot->file, file))
        _exit(127);
    char *argv[] = {(char *)"sapper-bothost", file, (char *)bot->desc.id, mem, cpu, NULL};
    const int fds[] = {in, out};   /* SAPPER_SANDBOX_IN, SAPPER_SANDBOX_OUT */
    sapper_helper_exec(&(sapper_helper_child){.helper = sb->opt.helper, .argv = argv,
                                              .fds = fds, .nfds = 2, .parent = parent});
    _exit(127);
}

/* When a call must end: the bot is asked (cancel) at soft, killed at hard. */
typedef struct deadline {
    double soft, hard;   /* cancel at soft (then 0), kill at hard; 0: none */
    pid_t pid;
} deadline;

/* Waits for input until the hard deadline, setting the bot's cancel flag
   (SIGUSR1, bothost.c) at the soft one on the way. */
static int wait_reply(int fd, deadline *d)
{
    if (d->soft > 0 && !sapper_wire_wait(fd, POLLIN, d->soft)) {
        kill(d->pid, SIGUSR1);
        d->soft = 0;
    }
    return sapper_wire_wait(fd, POLLIN, d->hard);
}

/* The next frame from p (at most REPLY_MAX payload bytes) into buf
   (REPLY_MAX + 8 bytes, header first; payload at buf + 8) before the
   deadline. Reads what is there into p's buffer, so a log line and the
   reply after it cost one read. Returns the frame's type, -1 (end of
   file, error or timeout: *timed_out says), or -2 (a frame too large). */
static int64_t read_reply(botproc *p, deadline *d, unsigned char *buf, size_t *len,
                          int *timed_out)
{
    *timed_out = 0;
    for (;;) {
        if (p->rlen >= 8) {
            uint32_t hdr[2];
            memcpy(hdr, p->rbuf, sizeof hdr);
            if (hdr[1] > REPLY_MAX)
                return -2;
            size_t need = 8 + (size_t)hdr[1];
            if (p->rlen >= need) {
                memcpy(buf, p->rbuf, need);
                memmove(p->rbuf, p->rbuf + need, p->rlen - need);
                p->rlen -= need;
                *len = hdr[1];
                return hdr[0];
            }
        }
        ssize_t k = read(p->from, p->rbuf + p->rlen, sizeof p->rbuf - p->rlen);
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0 && errno == EAGAIN) {   /* not yet: wait, then read again */
            if (!wait_reply(p->from, d)) {
                *timed_out = 1;
                return -1;
            }
            continue;
        }
        if (k <= 0)
            return -1;
        p->rlen += (size_t)k;
        if (d->hard > 0 && now() > d->hard) {
            *timed_out = 1;   /* replies dripped byte by byte */
            return -1;
        }
    }
}

/* ---- not running between calls, and charged for what it runs outside them */

/* Before p runs (NULL: a new process), and at a game's end: the process
   that replied last is stopped and seen stopped, unless it is p. */
static void see_stopped(sapper_sandbox *sb, const botproc *p)
{
    botproc *q = sb->unsure;
    sb->unsure = NULL;
    if (q && q != p)
        sapper_hold_see_stopped(&q->hold);
}

/* After a reply. A bot process runs only in its own calls: it cannot think
   on in the time of another seat or of another entrant's game (a worker
   and its bot processes share a core). So it is stopped from its reply to
   its next frame, and seen stopped before another process runs or the
   game ends (hold.c), so that a stop it takes late (at the end of a system
   call it is in) is taken in its own time. Its clock is read first: what
   it uses from here to its next frame is outside its calls
   (over_allowance). In a one-seat game the next call is most often its
   own: SIGSTOP is sent, but not waited for (the next SIGCONT cancels a
   stop not taken yet, at the cost of two signals and no context switch),
   and between two steps (lazy) not even sent: the engine goes straight
   from one step to the next, and the process is stopped only when
   something else would run (another process, the match handing control
   back: sapper_sandbox_driver.pause, the game's end). A stop between
   steps would cost two signals a move and often a context switch pair
   (docs/BENCHMARKS.md, issue 27); any CPU the process takes there is
   charged all the same. */
static void hold(sapper_sandbox *sb, botproc *p, uint32_t type)
{
    sapper_hold_mark(&p->hold);
    if (!p->alone) {
        sapper_hold_see_stopped(&p->hold);
        return;
    }
    see_stopped(sb, p);   /* never waits: the one before was seen already */
    sb->unsure = p;
    if (type != SAPPER_WIRE_STEP)
        sapper_hold_stop(&p->hold);
}

/* Before a call at time t: the CPU p used since its last reply (outside
   its calls), less SAPPER_SANDBOX_STOP_SLACK, joins its game's; 1 when that
   passes SAPPER_SANDBOX_OUTSIDE_CPU, with a line for the seat's log. */
static int over_allowance(sapper_sandbox *sb, int32_t seat, botproc *p, double t)
{
    p->outside += sapper_hold_outside(&p->hold, t, SAPPER_SANDBOX_STOP_SLACK);
    if ((double)p->outside <= SAPPER_SANDBOX_OUTSIDE_CPU * 1e9)
        return 0;
    char line[160];
    snprintf(line, sizeof line, "its process used %.1f ms of CPU outside its calls in "
             "this game (%.0f ms allowed)", (double)p->outside / 1e6,
             SAPPER_SANDBOX_OUTSIDE_CPU * 1e3);
    sapper_host_log(sb->host[seat], SAPPER_LOG_WARNING, line);
    return 1;
}

/* The frame in sb->out to p, which then runs. A frame that fits in
   PIPE_BUF goes in whole while p is still stopped, so p, continued, finds
   it there (one wake-up of p, not two); a larger one, or one its pipe has
   no room for, is sent once p runs to read it. */
static int send_frame(sapper_sandbox *sb, botproc *p, uint32_t type, double hard)
{
    see_stopped(sb, p);
    int put = p->hold.stopped ? sapper_wire_try_send(p->to, type, sb->out.data, sb->out.len)
                              : 0;
    sapper_hold_resume(&p->hold);
    return put > 0 ? 0 : put < 0 ? -1
         : sapper_wire_send(p->to, type, sb->out.data, sb->out.len, hard);
}

static int start_proc(sapper_sandbox *sb, botproc *p, const sapper_plugin *bot,
                      int64_t key)
{
    int down[2] = {-1, -1}, up[2] = {-1, -1};
    if (pipe2(down, O_CLOEXEC) != 0 || pipe2(up, O_CLOEXEC) != 0) {
        snprintf(sb->message, sizeof sb->message, "cannot create the channel: %s",
                 strerror(errno));
        for (int i = 0; i < 2; i++) {
            if (down[i] >= 0) close(down[i]);
            if (up[i] >= 0) close(up[i]);
        }
        return -1;
    }
    see_stopped(sb, NULL);   /* the new process runs alone */
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0)
        exec_bothost(sb, bot, down[0], up[1], parent);
    close(down[0]);
    close(up[1]);
    if (pid < 0) {
        close(down[1]);
        close(up[0]);
        snprintf(sb->message, sizeof sb->message, "cannot fork: %s", strerror(errno));
        return -1;
    }
    setpgid(pid, pid);
    fcntl(down[1], F_SETFL, O_NONBLOCK);
    fcntl(up[0], F_SETFL, O_NONBLOCK);
    *p = (botproc){.pid = pid, .to = down[1], .from = up[0], .key = key, .bot = bot,
                   .seat = -1};
    if (sapper_hold_init(&p->hold, pid) != 0) {
        end_proc(sb, p, 1);
        snprintf(sb->message, sizeof sb->message, "cannot read a bot process's CPU clock");
        return -1;
    }
    unsigned char buf[REPLY_MAX + 8];
    size_t len = 0;
    int timed_out;
    deadline d = {.hard = now() + START_SECONDS, .pid = pid};
    int64_t type = read_reply(p, &d, buf, &len, &timed_out);
    sapper_wire_in in = {buf + 8, len, 0};
    int32_t st = (int32_t)sapper_wire_get_u32(&in);
    const char *text = sapper_wire_get_str(&in);
    if (type == SAPPER_WIRE_READY && !in.bad && st == SAPPER_OK) {
        sapper_hold_mark(&p->hold);   /* loaded: it runs again for its first frame */
        sapper_hold_see_stopped(&p->hold);
        return 0;
    }
    int answered = type == SAPPER_WIRE_READY && !in.bad;
    const char *ended = end_proc(sb, p, answered || timed_out);
    char died[64];
    snprintf(died, sizeof died, "it died while loading (%s)", ended);
    snprintf(sb->message, sizeof sb->message, "bot \"%s\" cannot start in the "
             "sandbox: %s", bot->desc.id, answered ? text
             : timed_out ? "no answer in time"
             : strcmp(ended, "sandbox") == 0 ? "it made a forbidden system call while "
               "loading (its constructors may only read files and memory)"
             : died);
    return -1;
}

static int has_played(const botproc *p, int64_t board)
{
    for (size_t i = 0; i < p->nboards; i++)
        if (p->boards[i] == board)
            return 1;
    return 0;
}

static void note_board(botproc *p, int64_t board)
{
    if (p->nboards == p->capboards) {
        size_t cap = p->capboards ? 2 * p->capboards : 16;
        int64_t *b = realloc(p->boards, cap * sizeof *b);
        if (!b)
            return;
        p->boards = b;
        p->capboards = cap;
    }
    p->boards[p->nboards++] = board;
}

/* An idle process of this entrant that has not seen the board, or a free
   slot (after ending the oldest idle process if none is free). */
static int pick_proc(sapper_sandbox *sb, int64_t key, int64_t board)
{
    int free_slot = -1, idle = -1;
    for (int i = 0; i < MAX_PROCS; i++) {
        botproc *p = &sb->procs[i];
        if (p->pid <= 0) {
            free_slot = free_slot < 0 ? i : free_slot;
            continue;
        }
        if (p->seat >= 0)
            continue;
        if (p->key == key && !has_played(p, board) &&
            p->games < sb->opt.games_per_process)
            return i;
        idle = idle < 0 ? i : idle;
    }
    if (free_slot < 0 && idle >= 0) {
        end_proc(sb, &sb->procs[idle], 1);
        free_slot = idle;
    }
    return free_slot;
}

void sapper_sandbox_seat(sapper_sandbox *sb, int32_t seat, const sapper_plugin *bot,
                         int64_t key, int64_t board)
{
    sb->seat_proc[seat] = -1;
    sb->ninforms[seat] = 0;
    sapper_wire_clear(&sb->informs[seat]);
    int i = pick_proc(sb, key, board);
    if (i < 0)
        return;
    botproc *p = &sb->procs[i];
    if (p->pid <= 0 && start_proc(sb, p, bot, key) != 0)
        return;
    p->seat = seat;
    p->games++;
    p->outside = 0;   /* counted again from its last reply */
    note_board(p, board);
    sb->seat_proc[seat] = i;
}

void sapper_sandbox_set_limits(sapper_sandbox *sb, double call_limit, double game_left)
{
    sb->call_limit = call_limit;
    sb->game_left = game_left;
}

void sapper_sandbox_release(sapper_sandbox *sb)
{
    for (int s = 0; s < SAPPER_MAX_SEATS; s++) {
        int i = sb->seat_proc[s];
        sb->seat_proc[s] = -1;
        if (i < 0)
            continue;
        botproc *p = &sb->procs[i];
        if (p->live) {
            end_proc(sb, p, 1);   /* never freed: its instance would linger */
            continue;
        }
        sapper_hold_see_stopped(&p->hold);   /* idle until its entrant's next game */
        p->seat = -1;
    }
    sb->unsure = NULL;   /* seen above, or ended */
}

sapper_status sapper_sandbox_try(const sapper_sandbox_options *opt,
                                const sapper_plugin *bot, char *err, size_t errcap)
{
    sapper_sandbox *sb = sapper_sandbox_new(opt);
    if (!sb) {
        snprintf(err, errcap, "out of memory");
        return SAPPER_ERR_NOMEM;
    }
    sapper_sandbox_seat(sb, 0, bot, 0, 0);
    int ok = sb->seat_proc[0] >= 0;
    if (!ok)
        snprintf(err, errcap, "%s", sb->message);
    sapper_sandbox_release(sb);
    sapper_sandbox_free(sb);
    return ok ? SAPPER_OK : SAPPER_ERR_STATE;
}

const char *sapper_sandbox_message(const sapper_sandbox *sb)
{
    return sb->message;
}

void sapper_sandbox_free(sapper_sandbox *sb)
{
    if (!sb)
        return;
    for (int i = 0; i < MAX_PROCS; i++)
        if (sb->procs[i].pid > 0)
            end_proc(sb, &sb->procs[i], 1);
    for (int s = 0; s < SAPPER_MAX_SEATS; s++)
        sapper_wire_free(&sb->informs[s]);
    sapper_wire_free(&sb->out);
    free(sb);
}

/* A LOG frame (level, line) to the seat's host table; past 64 lines in a
   call the rest are read and dropped. */
static void forward_log(sapper_sandbox *sb, int32_t seat, const unsigned char *p,
                        size_t len, int lines)
{
    sapper_wire_in in = {p, len, 0};
    int32_t level = (int32_t)sapper_wire_get_u32(&in);
    const char *line = sapper_wire_get_str(&in);
    if (!in.bad && lines < 64)
        sapper_host_log(sb->host[seat], level ? SAPPER_LOG_WARNING : SAPPER_LOG_INFO, line);
}

/* ---- one call: send a frame, read the reply of the expected type */

/* A CPU overrun found at a call after the game was decided (bot_free)
   cannot change that game (match_bots.c), so it costs the entrant's next one. */
static void owe_next_game(sapper_sandbox *sb, int64_t key)
{
    if (sb->nowed < MAX_PROCS)
        sb->owed[sb->nowed++] = key;
}

/* Whether key owes a game (and the debt is paid by asking). */
static int pays_debt(sapper_sandbox *sb, int64_t key)
{
    for (int i = 0; i < sb->nowed; i++)
        if (sb->owed[i] == key) {
            sb->owed[i] = sb->owed[--sb->nowed];
            return 1;
        }
    return 0;
}

static sapper_status fail(sapper_sandbox *sb, int32_t seat, int kill_it,
                          const char *word, char *why, size_t whycap)
{
    botproc *p = &sb->procs[sb->seat_proc[seat]];
    const char *ended = end_proc(sb, p, kill_it);
    sb->seat_proc[seat] = -1;
    snprintf(why, whycap, "%s", word ? word : ended);
    return SAPPER_ERR_STATE;
}

static sapper_status call(sapper_sandbox *sb, int32_t seat, uint32_t type,
                          uint32_t expect, unsigned char *reply, size_t *len,
                          char *why, size_t whycap)
{
    if (seat < 0 || seat >= SAPPER_MAX_SEATS || sb->seat_proc[seat] < 0) {
        snprintf(why, whycap, "sandbox");
        return SAPPER_ERR_STATE;
    }
    botproc *p = &sb->procs[sb->seat_proc[seat]];
    if (sb->out.failed) {
        snprintf(why, whycap, "memory");
        return SAPPER_ERR_STATE;
    }
    if (p->rlen)   /* something followed its last reply */
        return fail(sb, seat, 1, "protocol", why, whycap);
    double t0 = now();
    if (over_allowance(sb, seat, p, t0)) {
        if (type == SAPPER_WIRE_FREE)
            owe_next_game(sb, p->key);
        return fail(sb, seat, 1, "cpu", why, whycap);
    }
    deadline d = {.pid = p->pid};
    if (sb->call_limit > 0) {
        d.hard = t0 + sb->call_limit + SAPPER_SANDBOX_GRACE;
        d.soft = t0 + 0.9 * sb->call_limit;
    }
    memcpy(sb->out.data, &sb->call_limit, sizeof(double));   /* the frame's head */
    memcpy(sb->out.data + sizeof(double), &sb->game_left, sizeof(double));
    int sent = send_frame(sb, p, type, d.hard);
    if (sent != 0)
        return fail(sb, seat, sent == -2, sent == -2 ? "timeout" : NULL, why, whycap);
    int timed_out;
    int64_t got;
    for (int lines = 0;; lines++) {   /* log lines first, then the reply */
        got = read_reply(p, &d, reply, len, &timed_out);
        if (got != SAPPER_WIRE_LOG)
            break;
        forward_log(sb, seat, reply + 8, *len, lines);
    }
    if (got < 0 && timed_out)
        return fail(sb, seat, 1, "timeout", why, whycap);
    if (got == -1 && !timed_out)   /* end of file: its end says why */
        return fail(sb, seat, 0, NULL, why, whycap);
    if (got != (int64_t)expect)
        return fail(sb, seat, 1, "protocol", why, whycap);
    hold(sb, p, type);
    return SAPPER_OK;
}

/* call(), with the reply's body (after its 8-byte header) to read from
   in; reply is the caller's buffer of REPLY_MAX + 8 bytes it points into. */
static sapper_status call_read(sapper_sandbox *sb, int32_t seat, uint32_t type,
                               uint32_t expect, unsigned char *reply, sapper_wire_in *in,
                               char *why, size_t whycap)
{
    size_t len = 0;
    sapper_status st = call(sb, seat, type, expect, reply, &len, why, whycap);
    *in = (sapper_wire_in){reply + 8, len, 0};
    return st;
}

/* Room for the frame's head: the call's limits, filled in by call(). */
static void put_head(sapper_sandbox *sb)
{
    double none = 0;
    sapper_wire_clear(&sb->out);
    sapper_wire_put(&sb->out, &none, sizeof none);
    sapper_wire_put(&sb->out, &none, sizeof none);
}

/* The pending informs of seat, as the head of the next frame. */
static void put_informs(sapper_sandbox *sb, int32_t seat)
{
    put_head(sb);
    sapper_wire_put_u32(&sb->out, sb->ninforms[seat]);
    sapper_wire_put(&sb->out, sb->informs[seat].data, sb->informs[seat].len);
    if (sb->informs[seat].failed)
        sb->out.failed = 1;
    sb->ninforms[seat] = 0;
    sapper_wire_clear(&sb->informs[seat]);
}

static void put_kvs(sapper_wire_out *o, const sapper_params *p)
{
    sapper_wire_put_u32(o, p ? p->count : 0);
    for (uint32_t i = 0; p && i < p->count; i++) {
        sapper_wire_put_str(o, p->items[i].key);
        sapper_wire_put_str(o, p->items[i].value);
    }
}

/* Whether seat's process played its last game in configuration config
   (it may reset an instance it kept from it); notes config for the next. */
static int same_config(sapper_sandbox *sb, int32_t seat, uint64_t config)
{
    if (seat < 0 || seat >= SAPPER_MAX_SEATS || sb->seat_proc[seat] < 0)
        return 0;
    botproc *p = &sb->procs[sb->seat_proc[seat]];
    int same = p->has_config && p->config == config;
    p->config = config;
    p->has_config = 1;
    return same;
}

static sapper_status drv_bot_new(void *ctx, int32_t seat, const sapper_params *params,
                                 const sapper_bot_setup *setup, uint64_t config,
                                 char *why, size_t whycap)
{
    sapper_sandbox *sb = ctx;
    const sapper_game_info *g = setup->info;
    sapper_wire_out *o = &sb->out;
    put_head(sb);
    if (seat >= 0 && seat < SAPPER_MAX_SEATS)
        sb->host[seat] = setup->struct_size >= offsetof(sapper_bot_setup, host) +
                         sizeof setup->host ? setup->host : NULL;
    if (seat >= 0 && seat < SAPPER_MAX_SEATS && sb->seat_proc[seat] >= 0)   /* for hold() */
        sb->procs[sb->seat_proc[seat]].alone = setup->players == 1;
    if (seat >= 0 && seat < SAPPER_MAX_SEATS && sb->seat_proc[seat] >= 0 &&
        pays_debt(sb, sb->procs[sb->seat_proc[seat]].key)) {
        sapper_host_log(sb->host[seat], SAPPER_LOG_WARNING, "its process used too much "
                        "CPU outside its calls at the end of its last game: this game is lost");
        snprintf(why, whycap, "cpu");
        return SAPPER_ERR_STATE;
    }
    sapper_wire_put_u32(o, (uint32_t)setup->seat);
    sapper_wire_put_u32(o, (uint32_t)setup->players);
    sapper_wire_put_i64(o, (int64_t)setup->seed);
    sapper_wire_put_u32(o, (uint32_t)g->min_players);
    sapper_wire_put_u32(o, (uint32_t)g->max_players);
    sapper_wire_put_u32(o, (uint32_t)g->turns);
    sapper_wire_put_i64(o, g->max_moves);
    sapper_wire_put_i64(o, g->max_actions);
    sapper_wire_put_str(o, setup->rules_id);
    put_kvs(o, params);
    put_kvs(o, setup->rules_params);
    sapper_wire_put_u32(o, (uint32_t)same_config(sb, seat, config));
    unsigned char reply[REPLY_MAX + 8];
    sapper_wire_in in;
    sapper_status st = call_read(sb, seat, SAPPER_WIRE_NEW, SAPPER_WIRE_STARTED, reply, &in,
                                 why, whycap);
    if (st != SAPPER_OK)
        return st;
    int32_t status = (int32_t)sapper_wire_get_u32(&in);
    const char *text = sapper_wire_get_str(&in);
    if (in.bad)
        return fail(sb, seat, 1, "protocol", why, whycap);
    sb->procs[sb->seat_proc[seat]].live = status == SAPPER_OK;
    if (status == SAPPER_OK)
        return SAPPER_OK;
    snprintf(why, whycap, "%s", text);   /* the bot's own refusal */
    return status == SAPPER_ERR_STATE ? SAPPER_ERR_PARAM : status;
}

/* The legal list as runs of consecutive ids (start, length): a few runs
   where the list holds hundreds of ids (every hidden cell of a board). */
static void put_legal_runs(sapper_wire_out *o, const int64_t *legal, size_t n)
{
    uint32_t runs = 0;
    for (size_t i = 0; i < n; i++)
        runs += i == 0 || legal[i] != legal[i - 1] + 1;
    sapper_wire_put_u32(o, (uint32_t)n);
    sapper_wire_put_u32(o, runs);
    for (size_t i = 0; i < n;) {
        size_t j = i + 1;
        while (j < n && legal[j] == legal[j - 1] + 1)
            j++;
        sapper_wire_put_i64(o, legal[i]);
        sapper_wire_put_u32(o, (uint32_t)(j - i));
        i = j;
    }
}

static sapper_status drv_step(void *ctx, int32_t seat, const void *view, size_t view_size,
                              const int64_t *legal, size_t nlegal, int64_t *actions,
                              size_t cap, size_t *count, char *why, size_t whycap)
{
    sapper_sandbox *sb = ctx;
    put_informs(sb, seat);
    sapper_wire_put_u32(&sb->out, (uint32_t)view_size);
    sapper_wire_put(&sb->out, view, view_size);
    put_legal_runs(&sb->out, legal, nlegal);
    sapper_wire_put_u32(&sb->out, (uint32_t)cap);
    unsigned char reply[REPLY_MAX + 8];
    sapper_wire_in in;
    sapper_status st = call_read(sb, seat, SAPPER_WIRE_STEP, SAPPER_WIRE_ACTION, reply, &in,
                                 why, whycap);
    if (st != SAPPER_OK)
        return st;
    int32_t status = (int32_t)sapper_wire_get_u32(&in);
    uint32_t n = sapper_wire_get_u32(&in);
    for (uint32_t i = 0; i < n && i < cap && !in.bad; i++)
        actions[i] = sapper_wire_get_i64(&in);
    if (in.bad || in.left || n > cap)
        return fail(sb, seat, 1, "protocol", why, whycap);
    *count = n;
    return status == SAPPER_ERR_STATE ? SAPPER_ERR_INTERNAL : status;
}

static void drv_inform(void *ctx, int32_t seat, int32_t actor, int64_t action)
{
    sapper_sandbox *sb = ctx;
    if (seat < 0 || seat >= SAPPER_MAX_SEATS)
        return;
    sapper_wire_put_u32(&sb->informs[seat], (uint32_t)actor);
    sapper_wire_put_i64(&sb->informs[seat], action);
    sb->ninforms[seat]++;
}

static sapper_status drv_bot_free(void *ctx, int32_t seat, int keep, char *why,
                                  size_t whycap)
{
    sapper_sandbox *sb = ctx;
    if (seat < 0 || seat >= SAPPER_MAX_SEATS || sb->seat_proc[seat] < 0)
        return SAPPER_OK;   /* it ended with a fault already on record */
    put_informs(sb, seat);
    sapper_wire_put_u32(&sb->out, keep != 0);   /* the process may keep it */
    unsigned char reply[REPLY_MAX + 8];
    sapper_wire_in in;
    sapper_status st = call_read(sb, seat, SAPPER_WIRE_FREE, SAPPER_WIRE_FREED, reply, &in,
                                 why, whycap);
    if (st != SAPPER_OK)
        return st;
    if (in.left != 0)
        return fail(sb, seat, 1, "protocol", why, whycap);
    sb->procs[sb->seat_proc[seat]].live = 0;
    return SAPPER_OK;
}

/* The match hands control back (a person to act, an animated step, the
   game's end): the process a one-seat game left running gets its stop
   (seen stopped before another process runs, or at the game's end). */
static void drv_pause(void *ctx)
{
    sapper_sandbox *sb = ctx;
    if (sb->unsure)
        sapper_hold_stop(&sb->unsure->hold);
}

const sapper_bot_driver sapper_sandbox_driver = {
    .bot_new = drv_bot_new,
    .step = drv_step,
    .inform = drv_inform,
    .bot_free = drv_bot_free,
    .pause = drv_pause,
};
