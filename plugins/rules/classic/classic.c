/*
 * classic.c - configuring a classic Minesweeper game from its parameters
 * (size, presets, layout file, first-click policy, no-guess generation,
 * density clouds) and the life of its states: creation, the mine
 * placements, clone, free, whose turn, returns. Legality and the moves are
 * in moves.c, views, text and results in show.c; the board mechanics
 * (placement, flood, chord) live in core/mines/board.c; the ABI tables in
 * plugin.c. See classic.h for the choices made where the design doc is
 * silent.
 */
#include "internal.h"
#include "fail.h"
#include "scaffold.h"

#include "generate.h"

#include <stdarg.h>
#include <stdio.h>

static const char *const method_names[] = {"sample", "perturb", "auto"};
static const char *const density_names[] = {"uniform", "clouds"};

const char *const classic_first_click_names[] = {"safe", "opening", "any"};

const struct classic_preset classic_presets[] = {
    {"beginner", 9, 9, 10},
    {"intermediate", 16, 16, 40},
    {"expert", 30, 16, 99},
};
const size_t classic_preset_count =
    sizeof classic_presets / sizeof classic_presets[0];


/* ---- configuring a game -------------------------------------------- */

static int choice_index(const char *value, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(value, names[i]) == 0)
            return i;
    return -1;
}

static sapper_status read_size(const sapper_params *p, classic_game *g,
                               char *err, size_t errcap)
{
    const char *preset = sapper_param(p, "preset");
    g->width = (int32_t)sapper_param_int(p, "width", 9);
    g->height = (int32_t)sapper_param_int(p, "height", 9);
    g->mines = (int32_t)sapper_param_int(p, "mines", 10);
    if (!preset || strcmp(preset, "custom") == 0)
        return SAPPER_OK;
    for (size_t i = 0; i < classic_preset_count; i++) {
        if (strcmp(preset, classic_presets[i].name) == 0) {
            g->width = classic_presets[i].width;
            g->height = classic_presets[i].height;
            g->mines = classic_presets[i].mines;
            return SAPPER_OK;
        }
    }
    return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "preset: expected custom, "
                "beginner, intermediate or expert, found '%s'", preset);
}

/* Cells the first-click policy keeps free in the worst case (a click away
   from the edges); a layout or "any" still needs one safe cell to win. */
static int32_t kept_free(const classic_game *g)
{
    if (g->layout || g->first_click != FIRST_OPENING)
        return 1;
    int32_t w = g->width < 3 ? g->width : 3, h = g->height < 3 ? g->height : 3;
    return w * h;
}

/* Cells a first click keeps free at the least: under opening a corner
   (its 4 cells, not the 9 of a click away from the edges). The sample
   limit refuses only a board that is over it whatever the first click;
   a click that keeps more cells free is left to the play-out budget,
   whose failure says what it tried (generate.c). */
static int32_t kept_least(const classic_game *g)
{
    if (g->layout || g->first_click != FIRST_OPENING)
        return 1;
    return (g->width < 2 ? g->width : 2) * (g->height < 2 ? g->height : 2);
}

/* SAPPER_OK, or SAPPER_ERR_PARAM with the reason when no_guess_method is
   sample and the density of the mines in the cells left open to them
   (kept kept free by the first click) is above the sample limit. */
static sapper_status sample_refusal(const classic_game *g, int32_t kept,
                                    char *err, size_t errcap)
{
    int32_t cells = g->width * g->height;
    double density = sapper_mines_ng_density(cells, g->mines, kept);
    if (g->ng_method != SAPPER_MINES_NG_SAMPLE ||
        density <= SAPPER_MINES_SAMPLE_MAX_DENSITY)
        return SAPPER_OK;
    return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "no_guess_method = "
                "sample cannot draw no-guess boards at %dx%d with %d mines: "
                "even a first click keeping %d cell%s free (%s) leaves %d "
                "cells open to the mines, a density of %.1f%%, above the "
                "%.0f%% limit of uniform sampling (the density where it was "
                "measured to accept about 0.3%% of 30x16 boards); use "
                "no_guess_method = perturb (or auto), or at most %d mines",
                g->width, g->height, g->mines, kept, kept == 1 ? "" : "s",
                kept == 1 ? "the cell clicked" : "a corner and its "
                "neighbours", cells - kept, 100.0 * density,
                100.0 * SAPPER_MINES_SAMPLE_MAX_DENSITY,
                (int32_t)(SAPPER_MINES_SAMPLE_MAX_DENSITY * (cells - kept)));
}

