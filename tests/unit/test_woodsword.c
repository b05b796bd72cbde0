/*
 * test_woodsword.c - unit tests of the Wood-Sword rules (one named test per
 * rule of the issue, on positions set up through the test setter), of
 * their action texts, view and rendering, and of the woodsword-bot and
 * arena-random bots over many seeded games. Linked with the plugins'
 * *_builtin objects: the rules through woodsword.h, the bots through their
 * manifests, as the engine calls them. Nothing is loaded with dlopen; the
 * conformance suite does that.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "woodsword.h"
#include "state.h"

const sapper_manifest *sapper_builtin_woodsword_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_woodsword_bot_entry(uint32_t, uint32_t);
const sapper_manifest *sapper_builtin_arena_random_entry(uint32_t, uint32_t);

#define NONE SAPPER_NO_ACTION
#define MAX_LEGAL 4096

/* ------------------------------------------------------------------ */
/* Fixtures: a game, a state, positions, views.                        */
/* ------------------------------------------------------------------ */

typedef struct table {
    void *game;
    void *st;
    int32_t players;
} table;

static void *new_game(const char *lang, const char *max_rounds)
{
    sapper_kv kv[] = { {"lang", lang}, {"max_rounds", max_rounds} };
    sapper_params p = { kv, 2 };
    void *game = NULL;
    char err[256];
    assert_int_equal(woodsword_game_new(&p, &game, err, sizeof err), SAPPER_OK);
    return game;
}

static table open_table_with(const char *lang, const char *max_rounds, int32_t players,
                             uint64_t seed)
{
    char err[256];
    table t = { .game = new_game(lang, max_rounds), .players = players };
    assert_int_equal(woodsword_state_new(t.game, players, seed, &t.st, err, sizeof err),
                     SAPPER_OK);
    return t;
}

static table open_table(int32_t players, uint64_t seed)
{
    return open_table_with("en", "200", players, seed);
}

static void close_table(table *t)
{
    woodsword_state_free(t->st);
    woodsword_game_free(t->game);
}

/* Points are given in half units, as everywhere in the rules. */
static void set_seat(table *t, int32_t seat, int32_t points, int32_t shields, int32_t prep)
{
    assert_int_equal(woodsword_test_set_seat(t->st, seat, 1, points, shields, prep),
                     SAPPER_OK);
}

static int64_t act(int32_t verb, int32_t target, int32_t count)
{
    int64_t id = sapper_arena_action(verb, target, count);
    assert_true(id >= 0);
    return id;
}

static int64_t plain(int32_t verb)
{
    return act(verb, 0, 1);
}

static int64_t hit(int32_t verb, int32_t target)
{
    return act(verb, target, 1);
}

/* Applies one joint turn of t->players actions (the rest NONE). */
static void joint(table *t, const int64_t *actions)
{
    char err[256] = "";
    sapper_status st = woodsword_apply_joint(t->st, actions, t->players, err, sizeof err);
    if (st != SAPPER_OK)
        fail_msg("joint turn refused: %s", err);
}

typedef struct viewbuf {
    unsigned char bytes[sizeof(sapper_arena_view) +
                        SAPPER_ARENA_MAX_SEATS * sizeof(sapper_arena_seat) +
                        SAPPER_ARENA_VERBS * sizeof(sapper_arena_terms)];
    size_t size;
} viewbuf;

static const sapper_arena_view *view_of(const table *t, int32_t seat, viewbuf *vb)
{
    int64_t n = woodsword_observe(t->st, seat, vb->bytes, sizeof vb->bytes);
    assert_true(n > 0 && (size_t)n <= sizeof vb->bytes);
    vb->size = (size_t)n;
    return (const sapper_arena_view *)vb->bytes;
}

static sapper_arena_seat seat_view(const table *t, int32_t seat)
{
    viewbuf vb;
    view_of(t, SAPPER_OMNISCIENT, &vb);
    const sapper_arena_seat *p = sapper_arena_view_seat(vb.bytes, vb.size, seat);
    assert_non_null(p);
    return *p;
}

static char *render(const table *t, int32_t seat)
{
    int64_t n = woodsword_render_text(t->st, seat, NULL, 0);
    char *buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(woodsword_render_text(t->st, seat, buf, (size_t)n + 1), n);
    return buf;
}

static void assert_has(const char *hay, const char *needle)
{
    if (!strstr(hay, needle))
        fail_msg("expected \"%s\" in:\n%s", needle, hay);
}

/* ------------------------------------------------------------------ */
/* Rules: one test per rule of the issue.                               */
/* ------------------------------------------------------------------ */

static void test_woodsword_duel_overflow_goes_to_the_weaker_side_unblocked(void **state)
{
    (void)state;
    table t = open_table(3, 1);
    set_seat(&t, 0, 4, 0, 0);   /* stone sword: 2 */
    set_seat(&t, 1, 2, 1, 0);   /* wood sword: 1, one shield */
    joint(&t, (int64_t[]){ hit(SAPPER_ARENA_STONE_SWORD, 1), hit(SAPPER_ARENA_WOOD_SWORD, 0),
                           plain(SAPPER_ARENA_DEFENSE) });
    sapper_arena_seat a = seat_view(&t, 0), b = seat_view(&t, 1);
    assert_int_equal(a.last_overflow, 0);
    assert_int_equal(a.last_incoming, 0);      /* both attacks removed */
    assert_int_equal(b.last_incoming, 0);
    assert_int_equal(b.last_overflow, 2);      /* the difference, 1 point */
    assert_int_equal(b.last_shields_broken, 1);
    assert_int_equal(b.shields, 0);
    assert_true(b.alive);
    assert_int_equal(a.last_duel, 1);
    assert_int_equal(b.last_duel, 0);
    close_table(&t);
}

static void test_woodsword_duel_overflow_is_not_blocked_by_a_range(void **state)
{
    (void)state;
    /* A duel needs both to attack, and attacks block nothing; the overflow
       is added after the range check, so even the loser's own range would
       not matter. The loser without shields dies. */
    table t = open_table(3, 1);
    set_seat(&t, 0, 12, 0, 0);
    set_seat(&t, 1, 1, 0, 0);
    joint(&t, (int64_t[]){ hit(SAPPER_ARENA_ENCHANTED_SWORD, 1), act(SAPPER_ARENA_FIST, 0, 1),
                           plain(SAPPER_ARENA_DEFENSE) });
    sapper_arena_seat b = seat_view(&t, 1);
    assert_int_equal(b.last_overflow, 11);     /* 6 - 0.5 */
    assert_true(b.last_died);
    assert_false(b.alive);
    assert_true(seat_view(&t, 0).alive);
    close_table(&t);
}

static void test_woodsword_equal_duel_cancels_both_attacks(void **state)
{
    (void)state;
    table t = open_table(3, 1);
    set_seat(&t, 0, 2, 0, 0);
    set_seat(&t, 1, 2, 0, 0);
    joint(&t, (int64_t[]){ hit(SAPPER_ARENA_WOOD_SWORD, 1), act(SAPPER_ARENA_FIST, 0, 2),
                           plain(SAPPER_ARENA_GATHER) });
    for (int32_t i = 0; i < 2; i++) {
        sapper_arena_seat p = seat_view(&t, i);
        assert_int_equal(p.last_incoming, 0);
        assert_int_equal(p.last_overflow, 0);
        assert_true(p.alive);
        assert_int_equal(p.points, 0);           /* both still paid */
    }
    close_table(&t);
}

