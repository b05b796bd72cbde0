/*
 * seeker.c - the Mine-Seeker base game: configuring a variant (size, odd
 * mine count, layout file), dealing the board from the seed, whose turn it
 * is, which reveals (and bombs) are legal, claiming mines, passing the
 * turn, the end at a majority, and the returns.
 *
 * It does not score bonuses (bonus.c), work out a bomb (bomb.c), draw
 * views or parse text (show.c,
 * action.c), or do board mechanics such as flood fill and layout files
 * (core/mines/board.c). See seeker.h for the rules and the choices made.
 */
#include "internal.h"
#include "fail.h"
#include "scaffold.h"

#include <stdarg.h>
#include <stdio.h>

/* ---- configuring a game -------------------------------------------- */

/* " in layout FILE" or "" for messages. */
static const char *where(const char *layout, char *buf, size_t cap)
{
    if (!layout)
        return "";
    snprintf(buf, cap, " in layout %s", layout);
    return buf;
}

static sapper_status even_mines(const seeker_game *g, const char *layout,
                                char *err, size_t errcap)
{
    char fix[64];
    if (layout)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "layout %s has %d mines, "
                    "an even count: seeker needs an odd mine count so that no "
                    "game ends in a tie (add or remove a '*')", layout,
                    g->mines);
    if (g->mines < g->width * g->height)
        snprintf(fix, sizeof fix, "try %d or %d", g->mines - 1, g->mines + 1);
    else
        snprintf(fix, sizeof fix, "try %d", g->mines - 1);
    return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "mines = %d is even: seeker "
                "needs an odd mine count so that no game ends in a tie (%s)",
                g->mines, fix);
}

static sapper_status check_game(const seeker_game *g, const char *layout,
                                char *err, size_t errcap)
{
    char in[512];
    int32_t cells = g->width * g->height;
    if (g->width < SEEKER_MIN_SIDE || g->width > SEEKER_MAX_SIDE ||
        g->height < SEEKER_MIN_SIDE || g->height > SEEKER_MAX_SIDE)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "a %dx%d board%s: expected "
                    "width and height from %d to %d", g->width, g->height,
                    where(layout, in, sizeof in), SEEKER_MIN_SIDE,
                    SEEKER_MAX_SIDE);
    if (g->mines < 1 || g->mines > cells)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "mines = %d%s: expected 1 "
                    "to %d (the cells of a %dx%d board)", g->mines,
                    where(layout, in, sizeof in), cells, g->width, g->height);
    if (g->mines % 2 == 0)
        return even_mines(g, layout, err, errcap);
    return SAPPER_OK;
}

static sapper_status configure_game(const sapper_params *p, seeker_game *g,
                               char *err, size_t errcap)
{
    const char *layout = sapper_param(p, "layout");
    g->bomb_deficit = sapper_param_bool(p, "bomb", 0)
        ? (int32_t)sapper_param_int(p, "bomb_deficit", 1) : 0;
    if (layout && *layout) {
        sapper_status st = sapper_board_read_layout(
            layout, &g->width, &g->height, &g->mines, &g->layout, err,
            errcap);
        return st != SAPPER_OK ? st : check_game(g, layout, err, errcap);
    }
    g->width = (int32_t)sapper_param_int(p, "width", 16);
    g->height = (int32_t)sapper_param_int(p, "height", 16);
    g->mines = (int32_t)sapper_param_int(p, "mines", 51);
    return check_game(g, NULL, err, errcap);
}

/* configure_game for the scaffold, which knows the game only as void *. */
static sapper_status configure(const sapper_params *p, void *g, char *err, size_t errcap)
{
    return configure_game(p, g, err, errcap);
}

sapper_status seeker_game_new(const sapper_params *params, void **game,
                          char *err, size_t errcap)
{
    return sapper_mines_game_new(sizeof(seeker_game), configure, seeker_game_free, params, game,
                                 err, errcap);
}

void seeker_game_free(void *game)
{
    seeker_game *g = game;
    if (!g)
        return;
    free(g->layout);
    free(g);
}

void seeker_game_info(const void *game, int32_t players,
                      sapper_game_info *out)
{
    sapper_game_info mine = {.struct_size = sizeof mine};
    const seeker_game *g = game;
    int64_t cells = (int64_t)g->width * g->height;
    (void)players;
    mine.min_players = SEEKER_SEATS;
    mine.max_players = SEEKER_SEATS;
    mine.turns = SAPPER_TURNS_SEQUENTIAL;
    mine.max_moves = cells;   /* every move opens at least one cell */
    mine.max_actions = g->bomb_deficit ? 2 * cells : cells; /* reveals
                                  and, with bombs, a bomb at every cell */
    sapper_game_info_fill(out, &mine);
}

