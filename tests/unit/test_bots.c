/*
 * test_bots.c - unit tests of the random, simple and template mines bots
 * and of the rps test game, through the same functions and tables the
 * engine calls, with hand-made views. It does not load anything with
 * dlopen: the loader's tests do that.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>

#include "sapper/mines.h"
#include "random/bot.h"
#include "simple/bot.h"
#include "rps.h"

/* The plugins' entries when linked in (-DSAPPER_BUILTIN). */
const sapper_manifest *sapper_builtin_random_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_simple_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_template_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_rps_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_rps_random_entry(uint32_t, uint32_t);

#define MAX_LEGAL 256

/* ------------------------------------------------------------------ */
/* Views and legal lists made by hand.                                  */
/* ------------------------------------------------------------------ */

/* A w x h view from one character per cell, row by row: '?' hidden,
 * 'F' flagged, 'm' marked, '*' exposed mine, 'a'/'b' claimed by seat 0/1,
 * '0'-'8' numbers. The caller frees it. */
static sapper_mines_view *make_view(int32_t w, int32_t h, const char *cells,
                                    size_t *size)
{
    assert_int_equal(strlen(cells), (size_t)(w * h));
    *size = sapper_mines_view_size(w, h);
    sapper_mines_view *v = calloc(1, *size);
    assert_non_null(v);
    v->struct_size = sizeof *v;
    v->width = w;
    v->height = h;
    v->players = 1;
    for (int32_t i = 0; i < w * h; i++) {
        char c = cells[i];
        v->cells[i] = c == '?' ? SAPPER_CELL_HIDDEN
                    : c == 'F' ? SAPPER_CELL_FLAGGED
                    : c == 'm' ? SAPPER_CELL_MARKED
                    : c == '*' ? SAPPER_CELL_MINE
                    : c == 'a' ? SAPPER_CELL_CLAIMED + 0
                    : c == 'b' ? SAPPER_CELL_CLAIMED + 1
                    : (uint8_t)(c - '0');
    }
    return v;
}

/* Legal actions as classic rules would list them, ascending: reveal of
 * hidden and marked cells, then (with flags) the flag cycle on every
 * unrevealed cell. Returns the count. */
static size_t classic_legal(const sapper_mines_view *v, int flags, int64_t *out)
{
    int32_t n = v->width * v->height;
    size_t k = 0;
    for (int32_t i = 0; i < n; i++)
        if (v->cells[i] == SAPPER_CELL_HIDDEN || v->cells[i] == SAPPER_CELL_MARKED)
            out[k++] = i;
    for (int32_t i = 0; flags && i < n; i++)
        if (sapper_cell_is_unknown(v->cells[i]))
            out[k++] = (int64_t)SAPPER_MINES_FLAG * n + i;
    assert_true(k <= MAX_LEGAL);
    return k;
}

static sapper_bot_setup setup_with_seed(uint64_t seed)
{
    return (sapper_bot_setup){
        .struct_size = sizeof(sapper_bot_setup),
        .players = 1,
        .seed = seed,
        .rules_id = "classic",
    };
}

static const sapper_bot_api *bot_table(sapper_entry_fn entry)
{
    const sapper_manifest *m = entry(SAPPER_ABI_MAJOR, SAPPER_ABI_MINOR);
    assert_non_null(m);
    assert_int_equal(m->count, 1);
    assert_int_equal(m->descriptors[0]->kind, SAPPER_KIND_BOT);
    return m->descriptors[0]->bot;
}

/* A bot made through its table, with one optional parameter. */
static void *new_bot(const sapper_bot_api *api, uint64_t seed,
                     const char *key, const char *value)
{
    sapper_kv kv = { key, value };
    sapper_params params = { &kv, key ? 1u : 0u };
    sapper_bot_setup setup = setup_with_seed(seed);
    void *bot = NULL;
    char err[128] = "";
    assert_int_equal(api->bot_new(&params, &setup, &bot, err, sizeof err), SAPPER_OK);
    assert_non_null(bot);
    return bot;
}

