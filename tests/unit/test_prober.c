/*
 * test_prober.c - unit tests of the prober bot on hand-made views where
 * the right move is known: certain cells before guesses, never a certain
 * mine, the lowest probability among guesses, the first-click policy, the
 * unavoidable 50/50, the exhaustive endgame against positions whose
 * optimal moves an independent brute force (a game tree over revealed sets
 * and layouts, floods included) worked out, and the two-player policy.
 * The bot is linked in (prober_builtin) and called through its functions.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>

#include "sapper/mines.h"
#include "prober/bot.h"

const sapper_manifest *sapper_builtin_prober_entry(uint32_t, uint32_t);

#define MAX_LEGAL 4096
#define MAX_KV 8

/* ---- views, legal lists and bots ------------------------------------ */

/* A w x h view with M mines in all: '?' hidden, 'F' flagged, '*' an
 * exposed mine, 'a'/'b' claimed by seat 0/1, '0'-'8' numbers. */
static sapper_mines_view *make_view(int32_t w, int32_t h, const char *cells,
                                    int32_t mines, size_t *size)
{
    assert_int_equal(strlen(cells), (size_t)(w * h));
    *size = sapper_mines_view_size(w, h);
    sapper_mines_view *v = calloc(1, *size);
    assert_non_null(v);
    v->struct_size = sizeof *v;
    v->width = w;
    v->height = h;
    v->mines = mines;
    v->players = 1;
    for (int32_t i = 0; i < w * h; i++) {
        char c = cells[i];
        v->cells[i] = c == '?' ? SAPPER_CELL_HIDDEN
                    : c == 'F' ? SAPPER_CELL_FLAGGED
                    : c == '*' ? SAPPER_CELL_MINE
                    : c == 'a' ? SAPPER_CELL_CLAIMED + 0
                    : c == 'b' ? SAPPER_CELL_CLAIMED + 1
                    : (uint8_t)(c - '0');
    }
    return v;
}

/* Classic's legal actions: reveals of hidden cells, then flags of every
 * unrevealed cell. */
static size_t legal_of(const sapper_mines_view *v, int64_t *out)
{
    int32_t n = v->width * v->height;
    size_t k = 0;
    for (int32_t i = 0; i < n; i++)
        if (v->cells[i] == SAPPER_CELL_HIDDEN)
            out[k++] = i;
    for (int32_t i = 0; i < n; i++)
        if (sapper_cell_is_unknown(v->cells[i]))
            out[k++] = (int64_t)SAPPER_MINES_FLAG * n + i;
    assert_true(k <= MAX_LEGAL);
    return k;
}

/* Bot parameters as "key=value" strings (NULL-terminated list). */
typedef struct kvs {
    sapper_kv kv[MAX_KV];
    char text[MAX_KV][64];
    sapper_params params;
} kvs;

static void read_kvs(kvs *k, const char *const *items)
{
    uint32_t n = 0;
    for (; items && items[n]; n++) {
        assert_true(n < MAX_KV);
        snprintf(k->text[n], sizeof k->text[n], "%s", items[n]);
        char *eq = strchr(k->text[n], '=');
        assert_non_null(eq);
        *eq = '\0';
        k->kv[n] = (sapper_kv){k->text[n], eq + 1};
    }
    k->params = (sapper_params){k->kv, n};
}

/* A prober for a game whose rules say first_click = first (NULL: none). */
static void *new_prober(uint64_t seed, const char *first,
                        const char *const *items)
{
    kvs bot_kv, rules_kv;
    const char *rules_items[2] = {NULL, NULL};
    char fc[64];
    if (first) {
        snprintf(fc, sizeof fc, "first_click=%s", first);
        rules_items[0] = fc;
    }
    read_kvs(&bot_kv, items);
    read_kvs(&rules_kv, rules_items);
    sapper_bot_setup setup = {
        .struct_size = sizeof setup, .players = 1, .seed = seed,
        .rules_id = "classic", .rules_params = &rules_kv.params,
    };
    void *bot = NULL;
    char err[128] = "";
    assert_int_equal(prober_bot_new(&bot_kv.params, &setup, &bot, err, sizeof err),
                     SAPPER_OK);
    assert_non_null(bot);
    return bot;
}

