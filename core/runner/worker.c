/*
 * worker.c - the worker processes of a tournament. A worker is a fork of
 * the runner that plays whole games: it reads a game index from its pipe,
 * plays the game in-process (bots included), and writes the record back.
 * Whatever a bot does to its process (crash, hang, exit, exhaust memory)
 * costs only that worker: the parent sees the pipe close or the deadline
 * pass, kills and reaps it, names the culprit from the shared slot, and
 * starts another. Only the parent touches the database.
 *
 * With [tournament] sandbox = process the bots are not in the worker at
 * all: each has a process of its own (core/sandbox/), and the worker keeps
 * to one core with them, so a move's round trip is two context switches on
 * one core instead of a wake-up across cores.
 *
 * Wire format, child to parent: a record frame (record_wire.h), which
 * the parent reads here and then judges with sapper_record_is_sound
 * (record_wire.c): a bot in the worker may have written anything on the
 * pipe. Parent to child: a game index (int64), -1 to stop.
 */
#define _GNU_SOURCE
#include "tournament_internal.h"
#include "bot_keep.h"
#include "record_wire.h"
#include "sandbox.h"
#include "wire.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The header, the replay and the JSON in one write: a system call a part
   was a tenth of the runner's cost per short game. frame is the worker's
   own buffer, emptied after each write, so it grows once, not each game. */
static void send_record(int fd, const sapper_game_record *r, sapper_strbuf *frame)
{
    sapper_record_pack(r, frame);
    if (frame->failed || sapper_wire_write_all(fd, frame->data, frame->len))
        _exit(3);
    frame->len = 0;
}

static void limit_memory(int64_t mb)
{
#if defined(__SANITIZE_ADDRESS__)
    (void)mb;  /* ASan reserves terabytes of address space: no limit there */
#else
    if (mb > 0) {
        struct rlimit rl = {(rlim_t)mb << 20, (rlim_t)mb << 20};
        setrlimit(RLIMIT_AS, &rl);
    }
#endif
}

/* Keeps this process (and the bot processes it starts) to one core: the
   cpu-th of those it may use. */
static void keep_to_core(int cpu)
{
    cpu_set_t allowed, one;
    if (cpu < 0 || sched_getaffinity(0, sizeof allowed, &allowed) != 0)
        return;
    int n = CPU_COUNT(&allowed), k = cpu % (n > 0 ? n : 1);
    for (size_t c = 0; c < CPU_SETSIZE; c++) {
        if (!CPU_ISSET(c, &allowed) || k-- > 0)
            continue;
        CPU_ZERO(&one);
        CPU_SET(c, &one);
        sched_setaffinity(0, sizeof one, &one);
        return;
    }
}

static sapper_sandbox *open_sandbox(const sapper_tournament_def *def)
{
    sapper_sandbox_options o = {
        .helper = def->helper, .memory_mb = def->memory_mb,
        .memory_share_mb = def->memory_share_mb,
        /* a backstop to the per-call deadlines, over a process's life */
        .cpu_seconds = def->game_seconds > 0 ? (int64_t)(256 * def->game_seconds) + 10 : 0,
        .games_per_process = 256,
        .kit_dir = def->kit_dir[0] ? def->kit_dir : NULL,
        .log_dir = def->log_dir[0] ? def->log_dir : NULL,
        .no_lockdown = !def->sandbox,
    };
    return sapper_sandbox_new(&o);
}

/* The child: play what the parent sends until told to stop. */
static void worker_main(const sapper_tournament_def *def, sapper_slot *slot,
                        int cpu, int in, int out)
{
    /* the parent decides when we stop: Ctrl-C reaches the terminal's whole
       process group, and mpirun sends SIGTERM to a rank's whole group
       when it stops or aborts a job; a game cut short that way would be
       stored as a bot's crash or a void game */
    signal(SIGINT, SIG_IGN);
    signal(SIGTERM, SIG_IGN);
    limit_memory(def->memory_mb);
    sapper_sandbox *sb = NULL;
    sapper_bot_keep *keep = NULL;
    if (def->sandbox || def->commands) {
        if (def->sandbox)
            keep_to_core(cpu);
        if (!(sb = open_sandbox(def)))
            _exit(3);
    }
    if (!def->sandbox) {
        /* bots in this process keep their memory from game to game, as in
           sapper run (NULL: every game makes its bots) */
        keep = sapper_bot_keep_new();
    }
    int64_t index;
    sapper_strbuf frame = {0};
    while (sapper_wire_read_all(in, &index, sizeof index) == 0 && index >= 0) {
        sapper_tgame g;
        sapper_game_record r;
        sapper_schedule_game(def, index, &g);
        sapper_play_tgame_in(def, &g, slot, sb, keep, &r);
        send_record(out, &r, &frame);
        sapper_game_record_free(&r);
    }
    sapper_strbuf_free(&frame);
    sapper_bot_keep_free(keep);
    sapper_sandbox_free(sb);
    _exit(0);
}

/* Closes every descriptor above stderr but a and b. */
static void close_all_but(int a, int b)
{
    int lo = a < b ? a : b, hi = a < b ? b : a;
    if (lo > 3)
        close_range(3, (unsigned)lo - 1, 0);
    if (hi > lo + 1)
        close_range((unsigned)lo + 1, (unsigned)hi - 1, 0);
    close_range((unsigned)hi + 1, ~0U, 0);
}

