/*
 * test_bot_conformance.c - the suite every bot plugin must pass, run on
 * every bot the build produces, in every family that has a bundled rules
 * plugin: with a real position it answers an action from the legal list;
 * with an empty or missing legal list it refuses with a status (a bot that
 * declines the list, SAPPER_BOT_NO_LEGAL_LIST, answers a legal action
 * from its view without one); with a
 * view cut short (in an allocation of exactly that size, so the sanitizer
 * build catches a read past it), a header claiming more cells than the
 * view holds, or no view at all, it refuses or still answers a legal
 * action, never reads out of bounds; inform about any seat and
 * bot_free(NULL) are harmless; an instance reset for another game
 * (bot_reset) answers as a new one would. A new bot is covered by adding its .so,
 * nothing else.
 */
#include "helpers.h"

#include <stdio.h>
#include <string.h>

#include "sapper/arena.h"

/* A rules plugin of the bot's family, its game and one position. */
typedef struct position {
    const sapper_plugin *rules;
    void *game, *state;
    sapper_game_info info;
    sapper_param_set params;
    int32_t players;
    unsigned char *view;
    size_t view_size;
    int64_t *legal;
    size_t nlegal;
} position;

static const char *rules_for(const char *family)
{
    return strcmp(family, SAPPER_MINES_FAMILY) == 0 ? "classic"
         : strcmp(family, SAPPER_ARENA_FAMILY) == 0 ? "woodsword" : NULL;
}

static void open_position(position *p, const sapper_registry *reg, const char *rules_id)
{
    char err[512] = "";
    memset(p, 0, sizeof *p);
    p->rules = sapper_registry_find(reg, rules_id, SAPPER_KIND_RULES);
    assert_non_null(p->rules);
    assert_int_equal(sapper_plugin_open(p->rules, err, sizeof err), SAPPER_OK);
    const sapper_rules_api *r = &p->rules->rules;
    assert_int_equal(sapper_param_set_defaults(&p->params, p->rules->desc.params,
                                               p->rules->desc.param_count), SAPPER_OK);
    sapper_params view = sapper_param_set_view(&p->params);
    assert_int_equal(r->game_new(&view, &p->game, err, sizeof err), SAPPER_OK);
    p->info.struct_size = sizeof p->info;
    r->game_info(p->game, 2, &p->info);
    p->players = p->info.min_players;
    assert_int_equal(r->state_new(p->game, p->players, 11, &p->state, err, sizeof err),
                     SAPPER_OK);
    int64_t need = r->observe(p->state, 0, NULL, 0);
    assert_true(need > 0);
    p->view_size = (size_t)need;
    p->view = calloc(1, p->view_size);
    p->legal = calloc((size_t)p->info.max_actions, sizeof *p->legal);
    assert_non_null(p->view);
    assert_non_null(p->legal);
    assert_int_equal(r->observe(p->state, 0, p->view, p->view_size), need);
    p->nlegal = (size_t)r->legal_actions(p->state, 0, p->legal, (size_t)p->info.max_actions);
    assert_true(p->nlegal > 0);
}

static void close_position(position *p)
{
    p->rules->rules.state_free(p->state);
    p->rules->rules.game_free(p->game);
    sapper_param_set_free(&p->params);
    free(p->view);
    free(p->legal);
}

/* bot_new with its default parameters, or (reset not NULL) bot_reset of
   that instance, for a game of seed and seat. */
static void *new_bot_as(const sapper_plugin *bot, const position *p, uint64_t seed,
                        int32_t seat, void *reset)
{
    char err[512] = "";
    sapper_param_set set = {0};
    assert_int_equal(sapper_param_set_defaults(&set, bot->desc.params,
                                               bot->desc.param_count), SAPPER_OK);
    sapper_params bp = sapper_param_set_view(&set), rp = sapper_param_set_view(&p->params);
    sapper_bot_setup s = {.struct_size = sizeof s, .seat = seat, .players = p->players,
                          .seed = seed, .rules_id = p->rules->desc.id,
                          .rules_params = &rp, .info = &p->info};
    void *b = reset;
    if (reset && bot->bot.bot_reset(reset, &s, err, sizeof err) != SAPPER_OK)
        fail_msg("%s: bot_reset: %s", bot->desc.id, err);
    if (!reset && bot->bot.bot_new(&bp, &s, &b, err, sizeof err) != SAPPER_OK)
        fail_msg("%s: bot_new: %s", bot->desc.id, err);
    sapper_param_set_free(&set);
    return b;
}

static void *new_bot(const sapper_plugin *bot, const position *p)
{
    return new_bot_as(bot, p, 5, 0, NULL);
}

static int in_legal(const position *p, int64_t a)
{
    for (size_t i = 0; i < p->nlegal; i++)
        if (p->legal[i] == a)
            return 1;
    return 0;
}

/* One step on (view, size, legal, n): SAPPER_OK and a legal action, or a
   refusal. With `must_refuse`, only a refusal passes. The view is copied
   into an allocation of exactly size bytes. */
static void check_step(const sapper_plugin *bot, const position *p, const void *view,
                       size_t size, const int64_t *legal, size_t n, int must_refuse,
                       const char *what)
{
    void *b = new_bot(bot, p);
    int64_t action = -12345;
    void *exact = view && size ? malloc(size) : NULL;
    if (exact)
        memcpy(exact, view, size);
    sapper_status st = bot->bot.step(b, exact, size, legal, n, &action);
    free(exact);
    if (must_refuse && st == SAPPER_OK)
        fail_msg("%s: %s: answered %lld instead of refusing", bot->desc.id, what,
                 (long long)action);
    if (!must_refuse && st == SAPPER_OK && !in_legal(p, action))
        fail_msg("%s: %s: status %d, action %lld not in the legal list", bot->desc.id,
                 what, (int)st, (long long)action);
    bot->bot.bot_free(b);
}

