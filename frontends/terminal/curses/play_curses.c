/*
 * play_curses.c - `sapper play` on a terminal: the curses interface. This
 * file sets the terminal up and always puts it back, runs the event loop
 * (a key, a mouse event or a 200 ms tick so the clock moves), handles the
 * keys every family shares (undo, restart, help, quit). A person's moves
 * and the clock are curses_game.c's; the questions every file asks (whose
 * view, who acts, the state) curses_state.c's. How a family looks and which other keys
 * it takes is in curses_grid.c (mines) and curses_menu.c (anything else);
 * the arena family keeps its own loop in curses_arena.c.
 * After the screen is restored it prints the `result {...}` line, as the
 * line protocol does, so scripts can read the outcome.
 */
#include "bot_guard.h"
#include "curses_ui.h"

#include <locale.h>

#include "sapper/arena.h"

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
        ui_undo(u);
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
    set_escdelay(100);   /* Esc alone cancels a question within 0.1 s */
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
    ui_note_end(&u);
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
    free(u.played);
    endwin();
    delscreen(screen);
    if (u.status) {   /* written to the curses screen, so lost: say it again */
        app_error("%s", a->err);
        return u.status;
    }
    print_result(&u);
    return app_record(a);
}
