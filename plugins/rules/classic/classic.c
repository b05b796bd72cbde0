/*
 * classic.c - the classic Minesweeper rules: configuring a variant from its
 * parameters, the first-click policies, legality of reveal / flag / chord,
 * win and loss, and the mines-family view and text forms. The board
 * mechanics (placement, flood, chord) live in core/mines/board.c; the ABI
 * tables live in plugin.c. See classic.h for the choices made where the
 * design doc is silent.
 */
#include "classic.h"

#include "board.h"

#include <stdarg.h>
#include <stdio.h>

enum { FIRST_SAFE, FIRST_OPENING, FIRST_ANY };
enum { ONGOING, WON, LOST };

static const char *const first_click_names[] = {"safe", "opening", "any"};
static const char *const verb_names[SAPPER_MINES_VERBS] = {"reveal", "flag",
                                                           "chord"};

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
} classic_game;

typedef struct classic_state {
    const classic_game *game;
    sapper_board board;    /* owned                                        */
    sapper_rng rng;        /* draws the mines at the first reveal          */
    int64_t moves;
    int32_t outcome;       /* ONGOING, WON, LOST                           */
} classic_state;

/* Writes a reason into err (when there is one) and returns st. */
static sapper_status fail(char *err, size_t errcap, sapper_status st,
                          const char *fmt, ...)
{
    if (err && errcap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errcap, fmt, ap);
        va_end(ap);
    }
    return st;
}

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
    return fail(err, errcap, SAPPER_ERR_PARAM, "preset: expected custom, "
                "beginner, intermediate or expert, found '%s'", preset);
}

static sapper_status read_layout(const char *path, classic_game *g,
                                 char *err, size_t errcap)
{
    sapper_board b;
    sapper_status st = sapper_board_load_layout(path, &b, err, errcap);
    if (st != SAPPER_OK)
        return st == SAPPER_ERR_NOMEM ? st : SAPPER_ERR_PARAM;
    g->width = b.width;
    g->height = b.height;
    g->mines = b.mines;
    g->layout = malloc((size_t)b.cells);
    if (g->layout)
        memcpy(g->layout, b.mine, (size_t)b.cells);
    sapper_board_free(&b);
    return g->layout ? SAPPER_OK : SAPPER_ERR_NOMEM;
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
        return fail(err, errcap, SAPPER_ERR_PARAM, "%s%s%sa %dx%d board: "
                    "expected width and height from %d to %d",
                    layout ? "layout " : "", layout ? layout : "",
                    layout ? " is " : "", g->width, g->height,
                    CLASSIC_MIN_SIDE, CLASSIC_MAX_SIDE);
    int32_t most = g->width * g->height - kept_free(g);
    if (g->mines < 1)
        return fail(err, errcap, SAPPER_ERR_PARAM, "mines = %d is too few%s%s:"
                    " at least 1", g->mines, layout ? " in layout " : "",
                    layout ? layout : "");
    if (g->mines <= most)
        return SAPPER_OK;
    if (layout)
        return fail(err, errcap, SAPPER_ERR_PARAM, "mines = %d is too many for"
                    " a %dx%d board in layout %s: at most %d (one cell must be "
                    "safe)", g->mines, g->width, g->height, layout, most);
    return fail(err, errcap, SAPPER_ERR_PARAM, "mines = %d is too many for a "
                "%dx%d board with first_click = %s: at most %d", g->mines,
                g->width, g->height, first_click_names[g->first_click], most);
}

static sapper_status configure(const sapper_params *p, classic_game *g,
                               char *err, size_t errcap)
{
    const char *fc = sapper_param(p, "first_click");
    const char *layout = sapper_param(p, "layout");
    g->first_click = fc ? choice_index(fc, first_click_names, 3) : FIRST_SAFE;
    if (g->first_click < 0)
        return fail(err, errcap, SAPPER_ERR_PARAM, "first_click: expected "
                    "safe, opening or any, found '%s'", fc);
    if (layout && *layout) {
        sapper_status st = read_layout(layout, g, err, errcap);
        return st != SAPPER_OK ? st : check_game(g, layout, err, errcap);
    }
    sapper_status st = read_size(p, g, err, errcap);
    return st != SAPPER_OK ? st : check_game(g, NULL, err, errcap);
}

sapper_status classic_game_new(const sapper_params *params, void **game,
                               char *err, size_t errcap)
{
    classic_game *g = calloc(1, sizeof *g);
    if (!g)
        return fail(err, errcap, SAPPER_ERR_NOMEM, "out of memory");
    sapper_status st = configure(params, g, err, errcap);
    if (st != SAPPER_OK) {
        classic_game_free(g);
        return st;
    }
    *game = g;
    return SAPPER_OK;
}

void classic_game_free(void *game)
{
    classic_game *g = game;
    if (!g)
        return;
    free(g->layout);
    free(g);
}

