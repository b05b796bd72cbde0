/*
 * bot_cheat.c - DELIBERATELY CHEATING test bot (family mines, classic
 * only). It carries a copy of the classic rules (linked from their public
 * source, as any stranger could), assumes its seed is the invertible
 * sapper_seed_derive(game seed, seat + 1) that ABI 1.1 engines handed out,
 * inverts it into the game seed, draws the same layout in a shadow game,
 * follows the real game through inform, and reveals only cells the shadow
 * says are safe. Against such an engine it wins every game; against one
 * whose bot seeds are one-way (ABI 1.2) its shadow is another board and it
 * plays no better than blind.
 */
#include "test_bot.h"

#include <stdio.h>

const sapper_manifest *sapper_builtin_classic_entry(uint32_t host_major,
                                                    uint32_t host_minor);

typedef struct cheat {
    const sapper_rules_api *rules;
    void *game, *shadow;    /* NULL when the shadow is lost */
    int32_t seat;
} cheat;

/* The inverse of splitmix64's output mix. */
static uint64_t unshift(uint64_t y, int s)
{
    uint64_t x = y;
    for (int i = 0; i < 64 / s + 1; i++)
        x = y ^ (x >> s);
    return x;
}

static uint64_t inverse_odd(uint64_t m)
{
    uint64_t inv = m;
    for (int i = 0; i < 6; i++)
        inv *= 2 - m * inv;
    return inv;
}

static uint64_t unmix(uint64_t z)
{
    z = unshift(z, 31);
    z *= inverse_odd(0x94D049BB133111EBull);
    z = unshift(z, 27);
    z *= inverse_odd(0xBF58476D1CE4E5B9ull);
    return unshift(z, 30);
}

/* The master of sapper_seed_derive(master, i) == seed. */
static uint64_t underive(uint64_t seed, uint64_t i)
{
    return (unmix(seed) - 2 * 0x9E3779B97F4A7C15ull) ^ (i * 0xD1B54A32D192ED03ull);
}

static sapper_status cheat_new(const sapper_params *params, const sapper_bot_setup *setup,
                               void **bot, char *err, size_t errcap)
{
    (void)params;
    cheat *c = calloc(1, sizeof *c);
    if (!c)
        return SAPPER_ERR_NOMEM;
    const sapper_manifest *m = sapper_builtin_classic_entry(SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR);
    c->rules = m->descriptors[0]->rules;
    c->seat = setup->seat;
    uint64_t game_seed = underive(setup->seed, (uint64_t)setup->seat + 1);
    char why[256];
    if (c->rules->game_new(setup->rules_params, &c->game, why, sizeof why) != SAPPER_OK ||
        c->rules->state_new(c->game, setup->players, sapper_seed_derive(game_seed, 0),
                            &c->shadow, why, sizeof why) != SAPPER_OK) {
        snprintf(err, errcap, "no shadow: %s", why);
        c->shadow = NULL;
    }
    *bot = c;
    return SAPPER_OK;
}

static void cheat_free(void *bot)
{
    cheat *c = bot;
    if (c->shadow)
        c->rules->state_free(c->shadow);
    if (c->game)
        c->rules->game_free(c->game);
    free(c);
}

static void cheat_inform(void *bot, int32_t seat, int64_t action)
{
    cheat *c = bot;
    char why[256];
    if (c->shadow && c->rules->apply_action(c->shadow, seat, action, why, sizeof why)) {
        c->rules->state_free(c->shadow);   /* the real game went elsewhere */
        c->shadow = NULL;
    }
}

/* Does revealing with this action leave the shadow alive? */
static int shadow_survives(cheat *c, int64_t action)
{
    void *probe;
    char why[256];
    double ret[SAPPER_MINES_MAX_SEATS] = {0};
    if (c->rules->state_clone(c->shadow, &probe) != SAPPER_OK)
        return 0;
    int ok = c->rules->apply_action(probe, c->seat, action, why, sizeof why) == SAPPER_OK;
    if (ok && c->rules->current_player(probe) == SAPPER_TERMINAL) {
        c->rules->returns(probe, ret, 1);
        ok = ret[0] > 0;
    }
    c->rules->state_free(probe);
    return ok;
}

static sapper_status cheat_step(void *bot, const void *view, size_t view_size,
                                const int64_t *legal, size_t nlegal, int64_t *action)
{
    cheat *c = bot;
    const sapper_mines_view *v = view;
    if (!sapper_mines_view_cells(view, view_size))
        return SAPPER_ERR_STATE;
    int64_t cells = (int64_t)v->width * v->height;
    for (size_t i = 0; c->shadow && i < nlegal && legal[i] < cells; i++)
        if (shadow_survives(c, legal[i])) {
            *action = legal[i];
            return SAPPER_OK;
        }
    *action = legal[0];   /* no shadow: blind */
    return SAPPER_OK;
}

static const sapper_bot_api cheat_api = {
    .struct_size = sizeof(sapper_bot_api),
    .bot_new = cheat_new,
    .bot_free = cheat_free,
    .step = cheat_step,
    .inform = cheat_inform,
};

static const sapper_descriptor cheat_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_BOT,
    .id = "bot_cheat",
    .name = "Cheat",
    .version = "1.0.0",
    .summary = "Recomputes the layout from its seed, if the seed allows (a test bot)",
    .family = SAPPER_MINES_FAMILY,
    .bot = &cheat_api,
};

static const sapper_descriptor *const cheat_descriptors[] = {&cheat_descriptor};

static const sapper_manifest cheat_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 1,
    .descriptors = cheat_descriptors,
};

SAPPER_PLUGIN_ENTRY(bot_cheat)
{
    (void)host_minor;
    return host_major == SAPPER_ABI_MAJOR ? &cheat_manifest : NULL;
}
