/*
 * curses_grid.c - the curses face of the Minesweeper family, drawn: the
 * grid of the human seat's view (sapper/mines.h) with a cursor, the status
 * line (mines left, clock, state, mode, and points and turn when two
 * play), the end banner and the key bar. The keys and mouse clicks that
 * become actions are curses_grid_keys.c's.
 * Whether an action is allowed is the rules' business: a refusal comes
 * back as a message, never as a check made here. The solver's keys (hint,
 * steps, probability overlay) are curses_solve.c's.
 */
#include "curses_grid.h"
#include "scores.h"

#define TOP_ROWS 3      /* title, status, players (top_rows) */
#define STATUS_W 62     /* columns the status line needs */
#define BELOW_ROWS 5    /* frame bottom, banner, statistics, message, keys */
#define MIN_VIEW_H 5    /* the fewest board rows worth a screen */


/* Whether the ruleset has verb at all (Mine-Seeker has only reveal): its
   text form parses; err gets the rules' words when it does not. */
int ui_grid_has_verb(ui *u, int32_t verb, char *err, size_t errcap)
{
    static const char *const words[] = {"reveal 0 0", "flag 0 0", "chord 0 0",
                                        "bomb 0 0"};
    int64_t id;
    char why[256];
    int ok = sapper_match_parse_action(u->a->match, words[verb], &id,
                                       err ? err : why, err ? errcap : sizeof why) == SAPPER_OK;
    return ok;
}

/* The key bar: only the keys of actions this ruleset has, those of play
   on its first row and the solver's on its second when one row is too
   narrow (curses_screen.c); on one row they end at a whole key, H and q
   first so that they stay. The arrows, hjkl, n, b and t are on the help
   page (H). A finished game offers the keys that go on from it; a
   watched game has the watch's keys instead. */
static void key_bar(ui *u, const sapper_mines_view *v, char *out, size_t cap)
{
    if (u->watching) {
        out[0] = '\0';
        return;
    }
    if (v->to_move == SAPPER_TERMINAL) {
        sapper_score score;
        snprintf(out, cap, "H help  q quit  u undo  r restart  n new game%s",
                 scores_setup_is_scored(&u->a->setup, u->a->match, &score)
                 ? "  t scores" : "");
        return;
    }
    int flag = ui_grid_has_verb(u, SAPPER_MINES_FLAG, NULL, 0);
    int chord = ui_grid_has_verb(u, SAPPER_MINES_CHORD, NULL, 0);
    int bomb = ui_grid_has_verb(u, SAPPER_MINES_BOMB, NULL, 0);
    snprintf(out, cap, "H help  q quit  u undo  r restart  space %s%s%s%s%s\n"
             "? hint  a/A solve  p odds", u->flag_mode ? "flag" : "reveal",
             flag ? "  f flag" : "", chord ? "  c chord" : "", flag ? "  m mode" : "",
             bomb ? "  x bomb" : "");
}

/* The human seat's view, checked to hold its cells; NULL when it does not
   (the match then has a fault to show). Valid until the next match call. */
const sapper_mines_view *ui_grid_view(ui *u)
{
    size_t size = 0;
    const sapper_mines_view *v = ui_match_view(u, ui_viewer(u), &size);
    return sapper_mines_view_cells(v, size) ? v : NULL;
}

static int frame_width(int cells)
{
    return 2 * cells + 3;   /* border, space, cells a space apart, space, border */
}

static int min_int(int a, int b)
{
    return a < b ? a : b;
}

/* The rows above the frame: title, status, and the players line only
   where one is drawn (two seats; deductive's legend), so a board of 16
   rows (Intermediate, Expert) shows whole in 24 lines. */
static int top_rows(ui *u, const sapper_mines_view *v)
{
    return v->players >= 2 || ui_deductive(u) ? TOP_ROWS : TOP_ROWS - 1;
}

/* The view's size in this window under top rows: the whole board when it
   fits. A board one row too tall for that (16 rows under a players or
   legend row in 24 lines) gives up the statistics row instead of a board
   row: they go on the banner's row at the end (draw_end). */
