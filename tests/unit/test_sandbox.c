/*
 * test_sandbox.c - bot processes run only in their own calls (issue 27):
 * the sandbox's driver (core/sandbox/) with real sapper-bothost processes
 * and real plugins, the template bot for an honest one and bot_thief
 * (tests/plugins/) for one that writes its own replies and keeps running.
 * A process's state and CPU come from /proc and its CPU clock: this test
 * is its parent. No timing is asserted: where a test waits for a thief to
 * spend CPU, it waits for that (with a watchdog), not for a time.
 */
#define _GNU_SOURCE
#include "helpers.h"

#include <dirent.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sandbox.h"

#define W 9
#define H 9

typedef struct fixture {
    sapper_registry *reg;
    sapper_sandbox *sb;
    unsigned char view[sizeof(sapper_mines_view) + W * H];
    int64_t legal[W * H];
    char why[256];
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    char err[1024];
    assert_non_null(f);
    f->reg = test_registry(0);
    const char *thief = SAPPER_TEST_PLUGIN_DIR "/bot_thief.so";
    assert_int_equal(sapper_registry_load_file(f->reg, thief, err, sizeof err), SAPPER_OK);
    sapper_sandbox_options o = {.helper = SAPPER_BOTHOST};
    f->sb = sapper_sandbox_new(&o);
    assert_non_null(f->sb);
    sapper_mines_view *v = (sapper_mines_view *)(void *)f->view;
    *v = (sapper_mines_view){.struct_size = sizeof *v, .width = W, .height = H, .mines = 10,
                             .players = 1};
    memset(f->view + sizeof *v, SAPPER_CELL_HIDDEN, W * H);
    for (int c = 0; c < W * H; c++)
        f->legal[c] = c;   /* every reveal */
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    sapper_sandbox_free(f->sb);
    sapper_registry_free(f->reg);
    free(f);
    return 0;
}

/* Seats bot (with nparams params) in a game of players seats, and starts
   its instance. */
static sapper_status seat_bot(fixture *f, int32_t seat, int32_t players, const char *id,
                              const sapper_kv *params, uint32_t nparams)
{
    const sapper_plugin *bot = sapper_registry_find(f->reg, id, SAPPER_KIND_BOT);
    assert_non_null(bot);
    sapper_sandbox_seat(f->sb, seat, bot, seat, 1);
    sapper_game_info info = {.struct_size = sizeof info, .min_players = 1,
                             .max_players = players, .turns = 1, .max_moves = 1000,
                             .max_actions = W * H};
    sapper_params none = {0}, p = {.items = params, .count = nparams};
    sapper_bot_setup s = {.struct_size = sizeof s, .seat = seat, .players = players,
                          .seed = 1, .rules_id = "classic", .rules_params = &none,
                          .info = &info};
    return sapper_sandbox_driver.bot_new(f->sb, seat, &p, &s, 0, f->why, sizeof f->why);
}

static sapper_status step(fixture *f, int32_t seat)
{
    int64_t action;
    size_t count;
    return sapper_sandbox_driver.step(f->sb, seat, f->view, sizeof f->view, f->legal,
                                      W * H, &action, 1, &count, f->why, sizeof f->why);
}

/* The live sapper-bothost child of this process that runs bot id (its
   third argument), or -1. */
static pid_t bot_pid(const char *id)
{
    DIR *d = opendir("/proc");
    pid_t found = -1;
    for (struct dirent *e; d && (e = readdir(d));) {
        char path[300], args[512] = "", st[512] = "";
        pid_t pid = (pid_t)atoi(e->d_name);
        snprintf(path, sizeof path, "/proc/%d/cmdline", (int)pid);
        FILE *c = pid > 0 ? fopen(path, "r") : NULL;
        size_t n = c ? fread(args, 1, sizeof args - 1, c) : 0;
        if (c)
            fclose(c);
        /* argv[0], the plugin file, the bot id: NUL-separated within n
           bytes (a longer command line is cut, and then is none of ours) */
        const char *end = args + n, *file = memchr(args, 0, n);
        file = file ? file + 1 : end;
        const char *bot = file < end ? memchr(file, 0, (size_t)(end - file)) : NULL;
        bot = bot ? bot + 1 : end;
        int ppid = -1;
        snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
        FILE *s = n ? fopen(path, "r") : NULL;
        if (s && fgets(st, sizeof st, s) && strrchr(st, ')'))
            sscanf(strrchr(st, ')') + 4, "%d", &ppid);
        if (s)
            fclose(s);
        if (n && ppid == getpid() && strcmp(args, "sapper-bothost") == 0 &&
            bot < end && memchr(bot, 0, (size_t)(end - bot)) && strcmp(bot, id) == 0)
            found = pid;
    }
    if (d)
        closedir(d);
    return found;
}

