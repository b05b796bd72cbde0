/*
 * curses_grid_keys.c - the Minesweeper family's keys and mouse clicks in
 * the terminal: the cursor, reveal, flag, chord and bomb at it, the mode,
 * and the help page that lists them. What an action does, and whether it
 * is allowed, is the rules' business: a refusal comes back as a message.
 * The solver's keys are curses_solve.c's; drawing is curses_grid.c's.
 */
#include "curses_grid.h"

static const char grid_help[] =
    "arrows, hjkl   move the cursor\n"
    "space, enter   reveal the cell (flag it in flag mode); on a number: chord\n"
    "f              flag cycle: hidden -> flagged F -> marked ? -> hidden\n"
    "c              chord: open the neighbours of a number whose flags are set\n"
    "m              switch the mode: reveal or flag\n"
    "left click     like space on the clicked cell\n"
    "right click    flag cycle on the clicked cell (also shift + click)\n"
    "n              new game: another size and mine count\n"
    "b              the rules' statistics (Mine-Seeker: Bonus Statistics)\n"
    "t              the scoreboard of this board (sapper scores: all)\n"
    "x              Mine-Seeker with bombs: throw your bomb at the cursor\n"
    "               (once a game, while behind; opens the 5x5 square)\n"
    "?              hint: the cursor goes to a certainly safe cell, or to the\n"
    "               safest guess with its mine probability\n"
    "a              solver step: reveal that cell\n"
    "A              auto-play: a solver step every 0.1 s (any key stops it)\n"
    "p              probability overlay on unrevealed cells: green < 10%,\n"
    "               yellow < 40%, red 40% and up; bright green certainly\n"
    "               safe, bright red certainly a mine (NO_COLOR: the tenths\n"
    "               as a digit 0-9, underlined; bold when certain)";

static void move_cursor(ui *u, int dx, int dy)
{
    const sapper_mines_view *v = ui_grid_view(u);
    if (!v)
        return;
    ui_grid_clamp_cursor(u, v);
    int x = u->cx + dx, y = u->cy + dy;
    u->cx = x < 0 ? 0 : x >= v->width ? v->width - 1 : x;
    u->cy = y < 0 ? 0 : y >= v->height ? v->height - 1 : y;
}

/* Plays verb at the cursor. */
static void act(ui *u, int32_t verb)
{
    const sapper_mines_view *v = ui_grid_view(u);
    char why[256];
    if (!v)
        return;
    if (!ui_grid_has_verb(u, verb, why, sizeof why)) {   /* the rules' own words */
        ui_message(u, 1, "%s", why);
        return;
    }
    ui_grid_clamp_cursor(u, v);
    ui_play(u, sapper_mines_action(verb, u->cx, u->cy, v->width, v->height));
}

/* Space, enter and left click: flag in flag mode; otherwise chord on a
   revealed number (what clicking a number does in most Minesweepers) and
   reveal anywhere else. */
static void primary(ui *u)
{
    const sapper_mines_view *v = ui_grid_view(u);
    if (!v)
        return;
    ui_grid_clamp_cursor(u, v);
    uint8_t c = ui_view_cells(v)[u->cy * v->width + u->cx];
    if (u->flag_mode)
        act(u, SAPPER_MINES_FLAG);
    else if (c >= 1 && c <= 8 && ui_grid_has_verb(u, SAPPER_MINES_CHORD, NULL, 0))
        act(u, SAPPER_MINES_CHORD);
    else
        act(u, SAPPER_MINES_REVEAL);
}

/* The cell under screen position (sx, sy): the character and the space
   after it both count. 0 when outside the board. */
static int cell_at(ui *u, int sx, int sy, int *x, int *y)
{
    const sapper_mines_view *v = ui_grid_view(u);
    if (!v)
        return 0;
    grid_place p = ui_grid_place(u, v);
    int dx = sx - p.cell_x, dy = sy - p.cell_y;
    if (dx < 0 || dy < 0 || dx >= 2 * p.vw || dy >= p.vh)
        return 0;
    *x = p.ox + dx / 2;
    *y = p.oy + dy;
    return 1;
}

/* A press shows on the cell; the release acts where the button comes up,
   so a press can still be moved off the cell. */
static void mouse(ui *u)
{
    MEVENT ev;
    int x, y;
    if (getmouse(&ev) != OK)
        return;
    int inside = cell_at(u, ev.x, ev.y, &x, &y);
    if (inside) {
        u->cx = x;
        u->cy = y;
    }
    if (ev.bstate & (BUTTON1_PRESSED | BUTTON3_PRESSED)) {
        u->pressed = inside;
        u->pressed_shift = (ev.bstate & BUTTON_SHIFT) != 0;
        return;
    }
    int shift = u->pressed_shift || (ev.bstate & BUTTON_SHIFT);
    u->pressed = u->pressed_shift = 0;
    if (!inside)
        return;
    if (shift)   /* shift and either button, at the press or the release: flag */
        act(u, SAPPER_MINES_FLAG);
    else if (ev.bstate & (BUTTON1_RELEASED | BUTTON1_CLICKED))
        primary(u);
    else if (ev.bstate & (BUTTON3_RELEASED | BUTTON3_CLICKED))
        act(u, SAPPER_MINES_FLAG);
}

static void toggle_mode(ui *u)
{
    char why[256];
    if (!ui_grid_has_verb(u, SAPPER_MINES_FLAG, why, sizeof why)) {
        ui_message(u, 1, "%s", why);
        return;
    }
    u->flag_mode = !u->flag_mode;
    ui_message(u, 0, u->flag_mode ? "flag mode: space and left click flag"
                                  : "reveal mode: space and left click reveal");
}

static int grid_key(ui *u, int ch)
{
    switch (ch) {
    case KEY_LEFT: case 'h': move_cursor(u, -1, 0); return 1;
    case KEY_RIGHT: case 'l': move_cursor(u, 1, 0); return 1;
    case KEY_UP: case 'k': move_cursor(u, 0, -1); return 1;
    case KEY_DOWN: case 'j': move_cursor(u, 0, 1); return 1;
    case ' ': case '\n': case '\r': case KEY_ENTER: primary(u); return 1;
    case 'f': act(u, SAPPER_MINES_FLAG); return 1;
    case 'c': act(u, SAPPER_MINES_CHORD); return 1;
    case 'x': act(u, SAPPER_MINES_BOMB); return 1;
    case 'm': toggle_mode(u); return 1;
    case 'n': ui_prompt_new_game(u); return 1;
    case 'b': ui_show_panel(u, 0); return 1;   /* curses_panel.c */
    case 't': ui_show_scores(u); return 1;     /* curses_scores.c */
    case KEY_MOUSE: mouse(u); return 1;
    default: return ui_solve_key(u, ch);
    }
}

const ui_family ui_grid_family = {
    .help = grid_help,
    .draw = ui_grid_draw,
    .key = grid_key,
};
