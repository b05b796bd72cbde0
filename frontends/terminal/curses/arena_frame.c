/*
 * arena_frame.c - the frame: title, phase, the seats, the round, the menu or
 * the prompt, the footer; the pager (help and rules, the round log).
 */
#include "arena_ui.h"

/* ------------------------------------------------------------------ */
/* The frame.                                                          */
/* ------------------------------------------------------------------ */

static void draw_title(const arena_ui *au)
{
    const sapper_arena_view *v = arena_view_of(au);
    char title[LINE_MAX], seed[64];
    arena_say(au, title, sizeof title, W_TITLE, (int)v->match, (int)v->round, (int)v->alive,
        (int)v->players);
    seed[0] = 0;
    if (ui_shows_seed(au->u))
        arena_say(au, seed, sizeof seed, W_SEED,
            (unsigned long long)sapper_match_seed(au->u->a->match));
    int used = arena_put(0, 1, COLS - 2, A_BOLD, title);
    arena_put(0, used + 4, COLS - used - 5, A_DIM, seed);
}

/* Row 1: what happens now. */
static void draw_phase(const arena_ui *au)
{
    const sapper_arena_view *v = arena_view_of(au);
    char line[LINE_MAX], what[200];
    attr_t attr = A_BOLD;
    if (v->phase == SAPPER_ARENA_PHASE_OVER || sapper_match_to_move(au->u->a->match) == SAPPER_TERMINAL) {
        arena_outcome_text(au, what, sizeof what);
        arena_say(au, line, sizeof line, W_GAME_OVER_LINE, what);
        attr = au->u->watching ? A_BOLD   /* nobody's win or loss */
             : ui_attr(au->u, v->winner >= 0 && v->winner == au->me ? UI_PAIR_WIN : UI_PAIR_ERROR,
                       A_BOLD);
    } else if (au->u->watching) {
        line[0] = 0;   /* the watch's status line says where the game is */
    } else if (au->pause) {
        arena_say(au, line, sizeof line, W_PRESS_ENTER,
            arena_word(au, v->last_match != v->match ? W_NEXT_MATCH : W_NEXT_ROUND));
    } else if (ui_actor(au->u) >= 0 && v->phase == SAPPER_ARENA_PHASE_CHOOSE) {
        snprintf(line, sizeof line, "%s", arena_word(au, W_SECRET));
    } else if (ui_actor(au->u) >= 0) {
        arena_menu_caption(au, line, sizeof line);
    } else if (au->me >= 0 && !arena_seat_of(au, au->me)->alive) {
        snprintf(line, sizeof line, "%s", arena_word(au, W_WATCHING));
    } else {
        snprintf(line, sizeof line, "%s", arena_word(au, W_WAITING));
    }
    arena_put(1, 1, COLS - 2, attr, line);
}

/* Where the pause's prompt goes instead of the menu. */
static void draw_prompt(const arena_ui *au, int y, int x, int w)
{
    const sapper_arena_view *v = arena_view_of(au);
    char line[LINE_MAX];
    if (sapper_match_to_move(au->u->a->match) == SAPPER_TERMINAL) {
        snprintf(line, sizeof line, " %s ", arena_word(au, W_GAME_OVER));
        arena_put(y, x, w, A_BOLD | A_REVERSE, line);
        arena_put(y + 1, x, w, A_NORMAL, arena_word(au, W_AFTER_GAME));
        return;
    }
    snprintf(line, sizeof line, " > %s ",
             arena_word(au, v->last_match != v->match ? W_NEXT_MATCH : W_NEXT_ROUND));
    arena_put(y, x, w, A_BOLD | A_REVERSE, line);
    arena_say(au, line, sizeof line, W_PRESS_ENTER,
        arena_word(au, v->last_match != v->match ? W_NEXT_MATCH : W_NEXT_ROUND));
    arena_put(y + 1, x, w, A_DIM, line);
}

static void draw_actions(arena_ui *au, int y, int x, int w, int h)
{
    au->menu_n = 0;
    if (au->u->watching)
        return;   /* no menu, no prompt: nobody plays here */
    if (au->pause)
        draw_prompt(au, y, x, w);
    else if (ui_actor(au->u) >= 0)
        arena_draw_menu(au, y, x, w, h);
}

/* The round on show and the menu: side by side when wide, else stacked. */
static void draw_bottom(arena_ui *au, int top)
{
    panel *p = &au->shown;
    int h = LINES - 3 - top;
    p->n = 0;
    if (arena_showing_current(au))
        arena_panel_current(au, p);
    else
        arena_panel_last(au, p);
    if (COLS >= 96) {   /* the menu as wide as its entries, the round the rest */
        int left = COLS * 9 / 20, need = arena_menu_width(au);
        if (!au->pause && !au->u->watching && ui_actor(au->u) >= 0 && COLS - left - 2 < need)
            left = COLS - 2 - need > COLS / 3 ? COLS - 2 - need : COLS / 3;
        arena_draw_panel(au, p, top, 1, left - 2, h);
        draw_actions(au, top, left + 1, COLS - left - 2, h);
        return;
    }
    int ph = p->n + 1 < h / 2 ? p->n + 1 : h / 2;
    arena_draw_panel(au, p, top, 1, COLS - 2, ph);
    draw_actions(au, top + ph, 1, COLS - 2, h - ph);
}