/* ---- states -------------------------------------------------------- */

static seeker_state *state_alloc(const seeker_game *g)
{
    seeker_state *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    if (sapper_board_init(&s->board, g->width, g->height, g->mines)) {
        free(s);
        return NULL;
    }
    s->owner = malloc((size_t)s->board.cells);
    if (!s->owner) {
        sapper_board_free(&s->board);
        free(s);
        return NULL;
    }
    memset(s->owner, SEEKER_NOBODY, (size_t)s->board.cells);
    s->game = g;
    return s;
}

sapper_status seeker_state_new(const void *game, int32_t players,
                               uint64_t seed, void **state, char *err,
                               size_t errcap)
{
    const seeker_game *g = game;
    if (players != SEEKER_SEATS)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "seeker is a 2-player game "
                    "(red and blue): expected 2 players, found %d", players);
    seeker_state *s = state_alloc(g);
    if (!s)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_NOMEM, "out of memory");
    if (g->layout) {
        sapper_board_set_mines(&s->board, g->layout);
    } else {
        sapper_rng rng;
        sapper_rng_seed(&rng, seed);
        /* fits: game_new checked mines <= cells */
        (void)sapper_board_place_mines(&s->board, &rng, NULL, 0);
    }
    s->to_move = SEEKER_RED;
    s->bombs = g->bomb_deficit ? (1 << SEEKER_RED) | (1 << SEEKER_BLUE) : 0;
    *state = s;
    return SAPPER_OK;
}

sapper_status seeker_state_clone(const void *state, void **out)
{
    const seeker_state *s = state;
    seeker_state *c = malloc(sizeof *c);
    if (!c)
        return SAPPER_ERR_NOMEM;
    *c = *s;
    c->owner = malloc((size_t)s->board.cells);
    if (!c->owner || sapper_board_copy(&c->board, &s->board) != SAPPER_OK) {
        free(c->owner);
        free(c);
        return SAPPER_ERR_NOMEM;
    }
    memcpy(c->owner, s->owner, (size_t)s->board.cells);
    *out = c;
    return SAPPER_OK;
}

void seeker_state_free(void *state)
{
    seeker_state *s = state;
    if (!s)
        return;
    sapper_board_free(&s->board);
    free(s->owner);
    free(s);
}

int32_t seeker_current_player(const void *state)
{
    const seeker_state *s = state;
    return s->to_move;
}

int32_t seeker_remaining(const seeker_state *s)
{
    return s->board.mines - s->score[0].points - s->score[1].points;
}

void seeker_returns(const void *state, double *out, int32_t players)
{
    const seeker_state *s = state;
    int32_t red = s->score[0].points, blue = s->score[1].points;
    double r = 0.5;
    if (s->to_move == SAPPER_TERMINAL && red != blue)
        r = red > blue ? 1.0 : 0.0;
    if (players > 0)
        out[0] = r;
    if (players > 1)
        out[1] = 1.0 - r;
}

sapper_status seeker_get_score(const void *state, int32_t seat,
                               seeker_score *out)
{
    const seeker_state *s = state;
    if (seat < 0 || seat >= SEEKER_SEATS)
        return SAPPER_ERR_PARAM;
    *out = s->score[seat];
    return SAPPER_OK;
}

const char *seeker_colour(int32_t seat)
{
    return seat == SEEKER_RED ? "red" : seat == SEEKER_BLUE ? "blue" : "";
}

/* ---- legality ------------------------------------------------------ */

int32_t seeker_is_legal(const void *state, int32_t seat, int64_t action)
{
    const seeker_state *s = state;
    const sapper_board *b = &s->board;
    int32_t verb, x, y;
    if (s->to_move < 0 || seat != s->to_move ||
        !sapper_mines_decode(action, b->width, b->height, &verb, &x, &y))
        return 0;
    if (verb == SAPPER_MINES_BOMB)
        return seeker_bomb_is_legal(s, seat, y * b->width + x);
    return verb == SAPPER_MINES_REVEAL &&
           b->state[y * b->width + x] == SAPPER_BOARD_HIDDEN;
}

/* Appends id to out (up to cap) as the n-th legal action. */
static void put_legal(int64_t *out, size_t cap, int64_t *n, int64_t id)
{
    if ((size_t)*n < cap)
        out[*n] = id;
    (*n)++;
}

