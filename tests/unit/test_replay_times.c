/*
 * test_replay_times.c - the time of every move in a replay (`at MS move
 * ...`): written from the clock a match is lent, read back step by step
 * (a move, a simultaneous turn, the forfeit), never part of what a replay
 * verifies; records without times (from before them) still read and
 * verify, and malformed times are refused with their line. Also the times
 * apart from the text and back, as the results database keeps them.
 */
#include "helpers.h"
#include "store_lines.h"

#include <stdlib.h>
#include <string.h>

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

/* A clock that moves on by step ms each time it is read (from 0). */
typedef struct ticking {
    int64_t now, step;
} ticking;

static int64_t tick(void *ctx)
{
    ticking *t = ctx;
    int64_t ms = t->now;
    t->now += t->step;
    return ms;
}

static const char one_bot[] = "[rules]\npreset = intermediate\nfirst_click = opening\n"
                              "[player.1]\nbot = simple\n";
static const char rps_bots[] = "[game]\nrules = rps\n[player.1]\nbot = rps-random\n"
                               "[player.2]\nbot = rps-random\n";

/* The replay of a bot game; timed by clock when it is not NULL. */
static void play_game(const char *ini, uint64_t seed, ticking *clock, sapper_strbuf *out)
{
    sapper_setup setup;
    char err[1024] = "";
    if (test_setup(reg, ini, NULL, &setup, err, sizeof err) != SAPPER_OK)
        fail_msg("setup: %s", err);
    sapper_match *m = sapper_match_new(&setup, seed, 0, err, sizeof err);
    if (!m)
        fail_msg("match: %s", err);
    if (clock)
        sapper_match_set_clock(m, tick, clock);
    sapper_match_advance(m);
    sapper_replay_text(m, out);
    sapper_match_free(m);
    sapper_setup_free(&setup);
}

static sapper_replay *read_ok(const char *text)
{
    sapper_replay *r = NULL;
    char err[1024] = "";
    if (sapper_replay_read(text, "r.txt", 1, &r, err, sizeof err) != SAPPER_OK)
        fail_msg("refused: %s\n%s", err, text);
    return r;
}

static void assert_verifies(const char *text)
{
    sapper_replay_check c;
    char err[1024] = "";
    if (sapper_replay_verify(text, "r.txt", 1, reg, &c, err, sizeof err) != SAPPER_OK)
        fail_msg("refused: %s\n%s", err, text);
    assert_true(c.matches);
}

static void assert_refused(const char *text, const char *want)
{
    sapper_replay_check c;
    char err[1024] = "";
    assert_int_not_equal(sapper_replay_verify(text, "r.txt", 1, reg, &c, err,
                                              sizeof err), SAPPER_OK);
    assert_contains(err, want);
}

/* text with every `from` replaced by `to`; the caller frees it. */
static char *replace_all(const char *text, const char *from, const char *to)
{
    size_t nf = strlen(from), nt = strlen(to), n = 0;
    for (const char *p = text; (p = strstr(p, from)); p += nf)
        n++;
    char *out = malloc(strlen(text) + n * nt + 1), *o = out;
    assert_non_null(out);
    for (const char *p = text, *q; ; p = q + nf) {
        q = strstr(p, from);
        size_t k = q ? (size_t)(q - p) : strlen(p);
        memcpy(o, p, k);
        o += k;
        if (!q)
            break;
        memcpy(o, to, nt);
        o += nt;
    }
    *o = 0;
    return out;
}

static void test_replay_times_are_written_and_read_back(void **state)
{
    (void)state;
    sapper_strbuf text = {0};
    ticking clock = {.now = 0, .step = 250};
    play_game(one_bot, 42, &clock, &text);
    assert_contains(sapper_strbuf_str(&text), "\nat 0 move 1 reveal ");
    assert_contains(sapper_strbuf_str(&text), "\nat 250 move 1 ");
    sapper_replay *r = read_ok(sapper_strbuf_str(&text));
    size_t steps = sapper_replay_steps(r), first;
    assert_true(steps > 2);
    assert_int_equal(sapper_replay_step_ms(r, 0), 0);
    for (size_t s = 1; s <= steps; s++) {
        assert_int_equal(sapper_replay_step_moves(r, s, &first), 1);
        assert_int_equal(first, s - 1);
        assert_int_equal(sapper_replay_step_ms(r, s), (int64_t)(s - 1) * 250);
    }
    assert_verifies(sapper_strbuf_str(&text));
    sapper_replay_free(r);
    sapper_strbuf_free(&text);
}