static sapper_status check_game(const classic_game *g, const char *layout,
                                char *err, size_t errcap)
{
    if (g->width < CLASSIC_MIN_SIDE || g->width > CLASSIC_MAX_SIDE ||
        g->height < CLASSIC_MIN_SIDE || g->height > CLASSIC_MAX_SIDE)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "%s%s%sa %dx%d board: "
                    "expected width and height from %d to %d",
                    layout ? "layout " : "", layout ? layout : "",
                    layout ? " is " : "", g->width, g->height,
                    CLASSIC_MIN_SIDE, CLASSIC_MAX_SIDE);
    int32_t most = g->width * g->height - kept_free(g);
    if (g->mines < 1)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "mines = %d is too few%s%s:"
                    " at least 1", g->mines, layout ? " in layout " : "",
                    layout ? layout : "");
    if (g->mines <= most)
        return SAPPER_OK;
    if (most < 1)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "a %dx%d board with "
                    "first_click = %s has no room for mines (the opening keeps "
                    "all %d cells free): use first_click = safe or a larger board",
                    g->width, g->height, classic_first_click_names[g->first_click],
                    g->width * g->height);
    if (layout)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "mines = %d is too many for"
                    " a %dx%d board in layout %s: at most %d (one cell must be "
                    "safe)", g->mines, g->width, g->height, layout, most);
    return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "mines = %d is too many for a "
                "%dx%d board with first_click = %s: at most %d", g->mines,
                g->width, g->height, classic_first_click_names[g->first_click], most);
}

/* A CHOICE parameter's index (fallback when absent), or -1 with the
   reason in err. */
static int read_choice(const sapper_params *p, const char *key,
                       const char *const *names, int n, int fallback,
                       char *err, size_t errcap)
{
    const char *v = sapper_param(p, key);
    int i = v ? choice_index(v, names, n) : fallback;
    if (i < 0)
        sapper_mines_fail(err, errcap, 0, "%s: expected %s or %s, found '%s'", key,
             names[0], names[1], v);
    return i;
}

static sapper_status read_generation(const sapper_params *p, classic_game *g,
                                     char *err, size_t errcap)
{
    g->no_guess = sapper_param_bool(p, "no_guess", 0);
    g->ng_method = read_choice(p, "no_guess_method", method_names, 3,
                               SAPPER_MINES_NG_SAMPLE, err, errcap);
    g->density = read_choice(p, "density", density_names, 2,
                             DENSITY_UNIFORM, err, errcap);
    if (g->ng_method < 0 || g->density < 0)
        return SAPPER_ERR_PARAM;
    g->ng_attempts = (int32_t)sapper_param_int(p, "no_guess_attempts", 0);
    g->clouds.count = (int32_t)sapper_param_int(p, "cloud_count", 0);
    g->clouds.radius = sapper_param_real(p, "cloud_radius", 0.0);
    g->clouds.strength = sapper_param_real(p, "cloud_strength", 6.0);
    if (g->clouds.strength < 0.0 || g->clouds.radius < 0.0)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "cloud_strength and "
                    "cloud_radius must be 0 or more");
    return SAPPER_OK;
}

/* Refuses the combinations generation cannot serve, and settles auto and
   the default budget (both shown in result_json). */
