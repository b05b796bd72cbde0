/*
 * test_loader.c - the plugin loader against real shared objects, good and
 * misbehaving: every refusal names the file and says what is wrong, and a
 * refused file leaves nothing behind in the registry.
 */
#include "helpers.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include <string.h>

static sapper_status load(sapper_registry *reg, const char *dir, const char *name,
                          char *err, size_t errcap)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return sapper_registry_load_file(reg, path, err, errcap);
}

/* Loads a test plugin that must be refused; checks the message. */
static void expect_refused(const char *name, const char *const *needles)
{
    char err[1024] = "";
    sapper_registry *reg = test_new_registry();
    assert_int_not_equal(load(reg, SAPPER_TEST_PLUGIN_DIR, name, err, sizeof err),
                         SAPPER_OK);
    assert_contains(err, name);
    for (; *needles; needles++)
        assert_contains(err, *needles);
    assert_int_equal(sapper_registry_count(reg), 0);
    sapper_registry_free(reg);
}

static void test_loader_accepts_the_bundled_plugins(void **state)
{
    (void)state;
    sapper_registry *reg = test_new_registry();
    sapper_registry_load_dir(reg, SAPPER_PLUGIN_DIR);
    assert_int_equal(sapper_registry_problem_count(reg), 0);
    const sapper_plugin *classic = sapper_registry_find(reg, "classic", SAPPER_KIND_RULES);
    assert_non_null(classic);
    assert_string_equal(classic->desc.family, "mines");
    assert_null(classic->rules.game_new);   /* described, not loaded */
    char err[512];
    assert_int_equal(sapper_plugin_open(classic, err, sizeof err), SAPPER_OK);
    assert_non_null(classic->rules.game_new);
    assert_contains(classic->file, "classic.so");
    assert_non_null(sapper_registry_find(reg, "random", SAPPER_KIND_BOT));
    assert_non_null(sapper_registry_find(reg, "simple", SAPPER_KIND_BOT));
    assert_non_null(sapper_registry_find(reg, "template", SAPPER_KIND_BOT));
    assert_null(sapper_registry_find(reg, "classic", SAPPER_KIND_BOT));
    sapper_registry_free(reg);
}

/* Copies the file from to to; 0 on success. */
static int copy_file(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    char buf[65536];
    size_t n;
    int rc = in && out ? 0 : -1;
    while (!rc && (n = fread(buf, 1, sizeof buf, in)) > 0)
        rc = fwrite(buf, 1, n, out) == n ? 0 : -1;
    if (in)
        fclose(in);
    if (out && fclose(out) != 0)
        rc = -1;
    return rc;
}

/* A plugin's load-time code (a constructor) never runs in the engine:
   manifests are read in a locked-down process of their own, where writing
   a file is a forbidden system call. tests/plugins/bad_ctor.c, loaded as
   bad_ctor-armed.so, tries to create bad_ctor-armed.so.mark. */
static void test_loader_runs_no_plugin_code_when_it_lists_plugins(void **state)
{
    (void)state;
    char dir[] = "/tmp/sapper-ctor-XXXXXX", armed[256], mark[300];
    assert_non_null(mkdtemp(dir));
    snprintf(armed, sizeof armed, "%s/bad_ctor-armed.so", dir);
    snprintf(mark, sizeof mark, "%s.mark", armed);
    assert_int_equal(copy_file(SAPPER_TEST_PLUGIN_DIR "/bad_ctor.so", armed), 0);
    sapper_registry *reg = test_new_registry();
    assert_int_equal(sapper_registry_load_dir(reg, dir), 0);
    assert_int_equal(access(mark, F_OK), -1);
    assert_int_equal(sapper_registry_problem_count(reg), 1);
    assert_contains(sapper_registry_problem(reg, 0), "bad_ctor-armed.so: cannot load: "
                    "its code made a forbidden system call while loading");
    sapper_registry_free(reg);
    unlink(armed);
    rmdir(dir);
    /* under its own name its constructor does nothing and it loads */
    reg = test_new_registry();
    sapper_registry_load_dir(reg, SAPPER_TEST_PLUGIN_DIR);
    assert_non_null(sapper_registry_find(reg, "bad_ctor", SAPPER_KIND_BOT));
    sapper_registry_free(reg);
}

