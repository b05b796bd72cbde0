/*
 * match.c - the core loop for one game. The rules plugin answers and
 * transforms; this file owns the history, the undo stack and the seats, and
 * checks every action against the legal set before the rules see it, so a
 * buggy bot forfeits instead of corrupting the game and a buggy rules
 * plugin voids the game instead of crashing the host.
 */
#include "match.h"
#include "bot_keep.h"
#include "params.h"

#include <stdarg.h>
#include <stdio.h>

typedef struct undo_point {
    void *state;
    size_t moves;    /* history length at that point */
} undo_point;

struct sapper_match {
    const sapper_setup *setup;
    const sapper_rules_api *r;
    void *game;
    void *state;
    sapper_game_info info;
    uint64_t seed;
    int32_t players;
    int flags;
    const sapper_bot_driver *driver;   /* NULL: bots live in this process */
    void *driver_ctx;
    sapper_match_hooks services;       /* log, time_left, cancel */
    struct host_ctx {
        sapper_match *m;
        int32_t seat;                  /* -1: the rules */
    } host_ctx[SAPPER_MAX_SEATS + 1];
    sapper_host host[SAPPER_MAX_SEATS + 1];   /* [SAPPER_MAX_SEATS]: rules */
    int32_t no_cancel;                 /* what cancel points at by default */
    sapper_strbuf log;                 /* plugins' first log lines, when no
                                          one else takes them (JSON array
                                          members) */
    int log_lines;
    sapper_kv *public_rules;   /* the rules parameters bots may see */
    uint32_t npublic;
    int live[SAPPER_MAX_SEATS];        /* the seat's bot is started */
    void *bots[SAPPER_MAX_SEATS];      /* in-process instances */
    int64_t pending[SAPPER_MAX_SEATS];   /* simultaneous turn being collected */
    /* Who owes an action in that turn and has not given it. The state does
       not change while a turn is collected, so the rules are asked once a
       turn (note_turn), not at every action of it. */
    uint8_t owes[SAPPER_MAX_SEATS];
    int32_t owing;                       /* seats with owes[] set */
    int32_t next_ask;                    /* bots below it are done this turn */
    int32_t told[SAPPER_MAX_SEATS];      /* seats whose bots hear every action */
    int32_t ntold;
    int64_t refused[SAPPER_MAX_SEATS];   /* a person's moves the rules
                                           refused: wasted clicks */
    uint64_t (*progress)(const void *state);   /* SAPPER_EXT_PROGRESS, or NULL */
    uint64_t progressed;                 /* its value after the last move */
    int64_t idle[SAPPER_MAX_SEATS];      /* each seat's moves without progress */
    int64_t plan[SAPPER_PLAN_MAX];       /* a bot's further actions (step_many) */
    size_t plan_len, plan_pos;
    int32_t plan_seat;
    sapper_move *moves;
    size_t nmoves, cap_moves;
    int64_t turns;
    undo_point *undo;
    size_t nundo, cap_undo;
    sapper_fault fault;
    sapper_bot_hook hook;
    void *hook_ctx;
    sapper_match_clock clock;   /* stamps the moves; NULL: -1 */
    void *clock_ctx;
    sapper_status bot_status;
    int64_t *legal;          /* scratch for legal action lists */
    size_t legal_cap;
    int64_t *asked;          /* the list a bot was given, kept to check its
                                answer (the scratch may be used meanwhile) */
    size_t asked_cap;
    unsigned char *view;     /* scratch for observations */
    size_t view_cap;
    char *text;              /* scratch for text answers */
    size_t text_cap;
};

static int reserve(void **p, size_t *cap, size_t need, size_t size)
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

