/*
 * test_seeker.c - unit tests of the Mine-Seeker rules (through the rules
 * table of the built-in manifest, so plugin.c is exercised too) and of its
 * public helpers: one test per rule of issue 6 and of the bonus document,
 * on fixed layouts from tests/fixtures/seeker-*.txt:
 *
 *   seeker-bonus.txt     10x10, 15 mines: corners (0,0) and (9,0), interior
 *                        (3,3) and (6,5), and a block on rows 8-9
 *   seeker-two.txt       4x4, 3 mines: a click that opens exactly 2 cells
 *   seeker-eleven.txt    6x5, 5 mines: reveal 0 0 opens exactly 11 cells
 *   seeker-majority.txt  16x16, 51 mines on rows 0-3
 *   seeker-even.txt      4x4, 2 mines (refused)
 *   seeker-bomb.txt      12x6, 15 mines in columns 0, 3, 6, 9, 11 of rows
 *                        0, 2, 4: every safe cell is a number, no flood
 *
 * Every assertion is on observable behaviour: scores, views, legal sets,
 * statuses, messages, text.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "display_name.h"
#include "seeker.h"

#define FIX(name) SAPPER_FIXTURES "/" name

const sapper_manifest *sapper_builtin_seeker_entry(uint32_t host_major,
                                                   uint32_t host_minor);

/* ---- helpers ------------------------------------------------------- */

static const sapper_descriptor *descriptor(void)
{
    const sapper_manifest *m = sapper_builtin_seeker_entry(SAPPER_ABI_MAJOR,
                                                           SAPPER_ABI_MINOR);
    assert_non_null(m);
    assert_int_equal(m->count, 1);
    return m->descriptors[0];
}

static const sapper_rules_api *R(void)
{
    return descriptor()->rules;
}

/* game_new on the declared defaults overridden by "key=value" arguments
   (NULL-terminated), as the host would pass them. */
static sapper_status try_game(void **game, char *err, size_t errcap, ...)
{
    const sapper_descriptor *d = descriptor();
    sapper_kv kv[8];
    char values[8][512];
    va_list ap;
    assert_true(d->param_count <= 8);
    for (uint32_t i = 0; i < d->param_count; i++)
        kv[i] = (sapper_kv){d->params[i].key, d->params[i].def};
    va_start(ap, errcap);
    for (const char *a; (a = va_arg(ap, const char *)) != NULL;) {
        const char *eq = strchr(a, '=');
        uint32_t i = 0;
        assert_non_null(eq);
        while (i < d->param_count && (strlen(kv[i].key) != (size_t)(eq - a) ||
                                      strncmp(kv[i].key, a, (size_t)(eq - a))))
            i++;
        assert_true(i < d->param_count);
        snprintf(values[i], sizeof values[i], "%s", eq + 1);
        kv[i].value = values[i];
    }
    va_end(ap);
    sapper_params p = {kv, d->param_count};
    err[0] = '\0';
    return R()->game_new(&p, game, err, errcap);
}

static void *must_game(sapper_status st, void *game, const char *err)
{
    if (st != SAPPER_OK)
        fail_msg("game_new failed: %s", err);
    return game;
}

#define GAME(...) \
    must_game(try_game(&game, err, sizeof err, __VA_ARGS__, NULL), game, err)
#define DECLARE_GAME void *game = NULL; char err[512]

static void *new_state(void *game, uint64_t seed)
{
    char err[256];
    void *s = NULL;
    if (R()->state_new(game, 2, seed, &s, err, sizeof err) != SAPPER_OK)
        fail_msg("state_new failed: %s", err);
    return s;
}

/* A fresh state on a fixture layout; *game must be freed by the caller. */
static void *layout_state(void **game, const char *fixture)
{
    char err[512], arg[600];
    snprintf(arg, sizeof arg, "layout=%s", fixture);
    if (try_game(game, err, sizeof err, arg, NULL) != SAPPER_OK)
        fail_msg("game_new(%s) failed: %s", fixture, err);
    return new_state(*game, 1);
}

static void finish(void *game, void *state)
{
    R()->state_free(state);
    R()->game_free(game);
}

/* Applies "reveal x y" for seat; returns the status. */
static sapper_status try_click(void *s, int32_t seat, int x, int y, char *err,
                               size_t errcap)
{
    char text[64];
    int64_t a = -1;
    snprintf(text, sizeof text, "reveal %d %d", x, y);
    sapper_status st = R()->text_to_action(s, text, &a, err, errcap);
    return st != SAPPER_OK ? st : R()->apply_action(s, seat, a, err, errcap);
}

static void click(void *s, int32_t seat, int x, int y)
{
    char err[256] = "";
    if (try_click(s, seat, x, y, err, sizeof err) != SAPPER_OK)
        fail_msg("reveal %d %d by seat %d refused: %s", x, y, seat, err);
}

static seeker_score score(const void *s, int32_t seat)
{
    seeker_score sc;
    assert_int_equal(seeker_get_score(s, seat, &sc), SAPPER_OK);
    return sc;
}

static double bonus(const void *s, int32_t seat)
{
    seeker_score sc = score(s, seat);
    return seeker_bonus_points(&sc);
}

static int32_t stat(const void *s, int32_t seat, int32_t which)
{
    return score(s, seat).stats[which];
}

/* The view of seat (malloc'd, caller frees). */
static sapper_mines_view *view(const void *s, int32_t seat)
{
    int64_t need = R()->observe(s, seat, NULL, 0);
    assert_true(need > (int64_t)sizeof(sapper_mines_view));
    sapper_mines_view *v = malloc((size_t)need);
    assert_int_equal(R()->observe(s, seat, v, (size_t)need), need);
    return v;
}

static uint8_t cell_at(const sapper_mines_view *v, int x, int y)
{
    return v->cells[y * v->width + x];
}

/* render_text of seat (malloc'd, caller frees). */
static char *render(const void *s, int32_t seat)
{
    int64_t need = R()->render_text(s, seat, NULL, 0);
    char *buf = malloc((size_t)need + 1);
    assert_int_equal(R()->render_text(s, seat, buf, (size_t)need + 1), need);
    return buf;
}

#define assert_contains(hay, needle) do { \
        if (!strstr((hay), (needle))) \
            fail_msg("expected \"%s\" in \"%s\"", (needle), (hay)); \
    } while (0)

/* ---- configuration ------------------------------------------------- */

static void test_seeker_descriptor_is_two_player_mines_rules(void **state)
{
    (void)state;
    const sapper_descriptor *d = descriptor();
    assert_string_equal(d->id, "seeker");
    assert_string_equal(d->family, SAPPER_MINES_FAMILY);
    assert_int_equal(d->kind, SAPPER_KIND_RULES);
    assert_non_null(d->rules->result_json);
    assert_null(sapper_builtin_seeker_entry(SAPPER_ABI_MAJOR + 1, 0));
}

