/*
 * test_hunter.c - unit tests of the hunter bot (plugins/bots/hunter): its
 * choices on fixed views written as text, its safest policy, and whole
 * games through the seeker and classic rules (linked in as built-ins).
 *
 * Views: '.' a hidden cell, '0'-'8' a revealed number, 'R' / 'B' a mine
 * claimed by red / blue, '*' an exposed mine; M is the total mine count.
 * Every hidden cell may be revealed. The probabilities quoted in comments
 * are the exact ones (sapper_mines_analyze), checked where they matter.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"

const sapper_manifest *sapper_builtin_hunter_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_seeker_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_classic_entry(uint32_t, uint32_t);

#define MAX_ROWS 16

/* A view and its legal set, built from text rows. */
typedef struct fixture {
    sapper_mines_view *view;
    size_t size;
    int64_t legal[2 * MAX_ROWS * MAX_ROWS];   /* reveals, and bombs */
    size_t nlegal;
} fixture;

static uint8_t code_of(char ch)
{
    switch (ch) {
    case '.': return SAPPER_CELL_HIDDEN;
    case '*': return SAPPER_CELL_MINE;
    case 'R': return SAPPER_CELL_CLAIMED;
    case 'B': return SAPPER_CELL_CLAIMED + 1;
    default:
        assert_true(ch >= '0' && ch <= '8');
        return (uint8_t)(ch - '0');
    }
}

/* Builds the view of `rows` (NULL-terminated) for seat 0 of `players`. */
static void make_view(fixture *f, int32_t players, int32_t mines,
                      const char *const *rows)
{
    int32_t w = (int32_t)strlen(rows[0]), h = 0;
    while (rows[h])
        h++;
    assert_true(w <= MAX_ROWS && h <= MAX_ROWS);
    f->size = sapper_mines_view_size(w, h);
    f->view = calloc(1, f->size);
    sapper_mines_view *v = f->view;
    *v = (sapper_mines_view){.struct_size = sizeof *v, .width = w,
                             .height = h, .mines = mines, .players = players};
    f->nlegal = 0;
    for (int32_t y = 0; y < h; y++) {
        assert_int_equal((int32_t)strlen(rows[y]), w);
        for (int32_t x = 0; x < w; x++) {
            uint8_t c = code_of(rows[y][x]);
            v->cells[y * w + x] = c;
            v->mines_exposed += c >= SAPPER_CELL_MINE;
            if (c == SAPPER_CELL_HIDDEN)
                f->legal[f->nlegal++] = sapper_mines_action(
                    SAPPER_MINES_REVEAL, x, y, w, h);
        }
    }
}

/* A bot with this policy and lookahead, the other parameters at their
   defaults, every key given as the host gives them. */
static void *new_bot(uint64_t seed, const char *policy, const char *lookahead)
{
    sapper_kv kv[] = {{"policy", policy}, {"lookahead", lookahead},
                      {"tie_band", "0"}, {"flood_leak", "5"}};
    sapper_params p = {kv, 4};
    sapper_bot_setup s = {.struct_size = sizeof s, .seat = 0, .players = 2,
                          .seed = seed};
    void *bot = NULL;
    char err[128];
    assert_int_equal(hunter_bot_new(&p, &s, &bot, err, sizeof err), SAPPER_OK);
    return bot;
}

/* The (x, y) the bot reveals on the fixture. */
static void choice(void *bot, fixture *f, int32_t *x, int32_t *y)
{
    int64_t a = -1;
    int32_t verb;
    assert_int_equal(hunter_bot_step(bot, f->view, f->size, f->legal,
                                     f->nlegal, &a), SAPPER_OK);
    assert_true(sapper_mines_decode(a, f->view->width, f->view->height, &verb,
                                    x, y));
    assert_int_equal(verb, SAPPER_MINES_REVEAL);
}

static void expect_choice(const char *policy, const char *lookahead,
                          int32_t players, int32_t mines,
                          const char *const *rows, int32_t ex, int32_t ey)
{
    fixture f;
    make_view(&f, players, mines, rows);
    for (uint64_t seed = 1; seed <= 5; seed++) {   /* no luck involved */
        void *bot = new_bot(seed, policy, lookahead);
        int32_t x, y;
        choice(bot, &f, &x, &y);
        if (x != ex || y != ey)
            fail_msg("%s chose %d %d, expected %d %d (seed %llu)", policy,
                     x, y, ex, ey, (unsigned long long)seed);
        hunter_bot_free(bot);
    }
    free(f.view);
}

