/*
 * bot_guard.c - names the bot when one ends the whole process from inside
 * its move. `play` and `run` call bots in-process (tournaments isolate them
 * in worker processes instead, see core/runner/worker.c), so a bot that calls
 * exit() would make sapper stop with status 0 and no word, and a crash
 * would leave only the shell's "Segmentation fault". With the guard, exit()
 * during a step ends sapper with status 3 and a message naming the bot,
 * and a fatal signal prints the bot's name before it takes its course.
 *
 * The handlers have no context to receive, so the bot in its step is kept
 * in this file's state: one process, one guard. Nothing else is global.
 * The hook runs around every step, so it only notes which bot; the name is
 * written out (with write(2) alone) only when something goes wrong.
 */
#include "bot_guard.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "setup.h"

#define EXIT_BOT_EXITED 3

static volatile sig_atomic_t in_step;   /* a bot is inside its step now */
static const sapper_setup *culprit_setup;   /* whose bot: the setup and */
static int32_t culprit_seat;                /* the seat in its step     */
static void (*screen_restore)(void);    /* a full-screen UI is up      */

static void put(const char *text)
{
    ssize_t ignored = write(STDERR_FILENO, text, strlen(text));
    (void)ignored;
}

/* bot "id" (seat N, name), async-signal-safe. */
static void put_culprit(void)
{
    const sapper_seat_setup *seat = &culprit_setup->seats[culprit_seat];
    char digits[16];
    int n = 0;
    for (int32_t v = culprit_seat + 1; v > 0 && n < 15; v /= 10)
        digits[14 - n++] = (char)('0' + v % 10);
    digits[15] = 0;
    put("bot \"");
    put(seat->bot ? seat->bot->desc.id : "?");
    put("\" (seat ");
    put(digits + 15 - n);
    put(", ");
    put(seat->name);
    put(")");
}

/* After a crash ending curses is best effort: the process dies anyway,
   and a terminal left in curses mode would be worse than the risk. */
static void say(const char *what)
{
    if (screen_restore)
        screen_restore();
    /* the rest async-signal-safe: write(2) only */
    put("sapper: ");
    put_culprit();
    put(what);
}

static void on_exit_during_step(void)
{
    if (!in_step)
        return;
    say(" called exit() during its move: the game is abandoned\n");
    _exit(EXIT_BOT_EXITED);
}

#if !defined(__SANITIZE_ADDRESS__)   /* ASan reports these itself */
static void on_fatal_signal(int sig)
{
    if (in_step)
        say(" crashed during its move\n");
    signal(sig, SIG_DFL);
    raise(sig);
}
#endif

void bot_guard_install(void)
{
    atexit(on_exit_during_step);
#if !defined(__SANITIZE_ADDRESS__)
    static const int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
        signal(fatal[i], on_fatal_signal);
#endif
}

void bot_guard_on_screen(void (*restore)(void))
{
    screen_restore = restore;
}

void bot_guard_hook(void *setup, int32_t seat, int phase)
{
    if (phase == 0) {
        culprit_setup = setup;
        culprit_seat = seat;
    }
    in_step = phase == 0;
}
