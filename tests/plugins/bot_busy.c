/*
 * bot_busy.c - an honest test bot (family mines) that needs most of its
 * time: on each of its first `steps` steps of a game it computes for
 * `share` of the time the call may take (0.8 by default), measured in CPU
 * time of its own process (CLOCK_PROCESS_CPUTIME_ID), so it needs that
 * much of its core; then it plays the first legal action. It never answers
 * late on a core of its own, and so shows when another process takes that
 * core's time (issue 27: bot_thief.c). Without a call limit it plays at
 * once. It does not stop at the cancel flag: it asks for no more than it
 * was given.
 */
#include "test_bot.h"

#include <time.h>

static const sapper_param_spec busy_params[] = {
    {.key = "share", .type = SAPPER_PARAM_REAL, .def = "0.8", .min = 0, .max = 0.95,
     .help = "the share of each call's time it computes for, in CPU time"},
    {.key = "steps", .type = SAPPER_PARAM_INT, .def = "3", .min = 0, .max = 1000000,
     .help = "how many steps of a game it computes for"},
};

typedef struct busy {
    const sapper_host *host;   /* its time left; NULL before ABI 1.2 */
    double share;
    int64_t steps, done;
} busy;

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Computes (a counter nobody reads) for `seconds` of this process's CPU. */
static void compute_for(double seconds)
{
    double until = cpu_seconds() + seconds;
    volatile uint64_t sum = 0;
    while (cpu_seconds() < until)
        for (int i = 0; i < 10000; i++)
            sum += (uint64_t)i * 2654435761u;
}

static sapper_status busy_new(const sapper_params *params, const sapper_bot_setup *setup,
                              void **bot, char *err, size_t errcap)
{
    (void)err; (void)errcap;
    busy *b = calloc(1, sizeof *b);
    if (!b)
        return SAPPER_ERR_NOMEM;
    b->host = setup->struct_size >= offsetof(sapper_bot_setup, host) + sizeof setup->host
        ? setup->host : NULL;
    b->share = sapper_param_real(params, "share", 0.8);
    b->steps = sapper_param_int(params, "steps", 3);
    *bot = b;
    return SAPPER_OK;
}

static sapper_status busy_step(void *bot, const void *view, size_t view_size,
                               const int64_t *legal, size_t nlegal, int64_t *action)
{
    busy *b = bot;
    double left = b->host ? b->host->time_left(b->host->ctx, NULL) : -1;
    if (b->done++ < b->steps && left > 0)
        compute_for(b->share * left);
    return test_bot_first_legal(bot, view, view_size, legal, nlegal, action);
}

/* No bot_reset: every game starts with a new instance, and so computes
   again on its first steps. */
static const sapper_bot_api busy_api = {
    .struct_size = sizeof(sapper_bot_api),
    .bot_new = busy_new,
    .bot_free = test_bot_free,
    .step = busy_step,
};

static const sapper_descriptor busy_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_BOT,
    .id = "bot_busy",
    .name = "Busy",
    .version = "1.0.0",
    .summary = "Computes for most of each call's time on its first steps (a test bot)",
    .family = SAPPER_MINES_FAMILY,
    .params = busy_params,
    .param_count = sizeof busy_params / sizeof busy_params[0],
    .bot = &busy_api,
};

static const sapper_descriptor *const busy_descriptors[] = {&busy_descriptor};

static const sapper_manifest busy_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 1,
    .descriptors = busy_descriptors,
};

SAPPER_PLUGIN_ENTRY(bot_busy)
{
    (void)host_minor;
    return host_major == SAPPER_ABI_MAJOR ? &busy_manifest : NULL;
}
