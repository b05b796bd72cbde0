/*
 * table_rows.c - the rows of a tournament's table that are the entrants',
 * ranked (best first, by the format's main number, see row_above): games,
 * wins and win rate with its Wilson interval, time per move, faults
 * and void games (and whether an entrant's share of them stands out), the
 * duplicate format's paired sign and McNemar tests, and the Bradley-Terry
 * ratings over all games, each as text and as JSON members. It counts no
 * game (table.c) and writes no two-player pairing (table_pairings.c).
 */
#include "table_internal.h"
#include "stats.h"
#include "provenance.h"

#include <math.h>
#include <stdio.h>

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
            sapper_strbuf_printf(out, "%s%s %lld", any ? ", " : "", table_reasons[i],
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
        sapper_strbuf_printf(out, "%s\"%s\":%lld", i ? "," : "", table_reasons[i],
                             (long long)e->faults[i]);
    sapper_strbuf_printf(out, "}");
}

void table_duplicate_paired(tables *t, sapper_strbuf *text, sapper_strbuf *json)
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

/* Whether the format pits entrants against each other two at a time. */
static int two_player(const tables *t)
{
    return t->def->format == SAPPER_FMT_ROUNDROBIN || t->def->format == SAPPER_FMT_GAUNTLET;
}

/* Entrant i's games (free-for-all: seats), its win rate (share) and score
   (points a game or seat: a two-player draw counts half). */
static int64_t row_games(const tables *t, size_t i)
{
    return t->def->format == SAPPER_FMT_FFA ? t->e[i].seats : t->e[i].games;
}

static double row_rate(const tables *t, size_t i)
{
    int64_t n = row_games(t, i);
    return n ? (double)t->e[i].wins / (double)n : 0;
}

static double row_score(const tables *t, size_t i)
{
    int64_t n = row_games(t, i);
    return n ? t->e[i].points / (double)n : 0;
}

/* >0 when entrant a stands above b: by the format's main number (duplicate
   and free-for-all the win rate or share, two-player the score), then the
   win rate (two-player) or the mean place (free-for-all, lower above); 0
   when level on both (they share a rank and keep config order). */
static int row_above(const tables *t, size_t a, size_t b)
{
    int two = two_player(t);
    double ka = two ? row_score(t, a) : row_rate(t, a);
    double kb = two ? row_score(t, b) : row_rate(t, b);
    if (ka != kb)
        return ka > kb ? 1 : -1;
    if (two && row_rate(t, a) != row_rate(t, b))
        return row_rate(t, a) > row_rate(t, b) ? 1 : -1;
    if (t->def->format != SAPPER_FMT_FFA)
        return 0;
    double pa = sapper_mean_placement(t->e[a].places, SAPPER_MAX_SEATS, NULL);
    double pb = sapper_mean_placement(t->e[b].places, SAPPER_MAX_SEATS, NULL);
    return pa < pb ? 1 : pa > pb ? -1 : 0;
}

/* The entrants best first into order (an insertion sort, stable: level
   entrants keep their config order) and each one's rank into rank[i]
   (standard competition ranking: level entrants share the better rank,
   1, 2, 2, 4). */
