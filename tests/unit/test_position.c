/*
 * test_position.c - unit tests of the position reader (core/mines/
 * position.h): every board text character becomes its cell code, line
 * ends and trailing blank lines are tolerated, and each malformed text is
 * refused with "name:line:column: expected ..., found ..." and a zeroed
 * position. Also a round trip through the solver, and loading a file.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "position.h"

/* Parses text as "t.txt"; the status, with the error in err. */
static sapper_status parse(const char *text, sapper_mines_position *pos,
                           char *err, size_t cap)
{
    err[0] = 0;
    return sapper_mines_position_parse(text, strlen(text), "t.txt", pos, NULL,
                                       err, cap);
}

/* Asserts text is refused with exactly message. */
static void assert_refused(const char *text, const char *message)
{
    sapper_mines_position pos;
    char err[512];
    assert_int_equal(parse(text, &pos, err, sizeof err), SAPPER_ERR_PARSE);
    assert_string_equal(err, message);
    assert_null(pos.cells);
    assert_int_equal(pos.width, 0);
}

static void test_position_every_character_becomes_its_code(void **state)
{
    (void)state;
    sapper_mines_position pos;
    sapper_mines_position_where where;
    char err[256];
    const char *text = "6 2 2\n?FM*01\n234???\n";
    assert_int_equal(sapper_mines_position_parse(text, strlen(text), "t.txt",
                                                 &pos, &where, err, sizeof err),
                     SAPPER_OK);
    assert_int_equal(pos.width, 6);
    assert_int_equal(pos.height, 2);
    assert_int_equal(pos.mines, 2);
    static const uint8_t want[12] = {
        SAPPER_CELL_HIDDEN, SAPPER_CELL_FLAGGED, SAPPER_CELL_MARKED,
        SAPPER_CELL_MINE, 0, 1, 2, 3, 4, SAPPER_CELL_HIDDEN,
        SAPPER_CELL_HIDDEN, SAPPER_CELL_HIDDEN};
    assert_memory_equal(pos.cells, want, sizeof want);
    assert_int_equal(where.mines_line, 1);
    assert_int_equal(where.mines_column, 5);
    assert_int_equal(where.first_row_line, 2);
    sapper_mines_position_free(&pos);
    assert_null(pos.cells);
    sapper_mines_position_free(&pos);   /* a zeroed position: no-op */
}

static void test_position_crlf_blanks_and_trailing_lines_accepted(void **state)
{
    (void)state;
    sapper_mines_position pos;
    char err[256];
    assert_int_equal(parse("  3\t1  1 \r\n?1?\r\n\r\n\n", &pos, err, sizeof err),
                     SAPPER_OK);
    assert_int_equal(pos.width, 3);
    assert_int_equal(pos.cells[1], 1);
    sapper_mines_position_free(&pos);
    assert_int_equal(parse("1 1 0\n0", &pos, err, sizeof err), SAPPER_OK);
    sapper_mines_position_free(&pos);
}

static void test_position_header_errors_name_the_column(void **state)
{
    (void)state;
    assert_refused("", "t.txt:1:1: expected the width W (a whole number), "
                       "found end of file");
    assert_refused("3 x 1\n???\n", "t.txt:1:3: expected the height H (a "
                   "whole number), found 'x'");
    assert_refused("3 1\n???\n", "t.txt:1:4: expected the mine count M (a "
                   "whole number), found end of line");
    assert_refused("3 1 1 4\n???\n", "t.txt:1:7: expected end of line after "
                   "\"W H M\", found '4'");
    assert_refused("0 1 0\n\n", "t.txt:1:1: expected the width W from 1 to "
                   "1000, found 0");
    assert_refused("2 1001 0\n", "t.txt:1:3: expected the height H from 1 to "
                   "1000, found 1001");
    assert_refused("2 1 3\n??\n", "t.txt:1:5: expected the mine count M from "
                   "0 to 2 (W*H), found 3");
}

static void test_position_bad_cell_names_line_column_and_cell(void **state)
{
    (void)state;
    assert_refused("3 2 1\n???\n?x?\n", "t.txt:3:2: expected '?', 'F', 'M', "
                   "'0'-'8' or '*' for cell 1 1, found 'x'");
    assert_refused("3 1 1\n?9?\n", "t.txt:2:2: expected '?', 'F', 'M', "
                   "'0'-'8' or '*' for cell 1 0, found '9'");
    assert_refused("2 1 1\n.?\n", "t.txt:2:1: expected '?', 'F', 'M', "
                   "'0'-'8' or '*' for cell 0 0, found '.' ('.' is for "
                   "layout files)");
    assert_refused("2 1 1\n?\x01\n", "t.txt:2:2: expected '?', 'F', 'M', "
                   "'0'-'8' or '*' for cell 1 0, found byte 0x01");
}

