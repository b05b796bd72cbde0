/*
 * curses_state.c - the questions every screen of the curses interface asks
 * about the game on show: whose view it is, who acts now, the clock and
 * the state word. Pure queries: this file calls nothing of the interface,
 * so every other file may call it without a circle.
 */
#include "curses_ui.h"

int32_t ui_viewer(ui *u)
{
    sapper_match *m = u->a->match;
    if (u->watching)
        return u->watch_viewer;
    if (u->remote)   /* a spectator sees seat 1's view, made public */
        return u->remote->seat >= 0 ? u->remote->seat : 0;
    for (int32_t i = 0; i < sapper_match_players(m); i++)
        if (sapper_match_is_human(m, i))
            return i;
    return SAPPER_OMNISCIENT;
}

int ui_hot_seat(ui *u)
{
    sapper_match *m = u->a->match;
    if (u->remote)
        return u->remote->seat < 0;   /* a spectator: no "you" */
    int people = 0;
    for (int32_t i = 0; i < sapper_match_players(m); i++)
        people += sapper_match_is_human(m, i);
    return people > 1;
}

int32_t ui_actor(ui *u)
{
    if (u->remote) {
        sapper_match *m = u->a->match;
        int32_t me = u->remote->seat, who = sapper_match_to_move(m);
        int owes = who == me || (who == SAPPER_SIMULTANEOUS && sapper_match_awaits(m, me));
        return me >= 0 && owes && !u->remote->sent ? me : -1;
    }
    return u->watching ? -1 : sapper_match_human_to_act(u->a->match);
}

int ui_shows_seed(const ui *u)
{
    return u->remote == NULL;
}

const void *ui_match_view(ui *u, int32_t seat, size_t *size)
{
    sapper_match *m = u->a->match;
    ui_remote *r = u->remote;
    if (!r || r->seat >= 0)
        return sapper_match_view(m, seat, size);
    if (sapper_match_to_move(m) == SAPPER_TERMINAL)
        return sapper_match_view(m, SAPPER_OMNISCIENT, size);
    const void *v = sapper_match_view(m, seat, size);
    const char *family = u->a->setup.rules->desc.family;
    if (!v || *size == 0)
        return NULL;
    if (*size > r->view_cap) {
        void *grown = realloc(r->view, *size);
        if (!grown)
            return NULL;
        r->view = grown;
        r->view_cap = *size;
    }
    memcpy(r->view, v, *size);
    if (sapper_proto_public_view(sapper_proto_family_bit(family ? family : ""), r->view, *size))
        return NULL;   /* nothing in it is known to be safe to show */
    return r->view;
}

double ui_clock(const ui *u)
{
    if (u->first_move == 0)
        return 0;
    double end = u->ended != 0 ? u->ended : u->asked != 0 ? u->asked : app_now();
    return end - u->first_move;
}

int64_t ui_clock_ms(void *ctx)
{
    return (int64_t)(ui_clock(ctx) * 1000.0);
}

void ui_clock_resume(ui *u, double since)
{
    if (u->first_move != 0 && u->ended == 0)
        u->first_move += app_now() - since;   /* the pause is not play */
}

const char *ui_state(ui *u)
{
    sapper_match *m = u->a->match;
    if (sapper_match_to_move(m) != SAPPER_TERMINAL)
        return "playing";
    const char *outcome = sapper_match_outcome(m);
    int32_t me = ui_viewer(u);
    if (strcmp(outcome, "decided") != 0 || me < 0 || ui_hot_seat(u))
        return outcome;   /* people at one keyboard: no "you" to win */
    return sapper_match_winner(m) == me ? "won" : "lost";
}
