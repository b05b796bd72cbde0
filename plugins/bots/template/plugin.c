/*
 * plugin.c - the template bot: the file a bot author copies.
 *
 * It plays the Minesweeper family ("mines") as simply as possible: it
 * reveals the first legal reveal (or the last, with pick=last), and plays
 * the first legal action when no reveal is legal. It is not meant to win;
 * it is meant to show every part of the plugin ABI in one short file, with
 * a comment wherever a rule of the ABI applies. docs/PLUGINS.md is the full
 * guide; sapper/plugin.h and sapper/mines.h are the contract.
 *
 * Build it on its own (the headers come with the engine, under
 * <prefix>/include/sapper):
 *
 *     cc -shared -fPIC -fvisibility=hidden -I<prefix>/include -o mybot.so plugin.c
 *
 * -fvisibility=hidden keeps every symbol but the entry point private, so two
 * plugins with the same static names never clash. Then put mybot.so in a
 * plugin directory: one named in `plugin_path` of the [engine] section of
 * the config, or in SAPPER_PLUGIN_PATH (both ':'-separated), or the
 * installed <prefix>/lib/sapper/plugins. Check that it loads with
 *
 *     sapper plugins                    (lists every plugin found)
 *     sapper plugins --describe template
 *
 * Before you ship a copy, change the id (two plugins may not share one) and
 * the name, summary and version below.
 */
#include <stdio.h>

#include <sapper/mines.h>   /* the mines view and actions; includes plugin.h */

/*
 * The bot instance. bot_new allocates it and bot_free frees it: memory a
 * plugin allocates never crosses to the engine. Keep all state here, never
 * in globals: one process may run many games, each with its own instance.
 */
typedef struct template_bot {
    int pick_last;      /* the `pick` parameter, copied: params are borrowed */
    int32_t seat;       /* which seat we play (0 in a one-player game)       */
} template_bot;

/*
 * Parameters are declared, not parsed: the engine checks the user's values
 * against this table (type, bounds, choices) and always hands bot_new every
 * key, in this order, with a valid value (the default when the user gave
 * none). Keys are lower-case [a-z0-9_]+. Users set them in the config or on
 * the command line; `sapper plugins --describe template` prints this table.
 */
static const sapper_param_spec template_params[] = {
    {
        .key = "pick",
        .type = SAPPER_PARAM_CHOICE,
        .def = "first",                 /* the default, as text; never NULL */
        .choices = "first|last",        /* '|'-separated words              */
        .help = "which legal reveal to play: the lowest or the highest cell",
    },
    /* An INT would set .min and .max (inclusive); a STRING such as
     * { .key = "greeting", .type = SAPPER_PARAM_STRING, .def = "hello" }
     * needs no bounds. Copy any string you keep: the value is borrowed. */
};

/*
 * bot_new: called once per game (per seat this bot plays), before any step.
 * params and setup are borrowed: valid only during this call. setup->seed
 * is the bot's only allowed source of randomness (seed a sapper_rng with
 * it; never rand() or the clock), so a game can be replayed exactly.
 * On failure, write a one-line reason into err, leave *bot alone and
 * return a status other than SAPPER_OK: there is then nothing to free.
 */
static sapper_status template_new(const sapper_params *params,
                                  const sapper_bot_setup *setup, void **bot,
                                  char *err, size_t errcap)
{
    /* The engine may be newer than this file: read a struct only as far as
     * its struct_size says it goes. */
    if (!setup || setup->struct_size < offsetof(sapper_bot_setup, seat) +
                                           sizeof setup->seat) {
        snprintf(err, errcap, "template: no usable bot setup");
        return SAPPER_ERR_STATE;
    }
    template_bot *b = malloc(sizeof *b);
    if (!b)
        return SAPPER_ERR_NOMEM;
    const char *pick = sapper_param(params, "pick");   /* NULL if absent */
    b->pick_last = pick && strcmp(pick, "last") == 0;
    b->seat = setup->seat;
    *bot = b;
    return SAPPER_OK;
}

/* bot_free: called once when the engine is done with the instance (after
 * the game, finished or abandoned). NULL must be a no-op. */
static void template_free(void *bot)
{
    free(bot);
}

/*
 * Actions are int64 ids: verb * width * height + y * width + x, with verbs
 * SAPPER_MINES_REVEAL (0), SAPPER_MINES_FLAG (1), SAPPER_MINES_CHORD (2)
 * and SAPPER_MINES_BOMB (3, only in Mine-Seeker games with bomb = true).
 * sapper_mines_decode splits one. On a 9x9 board "reveal 3 4" is
 * 0*81 + 4*9 + 3 = 39 and "flag 3 4" is 1*81 + 39 = 120.
 */
