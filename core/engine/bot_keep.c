/*
 * bot_keep.c - bot instances kept between games (see bot_keep.h). A small
 * array: a run has a handful of bots, so a linear search is the fastest
 * and the simplest. An entry is matched by its plugin and its game's
 * configuration (the rules, their parameters, the bot's parameters, as a
 * hash), so a keep outlives the setups its instances came from and never
 * hands an instance to a game of another configuration.
 */
#include "bot_keep.h"

#include <stdlib.h>


#define KEEP_MAX SAPPER_MAX_SEATS

typedef struct kept {
    const sapper_plugin *bot;
    uint64_t config;     /* sapper_match_config of the game it played */
    void *instance;
} kept;

struct sapper_bot_keep {
    kept item[KEEP_MAX];
    int n;
};

sapper_bot_keep *sapper_bot_keep_new(void)
{
    return calloc(1, sizeof(sapper_bot_keep));
}

void sapper_bot_keep_free(sapper_bot_keep *k)
{
    if (!k)
        return;
    for (int i = 0; i < k->n; i++)
        k->item[i].bot->bot.bot_free(k->item[i].instance);
    free(k);
}

void *sapper_bot_keep_take(sapper_bot_keep *k, const sapper_plugin *bot,
                           uint64_t config)
{
    for (int i = 0; k && i < k->n; i++)
        if (k->item[i].bot == bot && k->item[i].config == config) {
            void *found = k->item[i].instance;
            k->item[i] = k->item[--k->n];
            return found;
        }
    return NULL;
}

int sapper_bot_keep_put(sapper_bot_keep *k, const sapper_plugin *bot,
                        uint64_t config, void *instance)
{
    if (!k || k->n == KEEP_MAX || !bot->bot.bot_reset)
        return 0;
    k->item[k->n++] = (kept){bot, config, instance};
    return 1;
}
