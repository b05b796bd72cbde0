/*
 * bonus.c - the Mine-Seeker bonus points system: what one click is worth
 * (blind hit, edge mine, endgame mine, safe cells), the per-seat
 * statistics, their labels and descriptions, and their JSON form.
 *
 * It does not decide whose turn it is or when the game ends, and it never
 * touches the base points: seeker.c does that. Bonuses are counted in
 * half points so that sums are exact.
 */
#include "internal.h"

#include <stdio.h>

static const seeker_stat_info stat_infos[SEEKER_STAT_COUNT] = {
    [SEEKER_STAT_BLIND_HITS] = {
        .key = "blindHits", .label = "Blind hits",
        .description = "Mines claimed with no revealed number next to them "
                       "(+2 each)"},
    [SEEKER_STAT_CHAIN_BEST] = {
        .key = "chainBest", .label = "Best chain",
        .description = "Longest run of mines claimed without clicking a "
                       "safe cell"},
    [SEEKER_STAT_CHAIN_CURRENT] = {
        .key = "chainCurrent", .label = "Current chain",
        .description = "Mines claimed since the last safe cell clicked"},
    [SEEKER_STAT_LAST_MINE_HITS] = {
        .key = "lastMineHits", .label = "Endgame mines",
        .description = "Mines claimed when 10 or fewer were left (+3 each)"},
    [SEEKER_STAT_EDGE_MINES] = {
        .key = "edgeMines", .label = "Edge mines",
        .description = "Mines claimed on the border of the board (+1 each)"},
    [SEEKER_STAT_BIGGEST_REVEAL] = {
        .key = "biggestReveal", .label = "Biggest reveal",
        .description = "Most safe cells opened by one click (+0.5 each "
                       "from 2 cells)"},
};

const seeker_stat_info *seeker_stat_at(int32_t stat)
{
    return stat >= 0 && stat < SEEKER_STAT_COUNT ? &stat_infos[stat] : NULL;
}

double seeker_bonus_points(const seeker_score *s)
{
    return s->bonus_halves / 2.0;
}

/* ---- scoring one click --------------------------------------------- */

static int on_edge(const sapper_board *b, int32_t cell)
{
    int32_t x = cell % b->width, y = cell / b->width;
    return x == 0 || y == 0 || x == b->width - 1 || y == b->height - 1;
}

/* No neighbour is a revealed safe cell showing 1-8. */
static int is_blind(const sapper_board *b, int32_t cell)
{
    int32_t nb[8], n = sapper_board_neighbours(b, cell, nb);
    for (int32_t i = 0; i < n; i++) {
        int32_t c = nb[i];
        if (b->state[c] == SAPPER_BOARD_REVEALED && !b->mine[c] &&
            b->count[c] >= 1)
            return 0;
    }
    return 1;
}

/* Adds halves to the bonus and one to stat when the rule holds. */
static void award(seeker_score *s, int holds, int32_t halves, int32_t stat)
{
    if (!holds)
        return;
    s->bonus_halves += halves;
    s->stats[stat]++;
}

void seeker_bonus_claim(seeker_score *s, const sapper_board *b, int32_t cell,
                        int32_t remaining)
{
    int32_t *st = s->stats;
    award(s, is_blind(b, cell), SEEKER_BONUS_BLIND_HALVES,
          SEEKER_STAT_BLIND_HITS);
    award(s, on_edge(b, cell), SEEKER_BONUS_EDGE_HALVES,
          SEEKER_STAT_EDGE_MINES);
    award(s, remaining <= SEEKER_ENDGAME_REMAINING,
          SEEKER_BONUS_ENDGAME_HALVES, SEEKER_STAT_LAST_MINE_HITS);
    st[SEEKER_STAT_CHAIN_CURRENT]++;
    if (st[SEEKER_STAT_CHAIN_CURRENT] > st[SEEKER_STAT_CHAIN_BEST])
        st[SEEKER_STAT_CHAIN_BEST] = st[SEEKER_STAT_CHAIN_CURRENT];
}

void seeker_bonus_safe(seeker_score *s, int32_t opened)
{
    int32_t *st = s->stats;
    if (opened >= SEEKER_SAFE_BONUS_MIN_CELLS)
        s->bonus_halves += opened * SEEKER_BONUS_CELL_HALVES;
    if (opened > st[SEEKER_STAT_BIGGEST_REVEAL])
        st[SEEKER_STAT_BIGGEST_REVEAL] = opened;
    st[SEEKER_STAT_CHAIN_CURRENT] = 0;
}

/* ---- JSON ---------------------------------------------------------- */

_Static_assert(SEEKER_STAT_COUNT == 6, "seeker_stats_json lists six statistics");

int64_t seeker_stats_json(const seeker_score *s, char *buf, size_t cap)
{
    const seeker_stat_info *k = stat_infos;
    const int32_t *v = s->stats;
    return snprintf(buf, cap, "{\"%s\":%d,\"%s\":%d,\"%s\":%d,\"%s\":%d,"
                    "\"%s\":%d,\"%s\":%d}", k[0].key, (int)v[0], k[1].key,
                    (int)v[1], k[2].key, (int)v[2], k[3].key, (int)v[3],
                    k[4].key, (int)v[4], k[5].key, (int)v[5]);
}
