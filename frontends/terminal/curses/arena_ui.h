/*
 * arena_ui.h - what the files of the arena screen share (curses_arena.c
 * runs the loop; arena_*.c each do one job): the state kept between
 * frames, the words' ids, and the functions one file offers the others.
 * Nothing here is seen outside frontends/terminal/curses.
 */
#ifndef SAPPER_ARENA_UI_H
#define SAPPER_ARENA_UI_H

#include "curses_ui.h"

#include "sapper/arena.h"

enum { LANG_EN, LANG_ZH, LANGS };

/* Both languages of a format take the same arguments in the same order. */
enum arena_word {
    W_TITLE, W_SEED, W_YOU, W_STATS, W_PREP, W_OUT, W_DIED, W_DUEL,
    W_LLAMA_BADGE, W_MISSILE_BADGE, W_ATTACK, W_LLAMA_LINE, W_MISSILE_LINE,
    W_LEFT, W_HIT, W_BROKEN, W_DIED_SUFFIX, W_ELIMINATED, W_REVEALED, W_LAST,
    W_NOTHING_YET, W_MATCH_OVER, W_NEXT_ROUND, W_NEXT_MATCH, W_GAME_OVER,
    W_WINS, W_YOU_WIN, W_NO_WINNER, W_ROUND_LIMIT, W_GAME_OVER_LINE, W_PRESS_ENTER,
    W_AFTER_GAME, W_YOUR_MOVE, W_PICK_TARGET, W_PICK_COUNT, W_PLACE,
    W_PLACING, W_WATCHING, W_WAITING, W_COST, W_COST_EACH, W_COST_MISSILE,
    W_DAMAGE, W_DAMAGE_EACH, W_BLOCKS, W_GAIN, W_LLAMA_EFFECT, W_SHIELD_PLUS,
    W_PREP_PLUS, W_ON_IT, W_MORE, W_SEAT, W_HINT_MENU, W_HINT_PAUSE,
    W_HINT_OVER, W_HELP_TITLE, W_HELP, W_LANGUAGE,
    W_NOTHING_TO_UNDO, W_UNDONE, W_UNKNOWN_KEY, W_NO_SWITCH, W_NOT_NOW,
    W_SECRET, W_VERB_LIST, W_SEATS_SHOWN, W_ALL_SEATS_SHOWN,
    W_ASK_QUIT, W_ASK_RESTART, W_GOES_ON,
    W_RULES_TITLE, W_RULES, W_LOG_TITLE, W_PAGER_ROWS, W_PAGER_KEYS,
    W_COUNT
};


enum { STEP_VERB, STEP_TARGET, STEP_COUNT };

/* What the pager (a page of the whole screen, scrolled) shows. */
enum { PAGER_NONE, PAGER_HELP, PAGER_LOG };

#define MENU_MAX 80       /* entries of one menu step: at most 64 targets */
#define PANEL_MAX 400     /* lines of the round on show, rows of the pager */
#define LINE_MAX 256
#define BOX_W 22          /* a seat in the ring: 3 rows of BOX_W columns   */
#define BOX_H 3
#define LIST_W 50         /* a seat in the list: one row                    */
#define MIN_BOTTOM 9      /* rows kept for the round and the menu           */

typedef struct entry {
    int64_t action;         /* what picking it plays, or -1: the next step  */
    int32_t verb, target, count;
    char label[LINE_MAX];
    char detail[LINE_MAX];
} entry;

typedef struct panel {
    char text[PANEL_MAX][LINE_MAX];
    attr_t attr[PANEL_MAX];
    int n;
} panel;

