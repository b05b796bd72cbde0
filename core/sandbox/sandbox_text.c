/*
 * sandbox_text.c - the driver calls for a seat played by a process bot:
 * each one the lines of docs/PROTOCOL.md (core/protocol/ writes and reads
 * them) sent to its process and one line of answer read under the call's
 * deadline. A broken answer, a death or a missed deadline fails the seat
 * with its reason word, as sandbox_call.c does for frames; the bot's own
 * text reaches the seat's log quoted, never raw.
 */
#define _GNU_SOURCE
#include "sandbox_internal.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

static botproc *seat_proc(sapper_sandbox *sb, int32_t seat)
{
    if (seat < 0 || seat >= SAPPER_MAX_SEATS || sb->seat_proc[seat] < 0)
        return NULL;
    return &sb->procs[sb->seat_proc[seat]];
}

/* The seat fails with reason word; what it did is a line in its log. */
static sapper_status fail(sapper_sandbox *sb, int32_t seat, const char *word,
                          const char *detail, char *why, size_t whycap)
{
    botproc *p = seat_proc(sb, seat);
    if (detail && *detail)
        sapper_host_log(sb->host[seat], SAPPER_LOG_WARNING, detail);
    const char *ended = p ? sandbox_end_proc(sb, p, 1) : "sandbox";
    sb->seat_proc[seat] = -1;
    snprintf(why, whycap, "%s", word ? word : ended);
    return SAPPER_ERR_STATE;
}

/* A fault of the process's end: how it ended says why (exit, crash, a
   forbidden call), unless it is still running with its output closed. */
