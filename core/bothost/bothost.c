/*
 * bothost.c - sapper-bothost, the process a sandboxed bot lives in, and
 * the one that reads a plugin's manifest. The engine starts it with fork
 * and exec (helper_exec.h: stdin, stdout and stderr on /dev/null, no other
 * descriptor but the channel, an environment of the sanitizers' variables,
 * in /, to die with its parent), so it holds nothing of the engine. In
 * one of two modes:
 *
 *     sapper-bothost --describe PLUGIN_FILE
 *
 * reads one plugin's manifest for the engine's registry (describer.c;
 * core/loader/describe.c starts it with the pipe on descriptor 3);
 *
 *     sapper-bothost PLUGIN_FILE BOT_ID MEMORY_MB CPU_SECONDS
 *
 * runs one bot (sandbox_proc.c starts it with the channel on descriptors 3
 * (in) and 4 (out), in its own process group).
 *
 * It locks itself down, loads that one plugin (nothing else of the engine
 * is in this process: no rules, no game, no database, no other bot),
 * locks down the rest of the way, says READY, and then serves one game at
 * a time: NEW -> bot_new, STEP -> informs then step, FREE -> informs then
 * bot_free, until the channel closes. After the bot's first call nothing
 * in this process is trusted: the engine checks every frame it sends.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "describer.h"
#include "heap.h"
#include "loader.h"
#include "lockdown.h"
#include "params.h"
#include "wire.h"

#if defined(__SANITIZE_ADDRESS__)
/* LeakSanitizer stops the world with ptrace, which the sandbox forbids. */
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "detect_leaks=0"; }
#endif

#define MAX_ANSWER 256   /* actions in one answer: SAPPER_PLAN_MAX (match.h) */

/* The bot's cancel flag: SIGUSR1 from the engine sets it (most of the
   call's time is spent); each call clears it. The one global of this
   program, for its signal handler. */
static volatile int32_t cancel_flag;

static void on_cancel(int sig)
{
    (void)sig;
    cancel_flag = 1;
}

typedef struct host {
    const sapper_bot_api *api;
    sapper_host table;         /* the bot's host table */
    double received;           /* CLOCK_MONOTONIC when this call's frame came */
    double call_limit, game_left;   /* from the frame's head (0 / <0: none) */
    void *bot;                 /* the instance of the game in play, or NULL */
    void *spare;               /* an instance kept from the last game for
                                  bot_reset (ABI 1.2), or NULL */
    int same_config;           /* the engine says this game's configuration
                                  is the last one's (never what it is) */
    unsigned char *frame;      /* the last frame's payload; owned */
    size_t frame_cap;
    unsigned char *aligned;    /* the view and legal list, copied to
                                  aligned memory; owned */
    size_t aligned_cap;
    sapper_wire_out out;
} host;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- the bot's host table: log lines go to the engine as LOG frames,
   the time left comes from the frame's head */

static void host_log(void *ctx, int32_t level, const char *line)
{
    (void)ctx;
    sapper_wire_out o = {0};
    sapper_wire_put_u32(&o, (uint32_t)level);
    sapper_wire_put_str(&o, line ? line : "");
    if (!o.failed && o.len <= 1024)   /* a line, not a flood */
        sapper_wire_send(SAPPER_SANDBOX_OUT, SAPPER_WIRE_LOG, o.data, o.len, 0);
    sapper_wire_free(&o);
}

static double host_time_left(void *ctx, double *game_left)
{
    host *h = ctx;
    double spent = now() - h->received;
    if (game_left)
        *game_left = h->game_left < 0 ? -1 : h->game_left - spent;
    return h->call_limit > 0 ? h->call_limit - spent : -1;
}

static int reply(host *h, uint32_t type)
{
    return h->out.failed ? -1
         : sapper_wire_send(SAPPER_SANDBOX_OUT, type, h->out.data, h->out.len, 0);
}

static int reply_status(host *h, uint32_t type, int32_t status, const char *text)
{
    sapper_wire_clear(&h->out);
    sapper_wire_put_u32(&h->out, (uint32_t)status);
    sapper_wire_put_str(&h->out, text);
    return reply(h, type);
}

/* Reads n (actor, action) pairs and tells the bot. */
static void deliver_informs(host *h, sapper_wire_in *in)
{
    uint32_t n = sapper_wire_get_u32(in);
    for (uint32_t i = 0; i < n && !in->bad; i++) {
        int32_t actor = (int32_t)sapper_wire_get_u32(in);
        int64_t action = sapper_wire_get_i64(in);
        if (!in->bad && h->bot && h->api->inform)
            h->api->inform(h->bot, actor, action);
    }
}

/* A key/value list; the pointers point into the frame. */
static sapper_kv *read_kvs(sapper_wire_in *in, uint32_t *count)
{
    uint32_t n = sapper_wire_get_u32(in);
    if (in->bad || n > in->left / 10) {
        in->bad = 1;
        return NULL;
    }
    sapper_kv *kv = calloc((size_t)n + 1, sizeof *kv);
    for (uint32_t i = 0; kv && i < n; i++) {
        kv[i].key = sapper_wire_get_str(in);
        kv[i].value = sapper_wire_get_str(in);
    }
    *count = n;
    return kv;
}

