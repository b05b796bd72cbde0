/*
 * curses_screen.c - the drawing helpers every family of the curses
 * interface uses: colours (or none: NO_COLOR and monochrome terminals get
 * bold and reverse video only), text clipped to the screen, the message
 * and key-hint lines, the end-of-game banner (a watched game's names the
 * winner, offers no keys), the "terminal too small" notice and the help
 * page. Nothing here knows a game's rules.
 */
#include "curses_ui.h"
#include "display_name.h"

#include <stdarg.h>

/* Foreground of the numbers 1..8 in the classic colours: 1 blue, 2 green,
   3 red, 4 dark blue, 5 dark red, 6 cyan, 7 white (black would vanish on
   a dark terminal), 8 grey. Eight-colour terminals lack the dark shades
   and the grey: magenta, yellow and white stand in. */
static const short numbers16[8] = {12, 2, 9, 4, 1, 6, 7, 8};
static const short numbers8[8] = {
    COLOR_BLUE, COLOR_GREEN, COLOR_RED, COLOR_MAGENTA,
    COLOR_YELLOW, COLOR_CYAN, COLOR_WHITE, COLOR_WHITE,
};

static int no_color_requested(void)
{
    const char *v = getenv("NO_COLOR");
    return v && *v;   /* https://no-color.org: set and not empty */
}

/* The probability overlay: black digits on green (bright green when
   certainly safe), yellow and red, white on bright red for a certain
   mine. */
static void odds_colours_init(int rich)
{
    init_pair(UI_PAIR_ODDS_SAFE, COLOR_BLACK, rich ? 10 : COLOR_GREEN);
    init_pair(UI_PAIR_ODDS_LOW, COLOR_BLACK, COLOR_GREEN);
    init_pair(UI_PAIR_ODDS_MID, COLOR_BLACK, COLOR_YELLOW);
    init_pair(UI_PAIR_ODDS_HIGH, COLOR_BLACK, COLOR_RED);
    init_pair(UI_PAIR_ODDS_MINE, COLOR_WHITE, rich ? 9 : COLOR_RED);
}

void ui_colours_init(ui *u)
{
    u->colour = !no_color_requested() && has_colors() && start_color() == OK;
    if (!u->colour)
        return;
    short bg = use_default_colors() == OK ? -1 : COLOR_BLACK;
    int rich = COLORS >= 16;
    const short *numbers = rich ? numbers16 : numbers8;
    short red = rich ? 9 : COLOR_RED, blue = rich ? 12 : COLOR_BLUE;
    for (int i = 0; i < 8; i++)
        init_pair((short)(UI_PAIR_NUMBER + i), numbers[i], bg);
    init_pair(UI_PAIR_MINE, red, bg);
    init_pair(UI_PAIR_FLAG, red, bg);
    init_pair(UI_PAIR_MARK, COLOR_YELLOW, bg);
    init_pair(UI_PAIR_SEAT0, red, bg);
    init_pair(UI_PAIR_SEAT1, blue, bg);
    init_pair(UI_PAIR_ERROR, red, bg);
    init_pair(UI_PAIR_WIN, COLOR_GREEN, bg);
    init_pair(UI_PAIR_PRESSED, COLOR_BLACK, COLOR_YELLOW);
    odds_colours_init(rich);
}

attr_t ui_attr(const ui *u, int pair, attr_t extra)
{
    return u->colour ? (attr_t)COLOR_PAIR(pair) | extra : extra;
}

void ui_put(int y, int x, attr_t attr, const char *text)
{
    if (y < 0 || y >= LINES || x < 0 || x >= COLS)
        return;
    attrset((int)attr);
    mvaddnstr(y, x, text, COLS - x);
    attrset(A_NORMAL);
}

int ui_word_cut(const char *text, int width)
{
    for (int n = width; n > 0; n--)
        if (text[n] == ' ' && text[n + 1] == ' ')
            return n;
    for (int n = width; n > 0; n--)
        if (text[n] == ' ')
            return n;
    return width;
}

void ui_put_fit(int y, int x, attr_t attr, const char *text)
{
    int len = (int)strlen(text);
    if (x + len > COLS)
        x = COLS - len > 0 ? COLS - len : 0;
    if (len <= COLS || COLS <= 0) {
        ui_put(y, x, attr, text);
        return;
    }
    char cut[1024];
    snprintf(cut, sizeof cut, "%.*s", ui_word_cut(text, COLS), text);
    ui_put(y, 0, attr, cut);
}

