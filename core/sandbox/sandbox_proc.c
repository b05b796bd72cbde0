/*
 * sandbox_proc.c - the bot processes of the sandbox: starting one (fork
 * and exec of sapper-bothost), ending and reaping it with the reason its
 * end tells, reading its reply under a call's deadline, and keeping it
 * stopped between its calls with the CPU its clock shows outside them
 * charged to it (hold.c, SAPPER_SANDBOX_OUTSIDE_CPU). It does not choose a
 * process for a seat (sandbox.c) or know what a frame means
 * (sandbox_call.c).
 */
#define _GNU_SOURCE
#include "sandbox_internal.h"

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

double sandbox_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
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
const char *sandbox_end_proc(sapper_sandbox *sb, botproc *p, int kill_it)
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
    if (p->text)
        sandbox_drain_err(sb, p);   /* its last words, for its log */
    close(p->to);
    close(p->from);
    if (p->text && p->err >= 0)
        close(p->err);
    if (p->text && p->log >= 0)
        close(p->log);
    free(p->lines);
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
int64_t sandbox_read_reply(botproc *p, deadline *d, unsigned char *buf, size_t *len,
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
        if (d->hard > 0 && sandbox_now() > d->hard) {
            *timed_out = 1;   /* replies dripped byte by byte */
            return -1;
        }
    }
}

/* ---- not running between calls, and charged for what it runs outside them */

/* Before p runs (NULL: a new process), and at a game's end: the process
   that replied last is stopped and seen stopped, unless it is p. */
void sandbox_see_others_stopped(sapper_sandbox *sb, const botproc *p)
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
void sandbox_hold(sapper_sandbox *sb, botproc *p, uint32_t type)
{
    sapper_hold_mark(&p->hold);
    if (!p->alone) {
        sapper_hold_see_stopped(&p->hold);
        return;
    }
    sandbox_see_others_stopped(sb, p);   /* never waits: the one before was seen already */
    sb->unsure = p;
    if (type != SAPPER_WIRE_STEP)
        sapper_hold_stop(&p->hold);
}

/* Before a call at time t: the CPU p used since its last reply (outside
   its calls), less SAPPER_SANDBOX_STOP_SLACK, joins its game's; 1 when that
   passes SAPPER_SANDBOX_OUTSIDE_CPU, with a line for the seat's log. */
int sandbox_over_allowance(sapper_sandbox *sb, int32_t seat, botproc *p, double t)
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
int sandbox_send_frame(sapper_sandbox *sb, botproc *p, uint32_t type, double hard)
{
    sandbox_see_others_stopped(sb, p);
    int put = p->hold.stopped ? sapper_wire_try_send(p->to, type, sb->out.data, sb->out.len)
                              : 0;
    sapper_hold_resume(&p->hold);
    return put > 0 ? 0 : put < 0 ? -1
         : sapper_wire_send(p->to, type, sb->out.data, sb->out.len, hard);
}

int sandbox_start_proc(sapper_sandbox *sb, botproc *p, const sapper_plugin *bot,
                      int64_t key)
{
    if (bot->command) {
        int r = sandbox_start_program(sb, p, bot->command, bot->desc.id, key);
        if (r == 0)
            p->bot = bot;
        return r;
    }
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
    sandbox_see_others_stopped(sb, NULL);   /* the new process runs alone */
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
        sandbox_end_proc(sb, p, 1);
        snprintf(sb->message, sizeof sb->message, "cannot read a bot process's CPU clock");
        return -1;
    }
    unsigned char buf[REPLY_MAX + 8];
    size_t len = 0;
    int timed_out;
    deadline d = {.hard = sandbox_now() + START_SECONDS, .pid = pid};
    int64_t type = sandbox_read_reply(p, &d, buf, &len, &timed_out);
    sapper_wire_in in = {buf + 8, len, 0};
    int32_t st = (int32_t)sapper_wire_get_u32(&in);
    const char *text = sapper_wire_get_str(&in);
    if (type == SAPPER_WIRE_READY && !in.bad && st == SAPPER_OK) {
        sapper_hold_mark(&p->hold);   /* loaded: it runs again for its first frame */
        sapper_hold_see_stopped(&p->hold);
        return 0;
    }
    int answered = type == SAPPER_WIRE_READY && !in.bad;
    const char *ended = sandbox_end_proc(sb, p, answered || timed_out);
    sb->last_end = ended;
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
