/*
 * test_scores.c - unit tests of the scoreboard (core/scores): the boards
 * the rules give games (sapper_rules_api.score through a match: classic's
 * sizes, first-click rules, no-guess and layout boards; deductive's 25x14
 * only; none for seeker), the place a win reaches and personal bests,
 * the players table with its streaks, and the score file: a file of the
 * older deductive-only format read and brought up to date with every row
 * kept, and a file that is not a score file refused by name and left
 * byte for byte as it was.
 */
#include "helpers.h"

#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "scores.h"

#define FIXTURE(name) SAPPER_FIXTURES "/" name

/* ---- boards the rules give ----------------------------------------- */

/* The score of a fresh match of rules with "key=value" args (NULL-ended);
   returns what sapper_match_score returned. */
static int score_of(const sapper_registry *reg, const char *rules,
                    const char *const *args, sapper_score *out)
{
    char ini[128], err[1024] = "";
    sapper_config cfg;
    sapper_setup s;
    snprintf(ini, sizeof ini, "[game]\nrules = %s\n", rules);
    sapper_config_init(&cfg);
    assert_int_equal(sapper_config_read_string(&cfg, ini, "t.ini", err, sizeof err),
                     SAPPER_OK);
    for (int i = 0; args && args[i]; i++)
        assert_int_equal(sapper_config_override(&cfg, args[i], i + 1, "rules",
                                                err, sizeof err), SAPPER_OK);
    sapper_setup_options opt = {.drawn_seed = 7};
    if (sapper_setup_resolve(&cfg, reg, &opt, &s, err, sizeof err) != SAPPER_OK)
        fail_msg("setup: %s", err);
    sapper_match *m = sapper_match_new(&s, 7, 0, err, sizeof err);
    assert_non_null(m);
    int rc = sapper_match_score(m, out);
    sapper_match_free(m);
    sapper_setup_free(&s);
    sapper_config_free(&cfg);
    return rc;
}

static void test_scores_classic_boards_by_size_first_click_and_kind(void **unused)
{
    (void)unused;
    sapper_registry *reg = test_registry(0);
    sapper_score sc;
    const char *expert[] = {"preset=expert", "first_click=opening", NULL};
    assert_int_equal(score_of(reg, "classic", expert, &sc), 1);
    assert_string_equal(sc.board, "classic 30x16/99 opening");
    assert_string_equal(sc.label, "Expert");
    assert_int_equal(sc.method, SAPPER_SCORE_FASTEST);
    const char *custom[] = {"width=30", "height=16", "mines=99", NULL};
    assert_int_equal(score_of(reg, "classic", custom, &sc), 1);
    assert_string_equal(sc.board, "classic 30x16/99 safe");   /* a preset's size */
    assert_string_equal(sc.label, "Expert");
    const char *odd[] = {"width=12", "height=7", "mines=20", "no_guess=true", NULL};
    assert_int_equal(score_of(reg, "classic", odd, &sc), 1);
    assert_string_equal(sc.board, "classic 12x7/20 safe no-guess");
    assert_string_equal(sc.label, "");
    const char *layout[] = {"layout=" FIXTURE("e2e-4x3.txt"), NULL};
    assert_int_equal(score_of(reg, "classic", layout, &sc), 1);
    assert_true(strncmp(sc.board, "classic 4x3/2 safe layout ", 26) == 0);
    assert_int_equal(strlen(sc.board), 26 + 8);   /* the layout's hash */
    sapper_registry_free(reg);
}

static void test_scores_deductive_keeps_25x14_only_seeker_none(void **unused)
{
    (void)unused;
    sapper_registry *reg = test_registry(0);
    sapper_score sc;
    assert_int_equal(score_of(reg, "deductive", NULL, &sc), 1);
    assert_string_equal(sc.board, "deductive 25x14");
    assert_int_equal(sc.method, SAPPER_SCORE_HARMONIC);
    const char *small[] = {"preset=9x9", NULL};
    assert_int_equal(score_of(reg, "deductive", small, &sc), 0);
    const char *two[] = {"player.2.bot=hunter", NULL};
    assert_int_equal(score_of(reg, "seeker", two, &sc), 0);
    sapper_registry_free(reg);
}

/* ---- places, players, streaks -------------------------------------- */

#define GAME(n, s, t) {.name = n, .seconds = s, .played_at = t, .bbbv = 30}