void ui_message(ui *u, int error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(u->msg, sizeof u->msg, fmt, ap);
    va_end(ap);
    u->msg_error = error;
    u->msg_brief[0] = '\0';
}

#define MSG_ROWS 3   /* the most rows a long message wraps onto */

/* 1 when nothing is drawn on row y yet this frame. */
static int row_blank(int y)
{
    for (int x = 0; x < COLS; x++)
        if ((mvinch(y, x) & A_CHARTEXT) != ' ')
            return 0;
    return 1;
}

/* The length of the first line of text wrapped at words to width, and in
   *next where the line after it starts. */
static int wrap_line(const char *text, int width, const char **next)
{
    int n = (int)strlen(text);
    if (n > width) {
        n = width;
        while (n > 0 && text[n] != ' ')
            n--;
        n = n > 0 ? n : width;   /* one word wider than the screen */
    }
    *next = text + n;
    while (**next == ' ')
        (*next)++;
    return n;
}

int ui_wrap_rows(const char *text, int width)
{
    int rows = 0;
    for (const char *next; *text && width > 0; text = next, rows++)
        wrap_line(text, width, &next);
    return rows;
}

const char *ui_shown_message(const ui *u, int rows)
{
    if (u->msg_brief[0] && ui_wrap_rows(u->msg, COLS) > rows)
        return u->msg_brief;
    return u->msg;
}

/* The blank rows from row y upward, at most max. */
static int blank_rows_up(int y, int max)
{
    int n = 0;
    while (n < max && y - n >= 0 && row_blank(y - n))
        n++;
    return n;
}

/* The message with its last row at row bottom: wider than the screen, it
   wraps at words onto the rows above it that nothing else uses (MSG_ROWS
   in all), in its brief form when the whole does not fit them; the last
   row that fits ends at a word. */
static void draw_message(ui *u, attr_t attr, int bottom)
{
    int rows = 1 + blank_rows_up(bottom - 1, MSG_ROWS - 1);
    const char *msg = ui_shown_message(u, rows);
    int lines = ui_wrap_rows(msg, COLS);
    int y = bottom - ((lines < rows ? lines : rows) - 1);
    for (const char *p = msg, *next; *p && y <= bottom; p = next, y++) {
        char line[512];
        int n = wrap_line(p, COLS, &next);
        snprintf(line, sizeof line, "%.*s", n, p);
        ui_put(y, 0, attr, line);
    }
}

/* The key hint's rows: two when it is wider than the screen and the rows
   above the bottom one are free for its second row and for the message
   (rows it needs, one at least, so that the bar stays put while short
   messages come and go); one otherwise. */
static int hint_rows(ui *u, const char *hint)
{
    if ((int)strlen(hint) <= COLS)
        return 1;
    int need = ui_wrap_rows(ui_shown_message(u, MSG_ROWS), COLS);
    need = need < 1 ? 1 : need > MSG_ROWS ? MSG_ROWS : need;
    return blank_rows_up(LINES - 2, need + 1) == need + 1 ? 2 : 1;
}

/* The hint on one row: its '\n' (where two rows break) made an entry
   separator. */
static void flatten_hint(const char *hint, char *out, size_t cap)
{
    size_t n = 0;
    for (; *hint && n + 3 < cap; hint++) {
        if (*hint == '\n')
            out[n++] = ' ';
        out[n++] = *hint == '\n' ? ' ' : *hint;
    }
    out[n] = '\0';
}

/* Where the first of the hint's two rows ends in flat (the hint with its
   '\n' made a separator): at the '\n' when what comes before fits, else
   at the last entry that fits. */
static int hint_break(const char *hint, const char *flat)
{
    int at = (int)strcspn(hint, "\n");
    return hint[at] && at <= COLS ? at : ui_word_cut(flat, COLS);
}

