/*
 * fuzz_scores.c - fuzz target: the score file as `sapper scores` reads it
 * (core/scores/score_file.c, scores_load), then the tables made from its
 * games (score_tables.c: the top ten, the players, the averages, each
 * game's place). The input is the file's bytes: a SQLite database, any
 * version, schema or page layout the fuzzer makes of it.
 *
 * SQLite opens a score file by name, so each input is written to one file
 * in a private temporary directory (fuzz_tmp.h), with the journal, WAL and
 * shared-memory files SQLite may leave beside it removed before and after,
 * so no input sees what an earlier one left. Reading opens the file read
 * only; nothing else is written.
 *
 * Checks beyond the sanitizers: a refused file is named in the message;
 * every game read keeps the promises of docs/FORMATS.md (a time from 0 to
 * 1e9 seconds or a loss, a date up to the year 9999, a board key of 1 to
 * 63 bytes, method 1 or 2, a 3BV from 0, a name of at most seven
 * characters without control characters); the tables agree with the
 * games (the top ten are wins, fastest first; a player's wins and streaks
 * within the games; a game's place among the wins, 0 for a loss).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_check.h"
#include "fuzz_tmp.h"
#include "scores.h"

#define LATEST_PLAYED_AT INT64_C(253402300799)   /* 9999-12-31 23:59:59 UTC */
#define MAX_GAMES 1024   /* tables of more games are not made: time */

static char path[4200];

static void remove_files(void)
{
    static const char *const suffixes[] = {"", "-journal", "-wal", "-shm"};
    char name[4300];
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
        snprintf(name, sizeof name, "%s%s", path, suffixes[i]);
        unlink(name);
    }
}

static int write_file(const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    size_t put = fwrite(data, 1, size, f);
    return fclose(f) == 0 && put == size ? 0 : -1;
}

static int utf8_chars(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += (*s & 0xC0) != 0x80;
    return n;
}

static void check_entry(const scores_entry *e, size_t i)
{
    FUZZ_CHECK(e->seconds == INFINITY || (e->seconds >= 0 && e->seconds <= 1e9),
               "game %zu: %g seconds", i, e->seconds);
    FUZZ_CHECK(e->played_at >= 0 && e->played_at <= LATEST_PLAYED_AT,
               "game %zu: played at %lld", i, (long long)e->played_at);
    FUZZ_CHECK(strlen(e->board) >= 1 && strlen(e->board) < SCORES_KEY_MAX,
               "game %zu: board key of %zu bytes", i, strlen(e->board));
    FUZZ_CHECK(e->method == SAPPER_SCORE_FASTEST || e->method == SAPPER_SCORE_HARMONIC,
               "game %zu: method %d", i, (int)e->method);
    FUZZ_CHECK(e->bbbv >= 0, "game %zu: 3BV %d", i, (int)e->bbbv);
    FUZZ_CHECK(e->name[0] && utf8_chars(e->name) <= SCORES_NAME_CHARS,
               "game %zu: name \"%s\"", i, e->name);
    for (const char *p = e->name; *p; p++)
        FUZZ_CHECK((unsigned char)*p >= 0x20 && *p != 0x7f,
                   "game %zu: a control character in the name", i);
}

static void check_top(const scores_entry *all, size_t n)
{
    scores_entry top[SCORES_TOP];
    size_t k = scores_top(all, n, INT64_MIN, top, SCORES_TOP), wins = 0;
    for (size_t i = 0; i < n; i++)
        wins += isfinite(all[i].seconds);
    FUZZ_CHECK(k == (wins < SCORES_TOP ? wins : SCORES_TOP), "top %zu of %zu wins",
               k, wins);
    for (size_t i = 0; i < k; i++)
        FUZZ_CHECK(isfinite(top[i].seconds) && (i == 0 || top[i - 1].seconds <= top[i].seconds),
                   "top: entry %zu, %g seconds, out of order", i, top[i].seconds);
}

static void check_players(const scores_entry *all, size_t n)
{
    static scores_player players[MAX_GAMES];
    size_t k = scores_players(all, n, players, MAX_GAMES);
    int64_t games = 0;
    for (size_t i = 0; i < k; i++) {
        const scores_player *p = &players[i];
        games += p->games;
        FUZZ_CHECK(p->wins <= p->games && p->streak <= p->best_streak &&
                   p->best_streak <= p->wins,
                   "player %s: %d games, %d wins, streak %d, best %d", p->name,
                   (int)p->games, (int)p->wins, (int)p->streak, (int)p->best_streak);
    }
    FUZZ_CHECK(games == (int64_t)n, "players hold %lld games of %zu", (long long)games, n);
}

static void check_averages(const scores_entry *all, size_t n)
{
    static scores_average averages[MAX_GAMES];
    size_t k = scores_averages(all, n, averages, MAX_GAMES);
    for (size_t i = 0; i < k; i++)
        FUZZ_CHECK(averages[i].mean >= 0 && averages[i].wins <= averages[i].games &&
                   (averages[i].wins > 0 || averages[i].mean == INFINITY),
                   "average of %s: %g over %d games, %d wins", averages[i].name,
                   averages[i].mean, (int)averages[i].games, (int)averages[i].wins);
}

static void check_standing(const scores_entry *all, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t rank = 0;
        int best = 0;
        scores_standing(all, n, i, &rank, &best);
        FUZZ_CHECK(isfinite(all[i].seconds) ? rank >= 1 && rank <= n : rank == 0,
                   "game %zu (%g s): place %zu", i, all[i].seconds, rank);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);   /* libFuzzer calls it */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!path[0])
        snprintf(path, sizeof path, "%s/scores.db", fuzz_tmp_dir());
    remove_files();
    if (write_file(data, size) != 0)
        return 0;
    scores_entry *all = NULL;
    size_t n = 0;
    char err[1024] = "";
    if (scores_load(path, NULL, NULL, &all, &n, err, sizeof err) != 0) {
        FUZZ_CHECK(strstr(err, path) && !all && n == 0, "refused: \"%s\"", err);
    } else {
        for (size_t i = 0; i < n; i++)
            check_entry(&all[i], i);
        if (n <= MAX_GAMES) {
            check_top(all, n);
            check_players(all, n);
            check_averages(all, n);
            check_standing(all, n);
        }
    }
    free(all);
    remove_files();
    return 0;
}