static const sapper_bot_api random_table = {
    .struct_size = sizeof(sapper_bot_api), .bot_new = random_bot_new,
    .bot_free = random_bot_free, .step = random_bot_step,
};

static const sapper_bot_api simple_table = {
    .struct_size = sizeof(sapper_bot_api), .bot_new = simple_bot_new,
    .bot_free = simple_bot_free, .step = simple_bot_step,
};

static int64_t step_ok(const sapper_bot_api *api, void *bot,
                       const sapper_mines_view *v, size_t size,
                       const int64_t *legal, size_t nlegal)
{
    int64_t action = -99;
    assert_int_equal(api->step(bot, v, size, legal, nlegal, &action), SAPPER_OK);
    return action;
}

/* ------------------------------------------------------------------ */
/* random                                                               */
/* ------------------------------------------------------------------ */

static void test_random_only_reveals_hidden_unflagged_cells(void **unused)
{
    (void)unused;
    size_t size;
    /* Hidden cells: 2, 5, 6. Marked 3 and flagged 1 are not to be
     * revealed, though the list offers a reveal of 3 and flags of all. */
    sapper_mines_view *v = make_view(3, 3, "0F?m1??1*", &size);
    int64_t legal[MAX_LEGAL];
    size_t nlegal = classic_legal(v, 1, legal);
    void *bot = new_bot(&random_table, 7, NULL, NULL);
    int counts[9] = { 0 };
    for (int i = 0; i < 3000; i++) {
        int64_t a = step_ok(&random_table, bot, v, size, legal, nlegal);
        assert_true(a == 2 || a == 5 || a == 6);
        counts[a]++;
    }
    for (int c = 2; c <= 6; c += c == 2 ? 3 : 1)   /* 2, 5, 6: near 1000 each */
        assert_in_range(counts[c], 850, 1150);
    random_bot_free(bot);
    free(v);
}

static void test_random_plays_any_legal_action_without_a_hidden_cell(void **unused)
{
    (void)unused;
    size_t size;
    sapper_mines_view *v = make_view(2, 2, "F1FF", &size);
    int64_t legal[MAX_LEGAL];
    size_t nlegal = classic_legal(v, 1, legal);   /* flags of 0, 2, 3 */
    assert_int_equal(nlegal, 3);
    void *bot = new_bot(&random_table, 11, NULL, NULL);
    int seen[3] = { 0 };
    for (int i = 0; i < 300; i++) {
        int64_t a = step_ok(&random_table, bot, v, size, legal, nlegal);
        size_t k = 0;
        while (k < nlegal && legal[k] != a)
            k++;
        assert_true(k < nlegal);
        seen[k] = 1;
    }
    assert_true(seen[0] && seen[1] && seen[2]);
    random_bot_free(bot);
    free(v);
}

static void test_random_same_seed_same_choices(void **unused)
{
    (void)unused;
    size_t size;
    sapper_mines_view *v = make_view(4, 4, "????????????????", &size);
    int64_t legal[MAX_LEGAL];
    size_t nlegal = classic_legal(v, 0, legal);
    void *a = new_bot(&random_table, 42, NULL, NULL);
    void *b = new_bot(&random_table, 42, NULL, NULL);
    void *c = new_bot(&random_table, 43, NULL, NULL);
    int differs = 0;
    for (int i = 0; i < 200; i++) {
        int64_t x = step_ok(&random_table, a, v, size, legal, nlegal);
        assert_int_equal(x, step_ok(&random_table, b, v, size, legal, nlegal));
        differs |= x != step_ok(&random_table, c, v, size, legal, nlegal);
    }
    assert_true(differs);
    random_bot_free(a);
    random_bot_free(b);
    random_bot_free(c);
    free(v);
}

/* ------------------------------------------------------------------ */
/* simple                                                               */
/* ------------------------------------------------------------------ */

/* Steps a fresh simple bot with each seed in [0, seeds) on v and counts
 * the chosen actions (which must be below ncounts). */
