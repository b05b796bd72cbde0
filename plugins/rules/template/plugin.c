/*
 * plugin.c - the template ruleset: the file a ruleset author copies.
 *
 * The game is as small as a game can be and still use every required
 * member of the rules table (sapper/plugin.h, sapper_rules_api): one seat
 * counts up from 0 by adding 1, 2 or 3 a move, and wins by landing exactly
 * on the target (the parameter `target`, 10 by default) or loses by going
 * past it. There is no chance in it and no hidden information. It is not
 * meant to be fun; it is meant to show the shape of a rules plugin in one
 * short file, with a comment wherever a rule of the ABI applies. The
 * optional members (simultaneous turns, JSON extras, panels, scores, ...)
 * are left NULL; docs/PLUGINS.md describes them.
 *
 * Build it on its own (the headers come with the engine, under
 * <prefix>/include/sapper):
 *
 *     cc -shared -fPIC -fvisibility=hidden -I<prefix>/include -o mygame.so plugin.c
 *
 * then play it through the line protocol:
 *
 *     printf 'add 3\nadd 3\nadd 3\nadd 1\n' |
 *         SAPPER_PLUGIN_PATH=$PWD sapper play --plain game.rules=template-rules
 *
 * Before you ship a copy, change the id (two plugins may not share one),
 * the name, summary and version, and the argument of SAPPER_PLUGIN_ENTRY.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sapper/plugin.h>

/*
 * The family names the view (observe) and the actions a bot of this
 * game reads: bots play only rules of their own family. "mines" and
 * "arena" have headers of their own (sapper/mines.h, sapper/arena.h);
 * this game's view is described at template_observe.
 */
#define TEMPLATE_FAMILY "template-count"
#define TEMPLATE_STEPS 3            /* actions: add 1, add 2, add 3       */

/*
 * A game is a configured variant: the parameters, checked and copied. A
 * state is one position of one game. Both are the plugin's: it allocates
 * and frees them, and keeps nothing in globals (one process runs many
 * games at once).
 */
typedef struct template_game {
    int32_t target;
} template_game;

typedef struct template_state {
    int32_t target;
    int32_t total;
} template_state;

/*
 * Parameters are declared, not parsed: the engine checks a user's value
 * against this table (type, bounds) and hands game_new every key with a
 * valid value, the default when the user gave none.
 */
static const sapper_param_spec template_params[] = {
    {
        .key = "target",
        .type = SAPPER_PARAM_INT,
        .def = "10",
        .min = 1,
        .max = 1000,
        .help = "the total to land on exactly",
    },
};

/* ---- the game: a configured variant ----------------------------------- */

static sapper_status template_game_new(const sapper_params *params, void **game,
                                       char *err, size_t errcap)
{
    template_game *g = malloc(sizeof *g);
    if (!g) {
        snprintf(err, errcap, "out of memory");
        return SAPPER_ERR_NOMEM;
    }
    g->target = (int32_t)sapper_param_int(params, "target", 10);
    *game = g;
    return SAPPER_OK;
}

static void template_game_free(void *game)
{
    free(game);
}

/* Fill your own info, then copy it with sapper_game_info_fill: the engine
   may be older or newer than this file and says how much room it has. */
static void template_game_info(const void *game, int32_t players,
                               sapper_game_info *out)
{
    const template_game *g = game;
    (void)players;
    sapper_game_info mine = {
        .struct_size = sizeof mine,
        .min_players = 1,
        .max_players = 1,
        .turns = SAPPER_TURNS_SEQUENTIAL,
        .max_moves = g->target,         /* each move adds at least 1      */
        .max_actions = TEMPLATE_STEPS,  /* the most legal_actions lists   */
    };
    sapper_game_info_fill(out, &mine);
}

/* ---- states: positions of a game ------------------------------------- */

/* All randomness of a game comes from seed (through sapper_rng, never
   rand() or the clock), so a game replays exactly. This one has none. */
static sapper_status template_state_new(const void *game, int32_t players,
                                        uint64_t seed, void **state,
                                        char *err, size_t errcap)
{
    const template_game *g = game;
    (void)seed;
    if (players != 1) {
        snprintf(err, errcap, "template-rules: one player only, not %d", players);
        return SAPPER_ERR_PARAM;
    }
    template_state *s = malloc(sizeof *s);
    if (!s) {
        snprintf(err, errcap, "out of memory");
        return SAPPER_ERR_NOMEM;
    }
    s->target = g->target;
    s->total = 0;
    *state = s;
    return SAPPER_OK;
}

/* A deep copy: bots and the engine search and replay on clones. */
static sapper_status template_state_clone(const void *state, void **out)
{
    template_state *copy = malloc(sizeof *copy);
    if (!copy)
        return SAPPER_ERR_NOMEM;
    *copy = *(const template_state *)state;
    *out = copy;
    return SAPPER_OK;
}

static void template_state_free(void *state)
{
    free(state);
}

/* ---- moves ------------------------------------------------------------ */

static int template_over(const template_state *s)
{
    return s->total >= s->target;
}

