/*
 * test_worker.c - the records a tournament's worker process sends its
 * parent (core/runner/worker.c) and an MPI rank sends rank 0, as
 * frames of core/runner/record_wire.c: the receiver reads back what
 * was sent, and judges sound only what the engine could have written. No
 * worker is started: the frame goes through a pipe in this process, or
 * is read from a buffer as rank 0 reads a message of records.
 */
#include "helpers.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "record_wire.h"
#include "tournament_internal.h"

#define GAME 5

static char replay[] = "sapper-replay 1\nrules classic\nseed 9\n";
static char json[] = "{\"width\":9}";

static sapper_game_record a_record(void)
{
    sapper_game_record r;
    memset(&r, 0, sizeof r);
    r.index = GAME;
    r.nseats = 2;
    r.culprit = -1;
    r.returns[0] = 1.0;
    r.think[0] = 0.5;
    r.think[1] = 0.25;
    r.steps[0] = 3;
    r.steps[1] = 4;
    r.moves = 7;
    r.seconds = 1.5;
    r.replay = replay;
    r.json = json;
    return r;
}

/* The parent's worker, asked for GAME, reading from fd. */
static sapper_worker parent_side(int fd)
{
    sapper_worker w = {.pid = -1, .from_child = fd, .to_child = -1, .nqueued = 1,
                       .queue = {GAME}, .cpu = -1};
    return w;
}

/* Sends r through a pipe as a worker does; the parent reads it into out. */
static sapper_status through_pipe(const sapper_game_record *r, sapper_game_record *out)
{
    int fds[2];
    sapper_strbuf frame = {0};
    sapper_record_pack(r, &frame);
    assert_false(frame.failed);
    assert_int_equal(pipe(fds), 0);
    assert_int_equal(write(fds[1], frame.data, frame.len),
                     (ssize_t)frame.len);   /* under a pipe's 64 KiB */
    close(fds[1]);
    sapper_worker w = parent_side(fds[0]);
    sapper_status st = sapper_worker_receive(&w, out);
    close(fds[0]);
    sapper_strbuf_free(&frame);
    return st;
}

static void test_worker_record_reads_back_as_sent(void **state)
{
    (void)state;
    sapper_game_record sent = a_record(), got;
    assert_int_equal(through_pipe(&sent, &got), SAPPER_OK);
    assert_int_equal(got.index, GAME);
    assert_true(got.returns[0] == 1.0 && got.think[1] == 0.25 && got.seconds == 1.5);
    assert_string_equal(got.replay, replay);
    assert_string_equal(got.json, json);
    sapper_tgame g = {.index = GAME, .nseats = 2};
    assert_true(sapper_record_is_sound(&g, &got));
    sapper_game_record_free(&got);
}

static void test_worker_record_of_another_game_is_not_sound(void **state)
{
    (void)state;
    sapper_game_record r = a_record();
    sapper_tgame g = {.index = GAME, .nseats = 3};
    assert_false(sapper_record_is_sound(&g, &r));   /* seats */
    g.nseats = 2;
    r.index = GAME + 1;
    assert_false(sapper_record_is_sound(&g, &r));
}

/* Found by fuzz_wire: an infinite time passed the check (inf >= 0) and
   was stored as "inf" in the results' JSON, which no reader takes (the
   table's --json then wrote "ms_per_move":inf). */
static void test_worker_record_with_a_time_the_engine_never_measures_is_not_sound(void **state)
{
    (void)state;
    sapper_tgame g = {.index = GAME, .nseats = 2};
    const double bad[] = {INFINITY, -1.0, NAN};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sapper_game_record r = a_record();
        r.think[1] = bad[i];
        assert_false(sapper_record_is_sound(&g, &r));
        r = a_record();
        r.seconds = bad[i];
        assert_false(sapper_record_is_sound(&g, &r));
    }
}

/* Rank 0 reads a message of records frame by frame (mpi_lanes.c): each
   comes back as sent, and what is left after the last is no frame. */
static void test_worker_records_of_a_message_read_back_one_by_one(void **state)
{
    (void)state;
    sapper_game_record first = a_record(), second = a_record(), got;
    second.index = GAME + 1;
    second.replay = NULL;
    sapper_strbuf msg = {0};
    sapper_record_pack(&first, &msg);
    sapper_record_pack(&second, &msg);
    assert_false(msg.failed);
    size_t used = 0, at = 0;
    assert_int_equal(sapper_record_next(msg.data, msg.len, &used, &got), SAPPER_OK);
    assert_int_equal(got.index, GAME);
    assert_string_equal(got.replay, replay);
    sapper_game_record_free(&got);
    at += used;
    assert_int_equal(sapper_record_next(msg.data + at, msg.len - at, &used, &got), SAPPER_OK);
    assert_int_equal(got.index, GAME + 1);
    assert_string_equal(got.replay, "");
    assert_string_equal(got.json, json);
    sapper_game_record_free(&got);
    at += used;
    assert_int_equal(at, msg.len);
    assert_int_equal(sapper_record_next(msg.data + at, 0, &used, &got), SAPPER_ERR_PARSE);
    sapper_strbuf_free(&msg);
}

/* A frame cut short is no record, whichever way it came. */
static void test_worker_record_cut_short_is_no_record(void **state)
{
    (void)state;
    sapper_game_record r = a_record(), got;
    sapper_strbuf frame = {0};
    sapper_record_pack(&r, &frame);
    size_t used;
    assert_int_equal(sapper_record_next(frame.data, frame.len - 1, &used, &got),
                     SAPPER_ERR_PARSE);
    assert_int_equal(sapper_record_next(frame.data, sizeof(sapper_record_header) - 1,
                                        &used, &got), SAPPER_ERR_PARSE);
    sapper_strbuf_free(&frame);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_worker_record_reads_back_as_sent),
        cmocka_unit_test(test_worker_record_of_another_game_is_not_sound),
        cmocka_unit_test(test_worker_record_with_a_time_the_engine_never_measures_is_not_sound),
        cmocka_unit_test(test_worker_records_of_a_message_read_back_one_by_one),
        cmocka_unit_test(test_worker_record_cut_short_is_no_record),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
