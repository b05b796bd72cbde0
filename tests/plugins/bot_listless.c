/*
 * bot_listless.c - a test bot (family mines) that declines the legal list
 * (SAPPER_BOT_NO_LEGAL_LIST) and chooses from its view alone. It refuses
 * to move (SAPPER_ERR_STATE) if the engine hands it a list anyway with
 * rules that can check one action, so a game that ends normally shows the
 * list was not built. mode=hidden (default) reveals a hidden cell drawn
 * with its seed, so a game shows which seed the bot was given: a kept
 * instance (bot_reset) must play as a new one would, and logs "kept from
 * the last game" when it starts its second game or later. mode=open reveals
 * the first open cell once there is one, which the engine must refuse as
 * illegal without a list to look it up in. bot_listless_arena (family
 * arena) defends in every simultaneous turn and refuses a list the same
 * way: the engine gives none in simultaneous turns either.
 */
#include "sapper/arena.h"
#include "sapper/mines.h"

typedef struct listless {
    int open;           /* mode=open */
    int games;          /* games this instance has started */
    sapper_rng rng;     /* from the game's bot seed */
} listless;

static const sapper_param_spec listless_params[] = {
    {
        .key = "mode",
        .type = SAPPER_PARAM_CHOICE,
        .def = "hidden",
        .choices = "hidden|open",
        .help = "hidden: reveal a hidden cell drawn with the seed; open: an open one",
    },
};

static sapper_status listless_reset(void *bot, const sapper_bot_setup *setup,
                                    char *err, size_t errcap)
{
    listless *b = bot;
    (void)err; (void)errcap;
    if (!b || !setup)
        return SAPPER_ERR_STATE;
    sapper_rng_seed(&b->rng, setup->seed);
    if (b->games++ > 0 && setup->struct_size > offsetof(sapper_bot_setup, host))
        sapper_host_log(setup->host, SAPPER_LOG_INFO, "kept from the last game");
    return SAPPER_OK;
}

static sapper_status listless_new(const sapper_params *params,
                                  const sapper_bot_setup *setup, void **bot,
                                  char *err, size_t errcap)
{
    const char *mode = sapper_param(params, "mode");
    listless *b = calloc(1, sizeof *b);
    if (!b)
        return SAPPER_ERR_NOMEM;
    b->open = mode && strcmp(mode, "open") == 0;
    *bot = b;
    return listless_reset(b, setup, err, errcap);
}

static void listless_free(void *bot)
{
    free(bot);
}

static sapper_status listless_step(void *bot, const void *view, size_t view_size,
                                   const int64_t *legal, size_t nlegal,
                                   int64_t *action)
{
    listless *b = bot;
    const uint8_t *cells = sapper_mines_view_cells(view, view_size);
    const sapper_mines_view *v = view;
    if (legal || nlegal || !cells)
        return SAPPER_ERR_STATE;
    int32_t open = -1, hidden = 0, n = v->width * v->height;
    for (int32_t c = n - 1; c >= 0; c--) {
        if (cells[c] <= 8)
            open = c;
        hidden += cells[c] == SAPPER_CELL_HIDDEN;
    }
    if (b->open && open >= 0) {
        *action = open;   /* reveal: id = cell */
        return SAPPER_OK;
    }
    if (hidden == 0)
        return SAPPER_ERR_STATE;
    uint64_t k = sapper_rng_below(&b->rng, (uint64_t)hidden);
    for (int32_t c = 0; c < n; c++)
        if (cells[c] == SAPPER_CELL_HIDDEN && k-- == 0)
            *action = c;
    return SAPPER_OK;
}

static const sapper_bot_api listless_api = {
    .struct_size = sizeof(sapper_bot_api),
    .bot_new = listless_new,
    .bot_free = listless_free,
    .step = listless_step,
    .flags = SAPPER_BOT_NO_LEGAL_LIST,
    .bot_reset = listless_reset,
};

static const sapper_descriptor listless_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_BOT,
    .id = "bot_listless",
    .name = "Listless",
    .version = "1.0.0",
    .summary = "Chooses from its view without a legal list (a test bot)",
    .family = SAPPER_MINES_FAMILY,
    .params = listless_params,
    .param_count = 1,
    .bot = &listless_api,
};

static sapper_status arena_step(void *bot, const void *view, size_t view_size,
                                 const int64_t *legal, size_t nlegal, int64_t *action)
{
    (void)bot;
    if (legal || nlegal || !sapper_arena_view_seat(view, view_size, 0))
        return SAPPER_ERR_STATE;
    *action = sapper_arena_action(SAPPER_ARENA_DEFENSE, 0, 1);
    return SAPPER_OK;
}

static const sapper_bot_api arena_api = {
    .struct_size = sizeof(sapper_bot_api),
    .bot_new = listless_new,
    .bot_free = listless_free,
    .step = arena_step,
    .flags = SAPPER_BOT_NO_LEGAL_LIST,
};

static const sapper_descriptor arena_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_BOT,
    .id = "bot_listless_arena",
    .name = "Listless defender",
    .version = "1.0.0",
    .summary = "Defends in every round without a legal list (a test bot)",
    .family = SAPPER_ARENA_FAMILY,
    .bot = &arena_api,
};

static const sapper_descriptor *const listless_descriptors[] = {
    &listless_descriptor, &arena_descriptor,
};

static const sapper_manifest listless_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 2,
    .descriptors = listless_descriptors,
};

SAPPER_PLUGIN_ENTRY(bot_listless)
{
    (void)host_minor;
    return host_major == SAPPER_ABI_MAJOR ? &listless_manifest : NULL;
}
