/*
 * bot_guard.h - a message naming the bot when one exits or crashes the
 * process from inside its move (play and run run bots in-process).
 */
#ifndef SAPPER_BOT_GUARD_H
#define SAPPER_BOT_GUARD_H

#include <stdint.h>

/** Once per process: the exit and fatal-signal handlers. */
void bot_guard_install(void);
/** While a full-screen interface is up: `restore` gives the terminal back
    (the curses UI passes one that ends curses) and is called before the
    message, so it is not drawn over the board; NULL when the screen ends. */
void bot_guard_on_screen(void (*restore)(void));
/** A sapper_bot_hook (core/engine/match.h); ctx is the match's sapper_setup. */
void bot_guard_hook(void *setup, int32_t seat, int phase);

#endif