static void draw_footer(const arena_ui *au)
{
    ui *u = au->u;
    enum arena_word hint = sapper_match_to_move(u->a->match) == SAPPER_TERMINAL ? W_HINT_OVER
                         : au->pause ? W_HINT_PAUSE : W_HINT_MENU;
    attr_t attr = u->msg_error ? ui_attr(u, UI_PAIR_ERROR, A_BOLD) : A_NORMAL;
    arena_put(LINES - 2, 0, COLS, attr, u->msg);
    char keys[512];
    const char *text = arena_word(au, hint);
    if (u->remote) {   /* without undo and restart */
        ui_remote_hint(u, text, keys, sizeof keys);
        text = keys;
    }
    arena_put(LINES - 1, 0, COLS - 1, A_NORMAL, text);
}

/* ------------------------------------------------------------------ */
/* The pager: help and rules, or the whole round on show, scrolled.    */
/* ------------------------------------------------------------------ */

/* Adds line to p as rows of w columns, cut at words, the rows after the
   first indented 2. */
static void add_wrapped(panel *p, attr_t attr, const char *line, int w)
{
    size_t at = 0;
    for (int r = 0; (line[at] || r == 0) && p->n < PANEL_MAX; r++) {
        size_t n = arena_row_bytes(line + at, r ? w - 2 : w);
        snprintf(p->text[p->n], LINE_MAX, "%s%.*s", r ? "  " : "", (int)n, line + at);
        p->attr[p->n++] = attr;
        at += n;
    }
}

/* Adds the '\n'-separated lines of text to p, wrapped to w. */
static void add_text(panel *p, attr_t attr, const char *text, int w)
{
    char line[2048];
    while (*text) {
        size_t n = strcspn(text, "\n");
        snprintf(line, sizeof line, "%.*s", (int)n, text);
        add_wrapped(p, attr, line, w);
        text += n + (text[n] == '\n');
    }
}

/* The pager's rows at width w: the keys and the rules, or every line of
   the round on show. */
static void pager_lines(arena_ui *au, panel *p, int w)
{
    panel *round = &au->shown;
    p->n = round->n = 0;
    if (au->pager == PAGER_HELP) {
        add_text(p, A_NORMAL, arena_word(au, W_HELP), w);
        add_text(p, A_NORMAL, " ", w);
        add_text(p, A_BOLD, arena_word(au, W_RULES_TITLE), w);
        add_text(p, A_NORMAL, arena_word(au, W_RULES), w);
        return;
    }
    if (arena_showing_current(au))
        arena_panel_current(au, round);
    else
        arena_panel_last(au, round);
    for (int i = 0; i < round->n; i++)
        add_wrapped(p, round->attr[i], round->text[i], w);
}

/* A page of the whole screen: the title, the rows from pager_top, and
   which rows show with the keys that scroll them. */
static void draw_pager(arena_ui *au)
{
    panel *p = &au->page;
    char status[LINE_MAX];
    int w = COLS - 4 < 100 ? COLS - 4 : 100, h = LINES - 4;   /* rows fit LINE_MAX */
    pager_lines(au, p, w);
    au->pager_h = h;
    au->pager_rows = p->n;
    if (au->pager_top > p->n - h)
        au->pager_top = p->n - h;
    if (au->pager_top < 0)
        au->pager_top = 0;
    arena_put(0, 2, COLS - 2, A_BOLD,
              arena_word(au, au->pager == PAGER_LOG ? W_LOG_TITLE : W_HELP_TITLE));
    for (int r = 0; r < h && au->pager_top + r < p->n; r++)
        arena_put(2 + r, 2, w, p->attr[au->pager_top + r], p->text[au->pager_top + r]);
    int last = au->pager_top + h < p->n ? au->pager_top + h : p->n;
    arena_say(au, status, sizeof status, W_PAGER_ROWS, au->pager_top + 1, last, p->n);
    arena_put(LINES - 2, 2, COLS - 2, A_BOLD, status);
    arena_put(LINES - 1, 2, COLS - 3, A_NORMAL, arena_word(au, W_PAGER_KEYS));
}

/* A key while the pager is up: up/down (j/k) a row, PgUp/PgDn, space,
   [ ] a page, Home and End; any other key closes it. */
int arena_pager_key(arena_ui *au, int ch)
{
    int page = au->pager_h > 1 ? au->pager_h - 1 : 1;
    switch (ch) {
    case KEY_UP: case 'k': au->pager_top--; break;
    case KEY_DOWN: case 'j': au->pager_top++; break;
    case KEY_PPAGE: case '[': case 'b': au->pager_top -= page; break;
    case KEY_NPAGE: case ']': case ' ': au->pager_top += page; break;
    case KEY_HOME: case KEY_FIND: case 'g': au->pager_top = 0; break;
    case KEY_END: case KEY_SELECT: case 'G': au->pager_top = au->pager_rows; break;   /* clamped when drawn */
    default: au->pager = PAGER_NONE; break;
    }
    return 1;
}

void arena_draw(arena_ui *au)
{
    if (ui_too_small(au->u, 40, 3 + 2 + MIN_BOTTOM + 2))
        return;
    if (!arena_take_view(au)) {
        arena_put(0, 0, COLS, A_BOLD, "the rules gave no arena view: press q");
        return;
    }
    if (au->pager != PAGER_NONE) {
        draw_pager(au);
        return;
    }
    draw_title(au);
    draw_phase(au);
    arena_layout l = arena_layout_seats(au, 3);
    au->seat_first = l.first;   /* the scroll keys go on from what shows */
    au->seat_page = l.page;
    arena_draw_seats(au, &l);
    draw_bottom(au, l.top + l.rows + 1);
    draw_footer(au);
}
