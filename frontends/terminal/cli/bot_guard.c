/*
 * bot_guard.c - names the bot when one ends the whole process from inside
 * its move. `play` and `run` call bots in-process (tournaments isolate them
 * in worker processes instead, see core/tournament/worker.c), so a bot that calls
 * exit() would make sapper stop with status 0 and no word, and a crash
 * would leave only the shell's "Segmentation fault". With the guard, exit()
 * during a step ends sapper with status 3 and a message naming the bot,
 * and a fatal signal prints the bot's name before it takes its course.
 *
 * The handlers have no context to receive, so the bot in its step is kept
 * in this file's state: one process, one guard. Nothing else is global.
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
static char culprit[192];               /* "bot \"id\" (seat N, name)" */
static void (*screen_restore)(void);    /* a full-screen UI is up      */

/* After a crash ending curses is best effort: the process dies anyway,
   and a terminal left in curses mode would be worse than the risk. */
static void say(const char *what)
{
    if (screen_restore)
        screen_restore();
    /* the rest async-signal-safe: write(2) only */
    static const char head[] = "sapper: ";
    ssize_t ignored = write(STDERR_FILENO, head, sizeof head - 1);
    ignored = write(STDERR_FILENO, culprit, strlen(culprit));
    ignored = write(STDERR_FILENO, what, strlen(what));
    (void)ignored;
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
    const sapper_setup *s = setup;
    if (phase == 0)
        snprintf(culprit, sizeof culprit, "bot \"%s\" (seat %d, %s)",
                 s->seats[seat].bot ? s->seats[seat].bot->desc.id : "?",
                 (int)seat + 1, s->seats[seat].name);
    in_step = phase == 0;
}
