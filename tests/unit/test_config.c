/*
 * test_config.c - configuration: INI and command-line overrides resolved
 * against real plugins. Every bad input is refused with its origin (file and
 * line, or the command-line text), the key, what was expected and what was
 * found.
 */
#include "helpers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tournament.h"
#include "escape.h"

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

static void expect_refusal(const char *ini, const char *const *overrides,
                           const char *const *needles)
{
    sapper_setup s;
    char err[1024] = "";
    assert_int_not_equal(test_setup(reg, ini, overrides, &s, err, sizeof err), SAPPER_OK);
    for (; *needles; needles++)
        assert_contains(err, *needles);
    sapper_setup_free(&s);
}

static void test_config_defaults_give_classic_with_one_human(void **state)
{
    (void)state;
    sapper_setup s;
    char err[1024] = "";
    assert_int_equal(test_setup(reg, "", NULL, &s, err, sizeof err), SAPPER_OK);
    assert_string_equal(s.rules->desc.id, "classic");
    assert_int_equal(s.players, 1);
    assert_null(s.seats[0].bot);
    assert_int_equal(s.seed, 99);  /* the drawn seed when none is given */
    assert_false(s.seed_given);
    sapper_setup_free(&s);
}

static void test_config_reads_sections_and_values(void **state)
{
    (void)state;
    sapper_setup s;
    char err[1024] = "";
    const char *ini = "[game]\nrules = classic\nseed = 7\n"
                      "[rules]\nwidth = 12\nfirst_click = opening\n"
                      "[player.1]\nbot = random\nname = Robo\n";
    assert_int_equal(test_setup(reg, ini, NULL, &s, err, sizeof err), SAPPER_OK);
    sapper_params p = sapper_param_set_view(&s.rules_params);
    assert_string_equal(sapper_param(&p, "width"), "12");
    assert_string_equal(sapper_param(&p, "first_click"), "opening");
    assert_string_equal(sapper_param(&p, "height"), "9");  /* default filled in */
    assert_int_equal(s.seed, 7);
    assert_true(s.seed_given);
    assert_string_equal(s.seats[0].bot->desc.id, "random");
    assert_string_equal(s.seats[0].name, "Robo");
    sapper_setup_free(&s);
}

static void test_config_command_line_wins_over_file(void **state)
{
    (void)state;
    sapper_setup s;
    char err[1024] = "";
    const char *const over[] = {"rules.first_click=any", "game.seed=8", NULL};
    const char *ini = "[game]\nseed = 7\n[rules]\nfirst_click = opening\n";
    assert_int_equal(test_setup(reg, ini, over, &s, err, sizeof err), SAPPER_OK);
    sapper_params p = sapper_param_set_view(&s.rules_params);
    assert_string_equal(sapper_param(&p, "first_click"), "any");
    assert_int_equal(s.seed, 8);
    sapper_setup_free(&s);
}

static void test_config_command_line_can_replace_a_seat_bot(void **state)
{
    (void)state;
    sapper_setup s;
    char err[1024] = "";
    const char *const over[] = {"player.1.bot=random", NULL};
    assert_int_equal(test_setup(reg, "[player.1]\nbot = simple\n", over, &s, err,
                                sizeof err), SAPPER_OK);
    assert_string_equal(s.seats[0].bot->desc.id, "random");
    sapper_setup_free(&s);
}

static void test_config_section_named_after_the_ruleset_is_rules(void **state)
{
    (void)state;
    sapper_setup s;
    char err[1024] = "";
    const char *const over[] = {"classic.width=14", NULL};
    assert_int_equal(test_setup(reg, "[classic]\nwidth = 12\nheight = 11\n", over, &s,
                                err, sizeof err), SAPPER_OK);
    sapper_params p = sapper_param_set_view(&s.rules_params);
    assert_string_equal(sapper_param(&p, "width"), "14");  /* command line wins */
    assert_string_equal(sapper_param(&p, "height"), "11");
    sapper_setup_free(&s);
}

static void test_config_bare_key_on_the_command_line_is_a_rules_key(void **state)
{
    (void)state;
    sapper_config cfg;
    char err[256] = "";
    sapper_config_init(&cfg);
    assert_int_equal(sapper_config_override(&cfg, "mines=12", 1, "rules", err, sizeof err),
                     SAPPER_OK);
    assert_string_equal(cfg.entries[0].section, "rules");
    assert_string_equal(cfg.entries[0].key, "mines");
    sapper_config_free(&cfg);
}

static void test_config_unknown_key_suggests_the_near_one(void **state)
{
    (void)state;
    const char *n[] = {"test.ini:4", "[rules] widht", "unknown key",
                       "did you mean width?", NULL};
    expect_refusal("[game]\nrules = classic\n[rules]\nwidht = 10\n", NULL, n);
}

static void test_config_wrong_type_names_expected_and_found(void **state)
{
    (void)state;
    const char *n[] = {"test.ini:2", "[rules] width", "expected an integer",
                       "found \"wide\"", NULL};
    expect_refusal("[rules]\nwidth = wide\n", NULL, n);
}

