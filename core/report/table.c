/*
 * table.c - the statistics table of a tournament, computed from the stored
 * games (so a resumed run counts everything): it counts every stored game
 * into the tallies (wins, places, faults, voids, the duplicate boards, the
 * two-player pairings, who beat whom) and puts the table together, once
 * for a terminal and as JSON for tools, or (for `sapper report`) as a
 * series of snapshots of the entrant and pairing rows as games accumulate.
 * The rows and their statistics are table_rows.c's and table_pairings.c's;
 * who played, table_hosts.c's. No I/O here, and nothing read but through
 * store.h.
 */
#include "table_internal.h"
#include "store.h"
#include "table_hosts.h"

#include <stdio.h>

const char *const table_reasons[NREASONS] = {
    "crash", "timeout", "illegal", "exit", "memory", "error", "sandbox", "protocol",
    "killed", "stall", "cpu", "other"};

static void snapshot(tables *t);
static void table_json(tables *t, sapper_strbuf *text, sapper_strbuf *json);
static void tables_free(tables *t);

static int reason_slot(const char *why)
{
    for (int i = 0; i < NREASONS; i++)
        if (strcmp(why, table_reasons[i]) == 0)
            return i;
    return NREASONS - 1;
}

/* Each seat's place, 1 first: as the rules ranked the seats, or else by
   returns (one more than the seats that got more). */
static void seat_places(const sapper_game_record *r, const int32_t *given, int32_t *place)
{
    if (given) {
        memcpy(place, given, (size_t)r->nseats * sizeof *place);
        return;
    }
    for (int32_t s = 0; s < r->nseats; s++) {
        place[s] = 1;
        for (int32_t k = 0; k < r->nseats; k++)
            place[s] += r->returns[k] > r->returns[s];
    }
}

static void count_seat(tables *t, const sapper_tgame *g, const sapper_game_record *r,
                       const int32_t *place, int32_t s)
{
    entrant_tally *e = &t->e[g->seats[s]];
    double best = -1;
    int32_t ties = 0;
    for (int32_t k = 0; k < g->nseats; k++) {
        best = r->returns[k] > best ? r->returns[k] : best;
        ties += k != s && r->returns[k] == r->returns[s];
    }
    e->seats++;
    e->points += r->returns[s];
    e->think += r->think[s];
    e->steps += r->steps[s];
    int won = r->returns[s] >= best && r->returns[s] > 0 && !ties;
    e->wins += g->nseats == 1 ? r->returns[s] >= 1.0 : won;
    e->places[place[s] - 1]++;
    if (r->culprit == s)
        e->faults[reason_slot(r->reason)]++;
}

/* Who beat whom (for the ratings): every pair of seats of different
   entrants, the better placed one the winner. */
static void count_pairwise(tables *t, const sapper_tgame *g, const sapper_game_record *r,
                           const int32_t *place)
{
    size_t k = t->def->nentrants;
    for (int32_t a = 0; a < g->nseats; a++)
        for (int32_t b = 0; b < g->nseats; b++)
            if (g->seats[a] != g->seats[b] && place[a] < place[b])
                t->beats[(size_t)g->seats[a] * k + (size_t)g->seats[b]] += 1;
    if (g->nseats != 2)
        return;
    int32_t i = g->seats[0] < g->seats[1] ? 0 : 1;   /* the lower entrant's side */
    double ri = r->returns[i], rj = r->returns[1 - i];
    int64_t *c = t->wdl[g->seats[i]][g->seats[1 - i]];
    c[ri > rj ? 0 : ri == rj ? 1 : 2]++;
    t->pair_half[g->index] = ri > rj ? 2 : ri == rj ? 1 : 0;
}

static void on_row(void *ctx, const sapper_tgame *g, const sapper_game_record *r,
                   const int32_t *given_places)
{
    tables *t = ctx;
    t->stored++;
    if (r->voided) {
        t->voided++;
        for (int32_t s = 0; s < g->nseats; s++)
            t->e[g->seats[s]].voided++;
        if (t->def->format == SAPPER_FMT_DUPLICATE)
            t->dup[g->board * (int64_t)t->def->nentrants + g->seats[0]] = DUP_VOID;
        return;
    }
    int32_t place[SAPPER_MAX_SEATS];
    seat_places(r, given_places, place);
    for (int32_t s = 0; s < g->nseats; s++)
        count_seat(t, g, r, place, s);
    for (int32_t s = 0; s < g->nseats; s++)
        t->e[g->seats[s]].games++;
    if (t->def->format == SAPPER_FMT_DUPLICATE)
        t->dup[g->board * (int64_t)t->def->nentrants + g->seats[0]] =
            r->returns[0] >= 1.0 ? 1 : 0;
    count_pairwise(t, g, r, place);
    if (t->series && t->stored % t->snap_every == 0)
        snapshot(t);
}

static const char *format_word(int f)
{
    return f == SAPPER_FMT_DUPLICATE ? "duplicate" : f == SAPPER_FMT_ROUNDROBIN ? "round robin"
         : f == SAPPER_FMT_GAUNTLET ? "gauntlet" : "free-for-all";
}

