/*
 * test_match.c - the match loop: sequential and simultaneous turns, people
 * and bots, validation of every action, forfeits, undo, results and
 * replays, all through real plugins.
 */
#include "helpers.h"
#include "bot_keep.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static sapper_registry *reg;

static int setup_all(void **state)
{
    (void)state;
    reg = test_registry(1);
    return 0;
}

static int teardown_all(void **state)
{
    (void)state;
    sapper_registry_free(reg);
    return 0;
}

typedef struct fixture {
    sapper_setup setup;
    sapper_match *m;
} fixture;

static void start(fixture *f, const char *ini, uint64_t seed, int flags)
{
    char err[1024] = "";
    if (test_setup(reg, ini, NULL, &f->setup, err, sizeof err) != SAPPER_OK)
        fail_msg("setup: %s", err);
    f->m = sapper_match_new(&f->setup, seed, flags, err, sizeof err);
    if (!f->m)
        fail_msg("match: %s", err);
}

static void stop(fixture *f)
{
    sapper_match_free(f->m);
    sapper_setup_free(&f->setup);
}

static const char rps_bots[] = "[game]\nrules = rps\n[player.1]\nbot = rps-random\n"
                               "[player.2]\nbot = rps-random\n";

static void test_match_simultaneous_game_plays_to_the_end(void **state)
{
    (void)state;
    fixture f;
    start(&f, rps_bots, 5, 0);
    assert_int_equal(sapper_match_to_move(f.m), SAPPER_SIMULTANEOUS);
    assert_true(sapper_match_advance(f.m) >= 4);  /* best of 3: >= 2 turns of 2 */
    assert_int_equal(sapper_match_to_move(f.m), SAPPER_TERMINAL);
    size_t n = sapper_match_move_count(f.m);
    assert_int_equal(n % 2, 0);
    for (size_t i = 0; i < n; i += 2) {
        const sapper_move *a = sapper_match_move(f.m, i), *b = sapper_match_move(f.m, i + 1);
        assert_true(a->joint && b->joint);
        assert_int_equal(a->turn, b->turn);
        assert_int_equal(a->seat, 0);
        assert_int_equal(b->seat, 1);
    }
    double r[2];
    sapper_match_returns(f.m, r);
    assert_true(r[0] + r[1] > 0.99 && r[0] + r[1] < 1.01);
    stop(&f);
}

static void test_match_simultaneous_turn_waits_for_the_person(void **state)
{
    (void)state;
    fixture f;
    char err[256];
    start(&f, "[game]\nrules = rps\n[player.1]\nbot = human\n[player.2]\nbot = rps-random\n",
          5, 0);
    assert_int_equal(sapper_match_advance(f.m), 1);  /* bot's throw is pending */
    assert_int_equal(sapper_match_move_count(f.m), 0);
    assert_true(sapper_match_awaits(f.m, 0));
    assert_false(sapper_match_awaits(f.m, 1));
    assert_int_equal(sapper_match_play_text(f.m, 0, "rock", err, sizeof err), SAPPER_OK);
    assert_int_equal(sapper_match_move_count(f.m), 2);
    assert_int_equal(sapper_match_move(f.m, 0)->action, 0); /* rock */
    stop(&f);
}

static void test_match_illegal_bot_action_forfeits_the_game(void **state)
{
    (void)state;
    fixture f;
    start(&f, "[player.1]\nbot = bot_illegal\n", 1, 0);
    sapper_match_advance(f.m);
    assert_int_equal(sapper_match_to_move(f.m), SAPPER_TERMINAL);
    const sapper_fault *fault = sapper_match_fault(f.m);
    assert_non_null(fault);
    assert_int_equal(fault->kind, SAPPER_FAULT_ILLEGAL);
    assert_int_equal(fault->seat, 0);
    assert_string_equal(sapper_match_outcome(f.m), "lost");
    sapper_strbuf b = {0};
    sapper_match_result_json(f.m, 0, &b);
    assert_contains(sapper_strbuf_str(&b), "\"reason\":\"illegal\"");
    sapper_strbuf_free(&b);
    stop(&f);
}

/* SAPPER_BOT_NO_LEGAL_LIST with rules that have is_legal: the bot gets no
   list (it refuses to move if it does) and plays a whole game. */
static void test_match_listless_bot_plays_without_a_legal_list(void **state)
{
    (void)state;
    fixture f;
    start(&f, "[rules]\nwidth = 9\nheight = 9\nmines = 10\n[player.1]\nbot = bot_listless\n",
          7, 0);
    sapper_match_advance(f.m);
    assert_int_equal(sapper_match_to_move(f.m), SAPPER_TERMINAL);
    assert_null(sapper_match_fault(f.m));
    assert_true(sapper_match_move_count(f.m) > 0);
    stop(&f);
}

/* In a simultaneous turn too: the seats that owe an action are asked
   without a list (the listless one refuses a list with SAPPER_ERR_STATE). */
