/*
 * sandbox_call.c - the driver calls (sapper_sandbox_driver): each one a
 * frame of wire.h sent to the seat's process and its reply read, checked
 * byte by byte and decoded; a broken reply, a death or a missed deadline
 * fails the seat with its reason word, and a CPU overrun found too late
 * costs the entrant's next game. It does not start or reap processes
 * (sandbox_proc.c) or keep the process table (sandbox.c).
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
    const char *ended = sandbox_end_proc(sb, p, kill_it);
    sb->seat_proc[seat] = -1;
    snprintf(why, whycap, "%s", word ? word : ended);
    return SAPPER_ERR_STATE;
}

/* A seat without a process: it failed to start. One killed from outside
   while it started (the OOM killer, an operator) is the system's doing, as
   in a call: "killed"; any other start failure is the bot's: "sandbox". */
static sapper_status no_process(const sapper_sandbox *sb, int32_t seat, char *why,
                                size_t whycap)
{
    const char *end = seat >= 0 && seat < SAPPER_MAX_SEATS ? sb->start_end[seat] : NULL;
    snprintf(why, whycap, "%s", end && strcmp(end, "killed") == 0 ? "killed" : "sandbox");
    return SAPPER_ERR_STATE;
}

static sapper_status call(sapper_sandbox *sb, int32_t seat, uint32_t type,
                          uint32_t expect, unsigned char *reply, size_t *len,
                          char *why, size_t whycap)
{
    if (seat < 0 || seat >= SAPPER_MAX_SEATS || sb->seat_proc[seat] < 0)
        return no_process(sb, seat, why, whycap);
    botproc *p = &sb->procs[sb->seat_proc[seat]];
    if (sb->out.failed) {
        snprintf(why, whycap, "memory");
        return SAPPER_ERR_STATE;
    }
    if (p->rlen)   /* something followed its last reply */
        return fail(sb, seat, 1, "protocol", why, whycap);
    double t0 = sandbox_now();
    if (sandbox_over_allowance(sb, seat, p, t0)) {
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
    int sent = sandbox_send_frame(sb, p, type, d.hard);
    if (sent != 0)
        return fail(sb, seat, sent == -2, sent == -2 ? "timeout" : NULL, why, whycap);
    int timed_out;
    int64_t got;
    for (int lines = 0;; lines++) {   /* log lines first, then the reply */
        got = sandbox_read_reply(p, &d, reply, len, &timed_out);
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
    sandbox_hold(sb, p, type);
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

/* Whether seat is played by a process bot (docs/PROTOCOL.md). */
static int is_text(const sapper_sandbox *sb, int32_t seat)
{
    return seat >= 0 && seat < SAPPER_MAX_SEATS && sb->seat_proc[seat] >= 0 &&
           sb->procs[sb->seat_proc[seat]].text;
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
    if (seat >= 0 && seat < SAPPER_MAX_SEATS && sb->seat_proc[seat] >= 0)   /* for sandbox_hold() */
        sb->procs[sb->seat_proc[seat]].alone = setup->players == 1;
    if (seat >= 0 && seat < SAPPER_MAX_SEATS && sb->seat_proc[seat] >= 0 &&
        pays_debt(sb, sb->procs[sb->seat_proc[seat]].key)) {
        sapper_host_log(sb->host[seat], SAPPER_LOG_WARNING, "its process used too much "
                        "CPU outside its calls at the end of its last game: this game is lost");
        snprintf(why, whycap, "cpu");
        return SAPPER_ERR_STATE;
    }
    if (is_text(sb, seat)) {
        same_config(sb, seat, config);
        return sandbox_text_bot_new(sb, seat, setup, why, whycap);
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
    if (is_text(sb, seat))
        return sandbox_text_step(sb, seat, view, view_size, legal, nlegal, actions, cap,
                                 count, why, whycap);
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
    if (is_text(sb, seat))
        return sandbox_text_bot_free(sb, seat, why, whycap);
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

/* How the game ended, for process bots' `end` line. */
static void drv_result(void *ctx, int32_t seat, const double *returns, int32_t players)
{
    sapper_sandbox *sb = ctx;
    if (seat < 0 || seat >= SAPPER_MAX_SEATS)
        return;
    for (int32_t i = 0; i < players && i < SAPPER_MAX_SEATS; i++)
        sb->returns[i][1] = returns[i];
    sb->returns[seat][0] = 1;
}

const sapper_bot_driver sapper_sandbox_driver = {
    .bot_new = drv_bot_new,
    .step = drv_step,
    .inform = drv_inform,
    .bot_free = drv_bot_free,
    .pause = drv_pause,
    .result = drv_result,
};
