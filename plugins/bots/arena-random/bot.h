/*
 * bot.h - the arena-random bot's logic, declared apart from its ABI glue
 * (plugin.c) so unit tests can call it without dlopen: a uniform choice
 * among the legal actions, missile placements included. The baseline any
 * arena bot must beat. These are the very functions the bot table points
 * at; they are hidden in the built plugin.
 */
#ifndef ARENA_RANDOM_BOT_H
#define ARENA_RANDOM_BOT_H

#include "sapper/arena.h"

sapper_status arena_random_bot_new(const sapper_params *params,
                                   const sapper_bot_setup *setup, void **bot,
                                   char *err, size_t errcap);
void arena_random_bot_free(void *bot);
sapper_status arena_random_bot_step(void *bot, const void *view,
                                    size_t view_size, const int64_t *legal,
                                    size_t nlegal, int64_t *action);

#endif /* ARENA_RANDOM_BOT_H */
