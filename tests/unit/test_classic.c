/*
 * test_classic.c - unit tests of the classic rules (through the rules table
 * of the built-in manifest, so plugin.c is exercised too) and of the shared
 * board library. One test per rule of the design doc and of classic.h;
 * every assertion is on observable behaviour: views, legal sets, statuses,
 * messages, text. Layouts come from tests/fixtures/classic-*.txt.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "board.h"
#include "classic.h"

#define FIX(name) SAPPER_FIXTURES "/" name

const sapper_manifest *sapper_builtin_classic_entry(uint32_t host_major,
                                                    uint32_t host_minor);

/* ---- helpers ------------------------------------------------------- */

static const sapper_descriptor *descriptor(void)
{
    const sapper_manifest *m = sapper_builtin_classic_entry(SAPPER_ABI_MAJOR,
                                                            SAPPER_ABI_MINOR);
    assert_non_null(m);
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
    sapper_kv kv[16];
    char values[16][512];
    va_list ap;
    assert_true(d->param_count <= 16);
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

#define GAME(...) must_game(try_game(&game, err, sizeof err, __VA_ARGS__), err)
#define DECLARE_GAME void *game = NULL; char err[512]

static void must_game(sapper_status st, const char *err)
{
    if (st != SAPPER_OK)
        fail_msg("game_new failed: %s", err);
}

static void *new_state(void *game, uint64_t seed)
{
    void *s = NULL;
    char err[256] = "";
    assert_int_equal(R()->state_new(game, 1, seed, &s, err, sizeof err),
                     SAPPER_OK);
    return s;
}

/* Parses text (which must parse) and applies it for seat 0. */
static sapper_status act(void *s, const char *text, char *err, size_t errcap)
{
    int64_t id;
    char perr[256] = "";
    if (R()->text_to_action(s, text, &id, perr, sizeof perr) != SAPPER_OK)
        fail_msg("'%s' does not parse: %s", text, perr);
    err[0] = '\0';
    return R()->apply_action(s, 0, id, err, errcap);
}

static void must(void *s, const char *text)
{
    char err[256];
    if (act(s, text, err, sizeof err) != SAPPER_OK)
        fail_msg("'%s' refused: %s", text, err);
}

/* The view of seat; the caller frees it. */
static sapper_mines_view *view(void *s, int32_t seat)
{
    int64_t need = R()->observe(s, seat, NULL, 0);
    assert_true(need >= (int64_t)sizeof(sapper_mines_view));
    sapper_mines_view *v = malloc((size_t)need);
    assert_non_null(v);
    assert_int_equal(R()->observe(s, seat, v, (size_t)need), need);
    return v;
}

static uint8_t cell(const sapper_mines_view *v, int x, int y)
{
    return v->cells[y * v->width + x];
}

static int count_code(const sapper_mines_view *v, uint8_t code)
{
    int n = 0;
    for (int i = 0; i < v->width * v->height; i++)
        n += v->cells[i] == code;
    return n;
}

/* render_text of seat into a static-sized buffer the caller passes. */
static const char *render(void *s, int32_t seat, char *buf, size_t cap)
{
    int64_t need = R()->render_text(s, seat, buf, cap);
    assert_true(need < (int64_t)cap);
    return buf;
}

static int64_t legal(void *s, int64_t *out, size_t cap)
{
    return R()->legal_actions(s, 0, out, cap);
}

static int64_t id_of(void *s, const char *text)
{
    int64_t id;
    char err[256];
    assert_int_equal(R()->text_to_action(s, text, &id, err, sizeof err),
                     SAPPER_OK);
    return id;
}

static void done(void *game, void *state)
{
    R()->state_free(state);
    R()->game_free(game);
}

/* ---- the plugin ---------------------------------------------------- */

static void test_classic_manifest_describes_mines_rules(void **unused)
{
    (void)unused;
    const sapper_descriptor *d = descriptor();
    assert_int_equal(d->kind, SAPPER_KIND_RULES);
    assert_int_equal(d->abi_major, SAPPER_ABI_MAJOR);
    assert_string_equal(d->id, "classic");
    assert_string_equal(d->family, SAPPER_MINES_FAMILY);
    assert_non_null(d->rules);
    assert_null(d->bot);
    assert_int_equal(d->param_count, 13);
    const char *keys[] = {"preset", "width", "height", "mines", "first_click",
                          "layout", "no_guess", "no_guess_method",
                          "no_guess_attempts", "density", "cloud_count",
                          "cloud_radius", "cloud_strength"};
    const char *defs[] = {"custom", "9", "9", "10", "safe", "", "false",
                          "sample", "0", "uniform", "0", "0", "6"};
    for (int i = 0; i < 13; i++) {
        assert_string_equal(d->params[i].key, keys[i]);
        assert_string_equal(d->params[i].def, defs[i]);
    }
}

static void test_classic_entry_refuses_other_major(void **unused)
{
    (void)unused;
    assert_null(sapper_builtin_classic_entry(SAPPER_ABI_MAJOR + 1, 0));
    assert_non_null(sapper_builtin_classic_entry(SAPPER_ABI_MAJOR, 99));
}

static void test_classic_game_info_bounds(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    sapper_game_info info = {0};
    GAME(NULL);
    R()->game_info(game, 1, &info);
    assert_int_equal(info.min_players, 1);
    assert_int_equal(info.max_players, 1);
    assert_int_equal(info.turns, SAPPER_TURNS_SEQUENTIAL);
    assert_int_equal(info.max_moves, 10 * 81 + 100);
    assert_int_equal(info.max_actions, 3 * 81);
    R()->game_free(game);
}

static void test_classic_state_new_refuses_two_players(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    void *s = NULL;
    GAME(NULL);
    assert_int_equal(R()->state_new(game, 2, 1, &s, err, sizeof err),
                     SAPPER_ERR_PARAM);
    assert_null(s);
    assert_string_equal(err, "classic is a 1-player game: expected 1 player, "
                        "found 2");
    R()->game_free(game);
}

/* ---- configuration ------------------------------------------------- */

static void test_classic_default_game_is_beginner(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    GAME(NULL);
    void *s = new_state(game, 1);
    sapper_mines_view *v = view(s, 0);
    assert_int_equal(v->width, 9);
    assert_int_equal(v->height, 9);
    assert_int_equal(v->mines, 10);
    assert_int_equal(v->players, 1);
    assert_int_equal(v->to_move, 0);
    assert_int_equal(count_code(v, SAPPER_CELL_HIDDEN), 81);
    free(v);
    done(game, s);
}

static void check_preset(const char *preset, int w, int h, int m)
{
    DECLARE_GAME;
    char arg[64];
    snprintf(arg, sizeof arg, "preset=%s", preset);
    /* The preset wins over width, height and mines. */
    GAME(arg, "width=5", "height=7", "mines=3", NULL);
    void *s = new_state(game, 1);
    sapper_mines_view *v = view(s, 0);
    assert_int_equal(v->width, w);
    assert_int_equal(v->height, h);
    assert_int_equal(v->mines, m);
    free(v);
    done(game, s);
}

static void test_classic_presets_set_size_and_mines(void **unused)
{
    (void)unused;
    check_preset("beginner", 9, 9, 10);
    check_preset("intermediate", 16, 16, 40);
    check_preset("expert", 30, 16, 99);
    check_preset("custom", 5, 7, 3);
}

static void test_classic_too_many_mines_refused_with_message(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    assert_int_equal(try_game(&game, err, sizeof err, "mines=81", NULL),
                     SAPPER_ERR_PARAM);
    assert_null(game);
    assert_string_equal(err, "mines = 81 is too many for a 9x9 board with "
                        "first_click = safe: at most 80");
    assert_int_equal(try_game(&game, err, sizeof err, "mines=81",
                              "first_click=any", NULL), SAPPER_ERR_PARAM);
    assert_string_equal(err, "mines = 81 is too many for a 9x9 board with "
                        "first_click = any: at most 80");
    GAME("mines=80", NULL);
    R()->game_free(game);
}

static void test_classic_opening_mine_limit_is_cells_minus_neighbourhood(
    void **unused)
{
    (void)unused;
    DECLARE_GAME;
    GAME("mines=72", "first_click=opening", NULL);
    R()->game_free(game);
    game = NULL;
    assert_int_equal(try_game(&game, err, sizeof err, "mines=73",
                              "first_click=opening", NULL), SAPPER_ERR_PARAM);
    assert_string_equal(err, "mines = 73 is too many for a 9x9 board with "
                        "first_click = opening: at most 72");
    /* Two rows: a click keeps at most 2x3 cells free. */
    GAME("width=9", "height=2", "mines=12", "first_click=opening", NULL);
    R()->game_free(game);
    game = NULL;
    assert_int_equal(try_game(&game, err, sizeof err, "width=9", "height=2",
                              "mines=13", "first_click=opening", NULL),
                     SAPPER_ERR_PARAM);
    assert_string_equal(err, "mines = 13 is too many for a 9x2 board with "
                        "first_click = opening: at most 12");
    /* 3x3: the opening is the whole board, so no count fits. */
    assert_int_equal(try_game(&game, err, sizeof err, "width=3", "height=3",
                              "mines=1", "first_click=opening", NULL),
                     SAPPER_ERR_PARAM);
    assert_string_equal(err, "a 3x3 board with first_click = opening has no "
                        "room for mines (the opening keeps all 9 cells free): "
                        "use first_click = safe or a larger board");
}

/* A layout fixes the mines before any click, so an opening cannot be
   promised: refused rather than silently ignored. */
static void test_classic_layout_with_first_click_opening_refused(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    assert_int_equal(try_game(&game, err, sizeof err,
                              "layout=" FIX("classic-3x3.txt"),
                              "first_click=opening", NULL),
                     SAPPER_ERR_PARAM);
    assert_string_equal(err, "first_click = opening does not apply to layout "
                        FIX("classic-3x3.txt") ": a layout fixes the mines "
                        "before the first click (drop one of the two)");
    GAME("layout=" FIX("classic-3x3.txt"), "first_click=any", NULL);
    R()->game_free(game);
}

static void test_classic_zero_mines_refused(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    assert_int_equal(try_game(&game, err, sizeof err, "mines=0", NULL),
                     SAPPER_ERR_PARAM);
    assert_string_equal(err, "mines = 0 is too few: at least 1");
}

/* ---- first click and generation ------------------------------------ */

static void test_classic_first_click_safe_never_mine(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char text[32];
    GAME(NULL);
    for (uint64_t seed = 0; seed < 2000; seed++) {
        void *s = new_state(game, seed);
        int x = (int)(seed % 9), y = (int)(seed / 9 % 9);
        snprintf(text, sizeof text, "reveal %d %d", x, y);
        must(s, text);
        sapper_mines_view *v = view(s, 0);
        double ret = 0;
        R()->returns(s, &ret, 1);
        assert_true(cell(v, x, y) <= 8);
        assert_true(R()->current_player(s) == 0 || ret == 1.0); /* not lost */
        free(v);
        R()->state_free(s);
    }
    R()->game_free(game);
    /* 80 mines on 81 cells: the first reveal is the only safe cell. */
    GAME("mines=80", NULL);
    for (uint64_t seed = 0; seed < 100; seed++) {
        void *s = new_state(game, seed);
        must(s, "reveal 4 4");
        assert_int_equal(R()->current_player(s), SAPPER_TERMINAL);
        double ret = -1;
        R()->returns(s, &ret, 1);
        assert_true(ret == 1.0);
        R()->state_free(s);
    }
    R()->game_free(game);
}

static void test_classic_first_click_opening_clears_neighbours(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char text[32];
    GAME("mines=60", "first_click=opening", NULL);
    for (uint64_t seed = 0; seed < 1000; seed++) {
        void *s = new_state(game, seed);
        int x = (int)(seed * 7 % 9), y = (int)(seed / 9 % 9);
        snprintf(text, sizeof text, "reveal %d %d", x, y);
        must(s, text);
        sapper_mines_view *v = view(s, 0);
        assert_int_equal(cell(v, x, y), 0);
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++)
                if (x + dx >= 0 && x + dx < 9 && y + dy >= 0 && y + dy < 9)
                    assert_true(cell(v, x + dx, y + dy) <= 8);
        free(v);
        R()->state_free(s);
    }
    R()->game_free(game);
}

