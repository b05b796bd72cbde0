/*
 * deductive.c - configuring a Deductive Minesweeper game (the size menu,
 * custom sizes, layout files) and the life of its states: creation with
 * every mine placed from the seed, clone, free, whose turn, returns. The
 * moves are in moves.c, the engine consultations in forgive.c and
 * analysis.c, views and text in show.c and action.c. See deductive.h for
 * the choices made where the document is silent.
 */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The size menu: about 20% mines everywhere (Expert has 20.6%). */
static const struct preset {
    const char *name;
    int32_t width, height, mines;
} presets[] = {
    {DED_SCORED_PRESET, 25, 14, 70},
    {"9x9", 9, 9, 16},
    {"16x16", 16, 16, 51},
    {"30x16", 30, 16, 96},
};

/* ---- configuring a game -------------------------------------------- */

static sapper_status read_size(const sapper_params *p, ded_game *g,
                               char *err, size_t errcap)
{
    const char *preset = sapper_param(p, "preset");
    g->width = (int32_t)sapper_param_int(p, "width", 25);
    g->height = (int32_t)sapper_param_int(p, "height", 14);
    g->mines = (int32_t)sapper_param_int(p, "mines", 70);
    g->preset = "custom";
    if (preset && strcmp(preset, "custom") == 0)
        return SAPPER_OK;
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++) {
        if (!preset || strcmp(preset, presets[i].name) == 0) {
            g->width = presets[i].width;
            g->height = presets[i].height;
            g->mines = presets[i].mines;
            g->preset = presets[i].name;
            return SAPPER_OK;
        }
    }
    return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "preset: expected 25x14, "
                    "9x9, 16x16, 30x16 or custom, found '%s'", preset);
}

static sapper_status check_game(const ded_game *g, const char *layout,
                                char *err, size_t errcap)
{
    const char *in = layout ? " in layout " : "", *name = layout ? layout : "";
    if (g->width < DED_MIN_SIDE || g->width > DED_MAX_SIDE ||
        g->height < DED_MIN_SIDE || g->height > DED_MAX_SIDE)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "a %dx%d board%s%s: "
                        "expected width and height from %d to %d", g->width,
                        g->height, in, name, DED_MIN_SIDE, DED_MAX_SIDE);
    if (g->mines < 1 || g->mines > g->width * g->height - 1)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "mines = %d%s%s: "
                        "expected 1 to %d for a %dx%d board (one cell must "
                        "be safe)", g->mines, in, name,
                        g->width * g->height - 1, g->width, g->height);
    return SAPPER_OK;
}

/* A layout fixes the size and the mines: the parameters' defaults
   (plugin.c), which a layout allows beside it. */
static const char *const layout_defaults[4] = {DED_SCORED_PRESET, "25", "14", "70"};

static sapper_status configure_game(const sapper_params *p, ded_game *g,
                               char *err, size_t errcap)
{
    const char *layout = sapper_param(p, "layout");
    if (layout && *layout) {
        g->preset = "layout";
        sapper_status st = sapper_board_layout_fixes_size(p, layout, layout_defaults,
                                                          err, errcap);
        if (st != SAPPER_OK)
            return st;
        st = sapper_board_read_layout(
            layout, &g->width, &g->height, &g->mines, &g->layout, err,
            errcap);
        return st != SAPPER_OK ? st : check_game(g, layout, err, errcap);
    }
    sapper_status st = read_size(p, g, err, errcap);
    return st != SAPPER_OK ? st : check_game(g, NULL, err, errcap);
}

/* configure_game for the scaffold, which knows the game only as void *. */
static sapper_status configure(const sapper_params *p, void *g, char *err, size_t errcap)
{
    return configure_game(p, g, err, errcap);
}

sapper_status ded_game_new(const sapper_params *params, void **game,
                          char *err, size_t errcap)
{
    return sapper_mines_game_new(sizeof(ded_game), configure, ded_game_free, params, game,
                                 err, errcap);
}

