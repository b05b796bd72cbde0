/*
 * internal.h - what the classic rules' files share and nothing else: the
 * game and state records, the outcome and first-click codes, the preset
 * and first-click name tables, and the two mine placements the first
 * reveal needs. Not public: the ABI functions are in classic.h.
 */
#ifndef CLASSIC_INTERNAL_H
#define CLASSIC_INTERNAL_H

#include "classic.h"

#include "board.h"
#include "clouds.h"

enum { FIRST_SAFE, FIRST_OPENING, FIRST_ANY };
enum { ONGOING, WON, LOST };
enum { DENSITY_UNIFORM, DENSITY_CLOUDS };



typedef struct classic_game {
    int32_t width, height, mines;
    int32_t first_click;   /* FIRST_*                                     */
    uint8_t *layout;       /* fixed mines, width*height; NULL = random.
                              Owned by the game.                           */
    int32_t no_guess;      /* 1: boards are drawn no-guess (generate.h)   */
    int32_t ng_method;     /* SAPPER_MINES_NG_SAMPLE or _PERTURB: auto is
                              resolved here, once, from the density       */
    int32_t ng_attempts;   /* play-out budget (resolved, > 0)             */
    int32_t density;       /* DENSITY_*                                   */
    sapper_mines_clouds clouds;
} classic_game;

typedef struct classic_state {
    const classic_game *game;
    sapper_board board;    /* owned                                        */
    sapper_rng rng;        /* draws the mines at the first reveal          */
    int64_t moves;
    int32_t outcome;       /* ONGOING, WON, LOST                           */
    int32_t ng_playouts;   /* no-guess generation: play-outs run, and      */
    int32_t ng_perturbations; /* mines moves of perturb (0 before)        */
    int32_t clicks[SAPPER_BOARD_CLICK_VERBS]; /* applied actions by verb         */
    int32_t lost_cell;     /* the mine set off, -1 before a loss          */
} classic_state;

struct classic_preset {
    const char *name;
    int32_t width, height, mines;
};

/* The size menu (classic.c) and the names of first_click's values. */
extern const struct classic_preset classic_presets[];
extern const size_t classic_preset_count;
extern const char *const classic_first_click_names[];

/* Draw the mines outside `keep` (classic.c). */
sapper_status classic_place_mines(classic_state *s, const int32_t *keep,
                                  int32_t n);
/* Draw a no-guess board for a first reveal on `cell` (classic.c). */
sapper_status classic_place_no_guess(classic_state *s, int32_t cell,
                                     const int32_t *keep, int32_t n,
                                     char *err, size_t errcap);

#endif
