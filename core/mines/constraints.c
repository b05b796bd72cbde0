/*
 * constraints.c - reads a position into constraints (one per revealed number
 * with unknown neighbours: "r of these cells are mines") and runs the rule
 * stage: the trivial rule (r = 0: all safe; r = undecided count: all mines),
 * the pairwise rule on overlapping constraints (subset and "wing"
 * deductions) and the trivial form of the global count (no mine left, or as
 * many mines as unknown cells). Everything it decides is certain.
 *
 * The constraints themselves are kept up to date by seen.c as cells
 * change; a rule stage may start from the last deduced position's answer
 * (carry.c).
 *
 * It does not enumerate or count layouts (enumerate.c, probability.c) and
 * trusts no flag: a flagged cell is as unknown as a hidden one.
 */
#include "solver_internal.h"

#include <string.h>

/* ---- reading ------------------------------------------------------- */

/* The neighbour lists of every cell, rebuilt only when the shape changes
   (a solver usually sees one board size for its whole life). */
static void build_neighbours(sapper_mines_solver *s)
{
    if (s->nbr_width == s->width && s->nbr_height == s->height)
        return;
    for (int32_t y = 0; y < s->height; y++) {
        for (int32_t x = 0; x < s->width; x++) {
            int32_t i = y * s->width + x, n = 0;
            for (int32_t dy = -1; dy <= 1; dy++)
                for (int32_t dx = -1; dx <= 1; dx++)
                    if ((dx || dy) && x + dx >= 0 && x + dx < s->width &&
                        y + dy >= 0 && y + dy < s->height)
                        s->nbr[i * 8 + n++] = i + dy * s->width + dx;
            s->nnbr[i] = (uint8_t)n;
        }
    }
    s->nbr_width = s->width;
    s->nbr_height = s->height;
}

/* Number i's constraint, kept by seen.c, as the rule stage starts it from
   nothing: queued for the trivial rule (a carried start is carry.c's). */
static void start_constraint(sapper_mines_solver *s, int32_t i)
{
    ms_con *c = &s->con[i];
    c->left = c->n;
    c->need = c->need0;
    c->queued = 1;
    c->dirty = 0;
    s->queue[s->nqueue++] = i;
    if (c->need < 0 || c->need > c->n)
        s->contradiction = 1;
}

/* The stamps of the pair rule run on from call to call, so their arrays
   need no clearing but when the counters grow large (a call adds at most
   about ten per cell). */
static void renew_stamps(sapper_mines_solver *s)
{
    if (s->mark < (INT32_C(1) << 30) && s->con_gen < (INT32_C(1) << 30))
        return;
    memset(s->cell_mark, 0, (size_t)s->capacity * sizeof *s->cell_mark);
    memset(s->con_mark, 0, (size_t)s->capacity * sizeof *s->con_mark);
    s->mark = s->con_gen = 0;
}

/* The constraints of every number with unknown neighbours, in ascending
   cell order, and the rule stage's starting state. */
static void read_constraints(sapper_mines_solver *s)
{
    s->nqueue = s->ndirty = 0;
    s->remaining = s->mines - s->known;
    s->contradiction = s->remaining < 0 || s->remaining > s->unknown ||
                       mines_seen_broken(s);
    s->undecided = s->unknown;
    s->decided_mines = 0;
    s->decided_floating = 0;
    s->nnewly = s->ngone = 0;
    renew_stamps(s);
    int32_t changed = 0;
    s->carried = !s->contradiction && mines_carry_extends(s, &changed);
    if (s->carried) {
        mines_carry_start(s, changed);
        return;
    }
    s->synced = 0;   /* no constraint holds its kept counts */
    memset(s->state, MS_UNDECIDED, (size_t)s->cells);
    MS_EACH_BIT(s, s->numbers, i, start_constraint(s, i););
}

sapper_status mines_solver_read(sapper_mines_solver *s,
                                const sapper_mines_position *pos)
{
    if (!pos || !pos->cells || pos->width < 1 || pos->height < 1 ||
        pos->mines < 0 || (int64_t)pos->width * pos->height > s->capacity)
        return SAPPER_ERR_PARAM;
    s->width = pos->width;
    s->height = pos->height;
    s->cells = pos->width * pos->height;
    build_neighbours(s);
    int32_t changed = mines_seen_update(s, pos->cells);
    if (changed < 0) {
        s->ruled = s->synced = 0;
        return SAPPER_ERR_PARAM;
    }
    if (changed == 0 && s->ruled && s->mines == pos->mines)
        return SAPPER_OK;   /* the rule stage's answer stands */
    s->mines = pos->mines;
    s->ruled = 0;
    read_constraints(s);
    return SAPPER_OK;
}