static void view_size(const sapper_mines_view *v, int top, int *vw, int *vh)
{
    int rows = LINES - top - 1 - BELOW_ROWS;
    *vw = min_int(v->width, (COLS - 3) / 2);
    *vh = min_int(v->height, v->height == rows + 1 ? rows + 1 : rows);
    *vw = *vw < 1 ? 1 : *vw;
    *vh = *vh < 1 ? 1 : *vh;
}

/* Moves the view so the cursor stays in it, two cells from its edges
   where the board allows. */
static void follow_cursor(ui *u, const sapper_mines_view *v)
{
    int vw, vh;
    view_size(v, top_rows(u, v), &vw, &vh);
    int mx = min_int(2, (vw - 1) / 2), my = min_int(2, (vh - 1) / 2);
    if (u->ox < 0 || u->oy < 0) {   /* a new game: the cursor in the middle */
        u->ox = u->cx - vw / 2;
        u->oy = u->cy - vh / 2;
    }
    if (u->cx - mx < u->ox)
        u->ox = u->cx - mx;
    if (u->cx + mx >= u->ox + vw)
        u->ox = u->cx + mx - vw + 1;
    if (u->cy - my < u->oy)
        u->oy = u->cy - my;
    if (u->cy + my >= u->oy + vh)
        u->oy = u->cy + my - vh + 1;
    u->ox = u->ox > v->width - vw ? v->width - vw : u->ox < 0 ? 0 : u->ox;
    u->oy = u->oy > v->height - vh ? v->height - vh : u->oy < 0 ? 0 : u->oy;
}

grid_place ui_grid_place(ui *u, const sapper_mines_view *v)
{
    grid_place p;
    int top = top_rows(u, v);
    view_size(v, top, &p.vw, &p.vh);
    p.ox = u->ox > v->width - p.vw ? v->width - p.vw : u->ox < 0 ? 0 : u->ox;
    p.oy = u->oy > v->height - p.vh ? v->height - p.vh : u->oy < 0 ? 0 : u->oy;
    int fw = frame_width(p.vw);
    int block = fw > STATUS_W ? fw : STATUS_W;
    p.left = COLS > block ? (COLS - block) / 2 : 0;
    p.box = p.left + (block - fw) / 2;
    p.cell_x = p.box + 2;
    p.cell_y = top + 1;
    return p;
}

/* Puts the cursor in the grid: in the middle at the start of a game,
   clamped to the board afterwards (the size may have changed). */
void ui_grid_clamp_cursor(ui *u, const sapper_mines_view *v)
{
    if (u->cx < 0 || u->cy < 0) {
        u->cx = v->width / 2;
        u->cy = v->height / 2;
        u->ox = u->oy = -1;   /* the view centres on it (follow_cursor) */
    }
    u->cx = u->cx >= v->width ? v->width - 1 : u->cx;
    u->cy = u->cy >= v->height ? v->height - 1 : u->cy;
}

/* Each seat's colour: its claimed mines, its name on the players line. */
static const char *const seat_colour[SAPPER_MINES_MAX_SEATS] = {"red", "blue"};

static attr_t seat_attr(const ui *u, int32_t seat)
{
    if (seat == 0)
        return ui_attr(u, UI_PAIR_SEAT0, A_BOLD);
    /* without colour: underlined apart */
    return u->colour ? ui_attr(u, UI_PAIR_SEAT1, A_BOLD) : A_BOLD | A_UNDERLINE;
}

/* The character and attribute of one cell code. */
static int cell_look(ui *u, uint8_t c, attr_t *attr)
{
    int ch;
    *attr = A_NORMAL;
    if (ui_deductive_look(u, c, attr, &ch))   /* deductive: curses_deductive.c */
        return ch;
    if (c == SAPPER_CELL_0)
        return ' ';
    if (c <= 8) {
        *attr = ui_attr(u, UI_PAIR_NUMBER + c - 1, A_BOLD);
        return '0' + c;
    }
    switch (c) {
    case SAPPER_CELL_HIDDEN:
        return '.';
    case SAPPER_CELL_FLAGGED:
        *attr = ui_attr(u, UI_PAIR_FLAG, A_BOLD);
        return 'F';
    case SAPPER_CELL_MARKED:
        *attr = ui_attr(u, UI_PAIR_MARK, A_BOLD);
        return '?';
    case SAPPER_CELL_MINE:
        *attr = ui_attr(u, UI_PAIR_MINE, A_BOLD);
        return '*';
    case SAPPER_CELL_CLAIMED:
    case SAPPER_CELL_CLAIMED + 1:
        *attr = seat_attr(u, c - SAPPER_CELL_CLAIMED);
        return '*';
    default:
        return '#';   /* a code this front end does not know */
    }
}

