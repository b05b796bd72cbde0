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
#include "commands.h"
#include "curses_ui.h"

#include <locale.h>
#include <signal.h>

#include "sapper/arena.h"

const ui_family *ui_family_of(const app *a)
{
    const char *family = a->setup.rules->desc.family;
    return family && strcmp(family, SAPPER_MINES_FAMILY) == 0
        ? &ui_grid_family : &ui_menu_family;
}

/* A game someone has moved in and that is not over: q and r would lose it. */
static int in_progress(ui *u)
{
    return u->first_move != 0 && sapper_match_to_move(u->a->match) != SAPPER_TERMINAL;
}

const ui_confirm_words ui_confirm_english = {
    .quit = "quit: this game is not over and will be lost; y to quit, "
            "any other key to go on",
    .restart = "restart: this game is not over and will be lost; y to restart, "
               "any other key to go on",
    .goes_on = "the game goes on",
};

/* The answer to the question: the clock goes on from where it stood
   (the time the question was open is not play, whatever the answer); y
   hands the key that asked on, any other key keeps the game. */
static int answer_abandon(ui *u, int *ch, const ui_confirm_words *words)
{
    int key = u->confirm;
    u->confirm = 0;
    ui_clock_resume(u, u->asked);
    u->asked = 0;
    if (*ch != 'y' && *ch != 'Y') {
        ui_message(u, 0, "%s", words->goes_on);
        return 1;
    }
    *ch = key;
    return 0;
}

/* q and r in a game in progress ask first on the message line, the clock
   stopped until the answer; every family's loop calls it. */
int ui_confirm_abandon(ui *u, int *ch, const ui_confirm_words *words)
{
    if (*ch == ERR || *ch == KEY_RESIZE)
        return 0;   /* ticks and resizes keep the question open */
    if (u->confirm)
        return answer_abandon(u, ch, words);
    if ((*ch == 'q' || *ch == 'r') && in_progress(u)) {
        u->confirm = *ch;
        u->asked = app_now();
        ui_message(u, 1, "%s", *ch == 'q' ? words->quit : words->restart);
        return 1;
    }
    return 0;
}

/* One key or mouse event (ERR: the tick, nothing happened). */
static void handle_key(ui *u, const ui_family *f, int ch)
{
    if (u->too_small && ch != 'q' && ch != KEY_RESIZE && !u->confirm)
        return;
    if (ui_confirm_abandon(u, &ch, &ui_confirm_english))
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

static void print_result(ui *u)
{
    if (!u->a->match)
        return;
    sapper_strbuf b = {0};   /* ui_clock: a question open at Ctrl-C does not count */
    sapper_match_result_json(u->a->match, ui_clock(u), &b);
    printf("result %s\n", sapper_strbuf_str(&b));
    fflush(stdout);
    sapper_strbuf_free(&b);
}

int ui_is_arena(const app *a)
{
    const char *family = a->setup.rules->desc.family;
    return family && strcmp(family, SAPPER_ARENA_FAMILY) == 0;
}

/* Ctrl-C: a flag the loops read, so curses is ended in order (the default
   action would leave the terminal in curses' modes). The one piece of
   process state the interface keeps: a signal can reach nothing else. */
static volatile sig_atomic_t interrupt_seen;

static void on_interrupt(int sig)
{
    (void)sig;
    interrupt_seen = 1;
}

int ui_check_interrupt(ui *u)
{
    if (!interrupt_seen)
        return 0;
    u->quit = u->interrupted = 1;
    return 1;
}

void ui_screen_modes(ui *u)
{
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
}

SCREEN *ui_screen_open(ui *u, struct sigaction *old)
{
    setlocale(LC_ALL, "");
    SCREEN *s = newterm(NULL, stdout, stdin);
    if (!s)
        return NULL;
    ui_screen_modes(u);
    struct sigaction sa = {.sa_handler = on_interrupt};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, old);
    return s;
}

void ui_screen_close(SCREEN *s, const struct sigaction *old)
{
    sigaction(SIGINT, old, NULL);
    endwin();
    delscreen(s);
}

int ui_getch(ui *u)
{
    return u->remote ? ui_remote_getch(u) : getch();
}

/* The keys of a family that change a game outside its rules, which a
   remote screen refuses. */
static const char *outside_rules(const ui_family *f)
{
    return f == &ui_grid_family ? "urn?aAp" : "ur";
}

void ui_event_loop(ui *u)
{
    if (ui_is_arena(u->a)) {
        ui_arena_loop(u);
        return;
    }
    while (!u->quit) {
        const ui_family *f = ui_family_of(u->a);
        erase();
        f->draw(u);
        refresh();
        int ch = ui_getch(u);
        if (ui_check_interrupt(u))
            break;
        if (ch == UI_KEY_REMOTE)
            ui_note_end(u);
        else if (!ui_remote_key(u, ch, outside_rules(f)))
            handle_key(u, f, ch);
    }
}

/* The game's moves are stamped with the clock the player sees (it stops
   while help or a question is open), while u lives. */
static void lend_clock(app *a, ui *u, int lend)
{
    a->clock = lend ? ui_clock_ms : NULL;
    a->clock_ctx = lend ? u : NULL;
    app_time_match(a);
}

int play_curses(app *a)
{
    ui u = {.a = a};
    if (!a->match && app_next_match(a, SAPPER_MATCH_UNDO))
        return EXIT_USAGE;
    u.cx = u.cy = -1;
    lend_clock(a, &u, 1);
    sapper_match_advance(a->match);
    ui_note_end(&u);
    struct sigaction old;
    SCREEN *screen = ui_screen_open(&u, &old);
    if (!screen) {
        app_error("cannot start the terminal interface (TERM=%s); try --plain",
                  getenv("TERM") ? getenv("TERM") : "unset");
        lend_clock(a, &u, 0);
        return EXIT_USAGE;
    }
    bot_guard_on_screen(end_screen);
    ui_event_loop(&u);
    bot_guard_on_screen(NULL);
    free(u.played);
    lend_clock(a, &u, 0);
    ui_screen_close(screen, &old);
    if (u.status) {   /* written to the curses screen, so lost: say it again */
        app_error("%s", a->err);
        return u.status;
    }
    print_result(&u);
    int rc = app_record(a);
    if (u.interrupted) {
        if (a->match && sapper_match_to_move(a->match) != SAPPER_TERMINAL &&
            sapper_match_move_count(a->match) > 0)
            app_error("interrupted: the game in progress was not finished (%zu move%s "
                      "played, kept in the result line above%s)",
                      sapper_match_move_count(a->match),
                      sapper_match_move_count(a->match) == 1 ? "" : "s",
                      a->record_path ? " and the record" : "");
        else
            app_error("interrupted");
        return rc ? rc : 130;   /* the shell's status for Ctrl-C */
    }
    return rc;
}