static void test_match_listless_bot_plays_simultaneous_turns_without_a_list(void **state)
{
    (void)state;
    fixture f;
    start(&f, "[game]\nrules = woodsword\n[player.1]\nbot = bot_listless_arena\n"
              "[player.2]\nbot = arena-random\n[player.3]\nbot = bot_listless_arena\n", 3, 0);
    sapper_match_advance(f.m);
    assert_int_equal(sapper_match_to_move(f.m), SAPPER_TERMINAL);
    assert_null(sapper_match_fault(f.m));
    assert_true(sapper_match_move_count(f.m) > 6);
    stop(&f);
}

/* Its answer is checked by the rules' is_legal: an open cell is illegal. */
static void test_match_listless_bot_illegal_answer_forfeits(void **state)
{
    (void)state;
    fixture f;
    start(&f, "[rules]\nfirst_click = opening\n[player.1]\nbot = bot_listless\nmode = open\n",
          7, 0);
    sapper_match_advance(f.m);
    const sapper_fault *fault = sapper_match_fault(f.m);
    assert_non_null(fault);
    assert_int_equal(fault->kind, SAPPER_FAULT_ILLEGAL);
    assert_int_equal(fault->seat, 0);
    stop(&f);
}

/* Plays game g of the setup (seed derived from g) with keep (or none) and
   returns its moves as text. */
static void play_kept(const sapper_setup *setup, sapper_bot_keep *keep, int g,
                      sapper_strbuf *out)
{
    char err[256];
    sapper_match_hooks hooks = {.keep = keep};
    sapper_match *m = sapper_match_new_driven(setup, 100 + (uint64_t)g, 0, &hooks,
                                              err, sizeof err);
    if (!m)
        fail_msg("match: %s", err);
    sapper_match_advance(m);
    sapper_match_end_bots(m);
    assert_null(sapper_match_fault(m));
    for (size_t i = 0; i < sapper_match_move_count(m); i++)
        sapper_strbuf_printf(out, "%lld ", (long long)sapper_match_move(m, i)->action);
    sapper_strbuf_printf(out, "%s\n", sapper_match_outcome(m));
    sapper_match_free(m);
}

/* The configuration key of seat in games of setup. */
static uint64_t config_of(const sapper_setup *setup, int32_t seat)
{
    char err[256];
    sapper_match *m = sapper_match_new(setup, 1, 0, err, sizeof err);
    assert_non_null(m);
    uint64_t c = sapper_match_config(m, seat);
    sapper_match_free(m);
    return c;
}

/* ABI 1.2 bot_reset: an instance kept from one game and reset plays the
   next exactly as a new one. bot_listless draws its cells with the seed
   it is given, so a reset without the new game's setup shows; prober keeps
   its solver and tables. */
static void expect_kept_games_equal_new_ones(const char *ini)
{
    fixture f;
    start(&f, ini, 1, 0);
    sapper_bot_keep *keep = sapper_bot_keep_new();
    assert_non_null(keep);
    sapper_strbuf fresh = {0}, kept = {0};
    for (int g = 0; g < 30; g++) {
        play_kept(&f.setup, NULL, g, &fresh);
        play_kept(&f.setup, keep, g, &kept);
    }
    assert_string_equal(sapper_strbuf_str(&kept), sapper_strbuf_str(&fresh));
    /* and the instance was kept: the keep holds it between games */
    uint64_t config = config_of(&f.setup, 0);
    void *bot = sapper_bot_keep_take(keep, f.setup.seats[0].bot, config);
    assert_non_null(bot);
    assert_true(sapper_bot_keep_put(keep, f.setup.seats[0].bot, config, bot));
    sapper_bot_keep_free(keep);
    sapper_strbuf_free(&fresh);
    sapper_strbuf_free(&kept);
    stop(&f);
}

static void test_match_kept_bots_play_the_games_new_ones_play(void **state)
{
    (void)state;
    expect_kept_games_equal_new_ones(
        "[rules]\nwidth = 12\nheight = 10\nmines = 12\n[player.1]\nbot = bot_listless\n");
    expect_kept_games_equal_new_ones(
        "[rules]\nwidth = 12\nheight = 10\nmines = 20\n[player.1]\nbot = prober\n");
}

/* Counts the bot log lines saying an instance was kept (bot_listless). */
static void count_kept(void *ctx, int32_t seat, const char *plugin_id, int32_t level,
                       const char *line)
{
    (void)seat; (void)plugin_id; (void)level;
    *(int *)ctx += strstr(line, "kept from the last game") != NULL;
}

/* A bot that lost by a fault is freed, never reset for another game, also
   when an undo takes the game back; and an instance is kept only for games
   of the same configuration: other bot parameters or other rules
   parameters (a board of another size) get their own. */
