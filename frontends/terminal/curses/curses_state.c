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
    for (int32_t i = 0; i < sapper_match_players(m); i++)
        if (sapper_match_is_human(m, i))
            return i;
    return SAPPER_OMNISCIENT;
}

int ui_hot_seat(ui *u)
{
    sapper_match *m = u->a->match;
    int people = 0;
    for (int32_t i = 0; i < sapper_match_players(m); i++)
        people += sapper_match_is_human(m, i);
    return people > 1;
}

int32_t ui_actor(ui *u)
{
    return u->watching ? -1 : sapper_match_human_to_act(u->a->match);
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