/* odds: the overlay's probabilities, or NULL when it is off. */
/* Keeps the cells of a game in play, so that its end can tell which mines
   the player had flagged (the loss view shows every mine alike). */
static void remember_cells(ui *u, const sapper_mines_view *v)
{
    int n = v->width * v->height;
    if (v->to_move == SAPPER_TERMINAL)
        return;
    if (u->played_n != n) {
        free(u->played);
        u->played = malloc((size_t)n);
        u->played_n = u->played ? n : 0;
    }
    if (u->played)
        memcpy(u->played, ui_view_cells(v), (size_t)n);
}

/* Whether cell is a mine the game's last move set off: the cell it
   revealed, or a hidden neighbour of the number it chorded. */
static int exploded(ui *u, const sapper_mines_view *v, int cell)
{
    sapper_match *m = u->a->match;
    size_t n = sapper_match_move_count(m);
    int32_t verb, x, y;
    if (n == 0 || !sapper_mines_decode(sapper_match_move(m, n - 1)->action, v->width,
                                       v->height, &verb, &x, &y))
        return 0;
    int cx = cell % v->width, cy = cell / v->width, at = y * v->width + x;
    if (verb == SAPPER_MINES_REVEAL)
        return cell == at;
    return verb == SAPPER_MINES_CHORD && cell != at && abs(cx - x) <= 1 &&
           abs(cy - y) <= 1 && u->played && u->played_n == v->width * v->height &&
           u->played[cell] == SAPPER_CELL_HIDDEN;
}

/* A finished one-player game: lost, the mine set off on a background of
   its own, wrong flags crossed out (X), right flags kept; won, every mine
   flagged. 0 for cells it leaves as the view shows them. */
static int end_look(ui *u, const sapper_mines_view *v, int cell, uint8_t code,
                    attr_t *attr, int *ch)
{
    const char *state = ui_state(u);
    int lost = strcmp(state, "lost") == 0, won = strcmp(state, "won") == 0;
    if (v->to_move != SAPPER_TERMINAL || v->players != 1 || (!lost && !won))
        return 0;
    int was_flag = u->played && u->played_n == v->width * v->height &&
                   u->played[cell] == SAPPER_CELL_FLAGGED;
    if (lost && code == SAPPER_CELL_FLAGGED) {   /* a flag on a safe cell */
        *ch = 'X';
        *attr = ui_attr(u, UI_PAIR_ERROR, A_BOLD);
    } else if (lost && code == SAPPER_CELL_MINE && exploded(u, v, cell)) {
        *ch = '*';
        *attr = u->colour ? ui_attr(u, UI_PAIR_ERROR, A_BOLD | A_REVERSE)
                          : A_BOLD | A_REVERSE | A_UNDERLINE;
    } else if ((lost && code == SAPPER_CELL_MINE && was_flag) ||
               (won && sapper_cell_is_unknown(code))) {
        *ch = 'F';
        *attr = ui_attr(u, UI_PAIR_FLAG, A_BOLD);
    } else {
        return 0;
    }
    return 1;
}

