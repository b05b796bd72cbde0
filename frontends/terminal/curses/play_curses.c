/*
 * play_curses.c - `sapper play` on a terminal: the curses interface. This
 * file sets the terminal up and always puts it back, runs the event loop
 * (a key, a mouse event or a 200 ms tick so the clock moves), handles the
 * keys every family shares (undo, restart, help, quit), plays a person's
 * moves and keeps the game clock. How a family looks and which other keys
 * it takes is in curses_grid.c (mines) and curses_menu.c (anything else);
 * the arena family keeps its own loop in curses_arena.c.
 * After the screen is restored it prints the `result {...}` line, as the
 * line protocol does, so scripts can read the outcome.
 */
#include "bot_guard.h"
#include "display_name.h"
#include "curses_ui.h"

#include <locale.h>
#include <time.h>

#include "sapper/arena.h"
#include "scores.h"

int32_t ui_viewer(ui *u)
{
    sapper_match *m = u->a->match;
    for (int32_t i = 0; i < sapper_match_players(m); i++)
        if (sapper_match_is_human(m, i))
            return i;
    return SAPPER_OMNISCIENT;
}

int32_t ui_actor(ui *u)
{
    sapper_match *m = u->a->match;
    int32_t who = sapper_match_to_move(m);
    if (who >= 0)
        return sapper_match_is_human(m, who) ? who : -1;
    for (int32_t i = 0; who == SAPPER_SIMULTANEOUS && i < sapper_match_players(m); i++)
        if (sapper_match_is_human(m, i) && sapper_match_awaits(m, i))
            return i;
    return -1;
}

long ui_clock(const ui *u)
{
    if (u->first_move == 0)
        return 0;
    double end = u->ended != 0 ? u->ended : app_now();
    return (long)(end - u->first_move);
}

const char *ui_state(ui *u)
{
    sapper_match *m = u->a->match;
    if (sapper_match_to_move(m) != SAPPER_TERMINAL)
        return "playing";
    const char *outcome = sapper_match_outcome(m);
    int32_t me = ui_viewer(u);
    if (strcmp(outcome, "decided") != 0 || me < 0)
        return outcome;
    return sapper_match_winner(m) == me ? "won" : "lost";
}

/* Stops the clock when the game has just ended; says why if a fault
   ended it. */
/* A finished deductive 25x14 game goes on the scoreboard (scores.h), the
   first time it ends only: an undo cannot replace a loss with a win. */
static void note_score(ui *u)
{
    char note[1024];
    if (u->scored || u->first_move == 0)
        return;
    u->scored = 1;
    int rc = scores_record(&u->a->setup, u->a->match,
                           u->ended - u->first_move - u->a->rules_seconds,
                           u->a->assisted, (int64_t)time(NULL), note, sizeof note);
    if (rc || note[0])
        ui_message(u, rc < 0, "%s", note);
}

static void note_end(ui *u)
{
    sapper_match *m = u->a->match;
    if (sapper_match_to_move(m) != SAPPER_TERMINAL) {
        u->ended = 0;   /* an undo can bring a finished game back */
        return;
    }
    if (u->ended == 0) {
        u->ended = app_now();
        note_score(u);
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
        ui_display_name(sapper_match_setup(m)->seats[mv->seat].name, name,
                        sizeof name);
        len += (size_t)snprintf(u->msg + len, sizeof u->msg - len, "%s%s: %s",
                                len ? "; " : "", name,
                                sapper_match_action_text(m, mv->action));
    }
    u->msg_error = 0;
}

int ui_play(ui *u, int64_t action)
{
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
    if (app_play(u->a, seat, action, err, sizeof err) != SAPPER_OK) {
        ui_message(u, 1, "%s", err);
        return 0;
    }
    if (u->first_move == 0)
        u->first_move = app_now();
    ui_message(u, 0, "%s", "");
    sapper_match_advance(m);
    report_bot_moves(u, from);
    note_end(u);
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
    u->pressed = 0;
    ui_message(u, 0, "%s", "");
    sapper_match_advance(u->a->match);
    note_end(u);
    return 0;
}

