/*
 * curses_panel.c - a rules panel (ABI 1.1 panel_text, such as the seeker's
 * "Bonus Statistics"), or any other text such as the board's scoreboard,
 * shown in a dialog box centred over the game: the first line of the text
 * is the title, set in the top border, the other lines are the body. Any key closes it. When the rules have no such
 * panel, a short message goes to the message line instead.
 *
 * It shows the text as the rules wrote it (clipped to the screen) and
 * never reads meaning into it, but for the one token panel_text defines:
 * `{seat N}` becomes seat N's name as the screens show names.
 */
#include "curses_ui.h"
#include "display_name.h"

#define PANEL_PAD 2                       /* columns inside the border */
static const char panel_close[] = "any key closes";

/* Display columns of the first n bytes of s (UTF-8: one per code point). */
static int columns(const char *s, size_t n)
{
    int cols = 0;
    for (size_t i = 0; i < n && s[i]; i++)
        cols += ((unsigned char)s[i] & 0xC0) != 0x80;
    return cols;
}

/* The box: its size from the text, its place centred and clipped. */
typedef struct panel_box {
    int top, left, width, height;   /* outer, borders included */
} panel_box;

/* Width and line count of the body (the text after the title line). */
static void measure(const char *body, int *width, int *lines)
{
    *width = *lines = 0;
    while (*body) {
        size_t n = strcspn(body, "\n");
        int cols = columns(body, n);
        *width = cols > *width ? cols : *width;
        (*lines)++;
        body += n + (body[n] == '\n');
    }
}

static panel_box place_box(const char *title, size_t title_len,
                           const char *body)
{
    int body_w, body_h;
    measure(body, &body_w, &body_h);
    int title_w = columns(title, title_len) + 2;      /* " title " */
    int close_w = (int)sizeof panel_close - 1;
    int inner = body_w > title_w ? body_w : title_w;
    inner = inner > close_w ? inner : close_w;
    panel_box b;
    b.width = inner + 2 * PANEL_PAD + 2;
    b.height = body_h + 4;   /* borders, a blank line, the closing hint */
    b.width = b.width > COLS ? COLS : b.width;
    b.height = b.height > LINES ? LINES : b.height;
    b.left = (COLS - b.width) / 2;
    b.top = (LINES - b.height) / 2;
    return b;
}

static void draw_frame(panel_box b)
{
    int right = b.left + b.width - 1, bottom = b.top + b.height - 1;
    for (int y = b.top + 1; y < bottom; y++)
        mvhline(y, b.left + 1, ' ', b.width - 2);
    mvaddch(b.top, b.left, ACS_ULCORNER);
    mvhline(b.top, b.left + 1, ACS_HLINE, b.width - 2);
    mvaddch(b.top, right, ACS_URCORNER);
    mvvline(b.top + 1, b.left, ACS_VLINE, b.height - 2);
    mvvline(b.top + 1, right, ACS_VLINE, b.height - 2);
    mvaddch(bottom, b.left, ACS_LLCORNER);
    mvhline(bottom, b.left + 1, ACS_HLINE, b.width - 2);
    mvaddch(bottom, right, ACS_LRCORNER);
}

/* One line of text at (y, x), at most `room` columns. */
static void put_clipped(int y, int x, attr_t attr, const char *s, size_t n,
                        int room)
{
    size_t bytes = 0;
    for (int cols = 0; bytes < n && s[bytes]; bytes++) {
        if (((unsigned char)s[bytes] & 0xC0) != 0x80 && cols++ == room)
            break;
    }
    if (room <= 0 || y < 0 || y >= LINES)
        return;
    attrset((int)attr);
    mvaddnstr(y, x, s, (int)bytes);
    attrset(A_NORMAL);
}

static void draw_panel(const char *text)
{
    size_t title_len = strcspn(text, "\n");
    const char *body = text + title_len + (text[title_len] == '\n');
    panel_box b = place_box(text, title_len, body);
    int room = b.width - 2 * PANEL_PAD - 2, x = b.left + 1 + PANEL_PAD;
    int last = b.top + b.height - 3;   /* the body's last row */
    char title[256];
    snprintf(title, sizeof title, " %.*s ", (int)title_len, text);
    draw_frame(b);
    put_clipped(b.top, b.left + 2, A_BOLD, title, strlen(title), b.width - 4);
    for (int y = b.top + 1; *body && y <= last; y++) {
        size_t n = strcspn(body, "\n");
        put_clipped(y, x, A_NORMAL, body, n, room);
        body += n + (body[n] == '\n');
    }
    put_clipped(b.top + b.height - 2, b.left + b.width - 1 - PANEL_PAD -
                (int)(sizeof panel_close - 1), A_NORMAL, panel_close,
                sizeof panel_close - 1, room);
}

/* text with every `{seat N}` (N from 1) replaced by that seat's display
   name, right-aligned in the columns of the token and the spaces before
   it, so the rules' columns stay in place (malloc'd; NULL without memory). */
static char *with_names(ui *u, const char *text)
{
    sapper_strbuf out = {0};
    const sapper_setup *s = &u->a->setup;
    while (*text) {
        const char *at = strstr(text, "{seat ");
        int n = 0, len = 0;
        if (!at || sscanf(at, "{seat %d}%n", &n, &len) != 1 || len == 0 ||
            n < 1 || n > s->players) {
            size_t rest = at ? (size_t)(at - text) + 1 : strlen(text);
            sapper_strbuf_append(&out, text, rest);
            text += rest;
            continue;
        }
        const char *start = at;
        while (start > text && start[-1] == ' ')
            start--;
        sapper_strbuf_append(&out, text, (size_t)(start - text));
        char name[64];
        sapper_mines_display_name(s->seats[n - 1].name, name, sizeof name);
        int width = (int)(at - start) + len;
        sapper_strbuf_printf(&out, "%*s", width, name);
        text = at + len;
    }
    sapper_strbuf_append(&out, "", 0);
    return out.failed ? (free(out.data), NULL) : out.data;
}

void ui_show_text(ui *u, const char *text)
{
    double opened = app_now();
    draw_panel(text);
    ui_wait_key(u, opened);
}

void ui_show_panel(ui *u, int32_t panel)
{
    const char *raw = sapper_match_panel(u->a->match, ui_viewer(u), panel);
    char *named = raw ? with_names(u, raw) : NULL;
    const char *text = named ? named : raw;
    if (!text || !*text) {
        char name[128];   /* the plugin's name, escaped */
        sapper_config_escape(u->a->setup.rules->desc.name, name, sizeof name);
        ui_message(u, 1, "no statistics panel in %s", name);
        return;
    }
    ui_show_text(u, text);
    free(named);
}