static sapper_status check_generation(classic_game *g, char *err,
                                      size_t errcap)
{
    const char *what = g->no_guess ? "no_guess = true" : "density = clouds";
    if (g->layout && (g->no_guess || g->density == DENSITY_CLOUDS))
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "%s draws the mines, but "
                    "layout fixes them: drop one of the two", what);
    if (!g->no_guess)
        return SAPPER_OK;
    if (g->first_click == FIRST_ANY)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "no_guess = true needs "
                    "first_click = safe or opening: under any the board is "
                    "drawn before the first click, so no first click is "
                    "sure to lead anywhere");
    int32_t cells = g->width * g->height;
    double density = sapper_mines_ng_density(cells, g->mines, kept_free(g));
    sapper_status st = sample_refusal(g, kept_least(g), err, errcap);
    if (st != SAPPER_OK)
        return st;
    g->ng_method = sapper_mines_ng_resolve(g->ng_method, density);
    g->ng_attempts = sapper_mines_ng_budget(g->ng_attempts, cells);
    return SAPPER_OK;
}

/* A layout fixes the size and the mines: the parameters' defaults
   (plugin.c), which a layout allows beside it. */
static const char *const layout_defaults[4] = {"custom", "9", "9", "10"};

static sapper_status configure_game(const sapper_params *p, classic_game *g,
                               char *err, size_t errcap)
{
    const char *fc = sapper_param(p, "first_click");
    const char *layout = sapper_param(p, "layout");
    g->first_click = fc ? choice_index(fc, classic_first_click_names, 3) : FIRST_SAFE;
    if (g->first_click < 0)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "first_click: expected "
                    "safe, opening or any, found '%s'", fc);
    sapper_status st = read_generation(p, g, err, errcap);
    if (st == SAPPER_OK && layout && *layout && g->first_click == FIRST_OPENING)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "first_click = opening does "
                    "not apply to layout %s: a layout fixes the mines before "
                    "the first click (drop one of the two)", layout);
    if (st == SAPPER_OK && layout && *layout)
        st = sapper_board_layout_fixes_size(p, layout, layout_defaults, err,
                                            errcap);
    if (st == SAPPER_OK && layout && *layout) {
        st = sapper_board_read_layout(layout, &g->width, &g->height,
                                      &g->mines, &g->layout, err, errcap);
        if (st == SAPPER_OK)
            st = check_game(g, layout, err, errcap);
    } else if (st == SAPPER_OK) {
        st = read_size(p, g, err, errcap);
        if (st == SAPPER_OK)
            st = check_game(g, NULL, err, errcap);
    }
    return st != SAPPER_OK ? st : check_generation(g, err, errcap);
}

/* configure_game for the scaffold, which knows the game only as void *. */
static sapper_status configure(const sapper_params *p, void *g, char *err, size_t errcap)
{
    return configure_game(p, g, err, errcap);
}

sapper_status classic_game_new(const sapper_params *params, void **game,
                          char *err, size_t errcap)
{
    return sapper_mines_game_new(sizeof(classic_game), configure, classic_game_free, params, game,
                                 err, errcap);
}

void classic_game_free(void *game)
{
    classic_game *g = game;
    if (!g)
        return;
    free(g->layout);
    free(g);
}

int64_t classic_params_text(const void *game, char *buf, size_t cap)
{
    const classic_game *g = game;   /* a preset or a layout sets the size */
    int n = snprintf(buf, cap, "width=%d\nheight=%d\nmines=%d\n", (int)g->width,
                     (int)g->height, (int)g->mines);
    return n < 0 ? 0 : n;
}

void classic_game_info(const void *game, int32_t players, sapper_game_info *out)
{
    const classic_game *g = game;
    (void)players;
    sapper_mines_solo_info((int64_t)g->width * g->height, out);
}

/* ---- drawing the mines -------------------------------------------- */

/* Without no_guess: uniform (board.c) or from a fresh cloud field. */
sapper_status classic_place_mines(classic_state *s, const int32_t *keep,
                                  int32_t n)
{
    sapper_board *b = &s->board;
    if (s->game->density == DENSITY_UNIFORM)
        return sapper_board_place_mines(b, &s->rng, keep, n);
    uint8_t *mine = calloc((size_t)b->cells, 1);
    if (!mine)
        return SAPPER_ERR_NOMEM;
    sapper_status st = sapper_mines_clouds_place(b->width, b->height,
                                                 &s->game->clouds, keep, n,
                                                 b->mines, &s->rng, mine);
    if (st == SAPPER_OK)
        sapper_board_set_mines(b, mine);
    free(mine);
    return st;
}