static void test_seeker_defaults_are_16x16_with_51_mines_red_first(void **st)
{
    (void)st;
    DECLARE_GAME;
    sapper_game_info info = {0};
    GAME("width=16");
    R()->game_info(game, 2, &info);
    assert_int_equal(info.min_players, 2);
    assert_int_equal(info.max_players, 2);
    assert_int_equal(info.turns, SAPPER_TURNS_SEQUENTIAL);
    assert_int_equal(info.max_actions, 256);
    assert_int_equal(info.max_moves, 256);
    void *s = new_state(game, 7);
    assert_int_equal(R()->current_player(s), SEEKER_RED);
    sapper_mines_view *v = view(s, SAPPER_OMNISCIENT);
    assert_int_equal(v->width, 16);
    assert_int_equal(v->height, 16);
    assert_int_equal(v->mines, 51);
    int mines = 0;
    for (int c = 0; c < 256; c++)
        mines += v->cells[c] == SAPPER_CELL_MINE;
    assert_int_equal(mines, 51);   /* placed before the first click */
    free(v);
    finish(game, s);
}

static void test_seeker_even_mine_count_is_refused(void **state)
{
    (void)state;
    DECLARE_GAME;
    assert_int_equal(try_game(&game, err, sizeof err, "mines=50", NULL),
                     SAPPER_ERR_PARAM);
    assert_contains(err, "mines = 50 is even");
    assert_contains(err, "odd");
    assert_contains(err, "try 49 or 51");
    assert_null(game);
    GAME("mines=49");
    R()->game_free(game);
}

static void test_seeker_even_layout_is_refused(void **state)
{
    (void)state;
    DECLARE_GAME;
    assert_int_equal(try_game(&game, err, sizeof err,
                              "layout=" FIX("seeker-even.txt"), NULL),
                     SAPPER_ERR_PARAM);
    assert_contains(err, "seeker-even.txt has 2 mines, an even count");
}

static void test_seeker_too_many_mines_are_refused(void **state)
{
    (void)state;
    DECLARE_GAME;
    assert_int_equal(try_game(&game, err, sizeof err, "width=5", "height=5",
                              "mines=27", NULL), SAPPER_ERR_PARAM);
    assert_contains(err, "expected 1 to 25");
    assert_int_equal(try_game(&game, err, sizeof err,
                              "layout=/nonexistent/seeker.txt", NULL),
                     SAPPER_ERR_PARAM);
    assert_contains(err, "/nonexistent/seeker.txt");
}

static void test_seeker_needs_two_players(void **state)
{
    (void)state;
    DECLARE_GAME;
    void *s = NULL;
    GAME("mines=51");
    assert_int_equal(R()->state_new(game, 1, 1, &s, err, sizeof err),
                     SAPPER_ERR_PARAM);
    assert_contains(err, "expected 2 players, found 1");
    R()->game_free(game);
}

/* ---- turns and legality -------------------------------------------- */

static void test_seeker_claiming_a_mine_scores_and_keeps_the_turn(void **st)
{
    (void)st;
    void *game, *s = layout_state(&game, FIX("seeker-bonus.txt"));
    click(s, SEEKER_RED, 3, 3);
    assert_int_equal(score(s, SEEKER_RED).points, 1);
    assert_int_equal(score(s, SEEKER_BLUE).points, 0);
    assert_int_equal(R()->current_player(s), SEEKER_RED);
    click(s, SEEKER_RED, 0, 0);
    assert_int_equal(score(s, SEEKER_RED).points, 2);
    assert_int_equal(R()->current_player(s), SEEKER_RED);
    finish(game, s);
}

static void test_seeker_turn_passes_only_on_a_safe_click(void **st)
{
    (void)st;
    void *game, *s = layout_state(&game, FIX("seeker-bonus.txt"));
    click(s, SEEKER_RED, 3, 4);           /* safe: blue's turn */
    assert_int_equal(R()->current_player(s), SEEKER_BLUE);
    click(s, SEEKER_BLUE, 3, 3);          /* mine: blue again */
    assert_int_equal(R()->current_player(s), SEEKER_BLUE);
    click(s, SEEKER_BLUE, 8, 0);          /* safe: red's turn */
    assert_int_equal(R()->current_player(s), SEEKER_RED);
    assert_int_equal(score(s, SEEKER_RED).points, 0);
    assert_int_equal(score(s, SEEKER_BLUE).points, 1);
    finish(game, s);
}

static void test_seeker_only_the_seat_to_move_may_reveal(void **st)
{
    (void)st;
    char err[256];
    int64_t acts[100];
    void *game, *s = layout_state(&game, FIX("seeker-bonus.txt"));
    assert_int_equal(R()->legal_actions(s, SEEKER_RED, acts, 100), 100);
    assert_int_equal(R()->legal_actions(s, SEEKER_BLUE, acts, 100), 0);
    assert_int_equal(try_click(s, SEEKER_BLUE, 3, 3, err, sizeof err),
                     SAPPER_ERR_ILLEGAL);
    assert_contains(err, "red's turn");
    click(s, SEEKER_RED, 3, 3);
    click(s, SEEKER_RED, 3, 4);
    assert_int_equal(R()->legal_actions(s, SEEKER_RED, acts, 100), 0);
    assert_int_equal(R()->legal_actions(s, SEEKER_BLUE, acts, 100), 98);
    for (int i = 0; i < 98; i++)    /* reveals of hidden cells only */
        assert_true(acts[i] < 100 && acts[i] != 33 && acts[i] != 43);
    finish(game, s);
}

static void test_seeker_claimed_and_open_cells_cannot_be_revealed(void **st)
{
    (void)st;
    char err[256];
    void *game, *s = layout_state(&game, FIX("seeker-bonus.txt"));
    click(s, SEEKER_RED, 3, 3);
    assert_int_equal(try_click(s, SEEKER_RED, 3, 3, err, sizeof err),
                     SAPPER_ERR_ILLEGAL);
    assert_contains(err, "cell 3 3 is a mine red already claimed");
    click(s, SEEKER_RED, 3, 4);
    click(s, SEEKER_BLUE, 0, 0);
    assert_int_equal(try_click(s, SEEKER_BLUE, 3, 4, err, sizeof err),
                     SAPPER_ERR_ILLEGAL);
    assert_contains(err, "cell 3 4 is already revealed");
    assert_int_equal(score(s, SEEKER_BLUE).points, 1);
    finish(game, s);
}

static void test_seeker_flag_and_chord_are_not_actions(void **st)
{
    (void)st;
    char err[256], text[64];
    int64_t a = -1;
    void *game, *s = layout_state(&game, FIX("seeker-bonus.txt"));
    assert_int_equal(R()->text_to_action(s, "flag 1 1", &a, err, sizeof err),
                     SAPPER_ERR_PARSE);
    assert_contains(err, "'flag' is not part of seeker");
    assert_int_equal(R()->text_to_action(s, "chord 1 1", &a, err, sizeof err),
                     SAPPER_ERR_PARSE);
    int64_t flag = sapper_mines_action(SAPPER_MINES_FLAG, 1, 1, 10, 10);
    assert_int_equal(R()->apply_action(s, SEEKER_RED, flag, err, sizeof err),
                     SAPPER_ERR_ILLEGAL);
    assert_contains(err, "the only one is 'reveal X Y'");
    assert_int_equal(R()->action_to_text(s, flag, text, sizeof text), 0);
    assert_int_equal(R()->current_player(s), SEEKER_RED);
    finish(game, s);
}

