/*
 * bot_keep.h - bot instances kept from one game to the next (ABI 1.2
 * sapper_bot_api.bot_reset), so a bot keeps its memory instead of
 * allocating and zeroing it again for every game. The caller owns a keep
 * and hands it to its matches (sapper_match_hooks.keep); a match puts in
 * the instances of bots that ended a game without a fault and takes one
 * back, for the same plugin in a game of the same configuration (rules,
 * rules parameters, bot parameters), instead of calling bot_new. Only in-process bots: a sandboxed bot's process keeps its own.
 */
#ifndef SAPPER_BOT_KEEP_H
#define SAPPER_BOT_KEEP_H

#include "loader.h"
#include "setup.h"   /* SAPPER_MAX_SEATS */

typedef struct sapper_bot_keep sapper_bot_keep;

/** An empty keep, or NULL when memory runs out (the caller then plays
 *  without one). */
sapper_bot_keep *sapper_bot_keep_new(void);
/** bot_free of every instance held, then the keep; NULL is a no-op. Call
 *  it before the plugins are unloaded. */
void sapper_bot_keep_free(sapper_bot_keep *k);

/** An instance of bot that played a game of configuration config
 *  (sapper_match_config: rules, rules parameters, bot parameters), taken
 *  out of the keep (the caller owns it and must bot_reset it before use),
 *  or NULL. */
void *sapper_bot_keep_take(sapper_bot_keep *k, const sapper_plugin *bot,
                           uint64_t config);
/** Hands instance to the keep; 0 when it is not kept (the caller frees
 *  it). */
int sapper_bot_keep_put(sapper_bot_keep *k, const sapper_plugin *bot,
                        uint64_t config, void *instance);

#endif