/* A no-guess board around the first reveal (generate.h), from a cloud
   field when density = clouds. The generator and the field live only for
   this call. On failure the state, its rng included, is unchanged. */
sapper_status classic_place_no_guess(classic_state *s, int32_t cell,
                                     const int32_t *keep, int32_t n,
                                     char *err, size_t errcap)
{
    const classic_game *g = s->game;
    sapper_board *b = &s->board;
    sapper_rng saved = s->rng;
    sapper_mines_generator *gen = sapper_mines_generator_new(b->width,
                                                             b->height);
    uint8_t *mine = malloc((size_t)b->cells);
    double *field = g->density == DENSITY_CLOUDS
        ? malloc((size_t)b->cells * sizeof *field) : NULL;
    sapper_mines_gen_report rep = {0};
    sapper_status st = SAPPER_OK;
    if (!gen || !mine || (!field && g->density != DENSITY_UNIFORM))
        st = sapper_mines_fail(err, errcap, SAPPER_ERR_NOMEM, "out of memory");
    if (st == SAPPER_OK) {
        if (field)
            sapper_mines_clouds_field(b->width, b->height, &g->clouds,
                                      &s->rng, field);
        sapper_mines_gen_request req = {
            .width = b->width, .height = b->height, .mines = b->mines,
            .method = g->ng_method, .attempts = g->ng_attempts,
            .start = cell, .keep_free = keep, .nkeep = n, .weight = field};
        st = sapper_mines_generate(gen, &req, &s->rng, mine, &rep, err,
                                   errcap);
    }
    if (st == SAPPER_OK) {
        sapper_board_set_mines(b, mine);
        s->ng_playouts = rep.playouts;
        s->ng_perturbations = rep.perturbations;
    } else {
        s->rng = saved;
    }
    free(field);
    free(mine);
    sapper_mines_generator_free(gen);
    return st;
}

/* ---- states -------------------------------------------------------- */

sapper_status classic_state_new(const void *game, int32_t players,
                                uint64_t seed, void **state, char *err,
                                size_t errcap)
{
    const classic_game *g = game;
    if (players != 1)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "classic is a 1-player "
                    "game: expected 1 player, found %d", players);
    classic_state *s = calloc(1, sizeof *s);
    if (!s || sapper_board_init(&s->board, g->width, g->height, g->mines)) {
        free(s);
        return sapper_mines_fail(err, errcap, SAPPER_ERR_NOMEM, "out of memory");
    }
    s->game = g;
    s->lost_cell = -1;
    sapper_rng_seed(&s->rng, seed);
    sapper_status st = SAPPER_OK;
    if (g->layout)
        sapper_board_set_mines(&s->board, g->layout);
    else if (g->first_click == FIRST_ANY) /* fits: game_new checked */
        st = classic_place_mines(s, NULL, 0);
    if (st != SAPPER_OK) {
        sapper_board_free(&s->board);
        free(s);
        return sapper_mines_fail(err, errcap, st, "out of memory");
    }
    *state = s;
    return SAPPER_OK;
}

sapper_status classic_state_clone(const void *state, void **out)
{
    const classic_state *s = state;
    classic_state *c = malloc(sizeof *c);
    if (!c)
        return SAPPER_ERR_NOMEM;
    *c = *s;
    if (sapper_board_copy(&c->board, &s->board) != SAPPER_OK) {
        free(c);
        return SAPPER_ERR_NOMEM;
    }
    *out = c;
    return SAPPER_OK;
}

void classic_state_free(void *state)
{
    classic_state *s = state;
    if (!s)
        return;
    sapper_board_free(&s->board);
    free(s);
}

int32_t classic_current_player(const void *state)
{
    const classic_state *s = state;
    return s->outcome == ONGOING ? 0 : SAPPER_TERMINAL;
}

uint64_t classic_progress(const void *state)
{
    return (uint64_t)((const classic_state *)state)->board.revealed;
}

void classic_returns(const void *state, double *out, int32_t players)
{
    const classic_state *s = state;
    if (players > 0)
        out[0] = s->outcome == WON ? 1.0 : 0.0;
}