static void rank_rows(const tables *t, size_t *order, int *rank)
{
    size_t k = t->def->nentrants;
    for (size_t i = 0; i < k; i++) {
        size_t j = i;
        for (; j > 0 && row_above(t, i, order[j - 1]) > 0; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    for (size_t r = 0; r < k; r++)
        rank[order[r]] = r > 0 && row_above(t, order[r - 1], order[r]) == 0
                       ? rank[order[r - 1]] : (int)r + 1;
}

static void entrant_text(const tables *t, size_t i, int rank, sapper_strbuf *text)
{
    const entrant_tally *e = &t->e[i];
    int64_t n = row_games(t, i);
    sapper_interval ci;
    sapper_wilson((uint64_t)e->wins, (uint64_t)n, SAPPER_Z95, &ci);
    sapper_strbuf_printf(text, "%4d  %-16s %7lld %7lld %7.2f%%  ", rank,
                         t->def->entrants[i].name, (long long)n, (long long)e->wins,
                         100 * row_rate(t, i));
    if (two_player(t))
        sapper_strbuf_printf(text, "%6.2f%%  ", 100 * row_score(t, i));
    sapper_strbuf_printf(text, "[%5.2f%%, %5.2f%%] %9.3f  ", 100 * ci.lo, 100 * ci.hi,
                         ms_per_move(e));
    if (t->def->format == SAPPER_FMT_FFA)
        sapper_strbuf_printf(text, "%.2f, ",
                             sapper_mean_placement(e->places, SAPPER_MAX_SEATS, NULL));
    faults_text(e, text);
    voids_text(t, i, text);
    sapper_strbuf_printf(text, "\n");
}

static void entrant_json(const tables *t, size_t i, int rank, sapper_strbuf *json)
{
    const entrant_tally *e = &t->e[i];
    int64_t n = row_games(t, i);
    sapper_interval ci;
    sapper_wilson((uint64_t)e->wins, (uint64_t)n, SAPPER_Z95, &ci);
    sapper_strbuf_printf(json, "{\"rank\":%d,\"name\":", rank);
    sapper_strbuf_json(json, t->def->entrants[i].name);
    sapper_strbuf_printf(json, ",\"bot\":\"%s\",\"games\":%lld,\"wins\":%lld,"
                         "\"win_rate\":%.6g,\"ci95\":[%.6g,%.6g],\"points\":%.6g,"
                         "\"score\":%.6g,\"mean_place\":%.6g,\"ms_per_move\":%.6g,"
                         "\"faults\":", t->def->entrants[i].bot->desc.id, (long long)n,
                         (long long)e->wins, row_rate(t, i), ci.lo, ci.hi, e->points,
                         row_score(t, i),
                         sapper_mean_placement(e->places, SAPPER_MAX_SEATS, NULL),
                         ms_per_move(e));
    faults_json(e, json);
    sapper_strbuf_printf(json, ",\"plugin\":");   /* what played: a process bot's command */
    sapper_provenance_plugin_json(t->def->entrants[i].bot, json);
    sapper_strbuf_printf(json, ",\"void\":%lld,\"void_stands_out\":%s}",
                         (long long)e->voided, void_stands_out(t, i) ? "true" : "false");
}

void table_entrant_rows(tables *t, sapper_strbuf *text, sapper_strbuf *json)
{
    int ffa = t->def->format == SAPPER_FMT_FFA;
    size_t order[SAPPER_MAX_ENTRANTS];
    int rank[SAPPER_MAX_ENTRANTS];
    rank_rows(t, order, rank);
    sapper_strbuf_printf(text, "%4s  %-16s %7s %7s %8s  %s%-17s %9s  %s\n", "rank", "entrant",
                         ffa ? "seats" : "games", "wins", ffa ? "share" : "win rate",
                         two_player(t) ? "  score  " : "", "95% interval", "ms/move",
                         ffa ? "mean place, faults" : "faults");
    sapper_strbuf_printf(json, ",\"entrants\":[");
    for (size_t r = 0; r < t->def->nentrants; r++) {
        entrant_text(t, order[r], rank[order[r]], text);
        sapper_strbuf_printf(json, "%s", r ? "," : "");
        entrant_json(t, order[r], rank[order[r]], json);
    }
    sapper_strbuf_printf(json, "]");
}

/* Every entrant's rating from every game (a maximum-likelihood
   Bradley-Terry fit over all pairs of seats, as Ordo and BayesElo rate a
   whole round robin) with its 95% error: "bradley_terry" {name: elo} and
   "ratings" [{name, elo, error95}] in the JSON. */
void table_bradley_terry_rows(tables *t, sapper_strbuf *text, sapper_strbuf *json)
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