/* The instance kept from the last game, reset for this one when the
   engine says both games have one configuration (bot_reset, ABI 1.2); 0
   otherwise (it is freed). */
static int reset_spare(host *h, const sapper_bot_setup *s)
{
    void *spare = h->spare;
    char why[64];
    h->spare = NULL;
    if (spare && h->same_config &&
        h->api->bot_reset(spare, s, why, sizeof why) == SAPPER_OK) {
        h->bot = spare;
        return 1;
    }
    if (spare)
        h->api->bot_free(spare);
    return 0;
}

static int on_new(host *h, sapper_wire_in *in)
{
    sapper_game_info info = {.struct_size = sizeof info};
    sapper_bot_setup s = {.struct_size = sizeof s, .info = &info};
    s.seat = (int32_t)sapper_wire_get_u32(in);
    s.players = (int32_t)sapper_wire_get_u32(in);
    s.seed = (uint64_t)sapper_wire_get_i64(in);
    info.min_players = (int32_t)sapper_wire_get_u32(in);
    info.max_players = (int32_t)sapper_wire_get_u32(in);
    info.turns = (int32_t)sapper_wire_get_u32(in);
    info.max_moves = sapper_wire_get_i64(in);
    info.max_actions = sapper_wire_get_i64(in);
    s.rules_id = sapper_wire_get_str(in);
    sapper_params bp = {0}, rp = {0};
    sapper_kv *bkv = read_kvs(in, &bp.count), *rkv = read_kvs(in, &rp.count);
    bp.items = bkv;
    rp.items = rkv;
    s.rules_params = &rp;
    s.host = &h->table;
    char err[512] = "";
    sapper_status st = SAPPER_ERR_STATE;
    h->same_config = sapper_wire_get_u32(in) == 1;
    if (!in->bad && bkv && rkv && !h->bot)
        st = reset_spare(h, &s) ? SAPPER_OK
                                : h->api->bot_new(&bp, &s, &h->bot, err, sizeof err);
    if (st != SAPPER_OK)
        h->bot = NULL;
    free(bkv);
    free(rkv);
    return reply_status(h, SAPPER_WIRE_STARTED, st, err);
}

/* Room for the view and the legal list in 8-aligned memory (in the frame
   the view sits wherever the lengths before it put it). */
static int reserve_aligned(host *h, size_t vsize, size_t nlegal, void **v, int64_t **l)
{
    size_t voff = (vsize + 7) & ~(size_t)7, need = voff + nlegal * sizeof(int64_t);
    if (need > h->aligned_cap) {
        free(h->aligned);
        h->aligned_cap = need;
        if (!(h->aligned = malloc(need)))
            return -1;
    }
    *v = h->aligned;
    *l = (int64_t *)(void *)(h->aligned + voff);
    return 0;
}

/* Expands the runs (start, length) of the legal list: nlegal ids in all. */
static int expand_runs(sapper_wire_in *in, int64_t *out, uint32_t nlegal)
{
    uint32_t runs = sapper_wire_get_u32(in), done = 0;
    for (uint32_t r = 0; r < runs && !in->bad; r++) {
        int64_t start = sapper_wire_get_i64(in);
        uint32_t len = sapper_wire_get_u32(in);
        if (len > nlegal - done)
            return -1;
        for (uint32_t k = 0; k < len; k++)
            out[done++] = start + k;
    }
    return in->bad || done != nlegal ? -1 : 0;
}

/* The bot's answer: several actions from step_many, or step's one. */
static sapper_status ask(host *h, const void *v, size_t vsize, const int64_t *l,
                         size_t nlegal, int64_t *acts, size_t cap, size_t *count)
{
    if (h->api->step_many)
        return h->api->step_many(h->bot, v, vsize, l, nlegal, acts, cap, count);
    *count = 1;
    return h->api->step(h->bot, v, vsize, l, nlegal, &acts[0]);
}

static int on_step(host *h, sapper_wire_in *in)
{
    deliver_informs(h, in);
    uint32_t vsize = sapper_wire_get_u32(in);
    const void *view = sapper_wire_get(in, vsize);
    uint32_t nlegal = sapper_wire_get_u32(in);
    int64_t acts[MAX_ANSWER], *l = NULL;
    size_t count = 0;
    void *v = NULL;
    sapper_status st = SAPPER_ERR_STATE;
    /* no list only for a bot that declines it (SAPPER_BOT_NO_LEGAL_LIST) */
    int listless = nlegal == 0 && (h->api->flags & SAPPER_BOT_NO_LEGAL_LIST);
    if (!in->bad && h->bot && (nlegal > 0 || listless) && vsize > 0 &&
        reserve_aligned(h, vsize, nlegal, &v, &l) == 0 &&
        expand_runs(in, l, nlegal) == 0) {
        uint32_t cap = sapper_wire_get_u32(in);
        cap = cap < 1 ? 1 : cap > MAX_ANSWER ? MAX_ANSWER : cap;
        memcpy(v, view, vsize);
        st = ask(h, v, vsize, nlegal ? l : NULL, nlegal, acts, cap, &count);
        count = count > cap ? cap : count;
    }
    sapper_wire_clear(&h->out);
    sapper_wire_put_u32(&h->out, (uint32_t)st);
    sapper_wire_put_u32(&h->out, st == SAPPER_OK ? (uint32_t)count : 0);
    for (size_t i = 0; st == SAPPER_OK && i < count; i++)
        sapper_wire_put_i64(&h->out, acts[i]);
    return reply(h, SAPPER_WIRE_ACTION);
}