static void test_seeker_action_text_round_trips(void **st)
{
    (void)st;
    char err[256], text[64];
    int64_t acts[100], back = -1;
    void *game, *s = layout_state(&game, FIX("seeker-bonus.txt"));
    int64_t n = R()->legal_actions(s, SEEKER_RED, acts, 100);
    for (int64_t i = 0; i < n; i++) {
        R()->action_to_text(s, acts[i], text, sizeof text);
        assert_int_equal(R()->text_to_action(s, text, &back, err, sizeof err),
                         SAPPER_OK);
        assert_int_equal(back, acts[i]);
    }
    R()->action_to_text(s, 27, text, sizeof text);
    assert_string_equal(text, "reveal 7 2");
    assert_int_equal(R()->text_to_action(s, "reveal 10 0", &back, err,
                                         sizeof err), SAPPER_ERR_PARSE);
    assert_contains(err, "expected X, a column from 0 to 9, found '10'");
    assert_int_equal(R()->text_to_action(s, "reveal 1 2 3", &back, err,
                                         sizeof err), SAPPER_ERR_PARSE);
    finish(game, s);
}

/* ---- bonus points -------------------------------------------------- */

static void test_seeker_blind_hit_scores_two(void **st)
{
    (void)st;
    void *game, *s = layout_state(&game, FIX("seeker-bonus.txt"));
    click(s, SEEKER_RED, 3, 3);   /* interior, nothing open, 15 left */
    assert_true(bonus(s, SEEKER_RED) == 2.0);
    assert_int_equal(stat(s, SEEKER_RED, SEEKER_STAT_BLIND_HITS), 1);
    assert_int_equal(stat(s, SEEKER_RED, SEEKER_STAT_EDGE_MINES), 0);
    assert_int_equal(stat(s, SEEKER_RED, SEEKER_STAT_LAST_MINE_HITS), 0);
    finish(game, s);
}

static void test_seeker_numbered_neighbour_spoils_a_blind_hit(void **st)
{
    (void)st;
    void *game, *s = layout_state(&game, FIX("seeker-bonus.txt"));
    click(s, SEEKER_RED, 3, 4);   /* shows 1, next to (3,3) */
    click(s, SEEKER_BLUE, 3, 3);
    assert_int_equal(score(s, SEEKER_BLUE).points, 1);
    assert_true(bonus(s, SEEKER_BLUE) == 0.0);
    assert_int_equal(stat(s, SEEKER_BLUE, SEEKER_STAT_BLIND_HITS), 0);
    finish(game, s);
}

static void test_seeker_claimed_neighbour_keeps_a_hit_blind(void **st)
{
    (void)st;
    void *game, *s = layout_state(&game, FIX("seeker-bonus.txt"));
    click(s, SEEKER_RED, 5, 8);
    click(s, SEEKER_RED, 6, 8);   /* its only open neighbour is a claim */
    assert_true(bonus(s, SEEKER_RED) == 4.0);
    assert_int_equal(stat(s, SEEKER_RED, SEEKER_STAT_BLIND_HITS), 2);
    finish(game, s);
}

static void test_seeker_edge_mine_scores_one(void **st)
{
    (void)st;
    void *game, *s = layout_state(&game, FIX("seeker-bonus.txt"));
    click(s, SEEKER_RED, 1, 0);   /* shows 1: (0,0) is no longer blind */
    click(s, SEEKER_BLUE, 0, 0);
    assert_true(bonus(s, SEEKER_BLUE) == 1.0);
    assert_int_equal(stat(s, SEEKER_BLUE, SEEKER_STAT_EDGE_MINES), 1);
    assert_int_equal(stat(s, SEEKER_BLUE, SEEKER_STAT_BLIND_HITS), 0);
    /* the last row and the last column are edges too */
    click(s, SEEKER_BLUE, 9, 0);
    click(s, SEEKER_BLUE, 4, 9);
    click(s, SEEKER_BLUE, 9, 8);
    assert_int_equal(stat(s, SEEKER_BLUE, SEEKER_STAT_EDGE_MINES), 4);
    finish(game, s);
}

static void test_seeker_blind_edge_mine_scores_three(void **st)
{
    (void)st;
    void *game, *s = layout_state(&game, FIX("seeker-bonus.txt"));
    click(s, SEEKER_RED, 0, 0);
    assert_true(bonus(s, SEEKER_RED) == 3.0);
    finish(game, s);
}

/* Red claims three interior mines and opens (6,4), a 1 next to (6,5);
   blue claims (8,8) with 12 left and (3,3) with 11 left. */
static void *endgame_position(void **game)
{
    void *s = layout_state(game, FIX("seeker-bonus.txt"));
    click(s, SEEKER_RED, 5, 8);
    click(s, SEEKER_RED, 6, 8);
    click(s, SEEKER_RED, 7, 8);
    click(s, SEEKER_RED, 6, 4);
    click(s, SEEKER_BLUE, 8, 8);
    click(s, SEEKER_BLUE, 3, 3);
    return s;
}

static void test_seeker_endgame_mine_scores_three(void **st)
{
    (void)st;
    void *game, *s = endgame_position(&game);
    double before = bonus(s, SEEKER_BLUE);
    click(s, SEEKER_BLUE, 6, 5);  /* 10 left, counting both seats' points */
    assert_true(bonus(s, SEEKER_BLUE) - before == 3.0);
    assert_int_equal(stat(s, SEEKER_BLUE, SEEKER_STAT_LAST_MINE_HITS), 1);
    finish(game, s);
}

static void test_seeker_endgame_counts_mines_left_before_the_click(void **st)
{
    (void)st;
    void *game, *s = endgame_position(&game);
    /* (3,3) was claimed with 11 left (10 after the click): no endgame */
    assert_true(bonus(s, SEEKER_BLUE) == 4.0);
    assert_int_equal(stat(s, SEEKER_BLUE, SEEKER_STAT_LAST_MINE_HITS), 0);
    finish(game, s);
}

static void test_seeker_blind_edge_endgame_hit_scores_six(void **st)
{
    (void)st;
    void *game, *s = layout_state(&game, FIX("seeker-bonus.txt"));
    int interior[5][2] = {{5, 8}, {6, 8}, {7, 8}, {8, 8}, {3, 3}};
    for (int i = 0; i < 5; i++)   /* 15..11 left: blind only */
        click(s, SEEKER_RED, interior[i][0], interior[i][1]);
    assert_true(bonus(s, SEEKER_RED) == 10.0);
    click(s, SEEKER_RED, 0, 0);   /* 10 left, corner, nothing open */
    assert_true(bonus(s, SEEKER_RED) == 16.0);
    assert_int_equal(stat(s, SEEKER_RED, SEEKER_STAT_BLIND_HITS), 6);
    assert_int_equal(stat(s, SEEKER_RED, SEEKER_STAT_EDGE_MINES), 1);
    assert_int_equal(stat(s, SEEKER_RED, SEEKER_STAT_LAST_MINE_HITS), 1);
    finish(game, s);
}

