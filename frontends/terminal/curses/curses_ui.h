/*
 * curses_ui.h - what the parts of the curses interface share: the `ui`
 * struct passed down to every function (the interface keeps no globals of
 * its own; curses keeps the screen), the colour pairs, and the helpers for
 * drawing lines, keeping the game clock and playing a person's move.
 *
 * The parts: play_curses.c (terminal setup, the event loop, restart and
 * quit), curses_screen.c (colours, clipped text, status and message lines,
 * help), curses_grid.c (the mines family: a grid with a cursor),
 * curses_menu.c (any other family: the rules' text and a menu of legal
 * actions), curses_newgame.c (the "new game" prompt), curses_solve.c (the
 * mines grid's hint, solver steps and probability overlay). watch_curses.c
 * shows a recorded game through the same screens (ui.watching).
 */
#ifndef SAPPER_CURSES_UI_H
#define SAPPER_CURSES_UI_H

#include <curses.h>
#include <signal.h>

#include "app.h"
#include "net.h"
#include "protocol.h"
#include "sapper/mines.h"

#define UI_TICK_MS 200   /* redraw period, so the clock moves */

/* What ui_getch returns when the server of a remote screen changed the
   game (remote_curses.c): the loops redraw and take stock. */
#define UI_KEY_REMOTE (KEY_MAX + 1)
#define UI_REMOTE_LINGER_SECONDS 600.0

/* A screen `sapper serve` draws for a client across the network
   (remote_curses.c): a process of the server's, holding a replica of the
   game in which every seat is a person; the server tells it every move
   and it tells the server its person's moves. */
typedef struct ui_remote {
    int sock;                /* the client: its key bytes in, the screen out */
    int server;              /* our end of the pair with the server's loop */
    int keys_w;              /* the key bytes, filtered, for curses to read */
    int32_t seat;            /* the seat shown and played; -1: a spectator */
    int sent;                /* a move of ours awaits the server's answer,
                                or our choice of a simultaneous turn is in */
    int new_game;            /* the server began another game */
    int gone;                /* the client went away (or the replica
                                could not follow the server) */
    int server_gone;         /* the server closed: the last position stays
                                until q, UI_REMOTE_LINGER_SECONDS at most */
    double server_gone_at;
    int linger;              /* stay after the server closes (a client's
                                screen; the server's own ends with it) */
    sapper_net_keys keys;    /* the window size out of the key bytes */
    sapper_proto_lines from_server;
    void *view;              /* a spectator's public view; owned */
    size_t view_cap;
} ui_remote;

/* Colour pairs (used only when ui.colour is set). */
enum {
    UI_PAIR_NUMBER = 1,      /* 1..8: UI_PAIR_NUMBER + n - 1 */
    UI_PAIR_MINE = 9,
    UI_PAIR_FLAG,
    UI_PAIR_MARK,
    UI_PAIR_SEAT0,           /* mines claimed by seat 0 (red) */
    UI_PAIR_SEAT1,           /* mines claimed by seat 1 (blue) */
    UI_PAIR_ERROR,
    UI_PAIR_WIN,
    UI_PAIR_PRESSED,
    UI_PAIR_ODDS_SAFE,       /* probability overlay (curses_solve.c): */
    UI_PAIR_ODDS_LOW,        /*   certainly safe, < 10%, < 40%,       */
    UI_PAIR_ODDS_MID,        /*   >= 40%, certainly a mine            */
    UI_PAIR_ODDS_HIGH,
    UI_PAIR_ODDS_MINE,
    UI_PAIR_COUNT
};

