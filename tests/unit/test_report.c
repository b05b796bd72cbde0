/*
 * test_report.c - unit tests of `sapper report`'s numbers and charts: the
 * series of snapshots comes from the tables' own code (its last snapshot
 * holds exactly the table's entrant rows, and the games counted grow to
 * the games stored), and every chart draws as many marks as it declares
 * (bars, heat-map cells with a count, histogram bins with games), in the
 * viridis colours it names, with text escaped.
 */
#include "helpers.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report_svg.h"
#include "tournament.h"

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

static void expect_marks(const sapper_strbuf *svg, size_t marks)
{
    char want[48];
    snprintf(want, sizeof want, "data-marks=\"%zu\"", marks);
    assert_contains(svg->data, want);
    assert_int_equal(count(svg->data, "class=\"mark"), marks);
}

static void test_report_charts_draw_the_marks_they_declare(void **unused)
{
    (void)unused;
    sapper_strbuf s = {0};
    svg_bar bars[3] = {{"a", 0.5, 0.4, 0.6}, {"b<&>", 0.25, 0.2, 0.3}, {"c", 0, 0, 0}};
    svg_bars(&s, "Win rate", "games won, %", bars, 3, 0, 1, 100, "%.1f%%");
    expect_marks(&s, 3);
    assert_contains(s.data, "b&lt;&amp;&gt;");      /* labels escaped */
    assert_contains(s.data, "games won, %");         /* the axis has its unit */
    s.len = 0;
    double m[4] = {NAN, 0.75, 0.25, NAN};
    const char *names[2] = {"x", "y"};
    svg_matrix(&s, "Score", "legend", names, 2, m, NULL);
    expect_marks(&s, 2);                             /* the diagonal is empty */
    s.len = 0;
    int64_t cells[6] = {0, 2, 0, 1, 0, 0};
    svg_board_heat(&s, "Lost on", 3, 2, cells);
    expect_marks(&s, 2);
    assert_contains(s.data, "<title>1 0: 2</title>");  /* x 1, y 0, 2 games */
    s.len = 0;
    double edge[4] = {0, 10, 20, 30};
    int64_t bins[3] = {1, 0, 3};
    svg_histogram(&s, "Lengths", "moves", edge, bins, 3);
    expect_marks(&s, 2);
    sapper_strbuf_free(&s);
}

static void test_report_palettes(void **unused)
{
    (void)unused;
    char c[8];
    svg_viridis(0, c);
    assert_string_equal(c, "#440154");
    svg_viridis(1, c);
    assert_string_equal(c, "#fde725");
    svg_viridis(NAN, c);
    assert_string_equal(c, "#440154");
    assert_string_equal(svg_colour(0), "#0072B2");    /* Okabe-Ito blue */
    assert_string_equal(svg_colour(8), svg_colour(0));
}

/* A 12-board duplicate tournament of simple and random, played here. */
static void play_small(const sapper_registry *reg, sapper_tournament_def *def,
                       const char *db)
{
    sapper_config cfg;
    char err[1024] = "", ini[512];
    snprintf(ini, sizeof ini, "[game]\nrules = classic\n[tournament]\nformat = "
             "duplicate\ngames = 12\nseed = 4\njobs = 1\nsandbox = none\ndb = %s\n"
             "[entrant.simple]\n"
             "bot = simple\n[entrant.random]\nbot = random\n", db);
    sapper_config_init(&cfg);
    assert_int_equal(sapper_config_read_string(&cfg, ini, "t.ini", err, sizeof err),
                     SAPPER_OK);
    if (sapper_tournament_def_read(&cfg, reg, 1, 1, def, err, sizeof err) != SAPPER_OK)
        fail_msg("def: %s", err);
    sapper_config_free(&cfg);
    assert_int_equal(sapper_tournament_def_effective(def), SAPPER_OK);
    sapper_run_options opt = {0};
    if (sapper_tournament_run(def, &opt, err, sizeof err) != SAPPER_OK)
        fail_msg("run: %s", err);
}

/* The text of member `key` of the last element of a JSON array (the last
   snapshot): from its "key": to the end of the array. */
static const char *last_entrants(const char *series)
{
    const char *last = NULL;
    for (const char *p = strstr(series, "\"entrants\":"); p; p = strstr(p + 1, "\"entrants\":"))
        last = p;
    return last;
}

static void test_report_series_is_the_tables_own_rows(void **unused)
{
    (void)unused;
    sapper_registry *reg = test_registry(0);
    char db[] = "/tmp/sapper-report-XXXXXX", err[512];
    int fd = mkstemp(db);
    assert_true(fd >= 0);
    close(fd);
    unlink(db);
    sapper_tournament_def def;
    play_small(reg, &def, db);
    sapper_strbuf table = {0}, series = {0};
    assert_int_equal(sapper_tournament_series(&def, -1, 4, &table, &series, err,
                                              sizeof err), SAPPER_OK);
    /* the last snapshot's entrant rows are the table's, byte for byte */
    const char *a = strstr(table.data, "\"entrants\":"), *b = last_entrants(series.data);
    assert_non_null(a);
    assert_non_null(b);
    size_t n = strcspn(a, "]") + 1;
    assert_memory_equal(a, b, n);
    /* snapshots every 24 / 4 = 6 games: 6, 12, ..., 24 */
    assert_contains(series.data, "{\"games\":6,");
    assert_contains(series.data, "{\"games\":24,");
    assert_int_equal(count(series.data, "{\"games\":"), 4);
    sapper_strbuf_free(&table);
    sapper_strbuf_free(&series);
    sapper_tournament_def_free(&def);
    unlink(db);
    char wal[600];
    snprintf(wal, sizeof wal, "%s-wal", db);
    unlink(wal);
    snprintf(wal, sizeof wal, "%s-shm", db);
    unlink(wal);
    sapper_registry_free(reg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_report_charts_draw_the_marks_they_declare),
        cmocka_unit_test(test_report_palettes),
        cmocka_unit_test(test_report_series_is_the_tables_own_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
