/*
 * sapper/mines.h - the Minesweeper family ("mines"): the view a bot sees and
 * the encoding of actions, shared by the classic, deductive and seeker rules
 * and by every mines bot. One bot written against this header plays them all.
 *
 * Coordinates are 0-based: x is the column, y the row, cell index y*width+x.
 * Header-only; depends on sapper/plugin.h alone.
 *
 * Changelog (follows the ABI version in sapper/plugin.h):
 *   1.0  2026-11-30  first version.
 *   1.1  2026-11-30  view: paused_us appended to the header (time the rules
 *                    spent studying, off the player's clock; read it with
 *                    sapper_mines_view_paused_us); cell codes 20-29 for the
 *                    deductive ruleset's analysis after a loss.
 *   1.2  2026-12-01  verb 3, SAPPER_MINES_BOMB ("bomb X Y": Mine-Seeker's
 *                    one-use 5x5 bomb, offered only when its rules enable
 *                    it, so a bot that never decodes it still plays); the
 *                    view's reserved member becomes bombs (which seats
 *                    still hold their bomb; 0 wherever there are none).
 *                    The family version stays 2: nothing a 1.1 bot reads
 *                    changed meaning.
 *   1.3  2026-12-03  extension SAPPER_EXT_MINES_RECORD, a game's result as
 *                    a typed record (sapper_mines_record); its revealed
                    counts safe cells only, as the result JSON's does.
                    Cell code 30, SAPPER_CELL_MINE_CLICKED_UNKNOWN: the
                    mine a deductive game was lost on when it was not
                    deducible (1.1 showed it as SAPPER_CELL_MINE_UNKNOWN,
                    like every other unknown mine). Finished games only, so
                    a playing bot never sees it; a 1.2 reader's
                    sapper_cell_analysis gives 0 for it, as for any code
                    it does not know. The family version stays 2.
 */
#ifndef SAPPER_MINES_H
#define SAPPER_MINES_H

#include "sapper/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SAPPER_MINES_FAMILY "mines"
/* The family's version (sapper_descriptor.family_version): 1 is the 1.0
   view, 2 added paused_us and the analysis codes 20-29 (ABI 1.1). */
#define SAPPER_MINES_FAMILY_VERSION 2

/* Cell codes in sapper_mines_view.cells. */
#define SAPPER_CELL_0        0   /* revealed, 0..8 neighbouring mines: 0..8 */
#define SAPPER_CELL_HIDDEN   9   /* not revealed, no mark                    */
#define SAPPER_CELL_FLAGGED  10  /* not revealed, flagged as a mine          */
#define SAPPER_CELL_MARKED   11  /* not revealed, marked "?" (unsure)        */
#define SAPPER_CELL_MINE     12  /* an exposed mine (lost on it, forgiven,
                                    or shown after the game)                 */
#define SAPPER_CELL_CLAIMED  16  /* 16 + seat: a mine claimed by that seat
                                    (two-player rulesets)                    */

/* 1.1: finished games only. After a loss the deductive ruleset shows every
   cell that was unexposed before the fatal click as one of five classes:
   what the cell is, and whether the exact deduction engine could tell it
   from the exposed information (the position before the click, with the
   mine total). Add SAPPER_CELL_ANALYSIS_MARKED when the cell carries the
   player's mark. Colours are the ones of the Deductive Minesweeper
   document. Codes 13-15 and 18-19 stay unused. */
#define SAPPER_CELL_SAFE_UNKNOWN   20  /* safe, not deducible      (gray)   */
#define SAPPER_CELL_SAFE_KNOWN     21  /* safe, deducible          (green)  */
#define SAPPER_CELL_MINE_UNKNOWN   22  /* mine, not deducible      (purple) */
#define SAPPER_CELL_MINE_KNOWN     23  /* mine, deducible          (yellow) */
#define SAPPER_CELL_MINE_CLICKED   24  /* the clicked mine, and it was
                                          deducible                (red)    */
#define SAPPER_CELL_ANALYSIS_MARKED 5  /* 25-29: the same, marked (`:`)     */
/* 1.3: the clicked mine when it was not deducible: the document's table
   has only the deducible one, but the mine that ended the game is marked
   whatever it was (red, as clicked). Never marked: a marked cell cannot
   be exposed. */
#define SAPPER_CELL_MINE_CLICKED_UNKNOWN 30

/** The analysis class of a code (SAPPER_CELL_SAFE_UNKNOWN ..
 *  SAPPER_CELL_MINE_CLICKED, marks dropped, or 1.3's
 *  SAPPER_CELL_MINE_CLICKED_UNKNOWN), or 0 for any other code. */
