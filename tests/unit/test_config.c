/*
 * test_config.c - configuration: INI and command-line overrides resolved
 * against real plugins. Every bad input is refused with its origin (file and
 * line, or the command-line text), the key, what was expected and what was
 * found.
 */
#include "helpers.h"

#include <stdio.h>
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

int main(void)
{
    const struct CMUnitTest tests[] = {
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
    };
    return cmocka_run_group_tests(tests, setup_all, teardown_all);
}