void classic_game_info(const void *game, int32_t players,
                       sapper_game_info *out)
{
    const classic_game *g = game;
    int64_t cells = (int64_t)g->width * g->height;
    (void)players;
    out->struct_size = sizeof *out;
    out->min_players = 1;
    out->max_players = 1;
    out->turns = SAPPER_TURNS_SEQUENTIAL;
    out->max_moves = 10 * cells + 100;
    out->max_actions = SAPPER_MINES_VERBS * cells;
}

/* ---- states -------------------------------------------------------- */

sapper_status classic_state_new(const void *game, int32_t players,
                                uint64_t seed, void **state, char *err,
                                size_t errcap)
{
    const classic_game *g = game;
    if (players != 1)
        return fail(err, errcap, SAPPER_ERR_PARAM, "classic is a 1-player "
                    "game: expected 1 player, found %d", players);
    classic_state *s = calloc(1, sizeof *s);
    if (!s || sapper_board_init(&s->board, g->width, g->height, g->mines)) {
        free(s);
        return fail(err, errcap, SAPPER_ERR_NOMEM, "out of memory");
    }
    s->game = g;
    sapper_rng_seed(&s->rng, seed);
    if (g->layout)
        sapper_board_set_mines(&s->board, g->layout);
    else if (g->first_click == FIRST_ANY) /* fits: game_new checked */
        (void)sapper_board_place_mines(&s->board, &s->rng, NULL, 0);
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

/* buf (may be NULL: legal_actions wants no text) holds a detailed reason. */
static const char *chord_refusal(const sapper_board *b, int32_t cell,
                                 char *buf, size_t cap)
{
    if (b->state[cell] != SAPPER_BOARD_REVEALED)
        return "is not revealed: chord needs a revealed number";
    int32_t flags = sapper_board_count_around(b, cell, SAPPER_BOARD_FLAGGED);
    if (flags != b->count[cell] && !buf)
        return "has the wrong number of flagged neighbours";
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

/* 0 when verb on cell is legal now; otherwise 1, with "cell X Y <why>" in
   err when err is not NULL. The caller checks that the game is not over. */
static int refusal(const classic_state *s, int32_t verb, int32_t cell,
                   char *err, size_t errcap)
{
    const sapper_board *b = &s->board;
    uint8_t st = b->state[cell];
    char detail[128];
    const char *why = verb == SAPPER_MINES_REVEAL ? reveal_refusal(st)
                    : verb == SAPPER_MINES_FLAG   ? flag_refusal(st)
                    : chord_refusal(b, cell, err ? detail : NULL,
                                    sizeof detail);
    if (why && err)
        fail(err, errcap, 0, "cell %d %d %s", cell % b->width,
             cell / b->width, why);
    return why != NULL;
}

int64_t classic_legal_actions(const void *state, int32_t seat, int64_t *out,
                              size_t cap)
{
    const classic_state *s = state;
    int64_t n = 0, cells = s->board.cells;
    if (seat != 0 || s->outcome != ONGOING)
        return 0;
    for (int32_t verb = 0; verb < SAPPER_MINES_VERBS; verb++) {
        for (int32_t c = 0; c < cells; c++) {
            if (refusal(s, verb, c, NULL, 0))
                continue;
            if ((size_t)n < cap)
                out[n] = verb * cells + c;
            n++;
        }
    }
    return n;
}

/* ---- transitions --------------------------------------------------- */

/* Under safe and opening the mines are drawn now, around the first cell
   revealed, so that cell (and under opening its neighbours) is free. */
static sapper_status place_for_first_reveal(classic_state *s, int32_t cell)
{
    int32_t keep[9] = {cell}, n = 1;
    if (s->game->first_click == FIRST_OPENING)
        n += sapper_board_neighbours(&s->board, cell, keep + 1);
    return sapper_board_place_mines(&s->board, &s->rng, keep, n);
}

static void settle(classic_state *s, int32_t mines_hit)
{
    const sapper_board *b = &s->board;
    if (mines_hit > 0)
        s->outcome = LOST;
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
    if (!b->placed && place_for_first_reveal(s, cell) != SAPPER_OK)
        return fail(err, errcap, SAPPER_ERR_INTERNAL, "cannot place %d mines "
                    "around the first reveal", b->mines);
    if (verb == SAPPER_MINES_REVEAL)
        settle(s, sapper_board_reveal(b, cell));
    else
        settle(s, sapper_board_chord(b, cell));
    return SAPPER_OK;
}

sapper_status classic_apply_action(void *state, int32_t seat, int64_t action,
                                   char *err, size_t errcap)
{
    classic_state *s = state;
    const sapper_board *b = &s->board;
    int32_t verb, x, y;
    if (s->outcome != ONGOING)
        return fail(err, errcap, SAPPER_ERR_ILLEGAL, "the game is over");
    if (seat != 0)
        return fail(err, errcap, SAPPER_ERR_ILLEGAL, "seat %d does not play: "
                    "classic has one seat, 0", seat);
    if (!sapper_mines_decode(action, b->width, b->height, &verb, &x, &y))
        return fail(err, errcap, SAPPER_ERR_ILLEGAL, "action %lld is out of "
                    "range: expected 0 to %lld", (long long)action,
                    (long long)b->cells * SAPPER_MINES_VERBS - 1);
    if (refusal(s, verb, y * b->width + x, err, errcap))
        return SAPPER_ERR_ILLEGAL;
    sapper_status st = apply_verb(s, verb, y * b->width + x, err, errcap);
    if (st == SAPPER_OK)
        s->moves++;
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
    if (cap < need)
        return (int64_t)need;
    sapper_mines_view *v = out;
    memset(v, 0, sizeof *v);
    v->struct_size = sizeof *v;
    v->width = b->width;
    v->height = b->height;
    v->mines = b->mines;
    v->flags = b->flags;
    v->seat = seat;
    v->to_move = classic_current_player(s);
    v->players = 1;
    v->moves = s->moves;
    for (int32_t c = 0; c < b->cells; c++) {
        v->cells[c] = sapper_board_code(b, c, show);
        v->mines_exposed += v->cells[c] == SAPPER_CELL_MINE;
    }
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
    int32_t verb, x, y;
    if (!sapper_mines_decode(action, s->board.width, s->board.height, &verb,
                             &x, &y)) {
        if (cap > 0)
            buf[0] = '\0';
        return 0;
    }
    return snprintf(buf, cap, "%s %d %d", verb_names[verb], x, y);
}

/* A run of non-blank characters starting at *p; *p moves past it. */
static const char *next_word(const char **p, int *len)
{
    while (**p == ' ' || **p == '\t')
        (*p)++;
    const char *start = *p;
    while (**p && **p != ' ' && **p != '\t' && **p != '\n' && **p != '\r')
        (*p)++;
    *len = (int)(*p - start);
    return start;
}

/* The coordinate `name` (X or Y) in 0..limit-1 from the next word. */
static sapper_status parse_coord(const char **p, const char *name,
                                 int32_t limit, int32_t *out, char *err,
                                 size_t errcap)
{
    int len;
    const char *w = next_word(p, &len);
    const char *what = name[0] == 'X' ? "column" : "row";
    int64_t v = 0;
    int i = w[0] == '-' ? 1 : 0, digits = 0;
    for (; i < len && w[i] >= '0' && w[i] <= '9'; i++, digits++)
        if (v < 1000000000)
            v = v * 10 + (w[i] - '0');
    if (len == 0 || digits == 0 || i < len)
        return fail(err, errcap, SAPPER_ERR_PARSE, "expected %s, a %s from 0 "
                    "to %d, found %s%.*s%s", name, what, limit - 1,
                    len ? "'" : "nothing", len > 24 ? 24 : len, w,
                    len ? "'" : "");
    if (w[0] == '-' || v >= limit)
        return fail(err, errcap, SAPPER_ERR_PARSE, "expected %s, a %s from 0 "
                    "to %d, found %.*s", name, what, limit - 1,
                    len > 24 ? 24 : len, w);
    *out = (int32_t)v;
    return SAPPER_OK;
}

static sapper_status parse_verb(const char **p, int32_t *verb, char *err,
                                size_t errcap)
{
    int len;
    const char *w = next_word(p, &len);
    for (int32_t v = 0; v < SAPPER_MINES_VERBS; v++) {
        if ((size_t)len == strlen(verb_names[v]) &&
            strncmp(w, verb_names[v], (size_t)len) == 0) {
            *verb = v;
            return SAPPER_OK;
        }
    }
    return fail(err, errcap, SAPPER_ERR_PARSE, "expected 'reveal X Y', "
                "'flag X Y' or 'chord X Y', found %s%.*s%s",
                len ? "'" : "nothing", len > 24 ? 24 : len, w, len ? "'" : "");
}

sapper_status classic_text_to_action(const void *state, const char *text,
                                     int64_t *action, char *err,
                                     size_t errcap)
{
    const classic_state *s = state;
    const sapper_board *b = &s->board;
    const char *p = text;
    int32_t verb = 0, x = 0, y = 0;
    sapper_status st = parse_verb(&p, &verb, err, errcap);
    if (st == SAPPER_OK)
        st = parse_coord(&p, "X", b->width, &x, err, errcap);
    if (st == SAPPER_OK)
        st = parse_coord(&p, "Y", b->height, &y, err, errcap);
    if (st != SAPPER_OK)
        return st;
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
    if (*p)
        return fail(err, errcap, SAPPER_ERR_PARSE, "expected nothing after "
                    "'%s %d %d', found '%.24s'", verb_names[verb], x, y, p);
    *action = sapper_mines_action(verb, x, y, b->width, b->height);
    return SAPPER_OK;
}

int64_t classic_result_json(const void *state, char *buf, size_t cap)
{
    const classic_state *s = state;
    const sapper_board *b = &s->board;
    return snprintf(buf, cap, ",\"width\":%d,\"height\":%d,\"mines\":%d,"
                    "\"revealed\":%d,\"flags\":%d", b->width, b->height,
                    b->mines, b->revealed, b->flags);
}