static void simple_choices(const sapper_mines_view *v, size_t size,
                           const int64_t *legal, size_t nlegal, int seeds,
                           const char *key, const char *value, int *counts,
                           int64_t ncounts)
{
    for (int s = 0; s < seeds; s++) {
        void *bot = new_bot(&simple_table, (uint64_t)s, key, value);
        int64_t a = step_ok(&simple_table, bot, v, size, legal, nlegal);
        assert_in_range(a, 0, ncounts - 1);
        counts[a]++;
        simple_bot_free(bot);
    }
}

/* The simple bot's views carry the board's mine total: its deductions use
 * it (a view claiming fewer mines than it shows fits no layout). */
static sapper_mines_view *simple_view(int32_t w, int32_t h, const char *cells,
                                      int32_t mines, size_t *size)
{
    sapper_mines_view *v = make_view(w, h, cells, size);
    v->mines = mines;
    return v;
}

static void test_simple_reveals_cell_freed_by_satisfied_number(void **unused)
{
    (void)unused;
    size_t size;
    /* The 1 at cell 1 already touches the exposed mine at 0, so 2, 3, 4
     * and 5 are safe; the second mine is one of 6, 7, 8. The lowest safe
     * cell is the move, whatever the seed. */
    sapper_mines_view *v = simple_view(3, 3, "*1???????", 2, &size);
    int64_t legal[MAX_LEGAL];
    size_t nlegal = classic_legal(v, 0, legal);
    int counts[9] = { 0 };
    simple_choices(v, size, legal, nlegal, 50, NULL, NULL, counts, 9);
    assert_int_equal(counts[2], 50);
    free(v);
}

static void test_simple_counts_claimed_cells_as_mines(void **unused)
{
    (void)unused;
    size_t size;
    sapper_mines_view *v = simple_view(3, 3, "b1???????", 2, &size);
    v->players = 2;
    v->seat = 0;
    int64_t legal[MAX_LEGAL];
    size_t nlegal = classic_legal(v, 0, legal);
    int counts[9] = { 0 };
    simple_choices(v, size, legal, nlegal, 50, NULL, NULL, counts, 9);
    assert_int_equal(counts[2], 50);
    free(v);
}

static void test_simple_never_reveals_a_certain_mine_when_guessing(void **unused)
{
    (void)unused;
    size_t size;
    /*   ? 2 3 ?      4 mines. The 3 sees 3, 6, 7 and the 2: both 3 and 7
     *   ? ? ? ?      are mines; 0, 4, 5 and 6 are each a mine in half of
     *                the 4 layouts. No cell is safe: a uniform guess
     *                among the four, never 3 or 7. */
    sapper_mines_view *v = simple_view(4, 2, "?23?????", 4, &size);
    int64_t legal[MAX_LEGAL];
    size_t nlegal = classic_legal(v, 0, legal);
    int counts[8] = { 0 };
    simple_choices(v, size, legal, nlegal, 200, NULL, NULL, counts, 8);
    assert_int_equal(counts[3] + counts[7], 0);
    for (int c = 0; c < 8; c++)
        if (c != 1 && c != 2 && c != 3 && c != 7)
            assert_in_range(counts[c], 25, 75);
    free(v);
}

static void test_simple_uses_pairs_of_numbers(void **unused)
{
    (void)unused;
    size_t size;
    /*   ? ? 2 1      The 1 at cell 3 sees one unknown, cell 6: a mine. The
     *   1 ? ? 1      2 then needs one of 1 and 5, which is the 1 at cell
     *                4's mine too: cell 0 is safe. No single number shows
     *                it; the pair does. */
    sapper_mines_view *v = simple_view(4, 2, "??211??1", 2, &size);
    int64_t legal[MAX_LEGAL];
    size_t nlegal = classic_legal(v, 0, legal);
    int counts[8] = { 0 };
    simple_choices(v, size, legal, nlegal, 30, NULL, NULL, counts, 8);
    assert_int_equal(counts[0], 30);
    free(v);
}

