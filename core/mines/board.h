/*
 * board.h - the Minesweeper board every mines ruleset shares: cells with a
 * mine bit, a player state (hidden, revealed, flagged, marked) and a
 * neighbour count; mine placement from a sapper_rng; flood fill; chord; the
 * header of a mines view; the board text format (reading layout files,
 * writing positions).
 *
 * It does not know whose turn it is, when a game is won or lost, or which
 * moves are legal: the rules plugins decide that. Nothing here prints or
 * allocates after sapper_board_init/copy, so reveal and chord cannot fail.
 * Cells are indexed y * width + x, x the column, as in sapper/mines.h.
 */
#ifndef SAPPER_BOARD_H
#define SAPPER_BOARD_H

#include "sapper/mines.h"

/* A guard against absurd layout headers, not a rule: rulesets set their own
   (smaller) limits. */
#define SAPPER_BOARD_MAX_SIDE 1000

/* The one-player verbs, reveal, flag and chord (SAPPER_MINES_REVEAL ..
   SAPPER_MINES_CHORD): what classic and deductive play and count. The
   family's bomb comes after them and is Mine-Seeker's alone. */
#define SAPPER_BOARD_CLICK_VERBS 3

/** sapper_mines_decode limited to the one-player verbs: 0 for a bomb or an
 *  id out of range. */
static inline int sapper_board_decode_click(int64_t action, int32_t width,
                                            int32_t height, int32_t *verb,
                                            int32_t *x, int32_t *y)
{
    return sapper_mines_decode(action, width, height, verb, x, y) &&
           *verb < SAPPER_BOARD_CLICK_VERBS;
}

/* Player state of a cell (sapper_board.state). */
#define SAPPER_BOARD_HIDDEN   0
#define SAPPER_BOARD_REVEALED 1
#define SAPPER_BOARD_FLAGGED  2
#define SAPPER_BOARD_MARKED   3   /* hidden with a question mark */

/* What a view or a text shows (the `show` argument below). */
#define SAPPER_BOARD_SHOW_PLAYER 0  /* what the player knows                */
#define SAPPER_BOARD_SHOW_MINES  1  /* plus every mine (after a loss)       */
#define SAPPER_BOARD_SHOW_ALL    2  /* the whole board (omniscient)         */
#define SAPPER_BOARD_SHOW_WON    3  /* the player's, every mine flagged
                                       (after a win)                        */

/** One board. Owns its arrays (one allocation); free with sapper_board_free. */
typedef struct sapper_board {
    int32_t width, height, cells;
    int32_t mines;      /* mines the board has, or will have once placed  */
    int32_t placed;     /* 1 once mines are on the board                  */
    int32_t revealed;   /* cells in state REVEALED (mines included)       */
    int32_t flags;      /* cells in state FLAGGED                         */
    uint8_t *mine;      /* cells entries, 1 = mine                        */
    uint8_t *state;     /* cells entries, SAPPER_BOARD_*                  */
    uint8_t *count;     /* cells entries, mines among the neighbours      */
    uint8_t *flagged_near; /* cells entries, FLAGGED neighbours (kept up
                              to date by every move, so chord checks are
                              O(1))                                       */
    uint8_t *hidden_near;  /* cells entries, HIDDEN neighbours (likewise) */
    int32_t *stack;     /* cells entries of scratch for flood and placing */
} sapper_board;

/** Makes a width x height board, all hidden, no mines placed yet; `mines`
 *  is the count sapper_board_place_mines will place. SAPPER_ERR_PARAM for
 *  a side outside 1..SAPPER_BOARD_MAX_SIDE or mines outside 0..cells,
 *  SAPPER_ERR_NOMEM; on failure *b is zeroed. */
sapper_status sapper_board_init(sapper_board *b, int32_t width, int32_t height,
                                int32_t mines);
/** Frees the arrays and zeroes *b; a zeroed board is a no-op. */
void sapper_board_free(sapper_board *b);
/** Deep copy into an uninitialised dst. SAPPER_ERR_NOMEM on failure. */
sapper_status sapper_board_copy(sapper_board *dst, const sapper_board *src);

/** Writes the (up to 8) neighbours of cell into out, returns how many. */
int32_t sapper_board_neighbours(const sapper_board *b, int32_t cell,
                                int32_t out[8]);
