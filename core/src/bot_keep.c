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

/* The parameters as one string, or NULL when memory runs out. */
static char *params_text(const sapper_param_set *p)
{
    size_t len = 1;
    for (uint32_t i = 0; i < p->count; i++)
        len += strlen(p->items[i].key) + strlen(p->items[i].value) + 2;
    char *s = malloc(len), *w = s;
    if (!s)
        return NULL;
    for (uint32_t i = 0; i < p->count; i++) {
        size_t a = strlen(p->items[i].key), b = strlen(p->items[i].value);
        memcpy(w, p->items[i].key, a);
        w[a] = '=';
        memcpy(w + a + 1, p->items[i].value, b);
        w[a + 1 + b] = '\n';
        w += a + b + 2;
    }
    *w = 0;
    return s;
}

void *sapper_bot_keep_take(sapper_bot_keep *k, const sapper_plugin *bot,
                           const sapper_param_set *params)
{
    if (!k || k->n == 0)
        return NULL;
    char *want = params_text(params);
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
    char *text = params_text(params);
    if (!text)
        return 0;
    k->item[k->n++] = (kept){bot, text, instance};
    return 1;
}