static void test_woodsword_third_party_hit_on_a_duellist_still_counts(void **state)
{
    (void)state;
    table t = open_table(3, 1);
    set_seat(&t, 0, 2, 0, 0);
    set_seat(&t, 1, 2, 0, 0);
    set_seat(&t, 2, 2, 0, 0);
    joint(&t, (int64_t[]){ hit(SAPPER_ARENA_WOOD_SWORD, 1), hit(SAPPER_ARENA_WOOD_SWORD, 0),
                           hit(SAPPER_ARENA_WOOD_SWORD, 0) });
    sapper_arena_seat a = seat_view(&t, 0), b = seat_view(&t, 1);
    assert_int_equal(a.last_incoming, 2);      /* seat 3's sword only */
    assert_int_equal(a.last_overflow, 2);      /* an attacker blocks 0~0 */
    assert_true(a.last_died);
    assert_true(b.alive);
    assert_int_equal(b.last_overflow, 0);
    close_table(&t);
}

static void test_woodsword_shield_bought_this_round_protects(void **state)
{
    (void)state;
    table t = open_table(3, 1);
    set_seat(&t, 0, 4, 0, 0);
    set_seat(&t, 1, 6, 0, 0);
    joint(&t, (int64_t[]){ plain(SAPPER_ARENA_SHIELD), hit(SAPPER_ARENA_IRON_SWORD, 0),
                           plain(SAPPER_ARENA_DEFENSE) });
    sapper_arena_seat a = seat_view(&t, 0);
    assert_int_equal(a.last_incoming, 6);
    assert_int_equal(a.last_overflow, 2);      /* 3 against shield's 0~2 */
    assert_int_equal(a.last_shields_broken, 1);
    assert_true(a.alive);
    assert_int_equal(a.shields, 0);
    assert_int_equal(a.points, 0);
    close_table(&t);
}

static void test_woodsword_hollow_defense_with_nothing_incoming_overflows_two(void **state)
{
    (void)state;
    table t = open_table(3, 1);
    set_seat(&t, 0, 4, 1, 0);   /* one shield: survives */
    set_seat(&t, 1, 4, 0, 0);   /* none: dies */
    joint(&t, (int64_t[]){ plain(SAPPER_ARENA_HOLLOW_DEFENSE), plain(SAPPER_ARENA_HOLLOW_DEFENSE),
                           plain(SAPPER_ARENA_DEFENSE) });
    sapper_arena_seat a = seat_view(&t, 0), b = seat_view(&t, 1);
    assert_int_equal(a.last_incoming, 0);
    assert_int_equal(a.last_overflow, 4);      /* 2 points below the range */
    assert_int_equal(a.last_shields_broken, 1);
    assert_true(a.alive);
    assert_int_equal(b.last_overflow, 4);
    assert_true(b.last_died);
    close_table(&t);
}

static void test_woodsword_shields_needed_is_ceil_of_half_the_overflow(void **state)
{
    (void)state;
    table t = open_table(3, 1);
    set_seat(&t, 0, 0, 2, 0);   /* 2.5 overflow needs 2 shields */
    set_seat(&t, 1, 12, 0, 0);
    set_seat(&t, 2, 0, 1, 0);
    joint(&t, (int64_t[]){ plain(SAPPER_ARENA_GATHER), act(SAPPER_ARENA_FIST, 0, 5),
                           plain(SAPPER_ARENA_GATHER) });
    sapper_arena_seat a = seat_view(&t, 0);
    assert_int_equal(a.last_overflow, 5);
    assert_int_equal(a.last_shields_broken, 2);
    assert_true(a.alive);
    close_table(&t);
}

static void test_woodsword_dying_player_loses_all_shields(void **state)
{
    (void)state;
    table t = open_table(3, 1);
    set_seat(&t, 0, 0, 1, 0);
    set_seat(&t, 1, 8, 0, 0);
    joint(&t, (int64_t[]){ plain(SAPPER_ARENA_GATHER), hit(SAPPER_ARENA_GOLD_SWORD, 0),
                           plain(SAPPER_ARENA_DEFENSE) });
    sapper_arena_seat a = seat_view(&t, 0);
    assert_true(a.last_died);
    assert_int_equal(a.last_shields, 0);
    assert_int_equal(a.last_shields_broken, 1);
    close_table(&t);
}

static void test_woodsword_prep_consumed_in_a_cancelled_duel(void **state)
{
    (void)state;
    table t = open_table(3, 1);
    set_seat(&t, 0, 2, 0, 1);   /* prep ready: wood sword deals 2 */
    set_seat(&t, 1, 4, 0, 0);   /* stone sword: 2 */
    joint(&t, (int64_t[]){ hit(SAPPER_ARENA_WOOD_SWORD, 1), hit(SAPPER_ARENA_STONE_SWORD, 0),
                           plain(SAPPER_ARENA_DEFENSE) });
    sapper_arena_seat a = seat_view(&t, 0), b = seat_view(&t, 1);
    assert_int_equal(a.last_damage, 4);
    assert_int_equal(a.last_overflow, 0);      /* 2 against 2: cancelled */
    assert_int_equal(b.last_overflow, 0);
    assert_int_equal(a.prep, 0);               /* used up all the same */
    close_table(&t);
}

static void test_woodsword_prep_ready_only_when_nothing_came_in(void **state)
{
    (void)state;
    table t = open_table(3, 1);
    set_seat(&t, 0, 2, 0, 0);
    set_seat(&t, 1, 2, 0, 0);
    set_seat(&t, 2, 1, 0, 0);
    joint(&t, (int64_t[]){ plain(SAPPER_ARENA_PREP), plain(SAPPER_ARENA_PREP),
                           act(SAPPER_ARENA_FIST, 1, 1) });
    assert_int_equal(seat_view(&t, 0).prep, 1);
    assert_int_equal(seat_view(&t, 1).prep, 0);   /* blocked 0.5 still counts */
    assert_true(seat_view(&t, 1).alive);
    /* A ready prep lasts until the player is hit. */
    joint(&t, (int64_t[]){ plain(SAPPER_ARENA_GATHER), plain(SAPPER_ARENA_GATHER),
                           plain(SAPPER_ARENA_GATHER) });
    assert_int_equal(seat_view(&t, 0).prep, 1);
    close_table(&t);
}

static void test_woodsword_prep_adds_one_to_fist_and_sword_only(void **state)
{
    (void)state;
    table t = open_table(3, 1);
    set_seat(&t, 0, 4, 0, 1);
    set_seat(&t, 1, 0, 2, 0);
    set_seat(&t, 2, 0, 2, 0);
    joint(&t, (int64_t[]){ plain(SAPPER_ARENA_LLAMA), plain(SAPPER_ARENA_DEFENSE),
                           plain(SAPPER_ARENA_DEFENSE) });
    assert_int_equal(seat_view(&t, 1).last_incoming, 1);   /* llama: no bonus */
    assert_int_equal(seat_view(&t, 0).prep, 1);            /* not used up */
    close_table(&t);
}

static void test_woodsword_llama_caster_death_recomputes_the_round(void **state)
{
    (void)state;
    table t = open_table(3, 1);
    set_seat(&t, 0, 4, 0, 0);   /* llama */
    set_seat(&t, 1, 2, 0, 0);   /* kills the caster */
    set_seat(&t, 2, 0, 0, 0);   /* gathers: would die of the llama */
    joint(&t, (int64_t[]){ plain(SAPPER_ARENA_LLAMA), hit(SAPPER_ARENA_WOOD_SWORD, 0),
                           plain(SAPPER_ARENA_GATHER) });
    sapper_arena_seat caster = seat_view(&t, 0);
    assert_true(caster.last_died);
    assert_int_equal(seat_view(&t, 1).last_incoming, 0);
    assert_true(seat_view(&t, 1).alive);
    assert_int_equal(seat_view(&t, 2).last_incoming, 0);
    assert_true(seat_view(&t, 2).alive);
    char *text = render(&t, SAPPER_OMNISCIENT);
    assert_has(text, "fizzled");
    free(text);
    close_table(&t);
}

/* Three casters whose llamas would kill each other: none counts, nobody
   dies, and the report says so instead of "the caster died". */