typedef struct arena_ui {
    ui *u;
    int lang;               /* LANG_*, as the rules' lang parameter         */
    char verb_names[LANGS][SAPPER_ARENA_VERBS][48];   /* from the rules, "" until asked */
    int32_t me;             /* the viewer: the person's seat or omniscient  */
    int pause;              /* a resolved round is on show until a key      */
    int pager;              /* PAGER_*: help and rules, or the round log up */
    int pager_top;          /* the pager's first row shown                  */
    int pager_rows, pager_h;   /* as last drawn: its rows, rows a page      */
    int32_t seen_rounds;    /* rounds_played when the bots last stopped     */
    int step;               /* STEP_*: where the menu is                    */
    int32_t verb, target;   /* chosen so far in the menu                    */
    int sel;                /* selected entry                               */
    int menu_y, menu_rows, menu_first, menu_n;   /* last drawn, for clicks  */
    int seat_first, seat_page;   /* the seat list as last drawn: first seat
                                    shown, seats a page (0: all show)       */
    unsigned char *view;    /* copy of the viewer's view (owned)            */
    size_t view_size, view_cap;
    int64_t *legal;         /* copy of the person's legal actions (owned)   */
    size_t nlegal, legal_cap;
    entry menu[MENU_MAX];   /* scratch: the menu step, rebuilt when used    */
    panel shown;            /* scratch: the round on show, rebuilt per frame */
    panel page;             /* scratch: the pager's rows, rebuilt per frame  */
} arena_ui;

typedef struct seat_text {
    char who[96], state[96], act[96];
    attr_t who_attr, state_attr, act_attr;
} seat_text;

typedef struct arena_layout {
    int ring;               /* 1: boxes on an ellipse; 0: a list         */
    int top, rows;          /* rows the seats take                       */
    int cols;               /* list: columns of LIST_W                   */
    int first, page;        /* list: first seat shown, seats a page with a
                               status row under them (0: all show)       */
    int x[SAPPER_ARENA_MAX_SEATS], y[SAPPER_ARENA_MAX_SEATS];
} arena_layout;

/* arena_common.c */
const char *arena_half(char *buf, int32_t h);
const char *arena_seat_name(const arena_ui *au, int32_t i);
const char *arena_verb_name(const arena_ui *au, int32_t verb);
const sapper_arena_seat *arena_seat_of(const arena_ui *au, int32_t i);
const sapper_arena_view *arena_view_of(const arena_ui *au);
int32_t arena_cost_of(const arena_ui *au, int32_t verb, int32_t count);
int32_t arena_damage_of(const arena_ui *au, int32_t verb, int32_t count, int32_t prep);
sapper_arena_terms arena_terms_of(const arena_ui *au, int32_t verb);
void arena_append(char *buf, size_t cap, const char *fmt, ...);
void arena_say(const arena_ui *au, char *buf, size_t cap, enum arena_word w, ...);

/* arena_frame.c */
void arena_draw(arena_ui *au);
int arena_pager_key(arena_ui *au, int ch);

/* arena_lang.c */
void arena_switch_language(arena_ui *au);

/* arena_match.c */
const char *arena_lang_param(const app *a);
int arena_lang_of(const app *a);
int arena_take_view(arena_ui *au);
int32_t arena_rounds_played(arena_ui *au);
void arena_note_end(arena_ui *au);
void arena_play(arena_ui *au, int64_t action);
void arena_reset_menu(arena_ui *au);
void arena_restart(arena_ui *au);
void arena_run_bots(arena_ui *au);
void arena_settle(arena_ui *au);
/** A remote screen's server changed the game (UI_KEY_REMOTE). */
void arena_remote_update(arena_ui *au);
void arena_undo(arena_ui *au);

/* arena_menu.c */
int arena_menu_width(arena_ui *au);
void arena_back(arena_ui *au);
void arena_draw_menu(arena_ui *au, int y, int x, int w, int h);
void arena_menu_caption(const arena_ui *au, char *buf, size_t cap);
void arena_pick(arena_ui *au, int index);

/* arena_round.c */
size_t arena_row_bytes(const char *text, int width);
void arena_draw_panel(const arena_ui *au, const panel *p, int y, int x, int w, int h);
void arena_outcome_text(const arena_ui *au, char *buf, size_t cap);
void arena_panel_current(const arena_ui *au, panel *p);
void arena_panel_last(const arena_ui *au, panel *p);

/* arena_seats.c */
arena_layout arena_layout_seats(const arena_ui *au, int top);
attr_t arena_action_attr(const arena_ui *au, int64_t action);
int arena_showing_current(const arena_ui *au);
void arena_draw_seats(const arena_ui *au, const arena_layout *l);
void arena_seat_texts(const arena_ui *au, int32_t i, seat_text *t);

/* arena_text.c */
int arena_put(int y, int x, int width, attr_t attr, const char *text);
int arena_text_width(const char *s);
size_t arena_fit(const char *s, int width, int *used);

/* arena_words.c */
const char *arena_word(const arena_ui *au, enum arena_word w);

#endif
