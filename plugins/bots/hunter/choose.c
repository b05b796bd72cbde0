/*
 * choose.c - which cell the hunter reveals, given each legal cell's exact
 * mine probability P (bot.c fills them from sapper_mines_analyze).
 *
 * hunt (two seats; the Mine-Seeker / Minesweeper Flags game, where a
 * claimed mine scores and keeps the turn and a safe click passes it):
 *   1. A certain mine (P = 1) if there is one: a free point that keeps the
 *      turn. Among several, the biggest bonus if hit (below); the order
 *      does not change how many we get.
 *   2. Otherwise the cells most likely to be mines: P >= best - tie_band
 *      (tie_band = 0: exact ties, up to rounding).
 *   3. Among those, the least expected loss: a click is a mine with P
 *      (we score and move on) or safe with 1 - P, and then the opponent
 *      moves on a board with one more number. The leak of a cell is what
 *      that number hands the opponent: the mines it makes certain, which
 *      the opponent claims for free, and, when the number is a 0, an
 *      opening, whose flood shows many more numbers (flood_leak mines, 5
 *      by default, a measured value: docs/BENCHMARKS.md):
 *          leak(c) = sum_k w_k * (certain_k + flood_leak * [k = 0])
 *                    / sum_k w_k
 *      over the numbers k the cell can show, where certain_k counts the
 *      new certain mines of the position with c showing k, and w_k, the
 *      number of layouts of that position, is proportional to the
 *      probability that c shows k if it is safe (all layouts being
 *      equally likely). The key is P - (1 - P) * leak: with exact ties,
 *      the least leak. It costs up to 9 analyses per cell, so at most
 *      `lookahead` tied cells are examined (the higher P first, then the
 *      cells with more unknown neighbours, which open less often, then at
 *      random); the others are out of the running.
 *   4. Then the biggest expected bonus if hit, P * (blind 2 + edge 1 +
 *      endgame 3): blind when no neighbour shows a number, edge on the
 *      border, endgame when 10 or fewer mines are left (the same for every
 *      cell of a position). The safe-cell bonus is not sought: a big
 *      opening is a big leak.
 *   5. Then uniformly at random (the bot's seeded generator).
 * safest (and hunt with one seat, e.g. classic): the lowest P, ties at
 * random.
 *
 * It never looks at the hidden board and keeps nothing between steps.
 */
#include "bot.h"

#include <math.h>
#include <string.h>

#define LEAK_EPSILON 1e-6          /* leaks and keys closer are equal      */
#define ENDGAME_REMAINING 10       /* the document's endgame threshold     */

/* ---- what a cell is ----------------------------------------------- */

static int is_candidate(const hunter_bot *b, const hunter_ctx *c, int32_t i)
{
    return b->legal[i] && sapper_cell_is_unknown(c->cells[i]);
}

/* The up to 8 neighbours of cell i; returns how many. */
static int neighbours(const sapper_mines_view *v, int32_t i, int32_t nb[8])
{
    int32_t x = i % v->width, y = i / v->width;
    int n = 0;
    for (int32_t dy = -1; dy <= 1; dy++)
        for (int32_t dx = -1; dx <= 1; dx++) {
            int32_t nx = x + dx, ny = y + dy;
            if ((dx || dy) && nx >= 0 && ny >= 0 && nx < v->width &&
                ny < v->height)
                nb[n++] = ny * v->width + nx;
        }
    return n;
}

static int is_known_mine(uint8_t code)
{
    return code == SAPPER_CELL_MINE || code >= SAPPER_CELL_CLAIMED;
}

static int is_edge(const sapper_mines_view *v, int32_t i)
{
    int32_t x = i % v->width, y = i / v->width;
    return x == 0 || y == 0 || x == v->width - 1 || y == v->height - 1;
}

/* No neighbour shows a number 1-8. */
static int is_blind(const hunter_ctx *c, int32_t i)
{
    int32_t nb[8];
    int n = neighbours(c->view, i, nb);
    for (int k = 0; k < n; k++)
        if (c->cells[nb[k]] >= 1 && c->cells[nb[k]] <= 8)
            return 0;
    return 1;
}

/* The bonus points a mine at i would score now. */
static double hit_bonus(const hunter_ctx *c, int32_t i)
{
    int32_t left = c->view->mines - c->view->mines_exposed;
    return 2.0 * is_blind(c, i) + 1.0 * is_edge(c->view, i) +
           3.0 * (left <= ENDGAME_REMAINING);
}