static void test_match_faulty_or_different_bots_are_not_kept(void **state)
{
    (void)state;
    fixture f;
    char err[256];
    start(&f, "[rules]\nfirst_click = opening\n[player.1]\nbot = bot_listless\nmode = open\n",
          7, 0);
    sapper_bot_keep *keep = sapper_bot_keep_new();
    sapper_match_hooks hooks = {.keep = keep};
    sapper_match *m = sapper_match_new_driven(&f.setup, 7, 0, &hooks, err, sizeof err);
    assert_non_null(m);
    sapper_match_advance(m);
    assert_int_equal(sapper_match_fault(m)->kind, SAPPER_FAULT_ILLEGAL);
    uint64_t open_config = sapper_match_config(m, 0);
    sapper_match_free(m);
    const sapper_plugin *listless = f.setup.seats[0].bot;
    assert_null(sapper_bot_keep_take(keep, listless, open_config));
    stop(&f);
    /* a person and the faulty bot: undo after its fault starts it afresh */
    start(&f, "[game]\nrules = seeker\n[player.1]\nbot = human\n[player.2]\n"
              "bot = bot_listless\nmode = open\n", 5, SAPPER_MATCH_UNDO);
    sapper_match_free(f.m);
    int resets = 0;
    sapper_match_hooks logged = {.keep = keep, .log = count_kept, .services_ctx = &resets};
    f.m = sapper_match_new_driven(&f.setup, 5, SAPPER_MATCH_UNDO, &logged, err, sizeof err);
    assert_non_null(f.m);
    for (int i = 0; i < 60 && !sapper_match_fault(f.m); i++) {
        size_t n;
        const int64_t *legal = sapper_match_legal(f.m, 0, &n);
        if (sapper_match_to_move(f.m) != 0 || !legal || n == 0)
            break;
        sapper_match_play(f.m, 0, legal[0], err, sizeof err);
        sapper_match_advance(f.m);
    }
    assert_non_null(sapper_match_fault(f.m));
    uint64_t seat2 = sapper_match_config(f.m, 1);
    assert_int_equal(sapper_match_undo(f.m), SAPPER_OK);
    assert_int_equal(resets, 0);   /* made anew, not reset */
    assert_null(sapper_bot_keep_take(keep, listless, seat2));   /* not kept */
    stop(&f);
    /* a clean game keeps its instance, for its own configuration only */
    start(&f, "[rules]\nwidth = 9\nheight = 9\nmines = 10\n[player.1]\nbot = bot_listless\n",
          7, 0);
    sapper_match_free(f.m);
    f.m = sapper_match_new_driven(&f.setup, 7, 0, &hooks, err, sizeof err);
    sapper_match_advance(f.m);
    assert_null(sapper_match_fault(f.m));
    uint64_t small = sapper_match_config(f.m, 0);
    sapper_match_free(f.m);
    f.m = NULL;
    stop(&f);
    start(&f, "[rules]\nwidth = 30\nheight = 16\nmines = 10\n[player.1]\nbot = bot_listless\n",
          7, 0);
    uint64_t big = sapper_match_config(f.m, 0);
    assert_true(big != small);
    assert_null(sapper_bot_keep_take(keep, listless, big));   /* another board */
    assert_true(open_config != small);                        /* other params */
    void *bot = sapper_bot_keep_take(keep, listless, small);
    assert_non_null(bot);
    listless->bot.bot_free(bot);
    sapper_bot_keep_free(keep);
    stop(&f);
}

static void test_match_refusal_gives_the_rules_reason(void **state)
{
    (void)state;
    fixture f;
    char err[256] = "";
    start(&f, "", 3, 0);
    assert_int_equal(sapper_match_play_text(f.m, 0, "flag 0 0", err, sizeof err), SAPPER_OK);
    assert_int_equal(sapper_match_play_text(f.m, 0, "reveal 0 0", err, sizeof err),
                     SAPPER_ERR_ILLEGAL);
    assert_contains(err, "flagged");
    assert_int_equal(sapper_match_move_count(f.m), 1);
    stop(&f);
}

static void test_match_parse_error_leaves_the_game_unchanged(void **state)
{
    (void)state;
    fixture f;
    char err[256] = "";
    start(&f, "", 3, 0);
    const char *before = strdup(sapper_match_render(f.m, 0));
    assert_int_equal(sapper_match_play_text(f.m, 0, "explode 1 2", err, sizeof err),
                     SAPPER_ERR_PARSE);
    assert_true(err[0] != 0);
    assert_string_equal(sapper_match_render(f.m, 0), before);
    assert_int_equal(sapper_match_move_count(f.m), 0);
    free((void *)before);
    stop(&f);
}

static void test_match_undo_restores_the_previous_position(void **state)
{
    (void)state;
    fixture f;
    char err[256] = "";
    start(&f, "[rules]\nfirst_click = opening\n", 11, SAPPER_MATCH_UNDO);
    assert_int_equal(sapper_match_play_text(f.m, 0, "reveal 4 4", err, sizeof err), SAPPER_OK);
    char *after_reveal = strdup(sapper_match_render(f.m, 0));
    assert_int_equal(sapper_match_play_text(f.m, 0, "flag 0 0", err, sizeof err) == SAPPER_OK ||
                     sapper_match_play_text(f.m, 0, "flag 8 8", err, sizeof err) == SAPPER_OK, 1);
    assert_string_not_equal(sapper_match_render(f.m, 0), after_reveal);
    assert_int_equal(sapper_match_undo(f.m), SAPPER_OK);
    assert_string_equal(sapper_match_render(f.m, 0), after_reveal);
    assert_int_equal(sapper_match_move_count(f.m), 1);
    assert_int_equal(sapper_match_undo(f.m), SAPPER_OK);
    assert_int_equal(sapper_match_move_count(f.m), 0);
    assert_int_equal(sapper_match_undo(f.m), SAPPER_ERR_STATE);
    free(after_reveal);
    stop(&f);
}