/** sapper_board_neighbours for the library's own loops (flood, moves,
 *  counts, 3BV): the same cells in the same order, without a call. */
static inline int32_t sapper_board_neighbours_inline(const sapper_board *b,
                                                     int32_t cell,
                                                     int32_t out[8])
{
    int32_t w = b->width, x = cell % w, y = cell / w, n = 0;
    if (x > 0 && x < w - 1 && y > 0 && y < b->height - 1) {
        /* inside: all eight, in the same order as below */
        const int32_t up = cell - w, down = cell + w;
        out[0] = up - 1;
        out[1] = up;
        out[2] = up + 1;
        out[3] = cell - 1;
        out[4] = cell + 1;
        out[5] = down - 1;
        out[6] = down;
        out[7] = down + 1;
        return 8;
    }
    for (int32_t dy = -1; dy <= 1; dy++) {
        for (int32_t dx = -1; dx <= 1; dx++) {
            int32_t nx = x + dx, ny = y + dy;
            if ((dx || dy) && nx >= 0 && ny >= 0 && nx < b->width &&
                ny < b->height)
                out[n++] = ny * b->width + nx;
        }
    }
    return n;
}


/** Places b->mines mines uniformly among the cells not listed in keep_free
 *  (nkeep entries, duplicates allowed; the first-click policy) and computes
 *  the counts. SAPPER_ERR_PARAM when too few cells are allowed,
 *  SAPPER_ERR_STATE when mines are already placed. */
sapper_status sapper_board_place_mines(sapper_board *b, sapper_rng *rng,
                                       const int32_t *keep_free, int32_t nkeep);
/** Places mines where mine[i] is non-zero (a layout; cells entries),
 *  setting b->mines to their number, and computes the counts. */
void sapper_board_set_mines(sapper_board *b, const uint8_t *mine);

/** Reveals a HIDDEN cell (any other state: nothing happens, returns 0).
 *  A revealed 0 floods: its HIDDEN neighbours are revealed, and so on
 *  (iteratively; flagged and marked cells are left alone). Returns 1 when
 *  the cell was a mine, else 0. */
int sapper_board_reveal(sapper_board *b, int32_t cell);
/** True when cell is revealed, as many of its neighbours are flagged as it
 *  counts, and at least one neighbour is HIDDEN (neither flagged nor
 *  marked): a chord would open something. */
static inline int sapper_board_can_chord(const sapper_board *b, int32_t cell)
{
    return b->state[cell] == SAPPER_BOARD_REVEALED && !b->mine[cell] &&
           b->flagged_near[cell] == b->count[cell] && b->hidden_near[cell] > 0;
}
/** Reveals every HIDDEN neighbour of cell (flagged and marked ones are
 *  skipped), with flood. Returns the number of mines so revealed. */
int32_t sapper_board_chord(sapper_board *b, int32_t cell);
/** Cycles a non-revealed cell hidden -> flagged -> marked -> hidden and
 *  returns its new state; a revealed cell is left alone (returns
 *  SAPPER_BOARD_REVEALED). */
uint8_t sapper_board_cycle_flag(sapper_board *b, int32_t cell);

/** The sapper/mines.h cell code of cell as `show` (SAPPER_BOARD_SHOW_*)
 *  sees it. Before mines are placed SHOW_ALL shows what the player sees. */
uint8_t sapper_board_code(const sapper_board *b, int32_t cell, int show);
/** Every cell's code as `show` sees it into out (cells entries), as
 *  sapper_board_code gives them (one call for a whole view); returns how
 *  many are SAPPER_CELL_MINE. */
int32_t sapper_board_codes(const sapper_board *b, int show, uint8_t *out);
/** 3BV (bbbv.c): the fewest left clicks that clear the board without
 *  flags, one per opening and one per number on no opening's rim; with
 *  solved not NULL, *solved gets the part already done (openings opened,
 *  lone numbers revealed). 0 before the mines are placed, -1 when memory
 *  runs out. */
int32_t sapper_board_3bv(const sapper_board *b, int32_t *solved);
/** A game's statistics as JSON members for a result (bbbv.c), starting
 *  with a comma: "bbbv", "bbbv_solved", "clicks" [left, right, chord]
 *  from clicks (applied actions by verb: reveal, flag, chord; a results
 *  database keeps every byte of it, so an array) and "efficiency" (solved
 *  3BV per click, in percent; null with no click).
 *  Write up to cap, return needed; -1 when memory runs out. */