void ui_draw_footer(ui *u, const char *hint)
{
    char remote[512];
    if (u->remote) {   /* without the keys a remote screen refuses */
        ui_remote_hint(u, hint, remote, sizeof remote);
        hint = remote;
    }
    attr_t attr = u->msg_error ? ui_attr(u, UI_PAIR_ERROR, A_BOLD) : A_NORMAL;
    char flat[512], first[512];
    flatten_hint(hint, flat, sizeof flat);
    const char *last = flat;
    int rows = hint_rows(u, flat);
    if (rows == 2) {   /* the rest of the hint on the bottom row */
        int n = hint_break(hint, flat);
        snprintf(first, sizeof first, "%.*s", n, flat);
        ui_put(LINES - 2, 0, A_NORMAL, first);
        for (last = flat + n; *last == ' ';)
            last++;
    }
    ui_put_fit(LINES - 1, 0, A_NORMAL, last);   /* whole keys only */
    draw_message(u, attr, LINES - 1 - rows);
}

/* The end-of-game words: "You win!" for the person at the keyboard, the
   winner's name when only bots played. */
static void banner_text(ui *u, const char *state, char *text, size_t cap,
                        attr_t *attr)
{
    int32_t w = sapper_match_winner(u->a->match);
    int person = !u->watching && ui_viewer(u) >= 0 && !ui_hot_seat(u);
    char name[64];
    if (person && strcmp(state, "won") == 0) {
        snprintf(text, cap, " You win! ");
        *attr = ui_attr(u, UI_PAIR_WIN, *attr);
    } else if (person && strcmp(state, "lost") == 0) {
        snprintf(text, cap, " You lose ");
        *attr = ui_attr(u, UI_PAIR_ERROR, *attr);
    } else if (!person && w >= 0) {   /* the name as the players line shows it */
        sapper_mines_display_name(u->a->setup.seats[w].name, name, sizeof name);
        snprintf(text, cap, " %s wins ", name);
    } else {
        snprintf(text, cap, " Game over: %s ", state);
    }
}

void ui_draw_banner(ui *u, int y, int x, const char *keys)
{
    const char *state = ui_state(u);
    if (strcmp(state, "playing") == 0)
        return;
    char text[128];
    attr_t attr = A_BOLD | A_REVERSE;
    banner_text(u, state, text, sizeof text, &attr);
    ui_put(y, x, attr, text);
    ui_put(y, x + (int)strlen(text) + 1, A_NORMAL, u->watching ? "" : keys);
}

int ui_too_small(ui *u, int need_w, int need_h)
{
    u->too_small = COLS < need_w || LINES < need_h;
    if (!u->too_small)
        return 0;
    char need[64], now[64];
    snprintf(need, sizeof need, "terminal too small: need %dx%d", need_w, need_h);
    snprintf(now, sizeof now, "now %dx%d: enlarge it or press q", COLS, LINES);
    erase();
    ui_put(LINES / 2 - 1, 0, A_BOLD, need);
    ui_put(LINES / 2, 0, A_NORMAL, now);
    if (u->confirm)   /* q asked about the game in progress */
        ui_put(LINES / 2 + 1, 0, A_BOLD, u->msg);
    return 1;
}

/* Writes the '\n'-separated lines of text from row *y on. */
static void put_lines(int *y, int x, const char *text)
{
    char line[256];
    while (*text) {
        size_t n = strcspn(text, "\n");
        snprintf(line, sizeof line, "%.*s", (int)n, text);
        ui_put((*y)++, x, A_NORMAL, line);
        text += n + (text[n] == '\n');
    }
}

void ui_show_help(ui *u, const ui_family *f)
{
    double opened = app_now();
    int y = 1;
    erase();
    ui_put(0, 2, A_BOLD, "Sapper: keys");
    put_lines(&y, 4, f->help);
    put_lines(&y, 4, "u              undo the last move\n"
                     "r              restart: a new game, same settings\n"
                     "H, F1          this help\n"
                     "q              quit");
    ui_put(y + 1, 2, A_BOLD, "press any key to go back to the game");
    ui_wait_key(u, opened);
}

void ui_wait_key(ui *u, double opened)
{
    refresh();
    if (u->remote) {   /* the server's lines go on meanwhile */
        int ch;
        while ((ch = ui_getch(u)) == ERR || ch == UI_KEY_REMOTE || ch == KEY_RESIZE)
            if (u->quit || u->remote->gone)
                break;
    } else {
        timeout(-1);
        getch();
        timeout(UI_TICK_MS);
    }
    ui_clock_resume(u, opened);
    ui_message(u, 0, "%s", "");
}