int64_t seeker_legal_actions(const void *state, int32_t seat, int64_t *out,
                             size_t cap)
{
    const seeker_state *s = state;
    const sapper_board *b = &s->board;
    int64_t n = 0;
    if (s->to_move < 0 || seat != s->to_move)
        return 0;
    for (int32_t c = 0; c < b->cells; c++)
        if (b->state[c] == SAPPER_BOARD_HIDDEN)
            put_legal(out, cap, &n, sapper_mines_action(
                SAPPER_MINES_REVEAL, c % b->width, c / b->width, b->width,
                b->height));
    if (!seeker_bomb_ready(s, seat))
        return n;
    for (int32_t c = 0; c < b->cells; c++)
        if (seeker_bomb_is_legal(s, seat, c))
            put_legal(out, cap, &n, sapper_mines_action(
                SAPPER_MINES_BOMB, c % b->width, c / b->width, b->width,
                b->height));
    return n;
}

static sapper_status not_an_action(const seeker_state *s, int64_t action,
                                   char *err, size_t errcap)
{
    int32_t cells = s->board.cells;
    if (!s->game->bomb_deficit)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_ILLEGAL, "action %lld "
                                 "is not a seeker action: the only one is "
                                 "'reveal X Y', ids 0 to %d",
                                 (long long)action, cells - 1);
    return sapper_mines_fail(err, errcap, SAPPER_ERR_ILLEGAL, "action %lld is "
                             "not a seeker action: they are 'reveal X Y', ids "
                             "0 to %d, and 'bomb X Y', ids %d to %d",
                             (long long)action, cells - 1,
                             SAPPER_MINES_BOMB * cells,
                             (SAPPER_MINES_BOMB + 1) * cells - 1);
}

/* 0 when seat may reveal (or bomb) the cell of action now; otherwise the status,
   with the reason in err. On success *cell is the cell. */
static sapper_status refusal(const seeker_state *s, int32_t seat,
                             int64_t action, int32_t *cell, char *err,
                             size_t errcap)
{
    const sapper_board *b = &s->board;
    int32_t verb, x, y;
    if (s->to_move == SAPPER_TERMINAL)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_ILLEGAL, "the game is over");
    if (seat != s->to_move)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_ILLEGAL, "it is %s's turn (seat "
                    "%d), not seat %d's", seeker_colour(s->to_move),
                    s->to_move, seat);
    if (!sapper_mines_decode(action, b->width, b->height, &verb, &x, &y) ||
        (verb != SAPPER_MINES_REVEAL && verb != SAPPER_MINES_BOMB))
        return not_an_action(s, action, err, errcap);
    *cell = y * b->width + x;
    if (verb == SAPPER_MINES_BOMB)
        return seeker_bomb_refusal(s, seat, *cell, err, errcap);
    if (s->owner[*cell] != SEEKER_NOBODY)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_ILLEGAL, "cell %d %d is a mine "
                    "%s already claimed", x, y,
                    seeker_colour(s->owner[*cell]));
    if (b->state[*cell] != SAPPER_BOARD_HIDDEN)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_ILLEGAL, "cell %d %d is already "
                    "revealed", x, y);
    return SAPPER_OK;
}

/* ---- transitions --------------------------------------------------- */

static int game_over(const seeker_state *s)
{
    const int32_t mines = s->board.mines;
    return 2 * s->score[0].points > mines || 2 * s->score[1].points > mines ||
           seeker_remaining(s) == 0;
}

static void claim(seeker_state *s, int32_t seat, int32_t cell)
{
    seeker_bonus_claim(&s->score[seat], &s->board, cell, seeker_remaining(s));
    sapper_board_reveal(&s->board, cell);
    s->owner[cell] = (uint8_t)seat;
    s->score[seat].points++;
    s->to_move = game_over(s) ? SAPPER_TERMINAL : seat;
}

static void open_safe(seeker_state *s, int32_t seat, int32_t cell)
{
    int32_t before = s->board.revealed;
    sapper_board_reveal(&s->board, cell);
    seeker_bonus_safe(&s->score[seat], s->board.revealed - before);
    s->to_move = 1 - seat;
}

static void throw_bomb(seeker_state *s, int32_t seat, int32_t cell)
{
    seeker_bomb_apply(s, seat, cell);
    s->to_move = game_over(s) ? SAPPER_TERMINAL : 1 - seat;
}

sapper_status seeker_apply_action(void *state, int32_t seat, int64_t action,
                                  char *err, size_t errcap)
{
    seeker_state *s = state;
    int32_t cell = 0;
    sapper_status st = refusal(s, seat, action, &cell, err, errcap);
    if (st != SAPPER_OK)
        return st;
    if (action >= (int64_t)SAPPER_MINES_BOMB * s->board.cells)
        throw_bomb(s, seat, cell);
    else if (s->board.mine[cell])
        claim(s, seat, cell);
    else
        open_safe(s, seat, cell);
    s->moves++;
    return SAPPER_OK;
}
