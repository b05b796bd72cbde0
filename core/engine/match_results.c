/*
 * match_results.c - what a match ends as: the returns, the winner, the
 * outcome word, the result JSON (with the rules' own members and the kept
 * log), the stored JSON and the one-line outcome. It does not decide the
 * game (match.c) and reads no field of the rules' JSON; it only appends it.
 */
#include "match_internal.h"

sapper_status sapper_match_bot_status(const sapper_match *m)
{
    return m->bot_status;
}

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
    if (m->text_cap < RESULT_TEXT && !match_grow_text(m, RESULT_TEXT - 1))
        return;
    int64_t need = seat < 0 ? m->r->result_json(m->state, m->text, m->text_cap)
                            : m->r->seat_json(m->state, seat, m->text, m->text_cap);
    if (need >= (int64_t)m->text_cap) {
        if (!match_grow_text(m, need))
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