static void test_simple_uses_the_mine_total(void **unused)
{
    (void)unused;
    size_t size;
    /*   ? 1 ? ? ?    One mine in all. The 1 puts it at 0 or 2, so the
     *                cells 3 and 4, which no number sees, are safe: only
     *                the total says so. */
    sapper_mines_view *v = simple_view(5, 1, "?1???", 1, &size);
    int64_t legal[MAX_LEGAL];
    size_t nlegal = classic_legal(v, 0, legal);
    int counts[5] = { 0 };
    simple_choices(v, size, legal, nlegal, 30, NULL, NULL, counts, 5);
    assert_int_equal(counts[3], 30);
    free(v);
}

static void test_simple_chains_a_deduced_mine_into_safe_cells(void **unused)
{
    (void)unused;
    size_t size;
    /*   1 ? ? ?    The 1s at cells 0 and 4 see only cell 1: a mine. Only
     *   1 1 ? ?    then is the 1 at cell 5 satisfied, freeing 2 and 6; 3
     *              and 7 share the second mine. */
    sapper_mines_view *v = simple_view(4, 2, "1???11??", 2, &size);
    int64_t legal[MAX_LEGAL];
    size_t nlegal = classic_legal(v, 0, legal);
    int counts[8] = { 0 };
    simple_choices(v, size, legal, nlegal, 50, NULL, NULL, counts, 8);
    assert_int_equal(counts[2], 50);
    free(v);
}

static void test_simple_does_not_trust_player_flags(void **unused)
{
    (void)unused;
    size_t size;
    /*   F 1 ?      The 0 at cell 3 proves the flag at 0 wrong. Trusting
     *   0 1 ?      it would make 2 and 5 safe; they are a 50/50 (and the
     *              flagged cell cannot be revealed). */
    sapper_mines_view *v = simple_view(3, 2, "F1?01?", 1, &size);
    int64_t legal[MAX_LEGAL];
    size_t nlegal = classic_legal(v, 0, legal);   /* reveal 2 and 5 */
    int counts[6] = { 0 };
    simple_choices(v, size, legal, nlegal, 64, NULL, NULL, counts, 6);
    assert_true(counts[2] > 0 && counts[5] > 0);
    assert_int_equal(counts[2] + counts[5], 64);
    free(v);
}

static void test_simple_still_moves_when_every_reveal_is_a_mine(void **unused)
{
    (void)unused;
    size_t size;
    sapper_mines_view *v = simple_view(3, 3, "???232000", 3, &size);
    int64_t legal[MAX_LEGAL];
    size_t nlegal = classic_legal(v, 0, legal);
    int counts[9] = { 0 };
    simple_choices(v, size, legal, nlegal, 30, NULL, NULL, counts, 9);
    assert_int_equal(counts[0] + counts[1] + counts[2], 30);
    free(v);
}

static void test_simple_guesses_when_the_view_fits_no_layout(void **unused)
{
    (void)unused;
    size_t size;
    /* The mine total says 0, the 1 says otherwise: nothing is deduced,
     * and the bot still plays one of the hidden cells. */
    sapper_mines_view *v = simple_view(3, 1, "?1?", 0, &size);
    int64_t legal[MAX_LEGAL];
    size_t nlegal = classic_legal(v, 0, legal);
    int counts[3] = { 0 };
    simple_choices(v, size, legal, nlegal, 40, NULL, NULL, counts, 3);
    assert_true(counts[0] > 0 && counts[2] > 0);
    free(v);
}