/* The exact probability of cell (x, y) of a fixture. */
static double probability(fixture *f, int32_t x, int32_t y)
{
    sapper_mines_solver *s = sapper_mines_solver_new(f->view->width,
                                                     f->view->height);
    sapper_mines_position pos;
    sapper_mines_result r;
    assert_int_equal(sapper_mines_position_from_view(f->view, f->size, &pos),
                     SAPPER_OK);
    assert_int_equal(sapper_mines_analyze(s, &pos, NULL, &r), SAPPER_OK);
    double p = r.prob[y * f->view->width + x];
    sapper_mines_solver_free(s);
    return p;
}

/* hunter_leak of (x, y) on a fixture, as the chooser computes it. */
static double leak(fixture *f, int32_t x, int32_t y)
{
    hunter_bot *b = new_bot(1, "hunt", "8");
    int32_t ignore_x, ignore_y;
    choice(b, f, &ignore_x, &ignore_y);   /* fills the buffers and prob */
    hunter_ctx c = {.view = f->view, .cells = f->view->cells,
                    .lookahead = 8};
    assert_int_equal(sapper_mines_position_from_view(f->view, f->size, &c.pos),
                     SAPPER_OK);
    double l = hunter_leak(b, &c, y * f->view->width + x);
    hunter_bot_free(b);
    return l;
}

/* ---- the descriptor ------------------------------------------------- */

static void test_hunter_descriptor_is_a_mines_bot_with_a_policy(void **st)
{
    (void)st;
    const sapper_manifest *m = sapper_builtin_hunter_entry(SAPPER_ABI_MAJOR,
                                                           SAPPER_ABI_MINOR);
    assert_non_null(m);
    const sapper_descriptor *d = m->descriptors[0];
    assert_string_equal(d->id, "hunter");
    assert_int_equal(d->kind, SAPPER_KIND_BOT);
    assert_string_equal(d->family, SAPPER_MINES_FAMILY);
    assert_string_equal(d->params[0].key, "policy");
    assert_string_equal(d->params[0].choices, "hunt|safest");
    assert_string_equal(d->params[0].def, "hunt");
    assert_null(sapper_builtin_hunter_entry(SAPPER_ABI_MAJOR + 1, 0));
}

/* ---- hunt ------------------------------------------------------------ */

/* (2,2) is boxed in by 1s: a certain mine. The right column holds the
   other 3 mines in 5 cells (0.6 each); column 5 is safe. */
static void test_hunter_claims_a_certain_mine(void **st)
{
    (void)st;
    static const char *const rows[] = {
        "00000..", "01110..", "01.10..", "01110..", "00000..", NULL};
    expect_choice("hunt", "8", 2, 4, rows, 2, 2);
}

/* Two certain mines, (2,2) inside and (6,0) in the corner: the corner is
   worth the edge bonus, so it goes first. */
static void test_hunter_claims_the_certain_mine_worth_most_first(void **st)
{
    (void)st;
    static const char *const rows[] = {
        "000001.", "0111011", "01.1000", "0111000", "0000000", NULL};
    expect_choice("hunt", "8", 2, 2, rows, 6, 0);
}

/* No certain mine; (3,2) is a mine in 8 of 9 weighted layouts (0.889),
   every other cell at most 0.5. */
static const char *const likely_rows[] = {
    "..100", "..211", ".....", ".....", NULL};

static void test_hunter_picks_the_most_probable_mine(void **st)
{
    (void)st;
    fixture f;
    make_view(&f, 2, 3, likely_rows);
    assert_true(fabs(probability(&f, 3, 2) - 8.0 / 9.0) < 1e-9);
    assert_true(probability(&f, 1, 0) < 0.51);
    free(f.view);
    expect_choice("hunt", "8", 2, 3, likely_rows, 3, 2);
    expect_choice("hunt", "0", 2, 3, likely_rows, 3, 2);
}

/* (1,0) and (3,0) are both mines with 9/13, both on the edge, neither
   blind. Revealed safe, (1,0) hands the opponent 1.88 certain mines on
   average, (3,0) exactly 1 (its neighbour (3,1) is then decided): the
   hunter takes (3,0). */
