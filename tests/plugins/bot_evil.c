/*
 * bot_evil.c - DELIBERATELY HOSTILE test bot (family mines). Its `act`
 * parameter picks one thing a stranger's bot might do to the engine, the
 * database or the machine, at its first chance (step, unless the act names
 * bot_new, inform or bot_free); otherwise it plays the first legal action.
 * The sandbox (core/sandbox/) must contain each one: the seat loses with
 * the right reason, every other game is untouched, nothing is lost.
 */
#define _GNU_SOURCE
#include "test_bot.h"

#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <time.h>
#include <signal.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>

static const sapper_param_spec evil_params[] = {
    {.key = "act", .type = SAPPER_PARAM_CHOICE, .def = "none",
     .choices = "none|procmem|db_write|db_unlink|fork|socket|ptrace|kill_parent|"
                "kill_group|self_kill|exec|forge|timer|affinity|flood|leak|slow|crash_new|loop_new|"
                "crash_inform|loop_inform|crash_free|loop_free|crash_game3|peek_layout|"
                "patient|chatty",
     .help = "the misdeed"},
    {.key = "path", .type = SAPPER_PARAM_STRING, .def = "",
     .help = "the file db_write and db_unlink go after"},
};

typedef struct evil {
    const sapper_host *host;   /* NULL from an engine before ABI 1.2 */
    char act[32];
    char path[1024];
    int done;
} evil;

static void crash(void)
{
    volatile int *volatile nowhere = NULL;
    *nowhere = 1;
}

static void spin(void)
{
    for (volatile unsigned long i = 0;; i++)
        ;
}

static int is(const evil *e, const char *act)
{
    return strcmp(e->act, act) == 0;
}

/* The misdeeds done from step. */
static void misbehave(evil *e)
{
    static const char junk[] = "\x05\x00\x00\x00\x40\x00\x00\x00forged record: I won";
    if (is(e, "procmem"))
        open("/proc/self/mem", O_RDONLY);
    else if (is(e, "db_write")) {
        int fd = open(e->path, O_RDWR);
        if (fd >= 0 && write(fd, junk, sizeof junk) < 0)
            close(fd);
    } else if (is(e, "db_unlink"))
        unlink(e->path);
    else if (is(e, "fork")) {
        if (fork() == 0)
            spin();
    } else if (is(e, "socket"))
        socket(AF_INET, SOCK_STREAM, 0);
    else if (is(e, "ptrace"))
        ptrace(PTRACE_ATTACH, getppid(), NULL, NULL);
    else if (is(e, "kill_parent"))
        kill(getppid(), SIGKILL);
    else if (is(e, "kill_group"))
        kill(0, SIGKILL);
    else if (is(e, "self_kill"))   /* to pass a lost game off as the operator's */
        syscall(SYS_tgkill, getpid(), gettid(), SIGKILL);
    else if (is(e, "exec"))
        execl("/bin/sh", "sh", "-c", "true", (char *)NULL);
    else if (is(e, "forge")) {   /* a forged record into every descriptor */
        for (int fd = 0; fd < 256; fd++)
            if (write(fd, junk, sizeof junk) < 0)
                continue;
    } else if (is(e, "timer")) {
        struct itimerval t = {{0, 1000}, {0, 1000}};
        setitimer(ITIMER_REAL, &t, NULL);
    } else if (is(e, "affinity")) {   /* off its worker's core, onto another's */
        cpu_set_t all;
        CPU_ZERO(&all);
        for (int c = 0; c < CPU_SETSIZE; c++)
            CPU_SET(c, &all);
        sched_setaffinity(0, sizeof all, &all);
    }
}

/* Output and terminal changes: harmless to the game, so it plays on. */
static void flood(void)
{
    static char line[4096];
    memset(line, 'F', sizeof line - 1);
    line[sizeof line - 1] = '\n';
    for (int i = 0; i < 64; i++) {
        if (write(STDOUT_FILENO, line, sizeof line) < 0 ||
            write(STDERR_FILENO, line, sizeof line) < 0)
            break;
    }
    struct termios t;
    memset(&t, 0, sizeof t);
    tcsetattr(STDIN_FILENO, TCSANOW, &t);
}

