/*
 * proto_game.c - the lines around the turns (PROTOCOL.md "A game", "A
 * turn", "The end"): the game block, the legal list as runs, `go`,
 * `end`, and the readers of the answers to `start` and `end`.
 */
#include "proto_internal.h"

#include <stdio.h>
#include <string.h>

#include "sapper/arena.h"
#include "sapper/mines.h"

/* A value on one line: control bytes become '?'. */
static void put_value(sapper_strbuf *o, const char *v)
{
    for (; *v; v++) {
        char c = (unsigned char)*v < 0x20 || *v == 0x7f ? '?' : *v;
        sapper_strbuf_append(o, &c, 1);
    }
}

static int32_t family_version(const sapper_proto_game *g)
{
    if (g->family_version > 0)
        return g->family_version;
    uint32_t bit = sapper_proto_family_bit(g->family);
    return bit == SAPPER_PROTO_MINES ? SAPPER_MINES_FAMILY_VERSION
         : bit == SAPPER_PROTO_ARENA ? SAPPER_ARENA_FAMILY_VERSION : 1;
}

void sapper_proto_put_game(sapper_strbuf *o, const sapper_proto_game *g)
{
    sapper_strbuf_printf(o, "game %lld\nrules ", (long long)g->number);
    put_value(o, g->rules_id);
    sapper_strbuf_printf(o, " %s %d\nseat %d %d\n", g->family, (int)family_version(g),
                         (int)g->seat + 1, (int)g->players);
    for (uint32_t i = 0; g->params && i < g->params->count; i++) {
        sapper_strbuf_append(o, "param ", 6);
        put_value(o, g->params->items[i].key);
        sapper_strbuf_append(o, " ", 1);
        put_value(o, g->params->items[i].value);
        sapper_strbuf_append(o, "\n", 1);
    }
    sapper_strbuf_printf(o, "seed %llu\nlimits %g %g\nstart\n", (unsigned long long)g->seed,
                         g->move_seconds > 0 ? g->move_seconds : 0,
                         g->game_seconds > 0 ? g->game_seconds : 0);
}

int sapper_proto_read_started(const char *line, char *why, size_t whycap)
{
    if (strcmp(line, "ok") == 0)
        return 0;
    if (strncmp(line, "refuse ", 7) == 0 && line[7]) {
        sapper_strbuf q = {0};
        sapper_proto_quote(&q, line + 7, 400);
        snprintf(why, whycap, "%s", sapper_strbuf_str(&q));
        sapper_strbuf_free(&q);
        return 1;
    }
    return proto_expected(why, whycap, "\"ok\" or \"refuse TEXT\"", line);
}

int sapper_proto_read_ended(const char *line, char *why, size_t whycap)
{
    return strcmp(line, "ok") == 0 ? 0 : proto_expected(why, whycap, "\"ok\"", line);
}

void sapper_proto_put_legal(sapper_strbuf *o, const int64_t *legal, size_t n)
{
    size_t runs = 0;
    for (size_t i = 0; i < n; i++)
        runs += i == 0 || legal[i] != legal[i - 1] + 1;
    sapper_strbuf_printf(o, "legal %zu %zu", n, runs);
    for (size_t i = 0; i < n;) {
        size_t j = i + 1;
        while (j < n && legal[j] == legal[j - 1] + 1)
            j++;
        sapper_strbuf_printf(o, " %lld+%zu", (long long)legal[i], j - i);
        i = j;
    }
    sapper_strbuf_append(o, "\n", 1);
}

void sapper_proto_put_go(sapper_strbuf *o, double move_seconds, double game_left)
{
    sapper_strbuf_printf(o, "go %g %g\n", move_seconds > 0 ? move_seconds : 0,
                         game_left >= 0 ? game_left : -1);
}

void sapper_proto_put_end(sapper_strbuf *o, const double *returns, int32_t players)
{
    sapper_strbuf_append(o, "end", 3);
    for (int32_t i = 0; returns && i < players; i++)
        sapper_strbuf_printf(o, " %g", returns[i]);
    sapper_strbuf_append(o, "\n", 1);
}