static void test_seeker_single_safe_cell_scores_nothing(void **st)
{
    (void)st;
    void *game, *s = layout_state(&game, FIX("seeker-two.txt"));
    click(s, SEEKER_RED, 1, 0);
    assert_true(bonus(s, SEEKER_RED) == 0.0);
    assert_int_equal(stat(s, SEEKER_RED, SEEKER_STAT_BIGGEST_REVEAL), 1);
    finish(game, s);
}

static void test_seeker_two_safe_cells_score_one(void **st)
{
    (void)st;
    void *game, *s = layout_state(&game, FIX("seeker-two.txt"));
    click(s, SEEKER_RED, 1, 0);
    click(s, SEEKER_BLUE, 0, 1);
    click(s, SEEKER_RED, 0, 0);   /* a 0 whose only hidden neighbour is (1,1) */
    assert_true(bonus(s, SEEKER_RED) == 1.0);
    assert_int_equal(stat(s, SEEKER_RED, SEEKER_STAT_BIGGEST_REVEAL), 2);
    assert_int_equal(R()->current_player(s), SEEKER_BLUE);
    finish(game, s);
}

static void test_seeker_eleven_safe_cells_score_five_and_a_half(void **st)
{
    (void)st;
    void *game, *s = layout_state(&game, FIX("seeker-eleven.txt"));
    click(s, SEEKER_RED, 0, 0);
    assert_true(bonus(s, SEEKER_RED) == 5.5);
    assert_int_equal(stat(s, SEEKER_RED, SEEKER_STAT_BIGGEST_REVEAL), 11);
    sapper_mines_view *v = view(s, SEEKER_BLUE);
    int open = 0;
    for (int c = 0; c < 30; c++)
        open += v->cells[c] <= 8;
    assert_int_equal(open, 11);
    free(v);
    finish(game, s);
}

static void test_seeker_chain_statistics_follow_mines_across_turns(void **st)
{
    (void)st;
    void *game, *s = layout_state(&game, FIX("seeker-bonus.txt"));
    click(s, SEEKER_RED, 5, 8);
    click(s, SEEKER_RED, 6, 8);
    assert_int_equal(stat(s, SEEKER_RED, SEEKER_STAT_CHAIN_CURRENT), 2);
    assert_int_equal(stat(s, SEEKER_RED, SEEKER_STAT_CHAIN_BEST), 2);
    click(s, SEEKER_RED, 1, 0);   /* safe: red's chain resets */
    assert_int_equal(stat(s, SEEKER_RED, SEEKER_STAT_CHAIN_CURRENT), 0);
    assert_int_equal(stat(s, SEEKER_RED, SEEKER_STAT_CHAIN_BEST), 2);
    click(s, SEEKER_BLUE, 7, 8);
    assert_int_equal(stat(s, SEEKER_BLUE, SEEKER_STAT_CHAIN_CURRENT), 1);
    click(s, SEEKER_BLUE, 8, 0);  /* safe */
    assert_int_equal(stat(s, SEEKER_BLUE, SEEKER_STAT_CHAIN_CURRENT), 0);
    assert_int_equal(stat(s, SEEKER_BLUE, SEEKER_STAT_CHAIN_BEST), 1);
    click(s, SEEKER_RED, 3, 3);
    assert_int_equal(stat(s, SEEKER_RED, SEEKER_STAT_CHAIN_CURRENT), 1);
    assert_int_equal(stat(s, SEEKER_RED, SEEKER_STAT_CHAIN_BEST), 2);
    click(s, SEEKER_RED, 6, 5);
    click(s, SEEKER_RED, 8, 8);
    assert_int_equal(stat(s, SEEKER_RED, SEEKER_STAT_CHAIN_CURRENT), 3);
    assert_int_equal(stat(s, SEEKER_RED, SEEKER_STAT_CHAIN_BEST), 3);
    assert_int_equal(stat(s, SEEKER_BLUE, SEEKER_STAT_CHAIN_BEST), 1);
    finish(game, s);
}

/* ---- the end ------------------------------------------------------- */

static void test_seeker_game_ends_when_a_seat_holds_26_of_51(void **st)
{
    (void)st;
    double r[2];
    int64_t acts[256];
    void *game, *s = layout_state(&game, FIX("seeker-majority.txt"));
    for (int i = 0; i < 25; i++)
        click(s, SEEKER_RED, i % 16, i / 16);
    assert_int_equal(R()->current_player(s), SEEKER_RED);
    R()->returns(s, r, 2);
    assert_true(r[0] == 0.5 && r[1] == 0.5);
    click(s, SEEKER_RED, 9, 1);   /* the 26th */
    assert_int_equal(score(s, SEEKER_RED).points, 26);
    assert_int_equal(R()->current_player(s), SAPPER_TERMINAL);
    assert_int_equal(R()->legal_actions(s, SEEKER_RED, acts, 256), 0);
    assert_int_equal(R()->legal_actions(s, SEEKER_BLUE, acts, 256), 0);
    R()->returns(s, r, 2);
    assert_true(r[0] == 1.0 && r[1] == 0.0);
    finish(game, s);
}

static void test_seeker_blue_wins_at_26_with_mines_left(void **st)
{
    (void)st;
    double r[2];
    void *game, *s = layout_state(&game, FIX("seeker-majority.txt"));
    click(s, SEEKER_RED, 15, 15);  /* safe: blue's turn */
    for (int i = 0; i < 25; i++)
        click(s, SEEKER_BLUE, i % 16, i / 16);
    assert_int_equal(R()->current_player(s), SEEKER_BLUE);
    click(s, SEEKER_BLUE, 9, 1);   /* the 26th, with 25 still on the board */
    assert_int_equal(R()->current_player(s), SAPPER_TERMINAL);
    R()->returns(s, r, 2);
    assert_true(r[0] == 0.0 && r[1] == 1.0);
    finish(game, s);
}

static void test_seeker_last_mine_decides_a_25_25_game(void **st)
{
    (void)st;
    double r[2];
    void *game, *s = layout_state(&game, FIX("seeker-majority.txt"));
    for (int i = 0; i < 25; i++)
        click(s, SEEKER_RED, i % 16, i / 16);
    click(s, SEEKER_RED, 15, 15);  /* safe: opens the empty rows */
    for (int i = 25; i < 50; i++)
        click(s, SEEKER_BLUE, i % 16, i / 16);
    assert_int_equal(R()->current_player(s), SEEKER_BLUE);
    click(s, SEEKER_BLUE, 2, 3);   /* the last mine */
    assert_int_equal(R()->current_player(s), SAPPER_TERMINAL);
    assert_int_equal(score(s, SEEKER_RED).points, 25);
    assert_int_equal(score(s, SEEKER_BLUE).points, 26);
    R()->returns(s, r, 2);
    assert_true(r[0] == 0.0 && r[1] == 1.0);
    char *text = render(s, SEEKER_RED);
    assert_contains(text, "mines left 0  winner: blue\n");
    free(text);
    finish(game, s);
}

/* ---- views and text ------------------------------------------------ */

