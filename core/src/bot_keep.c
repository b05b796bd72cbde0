/*
 * bot_keep.c - bot instances kept between games (see bot_keep.h). A small
 * array: a run has a handful of bots, so a linear search is the fastest
 * and the simplest. An entry is matched by its plugin and the text of its
 * parameters, so a keep outlives the setups its instances came from.
 */
#include "bot_keep.h"

#include <stdlib.h>
#include <string.h>

#define KEEP_MAX SAPPER_MAX_SEATS

typedef struct kept {
    const sapper_plugin *bot;
    char *params;        /* "key=value\n" lines, owned */
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
    for (int i = 0; i < k->n; i++) {
        k->item[i].bot->bot.bot_free(k->item[i].instance);
        free(k->item[i].params);
    }
    free(k);
}

void *sapper_bot_keep_take(sapper_bot_keep *k, const sapper_plugin *bot,
                           const sapper_param_set *params)
{
    if (!k || k->n == 0)
        return NULL;
    char *want = sapper_params_text(sapper_param_set_view(params));
    void *found = NULL;
    for (int i = 0; want && i < k->n && !found; i++) {
        if (k->item[i].bot != bot || strcmp(k->item[i].params, want) != 0)
            continue;
        found = k->item[i].instance;
        free(k->item[i].params);
        k->item[i] = k->item[--k->n];
    }
    free(want);
    return found;
}

int sapper_bot_keep_put(sapper_bot_keep *k, const sapper_plugin *bot,
                        const sapper_param_set *params, void *instance)
{
    if (!k || k->n == KEEP_MAX || !bot->bot.bot_reset)
        return 0;
    char *text = sapper_params_text(sapper_param_set_view(params));
    if (!text)
        return 0;
    k->item[k->n++] = (kept){bot, text, instance};
    return 1;
}