typedef struct ui {
    app *a;                  /* the game, its setup and config */
    int colour;              /* colours in use: has_colors() and no NO_COLOR */
    int quit;                /* leave the event loop */
    int confirm;             /* 'q' or 'r' asked about a game in progress
                                (y goes on with it), 0 for none */
    double asked;            /* app_now() when that question opened, 0 for
                                none: the clock stands still until it is
                                answered (the time is not play) */
    int interrupted;         /* Ctrl-C ended the session */
    int status;              /* the exit status when quitting on an error */

    /* mines family */
    int cx, cy;              /* the cursor cell */
    int ox, oy;              /* the board cell at the view's top left: a
                                board larger than the window scrolls */
    int flag_mode;           /* the primary action flags instead of revealing */
    int pressed;             /* a mouse button is down on the cursor cell */
    int pressed_shift;       /* with shift held: its release flags, whatever
                                the release reports (an X10 release byte,
                                as tmux's terminal types send, may not
                                carry the shift bit) */
    int overlay;             /* p: cells coloured by mine probability */

    /* other families */
    int sel;                 /* selected entry of the action menu */

    double first_move;       /* app_now() of this game's first move, 0 before */
    double ended;            /* app_now() when the game ended, 0 while on */
    int scored;              /* the scoreboard has seen this game's end
                                (scores.h): once per game, undo or not */
    char msg[512];           /* the message line, "" for none */
    char msg_brief[512];     /* msg in fewer words for a screen without
                                the rows for it (a score note without the
                                score file's path, which t shows), "" for
                                none; ui_message clears it */
    char stats[160];         /* a finished game's statistics line
                                (curses_stats.c), "" for none */
    int stats_head;          /* bytes of stats that are its time, 3BV and
                                3BV/s: the grid's status line shows them
                                at the end, the banner's row the rest */
    char made[40];           /* ui_board_made of game made_game */
    int forgiving;           /* ui_forgiving of game made_game */
    uint64_t made_game;
    uint8_t *played;         /* the grid's cells as last drawn while the game
                                was on (its flags, for the loss screen);
                                owned, played_n entries */
    int played_n;
    int msg_error;           /* msg is a refusal or an error */
    int too_small;           /* the last draw did not fit: only q acts, so
                                no key plays on a board nobody can see   */
    int watching;            /* a recorded game on show (watch_curses.c):
                                nobody acts, no key of play is offered,
                                the bottom two lines are the watch's */
    int32_t watch_viewer;    /* then: whose view shows (ui_viewer) */
    ui_remote *remote;       /* a screen of `sapper serve`, else NULL */
} ui;

/* One family's face: how it draws and which keys it takes. */
typedef struct ui_family {
    const char *help;                 /* its keys, one per line, for `?` */
    void (*draw)(ui *u);
    /* 1 when the key (or KEY_MOUSE event) was the family's */
    int (*key)(ui *u, int ch);
} ui_family;

extern const ui_family ui_grid_family;   /* curses_grid.c */
extern const ui_family ui_menu_family;   /* curses_menu.c */

/* --- play_curses.c: the game --- */

/** Starts curses on the process's terminal for u: keys, mouse, colours,
 *  the UI_TICK_MS tick, and Ctrl-C caught (ui_check_interrupt) until
 *  ui_screen_close, which puts back the action kept in old. NULL when the
 *  terminal cannot be used. */
SCREEN *ui_screen_open(ui *u, struct sigaction *old);
void ui_screen_close(SCREEN *s, const struct sigaction *old);
/** The face of a's family: the mines grid, or the text and menu of any
 *  other; the arena family (ui_is_arena) has screens of its own. */
const ui_family *ui_family_of(const app *a);
int ui_is_arena(const app *a);

/** Keys, mouse, colours and the tick, on the screen already set up. */
void ui_screen_modes(ui *u);
/** The event loop of a game on show (the arena's or the others'), until
 *  u->quit. */
void ui_event_loop(ui *u);
/** The next key, mouse event, resize or tick (ERR), as getch() gives
 *  them; on a remote screen also UI_KEY_REMOTE (remote_curses.c). */
int ui_getch(ui *u);

/** The question q and r ask in a game in progress, in the words of the
 *  screen asking: for each key, and what is said when the game goes on. */
typedef struct ui_confirm_words {
    const char *quit, *restart, *goes_on;
} ui_confirm_words;
extern const ui_confirm_words ui_confirm_english;   /* play_curses.c */
/** q or r in *ch, in a game someone has moved in that is not over: asks
 *  first (1: the key is used up), the clock stopped until the answer.
 *  The answer: y hands the key that asked back in *ch (0), any other key
 *  keeps the game (1). 0 for every other key. */
int ui_confirm_abandon(ui *u, int *ch, const ui_confirm_words *words);
/** The seat whose view is shown: the first human, else omniscient (when
 *  watching: watch_viewer). */
int32_t ui_viewer(ui *u);
/** The human seat that owes an action now, or -1 (always when watching). */
int32_t ui_actor(ui *u);
/** The family view of seat for the screen: a remote spectator's has
 *  what only that seat may know taken out (and is the whole board once
 *  the game is over). Valid until the next call on the match or here. */
const void *ui_match_view(ui *u, int32_t seat, size_t *size);
/** 0 when the game's seed must not be shown (a remote screen: the seed
 *  would give the layout away). */
int ui_shows_seed(const ui *u);
/** Plays a person's action for the seat that owes one, lets the bots
 *  answer and keeps the clock; a refusal goes to the message line.
 *  Returns 1 when the action was applied. */
int ui_play(ui *u, int64_t action);
/** Seconds on this game's clock: from the first move to the end, standing
 *  still while a question (u->asked) is open. */