/* ---- deciding cells ------------------------------------------------ */

static void touch(sapper_mines_solver *s, int32_t id)
{
    ms_con *c = &s->con[id];
    if (!c->queued) {
        c->queued = 1;
        s->queue[s->nqueue++] = id;
    }
    if (!c->dirty) {
        c->dirty = 1;
        s->dirty[s->ndirty++] = id;
    }
}

static void decide(sapper_mines_solver *s, int32_t cell, uint8_t state)
{
    s->state[cell] = state;
    s->newly[s->nnewly++] = cell;
    s->undecided--;
    s->decided_mines += state == MS_MINE;
    for (int32_t i = 0; i < s->ncell_con[cell]; i++) {
        int32_t id = s->cell_con[cell * 8 + i];
        s->con[id].left--;
        s->con[id].need -= state == MS_MINE;
        mines_deviate(s, id);
        touch(s, id);
    }
}

static void decide_rest(sapper_mines_solver *s, const ms_con *c,
                        uint8_t state)
{
    for (int32_t i = 0; i < c->n; i++)
        if (s->state[c->cell[i]] == MS_UNDECIDED)
            decide(s, c->cell[i], state);
}

/* The trivial rule on every queued constraint, until none is queued. */
static void propagate(sapper_mines_solver *s)
{
    while (s->nqueue > 0 && !s->contradiction) {
        ms_con *c = &s->con[s->queue[--s->nqueue]];
        c->queued = 0;
        if (c->need < 0 || c->need > c->left)
            s->contradiction = 1;
        else if (c->left > 0 && c->need == 0)
            decide_rest(s, c, MS_SAFE);
        else if (c->left > 0 && c->need == c->left)
            decide_rest(s, c, MS_MINE);
    }
}

/* ---- the pairwise rule --------------------------------------------- */

static int32_t max3(int32_t a, int32_t b, int32_t c)
{
    int32_t m = a > b ? a : b;
    return m > c ? m : c;
}

static int32_t min3(int32_t a, int32_t b, int32_t c)
{
    int32_t m = a < b ? a : b;
    return m < c ? m : c;
}

/* Decides the undecided cells of x whose stamp is not `mark` (x minus the
   other constraint); returns how many. */
static int32_t decide_outside(sapper_mines_solver *s, const ms_con *x,
                              int32_t mark, uint8_t state)
{
    int32_t n = 0;
    for (int32_t i = 0; i < x->n; i++) {
        int32_t cell = x->cell[i];
        if (s->state[cell] == MS_UNDECIDED && s->cell_mark[cell] != mark) {
            decide(s, cell, state);
            n++;
        }
    }
    return n;
}

/* The cells only in x (xonly of them, xneed mines with the shared part
   holding lo..hi) are all safe or all mines when the bounds say so. */
static int32_t decide_only(sapper_mines_solver *s, const ms_con *x,
                           int32_t xonly, int32_t lo, int32_t hi,
                           int32_t mark)
{
    if (xonly == 0)
        return 0;
    if (x->need - lo <= 0)
        return decide_outside(s, x, mark, MS_SAFE);
    if (x->need - hi >= xonly)
        return decide_outside(s, x, mark, MS_MINE);
    return 0;
}

static void stamp(sapper_mines_solver *s, const ms_con *c, int32_t mark)
{
    for (int32_t i = 0; i < c->n; i++)
        s->cell_mark[c->cell[i]] = mark;
}

/* The bounds of the pair rule. A and B overlap in `shared` undecided
   cells (A's cells carry the stamp mark_a). The shared part holds between
   lo = max(0, needA - |A only|, needB - |B only|) and
   hi = min(shared, needA, needB) mines; each "only" part holds needX minus
   that, so it is all safe when needX - lo <= 0 and all mines when
   needX - hi = |X only|. */
typedef struct pair_bounds {
    int32_t aonly, bonly, lo, hi;
} pair_bounds;

