/*
 * arena_match.c - the match: copies of the view and the legal list, the bots
 * stepped one decision at a time, the person's moves, restart and undo.
 */
#include "arena_ui.h"

#include <stdlib.h>

/* ------------------------------------------------------------------ */
/* The match: copies of the view and the legal list, bots, moves.      */
/* ------------------------------------------------------------------ */

/* The rules' `lang` parameter, or NULL when they take none. */
const char *arena_lang_param(const app *a)
{
    const sapper_param_set *p = &a->setup.rules_params;
    for (uint32_t i = 0; i < p->count; i++)
        if (strcmp(p->items[i].key, "lang") == 0)
            return p->items[i].value;
    return NULL;
}

int arena_lang_of(const app *a)
{
    const char *lang = arena_lang_param(a);
    return lang && strcmp(lang, "zh") == 0 ? LANG_ZH : LANG_EN;
}

/* Copies bytes bytes of src into *buf (of *cap bytes), growing it; 0
   when out of memory. */
static int copy_into(void **buf, size_t *cap, const void *src, size_t bytes)
{
    if (bytes > *cap) {
        void *grown = realloc(*buf, bytes);
        if (!grown)
            return 0;
        *buf = grown;
        *cap = bytes;
    }
    if (bytes)
        memcpy(*buf, src, bytes);
    return 1;
}

/* Takes this frame's view and legal list from the match (both are only
   valid until the next call on it); 0 when the view is unusable. */
int arena_take_view(arena_ui *au)
{
    sapper_match *m = au->u->a->match;
    size_t size = 0, n = 0;
    const void *v = ui_match_view(au->u, au->me, &size);
    if (!v || !copy_into((void **)&au->view, &au->view_cap, v, size))
        return 0;
    au->view_size = size;
    int32_t actor = ui_actor(au->u);
    const int64_t *legal = actor >= 0 ? sapper_match_legal(m, actor, &n) : NULL;
    size_t bytes = legal ? n * sizeof *legal : 0;
    au->nlegal = copy_into((void **)&au->legal, &au->legal_cap, legal, bytes) ? n : 0;
    return arena_seat_of(au, 0) != NULL;
}

int32_t arena_rounds_played(arena_ui *au)
{
    size_t size = 0;
    const sapper_arena_view *v = ui_match_view(au->u, au->me, &size);
    return v && size >= sizeof *v ? v->rounds_played : 0;
}

void arena_reset_menu(arena_ui *au)
{
    au->step = STEP_VERB;
    au->verb = au->target = -1;
    au->sel = 0;
}

/* Stops the clock when the game is over; says why when a fault ended it. */
void arena_note_end(arena_ui *au)
{
    ui *u = au->u;
    if (sapper_match_to_move(u->a->match) != SAPPER_TERMINAL) {
        u->ended = 0;
        return;
    }
    au->pause = 1;   /* the last round (or the fault) stays on screen */
    if (u->ended == 0)
        u->ended = app_now();
    const sapper_fault *f = sapper_match_fault(u->a->match);
    if (f)
        ui_message(u, 1, arena_word(au, W_GAME_OVER_LINE), f->detail);
}

/* A round resolved since the bots last stopped: show it. */
static void check_round(arena_ui *au)
{
    int32_t played = arena_rounds_played(au);
    if (played == au->seen_rounds)
        return;
    au->seen_rounds = played;
    au->pause = 1;
    arena_reset_menu(au);
}

/* Lets the bots decide one at a time until the person owes an action, the
   game ends or a round resolves (which then stays on screen). */
void arena_run_bots(arena_ui *au)
{
    while (!au->pause && sapper_match_advance_one(au->u->a->match))
        check_round(au);
    arena_note_end(au);
}

/* Plays the person's action, then lets the bots go on. */
void arena_play(arena_ui *au, int64_t action)
{
    ui *u = au->u;
    int32_t seat = ui_actor(u);
    char err[512];
    if (seat < 0) {
        ui_message(u, 1, "%s", arena_word(au, W_NOT_NOW));
        return;
    }
    if (u->remote) {   /* the server plays it, then tells us */
        ui_remote_play(u, action);
        arena_reset_menu(au);
        return;
    }
    if (sapper_match_play(u->a->match, seat, action, err, sizeof err) != SAPPER_OK) {
        ui_message(u, 1, "%s", err);
        return;
    }
    if (u->first_move == 0)
        u->first_move = app_now();
    ui_message(u, 0, "%s", "");
    arena_reset_menu(au);
    check_round(au);
    arena_run_bots(au);
}

/* A remote screen's server changed the game: a new one starts afresh, a
   round resolved by the others' choices stays on screen. */
void arena_remote_update(arena_ui *au)
{
    ui_remote *r = au->u->remote;
    if (r->new_game) {
        r->new_game = 0;
        au->me = ui_viewer(au->u);
        arena_settle(au);
        return;
    }
    check_round(au);
    arena_note_end(au);
}

/* After a restart, an undo or a language switch: nothing on show. */
void arena_settle(arena_ui *au)
{
    au->pause = 0;
    au->seen_rounds = arena_rounds_played(au);
    arena_reset_menu(au);
    arena_run_bots(au);
}

void arena_restart(arena_ui *au)
{
    if (ui_new_match(au->u))
        return;   /* no game: the loop ends with the reason */
    arena_settle(au);
}

void arena_undo(arena_ui *au)
{
    ui *u = au->u;
    if (sapper_match_undo(u->a->match) != SAPPER_OK) {
        ui_message(u, 1, "%s", arena_word(au, W_NOTHING_TO_UNDO));
        return;
    }
    ui_message(u, 0, "%s", arena_word(au, W_UNDONE));
    if (sapper_match_move_count(u->a->match) == 0)
        u->first_move = 0;
    arena_settle(au);
}