/* ---- comparing ------------------------------------------------------ */

/* -1, 0 or 1 as a is below, equal to (within eps) or above b. */
static int compare(double a, double b, double eps)
{
    return a < b - eps ? -1 : a > b + eps ? 1 : 0;
}

/* Keeps *best as a uniform choice among the `*ties` equal candidates seen
   so far (reservoir sampling): order decides, equality draws. */
static void offer(hunter_bot *b, int order, int32_t cell, int32_t *best,
                  int32_t *ties)
{
    if (order > 0 || *best < 0) {
        *best = cell;
        *ties = 1;
        return;
    }
    if (order == 0 && sapper_rng_below(&b->rng, (uint64_t)++*ties) == 0)
        *best = cell;
}

/* ---- safest --------------------------------------------------------- */

static int32_t choose_safest(hunter_bot *b, const hunter_ctx *c)
{
    int32_t n = c->view->width * c->view->height, best = -1, ties = 0;
    for (int32_t i = 0; i < n; i++)
        if (is_candidate(b, c, i))
            offer(b, best < 0 ? 1 : compare(b->prob[best], b->prob[i],
                                             HUNTER_EPSILON), i, &best, &ties);
    return best;
}

/* ---- hunt: certain mines -------------------------------------------- */

static int32_t choose_certain(hunter_bot *b, const hunter_ctx *c)
{
    int32_t n = c->view->width * c->view->height, best = -1, ties = 0;
    for (int32_t i = 0; i < n; i++) {
        if (!is_candidate(b, c, i) || b->prob[i] != 1.0)
            continue;
        int order = best < 0 ? 1 : compare(hit_bonus(c, i),
                                           hit_bonus(c, best), 0.25);
        offer(b, order, i, &best, &ties);
    }
    return best;
}

/* ---- hunt: the leak of a safe click --------------------------------- */

/* The certain mines and log2 of the layouts of the position with cell
   showing k; 0 when no layout fits. */
static int analyse_shown(hunter_bot *b, const hunter_ctx *c, int32_t cell,
                         int k, int32_t *certain, double *log2_layouts)
{
    static const sapper_mines_budget budget = {
        .component_nodes = HUNTER_LOOKAHEAD_COMPONENT_NODES,
        .total_nodes = HUNTER_LOOKAHEAD_TOTAL_NODES,
    };
    sapper_mines_position pos = c->pos;
    sapper_mines_result r;
    b->scratch[cell] = (uint8_t)k;
    pos.cells = b->scratch;
    sapper_status st = sapper_mines_analyze(b->solver, &pos, &budget, &r);
    b->scratch[cell] = c->cells[cell];
    if (st != SAPPER_OK || !r.consistent || isinf(r.layouts_log2))
        return 0;
    *certain = r.certain_mines;
    *log2_layouts = r.layouts_log2;
    return 1;
}

/* Unknown cells the analysis already calls certain mines. */
static int32_t certain_now(const hunter_bot *b, const hunter_ctx *c)
{
    int32_t n = c->view->width * c->view->height, count = 0;
    for (int32_t i = 0; i < n; i++)
        count += sapper_cell_is_unknown(c->cells[i]) && b->prob[i] == 1.0;
    return count;
}

double hunter_leak(hunter_bot *b, const hunter_ctx *c, int32_t cell)
{
    int32_t nb[8], certain[9], before = certain_now(b, c);
    double lg[9], top = -INFINITY;
    int n = neighbours(c->view, cell, nb), known = 0, unknown = 0;
    for (int i = 0; i < n; i++) {
        known += is_known_mine(c->cells[nb[i]]);
        unknown += sapper_cell_is_unknown(c->cells[nb[i]]);
    }
    memcpy(b->scratch, c->cells, (size_t)(c->view->width * c->view->height));
    for (int k = known; k <= known + unknown; k++) {
        if (!analyse_shown(b, c, cell, k, &certain[k], &lg[k]))
            lg[k] = -INFINITY;
        top = lg[k] > top ? lg[k] : top;
    }
    if (isinf(top))
        return -1;
    double sum = 0, weighted = 0;
    for (int k = known; k <= known + unknown; k++) {
        if (isinf(lg[k]))
            continue;
        double w = exp2(lg[k] - top);
        sum += w;
        weighted += w * (certain[k] - before);
        if (k == 0)   /* an opening: its flood hands over more than this */
            weighted += w * b->flood_leak;
    }
    return weighted / sum;
}