static void test_seeker_view_shows_claims_points_and_turn(void **st)
{
    (void)st;
    void *game, *s = layout_state(&game, FIX("seeker-bonus.txt"));
    click(s, SEEKER_RED, 3, 3);
    click(s, SEEKER_RED, 3, 4);
    click(s, SEEKER_BLUE, 0, 0);
    sapper_mines_view *red = view(s, SEEKER_RED);
    sapper_mines_view *blue = view(s, SEEKER_BLUE);
    assert_int_equal(red->players, 2);
    assert_int_equal(red->to_move, SEEKER_BLUE);
    assert_int_equal(red->points[0], 1);
    assert_int_equal(red->points[1], 1);
    assert_int_equal(red->mines_exposed, 2);
    assert_int_equal(red->moves, 3);
    assert_int_equal(cell_at(red, 3, 3), SAPPER_CELL_CLAIMED + SEEKER_RED);
    assert_int_equal(cell_at(red, 0, 0), SAPPER_CELL_CLAIMED + SEEKER_BLUE);
    assert_int_equal(cell_at(red, 3, 4), 1);
    assert_int_equal(cell_at(red, 6, 5), SAPPER_CELL_HIDDEN);
    assert_int_equal(blue->seat, SEEKER_BLUE);
    /* a public board: both seats see the same cells */
    assert_memory_equal(red->cells, blue->cells, 100);
    sapper_mines_view *all = view(s, SAPPER_OMNISCIENT);
    assert_int_equal(cell_at(all, 6, 5), SAPPER_CELL_MINE);
    assert_int_equal(cell_at(all, 3, 3), SAPPER_CELL_CLAIMED + SEEKER_RED);
    assert_int_equal(cell_at(all, 5, 5), SAPPER_CELL_HIDDEN);
    assert_int_equal(R()->observe(s, 2, NULL, 0), 0);
    free(red);
    free(blue);
    free(all);
    finish(game, s);
}

static void test_seeker_finished_game_shows_every_mine(void **st)
{
    (void)st;
    void *game, *s = layout_state(&game, FIX("seeker-two.txt"));
    click(s, SEEKER_RED, 2, 0);
    click(s, SEEKER_RED, 0, 2);   /* 2 of 3: red wins */
    assert_int_equal(R()->current_player(s), SAPPER_TERMINAL);
    sapper_mines_view *v = view(s, SEEKER_BLUE);
    assert_int_equal(cell_at(v, 3, 3), SAPPER_CELL_MINE);
    assert_int_equal(cell_at(v, 2, 0), SAPPER_CELL_CLAIMED + SEEKER_RED);
    assert_int_equal(v->mines_exposed, 3);
    assert_int_equal(v->to_move, SAPPER_TERMINAL);
    free(v);
    finish(game, s);
}

static void test_seeker_render_text_is_the_board_and_a_status_line(void **st)
{
    (void)st;
    void *game, *s = layout_state(&game, FIX("seeker-two.txt"));
    click(s, SEEKER_RED, 2, 0);
    click(s, SEEKER_RED, 1, 0);
    char *text = render(s, SEEKER_BLUE);
    assert_string_equal(text,
                        "4 4 3\n"
                        "?1*?\n"
                        "????\n"
                        "????\n"
                        "????\n"
                        "red 1 (bonus 6.0)  blue 0 (bonus 0.0)  mines left 2  "
                        "to move: blue\n");
    free(text);
    char small[8];
    int64_t need = R()->render_text(s, SEEKER_RED, small, sizeof small);
    assert_true(need > (int64_t)sizeof small);
    assert_int_equal(strlen(small), sizeof small - 1);
    finish(game, s);
}

/* The omniscient text of a fresh state, its '*' kept and every other cell
   read as '.', parses back to the layout it came from. */
static void test_seeker_omniscient_text_round_trips_to_the_layout(void **st)
{
    (void)st;
    char err[512];
    sapper_board from_text, fixture;
    void *game, *s = layout_state(&game, FIX("seeker-bonus.txt"));
    char *text = render(s, SAPPER_OMNISCIENT);
    char *status = strstr(text, "red 0 (bonus 0.0)");
    assert_non_null(status);
    *status = '\0';
    for (char *p = strchr(text, '\n') + 1; *p; p++)
        if (*p != '*' && *p != '\n')
            *p = '.';
    assert_int_equal(sapper_board_parse_layout(text, strlen(text), "render",
                                               &from_text, err, sizeof err),
                     SAPPER_OK);
    assert_int_equal(sapper_board_load_layout(FIX("seeker-bonus.txt"),
                                              &fixture, err, sizeof err),
                     SAPPER_OK);
    assert_int_equal(from_text.mines, 15);
    assert_memory_equal(from_text.mine, fixture.mine, 100);
    sapper_board_free(&from_text);
    sapper_board_free(&fixture);
    free(text);
    finish(game, s);
}

static void test_seeker_same_seed_same_board(void **st)
{
    (void)st;
    DECLARE_GAME;
    GAME("mines=51");
    void *a = new_state(game, 42), *b = new_state(game, 42);
    void *c = new_state(game, 43);
    char *ta = render(a, SAPPER_OMNISCIENT), *tb = render(b, SAPPER_OMNISCIENT);
    char *tc = render(c, SAPPER_OMNISCIENT);
    assert_string_equal(ta, tb);
    assert_string_not_equal(ta, tc);
    free(ta);
    free(tb);
    free(tc);
    R()->state_free(a);
    R()->state_free(b);
    finish(game, c);
}

static void test_seeker_clone_plays_on_like_the_original(void **st)
{
    (void)st;
    void *game, *s = layout_state(&game, FIX("seeker-bonus.txt"));
    void *c = NULL;
    click(s, SEEKER_RED, 3, 3);
    assert_int_equal(R()->state_clone(s, &c), SAPPER_OK);
    click(s, SEEKER_RED, 9, 5);
    click(c, SEEKER_RED, 9, 5);
    char *ts = render(s, SAPPER_OMNISCIENT), *tc = render(c, SAPPER_OMNISCIENT);
    assert_string_equal(ts, tc);
    click(c, SEEKER_BLUE, 6, 5);  /* the clone moves on alone */
    assert_int_equal(score(s, SEEKER_BLUE).points, 0);
    assert_int_equal(score(c, SEEKER_BLUE).points, 1);
    free(ts);
    free(tc);
    R()->state_free(c);
    finish(game, s);
}

static void test_seeker_result_json_has_points_bonus_and_stats(void **st)
{
    (void)st;
    char buf[1024];
    void *game, *s = layout_state(&game, FIX("seeker-two.txt"));
    click(s, SEEKER_RED, 2, 0);   /* blind edge endgame: +6 */
    click(s, SEEKER_RED, 1, 0);
    int64_t n = R()->result_json(s, buf, sizeof buf);
    assert_int_equal(n, (int64_t)strlen(buf));
    assert_string_equal(buf,
        ",\"width\":4,\"height\":4,\"mines\":3,\"seeker\":["
        "{\"seat\":1,\"colour\":\"red\",\"points\":1,\"bonus_points\":6.0,"
        "\"bonus_stats\":{\"blindHits\":1,\"chainBest\":1,\"chainCurrent\":0,"
        "\"lastMineHits\":1,\"edgeMines\":1,\"biggestReveal\":1}},"
        "{\"seat\":2,\"colour\":\"blue\",\"points\":0,\"bonus_points\":0.0,"
        "\"bonus_stats\":{\"blindHits\":0,\"chainBest\":0,\"chainCurrent\":0,"
        "\"lastMineHits\":0,\"edgeMines\":0,\"biggestReveal\":0}}]");
    finish(game, s);
}

