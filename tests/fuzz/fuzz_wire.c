/*
 * fuzz_wire.c - fuzz target: the records a tournament's master reads
 * (core/runner/record_wire.c), both ways they reach it:
 *  - from its worker processes: the record header, the replay and the
 *    result JSON read off the pipe (sapper_worker_receive, worker.c),
 *    then the judgement whether the engine could have written it
 *    (sapper_record_is_sound), as the pool's collect() makes them;
 *  - from another MPI rank: a message of records taken frame by frame
 *    (sapper_record_next, as mpi_lanes.c does), each judged the same way
 *    (as runner_lanes.c does before it stores one).
 * A bot running inside the worker (sandbox = none) may write anything on
 * that pipe, and a rank may be another build, so every byte is the
 * fuzzer's.
 *
 * Input: one byte, the seats of the game the master asked for less one
 * (modulo SAPPER_MAX_SEATS), then the bytes the worker (or rank) sent.
 * The master asked for game GAME_INDEX. For the pipe the bytes are served
 * from an anonymous in-memory file (memfd), so the pipe's end is the
 * input's end; nothing is written to disk. Seeds: make_wire_seeds.c
 * writes real records.
 *
 * Checks beyond the sanitizers: a record read whole holds its texts as C
 * strings; a record judged sound is one the runner can store and tally:
 * its reason a known word, its culprit a seat or none, every return in
 * [0, 1], times finite and not negative, counts not negative.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_check.h"
#include "record_wire.h"
#include "tournament_internal.h"

#define GAME_INDEX 5   /* the game the parent asked for (make_wire_seeds.c) */

static int pipe_fd = -1;   /* the worker's end, as the parent sees it */

int LLVMFuzzerInitialize(int *argc, char ***argv);   /* libFuzzer calls it */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    pipe_fd = memfd_create("fuzz_wire", MFD_CLOEXEC);
    if (pipe_fd < 0) {
        perror("fuzz_wire: memfd_create");
        abort();
    }
    return 0;
}

/* Makes the bytes data[0..size) what the pipe holds, from the start. */
static int fill_pipe(const uint8_t *data, size_t size)
{
    return ftruncate(pipe_fd, 0) == 0 &&
           pwrite(pipe_fd, data, size, 0) == (ssize_t)size &&
           lseek(pipe_fd, 0, SEEK_SET) == 0 ? 0 : -1;
}

static int known_reason(const char *why)
{
    static const char *const words[] = {"", "crash", "timeout", "illegal", "exit",
        "memory", "error", "void", "sandbox", "protocol", "killed", "corrupt", "cpu"};
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (strcmp(why, words[i]) == 0)
            return 1;
    return 0;
}

/* What the runner does with a sound record: store it (the reason and the
   culprit's name as text, the numbers as JSON) and add up its returns. */
static void check_sound(const sapper_game_record *r, const sapper_tgame *g)
{
    FUZZ_CHECK(memchr(r->reason, 0, sizeof r->reason) && known_reason(r->reason),
               "reason is not a known word");
    FUZZ_CHECK(r->culprit >= -1 && r->culprit < g->nseats, "culprit %d of %d seats",
               (int)r->culprit, (int)g->nseats);
    FUZZ_CHECK(r->index == GAME_INDEX && r->nseats == g->nseats && r->moves >= 0,
               "game %lld, %d seats, %lld moves", (long long)r->index,
               (int)r->nseats, (long long)r->moves);
    FUZZ_CHECK(isfinite(r->seconds) && r->seconds >= 0, "seconds %g", r->seconds);
    for (int32_t s = 0; s < g->nseats; s++) {
        FUZZ_CHECK(r->returns[s] >= 0 && r->returns[s] <= 1, "seat %d returns %g",
                   (int)s, r->returns[s]);
        FUZZ_CHECK(isfinite(r->think[s]) && r->think[s] >= 0, "seat %d thinks %g s",
                   (int)s, r->think[s]);
        FUZZ_CHECK(r->steps[s] >= 0, "seat %d: %lld steps", (int)s,
                   (long long)r->steps[s]);
    }
}

/* A record read whole: its texts C strings within the bytes it came in
   (sent of them), and when judged sound, one the runner can store. */
static void check_read(const sapper_game_record *rec, const sapper_tgame *g, size_t sent)
{
    FUZZ_CHECK(rec->replay && rec->json, "a record read whole without its texts");
    FUZZ_CHECK(strlen(rec->replay) + strlen(rec->json) <= sent,
               "texts longer than the bytes sent");
    if (sapper_record_is_sound(g, rec))
        check_sound(rec, g);
}

/* The bytes on a worker's pipe, as the pool's collect() reads them. */
static void from_pipe(const uint8_t *data, size_t size, const sapper_tgame *g)
{
    if (fill_pipe(data, size) != 0)
        return;
    sapper_worker w = {.pid = -1, .from_child = pipe_fd, .to_child = -1,
                       .nqueued = 1, .queue = {GAME_INDEX}, .cpu = -1};
    sapper_game_record rec;
    if (sapper_worker_receive(&w, &rec) != SAPPER_OK)
        return;
    check_read(&rec, g, size);
    sapper_game_record_free(&rec);
}

/* The bytes as a rank's message of records, as rank 0 takes them. */
static void from_rank(const uint8_t *data, size_t size, const sapper_tgame *g)
{
    const char *msg = (const char *)data;
    size_t at = 0, used = 0;
    sapper_game_record rec;
    while (at < size && sapper_record_next(msg + at, size - at, &used, &rec) == SAPPER_OK) {
        FUZZ_CHECK(used >= sizeof(sapper_record_header) && used <= size - at,
                   "a frame of %zu bytes with %zu left", used, size - at);
        check_read(&rec, g, used - sizeof(sapper_record_header));
        sapper_game_record_free(&rec);
        at += used;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);   /* libFuzzer calls it */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    sapper_tgame g = {.index = GAME_INDEX, .nseats = 1 + data[0] % SAPPER_MAX_SEATS};
    from_pipe(data + 1, size - 1, &g);
    from_rank(data + 1, size - 1, &g);
    return 0;
}