void ded_game_free(void *game)
{
    ded_game *g = game;
    if (!g)
        return;
    free(g->layout);
    free(g);
}

int64_t ded_params_text(const void *game, char *buf, size_t cap)
{
    const ded_game *g = game;   /* a preset or a layout sets the size */
    int n = snprintf(buf, cap, "width=%d\nheight=%d\nmines=%d\n", (int)g->width,
                     (int)g->height, (int)g->mines);
    return n < 0 ? 0 : n;
}

void ded_game_info(const void *game, int32_t players, sapper_game_info *out)
{
    const ded_game *g = game;
    (void)players;
    sapper_mines_solo_info((int64_t)g->width * g->height, out);
}

/* ---- states -------------------------------------------------------- */

sapper_status ded_state_new(const void *game, int32_t players, uint64_t seed,
                            void **state, char *err, size_t errcap)
{
    const ded_game *g = game;
    if (players != 1)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "deductive is a "
                        "1-player game: expected 1 player, found %d", players);
    ded_state *s = calloc(1, sizeof *s);
    if (!s || sapper_board_init(&s->board, g->width, g->height, g->mines)) {
        free(s);
        return sapper_mines_fail(err, errcap, SAPPER_ERR_NOMEM, "out of memory");
    }
    s->game = g;
    s->lost_cell = -1;
    if (g->layout) {
        sapper_board_set_mines(&s->board, g->layout);
    } else {
        sapper_rng rng;
        sapper_rng_seed(&rng, seed);
        /* fits: game_new checked mines < cells */
        (void)sapper_board_place_mines(&s->board, &rng, NULL, 0);
    }
    *state = s;
    return SAPPER_OK;
}

sapper_status ded_state_clone(const void *state, void **out)
{
    const ded_state *s = state;
    ded_state *c = malloc(sizeof *c);
    if (!c)
        return SAPPER_ERR_NOMEM;
    *c = *s;
    c->analysis = NULL;
    if (s->analysis) {
        c->analysis = malloc((size_t)s->board.cells);
        if (!c->analysis) {
            free(c);
            return SAPPER_ERR_NOMEM;
        }
        memcpy(c->analysis, s->analysis, (size_t)s->board.cells);
    }
    if (sapper_board_copy(&c->board, &s->board) != SAPPER_OK) {
        free(c->analysis);
        free(c);
        return SAPPER_ERR_NOMEM;
    }
    *out = c;
    return SAPPER_OK;
}

void ded_state_free(void *state)
{
    ded_state *s = state;
    if (!s)
        return;
    sapper_board_free(&s->board);
    free(s->analysis);
    free(s);
}

int32_t ded_current_player(const void *state)
{
    const ded_state *s = state;
    return s->outcome == DED_ONGOING ? 0 : SAPPER_TERMINAL;
}

uint64_t ded_progress(const void *state)
{
    return (uint64_t)((const ded_state *)state)->board.revealed;
}

void ded_returns(const void *state, double *out, int32_t players)
{
    const ded_state *s = state;
    if (players > 0)
        out[0] = s->outcome == DED_WON ? 1.0 : 0.0;
}

/* ---- the scoreboard ------------------------------------------------ */

int32_t ded_score(const void *state, sapper_score *out)
{
    const ded_state *s = state;
    if (out->struct_size < sizeof *out || strcmp(s->game->preset, "25x14") != 0)
        return 0;   /* the document scores its 25x14 games only */
    snprintf(out->board, sizeof out->board, "deductive 25x14");
    snprintf(out->label, sizeof out->label, "25x14");
    out->method = SAPPER_SCORE_HARMONIC;
    out->won = s->outcome == DED_WON;
    int32_t solved, bbbv = s->outcome == DED_ONGOING ? 0
                         : sapper_board_3bv(&s->board, &solved);
    out->bbbv = bbbv > 0 ? bbbv : 0;
    return 1;
}