/* No manifest reader, no file read: a registry never falls back to
   loading a plugin's code in this process to learn what it holds. */
static void test_loader_reads_no_file_without_a_describer(void **state)
{
    (void)state;
    char err[1024] = "";
    sapper_registry *reg = sapper_registry_new();
    assert_int_not_equal(load(reg, SAPPER_PLUGIN_DIR, "classic.so", err, sizeof err),
                         SAPPER_OK);
    assert_contains(err, "classic.so: cannot load: no manifest reader");
    assert_int_equal(sapper_registry_load_dir(reg, SAPPER_PLUGIN_DIR), 0);
    assert_true(sapper_registry_problem_count(reg) >= 4);
    assert_contains(sapper_registry_problem(reg, 0), "no manifest reader");
    assert_int_equal(sapper_registry_count(reg), 0);
    sapper_registry_free(reg);
    /* a reader that cannot be run is named */
    reg = sapper_registry_new();
    assert_int_equal(sapper_registry_set_describer(reg, "/nonexistent/sapper-bothost"),
                     SAPPER_OK);
    assert_int_not_equal(load(reg, SAPPER_PLUGIN_DIR, "classic.so", err, sizeof err),
                         SAPPER_OK);
    assert_contains(err, "manifest reader /nonexistent/sapper-bothost cannot be run");
    sapper_registry_free(reg);
}

static void test_loader_refuses_a_file_without_entry_symbol(void **state)
{
    (void)state;
    const char *n[] = {"no entry symbol sapper_plugin_entry", NULL};
    expect_refused("bad_noentry.so", n);
}

static void test_loader_refuses_abi_major_mismatch_naming_both_versions(void **state)
{
    (void)state;
    const char *n[] = {"ABI 99.", "this host has ABI 1.", NULL};
    expect_refused("bad_abi.so", n);
}

static void test_loader_refuses_a_plugin_that_refuses_the_host(void **state)
{
    (void)state;
    const char *n[] = {"refused this host", NULL};
    expect_refused("bad_refuses.so", n);
}

static void test_loader_refuses_missing_required_function(void **state)
{
    (void)state;
    const char *n[] = {"lacks required function state_new", NULL};
    expect_refused("bad_missing_fn.so", n);
}

static void test_loader_refuses_bad_parameter_spec(void **state)
{
    (void)state;
    const char *n[] = {"bad parameter spec", NULL};
    expect_refused("bad_param_spec.so", n);
}

static void test_loader_refuses_a_file_that_is_not_a_shared_object(void **state)
{
    (void)state;
    char err[1024] = "";
    sapper_registry *reg = test_new_registry();
    assert_int_not_equal(load(reg, SAPPER_FIXTURES, "not-a-plugin.so", err, sizeof err),
                         SAPPER_OK);
    assert_contains(err, "not-a-plugin.so: cannot load");
    sapper_registry_free(reg);
}