static void test_config_out_of_range_names_the_bounds(void **state)
{
    (void)state;
    const char *n[] = {"test.ini:2", "[rules] height", "from 2 to", "found \"1\"", NULL};
    expect_refusal("[rules]\nheight = 1\n", NULL, n);
}

static void test_config_bad_choice_lists_the_choices(void **state)
{
    (void)state;
    const char *n[] = {"first_click", "safe|opening|any", "found \"sometimes\"", NULL};
    expect_refusal("[rules]\nfirst_click = sometimes\n", NULL, n);
}

static void test_config_missing_rules_plugin_is_named(void **state)
{
    (void)state;
    const char *n[] = {"test.ini:2", "[game] rules", "found \"chess\"", NULL};
    expect_refusal("[game]\nrules = chess\n", NULL, n);
}

static void test_config_missing_bot_plugin_is_named(void **state)
{
    (void)state;
    const char *n[] = {"test.ini:2", "[player.1] bot", "found \"deepblue\"", NULL};
    expect_refusal("[player.1]\nbot = deepblue\n", NULL, n);
}

static void test_config_bot_of_another_family_is_refused(void **state)
{
    (void)state;
    const char *n[] = {"[player.1] bot", "rps-random", "rps family", "mines family", NULL};
    expect_refusal("[player.1]\nbot = rps-random\n", NULL, n);
}

static void test_config_unknown_section_is_refused(void **state)
{
    (void)state;
    const char *n[] = {"test.ini:2", "[rulez]", "unknown section", NULL};
    expect_refusal("[rulez]\nwidth = 9\n", NULL, n);
}

static void test_config_unknown_game_key_lists_known_keys(void **state)
{
    (void)state;
    const char *n[] = {"test.ini:2", "[game] rulez", "rules, seed", NULL};
    expect_refusal("[game]\nrulez = classic\n", NULL, n);
}

static void test_config_bad_seed_is_refused(void **state)
{
    (void)state;
    const char *n[] = {"[game] seed", "found \"-4\"", NULL};
    expect_refusal("[game]\nseed = -4\n", NULL, n);
}

static void test_config_bad_override_value_names_the_argument(void **state)
{
    (void)state;
    const char *over[] = {"rules.mines=lots", NULL};
    const char *n[] = {"command line \"rules.mines=lots\"", "expected an integer", NULL};
    expect_refusal("", over, n);
}

static void test_config_malformed_override_is_refused(void **state)
{
    (void)state;
    sapper_config cfg;
    char err[256] = "";
    sapper_config_init(&cfg);
    assert_int_not_equal(sapper_config_override(&cfg, "width=9", 3, NULL, err,
                                                sizeof err), SAPPER_OK);
    assert_contains(err, "expected section.key=value");
    assert_int_not_equal(sapper_config_override(&cfg, ".x=1", 3, NULL, err,
                                                sizeof err), SAPPER_OK);
    assert_int_equal(sapper_config_override(&cfg, "player.2.bot=x", 3, NULL, err,
                                            sizeof err), SAPPER_OK);
    assert_string_equal(cfg.entries[0].section, "player.2");
    assert_string_equal(cfg.entries[0].key, "bot");
    sapper_config_free(&cfg);
}

static void test_config_ini_syntax_error_names_the_line(void **state)
{
    (void)state;
    sapper_config cfg;
    char err[256] = "";
    sapper_config_init(&cfg);
    assert_int_not_equal(sapper_config_read_string(&cfg, "[game]\nrules = classic\n"
                                                   "this is not ini\n", "x.ini",
                                                   err, sizeof err), SAPPER_OK);
    assert_contains(err, "x.ini:3");
    sapper_config_free(&cfg);
}

static void test_config_missing_file_is_named(void **state)
{
    (void)state;
    sapper_config cfg;
    char err[256] = "";
    sapper_config_init(&cfg);
    assert_int_not_equal(sapper_config_read_file(&cfg, "/nonexistent/x.ini", err,
                                                 sizeof err), SAPPER_OK);
    assert_contains(err, "/nonexistent/x.ini");
    sapper_config_free(&cfg);
}

static void test_config_bool_values_are_normalised(void **state)
{
    (void)state;
    sapper_param_spec s = {.key = "b", .type = SAPPER_PARAM_BOOL, .def = "false"};
    char norm[16], why[128];
    assert_int_equal(sapper_value_check(&s, "Yes", norm, sizeof norm, why, sizeof why), SAPPER_OK);
    assert_string_equal(norm, "true");
    assert_int_equal(sapper_value_check(&s, "off", norm, sizeof norm, why, sizeof why), SAPPER_OK);
    assert_string_equal(norm, "false");
    assert_int_not_equal(sapper_value_check(&s, "maybe", norm, sizeof norm, why, sizeof why), SAPPER_OK);
}

static void test_config_seats_must_be_numbered_from_one(void **state)
{
    (void)state;
    const char *n[] = {"[player.0]", "N from 1", NULL};
    expect_refusal("[player.0]\nbot = random\n", NULL, n);
}

/* Reads INI text alone; returns the status, the message in err. */
static sapper_status read_ini(const char *ini, sapper_config *cfg, char *err,
                              size_t errcap)
{
    sapper_config_init(cfg);
    return sapper_config_read_string(cfg, ini, "x.ini", err, errcap);
}