static sapper_status ended(sapper_sandbox *sb, int32_t seat, char *why, size_t whycap)
{
    botproc *p = seat_proc(sb, seat);
    siginfo_t info = {0};
    for (int i = 0; i < 50 && info.si_pid == 0; i++) {   /* exiting: 50 ms at most */
        if (waitid(P_PID, (id_t)p->pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0)
            break;
        if (info.si_pid == 0)
            nanosleep(&(struct timespec){0, 1000000}, NULL);
    }
    if (info.si_pid == 0)   /* alive with its output closed: no answer will come */
        return fail(sb, seat, "protocol", "it closed its standard output", why, whycap);
    const char *word = sandbox_end_proc(sb, p, 0);
    sb->seat_proc[seat] = -1;
    const char *how = strcmp(word, "exit") == 0 ? "the process exited"
                    : strcmp(word, "sandbox") == 0 ? "the process made a system call the "
                      "sandbox forbids (a new process, exec, connect, a signal to another "
                      "process, writing a file: docs/PLUGINS.md, \"Process bots\")"
                    : strcmp(word, "memory") == 0 ? "the process passed its memory share"
                    : "the process died of a signal";
    char line[400];
    snprintf(line, sizeof line, "its standard output ended: %s", how);
    sapper_host_log(sb->host[seat], SAPPER_LOG_WARNING, line);
    snprintf(why, whycap, "%s", word);
    return SAPPER_ERR_STATE;
}

/* Sends text and reads one line of answer into line: SAPPER_OK, or the
   seat's fault. */
static sapper_status exchange(sapper_sandbox *sb, int32_t seat, sapper_strbuf *text,
                              char *line, char *why, size_t whycap)
{
    botproc *p = seat_proc(sb, seat);
    if (!p)
        return snprintf(why, whycap, "sandbox"), SAPPER_ERR_STATE;
    if (text->failed)
        return snprintf(why, whycap, "memory"), SAPPER_ERR_STATE;
    if (sandbox_unasked(p, 0))   /* with its last answer: the next read finds the rest */
        return fail(sb, seat, "protocol", "it wrote to its standard output before it "
                    "was asked", why, whycap);
    double t0 = sandbox_now();
    if (sandbox_over_allowance(sb, seat, p, t0))
        return fail(sb, seat, "cpu", NULL, why, whycap);
    double hard = sb->call_limit > 0 ? t0 + sb->call_limit + SAPPER_SANDBOX_GRACE : 0;
    int sent = sandbox_send_text(sb, p, text, hard);
    if (sent == -2)
        return fail(sb, seat, "timeout", "it did not read its input in time", why, whycap);
    if (sent != 0)
        return ended(sb, seat, why, whycap);
    int got = sandbox_read_line(sb, p, hard, line);
    if (got == 0)
        return fail(sb, seat, "timeout", NULL, why, whycap);
    if (got == -2)
        return fail(sb, seat, "protocol", "it wrote a line over 8192 bytes or a NUL byte",
                    why, whycap);
    if (got < 0)
        return ended(sb, seat, why, whycap);
    return SAPPER_OK;
}

/* After the answer: p is held as any bot process is between its calls. */
static void held(sapper_sandbox *sb, int32_t seat, uint32_t type)
{
    botproc *p = seat_proc(sb, seat);
    if (p)
        sandbox_hold(sb, p, type);
}

/* The did lines of the other seats' actions seat has not heard yet
   (sb->informs). */
static void put_dids(sapper_sandbox *sb, int32_t seat, const sapper_proto_codec *c,
                     sapper_strbuf *o)
{
    sapper_wire_in in = {sb->informs[seat].data, sb->informs[seat].len, 0};
    for (uint32_t i = 0; i < sb->ninforms[seat]; i++) {
        int32_t actor = (int32_t)sapper_wire_get_u32(&in);
        int64_t action = sapper_wire_get_i64(&in);
        if (in.bad)
            break;
        if (actor != seat)   /* its own actions are its answers: not repeated */
            sapper_proto_put_did(o, c, actor, action);
    }
    if (sb->informs[seat].failed)
        o->failed = 1;
    sb->ninforms[seat] = 0;
    sapper_wire_clear(&sb->informs[seat]);
}

/* "refused: TEXT" or a protocol fault's words, for the seat's log. */
static void log_answer(sapper_sandbox *sb, int32_t seat, const char *what, const char *why)
{
    char line[700];
    snprintf(line, sizeof line, "%s: %s", what, why);
    sapper_host_log(sb->host[seat], SAPPER_LOG_WARNING, line);
}

sapper_status sandbox_text_bot_new(sapper_sandbox *sb, int32_t seat,
                                   const sapper_bot_setup *setup, char *why, size_t whycap)
{
    botproc *p = seat_proc(sb, seat);
    const char *family = p && p->bot ? p->bot->desc.family : "";
    if (!p || sapper_proto_codec_init(&p->codec, family, setup->players) != 0)
        return fail(sb, seat, "sandbox", NULL, why, whycap);
    sb->returns[seat][0] = 0;
    sapper_proto_game g = {
        .number = ++p->game_number, .rules_id = setup->rules_id, .family = family,
        .family_version = 0, .seat = setup->seat,
        .players = setup->players, .params = setup->rules_params, .seed = setup->seed,
        .move_seconds = sb->call_limit, .game_seconds = sb->game_left > 0 ? sb->game_left : 0,
    };
    sapper_strbuf o = {0};
    sapper_proto_put_game(&o, &g);
    char line[SAPPER_PROTO_LINE_MAX + 1], said[512];
    sapper_status st = exchange(sb, seat, &o, line, why, whycap);
    sapper_strbuf_free(&o);
    if (st != SAPPER_OK)
        return st;
    int r = sapper_proto_read_started(line, said, sizeof said);
    if (r < 0) {
        log_answer(sb, seat, "its answer to start", said);
        return fail(sb, seat, "protocol", NULL, why, whycap);
    }
    held(sb, seat, SAPPER_WIRE_NEW);
    p->live = r == 0;
    if (r == 0)
        return SAPPER_OK;
    snprintf(why, whycap, "%s", said);   /* its own refusal, quoted */
    return SAPPER_ERR_PARAM;
}

sapper_status sandbox_text_step(sapper_sandbox *sb, int32_t seat, const void *view,
                                size_t view_size, const int64_t *legal, size_t nlegal,
                                int64_t *actions, size_t cap, size_t *count, char *why,
                                size_t whycap)
{
    botproc *p = seat_proc(sb, seat);
    if (!p)
        return fail(sb, seat, "sandbox", NULL, why, whycap);
    sapper_strbuf *seen = &sb->view, *o = &sb->text;
    sapper_strbuf_clear(seen);
    sapper_strbuf_clear(o);
    if (sapper_proto_put_view(seen, &p->codec, view, view_size) != 0)
        return snprintf(why, whycap, "protocol"), SAPPER_ERR_INTERNAL;   /* the rules' */
    put_dids(sb, seat, &p->codec, o);
    sapper_strbuf_append(o, sapper_strbuf_str(seen), seen->len);
    if (p->hello.want_legal)
        sapper_proto_put_legal(o, legal, nlegal);
    sapper_proto_put_go(o, sb->call_limit, sb->game_left);
    char line[SAPPER_PROTO_LINE_MAX + 1], said[512];
    sapper_status st = exchange(sb, seat, o, line, why, whycap);
    if (st != SAPPER_OK)
        return st;
    if (sapper_proto_read_move(&p->codec, line, actions, cap, count, said, sizeof said)) {
        log_answer(sb, seat, "its answer to go", said);
        return fail(sb, seat, "protocol", NULL, why, whycap);
    }
    held(sb, seat, SAPPER_WIRE_STEP);
    return SAPPER_OK;
}

sapper_status sandbox_text_bot_free(sapper_sandbox *sb, int32_t seat, char *why,
                                    size_t whycap)
{
    botproc *p = seat_proc(sb, seat);
    if (!p)
        return SAPPER_OK;   /* it ended with a fault already on record */
    sapper_strbuf o = {0};
    put_dids(sb, seat, &p->codec, &o);
    double returns[SAPPER_MAX_SEATS];
    int known = sb->returns[seat][0] != 0;
    for (int32_t i = 0; known && i < p->codec.players && i < SAPPER_MAX_SEATS; i++)
        returns[i] = sb->returns[i][1];
    sapper_proto_put_end(&o, known ? returns : NULL, p->codec.players);
    char line[SAPPER_PROTO_LINE_MAX + 1], said[512];
    sapper_status st = exchange(sb, seat, &o, line, why, whycap);
    sapper_strbuf_free(&o);
    if (st != SAPPER_OK)
        return st;
    if (sapper_proto_read_ended(line, said, sizeof said)) {
        log_answer(sb, seat, "its answer to end", said);
        return fail(sb, seat, "protocol", NULL, why, whycap);
    }
    held(sb, seat, SAPPER_WIRE_FREE);
    p->live = 0;
    return SAPPER_OK;
}