static void test_classic_board_is_drawn_at_first_reveal(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    GAME(NULL);
    void *s = new_state(game, 5);
    sapper_mines_view *v = view(s, SAPPER_OMNISCIENT);
    assert_int_equal(v->mines_exposed, 0);
    assert_int_equal(count_code(v, SAPPER_CELL_HIDDEN), 81);
    free(v);
    must(s, "flag 0 0"); /* flags before the board exists are fine */
    must(s, "reveal 3 3");
    v = view(s, SAPPER_OMNISCIENT);
    assert_int_equal(v->mines_exposed, 10);
    assert_int_equal(count_code(v, SAPPER_CELL_MINE), 10);
    free(v);
    done(game, s);
}

static void test_classic_first_click_any_fixes_board_at_state_new(
    void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char text[32];
    GAME("first_click=any", NULL);
    void *s = new_state(game, 9);
    sapper_mines_view *v = view(s, SAPPER_OMNISCIENT);
    assert_int_equal(count_code(v, SAPPER_CELL_MINE), 10);
    int mine = 0;
    while (v->cells[mine] != SAPPER_CELL_MINE)
        mine++;
    free(v);
    /* Nothing protects the first click: revealing a mine loses. */
    snprintf(text, sizeof text, "reveal %d %d", mine % 9, mine / 9);
    must(s, text);
    assert_int_equal(R()->current_player(s), SAPPER_TERMINAL);
    done(game, s);
}