static void draw_cell(ui *u, const sapper_mines_view *v, grid_place p,
                      const double *odds, int x, int y)
{
    attr_t attr;
    int ch;
    uint8_t code = ui_view_cells(v)[y * v->width + x];
    if (!end_look(u, v, y * v->width + x, code, &attr, &ch))
        ch = odds && sapper_cell_is_unknown(code)
            ? ui_solve_look(u, code, odds[y * v->width + x], &attr)
            : cell_look(u, code, &attr);
    if (x == u->cx && y == u->cy) {
        attr |= A_REVERSE;
        if (u->pressed && ch == '.') {   /* a button held down on it */
            ch = ' ';
            attr = u->colour ? ui_attr(u, UI_PAIR_PRESSED, A_BOLD)
                             : A_REVERSE | A_BOLD;
        }
    }
    attrset((int)attr);
    mvaddch(p.cell_y + y - p.oy, p.cell_x + 2 * (x - p.ox), (chtype)ch);
    attrset(A_NORMAL);
}

static void draw_frame(const sapper_mines_view *v, grid_place p)
{
    int fw = frame_width(p.vw), top = p.cell_y - 1, bottom = p.cell_y + p.vh;
    mvaddch(top, p.box, ACS_ULCORNER);
    mvhline(top, p.box + 1, ACS_HLINE, fw - 2);
    mvaddch(top, p.box + fw - 1, ACS_URCORNER);
    mvvline(top + 1, p.box, ACS_VLINE, p.vh);
    mvvline(top + 1, p.box + fw - 1, ACS_VLINE, p.vh);
    mvaddch(bottom, p.box, ACS_LLCORNER);
    mvhline(bottom, p.box + 1, ACS_HLINE, fw - 2);
    mvaddch(bottom, p.box + fw - 1, ACS_LRCORNER);
    /* arrows on the frame where the board goes on beyond the view */
    if (p.ox > 0)
        mvaddch(top + 1 + p.vh / 2, p.box, ACS_LARROW);
    if (p.ox + p.vw < v->width)
        mvaddch(top + 1 + p.vh / 2, p.box + fw - 1, ACS_RARROW);
    if (p.oy > 0)
        mvaddch(top, p.box + fw / 2, ACS_UARROW);
    if (p.oy + p.vh < v->height)
        mvaddch(bottom, p.box + fw / 2, ACS_DARROW);
}

/* Mines less flags and exposed mines. At the end every mine is shown, so
   only claimed ones (Mine-Seeker's) count as exposed then: they were
   found during the game, the rest only shown. */
static int mines_left(ui *u, const sapper_mines_view *v)
{
    int exposed = v->mines_exposed;
    if (v->to_move == SAPPER_TERMINAL && strcmp(ui_state(u), "won") == 0)
        return 0;   /* a win finds every mine: the screen flags them all */
    if (v->to_move == SAPPER_TERMINAL) {
        const uint8_t *cells = ui_view_cells(v);
        exposed = 0;
        for (int i = 0; i < v->width * v->height; i++)
            exposed += cells[i] >= SAPPER_CELL_CLAIMED;
    }
    return v->mines - v->flags - exposed;
}

static void draw_title(ui *u, const sapper_mines_view *v, grid_place p)
{
    char text[256], name[128];   /* the plugin's name, escaped */
    sapper_config_escape(u->a->setup.rules->desc.name, name, sizeof name);
    /* how the board was made, as its result says (classic's members) */
    int n = snprintf(text, sizeof text, "%s  %dx%d, %d mines%s", name, v->width, v->height,
                     v->mines, ui_board_made(u));
    if (ui_shows_seed(u) && n > 0 && (size_t)n < sizeof text)
        snprintf(text + n, sizeof text - (size_t)n, "  (seed %llu)",
                 (unsigned long long)sapper_match_seed(u->a->match));
    ui_put(0, p.left, A_BOLD, text);
}

/* The status line with its parts sep apart; returns its length. A
   finished game's shows its time, 3BV and 3BV/s from the statistics
   (u->stats_head) and no mode; the rest of them go by the banner. */