double ui_clock(const ui *u);
/** The same in milliseconds, for the record (app.clock; ctx: the ui). */
int64_t ui_clock_ms(void *ctx);
/** The game clock did not run since `since` (app_now() when help, a panel
 *  or a question opened): a game in progress gets that time back. */
void ui_clock_resume(ui *u, double since);
/** Shows what was drawn until a key is pressed (help, a panel), then puts
 *  the clock back as it was at `opened` and clears the message line. */
void ui_wait_key(ui *u, double opened);
/** 1 (and u->quit set) once Ctrl-C was pressed: the event loops check it
 *  at every key or tick (play_curses.c). */
int ui_check_interrupt(ui *u);
/** 1 when more than one seat is played at this keyboard (hot seat): the
 *  screens then name the seats instead of saying "you". */
int ui_hot_seat(ui *u);
/** The statistics line of a finished game that took seconds (3BV, 3BV/s,
 *  clicks, efficiency), or "" when its rules report none. Returns the
 *  length of its head (the time, 3BV and 3BV/s entries), 0 for "". */
int ui_stats_line(ui *u, double seconds, char *out, size_t cap);
/** The mines forgiven so far, or -1 when the game's rules forgive none
 *  (curses_stats.c). */
double ui_forgiven(ui *u);
/** How the game's board was made, as its result record says:
 *  ", no-guess", ", density clouds", or "". Worked out once a game. */
const char *ui_board_made(ui *u);
/** 1 when the game's rules forgive mines (their result record counts the
 *  mines forgiven): the grid then looks as Deductive Minesweeper's document
 *  draws it (curses_deductive.c). Learnt once a game. */
int ui_forgiving(ui *u);
/** "playing", "won", "lost", "draw", "void" ... from the human's seat. */
const char *ui_state(ui *u);
/** Starts the next game with the current setup (records the last one).
 *  On failure (a->match is then NULL) sets quit and status; returns 1. */
int ui_new_match(ui *u);
/** After a move or an undo: stops the clock when the game has ended, puts
 *  a finished scored game on the scoreboard, says why a fault ended it. */
void ui_note_end(ui *u);
/** u: takes the person's last move back (the game is then not scored). */
void ui_undo(ui *u);

/* --- curses_screen.c: drawing helpers --- */

/** Colour setup: honours NO_COLOR and terminals without colours. */
void ui_colours_init(ui *u);
/** The attribute of a colour pair plus extra, or extra alone when colours
 *  are off. */
attr_t ui_attr(const ui *u, int pair, attr_t extra);
/** Writes text at (y, x), clipped to the screen width. */
void ui_put(int y, int x, attr_t attr, const char *text);
/** Writes text at (y, x), moved left as far as it must to fit the width;
 *  a line wider than the screen ends at the last whole entry (entries are
 *  two spaces apart) or word that fits, never inside one. ASCII text. */
void ui_put_fit(int y, int x, attr_t attr, const char *text);
/** Where text wider than width ends on a line: before the last separator
 *  (two spaces) that leaves it within width, else the last space; width
 *  when it has neither. Only for text longer than width. */