/* One step of a fresh bot on v. */
static int64_t move_of(const sapper_mines_view *v, size_t size, uint64_t seed,
                       const char *first, const char *const *items)
{
    int64_t legal[MAX_LEGAL], action = -99;
    size_t nlegal = legal_of(v, legal);
    void *bot = new_prober(seed, first, items);
    assert_int_equal(prober_bot_step(bot, v, size, legal, nlegal, &action),
                     SAPPER_OK);
    prober_bot_free(bot);
    return action;
}

static int in_list(int64_t a, const int64_t *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (list[i] == a)
            return 1;
    return 0;
}

/* Every setting worth checking a rule under. */
static const char *const depth0[] = {"depth=0", "endgame_layouts=0", NULL};
static const char *const depth1[] = {"depth=1", "endgame_layouts=0", NULL};
static const char *const depth2[] = {"depth=2", "endgame_layouts=0", NULL};
static const char *const endgame[] = {"endgame_layouts=4096", NULL};
static const char *const *const settings[] = {depth0, depth1, depth2,
                                              endgame, NULL};

/* ---- certain cells first --------------------------------------------- */

static void test_prober_reveals_a_satisfied_numbers_neighbour(void **unused)
{
    (void)unused;
    size_t size;
    /* The 1 touches the exposed mine: 2, 3, 4 and 5 are safe, while the
     * second mine hides in 6, 7 or 8. */
    sapper_mines_view *v = make_view(3, 3, "*1???????", 2, &size);
    const int64_t safe[] = {2, 3, 4, 5};
    for (int s = 0; settings[s]; s++)
        for (uint64_t seed = 0; seed < 10; seed++)
            assert_true(in_list(move_of(v, size, seed, "safe", settings[s]),
                                safe, 4));
    free(v);
}

static void test_prober_finds_a_safe_cell_only_the_mine_total_shows(void **unused)
{
    (void)unused;
    size_t size;
    /*   ? 1 ? ? ?    One mine: the 1 holds it, so 3 and 4 are safe. The
     *                fast rules cannot see it; the exact analysis can. */
    sapper_mines_view *v = make_view(5, 1, "?1???", 1, &size);
    for (int s = 0; settings[s]; s++) {
        int64_t a = move_of(v, size, 1, "safe", settings[s]);
        assert_true(a == 3 || a == 4);
    }
    free(v);
}

static void test_prober_drains_its_safe_list_over_steps(void **unused)
{
    (void)unused;
    size_t size;
    /* One bot over a game: the board's mines are 0 and 8. It reveals the
     * four cells the 1 frees, one per step, each showing its number; the
     * new numbers then put the second mine at 8, so 6 and 7 are next. */
    sapper_mines_view *v = make_view(3, 3, "*1???????", 2, &size);
    const uint8_t shows[9] = {[2] = 0, [3] = 1, [4] = 2, [5] = 1, [6] = 0, [7] = 1};
    int64_t legal[MAX_LEGAL], a;
    void *bot = new_prober(3, "safe", depth1);
    int seen[9] = {0};
    for (int step = 0; step < 6; step++) {
        size_t nlegal = legal_of(v, legal);
        assert_int_equal(prober_bot_step(bot, v, size, legal, nlegal, &a),
                         SAPPER_OK);
        assert_true(step < 4 ? a >= 2 && a <= 5 : a == 6 || a == 7);
        assert_false(seen[a]);
        seen[a] = 1;
        v->cells[a] = shows[a];
    }
    prober_bot_free(bot);
    free(v);
}

/* ---- guesses --------------------------------------------------------- */

static void test_prober_never_reveals_a_certain_mine(void **unused)
{
    (void)unused;
    size_t size;
    /*   ? 2 3 ?      4 mines: 3 and 7 are certain; 0, 4, 5, 6 are 50 %
     *   ? ? ? ?      each, and nothing is safe. */
    sapper_mines_view *v = make_view(4, 2, "?23?????", 4, &size);
    const int64_t ok[] = {0, 4, 5, 6};
    for (int s = 0; settings[s]; s++)
        for (uint64_t seed = 0; seed < 10; seed++)
            assert_true(in_list(move_of(v, size, seed, "safe", settings[s]),
                                ok, 4));
    free(v);
}

