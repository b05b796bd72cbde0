/*
 * match_bots.c - the bots of a match: starting each seat's (in process, a
 * kept instance reset, or through a driver), asking one for its action and
 * checking the answer, its plan of further actions, telling bots what was
 * played, and freeing them; a bot's failure becomes its seat's fault. It
 * does not apply an action (match.c commits) or know about processes (a
 * driver, core/sandbox/, does).
 */
#include "match_internal.h"
#include "bot_keep.h"
#include "params.h"

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
        match_set_fault(m, SAPPER_FAULT_OTHER, seat, "%s", why[0] ? why : "error");
    else
        match_set_fault(m, SAPPER_FAULT_BOT, seat, "bot \"%s\" returned status %d",
                  m->setup->seats[seat].bot->desc.id, (int)st);
}

/* Whether action is in the ascending list legal of n ids. */
int match_listed(const int64_t *legal, size_t n, int64_t action)
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

sapper_status match_new_bot(sapper_match *m, int32_t seat, char *err,
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
    if (!match_driven(m, seat) && sapper_plugin_open(s->bot, why, sizeof why) != SAPPER_OK) {
        snprintf(err, errcap, "bot \"%s\" (seat %d) cannot be loaded: %s",
                 s->bot->desc.id, seat + 1, why);
        if (!(m->flags & SAPPER_MATCH_BOT_FAULTS))
            return SAPPER_ERR_PARAM;
        match_set_fault(m, SAPPER_FAULT_BOT, seat, "%s", err);
        return SAPPER_OK;
    }
    if (!match_driven(m, seat) && reset_kept(m, seat, &bs)) {
        m->live[seat] = 1;
        return SAPPER_OK;
    }
    hook(m, seat, SAPPER_HOOK_CALL_BEGIN);
    sapper_status st = match_driven(m, seat)
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
            match_set_fault(m, SAPPER_FAULT_BOT, seat, "bot \"%s\" refused to start: %s",
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
    match_host_log(&m->host_ctx[seat], SAPPER_LOG_WARNING, line);
}

/* A driven seat hears how its game ended (the rules' returns). */
static void tell_result(sapper_match *m, int32_t seat)
{
    double returns[SAPPER_MAX_SEATS];
    m->r->returns(m->state, returns, m->players);
    m->driver->result(m->driver_ctx, seat, returns, m->players);
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
    if (match_driven(m, seat) && !faulty && m->driver->result && is_decided(m) &&
        m->fault.kind == SAPPER_FAULT_NONE)
        tell_result(m, seat);
    if (match_driven(m, seat))
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

void match_free_bots(sapper_match *m)
{
    for (int32_t i = 0; i < m->players; i++)
        free_bot(m, i);
}


void match_inform_bots(sapper_match *m, int32_t seat, int64_t action)
{
    for (int32_t k = 0; k < m->ntold; k++) {
        int32_t i = m->told[k];
        if (!m->live[i])
            continue;
        if (match_driven(m, i)) {   /* buffered: no call into the bot yet */
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

/* Calls the bot of seat for its answer: one action (step) or several
   (step_many, or through the driver). */
static sapper_status call_step(sapper_match *m, int32_t seat, const void *view,
                               size_t vsize, const int64_t *legal, size_t nlegal,
                               int64_t *acts, size_t *count, char *why, size_t whycap)
{
    const sapper_bot_api *api = &m->setup->seats[seat].bot->bot;
    *count = 0;
    if (match_driven(m, seat))
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
int match_play_planned(sapper_match *m, int32_t seat)
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
            match_set_fault(m, SAPPER_FAULT_VOID, -1, "rules failed on a planned action: %s", why);
            return 0;
        }
        return match_after_apply(m, seat, a) == SAPPER_OK;
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
        match_set_fault(m, SAPPER_FAULT_VOID, -1, "rules gave seat %d, whose turn it "
                  "is, no legal action", seat + 1);
    if (!legal || *nlegal == 0 ||
        !match_reserve((void **)&m->asked, &m->asked_cap, *nlegal, sizeof *m->asked))
        return 0;
    memcpy(m->asked, legal, *nlegal * sizeof *m->asked);
    return 1;
}

/* Asks one bot for its action and checks it; a bad answer forfeits. */
int match_ask_bot(sapper_match *m, int32_t seat)
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
    if (st != SAPPER_OK && match_driven(m, seat)) {
        driver_fault(m, seat, st, why);
        return 0;
    }
    if (st != SAPPER_OK) {
        match_set_fault(m, SAPPER_FAULT_BOT, seat, "bot \"%s\" returned status %d",
                  bot->desc.id, (int)st);
        return 0;
    }
    if (count == 0 || count > SAPPER_PLAN_MAX ||
        !(copy ? match_listed(copy, nlegal, acts[0])
               : m->r->is_legal(m->state, seat, acts[0]) == 1)) {
        match_set_fault(m, SAPPER_FAULT_ILLEGAL, seat, "bot \"%s\" chose action %lld, "
                  "which is not legal", bot->desc.id,
                  count ? (long long)acts[0] : -1LL);
        return 0;
    }
    keep_plan(m, seat, acts, count);
    return match_commit(m, seat, acts[0]) == SAPPER_OK;
}