/* Files from before times, and matches without a clock: no `at`, the
   steps say -1, and they verify as ever. */
static void test_replay_without_times_reads_and_verifies(void **state)
{
    (void)state;
    sapper_strbuf text = {0};
    play_game(one_bot, 42, NULL, &text);
    assert_null(strstr(sapper_strbuf_str(&text), "\nat "));
    sapper_replay *r = read_ok(sapper_strbuf_str(&text));
    assert_true(sapper_replay_steps(r) > 2);
    assert_int_equal(sapper_replay_step_ms(r, 1), -1);
    assert_int_equal(sapper_replay_step_ms(r, sapper_replay_steps(r)), -1);
    assert_verifies(sapper_strbuf_str(&text));
    sapper_replay_free(r);
    sapper_strbuf_free(&text);
}

/* The same game with and without times is the same game: stripping the
   times gives the untimed record byte for byte, and other times (still in
   order) verify the same. */
static void test_replay_times_never_change_what_verifies(void **state)
{
    (void)state;
    sapper_strbuf timed = {0}, plain = {0};
    ticking clock = {.now = 0, .step = 1};
    play_game(one_bot, 7, &clock, &timed);
    play_game(one_bot, 7, NULL, &plain);
    char *stripped = strdup(sapper_strbuf_str(&timed));
    for (char *p = stripped; (p = strstr(p, "at ")); ) {
        char *move = strstr(p, " move ");
        if ((p == stripped || p[-1] == '\n') && move)
            memmove(p, move + 1, strlen(move + 1) + 1);
        else
            p++;
    }
    assert_string_equal(stripped, sapper_strbuf_str(&plain));
    char *slower = replace_all(sapper_strbuf_str(&timed), "\nat ", "\nat 9");
    assert_verifies(slower);
    free(slower);
    free(stripped);
    sapper_strbuf_free(&timed);
    sapper_strbuf_free(&plain);
}

/* A simultaneous turn is one step, its moves one time: the turn was
   applied at once. */
static void test_replay_simultaneous_turn_is_one_step_with_one_time(void **state)
{
    (void)state;
    sapper_strbuf text = {0};
    ticking clock = {.now = 100, .step = 100};
    play_game(rps_bots, 77, &clock, &text);
    assert_contains(sapper_strbuf_str(&text), "joint 2\nat 100 move 1 ");
    assert_contains(sapper_strbuf_str(&text), "\nat 100 move 2 ");
    sapper_replay *r = read_ok(sapper_strbuf_str(&text));
    size_t steps = sapper_replay_steps(r), first;
    assert_true(steps >= 2);
    for (size_t s = 1; s <= steps; s++) {
        assert_int_equal(sapper_replay_step_moves(r, s, &first), 2);
        assert_int_equal(first, 2 * (s - 1));
        assert_int_equal(sapper_replay_step_ms(r, s), (int64_t)s * 100);
    }
    sapper_replay_free(r);
    sapper_strbuf_free(&text);
}

/* A clock set back (a front end's clock after a pause) never makes a
   move earlier than the one before it: the record stays readable. */
static int64_t backwards(void *ctx)
{
    int64_t *now = ctx;
    *now -= 10;
    return *now;
}

static void test_replay_clock_set_back_keeps_times_in_order(void **state)
{
    (void)state;
    sapper_setup setup;
    char err[1024] = "";
    assert_int_equal(test_setup(reg, one_bot, NULL, &setup, err, sizeof err), SAPPER_OK);
    sapper_match *m = sapper_match_new(&setup, 42, 0, err, sizeof err);
    assert_non_null(m);
    int64_t now = 1000;
    sapper_match_set_clock(m, backwards, &now);
    sapper_match_advance(m);
    assert_true(sapper_match_move_count(m) > 2);
    for (size_t i = 0; i < sapper_match_move_count(m); i++)
        assert_int_equal(sapper_match_move(m, i)->ms, 990);
    sapper_strbuf text = {0};
    sapper_replay_text(m, &text);
    assert_verifies(sapper_strbuf_str(&text));
    sapper_strbuf_free(&text);
    sapper_match_free(m);
    sapper_setup_free(&setup);
}