/* Plays up to moves of a game (seat 0 moving alone) from the position's
   start with bot instance b, and, when twin is not NULL, checks at every
   move that twin answers the same. */
static void play_some(const sapper_plugin *bot, const position *p, void *b,
                      void *twin, int moves)
{
    const sapper_rules_api *r = &p->rules->rules;
    void *st = NULL;
    char err[256];
    unsigned char *view = malloc(p->view_size);
    int64_t *legal = malloc((size_t)p->info.max_actions * sizeof *legal);
    int listless = bot->bot.flags & SAPPER_BOT_NO_LEGAL_LIST;
    assert_int_equal(r->state_new(p->game, p->players, 11, &st, err, sizeof err), SAPPER_OK);
    for (int i = 0; i < moves && r->current_player(st) == 0; i++) {
        int64_t vs = r->observe(st, 0, view, p->view_size), a = -1, c = -2;
        int64_t n = r->legal_actions(st, 0, legal, (size_t)p->info.max_actions);
        const int64_t *l = listless ? NULL : legal;
        size_t nl = listless ? 0 : (size_t)n;
        if (bot->bot.step(b, view, (size_t)vs, l, nl, &a) != SAPPER_OK)
            break;
        if (twin && (bot->bot.step(twin, view, (size_t)vs, l, nl, &c) != SAPPER_OK || a != c))
            fail_msg("%s: at move %d after bot_reset it answers %lld, a new instance "
                     "%lld", bot->desc.id, i + 1, (long long)a, (long long)c);
        if (r->apply_action(st, 0, a, err, sizeof err) != SAPPER_OK)
            break;
    }
    r->state_free(st);
    free(view);
    free(legal);
}

/* bot_reset (ABI 1.2): an instance that played part of a game, reset for
   another game, plays it as a new instance for that game does. */
static void check_reset(const sapper_plugin *bot, const position *p)
{
    if (!bot->bot.bot_reset)
        return;
    void *kept = new_bot_as(bot, p, 11, 0, NULL);
    for (uint64_t seed = 1; seed <= 6; seed++) {
        play_some(bot, p, kept, NULL, (int)seed * 7);
        kept = new_bot_as(bot, p, seed, 0, kept);
        void *fresh = new_bot_as(bot, p, seed, 0, NULL);
        play_some(bot, p, kept, fresh, 60);
        bot->bot.bot_free(fresh);
    }
    bot->bot.bot_free(kept);
}

static void conform(const sapper_plugin *bot, const position *p)
{
    void *b = new_bot(bot, p);
    int64_t action = -1;
    assert_int_equal(bot->bot.step(b, p->view, p->view_size, p->legal, p->nlegal, &action),
                     SAPPER_OK);
    assert_true(in_legal(p, action));
    bot->bot.bot_free(b);
    check_step(bot, p, p->view, p->view_size, p->legal, 0, 1, "an empty legal list");
    if (bot->bot.flags & SAPPER_BOT_NO_LEGAL_LIST) {   /* chooses from the view */
        b = new_bot(bot, p);
        action = -1;
        assert_int_equal(bot->bot.step(b, p->view, p->view_size, NULL, 0, &action),
                         SAPPER_OK);
        if (!in_legal(p, action))
            fail_msg("%s: no legal list (it declines it): action %lld is not legal",
                     bot->desc.id, (long long)action);
        bot->bot.bot_free(b);
    } else {
        check_step(bot, p, p->view, p->view_size, NULL, 0, 1, "no legal list");
    }
    check_step(bot, p, NULL, 0, p->legal, p->nlegal, 0, "no view");
    check_step(bot, p, p->view, 8, p->legal, p->nlegal, 0, "a view cut to 8 bytes");
    check_step(bot, p, p->view, p->view_size / 2, p->legal, p->nlegal, 0,
               "a view cut in half");
    unsigned char *big = malloc(p->view_size);   /* a header claiming more */
    assert_non_null(big);
    memcpy(big, p->view, p->view_size);
    int32_t huge = 100000;
    memcpy(big + 4, &huge, sizeof huge);   /* width (mines), seat_size (arena) */
    memcpy(big + 8, &huge, sizeof huge);   /* height (mines), seat (arena) */
    check_step(bot, p, big, p->view_size, p->legal, p->nlegal, 0,
               "a header claiming more than the view holds");
    free(big);
    b = new_bot(bot, p);
    if (bot->bot.inform)
        for (int32_t seat = 0; seat < p->players; seat++)
            bot->bot.inform(b, seat, p->legal[0]);
    bot->bot.bot_free(b);
    bot->bot.bot_free(NULL);
    check_reset(bot, p);
}

static void test_bot_conformance_every_bot(void **state)
{
    (void)state;
    char err[512];
    sapper_registry *reg = test_registry(0);
    int tested = 0;
    for (size_t i = 0; i < sapper_registry_count(reg); i++) {
        const sapper_plugin *bot = sapper_registry_at(reg, i);
        const char *rules = rules_for(bot->desc.family);
        if (bot->desc.kind != SAPPER_KIND_BOT || !rules)
            continue;
        print_message("bot conformance: %s on %s\n", bot->desc.id, rules);
        assert_int_equal(sapper_plugin_open(bot, err, sizeof err), SAPPER_OK);
        position p;
        open_position(&p, reg, rules);
        conform(bot, &p);
        close_position(&p);
        tested++;
    }
    assert_true(tested >= 6);   /* random simple prober hunter template woodsword arena-random */
    sapper_registry_free(reg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bot_conformance_every_bot),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
