/*
 * bot_guard.h - a message naming the bot when one exits or crashes the
 * process from inside its move (play and run run bots in-process).
 */
#ifndef SAPPER_BOT_GUARD_H
#define SAPPER_BOT_GUARD_H

#include <stdint.h>

/** Once per process: the exit and fatal-signal handlers. */
void bot_guard_install(void);
/** A sapper_bot_hook (core/src/match.h); ctx is the match's sapper_setup. */
void bot_guard_hook(void *setup, int32_t seat, int phase);

#endif