/* 4x4, 4 mines, 24 layouts (row by row):
 *     ? ? ? ?      mine probabilities: 0, 1, 3: 1/6; 2, 8: 1/4;
 *     1 2 ? ?      the others 1/3 or more.
 *     ? ? 3 ?      Probing 2 wins 2/3 of the time with best play, the
 *     1 ? ? ?      safest cells only 5/8 (brute force). */
static const char lowest_view[] = "????12????3?1???";

static void test_prober_guesses_the_lowest_probability(void **unused)
{
    (void)unused;
    size_t size;
    sapper_mines_view *v = make_view(4, 4, lowest_view, 4, &size);
    static const char *const strict[] = {"depth=1", "tolerance=0",
                                         "endgame_layouts=0", NULL};
    const int64_t safest[] = {0, 1, 3};
    for (uint64_t seed = 0; seed < 10; seed++) {
        assert_true(in_list(move_of(v, size, seed, "safe", depth0), safest, 3));
        assert_true(in_list(move_of(v, size, seed, "safe", strict), safest, 3));
    }
    /* Depth 0 breaks the tie by unknown neighbours: 0 has one, 1 and 3
     * have three. */
    assert_int_equal(move_of(v, size, 0, "safe", depth0), 0);
    free(v);
}

static void test_prober_takes_an_unavoidable_fifty_fifty_first(void **unused)
{
    (void)unused;
    size_t size;
    /*   ? ? * ? ?      6 mines, 20 layouts. 3 and 4 are mines; one more
     *   1 ? ? ? 3      is at 8 or 13, and no cell that could ever show a
     *   ? ? ? ? 1      number tells them apart. Cells 0, 1, 6, 10 and 11
     *                  are only 20 % mines, but the 50/50 at 8/13 must be
     *                  guessed some time: now is best (win 35 %, the
     *                  optimum by brute force). */
    sapper_mines_view *v = make_view(5, 3, "??*??1???3????1", 6, &size);
    for (int s = 0; settings[s]; s++) {
        int64_t a = move_of(v, size, 5, "safe", settings[s]);
        assert_true(a == 8 || a == 13);
    }
    free(v);
}

/* ---- look-ahead -------------------------------------------------------- */

/* Depth 2 scores a guess by the chance to survive it and the two clicks
 * after it, a click on a certain safe cell counted as a click (with too
 * few safe cells, what the first one may show is looked at too). The best
 * guesses come from an independent brute force of that measure over every
 * layout (a Python enumeration, no code shared with the bot); scoring any
 * position with a safe cell 1, as depth 2 once did, picks the cells in
 * scored_one instead (on the first case, survival 0.405 against 0.452). */
static int in_case(int64_t a, const int64_t *list);

typedef struct lookahead_case {
    int32_t w, h, mines;
    const char *cells;
    int64_t best[5];        /* the best guesses by that measure, -1 ends */
    int64_t scored_one[5];  /* the picks when a safe cell scores 1       */
} lookahead_case;

static const lookahead_case lookahead_cases[] = {
    {4, 3, 5, "???1?????3??", {7, -1}, {11, -1}},
    {4, 3, 4, "?1???3??????", {2, 6, -1}, {0, -1}},
    {4, 3, 5, "????3??2???1", {5, -1}, {3, -1}},
    {6, 2, 4, "?2??2??2??2?", {2, 3, 8, 9, -1}, {0, 5, 6, 11, -1}},
};

static void test_prober_look_ahead_counts_a_safe_click_as_a_click(void **unused)
{
    (void)unused;
    static const char *const full2[] = {"depth=2", "tolerance=1",
                                        "candidates=64", "endgame_layouts=0",
                                        NULL};
    for (size_t i = 0; i < sizeof lookahead_cases / sizeof lookahead_cases[0]; i++) {
        const lookahead_case *c = &lookahead_cases[i];
        size_t size;
        sapper_mines_view *v = make_view(c->w, c->h, c->cells, c->mines, &size);
        int64_t a = move_of(v, size, 1, "safe", full2);
        assert_true(in_case(a, c->best));
        assert_false(in_case(a, c->scored_one));
        free(v);
    }
}

/* ---- the exhaustive endgame ------------------------------------------ */

