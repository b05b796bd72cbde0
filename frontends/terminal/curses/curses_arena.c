/*
 * curses_arena.c - the curses face of the arena family (Wood-Sword): the
 * seats in a ring (a list when the terminal is too small for one) with
 * points, shields, prep and alive or out; the round on show (each seat's
 * action, `A -> B (3)` lines for single-target attacks, badges for llamas
 * and missiles, hits, deaths, the end of a match); a menu of the person's
 * legal actions with their costs, verb first, then target, then count,
 * each entry in the rules' words for it (action_label) in the language on
 * screen; the missile placing (a seat per missile, with the missiles
 * left); and a pause after every resolved round: Next Round, Next Match
 * (the eliminating round stays on screen until then), Game Over with the
 * winner or none.
 *
 * It runs its own event loop (play_curses.c hands the arena family to
 * ui_arena_loop) because it keeps state between frames: the language, the
 * pause and the menu's step live in an arena_ui passed down to every
 * function. The bots are stepped one decision at a time so the loop can
 * stop on every resolved round, also when the person is out and watches.
 *
 * Languages (L). The rules' `lang` parameter is fixed when a game is
 * created and the rules' own strings (refusals, render_text) follow it.
 * The verbs' names come from the rules (action_label, ABI 1.2); the rest
 * of what this file draws comes from its own two-language table below:
 * labels, headings and captions. L flips that
 * table AND keeps the rules in step without losing the position: it sets
 * rules.lang to the other language in the setup (and in the config, so a
 * restart keeps it), starts a fresh match from the same setup and game
 * seed, and replays the recorded moves with sapper_match_play, as replay
 * files are re-executed. The bots of the new match restart from their
 * seeds and are told the history, exactly as after an undo, so choices
 * they had made in secret for the current round are drawn again. An
 * arena ruleset without a `lang` parameter gets only this file's words
 * flipped.
 *
 * Keys: up/down/j/k and enter/space (or a click) walk the menu, backspace/
 * left/h go back a step; after a round enter/space/n go on and f goes on
 * without stopping until the person must act; L language, u undo, r
 * restart, ?/H/F1 help with the rules, v the round on show whole (both
 * scrolled: arena_frame.c's pager), q quit (r and q ask first in a game the person
 * has moved in and that is not over, as in the other families); [ ] or PgUp PgDn page through the seat
 * list when the seats do not all fit (a row under it says which show).
 * Where the missiles of a resolved round went is read back from the
 * match's history (the view keeps only what each seat took).
 *
 * This file runs the loop and handles the keys; the rest is in arena_*.c,
 * one job each (arena_ui.h lists them). A watched game (watch_curses.c)
 * takes the frame alone: ui_arena_open, ui_arena_watch_draw.
 *
 * Not here: the rules (the view and the legal list are the truth, nothing
 * is decided here), the terminal's setup, the result line and the exit
 * status (play_curses.c), the line protocol (play_line.c prints the rules'
 * render_text).
 */
#include "curses_ui.h"

#include <stdlib.h>

#include "sapper/arena.h"
#include "arena_ui.h"

/* ------------------------------------------------------------------ */
/* Keys.                                                               */
/* ------------------------------------------------------------------ */

static void go_on(arena_ui *au)
{
    if (sapper_match_to_move(au->u->a->match) == SAPPER_TERMINAL)
        return;
    au->pause = 0;
    ui_message(au->u, 0, "%s", "");
    arena_run_bots(au);
}

/* f: the bots play on without a stop until the person must act or the
   game ends; the last resolved round is then on show. */
static void fast_forward(arena_ui *au)
{
    if (sapper_match_to_move(au->u->a->match) == SAPPER_TERMINAL)
        return;
    ui_message(au->u, 0, "%s", "");
    sapper_match_advance(au->u->a->match);
    au->pause = arena_rounds_played(au) != au->seen_rounds;
    au->seen_rounds = arena_rounds_played(au);
    arena_reset_menu(au);
    arena_note_end(au);
}

/* [ ] PgUp PgDn: the seat list a page back (-1) or on (1); it is kept
   inside the list when drawn. */
static void scroll_seats(arena_ui *au, int direction)
{
    if (au->seat_page == 0) {
        ui_message(au->u, 0, "%s", arena_word(au, W_ALL_SEATS_SHOWN));
        return;
    }
    au->seat_first += direction * au->seat_page;
}