static void test_hunter_breaks_ties_by_the_least_leak(void **st)
{
    (void)st;
    static const char *const rows[] = {"..2.", ".3..", "...1", "....", NULL};
    fixture f;
    make_view(&f, 2, 5, rows);
    assert_true(fabs(probability(&f, 1, 0) - 9.0 / 13.0) < 1e-9);
    assert_true(fabs(probability(&f, 3, 0) - 9.0 / 13.0) < 1e-9);
    assert_true(fabs(leak(&f, 3, 0) - 1.0) < 1e-6);
    assert_true(leak(&f, 1, 0) > 1.8);
    free(f.view);
    expect_choice("hunt", "8", 2, 5, rows, 3, 0);
}

/* The one mine is (0,1) or (2,1), 0.5 each, and either one revealed safe
   decides the other (leak 1 both). Neither is blind; (0,1) is on the
   edge: +1 if it is the mine. */
static void test_hunter_breaks_equal_leaks_by_the_edge_bonus(void **st)
{
    (void)st;
    static const char *const rows[] = {".1..", ".1..", ".1..", NULL};
    fixture f;
    make_view(&f, 2, 1, rows);
    assert_true(fabs(leak(&f, 0, 1) - leak(&f, 2, 1)) < 1e-9);
    free(f.view);
    expect_choice("hunt", "8", 2, 1, rows, 0, 1);
}

/* Without the lookahead the bonus decides among equal probabilities:
   one mine in {(0,1), (2,1)} and 3 in the 6 cells of columns 3-4, all
   0.5. Columns 3-4 touch no number (blind, +2); of them all but (3,1)
   are on the edge (+1): the choice is one of those five. */
static void test_hunter_without_lookahead_prefers_blind_edge_cells(void **st)
{
    (void)st;
    static const char *const rows[] = {".1...", ".1...", ".1...", NULL};
    fixture f;
    make_view(&f, 2, 4, rows);
    for (uint64_t seed = 1; seed <= 20; seed++) {
        void *bot = new_bot(seed, "hunt", "0");
        int32_t x, y;
        choice(bot, &f, &x, &y);
        assert_true(x >= 3 && !(x == 3 && y == 1));
        hunter_bot_free(bot);
    }
    free(f.view);
}

/* An empty board: every cell is a mine with 13/64. A safe corner shows 0
   (and opens) far more often than a safe inner cell, whose 8 neighbours
   must all be clear: the hunter opens in the interior, where an opening
   is least likely, even though an edge mine would score +1. */
static void test_hunter_avoids_cells_likely_to_open(void **st)
{
    (void)st;
    static const char *const rows[] = {
        "........", "........", "........", "........",
        "........", "........", "........", "........", NULL};
    fixture f;
    make_view(&f, 2, 13, rows);
    assert_true(leak(&f, 0, 0) > leak(&f, 3, 3));
    for (uint64_t seed = 1; seed <= 5; seed++) {
        void *bot = new_bot(seed, "hunt", "256");
        int32_t x, y;
        choice(bot, &f, &x, &y);
        assert_true(x >= 1 && x <= 6 && y >= 1 && y <= 6);
        hunter_bot_free(bot);
    }
    free(f.view);
}

/* ---- safest, and one seat ------------------------------------------- */

/* (2,2) is the only cell certainly safe in the "likely" view. */
static void test_safest_reveals_the_least_likely_mine(void **st)
{
    (void)st;
    expect_choice("safest", "8", 2, 3, likely_rows, 2, 2);
}

static void test_hunter_plays_safest_with_one_seat(void **st)
{
    (void)st;
    expect_choice("hunt", "8", 1, 3, likely_rows, 2, 2);
}

/* ---- robustness ------------------------------------------------------ */

/* A cell code the solver refuses: a random legal reveal, not a forfeit. */
static void test_hunter_survives_a_view_the_solver_refuses(void **st)
{
    (void)st;
    static const char *const rows[] = {"..1", "...", NULL};
    fixture f;
    make_view(&f, 2, 1, rows);
    f.view->cells[5] = 13;   /* no such code */
    void *bot = new_bot(3, "hunt", "8");
    int64_t a = -1;
    assert_int_equal(hunter_bot_step(bot, f.view, f.size, f.legal, f.nlegal,
                                     &a), SAPPER_OK);
    int found = 0;
    for (size_t i = 0; i < f.nlegal; i++)
        found |= f.legal[i] == a;
    assert_true(found);
    hunter_bot_free(bot);
    free(f.view);
}