static sapper_status build(tables *t, char *err, size_t errcap)
{
    sapper_store *s;
    sapper_status st = sapper_store_open_readonly(t->def->db, &s, err, errcap);
    if (st != SAPPER_OK)
        return st;
    int64_t run = t->run >= 0 ? t->run : sapper_store_last_run(s);
    if (run < -1) {
        st = sapper_store_failure(s, "read the runs", err, errcap);
        sapper_store_close(s);
        return st;
    }
    t->total = sapper_schedule_count(t->def);
    t->boards = t->def->games;
    t->dup = malloc((size_t)(t->boards * (int64_t)t->def->nentrants) + 1);
    t->pair_half = malloc((size_t)t->total * sizeof(double) + 1);
    if (!t->dup || !t->pair_half)
        st = SAPPER_ERR_NOMEM;
    else {
        memset(t->dup, -1, (size_t)(t->boards * (int64_t)t->def->nentrants));
        for (int64_t i = 0; i < t->total; i++)
            t->pair_half[i] = -1;
        st = run < 0 ? SAPPER_OK
                     : sapper_store_each(s, run, t->def, on_row, t, err, errcap);
        if (st == SAPPER_OK && run >= 0)
            st = sapper_table_hosts(s, run, &t->hosts_text, &t->hosts_json, err, errcap);
    }
    sapper_store_close(s);
    return st;
}

sapper_status sapper_tournament_table(const sapper_tournament_def *def,
                                      sapper_strbuf *text, sapper_strbuf *json,
                                      char *err, size_t errcap)
{
    tables *t = calloc(1, sizeof *t);
    sapper_strbuf scratch = {0};
    if (!t)
        return SAPPER_ERR_NOMEM;
    if (!json)
        json = &scratch;
    t->def = def;
    t->run = -1;
    sapper_status st = build(t, err, errcap);
    if (st == SAPPER_OK)
        table_json(t, text, json);
    tables_free(t);
    sapper_strbuf_free(&scratch);
    return st;
}

static void tables_free(tables *t)
{
    free(t->dup);
    free(t->pair_half);
    sapper_strbuf_free(&t->hosts_text);
    sapper_strbuf_free(&t->hosts_json);
    free(t);
}

/* The table of the games counted in t, as text and JSON. */
static void table_json(tables *t, sapper_strbuf *text, sapper_strbuf *json)
{
    const sapper_tournament_def *def = t->def;
    sapper_strbuf_printf(text, "%s, %s: %lld of %lld games stored, %lld void, "
                         "master seed %llu\n\n", def->base.rules->desc.id,
                         format_word(def->format), (long long)t->stored,
                         (long long)t->total, (long long)t->voided,
                         (unsigned long long)def->seed);
    sapper_strbuf_printf(json, "{\"ruleset\":\"%s\",\"format\":\"%s\",\"stored\":%lld,"
                         "\"total\":%lld,\"void\":%lld,\"seed\":%llu",
                         def->base.rules->desc.id, format_word(def->format),
                         (long long)t->stored, (long long)t->total,
                         (long long)t->voided, (unsigned long long)def->seed);
    table_entrant_rows(t, text, json);
    if (def->format == SAPPER_FMT_DUPLICATE)
        table_duplicate_paired(t, text, json);
    else if (def->format == SAPPER_FMT_FFA)
        table_bradley_terry_rows(t, text, json);
    else {
        table_two_player_rows(t, text, json);
        table_bradley_terry_rows(t, text, json);
    }
    sapper_strbuf_printf(text, "%s", sapper_strbuf_str(&t->hosts_text));
    sapper_strbuf_printf(json, "%s}", sapper_strbuf_str(&t->hosts_json));
}

/* The rows of the games counted so far, as one element of the series:
   {"games":N,"entrants":[...],"pairings":[...]} with the members of the
   table's JSON (the same code writes both). */
static void snapshot(tables *t)
{
    sapper_strbuf text = {0};
    sapper_strbuf_printf(t->series, "%s{\"games\":%lld", t->snaps++ ? "," : "",
                         (long long)t->stored);
    table_entrant_rows(t, &text, t->series);
    if (t->def->format != SAPPER_FMT_DUPLICATE && t->def->format != SAPPER_FMT_FFA)
        table_two_player_rows(t, &text, t->series);
    sapper_strbuf_printf(t->series, "}");
    sapper_strbuf_free(&text);
}

sapper_status sapper_tournament_series(const sapper_tournament_def *def, int64_t run,
                                       int points, sapper_strbuf *table,
                                       sapper_strbuf *series, char *err, size_t errcap)
{
    tables *t = calloc(1, sizeof *t);
    sapper_strbuf text = {0};
    if (!t)
        return SAPPER_ERR_NOMEM;
    t->def = def;
    t->run = run;
    t->series = series;
    int64_t total = sapper_schedule_count(def);
    t->snap_every = total / (points > 0 ? points : 1);
    t->snap_every = t->snap_every > 0 ? t->snap_every : 1;
    sapper_strbuf_printf(series, "[");
    sapper_status st = build(t, err, errcap);
    if (st == SAPPER_OK && t->stored % t->snap_every != 0)
        snapshot(t);   /* the last, whatever the count */
    sapper_strbuf_printf(series, "]");
    t->series = NULL;
    if (st == SAPPER_OK)
        table_json(t, &text, table);
    tables_free(t);
    sapper_strbuf_free(&text);
    return st;
}