static void test_simple_flags_deduced_mine_when_asked(void **unused)
{
    (void)unused;
    size_t size;
    sapper_mines_view *v = simple_view(4, 2, "??211??1", 2, &size);
    int64_t legal[MAX_LEGAL];
    size_t nlegal = classic_legal(v, 1, legal);
    void *bot = new_bot(&simple_table, 1, "flag_mines", "true");
    int64_t flag6 = sapper_mines_action(SAPPER_MINES_FLAG, 2, 1, 4, 2);
    assert_int_equal(step_ok(&simple_table, bot, v, size, legal, nlegal), flag6);

    v->cells[6] = SAPPER_CELL_FLAGGED;   /* the engine applied the flag */
    nlegal = classic_legal(v, 1, legal);
    int64_t a = step_ok(&simple_table, bot, v, size, legal, nlegal);
    assert_int_equal(a, 0);   /* no second flag click: the safe cell */
    simple_bot_free(bot);
    free(v);
}

/* ------------------------------------------------------------------ */
/* template and all bots: entries and defensive checks                  */
/* ------------------------------------------------------------------ */

static void test_template_reveals_first_legal_hidden_cell(void **unused)
{
    (void)unused;
    size_t size;
    sapper_mines_view *v = make_view(3, 2, "1m??2?", &size);
    int64_t legal[MAX_LEGAL];
    size_t nlegal = classic_legal(v, 1, legal);   /* 1 (marked), 2, 3, 5, flags */
    const sapper_bot_api *api = bot_table(sapper_builtin_template_entry);
    void *first = new_bot(api, 0, "pick", "first");
    void *last = new_bot(api, 0, "pick", "last");
    assert_int_equal(step_ok(api, first, v, size, legal, nlegal), 2);
    assert_int_equal(step_ok(api, last, v, size, legal, nlegal), 5);
    api->bot_free(first);
    api->bot_free(last);
    free(v);
}

static void test_entries_serve_only_abi_major_1(void **unused)
{
    (void)unused;
    static const struct { sapper_entry_fn entry; const char *id; } plugins[] = {
        { sapper_builtin_random_entry, "random" },
        { sapper_builtin_simple_entry, "simple" },
        { sapper_builtin_template_entry, "template" },
        { sapper_builtin_rps_entry, "rps" },
        { sapper_builtin_rps_random_entry, "rps-random" },
    };
    for (size_t i = 0; i < sizeof plugins / sizeof plugins[0]; i++) {
        assert_null(plugins[i].entry(SAPPER_ABI_MAJOR + 1, 0));
        assert_null(plugins[i].entry(0, 0));
        const sapper_manifest *m = plugins[i].entry(SAPPER_ABI_MAJOR, 7);
        assert_non_null(m);
        assert_int_equal(m->abi_major, SAPPER_ABI_MAJOR);
        assert_int_equal(m->count, 1);
        const sapper_descriptor *d = m->descriptors[0];
        assert_int_equal(d->struct_size, sizeof(sapper_descriptor));
        assert_string_equal(d->id, plugins[i].id);
        assert_true((d->kind == SAPPER_KIND_BOT) == (d->bot != NULL));
        assert_true((d->kind == SAPPER_KIND_RULES) == (d->rules != NULL));
    }
}

/* Every way a view can be garbage, to one bot: each must be refused. */
static void refuses_garbage(const sapper_bot_api *api)
{
    size_t size;
    sapper_mines_view *v = make_view(3, 3, "?????????", &size);
    int64_t legal[MAX_LEGAL];
    size_t nlegal = classic_legal(v, 0, legal);
    void *bot = new_bot(api, 5, NULL, NULL);
    int64_t a;
    assert_int_equal(api->step(bot, v, size - 1, legal, nlegal, &a), SAPPER_ERR_STATE);
    assert_int_equal(api->step(bot, v, 8, legal, nlegal, &a), SAPPER_ERR_STATE);
    assert_int_equal(api->step(bot, NULL, size, legal, nlegal, &a), SAPPER_ERR_STATE);
    assert_int_equal(api->step(bot, v, size, legal, 0, &a), SAPPER_ERR_STATE);
    v->struct_size = 8;
    assert_int_equal(api->step(bot, v, size, legal, nlegal, &a), SAPPER_ERR_STATE);
    v->struct_size = sizeof *v;
    v->width = 0;
    assert_int_equal(api->step(bot, v, size, legal, nlegal, &a), SAPPER_ERR_STATE);
    v->width = -3;
    assert_int_equal(api->step(bot, v, size, legal, nlegal, &a), SAPPER_ERR_STATE);
    v->width = 3;
    v->height = INT32_MAX;
    assert_int_equal(api->step(bot, v, size, legal, nlegal, &a), SAPPER_ERR_STATE);
    v->height = 3;
    assert_int_equal(api->step(bot, v, size, legal, nlegal, &a), SAPPER_OK);
    api->bot_free(bot);
    free(v);
}

