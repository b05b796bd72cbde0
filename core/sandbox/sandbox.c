/*
 * sandbox.c - the engine's side of sandbox.h: the sandbox itself and its
 * table of bot processes, kept for later games of their entrant (a seat is
 * given a process, a new one past its games or its board, and released at
 * the game's end). Every byte a bot process sends is checked before it
 * means anything (sandbox_call.c); a process that breaks the protocol,
 * dies, or misses a deadline is killed, reaped, and its seat forfeits with
 * the reason its end tells (sandbox_proc.c). This file starts no process
 * and sends no frame itself.
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
        sandbox_end_proc(sb, &sb->procs[idle], 1);
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
    sb->start_end[seat] = NULL;
    int i = pick_proc(sb, key, board);
    if (i < 0)
        return;
    botproc *p = &sb->procs[i];
    sb->last_end = "sandbox";
    if (p->pid <= 0 && sandbox_start_proc(sb, p, bot, key) != 0) {
        sb->start_end[seat] = sb->last_end;
        return;
    }
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
            sandbox_end_proc(sb, p, 1);   /* never freed: its instance would linger */
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
            sandbox_end_proc(sb, &sb->procs[i], 1);
    for (int s = 0; s < SAPPER_MAX_SEATS; s++)
        sapper_wire_free(&sb->informs[s]);
    sapper_wire_free(&sb->out);
    sapper_strbuf_free(&sb->text);
    sapper_strbuf_free(&sb->view);
    free(sb);
}
