/*
 * fuzz_replay.c - fuzz target: a replay file as `sapper replay FILE`
 * reads it: the NUL check (sapper_replay_find_nul), then each game, from
 * one line "sapper-replay 1" to the next, parsed and re-executed through
 * its rules (sapper_replay_verify) with every bundled plugin built in.
 *
 * A game whose rules take a `layout` (a file name) is skipped: the file
 * would come from the fuzzer, and a harness reads no file it names
 * (fuzz_board_solver reads layouts from memory). Nothing is written.
 *
 * Checks beyond the sanitizers: a refused game says why, naming the
 * replay; a verified one re-applied no more actions than it has move
 * lines, and matches exactly when both outcome lines are the same.
 */
#include <stdint.h>
#include <string.h>

#include "fuzz_check.h"
#include "fuzz_registry.h"
#include "replay.h"

#define NAME "fuzz.replay"

/* A `param layout FILE` line with a file name. */
static int names_a_layout(const char *game)
{
    for (const char *p = game; (p = strstr(p, "param layout ")) != NULL; p++)
        if ((p == game || p[-1] == '\n') && p[13] && p[13] != '\n' && p[13] != '\r')
            return 1;
    return 0;
}

/* Lines that can hold a move: `move ...`, or `at MS move ...` (timed). */
static int count_moves(const char *game)
{
    int n = 0;
    for (const char *p = game; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
        n += strncmp(p, "move ", 5) == 0 || strncmp(p, "at ", 3) == 0;
    return n;
}

/* One game, lines first_line.. of the file. */
static void verify(const char *game, int first_line)
{
    if (names_a_layout(game))
        return;
    char err[2048] = "";
    sapper_replay_check c;
    if (sapper_replay_verify(game, NAME, first_line, fuzz_registry(), &c, err,
                             sizeof err) != SAPPER_OK) {
        FUZZ_CHECK(strncmp(err, NAME, strlen(NAME)) == 0, "refused: \"%s\"", err);
        return;
    }
    FUZZ_CHECK(c.moves <= (size_t)count_moves(game), "%zu moves re-applied, %d lines",
               c.moves, count_moves(game));
    FUZZ_CHECK(c.matches == (strcmp(c.expected, c.actual) == 0),
               "matches %d: \"%s\" and \"%s\"", c.matches, c.expected, c.actual);
}

/* Every game of text, split where `sapper replay` splits it: before each
   line that begins with "sapper-replay 1". text is cut in place. */
static void verify_all(char *text)
{
    char *start = text;
    int line = 1, start_line = 1;
    for (char *p = text;; line++) {
        char *nl = strchr(p, '\n');
        char *next = nl ? nl + 1 : NULL;
        if (!next || strncmp(next, "sapper-replay 1", 15) == 0) {
            char saved = next ? *next : 0;
            if (next)
                *next = 0;
            if (*start)
                verify(start, start_line);
            if (!next)
                return;
            *next = saved;
            start = next;
            start_line = line + 1;
        }
        p = next;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);   /* libFuzzer calls it */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[256] = "";
    if (sapper_replay_find_nul((const char *)data, size, NAME, err, sizeof err)) {
        FUZZ_CHECK(strstr(err, "unexpected NUL byte"), "NUL: \"%s\"", err);
        return 0;
    }
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    verify_all(text);
    free(text);
    return 0;
}
