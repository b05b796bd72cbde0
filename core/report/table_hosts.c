/*
 * table_hosts.c - the hosts and ranks that played a run, with their game
 * counts, as the table's last lines and JSON members (see table_hosts.h).
 * Which host played which game is stored by the runner; this file only
 * counts and writes.
 */
#include "table_hosts.h"

#include <stdio.h>

#define MAX_ROWS 1024   /* (host, rank) rows shown; a run has one a rank */
#define NAME_MAX_LEN 256

typedef struct placement {
    char name[MAX_ROWS][NAME_MAX_LEN];
    int rank[MAX_ROWS];
    int64_t games[MAX_ROWS];
    size_t n;
    size_t host_first[MAX_ROWS];   /* per host: its first row */
    int64_t host_games[MAX_ROWS];
    size_t nhosts;
} placement;

static void add_row(void *ctx, const char *name, int rank, int64_t games)
{
    placement *p = ctx;
    if (p->n == MAX_ROWS)
        return;
    snprintf(p->name[p->n], sizeof p->name[p->n], "%s", name ? name : "");
    p->rank[p->n] = rank;
    p->games[p->n++] = games;
}

/* Each host once, in the order of its first rank, with its games. */
static void count_hosts(placement *p)
{
    for (size_t i = 0; i < p->n; i++) {
        size_t h = 0;
        while (h < p->nhosts && strcmp(p->name[p->host_first[h]], p->name[i]) != 0)
            h++;
        if (h == p->nhosts) {
            p->host_first[h] = i;
            p->host_games[p->nhosts++] = 0;
        }
        p->host_games[h] += p->games[i];
    }
}

static void write_hosts(placement *p, sapper_strbuf *text, sapper_strbuf *json)
{
    count_hosts(p);
    sapper_strbuf_printf(json, ",\"hosts\":[");
    if (p->n > 1)
        sapper_strbuf_printf(text, "\nhosts:");
    for (size_t h = 0; h < p->nhosts; h++) {
        const char *name = p->name[p->host_first[h]];
        sapper_strbuf_printf(json, "%s{\"host\":", h ? "," : "");
        sapper_strbuf_json(json, name);
        sapper_strbuf_printf(json, ",\"games\":%lld}", (long long)p->host_games[h]);
        if (p->n > 1)
            sapper_strbuf_printf(text, "%s %s %lld games", h ? "," : "", name,
                                 (long long)p->host_games[h]);
    }
    sapper_strbuf_printf(json, "]");
}

static void write_ranks(const placement *p, sapper_strbuf *text, sapper_strbuf *json)
{
    sapper_strbuf_printf(json, ",\"ranks\":[");
    if (p->n > 1)
        sapper_strbuf_printf(text, "\nranks:");
    for (size_t i = 0; i < p->n; i++) {
        sapper_strbuf_printf(json, "%s{\"rank\":%d,\"host\":", i ? "," : "", p->rank[i]);
        sapper_strbuf_json(json, p->name[i]);
        sapper_strbuf_printf(json, ",\"games\":%lld}", (long long)p->games[i]);
        if (p->n > 1)
            sapper_strbuf_printf(text, "%s %d (%s) %lld", i ? "," : "", p->rank[i],
                                 p->name[i], (long long)p->games[i]);
    }
    sapper_strbuf_printf(json, "]");
    if (p->n > 1)
        sapper_strbuf_printf(text, "\n");
}

sapper_status sapper_table_hosts(sapper_store *s, int64_t run, sapper_strbuf *text,
                                 sapper_strbuf *json, char *err, size_t errcap)
{
    placement *p = calloc(1, sizeof *p);
    if (!p)
        return SAPPER_ERR_NOMEM;
    sapper_status st = sapper_store_placement(s, run, add_row, p, err, errcap);
    if (st == SAPPER_OK && p->n > 0) {
        write_hosts(p, text, json);
        write_ranks(p, text, json);
    }
    free(p);
    return st;
}