typedef struct endgame_case {
    int32_t w, h, mines;
    const char *cells;
    int64_t best[5];      /* the optimal probes (brute force), -1 ends */
    int64_t safest[5];    /* the lowest probability, not optimal here  */
} endgame_case;

/* Positions where the optimal probe is not the safest one; the optimum
 * comes from an independent brute force over (revealed cells, layouts)
 * with floods, not from this bot's search. Chances to win: 2/3 against
 * 5/8; 2/9 against 1/9; 2/7 against 1/4; 1/4 against 1/6. */
static const endgame_case endgame_cases[] = {
    {4, 4, 4, lowest_view, {2, -1}, {0, 1, 3, -1}},
    {5, 2, 4, "2?2?????2?", {1, 4, 6, 9}, {3, 7, -1}},
    {4, 3, 5, "????3??2??2?", {2, -1}, {6, 11, -1}},
    {6, 2, 4, "??12???2????", {5, 11, -1}, {1, 9, -1}},
};

static int in_case(int64_t a, const int64_t *list)
{
    for (int i = 0; i < 5 && list[i] >= 0; i++)
        if (list[i] == a)
            return 1;
    return 0;
}

static void test_prober_endgame_plays_the_optimal_probe(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < sizeof endgame_cases / sizeof endgame_cases[0]; i++) {
        const endgame_case *c = &endgame_cases[i];
        size_t size;
        sapper_mines_view *v = make_view(c->w, c->h, c->cells, c->mines, &size);
        for (uint64_t seed = 0; seed < 5; seed++) {
            assert_true(in_case(move_of(v, size, seed, "safe", endgame), c->best));
            assert_true(in_case(move_of(v, size, seed, "safe", depth0), c->safest));
        }
        free(v);
    }
}

static void test_prober_endgame_over_its_limits_still_guesses_well(void **unused)
{
    (void)unused;
    size_t size;
    /* 24 layouts, but the search may use one node: the heuristics play. */
    sapper_mines_view *v = make_view(4, 4, lowest_view, 4, &size);
    static const char *const starved[] = {"endgame_layouts=4096",
                                          "endgame_nodes=1", "depth=0", NULL};
    static const char *const few[] = {"endgame_layouts=8", "depth=0", NULL};
    assert_int_equal(move_of(v, size, 0, "safe", starved), 0);
    assert_int_equal(move_of(v, size, 0, "safe", few), 0);
    free(v);
}

/* ---- the first move -------------------------------------------------- */

static void test_prober_first_click_follows_the_rules(void **unused)
{
    (void)unused;
    size_t size;
    char hidden[30 * 16 + 1];
    memset(hidden, '?', sizeof hidden - 1);
    hidden[sizeof hidden - 1] = '\0';
    sapper_mines_view *expert = make_view(30, 16, hidden, 99, &size);
    assert_int_equal(move_of(expert, size, 1, "safe", NULL), 0);
    assert_int_equal(move_of(expert, size, 1, "any", NULL), 0);
    assert_int_equal(move_of(expert, size, 1, NULL, NULL), 0);
    assert_int_equal(move_of(expert, size, 1, "opening", NULL), 3 * 30 + 3);
    free(expert);

    hidden[81] = '\0';
    sapper_mines_view *beginner = make_view(9, 9, hidden, 10, &size);
    assert_int_equal(move_of(beginner, size, 1, "opening", NULL), 2 * 9 + 2);
    static const char *const start[] = {"start=5,1", NULL};
    static const char *const far[] = {"start=50,50", NULL};
    assert_int_equal(move_of(beginner, size, 1, "opening", start), 1 * 9 + 5);
    assert_int_equal(move_of(beginner, size, 1, "safe", far), 80);
    free(beginner);
}

/* ---- two players: claiming mines ------------------------------------- */

static void test_prober_claims_a_certain_mine_with_two_players(void **unused)
{
    (void)unused;
    size_t size;
    sapper_mines_view *v = make_view(4, 2, "?23?????", 4, &size);
    v->players = 2;
    for (uint64_t seed = 0; seed < 10; seed++) {
        int64_t a = move_of(v, size, seed, NULL, NULL);
        assert_true(a == 3 || a == 7);
    }
    /* A claimed mine counts as known: the 1 is satisfied, and the most
     * likely mine is among 6, 7, 8 (the second unclaimed mine). */
    free(v);
    v = make_view(3, 3, "a1???????", 2, &size);
    v->players = 2;
    int64_t a = move_of(v, size, 2, NULL, NULL);
    assert_true(a >= 6 && a <= 8);
    free(v);
}