static void test_classic_same_seed_same_board(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char a[512], b[512];
    GAME(NULL);
    int differ = 0;
    for (uint64_t seed = 0; seed < 10; seed++) {
        void *s1 = new_state(game, seed), *s2 = new_state(game, seed);
        void *s3 = new_state(game, seed + 1000);
        must(s1, "reveal 4 4");
        must(s2, "reveal 4 4");
        must(s3, "reveal 4 4");
        assert_string_equal(render(s1, SAPPER_OMNISCIENT, a, sizeof a),
                            render(s2, SAPPER_OMNISCIENT, b, sizeof b));
        differ += strcmp(a, render(s3, SAPPER_OMNISCIENT, b, sizeof b)) != 0;
        R()->state_free(s1);
        R()->state_free(s2);
        R()->state_free(s3);
    }
    assert_true(differ > 0);
    R()->game_free(game);
}

static void test_classic_mine_placement_is_uniform(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    int hits[9] = {0};
    GAME("width=3", "height=3", "mines=1", NULL);
    for (uint64_t seed = 0; seed < 8000; seed++) {
        void *s = new_state(game, seed);
        must(s, "reveal 1 1");
        sapper_mines_view *v = view(s, SAPPER_OMNISCIENT);
        for (int c = 0; c < 9; c++)
            hits[c] += v->cells[c] == SAPPER_CELL_MINE;
        free(v);
        R()->state_free(s);
    }
    assert_int_equal(hits[4], 0);
    for (int c = 0; c < 9; c++)
        if (c != 4)
            assert_in_range(hits[c], 850, 1150); /* 1000 +- 5 sigma */
    R()->game_free(game);
}

static void test_classic_clone_copies_board_and_rng(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char a[512], b[512];
    void *c = NULL;
    GAME(NULL);
    void *s = new_state(game, 77);
    must(s, "flag 8 8");
    assert_int_equal(R()->state_clone(s, &c), SAPPER_OK);
    /* The clone draws the same board at the same first reveal... */
    must(s, "reveal 2 2");
    must(c, "reveal 2 2");
    assert_string_equal(render(s, SAPPER_OMNISCIENT, a, sizeof a),
                        render(c, SAPPER_OMNISCIENT, b, sizeof b));
    assert_string_equal(render(s, 0, a, sizeof a), render(c, 0, b, sizeof b));
    /* ...and is independent afterwards. */
    must(c, "flag 8 8");
    assert_string_not_equal(render(s, 0, a, sizeof a),
                            render(c, 0, b, sizeof b));
    R()->state_free(c);
    done(game, s);
}

/* ---- flags and refusals -------------------------------------------- */

static void test_classic_flag_cycles_hidden_flagged_marked_hidden(
    void **unused)
{
    (void)unused;
    DECLARE_GAME;
    GAME(NULL);
    void *s = new_state(game, 1);
    const uint8_t expect[] = {SAPPER_CELL_FLAGGED, SAPPER_CELL_MARKED,
                              SAPPER_CELL_HIDDEN, SAPPER_CELL_FLAGGED};
    const int32_t flags[] = {1, 0, 0, 1};
    for (int i = 0; i < 4; i++) {
        must(s, "flag 2 3");
        sapper_mines_view *v = view(s, 0);
        assert_int_equal(cell(v, 2, 3), expect[i]);
        assert_int_equal(v->flags, flags[i]);
        assert_int_equal(v->moves, i + 1);
        free(v);
    }
    done(game, s);
}

static void test_classic_reveal_of_flagged_cell_is_refused(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char before[512], after[512], why[256];
    GAME(NULL);
    void *s = new_state(game, 1);
    must(s, "flag 3 4");
    render(s, 0, before, sizeof before);
    assert_int_equal(act(s, "reveal 3 4", why, sizeof why),
                     SAPPER_ERR_ILLEGAL);
    assert_string_equal(why, "cell 3 4 is flagged");
    assert_string_equal(render(s, 0, after, sizeof after), before);
    sapper_mines_view *v = view(s, 0);
    assert_int_equal(v->moves, 1);
    free(v);
    done(game, s);
}

static void test_classic_reveal_of_marked_cell_is_refused(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char why[256];
    GAME(NULL);
    void *s = new_state(game, 1);
    must(s, "flag 3 4");
    must(s, "flag 3 4");
    assert_int_equal(act(s, "reveal 3 4", why, sizeof why),
                     SAPPER_ERR_ILLEGAL);
    assert_string_equal(why, "cell 3 4 is marked");
    done(game, s);
}

static void test_classic_reveal_of_revealed_cell_is_refused(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char why[256];
    GAME("layout=" FIX("classic-3x3.txt"), NULL);
    void *s = new_state(game, 1);
    must(s, "reveal 1 1");
    assert_int_equal(act(s, "reveal 1 1", why, sizeof why),
                     SAPPER_ERR_ILLEGAL);
    assert_string_equal(why, "cell 1 1 is already revealed");
    done(game, s);
}

static void test_classic_flag_on_revealed_cell_is_refused(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char why[256];
    GAME("layout=" FIX("classic-3x3.txt"), NULL);
    void *s = new_state(game, 1);
    must(s, "reveal 1 1");
    assert_int_equal(act(s, "flag 1 1", why, sizeof why), SAPPER_ERR_ILLEGAL);
    assert_string_equal(why, "cell 1 1 is revealed: only unrevealed cells can "
                        "be flagged");
    done(game, s);
}

static void test_classic_mines_counter_can_go_negative(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    GAME("layout=" FIX("classic-3x3.txt"), NULL);
    void *s = new_state(game, 1);
    must(s, "flag 1 1");
    must(s, "flag 2 2");
    sapper_mines_view *v = view(s, 0);
    assert_int_equal(v->mines, 1);
    assert_int_equal(v->flags, 2);
    assert_int_equal(v->mines - v->flags, -1);
    free(v);
    done(game, s);
}

static void test_classic_wrong_seat_and_out_of_range_refused(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char why[256];
    int64_t ids[32];
    GAME("layout=" FIX("classic-3x3.txt"), NULL);
    void *s = new_state(game, 1);
    assert_int_equal(R()->apply_action(s, 1, 0, why, sizeof why),
                     SAPPER_ERR_ILLEGAL);
    assert_string_equal(why, "seat 1 does not play: classic has one seat, 0");
    assert_int_equal(R()->legal_actions(s, 1, ids, 32), 0);
    assert_int_equal(R()->apply_action(s, 0, 27, why, sizeof why),
                     SAPPER_ERR_ILLEGAL);
    assert_string_equal(why, "action 27 is out of range: expected 0 to 26");
    assert_int_equal(R()->apply_action(s, 0, -1, why, sizeof why),
                     SAPPER_ERR_ILLEGAL);
    done(game, s);
}

/* ---- reveal, flood, win, loss -------------------------------------- */