static void test_position_row_and_grid_counts_are_checked(void **state)
{
    (void)state;
    assert_refused("3 2 1\n???\n??\n", "t.txt:3:3: expected 3 cells in row "
                   "1, found 2");
    assert_refused("3 2 1\n???\n????\n", "t.txt:3:4: expected end of line "
                   "after 3 cells, found '?'");
    assert_refused("3 3 1\n???\n???\n", "t.txt:4:1: expected 3 rows of the "
                   "grid, found 2");
    assert_refused("3 1 1\n???\n???\n", "t.txt:3:1: expected end of file "
                   "after the grid, found '?'");
    assert_refused("3 1 1\n*?*\n", "t.txt:1:5: expected the mine count M to "
                   "be at least 2 (the '*' in the grid), found 1");
}

static void test_position_number_above_neighbour_count_refused(void **state)
{
    (void)state;
    assert_refused("2 2 1\n4?\n??\n", "t.txt:2:1: expected a number from 0 to "
                   "3 for cell 0 0 (it has 3 neighbours), found '4'");
    assert_refused("3 2 1\n???\n?6?\n", "t.txt:3:2: expected a number from 0 "
                   "to 5 for cell 1 1 (it has 5 neighbours), found '6'");
    assert_refused("1 1 0\n1\n", "t.txt:2:1: expected a number from 0 to 0 "
                   "for cell 0 0 (it has 0 neighbours), found '1'");
    sapper_mines_position pos;
    char err[256];
    assert_int_equal(parse("3 3 8\n???\n?8?\n???\n", &pos, err, sizeof err),
                     SAPPER_OK);   /* an 8 in the middle is possible */
    sapper_mines_position_free(&pos);
}

static void test_position_parsed_text_feeds_the_solver(void **state)
{
    (void)state;
    sapper_mines_position pos;
    sapper_mines_result r;
    char err[256];
    assert_int_equal(parse("5 3 2\n?????\n11211\n00000\n", &pos, err,
                           sizeof err), SAPPER_OK);
    sapper_mines_solver *s = sapper_mines_solver_new(pos.width, pos.height);
    assert_non_null(s);
    assert_int_equal(sapper_mines_analyze(s, &pos, NULL, &r), SAPPER_OK);
    assert_true(r.consistent);
    static const double want[5] = {0, 1, 0, 1, 0};   /* the 1-2-1 */
    for (int i = 0; i < 5; i++)
        assert_true(r.prob[i] == want[i]);
    sapper_mines_solver_free(s);
    sapper_mines_position_free(&pos);
}

static void test_position_load_reads_a_file_and_names_it(void **state)
{
    (void)state;
    char path[] = "/tmp/test_position_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    const char text[] = "2 1 1\n?1\n";
    assert_int_equal(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
    close(fd);
    sapper_mines_position pos;
    char err[512];
    assert_int_equal(sapper_mines_position_load(path, &pos, NULL, err,
                                                sizeof err), SAPPER_OK);
    assert_int_equal(pos.cells[1], 1);
    sapper_mines_position_free(&pos);
    unlink(path);
    assert_int_equal(sapper_mines_position_load(path, &pos, NULL, err,
                                                sizeof err), SAPPER_ERR_PARAM);
    assert_non_null(strstr(err, path));
    assert_null(pos.cells);
}

static void test_position_code_of_each_character(void **state)
{
    (void)state;
    assert_int_equal(sapper_mines_position_code('?'), SAPPER_CELL_HIDDEN);
    assert_int_equal(sapper_mines_position_code('F'), SAPPER_CELL_FLAGGED);
    assert_int_equal(sapper_mines_position_code('M'), SAPPER_CELL_MARKED);
    assert_int_equal(sapper_mines_position_code('*'), SAPPER_CELL_MINE);
    assert_int_equal(sapper_mines_position_code('8'), 8);
    assert_int_equal(sapper_mines_position_code('9'), -1);
    assert_int_equal(sapper_mines_position_code('.'), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_position_every_character_becomes_its_code),
        cmocka_unit_test(test_position_crlf_blanks_and_trailing_lines_accepted),
        cmocka_unit_test(test_position_header_errors_name_the_column),
        cmocka_unit_test(test_position_bad_cell_names_line_column_and_cell),
        cmocka_unit_test(test_position_row_and_grid_counts_are_checked),
        cmocka_unit_test(test_position_number_above_neighbour_count_refused),
        cmocka_unit_test(test_position_parsed_text_feeds_the_solver),
        cmocka_unit_test(test_position_load_reads_a_file_and_names_it),
        cmocka_unit_test(test_position_code_of_each_character),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