static void play_bot_game(const char *ini, uint64_t seed, sapper_strbuf *replay)
{
    fixture f;
    start(&f, ini, seed, 0);
    sapper_match_advance(f.m);
    assert_int_equal(sapper_match_to_move(f.m), SAPPER_TERMINAL);
    sapper_replay_text(f.m, replay);
    stop(&f);
}

/* ABI 1.2: a bot's seed is SipHash-2-4 keyed by the game seed (values
   checked against an independent implementation), not the invertible
   splitmix mix: it differs per seat and says nothing of the game seed. */
static void test_match_bot_seed_is_a_keyed_one_way_hash(void **state)
{
    (void)state;
    assert_true(sapper_bot_seed(7, 0) == 4001505618301049879ull);
    assert_true(sapper_bot_seed(7, 1) == 902420618555617858ull);
    assert_true(sapper_bot_seed(7, 0) != sapper_seed_derive(7, 1));
    assert_true(sapper_bot_seed(8, 0) != sapper_bot_seed(7, 0));
}

static void test_match_same_seed_gives_the_same_game(void **state)
{
    (void)state;
    sapper_strbuf a = {0}, b = {0}, c = {0};
    const char *ini = "[rules]\npreset = intermediate\n[player.1]\nbot = simple\n";
    play_bot_game(ini, 42, &a);
    play_bot_game(ini, 42, &b);
    play_bot_game(ini, 43, &c);
    assert_string_equal(sapper_strbuf_str(&a), sapper_strbuf_str(&b));
    assert_string_not_equal(sapper_strbuf_str(&a), sapper_strbuf_str(&c));
    sapper_strbuf_free(&a);
    sapper_strbuf_free(&b);
    sapper_strbuf_free(&c);
}

static void test_match_replay_reaches_the_recorded_outcome(void **state)
{
    (void)state;
    sapper_strbuf r = {0};
    play_bot_game("[rules]\npreset = intermediate\n[player.1]\nbot = random\n", 9, &r);
    sapper_replay_check c;
    char err[1024] = "";
    assert_int_equal(sapper_replay_verify(sapper_strbuf_str(&r), "r.txt", 1, reg, &c,
                                          err, sizeof err), SAPPER_OK);
    assert_true(c.matches);
    assert_true(c.moves > 0);
    assert_string_equal(c.expected, c.actual);
    sapper_strbuf_free(&r);
}

static void test_match_replay_of_simultaneous_game_verifies(void **state)
{
    (void)state;
    sapper_strbuf r = {0};
    play_bot_game(rps_bots, 77, &r);
    assert_contains(sapper_strbuf_str(&r), "joint 2\n");
    sapper_replay_check c;
    char err[1024] = "";
    assert_int_equal(sapper_replay_verify(sapper_strbuf_str(&r), "r.txt", 1, reg, &c,
                                          err, sizeof err), SAPPER_OK);
    assert_true(c.matches);
    sapper_strbuf_free(&r);
}

static void test_match_replay_with_changed_outcome_is_a_mismatch(void **state)
{
    (void)state;
    sapper_strbuf r = {0};
    play_bot_game("[player.1]\nbot = simple\n", 5, &r);
    char *text = strdup(sapper_strbuf_str(&r));
    char *o = strstr(text, "outcome ");
    assert_non_null(o);
    strcpy(o, "outcome won moves 1 returns 1\n");
    sapper_replay_check c;
    char err[1024] = "";
    assert_int_equal(sapper_replay_verify(text, "r.txt", 1, reg, &c, err, sizeof err),
                     SAPPER_OK);
    assert_false(c.matches);
    free(text);
    sapper_strbuf_free(&r);
}

static void test_match_replay_with_bad_move_names_the_line(void **state)
{
    (void)state;
    const char *text = "sapper-replay 1\nrules classic\nseed 1\nseat 1 human you\n"
                       "move 1 reveal 99 99\noutcome won moves 1 returns 1\n";
    sapper_replay_check c;
    char err[1024] = "";
    assert_int_not_equal(sapper_replay_verify(text, "r.txt", 1, reg, &c, err, sizeof err),
                         SAPPER_OK);
    assert_contains(err, "r.txt:5");
}

static void test_match_replay_with_unknown_line_is_refused(void **state)
{
    (void)state;
    const char *text = "sapper-replay 1\nrules classic\nbogus line\n";
    sapper_replay_check c;
    char err[1024] = "";
    assert_int_equal(sapper_replay_verify(text, "r.txt", 1, reg, &c, err, sizeof err),
                     SAPPER_ERR_PARSE);
    assert_contains(err, "r.txt:3");
    assert_contains(err, "found \"bogus line\"");
}

/* Found by fuzz_replay: parameters each in range that the rules refuse
   together (no safe cell) were refused without naming the file. */
