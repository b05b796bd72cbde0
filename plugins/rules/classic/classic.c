/*
 * classic.c - the classic Minesweeper rules: configuring a variant from its
 * parameters, the first-click policies, legality of reveal / flag / chord,
 * win and loss, and the mines-family view and text forms. The board
 * mechanics (placement, flood, chord) live in core/mines/board.c; the ABI
 * tables live in plugin.c. See classic.h for the choices made where the
 * design doc is silent.
 */
#include "classic.h"
#include "fail.h"
#include "scaffold.h"

#include "action_text.h"
#include "board.h"
#include "clouds.h"
#include "generate.h"

#include <stdarg.h>
#include <stdio.h>

enum { FIRST_SAFE, FIRST_OPENING, FIRST_ANY };
enum { ONGOING, WON, LOST };
enum { DENSITY_UNIFORM, DENSITY_CLOUDS };

static const char *const first_click_names[] = {"safe", "opening", "any"};
static const char *const method_names[] = {"sample", "perturb", "auto"};
static const char *const density_names[] = {"uniform", "clouds"};

static const struct preset {
    const char *name;
    int32_t width, height, mines;
} presets[] = {
    {"beginner", 9, 9, 10},
    {"intermediate", 16, 16, 40},
    {"expert", 30, 16, 99},
};

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
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++) {
        if (strcmp(preset, presets[i].name) == 0) {
            g->width = presets[i].width;
            g->height = presets[i].height;
            g->mines = presets[i].mines;
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
                    g->width, g->height, first_click_names[g->first_click],
                    g->width * g->height);
    if (layout)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "mines = %d is too many for"
                    " a %dx%d board in layout %s: at most %d (one cell must be "
                    "safe)", g->mines, g->width, g->height, layout, most);
    return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "mines = %d is too many for a "
                "%dx%d board with first_click = %s: at most %d", g->mines,
                g->width, g->height, first_click_names[g->first_click], most);
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
    if (g->ng_method == SAPPER_MINES_NG_SAMPLE &&
        density > SAPPER_MINES_SAMPLE_MAX_DENSITY)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "no_guess_method = sample "
                    "cannot draw no-guess boards at %dx%d with %d mines: the "
                    "density is %.1f%% of the cells open to mines, above the "
                    "%.0f%% limit of uniform sampling (almost no such board "
                    "is no-guess); use no_guess_method = perturb (or auto), "
                    "or at most %d mines", g->width, g->height, g->mines,
                    100.0 * density, 100.0 * SAPPER_MINES_SAMPLE_MAX_DENSITY,
                    (int32_t)(SAPPER_MINES_SAMPLE_MAX_DENSITY *
                              (cells - kept_free(g))));
    g->ng_method = sapper_mines_ng_resolve(g->ng_method, density);
    g->ng_attempts = sapper_mines_ng_budget(g->ng_attempts, cells);
    return SAPPER_OK;
}