/* Playing step by step reaches the positions the game went through, and
   the forfeit is a step of its own after the last move. */
static void test_replay_steps_play_into_a_match(void **state)
{
    (void)state;
    sapper_strbuf text = {0};
    play_game("[player.1]\nbot = bot_illegal\n", 1, NULL, &text);
    assert_contains(sapper_strbuf_str(&text), "forfeit 1 illegal\n");
    sapper_replay *r = read_ok(sapper_strbuf_str(&text));
    size_t steps = sapper_replay_steps(r), first;
    assert_int_equal(sapper_replay_step_moves(r, steps, &first), 0);   /* the forfeit */
    sapper_setup setup;
    char err[1024] = "";
    assert_int_equal(sapper_replay_setup(r, reg, &setup, err, sizeof err), SAPPER_OK);
    assert_null(setup.seats[0].bot);   /* played from the file */
    sapper_match *m = sapper_match_new(&setup, setup.seed, 0, err, sizeof err);
    assert_non_null(m);
    assert_int_equal(sapper_replay_play(r, m, 0, steps - 1, err, sizeof err), SAPPER_OK);
    assert_int_equal(sapper_match_move_count(m), steps - 1);
    assert_null(sapper_match_fault(m));
    assert_int_equal(sapper_replay_play(r, m, steps - 1, steps, err, sizeof err), SAPPER_OK);
    assert_non_null(sapper_match_fault(m));
    sapper_strbuf outcome = {0};
    sapper_match_outcome_line(m, &outcome);
    assert_string_equal(sapper_strbuf_str(&outcome), sapper_replay_outcome(r));
    sapper_strbuf_free(&outcome);
    sapper_match_free(m);
    sapper_setup_free(&setup);
    sapper_replay_free(r);
    sapper_strbuf_free(&text);
}

/* The watch shows the view of the first seat a person played, else seat
   1's (the omniscient view would show the whole board from the start). */
static void test_replay_viewer_is_the_first_person_else_seat_one(void **state)
{
    (void)state;
    static const char *const seats[] = {
        "seat 1 bot random random\nseat 2 human Ada\n",
        "seat 1 bot random random\nseat 2 bot random random\n",
        "seat 1 human Ada\nseat 2 human Bo\n",
    };
    static const int32_t viewer[] = {1, 0, 0};
    for (int i = 0; i < 3; i++) {
        char text[512], err[1024] = "";
        snprintf(text, sizeof text, "sapper-replay 1\nrules seeker\nseed 5\n%s"
                 "outcome unfinished moves 0 returns 0 0\n", seats[i]);
        sapper_replay *r = read_ok(text);
        sapper_setup setup;
        assert_int_equal(sapper_replay_setup(r, reg, &setup, err, sizeof err), SAPPER_OK);
        assert_int_equal(sapper_replay_viewer(r), viewer[i]);
        sapper_setup_free(&setup);
        sapper_replay_free(r);
    }
}

/* The results database keeps the lines without their times, and the times
   as a blob apart (store_lines.c): both ways give the record back. */