static void test_match_replay_game_the_rules_refuse_names_the_file(void **state)
{
    (void)state;
    const char *text = "sapper-replay 1\nrules classic\nparam width 2\n"
                       "param height 2\nparam mines 4\nseed 1\nseat 1 human you\n"
                       "outcome won moves 0 returns 1\n";
    sapper_replay_check c;
    char err[1024] = "";
    assert_int_equal(sapper_replay_verify(text, "r.txt", 7, reg, &c, err, sizeof err),
                     SAPPER_ERR_PARAM);
    assert_contains(err, "r.txt:7: cannot start the game: ");
    assert_contains(err, "mines");
}

/* text with the first `from` replaced by `to`; the caller frees it. */
static char *replace_first(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    assert_non_null(at);
    size_t head = (size_t)(at - text), n = strlen(text) - strlen(from) + strlen(to);
    char *out = malloc(n + 1);
    assert_non_null(out);
    snprintf(out, n + 1, "%.*s%s%s", (int)head, text, to, at + strlen(from));
    return out;
}

/* The line (from 1) where needle first starts in text. */
static int line_of(const char *text, const char *needle)
{
    const char *at = strstr(text, needle);
    assert_non_null(at);
    int line = 1;
    for (const char *p = text; p < at; p++)
        line += *p == '\n';
    return line;
}

/* Verifies text, expecting a refusal whose message holds want. */
static void assert_replay_refused(const char *text, const char *want)
{
    sapper_replay_check c;
    char err[1024] = "";
    assert_int_not_equal(sapper_replay_verify(text, "r.txt", 1, reg, &c, err,
                                              sizeof err), SAPPER_OK);
    assert_contains(err, want);
}

static void test_match_replay_param_without_its_blank_is_an_empty_value(void **state)
{
    (void)state;
    sapper_strbuf r = {0};
    play_bot_game("[player.1]\nbot = simple\n", 5, &r);
    /* an editor that strips trailing blanks turns "param layout " into
       "param layout": still the empty value */
    char *text = replace_first(sapper_strbuf_str(&r), "param layout \n", "param layout\n");
    sapper_replay_check c;
    char err[1024] = "";
    assert_int_equal(sapper_replay_verify(text, "r.txt", 1, reg, &c, err, sizeof err),
                     SAPPER_OK);
    assert_true(c.matches);
    free(text);
    sapper_strbuf_free(&r);
}

static void test_match_replay_forfeit_of_a_seat_not_in_the_game_is_refused(void **state)
{
    (void)state;
    assert_replay_refused("sapper-replay 1\nrules classic\nseed 1\nseat 1 human you\n"
                          "forfeit 64 crash\noutcome unfinished moves 0 returns 0\n",
                          "r.txt:5: seat 64 is not in this game (1 seat)");
}

/* The bot hook of a tournament whose clock runs out at bot step `at`. */
typedef struct timeout_at {
    sapper_match *m;
    int steps, at;
} timeout_at;

static void time_out(void *ctx, int32_t seat, int phase)
{
    timeout_at *t = ctx;
    if (phase == 1 && ++t->steps == t->at)
        sapper_match_forfeit(t->m, seat, "timeout");
}

/* The replay of a bot game whose bots time out at step `at` (as
   play_tgame.c forfeits: in the hook after the step, whose late action is
   then not played). */
static void play_timed_out_game(const char *ini, uint64_t seed, int at,
                                sapper_strbuf *replay)
{
    fixture f;
    start(&f, ini, seed, 0);
    timeout_at t = {.m = f.m, .at = at};
    sapper_match_set_bot_hook(f.m, time_out, &t);
    sapper_match_advance(f.m);
    sapper_replay_text(f.m, replay);
    stop(&f);
}

static void assert_replay_verifies(const char *text)
{
    sapper_replay_check c;
    char err[1024] = "";
    if (sapper_replay_verify(text, "r.txt", 1, reg, &c, err, sizeof err) != SAPPER_OK)
        fail_msg("refused: %s\n%s", err, text);
    assert_true(c.matches);
}

static void test_match_replay_forfeit_after_the_game_ended_is_refused(void **state)
{
    (void)state;
    sapper_strbuf r = {0};
    play_bot_game("[player.1]\nbot = simple\n", 5, &r);
    char *text = replace_first(sapper_strbuf_str(&r), "outcome ",
                               "forfeit 1 illegal\noutcome ");
    assert_replay_refused(text, "forfeit 1 illegal: expected the game to go on: "
                          "it is already over");
    free(text);
    sapper_strbuf_free(&r);
}

/* Issue 27: a game that runs into its move bound on moves that reveal
   nothing (a flag cycled for ever) is the stalling seat's loss, reason
   stall, not a void game with no culprit; its replay finds the same. */
static void test_match_game_run_out_on_flags_is_a_stall_of_its_seat(void **state)
{
    (void)state;
    fixture f;
    start(&f, "[player.1]\nbot = bot_stall\n", 5, 0);
    sapper_match_advance(f.m);
    const sapper_fault *fault = sapper_match_fault(f.m);
    assert_non_null(fault);
    assert_int_equal(fault->kind, SAPPER_FAULT_STALL);
    assert_int_equal(fault->seat, 0);
    assert_contains(fault->detail, "stall");
    assert_string_equal(sapper_match_outcome(f.m), "lost");
    assert_true(sapper_match_move_count(f.m) == 10 * 81 + 101);   /* classic's bound + 1 */
    sapper_strbuf r = {0};
    sapper_replay_text(f.m, &r);
    assert_true(strstr(sapper_strbuf_str(&r), "forfeit ") == NULL);   /* derived, not said */
    assert_replay_verifies(sapper_strbuf_str(&r));
    sapper_strbuf_free(&r);
    stop(&f);
}