static void test_woodsword_llamas_cancelled_say_why(void **state)
{
    (void)state;
    table t = open_table(4, 1);
    for (int32_t i = 0; i < 3; i++)
        set_seat(&t, i, 4, 0, 0);
    set_seat(&t, 3, 4, 2, 0);
    joint(&t, (int64_t[]){ plain(SAPPER_ARENA_LLAMA), plain(SAPPER_ARENA_LLAMA),
                           plain(SAPPER_ARENA_LLAMA), plain(SAPPER_ARENA_DEFENSE) });
    for (int32_t i = 0; i < 4; i++)
        assert_true(seat_view(&t, i).alive);
    char *text = render(&t, SAPPER_OMNISCIENT);
    assert_has(text, "would have killed each other");
    if (strstr(text, "the caster died"))
        fail_msg("nobody died, yet the report says a caster did:\n%s", text);
    free(text);
    close_table(&t);
}

static void test_woodsword_llama_of_a_surviving_caster_hits_every_other_seat(void **state)
{
    (void)state;
    table t = open_table(4, 1);
    set_seat(&t, 0, 4, 0, 0);
    set_seat(&t, 1, 4, 0, 0);
    joint(&t, (int64_t[]){ plain(SAPPER_ARENA_LLAMA), plain(SAPPER_ARENA_DEFENSE),
                           plain(SAPPER_ARENA_DEFENSE), plain(SAPPER_ARENA_GATHER) });
    assert_int_equal(seat_view(&t, 0).last_incoming, 0);
    for (int32_t i = 1; i < 4; i++)
        assert_int_equal(seat_view(&t, i).last_incoming, 1);
    assert_true(seat_view(&t, 3).last_died);   /* a gatherer blocks nothing */
    close_table(&t);
}

static void place(table *t, int32_t seat, int32_t target)
{
    char err[256] = "";
    assert_int_equal(woodsword_current_player(t->st), seat);
    if (woodsword_apply_action(t->st, seat, hit(SAPPER_ARENA_ALLOCATE, target), err,
                               sizeof err) != SAPPER_OK)
        fail_msg("allocation refused: %s", err);
}

static void test_woodsword_missiles_cost_x_plus_one_and_deal_one_each(void **state)
{
    (void)state;
    table t = open_table(3, 1);
    char err[256];
    set_seat(&t, 0, 8, 0, 0);   /* 4 points: 3 missiles, not 4 */
    int64_t legal[MAX_LEGAL];
    int64_t n = woodsword_legal_actions(t.st, 0, legal, MAX_LEGAL);
    int found3 = 0, found4 = 0;
    for (int64_t i = 0; i < n; i++) {
        found3 |= legal[i] == act(SAPPER_ARENA_MISSILE, 0, 3);
        found4 |= legal[i] == act(SAPPER_ARENA_MISSILE, 0, 4);
    }
    assert_true(found3);
    assert_false(found4);
    void *copy;
    assert_int_equal(woodsword_state_clone(t.st, &copy), SAPPER_OK);
    assert_int_equal(woodsword_apply_action(copy, 0, act(SAPPER_ARENA_MISSILE, 0, 4), err,
                                            sizeof err), SAPPER_ERR_ILLEGAL);
    assert_has(err, "not enough points");
    woodsword_state_free(copy);

    joint(&t, (int64_t[]){ act(SAPPER_ARENA_MISSILE, 0, 3), plain(SAPPER_ARENA_DEFENSE),
                           plain(SAPPER_ARENA_GATHER) });
    place(&t, 0, 1);
    place(&t, 0, 1);
    place(&t, 0, 2);
    assert_int_equal(woodsword_current_player(t.st), SAPPER_SIMULTANEOUS);
    assert_int_equal(seat_view(&t, 0).points, 0);
    assert_int_equal(seat_view(&t, 0).last_damage, 6);
    assert_int_equal(seat_view(&t, 1).last_incoming, 4);   /* 2 blocked by 0~3 */
    assert_true(seat_view(&t, 1).alive);
    assert_int_equal(seat_view(&t, 2).last_incoming, 2);
    assert_true(seat_view(&t, 2).last_died);
    close_table(&t);
}

static void test_woodsword_missiles_never_duel(void **state)
{
    (void)state;
    table t = open_table(3, 1);
    set_seat(&t, 0, 4, 0, 0);
    set_seat(&t, 1, 2, 0, 0);
    joint(&t, (int64_t[]){ act(SAPPER_ARENA_MISSILE, 0, 1), hit(SAPPER_ARENA_WOOD_SWORD, 0),
                           plain(SAPPER_ARENA_DEFENSE) });
    place(&t, 0, 1);
    assert_int_equal(seat_view(&t, 0).last_incoming, 2);
    assert_int_equal(seat_view(&t, 1).last_incoming, 2);
    assert_int_equal(seat_view(&t, 0).last_duel, -1);
    close_table(&t);
}

static void test_woodsword_missile_order_is_drawn_from_the_seed(void **state)
{
    (void)state;
    int seen[2] = {0, 0};
    for (uint64_t seed = 1; seed <= 40; seed++) {
        int32_t first[2];
        for (int rep = 0; rep < 2; rep++) {
            table t = open_table(3, seed);
            set_seat(&t, 0, 4, 0, 0);
            set_seat(&t, 1, 4, 0, 0);
            joint(&t, (int64_t[]){ act(SAPPER_ARENA_MISSILE, 0, 1),
                                   act(SAPPER_ARENA_MISSILE, 0, 1), NONE });
            first[rep] = woodsword_current_player(t.st);
            close_table(&t);
        }
        assert_int_equal(first[0], first[1]);   /* same seed, same order */
        assert_true(first[0] == 0 || first[0] == 1);
        seen[first[0]]++;
    }
    assert_true(seen[0] > 0 && seen[1] > 0);
}

static void test_woodsword_simultaneous_elimination_ends_the_match(void **state)
{
    (void)state;
    table t = open_table(4, 1);
    set_seat(&t, 0, 2, 0, 0);
    set_seat(&t, 1, 2, 0, 0);
    joint(&t, (int64_t[]){ hit(SAPPER_ARENA_WOOD_SWORD, 2), hit(SAPPER_ARENA_WOOD_SWORD, 3),
                           plain(SAPPER_ARENA_GATHER), plain(SAPPER_ARENA_GATHER) });
    viewbuf vb;
    const sapper_arena_view *v = view_of(&t, SAPPER_OMNISCIENT, &vb);
    assert_int_equal(v->alive, 2);
    assert_int_equal(v->match, 2);
    assert_int_equal(v->round, 1);
    assert_int_equal(v->last_match, 1);
    assert_int_equal(v->phase, SAPPER_ARENA_PHASE_CHOOSE);
    assert_int_equal(seat_view(&t, 2).out_match, 1);
    assert_int_equal(seat_view(&t, 3).out_match, 1);
    assert_int_equal(woodsword_legal_actions(t.st, 2, NULL, 0), 0);   /* out */
    char *text = render(&t, SAPPER_OMNISCIENT);
    assert_has(text, "Eliminated: seat 3, seat 4");
    assert_has(text, "Match 1 is over. Match 2 begins");
    free(text);
    close_table(&t);
}

static char *result_json(const table *t)
{
    int64_t n = woodsword_result_json(t->st, NULL, 0);
    char *buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(woodsword_result_json(t->st, buf, (size_t)n + 1), n);
    return buf;
}

/* Losers are not all second: the result ranks them by the match they went
   out in, those who went out together sharing a place (tournament tables
   read "places" for mean placement and ratings). */
