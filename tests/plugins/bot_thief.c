/*
 * bot_thief.c - DELIBERATELY HOSTILE test bot (family mines): it steals
 * CPU time between its calls (issue 27). It plays the first legal action,
 * quickly, until its trigger (`when`): its first bot_free, or its first
 * step. There it writes the reply the engine waits for on the channel
 * itself (descriptor 4, the frame exactly as sapper-bothost would write
 * it: core/helper/wire.h) and never returns to sapper-bothost: from then
 * on it serves the channel on its own, and between two frames it spins
 * (`spin`: a loop in user code, or in the kernel: a system call that
 * touches `mb` MiB, which a SIGSTOP only stops when it ends). It notices a
 * frame only when the engine's cancel signal of that call comes (SIGUSR1,
 * at nine tenths of the call's time): then it reads the frame, answers it
 * (the first legal action of a step), and spins again.
 *
 * Unstopped between calls, such a process takes half of its worker's
 * core while other entrants' bots think (every worker's bot processes
 * share its core), so their calls run out of time; the sandbox must keep
 * it stopped outside its calls and charge what it runs there.
 */
#define _GNU_SOURCE
#include "test_bot.h"

#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lockdown.h"   /* the channel's descriptors */
#include "wire.h"       /* the frame types */

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23   /* Linux 5.14 */
#endif

static const sapper_param_spec thief_params[] = {
    {.key = "when", .type = SAPPER_PARAM_CHOICE, .def = "free", .choices = "free|step",
     .help = "forge the reply and keep the process: at the first bot_free, or at the "
             "first step"},
    {.key = "spin", .type = SAPPER_PARAM_CHOICE, .def = "user", .choices = "user|kernel",
     .help = "between frames: a loop in user code, or madvise calls that fill and "
             "empty mb MiB"},
    {.key = "mb", .type = SAPPER_PARAM_INT, .def = "32", .min = 1, .max = 4096,
     .help = "the memory a kernel spin touches in each call"},
};

typedef struct thief {
    const sapper_host *host;   /* its cancel flag; NULL before ABI 1.2 */
    int at_step;               /* when = step */
    int in_kernel;             /* spin = kernel */
    size_t bytes;              /* of the kernel spin */
} thief;

/* The largest frame it reads: a 9x9 or Expert step is far smaller. */
static unsigned char frame[1 << 16];

/* A plugin links nothing of the engine: its own loops over read and write
   (the only calls the sandbox leaves it on the channel). */