/* A person's seat forfeits only as a remote seat of `sapper serve` does
   (disconnect, timeout, protocol, illegal, refused), never for a bot's
   reason. */
static void test_match_replay_forfeit_of_a_human_seat_is_refused(void **state)
{
    (void)state;
    assert_replay_refused("sapper-replay 1\nrules classic\nseed 7\nseat 1 human you\n"
                          "move 1 reveal 4 4\nforfeit 1 crash\n"
                          "outcome lost moves 1 returns 0\n",
                          "r.txt:6: forfeit 1 crash: expected a bot's seat");
}

static void test_match_replay_forfeit_reason_the_engine_never_writes_is_refused(void **state)
{
    (void)state;
    assert_replay_refused("sapper-replay 1\nrules classic\nseed 7\n"
                          "seat 1 bot simple simple\nforfeit 1 anything\n"
                          "outcome lost moves 0 returns 0\n",
                          "r.txt:5: forfeit 1 anything: expected the reason "
                          "illegal, error, timeout, crash, exit, sandbox, "
                          "protocol, memory, killed, cpu, disconnect or refused");
}

/* Seeker takes turns: after seat 1's first reveal (seed 6) seat 2 moves. */
static void test_match_replay_forfeit_of_a_seat_not_to_move_is_refused(void **state)
{
    (void)state;
    sapper_strbuf r = {0};
    play_bot_game("[game]\nrules = seeker\n[player.1]\nbot = random\n"
                  "[player.2]\nbot = random\n", 6, &r);
    char *text = strdup(sapper_strbuf_str(&r));
    char *second = strstr(strstr(text, "\nmove 1 ") + 1, "\nmove ");
    assert_non_null(second);
    assert_int_equal(strncmp(second, "\nmove 2 ", 8), 0);
    strcpy(second + 1, "forfeit 1 illegal\noutcome decided moves 1 returns 0 1\n");
    assert_replay_refused(text, "forfeit 1 illegal: expected the seat to move now: "
                          "it is not its turn");
    /* a timeout (or a crash) is not refused there: it may come from any
       call into the bot, inform too, on another seat's turn */
    strcpy(second + 1, "forfeit 1 timeout\noutcome decided moves 1 returns 0 1\n");
    assert_replay_verifies(text);
    free(text);
    sapper_strbuf_free(&r);
}

static void test_match_replay_of_a_bot_fault_verifies(void **state)
{
    (void)state;
    sapper_strbuf r = {0}, t = {0}, last = {0};
    play_bot_game("[player.1]\nbot = bot_illegal\n", 1, &r);
    assert_contains(sapper_strbuf_str(&r), "forfeit 1 illegal\n");
    assert_replay_verifies(sapper_strbuf_str(&r));
    const char *seeker = "[game]\nrules = seeker\n[player.1]\nbot = random\n"
                         "[player.2]\nbot = random\n";
    play_timed_out_game(seeker, 5, 3, &t);
    assert_contains(sapper_strbuf_str(&t), "moves 2 returns");   /* the late 3rd is not played */
    assert_replay_verifies(sapper_strbuf_str(&t));
    /* a timeout on the step that would end the game: that move is not
       played, the forfeit ends it */
    sapper_strbuf all = {0};
    play_bot_game(seeker, 5, &all);
    int moves = 0;
    for (const char *p = sapper_strbuf_str(&all); (p = strstr(p, "\nmove ")); p++)
        moves++;
    play_timed_out_game(seeker, 5, moves, &last);
    assert_contains(sapper_strbuf_str(&last), "forfeit ");
    assert_replay_verifies(sapper_strbuf_str(&last));
    sapper_strbuf_free(&all);
    sapper_strbuf_free(&r);
    sapper_strbuf_free(&t);
    sapper_strbuf_free(&last);
}

static void test_match_replay_without_its_joint_line_is_refused(void **state)
{
    (void)state;
    sapper_strbuf r = {0};
    play_bot_game(rps_bots, 77, &r);
    const char *text = sapper_strbuf_str(&r);
    char want[64];
    /* the move moves up into the joint line's place */
    snprintf(want, sizeof want, "r.txt:%d: move 1 ", line_of(text, "joint 2\n"));
    char *cut = replace_first(text, "joint 2\n", "");
    assert_replay_refused(cut, want);
    assert_replay_refused(cut, "expected a `joint N` line");
    free(cut);
    sapper_strbuf_free(&r);
}

