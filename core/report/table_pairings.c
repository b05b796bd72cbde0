/*
 * table_pairings.c - the pairings of a two-player tournament (round robin,
 * gauntlet): each pairing's W/D/L and score, its Elo from the pentanomial
 * counts of game pairs with the 95% error (a clean sweep as its bound),
 * LOS and normalised Elo, the SPRT state of a two-entrant match, and the
 * pentanomial counts themselves, as text and JSON. It counts no game
 * (table.c) and writes no entrant row (table_rows.c).
 */
#include "table_internal.h"
#include "stats.h"

#include <stdio.h>

/* The Elo the score's 95% Wilson bound gives a clean sweep of n games:
   the least (a sweep won) or the most (lost) the difference can be. */
static double sweep_bound(uint64_t n, int won)
{
    sapper_interval ci;
    sapper_wilson(won ? n : 0, n, SAPPER_Z95, &ci);
    return sapper_elo_from_score(won ? ci.lo : ci.hi);
}

/* "Elo +- error"; a clean sweep (no finite Elo) as its 95% bound,
   "> +77", with the games of the pairing in n. */
static void elo_text(const sapper_elo_stats *e, uint64_t n, char *buf, size_t cap)
{
    if (e->flags & SAPPER_STATS_EMPTY)
        snprintf(buf, cap, "no pairs");
    else if (e->flags & SAPPER_STATS_ELO_INFINITE)
        snprintf(buf, cap, "%s %+.0f", e->score > 0.5 ? ">" : "<",
                 sweep_bound(n, e->score > 0.5));
    else if (e->flags & SAPPER_STATS_ERROR_INFINITE)
        snprintf(buf, cap, "%.1f +- inf", e->elo);
    else
        snprintf(buf, cap, "%.1f +- %.1f", e->elo, e->elo_error);
}

static void nelo_text(const sapper_elo_stats *e, char *buf, size_t cap)
{
    if (e->flags & SAPPER_STATS_NELO_INFINITE)
        snprintf(buf, cap, "n/a");   /* no spread of results: nothing to normalise by */
    else
        snprintf(buf, cap, "%.1f", e->nelo);
}

/* ,"key":value; a value the statistics call infinite (JSON has no
   infinity) as null with ,"key_infinite":1 or -1 for its sign. */
static void json_stat(sapper_strbuf *json, const char *key, double value,
                      int infinite, int positive)
{
    if (infinite)
        sapper_strbuf_printf(json, ",\"%s\":null,\"%s_infinite\":%d", key, key,
                             positive ? 1 : -1);
    else
        sapper_strbuf_printf(json, ",\"%s\":%.6g", key, value);
}

/* Complete pairs of pairing (a, b), from a's side. */
static void pairing_penta(tables *t, size_t a, size_t b, sapper_penta *pen)
{
    memset(pen, 0, sizeof *pen);
    for (int64_t i = 0; i + 1 < t->total; i += 2) {
        if (t->pair_half[i] < 0 || t->pair_half[i + 1] < 0)
            continue;   /* not both played yet: no need to know whose */
        sapper_tgame g;
        sapper_schedule_game(t->def, i, &g);
        size_t lo = (size_t)(g.seats[0] < g.seats[1] ? g.seats[0] : g.seats[1]);
        size_t hi = (size_t)(g.seats[0] < g.seats[1] ? g.seats[1] : g.seats[0]);
        if (lo == a && hi == b)
            sapper_penta_add(pen, (int)t->pair_half[i], (int)t->pair_half[i + 1]);
    }
}

/* One pairing's numbers, from the first named's side. */
typedef struct pairing {
    size_t a, b;
    const int64_t *c;              /* W, D, L */
    sapper_elo_stats tri, pen_stats;
    sapper_penta pen;
} pairing;

static int pairing_at(tables *t, size_t a, size_t b, pairing *p)
{
    p->a = a;
    p->b = b;
    p->c = t->wdl[a][b];
    if (p->c[0] + p->c[1] + p->c[2] == 0)
        return 0;
    sapper_elo_from_wdl((uint64_t)p->c[0], (uint64_t)p->c[1], (uint64_t)p->c[2], 0, &p->tri);
    pairing_penta(t, a, b, &p->pen);
    sapper_elo_from_penta(&p->pen, 0, &p->pen_stats);
    return 1;
}

static void pairing_name(const tables *t, const pairing *p, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s vs %s", t->def->entrants[p->a].name, t->def->entrants[p->b].name);
}

static void pairing_text(const tables *t, const pairing *p, sapper_strbuf *text)
{
    char name[2 * SAPPER_NAME_MAX + 8], elo[48], nelo[24];
    uint64_t games = (uint64_t)(p->c[0] + p->c[1] + p->c[2]);
    pairing_name(t, p, name, sizeof name);
    elo_text(&p->pen_stats, games, elo, sizeof elo);
    nelo_text(&p->pen_stats, nelo, sizeof nelo);
    sapper_strbuf_printf(text, "%-28s %6lld %6lld %6lld %6.2f%% %15s %7.2f%% %7s\n", name,
                         (long long)p->c[0], (long long)p->c[1], (long long)p->c[2],
                         100 * p->tri.score, elo, 100 * p->pen_stats.los, nelo);
}