static void test_classic_zero_floods_neighbours(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char buf[128];
    GAME("layout=" FIX("classic-4x3.txt"), NULL);
    void *s = new_state(game, 1);
    must(s, "reveal 0 2");
    assert_string_equal(render(s, 0, buf, sizeof buf),
                        "4 3 3\n????\n112?\n001?\n");
    done(game, s);
}

static void test_classic_number_does_not_flood(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    GAME("layout=" FIX("classic-3x3.txt"), NULL);
    void *s = new_state(game, 1);
    must(s, "reveal 1 1");
    sapper_mines_view *v = view(s, 0);
    assert_int_equal(cell(v, 1, 1), 1);
    assert_int_equal(count_code(v, SAPPER_CELL_HIDDEN), 8);
    free(v);
    done(game, s);
}

static void test_classic_flood_leaves_flags_and_marks(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char buf[128];
    GAME("layout=" FIX("classic-5x5.txt"), NULL);
    void *s = new_state(game, 1);
    must(s, "flag 0 0");
    must(s, "flag 1 0");
    must(s, "flag 1 0");
    must(s, "reveal 0 4");
    assert_string_equal(render(s, 0, buf, sizeof buf),
                        "5 5 1\nFM000\n00000\n00000\n00011\n0001?\n");
    assert_int_equal(R()->current_player(s), 0);
    /* Cleared by hand, the two cells can be opened and the game won. */
    must(s, "flag 0 0");
    must(s, "flag 0 0");
    must(s, "flag 1 0");
    must(s, "reveal 0 0");
    assert_int_equal(R()->current_player(s), SAPPER_TERMINAL);
    done(game, s);
}

static void test_classic_flood_opens_a_200x200_board(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char text[32];
    GAME("width=200", "height=200", "mines=1", "first_click=any", NULL);
    void *s = new_state(game, 3);
    sapper_mines_view *v = view(s, SAPPER_OMNISCIENT);
    int start = 0;
    while (v->cells[start] != 0)
        start++;
    free(v);
    snprintf(text, sizeof text, "reveal %d %d", start % 200, start / 200);
    must(s, text);
    v = view(s, 0);
    assert_int_equal(count_code(v, SAPPER_CELL_HIDDEN), 0);
    assert_int_equal(count_code(v, SAPPER_CELL_FLAGGED), 1); /* won: flagged */
    assert_int_equal(v->to_move, SAPPER_TERMINAL);
    free(v);
    done(game, s);
}

static void test_classic_win_when_revealed_equals_cells_minus_mines(
    void **unused)
{
    (void)unused;
    DECLARE_GAME;
    double ret = -1;
    int64_t ids[64];
    GAME("layout=" FIX("classic-4x3.txt"), NULL);
    void *s = new_state(game, 1);
    must(s, "reveal 0 2");
    must(s, "reveal 1 0");
    must(s, "reveal 2 0");
    assert_int_equal(R()->current_player(s), 0); /* 8 of 9 safe cells */
    R()->returns(s, &ret, 1);
    assert_true(ret == 0.0);
    must(s, "reveal 3 1"); /* no flags needed */
    assert_int_equal(R()->current_player(s), SAPPER_TERMINAL);
    R()->returns(s, &ret, 1);
    assert_true(ret == 1.0);
    assert_int_equal(legal(s, ids, 64), 0);
    done(game, s);
}

/* README: "A win flags every mine": the view and the text of a won game
   show a flag on each mine the player left unflagged (issue 25 item 11). */
static void test_classic_win_flags_every_mine(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char buf[128];
    GAME("layout=" FIX("classic-4x3.txt"), "first_click=any", NULL);
    void *s = new_state(game, 1);
    must(s, "flag 3 0");
    must(s, "flag 0 0");
    must(s, "flag 0 0");          /* flagged -> marked "?" */
    must(s, "reveal 0 2");
    must(s, "reveal 1 0");
    must(s, "reveal 2 0");
    must(s, "reveal 3 1");
    assert_int_equal(R()->current_player(s), SAPPER_TERMINAL);
    sapper_mines_view *v = view(s, 0);
    assert_int_equal(count_code(v, SAPPER_CELL_FLAGGED), 3);
    assert_int_equal(count_code(v, SAPPER_CELL_HIDDEN), 0);
    assert_int_equal(count_code(v, SAPPER_CELL_MARKED), 0);
    free(v);
    assert_null(strchr(render(s, 0, buf, sizeof buf), '?'));
    assert_null(strchr(buf, 'M'));
    done(game, s);
}

static void test_classic_mine_reveal_loses_and_shows_all_mines(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char buf[128], why[256];
    double ret = -1;
    int64_t ids[64];
    GAME("layout=" FIX("classic-4x3.txt"), "first_click=any", NULL);
    void *s = new_state(game, 1);
    must(s, "flag 3 0");
    must(s, "reveal 0 0"); /* under any a layout's mines never move */
    assert_int_equal(R()->current_player(s), SAPPER_TERMINAL);
    R()->returns(s, &ret, 1);
    assert_true(ret == 0.0);
    sapper_mines_view *v = view(s, 0);
    assert_int_equal(cell(v, 0, 0), SAPPER_CELL_MINE);
    assert_int_equal(cell(v, 3, 0), SAPPER_CELL_MINE); /* flagged: shown */
    assert_int_equal(cell(v, 3, 2), SAPPER_CELL_MINE);
    assert_int_equal(v->mines_exposed, 3);
    assert_int_equal(count_code(v, SAPPER_CELL_HIDDEN), 9);
    free(v);
    assert_string_equal(render(s, 0, buf, sizeof buf),
                        "4 3 3\n*??*\n????\n???*\n");
    assert_int_equal(legal(s, ids, 64), 0);
    assert_int_equal(act(s, "reveal 1 0", why, sizeof why),
                     SAPPER_ERR_ILLEGAL);
    assert_string_equal(why, "the game is over");
    done(game, s);
}

/* ---- chord --------------------------------------------------------- */

static void test_classic_chord_opens_neighbours_when_flags_match(
    void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char buf[64];
    GAME("layout=" FIX("classic-3x3.txt"), NULL);
    void *s = new_state(game, 1);
    must(s, "reveal 1 1");
    must(s, "flag 0 0");
    must(s, "chord 1 1");
    assert_string_equal(render(s, 0, buf, sizeof buf),
                        "3 3 1\nF10\n110\n000\n");
    assert_int_equal(R()->current_player(s), SAPPER_TERMINAL);
    done(game, s);
}

static void test_classic_chord_on_wrong_flag_loses(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    double ret = -1;
    GAME("layout=" FIX("classic-3x3.txt"), NULL);
    void *s = new_state(game, 1);
    must(s, "reveal 1 1");
    must(s, "flag 2 2");
    must(s, "chord 1 1");
    assert_int_equal(R()->current_player(s), SAPPER_TERMINAL);
    R()->returns(s, &ret, 1);
    assert_true(ret == 0.0);
    sapper_mines_view *v = view(s, 0);
    assert_int_equal(cell(v, 0, 0), SAPPER_CELL_MINE);
    assert_int_equal(cell(v, 2, 2), SAPPER_CELL_FLAGGED);
    free(v);
    done(game, s);
}