/* No legal reveal (only a flag): that action; a truncated view: refused. */
static void test_hunter_plays_a_legal_action_when_no_reveal_is(void **st)
{
    (void)st;
    static const char *const rows[] = {"1.", "..", NULL};
    fixture f;
    make_view(&f, 1, 1, rows);
    int64_t flag = sapper_mines_action(SAPPER_MINES_FLAG, 1, 0, 2, 2), a = -1;
    void *bot = new_bot(3, "hunt", "8");
    assert_int_equal(hunter_bot_step(bot, f.view, f.size, &flag, 1, &a),
                     SAPPER_OK);
    assert_int_equal(a, flag);
    assert_int_equal(hunter_bot_step(bot, f.view, sizeof *f.view, f.legal,
                                     f.nlegal, &a), SAPPER_ERR_STATE);
    hunter_bot_free(bot);
    free(f.view);
}

/* ---- the Flags bomb -------------------------------------------------- */

/* Gives seat 0 its bomb (every centre legal), and the points red, blue. */
static void arm(fixture *f, int32_t red, int32_t blue)
{
    sapper_mines_view *v = f->view;
    v->bombs = 1;
    v->points[0] = red;
    v->points[1] = blue;
    for (int32_t c = 0; c < v->width * v->height; c++)
        f->legal[f->nlegal++] = sapper_mines_action(
            SAPPER_MINES_BOMB, c % v->width, c / v->width, v->width, v->height);
}

/* The verb and cell the bot plays on an armed fixture. */
static int32_t armed_choice(fixture *f, uint64_t seed, int32_t *x, int32_t *y)
{
    void *bot = new_bot(seed, "hunt", "8");
    int64_t a = -1;
    int32_t verb = -1;
    assert_int_equal(hunter_bot_step(bot, f->view, f->size, f->legal,
                                     f->nlegal, &a), SAPPER_OK);
    assert_true(sapper_mines_decode(a, f->view->width, f->view->height, &verb,
                                    x, y));
    hunter_bot_free(bot);
    return verb;
}

static const char *const blank10[] = {
    "..........", "..........", "..........", "..........", "..........",
    "..........", "..........", "..........", "..........", "..........",
    NULL};

/* 40 mines in 100 unknown cells: every square holds 10 in expectation,
   past bomb_at (6): bomb. 20 mines: 5, short of it: click. */
static void test_hunter_bombs_only_a_square_worth_bomb_at(void **st)
{
    (void)st;
    fixture f;
    int32_t x, y;
    make_view(&f, 2, 40, blank10);
    arm(&f, 0, 1);
    assert_int_equal(armed_choice(&f, 1, &x, &y), SAPPER_MINES_BOMB);
    free(f.view);
    make_view(&f, 2, 21, blank10);
    arm(&f, 0, 1);
    assert_int_equal(armed_choice(&f, 1, &x, &y), SAPPER_MINES_REVEAL);
    free(f.view);
}

/* 21 mines (11 win): a square is worth 5.25, short of bomb_at, but blue
   has 8 and needs 3 more (bomb_last): the last chance, bomb. */
static void test_hunter_bombs_when_the_opponent_is_about_to_win(void **st)
{
    (void)st;
    fixture f;
    int32_t x, y;
    make_view(&f, 2, 21, blank10);
    arm(&f, 5, 8);
    assert_int_equal(armed_choice(&f, 1, &x, &y), SAPPER_MINES_BOMB);
    free(f.view);
}

/* A certain mine at (2,2) is a free point that keeps the turn: claim it
   and keep the bomb, however rich the squares. */
static void test_hunter_claims_a_certain_mine_before_bombing(void **st)
{
    (void)st;
    static const char *const rows[] = {
        "00000.....", "01110.....", "01.10.....", "01110.....", "00000.....",
        "..........", "..........", "..........", "..........", "..........",
        NULL};
    fixture f;
    int32_t x, y;
    make_view(&f, 2, 50, rows);
    arm(&f, 0, 9);
    assert_int_equal(armed_choice(&f, 1, &x, &y), SAPPER_MINES_REVEAL);
    assert_true(x == 2 && y == 2);
    free(f.view);
}

/* The zeros in the top left make the cells around them safe: a square
   touching them holds fewer mines than one clear of them, so the bomb
   lands clear of them (its square starts at column 4 or row 4 or later:
   the safe cells end at column and row 3). */