/* A FIFO named *.so would block dlopen (and so every command) forever. */
static void test_loader_refuses_a_fifo_or_directory_without_opening_it(void **state)
{
    (void)state;
    char dir[] = "/tmp/sapper-loader-XXXXXX", path[256], err[1024] = "";
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/fifo.so", dir);
    assert_int_equal(mkfifo(path, 0600), 0);
    snprintf(path, sizeof path, "%s/dir.so", dir);
    assert_int_equal(mkdir(path, 0700), 0);
    sapper_registry *reg = test_new_registry();
    assert_int_equal(sapper_registry_load_dir(reg, dir), 0);
    assert_int_equal(sapper_registry_problem_count(reg), 2);
    assert_contains(sapper_registry_problem(reg, 0), "dir.so: cannot load: not a regular file");
    assert_contains(sapper_registry_problem(reg, 1), "fifo.so: cannot load: not a regular file");
    snprintf(path, sizeof path, "%s/missing.so", dir);
    assert_int_not_equal(sapper_registry_load_file(reg, path, err, sizeof err), SAPPER_OK);
    assert_contains(err, "missing.so: cannot load: No such file or directory");
    sapper_registry_free(reg);
    snprintf(path, sizeof path, "%s/fifo.so", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/dir.so", dir);
    rmdir(path);
    rmdir(dir);
}

static void test_loader_refuses_duplicate_id_naming_the_first_file(void **state)
{
    (void)state;
    char err[1024] = "";
    sapper_registry *reg = test_new_registry();
    assert_int_equal(load(reg, SAPPER_TEST_PLUGIN_DIR, "dup_a.so", err, sizeof err),
                     SAPPER_OK);
    assert_int_not_equal(load(reg, SAPPER_TEST_PLUGIN_DIR, "dup_b.so", err, sizeof err),
                         SAPPER_OK);
    assert_contains(err, "dup_b.so");
    assert_contains(err, "duplicate bot id \"dup\"");
    assert_contains(err, "dup_a.so");
    assert_int_equal(sapper_registry_count(reg), 1);
    sapper_registry_free(reg);
}

static void test_loader_directory_scan_notes_refusals_and_keeps_the_rest(void **state)
{
    (void)state;
    sapper_registry *reg = test_new_registry();
    size_t n = sapper_registry_load_dir(reg, SAPPER_TEST_PLUGIN_DIR);
    assert_true(n >= 3);  /* rps, rps-random, dup (once), bots */
    assert_non_null(sapper_registry_find(reg, "rps", SAPPER_KIND_RULES));
    assert_true(sapper_registry_problem_count(reg) >= 6);
    int saw_abi = 0;
    for (size_t i = 0; i < sapper_registry_problem_count(reg); i++)
        saw_abi |= strstr(sapper_registry_problem(reg, i), "bad_abi.so") != NULL;
    assert_true(saw_abi);
    sapper_registry_free(reg);
}

static void test_loader_missing_directory_is_not_an_error(void **state)
{
    (void)state;
    sapper_registry *reg = test_new_registry();
    assert_int_equal(sapper_registry_load_dir(reg, "/nonexistent/dir"), 0);
    assert_int_equal(sapper_registry_problem_count(reg), 0);
    sapper_registry_free(reg);
}

static void test_loader_search_path_order_first_wins(void **state)
{
    (void)state;
    sapper_registry *reg = test_new_registry();
    /* the test dir first, then the bundled dir: both hold no common id, so
       every bundled plugin must still be there after the test ones */
    sapper_registry_load_path(reg, SAPPER_TEST_PLUGIN_DIR, NULL, SAPPER_PLUGIN_DIR);
    const sapper_plugin *rps = sapper_registry_find(reg, "rps", 0);
    const sapper_plugin *classic = sapper_registry_find(reg, "classic", 0);
    assert_non_null(rps);
    assert_non_null(classic);
    assert_true(rps < classic);  /* loaded in path order */
    sapper_registry_free(reg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_loader_accepts_the_bundled_plugins),
        cmocka_unit_test(test_loader_runs_no_plugin_code_when_it_lists_plugins),
        cmocka_unit_test(test_loader_reads_no_file_without_a_describer),
        cmocka_unit_test(test_loader_refuses_a_file_without_entry_symbol),
        cmocka_unit_test(test_loader_refuses_abi_major_mismatch_naming_both_versions),
        cmocka_unit_test(test_loader_refuses_a_plugin_that_refuses_the_host),
        cmocka_unit_test(test_loader_refuses_missing_required_function),
        cmocka_unit_test(test_loader_refuses_bad_parameter_spec),
        cmocka_unit_test(test_loader_refuses_a_file_that_is_not_a_shared_object),
        cmocka_unit_test(test_loader_refuses_a_fifo_or_directory_without_opening_it),
        cmocka_unit_test(test_loader_refuses_duplicate_id_naming_the_first_file),
        cmocka_unit_test(test_loader_directory_scan_notes_refusals_and_keeps_the_rest),
        cmocka_unit_test(test_loader_missing_directory_is_not_an_error),
        cmocka_unit_test(test_loader_search_path_order_first_wins),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
