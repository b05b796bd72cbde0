/*
 * curses_game.c - a person's moves in the curses interface: playing one
 * (with the rules' refusal on the message line, the clock started at the
 * first), the bots' answers reported, the end noted (the scoreboard, the
 * fault that ended it), and a new match. Above curses_state.c and the
 * screen primitives; below the widgets and the loop that call it.
 */
#include "bot_guard.h"
#include "display_name.h"
#include "curses_ui.h"

#include <time.h>

#include "sapper/arena.h"
#include "scores.h"

/* The score note in fewer words for a screen short of rows: its closing
   " in PATH" (the score file) left to the scoreboard, which t shows. ""
   when the note does not end with the file. */
static void brief_note(ui *u, const char *note)
{
    char name[SCORES_NAME_MAX], path[4096], err[256], tail[4100];
    u->msg_brief[0] = '\0';
    if (scores_settings(&u->a->setup, name, sizeof name, path, sizeof path, err,
                        sizeof err) != 0)
        return;
    snprintf(tail, sizeof tail, " in %s", path);
    size_t n = strlen(note), t = strlen(tail);
    if (n > t && strcmp(note + n - t, tail) == 0)
        snprintf(u->msg_brief, sizeof u->msg_brief, "%.*s (t shows the score file)",
                 (int)(n - t), note);
}

/* A finished game goes on the scoreboard when its rules keep scores for
   it (scores.h), the first time it ends only: an undo cannot replace a
   loss with a win. */
static void note_score(ui *u)
{
    char note[1024];
    if (u->scored || u->first_move == 0)
        return;
    u->scored = 1;
    int rc = scores_record(&u->a->setup, u->a->match,
                           u->ended - u->first_move - u->a->rules_seconds,
                           u->a->assisted, scores_unranked_why(&u->a->setup, 1),
                           (int64_t)time(NULL), note, sizeof note);
    if (rc || note[0])
        ui_message(u, rc < 0, "%s", note);
    if (rc > 0)
        brief_note(u, note);
}

/* Stops the clock when the game has just ended; says why if a fault
   ended it. */
void ui_note_end(ui *u)
{
    sapper_match *m = u->a->match;
    if (sapper_match_to_move(m) != SAPPER_TERMINAL) {
        if (u->ended != 0 && u->first_move != 0)   /* an undo brought a
            finished game back: the time it lay finished is not play */
            u->first_move += app_now() - u->ended;
        u->ended = 0;
        u->stats[0] = 0;
        u->stats_head = 0;
        return;
    }
    if (u->ended == 0) {
        u->ended = app_now();
        note_score(u);
        u->stats_head = ui_stats_line(u, u->first_move == 0 ? 0
                                         : u->ended - u->first_move - u->a->rules_seconds,
                                      u->stats, sizeof u->stats);
    }
    const sapper_fault *f = sapper_match_fault(m);
    if (f)
        ui_message(u, 1, "game over: %s", f->detail);
}

/* Puts the bots' answers since move `from` on the message line. */
static void report_bot_moves(ui *u, size_t from)
{
    sapper_match *m = u->a->match;
    size_t n = sapper_match_move_count(m);
    size_t len = 0;
    for (size_t i = from; i < n && len + 1 < sizeof u->msg; i++) {
        const sapper_move *mv = sapper_match_move(m, i);
        if (sapper_match_is_human(m, mv->seat))
            continue;
        char name[64];
        sapper_mines_display_name(sapper_match_setup(m)->seats[mv->seat].name, name,
                        sizeof name);
        len += (size_t)snprintf(u->msg + len, sizeof u->msg - len, "%s%s: %s",
                                len ? "; " : "", name,
                                sapper_match_action_text(m, mv->action));
    }
    u->msg_error = 0;
}

int ui_play(ui *u, int64_t action)
{
    if (u->remote)
        return ui_remote_play(u, action);
    sapper_match *m = u->a->match;
    int32_t seat = ui_actor(u);
    if (seat < 0) {
        if (sapper_match_to_move(m) == SAPPER_TERMINAL)
            ui_message(u, 1, "the game is over: r starts a new one, q quits");
        else
            ui_message(u, 1, "no move of yours is expected now");
        return 0;
    }
    char err[512];
    size_t from = sapper_match_move_count(m);
    double forgiven = ui_deductive(u) ? ui_forgiven(u) : -1;
    double asked = app_now();   /* the clock starts with the first click, so
                                   the rules' time in it is the clock's too */
    if (app_play(u->a, seat, action, err, sizeof err) != SAPPER_OK) {
        ui_message(u, 1, "%s", err);
        return 0;
    }
    if (u->first_move == 0)
        u->first_move = asked;
    ui_message(u, 0, "%s", "");
    sapper_match_advance(m);
    report_bot_moves(u, from);
    ui_note_end(u);
    if (ui_deductive(u))
        ui_deductive_after_move(u, forgiven);
    return 1;
}

int ui_new_match(ui *u)
{
    app_record(u->a);
    if (app_next_match(u->a, SAPPER_MATCH_UNDO)) {
        u->quit = 1;
        u->status = EXIT_USAGE;
        return 1;
    }
    u->first_move = u->ended = 0;
    u->scored = 0;
    u->cx = u->cy = -1;   /* the grid centres the cursor on its first draw */
    u->sel = 0;
    u->pressed = u->pressed_shift = 0;
    ui_message(u, 0, "%s", "");
    sapper_match_advance(u->a->match);
    ui_note_end(u);
    return 0;
}

void ui_undo(ui *u)
{
    int was = u->a->assisted;
    if (sapper_match_undo(u->a->match) != SAPPER_OK) {
        ui_message(u, 1, "nothing to undo");
        return;
    }
    u->a->assisted = 1;   /* a move taken back: the game is not scored */
    ui_message(u, 0, "move taken back");
    ui_note_unscored(u, was);
    sapper_match_advance(u->a->match);
    if (sapper_match_move_count(u->a->match) == 0)
        u->first_move = 0;   /* back at the start: the clock waits again */
    ui_note_end(u);
}