/* ---- defensive ------------------------------------------------------- */

static void test_prober_refuses_garbage_and_survives_odd_views(void **unused)
{
    (void)unused;
    size_t size;
    sapper_mines_view *v = make_view(3, 3, "?1?????1?", 0, &size);
    int64_t legal[MAX_LEGAL], a;
    size_t nlegal = legal_of(v, legal);
    void *bot = new_prober(1, "safe", NULL);
    assert_int_equal(prober_bot_step(bot, v, size - 1, legal, nlegal, &a),
                     SAPPER_ERR_STATE);
    assert_int_equal(prober_bot_step(bot, NULL, size, legal, nlegal, &a),
                     SAPPER_ERR_STATE);
    assert_int_equal(prober_bot_step(bot, v, size, legal, 0, &a),
                     SAPPER_ERR_STATE);
    /* No layout fits (0 mines but a 1): still a legal hidden cell. */
    assert_int_equal(prober_bot_step(bot, v, size, legal, nlegal, &a), SAPPER_OK);
    assert_true(a >= 0 && a < 9 && v->cells[a] == SAPPER_CELL_HIDDEN);
    /* An unknown cell code: the solver refuses the view, the bot plays. */
    v->mines = 2;
    v->cells[8] = 13;
    nlegal = legal_of(v, legal);
    assert_int_equal(prober_bot_step(bot, v, size, legal, nlegal, &a), SAPPER_OK);
    assert_true(in_list(a, legal, nlegal));
    prober_bot_free(bot);
    free(v);

    sapper_bot_setup setup = {.struct_size = 4};
    void *none = NULL;
    char err[64] = "";
    assert_int_equal(prober_bot_new(NULL, &setup, &none, err, sizeof err),
                     SAPPER_ERR_STATE);
    assert_null(none);
    assert_true(err[0] != '\0');
}

static void test_prober_entry_describes_the_bot(void **unused)
{
    (void)unused;
    assert_null(sapper_builtin_prober_entry(SAPPER_ABI_MAJOR + 1, 0));
    const sapper_manifest *m = sapper_builtin_prober_entry(SAPPER_ABI_MAJOR, 0);
    assert_non_null(m);
    const sapper_descriptor *d = m->descriptors[0];
    assert_string_equal(d->id, "prober");
    assert_string_equal(d->family, SAPPER_MINES_FAMILY);
    assert_int_equal(d->kind, SAPPER_KIND_BOT);
    int depth = 0, layouts = 0;
    for (uint32_t i = 0; i < d->param_count; i++) {
        depth |= strcmp(d->params[i].key, "depth") == 0;
        layouts |= strcmp(d->params[i].key, "endgame_layouts") == 0;
    }
    assert_true(depth && layouts);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_prober_reveals_a_satisfied_numbers_neighbour),
        cmocka_unit_test(test_prober_finds_a_safe_cell_only_the_mine_total_shows),
        cmocka_unit_test(test_prober_drains_its_safe_list_over_steps),
        cmocka_unit_test(test_prober_never_reveals_a_certain_mine),
        cmocka_unit_test(test_prober_guesses_the_lowest_probability),
        cmocka_unit_test(test_prober_takes_an_unavoidable_fifty_fifty_first),
        cmocka_unit_test(test_prober_look_ahead_counts_a_safe_click_as_a_click),
        cmocka_unit_test(test_prober_endgame_plays_the_optimal_probe),
        cmocka_unit_test(test_prober_endgame_over_its_limits_still_guesses_well),
        cmocka_unit_test(test_prober_first_click_follows_the_rules),
        cmocka_unit_test(test_prober_claims_a_certain_mine_with_two_players),
        cmocka_unit_test(test_prober_refuses_garbage_and_survives_odd_views),
        cmocka_unit_test(test_prober_entry_describes_the_bot),
    };
    return cmocka_run_group_tests_name("prober", tests, NULL, NULL);
}
