/*
 * abi_old.c - plugins as an ABI 1.0, 1.1 or 1.2 build makes them
 * (OLD_MINOR 0, 1 or 2): every struct_size is the size the older header had, the minor
 * version is the old one, game_info writes the plugin's own struct_size as
 * the old headers told it to. A mines bot ("abi10-bot", "abi11-bot": the
 * first legal action, counting what inform tells it; "abi12-bot") and the
 * rps rules ("rps10", "rps11", "rps12") wrapped in a table of the old size. The engine must
 * load and play them (tests/unit/test_abi_layout.c).
 */
#include "sapper/mines.h"
#include "rps/rps.h"

#ifndef OLD_MINOR
#error "build with -DOLD_MINOR=0, 1 or 2"
#endif
#if OLD_MINOR == 0
#define OLD_RULES_SIZE offsetof(sapper_rules_api, seat_json)
#define BOT_ID "abi10-bot"
#define RULES_ID "rps10"
#elif OLD_MINOR == 1
#define OLD_RULES_SIZE offsetof(sapper_rules_api, params_text)
#define BOT_ID "abi11-bot"
#define RULES_ID "rps11"
#else
#define OLD_RULES_SIZE offsetof(sapper_rules_api, get_extension)
#define BOT_ID "abi12-bot"
#define RULES_ID "rps12"
#endif
#if OLD_MINOR < 2
#define OLD_BOT_SIZE offsetof(sapper_bot_api, step_many)
#define OLD_DESCRIPTOR_SIZE offsetof(sapper_descriptor, param_spec_size)
#else   /* 1.2 grew neither since */
#define OLD_BOT_SIZE sizeof(sapper_bot_api)
#define OLD_DESCRIPTOR_SIZE sizeof(sapper_descriptor)
#endif

typedef struct old_bot {
    int64_t told;
} old_bot;

static sapper_status old_new(const sapper_params *params, const sapper_bot_setup *setup,
                             void **bot, char *err, size_t errcap)
{
    (void)params; (void)setup; (void)err; (void)errcap;
    old_bot *b = calloc(1, sizeof *b);
    *bot = b;
    return b ? SAPPER_OK : SAPPER_ERR_NOMEM;
}

static void old_free(void *bot)
{
    free(bot);
}

static sapper_status old_step(void *bot, const void *view, size_t view_size,
                              const int64_t *legal, size_t nlegal, int64_t *action)
{
    (void)bot; (void)view; (void)view_size;
    if (nlegal == 0)
        return SAPPER_ERR_STATE;
    *action = legal[0];
    return SAPPER_OK;
}

static void old_inform(void *bot, int32_t seat, int64_t action)
{
    (void)seat; (void)action;
    ((old_bot *)bot)->told++;
}

static const sapper_bot_api old_bot_api = {
    .struct_size = OLD_BOT_SIZE,
    .bot_new = old_new,
    .bot_free = old_free,
    .step = old_step,
    .inform = old_inform,
};

static const sapper_param_spec old_params[] = {
    {.key = "patience", .type = SAPPER_PARAM_INT, .def = "1", .min = 0, .max = 9,
     .help = "unused: a parameter table at the old stride"},
};

/* game_info as the old headers said: fill it, struct_size your own. */
static void old_game_info(const void *game, int32_t players, sapper_game_info *out)
{
    sapper_game_info mine = {.struct_size = sizeof mine};
    rps_rules_api.game_info(game, players, &mine);
    *out = mine;
    out->struct_size = sizeof *out;
}

static const sapper_rules_api *old_rules(void)
{
    static sapper_rules_api table;   /* the rps table at the old size */
    if (!table.game_new) {
        memcpy(&table, &rps_rules_api, OLD_RULES_SIZE);
        table.struct_size = OLD_RULES_SIZE;
        table.game_info = old_game_info;
    }
    return &table;
}

static const sapper_descriptor old_bot_descriptor = {
    .struct_size = OLD_DESCRIPTOR_SIZE,
    .abi_major = 1,
    .abi_minor = OLD_MINOR,
    .kind = SAPPER_KIND_BOT,
    .id = BOT_ID,
    .name = "Old bot",
    .version = "1.0.0",
    .summary = "A bot as an older ABI build makes it (a test plugin)",
    .family = SAPPER_MINES_FAMILY,
    .params = old_params,
    .param_count = 1,
    .bot = &old_bot_api,
};

static const sapper_param_spec old_rps_params[] = {
    {.key = "rounds", .type = SAPPER_PARAM_INT, .def = "3", .min = 1, .max = 99,
     .help = "best of this many throws"},
};

static sapper_descriptor old_rules_descriptor = {
    .struct_size = OLD_DESCRIPTOR_SIZE,
    .abi_major = 1,
    .abi_minor = OLD_MINOR,
    .kind = SAPPER_KIND_RULES,
    .id = RULES_ID,
    .name = "Old rps",
    .version = "1.0.0",
    .summary = "rock-paper-scissors as an older ABI build makes it (a test plugin)",
    .family = RPS_FAMILY,
    .params = old_rps_params,
    .param_count = 1,
};

static const sapper_descriptor *old_descriptors[2];

static const sapper_manifest old_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = 1,
    .abi_minor = OLD_MINOR,
    .count = 2,
    .descriptors = old_descriptors,
};

SAPPER_PLUGIN_ENTRY(abi_old)
{
    (void)host_minor;
    if (host_major != 1)
        return NULL;
    old_rules_descriptor.rules = old_rules();
    old_descriptors[0] = &old_bot_descriptor;
    old_descriptors[1] = &old_rules_descriptor;
    return &old_manifest;
}