static int on_free(host *h, sapper_wire_in *in)
{
    deliver_informs(h, in);
    uint32_t keep = sapper_wire_get_u32(in);   /* no fault: it may be kept */
    if (h->bot && keep && !in->bad && h->api->bot_reset && !h->spare)
        h->spare = h->bot;
    else if (h->bot)
        h->api->bot_free(h->bot);
    h->bot = NULL;
    sapper_wire_clear(&h->out);
    return reply(h, SAPPER_WIRE_FREED);
}

/* Reads one frame into h->frame; its type, or -1 when the channel
   closed. The engine sends one frame and waits for the reply, so one read
   usually brings the whole frame. */
static int64_t read_frame(host *h, size_t *len)
{
    size_t got = 0, want = 8;
    for (;;) {
        if (want > h->frame_cap) {
            size_t cap = want < 65536 ? 65536 : want;
            unsigned char *f = realloc(h->frame, cap);
            if (!f)
                return -1;
            h->frame = f;
            h->frame_cap = cap;
        }
        ssize_t k = read(SAPPER_SANDBOX_IN, h->frame + got, h->frame_cap - got);
        if (k <= 0)
            return -1;
        got += (size_t)k;
        if (got < 8)
            continue;
        uint32_t hdr[2];
        memcpy(hdr, h->frame, sizeof hdr);
        if (hdr[1] > SAPPER_WIRE_MAX)
            return -1;
        want = 8 + (size_t)hdr[1];
        if (got >= want) {
            *len = hdr[1];
            return hdr[0];
        }
    }
}

static int serve(host *h)
{
    for (;;) {
        size_t len = 0;
        int64_t type = read_frame(h, &len);
        if (type < 0)
            return 0;
        sapper_wire_in in = {h->frame + 8, len, 0};
        const void *head = sapper_wire_get(&in, 2 * sizeof(double));
        if (!head)
            return 1;
        memcpy(&h->call_limit, head, sizeof(double));
        memcpy(&h->game_left, (const char *)head + sizeof(double), sizeof(double));
        h->received = now();
        cancel_flag = 0;
        int rc = type == SAPPER_WIRE_NEW ? on_new(h, &in)
               : type == SAPPER_WIRE_STEP ? on_step(h, &in)
               : type == SAPPER_WIRE_FREE ? on_free(h, &in) : -1;
        if (rc)
            return 1;
    }
}

static const sapper_plugin *load(sapper_registry *reg, char **argv, char *err,
                                 size_t errcap)
{
    sapper_lockdown_limits lim = {strtoll(argv[3], NULL, 10), strtoll(argv[4], NULL, 10), 1};
    if (sapper_lockdown_before_load(argv[1], &lim, err, errcap))
        return NULL;
    if (sapper_registry_load_code(reg, argv[1], err, errcap) != SAPPER_OK)
        return NULL;
    const sapper_plugin *p = sapper_registry_find(reg, argv[2], SAPPER_KIND_BOT);
    if (!p) {
        snprintf(err, errcap, "%s: no bot \"%s\" in it", argv[1], argv[2]);
        return NULL;
    }
    if (sapper_lockdown_after_load(err, errcap))
        return NULL;
    return p;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--describe") == 0)
        _exit(sapper_describer_run(argv[2]));   /* none of the plugin's atexit */
    if (argc != 5) {
        fprintf(stderr, "sapper-bothost: started by sapper to run one bot in a "
                "sandbox or to read a plugin's manifest; not a command to run by "
                "hand\n");
        return 2;
    }
    char err[1024] = "";
    host h = {0};
    sapper_keep_heap();   /* the bot's heap stays warm from game to game */
    sapper_registry *reg = sapper_registry_new();
    const sapper_plugin *p = reg ? load(reg, argv, err, sizeof err) : NULL;
    if (!p) {
        reply_status(&h, SAPPER_WIRE_READY, SAPPER_ERR_STATE, err[0] ? err : "out of memory");
        _exit(1);
    }
    h.api = &p->bot;
    h.table = (sapper_host){.struct_size = sizeof h.table, .version = SAPPER_HOST_VERSION,
                            .ctx = &h, .log = host_log, .time_left = host_time_left,
                            .cancel = &cancel_flag};
    signal(SIGUSR1, on_cancel);
    if (reply_status(&h, SAPPER_WIRE_READY, SAPPER_OK, ""))
        _exit(1);
    _exit(serve(&h));   /* _exit: no atexit handler of anyone runs */
}