static void test_woodsword_places_rank_losers_by_when_they_went_out(void **state)
{
    (void)state;
    table t = open_table(4, 1);
    set_seat(&t, 0, 2, 0, 0);
    set_seat(&t, 1, 2, 0, 0);
    joint(&t, (int64_t[]){ hit(SAPPER_ARENA_WOOD_SWORD, 2), hit(SAPPER_ARENA_WOOD_SWORD, 3),
                           plain(SAPPER_ARENA_GATHER), plain(SAPPER_ARENA_GATHER) });
    set_seat(&t, 0, 2, 0, 0);   /* match 2: seat 1 goes out */
    joint(&t, (int64_t[]){ hit(SAPPER_ARENA_WOOD_SWORD, 1), plain(SAPPER_ARENA_GATHER),
                           NONE, NONE });
    assert_int_equal(woodsword_current_player(t.st), SAPPER_TERMINAL);
    char *json = result_json(&t);
    assert_has(json, "\"out_match\":[0,2,1,1]");
    assert_has(json, "\"places\":[1,2,3,3]");
    free(json);
    close_table(&t);
}

/* At the round limit nobody wins: the seats still in share first place. */
static void test_woodsword_places_at_the_round_limit_share_first(void **state)
{
    (void)state;
    table t = open_table_with("en", "2", 3, 1);
    set_seat(&t, 0, 2, 0, 0);
    joint(&t, (int64_t[]){ hit(SAPPER_ARENA_WOOD_SWORD, 2), plain(SAPPER_ARENA_GATHER),
                           plain(SAPPER_ARENA_GATHER) });
    joint(&t, (int64_t[]){ plain(SAPPER_ARENA_GATHER), plain(SAPPER_ARENA_GATHER), NONE });
    assert_int_equal(woodsword_current_player(t.st), SAPPER_TERMINAL);
    char *json = result_json(&t);
    assert_has(json, "\"round_limit\":true");
    assert_has(json, "\"places\":[1,1,3]");
    free(json);
    close_table(&t);
}

static void test_woodsword_all_dead_in_one_round_means_no_winner(void **state)
{
    (void)state;
    table t = open_table(2, 1);
    set_seat(&t, 0, 4, 0, 0);
    set_seat(&t, 1, 4, 0, 0);
    joint(&t, (int64_t[]){ plain(SAPPER_ARENA_HOLLOW_DEFENSE), plain(SAPPER_ARENA_HOLLOW_DEFENSE) });
    assert_int_equal(woodsword_current_player(t.st), SAPPER_TERMINAL);
    double r[2] = {-1, -1};
    woodsword_returns(t.st, r, 2);
    assert_true(r[0] == 0.0 && r[1] == 0.0);
    viewbuf vb;
    assert_int_equal(view_of(&t, 0, &vb)->winner, -1);
    char *text = render(&t, 0);
    assert_has(text, "no winner");
    free(text);
    close_table(&t);
}

static void test_woodsword_sole_survivor_wins(void **state)
{
    (void)state;
    table t = open_table(2, 1);
    set_seat(&t, 0, 2, 0, 0);
    joint(&t, (int64_t[]){ hit(SAPPER_ARENA_WOOD_SWORD, 1), plain(SAPPER_ARENA_GATHER) });
    assert_int_equal(woodsword_current_player(t.st), SAPPER_TERMINAL);
    double r[2];
    woodsword_returns(t.st, r, 2);
    assert_true(r[0] == 1.0 && r[1] == 0.0);
    char *text = render(&t, SAPPER_OMNISCIENT);
    assert_has(text, "Game over: seat 1 wins.");
    free(text);
    close_table(&t);
}

static void test_woodsword_match_reset_clears_points_shields_prep_and_aggro(void **state)
{
    (void)state;
    table t = open_table(3, 1);
    set_seat(&t, 0, 10, 2, 1);
    set_seat(&t, 1, 2, 0, 0);
    joint(&t, (int64_t[]){ plain(SAPPER_ARENA_DEFENSE), hit(SAPPER_ARENA_WOOD_SWORD, 2),
                           plain(SAPPER_ARENA_GATHER) });
    /* seat 3 gathered and took 1: it died, so the match ends */
    sapper_arena_seat a = seat_view(&t, 0);
    assert_int_equal(a.points, 0);
    assert_int_equal(a.shields, 0);
    assert_int_equal(a.prep, 0);
    assert_int_equal(a.last_points, 10);   /* the reveal shows the end of it */
    assert_int_equal(a.last_shields, 2);
    viewbuf vb;
    const sapper_arena_view *v = view_of(&t, 0, &vb);
    assert_int_equal(v->match, 2);
    for (int32_t i = 0; i < 3; i++)
        assert_int_equal(sapper_arena_view_seat(vb.bytes, vb.size, i)->dealt_to_viewer, 0);
    close_table(&t);
}

static void test_woodsword_aggro_counts_damage_aimed_at_the_viewer_this_match(void **state)
{
    (void)state;
    table t = open_table(3, 1);
    set_seat(&t, 0, 0, 0, 0);
    set_seat(&t, 1, 2, 0, 0);
    joint(&t, (int64_t[]){ plain(SAPPER_ARENA_DEFENSE), hit(SAPPER_ARENA_WOOD_SWORD, 0),
                           plain(SAPPER_ARENA_DEFENSE) });
    viewbuf vb;
    view_of(&t, 0, &vb);
    assert_int_equal(sapper_arena_view_seat(vb.bytes, vb.size, 1)->dealt_to_viewer, 2);
    assert_int_equal(sapper_arena_view_seat(vb.bytes, vb.size, 2)->dealt_to_viewer, 0);
    close_table(&t);
}

static void test_woodsword_missing_action_counts_as_defense(void **state)
{
    (void)state;
    table t = open_table(3, 1);
    set_seat(&t, 1, 2, 0, 0);
    joint(&t, (int64_t[]){ NONE, hit(SAPPER_ARENA_WOOD_SWORD, 0), NONE });
    sapper_arena_seat a = seat_view(&t, 0);
    assert_int_equal(a.last_action, plain(SAPPER_ARENA_DEFENSE));
    assert_true(a.alive);   /* 1 is inside defense's 0~3 */
    close_table(&t);
}

static void expect_refusal(table *t, int32_t seat, int64_t action, const char *why)
{
    char err[256] = "";
    void *copy;
    assert_int_equal(woodsword_state_clone(t->st, &copy), SAPPER_OK);
    assert_int_not_equal(woodsword_apply_action(copy, seat, action, err, sizeof err),
                         SAPPER_OK);
    assert_has(err, why);
    woodsword_state_free(copy);
    int64_t legal[MAX_LEGAL];
    int64_t n = woodsword_legal_actions(t->st, seat, legal, MAX_LEGAL);
    for (int64_t i = 0; i < n; i++)
        assert_true(legal[i] != action);
}