static void test_bots_refuse_truncated_view(void **unused)
{
    (void)unused;
    refuses_garbage(&random_table);
    refuses_garbage(&simple_table);
    refuses_garbage(bot_table(sapper_builtin_template_entry));
}

static void test_bots_refuse_a_setup_without_its_seed(void **unused)
{
    (void)unused;
    const sapper_bot_api *apis[] = {
        &random_table, &simple_table, bot_table(sapper_builtin_template_entry),
    };
    sapper_bot_setup setup = setup_with_seed(1);
    setup.struct_size = 4;
    for (size_t i = 0; i < 3; i++) {
        void *bot = NULL;
        char err[64] = "";
        assert_int_equal(apis[i]->bot_new(NULL, &setup, &bot, err, sizeof err),
                         SAPPER_ERR_STATE);
        assert_null(bot);
        assert_true(err[0] != '\0');
    }
}

static void test_simple_survives_inconsistent_and_odd_cells(void **unused)
{
    (void)unused;
    size_t size;
    /* 8 beside two cells, a 0 beside a mine, unknown codes 13-15. */
    sapper_mines_view *v = make_view(3, 2, "8?*0??", &size);
    v->cells[5] = 13;
    int64_t legal[MAX_LEGAL];
    size_t nlegal = classic_legal(v, 1, legal);
    void *bot = new_bot(&simple_table, 3, NULL, NULL);
    int64_t a = step_ok(&simple_table, bot, v, size, legal, nlegal);
    assert_true(a == 1 || a == 4);
    simple_bot_free(bot);
    free(v);
}

/* ------------------------------------------------------------------ */
/* rps                                                                  */
/* ------------------------------------------------------------------ */

typedef struct rps_fixture {
    const sapper_rules_api *rules;
    void *game, *state;
} rps_fixture;

static rps_fixture rps_start(const char *rounds)
{
    const sapper_manifest *m = sapper_builtin_rps_entry(SAPPER_ABI_MAJOR, 0);
    rps_fixture f = { .rules = m->descriptors[0]->rules };
    sapper_kv kv = { "rounds", rounds };
    sapper_params params = { &kv, 1 };
    char err[128] = "";
    assert_int_equal(f.rules->game_new(&params, &f.game, err, sizeof err), SAPPER_OK);
    assert_int_equal(f.rules->state_new(f.game, 2, 99, &f.state, err, sizeof err),
                     SAPPER_OK);
    return f;
}

static void rps_end(rps_fixture *f)
{
    f->rules->state_free(f->state);
    f->rules->game_free(f->game);
}

static rps_view rps_look(const rps_fixture *f, int32_t seat)
{
    rps_view v;
    assert_int_equal(f->rules->observe(f->state, seat, &v, sizeof v), sizeof v);
    return v;
}

static sapper_status rps_throw(rps_fixture *f, int64_t a, int64_t b, char *err,
                               size_t errcap)
{
    int64_t both[2] = { a, b };
    return f->rules->apply_joint(f->state, both, 2, err, errcap);
}

