/*
 * curses_menu.c - the curses face of every family but mines: the rules'
 * own text rendering for the human seat in the upper part, and below it a
 * menu of that seat's legal actions (their text forms) to pick with the
 * arrows, j/k, enter or a click. Simultaneous turns work the same way: the
 * menu belongs to the human seat that still owes an action. It draws no
 * board of its own; the rules' text is the board.
 */
#include "curses_ui.h"

#define TEXT_TOP 3        /* title, status, blank line */
#define MENU_MIN_ROWS 3   /* menu entries kept visible when the text is long */

static const char menu_help[] =
    "up, down, j, k move through the legal actions\n"
    "enter, space   play the selected action\n"
    "left click     play the clicked action";

static const char menu_hint[] =
    "up/down/jk choose  enter play  u undo  r restart  ? help  q quit";

/* Where the menu sits: its header row, first entry row, rows it may use. */
typedef struct menu_place {
    int header, first, rows;
} menu_place;

static int count_lines(const char *text)
{
    int n = 0;
    for (const char *p = text; *p; p++)
        n += *p == '\n' || p[1] == 0;
    return n;
}

/* The text gets what it needs, down to what leaves the menu
   MENU_MIN_ROWS entries (or fewer when there are fewer actions). */
static menu_place place_menu(int text_lines, int actions)
{
    int bottom = LINES - 3;   /* banner, message and hint below */
    int want = actions < MENU_MIN_ROWS ? (actions > 0 ? actions : 1) : MENU_MIN_ROWS;
    int text_max = bottom - TEXT_TOP - 2 - want;
    int shown = text_lines < text_max ? text_lines : text_max;
    menu_place p;
    p.header = TEXT_TOP + (shown > 0 ? shown : 0) + 1;
    p.first = p.header + 1;
    p.rows = bottom - p.first;
    return p;
}

/* Draws the rules' text from TEXT_TOP down to (not including) row end. */
static void draw_text(const char *text, int end)
{
    char line[512];
    int y = TEXT_TOP;
    while (*text && y < end - 1) {
        size_t n = strcspn(text, "\n");
        snprintf(line, sizeof line, "%.*s", (int)n, text);
        ui_put(y++, 1, A_NORMAL, line);
        text += n + (text[n] == '\n');
    }
}

static void draw_status(ui *u)
{
    sapper_match *m = u->a->match;
    int32_t who = sapper_match_to_move(m), actor = ui_actor(u);
    char text[256];
    const char *turn = who == SAPPER_TERMINAL ? "nobody"
                     : actor >= 0 ? u->a->setup.seats[actor].name
                     : who == SAPPER_SIMULTANEOUS ? "everyone"
                     : u->a->setup.seats[who].name;
    snprintf(text, sizeof text, "Time: %.1f   %s   To move: %s", ui_clock(u),
             ui_state(u), turn);
    ui_put(1, 1, A_BOLD, text);
}

/* Keeps the selection inside the list and the window on the selection. */
static int first_shown(ui *u, size_t n, int rows)
{
    if (u->sel >= (int)n)
        u->sel = n ? (int)n - 1 : 0;
    if (u->sel < 0)
        u->sel = 0;
    int first = u->sel - rows / 2;
    if (first > (int)n - rows)
        first = (int)n - rows;
    return first < 0 ? 0 : first;
}

/* The legal actions of the seat that owes one, as a list to pick from.
   Copies the ids: the match's list is only valid until its next call. */