static pair_bounds bounds_of(const sapper_mines_solver *s, const ms_con *a,
                             const ms_con *b, int32_t mark_a)
{
    int32_t shared = 0;
    for (int32_t i = 0; i < b->n; i++)
        shared += s->state[b->cell[i]] == MS_UNDECIDED &&
                  s->cell_mark[b->cell[i]] == mark_a;
    pair_bounds pb = {a->left - shared, b->left - shared, 0, shared};
    pb.lo = max3(0, a->need - pb.aonly, b->need - pb.bonly);
    pb.hi = min3(shared, a->need, b->need);
    return pb;
}

static int decides(const ms_con *x, int32_t xonly, const pair_bounds *pb)
{
    return xonly > 0 && (x->need - pb->lo <= 0 || x->need - pb->hi >= xonly);
}

/* Applies the pair rule to A and B; returns the number of cells decided. */
static int32_t pair_rule(sapper_mines_solver *s, int32_t ia, int32_t ib,
                         int32_t mark_a)
{
    const ms_con *a = &s->con[ia], *b = &s->con[ib];
    pair_bounds pb = bounds_of(s, a, b, mark_a);
    if (pb.lo > pb.hi) {
        s->contradiction = 1;
        return 0;
    }
    if (!decides(a, pb.aonly, &pb) && !decides(b, pb.bonly, &pb))
        return 0;
    int32_t n = decide_only(s, b, pb.bonly, pb.lo, pb.hi, mark_a);
    int32_t mark_b = ++s->mark;
    stamp(s, b, mark_b);
    return n + decide_only(s, a, pb.aonly, pb.lo, pb.hi, mark_b);
}

/* Checks constraint id against every constraint sharing an undecided cell
   with it that is not itself waiting on the stack (that one will check the
   pair when its turn comes). Stops at the first decision. */
static int32_t pairs_of(sapper_mines_solver *s, int32_t id)
{
    int32_t seen = ++s->con_gen, mark = ++s->mark;
    const ms_con *c = &s->con[id];
    stamp(s, c, mark);
    for (int32_t i = 0; i < c->n; i++) {
        int32_t cell = c->cell[i];
        if (s->state[cell] != MS_UNDECIDED)
            continue;
        for (int32_t j = 0; j < s->ncell_con[cell]; j++) {
            int32_t other = s->cell_con[cell * 8 + j];
            if (other == id || s->con_mark[other] == seen ||
                s->con[other].dirty)
                continue;
            s->con_mark[other] = seen;
            int32_t n = pair_rule(s, id, other, mark);
            if (n > 0 || s->contradiction)
                return n;
        }
    }
    return 0;
}

/* Every constraint is examined, or with a carried start (carry.c) only
   the changed ones, already on the stack: the others were examined with
   the same cells and counts in the carried position. */
static void pairs(sapper_mines_solver *s)
{
    if (!s->carried)
        MS_EACH_BIT(s, s->numbers, i, {
            if (s->con[i].left > 0 && !s->con[i].dirty) {
                s->con[i].dirty = 1;
                s->dirty[s->ndirty++] = i;
            }
        });
    while (s->ndirty > 0 && !s->contradiction) {
        int32_t id = s->dirty[--s->ndirty];
        s->con[id].dirty = 0;
        if (s->con[id].left == 0)
            continue;
        if (pairs_of(s, id) > 0) {
            propagate(s);
            if (!s->con[id].dirty && s->con[id].left > 0) {
                s->con[id].dirty = 1;
                s->dirty[s->ndirty++] = id;
            }
        }
    }
    s->ndirty = 0;
}

/* ---- the global count ---------------------------------------------- */

static void global_rule(sapper_mines_solver *s)
{
    int32_t need = s->remaining - s->decided_mines;
    if (need < 0 || need > s->undecided) {
        s->contradiction = 1;
        return;
    }
    if (s->undecided == 0 || (need != 0 && need != s->undecided))
        return;
    uint8_t state = need == 0 ? MS_SAFE : MS_MINE;
    s->decided_floating = 1;
    MS_EACH_BIT(s, s->unknowns, i, {
        if (s->state[i] == MS_UNDECIDED)
            decide(s, i, state);
    });
    propagate(s);
}

void mines_solver_rules(sapper_mines_solver *s)
{
    if (s->ruled)
        return;   /* this position's, already run (mines_solver_read) */
    s->ruled = 1;
    if (!s->contradiction)
        propagate(s);
    if (!s->contradiction)
        pairs(s);
    if (!s->contradiction)
        global_rule(s);
    /* a carried start leaves every unchanged constraint as kept, and a
       rule stage that ends without a contradiction leaves the queues empty */
    s->synced = s->carried && !s->contradiction;
}