static void pairing_json(const tables *t, const pairing *p, sapper_strbuf *json)
{
    const sapper_elo_stats *e = &p->pen_stats;
    int up = e->score > 0.5, fl = e->flags;
    sapper_strbuf_printf(json, "{\"a\":");
    sapper_strbuf_json(json, t->def->entrants[p->a].name);
    sapper_strbuf_printf(json, ",\"b\":");
    sapper_strbuf_json(json, t->def->entrants[p->b].name);
    sapper_strbuf_printf(json, ",\"w\":%lld,\"d\":%lld,\"l\":%lld,\"score\":%.6g",
                         (long long)p->c[0], (long long)p->c[1], (long long)p->c[2],
                         p->tri.score);
    json_stat(json, "elo", e->elo, fl & SAPPER_STATS_ELO_INFINITE, up);
    if (fl & SAPPER_STATS_ELO_INFINITE)
        sapper_strbuf_printf(json, ",\"elo_bound\":%.6g", sweep_bound(
            (uint64_t)(p->c[0] + p->c[1] + p->c[2]), up));
    json_stat(json, "elo_error", e->elo_error,
              fl & (SAPPER_STATS_ELO_INFINITE | SAPPER_STATS_ERROR_INFINITE), 1);
    sapper_strbuf_printf(json, ",\"los\":%.6g", e->los);
    json_stat(json, "nelo", e->nelo, fl & SAPPER_STATS_NELO_INFINITE, up);
    sapper_strbuf_printf(json, ",\"penta\":[%llu,%llu,%llu,%llu,%llu,%llu]",
                         (unsigned long long)p->pen.ll, (unsigned long long)p->pen.ld,
                         (unsigned long long)p->pen.wl, (unsigned long long)p->pen.dd,
                         (unsigned long long)p->pen.wd, (unsigned long long)p->pen.ww);
}

static void sprt_row(const tables *t, const pairing *p, sapper_strbuf *text,
                     sapper_strbuf *json)
{
    const sapper_tournament_def *def = t->def;
    double llr = 0, lo = 0, hi = 0;
    sapper_sprt_llr_penta(&p->pen, def->elo0, def->elo1, SAPPER_SPRT_LOGISTIC, &llr);
    sapper_sprt_bounds(def->alpha, def->beta, &lo, &hi);
    sapper_sprt_state s = sapper_sprt_decide(llr, lo, hi);
    const char *word = s == SAPPER_SPRT_ACCEPT_H1 ? "H1 accepted"
                     : s == SAPPER_SPRT_ACCEPT_H0 ? "H0 accepted" : "continue";
    sapper_strbuf_printf(text, "SPRT [%g, %g] alpha %g beta %g: LLR %.3f (bounds %.3f, "
                         "%.3f): %s\n", def->elo0, def->elo1, def->alpha, def->beta, llr,
                         lo, hi, word);
    sapper_strbuf_printf(json, ",\"sprt\":{\"llr\":%.6g,\"lower\":%.6g,\"upper\":%.6g,"
                         "\"state\":\"%s\"}", llr, lo, hi, word);
}

/* The pentanomial counts, a table of their own (pairs of games on one
   board, colours swapped), so each table fits 100 columns. */
static void penta_rows(tables *t, sapper_strbuf *text)
{
    pairing p;
    sapper_strbuf_printf(text, "\n%-28s %6s %6s %6s %6s %6s %6s  (game pairs)\n",
                         "pentanomial", "LL", "LD", "WL", "DD", "WD", "WW");
    for (size_t a = 0; a < t->def->nentrants; a++)
        for (size_t b = a + 1; b < t->def->nentrants; b++) {
            char name[2 * SAPPER_NAME_MAX + 8];
            if (!pairing_at(t, a, b, &p))
                continue;
            pairing_name(t, &p, name, sizeof name);
            sapper_strbuf_printf(text, "%-28s %6llu %6llu %6llu %6llu %6llu %6llu\n", name,
                                 (unsigned long long)p.pen.ll, (unsigned long long)p.pen.ld,
                                 (unsigned long long)p.pen.wl, (unsigned long long)p.pen.dd,
                                 (unsigned long long)p.pen.wd, (unsigned long long)p.pen.ww);
        }
}

void table_two_player_rows(tables *t, sapper_strbuf *text, sapper_strbuf *json)
{
    const sapper_tournament_def *def = t->def;
    sapper_strbuf sprt = {0};
    pairing p;
    int first = 1;
    sapper_strbuf_printf(text, "\n%-28s %6s %6s %6s %7s %15s %8s %7s\n", "pairing", "W",
                         "D", "L", "score", "Elo +- 95%", "LOS", "nElo");
    sapper_strbuf_printf(json, ",\"pairings\":[");
    for (size_t a = 0; a < def->nentrants; a++)
        for (size_t b = a + 1; b < def->nentrants; b++) {
            if (!pairing_at(t, a, b, &p))
                continue;
            pairing_text(t, &p, text);
            sapper_strbuf_printf(json, "%s", first ? "" : ",");
            pairing_json(t, &p, json);
            if (def->sprt && def->nentrants == 2)
                sprt_row(t, &p, &sprt, json);
            sapper_strbuf_printf(json, "}");
            first = 0;
        }
    sapper_strbuf_printf(json, "]");
    sapper_strbuf_printf(text, "%s", sapper_strbuf_str(&sprt));
    sapper_strbuf_free(&sprt);
    if (t->series == NULL)
        penta_rows(t, text);
}