static int32_t template_current_player(const void *state)
{
    return template_over(state) ? SAPPER_TERMINAL : 0;
}

/* Action ids are this game's own numbering: id k adds k + 1. The list is
   ascending, without duplicates, and empty when the seat does not act. */
static int64_t template_legal_actions(const void *state, int32_t seat,
                                      int64_t *out, size_t cap)
{
    int64_t n = 0;
    if (seat != 0 || template_over(state))
        return 0;
    for (int64_t a = 0; a < TEMPLATE_STEPS && (size_t)n < cap; a++)
        out[n++] = a;
    return n;
}

/* An action that is not legal is refused, with a reason a person can act
   on, and the state is left as it was. */
static sapper_status template_apply_action(void *state, int32_t seat,
                                           int64_t action, char *err,
                                           size_t errcap)
{
    template_state *s = state;
    if (seat != 0 || template_over(s)) {
        snprintf(err, errcap, "the game is over");
        return SAPPER_ERR_ILLEGAL;
    }
    if (action < 0 || action >= TEMPLATE_STEPS) {
        snprintf(err, errcap, "no such action %lld", (long long)action);
        return SAPPER_ERR_ILLEGAL;
    }
    s->total += (int32_t)action + 1;
    return SAPPER_OK;
}

/* 1 for a win, 0 for a loss (and while the game goes on). */
static void template_returns(const void *state, double *out, int32_t players)
{
    const template_state *s = state;
    if (players >= 1)
        out[0] = s->total == s->target ? 1.0 : 0.0;
}

/* ---- what players see -------------------------------------------------- */

/* The family view a bot gets: two int32_t, the total and the target.
   Write it only when it fits; always return the size it needs. */
static int64_t template_observe(const void *state, int32_t seat, void *out,
                                size_t cap)
{
    const template_state *s = state;
    int32_t view[2] = {s->total, s->target};
    (void)seat;   /* nothing is hidden: every seat sees the same */
    if (cap >= sizeof view)
        memcpy(out, view, sizeof view);
    return (int64_t)sizeof view;
}

/* The text of an action, "add 2": it must parse back to the same id, and
   never change during a game (replays store the text). snprintf already
   returns the size needed and writes at most cap. */
static int64_t template_action_to_text(const void *state, int64_t action,
                                       char *buf, size_t cap)
{
    (void)state;
    return snprintf(buf, cap, "add %lld", (long long)action + 1);
}

/* What a person types. The id need not be legal now: apply_action says. */
static sapper_status template_text_to_action(const void *state, const char *text,
                                             int64_t *action, char *err,
                                             size_t errcap)
{
    int n;
    char extra;
    (void)state;
    if (sscanf(text, " add %d %c", &n, &extra) != 1 || n < 1 || n > TEMPLATE_STEPS) {
        snprintf(err, errcap, "expected \"add 1\", \"add 2\" or \"add 3\"");
        return SAPPER_ERR_PARSE;
    }
    *action = n - 1;
    return SAPPER_OK;
}

/* The position for a person, ending in a newline: the line protocol
   prints it after every move. */
static int64_t template_render_text(const void *state, int32_t seat, char *buf,
                                    size_t cap)
{
    const template_state *s = state;
    (void)seat;
    return snprintf(buf, cap, "total %d of %d\n", s->total, s->target);
}

/* ---- the tables --------------------------------------------------------- */

static const sapper_rules_api template_rules = {
    .struct_size = sizeof(sapper_rules_api),
    .game_new = template_game_new,
    .game_free = template_game_free,
    .game_info = template_game_info,
    .state_new = template_state_new,
    .state_clone = template_state_clone,
    .state_free = template_state_free,
    .current_player = template_current_player,
    .legal_actions = template_legal_actions,
    .apply_action = template_apply_action,
    .returns = template_returns,
    .observe = template_observe,
    .action_to_text = template_action_to_text,
    .text_to_action = template_text_to_action,
    .render_text = template_render_text,
    /* every other member is optional: NULL (apply_joint, result_json,
       seat_json, panel_text, params_text, set_host, action_label,
       result_columns, is_legal, score, get_extension) */
};

static const sapper_descriptor template_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_RULES,
    .id = "template-rules",             /* CHANGE ME: unique, [a-z0-9_-]+  */
    .name = "Template rules",
    .version = "1.0.0",
    .summary = "Count to a target by 1, 2 or 3: a starting point to copy",
    .family = TEMPLATE_FAMILY,
    .params = template_params,
    .param_count = sizeof template_params / sizeof template_params[0],
    .rules = &template_rules,
    .bot = NULL,                        /* rules have no bot table         */
    .param_spec_size = sizeof(sapper_param_spec),
    .family_version = 1,
};

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
 * The one exported symbol: return the static manifest, or NULL for an
 * engine of another major version. The macro's argument is the id as a C
 * identifier (it names the entry when the engine links the plugin in).
 */
SAPPER_PLUGIN_ENTRY(template_rules)   /* CHANGE ME with the id */
{
    (void)host_minor;
    if (host_major != SAPPER_ABI_MAJOR)
        return NULL;
    return &template_manifest;
}
