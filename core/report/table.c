/*
 * table.c - the statistics table of a tournament, computed from the stored
 * games (so a resumed run counts everything): duplicate single-player
 * tables with Wilson intervals and paired sign/McNemar tests, two-player
 * tables with Elo, LOS, pentanomial statistics and the SPRT state, and
 * free-for-all tables with win share, mean placement and Bradley-Terry
 * ratings. Text for a terminal and JSON for tools (and for `sapper
 * report`, the same numbers as games accumulate: a series of snapshots of
 * the entrant and pairing rows); no I/O here.
 */
#include "tournament.h"
#include "store.h"
#include "stats.h"
#include "table_hosts.h"

#include <math.h>
#include <stdio.h>

#define NREASONS 12
#define DUP_VOID 2            /* a duplicate board whose game was void */
static const char *const reasons[NREASONS] = {
    "crash", "timeout", "illegal", "exit", "memory", "error", "sandbox", "protocol",
    "killed", "stall", "cpu", "other"};

typedef struct entrant_tally {
    int64_t games, wins, draws, losses, seats;
    double points, think;
    int64_t steps;
    int64_t faults[NREASONS];
    int64_t voided;            /* its games that count for no one */
    uint64_t places[SAPPER_MAX_SEATS];
} entrant_tally;

typedef struct tables {
    const sapper_tournament_def *def;
    int64_t total, stored, voided;
    entrant_tally e[SAPPER_MAX_ENTRANTS];
    /* duplicate: result per (board, entrant): -1 unknown, 0/1, DUP_VOID */
    signed char *dup;
    int64_t boards;
    /* two-player: per pairing (i, j) results from i's side */
    int64_t wdl[SAPPER_MAX_ENTRANTS][SAPPER_MAX_ENTRANTS][3];
    double *pair_half;     /* per game: i's result in half points, -1 unknown */
    double beats[SAPPER_MAX_ENTRANTS * SAPPER_MAX_ENTRANTS];
    int64_t run;           /* the run tabled; -1: the database's last */
    int64_t snap_every;    /* a snapshot into series every so many rows */
    sapper_strbuf *series; /* NULL: no snapshots */
    int64_t snaps;         /* snapshots written */
    sapper_strbuf hosts_text, hosts_json;   /* who played (table_hosts.c) */
} tables;

static void snapshot(tables *t);
static void table_json(tables *t, sapper_strbuf *text, sapper_strbuf *json);
static void tables_free(tables *t);