static sapper_status evil_new(const sapper_params *params, const sapper_bot_setup *setup,
                              void **bot, char *err, size_t errcap)
{
    evil *e = calloc(1, sizeof *e);
    if (!e)
        return SAPPER_ERR_NOMEM;
    const char *act = sapper_param(params, "act"), *path = sapper_param(params, "path");
    snprintf(e->act, sizeof e->act, "%s", act ? act : "none");
    e->host = setup->struct_size >= offsetof(sapper_bot_setup, host) + sizeof setup->host
        ? setup->host : NULL;
    if (is(e, "chatty"))
        sapper_host_log(e->host, SAPPER_LOG_INFO, "hello from bot_new");
    snprintf(e->path, sizeof e->path, "%s", path ? path : "");
    if (is(e, "crash_new"))
        crash();
    /* a bot that crashes in its third game of a process: in `sapper run`
       the two before must not be lost (a global on purpose: this bot
       breaks the rules) */
    static int games;
    if (is(e, "crash_game3") && ++games == 3)
        e->done = -1;
    if (is(e, "peek_layout") && sapper_param(setup->rules_params, "layout")) {
        snprintf(err, errcap, "the secret layout reached the bot: %s",
                 sapper_param(setup->rules_params, "layout"));
        free(e);
        return SAPPER_ERR_PARAM;
    }
    if (is(e, "loop_new"))
        spin();
    if (is(e, "leak")) {   /* 64 MiB a game, never freed, touched */
        char *p = malloc(64u << 20);
        if (p)
            memset(p, 1, 64u << 20);
    }
    *bot = e;
    return SAPPER_OK;
}

static void evil_inform(void *bot, int32_t seat, int64_t action)
{
    evil *e = bot;
    (void)seat; (void)action;
    if (is(e, "crash_inform"))
        crash();
    if (is(e, "loop_inform"))
        spin();
}

static void evil_free(void *bot)
{
    evil *e = bot;
    if (is(e, "crash_free"))
        crash();
    if (is(e, "loop_free"))
        spin();
    free(e);
}

static sapper_status evil_step(void *bot, const void *view, size_t view_size,
                               const int64_t *legal, size_t nlegal, int64_t *action)
{
    evil *e = bot;
    if (e->done < 0)
        crash();
    if (!e->done)
        misbehave(e);
    e->done = 1;
    if (is(e, "flood"))
        flood();
    if (is(e, "chatty")) {   /* the time it has, through the host table */
        char line[128];
        double game, left = e->host ? e->host->time_left(e->host->ctx, &game) : -9;
        snprintf(line, sizeof line, "step: %s", left > 0 && left <= 1.0 ? "time ok" : "time wrong");
        sapper_host_log(e->host, SAPPER_LOG_INFO, line);
        /* a terminal's title and a cleared screen, if printed as they are */
        sapper_host_log(e->host, SAPPER_LOG_INFO, "\033]0;owned\007\033[2Jcleared");
    }
    if (is(e, "patient"))   /* thinks until asked to answer: never late */
        while (!sapper_host_cancelled(e->host))
            ;
    if (is(e, "slow")) {
        struct timespec ms = {0, 20000000};
        nanosleep(&ms, NULL);
    }
    return test_bot_first_legal(bot, view, view_size, legal, nlegal, action);
}

static const sapper_bot_api evil_api = {
    .struct_size = sizeof(sapper_bot_api),
    .bot_new = evil_new,
    .bot_free = evil_free,
    .step = evil_step,
    .inform = evil_inform,
};

static const sapper_descriptor evil_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_BOT,
    .id = "bot_evil",
    .name = "Evil",
    .version = "1.0.0",
    .summary = "Does one hostile thing (act=...) to test the sandbox",
    .family = SAPPER_MINES_FAMILY,
    .params = evil_params,
    .param_count = sizeof evil_params / sizeof evil_params[0],
    .bot = &evil_api,
};

static const sapper_descriptor *const evil_descriptors[] = {&evil_descriptor};

static const sapper_manifest evil_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 1,
    .descriptors = evil_descriptors,
};

SAPPER_PLUGIN_ENTRY(bot_evil)
{
    (void)host_minor;
    return host_major == SAPPER_ABI_MAJOR ? &evil_manifest : NULL;
}