static inline uint8_t sapper_cell_analysis(uint8_t c)
{
    if (c == SAPPER_CELL_MINE_CLICKED_UNKNOWN)
        return c;
    if (c >= SAPPER_CELL_SAFE_UNKNOWN + SAPPER_CELL_ANALYSIS_MARKED &&
        c <= SAPPER_CELL_MINE_CLICKED + SAPPER_CELL_ANALYSIS_MARKED)
        return (uint8_t)(c - SAPPER_CELL_ANALYSIS_MARKED);
    return c >= SAPPER_CELL_SAFE_UNKNOWN && c <= SAPPER_CELL_MINE_CLICKED
        ? c : 0;
}

/** True for a cell that is still a candidate to be a hidden mine. */
static inline int sapper_cell_is_unknown(uint8_t c)
{
    return c == SAPPER_CELL_HIDDEN || c == SAPPER_CELL_FLAGGED ||
           c == SAPPER_CELL_MARKED;
}

#define SAPPER_MINES_MAX_SEATS 2

/**
 * The view of one seat (what observe() writes for the mines family):
 * this fixed header followed by width*height cell codes. Its total size is
 * sapper_mines_view_size(width, height). The cells start at byte offset
 * struct_size (a later minor version may grow the header), so readers use
 * sapper_mines_view_cells() rather than ->cells.
 */
typedef struct sapper_mines_view {
    uint32_t struct_size;   /* sizeof(sapper_mines_view) of the writer      */
    int32_t width;
    int32_t height;
    int32_t mines;          /* mines on the board in total                  */
    int32_t mines_exposed;  /* mines shown (claimed, forgiven or lost on)   */
    int32_t flags;          /* cells flagged by the viewer                  */
    int32_t seat;           /* the viewer, or SAPPER_OMNISCIENT             */
    int32_t to_move;        /* current_player() of the state                */
    int32_t players;
    int32_t bombs;          /* 1.2: bit s set while seat s still holds its
                               bomb (seeker with bomb = true); 0 otherwise.
                               Reserved and 0 before 1.2                   */
    int32_t points[SAPPER_MINES_MAX_SEATS]; /* per seat (two-player games)  */
    int64_t moves;          /* actions applied so far                       */
    /* ---- 1.1 ---- */
    int64_t paused_us;      /* deprecated (ABI 1.2): always 0. It carried
                               the rules' own study time; rules read no
                               clock, and the front end times the moves
                               it plays itself                             */
    uint8_t cells[];        /* width*height codes, row by row               */
} sapper_mines_view;

/* The header size of a 1.0 writer: the smallest struct_size a reader
   accepts. Members after it exist only when struct_size covers them. */
#define SAPPER_MINES_VIEW_SIZE_1_0 offsetof(sapper_mines_view, paused_us)

/**
 * The cells of a view of view_size bytes written by any minor version of
 * this header, or NULL when the view is malformed (too small, a header
 * larger than the view, no cells, or fewer cell bytes than width*height).
 * Bots should call this first and refuse (SAPPER_ERR_STATE) on NULL.
 */
static inline const uint8_t *sapper_mines_view_cells(const void *view,
                                                     size_t view_size)
{
    const sapper_mines_view *v = (const sapper_mines_view *)view;
    if (!v || view_size < SAPPER_MINES_VIEW_SIZE_1_0 ||
        v->struct_size < SAPPER_MINES_VIEW_SIZE_1_0 ||
        v->struct_size > view_size || v->width <= 0 || v->height <= 0)
        return NULL;
    if ((uint64_t)v->width * (uint64_t)v->height > view_size - v->struct_size)
        return NULL;
    return (const uint8_t *)view + v->struct_size;
}

/** view->paused_us when the writer's header has it (1.1 on), else 0.
 *  Call after sapper_mines_view_cells() accepted the view. */
static inline int64_t sapper_mines_view_paused_us(const void *view)
{
    const sapper_mines_view *v = (const sapper_mines_view *)view;
    if (v->struct_size < offsetof(sapper_mines_view, paused_us) +
                         sizeof v->paused_us)
        return 0;
    return v->paused_us;
}

static inline size_t sapper_mines_view_size(int32_t width, int32_t height)
{
    return sizeof(sapper_mines_view) + (size_t)width * (size_t)height;
}

/* Actions: id = verb * width * height + y * width + x. */
#define SAPPER_MINES_REVEAL 0  /* "reveal X Y": open a cell                  */
#define SAPPER_MINES_FLAG   1  /* "flag X Y": hidden -> flagged -> marked -> hidden
                                  (classic); deductive has one mark:
                                  hidden <-> marked                         */