/* A click on a menu entry picks it; one on the prompt goes on. */
static void mouse(arena_ui *au)
{
    MEVENT ev;
    if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_RELEASED | BUTTON1_CLICKED)))
        return;
    if (au->pause) {
        go_on(au);
        return;
    }
    int row = ev.y - au->menu_y;
    if (row >= 0 && row < au->menu_rows && au->menu_first + row < au->menu_n) {
        au->sel = au->menu_first + row;
        arena_pick(au, au->sel);
    }
}

/* The keys of the menu and of the pause; 0 when the key is not one. */
static int play_key(arena_ui *au, int ch)
{
    int enter = ch == ' ' || ch == '\n' || ch == '\r' || ch == KEY_ENTER;
    if (ch == KEY_MOUSE) {
        mouse(au);
        return 1;
    }
    if (au->pause && ch == 'f') {
        fast_forward(au);
        return 1;
    }
    if (au->pause) {
        if (enter || ch == 'n')
            go_on(au);
        return enter || ch == 'n';
    }
    switch (ch) {
    case KEY_UP: case 'k': au->sel = au->sel > 0 ? au->sel - 1 : 0; return 1;
    case KEY_DOWN: case 'j': au->sel++; return 1;   /* clamped when drawn */
    case KEY_RIGHT: arena_pick(au, au->sel); return 1;
    case KEY_LEFT: case 'h': case KEY_BACKSPACE: case 127: case 8: case 27:
        arena_back(au);
        return 1;
    default:
        if (enter)
            arena_pick(au, au->sel);
        return enter;
    }
}

/* q and r in a game in progress ask first, as in the other families, in
   the language on screen. 1 when the key is used up. */
static int confirm(arena_ui *au, int *ch)
{
    const ui_confirm_words words = {
        .quit = arena_word(au, W_ASK_QUIT),
        .restart = arena_word(au, W_ASK_RESTART),
        .goes_on = arena_word(au, W_GOES_ON),
    };
    return ui_confirm_abandon(au->u, ch, &words);
}

/* ? and v: the help with the rules, or the whole round on show, as a
   page of the screen scrolled from its top. */
static void open_pager(arena_ui *au, int which)
{
    au->pager = which;
    au->pager_top = 0;
}

static void on_key(arena_ui *au, int ch)
{
    ui *u = au->u;
    if (ch == ERR || ch == KEY_RESIZE || (u->too_small && ch != 'q' && !u->confirm))
        return;
    if (au->pager != PAGER_NONE) {
        arena_pager_key(au, ch);
        return;
    }
    if (confirm(au, &ch))
        return;
    switch (ch) {
    case 'q': u->quit = 1; return;
    case 'r': arena_restart(au); return;
    case 'u': arena_undo(au); return;
    case '?': case 'H': case KEY_F(1): open_pager(au, PAGER_HELP); return;   /* as the other families */
    case 'v': open_pager(au, PAGER_LOG); return;
    case 'L': case 'l': arena_switch_language(au); return;
    case '[': case KEY_PPAGE: scroll_seats(au, -1); return;
    case ']': case KEY_NPAGE: scroll_seats(au, 1); return;
    default: break;
    }
    if (!play_key(au, ch))
        ui_message(u, 1, "%s", arena_word(au, W_UNKNOWN_KEY));
}

arena_ui *ui_arena_open(ui *u)
{
    arena_ui *au = calloc(1, sizeof *au);
    if (!au)
        return NULL;
    au->u = u;
    au->lang = arena_lang_of(u->a);
    au->me = ui_viewer(u);
    return au;
}

void ui_arena_close(arena_ui *au)
{
    if (!au)
        return;
    free(au->view);
    free(au->legal);
    free(au);
}

/* A watched game (watch_curses.c) shows each seat's part in the round that
   resolved last, as the pause after a round does in play. */
void ui_arena_watch_draw(arena_ui *au)
{
    au->pause = 1;
    arena_draw(au);
}

/* The arena family's event loop, called by play_curses.c (which declares
   it) with the terminal set up and the first game started; returns on
   quit, the result line and the exit status being play_curses.c's. */
void ui_arena_loop(ui *u)
{
    arena_ui *au = ui_arena_open(u);   /* owned here, freed below */
    if (!au) {
        u->quit = 1;
        return;
    }
    arena_settle(au);
    while (!u->quit) {
        erase();
        arena_draw(au);
        refresh();
        int ch = ui_getch(u);
        if (ui_check_interrupt(u))
            break;
        if (ch == UI_KEY_REMOTE)
            arena_remote_update(au);
        else if (!ui_remote_key(u, ch, "ru"))
            on_key(au, ch);
    }
    ui_arena_close(au);
}