static void test_rps_joint_move_scores_both_throws(void **unused)
{
    (void)unused;
    rps_fixture f = rps_start("3");
    char err[128] = "";
    assert_int_equal(f.rules->current_player(f.state), SAPPER_SIMULTANEOUS);
    assert_int_equal(rps_throw(&f, RPS_PAPER, RPS_ROCK, err, sizeof err), SAPPER_OK);
    rps_view v = rps_look(&f, 1);
    assert_int_equal(v.struct_size, sizeof v);
    assert_int_equal(v.seat, 1);
    assert_int_equal(v.round, 1);
    assert_int_equal(v.score[0], 1);
    assert_int_equal(v.score[1], 0);
    assert_int_equal(v.last[0], RPS_PAPER);
    assert_int_equal(v.last[1], RPS_ROCK);
    assert_int_equal(v.done, 0);
    assert_int_equal(rps_throw(&f, RPS_SCISSORS, RPS_ROCK, err, sizeof err), SAPPER_OK);
    assert_int_equal(rps_look(&f, 0).score[1], 1);
    rps_end(&f);
}

static void test_rps_refuses_missing_throw_naming_the_seat(void **unused)
{
    (void)unused;
    rps_fixture f = rps_start("3");
    char err[128] = "";
    assert_int_equal(rps_throw(&f, RPS_ROCK, SAPPER_NO_ACTION, err, sizeof err),
                     SAPPER_ERR_ILLEGAL);
    assert_non_null(strstr(err, "seat 1"));
    assert_non_null(strstr(err, "no throw"));
    assert_int_equal(rps_throw(&f, 3, RPS_ROCK, err, sizeof err), SAPPER_ERR_ILLEGAL);
    assert_non_null(strstr(err, "seat 0"));
    assert_int_equal(f.rules->apply_action(f.state, 0, RPS_ROCK, err, sizeof err),
                     SAPPER_ERR_STATE);
    rps_view v = rps_look(&f, SAPPER_OMNISCIENT);
    assert_int_equal(v.round, 0);   /* refused moves change nothing */
    assert_int_equal(v.last[0], RPS_NONE);
    rps_end(&f);
}

static void test_rps_best_of_three_ends_once_decided(void **unused)
{
    (void)unused;
    rps_fixture f = rps_start("3");
    char err[128] = "";
    int64_t legal[8];
    assert_int_equal(f.rules->legal_actions(f.state, 0, legal, 8), 3);
    assert_int_equal(rps_throw(&f, RPS_ROCK, RPS_PAPER, err, sizeof err), SAPPER_OK);
    assert_int_equal(rps_throw(&f, RPS_PAPER, RPS_SCISSORS, err, sizeof err), SAPPER_OK);
    assert_int_equal(f.rules->current_player(f.state), SAPPER_TERMINAL);
    assert_int_equal(f.rules->legal_actions(f.state, 0, legal, 8), 0);
    assert_int_equal(rps_throw(&f, RPS_ROCK, RPS_ROCK, err, sizeof err), SAPPER_ERR_STATE);
    double r[2];
    f.rules->returns(f.state, r, 2);
    assert_true(r[0] == 0.0 && r[1] == 1.0);
    assert_int_equal(rps_look(&f, 0).done, 1);

    sapper_game_info info = { 0 };
    f.rules->game_info(f.game, 2, &info);
    assert_int_equal(info.turns, SAPPER_TURNS_SIMULTANEOUS);
    assert_true(info.max_moves >= 3 && info.max_actions == 3);
    rps_end(&f);
}

static void test_rps_text_forms_round_trip(void **unused)
{
    (void)unused;
    rps_fixture f = rps_start("1");
    char buf[64], err[128];
    for (int64_t a = 0; a < RPS_THROWS; a++) {
        int64_t back = -1;
        assert_true(f.rules->action_to_text(f.state, a, buf, sizeof buf) < (int64_t)sizeof buf);
        assert_int_equal(f.rules->text_to_action(f.state, buf, &back, err, sizeof err),
                         SAPPER_OK);
        assert_int_equal(back, a);
    }
    int64_t x;
    assert_int_equal(f.rules->text_to_action(f.state, "lizard", &x, err, sizeof err),
                     SAPPER_ERR_PARSE);
    assert_int_equal(rps_throw(&f, RPS_ROCK, RPS_SCISSORS, err, sizeof err), SAPPER_OK);
    int64_t need = f.rules->render_text(f.state, 0, buf, sizeof buf);
    assert_string_equal(buf, "best of 1, round 1: 1-0 (rock vs scissors), over\n");
    assert_int_equal(need, (int64_t)strlen(buf));
    assert_int_equal(f.rules->render_text(f.state, 0, buf, 4), need);   /* too small */
    assert_string_equal(buf, "bes");
    rps_end(&f);
}

