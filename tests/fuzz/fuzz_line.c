/*
 * fuzz_line.c - fuzz target: the line protocol of `sapper play` without a
 * terminal (frontends/terminal/line/play_line.c), fed a whole session of
 * commands: actions in each ruleset's words, undo, restart, board, hint,
 * solve [N], help, quit, and whatever else a pipe may carry.
 *
 * Input: the first byte picks one of the games below (modulo their
 * number), the rest is standard input (fmemopen). The games are fixed and
 * seeded, small enough to win or lose in a few moves, with bots where the
 * ruleset has more seats; every built-in plugin is linked in. Standard
 * output is kept in memory (open_memstream) and dropped.
 *
 * Nothing is written to disk: HOME and XDG_DATA_HOME are unset, so a game
 * the scoreboard would keep finds no score file ("score not recorded" on
 * standard error) and --record is not given. Each input starts from game
 * number 0 of its setup, so the same input plays the same games.
 *
 * What an input does not pay for again (docs/BENCHMARKS.md, Fuzzing): as
 * in `sapper play`, the bots that can be reset (the hunter) are kept from
 * game to game (a keep, as app_open makes), and the app keeps the solver
 * of hint and solve from session to session (play_line); both start each
 * game as new ones would, so an input plays the same whatever came
 * before. The hunter examines 1 tied cell, not 256: a move of the
 * opponent costs up to 10 analyses instead of hundreds (it was most of a
 * seeker input's time), its lookahead still runs, and the line protocol
 * meets the same opponent: claims, bombs, turns passed.
 *
 * Check beyond the sanitizers: a session always ends with its `result
 * {...}` line.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "fuzz_check.h"
#include "fuzz_app.h"

static const char *const games[] = {
    "[game]\nrules = classic\nseed = 7\n"
    "[rules]\nwidth = 6\nheight = 5\nmines = 5\n",
    "[game]\nrules = classic\nseed = 3\n"
    "[rules]\nwidth = 4\nheight = 3\nmines = 2\nfirst_click = opening\n",
    "[game]\nrules = deductive\nseed = 7\n"
    "[rules]\npreset = custom\nwidth = 6\nheight = 5\nmines = 6\n",
    "[game]\nrules = seeker\nseed = 7\n"
    "[rules]\nwidth = 6\nheight = 6\nmines = 11\nbomb = true\n"
    "[player.1]\nbot = human\n[player.2]\nbot = hunter\nlookahead = 1\n",
    "[game]\nrules = woodsword\nseed = 7\n[rules]\nmax_rounds = 30\n"
    "[player.1]\nbot = human\n[player.2]\nbot = woodsword\n"
    "[player.3]\nbot = arena-random\n",
};
#define NGAMES (sizeof games / sizeof games[0])

static app apps[NGAMES];   /* one resolved setup per game, for the process */

int LLVMFuzzerInitialize(int *argc, char ***argv);   /* libFuzzer calls it */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    unsetenv("HOME");            /* no score file: nothing written */
    unsetenv("XDG_DATA_HOME");
    for (size_t i = 0; i < NGAMES; i++)
        fuzz_open_app(&apps[i], games[i], "fuzz_line");
    return 0;
}

/* The last line of out (len bytes, ending in a newline) is the result. */
static void check_result_line(const char *out, size_t len)
{
    FUZZ_CHECK(len > 0 && out[len - 1] == '\n', "output ends without a newline");
    const char *last = out + len - 1;
    while (last > out && last[-1] != '\n')
        last--;
    FUZZ_CHECK(strncmp(last, "result {", 8) == 0 && len >= 2 && out[len - 2] == '}',
               "last line: \"%.*s\"", (int)(out + len - last), last);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);   /* libFuzzer calls it */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    app *a = &apps[data[0] % NGAMES];
    a->game_index = 0;
    char *out_text = NULL;
    size_t out_len = 0;
    FILE *in = fmemopen((void *)(data + 1), size - 1, "r");
    FILE *out = open_memstream(&out_text, &out_len);
    if (in && out) {
        play_line(a, in, out);   /* 1 after a game that found no score file */
        fflush(out);
        check_result_line(out_text, out_len);
    }
    if (in)
        fclose(in);
    if (out)
        fclose(out);
    free(out_text);
    sapper_match_free(a->match);
    a->match = NULL;
    return 0;
}
