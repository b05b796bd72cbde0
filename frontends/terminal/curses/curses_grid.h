/*
 * curses_grid.h - what the two files of the Minesweeper family's screen
 * share (curses_grid.c draws, curses_grid_keys.c takes keys): where the grid
 * sits and the view it shows. Not included elsewhere; the family reaches
 * the rest of the front end as ui_grid_family (curses_ui.h).
 */
#ifndef SAPPER_CURSES_GRID_H
#define SAPPER_CURSES_GRID_H

#include "curses_ui.h"
#include "display_name.h"

/* Where the grid sits on the screen, and which part of the board shows: a
   board larger than the window is seen through a view of vw x vh cells
   from cell (ox, oy) that follows the cursor. */
typedef struct grid_place {
    int left;       /* first column of the text lines */
    int box;        /* first column of the frame */
    int cell_x;     /* column of the view's first cell */
    int cell_y;     /* row of the view's first cell */
    int ox, oy;     /* the board cell in the view's top left */
    int vw, vh;     /* cells in view across and down */
} grid_place;

/** The human seat's view, checked to hold its cells; NULL when it does not
 *  (the match then has a fault to show). Valid until the next match call. */
const sapper_mines_view *ui_grid_view(ui *u);
/** Where the grid of v goes on the screen now, its view following the
 *  cursor. */
grid_place ui_grid_place(ui *u, const sapper_mines_view *v);
/** Puts the cursor in the grid: in the middle at the start of a game,
 *  clamped to the board of v afterwards (the size may have changed). */
void ui_grid_clamp_cursor(ui *u, const sapper_mines_view *v);
/** Whether the ruleset has verb at all (its text form parses); err, when
 *  not NULL, gets the rules' words when it does not. */
int ui_grid_has_verb(ui *u, int32_t verb, char *err, size_t errcap);
/** Draws the whole screen of the family. */
void ui_grid_draw(ui *u);

#endif /* SAPPER_CURSES_GRID_H */