static void test_woodsword_illegal_actions_are_refused_with_reasons(void **state)
{
    (void)state;
    table t = open_table(4, 1);
    char err[256] = "";
    set_seat(&t, 0, 4, 2, 0);
    assert_int_equal(woodsword_test_set_seat(t.st, 3, 0, 0, 0, 0), SAPPER_OK);
    expect_refusal(&t, 0, hit(SAPPER_ARENA_IRON_SWORD, 1), "not enough points");
    expect_refusal(&t, 0, act(SAPPER_ARENA_FIST, 1, 5), "not enough points");
    expect_refusal(&t, 0, plain(SAPPER_ARENA_SHIELD), "shield is at its cap of 2");
    expect_refusal(&t, 0, hit(SAPPER_ARENA_WOOD_SWORD, 0), "bad target");
    expect_refusal(&t, 0, hit(SAPPER_ARENA_WOOD_SWORD, 3), "bad target: seat 4 is eliminated");
    expect_refusal(&t, 0, hit(SAPPER_ARENA_WOOD_SWORD, 9), "bad target: there is no seat 10");
    expect_refusal(&t, 0, hit(SAPPER_ARENA_ALLOCATE, 1), "no missiles to place");
    expect_refusal(&t, 3, plain(SAPPER_ARENA_DEFENSE), "eliminated");
    expect_refusal(&t, 0, 12345678, "not an arena action");
    /* apply_joint names the seat and leaves the state as it was */
    int64_t bad[4] = { hit(SAPPER_ARENA_GOLD_SWORD, 1), NONE, NONE, NONE };
    assert_int_equal(woodsword_apply_joint(t.st, bad, 4, err, sizeof err), SAPPER_ERR_ILLEGAL);
    assert_has(err, "seat 1: not enough points: gold_sword 2 costs 4, you have 2");
    assert_int_equal(seat_view(&t, 0).points, 4);
    /* missiles not all placed */
    set_seat(&t, 0, 6, 2, 0);
    joint(&t, (int64_t[]){ act(SAPPER_ARENA_MISSILE, 0, 2), NONE, NONE, NONE });
    expect_refusal(&t, 0, plain(SAPPER_ARENA_GATHER), "missiles not all placed");
    expect_refusal(&t, 0, hit(SAPPER_ARENA_ALLOCATE, 3), "bad target");
    expect_refusal(&t, 1, hit(SAPPER_ARENA_ALLOCATE, 2), "seat 1's turn to place missiles");
    int64_t none[4] = { NONE, NONE, NONE, NONE };
    assert_int_equal(woodsword_apply_joint(t.st, none, 4, err, sizeof err), SAPPER_ERR_STATE);
    assert_has(err, "missiles not all placed: seat 1 still has 2");
    close_table(&t);
}

static void test_woodsword_lock_by_apply_action_shows_only_to_its_seat(void **state)
{
    (void)state;
    table t = open_table(3, 1);
    char err[256];
    int64_t gather = plain(SAPPER_ARENA_GATHER);
    assert_int_equal(woodsword_apply_action(t.st, 1, gather, err, sizeof err), SAPPER_OK);
    assert_int_equal(woodsword_legal_actions(t.st, 1, NULL, 0), 0);
    viewbuf own, other;
    view_of(&t, 1, &own);
    view_of(&t, 0, &other);
    assert_int_equal(sapper_arena_view_seat(own.bytes, own.size, 1)->choice, gather);
    assert_int_equal(sapper_arena_view_seat(other.bytes, other.size, 1)->choice, NONE);
    assert_int_equal(woodsword_apply_action(t.st, 1, gather, err, sizeof err),
                     SAPPER_ERR_ILLEGAL);
    assert_has(err, "already locked");
    joint(&t, (int64_t[]){ gather, NONE, gather });   /* the lock stands */
    assert_int_equal(seat_view(&t, 1).last_action, gather);
    assert_int_equal(seat_view(&t, 1).points, 2);
    close_table(&t);
}

static void test_woodsword_max_rounds_ends_the_game_with_no_winner(void **state)
{
    (void)state;
    table t = open_table_with("en", "3", 2, 1);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(woodsword_current_player(t.st), SAPPER_SIMULTANEOUS);
        joint(&t, (int64_t[]){ NONE, NONE });
    }
    assert_int_equal(woodsword_current_player(t.st), SAPPER_TERMINAL);
    double r[2] = {-1, -1};
    woodsword_returns(t.st, r, 2);
    assert_true(r[0] == 0.0 && r[1] == 0.0);
    viewbuf vb;   /* the game stays at the round it ended in, not a 4th */
    const sapper_arena_view *v = view_of(&t, SAPPER_OMNISCIENT, &vb);
    assert_int_equal(v->round, 3);
    assert_int_equal(v->last_round, 3);
    char *text = render(&t, SAPPER_OMNISCIENT);
    assert_has(text, "the 3-round limit");
    assert_has(text, "round 3 - 2 of 2 seats alive");
    free(text);
    sapper_game_info info = { .struct_size = sizeof info };
    woodsword_game_info(t.game, 2, &info);
    assert_int_equal(info.max_moves, 13);
    close_table(&t);
}

/* ------------------------------------------------------------------ */
/* Texts, view, rendering.                                              */
/* ------------------------------------------------------------------ */

static void expect_text(table *t, const char *text, int64_t id)
{
    int64_t got = -1;
    char err[256] = "", back[64];
    if (woodsword_text_to_action(t->st, text, &got, err, sizeof err) != SAPPER_OK)
        fail_msg("\"%s\" does not parse: %s", text, err);
    assert_int_equal(got, id);
    woodsword_action_to_text(t->st, id, back, sizeof back);
    int64_t again = -1;
    assert_int_equal(woodsword_text_to_action(t->st, back, &again, err, sizeof err), SAPPER_OK);
    assert_int_equal(again, id);
}

static void expect_parse_error(table *t, const char *text, const char *why)
{
    int64_t got;
    char err[512] = "";
    assert_int_equal(woodsword_text_to_action(t->st, text, &got, err, sizeof err),
                     SAPPER_ERR_PARSE);
    assert_has(err, why);
}

static void test_woodsword_action_texts_parse_and_print(void **state)
{
    (void)state;
    table t = open_table(8, 1);
    char buf[64];
    expect_text(&t, "gather", plain(SAPPER_ARENA_GATHER));
    expect_text(&t, "  Defense ", plain(SAPPER_ARENA_DEFENSE));
    expect_text(&t, "fist 2", act(SAPPER_ARENA_FIST, 1, 1));
    expect_text(&t, "fist 2 x4", act(SAPPER_ARENA_FIST, 1, 4));
    expect_text(&t, "wood_sword 3", hit(SAPPER_ARENA_WOOD_SWORD, 2));
    expect_text(&t, "enchanted_diamond_sword 64", hit(SAPPER_ARENA_ENCHANTED_SWORD, 63));
    expect_text(&t, "missile 3", act(SAPPER_ARENA_MISSILE, 0, 3));
    expect_text(&t, "allocate 5", hit(SAPPER_ARENA_ALLOCATE, 4));
    expect_text(&t, "superior_defense", plain(SAPPER_ARENA_SUPERIOR_DEFENSE));
    woodsword_action_to_text(t.st, act(SAPPER_ARENA_FIST, 1, 4), buf, sizeof buf);
    assert_string_equal(buf, "fist 2 x4");
    woodsword_action_to_text(t.st, act(SAPPER_ARENA_FIST, 6, 1), buf, sizeof buf);
    assert_string_equal(buf, "fist 7");
    expect_parse_error(&t, "", "no action given");
    expect_parse_error(&t, "sword 3", "unknown action \"sword\"");
    expect_parse_error(&t, "fist", "needs a target seat");
    expect_parse_error(&t, "wood_sword 0", "needs a target seat");
    expect_parse_error(&t, "missile 0", "takes a count from 1 to 64");
    expect_parse_error(&t, "fist 2 x0", "takes a count");
    expect_parse_error(&t, "gather 2", "unexpected \"2\"");
    expect_text(&t, "allocate 5 2", act(SAPPER_ARENA_ALLOCATE, 4, 2));
    woodsword_action_to_text(t.st, act(SAPPER_ARENA_ALLOCATE, 4, 2), buf, sizeof buf);
    assert_string_equal(buf, "allocate 5 2");
    expect_parse_error(&t, "allocate 5 0", "takes a count");
    expect_parse_error(&t, "allocate 5 2 1", "unexpected \"1\"");
    /* every legal action of a rich seat round-trips */
    set_seat(&t, 0, 200, 0, 0);
    int64_t legal[MAX_LEGAL];
    int64_t n = woodsword_legal_actions(t.st, 0, legal, MAX_LEGAL);
    assert_true(n > 0 && n <= MAX_LEGAL);
    for (int64_t i = 0; i < n; i++) {
        woodsword_action_to_text(t.st, legal[i], buf, sizeof buf);
        expect_text(&t, buf, legal[i]);
    }
    close_table(&t);
}