static void test_scores_place_reached_and_personal_best(void **unused)
{
    (void)unused;
    scores_entry all[] = {
        GAME("ann", 50, 1), GAME("bob", 40, 2), GAME("ann", INFINITY, 3),
        GAME("ann", 45, 4), GAME("cy", 40, 5), GAME("bob", 60, 6),
    };
    size_t rank;
    int best;
    scores_standing(all, 6, 3, &rank, &best);   /* ann's 45: after both 40s */
    assert_int_equal(rank, 3);
    assert_true(best);                          /* ann's best was 50 */
    scores_standing(all, 6, 4, &rank, &best);   /* cy ties bob's 40: after it */
    assert_int_equal(rank, 2);
    assert_true(best);
    scores_standing(all, 6, 5, &rank, &best);   /* bob's 60: last, not his best */
    assert_int_equal(rank, 5);
    assert_false(best);
    scores_standing(all, 6, 2, &rank, &best);   /* a loss has no place */
    assert_int_equal(rank, 0);
    assert_false(best);
}

/* Issue 25 item 2: a game on a board that could be known (a given seed,
   piped moves) is kept but ranks nowhere: not in the top ten, the
   averages, a place or a best time; it counts in games, wins and streaks. */
static void test_scores_unranked_games_count_but_never_rank(void **unused)
{
    (void)unused;
    scores_entry all[] = {GAME("ann", 50, 1), GAME("bot", 0.002, 2), GAME("ann", 40, 3)};
    all[1].unranked = 1;
    scores_entry top[SCORES_TOP];
    assert_int_equal(scores_top(all, 3, INT64_MIN, top, SCORES_TOP), 2);
    assert_string_equal(top[0].name, "ann");
    size_t rank;
    int best;
    scores_standing(all, 3, 2, &rank, &best);   /* ann's 40 is first */
    assert_int_equal(rank, 1);
    scores_standing(all, 3, 1, &rank, &best);   /* the unranked 0.002 s: none */
    assert_int_equal(rank, 0);
    assert_false(best);
    scores_average avg[3];
    assert_int_equal(scores_averages(all, 3, avg, 3), 1);   /* bot has no ranked game */
    scores_player p[3];
    assert_int_equal(scores_players(all, 3, p, 3), 2);
    const scores_player *b = strcmp(p[0].name, "bot") == 0 ? &p[0] : &p[1];
    assert_int_equal(b->games, 1);
    assert_int_equal(b->wins, 1);
    assert_int_equal(b->streak, 1);
    assert_true(isinf(b->best));
}

static void test_scores_players_win_rates_best_times_and_streaks(void **unused)
{
    (void)unused;
    /* ann: W W L W W W L W -> 8 games, 6 won, streak 1, best streak 3 */
    double ann[] = {30, 28, INFINITY, 27, 25, 26, INFINITY, 31};
    scores_entry all[9];
    for (int i = 0; i < 8; i++)
        all[i] = (scores_entry)GAME("ann", ann[i], i);
    all[8] = (scores_entry)GAME("bob", INFINITY, 9);
    scores_player p[4];
    assert_int_equal(scores_players(all, 9, p, 4), 2);
    assert_string_equal(p[0].name, "ann");     /* a win ranks above none */
    assert_int_equal(p[0].games, 8);
    assert_int_equal(p[0].wins, 6);
    assert_int_equal(p[0].streak, 1);
    assert_int_equal(p[0].best_streak, 3);
    assert_true(p[0].best == 25);
    assert_true(fabs(p[0].best_rate - 30.0 / 25) < 1e-12);   /* 3BV/s */
    assert_string_equal(p[1].name, "bob");
    assert_int_equal(p[1].wins, 0);
    assert_true(isinf(p[1].best));
    assert_true(p[1].best_rate == 0);
}

/* ---- the score file ------------------------------------------------ */

static void temp_path(char *buf, size_t cap)
{
    snprintf(buf, cap, "/tmp/sapper-scores-test-XXXXXX");
    int fd = mkstemp(buf);
    assert_true(fd >= 0);
    close(fd);
    unlink(buf);
}

static void sql(const char *path, const char *text)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, text, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
}