/* ---- hunt: the most likely mines ------------------------------------ */

/* Fills b->tied with the cells within tie_band of the best P; returns
   how many. */
static int32_t collect_tied(hunter_bot *b, const hunter_ctx *c)
{
    int32_t n = c->view->width * c->view->height, count = 0;
    double best = -1;
    for (int32_t i = 0; i < n; i++)
        if (is_candidate(b, c, i) && b->prob[i] > best)
            best = b->prob[i];
    for (int32_t i = 0; i < n; i++)
        if (is_candidate(b, c, i) &&
            b->prob[i] >= best - b->tie_band - HUNTER_EPSILON)
            b->tied[count++] = i;
    return count;
}

/* Unknown neighbours of cell i: the more, the less likely it shows a 0
   (and floods) when it is safe. */
static int unknown_neighbours(const hunter_ctx *c, int32_t i)
{
    int32_t nb[8];
    int n = neighbours(c->view, i, nb), count = 0;
    for (int k = 0; k < n; k++)
        count += sapper_cell_is_unknown(c->cells[nb[k]]);
    return count;
}

/* Order for examining: higher P, then more unknown neighbours; 0 when
   equal. */
static int examine_order(const hunter_bot *b, const hunter_ctx *c,
                         int32_t x, int32_t y)
{
    int o = compare(b->prob[x], b->prob[y], HUNTER_EPSILON);
    return o ? o : compare(unknown_neighbours(c, x), unknown_neighbours(c, y),
                           0.5);
}

/* Moves the `want` cells to examine to the front of b->tied: shuffled,
   then the best `want` selected by examine_order (ties stay random). */
static void select_examined(hunter_bot *b, const hunter_ctx *c, int32_t count,
                            int32_t want)
{
    int32_t *t = b->tied;
    for (int32_t i = count - 1; i > 0; i--) {
        int32_t j = (int32_t)sapper_rng_below(&b->rng, (uint64_t)i + 1);
        int32_t tmp = t[i]; t[i] = t[j]; t[j] = tmp;
    }
    for (int32_t k = 0; k < want; k++) {
        int32_t top = k;
        for (int32_t i = k + 1; i < count; i++)
            if (examine_order(b, c, t[i], t[top]) > 0)
                top = i;
        int32_t tmp = t[k]; t[k] = t[top]; t[top] = tmp;
    }
}

/* The expected loss key, P - (1 - P) * leak (higher is better). */
static double key_of(const hunter_bot *b, int32_t cell, double leak)
{
    return b->prob[cell] - (1.0 - b->prob[cell]) * leak;
}

/* 1 when tied entry i beats entry j (keys, then bonus); 0 equal; -1. */
static int final_order(const hunter_bot *b, const hunter_ctx *c, int32_t i,
                       int32_t j)
{
    int32_t x = b->tied[i], y = b->tied[j];
    int o = compare(key_of(b, x, b->leak[i]), key_of(b, y, b->leak[j]),
                    LEAK_EPSILON);
    if (o)
        return o;
    return compare(b->prob[x] * hit_bonus(c, x), b->prob[y] * hit_bonus(c, y),
                   LEAK_EPSILON);
}

static int32_t choose_hunt(hunter_bot *b, const hunter_ctx *c)
{
    int32_t count = collect_tied(b, c);
    if (count == 0)
        return -1;
    int32_t examined = count;
    if (c->lookahead > 0) {
        examined = count < c->lookahead ? count : c->lookahead;
        select_examined(b, c, count, examined);
    }
    for (int32_t i = 0; i < examined; i++) {
        double leak = c->lookahead > 0 ? hunter_leak(b, c, b->tied[i]) : 0;
        b->leak[i] = leak < 0 ? 0 : leak;   /* -1: a mine, nothing leaks */
    }
    int32_t best = -1, ties = 0;
    for (int32_t i = 0; i < examined; i++)
        offer(b, best < 0 ? 1 : final_order(b, c, i, best), i, &best, &ties);
    return b->tied[best];
}

/* ---- the policy ------------------------------------------------------ */

int32_t hunter_choose(hunter_bot *b, const hunter_ctx *c)
{
    if (b->policy == HUNTER_SAFEST || c->view->players < 2)
        return choose_safest(b, c);
    if (c->certain > 0)
        return choose_certain(b, c);
    return choose_hunt(b, c);
}