static void test_hunter_bombs_the_richest_square(void **st)
{
    (void)st;
    static const char *const rows[] = {
        "000.......", "000.......", "000.......", "..........", "..........",
        "..........", "..........", "..........", "..........", "..........",
        NULL};
    for (uint64_t seed = 1; seed <= 5; seed++) {
        fixture f;
        int32_t x, y;
        make_view(&f, 2, 45, rows);
        arm(&f, 0, 1);
        assert_int_equal(armed_choice(&f, seed, &x, &y), SAPPER_MINES_BOMB);
        int32_t x0 = x < 2 ? 0 : x > 7 ? 5 : x - 2;
        int32_t y0 = y < 2 ? 0 : y > 7 ? 5 : y - 2;
        if (x0 < 4 && y0 < 4)
            fail_msg("bombed %d %d, a square touching the safe cells", x, y);
        free(f.view);
    }
}

/* ---- whole games ----------------------------------------------------- */

typedef struct game_run {
    const sapper_rules_api *rules;
    void *game, *state;
    void *bots[2];
    int32_t players;
    uint64_t trail;   /* a hash of the actions played, in order */
} game_run;

/* The rules' game from its declared defaults with `key=value` overrides. */
static void *make_game(const sapper_descriptor *d, const char *key,
                       const char *value)
{
    sapper_kv kv[16];
    assert_true(d->param_count <= 16);
    for (uint32_t i = 0; i < d->param_count; i++) {
        kv[i] = (sapper_kv){d->params[i].key, d->params[i].def};
        if (key && strcmp(key, d->params[i].key) == 0)
            kv[i].value = value;
    }
    sapper_params p = {kv, d->param_count};
    void *game = NULL;
    char err[256];
    if (d->rules->game_new(&p, &game, err, sizeof err) != SAPPER_OK)
        fail_msg("game_new: %s", err);
    return game;
}

/* One step of the seat to move: its bot's action must be legal. */
static void play_step(game_run *g, int64_t *legal, size_t cap, void *view,
                      size_t view_cap)
{
    int32_t seat = g->rules->current_player(g->state);
    int64_t n = g->rules->legal_actions(g->state, seat, legal, cap);
    int64_t size = g->rules->observe(g->state, seat, view, view_cap);
    int64_t a = -1;
    char err[256];
    assert_true(n > 0 && size > 0 && size <= (int64_t)view_cap);
    assert_int_equal(hunter_bot_step(g->bots[seat], view, (size_t)size, legal,
                                     (size_t)n, &a), SAPPER_OK);
    int found = 0;
    for (int64_t i = 0; i < n; i++)
        found |= legal[i] == a;
    assert_true(found);
    g->trail = g->trail * 1000003u + (uint64_t)a;
    if (g->rules->apply_action(g->state, seat, a, err, sizeof err) != SAPPER_OK)
        fail_msg("apply_action: %s", err);
}

/* Plays the game to its end with the bots; returns the returns. */
static void play_out(game_run *g, uint64_t seed, double *returns)
{
    sapper_game_info info = {.struct_size = sizeof info};
    char err[256];
    g->rules->game_info(g->game, g->players, &info);
    assert_int_equal(g->rules->state_new(g->game, g->players, seed, &g->state,
                                         err, sizeof err), SAPPER_OK);
    size_t cap = (size_t)info.max_actions, view_cap = 1 << 16;
    int64_t *legal = malloc(cap * sizeof *legal);
    void *view = malloc(view_cap);
    int64_t moves = 0;
    while (g->rules->current_player(g->state) != SAPPER_TERMINAL) {
        play_step(g, legal, cap, view, view_cap);
        assert_true(++moves <= info.max_moves);
    }
    g->rules->returns(g->state, returns, g->players);
    g->rules->state_free(g->state);
    free(legal);
    free(view);
}

/* Hunter against safest on seeker boards, each seat in turn: every action
   legal, every game ends, and the hunter wins them all. */
static void test_hunter_beats_safest_at_seeker(void **st)
{
    (void)st;
    const sapper_descriptor *d =
        sapper_builtin_seeker_entry(SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR)
            ->descriptors[0];
    game_run g = {.rules = d->rules, .game = make_game(d, NULL, NULL),
                  .players = 2};
    int hunter_wins = 0;
    for (uint64_t seed = 1; seed <= 10; seed++) {
        int32_t hunter_seat = (int32_t)(seed % 2);
        double r[2];
        g.bots[hunter_seat] = new_bot(seed, "hunt", "8");
        g.bots[1 - hunter_seat] = new_bot(seed + 100, "safest", "8");
        play_out(&g, seed, r);
        hunter_wins += r[hunter_seat] == 1.0;
        hunter_bot_free(g.bots[0]);
        hunter_bot_free(g.bots[1]);
    }
    assert_int_equal(hunter_wins, 10);
    d->rules->game_free(g.game);
}