static int status_text(ui *u, const sapper_mines_view *v, grid_place p, const char *sep,
                       char *text, size_t cap)
{
    int end = u->ended != 0 && u->stats_head > 0;
    int n = end ? snprintf(text, cap, "Mines left: %d%sTime: %.*s%s%s", mines_left(u, v),
                           sep, u->stats_head, u->stats, sep, ui_state(u))
                : snprintf(text, cap, "Mines left: %d%sTime: %.1f%s%s", mines_left(u, v),
                           sep, ui_clock(u), sep, ui_state(u));
    if (!u->watching && !end)   /* a watched game has no mode */
        n += snprintf(text + n, cap - (size_t)n, "%sMode: %s", sep,
                      u->flag_mode ? "flag" : "reveal");
    if (u->overlay)
        n += snprintf(text + n, cap - (size_t)n, "%sOdds: on", sep);
    if (p.vw < v->width || p.vh < v->height)   /* where the view is */
        n += snprintf(text + n, cap - (size_t)n, "%sView: %d-%d, %d-%d", sep,
                      p.ox, p.ox + p.vw - 1, p.oy, p.oy + p.vh - 1);
    return n;
}

/* Three spaces between the parts, two when that is what makes it fit. */
static void draw_status(ui *u, const sapper_mines_view *v, grid_place p)
{
    char text[256];
    if (ui_deductive_status(u, v, 1, p.left))   /* curses_deductive.c */
        return;
    if (status_text(u, v, p, "   ", text, sizeof text) > COLS)
        status_text(u, v, p, "  ", text, sizeof text);
    ui_put_fit(1, p.left, A_BOLD, text);
}

/* A seat's name as the players line shows it: the Mine-Seeker display
   rules (display_name.c: "anon_*" as Anonymous, long names cut to 7 and
   "..."), so two names and the scores fit on one line. */
static const char *shown_name(const sapper_setup *s, int32_t seat, char *buf,
                              size_t cap)
{
    sapper_mines_display_name(s->seats[seat].name, buf, cap);
    return buf;
}

/* A seat on the players line: its name and its colour, "Ada (red)", with
   "you" for the person at this keyboard unless the name says it already:
   "Ada (red, you)", "you (red)". */
static void seat_label(ui *u, int32_t seat, int32_t me, char *out, size_t cap)
{
    char name[64];
    shown_name(&u->a->setup, seat, name, sizeof name);
    int you = seat == me && strcmp(name, "you") != 0;
    snprintf(out, cap, "%s (%s%s)", name, seat_colour[seat], you ? ", you" : "");
}

/* ui_put at (y, x), returning the column after the text (COLS once the
   line is full). */
static int put_on(int y, int x, attr_t attr, const char *text)
{
    int cy, cx;
    if (x >= COLS)
        return COLS;
    ui_put(y, x, attr, text);
    getyx(stdscr, cy, cx);
    return cy == y ? cx : COLS;
}

/* Two or more seats: everyone's name and colour (drawn in it, as the mines
   it claims), points, and whose turn it is. */
static void draw_players(ui *u, const sapper_mines_view *v, grid_place p)
{
    if (ui_deductive_legend(u, v, 2, p.left))   /* curses_deductive.c */
        return;
    if (v->players < 2)
        return;
    int32_t me = ui_hot_seat(u) ? -1 : ui_viewer(u);   /* hot seat: no "you" */
    int32_t n = v->players < SAPPER_MINES_MAX_SEATS ? v->players : SAPPER_MINES_MAX_SEATS;
    char text[128];
    int x = put_on(2, p.left, A_NORMAL, "Points:");
    for (int32_t i = 0; i < n; i++) {
        seat_label(u, i, me, text, sizeof text);
        x = put_on(2, put_on(2, x, A_NORMAL, "  "), seat_attr(u, i), text);
        snprintf(text, sizeof text, " %d%s", (int)v->points[i],
                 v->bombs >> i & 1 ? " +bomb" : "");
        x = put_on(2, x, A_NORMAL, text);
    }
    if (v->to_move < 0 || v->to_move >= n)
        return;
    char name[64];
    x = put_on(2, x, A_NORMAL, "   To move: ");
    put_on(2, x, seat_attr(u, v->to_move), shown_name(&u->a->setup, v->to_move, name,
                                                      sizeof name));
}

/* Text at (y, x) in two rows: as much as fits in width on the first,
   cut at an entry, the rest on the next row (ui_put_fit). */