static void set_fault(sapper_match *m, int32_t kind, int32_t seat,
                      const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void set_fault(sapper_match *m, int32_t kind, int32_t seat,
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

/* Calls a "write up to cap, return needed" text function with growth. */
typedef int64_t (*text_fn)(const void *state, int64_t arg, char *buf, size_t cap);

static const char *grow_text(sapper_match *m, int64_t need)
{
    if (need < 0) {
        set_fault(m, SAPPER_FAULT_VOID, -1, "%s", "rules returned a negative text size");
        return NULL;
    }
    if (!reserve((void **)&m->text, &m->text_cap, (size_t)need + 1, 1))
        return NULL;
    return m->text;
}

const char *sapper_match_action_text(sapper_match *m, int64_t action)
{
    int64_t need = m->r->action_to_text(m->state, action, m->text, m->text_cap);
    if (need >= (int64_t)m->text_cap) {
        if (!grow_text(m, need))
            return "?";
        m->r->action_to_text(m->state, action, m->text, m->text_cap);
    }
    return need < 0 || !m->text ? "?" : m->text;
}

size_t sapper_match_action_label(sapper_match *m, int64_t action, const char *language,
                                 int whole, char *buf, size_t cap)
{
    if (cap)
        buf[0] = '\0';
    if (!m->r->action_label || !cap)
        return 0;
    int64_t n = m->r->action_label(m->game, action, language, whole, buf, cap);
    if (n <= 0) {
        buf[0] = '\0';
        return 0;
    }
    buf[cap - 1] = '\0';
    return (size_t)n < cap ? (size_t)n : cap - 1;
}

const char *sapper_match_render(sapper_match *m, int32_t seat)
{
    int64_t need = m->r->render_text(m->state, seat, m->text, m->text_cap);
    if (need >= (int64_t)m->text_cap) {
        if (!grow_text(m, need))
            return "";
        m->r->render_text(m->state, seat, m->text, m->text_cap);
    }
    return need < 0 || !m->text ? "" : m->text;
}

const char *sapper_match_panel(sapper_match *m, int32_t seat, int32_t panel)
{
    if (!m->r->panel_text)
        return NULL;
    int64_t need = m->r->panel_text(m->state, seat, panel, m->text, m->text_cap);
    if (need >= (int64_t)m->text_cap) {
        if (!grow_text(m, need))
            return NULL;
        need = m->r->panel_text(m->state, seat, panel, m->text, m->text_cap);
    }
    return need > 0 && m->text ? m->text : NULL;
}

int sapper_match_score(const sapper_match *m, sapper_score *out)
{
    memset(out, 0, sizeof *out);
    out->struct_size = sizeof *out;
    if (!m->r->score || m->r->score(m->state, out) != 1)
        return 0;
    out->board[sizeof out->board - 1] = '\0';   /* the rules' bytes */
    out->label[sizeof out->label - 1] = '\0';
    return out->board[0] != '\0';
}

const void *sapper_match_view(sapper_match *m, int32_t seat, size_t *size)
{
    int64_t need = m->r->observe(m->state, seat, m->view, m->view_cap);
    if (need > (int64_t)m->view_cap) {
        if (!reserve((void **)&m->view, &m->view_cap, (size_t)need, 1))
            return NULL;
        need = m->r->observe(m->state, seat, m->view, m->view_cap);
    }
    if (need <= 0 || need > (int64_t)m->view_cap) {
        set_fault(m, SAPPER_FAULT_VOID, -1, "%s", "rules observe() failed");
        return NULL;
    }
    *size = (size_t)need;
    return m->view;
}

const int64_t *sapper_match_legal(sapper_match *m, int32_t seat, size_t *count)
{
    *count = 0;
    if (!reserve((void **)&m->legal, &m->legal_cap,
                 (size_t)(m->info.max_actions > 0 ? m->info.max_actions : 1),
                 sizeof(int64_t)))
        return NULL;
    int64_t n = m->r->legal_actions(m->state, seat, m->legal, m->legal_cap);
    if (n < 0 || n > (int64_t)m->legal_cap) {
        set_fault(m, SAPPER_FAULT_VOID, -1, "%s",
                  "rules legal_actions() returned more than max_actions");
        return NULL;
    }
    *count = (size_t)n;
    return m->legal;
}

/* ---- the host table -------------------------------------------------- */

#define LOG_KEEP_LINES 16   /* plugin log lines a result keeps */

static void host_log(void *ctx, int32_t level, const char *line)
{
    struct host_ctx *c = ctx;
    sapper_match *m = c->m;
    const sapper_plugin *p = c->seat < 0 ? m->setup->rules : m->setup->seats[c->seat].bot;
    if (!line || !p)
        return;
    if (m->services.log) {
        m->services.log(m->services.services_ctx, c->seat, p->desc.id, level, line);
        return;
    }
    if (m->log_lines >= LOG_KEEP_LINES)
        return;   /* kept for the result: the first lines only */
    char entry[400];
    if (c->seat < 0)
        snprintf(entry, sizeof entry, "%s: %.300s", p->desc.id, line);
    else
        snprintf(entry, sizeof entry, "%s (seat %d): %.300s", p->desc.id,
                 (int)c->seat + 1, line);
    if (m->log_lines++)
        sapper_strbuf_printf(&m->log, ",");
    sapper_strbuf_json(&m->log, entry);
}

static double host_time_left(void *ctx, double *game_left)
{
    struct host_ctx *c = ctx;
    sapper_match *m = c->m;
    if (game_left)
        *game_left = -1;
    if (!m->services.time_left || c->seat < 0)
        return -1;
    return m->services.time_left(m->services.services_ctx, c->seat, game_left);
}

/* One host table per seat (and one for the rules), so each knows whose
   call it serves. */
static void init_hosts(sapper_match *m)
{
    for (int32_t i = 0; i <= SAPPER_MAX_SEATS; i++) {
        m->host_ctx[i] = (struct host_ctx){m, i < SAPPER_MAX_SEATS ? i : -1};
        m->host[i] = (sapper_host){
            .struct_size = sizeof(sapper_host), .version = SAPPER_HOST_VERSION,
            .ctx = &m->host_ctx[i], .log = host_log, .time_left = host_time_left,
            .cancel = m->services.cancel ? m->services.cancel : &m->no_cancel,
        };
    }
}

static void hook(sapper_match *m, int32_t seat, int phase)
{
    if (m->hook)
        m->hook(m->hook_ctx, seat, phase);
}

/* A driver call failed: its reason word (SAPPER_ERR_STATE) or the bot's own
   error status. */
static void driver_fault(sapper_match *m, int32_t seat, sapper_status st,
                         const char *why)
{
    m->bot_status = st;
    if (st == SAPPER_ERR_STATE)
        set_fault(m, SAPPER_FAULT_OTHER, seat, "%s", why[0] ? why : "error");
    else
        set_fault(m, SAPPER_FAULT_BOT, seat, "bot \"%s\" returned status %d",
                  m->setup->seats[seat].bot->desc.id, (int)st);
}

/* Whether action is in the ascending list legal of n ids. */
static int listed(const int64_t *legal, size_t n, int64_t action)
{
    size_t lo = 0, hi = n;
    while (legal && lo < hi) {  /* ascending, as the ABI requires */
        size_t mid = lo + (hi - lo) / 2;
        if (legal[mid] == action)
            return 1;
        if (legal[mid] < action)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* A person's or a replay's action checked: by the rules' own checker when
   they have one (ABI 1.2 is_legal, which the conformance suite holds to the
   legal set), else by the list. */
static int is_legal(sapper_match *m, int32_t seat, int64_t action)
{
    if (m->r->is_legal)
        return m->r->is_legal(m->state, seat, action) == 1;
    size_t n;
    const int64_t *legal = sapper_match_legal(m, seat, &n);
    return legal && listed(legal, n, action);
}

static uint64_t fnv(uint64_t h, const char *s)
{
    for (; s && *s; s++)
        h = (h ^ (unsigned char)*s) * UINT64_C(1099511628211);
    return (h ^ 0xff) * UINT64_C(1099511628211);   /* ends each string */
}

uint64_t sapper_match_config(const sapper_match *m, int32_t seat)
{
    const sapper_setup *s = m->setup;
    uint64_t h = fnv(UINT64_C(14695981039346656037), s->rules->desc.id);
    for (uint32_t i = 0; i < s->rules_params.count; i++)
        h = fnv(fnv(h, s->rules_params.items[i].key), s->rules_params.items[i].value);
    const sapper_seat_setup *st = &s->seats[seat];
    h = fnv(h, st->bot ? st->bot->desc.id : "human");
    for (uint32_t i = 0; i < st->params.count; i++)
        h = fnv(fnv(h, st->params.items[i].key), st->params.items[i].value);
    return h;
}

/* An instance kept from an earlier game, reset for this one (ABI 1.2
   bot_reset); 0 when there is none or its reset failed (it is freed). */
static int reset_kept(sapper_match *m, int32_t seat, const sapper_bot_setup *bs)
{
    const sapper_seat_setup *s = &m->setup->seats[seat];
    void *bot = s->bot->bot.bot_reset
        ? sapper_bot_keep_take(m->services.keep, s->bot, sapper_match_config(m, seat))
        : NULL;
    if (!bot)
        return 0;
    char why[64];
    hook(m, seat, SAPPER_HOOK_CALL_BEGIN);
    sapper_status st = s->bot->bot.bot_reset(bot, bs, why, sizeof why);
    if (st != SAPPER_OK)
        s->bot->bot.bot_free(bot);
    hook(m, seat, SAPPER_HOOK_CALL_END);
    m->bots[seat] = st == SAPPER_OK ? bot : NULL;
    return st == SAPPER_OK;
}

static sapper_status new_bot(sapper_match *m, int32_t seat, char *err,
                             size_t errcap)
{
    const sapper_seat_setup *s = &m->setup->seats[seat];
    if (!s->bot)
        return SAPPER_OK;
    sapper_params rp = {m->public_rules, m->npublic};
    sapper_params bp = sapper_param_set_view(&s->params);
    sapper_bot_setup bs = {
        .struct_size = sizeof bs, .seat = seat, .players = m->players,
        .seed = sapper_bot_seed(m->seed, seat),
        .rules_id = m->setup->rules->desc.id, .rules_params = &rp,
        .info = &m->info, .host = &m->host[seat],
    };
    char why[512] = "";
    if (!m->driver && sapper_plugin_open(s->bot, why, sizeof why) != SAPPER_OK) {
        snprintf(err, errcap, "bot \"%s\" (seat %d) cannot be loaded: %s",
                 s->bot->desc.id, seat + 1, why);
        if (!(m->flags & SAPPER_MATCH_BOT_FAULTS))
            return SAPPER_ERR_PARAM;
        set_fault(m, SAPPER_FAULT_BOT, seat, "%s", err);
        return SAPPER_OK;
    }
    if (!m->driver && reset_kept(m, seat, &bs)) {
        m->live[seat] = 1;
        return SAPPER_OK;
    }
    hook(m, seat, SAPPER_HOOK_CALL_BEGIN);
    sapper_status st = m->driver
        ? m->driver->bot_new(m->driver_ctx, seat, &bp, &bs, sapper_match_config(m, seat),
                             why, sizeof why)
        : s->bot->bot.bot_new(&bp, &bs, &m->bots[seat], why, sizeof why);
    hook(m, seat, SAPPER_HOOK_CALL_END);
    if (st == SAPPER_OK) {
        m->live[seat] = 1;
        return SAPPER_OK;
    }
    m->bots[seat] = NULL;
    if (m->flags & SAPPER_MATCH_BOT_FAULTS) {   /* the bot's fault, not the game's */
        if (st == SAPPER_ERR_STATE || st == SAPPER_ERR_NOMEM)
            driver_fault(m, seat, st, why);
        else
            set_fault(m, SAPPER_FAULT_BOT, seat, "bot \"%s\" refused to start: %s",
                      s->bot->desc.id, why[0] ? why : "no reason given");
        m->bot_status = st;
        return SAPPER_OK;
    }
    snprintf(err, errcap, "bot \"%s\" (seat %d) refused to start: %s",
             s->bot->desc.id, seat + 1, why[0] ? why : "no reason given");
    return SAPPER_ERR_PARAM;
}

/* Whether the game's result is settled: by its rules, or by a fault. */
static int is_decided(const sapper_match *m)
{
    return m->fault.kind != SAPPER_FAULT_NONE ||
           m->r->current_player(m->state) == SAPPER_TERMINAL;
}

/* A bot failed after its game was decided: the result stands as played
   (nothing a bot does once it has seen the end can change it), and the
   game's log says what happened. */
static void note_late_fault(sapper_match *m, int32_t seat, const char *why)
{
    char line[160];
    snprintf(line, sizeof line, "engine: the bot failed after its game was decided "
             "(%s); the result stands", why[0] ? why : "error");
    host_log(&m->host_ctx[seat], SAPPER_LOG_WARNING, line);
}

/* Calls one seat's bot_free; a failure is that seat's fault unless the
   game was already decided. */
static void free_bot(sapper_match *m, int32_t seat)
{
    if (!m->live[seat])
        return;
    m->live[seat] = 0;
    char why[64] = "";
    hook(m, seat, SAPPER_HOOK_CALL_BEGIN);
    sapper_status st = SAPPER_OK;
    const sapper_seat_setup *s = &m->setup->seats[seat];
    int faulty = m->fault.kind != SAPPER_FAULT_NONE && m->fault.seat == seat;
    if (m->driver)
        st = m->driver->bot_free(m->driver_ctx, seat, !faulty, why, sizeof why);
    else if (faulty)
        s->bot->bot.bot_free(m->bots[seat]);   /* it misbehaved: not kept */
    else if (!m->services.keep || !s->bot->bot.bot_reset ||
             !sapper_bot_keep_put(m->services.keep, s->bot, sapper_match_config(m, seat),
                                  m->bots[seat]))   /* the hash only when it can be kept */
        s->bot->bot.bot_free(m->bots[seat]);
    hook(m, seat, SAPPER_HOOK_CALL_END);
    m->bots[seat] = NULL;
    if (st != SAPPER_OK && is_decided(m))
        note_late_fault(m, seat, why);
    else if (st != SAPPER_OK)
        driver_fault(m, seat, st, why);
}

void sapper_match_end_bots(sapper_match *m)
{
    for (int32_t i = 0; i < m->players; i++)
        free_bot(m, i);
}

/* The rules parameters without the secret ones (ABI 1.2), for bots. */
static sapper_status keep_public_rules(sapper_match *m)
{
    const sapper_param_set *set = &m->setup->rules_params;
    const sapper_descriptor *d = &m->setup->rules->desc;
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

static void free_bots(sapper_match *m)
{
    for (int32_t i = 0; i < m->players; i++)
        free_bot(m, i);
}

/* The seats whose bots hear every action: with inform, or behind a driver
   (which buffers it for the bot's process). The others cost nothing per
   action. */
static void note_listeners(sapper_match *m)
{
    m->ntold = 0;
    for (int32_t i = 0; i < m->players; i++) {
        const sapper_plugin *bot = m->setup->seats[i].bot;
        if (bot && (m->driver || bot->bot.inform))
            m->told[m->ntold++] = i;
    }
}

/* A new position: who owes an action, when the turn is simultaneous.
   Called after every change of the state. */
static void note_turn(sapper_match *m)
{
    m->owing = 0;
    m->next_ask = 0;
    if (sapper_match_to_move(m) != SAPPER_SIMULTANEOUS)
        return;
    for (int32_t i = 0; i < m->players; i++) {
        int64_t one;
        m->owes[i] = m->r->legal_actions(m->state, i, &one, 1) > 0;
        m->owing += m->owes[i];
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
        snprintf(err, errcap, "rules \"%s\" take %d to %d players, the "
                 "configuration seats %d ([player.N] sections)", rules->desc.id,
                 (int)m->info.min_players, (int)m->info.max_players,
                 (int)m->players);
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
        if (new_bot(m, i, err, errcap) != SAPPER_OK)
            return SAPPER_ERR_PARAM;
    note_listeners(m);
    note_turn(m);
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
        m->hook = hooks->hook;
        m->hook_ctx = hooks->hook_ctx;
    }
    init_hosts(m);
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
    free_bots(m);
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
    sapper_strbuf_free(&m->log);
    free(m);
}

int32_t sapper_match_to_move(const sapper_match *m)
{
    if (m->fault.kind != SAPPER_FAULT_NONE)
        return SAPPER_TERMINAL;
    return m->r->current_player(m->state);
}

int sapper_match_is_human(const sapper_match *m, int32_t seat)
{
    return seat >= 0 && seat < m->players && !m->setup->seats[seat].bot;
}

int32_t sapper_match_human_to_act(const sapper_match *m)
{
    int32_t who = sapper_match_to_move(m);
    if (who >= 0)
        return sapper_match_is_human(m, who) ? who : -1;
    for (int32_t i = 0; who == SAPPER_SIMULTANEOUS && i < m->players; i++)
        if (sapper_match_is_human(m, i) && sapper_match_awaits(m, i))
            return i;
    return -1;
}

int sapper_match_awaits(const sapper_match *m, int32_t seat)
{
    return sapper_match_to_move(m) == SAPPER_SIMULTANEOUS && m->owes[seat];
}

/* The time an action is applied now, on the lent clock. */
static int64_t stamp(sapper_match *m)
{
    return m->clock ? m->clock(m->clock_ctx) : -1;
}

static int record(sapper_match *m, int32_t seat, int64_t action, int joint, int64_t ms)
{
    if (!reserve((void **)&m->moves, &m->cap_moves, m->nmoves + 1, sizeof(sapper_move)))
        return 0;
    if (ms >= 0 && m->nmoves && ms < m->moves[m->nmoves - 1].ms)
        ms = m->moves[m->nmoves - 1].ms;   /* a clock set back: time stands */
    m->moves[m->nmoves++] = (sapper_move){seat, joint, m->turns, action, ms};
    return 1;
}

static void inform_bots(sapper_match *m, int32_t seat, int64_t action)
{
    for (int32_t k = 0; k < m->ntold; k++) {
        int32_t i = m->told[k];
        if (!m->live[i])
            continue;
        if (m->driver) {   /* buffered: no call into the bot yet */
            m->driver->inform(m->driver_ctx, i, seat, action);
            continue;
        }
        if (!m->setup->seats[i].bot->bot.inform)
            continue;
        hook(m, i, SAPPER_HOOK_CALL_BEGIN);
        m->setup->seats[i].bot->bot.inform(m->bots[i], seat, action);
        hook(m, i, SAPPER_HOOK_CALL_END);
    }
}

/* The seats that acted in the last turn (actors[i] set) did or did not
   move the game on. */
static void note_progress(sapper_match *m, const uint8_t *actors)
{
    if (!m->progress)
        return;
    uint64_t now = m->progress(m->state);
    for (int32_t i = 0; i < m->players; i++)
        m->idle[i] += actors[i] && now <= m->progressed;
    m->progressed = now;
}

/* The seat that stalled a game: the most moves without progress (of
   those, the lowest seat). */
static int32_t staller(const sapper_match *m)
{
    int32_t worst = 0;
    for (int32_t i = 1; i < m->players; i++)
        if (m->idle[i] > m->idle[worst])
            worst = i;
    return worst;
}

/* Past its declared bound a game is charged to the seat that stalled it
   when the rules measure progress, else void (the rules broke their
   word). */
static void check_bound(sapper_match *m)
{
    if (m->info.max_moves <= 0 || (int64_t)m->nmoves <= m->info.max_moves ||
        m->r->current_player(m->state) == SAPPER_TERMINAL)
        return;
    if (m->progress) {
        int32_t seat = staller(m);
        set_fault(m, SAPPER_FAULT_STALL, seat, "stall: %lld of its moves made no "
                  "progress before the game reached its bound of %lld moves",
                  (long long)m->idle[seat], (long long)m->info.max_moves);
    } else {
        set_fault(m, SAPPER_FAULT_VOID, -1, "%s",
                  "the game ran past its declared max_moves bound");
    }
}

/* What follows an applied sequential action: history, informs, bound. */
static sapper_status after_apply(sapper_match *m, int32_t seat, int64_t action)
{
    m->turns++;
    if (!record(m, seat, action, 0, stamp(m)))
        return SAPPER_ERR_NOMEM;
    uint8_t actor[SAPPER_MAX_SEATS] = {0};
    actor[seat] = 1;
    note_progress(m, actor);
    inform_bots(m, seat, action);
    check_bound(m);
    note_turn(m);
    return SAPPER_OK;
}

static sapper_status apply_one(sapper_match *m, int32_t seat, int64_t action)
{
    if (seat != m->plan_seat)
        m->plan_len = 0;   /* another seat moved: a plan holds only in its turn */
    char why[512] = "";
    if (m->r->apply_action(m->state, seat, action, why, sizeof why) != SAPPER_OK) {
        set_fault(m, SAPPER_FAULT_VOID, -1, "rules refused a legal action: %s", why);
        return SAPPER_ERR_INTERNAL;
    }
    return after_apply(m, seat, action);
}

/* Applies the collected simultaneous turn once every seat that owes an
   action has given one. */
static sapper_status maybe_apply_joint(sapper_match *m)
{
    if (m->owing > 0)
        return SAPPER_OK;
    char why[512] = "";
    if (!m->r->apply_joint ||
        m->r->apply_joint(m->state, m->pending, m->players, why, sizeof why)) {
        set_fault(m, SAPPER_FAULT_VOID, -1, "rules refused a legal joint action: %s",
                  m->r->apply_joint ? why : "no apply_joint");
        return SAPPER_ERR_INTERNAL;
    }
    m->turns++;
    m->plan_len = 0;   /* a simultaneous turn's answers end with it */
    int64_t ms = stamp(m);   /* one time for the turn: it is applied at once */
    for (int32_t i = 0; i < m->players; i++)
        if (m->pending[i] != SAPPER_NO_ACTION && !record(m, i, m->pending[i], 1, ms))
            return SAPPER_ERR_NOMEM;
    uint8_t actors[SAPPER_MAX_SEATS];
    for (int32_t i = 0; i < m->players; i++)
        actors[i] = m->pending[i] != SAPPER_NO_ACTION;
    note_progress(m, actors);
    for (int32_t i = 0; i < m->players; i++)
        if (m->pending[i] != SAPPER_NO_ACTION)
            inform_bots(m, i, m->pending[i]);
    for (int32_t i = 0; i < m->players; i++)
        m->pending[i] = SAPPER_NO_ACTION;
    check_bound(m);
    note_turn(m);
    return SAPPER_OK;
}

/* Applies an action already known to be legal. */
static sapper_status commit(sapper_match *m, int32_t seat, int64_t action)
{
    if (sapper_match_to_move(m) != SAPPER_SIMULTANEOUS)
        return apply_one(m, seat, action);
    m->pending[seat] = action;
    m->owes[seat] = 0;
    m->owing--;
    return maybe_apply_joint(m);
}

/* The rules' own reason for refusing an action, from a scratch clone. */
static void refusal_reason(sapper_match *m, int32_t seat, int64_t action,
                           char *err, size_t errcap)
{
    void *scratch = NULL;
    char why[512] = "";
    int refused = 1;
    if (m->r->apply_action && m->r->state_clone(m->state, &scratch) == SAPPER_OK) {
        refused = m->r->apply_action(scratch, seat, action, why, sizeof why) != SAPPER_OK;
        m->r->state_free(scratch);
    }
    snprintf(err, errcap, "%s is not legal now%s%s", sapper_match_action_text(m, action),
             refused && why[0] ? ": " : "", refused ? why : "");
}

static sapper_status check_turn(sapper_match *m, int32_t seat, char *err,
                                size_t errcap)
{
    int32_t who = sapper_match_to_move(m);
    if (who == SAPPER_TERMINAL) {
        snprintf(err, errcap, "the game is over");
        return SAPPER_ERR_STATE;
    }
    if (who == SAPPER_SIMULTANEOUS ? !sapper_match_awaits(m, seat) : who != seat) {
        snprintf(err, errcap, "it is not seat %d's turn", seat + 1);
        return SAPPER_ERR_STATE;
    }
    return SAPPER_OK;
}

static void push_undo(sapper_match *m)
{
    void *copy;
    if (!(m->flags & SAPPER_MATCH_UNDO) ||
        !reserve((void **)&m->undo, &m->cap_undo, m->nundo + 1, sizeof(undo_point)) ||
        m->r->state_clone(m->state, &copy) != SAPPER_OK)
        return;
    m->undo[m->nundo++] = (undo_point){copy, m->nmoves};
}

sapper_status sapper_match_play(sapper_match *m, int32_t seat, int64_t action,
                                char *err, size_t errcap)
{
    sapper_status st = check_turn(m, seat, err, errcap);
    if (st != SAPPER_OK)
        return st;
    if (!is_legal(m, seat, action)) {
        refusal_reason(m, seat, action, err, errcap);
        m->refused[seat]++;
        return SAPPER_ERR_ILLEGAL;
    }
    if (sapper_match_is_human(m, seat))
        push_undo(m);
    st = commit(m, seat, action);
    if (st != SAPPER_OK)
        snprintf(err, errcap, "%s", m->fault.detail);
    return st;
}

sapper_status sapper_match_parse_action(sapper_match *m, const char *text,
                                        int64_t *action, char *err, size_t errcap)
{
    char why[512] = "";
    if (m->r->text_to_action(m->state, text, action, why, sizeof why) == SAPPER_OK)
        return SAPPER_OK;
    snprintf(err, errcap, "%s", why[0] ? why : "cannot parse the action");
    return SAPPER_ERR_PARSE;
}

sapper_status sapper_match_play_text(sapper_match *m, int32_t seat,
                                     const char *text, char *err, size_t errcap)
{
    int64_t action;
    char why[512] = "";
    if (m->r->text_to_action(m->state, text, &action, why, sizeof why) != SAPPER_OK) {
        snprintf(err, errcap, "%s", why[0] ? why : "cannot parse the action");
        return SAPPER_ERR_PARSE;
    }
    return sapper_match_play(m, seat, action, err, errcap);
}

/* Calls the bot of seat for its answer: one action (step) or several
   (step_many, or through the driver). */
static sapper_status call_step(sapper_match *m, int32_t seat, const void *view,
                               size_t vsize, const int64_t *legal, size_t nlegal,
                               int64_t *acts, size_t *count, char *why, size_t whycap)
{
    const sapper_bot_api *api = &m->setup->seats[seat].bot->bot;
    *count = 0;
    if (m->driver)
        return m->driver->step(m->driver_ctx, seat, view, vsize, legal, nlegal, acts,
                               SAPPER_PLAN_MAX, count, why, whycap);
    if (api->step_many)
        return api->step_many(m->bots[seat], view, vsize, legal, nlegal, acts,
                              SAPPER_PLAN_MAX, count);
    *count = 1;
    return api->step(m->bots[seat], view, vsize, legal, nlegal, &acts[0]);
}

/* Keeps the rest of a bot's answer to play without asking it again. */
static void keep_plan(sapper_match *m, int32_t seat, const int64_t *acts, size_t count)
{
    m->plan_len = m->plan_pos = 0;
    m->plan_seat = seat;
    if (count > 1 && count <= SAPPER_PLAN_MAX) {
        memcpy(m->plan, acts + 1, (count - 1) * sizeof *acts);
        m->plan_len = count - 1;
    }
}

/* The next planned action of seat that is still legal, played; 0 when its
   plan is spent. */
static int play_planned(sapper_match *m, int32_t seat)
{
    char why[64];
    while (m->plan_seat == seat && m->plan_pos < m->plan_len) {
        int64_t a = m->plan[m->plan_pos++];
        /* the rules refuse an action that is no longer legal and leave the
           state as it was (the ABI's contract for apply_action): asking
           them costs one call, where the legal list costs the board; their
           own checker (ABI 1.2) costs less than a refusal's message */
        if (m->r->is_legal && m->r->is_legal(m->state, seat, a) != 1)
            continue;
        sapper_status st = m->r->apply_action(m->state, seat, a, why, sizeof why);
        if (st == SAPPER_ERR_ILLEGAL)
            continue;
        if (st != SAPPER_OK) {
            set_fault(m, SAPPER_FAULT_VOID, -1, "rules failed on a planned action: %s", why);
            return 0;
        }
        return after_apply(m, seat, a) == SAPPER_OK;
    }
    m->plan_len = m->plan_pos = 0;
    return 0;
}

/* The bot chooses from its view alone and the rules check its one answer
   (SAPPER_BOT_NO_LEGAL_LIST, sapper_rules_api.is_legal): the seat moves
   alone, or owes a simultaneous action (the engine asks only seats that
   do), so it has a legal action. */
static int without_list(sapper_match *m, int32_t seat)
{
    int32_t who = sapper_match_to_move(m);
    return (m->setup->seats[seat].bot->bot.flags & SAPPER_BOT_NO_LEGAL_LIST) &&
           m->r->is_legal && (who == seat || (who == SAPPER_SIMULTANEOUS && m->owes[seat]));
}

/* The legal list a bot is given, kept in m->asked (NULL and 0 for a bot
   without one); 0 when there is none to give (a fault is then set). */
static int list_for(sapper_match *m, int32_t seat, size_t *nlegal)
{
    *nlegal = 0;
    if (without_list(m, seat))
        return 1;
    const int64_t *legal = sapper_match_legal(m, seat, nlegal);
    if (legal && *nlegal == 0)   /* the rules' bug: a seat to move, no move */
        set_fault(m, SAPPER_FAULT_VOID, -1, "rules gave seat %d, whose turn it "
                  "is, no legal action", seat + 1);
    if (!legal || *nlegal == 0 ||
        !reserve((void **)&m->asked, &m->asked_cap, *nlegal, sizeof *m->asked))
        return 0;
    memcpy(m->asked, legal, *nlegal * sizeof *m->asked);
    return 1;
}

/* Asks one bot for its action and checks it; a bad answer forfeits. */
static int ask_bot(sapper_match *m, int32_t seat)
{
    size_t nlegal, vsize;
    if (!list_for(m, seat, &nlegal))
        return 0;
    int64_t *copy = nlegal ? m->asked : NULL;
    const void *view = sapper_match_view(m, seat, &vsize);
    int64_t acts[SAPPER_PLAN_MAX];
    size_t count = 0;
    const sapper_plugin *bot = m->setup->seats[seat].bot;
    char why[64] = "";
    hook(m, seat, SAPPER_HOOK_STEP_BEGIN);
    sapper_status st = view ? call_step(m, seat, view, vsize, copy, nlegal, acts, &count,
                                        why, sizeof why)
                            : SAPPER_ERR_INTERNAL;
    hook(m, seat, SAPPER_HOOK_STEP_END);
    m->bot_status = st;
    if (!view || m->fault.kind != SAPPER_FAULT_NONE)
        return 0;   /* the hook forfeited the seat (a late move): not played */
    if (st != SAPPER_OK && m->driver) {
        driver_fault(m, seat, st, why);
        return 0;
    }
    if (st != SAPPER_OK) {
        set_fault(m, SAPPER_FAULT_BOT, seat, "bot \"%s\" returned status %d",
                  bot->desc.id, (int)st);
        return 0;
    }
    if (count == 0 || count > SAPPER_PLAN_MAX ||
        !(copy ? listed(copy, nlegal, acts[0])
               : m->r->is_legal(m->state, seat, acts[0]) == 1)) {
        set_fault(m, SAPPER_FAULT_ILLEGAL, seat, "bot \"%s\" chose action %lld, "
                  "which is not legal", bot->desc.id,
                  count ? (long long)acts[0] : -1LL);
        return 0;
    }
    keep_plan(m, seat, acts, count);
    return commit(m, seat, acts[0]) == SAPPER_OK;
}

static int advance_one(sapper_match *m)
{
    int32_t who = sapper_match_to_move(m);
    if (who >= 0)
        return m->live[who] && (play_planned(m, who) || ask_bot(m, who));
    if (who != SAPPER_SIMULTANEOUS)
        return 0;
    for (; m->next_ask < m->players; m->next_ask++)   /* bots in seat order */
        if (m->live[m->next_ask] && m->owes[m->next_ask])
            return ask_bot(m, m->next_ask);
    return 0;
}

/* Control goes back to the caller: the driver's bots stop running. */
static void pause_bots(sapper_match *m)
{
    if (m->driver && m->driver->pause)
        m->driver->pause(m->driver_ctx);
}

int sapper_match_advance_one(sapper_match *m)
{
    int moved = advance_one(m);
    pause_bots(m);
    return moved;
}

int64_t sapper_match_advance(sapper_match *m)
{
    int64_t n = 0;
    while (advance_one(m))
        n++;
    pause_bots(m);
    return n;
}

sapper_status sapper_match_undo(sapper_match *m)
{
    if (m->nundo == 0)
        return SAPPER_ERR_STATE;
    undo_point p = m->undo[--m->nundo];
    m->r->state_free(m->state);
    m->state = p.state;
    m->nmoves = p.moves;
    m->turns = m->nmoves ? m->moves[m->nmoves - 1].turn + 1 : 0;
    m->progressed = m->progress ? m->progress(m->state) : 0;
    for (int i = 0; i < SAPPER_MAX_SEATS; i++)
        m->pending[i] = SAPPER_NO_ACTION;
    m->plan_len = m->plan_pos = 0;
    /* Bots may remember what they were told: start them afresh and retell
       the kept history. Freed while the fault is still known: a bot that
       misbehaved is not kept for a reset. */
    free_bots(m);
    memset(&m->fault, 0, sizeof m->fault);
    char err[256];
    for (int32_t i = 0; i < m->players; i++)
        if (new_bot(m, i, err, sizeof err) != SAPPER_OK)
            return SAPPER_ERR_STATE;
    for (size_t i = 0; i < m->nmoves; i++)
        inform_bots(m, m->moves[i].seat, m->moves[i].action);
    note_turn(m);
    return SAPPER_OK;
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

void sapper_match_forfeit(sapper_match *m, int32_t seat, const char *reason)
{
    set_fault(m, SAPPER_FAULT_OTHER, seat, "%s", reason);
}

void sapper_match_void(sapper_match *m, const char *why)
{
    set_fault(m, SAPPER_FAULT_VOID, -1, "%s", why);
}

sapper_status sapper_match_bot_status(const sapper_match *m)
{
    return m->bot_status;
}

const sapper_game_info *sapper_match_info(const sapper_match *m) { return &m->info; }
const sapper_setup *sapper_match_setup(const sapper_match *m) { return m->setup; }
uint64_t sapper_match_seed(const sapper_match *m) { return m->seed; }
int32_t sapper_match_players(const sapper_match *m) { return m->players; }
size_t sapper_match_move_count(const sapper_match *m) { return m->nmoves; }

const sapper_move *sapper_match_move(const sapper_match *m, size_t i)
{
    return i < m->nmoves ? &m->moves[i] : NULL;
}

const sapper_fault *sapper_match_fault(const sapper_match *m)
{
    return m->fault.kind == SAPPER_FAULT_NONE ? NULL : &m->fault;
}

void sapper_match_returns(const sapper_match *m, double *out)
{
    for (int32_t i = 0; i < m->players; i++)
        out[i] = 0;
    if (m->fault.kind == SAPPER_FAULT_VOID)
        return;
    if (m->fault.kind != SAPPER_FAULT_NONE) {
        for (int32_t i = 0; i < m->players; i++)  /* the culprit loses */
            out[i] = i == m->fault.seat ? 0.0 : 1.0;
        return;
    }
    m->r->returns(m->state, out, m->players);
}

int32_t sapper_match_winner(const sapper_match *m)
{
    double r[SAPPER_MAX_SEATS];
    if (sapper_match_to_move(m) != SAPPER_TERMINAL ||
        m->fault.kind == SAPPER_FAULT_VOID)
        return -1;
    sapper_match_returns(m, r);
    int32_t best = 0, ties = 0;
    for (int32_t i = 1; i < m->players; i++) {
        if (r[i] > r[best]) {
            best = i;
            ties = 0;
        } else if (r[i] == r[best]) {
            ties++;
        }
    }
    if (m->players == 1)
        return r[0] >= 1.0 ? 0 : -1;
    return ties ? -1 : best;
}

const char *sapper_match_outcome(const sapper_match *m)
{
    if (m->fault.kind == SAPPER_FAULT_VOID)
        return "void";
    if (sapper_match_to_move(m) != SAPPER_TERMINAL)
        return "unfinished";
    int32_t w = sapper_match_winner(m);
    if (m->players == 1)
        return w == 0 ? "won" : "lost";
    return w >= 0 ? "decided" : "draw";
}

static const char *fault_name(int32_t kind)
{
    switch (kind) {
    case SAPPER_FAULT_ILLEGAL: return "illegal";
    case SAPPER_FAULT_BOT: return "error";
    case SAPPER_FAULT_VOID: return "void";
    case SAPPER_FAULT_OTHER: return "other";
    case SAPPER_FAULT_STALL: return "stall";
    default: return "none";
    }
}

#define RESULT_TEXT 512   /* bytes; classic's result is under 200 */

/* Appends the rules' JSON members (seat < 0: the whole result; else one
   player's entry); they must start with a comma. */
static void rules_extra(sapper_match *m, int32_t seat, sapper_strbuf *out)
{
    /* room for the usual result first: a rules' JSON can cost a second
       call to write it (classic's counts the board's 3BV) */
    if (m->text_cap < RESULT_TEXT && !grow_text(m, RESULT_TEXT - 1))
        return;
    int64_t need = seat < 0 ? m->r->result_json(m->state, m->text, m->text_cap)
                            : m->r->seat_json(m->state, seat, m->text, m->text_cap);
    if (need >= (int64_t)m->text_cap) {
        if (!grow_text(m, need))
            return;
        if (seat < 0)
            m->r->result_json(m->state, m->text, m->text_cap);
        else
            m->r->seat_json(m->state, seat, m->text, m->text_cap);
    }
    if (need > 0 && m->text[0] == ',')
        sapper_strbuf_append(out, m->text, (size_t)need);
}

static void fault_json(const sapper_match *m, sapper_strbuf *out)
{
    sapper_strbuf_printf(out, ",\"fault\":{\"reason\":");
    sapper_strbuf_json(out, m->fault.kind == SAPPER_FAULT_OTHER
                                ? m->fault.detail : fault_name(m->fault.kind));
    sapper_strbuf_printf(out, ",\"seat\":");
    if (m->fault.seat >= 0)
        sapper_strbuf_printf(out, "%d", m->fault.seat + 1);
    else
        sapper_strbuf_printf(out, "null");
    sapper_strbuf_printf(out, ",\"detail\":");
    sapper_strbuf_json(out, m->fault.detail);
    sapper_strbuf_printf(out, "}");
}

/* The members after "players": the fault, the rules' own, the log. */
static void tail_json(sapper_match *m, sapper_strbuf *out)
{
    if (m->fault.kind != SAPPER_FAULT_NONE)
        fault_json(m, out);
    if (m->r->result_json)
        rules_extra(m, -1, out);
    if (m->log_lines)
        sapper_strbuf_printf(out, ",\"log\":[%s]", sapper_strbuf_str(&m->log));
}

void sapper_match_result_json(sapper_match *m, double seconds, sapper_strbuf *out)
{
    double r[SAPPER_MAX_SEATS];
    sapper_match_returns(m, r);
    sapper_strbuf_printf(out, "{\"ruleset\":");
    sapper_strbuf_json(out, m->setup->rules->desc.id);
    sapper_strbuf_printf(out, ",\"outcome\":\"%s\",\"moves\":%zu,\"seed\":%llu,"
                         "\"seconds\":%.3f", sapper_match_outcome(m), m->nmoves,
                         (unsigned long long)m->seed, seconds);
    int32_t w = sapper_match_winner(m);
    if (m->players > 1 && w >= 0)
        sapper_strbuf_printf(out, ",\"winner\":%d", w + 1);
    else if (m->players > 1)
        sapper_strbuf_printf(out, ",\"winner\":null");
    sapper_strbuf_printf(out, ",\"players\":[");
    for (int32_t i = 0; i < m->players; i++) {
        const sapper_seat_setup *s = &m->setup->seats[i];
        sapper_strbuf_printf(out, "%s{\"seat\":%d,\"name\":", i ? "," : "", i + 1);
        sapper_strbuf_json(out, s->name);
        sapper_strbuf_printf(out, ",\"bot\":");
        sapper_strbuf_json(out, s->bot ? s->bot->desc.id : "human");
        sapper_strbuf_printf(out, ",\"return\":%g", r[i]);
        if (!s->bot)
            sapper_strbuf_printf(out, ",\"wasted\":%lld", (long long)m->refused[i]);
        if (m->r->seat_json)
            rules_extra(m, i, out);
        sapper_strbuf_printf(out, "}");
    }
    sapper_strbuf_printf(out, "]");
    tail_json(m, out);
    sapper_strbuf_printf(out, "}");
}

/* members (each starting with a comma, or none) as an object into out. */
static void object_of(const sapper_strbuf *members, sapper_strbuf *out)
{
    sapper_strbuf_printf(out, "{%s}", members->len ? members->data + 1 : "");
}

void sapper_match_stored_json(sapper_match *m, sapper_strbuf *out)
{
    sapper_strbuf body = {0}, seat = {0};
    if (m->r->seat_json) {
        sapper_strbuf_printf(&body, ",\"players\":[");
        for (int32_t i = 0; i < m->players; i++) {
            seat.len = 0;
            rules_extra(m, i, &seat);
            sapper_strbuf_printf(&body, "%s", i ? "," : "");
            object_of(&seat, &body);
        }
        sapper_strbuf_printf(&body, "]");
    }
    tail_json(m, &body);
    object_of(&body, out);
    sapper_strbuf_free(&body);
    sapper_strbuf_free(&seat);
}

void sapper_match_outcome_line(const sapper_match *m, sapper_strbuf *out)
{
    double r[SAPPER_MAX_SEATS];
    sapper_match_returns(m, r);
    sapper_strbuf_printf(out, "%s moves %zu returns", sapper_match_outcome(m),
                         m->nmoves);
    for (int32_t i = 0; i < m->players; i++)
        sapper_strbuf_printf(out, " %g", r[i]);
}