static void test_scores_older_format_is_brought_up_to_date_keeping_every_row(void **unused)
{
    (void)unused;
    char path[64], err[512];
    temp_path(path, sizeof path);
    sql(path, "CREATE TABLE games(id INTEGER PRIMARY KEY, name TEXT NOT NULL,"
              " seconds REAL, played_at INTEGER NOT NULL);"
              "PRAGMA user_version = 1;"
              "INSERT INTO games(name, seconds, played_at) VALUES"
              " ('ann', 80.5, 100), ('bob', NULL, 200);");
    scores_entry *all;
    size_t n;
    assert_int_equal(scores_load(path, "deductive", NULL, &all, &n, err, sizeof err), 0);
    assert_int_equal(n, 2);                      /* read as it is */
    free(all);
    scores_entry e = {.name = "cy", .seconds = 12.25, .played_at = 300,
                      .ruleset = "classic", .board = "classic 9x9/10 safe",
                      .label = "Beginner", .method = SAPPER_SCORE_FASTEST, .bbbv = 17};
    assert_int_equal(scores_add(path, &e, NULL, err, sizeof err), 0);
    assert_int_equal(scores_load(path, NULL, NULL, &all, &n, err, sizeof err), 0);
    assert_int_equal(n, 3);
    assert_string_equal(all[0].name, "ann");
    assert_true(all[0].seconds == 80.5 && all[0].played_at == 100);
    assert_string_equal(all[0].board, "deductive 25x14");
    assert_int_equal(all[0].method, SAPPER_SCORE_HARMONIC);
    assert_true(isinf(all[1].seconds));
    assert_string_equal(all[2].board, "classic 9x9/10 safe");
    assert_int_equal(all[2].bbbv, 17);
    free(all);
    assert_int_equal(scores_load(path, "classic", NULL, &all, &n, err, sizeof err), 0);
    assert_int_equal(n, 1);                      /* filtered by ruleset */
    free(all);
    unlink(path);
}

/* The whole file as bytes (malloc'd), its size in *n. */
static char *slurp(const char *path, long *n)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    *n = ftell(f);
    rewind(f);
    char *buf = malloc((size_t)*n);
    assert_int_equal(fread(buf, 1, (size_t)*n, f), (size_t)*n);
    fclose(f);
    return buf;
}

static void test_scores_foreign_file_is_refused_and_left_alone(void **unused)
{
    (void)unused;
    char path[64], err[512];
    temp_path(path, sizeof path);
    sql(path, "CREATE TABLE results(x); PRAGMA user_version = 4;");
    long before_n, after_n;
    char *before = slurp(path, &before_n);
    scores_entry e = {.name = "cy", .seconds = 1, .played_at = 1,
                      .ruleset = "classic", .board = "classic 9x9/10 safe",
                      .method = SAPPER_SCORE_FASTEST};
    assert_int_equal(scores_add(path, &e, NULL, err, sizeof err), -1);
    assert_contains(err, path);
    assert_contains(err, "not a Sapper score file");
    char *after = slurp(path, &after_n);
    assert_int_equal(before_n, after_n);
    assert_memory_equal(before, after, (size_t)before_n);
    scores_entry *all;
    size_t n;
    assert_int_equal(scores_load(path, NULL, NULL, &all, &n, err, sizeof err), -1);
    assert_contains(err, "not a Sapper score file");
    free(before);
    free(after);
    unlink(path);
}

/* Found by fuzz_scores: a board key holding a NUL byte passed the
   length check (SQLite counts the bytes after it) and was read cut short,
   down to an empty key. */
static void test_scores_board_key_with_a_nul_byte_is_refused(void **unused)
{
    (void)unused;
    char path[64], err[512];
    temp_path(path, sizeof path);
    scores_entry e = {.name = "cy", .seconds = 12.25, .played_at = 300,
                      .ruleset = "classic", .board = "classic 9x9/10 safe",
                      .label = "Beginner", .method = SAPPER_SCORE_FASTEST, .bbbv = 17};
    assert_int_equal(scores_add(path, &e, NULL, err, sizeof err), 0);
    sql(path, "UPDATE games SET board = CAST(X'00636C6173736963' AS TEXT);");
    scores_entry *all = NULL;
    size_t n = 0;
    assert_int_equal(scores_load(path, NULL, NULL, &all, &n, err, sizeof err), -1);
    assert_null(all);
    assert_contains(err, path);
    assert_contains(err, "row id 1: board: expected a text of 1 to 63 bytes");
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scores_classic_boards_by_size_first_click_and_kind),
        cmocka_unit_test(test_scores_deductive_keeps_25x14_only_seeker_none),
        cmocka_unit_test(test_scores_place_reached_and_personal_best),
        cmocka_unit_test(test_scores_unranked_games_count_but_never_rank),
        cmocka_unit_test(test_scores_players_win_rates_best_times_and_streaks),
        cmocka_unit_test(test_scores_older_format_is_brought_up_to_date_keeping_every_row),
        cmocka_unit_test(test_scores_foreign_file_is_refused_and_left_alone),
        cmocka_unit_test(test_scores_board_key_with_a_nul_byte_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
