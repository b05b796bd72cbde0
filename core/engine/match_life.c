/*
 * match_life.c - a match's life cycle: starting the rules and the seats
 * (sapper_match_new_driven, start), freeing it all (sapper_match_free),
 * the hooks and clock set later, the plain accessors, and the two helpers
 * every match file uses (match_reserve, match_set_fault). It does not play
 * a move (match.c), talk to a bot (match_bots.c) or write a result
 * (match_results.c).
 */
#include "match_internal.h"
#include "params.h"

#include <stdarg.h>

int match_reserve(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 1;
    size_t n = *cap ? *cap : 16;
    while (n < need && n <= SIZE_MAX / 2)
        n *= 2;
    if (n < need || n > SIZE_MAX / size)   /* no wrap-around of n * size */
        return 0;
    void *q = realloc(*p, n * size);
    if (!q)
        return 0;
    *p = q;
    *cap = n;
    return 1;
}

void match_set_fault(sapper_match *m, int32_t kind, int32_t seat,
                     const char *fmt, ...)
{
    if (m->fault.kind != SAPPER_FAULT_NONE)
        return;
    m->fault.kind = kind;
    m->fault.seat = seat;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->fault.detail, sizeof m->fault.detail, fmt, ap);
    va_end(ap);
}

/* The rules parameters as the game applies them (its params_text: a
   preset's or a layout's size, not the spec's defaults), without the
   secret ones (ABI 1.2), for bots. */
static sapper_status keep_public_rules(sapper_match *m)
{
    const sapper_descriptor *d = &m->setup->rules->desc;
    if (sapper_param_set_copy(&m->effective, &m->setup->rules_params) != SAPPER_OK)
        return SAPPER_ERR_NOMEM;
    char text[4096];
    int64_t n = m->r->params_text ? m->r->params_text(m->game, text, sizeof text) : 0;
    if (n > 0 && n < (int64_t)sizeof text)
        sapper_param_set_overlay(&m->effective, d->params, d->param_count, text);
    const sapper_param_set *set = &m->effective;
    m->public_rules = calloc(set->count + 1, sizeof *m->public_rules);
    if (!m->public_rules)
        return SAPPER_ERR_NOMEM;
    for (uint32_t i = 0; i < set->count; i++) {
        const sapper_param_spec *spec =
            sapper_spec_find(d->params, d->param_count, set->items[i].key);
        if (!spec || !(spec->flags & SAPPER_PARAM_SECRET))
            m->public_rules[m->npublic++] = set->items[i];
    }
    return SAPPER_OK;
}

/* The seats whose bots hear every action: with inform, or behind a driver
   (which buffers it for the bot's process). The others cost nothing per
   action. */
static void note_listeners(sapper_match *m)
{
    m->ntold = 0;
    for (int32_t i = 0; i < m->players; i++) {
        const sapper_plugin *bot = m->setup->seats[i].bot;
        if (bot && (match_driven(m, i) || bot->bot.inform))
            m->told[m->ntold++] = i;
    }
}



/* The rules' progress measure (SAPPER_EXT_PROGRESS), or NULL. */
static uint64_t (*progress_measure(const sapper_rules_api *r))(const void *)
{
    const sapper_progress_ext *x = r->get_extension
        ? r->get_extension(SAPPER_EXT_PROGRESS) : NULL;
    if (!x || x->struct_size < offsetof(sapper_progress_ext, progress) + sizeof x->progress)
        return NULL;
    return x->progress;
}

