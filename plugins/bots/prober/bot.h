/*
 * bot.h - the prober bot's logic, declared apart from its ABI glue
 * (plugin.c) so unit tests and benchmarks can call it without dlopen.
 * These are the very functions the bot table points at; they are hidden
 * in the built plugin.
 */
#ifndef PROBER_BOT_H
#define PROBER_BOT_H

#include "sapper/mines.h"

sapper_status prober_bot_new(const sapper_params *params,
                             const sapper_bot_setup *setup, void **bot,
                             char *err, size_t errcap);
void prober_bot_free(void *bot);
/** Ready for another game with the same parameters, buffers kept
 *  (sapper_bot_api.bot_reset). */
sapper_status prober_bot_reset(void *bot, const sapper_bot_setup *setup,
                               char *err, size_t errcap);
sapper_status prober_bot_step(void *bot, const void *view, size_t view_size,
                              const int64_t *legal, size_t nlegal,
                              int64_t *action);
/** Step and the certain cells queued behind it (sapper_bot_api.step_many). */
sapper_status prober_bot_step_many(void *bot, const void *view, size_t view_size,
                                   const int64_t *legal, size_t nlegal,
                                   int64_t *actions, size_t cap, size_t *count);

#endif
