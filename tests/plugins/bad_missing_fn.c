/*
 * bad_missing_fn.c - DELIBERATELY BROKEN test plugin: a rules descriptor
 * whose table lacks the required state_new (NULL). Every other required
 * member is present (as stubs that refuse), so the loader's complaint can
 * only be about state_new.
 */
#include "sapper/plugin.h"

#include <stdio.h>

static sapper_status stub_game_new(const sapper_params *params, void **game,
                                   char *err, size_t errcap)
{
    (void)params; (void)game; (void)err; (void)errcap;
    return SAPPER_ERR_STATE;
}

static void stub_free(void *p) { (void)p; }

static void stub_game_info(const void *game, int32_t players, sapper_game_info *out)
{
    (void)game; (void)players; (void)out;
}

static sapper_status stub_clone(const void *state, void **out)
{
    (void)state; (void)out;
    return SAPPER_ERR_STATE;
}

static int32_t stub_current_player(const void *state)
{
    (void)state;
    return SAPPER_TERMINAL;
}

static int64_t stub_legal(const void *state, int32_t seat, int64_t *out, size_t cap)
{
    (void)state; (void)seat; (void)out; (void)cap;
    return 0;
}

static sapper_status stub_apply(void *state, int32_t seat, int64_t action,
                                char *err, size_t errcap)
{
    (void)state; (void)seat; (void)action; (void)err; (void)errcap;
    return SAPPER_ERR_STATE;
}

static void stub_returns(const void *state, double *out, int32_t players)
{
    (void)state; (void)out; (void)players;
}

static int64_t stub_observe(const void *state, int32_t seat, void *out, size_t cap)
{
    (void)state; (void)seat; (void)out; (void)cap;
    return 0;
}

static int64_t stub_text(const void *state, int64_t action, char *buf, size_t cap)
{
    (void)state; (void)action;
    return snprintf(buf, cap, "%s", "");
}

static sapper_status stub_parse(const void *state, const char *text,
                                int64_t *action, char *err, size_t errcap)
{
    (void)state; (void)text; (void)action; (void)err; (void)errcap;
    return SAPPER_ERR_PARSE;
}

static int64_t stub_render(const void *state, int32_t seat, char *buf, size_t cap)
{
    (void)state; (void)seat;
    return snprintf(buf, cap, "%s", "\n");
}

static const sapper_rules_api missing_rules = {
    .struct_size = sizeof(sapper_rules_api),
    .game_new = stub_game_new,
    .game_free = stub_free,
    .game_info = stub_game_info,
    .state_new = NULL,   /* the bug */
    .state_clone = stub_clone,
    .state_free = stub_free,
    .current_player = stub_current_player,
    .legal_actions = stub_legal,
    .apply_action = stub_apply,
    .returns = stub_returns,
    .observe = stub_observe,
    .action_to_text = stub_text,
    .text_to_action = stub_parse,
    .render_text = stub_render,
};

static const sapper_descriptor missing_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_RULES,
    .id = "bad_missing_fn",
    .name = "Missing state_new",
    .version = "1.0.0",
    .summary = "A rules table without state_new (a broken test plugin)",
    .family = "mines",
    .rules = &missing_rules,
};

static const sapper_descriptor *const missing_descriptors[] = {
    &missing_descriptor,
};

static const sapper_manifest missing_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 1,
    .descriptors = missing_descriptors,
};

SAPPER_PLUGIN_ENTRY(bad_missing_fn)
{
    (void)host_minor;
    return host_major == SAPPER_ABI_MAJOR ? &missing_manifest : NULL;
}