static void test_woodsword_legal_lists_are_ascending_and_within_max_actions(void **state)
{
    (void)state;
    for (int32_t players = 2; players <= 64; players += 31) {
        table t = open_table(players, 1);
        sapper_game_info info = { .struct_size = sizeof info };
        woodsword_game_info(t.game, players, &info);
        set_seat(&t, 0, 1000, 0, 0);
        int64_t legal[MAX_LEGAL];
        int64_t n = woodsword_legal_actions(t.st, 0, legal, MAX_LEGAL);
        assert_true(n > 0 && n <= info.max_actions);
        for (int64_t i = 1; i < n; i++)
            assert_true(legal[i - 1] < legal[i]);
        close_table(&t);
    }
}

static void test_woodsword_render_speaks_chinese_with_lang_zh(void **state)
{
    (void)state;
    table t = open_table_with("zh", "200", 3, 1);
    set_seat(&t, 0, 2, 0, 0);
    joint(&t, (int64_t[]){ hit(SAPPER_ARENA_WOOD_SWORD, 2), NONE, plain(SAPPER_ARENA_GATHER) });
    char *text = render(&t, 0);
    assert_has(text, "木剑");
    assert_has(text, "座位 1 -> 座位 3 木剑（1）");
    assert_has(text, "淘汰");
    assert_has(text, "轮到你了");
    assert_true(strstr(text, "points") == NULL);
    assert_true(strstr(text, "seat") == NULL);
    free(text);
    int64_t id;
    char err[256];
    assert_int_equal(woodsword_text_to_action(t.st, "wood_sword 9", &id, err, sizeof err),
                     SAPPER_OK);   /* typed actions stay English */
    assert_int_not_equal(woodsword_apply_action(t.st, 0, id, err, sizeof err), SAPPER_OK);
    assert_has(err, "目标无效");
    close_table(&t);
}

static void test_woodsword_render_shows_the_reveal_and_the_menu(void **state)
{
    (void)state;
    table t = open_table(3, 1);
    set_seat(&t, 1, 6, 0, 0);
    joint(&t, (int64_t[]){ plain(SAPPER_ARENA_DEFENSE), hit(SAPPER_ARENA_IRON_SWORD, 0),
                           plain(SAPPER_ARENA_GATHER) });
    char *text = render(&t, 0);
    assert_has(text, "seat 2 -> seat 1 iron_sword (3)");
    assert_has(text, "seat 1 took 3, overflow 0");
    assert_has(text, "Your move, seat 1");
    assert_has(text, "gather");
    free(text);
    char *other = render(&t, SAPPER_OMNISCIENT);
    assert_has(other, "Every alive seat picks an action in secret.");
    free(other);
    close_table(&t);
}

/* ------------------------------------------------------------------ */
/* Bots over seeded games.                                              */
/* ------------------------------------------------------------------ */

static const sapper_bot_api *bot_api(const sapper_manifest *m, const char *id)
{
    assert_non_null(m);
    assert_int_equal(m->count, 1);
    assert_string_equal(m->descriptors[0]->id, id);
    assert_string_equal(m->descriptors[0]->family, SAPPER_ARENA_FAMILY);
    return m->descriptors[0]->bot;
}

static const sapper_bot_api *ws_bot(void)
{
    return bot_api(sapper_builtin_woodsword_bot_entry(1, 0), "woodsword");
}

static const sapper_bot_api *random_bot(void)
{
    return bot_api(sapper_builtin_arena_random_entry(1, 0), "arena-random");
}

typedef struct game_log {
    int64_t actions[20000];
    size_t n;
    long decisions, allocations, violations;
    char first_violation[256];
} game_log;

static void violation(game_log *log, const char *what, int64_t a)
{
    if (log->violations++ == 0)
        snprintf(log->first_violation, sizeof log->first_violation, "%s (action %lld)",
                 what, (long long)a);
}

/* The baseline's hard rules, checked on every woodsword-bot decision. */
static void check_baseline(game_log *log, const void *view, size_t size, int64_t a)
{
    const sapper_arena_view *v = view;
    int32_t verb = -1;
    int32_t dt_ok = 0, high_ok = 0;
    assert_true(sapper_arena_decode(a, &verb, NULL, NULL));
    for (int32_t i = 0; i < v->players; i++) {
        const sapper_arena_seat *p = sapper_arena_view_seat(view, size, i);
        if (i == v->seat || !p->alive)
            continue;
        dt_ok |= p->points > 6;
        high_ok |= p->points >= 10;
    }
    if (v->phase == SAPPER_ARENA_PHASE_CHOOSE && v->round == 1 && verb != SAPPER_ARENA_GATHER)
        violation(log, "no gather in the first round of a match", a);
    if (verb == SAPPER_ARENA_MISSILE)
        violation(log, "missile", a);
    if (verb == SAPPER_ARENA_DT_DEFENSE && !dt_ok)
        violation(log, "dt_defense with no opponent above 3 points", a);
    if ((verb == SAPPER_ARENA_HOLLOW_DEFENSE || verb == SAPPER_ARENA_SUPERIOR_DEFENSE) && !high_ok)
        violation(log, "hollow/superior with no opponent at 5 points", a);
}

static int is_in(const int64_t *legal, int64_t n, int64_t a)
{
    for (int64_t i = 0; i < n; i++)
        if (legal[i] == a)
            return 1;
    return 0;
}

/* One decision of seat: view, legal list, step, checks. */
static int64_t decide(void *st, const sapper_bot_api *api, void *bot, int32_t seat,
                      int is_ws, game_log *log, int64_t *legal)
{
    viewbuf vb;
    int64_t n = woodsword_legal_actions(st, seat, legal, MAX_LEGAL);
    if (n == 0)
        return NONE;
    int64_t size = woodsword_observe(st, seat, vb.bytes, sizeof vb.bytes);
    int64_t a = NONE;
    assert_int_equal(api->step(bot, vb.bytes, (size_t)size, legal, (size_t)n, &a), SAPPER_OK);
    assert_true(is_in(legal, n, a));
    if (is_ws)
        check_baseline(log, vb.bytes, (size_t)size, a);
    log->decisions++;
    if (log->n < sizeof log->actions / sizeof log->actions[0])
        log->actions[log->n++] = a;
    return a;
}

/* The seat records the state keeps for its views (view.c) are those a
   rebuild from the state gives, missiles on each seat included. */
static void assert_views_current(const void *state)
{
    static woodsword_state fresh;   /* too large for the stack */
    const woodsword_state *s = state;
    memcpy(&fresh, s, sizeof fresh);
    for (int32_t t = 0; t < s->players; t++) {
        fresh.missiles_on[t] = 0;
        for (int32_t i = 0; i < s->players; i++)
            fresh.missiles_on[t] += s->missiles[i][t];
    }
    woodsword_show_all(&fresh);
    assert_memory_equal(fresh.missiles_on, s->missiles_on, sizeof s->missiles_on);
    assert_memory_equal(fresh.shown, s->shown, (size_t)s->players * sizeof s->shown[0]);
}