static void test_rps_refuses_rounds_out_of_range(void **unused)
{
    (void)unused;
    const sapper_rules_api *rules =
        sapper_builtin_rps_entry(SAPPER_ABI_MAJOR, 0)->descriptors[0]->rules;
    sapper_kv kv = { "rounds", "100" };
    sapper_params params = { &kv, 1 };
    void *game = NULL;
    char err[128] = "";
    assert_int_equal(rules->game_new(&params, &game, err, sizeof err), SAPPER_ERR_PARAM);
    assert_null(game);
    assert_non_null(strstr(err, "rounds"));
}

static void test_rps_random_throws_every_legal_throw(void **unused)
{
    (void)unused;
    const sapper_bot_api *api = bot_table(sapper_builtin_rps_random_entry);
    void *bot = new_bot(api, 9, NULL, NULL);
    rps_fixture f = rps_start("99");
    rps_view v = rps_look(&f, 0);
    int64_t legal[3];
    int64_t n = f.rules->legal_actions(f.state, 0, legal, 3);
    int seen[3] = { 0 };
    for (int i = 0; i < 60; i++) {
        int64_t a = -1;
        assert_int_equal(api->step(bot, &v, sizeof v, legal, (size_t)n, &a), SAPPER_OK);
        assert_in_range(a, 0, 2);
        seen[a] = 1;
    }
    assert_true(seen[0] && seen[1] && seen[2]);
    api->bot_free(bot);
    rps_end(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_only_reveals_hidden_unflagged_cells),
        cmocka_unit_test(test_random_plays_any_legal_action_without_a_hidden_cell),
        cmocka_unit_test(test_random_same_seed_same_choices),
        cmocka_unit_test(test_simple_reveals_cell_freed_by_satisfied_number),
        cmocka_unit_test(test_simple_counts_claimed_cells_as_mines),
        cmocka_unit_test(test_simple_never_reveals_a_certain_mine_when_guessing),
        cmocka_unit_test(test_simple_uses_pairs_of_numbers),
        cmocka_unit_test(test_simple_uses_the_mine_total),
        cmocka_unit_test(test_simple_chains_a_deduced_mine_into_safe_cells),
        cmocka_unit_test(test_simple_does_not_trust_player_flags),
        cmocka_unit_test(test_simple_still_moves_when_every_reveal_is_a_mine),
        cmocka_unit_test(test_simple_guesses_when_the_view_fits_no_layout),
        cmocka_unit_test(test_simple_flags_deduced_mine_when_asked),
        cmocka_unit_test(test_simple_survives_inconsistent_and_odd_cells),
        cmocka_unit_test(test_template_reveals_first_legal_hidden_cell),
        cmocka_unit_test(test_entries_serve_only_abi_major_1),
        cmocka_unit_test(test_bots_refuse_truncated_view),
        cmocka_unit_test(test_bots_refuse_a_setup_without_its_seed),
        cmocka_unit_test(test_rps_joint_move_scores_both_throws),
        cmocka_unit_test(test_rps_refuses_missing_throw_naming_the_seat),
        cmocka_unit_test(test_rps_best_of_three_ends_once_decided),
        cmocka_unit_test(test_rps_text_forms_round_trip),
        cmocka_unit_test(test_rps_refuses_rounds_out_of_range),
        cmocka_unit_test(test_rps_random_throws_every_legal_throw),
    };
    return cmocka_run_group_tests_name("bots", tests, NULL, NULL);
}