static void test_classic_chord_refused_when_flags_do_not_match(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char why[256];
    GAME("layout=" FIX("classic-3x3.txt"), NULL);
    void *s = new_state(game, 1);
    must(s, "reveal 1 1");
    assert_int_equal(act(s, "chord 1 1", why, sizeof why), SAPPER_ERR_ILLEGAL);
    assert_string_equal(why, "cell 1 1 shows 1 but has 0 flagged neighbours: "
                        "chord needs exactly 1");
    assert_int_equal(act(s, "chord 0 1", why, sizeof why), SAPPER_ERR_ILLEGAL);
    assert_string_equal(why, "cell 0 1 is not revealed: chord needs a "
                        "revealed number");
    done(game, s);
}

static void test_classic_chord_skips_marked_neighbours(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char buf[64], why[256];
    GAME("layout=" FIX("classic-3x3.txt"), NULL);
    void *s = new_state(game, 1);
    must(s, "reveal 1 1");
    must(s, "flag 0 0");
    must(s, "flag 2 2");
    must(s, "flag 2 2");
    must(s, "chord 1 1");
    assert_string_equal(render(s, 0, buf, sizeof buf),
                        "3 3 1\nF10\n110\n00M\n");
    assert_int_equal(R()->current_player(s), 0);
    /* Nothing hidden is left around 1 1: the chord is no longer legal. */
    assert_int_equal(act(s, "chord 1 1", why, sizeof why), SAPPER_ERR_ILLEGAL);
    assert_string_equal(why, "cell 1 1 has no hidden neighbour to open "
                        "(flagged and marked cells are skipped)");
    done(game, s);
}

/* ---- legal actions -------------------------------------------------- */

static void test_classic_legal_actions_follow_the_rules(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    int64_t ids[32];
    GAME("layout=" FIX("classic-3x3.txt"), NULL);
    void *s = new_state(game, 1);
    /* At the start: reveal and flag every cell, no chord. */
    assert_int_equal(legal(s, ids, 32), 18);
    for (int i = 0; i < 18; i++)
        assert_int_equal(ids[i], i);
    assert_int_equal(legal(s, ids, 4), 18); /* count even when cut short */
    must(s, "reveal 1 1");
    must(s, "flag 0 0");
    int64_t n = legal(s, ids, 32);
    /* reveal the 7 hidden cells, flag the 8 unrevealed, chord the 1. */
    const int64_t expect[] = {1, 2, 3, 5, 6, 7, 8,
                              9, 10, 11, 12, 14, 15, 16, 17,
                              22};
    assert_int_equal(n, 16);
    for (int i = 0; i < 16; i++)
        assert_int_equal(ids[i], expect[i]);
    assert_int_equal(ids[15], id_of(s, "chord 1 1"));
    done(game, s);
}

/* ---- text ---------------------------------------------------------- */

static void test_classic_action_text_round_trip(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char text[64], why[256];
    GAME("width=4", "height=3", "mines=2", NULL);
    void *s = new_state(game, 1);
    for (int64_t id = 0; id < 36; id++) {
        int64_t back = -1;
        int64_t n = R()->action_to_text(s, id, text, sizeof text);
        assert_int_equal(n, (int64_t)strlen(text));
        assert_int_equal(R()->text_to_action(s, text, &back, why, sizeof why),
                         SAPPER_OK);
        assert_int_equal(back, id);
    }
    R()->action_to_text(s, sapper_mines_action(SAPPER_MINES_CHORD, 3, 2, 4, 3),
                        text, sizeof text);
    assert_string_equal(text, "chord 3 2");
    done(game, s);
}

static void test_classic_text_to_action_tolerates_spaces(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    GAME("width=4", "height=3", "mines=2", NULL);
    void *s = new_state(game, 1);
    assert_int_equal(id_of(s, "  flag \t 1   2  \n"),
                     sapper_mines_action(SAPPER_MINES_FLAG, 1, 2, 4, 3));
    done(game, s);
}

static void check_parse_error(void *s, const char *text, const char *msg)
{
    int64_t id = -7;
    char why[256] = "";
    assert_int_equal(R()->text_to_action(s, text, &id, why, sizeof why),
                     SAPPER_ERR_PARSE);
    assert_string_equal(why, msg);
    assert_int_equal(id, -7);
}

static void test_classic_text_to_action_errors_say_expected_and_found(
    void **unused)
{
    (void)unused;
    DECLARE_GAME;
    GAME("width=4", "height=3", "mines=2", NULL);
    void *s = new_state(game, 1);
    check_parse_error(s, "dig 1 2", "expected 'reveal X Y', 'flag X Y' or "
                      "'chord X Y', found 'dig'");
    check_parse_error(s, "", "expected 'reveal X Y', 'flag X Y' or "
                      "'chord X Y', found nothing");
    check_parse_error(s, "reveal 4 0", "expected X, a column from 0 to 3, "
                      "found 4");
    check_parse_error(s, "reveal -1 0", "expected X, a column from 0 to 3, "
                      "found -1");
    check_parse_error(s, "reveal 1", "expected Y, a row from 0 to 2, found "
                      "nothing");
    check_parse_error(s, "flag 1 b", "expected Y, a row from 0 to 2, found "
                      "'b'");
    check_parse_error(s, "chord 1 2 3", "expected nothing after 'chord 1 2', "
                      "found '3'");
    done(game, s);
}

static void test_classic_render_text_player_and_omniscient(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char buf[128];
    GAME("layout=" FIX("classic-4x3.txt"), NULL);
    void *s = new_state(game, 1);
    assert_string_equal(render(s, 0, buf, sizeof buf),
                        "4 3 3\n????\n????\n????\n");
    must(s, "flag 3 0");
    must(s, "flag 1 0");
    must(s, "flag 1 0");
    assert_string_equal(render(s, 0, buf, sizeof buf),
                        "4 3 3\n?M?F\n????\n????\n");
    assert_string_equal(render(s, SAPPER_OMNISCIENT, buf, sizeof buf),
                        "4 3 3\n*11*\n1122\n001*\n");
    /* write up to cap, return needed */
    assert_int_equal(R()->render_text(s, 0, buf, 4), 21);
    assert_string_equal(buf, "4 3");
    done(game, s);
}

static void test_classic_observe_reports_needed_size(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    GAME("width=4", "height=3", "mines=2", NULL);
    void *s = new_state(game, 1);
    int64_t need = (int64_t)sapper_mines_view_size(4, 3);
    assert_int_equal(R()->observe(s, 0, NULL, 0), need);
    assert_int_equal(R()->observe(s, SAPPER_OMNISCIENT, NULL, 0), need);
    assert_int_equal(R()->observe(s, 1, NULL, 0), 0); /* no such seat */
    sapper_mines_view *v = view(s, SAPPER_OMNISCIENT);
    assert_int_equal(v->struct_size, sizeof(sapper_mines_view));
    assert_int_equal(v->seat, SAPPER_OMNISCIENT);
    free(v);
    done(game, s);
}