int64_t sapper_board_stats_json(const sapper_board *b,
                                const int32_t clicks[SAPPER_BOARD_CLICK_VERBS],
                                char *buf, size_t cap);
/** Safe cells revealed (bbbv.c): the cells in state REVEALED less the
 *  mines among them (the one a game was lost on, forgiven ones), the
 *  result's "revealed"; a won game has cells - mines. */
int32_t sapper_board_safe_revealed(const sapper_board *b);
/** The same statistics, with the board's size, mines and safe cells
 *  revealed (sapper_board_safe_revealed),
 *  as the family's typed record (sapper/mines.h, SAPPER_MINES_REC_COUNTED set,
 *  no cell lost on): what the rules' SAPPER_EXT_MINES_RECORD starts from.
 *  0, or -1 when memory runs out. */
int sapper_board_record(const sapper_board *b,
                        const int32_t clicks[SAPPER_BOARD_CLICK_VERBS],
                        sapper_mines_record *out);
/** The board text character of a cell code: '?' hidden, 'F' flagged, 'M'
 *  marked, '0'-'8' revealed, '*' mine. */
char sapper_board_code_char(uint8_t code);

/** Starts observe's view of b in out (cap bytes): when cap holds
 *  sapper_mines_view_size of the board, zeroes the header, fills
 *  struct_size, width, height, mines, flags, seat, to_move, players and
 *  moves, and returns out as the view. The caller writes the cells,
 *  mines_exposed and any member of its own (points, paused_us). NULL when
 *  cap is too small. */
sapper_mines_view *sapper_board_view_begin(const sapper_board *b, void *out,
                                           size_t cap, int32_t seat,
                                           int32_t to_move, int32_t players,
                                           int64_t moves);

/** The board text of the position: "W H M\n" then height rows of width
 *  characters, each ending in '\n'. Write up to cap, return needed. */
int64_t sapper_board_write_text(const sapper_board *b, int show, char *buf,
                                size_t cap);

/** Parses a layout: "W H M", then H rows of W characters, '*' a mine and
 *  '.' a safe cell ("\r\n" and trailing blank lines allowed); M must equal
 *  the number of '*'. On success initialises *b with the mines set. On
 *  failure returns SAPPER_ERR_PARSE (or NOMEM) with "name:line:column:
 *  expected ..., found ..." in err, and *b zeroed. */
sapper_status sapper_board_parse_layout(const char *text, size_t len,
                                        const char *name, sapper_board *b,
                                        char *err, size_t errcap);
/** Reads the file at path and parses it as a layout (errors name the path);
 *  SAPPER_ERR_PARAM when the file cannot be read, is not a regular file
 *  (a FIFO or device is refused, never waited on) or is larger than a
 *  SAPPER_BOARD_MAX_SIDE square grid's text. */
sapper_status sapper_board_load_layout(const char *path, sapper_board *b,
                                       char *err, size_t errcap);

/** A layout fixes the size and the mines: SAPPER_ERR_PARAM with the reason
 *  in err when any of the ruleset's parameters preset, width, height or
 *  mines in p differs from its default (defaults[0..3], in that order)
 *  beside the layout file `layout`, so a new size asked for (the curses
 *  `n`, the command line) is never silently replaced by the layout's;
 *  else SAPPER_OK. */
sapper_status sapper_board_layout_fixes_size(const sapper_params *p, const char *layout,
                                             const char *const defaults[4], char *err,
                                             size_t errcap);

/** The `layout` parameter of a ruleset: loads the layout file at path and
 *  sets *width, *height, *mines and *mine, a malloc'd copy of its mine
 *  cells (width*height entries, 1 = mine) the caller owns. On failure
 *  SAPPER_ERR_PARAM (the file cannot be read or parsed; the reason in err)
 *  or SAPPER_ERR_NOMEM, with *mine NULL. */
sapper_status sapper_board_read_layout(const char *path, int32_t *width,
                                       int32_t *height, int32_t *mines,
                                       uint8_t **mine, char *err,
                                       size_t errcap);

#endif /* SAPPER_BOARD_H */
