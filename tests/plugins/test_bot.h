/*
 * test_bot.h - boilerplate shared by the one-file test bots in this
 * directory (dup_*, bad_param_*, bot_*): a trivial instance and
 * TEST_BOT_PLUGIN(), which writes the bot table, descriptor, manifest and
 * entry point. Each file then holds only what makes it different. Not for
 * real bots: copy plugins/bots/template/ for that.
 */
#ifndef TEST_BOT_H
#define TEST_BOT_H

#include "sapper/mines.h"

/* The instance: one option a bot_new may set from its parameters. */
typedef struct test_bot {
    int64_t option;
} test_bot;

static inline sapper_status test_bot_make(void **bot, int64_t option)
{
    test_bot *b = malloc(sizeof *b);
    if (!b)
        return SAPPER_ERR_NOMEM;
    b->option = option;
    *bot = b;
    return SAPPER_OK;
}

static inline sapper_status test_bot_new(const sapper_params *params,
                                         const sapper_bot_setup *setup,
                                         void **bot, char *err, size_t errcap)
{
    (void)params; (void)setup; (void)err; (void)errcap;
    return test_bot_make(bot, 0);
}

static inline void test_bot_free(void *bot)
{
    free(bot);
}

/* Another game with the same parameters: the option stays, nothing else
   is kept (ABI 1.2 bot_reset). */
static inline sapper_status test_bot_reset(void *bot, const sapper_bot_setup *setup,
                                           char *err, size_t errcap)
{
    (void)setup; (void)err; (void)errcap;
    return bot ? SAPPER_OK : SAPPER_ERR_STATE;
}

/* A step that plays legal[0]: the well-behaved default. */
static inline sapper_status test_bot_first_legal(void *bot, const void *view,
                                                 size_t view_size,
                                                 const int64_t *legal,
                                                 size_t nlegal, int64_t *action)
{
    (void)bot; (void)view; (void)view_size;
    if (!legal || nlegal == 0)
        return SAPPER_ERR_STATE;
    *action = legal[0];
    return SAPPER_OK;
}

/* cid: the id as a C identifier (names the statics and the builtin entry);
 * params: a sapper_param_spec array, or NULL with nparams 0. */
#define TEST_BOT_PLUGIN(cid, id_, name_, summary_, new_fn, step_fn, params_, nparams_) \
    TEST_BOT_PLUGIN_FLAGS(cid, id_, name_, summary_, new_fn, step_fn, params_,   \
                          nparams_, 0)
/* The same with sapper_bot_api.flags (SAPPER_BOT_*). */
#define TEST_BOT_PLUGIN_FLAGS(cid, id_, name_, summary_, new_fn, step_fn,       \
                              params_, nparams_, flags_)                        \
    static const sapper_bot_api cid##_api = {                                 \
        .struct_size = sizeof(sapper_bot_api),                                \
        .bot_new = new_fn,                                                    \
        .bot_free = test_bot_free,                                            \
        .step = step_fn,                                                      \
        .flags = flags_,                                                      \
        .bot_reset = test_bot_reset,                                          \
    };                                                                        \
    static const sapper_descriptor cid##_descriptor = {                       \
        .struct_size = sizeof(sapper_descriptor),                             \
        .abi_major = SAPPER_ABI_MAJOR,                                        \
        .abi_minor = SAPPER_ABI_MINOR,                                        \
        .kind = SAPPER_KIND_BOT,                                              \
        .id = id_,                                                            \
        .name = name_,                                                        \
        .version = "1.0.0",                                                   \
        .summary = summary_,                                                  \
        .family = SAPPER_MINES_FAMILY,                                        \
        .params = params_,                                                    \
        .param_count = nparams_,                                              \
        .bot = &cid##_api,                                                    \
    };                                                                        \
    static const sapper_descriptor *const cid##_descriptors[] = {             \
        &cid##_descriptor,                                                    \
    };                                                                        \
    static const sapper_manifest cid##_manifest = {                           \
        .struct_size = sizeof(sapper_manifest),                               \
        .abi_major = SAPPER_ABI_MAJOR,                                        \
        .abi_minor = SAPPER_ABI_MINOR,                                        \
        .count = 1,                                                           \
        .descriptors = cid##_descriptors,                                     \
    };                                                                        \
    SAPPER_PLUGIN_ENTRY(cid)                                                  \
    {                                                                         \
        (void)host_minor;                                                     \
        return host_major == SAPPER_ABI_MAJOR ? &cid##_manifest : NULL;       \
    }

#endif