/* The state letter of /proc/PID/stat: R running, S sleeping, T stopped. */
static char state_of(pid_t pid)
{
    char path[64], st[512] = "";
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *s = fopen(path, "r");
    if (s && !fgets(st, sizeof st, s))
        st[0] = 0;
    if (s)
        fclose(s);
    const char *end = strrchr(st, ')');
    return end ? end[2] : '?';
}

/* Whether pid stops (or is stopped) before a watchdog of 10 s: a process
   with a stop pending takes it when it next runs, here while this test
   sleeps. */
static int stops(pid_t pid)
{
    struct timespec ms = {0, 1000000};
    for (int i = 0; i < 10000 && state_of(pid) != 'T'; i++)
        nanosleep(&ms, NULL);
    return state_of(pid) == 'T';
}

static double cpu_of(pid_t pid)
{
    clockid_t clock;
    struct timespec ts;
    if (clock_getcpuclockid(pid, &clock) != 0 || clock_gettime(clock, &ts) != 0)
        return -1;
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void test_sandbox_idle_kept_process_is_stopped(void **state)
{
    fixture *f = *state;
    assert_int_equal(seat_bot(f, 0, 1, "template", NULL, 0), SAPPER_OK);
    assert_int_equal(step(f, 0), SAPPER_OK);
    assert_int_equal(sapper_sandbox_driver.bot_free(f->sb, 0, 1, f->why, sizeof f->why),
                     SAPPER_OK);
    sapper_sandbox_release(f->sb);
    pid_t pid = bot_pid("template");
    assert_true(pid > 0);   /* kept for the entrant's next game */
    assert_int_equal(state_of(pid), 'T');
}

static void test_sandbox_one_seat_process_stops_when_the_match_pauses(void **state)
{
    fixture *f = *state;
    assert_int_equal(seat_bot(f, 0, 1, "template", NULL, 0), SAPPER_OK);
    assert_int_equal(step(f, 0), SAPPER_OK);
    pid_t pid = bot_pid("template");
    assert_true(pid > 0);
    sapper_sandbox_driver.pause(f->sb);   /* sapper_match_advance returns */
    assert_true(stops(pid));
    assert_int_equal(step(f, 0), SAPPER_OK);   /* and it plays on */
}

/* A thief in a two-seat game goes on after its reply inside madvise
   calls of 64 MiB, which a stop waits for: it is stopped all the same
   before its call returns, and stays so while the other seat plays. */
static void test_sandbox_other_seat_plays_only_once_the_thief_is_stopped(void **state)
{
    fixture *f = *state;
    const sapper_kv thief[] = {{.key = "when", .value = "step"},
                               {.key = "spin", .value = "kernel"},
                               {.key = "mb", .value = "64"}};
    sapper_sandbox_set_limits(f->sb, 5.0, -1);
    assert_int_equal(seat_bot(f, 0, 2, "bot_thief", thief, 3), SAPPER_OK);
    assert_int_equal(seat_bot(f, 1, 2, "template", NULL, 0), SAPPER_OK);
    pid_t p0 = bot_pid("bot_thief"), p1 = bot_pid("template");
    assert_true(p0 > 0 && p1 > 0);
    assert_int_equal(step(f, 0), SAPPER_OK);   /* its own reply, then madvise */
    assert_int_equal(state_of(p0), 'T');
    assert_int_equal(step(f, 1), SAPPER_OK);
    assert_int_equal(state_of(p0), 'T');
    assert_int_equal(state_of(p1), 'T');
}

/* A one-seat thief left running between two steps (nothing else of the
   engine ran to stop it: this test waits instead of the match) is
   charged: past the allowance its next call fails with reason "cpu". */
static void test_sandbox_cpu_outside_calls_forfeits_with_cpu(void **state)
{
    fixture *f = *state;
    const sapper_kv thief[] = {{.key = "when", .value = "step"}};
    sapper_sandbox_set_limits(f->sb, 5.0, -1);
    assert_int_equal(seat_bot(f, 0, 1, "bot_thief", thief, 1), SAPPER_OK);
    assert_int_equal(step(f, 0), SAPPER_OK);   /* its own reply, then a loop */
    pid_t pid = bot_pid("bot_thief");
    assert_true(pid > 0);
    double from = cpu_of(pid), watchdog = 0;
    struct timespec ms = {0, 10000000};
    while (cpu_of(pid) - from < 2 * SAPPER_SANDBOX_OUTSIDE_CPU && watchdog < 60) {
        nanosleep(&ms, NULL);   /* the thief has the CPU meanwhile */
        watchdog += 0.01;
    }
    assert_true(cpu_of(pid) - from >= 2 * SAPPER_SANDBOX_OUTSIDE_CPU);
    assert_int_equal(step(f, 0), SAPPER_ERR_STATE);
    assert_string_equal(f->why, "cpu");
    assert_int_equal(bot_pid("bot_thief"), -1);   /* killed and reaped */
}

/* The same thief caught at bot_free, once its game is decided: that game
   stands (match_bots.c), so the overrun costs the entrant's next game, whose
   bot_new fails with "cpu" though its process is a fresh one. */
static void test_sandbox_cpu_overrun_found_at_bot_free_costs_the_next_game(void **state)
{
    fixture *f = *state;
    const sapper_kv thief[] = {{.key = "when", .value = "step"}};
    sapper_sandbox_set_limits(f->sb, 5.0, -1);
    assert_int_equal(seat_bot(f, 0, 1, "bot_thief", thief, 1), SAPPER_OK);
    assert_int_equal(step(f, 0), SAPPER_OK);
    pid_t pid = bot_pid("bot_thief");
    assert_true(pid > 0);
    double from = cpu_of(pid), watchdog = 0;
    struct timespec ms = {0, 10000000};
    while (cpu_of(pid) - from < 2 * SAPPER_SANDBOX_OUTSIDE_CPU && watchdog < 60) {
        nanosleep(&ms, NULL);
        watchdog += 0.01;
    }
    assert_int_equal(sapper_sandbox_driver.bot_free(f->sb, 0, 1, f->why, sizeof f->why),
                     SAPPER_ERR_STATE);
    assert_string_equal(f->why, "cpu");
    sapper_sandbox_release(f->sb);
    f->why[0] = 0;
    assert_int_equal(seat_bot(f, 0, 1, "bot_thief", thief, 1), SAPPER_ERR_STATE);
    assert_string_equal(f->why, "cpu");
    sapper_sandbox_release(f->sb);
    assert_int_equal(seat_bot(f, 0, 1, "bot_thief", thief, 1), SAPPER_OK);   /* paid */
}

/* A sandboxed worker keeps to one core, and its bot processes with it:
   they share it, one call at a time (a bot cannot move: the sandbox
   kills sched_setaffinity, tests/e2e/sandbox_test.sh). */
static void test_sandbox_bot_process_keeps_the_callers_core(void **state)
{
    fixture *f = *state;
    cpu_set_t all, one;
    assert_int_equal(sched_getaffinity(0, sizeof all, &all), 0);
    int cpu = 0;
    while (!CPU_ISSET(cpu, &all))
        cpu++;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    assert_int_equal(sched_setaffinity(0, sizeof one, &one), 0);
    assert_int_equal(seat_bot(f, 0, 1, "template", NULL, 0), SAPPER_OK);
    cpu_set_t its;
    assert_int_equal(sched_getaffinity(bot_pid("template"), sizeof its, &its), 0);
    assert_true(CPU_EQUAL(&its, &one));
    assert_int_equal(sched_setaffinity(0, sizeof all, &all), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_sandbox_idle_kept_process_is_stopped,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(
            test_sandbox_one_seat_process_stops_when_the_match_pauses, setup, teardown),
        cmocka_unit_test_setup_teardown(
            test_sandbox_other_seat_plays_only_once_the_thief_is_stopped, setup, teardown),
        cmocka_unit_test_setup_teardown(test_sandbox_cpu_overrun_found_at_bot_free_costs_the_next_game,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_sandbox_cpu_outside_calls_forfeits_with_cpu,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_sandbox_bot_process_keeps_the_callers_core,
                                        setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