sapper_status sapper_worker_start(sapper_worker *w, const sapper_tournament_def *def,
                                  sapper_slot *slot, int cpu, char *err, size_t errcap)
{
    int down[2], up[2];
    if (pipe2(down, O_CLOEXEC) != 0 || pipe2(up, O_CLOEXEC) != 0) {
        snprintf(err, errcap, "cannot create a pipe: %s", strerror(errno));
        return SAPPER_ERR_STATE;
    }
    fflush(NULL);   /* a bot calling exit() must not flush our buffers twice */
    memset(slot, 0, sizeof *slot);
    pid_t master = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errcap, "cannot start a worker: %s", strerror(errno));
        return SAPPER_ERR_STATE;
    }
    if (pid == 0) {
        /* A worker dies with the master, in every sandbox mode: a killed
           master leaves no worker spinning in a bot's step (issue 33 item
           7). A master already gone before this line: the same. */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != master)
            _exit(1);
        close_all_but(down[0], up[1]);   /* the database, other workers' pipes */
        worker_main(def, slot, cpu, down[0], up[1]);
    }
    close(down[0]);
    close(up[1]);
    *w = (sapper_worker){.pid = pid, .to_child = down[1], .from_child = up[0],
                         .slot = slot, .cpu = cpu};
    return SAPPER_OK;
}

sapper_status sapper_worker_send(sapper_worker *w, int64_t index)
{
    if (sapper_wire_write_all(w->to_child, &index, sizeof index))
        return SAPPER_ERR_STATE;
    w->queue[w->nqueued++] = index;
    return SAPPER_OK;
}

sapper_status sapper_worker_receive(sapper_worker *w, sapper_game_record *out)
{
    sapper_record_header h;
    if (sapper_wire_read_all(w->from_child, &h, sizeof h))
        return SAPPER_ERR_STATE;
    int64_t n = sapper_record_body_len(&h);
    if (n < 0)
        return SAPPER_ERR_PARSE;   /* not a record this engine writes */
    char *body = malloc((size_t)n + 1);
    sapper_status st = body && sapper_wire_read_all(w->from_child, body, (size_t)n) == 0
                       ? sapper_record_unpack(&h, body, out) : SAPPER_ERR_STATE;
    free(body);
    return st == SAPPER_ERR_NOMEM ? SAPPER_ERR_STATE : st;
}

void sapper_worker_pop(sapper_worker *w)
{
    if (w->nqueued == 0)
        return;
    w->nqueued--;
    memmove(w->queue, w->queue + 1, (size_t)w->nqueued * sizeof w->queue[0]);
    w->killed_for_timeout = 0;
}

static void close_pipes(sapper_worker *w)
{
    close(w->to_child);
    close(w->from_child);
    w->to_child = w->from_child = -1;
}

/* Killed by a signal nobody here sent: the OOM killer, an operator. */
static int killed_from_outside(const sapper_worker *w, int status)
{
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL && !w->killed_for_timeout;
}

static void fault_record(const sapper_worker *w, int status, const sapper_tgame *g,
                         sapper_game_record *r)
{
    memset(r, 0, sizeof *r);
    r->index = w->queue[0];
    r->nseats = g->nseats;
    r->culprit = -1;
    if (w->slot->seat < 0 || w->slot->seat >= g->nseats ||
        !__atomic_load_n(&w->slot->in_bot, __ATOMIC_ACQUIRE)) {
        r->voided = 1;   /* died outside any bot: the rules or the engine */
        snprintf(r->reason, sizeof r->reason, "void");
        return;
    }
    r->culprit = w->slot->seat;
    const char *why = w->killed_for_timeout ? "timeout"
                    : WIFSIGNALED(status) ? "crash" : "exit";
    snprintf(r->reason, sizeof r->reason, "%s", why);
    sapper_forfeit_returns(r);
}

int sapper_worker_reap(sapper_worker *w, int block, const sapper_tgame *g,
                       sapper_game_record *out)
{
    int status = 0;
    if (w->pid <= 0)
        return 0;
    pid_t got = waitpid(w->pid, &status, block ? 0 : WNOHANG);
    if (got == 0)
        return 0;
    int had_game = w->nqueued > 0 && g;
    int outside = killed_from_outside(w, status);
    if (had_game && !outside)
        fault_record(w, status, g, out);
    close_pipes(w);
    w->pid = 0;
    return !had_game ? 0 : outside ? 2 : 1;
}

void sapper_worker_finish(sapper_worker *w)
{
    int64_t stop = -1;
    if (w->pid > 0 && w->nqueued == 0 &&
        sapper_wire_write_all(w->to_child, &stop, sizeof stop) == 0) {
        for (int i = 0; i < 2000; i++) {   /* it ends its bot processes: 2 s at most */
            if (waitpid(w->pid, NULL, WNOHANG) == w->pid) {
                close_pipes(w);
                w->pid = 0;
                return;
            }
            struct timespec ms = {0, 1000000};
            nanosleep(&ms, NULL);
        }
    }
    sapper_worker_stop(w);
}

void sapper_worker_stop(sapper_worker *w)
{
    if (w->pid <= 0)
        return;
    kill(w->pid, SIGKILL);
    waitpid(w->pid, NULL, 0);
    close_pipes(w);
    w->pid = 0;
}