static void test_classic_result_json(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char buf[256];
    GAME("layout=" FIX("classic-3x3.txt"), NULL);
    void *s = new_state(game, 1);
    must(s, "flag 0 0");
    must(s, "reveal 2 2");
    int64_t n = R()->result_json(s, buf, sizeof buf);
    /* the mine in a corner: one opening is the whole 3BV; a right click
       and a left click for it, so 50% efficiency */
    assert_string_equal(buf, ",\"width\":3,\"height\":3,\"mines\":1,"
                        "\"revealed\":8,\"flags\":1,\"bbbv\":1,\"bbbv_solved\":1,"
                        "\"clicks\":[1,1,0],\"efficiency\":50.0");
    assert_int_equal(n, (int64_t)strlen(buf));
    /* asked for the size first, then with a short buffer: same length */
    assert_int_equal(R()->result_json(s, NULL, 0), n);
    assert_int_equal(R()->result_json(s, buf, 10), n);
    done(game, s);
}

/* "revealed" counts safe cells only (FORMATS.md): the mine a lost game
   was set off on is not one of them, in the JSON and the typed record
   alike (issue 25 item 9). */
static void test_classic_lost_game_revealed_leaves_the_mine_out(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char buf[256];
    GAME("layout=" FIX("classic-4x3.txt"), "first_click=any", NULL);
    void *s = new_state(game, 1);
    must(s, "reveal 2 1");          /* a 2: one safe cell */
    must(s, "reveal 3 2");          /* the mine */
    assert_int_equal(R()->current_player(s), SAPPER_TERMINAL);
    R()->result_json(s, buf, sizeof buf);
    assert_non_null(strstr(buf, "\"revealed\":1,"));
    const sapper_mines_record_ext *x = R()->get_extension(SAPPER_EXT_MINES_RECORD);
    assert_non_null(x);
    sapper_mines_record r = {.struct_size = sizeof r};
    x->record(s, &r);
    assert_int_equal(r.revealed, 1);
    done(game, s);
}

/* ---- layout files -------------------------------------------------- */

static void test_classic_layout_file_fixes_mines(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char a[64], b[64];
    GAME("layout=" FIX("classic-3x3.txt"), "first_click=any", NULL);
    void *s1 = new_state(game, 1), *s2 = new_state(game, 2);
    assert_string_equal(render(s1, SAPPER_OMNISCIENT, a, sizeof a),
                        "3 3 1\n*10\n110\n000\n");
    assert_string_equal(render(s2, SAPPER_OMNISCIENT, b, sizeof b), a);
    must(s1, "reveal 0 0"); /* first_click = any: the layout as written */
    assert_int_equal(R()->current_player(s1), SAPPER_TERMINAL);
    R()->state_free(s2);
    done(game, s1);
}

/* Seed 004 ("generateMinesAvoidFirstLoss"): the first click is safe, a
   layout's board included. Under first_click = safe (the default) a first
   reveal on a layout's mine moves it to the first mine-free cell in
   reading order; the other mines stay (issue 25 item 8). */
static void test_classic_layout_first_click_safe_moves_the_mine(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char a[64];
    GAME("layout=" FIX("classic-4x3.txt"), NULL);
    void *s = new_state(game, 1);
    must(s, "reveal 3 0");          /* a mine in the layout */
    assert_int_equal(R()->current_player(s), 0);
    assert_string_equal(render(s, SAPPER_OMNISCIENT, a, sizeof a),
                        "4 3 3\n**10\n2221\n001*\n");
    R()->state_free(s);
    s = new_state(game, 1);
    must(s, "reveal 1 0");          /* a safe first click changes nothing */
    must(s, "reveal 0 0");
    assert_int_equal(R()->current_player(s), SAPPER_TERMINAL);
    done(game, s);
}

/* A layout fixes the size: a new size beside it (the curses `n`, a preset
   or width on the command line) is refused with the reason, never
   silently replaced by the layout's (issue 25 item 8). */
static void test_classic_layout_refuses_another_size(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    assert_int_equal(try_game(&game, err, sizeof err,
                              "layout=" FIX("classic-3x3.txt"), "width=20",
                              NULL),
                     SAPPER_ERR_PARAM);
    assert_string_equal(err, "width = 20 does not apply to layout "
                        FIX("classic-3x3.txt") ": the layout fixes the size "
                        "and the mines (drop rules.layout to play another "
                        "size)");
    assert_int_equal(try_game(&game, err, sizeof err,
                              "layout=" FIX("classic-3x3.txt"),
                              "preset=expert", NULL),
                     SAPPER_ERR_PARAM);
    assert_non_null(strstr(err, "preset = expert does not apply"));
}

static void test_classic_layout_file_error_names_line(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    assert_int_equal(try_game(&game, err, sizeof err,
                              "layout=" FIX("classic-bad-char.txt"), NULL),
                     SAPPER_ERR_PARAM);
    assert_null(game);
    assert_string_equal(err, FIX("classic-bad-char.txt") ":3:2: expected '*' "
                        "(mine) or '.' (safe) for cell 1 1, found 'x'");
    assert_int_equal(try_game(&game, err, sizeof err,
                              "layout=" FIX("classic-short-row.txt"), NULL),
                     SAPPER_ERR_PARAM);
    assert_string_equal(err, FIX("classic-short-row.txt") ":3:3: expected "
                        "'*' (mine) or '.' (safe) for cell 2 1, found end of "
                        "line");
}

/* A layout names a file anyone may write into a replay: a FIFO would
   block the reader forever (alarm: the test fails instead of hanging), a
   device or a huge file would flood it. */