/* "[rules]\nmines = 10\n; " and a comment of n 'x' and " 20". */
static char *ini_with_long_comment(size_t n)
{
    char *ini = malloc(n + 64);
    assert_non_null(ini);
    strcpy(ini, "[rules]\nmines = 10\n; ");
    memset(ini + strlen(ini), 'x', n);
    strcpy(ini + strlen("[rules]\nmines = 10\n; ") + n, " 20\n");
    return ini;
}

static void test_config_line_too_long_is_refused_with_its_line(void **state)
{
    (void)state;
    sapper_config cfg;
    char err[256] = "";
    char *ini = ini_with_long_comment(197);  /* 202 characters */
    assert_int_not_equal(read_ini(ini, &cfg, err, sizeof err), SAPPER_OK);
    assert_contains(err, "x.ini:3: line too long (more than 199 characters)");
    sapper_config_free(&cfg);
    free(ini);
}

static void test_config_line_of_199_characters_is_read_whole(void **state)
{
    (void)state;
    sapper_config cfg;
    char err[256] = "";
    char *ini = ini_with_long_comment(194);  /* "; " + 194 + " 20" = 199 */
    strcat(ini, "widht = 3\n");
    assert_int_equal(read_ini(ini, &cfg, err, sizeof err), SAPPER_OK);
    assert_int_equal(cfg.count, 2);
    assert_string_equal(sapper_config_get(&cfg, "rules", "mines")->value, "10");
    assert_int_equal(sapper_config_get(&cfg, "rules", "widht")->line, 4);
    sapper_config_free(&cfg);
    free(ini);
}

static void test_config_line_numbers_count_crlf_and_blank_lines(void **state)
{
    (void)state;
    sapper_config cfg;
    char err[256] = "";
    assert_int_equal(read_ini("\xEF\xBB\xBF[rules]\r\n\r\n; c\r\nmines = 10\r\nwidth=9",
                              &cfg, err, sizeof err), SAPPER_OK);
    assert_string_equal(sapper_config_get(&cfg, "rules", "mines")->value, "10");
    assert_int_equal(sapper_config_get(&cfg, "rules", "mines")->line, 4);
    assert_int_equal(sapper_config_get(&cfg, "rules", "width")->line, 5);
    sapper_config_free(&cfg);
}

static void test_config_indented_keys_are_ordinary_keys(void **state)
{
    (void)state;
    sapper_setup s;
    char err[1024] = "";
    assert_int_equal(test_setup(reg, "[player.1]\n  bot = simple\n\tname = x\n", NULL,
                                &s, err, sizeof err), SAPPER_OK);
    assert_string_equal(s.seats[0].bot->desc.id, "simple");
    assert_string_equal(s.seats[0].name, "x");
    sapper_setup_free(&s);
}

static void test_config_indented_bare_value_is_a_syntax_error(void **state)
{
    (void)state;
    sapper_config cfg;
    char err[256] = "";
    assert_int_not_equal(read_ini("[rules]\nmines = 10\n    20\n", &cfg, err,
                                  sizeof err), SAPPER_OK);
    assert_contains(err, "x.ini:3: expected `[section]`, `key = value`");
    sapper_config_free(&cfg);
}