/* The bot of new_bot, reset by bot_reset for a game of seed. */
static void reset_bot(void *bot, uint64_t seed)
{
    sapper_bot_setup s = {.struct_size = sizeof s, .seat = 0, .players = 2,
                          .seed = seed};
    char err[128];
    assert_int_equal(hunter_bot_reset(bot, &s, err, sizeof err), SAPPER_OK);
}

/* The actions of a seeker game of seed between two hunters. */
static uint64_t seeker_trail(game_run *g, uint64_t seed)
{
    double r[2];
    g->trail = 0;
    play_out(g, seed, r);
    return g->trail;
}

/* bot_reset: hunters that played a seeker game, reset for another seed,
   play that game move for move as new hunters do (what a match keeping
   its bots between games relies on); a bad setup is refused. */
static void test_hunter_reset_plays_as_a_new_bot(void **st)
{
    (void)st;
    const sapper_descriptor *d =
        sapper_builtin_seeker_entry(SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR)
            ->descriptors[0];
    game_run g = {.rules = d->rules, .game = make_game(d, NULL, NULL),
                  .players = 2};
    g.bots[0] = new_bot(1, "hunt", "8");
    g.bots[1] = new_bot(101, "hunt", "8");
    uint64_t fresh = seeker_trail(&g, 1);
    for (uint64_t seed = 2; seed <= 3; seed++) {
        reset_bot(g.bots[0], seed);
        reset_bot(g.bots[1], seed + 100);
        assert_true(seeker_trail(&g, seed) != fresh);   /* another game */
    }
    reset_bot(g.bots[0], 1);
    reset_bot(g.bots[1], 101);
    assert_true(seeker_trail(&g, 1) == fresh);
    sapper_bot_setup old = {.struct_size = 4};
    char err[128] = "";
    assert_int_equal(hunter_bot_reset(g.bots[0], &old, err, sizeof err),
                     SAPPER_ERR_STATE);
    assert_non_null(strstr(err, "no usable bot setup"));
    hunter_bot_free(g.bots[0]);
    hunter_bot_free(g.bots[1]);
    d->rules->game_free(g.game);
}

/* On classic (one seat) the hunter plays safest: it never crashes, always
   plays legal reveals, and clears most beginner boards. */
static void test_hunter_plays_classic_games_to_the_end(void **st)
{
    (void)st;
    const sapper_descriptor *d =
        sapper_builtin_classic_entry(SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR)
            ->descriptors[0];
    game_run g = {.rules = d->rules, .game = make_game(d, NULL, NULL),
                  .players = 1};
    int won = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        double r[1];
        g.bots[0] = new_bot(seed, "hunt", "8");
        play_out(&g, seed, r);
        won += r[0] == 1.0;
        hunter_bot_free(g.bots[0]);
    }
    assert_true(won >= 12);   /* beginner with a safe first click: ~90% */
    d->rules->game_free(g.game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hunter_descriptor_is_a_mines_bot_with_a_policy),
        cmocka_unit_test(test_hunter_claims_a_certain_mine),
        cmocka_unit_test(test_hunter_claims_the_certain_mine_worth_most_first),
        cmocka_unit_test(test_hunter_picks_the_most_probable_mine),
        cmocka_unit_test(test_hunter_breaks_ties_by_the_least_leak),
        cmocka_unit_test(test_hunter_breaks_equal_leaks_by_the_edge_bonus),
        cmocka_unit_test(test_hunter_without_lookahead_prefers_blind_edge_cells),
        cmocka_unit_test(test_hunter_avoids_cells_likely_to_open),
        cmocka_unit_test(test_safest_reveals_the_least_likely_mine),
        cmocka_unit_test(test_hunter_plays_safest_with_one_seat),
        cmocka_unit_test(test_hunter_survives_a_view_the_solver_refuses),
        cmocka_unit_test(test_hunter_plays_a_legal_action_when_no_reveal_is),
        cmocka_unit_test(test_hunter_bombs_only_a_square_worth_bomb_at),
        cmocka_unit_test(test_hunter_bombs_when_the_opponent_is_about_to_win),
        cmocka_unit_test(test_hunter_claims_a_certain_mine_before_bombing),
        cmocka_unit_test(test_hunter_bombs_the_richest_square),
        cmocka_unit_test(test_hunter_beats_safest_at_seeker),
        cmocka_unit_test(test_hunter_reset_plays_as_a_new_bot),
        cmocka_unit_test(test_hunter_plays_classic_games_to_the_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