static void test_classic_layout_that_is_not_a_regular_file_is_refused(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    char dir[] = "/tmp/sapper-layout-XXXXXX", fifo[64], big[64], arg[96];
    assert_non_null(mkdtemp(dir));
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    snprintf(big, sizeof big, "%s/big", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    alarm(20);
    snprintf(arg, sizeof arg, "layout=%s", fifo);
    assert_int_equal(try_game(&game, err, sizeof err, arg, NULL), SAPPER_ERR_PARAM);
    assert_non_null(strstr(err, "not a regular file (expected a file, found a FIFO)"));
    snprintf(arg, sizeof arg, "layout=%s", dir);
    assert_int_equal(try_game(&game, err, sizeof err, arg, NULL), SAPPER_ERR_PARAM);
    assert_non_null(strstr(err, "found a directory"));
    assert_int_equal(try_game(&game, err, sizeof err, "layout=/dev/zero", NULL),
                     SAPPER_ERR_PARAM);
    assert_non_null(strstr(err, "found a character device"));
    int fd = open(big, O_WRONLY | O_CREAT, 0600);
    assert_true(fd >= 0 && ftruncate(fd, 8 << 20) == 0 && close(fd) == 0);
    snprintf(arg, sizeof arg, "layout=%s", big);
    assert_int_equal(try_game(&game, err, sizeof err, arg, NULL), SAPPER_ERR_PARAM);
    assert_non_null(strstr(err, "expected at most"));
    alarm(0);
    unlink(fifo);
    unlink(big);
    rmdir(dir);
}

static void test_classic_layout_mine_count_must_match(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    assert_int_equal(try_game(&game, err, sizeof err,
                              "layout=" FIX("classic-bad-count.txt"), NULL),
                     SAPPER_ERR_PARAM);
    assert_string_equal(err, FIX("classic-bad-count.txt") ":1:5: expected "
                        "M = 1 (the number of '*' in the grid), found 2");
}

static void test_classic_layout_missing_file_refused(void **unused)
{
    (void)unused;
    DECLARE_GAME;
    assert_int_equal(try_game(&game, err, sizeof err,
                              "layout=" FIX("no-such-file.txt"), NULL),
                     SAPPER_ERR_PARAM);
    assert_string_equal(err, "cannot open layout file "
                        FIX("no-such-file.txt") ": No such file or directory");
}

/* ---- the board library directly ------------------------------------ */

static void test_board_layout_accepts_crlf_and_trailing_blank_lines(
    void **unused)
{
    (void)unused;
    sapper_board b;
    char err[256] = "", buf[64];
    const char *text = "2 2 1\r\n*.\r\n..\r\n\r\n  \n";
    assert_int_equal(sapper_board_parse_layout(text, strlen(text), "t", &b,
                                               err, sizeof err), SAPPER_OK);
    sapper_board_write_text(&b, SAPPER_BOARD_SHOW_ALL, buf, sizeof buf);
    assert_string_equal(buf, "2 2 1\n*1\n11\n");
    sapper_board_free(&b);
}

/* The chord rule reads per-cell counts kept up to date by every move; after
   any sequence of reveals, chords and flag cycles they must equal a fresh
   count of the neighbours, and can_chord must match its definition. */
static void check_counts_fresh(const sapper_board *b)
{
    for (int32_t c = 0; c < b->cells; c++) {
        int32_t nb[8], n = sapper_board_neighbours(b, c, nb), flagged = 0, hidden = 0;
        for (int32_t i = 0; i < n; i++) {
            flagged += b->state[nb[i]] == SAPPER_BOARD_FLAGGED;
            hidden += b->state[nb[i]] == SAPPER_BOARD_HIDDEN;
        }
        assert_int_equal(b->flagged_near[c], flagged);
        assert_int_equal(b->hidden_near[c], hidden);
        int chord = b->state[c] == SAPPER_BOARD_REVEALED && !b->mine[c] &&
                    flagged == b->count[c] && hidden > 0;
        assert_int_equal(sapper_board_can_chord(b, c), chord);
    }
}

/* A board from rows of '.' and '*' (all hidden), for 3BV counts. */
static void board_from_rows(sapper_board *b, const char *rows, int32_t w, int32_t h)
{
    uint8_t mine[64] = {0};
    int32_t n = 0;
    for (int32_t i = 0; i < w * h; i++)
        n += mine[i] = rows[i] == '*';
    assert_int_equal(sapper_board_init(b, w, h, n), SAPPER_OK);
    sapper_board_set_mines(b, mine);
}

/* 3BV, counted by hand: one click per opening (zeros and their rim), one
   per number on no rim; solved counts what is already open. */
static void test_3bv_counts_openings_and_lone_numbers(void **state)
{
    (void)state;
    sapper_board b;
    int32_t solved = -1;
    board_from_rows(&b, "....", 4, 1);           /* no mine: one opening */
    assert_int_equal(sapper_board_3bv(&b, &solved), 1);
    assert_int_equal(solved, 0);
    sapper_board_free(&b);
    board_from_rows(&b, "....*....", 3, 3);      /* all eight are 1s */
    assert_int_equal(sapper_board_3bv(&b, NULL), 8);
    sapper_board_free(&b);
    /* .....     1 1 1 0 0   the opening (x 3-4) with its rim (x 2) is 1,
       .*...     1 * 1 0 0   the five 1s left of the rim are 1 each: 6
       .....     1 1 1 0 0 */
    board_from_rows(&b, "......*........", 5, 3);
    assert_int_equal(sapper_board_3bv(&b, &solved), 6);
    sapper_board_free(&b);
    /* ..*.*..  = 0 1 * 2 * 1 0: two openings and a lone 2 */
    board_from_rows(&b, "..*.*..", 7, 1);
    assert_int_equal(sapper_board_3bv(&b, &solved), 3);
    assert_int_equal(solved, 0);
    assert_int_equal(sapper_board_reveal(&b, 0), 0);   /* floods 0 and its 1 */
    assert_int_equal(sapper_board_3bv(&b, &solved), 3);
    assert_int_equal(solved, 1);
    assert_int_equal(sapper_board_reveal(&b, 3), 0);
    sapper_board_3bv(&b, &solved);
    assert_int_equal(solved, 2);
    assert_int_equal(sapper_board_reveal(&b, 5), 0);   /* a rim number alone: */
    sapper_board_3bv(&b, &solved);                    /* its opening is not */
    assert_int_equal(solved, 2);                      /* opened yet          */
    sapper_board_free(&b);
}

static void test_board_chord_counts_follow_every_move(void **unused)
{
    (void)unused;
    sapper_rng rng;
    sapper_rng_seed(&rng, 77);
    for (int round = 0; round < 200; round++) {
        sapper_board b, copy;
        assert_int_equal(sapper_board_init(&b, 7, 5, 6), SAPPER_OK);
        assert_int_equal(sapper_board_place_mines(&b, &rng, NULL, 0), SAPPER_OK);
        for (int move = 0; move < 40; move++) {
            int32_t cell = (int32_t)sapper_rng_below(&rng, (uint64_t)b.cells);
            switch (sapper_rng_below(&rng, 3)) {
            case 0: sapper_board_reveal(&b, cell); break;
            case 1: sapper_board_cycle_flag(&b, cell); break;
            default: sapper_board_chord(&b, cell); break;
            }
            check_counts_fresh(&b);
        }
        assert_int_equal(sapper_board_copy(&copy, &b), SAPPER_OK);
        check_counts_fresh(&copy);
        sapper_board_free(&copy);
        sapper_board_free(&b);
    }
}

/* A whole view at once is every cell's code, for every way of showing,
   before and after the mines are placed, on widths that are not a
   multiple of eight. */
static void test_board_codes_are_each_cells_code(void **unused)
{
    (void)unused;
    sapper_rng rng;
    sapper_rng_seed(&rng, 1712);
    for (int round = 0; round < 100; round++) {
        sapper_board b;
        uint8_t view[13 * 11];
        int32_t w = 1 + (int32_t)sapper_rng_below(&rng, 13);
        int32_t h = 1 + (int32_t)sapper_rng_below(&rng, 11);
        assert_int_equal(sapper_board_init(&b, w, h, (w * h) / 4), SAPPER_OK);
        for (int move = 0; move < 30; move++) {
            int32_t cell = (int32_t)sapper_rng_below(&rng, (uint64_t)b.cells);
            if (move == 5)
                assert_int_equal(sapper_board_place_mines(&b, &rng, NULL, 0),
                                 SAPPER_OK);
            if (move > 5 && sapper_rng_below(&rng, 2))
                sapper_board_reveal(&b, cell);
            else
                sapper_board_cycle_flag(&b, cell);
            for (int show = 0; show <= SAPPER_BOARD_SHOW_ALL; show++) {
                int32_t mines = 0;
                int32_t got = sapper_board_codes(&b, show, view);
                for (int32_t c = 0; c < b.cells; c++) {
                    assert_int_equal(view[c], sapper_board_code(&b, c, show));
                    mines += view[c] == SAPPER_CELL_MINE;
                }
                assert_int_equal(got, mines);
            }
        }
        sapper_board_free(&b);
    }
}

static void check_layout_error(const char *text, const char *msg)
{
    sapper_board b;
    char err[256] = "";
    assert_int_equal(sapper_board_parse_layout(text, strlen(text), "t", &b,
                                               err, sizeof err),
                     SAPPER_ERR_PARSE);
    assert_string_equal(err, msg);
    assert_null(b.mine);
}

static void test_board_layout_errors_name_line_and_column(void **unused)
{
    (void)unused;
    check_layout_error("2 x 1\n", "t:1:3: expected the height H (a whole "
                       "number), found 'x'");
    check_layout_error("2 2 1 4\n", "t:1:7: expected end of line after "
                       "\"W H M\", found '4'");
    check_layout_error("0 2 0\n", "t:1:1: expected the width W from 1 to 1000, "
                       "found 0");
    check_layout_error("2 2 5\n", "t:1:5: expected the mine count M from 0 to "
                       "4 (W*H), found 5");
    check_layout_error("2 2 1\n*.\n", "t:3:1: expected 2 rows of the grid, "
                       "found 1");
    check_layout_error("2 2 1\n*..\n..\n", "t:2:3: expected end of line after "
                       "2 cells, found '.'");
    check_layout_error("2 2 1\n*.\n..\nxx\n", "t:4:1: expected end of file "
                       "after the grid, found 'x'");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_classic_manifest_describes_mines_rules),
        cmocka_unit_test(test_board_chord_counts_follow_every_move),
        cmocka_unit_test(test_3bv_counts_openings_and_lone_numbers),
        cmocka_unit_test(test_classic_entry_refuses_other_major),
        cmocka_unit_test(test_classic_game_info_bounds),
        cmocka_unit_test(test_classic_state_new_refuses_two_players),
        cmocka_unit_test(test_classic_default_game_is_beginner),
        cmocka_unit_test(test_classic_presets_set_size_and_mines),
        cmocka_unit_test(test_classic_too_many_mines_refused_with_message),
        cmocka_unit_test(
            test_classic_opening_mine_limit_is_cells_minus_neighbourhood),
        cmocka_unit_test(test_classic_zero_mines_refused),
        cmocka_unit_test(test_classic_layout_with_first_click_opening_refused),
        cmocka_unit_test(test_classic_first_click_safe_never_mine),
        cmocka_unit_test(test_classic_first_click_opening_clears_neighbours),
        cmocka_unit_test(test_classic_board_is_drawn_at_first_reveal),
        cmocka_unit_test(test_classic_first_click_any_fixes_board_at_state_new),
        cmocka_unit_test(test_classic_same_seed_same_board),
        cmocka_unit_test(test_classic_mine_placement_is_uniform),
        cmocka_unit_test(test_classic_clone_copies_board_and_rng),
        cmocka_unit_test(test_classic_flag_cycles_hidden_flagged_marked_hidden),
        cmocka_unit_test(test_classic_reveal_of_flagged_cell_is_refused),
        cmocka_unit_test(test_classic_reveal_of_marked_cell_is_refused),
        cmocka_unit_test(test_classic_reveal_of_revealed_cell_is_refused),
        cmocka_unit_test(test_classic_flag_on_revealed_cell_is_refused),
        cmocka_unit_test(test_classic_mines_counter_can_go_negative),
        cmocka_unit_test(test_classic_wrong_seat_and_out_of_range_refused),
        cmocka_unit_test(test_classic_zero_floods_neighbours),
        cmocka_unit_test(test_classic_number_does_not_flood),
        cmocka_unit_test(test_classic_flood_leaves_flags_and_marks),
        cmocka_unit_test(test_classic_flood_opens_a_200x200_board),
        cmocka_unit_test(
            test_classic_win_when_revealed_equals_cells_minus_mines),
        cmocka_unit_test(test_classic_win_flags_every_mine),
        cmocka_unit_test(test_classic_mine_reveal_loses_and_shows_all_mines),
        cmocka_unit_test(test_classic_chord_opens_neighbours_when_flags_match),
        cmocka_unit_test(test_classic_chord_on_wrong_flag_loses),
        cmocka_unit_test(test_classic_chord_refused_when_flags_do_not_match),
        cmocka_unit_test(test_classic_chord_skips_marked_neighbours),
        cmocka_unit_test(test_classic_legal_actions_follow_the_rules),
        cmocka_unit_test(test_classic_action_text_round_trip),
        cmocka_unit_test(test_classic_text_to_action_tolerates_spaces),
        cmocka_unit_test(
            test_classic_text_to_action_errors_say_expected_and_found),
        cmocka_unit_test(test_classic_render_text_player_and_omniscient),
        cmocka_unit_test(test_classic_observe_reports_needed_size),
        cmocka_unit_test(test_classic_result_json),
        cmocka_unit_test(test_classic_lost_game_revealed_leaves_the_mine_out),
        cmocka_unit_test(test_classic_layout_file_fixes_mines),
        cmocka_unit_test(test_classic_layout_first_click_safe_moves_the_mine),
        cmocka_unit_test(test_classic_layout_refuses_another_size),
        cmocka_unit_test(test_classic_layout_file_error_names_line),
        cmocka_unit_test(test_classic_layout_that_is_not_a_regular_file_is_refused),
        cmocka_unit_test(test_classic_layout_mine_count_must_match),
        cmocka_unit_test(test_classic_layout_missing_file_refused),
        cmocka_unit_test(
            test_board_layout_accepts_crlf_and_trailing_blank_lines),
        cmocka_unit_test(test_board_layout_errors_name_line_and_column),
        cmocka_unit_test(test_board_codes_are_each_cells_code),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