static void test_match_replay_joint_count_must_be_the_turns(void **state)
{
    (void)state;
    sapper_strbuf r = {0};
    play_bot_game(rps_bots, 77, &r);
    const char *text = sapper_strbuf_str(&r);
    char want[64];
    snprintf(want, sizeof want, "r.txt:%d: joint ", line_of(text, "joint 2\n"));
    char *one = replace_first(text, "joint 2\n", "joint 1\n");
    assert_replay_refused(one, want);
    assert_replay_refused(one, "needs more than 1 move(s)");
    /* joint 3 over a turn of 2 (the next turn's joint line gone) */
    char *three = replace_first(text, "joint 2\n", "joint 3\n");
    char *merged = replace_first(three, "joint 2\n", "");
    assert_replay_refused(merged, want);
    assert_replay_refused(merged, "ends after 2 move(s)");
    assert_replay_refused(three, "expected 1 more move line(s)");
    char *huge = replace_first(text, "joint 2\n", "joint 99999999999\n");
    assert_replay_refused(huge, "found \"99999999999\"");
    free(one);
    free(three);
    free(merged);
    free(huge);
    sapper_strbuf_free(&r);
}

static void test_match_replay_setting_twice_or_misplaced_line_is_refused(void **state)
{
    (void)state;
    const char *game = "sapper-replay 1\nrules classic\nseed 1\nseat 1 human you\n"
                       "outcome unfinished moves 0 returns 0\n";
    char *seeds = replace_first(game, "seed 1\n", "seed 1\nseed 2\n");
    assert_replay_refused(seeds, "r.txt:4: [game] seed: given twice");
    char *after = replace_first(game, "returns 0\n", "returns 0\nmove 1 reveal 0 0\n");
    assert_replay_refused(after, "r.txt:6: expected the end of the game");
    char *late = replace_first(game, "outcome", "forfeit 1 crash\nmove 1 reveal 0 0\noutcome");
    assert_replay_refused(late, "r.txt:6: expected the outcome line after the forfeit");
    free(seeds);
    free(after);
    free(late);
}

static void test_match_replay_nul_byte_names_its_line(void **state)
{
    (void)state;
    static const char data[] = "sapper-replay 1\nrules classic\nse\0ed 1\n";
    char err[256] = "";
    assert_int_equal(sapper_replay_find_nul(data, sizeof data - 1, "r.txt", err,
                                            sizeof err), 3);
    assert_contains(err, "r.txt:3: unexpected NUL byte");
    assert_int_equal(sapper_replay_find_nul(data, 30, "r.txt", err, sizeof err), 0);
}

static void test_match_replay_write_keeps_what_is_not_a_regular_file(void **state)
{
    (void)state;
    char dir[] = "/tmp/sapper-test-XXXXXX", target[64], link[64], fifo[64];
    char err[512] = "", back[64] = "";
    struct stat st;
    assert_non_null(mkdtemp(dir));
    snprintf(target, sizeof target, "%s/target", dir);
    snprintf(link, sizeof link, "%s/link", dir);
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    FILE *f = fopen(target, "w");
    assert_non_null(f);
    fclose(f);
    assert_int_equal(chmod(target, 0640), 0);
    assert_int_equal(symlink("target", link), 0);
    assert_int_equal(sapper_replay_write(link, "one\n", 4, err, sizeof err), SAPPER_OK);
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));                 /* the link stays */
    assert_int_equal(stat(target, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0640);        /* so do the permissions */
    f = fopen(target, "r");
    assert_non_null(f);
    assert_non_null(fgets(back, sizeof back, f));
    fclose(f);
    assert_string_equal(back, "one\n");
    assert_int_equal(mkfifo(fifo, 0600), 0);
    int fd = open(fifo, O_RDONLY | O_NONBLOCK);       /* a reader, so no wait */
    assert_true(fd >= 0);
    assert_int_equal(sapper_replay_write(fifo, "two\n", 4, err, sizeof err), SAPPER_OK);
    assert_int_equal(read(fd, back, sizeof back), 4);
    close(fd);
    assert_int_equal(lstat(fifo, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));                /* written in place */
    unlink(fifo);
    unlink(link);
    unlink(target);
    rmdir(dir);
}

static void test_match_result_json_has_the_required_fields(void **state)
{
    (void)state;
    fixture f;
    start(&f, "[player.1]\nbot = simple\n", 21, 0);
    sapper_match_advance(f.m);
    sapper_strbuf b = {0};
    sapper_match_result_json(f.m, 1.5, &b);
    const char *j = sapper_strbuf_str(&b);
    assert_contains(j, "{\"ruleset\":\"classic\"");
    assert_true(strstr(j, "\"outcome\":\"won\"") || strstr(j, "\"outcome\":\"lost\""));
    assert_contains(j, "\"seed\":21");
    assert_contains(j, "\"seconds\":1.500");
    char moves[64];
    snprintf(moves, sizeof moves, "\"moves\":%zu", sapper_match_move_count(f.m));
    assert_contains(j, moves);
    sapper_strbuf_free(&b);
    stop(&f);
}

static void test_match_result_json_carries_each_players_rules_members(void **state)
{
    (void)state;
    fixture f;
    start(&f, "[game]\nrules = seeker\n[player.1]\nbot = random\nname = Ada\n"
              "[player.2]\nbot = random\nname = anon_7\n", 4, 0);
    sapper_match_advance(f.m);
    sapper_strbuf b = {0};
    sapper_match_result_json(f.m, 0, &b);
    const char *j = sapper_strbuf_str(&b);
    assert_contains(j, "{\"seat\":1,\"name\":\"Ada\",\"bot\":\"random\",\"return\":");
    assert_contains(j, ",\"colour\":\"red\",\"points\":");
    assert_contains(j, "{\"seat\":2,\"name\":\"anon_7\"");
    assert_contains(j, "\"bonus_points\":");
    assert_contains(j, "\"bonus_stats\":{\"blindHits\":");
    sapper_strbuf_free(&b);
    stop(&f);
}