static int put_all(const unsigned char *p, size_t n)
{
    while (n > 0) {
        ssize_t k = write(SAPPER_SANDBOX_OUT, p, n);
        if (k <= 0)
            return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

static int get_all(void *buf, size_t n)
{
    unsigned char *p = buf;
    while (n > 0) {
        ssize_t k = read(SAPPER_SANDBOX_IN, p, n);
        if (k <= 0)
            return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

static int send_frame(uint32_t type, const void *payload, uint32_t len)
{
    unsigned char buf[64];
    uint32_t head[2] = {type, len};
    if (len > sizeof buf - sizeof head)
        return -1;
    memcpy(buf, head, sizeof head);
    if (len)
        memcpy(buf + sizeof head, payload, len);
    return put_all(buf, sizeof head + len);
}

/* ACTION: status, one action (bothost.c on_step). */
static int send_action(int64_t action)
{
    unsigned char p[16];
    uint32_t st = SAPPER_OK, n = 1;
    memcpy(p, &st, 4);
    memcpy(p + 4, &n, 4);
    memcpy(p + 8, &action, 8);
    return send_frame(SAPPER_WIRE_ACTION, p, sizeof p);
}

/* STARTED: status, an empty message (a string counts its NUL). */
static int send_started(void)
{
    unsigned char p[9] = {0};
    uint32_t st = SAPPER_OK, len = 1;
    memcpy(p, &st, 4);
    memcpy(p + 4, &len, 4);
    return send_frame(SAPPER_WIRE_STARTED, p, sizeof p);
}

/* Until the engine's cancel signal: a loop, or memory filled and emptied
   by the kernel (the cancel flag is read between two system calls). */
static void spin_until_cancel(const thief *t, unsigned char *mem)
{
    volatile int32_t *cancel = (volatile int32_t *)(uintptr_t)t->host->cancel;
    while (!*cancel) {
        if (mem) {
            madvise(mem, t->bytes, MADV_POPULATE_WRITE);
            madvise(mem, t->bytes, MADV_DONTNEED);
        }
    }
    *cancel = 0;   /* sapper-bothost clears it at each frame; now it is us */
}

/* The first legal action of a STEP payload (core/sandbox/sandbox_call.c
   drv_step): the head, the informs, the view, then the legal runs. */
static int64_t first_legal(const unsigned char *p, uint32_t len)
{
    size_t at = 16;   /* the call's two limits */
    uint32_t n, vsize;
    if (len < at + 4)
        return -1;
    memcpy(&n, p + at, 4);
    at += 4 + (size_t)n * 12;   /* (actor, action) pairs */
    if (len < at + 4)
        return -1;
    memcpy(&vsize, p + at, 4);
    at += 4 + vsize + 8;        /* the view, the legal count, the run count */
    int64_t start;
    if (len < at + 8)
        return -1;
    memcpy(&start, p + at, 8);
    return start;
}

/* Reads the frame the engine sent and answers it as sapper-bothost
   would; -1 when the channel is gone or the frame is not one it knows. */
static int serve_one(void)
{
    uint32_t head[2];
    if (get_all(head, sizeof head) != 0 || head[1] > sizeof frame ||
        get_all(frame, head[1]) != 0)
        return -1;
    if (head[0] == SAPPER_WIRE_NEW)
        return send_started();
    if (head[0] == SAPPER_WIRE_FREE)
        return send_frame(SAPPER_WIRE_FREED, NULL, 0);
    int64_t action = head[0] == SAPPER_WIRE_STEP ? first_legal(frame, head[1]) : -1;
    return action < 0 ? -1 : send_action(action);
}

/* The reply is on its way: the process is the thief's from now on. */
static _Noreturn void keep_the_process(const thief *t)
{
    unsigned char *mem = NULL;
    if (t->in_kernel) {
        mem = mmap(NULL, t->bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                   -1, 0);
        mem = mem == MAP_FAILED ? NULL : mem;
    }
    do
        spin_until_cancel(t, mem);
    while (serve_one() == 0);
    _exit(0);
}

static sapper_status thief_new(const sapper_params *params, const sapper_bot_setup *setup,
                               void **bot, char *err, size_t errcap)
{
    const char *when = sapper_param(params, "when"), *spin = sapper_param(params, "spin");
    thief *t = calloc(1, sizeof *t);
    if (!t)
        return SAPPER_ERR_NOMEM;
    t->host = setup->struct_size >= offsetof(sapper_bot_setup, host) + sizeof setup->host
        ? setup->host : NULL;
    if (!t->host || !t->host->cancel) {
        snprintf(err, errcap, "bot_thief needs the host table's cancel flag (ABI 1.2)");
        free(t);
        return SAPPER_ERR_PARAM;
    }
    t->at_step = when && strcmp(when, "step") == 0;
    t->in_kernel = spin && strcmp(spin, "kernel") == 0;
    t->bytes = (size_t)sapper_param_int(params, "mb", 32) << 20;
    *bot = t;
    return SAPPER_OK;
}

static sapper_status thief_step(void *bot, const void *view, size_t view_size,
                                const int64_t *legal, size_t nlegal, int64_t *action)
{
    const thief *t = bot;
    sapper_status st = test_bot_first_legal(bot, view, view_size, legal, nlegal, action);
    if (st == SAPPER_OK && t->at_step && send_action(*action) == 0)
        keep_the_process(t);
    return st;
}

static void thief_free(void *bot)
{
    const thief *t = bot;
    if (send_frame(SAPPER_WIRE_FREED, NULL, 0) == 0)
        keep_the_process(t);
    free(bot);
}

static const sapper_bot_api thief_api = {
    .struct_size = sizeof(sapper_bot_api),
    .bot_new = thief_new,
    .bot_free = thief_free,
    .step = thief_step,
};

static const sapper_descriptor thief_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_BOT,
    .id = "bot_thief",
    .name = "Thief",
    .version = "1.0.0",
    .summary = "Forges its own reply and spins between calls (a hostile test bot)",
    .family = SAPPER_MINES_FAMILY,
    .params = thief_params,
    .param_count = sizeof thief_params / sizeof thief_params[0],
    .bot = &thief_api,
};

static const sapper_descriptor *const thief_descriptors[] = {&thief_descriptor};

static const sapper_manifest thief_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 1,
    .descriptors = thief_descriptors,
};

SAPPER_PLUGIN_ENTRY(bot_thief)
{
    (void)host_minor;
    return host_major == SAPPER_ABI_MAJOR ? &thief_manifest : NULL;
}
