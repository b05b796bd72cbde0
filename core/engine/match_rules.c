/*
 * match_rules.c - the rules adapters: the rules' text, render, panel,
 * score, observation and legal list fetched into the match's scratch
 * buffers, each answer's size checked (a bad one voids the game). It does
 * not apply actions (match.c) or write results (match_results.c).
 */
#include "match_internal.h"


const char *match_grow_text(sapper_match *m, int64_t need)
{
    if (need < 0) {
        match_set_fault(m, SAPPER_FAULT_VOID, -1, "%s", "rules returned a negative text size");
        return NULL;
    }
    if (!match_reserve((void **)&m->text, &m->text_cap, (size_t)need + 1, 1))
        return NULL;
    return m->text;
}

const char *sapper_match_action_text(sapper_match *m, int64_t action)
{
    int64_t need = m->r->action_to_text(m->state, action, m->text, m->text_cap);
    if (need >= (int64_t)m->text_cap) {
        if (!match_grow_text(m, need))
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
        if (!match_grow_text(m, need))
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
        if (!match_grow_text(m, need))
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

const void *sapper_match_extension(const sapper_match *m, const char *id)
{
    return m->r->get_extension ? m->r->get_extension(id) : NULL;
}

const void *sapper_match_state(const sapper_match *m)
{
    return m->state;
}

int64_t sapper_match_refused(const sapper_match *m, int32_t seat)
{
    return seat >= 0 && seat < m->players && !m->setup->seats[seat].bot ? m->refused[seat] : 0;
}

const void *sapper_match_view(sapper_match *m, int32_t seat, size_t *size)
{
    int64_t need = m->r->observe(m->state, seat, m->view, m->view_cap);
    if (need > (int64_t)m->view_cap) {
        if (!match_reserve((void **)&m->view, &m->view_cap, (size_t)need, 1))
            return NULL;
        need = m->r->observe(m->state, seat, m->view, m->view_cap);
    }
    if (need <= 0 || need > (int64_t)m->view_cap) {
        match_set_fault(m, SAPPER_FAULT_VOID, -1, "%s", "rules observe() failed");
        return NULL;
    }
    *size = (size_t)need;
    return m->view;
}

const int64_t *sapper_match_legal(sapper_match *m, int32_t seat, size_t *count)
{
    *count = 0;
    if (!match_reserve((void **)&m->legal, &m->legal_cap,
                 (size_t)(m->info.max_actions > 0 ? m->info.max_actions : 1),
                 sizeof(int64_t)))
        return NULL;
    int64_t n = m->r->legal_actions(m->state, seat, m->legal, m->legal_cap);
    if (n < 0 || n > (int64_t)m->legal_cap) {
        match_set_fault(m, SAPPER_FAULT_VOID, -1, "%s",
                  "rules legal_actions() returned more than max_actions");
        return NULL;
    }
    *count = (size_t)n;
    return m->legal;
}

/* A person's or a replay's action checked: by the rules' own checker when
   they have one (ABI 1.2 is_legal, which the conformance suite holds to the
   legal set), else by the list. */
int match_is_legal(sapper_match *m, int32_t seat, int64_t action)
{
    if (m->r->is_legal)
        return m->r->is_legal(m->state, seat, action) == 1;
    size_t n;
    const int64_t *legal = sapper_match_legal(m, seat, &n);
    return legal && match_listed(legal, n, action);
}