/* Plays one game; kinds[i] 1 for woodsword-bot, 0 for arena-random. */
static void play(uint64_t seed, int32_t players, const int *kinds, game_log *log)
{
    char err[256];
    void *game = new_game("en", "200"), *st = NULL, *bots[SAPPER_ARENA_MAX_SEATS];
    const sapper_bot_api *apis[SAPPER_ARENA_MAX_SEATS];
    static int64_t legal[MAX_LEGAL];
    sapper_game_info info = { .struct_size = sizeof info };
    woodsword_game_info(game, players, &info);
    assert_int_equal(woodsword_state_new(game, players, seed, &st, err, sizeof err), SAPPER_OK);
    for (int32_t i = 0; i < players; i++) {
        sapper_bot_setup setup = { .struct_size = sizeof setup, .seat = i, .players = players,
                                   .seed = sapper_seed_derive(seed, (uint64_t)i + 1),
                                   .rules_id = "woodsword", .info = &info };
        apis[i] = kinds[i] ? ws_bot() : random_bot();
        assert_int_equal(apis[i]->bot_new(NULL, &setup, &bots[i], err, sizeof err), SAPPER_OK);
    }
    for (int64_t moves = 0;; moves++) {
        int32_t who = woodsword_current_player(st);
        assert_true(moves <= info.max_moves);
        if (who == SAPPER_TERMINAL)
            break;
        if (who >= 0) {
            int64_t a = decide(st, apis[who], bots[who], who, kinds[who], log, legal);
            log->allocations++;
            assert_int_equal(woodsword_apply_action(st, who, a, err, sizeof err), SAPPER_OK);
            assert_views_current(st);
            continue;
        }
        int64_t joint_actions[SAPPER_ARENA_MAX_SEATS];
        for (int32_t i = 0; i < players; i++)
            joint_actions[i] = decide(st, apis[i], bots[i], i, kinds[i], log, legal);
        if (woodsword_apply_joint(st, joint_actions, players, err, sizeof err) != SAPPER_OK)
            fail_msg("joint refused: %s", err);
        assert_views_current(st);
    }
    for (int32_t i = 0; i < players; i++)
        apis[i]->bot_free(bots[i]);
    woodsword_state_free(st);
    woodsword_game_free(game);
}