static void put_two_rows(int y, int x, int width, const char *text)
{
    char first[sizeof ((ui *)0)->stats];
    int n = ui_word_cut(text, width);
    snprintf(first, sizeof first, "%.*s", n, text);
    ui_put(y, x, A_NORMAL, first);
    while (text[n] == ' ')
        n++;
    ui_put_fit(y + 1, x, A_NORMAL, text + n);
}

/* The statistics the banner's row shows: those the status line does not
   (deductive's status line is its own: all of them). */
static const char *end_stats(ui *u)
{
    if (ui_deductive(u) || u->stats_head <= 0)
        return u->stats;
    const char *rest = u->stats + u->stats_head;
    while (*rest == ' ')
        rest++;
    return rest;
}

/* The banner at row y, at x, or at the left edge when what follows it
   does not fit after it at x but does from there; returns the column
   after it. */
static int draw_banner_for(ui *u, int y, int x, int follows)
{
    int cy, cx;
    ui_draw_banner(u, y, x, "");
    getyx(stdscr, cy, cx);
    cx = cy == y ? cx : 0;   /* the banner's own gap after it */
    if (x == 0 || cx + follows <= COLS || cx - x + follows > COLS)
        return cx;
    move(y, 0);
    clrtoeol();
    return draw_banner_for(u, y, 0, follows);
}

/* Under a finished board: the banner, then the statistics on its row
   when they fit there, else on the row under it, else wrapped at an entry
   onto two. The message keeps the rows it needs under them (in its brief
   form when the whole does not leave the banner a row), so that Expert's
   banner, statistics and score note all show whole in 80x24; with no
   row at all to spare the statistics end at an entry on the banner's row.
   The keys that go on are on the key bar. */
static void draw_end(ui *u, grid_place p)
{
    if (strcmp(ui_state(u), "playing") == 0)
        return;
    const char *stats = u->ended != 0 ? end_stats(u) : "";
    int y = p.cell_y + p.vh + 1, len = (int)strlen(stats);
    int total = LINES - 1 - y;   /* the banner's row to the message's */
    int msg = ui_wrap_rows(ui_shown_message(u, total - 1), COLS);
    int rows = total - (msg < total ? msg : total - 1);   /* for the banner */
    int cx = draw_banner_for(u, y, p.left, len);
    if (!*stats)
        return;
    if (cx + len <= COLS) {
        ui_put(y, cx, A_NORMAL, stats);
    } else if (rows >= 2 && len <= COLS) {
        ui_put_fit(y + 1, p.left, A_NORMAL, stats);
    } else if (rows >= 3) {
        put_two_rows(y + 1, 0, COLS, stats);
    } else if (rows >= 2) {
        put_two_rows(y, cx, COLS - cx, stats);
    } else {
        char cut[sizeof u->stats];
        snprintf(cut, sizeof cut, "%.*s", ui_word_cut(stats, COLS - cx), stats);
        ui_put(y, cx, A_NORMAL, cut);
    }
}

void ui_grid_draw(ui *u)
{
    const double *odds = ui_solve_overlay(u);   /* before the view: it takes one */
    const sapper_mines_view *v = ui_grid_view(u);
    if (!v) {
        ui_put(0, 0, A_BOLD, "the rules gave no board to show");
        ui_draw_footer(u, "r restart  q quit");
        return;
    }
    /* any board fits some view: too small is only a window too small for
       the status line or for MIN_VIEW_H rows of it */
    int need_w = min_int(frame_width(v->width), STATUS_W);
    if (ui_too_small(u, need_w, min_int(v->height, MIN_VIEW_H) + top_rows(u, v) + 1 +
                            BELOW_ROWS))
        return;
    ui_grid_clamp_cursor(u, v);
    follow_cursor(u, v);
    grid_place p = ui_grid_place(u, v);
    draw_title(u, v, p);
    draw_status(u, v, p);
    draw_players(u, v, p);
    draw_frame(v, p);
    for (int y = p.oy; y < p.oy + p.vh; y++)
        for (int x = p.ox; x < p.ox + p.vw; x++)
            draw_cell(u, v, p, odds, x, y);
    remember_cells(u, v);
    draw_end(u, p);
    char keys[256];
    key_bar(u, v, keys, sizeof keys);
    ui_draw_footer(u, keys);
}