/* ---- the Bonus Statistics panel (ABI 1.1 panel_text) -------------- */

/* panel_text of seat and panel (malloc'd, caller frees), checking that the
   size asked for is the size written. */
static char *panel(const void *s, int32_t seat, int32_t which)
{
    assert_non_null(R()->panel_text);
    int64_t need = R()->panel_text(s, seat, which, NULL, 0);
    char *buf = malloc((size_t)need + 1);
    assert_int_equal(R()->panel_text(s, seat, which, buf, (size_t)need + 1),
                     need);
    assert_int_equal((int64_t)strlen(buf), need);
    return buf;
}

/* The line of text that starts with prefix (static copy), or fails. */
static const char *line_of(const char *text, const char *prefix)
{
    static char line[256];
    for (const char *p = text; *p; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] != 0))
        if (strncmp(p, prefix, strlen(prefix)) == 0) {
            snprintf(line, sizeof line, "%.*s", (int)strcspn(p, "\n"), p);
            return line;
        }
    fail_msg("no line starting \"%s\" in:\n%s", prefix, text);
    return "";
}

/* Two numbers at the end of a line: red's and blue's column. */
static void columns(const char *line, double *red, double *blue)
{
    const char *end = line + strlen(line);
    const char *p = end;
    while (p > line && p[-1] != ' ')
        p--;
    *blue = strtod(p, NULL);
    while (p > line && p[-1] == ' ')
        p--;
    while (p > line && p[-1] != ' ')
        p--;
    *red = strtod(p, NULL);
}

static void test_seeker_bonus_statistics_panel_shows_both_players(void **st)
{
    (void)st;
    double red, blue;
    void *game, *s = layout_state(&game, FIX("seeker-two.txt"));
    click(s, SEEKER_RED, 2, 0);   /* blind edge endgame mine: +6          */
    click(s, SEEKER_RED, 1, 0);   /* one safe cell: 0, the turn passes   */
    click(s, SEEKER_BLUE, 0, 2);  /* blind edge endgame mine: +6          */
    click(s, SEEKER_BLUE, 3, 3);  /* blind edge endgame mine: +6          */
    char *text = panel(s, SEEKER_RED, 0);
    assert_string_equal(line_of(text, "Bonus"), "Bonus Statistics");
    assert_true(strncmp(text, "Bonus Statistics\n", 17) == 0);
    const char *head = line_of(text + 17, " ");
    /* the columns are headed with the seats' names, which the front end
       puts in place of the tokens (ABI panel_text) */
    assert_non_null(strstr(head, "{seat 1}"));
    assert_true(strstr(head, "{seat 1}") < strstr(head, "{seat 2}"));
    for (int32_t i = 0; i < SEEKER_STAT_COUNT; i++) {
        const seeker_stat_info *info = seeker_stat_at(i);
        char described[256];
        snprintf(described, sizeof described, "%s\n  %s\n",
                 line_of(text, info->label), info->description);
        assert_contains(text, described);   /* description under its label */
    }
    columns(line_of(text, seeker_stat_at(SEEKER_STAT_BLIND_HITS)->label),
            &red, &blue);
    assert_true(red == 1 && blue == 2);
    columns(line_of(text, seeker_stat_at(SEEKER_STAT_CHAIN_BEST)->label),
            &red, &blue);
    assert_true(red == 1 && blue == 2);
    columns(line_of(text, seeker_stat_at(SEEKER_STAT_BIGGEST_REVEAL)->label),
            &red, &blue);
    assert_true(red == 1 && blue == 0);
    columns(line_of(text, "Total bonus points"), &red, &blue);
    assert_true(red == 6.0 && blue == 12.0);
    assert_contains(line_of(text, "Total bonus points"), "6.0");
    assert_contains(line_of(text, "Total bonus points"), "12.0");
    char *same = panel(s, SAPPER_OMNISCIENT, 0);
    assert_string_equal(same, text);   /* public: every viewer sees it */
    free(same);
    free(text);
    finish(game, s);
}