static void test_match_too_many_seats_is_refused(void **state)
{
    (void)state;
    sapper_setup s;
    char err[1024] = "";
    assert_int_equal(test_setup(reg, "[player.2]\nbot = random\n", NULL, &s, err,
                                sizeof err), SAPPER_OK);
    assert_null(sapper_match_new(&s, 1, 0, err, sizeof err));
    assert_contains(err, "take 1 player, the configuration seats 2");
    sapper_setup_free(&s);
}

/* ABI 1.2 contract: max_actions from 1 to SAPPER_MAX_ACTIONS_LIMIT, so a
   legal list is never sized from a number no memory can hold. */
static void test_match_refuses_rules_declaring_a_huge_legal_list(void **state)
{
    (void)state;
    sapper_setup s;
    char err[1024] = "";
    sapper_registry *own = test_registry(1);   /* with the broken rules */
    assert_int_equal(sapper_registry_load_file(own, SAPPER_TEST_PLUGIN_DIR
                                               "/bad_rules_huge.so", err, sizeof err),
                     SAPPER_OK);
    assert_int_equal(test_setup(own, "[game]\nrules = rps_huge\n[player.1]\nbot = "
                                "rps-random\n[player.2]\nbot = rps-random\n", NULL, &s,
                                err, sizeof err), SAPPER_OK);
    assert_null(sapper_match_new(&s, 1, 0, err, sizeof err));
    assert_contains(err, "max_actions 1099511627776: expected");
    sapper_setup_free(&s);
    sapper_registry_free(own);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_match_refuses_rules_declaring_a_huge_legal_list),
        cmocka_unit_test(test_match_simultaneous_game_plays_to_the_end),
        cmocka_unit_test(test_match_simultaneous_turn_waits_for_the_person),
        cmocka_unit_test(test_match_illegal_bot_action_forfeits_the_game),
        cmocka_unit_test(test_match_listless_bot_plays_without_a_legal_list),
        cmocka_unit_test(test_match_listless_bot_plays_simultaneous_turns_without_a_list),
        cmocka_unit_test(test_match_listless_bot_illegal_answer_forfeits),
        cmocka_unit_test(test_match_kept_bots_play_the_games_new_ones_play),
        cmocka_unit_test(test_match_faulty_or_different_bots_are_not_kept),
        cmocka_unit_test(test_match_refusal_gives_the_rules_reason),
        cmocka_unit_test(test_match_parse_error_leaves_the_game_unchanged),
        cmocka_unit_test(test_match_undo_restores_the_previous_position),
        cmocka_unit_test(test_match_bot_seed_is_a_keyed_one_way_hash),
        cmocka_unit_test(test_match_same_seed_gives_the_same_game),
        cmocka_unit_test(test_match_replay_reaches_the_recorded_outcome),
        cmocka_unit_test(test_match_replay_of_simultaneous_game_verifies),
        cmocka_unit_test(test_match_replay_with_changed_outcome_is_a_mismatch),
        cmocka_unit_test(test_match_replay_with_bad_move_names_the_line),
        cmocka_unit_test(test_match_replay_with_unknown_line_is_refused),
        cmocka_unit_test(test_match_replay_game_the_rules_refuse_names_the_file),
        cmocka_unit_test(test_match_replay_param_without_its_blank_is_an_empty_value),
        cmocka_unit_test(test_match_replay_forfeit_of_a_seat_not_in_the_game_is_refused),
        cmocka_unit_test(test_match_replay_forfeit_after_the_game_ended_is_refused),
        cmocka_unit_test(test_match_replay_forfeit_of_a_human_seat_is_refused),
        cmocka_unit_test(test_match_game_run_out_on_flags_is_a_stall_of_its_seat),
        cmocka_unit_test(test_match_replay_forfeit_reason_the_engine_never_writes_is_refused),
        cmocka_unit_test(test_match_replay_forfeit_of_a_seat_not_to_move_is_refused),
        cmocka_unit_test(test_match_replay_of_a_bot_fault_verifies),
        cmocka_unit_test(test_match_replay_without_its_joint_line_is_refused),
        cmocka_unit_test(test_match_replay_joint_count_must_be_the_turns),
        cmocka_unit_test(test_match_replay_setting_twice_or_misplaced_line_is_refused),
        cmocka_unit_test(test_match_replay_nul_byte_names_its_line),
        cmocka_unit_test(test_match_replay_write_keeps_what_is_not_a_regular_file),
        cmocka_unit_test(test_match_result_json_has_the_required_fields),
        cmocka_unit_test(test_match_result_json_carries_each_players_rules_members),
        cmocka_unit_test(test_match_too_many_seats_is_refused),
    };
    return cmocka_run_group_tests(tests, setup_all, teardown_all);
}
