/*
 * internal.h - what the files of the deductive plugin share and nobody
 * else sees: the game and state structs and the helpers that cross files.
 * Not included by tests (they use deductive.h).
 */
#ifndef DEDUCTIVE_INTERNAL_H
#define DEDUCTIVE_INTERNAL_H

#include "deductive.h"

#include "board.h"

enum { DED_ONGOING, DED_WON, DED_LOST };

typedef struct ded_game {
    int32_t width, height, mines;
    const char *preset;    /* static: the menu entry, or "custom"/"layout" */
    uint8_t *layout;       /* fixed mines, width*height; NULL = drawn from
                              the seed. Owned by the game.                 */
} ded_game;

typedef struct ded_state {
    const ded_game *game;
    sapper_board board;    /* owned; marks are SAPPER_BOARD_MARKED         */
    int64_t moves;
    int32_t outcome;       /* DED_*                                        */
    int32_t forgiven;      /* mines exposed and forgiven                   */
    int32_t studies;       /* engine consultations                         */
    int32_t approximate;   /* some consultation hit its budget             */
    int32_t lost_cell;     /* the fatal click, -1 before a loss            */
    int32_t lost_known;    /* it was deducibly a mine                      */
    int32_t safe_known;    /* safe cells the analysis found at the loss    */
    uint8_t *analysis;     /* after a loss: cells entries of ded_analyse
                              codes (0: show the board). Owned.            */
    int32_t clicks[SAPPER_BOARD_CLICK_VERBS]; /* applied actions by verb         */
} ded_state;

/* moves.c: exposed safe cells still to find. */
int32_t ded_safe_left(const ded_state *s);

#include "fail.h"       /* sapper_mines_fail: a refusal in one line */
#include "scaffold.h"   /* game_new and game_info the mines rulesets share */

#endif /* DEDUCTIVE_INTERNAL_H */