static void undo(ui *u)
{
    if (sapper_match_undo(u->a->match) != SAPPER_OK) {
        ui_message(u, 1, "nothing to undo");
        return;
    }
    u->a->assisted = 1;   /* a move taken back: the game is not scored */
    ui_message(u, 0, "move taken back");
    sapper_match_advance(u->a->match);
    if (sapper_match_move_count(u->a->match) == 0)
        u->first_move = 0;   /* back at the start: the clock waits again */
    note_end(u);
}

static const ui_family *family_of(const app *a)
{
    const char *family = a->setup.rules->desc.family;
    return family && strcmp(family, SAPPER_MINES_FAMILY) == 0
        ? &ui_grid_family : &ui_menu_family;
}

/* One key or mouse event (ERR: the tick, nothing happened). */
static void handle_key(ui *u, const ui_family *f, int ch)
{
    if (u->too_small && ch != 'q' && ch != KEY_RESIZE)
        return;
    if (f->key(u, ch))
        return;
    switch (ch) {
    case 'q':
        u->quit = 1;
        break;
    case 'u':
        undo(u);
        break;
    case 'r':
        ui_new_match(u);
        break;
    case '?':   /* the mines grid takes ? for its hint: H and F1 there */
    case 'H':
    case KEY_F(1):
        ui_show_help(u, f);
        break;
    case KEY_RESIZE:
    case ERR:
        break;
    default:
        ui_message(u, 1, "unknown key; press H for help");
    }
}

/* For bot_guard: a bot ending the process mid-move gets its message onto
   the terminal, not over the board. */
static void end_screen(void)
{
    endwin();
}

/* Curses on the process's own terminal; NULL when it cannot start. */
static SCREEN *screen_open(ui *u)
{
    setlocale(LC_ALL, "");
    SCREEN *s = newterm(NULL, stdout, stdin);
    if (!s)
        return NULL;
    keypad(stdscr, TRUE);
    noecho();
    cbreak();
    curs_set(0);
    timeout(UI_TICK_MS);
    mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED |
              BUTTON3_PRESSED | BUTTON3_RELEASED | BUTTON3_CLICKED |
              BUTTON_SHIFT, NULL);
    mouseinterval(0);   /* press and release apart: a pressed cell shows */
    ui_colours_init(u);
    return s;
}

static void print_result(ui *u)
{
    if (!u->a->match)
        return;
    double seconds = 0;
    if (u->first_move != 0)
        seconds = (u->ended != 0 ? u->ended : app_now()) - u->first_move;
    sapper_strbuf b = {0};
    sapper_match_result_json(u->a->match, seconds, &b);
    printf("result %s\n", sapper_strbuf_str(&b));
    fflush(stdout);
    sapper_strbuf_free(&b);
}

static int is_arena(const app *a)
{
    const char *family = a->setup.rules->desc.family;
    return family && strcmp(family, SAPPER_ARENA_FAMILY) == 0;
}

static void event_loop(ui *u)
{
    if (is_arena(u->a)) {
        ui_arena_loop(u);
        return;
    }
    while (!u->quit) {
        const ui_family *f = family_of(u->a);
        erase();
        f->draw(u);
        refresh();
        handle_key(u, f, getch());
    }
}

int play_curses(app *a)
{
    ui u = {.a = a};
    if (!a->match && app_next_match(a, SAPPER_MATCH_UNDO))
        return EXIT_USAGE;
    u.cx = u.cy = -1;
    sapper_match_advance(a->match);
    note_end(&u);
    SCREEN *screen = screen_open(&u);
    if (!screen) {
        app_error("cannot start the terminal interface (TERM=%s); try --plain",
                  getenv("TERM") ? getenv("TERM") : "unset");
        return EXIT_USAGE;
    }
    bot_guard_on_screen(end_screen);
    event_loop(&u);
    bot_guard_on_screen(NULL);
    ui_solve_free(&u);
    endwin();
    delscreen(screen);
    if (u.status) {   /* written to the curses screen, so lost: say it again */
        app_error("%s", a->err);
        return u.status;
    }
    print_result(&u);
    return app_record(a);
}