static void draw_menu(ui *u, menu_place p)
{
    sapper_match *m = u->a->match;
    int32_t seat = ui_actor(u);
    size_t n = 0;
    if (u->watching)
        return;   /* nobody's move at this keyboard */
    const int64_t *legal = seat >= 0 ? sapper_match_legal(m, seat, &n) : NULL;
    if (!legal || n == 0) {
        ui_put(p.header, 1, A_NORMAL, "(no move of yours now)");
        return;
    }
    char header[128];
    snprintf(header, sizeof header, "Your move, %s:", u->a->setup.seats[seat].name);
    ui_put(p.header, 1, A_BOLD, header);
    int64_t ids[256];
    size_t shown = 0;
    int first = first_shown(u, n, p.rows);
    for (size_t i = (size_t)first; i < n && shown < (size_t)p.rows && shown < 256; i++)
        ids[shown++] = legal[i];
    for (size_t i = 0; i < shown; i++) {
        int selected = first + (int)i == u->sel;
        char line[256];
        snprintf(line, sizeof line, "%s %s", selected ? ">" : " ",
                 sapper_match_action_text(m, ids[i]));
        ui_put(p.first + (int)i, 3, selected ? A_REVERSE | A_BOLD : A_NORMAL, line);
    }
}

static void menu_draw(ui *u)
{
    sapper_match *m = u->a->match;
    size_t n = 0;
    int32_t seat = ui_actor(u);
    if (seat >= 0)
        sapper_match_legal(m, seat, &n);
    const char *text = sapper_match_render(m, ui_viewer(u));
    int entries = n == 0 ? 1 : n < MENU_MIN_ROWS ? (int)n : MENU_MIN_ROWS;
    if (ui_too_small(u, 40, TEXT_TOP + 3 + entries + 3))   /* a line of text */
        return;
    menu_place p = place_menu(count_lines(text), (int)n);
    char title[256], name[128];   /* the plugin's name, escaped */
    sapper_config_escape(u->a->setup.rules->desc.name, name, sizeof name);
    if (ui_shows_seed(u))
        snprintf(title, sizeof title, "%s  (seed %llu)", name,
                 (unsigned long long)sapper_match_seed(m));
    else
        snprintf(title, sizeof title, "%s", name);
    ui_put(0, 1, A_BOLD, title);
    draw_status(u);
    draw_text(text, p.header);   /* text first: it lives in the match's buffer */
    draw_menu(u, p);
    ui_draw_banner(u, LINES - 3, 1, "r: restart  q: quit");
    ui_draw_footer(u, menu_hint);
}

/* Plays the selected (or the given) entry of the menu. */
static void play_entry(ui *u, int index)
{
    int32_t seat = ui_actor(u);
    size_t n = 0;
    const int64_t *legal = seat >= 0 ? sapper_match_legal(u->a->match, seat, &n) : NULL;
    if (seat < 0) {
        ui_play(u, SAPPER_NO_ACTION);   /* only says why nothing can be played */
        return;
    }
    if (!legal || index < 0 || (size_t)index >= n)
        return;
    if (ui_play(u, legal[index]))
        u->sel = 0;
}

/* A click on a menu entry plays it. */
static void mouse(ui *u)
{
    MEVENT ev;
    if (getmouse(&ev) != OK ||
        !(ev.bstate & (BUTTON1_RELEASED | BUTTON1_CLICKED)))
        return;
    int32_t seat = ui_actor(u);
    size_t n = 0;
    if (seat >= 0)
        sapper_match_legal(u->a->match, seat, &n);
    int text_lines = count_lines(sapper_match_render(u->a->match, ui_viewer(u)));
    menu_place p = place_menu(text_lines, (int)n);
    int row = ev.y - p.first;
    if (row < 0 || row >= p.rows)
        return;
    play_entry(u, first_shown(u, n, p.rows) + row);
}

static int menu_key(ui *u, int ch)
{
    switch (ch) {
    case KEY_UP: case 'k': u->sel = u->sel > 0 ? u->sel - 1 : 0; return 1;
    case KEY_DOWN: case 'j': u->sel++; return 1;   /* clamped when drawn */
    case ' ': case '\n': case '\r': case KEY_ENTER: play_entry(u, u->sel); return 1;
    case KEY_MOUSE: mouse(u); return 1;
    default: return 0;
    }
}

const ui_family ui_menu_family = {
    .help = menu_help,
    .draw = menu_draw,
    .key = menu_key,
};
