/*
 * helpers.c - shared fixtures of the core tests (see helpers.h).
 */
#include "helpers.h"

#include <stdio.h>
#include <string.h>

static const char *const test_plugins[] = {
    "rps.so", "rps-random.so", "bot_illegal.so", "bot_listless.so", "bot_twins.so", NULL,
};

sapper_registry *test_new_registry(void)
{
    sapper_registry *reg = sapper_registry_new();
    assert_non_null(reg);
    assert_int_equal(sapper_registry_set_describer(reg, SAPPER_BOTHOST), SAPPER_OK);
    return reg;
}

sapper_registry *test_registry(int with_test_plugins)
{
    char err[1024], path[4096];
    sapper_registry *reg = test_new_registry();
    assert_true(sapper_registry_load_dir(reg, SAPPER_PLUGIN_DIR) >= 4);
    for (const char *const *p = test_plugins; with_test_plugins && *p; p++) {
        snprintf(path, sizeof path, "%s/%s", SAPPER_TEST_PLUGIN_DIR, *p);
        if (sapper_registry_load_file(reg, path, err, sizeof err) != SAPPER_OK)
            fail_msg("%s", err);
    }
    return reg;
}

sapper_status test_setup(const sapper_registry *reg, const char *ini,
                         const char *const *overrides, sapper_setup *out,
                         char *err, size_t errcap)
{
    sapper_config cfg;
    sapper_config_init(&cfg);
    sapper_status st = sapper_config_read_string(&cfg, ini, "test.ini", err, errcap);
    for (int i = 0; st == SAPPER_OK && overrides && overrides[i]; i++)
        st = sapper_config_override(&cfg, overrides[i], i + 1, NULL, err, errcap);
    if (st == SAPPER_OK) {
        sapper_setup_options opt = {.drawn_seed = 99};
        st = sapper_setup_resolve(&cfg, reg, &opt, out, err, errcap);
    } else {
        memset(out, 0, sizeof *out);
    }
    sapper_config_free(&cfg);
    return st;
}

void test_assert_contains(const char *hay, const char *needle, const char *file,
                          int line)
{
    if (hay && strstr(hay, needle))
        return;
    print_error("expected \"%s\" in \"%s\"\n", needle, hay ? hay : "(null)");
    _fail(file, line);
}
