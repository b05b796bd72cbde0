/*
 * schedule.c - which games a tournament plays, in a fixed order that
 * depends only on the definition (never on timing or worker count):
 *
 *   duplicate   game = board * E + e: entrant e plays board `board`;
 *               every entrant sees the same boards (same seeds).
 *   roundrobin  pairings (i, j), i < j, in order; gauntlet: (0, j).
 *   / gauntlet  For pairing p and pair k: board b = p * games + k, and two
 *               games 2b (i is seat 1) and 2b + 1 (j is seat 1) on the same
 *               seed, so colours are swapped on one board.
 *   ffa         game g: `seats` seats, entrants dealt round-robin from an
 *               offset and shuffled, both drawn from the game's seed, so
 *               every entrant gets an even share of seats and positions.
 *
 * Game seeds are sapper_game_seed(master, board).
 */
#include "tournament.h"

#include "match.h"

static int64_t pairings(const sapper_tournament_def *def)
{
    int64_t e = (int64_t)def->nentrants;
    return def->format == SAPPER_FMT_GAUNTLET ? e - 1 : e * (e - 1) / 2;
}

int64_t sapper_schedule_count(const sapper_tournament_def *def)
{
    switch (def->format) {
    case SAPPER_FMT_DUPLICATE:
        return def->games * (int64_t)def->nentrants;
    case SAPPER_FMT_ROUNDROBIN:
    case SAPPER_FMT_GAUNTLET:
        return 2 * def->games * pairings(def);
    default:
        return def->games;
    }
}

/* The p-th pairing (i, j) of a round robin or gauntlet. */
static void pairing(const sapper_tournament_def *def, int64_t p, int32_t *i,
                    int32_t *j)
{
    if (def->format == SAPPER_FMT_GAUNTLET) {
        *i = 0;
        *j = (int32_t)p + 1;
        return;
    }
    int32_t e = (int32_t)def->nentrants;
    for (int32_t a = 0; a < e; a++) {
        if (p < e - 1 - a) {
            *i = a;
            *j = a + 1 + (int32_t)p;
            return;
        }
        p -= e - 1 - a;
    }
    *i = *j = 0;
}

static void deal_ffa(const sapper_tournament_def *def, sapper_tgame *g)
{
    sapper_rng rng;
    sapper_rng_seed(&rng, g->seed ^ 0xFFAull);
    uint64_t offset = sapper_rng_below(&rng, def->nentrants);
    g->nseats = def->seats;
    for (int32_t s = 0; s < g->nseats; s++)
        g->seats[s] = (int32_t)((offset + (uint64_t)s) % def->nentrants);
    for (int32_t s = g->nseats - 1; s > 0; s--) {  /* Fisher-Yates */
        int32_t k = (int32_t)sapper_rng_below(&rng, (uint64_t)s + 1);
        int32_t t = g->seats[s];
        g->seats[s] = g->seats[k];
        g->seats[k] = t;
    }
}

void sapper_schedule_game(const sapper_tournament_def *def, int64_t index,
                          sapper_tgame *g)
{
    memset(g, 0, sizeof *g);
    g->index = index;
    g->pair = -1;
    if (def->format == SAPPER_FMT_DUPLICATE) {
        g->board = index / (int64_t)def->nentrants;
        g->nseats = 1;
        g->seats[0] = (int32_t)(index % (int64_t)def->nentrants);
    } else if (def->format == SAPPER_FMT_FFA) {
        g->board = index;
    } else {
        int32_t i, j;
        g->board = index / 2;
        g->pair = g->board;
        pairing(def, g->board / def->games, &i, &j);
        g->nseats = 2;
        g->seats[0] = index % 2 ? j : i;
        g->seats[1] = index % 2 ? i : j;
    }
    g->seed = sapper_game_seed(def->seed, (uint64_t)g->board);
    if (def->format == SAPPER_FMT_FFA)
        deal_ffa(def, g);
}