static void test_replay_times_apart_and_back_give_the_record(void **state)
{
    (void)state;
    sapper_strbuf timed = {0}, plain = {0}, untimed = {0}, back = {0}, blob = {0};
    ticking clock = {.now = 3, .step = 0};   /* bots: many moves in one ms */
    play_game(one_bot, 7, &clock, &timed);
    play_game(one_bot, 7, NULL, &plain);
    int64_t *ms = NULL;
    size_t n = 0, m = 0;
    assert_int_equal(sapper_replay_cut_times(sapper_strbuf_str(&timed), &untimed, &ms, &n), 0);
    assert_string_equal(sapper_strbuf_str(&untimed), sapper_strbuf_str(&plain));
    for (size_t i = n / 2; i < n; i++)   /* a pause, then a ms every third move */
        ms[i] = 1500 + (int64_t)(i - n / 2) / 3;
    assert_int_equal(sapper_lines_encode_times(ms, n, &blob), 0);
    assert_true(blob.len < n);   /* runs of equal times are one number */
    int64_t *got = calloc(n + 1, sizeof *got);
    assert_int_equal(sapper_lines_decode_times(blob.data, blob.len, got, n, &m), 0);
    assert_int_equal(m, n);
    assert_memory_equal(got, ms, n * sizeof *ms);
    assert_int_equal(sapper_lines_decode_times(blob.data, blob.len, got, n - 1, &m), -1);
    assert_int_equal(sapper_lines_decode_times("\x80", 1, got, n, &m), -1);   /* cut short */
    assert_int_equal(sapper_replay_put_times(sapper_strbuf_str(&untimed), ms, n, &back), n);
    sapper_replay *r = read_ok(sapper_strbuf_str(&back));
    assert_int_equal(sapper_replay_step_ms(r, n / 2 + 1), 1500);
    assert_verifies(sapper_strbuf_str(&back));
    sapper_replay_free(r);
    free(got);
    free(ms);
    sapper_strbuf_free(&timed);
    sapper_strbuf_free(&plain);
    sapper_strbuf_free(&untimed);
    sapper_strbuf_free(&back);
    sapper_strbuf_free(&blob);
}

static const char game[] = "sapper-replay 1\nrules classic\nparam first_click opening\n"
                           "seed 7\nseat 1 human you\n";

static void test_replay_malformed_times_are_refused_with_their_line(void **state)
{
    (void)state;
    char text[512];
    snprintf(text, sizeof text, "%sat 5 move 1 reveal 4 4\nat 4 move 1 flag 0 0\n"
             "outcome unfinished moves 2 returns 0\n", game);
    assert_refused(text, "r.txt:7: at 4: expected a time from 5 ms on (the move "
                   "before it, line 6), found an earlier one");
    snprintf(text, sizeof text, "%sat 5 move 1 reveal 4 4\nmove 1 flag 0 0\n"
             "outcome unfinished moves 2 returns 0\n", game);
    assert_refused(text, "r.txt:7: expected \"at MS\" before the move, as every "
                   "move before it has (line 6)");
    snprintf(text, sizeof text, "%smove 1 reveal 4 4\nat 9 move 1 flag 0 0\n"
             "outcome unfinished moves 2 returns 0\n", game);
    assert_refused(text, "r.txt:7: expected a move without a time");
    snprintf(text, sizeof text, "%sat soon move 1 reveal 4 4\n"
             "outcome unfinished moves 1 returns 0\n", game);
    assert_refused(text, "r.txt:6: expected at MS move SEAT ACTION, MS the "
                   "milliseconds since the game began");
    assert_refused(text, "found \"soon move 1 reveal 4 4\"");
    snprintf(text, sizeof text, "%sat 5 reveal 4 4\noutcome unfinished moves 1 returns 0\n",
             game);
    assert_refused(text, "r.txt:6: expected at MS move SEAT ACTION");
    snprintf(text, sizeof text, "%sat 5 move 1 reveal 4 4\nat 6 move 1 flag 0 0\n"
             "outcome unfinished moves 2 returns 0\n", game);
    assert_verifies(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_replay_times_are_written_and_read_back),
        cmocka_unit_test(test_replay_without_times_reads_and_verifies),
        cmocka_unit_test(test_replay_times_never_change_what_verifies),
        cmocka_unit_test(test_replay_simultaneous_turn_is_one_step_with_one_time),
        cmocka_unit_test(test_replay_clock_set_back_keeps_times_in_order),
        cmocka_unit_test(test_replay_steps_play_into_a_match),
        cmocka_unit_test(test_replay_viewer_is_the_first_person_else_seat_one),
        cmocka_unit_test(test_replay_times_apart_and_back_give_the_record),
        cmocka_unit_test(test_replay_malformed_times_are_refused_with_their_line),
    };
    return cmocka_run_group_tests(tests, setup_all, teardown_all);
}
