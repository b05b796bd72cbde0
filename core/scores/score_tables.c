/*
 * score_tables.c - the arithmetic of the scoreboard (see scores.h): names
 * cut to seven characters, the weighted harmonic mean, the start of this
 * week, 3BV/s, and the tables built from the list of a board's games
 * (top times, averages, players with their streaks, the place a game
 * reached). No SQLite and no printing here: score_file.c reads and writes
 * the file, the front end's scores command prints.
 */
#include "scores.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void scores_name(const char *name, char *out, size_t cap)
{
    size_t o = 0;
    int chars = 0, blank = 1;
    for (const unsigned char *p = (const unsigned char *)name; p && *p; p++) {
        int lead = (*p & 0xC0) != 0x80;   /* not a UTF-8 continuation */
        if (lead && chars == SCORES_NAME_CHARS)
            break;
        if (o + 1 >= cap)
            break;
        chars += lead;
        out[o++] = *p < 0x20 || *p == 0x7f ? ' ' : (char)*p;
        blank &= out[o - 1] == ' ';
    }
    out[o] = '\0';
    if (blank)
        snprintf(out, cap, "me");
}

double scores_weighted_harmonic(const double *s, size_t n)
{
    double top = 0, bottom = 0, w = 1;
    for (size_t k = 0; k < n; k++, w *= SCORES_DECAY) {
        top += w;
        if (isfinite(s[k]) && s[k] > 0)
            bottom += w / s[k];
    }
    return bottom > 0 ? top / bottom : INFINITY;
}

int64_t scores_week_start(int64_t now)
{
    time_t t = (time_t)now;
    struct tm tm;
    localtime_r(&t, &tm);
    tm.tm_mday -= (tm.tm_wday + 6) % 7;   /* back to Monday */
    tm.tm_hour = tm.tm_min = tm.tm_sec = 0;
    tm.tm_isdst = -1;                     /* whatever holds at that hour */
    return (int64_t)mktime(&tm);
}

static int faster(const void *a, const void *b)
{
    const scores_entry *x = a, *y = b;
    if (x->seconds != y->seconds)
        return x->seconds < y->seconds ? -1 : 1;
    return (x->played_at > y->played_at) - (x->played_at < y->played_at);
}

size_t scores_top(const scores_entry *all, size_t n, int64_t since,
                  scores_entry *out, size_t cap)
{
    scores_entry *wins = malloc((n ? n : 1) * sizeof *wins);
    size_t k = 0;
    if (!wins)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!all[i].unranked && isfinite(all[i].seconds) && all[i].played_at >= since)
            wins[k++] = all[i];
    qsort(wins, k, sizeof *wins, faster);
    k = k < cap ? k : cap;
    memcpy(out, wins, k * sizeof *out);
    free(wins);
    return k;
}

/* One player's average: their games newest first into s (scratch). */
static scores_average average_of(const scores_entry *all, size_t n,
                                 const char *name, double *s)
{
    scores_average a = {.games = 0};
    snprintf(a.name, sizeof a.name, "%s", name);
    for (size_t i = n; i-- > 0;) {
        if (all[i].unranked || strcmp(all[i].name, name) != 0)
            continue;
        s[a.games++] = all[i].seconds;
        a.wins += isfinite(all[i].seconds) != 0;
    }
    a.mean = scores_weighted_harmonic(s, (size_t)a.games);
    return a;
}

static int better(const void *a, const void *b)
{
    const scores_average *x = a, *y = b;
    if (x->mean != y->mean)
        return x->mean < y->mean ? -1 : 1;
    return strcmp(x->name, y->name);
}

/* Has name appeared in all[0..i)? */
static int seen_before(const scores_entry *all, size_t i, const char *name)
{
    while (i-- > 0)
        if (strcmp(all[i].name, name) == 0)
            return 1;
    return 0;
}

size_t scores_averages(const scores_entry *all, size_t n,
                       scores_average *out, size_t cap)
{
    scores_average *players = malloc((n ? n : 1) * sizeof *players);
    double *scratch = malloc((n ? n : 1) * sizeof *scratch);
    size_t k = 0;
    for (size_t i = 0; players && scratch && i < n; i++)
        if (!seen_before(all, i, all[i].name) &&   /* a player with no
                                                      ranked game has none */
            (players[k] = average_of(all, n, all[i].name, scratch)).games > 0)
            k++;
    if (players)
        qsort(players, k, sizeof *players, better);
    k = k < cap ? k : cap;
    if (players)
        memcpy(out, players, k * sizeof *out);
    free(players);
    free(scratch);
    return k;
}

double scores_rate(const scores_entry *e)
{
    return isfinite(e->seconds) && e->seconds > 0 && e->bbbv > 0
        ? e->bbbv / e->seconds : 0;
}

/* Folds game e into its player's line p. */
static void add_game(scores_player *p, const scores_entry *e)
{
    int won = isfinite(e->seconds) != 0;
    p->games++;
    p->wins += won;
    p->streak = won ? p->streak + 1 : 0;
    if (p->streak > p->best_streak)
        p->best_streak = p->streak;
    if (e->unranked)   /* statistics only: no best */
        return;
    if (won && e->seconds < p->best)
        p->best = e->seconds;
    if (scores_rate(e) > p->best_rate)
        p->best_rate = scores_rate(e);
}

static int player_order(const void *a, const void *b)
{
    const scores_player *x = a, *y = b;
    if (x->best != y->best)
        return x->best < y->best ? -1 : 1;
    if (x->wins != y->wins)
        return y->wins - x->wins;
    return strcmp(x->name, y->name);
}

size_t scores_players(const scores_entry *all, size_t n, scores_player *out,
                      size_t cap)
{
    scores_player *players = malloc((n ? n : 1) * sizeof *players);
    size_t k = 0;
    if (!players)
        return 0;
    for (size_t i = 0; i < n; i++) {
        size_t j = 0;
        while (j < k && strcmp(players[j].name, all[i].name) != 0)
            j++;
        if (j == k) {
            players[k] = (scores_player){.best = INFINITY};
            snprintf(players[k].name, sizeof players[k].name, "%s",
                     all[i].name);
            k++;
        }
        add_game(&players[j], &all[i]);
    }
    qsort(players, k, sizeof *players, player_order);
    k = k < cap ? k : cap;
    memcpy(out, players, k * sizeof *out);
    free(players);
    return k;
}

void scores_standing(const scores_entry *all, size_t n, size_t i,
                     size_t *rank, int *personal_best)
{
    const scores_entry *me = &all[i];
    *rank = 0;
    *personal_best = 0;
    if (!isfinite(me->seconds) || me->unranked)
        return;
    *rank = 1;
    *personal_best = 1;
    for (size_t j = 0; j < n; j++) {
        if (j == i || !isfinite(all[j].seconds) || all[j].unranked)
            continue;
        int ahead = all[j].seconds < me->seconds ||
                    (all[j].seconds == me->seconds && j < i);
        *rank += (size_t)ahead;
        if (j < i && all[j].seconds <= me->seconds &&
            strcmp(all[j].name, me->name) == 0)
            *personal_best = 0;
    }
}