/* Writes bytes to a fresh file under /tmp; the caller unlinks path. */
static void write_temp(char *path, const char *bytes, size_t n)
{
    strcpy(path, "/tmp/sapper-test-config-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, bytes, n), (ssize_t)n);
    close(fd);
}

static void test_config_nul_byte_in_a_file_is_refused(void **state)
{
    (void)state;
    sapper_config cfg;
    char err[256] = "", path[64], at[160];
    static const char bytes[] = "[rules]\nmines = 1\0 0\n";
    write_temp(path, bytes, sizeof bytes - 1);
    sapper_config_init(&cfg);
    assert_int_not_equal(sapper_config_read_file(&cfg, path, err, sizeof err),
                         SAPPER_OK);
    snprintf(at, sizeof at, "%s:2: expected text, found a NUL byte", path);
    assert_contains(err, at);
    sapper_config_free(&cfg);
    unlink(path);
}

static void test_config_long_line_in_a_file_is_refused(void **state)
{
    (void)state;
    sapper_config cfg;
    char err[256] = "", path[64], at[160];
    char *ini = ini_with_long_comment(300);
    write_temp(path, ini, strlen(ini));
    sapper_config_init(&cfg);
    assert_int_not_equal(sapper_config_read_file(&cfg, path, err, sizeof err),
                         SAPPER_OK);
    snprintf(at, sizeof at, "%s:3: line too long", path);
    assert_contains(err, at);
    assert_string_equal(sapper_config_get(&cfg, "rules", "mines")->value, "10");
    sapper_config_free(&cfg);
    unlink(path);
    free(ini);
}

static void test_config_directory_as_config_file_is_refused(void **state)
{
    (void)state;
    sapper_config cfg;
    char err[256] = "";
    sapper_config_init(&cfg);
    assert_int_not_equal(sapper_config_read_file(&cfg, "/tmp", err, sizeof err),
                         SAPPER_OK);
    assert_string_equal(err, "/tmp: cannot read the config file: Is a directory");
    sapper_config_free(&cfg);
}

static void test_config_key_given_twice_in_a_file_is_refused(void **state)
{
    (void)state;
    sapper_config cfg;
    char err[256] = "";
    assert_int_not_equal(read_ini("[rules]\nmines = 10\nwidth = 9\n[game]\nseed = 1\n"
                                  "[rules]\nmines = 12\n", &cfg, err, sizeof err),
                         SAPPER_OK);
    assert_contains(err, "x.ini:7: [rules] mines: key given twice: x.ini:2 and x.ini:7");
    sapper_config_free(&cfg);
}

static void test_config_key_under_rules_and_the_ruleset_name_is_refused(void **state)
{
    (void)state;
    const char *n[] = {"test.ini:4: [rules] mines: key given twice",
                       "test.ini:2 ([classic]) and test.ini:4 ([rules])", NULL};
    expect_refusal("[classic]\nmines = 10\n[rules]\nmines = 12\n", NULL, n);
}

static void test_config_command_line_may_repeat_a_key_last_wins(void **state)
{
    (void)state;
    sapper_setup s;
    char err[1024] = "";
    const char *const over[] = {"rules.mines=11", "classic.mines=12", NULL};
    assert_int_equal(test_setup(reg, "[rules]\nmines = 10\n", over, &s, err,
                                sizeof err), SAPPER_OK);
    sapper_params p = sapper_param_set_view(&s.rules_params);
    assert_string_equal(sapper_param(&p, "mines"), "12");
    sapper_setup_free(&s);
}

static void test_config_seed_with_a_sign_or_blank_is_refused(void **state)
{
    (void)state;
    const char *over[] = {"game.seed= -1", NULL};
    const char *n[] = {"command line \"game.seed= -1\": [game] seed",
                       "from 0 to 18446744073709551615", "found \" -1\"", NULL};
    expect_refusal("", over, n);
    const char *over2[] = {"game.seed=+5", NULL};
    const char *n2[] = {"found \"+5\"", NULL};
    expect_refusal("", over2, n2);
}

static void test_config_seed_beyond_64_bits_is_refused(void **state)
{
    (void)state;
    const char *n[] = {"test.ini:2", "[game] seed", "found \"18446744073709551616\"",
                       NULL};
    expect_refusal("[game]\nseed = 18446744073709551616\n", NULL, n);
    sapper_setup s;
    char err[1024] = "";
    assert_int_equal(test_setup(reg, "[game]\nseed = 18446744073709551615\n", NULL,
                                &s, err, sizeof err), SAPPER_OK);
    assert_true(s.seed == UINT64_MAX);
    sapper_setup_free(&s);
}

static void test_config_bot_parameter_on_a_human_seat_says_it_is_human(void **state)
{
    (void)state;
    const char *over[] = {"player.1.flag_mines=true", NULL};
    const char *n[] = {"command line \"player.1.flag_mines=true\": [player.1] "
                       "flag_mines: seat 1 is human (no bot): only bot and name apply",
                       NULL};
    expect_refusal("", over, n);
    const char *n2[] = {"test.ini:3: [player.2] flag_mines: seat 2 is human", NULL};
    expect_refusal("[player.2]\nname = Ann\nflag_mines = true\n", NULL, n2);
}

static void test_config_control_character_in_a_seat_name_is_refused(void **state)
{
    (void)state;
    const char *over[] = {"player.1.name=x\nmove 1 reveal 0 0", NULL};
    const char *n[] = {"command line \"player.1.name=x\\nmove 1 reveal 0 0\"",
                       "[player.1] name: expected text without control characters",
                       "found \"x\\nmove 1 reveal 0 0\"", NULL};
    expect_refusal("[player.1]\nbot = simple\n", over, n);
    const char *n2[] = {"test.ini:2: [player.1] name", "found \"a\\tb\"", NULL};
    expect_refusal("[player.1]\nname = a\tb\n", NULL, n2);
}

static void test_config_control_character_in_a_string_parameter_is_refused(void **state)
{
    (void)state;
    const char *over[] = {"rules.layout=board\x7f.txt", NULL};
    const char *n[] = {"[rules] layout: expected text without control characters",
                       "found \"board\\x7f.txt\"", NULL};
    expect_refusal("", over, n);
}

/* Found by fuzz_config: a section header was quoted raw in the message
   refusing it, so an escape sequence in it reached the terminal. */
static void test_config_control_character_in_a_section_header_is_refused(void **state)
{
    (void)state;
    sapper_setup s;
    char err[1024] = "";
    assert_int_not_equal(test_setup(reg, "[\x1b[31mred]\n", NULL, &s, err, sizeof err),
                         SAPPER_OK);
    sapper_setup_free(&s);
    assert_false(sapper_config_has_control(err));
    assert_contains(err, "test.ini:1: expected a section name without control "
                         "characters (tab, escape, ...), found \"[\\x1b[31mred]\"");
    const char *n[] = {"test.ini:2: expected a section name without control",
                       "found \"[player.\\t1]\"", NULL};
    expect_refusal("[game]\n[player.\t1]\nbot = simple\n", NULL, n);
}

static void test_config_seat_name_too_long_is_refused(void **state)
{
    (void)state;
    char ini[200];
    snprintf(ini, sizeof ini, "[player.1]\nname = %0*d\n", SAPPER_NAME_MAX, 0);
    const char *n[] = {"test.ini:2: [player.1] name: expected at most 63 characters, "
                       "found 64", NULL};
    expect_refusal(ini, NULL, n);
}

/* Reads a tournament definition from INI text plus overrides. */
static sapper_status read_tournament(const char *ini, const char *const *over,
                                     char *err, size_t errcap)
{
    sapper_config cfg;
    sapper_tournament_def def;
    sapper_status st = read_ini(ini, &cfg, err, errcap);
    for (int i = 0; st == SAPPER_OK && over && over[i]; i++)
        st = sapper_config_override(&cfg, over[i], i + 1, NULL, err, errcap);
    if (st == SAPPER_OK) {
        st = sapper_tournament_def_read(&cfg, reg, 5, 1, &def, err, errcap);
        sapper_tournament_def_free(&def);
    }
    sapper_config_free(&cfg);
    return st;
}

#define TOURNAMENT_INI "[tournament]\ngames = 1\n[entrant.a]\nbot = simple\n"

static void test_config_text_after_a_section_header_is_refused(void **state)
{
    (void)state;
    sapper_config cfg;
    char err[512] = "";
    assert_int_not_equal(read_ini("[rules]\nmines = 10\n[game] seed = 5\n", &cfg,
                                  err, sizeof err), SAPPER_OK);
    assert_string_equal(err, "x.ini:3: expected only a comment after the section "
                             "header \"[game]\", found \"seed = 5\"");
    sapper_config_free(&cfg);
    const char *n[] = {"test.ini:1: expected only a comment after the section "
                       "header \"[player.1]\", found \"bot = random\"", NULL};
    expect_refusal("[player.1] bot = random\n", NULL, n);
}

static void test_config_comment_after_a_section_header_is_allowed(void **state)
{
    (void)state;
    sapper_config cfg;
    char err[512] = "";
    assert_int_equal(read_ini("[game]   ; the game\nseed = 5\n[rules] # board\n"
                              "mines = 3\n", &cfg, err, sizeof err), SAPPER_OK);
    assert_string_equal(sapper_config_get(&cfg, "game", "seed")->value, "5");
    assert_string_equal(sapper_config_get(&cfg, "rules", "mines")->value, "3");
    sapper_config_free(&cfg);
}

static void test_config_carriage_return_only_line_ends_are_refused(void **state)
{
    (void)state;
    sapper_config cfg;
    char err[512] = "";
    assert_int_not_equal(read_ini("[game]\rrules = deductive\r[rules]\rpreset = "
                                  "9x9\r", &cfg, err, sizeof err), SAPPER_OK);
    assert_contains(err, "x.ini:1: expected lines ending in \\n or \\r\\n, found "
                         "a carriage return (\\r) alone");
    sapper_config_free(&cfg);
    assert_int_not_equal(read_ini("; c\r[game]\rseed = 5\r", &cfg, err, sizeof err),
                         SAPPER_OK);
    assert_contains(err, "x.ini:1: expected lines ending");
    sapper_config_free(&cfg);
}

/* "[entrant." + n times c + "]\nbot = random\n" */
static void long_entrant(char *buf, size_t cap, size_t n, char c)
{
    char name[256];
    assert_true(n < sizeof name);
    memset(name, c, n);
    name[n] = 0;
    snprintf(buf, cap, "[entrant.%s]\nbot = random\n", name);
}

static void test_config_long_section_names_are_kept_whole(void **state)
{
    (void)state;
    sapper_config cfg;
    char err[1024] = "", a[300], b[300], ini[1024], want[300];
    long_entrant(a, sizeof a, 55, 'n');
    long_entrant(b, sizeof b, 56, 'n');   /* the same first 49 characters */
    snprintf(ini, sizeof ini, "%s%s", a, b);
    assert_int_equal(read_ini(ini, &cfg, err, sizeof err), SAPPER_OK);
    assert_int_equal(cfg.count, 2);
    assert_int_equal(strlen(cfg.entries[0].section), 8 + 55);
    assert_int_equal(strlen(cfg.entries[1].section), 8 + 56);
    assert_int_equal(strlen(cfg.sections[1].name), 8 + 56);
    sapper_config_free(&cfg);
    snprintf(ini, sizeof ini, TOURNAMENT_INI "%s%s", a, b);
    assert_int_equal(read_tournament(ini, NULL, err, sizeof err), SAPPER_OK);
    long_entrant(a, sizeof a, 70, 'n');
    snprintf(ini, sizeof ini, TOURNAMENT_INI "%s", a);
    assert_int_not_equal(read_tournament(ini, NULL, err, sizeof err), SAPPER_OK);
    snprintf(want, sizeof want, "x.ini:6: [entrant.%.70s]: expected an entrant name "
             "of at most 63 characters, found 70", a + 9);
    assert_contains(err, want);
}

static void test_config_section_headers_are_recorded_with_their_lines(void **state)
{
    (void)state;
    sapper_config cfg;
    char err[256] = "";
    assert_int_equal(read_ini("\xEF\xBB\xBF[rules]\n; mines = 3\n\n[player.2]\n",
                              &cfg, err, sizeof err), SAPPER_OK);
    assert_int_equal(cfg.count, 0);
    assert_int_equal(cfg.nsections, 2);
    assert_int_equal(sapper_config_header(&cfg, "rules")->line, 1);
    assert_int_equal(sapper_config_header(&cfg, "player.2")->line, 4);
    assert_string_equal(sapper_config_header(&cfg, "player.2")->origin, "x.ini");
    assert_null(sapper_config_header(&cfg, "game"));
    assert_false(sapper_config_has_entries(&cfg, "rules"));
    sapper_config_free(&cfg);
}

static void test_config_seat_section_without_keys_is_refused(void **state)
{
    (void)state;
    const char *n[] = {"test.ini:3: [player.2]: expected `bot = ID` or "
                       "`name = NAME` in the seat's section, found no keys", NULL};
    expect_refusal("[player.1]\nbot = simple\n[player.2]\n; bot = random\n", NULL, n);
    const char *n2[] = {"test.ini:1: [player.0]: expected a seat section", NULL};
    expect_refusal("[player.0]\n", NULL, n2);
}

static void test_config_unknown_section_without_keys_is_refused(void **state)
{
    (void)state;
    const char *n[] = {"test.ini:2: [rulez]: unknown section; expected [engine], "
                       "[game], [rules] or [player.N]", NULL};
    expect_refusal("[rules]\n[rulez]\n; width = 9\n", NULL, n);
    sapper_setup s;
    char err[1024] = "";
    /* known sections with every key commented out are fine */
    assert_int_equal(test_setup(reg, "[game]\n[rules]\n; width = 9\n[classic]\n"
                                "[engine]\n", NULL, &s, err, sizeof err), SAPPER_OK);
    sapper_setup_free(&s);
}

static void test_config_endless_line_is_refused_at_the_limit(void **state)
{
    (void)state;
    sapper_config cfg;
    char err[256] = "";
    sapper_config_init(&cfg);
    assert_int_not_equal(sapper_config_read_file(&cfg, "/dev/zero", err, sizeof err),
                         SAPPER_OK);
    assert_string_equal(err, "/dev/zero:1: line too long (more than 199 characters)");
    sapper_config_free(&cfg);
}

static void test_config_line_of_199_characters_and_crlf_is_read_whole(void **state)
{
    (void)state;
    sapper_config cfg;
    char err[256] = "";
    char *ini = ini_with_long_comment(194);  /* 199 characters, then "\r\n" */
    strcpy(ini + strlen(ini) - 1, "\r\nwidth = 3\r\n");
    assert_int_equal(read_ini(ini, &cfg, err, sizeof err), SAPPER_OK);
    assert_int_equal(sapper_config_get(&cfg, "rules", "width")->line, 4);
    sapper_config_free(&cfg);
    free(ini);
}

static void test_config_tournament_seed_out_of_range_is_refused(void **state)
{
    (void)state;
    char err[1024] = "";
    const char *big[] = {"tournament.seed=99999999999999999999", NULL};
    assert_int_not_equal(read_tournament(TOURNAMENT_INI, big, err, sizeof err),
                         SAPPER_OK);
    assert_contains(err, "command line \"tournament.seed=99999999999999999999\": "
                         "[tournament] seed: expected an integer from 0 to "
                         "18446744073709551615");
    const char *neg[] = {"tournament.seed= -1", NULL};
    assert_int_not_equal(read_tournament(TOURNAMENT_INI, neg, err, sizeof err),
                         SAPPER_OK);
    assert_contains(err, "found \" -1\"");
    assert_int_not_equal(read_tournament(TOURNAMENT_INI "[tournament]\nseed = abc\n",
                                         NULL, err, sizeof err), SAPPER_OK);
    assert_contains(err, "x.ini:6: [tournament] seed");
    assert_int_equal(read_tournament(TOURNAMENT_INI "[tournament]\nseed = 7\n",
                                     NULL, err, sizeof err), SAPPER_OK);
}

static void test_config_entrant_without_bot_names_where_it_is(void **state)
{
    (void)state;
    char err[1024] = "";
    assert_int_not_equal(read_tournament(TOURNAMENT_INI "[entrant.x]\n"
                                         "flag_mines = true\n", NULL, err,
                                         sizeof err), SAPPER_OK);
    assert_contains(err, "x.ini:6: [entrant.x]: expected a key `bot = ID`, found none");
}

static void test_config_tournament_key_given_twice_is_refused(void **state)
{
    (void)state;
    char err[1024] = "";
    assert_int_not_equal(read_tournament(TOURNAMENT_INI "[entrant.a]\n"
                                         "bot = random\n", NULL, err, sizeof err),
                         SAPPER_OK);
    assert_contains(err, "x.ini:6: [entrant.a] bot: key given twice: x.ini:4 and x.ini:6");
}

static void test_config_player_section_in_a_tournament_is_refused(void **state)
{
    (void)state;
    char err[1024] = "";
    assert_int_not_equal(read_tournament(TOURNAMENT_INI "[player.1]\n"
                                         "bot = nosuch\n", NULL, err, sizeof err),
                         SAPPER_OK);
    assert_contains(err, "x.ini:6: [player.1]: a tournament seats its "
                    "[entrant.NAME] sections; expected no [player.N] section");
}

static void test_config_entrant_section_without_keys_is_refused(void **state)
{
    (void)state;
    char err[1024] = "";
    assert_int_not_equal(read_tournament(TOURNAMENT_INI "[entrant.prober]\n"
                                         "; bot = prober\n", NULL, err,
                                         sizeof err), SAPPER_OK);
    assert_contains(err, "x.ini:5: [entrant.prober]: expected a key `bot = ID`, "
                         "found no keys in the section");
}

static void test_config_entrant_without_a_name_is_refused(void **state)
{
    (void)state;
    char err[1024] = "";
    assert_int_not_equal(read_tournament(TOURNAMENT_INI "[entrant.]\nbot = random\n",
                                         NULL, err, sizeof err), SAPPER_OK);
    assert_contains(err, "x.ini:6: [entrant.]: expected a section [entrant.NAME] "
                         "with a name, found none");
    const char *over[] = {"entrant..bot=random", NULL};
    assert_int_not_equal(read_tournament(TOURNAMENT_INI, over, err, sizeof err),
                         SAPPER_OK);
    assert_contains(err, "command line \"entrant..bot=random\": [entrant.]: "
                         "expected a section [entrant.NAME] with a name");
    assert_int_not_equal(read_tournament(TOURNAMENT_INI "[entrant.]\n", NULL, err,
                                         sizeof err), SAPPER_OK);
    assert_contains(err, "x.ini:5: [entrant.]: expected a section [entrant.NAME]");
}

static void test_config_unknown_section_in_a_tournament_lists_its_sections(void **state)
{
    (void)state;
    char err[1024] = "";
    const char *want = "unknown section; expected [engine], [game], [rules], "
                       "[tournament] or [entrant.NAME]";
    assert_int_not_equal(read_tournament(TOURNAMENT_INI "[bogus]\nx = 1\n", NULL,
                                         err, sizeof err), SAPPER_OK);
    assert_contains(err, "x.ini:6: [bogus]: ");
    assert_contains(err, want);
    assert_int_not_equal(read_tournament(TOURNAMENT_INI "[bogus]\n", NULL, err,
                                         sizeof err), SAPPER_OK);
    assert_contains(err, "x.ini:5: [bogus]: ");
    assert_contains(err, want);
}

/* Found by fuzz_config: the section of a [player.N] entry or header in a
   tournament config was quoted raw. */
static void test_config_player_section_in_a_tournament_is_quoted_escaped(void **state)
{
    (void)state;
    char err[1024] = "";
    const char *over[] = {"player.\x1b[2J.bot=x", NULL};
    assert_int_not_equal(read_tournament(TOURNAMENT_INI, over, err, sizeof err),
                         SAPPER_OK);
    assert_false(sapper_config_has_control(err));
    assert_contains(err, "[player.\\x1b[2J]: a tournament seats its");
    assert_int_not_equal(read_tournament(TOURNAMENT_INI "[player.\x7f]\n", NULL, err,
                                         sizeof err), SAPPER_OK);
    assert_false(sapper_config_has_control(err));
    assert_contains(err, "x.ini:5: [player.\\x7f]: a tournament seats its");
}

static void test_config_player_section_without_keys_in_a_tournament_is_refused(void **state)
{
    (void)state;
    char err[1024] = "";
    assert_int_not_equal(read_tournament(TOURNAMENT_INI "[player.1]\n; bot = x\n",
                                         NULL, err, sizeof err), SAPPER_OK);
    assert_contains(err, "x.ini:5: [player.1]: a tournament seats its");
}

/* A plugin's text is shown with every control character (C1 too) and
   every byte that is not UTF-8 as \xHH, and is never cut inside a
   character; JSON of it is valid UTF-8 (issue 33). */
static void test_config_escape_leaves_no_control_and_only_utf8(void **state)
{
    (void)state;
    char buf[64];
    sapper_config_escape("\x1b]0;t\x07 \xc2\x9b" "2J \xff\xc3 \xc3\xa9\n", buf, sizeof buf);
    assert_string_equal(buf, "\\x1b]0;t\\x07 \\xc2\\x9b2J \\xff\\xc3 \xc3\xa9\\n");
    sapper_config_escape("ab\xc3\xa9", buf, 4);   /* room for 3 bytes: "ab" */
    assert_string_equal(buf, "ab");
    assert_int_equal(sapper_utf8_cut("a\xe2\x82\xac", 3), 1);
    assert_int_equal(sapper_utf8_cut("a\xe2\x82\xac", 4), 4);
    sapper_strbuf j = {0};
    sapper_strbuf_json(&j, "\xff\x1b\xc2\x85\xed\xa0\x80\xc3\xa9");
    assert_string_equal(sapper_strbuf_str(&j), "\"\xef\xbf\xbd\\u001b\\u0085"
                        "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xc3\xa9\"");
    sapper_strbuf_free(&j);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_config_escape_leaves_no_control_and_only_utf8),
        cmocka_unit_test(test_config_defaults_give_classic_with_one_human),
        cmocka_unit_test(test_config_reads_sections_and_values),
        cmocka_unit_test(test_config_command_line_wins_over_file),
        cmocka_unit_test(test_config_command_line_can_replace_a_seat_bot),
        cmocka_unit_test(test_config_section_named_after_the_ruleset_is_rules),
        cmocka_unit_test(test_config_bare_key_on_the_command_line_is_a_rules_key),
        cmocka_unit_test(test_config_unknown_key_suggests_the_near_one),
        cmocka_unit_test(test_config_wrong_type_names_expected_and_found),
        cmocka_unit_test(test_config_out_of_range_names_the_bounds),
        cmocka_unit_test(test_config_bad_choice_lists_the_choices),
        cmocka_unit_test(test_config_missing_rules_plugin_is_named),
        cmocka_unit_test(test_config_missing_bot_plugin_is_named),
        cmocka_unit_test(test_config_bot_of_another_family_is_refused),
        cmocka_unit_test(test_config_unknown_section_is_refused),
        cmocka_unit_test(test_config_unknown_game_key_lists_known_keys),
        cmocka_unit_test(test_config_bad_seed_is_refused),
        cmocka_unit_test(test_config_bad_override_value_names_the_argument),
        cmocka_unit_test(test_config_malformed_override_is_refused),
        cmocka_unit_test(test_config_ini_syntax_error_names_the_line),
        cmocka_unit_test(test_config_missing_file_is_named),
        cmocka_unit_test(test_config_bool_values_are_normalised),
        cmocka_unit_test(test_config_seats_must_be_numbered_from_one),
        cmocka_unit_test(test_config_line_too_long_is_refused_with_its_line),
        cmocka_unit_test(test_config_line_of_199_characters_is_read_whole),
        cmocka_unit_test(test_config_line_numbers_count_crlf_and_blank_lines),
        cmocka_unit_test(test_config_indented_keys_are_ordinary_keys),
        cmocka_unit_test(test_config_indented_bare_value_is_a_syntax_error),
        cmocka_unit_test(test_config_nul_byte_in_a_file_is_refused),
        cmocka_unit_test(test_config_long_line_in_a_file_is_refused),
        cmocka_unit_test(test_config_directory_as_config_file_is_refused),
        cmocka_unit_test(test_config_key_given_twice_in_a_file_is_refused),
        cmocka_unit_test(test_config_key_under_rules_and_the_ruleset_name_is_refused),
        cmocka_unit_test(test_config_command_line_may_repeat_a_key_last_wins),
        cmocka_unit_test(test_config_seed_with_a_sign_or_blank_is_refused),
        cmocka_unit_test(test_config_seed_beyond_64_bits_is_refused),
        cmocka_unit_test(test_config_bot_parameter_on_a_human_seat_says_it_is_human),
        cmocka_unit_test(test_config_control_character_in_a_seat_name_is_refused),
        cmocka_unit_test(test_config_control_character_in_a_string_parameter_is_refused),
        cmocka_unit_test(test_config_control_character_in_a_section_header_is_refused),
        cmocka_unit_test(test_config_seat_name_too_long_is_refused),
        cmocka_unit_test(test_config_tournament_seed_out_of_range_is_refused),
        cmocka_unit_test(test_config_entrant_without_bot_names_where_it_is),
        cmocka_unit_test(test_config_tournament_key_given_twice_is_refused),
        cmocka_unit_test(test_config_player_section_in_a_tournament_is_refused),
        cmocka_unit_test(test_config_text_after_a_section_header_is_refused),
        cmocka_unit_test(test_config_comment_after_a_section_header_is_allowed),
        cmocka_unit_test(test_config_carriage_return_only_line_ends_are_refused),
        cmocka_unit_test(test_config_long_section_names_are_kept_whole),
        cmocka_unit_test(test_config_section_headers_are_recorded_with_their_lines),
        cmocka_unit_test(test_config_seat_section_without_keys_is_refused),
        cmocka_unit_test(test_config_unknown_section_without_keys_is_refused),
        cmocka_unit_test(test_config_endless_line_is_refused_at_the_limit),
        cmocka_unit_test(test_config_line_of_199_characters_and_crlf_is_read_whole),
        cmocka_unit_test(test_config_entrant_section_without_keys_is_refused),
        cmocka_unit_test(test_config_entrant_without_a_name_is_refused),
        cmocka_unit_test(test_config_unknown_section_in_a_tournament_lists_its_sections),
        cmocka_unit_test(test_config_player_section_without_keys_in_a_tournament_is_refused),
        cmocka_unit_test(test_config_player_section_in_a_tournament_is_quoted_escaped),
    };
    return cmocka_run_group_tests(tests, setup_all, teardown_all);
}