static sapper_status configure_game(const sapper_params *p, classic_game *g,
                               char *err, size_t errcap)
{
    const char *fc = sapper_param(p, "first_click");
    const char *layout = sapper_param(p, "layout");
    g->first_click = fc ? choice_index(fc, first_click_names, 3) : FIRST_SAFE;
    if (g->first_click < 0)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "first_click: expected "
                    "safe, opening or any, found '%s'", fc);
    sapper_status st = read_generation(p, g, err, errcap);
    if (st == SAPPER_OK && layout && *layout && g->first_click == FIRST_OPENING)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "first_click = opening does "
                    "not apply to layout %s: a layout fixes the mines before "
                    "the first click (drop one of the two)", layout);
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
static sapper_status place_mines(classic_state *s, const int32_t *keep,
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
static sapper_status place_no_guess(classic_state *s, int32_t cell,
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
    sapper_status st = SAPPER_ERR_NOMEM;
    if (gen && mine && (field || g->density == DENSITY_UNIFORM)) {
        if (field)
            sapper_mines_clouds_field(b->width, b->height, &g->clouds,
                                      &s->rng, field);
        sapper_mines_gen_request req = {
            .width = b->width, .height = b->height, .mines = b->mines,
            .method = g->ng_method, .attempts = g->ng_attempts,
            .start = cell, .keep_free = keep, .nkeep = n, .weight = field};
        st = sapper_mines_generate(gen, &req, &s->rng, mine, &rep, err,
                                   errcap);
    } else {
        sapper_mines_fail(err, errcap, st, "out of memory");
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
        st = place_mines(s, NULL, 0);
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

/* ---- legality: one place gives both the answer and the reason ------ */

static const char *reveal_refusal(uint8_t st)
{
    return st == SAPPER_BOARD_REVEALED ? "is already revealed"
         : st == SAPPER_BOARD_FLAGGED  ? "is flagged"
         : st == SAPPER_BOARD_MARKED   ? "is marked" : NULL;
}

static const char *flag_refusal(uint8_t st)
{
    return st == SAPPER_BOARD_REVEALED
        ? "is revealed: only unrevealed cells can be flagged" : NULL;
}

/* buf holds a detailed reason. */
static const char *chord_refusal(const sapper_board *b, int32_t cell,
                                 char *buf, size_t cap)
{
    if (b->state[cell] != SAPPER_BOARD_REVEALED)
        return "is not revealed: chord needs a revealed number";
    int32_t flags = b->flagged_near[cell];
    if (flags != b->count[cell]) {
        snprintf(buf, cap, "shows %d but has %d flagged neighbours: chord "
                 "needs exactly %d", b->count[cell], flags, b->count[cell]);
        return buf;
    }
    if (!sapper_board_can_chord(b, cell))
        return "has no hidden neighbour to open (flagged and marked cells "
               "are skipped)";
    return NULL;
}

/* The rule itself (the reasons above only explain a refusal): cheap, as
   legal_actions asks it for every cell and verb on every move. */
static inline int is_legal(const sapper_board *b, int32_t verb, int32_t cell)
{
    uint8_t st = b->state[cell];
    return verb == SAPPER_MINES_REVEAL ? st == SAPPER_BOARD_HIDDEN
         : verb == SAPPER_MINES_FLAG   ? st != SAPPER_BOARD_REVEALED
                                       : sapper_board_can_chord(b, cell);
}

/* 0 when verb on cell is legal now; otherwise 1, with "cell X Y <why>" in
   err. The caller checks that the game is not over. */
static int refusal(const classic_state *s, int32_t verb, int32_t cell,
                   char *err, size_t errcap)
{
    const sapper_board *b = &s->board;
    if (is_legal(b, verb, cell))
        return 0;
    uint8_t st = b->state[cell];
    char detail[128];
    const char *why = verb == SAPPER_MINES_REVEAL ? reveal_refusal(st)
                    : verb == SAPPER_MINES_FLAG   ? flag_refusal(st)
                    : chord_refusal(b, cell, detail, sizeof detail);
    sapper_mines_fail(err, errcap, 0, "cell %d %d %s", cell % b->width, cell / b->width,
         why ? why : "is not legal now");
    return 1;
}

int64_t classic_legal_actions(const void *state, int32_t seat, int64_t *out,
                              size_t cap)
{
    const classic_state *s = state;
    int64_t n = 0, cells = s->board.cells;
    if (seat != 0 || s->outcome != ONGOING)
        return 0;
    for (int32_t verb = 0; verb < SAPPER_BOARD_CLICK_VERBS; verb++) {
        for (int32_t c = 0; c < cells; c++) {
            if (!is_legal(&s->board, verb, c))
                continue;
            if ((size_t)n < cap)
                out[n] = verb * cells + c;
            n++;
        }
    }
    return n;
}

int32_t classic_is_legal(const void *state, int32_t seat, int64_t action)
{
    const classic_state *s = state;
    int32_t verb, x, y;
    const sapper_board *b = &s->board;
    return seat == 0 && s->outcome == ONGOING &&
           sapper_board_decode_click(action, b->width, b->height, &verb, &x, &y) &&
           is_legal(b, verb, y * b->width + x);
}

/* ---- transitions --------------------------------------------------- */

/* Under safe and opening the mines are drawn now, around the first cell
   revealed, so that cell (and under opening its neighbours) is free. */
static sapper_status place_for_first_reveal(classic_state *s, int32_t cell,
                                            char *err, size_t errcap)
{
    int32_t keep[9] = {cell}, n = 1;
    if (s->game->first_click == FIRST_OPENING)
        n += sapper_board_neighbours(&s->board, cell, keep + 1);
    if (s->game->no_guess)
        return place_no_guess(s, cell, keep, n, err, errcap);
    sapper_status st = place_mines(s, keep, n);
    if (st == SAPPER_OK)
        return st;
    /* game_new made sure the mines fit, so only memory can run out */
    return sapper_mines_fail(err, errcap, st == SAPPER_ERR_NOMEM ? st : SAPPER_ERR_INTERNAL,
                "cannot place %d mines around the first reveal%s",
                s->board.mines, st == SAPPER_ERR_NOMEM ? ": out of memory"
                                                       : "");
}

/* The mine a losing reveal or chord of cell set off: the cell, or the
   first of its neighbours revealed as a mine. */
static int32_t mine_set_off(const sapper_board *b, int32_t cell)
{
    int32_t nb[8], n = sapper_board_neighbours(b, cell, nb);
    if (b->mine[cell])
        return cell;
    for (int32_t i = 0; i < n; i++)
        if (b->mine[nb[i]] && b->state[nb[i]] == SAPPER_BOARD_REVEALED)
            return nb[i];
    return cell;
}

static void settle(classic_state *s, int32_t cell, int32_t mines_hit)
{
    const sapper_board *b = &s->board;
    if (mines_hit > 0) {
        s->outcome = LOST;
        s->lost_cell = mine_set_off(b, cell);
    }
    else if (b->revealed == b->cells - b->mines)
        s->outcome = WON;
}

static sapper_status apply_verb(classic_state *s, int32_t verb, int32_t cell,
                                char *err, size_t errcap)
{
    sapper_board *b = &s->board;
    if (verb == SAPPER_MINES_FLAG) {
        sapper_board_cycle_flag(b, cell);
        return SAPPER_OK;
    }
    if (!b->placed) {
        sapper_status st = place_for_first_reveal(s, cell, err, errcap);
        if (st != SAPPER_OK)
            return st;
    }
    if (verb == SAPPER_MINES_REVEAL)
        settle(s, cell, sapper_board_reveal(b, cell));
    else
        settle(s, cell, sapper_board_chord(b, cell));
    return SAPPER_OK;
}

sapper_status classic_apply_action(void *state, int32_t seat, int64_t action,
                                   char *err, size_t errcap)
{
    classic_state *s = state;
    const sapper_board *b = &s->board;
    int32_t verb, x, y;
    if (s->outcome != ONGOING)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_ILLEGAL, "the game is over");
    if (seat != 0)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_ILLEGAL, "seat %d does not play: "
                    "classic has one seat, 0", seat);
    if (!sapper_board_decode_click(action, b->width, b->height, &verb, &x, &y))
        return sapper_mines_fail(err, errcap, SAPPER_ERR_ILLEGAL, "action %lld is out of "
                    "range: expected 0 to %lld", (long long)action,
                    (long long)b->cells * SAPPER_BOARD_CLICK_VERBS - 1);
    if (refusal(s, verb, y * b->width + x, err, errcap))
        return SAPPER_ERR_ILLEGAL;
    sapper_status st = apply_verb(s, verb, y * b->width + x, err, errcap);
    if (st == SAPPER_OK) {
        s->moves++;
        s->clicks[verb]++;
    }
    return st;
}

/* ---- views and text ------------------------------------------------ */

/* SAPPER_BOARD_SHOW_* for seat, or -1 for a seat that does not exist. */
static int show_for(const classic_state *s, int32_t seat)
{
    if (seat == SAPPER_OMNISCIENT)
        return SAPPER_BOARD_SHOW_ALL;
    if (seat != 0)
        return -1;
    return s->outcome == LOST ? SAPPER_BOARD_SHOW_MINES
                              : SAPPER_BOARD_SHOW_PLAYER;
}

int64_t classic_observe(const void *state, int32_t seat, void *out,
                        size_t cap)
{
    const classic_state *s = state;
    const sapper_board *b = &s->board;
    int show = show_for(s, seat);
    size_t need = sapper_mines_view_size(b->width, b->height);
    if (show < 0)
        return 0;
    sapper_mines_view *v = sapper_board_view_begin(
        b, out, cap, seat, classic_current_player(s), 1, s->moves);
    if (!v)
        return (int64_t)need;
    v->mines_exposed = sapper_board_codes(b, show, v->cells);
    return (int64_t)need;
}

int64_t classic_render_text(const void *state, int32_t seat, char *buf,
                            size_t cap)
{
    const classic_state *s = state;
    int show = show_for(s, seat);
    if (show >= 0)
        return sapper_board_write_text(&s->board, show, buf, cap);
    if (cap > 0)
        buf[0] = '\0';
    return 0;
}

int64_t classic_action_to_text(const void *state, int64_t action, char *buf,
                               size_t cap)
{
    const classic_state *s = state;
    return sapper_board_action_text(&s->board, action, SAPPER_BOARD_CLICKS, buf,
                                    cap);
}

sapper_status classic_text_to_action(const void *state, const char *text,
                                     int64_t *action, char *err,
                                     size_t errcap)
{
    const classic_state *s = state;
    return sapper_board_parse_action(&s->board, text, SAPPER_BOARD_CLICKS, 0,
                                     action, NULL, err, errcap);
}

/* Where to go on writing after n characters into buf of cap bytes (NULL
   when there is no room, so snprintf only counts). */
static char *rest(char *buf, size_t cap, int64_t n, size_t *left)
{
    *left = buf && (size_t)n < cap ? cap - (size_t)n : 0;
    return *left ? buf + n : NULL;
}

/* The generation members, only for games that use them, so the result of
   a plain game is as it always was. */
static int64_t generation_json(const classic_state *s, char *buf, size_t cap)
{
    const classic_game *g = s->game;
    int64_t n = 0;
    size_t left;
    if (g->density == DENSITY_CLOUDS)
        n += snprintf(buf, cap, ",\"density\":\"clouds\"");
    if (!g->no_guess)
        return n;
    char *p = rest(buf, cap, n, &left);
    return n + snprintf(p, left, ",\"no_guess\":true,"
                        "\"no_guess_method\":\"%s\","
                        "\"no_guess_playouts\":%d,"
                        "\"no_guess_perturbations\":%d",
                        sapper_mines_ng_name(g->ng_method), s->ng_playouts,
                        s->ng_perturbations);
}

int64_t classic_result_json(const void *state, char *buf, size_t cap)
{
    const classic_state *s = state;
    const sapper_board *b = &s->board;
    size_t left;
    int64_t n = snprintf(buf, cap, ",\"width\":%d,\"height\":%d,"
                         "\"mines\":%d,\"revealed\":%d,\"flags\":%d",
                         b->width, b->height, b->mines, b->revealed,
                         b->flags);
    char *p0 = rest(buf, cap, n, &left);
    if (s->lost_cell >= 0)
        n += snprintf(p0, left, ",\"lost_on\":[%d,%d]", s->lost_cell % b->width,
                      s->lost_cell / b->width);
    char *p = rest(buf, cap, n, &left);
    n += generation_json(s, p, left);
    p = rest(buf, cap, n, &left);
    int64_t stats = sapper_board_stats_json(b, s->clicks, p, left);
    return stats < 0 ? stats : n + stats;
}

/* ---- the scoreboard ------------------------------------------------ */

/* "Expert" when the size is a preset's, else "". */
static const char *preset_label(const classic_game *g)
{
    static const char *const labels[] = {"Beginner", "Intermediate", "Expert"};
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++)
        if (g->width == presets[i].width && g->height == presets[i].height &&
            g->mines == presets[i].mines)
            return labels[i];
    return "";
}