int ui_word_cut(const char *text, int width);
/** printf into the message line (error: shown as a refusal). */
void ui_message(ui *u, int error, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/** The bottom lines: the message and the key hint. A hint wider than the
 *  screen takes two rows where the rows above are free for them and the
 *  message, broken at its '\n' when the part before it fits (else at an
 *  entry); otherwise, on one row ('\n' as two spaces), it ends at the
 *  last whole entry that fits. */
void ui_draw_footer(ui *u, const char *hint);
/** The rows text takes wrapped at words to width (0 for ""). */
int ui_wrap_rows(const char *text, int width);
/** The message to show in rows rows: u->msg, or its brief form when the
 *  whole of msg needs more rows and there is one. */
const char *ui_shown_message(const ui *u, int rows);
/** The end-of-game line at row y ("You win!", "You lose", ...) followed
 *  by the keys that go on from there; nothing while the game is on. */
void ui_draw_banner(ui *u, int y, int x, const char *keys);
/** Clears the screen to say how large it must be; 1 when it is too small.
 *  Sets u->too_small to the answer: the key handlers then take only q. */
int ui_too_small(ui *u, int need_w, int need_h);
/** Shows the help page for family f until a key is pressed. */
void ui_show_help(ui *u, const ui_family *f);

/* --- curses_solve.c: the solver's help in the mines grid --- */

/** The solver keys of the grid: `?` hint, `a` one step, `A` auto-play,
 *  `p` overlay. 1 when ch was one of them. */
int ui_solve_key(ui *u, int ch);
/** The mine probabilities (width*height) the overlay shows, or NULL when
 *  it is off or the position cannot be analysed. Call before taking the
 *  view for the frame (it takes one itself); valid until the next solver
 *  call. */
const double *ui_solve_overlay(ui *u);
/** The character and attribute of an unrevealed cell of code (hidden,
 *  flagged, marked) under the overlay, at mine probability p. */
int ui_solve_look(const ui *u, uint8_t code, double p, attr_t *attr);

/* --- curses_deductive.c: the grid's Deductive Minesweeper parts --- */

/** 1 when the rules forgive mines (ui_forgiving): the document's marks,
 *  status line and messages. */
int ui_deductive(ui *u);
/** After a move of the person in a deductive game: says on the message
 *  line that a mine was forgiven (forgiven_before: the count before the
 *  move), or why the game was lost, in the rules' own words. */
void ui_deductive_after_move(ui *u, double forgiven_before);
/** The character and attribute of code when it looks different in
 *  deductive (':' for a mark; the analysis classes after a loss, in the
 *  document's colours or, without colours, letters); 0 otherwise. */
int ui_deductive_look(ui *u, uint8_t code, attr_t *attr, int *ch);
/** Deductive's status line at (y, x): the player's time (study time left
 *  out), the unexposed safe cells, You win / You lose; 0 for other rules. */
int ui_deductive_status(ui *u, const sapper_mines_view *v, int y, int x);
/** The cells of a view sapper_mines_view_cells() has accepted: they start
 *  at the writer's struct_size, so a 1.0 plugin's view reads right too. */
static inline const uint8_t *ui_view_cells(const sapper_mines_view *v)
{
    return (const uint8_t *)v + v->struct_size;
}
/** The legend of the analysis classes at (y, x) when the view shows them;
 *  0 (nothing drawn) otherwise. */
int ui_deductive_legend(ui *u, const sapper_mines_view *v, int y, int x);

/* --- curses_newgame.c --- */

/** Asks for a new size on the bottom line and starts that game. Keeps the
 *  current game, with the reason on the message line, on any error. */
void ui_prompt_new_game(ui *u);

/* --- curses_panel.c --- */

/** Shows panel number `panel` of the rules (sapper_match_panel: the
 *  seeker's Bonus Statistics is panel 0) in a centred box until a key is
 *  pressed; a message when the rules have none. */
void ui_show_panel(ui *u, int32_t panel);
/** Shows text (its first line the title) the same way; the clock waits. */
void ui_show_text(ui *u, const char *text);

/* --- curses_scores.c --- */

/** Shows the scoreboard of the game's board (t): its top ten and the
 *  player's line; a message when the game has no scoreboard. */
void ui_show_scores(ui *u);
/** Call after a key that may have set app.assisted (it was `was`): says
 *  on the message line that a game which counted is no longer scored. */
void ui_note_unscored(ui *u, int was);

/* --- remote_curses.c: a screen of `sapper serve` --- */

/** Draws the screens of the server's games for the client on sock, whose
 *  terminal j describes, told the games (and its seat) by the server on
 *  server; a's setup is made all people (a replica). Returns when the
 *  client leaves, or the server does: at once unless linger, else once
 *  the person has seen the last position (q, or UI_REMOTE_LINGER_SECONDS). */
int ui_remote_run(app *a, int sock, int server, const sapper_net_join *j, int linger);
/** ui_getch of a remote screen. */
int ui_remote_getch(ui *u);
/** A person's action on a remote screen: sent to the server, which
 *  answers; 0 (nothing applied yet). */
int ui_remote_play(ui *u, int64_t action);
/** Keys a remote screen refuses (refused: the family's keys that would
 *  change the game outside its rules: undo, restart, the solver); 1 when
 *  ch was one and is used up. */
int ui_remote_key(ui *u, int ch, const char *refused);

/** hint (the footer's keys) without the entries of the keys a remote
 *  screen refuses, into out. */
void ui_remote_hint(const ui *u, const char *hint, char *out, size_t cap);

/** curses_arena.c: the arena family's own loop (it keeps state between
 *  frames: language, pauses, menu); returns on quit. */
void ui_arena_loop(ui *u);
/** The arena's screens for a watched game: its state (owned by the caller,
 *  freed with ui_arena_close; NULL when out of memory), and a frame of the
 *  position on show with its last round resolved. */
struct arena_ui *ui_arena_open(ui *u);
void ui_arena_watch_draw(struct arena_ui *au);
void ui_arena_close(struct arena_ui *au);

#endif