static void test_seeker_has_no_other_panel(void **st)
{
    (void)st;
    char buf[16] = "x";
    void *game, *s = layout_state(&game, FIX("seeker-two.txt"));
    assert_int_equal(R()->panel_text(s, SEEKER_RED, 1, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    assert_int_equal(R()->panel_text(s, SEEKER_RED, -1, buf, sizeof buf), 0);
    assert_int_equal(R()->panel_text(s, 2, 0, buf, sizeof buf), 0);
    /* a small buffer gets a NUL-terminated prefix and the size needed */
    int64_t need = R()->panel_text(s, SEEKER_BLUE, 0, buf, sizeof buf);
    assert_true(need > (int64_t)sizeof buf);
    assert_string_equal(buf, "Bonus Statistic");
    finish(game, s);
}

/* ---- public helpers ------------------------------------------------ */

static void test_seeker_statistics_are_labelled_in_document_order(void **st)
{
    (void)st;
    static const char *const keys[SEEKER_STAT_COUNT] = {
        "blindHits", "chainBest", "chainCurrent", "lastMineHits", "edgeMines",
        "biggestReveal"};
    for (int32_t i = 0; i < SEEKER_STAT_COUNT; i++) {
        const seeker_stat_info *info = seeker_stat_at(i);
        assert_non_null(info);
        assert_string_equal(info->key, keys[i]);
        assert_true(strlen(info->label) > 0 && strlen(info->label) < 20);
        assert_true(strlen(info->description) > 10);
    }
    assert_null(seeker_stat_at(SEEKER_STAT_COUNT));
    assert_null(seeker_stat_at(-1));
    assert_string_equal(seeker_colour(0), "red");
    assert_string_equal(seeker_colour(1), "blue");
}

static void test_seeker_get_score_refuses_other_seats(void **st)
{
    (void)st;
    seeker_score sc;
    void *game, *s = layout_state(&game, FIX("seeker-two.txt"));
    assert_int_equal(seeker_get_score(s, 2, &sc), SAPPER_ERR_PARAM);
    assert_int_equal(seeker_get_score(s, -1, &sc), SAPPER_ERR_PARAM);
    finish(game, s);
}

static const char *shown(const char *name)
{
    static char buf[64];
    sapper_mines_display_name(name, buf, sizeof buf);
    return buf;
}

static void test_seeker_display_name_rules(void **st)
{
    (void)st;
    assert_string_equal(shown("anon_42"), "Anonymous");
    assert_string_equal(shown("anon_a_very_long_guest_name"), "Anonymous");
    assert_string_equal(shown("VeryLongName"), "VeryLon...");
    assert_string_equal(shown("TenLetters"), "TenLetters");   /* 10: kept */
    assert_string_equal(shown("ElevenChars"), "ElevenC...");  /* 11: cut  */
    assert_string_equal(shown("anon"), "anon");
    assert_string_equal(shown("Anon_7"), "Anon_7");
    assert_string_equal(shown(""), "");
    assert_string_equal(shown(NULL), "");
    /* characters, not bytes: ten 2-byte letters are kept, eleven cut */
    assert_string_equal(shown("éééééééééé"), "éééééééééé");
    assert_string_equal(shown("éééééééééée"), "ééééééé...");
    char small[5];
    assert_int_equal((int64_t)sapper_mines_display_name("VeryLongName", small, sizeof small),
                     10);
    assert_string_equal(small, "Very");
}

/* ---- the Flags bomb (bomb = true) ---------------------------------- */

/* A fixture layout with bombs; deficit "" for the default. */
static void *bomb_state(void **game, const char *fixture, const char *deficit)
{
    char err[512], arg[600], d[64];
    snprintf(arg, sizeof arg, "layout=%s", fixture);
    snprintf(d, sizeof d, "bomb_deficit=%s", *deficit ? deficit : "1");
    if (try_game(game, err, sizeof err, arg, "bomb=true", d, NULL) != SAPPER_OK)
        fail_msg("game_new with bombs failed: %s", err);
    return new_state(*game, 1);
}

/* Applies "bomb x y" for seat; returns the status. */
static sapper_status try_bomb(void *s, int32_t seat, int x, int y, char *err,
                              size_t errcap)
{
    char text[64];
    int64_t a = -1;
    snprintf(text, sizeof text, "bomb %d %d", x, y);
    sapper_status st = R()->text_to_action(s, text, &a, err, errcap);
    return st != SAPPER_OK ? st : R()->apply_action(s, seat, a, err, errcap);
}

static void bomb(void *s, int32_t seat, int x, int y)
{
    char err[256] = "";
    if (try_bomb(s, seat, x, y, err, sizeof err) != SAPPER_OK)
        fail_msg("bomb %d %d by seat %d refused: %s", x, y, seat, err);
}

/* How many of seat's legal actions are bombs. */
static int64_t legal_bombs(const void *s, int32_t seat)
{
    int64_t ids[512], n = R()->legal_actions(s, seat, ids, 512), bombs = 0;
    assert_true(n <= 512);
    for (int64_t i = 0; i < n; i++) {
        bombs += ids[i] >= SAPPER_MINES_BOMB * 100;
        assert_true(R()->is_legal(s, seat, ids[i]));
    }
    return bombs;
}

/* Red claims (3,3) and opens (3,4): red 1, blue 0, blue to move. */
static void red_leads_by_one(void *s)
{
    click(s, SEEKER_RED, 3, 3);
    click(s, SEEKER_RED, 3, 4);
    assert_int_equal(R()->current_player(s), SEEKER_BLUE);
}

static void test_seeker_bomb_is_off_by_default(void **st)
{
    (void)st;
    char err[256];
    void *game, *s = layout_state(&game, FIX("seeker-bonus.txt"));
    red_leads_by_one(s);
    assert_int_equal(legal_bombs(s, SEEKER_BLUE), 0);
    assert_int_not_equal(try_bomb(s, SEEKER_BLUE, 2, 2, err, sizeof err),
                         SAPPER_OK);
    assert_string_equal(err, "'bomb' is not part of this seeker game: it has "
                        "no bombs (the parameter bomb is false)");
    sapper_mines_view *v = view(s, SEEKER_BLUE);
    assert_int_equal(v->bombs, 0);
    free(v);
    char *text = render(s, SEEKER_BLUE);
    assert_null(strstr(text, "bomb"));
    free(text);
    finish(game, s);
}

static void test_seeker_bomb_only_while_behind(void **st)
{
    (void)st;
    char err[256];
    void *game, *s = bomb_state(&game, FIX("seeker-bonus.txt"), "");
    sapper_mines_view *v = view(s, SEEKER_RED);
    assert_int_equal(v->bombs, 3);                  /* both hold one */
    free(v);
    assert_int_equal(legal_bombs(s, SEEKER_RED), 0);   /* level: no bomb */
    assert_int_equal(try_bomb(s, SEEKER_RED, 2, 2, err, sizeof err),
                     SAPPER_ERR_ILLEGAL);
    assert_string_equal(err, "red may bomb only while behind by 1 point or "
                        "more (red 0, blue 0)");
    red_leads_by_one(s);
    assert_int_equal(legal_bombs(s, SEEKER_BLUE), 100);  /* any centre */
    assert_int_equal(legal_bombs(s, SEEKER_RED), 0);     /* not its turn */
    finish(game, s);
}

static void test_seeker_bomb_deficit_sets_how_far_behind(void **st)
{
    (void)st;
    char err[256];
    void *game, *s = bomb_state(&game, FIX("seeker-bonus.txt"), "2");
    red_leads_by_one(s);
    assert_int_equal(legal_bombs(s, SEEKER_BLUE), 0);
    assert_int_equal(try_bomb(s, SEEKER_BLUE, 2, 2, err, sizeof err),
                     SAPPER_ERR_ILLEGAL);
    assert_string_equal(err, "blue may bomb only while behind by 2 points or "
                        "more (red 1, blue 0)");
    finish(game, s);
}

/* (0,0) is a blind corner mine, worth +3 to a click: to a bomb, nothing. */
static void test_seeker_bomb_claims_its_square_without_bonus(void **st)
{
    (void)st;
    void *game, *s = bomb_state(&game, FIX("seeker-bonus.txt"), "");
    red_leads_by_one(s);
    bomb(s, SEEKER_BLUE, 2, 2);           /* x 0-4, y 0-4: mine (0,0) */
    assert_int_equal(score(s, SEEKER_BLUE).points, 1);
    assert_int_equal(bonus(s, SEEKER_BLUE), 0.0);
    for (int32_t k = 0; k < SEEKER_STAT_COUNT; k++)
        assert_int_equal(stat(s, SEEKER_BLUE, k), 0);
    sapper_mines_view *v = view(s, SEEKER_RED);
    assert_int_equal(cell_at(v, 0, 0), SAPPER_CELL_CLAIMED + SEEKER_BLUE);
    for (int y = 0; y <= 4; y++)           /* nothing of the square hidden */
        for (int x = 0; x <= 4; x++)
            assert_false(sapper_cell_is_unknown(cell_at(v, x, y)));
    assert_int_equal(v->bombs, 1 << SEEKER_RED);
    free(v);
    finish(game, s);
}

static void test_seeker_bomb_passes_the_turn_and_is_used_once(void **st)
{
    (void)st;
    char err[256];
    void *game, *s = bomb_state(&game, FIX("seeker-bomb.txt"), "");
    click(s, SEEKER_RED, 0, 0);           /* red 1 */
    click(s, SEEKER_RED, 1, 1);           /* safe: blue, behind */
    bomb(s, SEEKER_BLUE, 4, 2);           /* x 2-6, y 0-4: 6 mines */
    assert_int_equal(score(s, SEEKER_BLUE).points, 6);
    assert_int_equal(R()->current_player(s), SEEKER_RED);
    static const int red_mines[][2] = {{9, 0}, {11, 0}, {9, 2}, {11, 2},
                                       {9, 4}, {11, 4}};
    for (int i = 0; i < 6; i++)           /* red 7 */
        click(s, SEEKER_RED, red_mines[i][0], red_mines[i][1]);
    click(s, SEEKER_RED, 10, 3);          /* safe: blue behind again */
    assert_int_equal(R()->current_player(s), SEEKER_BLUE);
    assert_int_equal(legal_bombs(s, SEEKER_BLUE), 0);
    assert_int_equal(try_bomb(s, SEEKER_BLUE, 7, 3, err, sizeof err),
                     SAPPER_ERR_ILLEGAL);
    assert_string_equal(err, "blue has used its bomb: there is one per "
                        "player a game");
    finish(game, s);
}

/* Near the corner the square moves inside: bomb 9 9 covers x 5-9, y 5-9,
   whose 11 mines give blue 11 of 15: past the majority, the game ends. */
static void test_seeker_bomb_square_moves_inside_and_can_end_the_game(void **st)
{
    (void)st;
    char buf[1024];
    void *game, *s = bomb_state(&game, FIX("seeker-bonus.txt"), "");
    red_leads_by_one(s);
    bomb(s, SEEKER_BLUE, 9, 9);
    assert_int_equal(score(s, SEEKER_BLUE).points, 11);
    assert_int_equal(R()->current_player(s), SAPPER_TERMINAL);
    double r[2];
    R()->returns(s, r, 2);
    assert_true(r[SEEKER_BLUE] == 1.0 && r[SEEKER_RED] == 0.0);
    R()->result_json(s, buf, sizeof buf);
    assert_contains(buf, "\"bonus_stats\":{\"blindHits\":1,\"chainBest\":1,"
                    "\"chainCurrent\":0,\"lastMineHits\":0,\"edgeMines\":0,"
                    "\"biggestReveal\":1},\"bomb\":\"held\",\"bomb_mines\":0}");
    assert_contains(buf, "\"bomb\":\"used\",\"bomb_mines\":11}");
    finish(game, s);
}

static void test_seeker_bomb_text_and_status_line(void **st)
{
    (void)st;
    char text[64], err[256];
    int64_t a;
    void *game, *s = bomb_state(&game, FIX("seeker-bonus.txt"), "");
    assert_int_equal(R()->text_to_action(s, "bomb 3 4", &a, err, sizeof err),
                     SAPPER_OK);
    assert_int_equal(a, SAPPER_MINES_BOMB * 100 + 4 * 10 + 3);
    R()->action_to_text(s, a, text, sizeof text);
    assert_string_equal(text, "bomb 3 4");
    assert_int_not_equal(R()->text_to_action(s, "flag 3 4", &a, err, sizeof err),
                         SAPPER_OK);
    assert_string_equal(err, "'flag' is not part of seeker: the actions are "
                        "'reveal X Y' (revealing a mine claims it) and 'bomb X Y'");
    char *r = render(s, SEEKER_RED);
    assert_contains(r, "red 0 (bonus 0.0, bomb)  blue 0 (bonus 0.0, bomb)");
    free(r);
    finish(game, s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seeker_descriptor_is_two_player_mines_rules),
        cmocka_unit_test(test_seeker_defaults_are_16x16_with_51_mines_red_first),
        cmocka_unit_test(test_seeker_even_mine_count_is_refused),
        cmocka_unit_test(test_seeker_even_layout_is_refused),
        cmocka_unit_test(test_seeker_too_many_mines_are_refused),
        cmocka_unit_test(test_seeker_needs_two_players),
        cmocka_unit_test(test_seeker_claiming_a_mine_scores_and_keeps_the_turn),
        cmocka_unit_test(test_seeker_turn_passes_only_on_a_safe_click),
        cmocka_unit_test(test_seeker_only_the_seat_to_move_may_reveal),
        cmocka_unit_test(test_seeker_claimed_and_open_cells_cannot_be_revealed),
        cmocka_unit_test(test_seeker_flag_and_chord_are_not_actions),
        cmocka_unit_test(test_seeker_action_text_round_trips),
        cmocka_unit_test(test_seeker_blind_hit_scores_two),
        cmocka_unit_test(test_seeker_numbered_neighbour_spoils_a_blind_hit),
        cmocka_unit_test(test_seeker_claimed_neighbour_keeps_a_hit_blind),
        cmocka_unit_test(test_seeker_edge_mine_scores_one),
        cmocka_unit_test(test_seeker_blind_edge_mine_scores_three),
        cmocka_unit_test(test_seeker_endgame_mine_scores_three),
        cmocka_unit_test(test_seeker_endgame_counts_mines_left_before_the_click),
        cmocka_unit_test(test_seeker_blind_edge_endgame_hit_scores_six),
        cmocka_unit_test(test_seeker_single_safe_cell_scores_nothing),
        cmocka_unit_test(test_seeker_two_safe_cells_score_one),
        cmocka_unit_test(test_seeker_eleven_safe_cells_score_five_and_a_half),
        cmocka_unit_test(test_seeker_chain_statistics_follow_mines_across_turns),
        cmocka_unit_test(test_seeker_game_ends_when_a_seat_holds_26_of_51),
        cmocka_unit_test(test_seeker_blue_wins_at_26_with_mines_left),
        cmocka_unit_test(test_seeker_last_mine_decides_a_25_25_game),
        cmocka_unit_test(test_seeker_view_shows_claims_points_and_turn),
        cmocka_unit_test(test_seeker_finished_game_shows_every_mine),
        cmocka_unit_test(test_seeker_render_text_is_the_board_and_a_status_line),
        cmocka_unit_test(test_seeker_omniscient_text_round_trips_to_the_layout),
        cmocka_unit_test(test_seeker_same_seed_same_board),
        cmocka_unit_test(test_seeker_clone_plays_on_like_the_original),
        cmocka_unit_test(test_seeker_result_json_has_points_bonus_and_stats),
        cmocka_unit_test(test_seeker_bomb_is_off_by_default),
        cmocka_unit_test(test_seeker_bomb_only_while_behind),
        cmocka_unit_test(test_seeker_bomb_deficit_sets_how_far_behind),
        cmocka_unit_test(test_seeker_bomb_claims_its_square_without_bonus),
        cmocka_unit_test(test_seeker_bomb_passes_the_turn_and_is_used_once),
        cmocka_unit_test(test_seeker_bomb_square_moves_inside_and_can_end_the_game),
        cmocka_unit_test(test_seeker_bomb_text_and_status_line),
        cmocka_unit_test(test_seeker_statistics_are_labelled_in_document_order),
        cmocka_unit_test(test_seeker_get_score_refuses_other_seats),
        cmocka_unit_test(test_seeker_display_name_rules),
        cmocka_unit_test(test_seeker_bonus_statistics_panel_shows_both_players),
        cmocka_unit_test(test_seeker_has_no_other_panel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