/* FNV-1a of a layout: boards with the same size but other mines differ. */
static uint32_t layout_hash(const classic_game *g)
{
    uint32_t h = 2166136261u;
    for (int32_t c = 0; c < g->width * g->height; c++)
        h = (h ^ g->layout[c]) * 16777619u;
    return h;
}

int32_t classic_score(const void *state, sapper_score *out)
{
    const classic_state *s = state;
    const classic_game *g = s->game;
    if (out->struct_size < sizeof *out)
        return 0;
    int n = snprintf(out->board, sizeof out->board, "classic %dx%d/%d %s",
                     g->width, g->height, g->mines,
                     first_click_names[g->first_click]);
    if (g->layout)
        snprintf(out->board + n, sizeof out->board - (size_t)n,
                 " layout %08x", layout_hash(g));
    else if (g->no_guess || g->density == DENSITY_CLOUDS)
        snprintf(out->board + n, sizeof out->board - (size_t)n, "%s%s",
                 g->no_guess ? " no-guess" : "",
                 g->density == DENSITY_CLOUDS ? " clouds" : "");
    snprintf(out->label, sizeof out->label, "%s",
             g->layout ? "" : preset_label(g));
    out->method = SAPPER_SCORE_FASTEST;
    out->won = s->outcome == WON;
    int32_t solved, bbbv = s->outcome == ONGOING ? 0
                         : sapper_board_3bv(&s->board, &solved);
    out->bbbv = bbbv > 0 ? bbbv : 0;
    return 1;
}