static void test_woodsword_bot_keeps_the_baseline_rules_over_many_games(void **state)
{
    (void)state;
    static game_log log;
    int kinds[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    int mixed[8] = {1, 0, 1, 0, 1, 0, 1, 0};
    memset(&log, 0, sizeof log);
    for (uint64_t seed = 1; seed <= 150; seed++) {
        log.n = 0;
        play(seed, 8, seed % 3 ? kinds : mixed, &log);
    }
    if (log.violations)
        fail_msg("%ld violations, first: %s", log.violations, log.first_violation);
    assert_true(log.decisions > 10000);
}

/* Counts the verbs the woodsword bot at seat 0 picks in `steps` draws
   when seat 1 has `rival` half points (round 2, the bot rich). */
static void sample_verbs(int32_t rival, int steps, int *seen)
{
    table t = open_table(3, 3);
    char err[128];
    joint(&t, (int64_t[]){ NONE, NONE, NONE });   /* past round 1 */
    set_seat(&t, 0, 12, 0, 0);
    set_seat(&t, 1, rival, 0, 0);
    set_seat(&t, 2, 0, 0, 0);
    viewbuf vb;
    int64_t legal[MAX_LEGAL];
    view_of(&t, 0, &vb);
    int64_t n = woodsword_legal_actions(t.st, 0, legal, MAX_LEGAL);
    sapper_bot_setup setup = { .struct_size = sizeof setup, .seat = 0, .players = 3,
                               .seed = (uint64_t)rival };
    const sapper_bot_api *api = ws_bot();
    void *bot;
    assert_int_equal(api->bot_new(NULL, &setup, &bot, err, sizeof err), SAPPER_OK);
    memset(seen, 0, SAPPER_ARENA_VERBS * sizeof *seen);
    for (int i = 0; i < steps; i++) {
        int64_t a;
        int32_t verb = 0;
        assert_int_equal(api->step(bot, vb.bytes, vb.size, legal, (size_t)n, &a), SAPPER_OK);
        assert_true(sapper_arena_decode(a, &verb, NULL, NULL));
        seen[verb]++;
    }
    api->bot_free(bot);
    close_table(&t);
}

static void test_woodsword_bot_defense_thresholds_follow_opponent_points(void **state)
{
    (void)state;
    int seen[SAPPER_ARENA_VERBS];
    sample_verbs(6, 3000, seen);     /* 3 points: not more than 3 */
    assert_int_equal(seen[SAPPER_ARENA_DT_DEFENSE], 0);
    assert_int_equal(seen[SAPPER_ARENA_HOLLOW_DEFENSE], 0);
    assert_int_equal(seen[SAPPER_ARENA_SUPERIOR_DEFENSE], 0);
    assert_true(seen[SAPPER_ARENA_DEFENSE] > 0 && seen[SAPPER_ARENA_SHIELD] > 0);
    sample_verbs(7, 3000, seen);     /* 3.5 points: dt, still no high */
    assert_true(seen[SAPPER_ARENA_DT_DEFENSE] > 0);
    assert_int_equal(seen[SAPPER_ARENA_HOLLOW_DEFENSE], 0);
    assert_int_equal(seen[SAPPER_ARENA_SUPERIOR_DEFENSE], 0);
    sample_verbs(10, 3000, seen);    /* 5 points: everything */
    assert_true(seen[SAPPER_ARENA_DT_DEFENSE] > 0);
    assert_true(seen[SAPPER_ARENA_HOLLOW_DEFENSE] > 0);
    assert_true(seen[SAPPER_ARENA_SUPERIOR_DEFENSE] > 0);
    assert_int_equal(seen[SAPPER_ARENA_MISSILE], 0);
    for (int32_t verb = SAPPER_ARENA_FIST; verb <= SAPPER_ARENA_ENCHANTED_SWORD; verb++)
        assert_true(seen[verb] > 0);   /* every sword it can afford */
}

static void test_woodsword_bot_same_seed_same_game(void **state)
{
    (void)state;
    static game_log a, b, c;
    int kinds[8] = {1, 1, 1, 1, 1, 1, 0, 0};
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    memset(&c, 0, sizeof c);
    play(42, 8, kinds, &a);
    play(42, 8, kinds, &b);
    play(43, 8, kinds, &c);
    assert_int_equal(a.n, b.n);
    assert_memory_equal(a.actions, b.actions, a.n * sizeof a.actions[0]);
    assert_true(a.n != c.n || memcmp(a.actions, c.actions, a.n * sizeof a.actions[0]) != 0);
}

static void test_arena_random_bot_plays_every_kind_of_action_including_allocations(void **state)
{
    (void)state;
    static game_log log;
    int kinds[4] = {0, 0, 0, 0};
    memset(&log, 0, sizeof log);
    for (uint64_t seed = 1; seed <= 200; seed++)
        play(seed, 4, kinds, &log);
    assert_true(log.allocations > 0);
}

/* Every step of play() checks the records the state keeps for its views
   against a rebuild: here with 64 seats, with missiles placed. */
static void test_woodsword_views_kept_in_the_state_match_a_rebuild(void **state)
{
    (void)state;
    static game_log log;
    int kinds[SAPPER_ARENA_MAX_SEATS];
    for (int32_t i = 0; i < SAPPER_ARENA_MAX_SEATS; i++)
        kinds[i] = i % 4 == 0;
    memset(&log, 0, sizeof log);
    for (uint64_t seed = 1; seed <= 60 && log.allocations < 3; seed++) {
        log.n = 0;
        play(seed, SAPPER_ARENA_MAX_SEATS, kinds, &log);
    }
    assert_true(log.allocations >= 3);   /* missiles are rare at 64 seats */
}

static void test_woodsword_bot_hunts_the_seat_that_hurt_it(void **state)
{
    (void)state;
    /* Seats 2 and 3 are alike but seat 2 dealt the bot damage this match
       (aggro 2x): it must be targeted clearly more often. */
    table t = open_table(3, 5);
    set_seat(&t, 0, 0, 0, 0);
    set_seat(&t, 1, 2, 0, 0);
    set_seat(&t, 2, 2, 0, 0);
    joint(&t, (int64_t[]){ plain(SAPPER_ARENA_DEFENSE), hit(SAPPER_ARENA_WOOD_SWORD, 0),
                           plain(SAPPER_ARENA_DEFENSE) });
    set_seat(&t, 0, 4, 2, 0);
    set_seat(&t, 1, 2, 0, 0);
    set_seat(&t, 2, 2, 0, 0);
    viewbuf vb;
    int64_t legal[MAX_LEGAL];
    view_of(&t, 0, &vb);
    int64_t n = woodsword_legal_actions(t.st, 0, legal, MAX_LEGAL);
    sapper_bot_setup setup = { .struct_size = sizeof setup, .seat = 0, .players = 3, .seed = 9 };
    void *bot;
    char err[128];
    const sapper_bot_api *api = ws_bot();
    assert_int_equal(api->bot_new(NULL, &setup, &bot, err, sizeof err), SAPPER_OK);
    int on[3] = {0, 0, 0};
    for (int i = 0; i < 4000; i++) {
        int64_t a;
        int32_t verb = -1, target = 0;
        assert_int_equal(api->step(bot, vb.bytes, vb.size, legal, (size_t)n, &a), SAPPER_OK);
        sapper_arena_decode(a, &verb, &target, NULL);
        if (sapper_arena_is_attack(verb))
            on[target]++;
    }
    api->bot_free(bot);
    assert_true(on[1] > 0 && on[2] > 0);
    assert_true(on[1] > on[2] * 3 / 2);
    close_table(&t);
}

static void test_woodsword_rules_manifest_describes_the_arena_ruleset(void **state)
{
    (void)state;
    const sapper_manifest *m = sapper_builtin_woodsword_entry(SAPPER_ABI_MAJOR, 0);
    assert_non_null(m);
    assert_string_equal(m->descriptors[0]->id, "woodsword");
    assert_string_equal(m->descriptors[0]->family, SAPPER_ARENA_FAMILY);
    assert_non_null(m->descriptors[0]->rules->apply_joint);
    assert_null(sapper_builtin_woodsword_entry(SAPPER_ABI_MAJOR + 1, 0));
}

/* ABI 1.2: the front end's words for the verbs come from the rules. */
static void test_woodsword_labels_come_from_the_rules_in_both_languages(void **state)
{
    (void)state;
    char buf[64];
    int64_t wood = sapper_arena_action(SAPPER_ARENA_WOOD_SWORD, 2, 1);
    assert_true(woodsword_action_label(NULL, wood, "zh", 0, buf, sizeof buf) > 0);
    assert_string_equal(buf, "木剑");
    woodsword_action_label(NULL, wood, "zh", 1, buf, sizeof buf);
    assert_string_equal(buf, "木剑 -> 3");
    woodsword_action_label(NULL, wood, "en", 0, buf, sizeof buf);
    assert_string_equal(buf, "wood_sword");
    assert_int_equal(woodsword_action_label(NULL, wood, "fr", 0, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
}

/* Family version 3: the view states the terms the rules resolve with. */
static void test_woodsword_view_states_its_terms(void **state)
{
    (void)state;
    unsigned char view[4096];
    size_t size = sapper_arena_view_size(2);
    assert_true(size <= sizeof view);
    memset(view, 0, sizeof view);
    sapper_arena_view *v = (sapper_arena_view *)(void *)view;
    *v = (sapper_arena_view){.struct_size = sizeof *v, .seat_size = sizeof(sapper_arena_seat),
                             .players = 2, .terms_offset = (uint32_t)(sizeof *v + 2 * sizeof(sapper_arena_seat)),
                             .terms_size = sizeof(sapper_arena_terms), .prep_bonus = 2};
    memcpy(view + v->terms_offset, woodsword_terms, sizeof woodsword_terms);
    sapper_arena_terms t;
    assert_true(sapper_arena_view_terms(view, size, SAPPER_ARENA_MISSILE, &t));
    assert_int_equal(sapper_arena_terms_cost(&t, 3), 8);       /* 3 missiles: 4 points */
    assert_true(sapper_arena_view_terms(view, size, SAPPER_ARENA_HOLLOW_DEFENSE, &t));
    assert_int_equal(t.block_lo, 4);
    assert_int_equal(t.block_hi, 12);
    assert_int_equal(woodsword_damage(SAPPER_ARENA_IRON_SWORD, 1, 1), 8);   /* 3 + prep 1 */
    assert_false(sapper_arena_view_terms(view, SAPPER_ARENA_VIEW_SIZE_2, 0, &t));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_woodsword_labels_come_from_the_rules_in_both_languages),
        cmocka_unit_test(test_woodsword_view_states_its_terms),
        cmocka_unit_test(test_woodsword_duel_overflow_goes_to_the_weaker_side_unblocked),
        cmocka_unit_test(test_woodsword_duel_overflow_is_not_blocked_by_a_range),
        cmocka_unit_test(test_woodsword_equal_duel_cancels_both_attacks),
        cmocka_unit_test(test_woodsword_third_party_hit_on_a_duellist_still_counts),
        cmocka_unit_test(test_woodsword_shield_bought_this_round_protects),
        cmocka_unit_test(test_woodsword_hollow_defense_with_nothing_incoming_overflows_two),
        cmocka_unit_test(test_woodsword_shields_needed_is_ceil_of_half_the_overflow),
        cmocka_unit_test(test_woodsword_dying_player_loses_all_shields),
        cmocka_unit_test(test_woodsword_prep_consumed_in_a_cancelled_duel),
        cmocka_unit_test(test_woodsword_prep_ready_only_when_nothing_came_in),
        cmocka_unit_test(test_woodsword_prep_adds_one_to_fist_and_sword_only),
        cmocka_unit_test(test_woodsword_llama_caster_death_recomputes_the_round),
        cmocka_unit_test(test_woodsword_llama_of_a_surviving_caster_hits_every_other_seat),
        cmocka_unit_test(test_woodsword_llamas_cancelled_say_why),
        cmocka_unit_test(test_woodsword_missiles_cost_x_plus_one_and_deal_one_each),
        cmocka_unit_test(test_woodsword_missiles_never_duel),
        cmocka_unit_test(test_woodsword_missile_order_is_drawn_from_the_seed),
        cmocka_unit_test(test_woodsword_simultaneous_elimination_ends_the_match),
        cmocka_unit_test(test_woodsword_places_rank_losers_by_when_they_went_out),
        cmocka_unit_test(test_woodsword_places_at_the_round_limit_share_first),
        cmocka_unit_test(test_woodsword_all_dead_in_one_round_means_no_winner),
        cmocka_unit_test(test_woodsword_sole_survivor_wins),
        cmocka_unit_test(test_woodsword_match_reset_clears_points_shields_prep_and_aggro),
        cmocka_unit_test(test_woodsword_aggro_counts_damage_aimed_at_the_viewer_this_match),
        cmocka_unit_test(test_woodsword_missing_action_counts_as_defense),
        cmocka_unit_test(test_woodsword_illegal_actions_are_refused_with_reasons),
        cmocka_unit_test(test_woodsword_lock_by_apply_action_shows_only_to_its_seat),
        cmocka_unit_test(test_woodsword_max_rounds_ends_the_game_with_no_winner),
        cmocka_unit_test(test_woodsword_action_texts_parse_and_print),
        cmocka_unit_test(test_woodsword_legal_lists_are_ascending_and_within_max_actions),
        cmocka_unit_test(test_woodsword_render_speaks_chinese_with_lang_zh),
        cmocka_unit_test(test_woodsword_render_shows_the_reveal_and_the_menu),
        cmocka_unit_test(test_woodsword_bot_keeps_the_baseline_rules_over_many_games),
        cmocka_unit_test(test_woodsword_bot_defense_thresholds_follow_opponent_points),
        cmocka_unit_test(test_woodsword_bot_same_seed_same_game),
        cmocka_unit_test(test_arena_random_bot_plays_every_kind_of_action_including_allocations),
        cmocka_unit_test(test_woodsword_views_kept_in_the_state_match_a_rebuild),
        cmocka_unit_test(test_woodsword_bot_hunts_the_seat_that_hurt_it),
        cmocka_unit_test(test_woodsword_rules_manifest_describes_the_arena_ruleset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