static int template_is_reveal(const sapper_mines_view *v, const uint8_t *cells,
                              int64_t action)
{
    int32_t verb, x, y;
    if (!sapper_mines_decode(action, v->width, v->height, &verb, &x, &y))
        return 0;
    /* cells[] says what the cell shows: SAPPER_CELL_HIDDEN, _FLAGGED,
     * _MARKED, 0..8 for a revealed number, _MINE, _CLAIMED + seat. */
    return verb == SAPPER_MINES_REVEAL &&
           cells[(size_t)y * (size_t)v->width + (size_t)x] == SAPPER_CELL_HIDDEN;
}

/*
 * step: called whenever it is this bot's seat's turn. view (view_size
 * bytes) and legal (nlegal > 0 ids, ascending) are borrowed. Write one of
 * the legal ids into *action and return SAPPER_OK. Anything else (an id
 * not in legal, an error status, a crash, taking too long) forfeits the
 * game; the engine checks, so a wrong move cannot corrupt the game.
 */
static sapper_status template_step(void *bot, const void *view,
                                   size_t view_size, const int64_t *legal,
                                   size_t nlegal, int64_t *action)
{
    const template_bot *b = bot;
    /* Check the view before trusting it: sapper_mines_view_cells returns
     * NULL for a malformed one, else the width*height cell codes (they
     * start at the writer's struct_size, so newer hosts stay readable). */
    const uint8_t *cells = sapper_mines_view_cells(view, view_size);
    if (!b || !cells || !legal || nlegal == 0)
        return SAPPER_ERR_STATE;
    *action = legal[0];   /* the fallback: the first legal action */
    for (size_t k = 0; k < nlegal; k++) {
        size_t i = b->pick_last ? nlegal - 1 - k : k;
        if (template_is_reveal(view, cells, legal[i])) {
            *action = legal[i];
            break;
        }
    }
    return SAPPER_OK;
}

/*
 * inform: optional (leave it NULL if you read everything from the view).
 * Called after every applied action of any seat, this bot's own included,
 * in order; seat is who acted. Useful to a bot that keeps a model of the
 * game between steps. Here it only shows the shape.
 */
static void template_inform(void *bot, int32_t seat, int64_t action)
{
    (void)bot;
    (void)seat;
    (void)action;
}

/*
 * The bot table. struct_size lets a newer engine know which members this
 * plugin has: engines copy min(struct_size, their sizeof) into a zeroed
 * struct, so members appended later read as NULL for old plugins.
 */
static const sapper_bot_api template_api = {
    .struct_size = sizeof(sapper_bot_api),
    .bot_new = template_new,
    .bot_free = template_free,
    .step = template_step,
    .inform = template_inform,
};

/*
 * The descriptor: who this plugin is. Everything here is static and must
 * stay valid while the plugin is loaded. Use designated initialisers, so
 * members added by later ABI versions start as 0/NULL.
 */
static const sapper_descriptor template_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,      /* the ABI this file was built with */
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_BOT,
    .reserved = 0,
    .id = "template",                   /* CHANGE ME: unique, [a-z0-9_-]+  */
    .name = "Template",
    .version = "1.0.0",
    .summary = "Reveals the first legal cell: a starting point to copy",
    .family = SAPPER_MINES_FAMILY,      /* plays only "mines" rulesets     */
    .params = template_params,
    .param_count = sizeof template_params / sizeof template_params[0],
    .rules = NULL,                      /* a bot has no rules table        */
    .bot = &template_api,
};

/* One .so may hold several descriptors (several bots, or rules and bots). */
static const sapper_descriptor *const template_descriptors[] = {
    &template_descriptor,
};

static const sapper_manifest template_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = sizeof template_descriptors / sizeof template_descriptors[0],
    .descriptors = template_descriptors,
};

/*
 * The one exported symbol. The engine calls it with its own ABI version;
 * return NULL to refuse an engine whose major version differs (a major
 * change breaks the structs above). A newer minor is fine: it only appends.
 * It must not allocate: return the static manifest. The argument of the
 * macro is the id as a C identifier; it names the entry when the engine
 * links the plugin in directly (-DSAPPER_BUILTIN).
 */
SAPPER_PLUGIN_ENTRY(template)
{
    (void)host_minor;
    if (host_major != SAPPER_ABI_MAJOR)
        return NULL;
    return &template_manifest;
}