#define SAPPER_MINES_CHORD  2  /* "chord X Y": open the unflagged neighbours
                                  of a number whose flags are all placed     */
#define SAPPER_MINES_BOMB   3  /* 1.2, "bomb X Y": open the 5x5 square around
                                  the cell, moved inside the board; its
                                  mines are the bomber's (Mine-Seeker with
                                  bomb = true only: see its docs)           */
#define SAPPER_MINES_VERBS  4  /* 3 before 1.2                               */

static inline int64_t sapper_mines_action(int32_t verb, int32_t x, int32_t y,
                                          int32_t width, int32_t height)
{
    return (int64_t)verb * width * height + (int64_t)y * width + x;
}

/** Splits an action id; returns 0 when it is out of range. */
static inline int sapper_mines_decode(int64_t action, int32_t width,
                                      int32_t height, int32_t *verb,
                                      int32_t *x, int32_t *y)
{
    int64_t cells = (int64_t)width * height;
    if (action < 0 || action >= cells * SAPPER_MINES_VERBS)
        return 0;
    *verb = (int32_t)(action / cells);
    *x = (int32_t)(action % cells % width);
    *y = (int32_t)(action % cells / width);
    return 1;
}

/* ---- 1.3: extensions of the family's rules ---------------------------- */

/** Extension "sapper.mines.record/1" (sapper_rules_api.get_extension): a
 *  game's result as a typed record, for front ends and tools that need a
 *  field (3BV, clicks, the fatal cell) without reading result_json. The
 *  JSON result carries the same numbers under the names in the comments. */
#define SAPPER_EXT_MINES_RECORD "sapper.mines.record/1"

/* sapper_mines_record.flags */
#define SAPPER_MINES_REC_NO_GUESS  1u  /* made no-guess ("no_guess": true)  */
#define SAPPER_MINES_REC_CLOUDS    2u  /* mines in density clouds
                                          ("density": "clouds")           */
#define SAPPER_MINES_REC_FORGIVES  4u  /* the rules forgive mines: forgiven
                                          is their count ("forgiven")     */
#define SAPPER_MINES_REC_LOST_ON   8u  /* lost on the cell lost_x, lost_y
                                          ("lost_on": [x, y])             */
#define SAPPER_MINES_REC_COUNTED  16u  /* bbbv, bbbv_solved and clicks are
                                          counted ("bbbv", "bbbv_solved",
                                          "clicks")                       */

typedef struct sapper_mines_record {
    uint32_t struct_size;   /* the caller's sizeof(sapper_mines_record)     */
    uint32_t flags;         /* SAPPER_MINES_REC_* above                     */
    int32_t width, height, mines;
    int32_t revealed;       /* safe cells revealed: never a mine, neither
                               one lost on nor a forgiven one; cells -
                               mines in a won game ("revealed")             */
    int32_t lost_x, lost_y; /* with SAPPER_MINES_REC_LOST_ON, else -1       */
    int32_t forgiven;       /* with SAPPER_MINES_REC_FORGIVES, else 0       */
    int32_t bbbv;           /* the board's 3BV: the fewest left clicks that
                                clear it                                    */
    int32_t bbbv_solved;    /* of those, the ones this game has done        */
    int32_t clicks[3];      /* reveal, flag and chord actions played, in
                               the order of SAPPER_MINES_REVEAL..CHORD      */
} sapper_mines_record;

typedef struct sapper_mines_record_ext {
    uint32_t struct_size;   /* sizeof(sapper_mines_record_ext), plugin's   */
    /** Fills *out for state. out is zeroed by the caller with struct_size
     *  set to the caller's sizeof: build your own record and pass both to
     *  sapper_mines_record_fill. [instance] */
    void (*record)(const void *state, sapper_mines_record *out);
} sapper_mines_record_ext;

/** Copies the plugin's record into the caller's out, as much as the
 *  caller's struct_size holds, keeping it. [any time] */
static inline void sapper_mines_record_fill(sapper_mines_record *out,
                                            const sapper_mines_record *mine)
{
    size_t n = out->struct_size < sizeof *mine ? out->struct_size : sizeof *mine;
    uint32_t keep = out->struct_size;
    memcpy(out, mine, n);
    out->struct_size = keep;
}

/** Efficiency in per cent: 3BV solved per click of any kind, or -1 before
 *  the first click ("efficiency", null there). [any time] */
static inline double sapper_mines_efficiency(const sapper_mines_record *r)
{
    int64_t all = (int64_t)r->clicks[0] + r->clicks[1] + r->clicks[2];
    return all > 0 ? 100.0 * r->bbbv_solved / (double)all : -1;
}

#ifdef __cplusplus
}
#endif
#endif /* SAPPER_MINES_H */