static sapper_status start(sapper_match *m, char *err, size_t errcap)
{
    const sapper_plugin *rules = m->setup->rules;
    sapper_params rp = sapper_param_set_view(&m->setup->rules_params);
    char why[512] = "";
    if (sapper_plugin_open(rules, why, sizeof why) != SAPPER_OK) {
        snprintf(err, errcap, "rules \"%s\": %s", rules->desc.id, why);
        return SAPPER_ERR_PARAM;
    }
    if (m->r->game_new(&rp, &m->game, why, sizeof why) != SAPPER_OK) {
        m->game = NULL;
        snprintf(err, errcap, "rules \"%s\": %s", rules->desc.id,
                 why[0] ? why : "refused its parameters");
        return SAPPER_ERR_PARAM;
    }
    if (m->r->set_host)
        m->r->set_host(m->game, &m->host[SAPPER_MAX_SEATS]);
    m->progress = progress_measure(m->r);
    m->info.struct_size = sizeof m->info;
    m->r->game_info(m->game, m->players, &m->info);
    if (m->players < m->info.min_players || m->players > m->info.max_players) {
        char range[48];
        if (m->info.min_players == m->info.max_players)
            snprintf(range, sizeof range, "%d player%s", (int)m->info.min_players,
                     m->info.min_players == 1 ? "" : "s");
        else
            snprintf(range, sizeof range, "%d to %d players", (int)m->info.min_players,
                     (int)m->info.max_players);
        snprintf(err, errcap, "rules \"%s\" take %s, the configuration seats %d "
                 "([player.N] sections)", rules->desc.id, range, (int)m->players);
        return SAPPER_ERR_PARAM;
    }
    if (m->info.max_moves <= 0 || m->info.max_actions <= 0 ||
        m->info.max_actions > SAPPER_MAX_ACTIONS_LIMIT) {
        snprintf(err, errcap, "rules \"%s\" declared max_moves %lld and max_actions "
                 "%lld: expected max_moves above 0 and max_actions from 1 to %lld",
                 rules->desc.id, (long long)m->info.max_moves,
                 (long long)m->info.max_actions, (long long)SAPPER_MAX_ACTIONS_LIMIT);
        return SAPPER_ERR_PARAM;
    }
    if (m->r->state_new(m->game, m->players, sapper_seed_derive(m->seed, 0),
                        &m->state, why, sizeof why) != SAPPER_OK) {
        m->state = NULL;
        snprintf(err, errcap, "rules \"%s\" could not start a game: %s",
                 rules->desc.id, why);
        return SAPPER_ERR_PARAM;
    }
    m->progressed = m->progress ? m->progress(m->state) : 0;
    if (keep_public_rules(m) != SAPPER_OK) {
        snprintf(err, errcap, "out of memory");
        return SAPPER_ERR_NOMEM;
    }
    for (int32_t i = 0; i < m->players; i++)
        if (match_new_bot(m, i, err, errcap) != SAPPER_OK)
            return SAPPER_ERR_PARAM;
    note_listeners(m);
    match_note_turn(m);
    return SAPPER_OK;
}

sapper_match *sapper_match_new(const sapper_setup *setup, uint64_t seed,
                               int flags, char *err, size_t errcap)
{
    return sapper_match_new_driven(setup, seed, flags, NULL, err, errcap);
}

sapper_match *sapper_match_new_driven(const sapper_setup *setup, uint64_t seed,
                                      int flags, const sapper_match_hooks *hooks,
                                      char *err, size_t errcap)
{
    sapper_match *m = calloc(1, sizeof *m);
    if (!m) {
        snprintf(err, errcap, "out of memory");
        return NULL;
    }
    m->setup = setup;
    m->r = &setup->rules->rules;
    m->seed = seed;
    m->players = setup->players;
    m->flags = flags;
    if (hooks) {
        m->services = *hooks;
        m->driver = hooks->driver;
        m->driver_ctx = hooks->driver_ctx;
        m->driven = hooks->driven_seats ? hooks->driven_seats : ~(uint64_t)0;
        m->hook = hooks->hook;
        m->hook_ctx = hooks->hook_ctx;
    }
    match_init_hosts(m);
    for (int i = 0; i < SAPPER_MAX_SEATS; i++)
        m->pending[i] = SAPPER_NO_ACTION;
    if (start(m, err, errcap) != SAPPER_OK) {
        sapper_match_free(m);
        return NULL;
    }
    return m;
}

static void drop_undo(sapper_match *m, size_t keep)
{
    while (m->nundo > keep)
        m->r->state_free(m->undo[--m->nundo].state);
}

void sapper_match_free(sapper_match *m)
{
    if (!m)
        return;
    drop_undo(m, 0);
    match_free_bots(m);
    if (m->state)
        m->r->state_free(m->state);
    if (m->game)
        m->r->game_free(m->game);
    free(m->undo);
    free(m->moves);
    free(m->legal);
    free(m->asked);
    free(m->view);
    free(m->text);
    free(m->public_rules);
    sapper_param_set_free(&m->effective);
    sapper_strbuf_free(&m->log);
    free(m);
}

void sapper_match_set_bot_hook(sapper_match *m, sapper_bot_hook hook, void *ctx)
{
    m->hook = hook;
    m->hook_ctx = ctx;
}

void sapper_match_set_clock(sapper_match *m, sapper_match_clock clock, void *ctx)
{
    m->clock = clock;
    m->clock_ctx = ctx;
}

const sapper_setup *sapper_match_setup(const sapper_match *m) { return m->setup; }
sapper_params sapper_match_public_params(const sapper_match *m)
{
    return (sapper_params){m->public_rules, m->npublic};
}
uint64_t sapper_match_seed(const sapper_match *m) { return m->seed; }
int32_t sapper_match_players(const sapper_match *m) { return m->players; }
size_t sapper_match_move_count(const sapper_match *m) { return m->nmoves; }