static int reason_slot(const char *why)
{
    for (int i = 0; i < NREASONS; i++)
        if (strcmp(why, reasons[i]) == 0)
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

static double ms_per_move(const entrant_tally *e)
{
    return e->steps ? 1000.0 * e->think / (double)e->steps : 0.0;
}

/* Whether entrant i's share of void games stands out against the other
   entrants' pooled share (a bot that spoils the games it would lose, e.g.
   by running out the move bound where the rules cannot say who stalled). */
static int void_stands_out(const tables *t, size_t i)
{
    uint64_t on = 0, ov = 0;
    for (size_t j = 0; j < t->def->nentrants; j++)
        if (j != i) {
            on += (uint64_t)(t->e[j].games + t->e[j].voided);
            ov += (uint64_t)t->e[j].voided;
        }
    return sapper_share_stands_out((uint64_t)t->e[i].voided,
                                   (uint64_t)(t->e[i].games + t->e[i].voided), ov, on);
}

static void voids_text(const tables *t, size_t i, sapper_strbuf *out)
{
    const entrant_tally *e = &t->e[i];
    int any = 0;
    for (int k = 0; k < NREASONS; k++)
        any |= e->faults[k] != 0;
    if (e->voided)
        sapper_strbuf_printf(out, "%svoid %lld%s", any ? ", " : "", (long long)e->voided,
                             void_stands_out(t, i) ? " (stands out)" : "");
}

static void faults_text(const entrant_tally *e, sapper_strbuf *out)
{
    int any = 0;
    for (int i = 0; i < NREASONS; i++)
        if (e->faults[i]) {
            sapper_strbuf_printf(out, "%s%s %lld", any ? ", " : "", reasons[i],
                                 (long long)e->faults[i]);
            any = 1;
        }
    if (!any && !e->voided)
        sapper_strbuf_printf(out, "-");
}

static void faults_json(const entrant_tally *e, sapper_strbuf *out)
{
    sapper_strbuf_printf(out, "{");
    for (int i = 0; i < NREASONS; i++)
        sapper_strbuf_printf(out, "%s\"%s\":%lld", i ? "," : "", reasons[i],
                             (long long)e->faults[i]);
    sapper_strbuf_printf(out, "}");
}

static void duplicate_paired(tables *t, sapper_strbuf *text, sapper_strbuf *json)
{
    size_t k = t->def->nentrants;
    sapper_strbuf_printf(text, "\npaired comparison on the boards where results differ:\n");
    sapper_strbuf_printf(json, ",\"paired\":[");
    int first = 1;
    for (size_t a = 0; a < k; a++)
        for (size_t b = a + 1; b < k; b++) {
            uint64_t wb = 0, wc = 0, vb = 0, vc = 0;
            for (int64_t board = 0; board < t->boards; board++) {
                signed char ra = t->dup[board * (int64_t)k + (int64_t)a];
                signed char rb = t->dup[board * (int64_t)k + (int64_t)b];
                wb += ra == 1 && rb == 0;
                wc += ra == 0 && rb == 1;
                vb += ra == DUP_VOID;   /* boards compared on neither side */
                vc += rb == DUP_VOID;
            }
            sapper_paired p;
            sapper_paired_compare(wb, wc, &p);
            sapper_strbuf_printf(text, "  %s vs %s: %llu vs %llu boards, sign test "
                                 "p = %.3g, McNemar chi2 = %.2f (p = %.3g)",
                                 t->def->entrants[a].name, t->def->entrants[b].name,
                                 (unsigned long long)wb, (unsigned long long)wc,
                                 p.sign_p, p.mcnemar, p.mcnemar_p);
            if (vb || vc)
                sapper_strbuf_printf(text, "; void boards left out: %llu of %s's, %llu of "
                                     "%s's", (unsigned long long)vb, t->def->entrants[a].name,
                                     (unsigned long long)vc, t->def->entrants[b].name);
            sapper_strbuf_printf(text, "\n");
            sapper_strbuf_printf(json, "%s{\"a\":", first ? "" : ",");
            sapper_strbuf_json(json, t->def->entrants[a].name);
            sapper_strbuf_printf(json, ",\"b\":");
            sapper_strbuf_json(json, t->def->entrants[b].name);
            sapper_strbuf_printf(json, ",\"a_only\":%llu,\"b_only\":%llu,\"sign_p\":%.6g,"
                                 "\"mcnemar\":%.6g,\"mcnemar_p\":%.6g,\"a_void\":%llu,"
                                 "\"b_void\":%llu}",
                                 (unsigned long long)wb, (unsigned long long)wc,
                                 p.sign_p, p.mcnemar, p.mcnemar_p, (unsigned long long)vb,
                                 (unsigned long long)vc);
            first = 0;
        }
    sapper_strbuf_printf(json, "]");
}

static void entrant_rows(tables *t, sapper_strbuf *text, sapper_strbuf *json)
{
    const sapper_tournament_def *def = t->def;
    int ffa = def->format == SAPPER_FMT_FFA;
    sapper_strbuf_printf(text, "%-16s %7s %7s %8s  %-17s %9s  %s\n", "entrant",
                         ffa ? "seats" : "games", "wins", ffa ? "share" : "win rate",
                         "95% interval", "ms/move", ffa ? "mean place, faults" : "faults");
    sapper_strbuf_printf(json, ",\"entrants\":[");
    for (size_t i = 0; i < def->nentrants; i++) {
        const entrant_tally *e = &t->e[i];
        int64_t n = ffa ? e->seats : e->games;
        sapper_interval ci;
        sapper_wilson((uint64_t)e->wins, (uint64_t)n, SAPPER_Z95, &ci);
        double rate = n ? (double)e->wins / (double)n : 0;
        double place = sapper_mean_placement(e->places, SAPPER_MAX_SEATS, NULL);
        sapper_strbuf_printf(text, "%-16s %7lld %7lld %7.2f%%  [%5.2f%%, %5.2f%%] %9.3f  ",
                             def->entrants[i].name, (long long)n, (long long)e->wins,
                             100 * rate, 100 * ci.lo, 100 * ci.hi, ms_per_move(e));
        if (ffa)
            sapper_strbuf_printf(text, "%.2f, ", place);
        faults_text(e, text);
        voids_text(t, i, text);
        sapper_strbuf_printf(text, "\n");
        sapper_strbuf_printf(json, "%s{\"name\":", i ? "," : "");
        sapper_strbuf_json(json, def->entrants[i].name);
        sapper_strbuf_printf(json, ",\"bot\":\"%s\",\"games\":%lld,\"wins\":%lld,"
                             "\"win_rate\":%.6g,\"ci95\":[%.6g,%.6g],\"points\":%.6g,"
                             "\"mean_place\":%.6g,\"ms_per_move\":%.6g,\"faults\":",
                             def->entrants[i].bot->desc.id, (long long)n,
                             (long long)e->wins, rate, ci.lo, ci.hi, e->points, place,
                             ms_per_move(e));
        faults_json(e, json);
        sapper_strbuf_printf(json, ",\"void\":%lld,\"void_stands_out\":%s}",
                             (long long)e->voided, void_stands_out(t, i) ? "true" : "false");
    }
    sapper_strbuf_printf(json, "]");
}

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

static void two_player_rows(tables *t, sapper_strbuf *text, sapper_strbuf *json)
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

/* Every entrant's rating from every game (a maximum-likelihood
   Bradley-Terry fit over all pairs of seats, as Ordo and BayesElo rate a
   whole round robin) with its 95% error: "bradley_terry" {name: elo} and
   "ratings" [{name, elo, error95}] in the JSON. */
static void bradley_terry_rows(tables *t, sapper_strbuf *text, sapper_strbuf *json)
{
    size_t k = t->def->nentrants;
    double elo[SAPPER_MAX_ENTRANTS], err[SAPPER_MAX_ENTRANTS];
    if (k < 2 || sapper_bradley_terry(k, t->beats, SAPPER_BT_PRIOR, elo, NULL) != 0 ||
        sapper_bradley_terry_errors(k, t->beats, SAPPER_BT_PRIOR, elo, err) != 0)
        return;
    sapper_strbuf_printf(text, "\nBradley-Terry ratings over all games (Elo scale, mean 0, "
                         "95%% error):\n");
    sapper_strbuf_printf(json, ",\"bradley_terry\":{");
    for (size_t i = 0; i < k; i++) {
        sapper_strbuf_printf(text, "  %-16s %+6.0f +- %.0f\n", t->def->entrants[i].name,
                             elo[i], err[i]);
        sapper_strbuf_printf(json, "%s", i ? "," : "");
        sapper_strbuf_json(json, t->def->entrants[i].name);
        sapper_strbuf_printf(json, ":%.6g", elo[i]);
    }
    sapper_strbuf_printf(json, "},\"beats\":[");
    for (size_t i = 0; i < k; i++) {   /* beats[i][j]: i finished above j */
        sapper_strbuf_printf(json, "%s[", i ? "," : "");
        for (size_t j = 0; j < k; j++)
            sapper_strbuf_printf(json, "%s%.6g", j ? "," : "", t->beats[i * k + j]);
        sapper_strbuf_printf(json, "]");
    }
    sapper_strbuf_printf(json, "],\"ratings\":[");
    for (size_t i = 0; i < k; i++) {
        sapper_strbuf_printf(json, "%s{\"name\":", i ? "," : "");
        sapper_strbuf_json(json, t->def->entrants[i].name);
        sapper_strbuf_printf(json, ",\"elo\":%.6g,\"error95\":", elo[i]);
        if (isfinite(err[i]))
            sapper_strbuf_printf(json, "%.6g}", err[i]);
        else
            sapper_strbuf_printf(json, "null}");
    }
    sapper_strbuf_printf(json, "]");
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
    entrant_rows(t, text, json);
    if (def->format == SAPPER_FMT_DUPLICATE)
        duplicate_paired(t, text, json);
    else if (def->format == SAPPER_FMT_FFA)
        bradley_terry_rows(t, text, json);
    else {
        two_player_rows(t, text, json);
        bradley_terry_rows(t, text, json);
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
    entrant_rows(t, &text, t->series);
    if (t->def->format != SAPPER_FMT_DUPLICATE && t->def->format != SAPPER_FMT_FFA)
        two_player_rows(t, &text, t->series);
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
