/*
 * bot.h - the woodsword bot's logic (Wood-Sword's unified weighted-random
 * AI, family "arena"), declared apart from its ABI glue (plugin.c) so unit
 * tests can call it without dlopen. These are the very functions the bot
 * table points at; they are hidden in the built plugin.
 *
 * The baseline, all read from the view (sapper/arena.h), no memory:
 *   - the first round of every match: gather;
 *   - otherwise a weighted random verb among the affordable ones, never
 *     missile, no shield at the cap, no dt_defense unless an alive opponent
 *     has more than 3 points, no hollow_defense or superior_defense unless
 *     one has at least 5;
 *   - weights follow the predicted incoming threat (the strongest
 *     opponent's best attack, half the second's, a quarter per further
 *     opponent), the cost and the damage potential; defences score
 *     overflow prevented per cost;
 *   - fist stacks and sword targets are weighted toward vulnerable
 *     opponents (likely overflow past their best defence, few shields, few
 *     points, prep ready), times 2 for the opponent that dealt the bot the
 *     most damage this match (view.dealt_to_viewer) and times 1.5 for the
 *     lowest-points opponents.
 * The weights are those of the reference implementation. All randomness
 * comes from setup->seed, so a game replays.
 */
#ifndef WOODSWORD_BOT_H
#define WOODSWORD_BOT_H

#include "sapper/arena.h"

sapper_status woodsword_bot_new(const sapper_params *params,
                                const sapper_bot_setup *setup, void **bot,
                                char *err, size_t errcap);
void woodsword_bot_free(void *bot);
sapper_status woodsword_bot_step(void *bot, const void *view, size_t view_size,
                                 const int64_t *legal, size_t nlegal,
                                 int64_t *action);

#endif /* WOODSWORD_BOT_H */
