/*
 * probability.c - exact mine probabilities: enumerates every component
 * within the budget, combines the components through the global mine
 * count, and implements sapper_mines_analyze.
 *
 * The formula. After the rule stage, R' mines are still to be placed on the
 * undecided cells: the frontier components c = 1..C and n_f floating cells.
 * enumerate.c gives, per component, W_c(m) (its layouts with m mines) and
 * T_c(m, b) (those layouts' mines in box b, summed). A board layout picks
 * a count m_c for every component, t = sum m_c in all, and puts the other
 * R' - t mines anywhere among the floating cells: G(t) = C(n_f, R' - t)
 * ways. So with Omega_c(m) = sum over the other components' counts of
 * prod_{i != c} W_i(m_i) * G(m + sum_{i != c} m_i),
 *
 *   P(cell of box b in c) = sum_m T_c(m, b) Omega_c(m)
 *                           / (size_b * sum_m W_c(m) Omega_c(m)),
 *   P(floating cell)      = sum_t W(t) G(t) (R' - t) / (n_f * sum_t W(t) G(t)),
 *
 * where W = W_1 * ... * W_C (convolution) and sum_t W(t) G(t) is the number
 * of layouts. Numbers reach 2^1000s on big boards, so nothing is computed
 * absolutely: every vector is kept scaled to a maximum of 1 with its log
 * scale aside, and both sides are tilted by rho^t, rho = G(t0+1)/G(t0) at
 * the middle t0 of the feasible totals (W_c(m) rho^m and G(t) rho^-t have
 * the same products), which keeps G flat near t0 and nothing underflows
 * that matters. G follows from G(t+1)/G(t) = (R'-t)/(n_f-R'+t+1). The
 * Omega_c come from a balanced tree over the components: convolutions
 * bottom-up, then outside messages top-down (the left child's outside is
 * the parent's outside correlated with the right child), so C components
 * cost O(L^2 log C) for L possible totals instead of O(C^2 L^2).
 *
 * Certainty is never read from a rounded probability: every positive
 * weight is kept at least DBL_MIN, so "w > 0" is exact, and a cell is safe
 * (a mine) when no layout of a feasible count puts a mine in (leaves a
 * cell of) its box, from enumerate.c's exact flags.
 *
 * It does not read positions or apply rules (constraints.c) nor search
 * (enumerate.c); deduce.c reuses mines_solver_exact.
 */
#include "solver_internal.h"

#include <float.h>
#include <math.h>
#include <string.h>

#define TINY    DBL_MIN                 /* least positive kept weight    */
#define PMAX    (1.0 - DBL_EPSILON / 2) /* largest uncertain probability */
#define LOG_2PI 1.8378770664093454836
#define MAX_COUNT 1e300                 /* larger component counts are
                                           treated as over budget        */

/* ---- small numerics ------------------------------------------------ */

static double log_factorial(int32_t n)
{
    if (n < 16) {
        double r = 0;
        for (int32_t i = 2; i <= n; i++)
            r += log((double)i);
        return r;
    }
    double x = n, x2 = x * x;
    return x * log(x) - x + 0.5 * (LOG_2PI + log(x)) +
           (1.0 / 12 - (1.0 / 360 - (1.0 / 1260 - 1.0 / (1680 * x2)) / x2) /
                           x2) / x;
}

static double log_binomial(int32_t n, int32_t k)
{
    return log_factorial(n) - log_factorial(k) - log_factorial(n - k);
}

static double *pool_take(sapper_mines_solver *s, int32_t n)
{
    double *p = s->pool + s->pool_used;
    s->pool_used += (size_t)n;
    return p;
}

/* Scales v to a maximum of 1 (positive entries stay >= TINY); returns the
   log of the factor taken out. */
static double normalise(double *v, int32_t len)
{
    double mx = 0;
    for (int32_t i = 0; i < len; i++)
        if (v[i] > mx)
            mx = v[i];
    if (mx == 0)
        return 0;
    for (int32_t i = 0; i < len; i++)
        if (v[i] > 0)
            v[i] = fmax(v[i] / mx, TINY);
    return log(mx);
}

/* x[i] * y[j] for a pair of positive weights, never rounded to zero. */
static double product(double x, double y)
{
    return fmax(x * y, DBL_TRUE_MIN);
}

static ms_vec convolve(sapper_mines_solver *s, ms_vec x, ms_vec y)
{
    ms_vec z = {pool_take(s, x.len + y.len - 1), x.off + y.off,
                x.len + y.len - 1, x.scale + y.scale};
    memset(z.v, 0, (size_t)z.len * sizeof *z.v);
    for (int32_t i = 0; i < x.len; i++)
        if (x.v[i] > 0)
            for (int32_t j = 0; j < y.len; j++)
                if (y.v[j] > 0)
                    z.v[i + j] += product(x.v[i], y.v[j]);
    z.scale += normalise(z.v, z.len);
    return z;
}

/* out over the range of `like`: out(t) = sum_u sib(u) * outer(t + u). */
static ms_vec correlate(sapper_mines_solver *s, ms_vec outer, ms_vec sib,
                        ms_vec like)
{
    ms_vec z = {pool_take(s, like.len), like.off, like.len, 0};
    for (int32_t i = 0; i < z.len; i++) {
        double sum = 0;
        int32_t base = z.off + i + sib.off - outer.off;
        for (int32_t j = 0; j < sib.len; j++)
            if (sib.v[j] > 0 && outer.v[base + j] > 0)
                sum += product(sib.v[j], outer.v[base + j]);
        z.v[i] = sum;
    }
    normalise(z.v, z.len);
    return z;
}

/* ---- enumeration of all components under the budget ---------------- */

static int counts_fit(const ms_comp *c)
{
    for (int32_t i = 0; i < c->len; i++)
        if (!(c->w[i] <= MAX_COUNT))
            return 0;
    return 1;
}

static void abandon(sapper_mines_solver *s, ms_comp *c, int32_t *nf)
{
    c->exact = 0;
    *nf += c->cells;
    s->table_used = c->w ? (size_t)(c->w - s->table) : s->table_used;
}

/* Enumerates the components smallest first; returns the floating pool
   (floating cells plus the cells of abandoned components). */
static int32_t enumerate_all(sapper_mines_solver *s,
                             const sapper_mines_budget *budget,
                             sapper_mines_result *r)
{
    int64_t per = SAPPER_MINES_DEFAULT_COMPONENT_NODES;
    int64_t total = SAPPER_MINES_DEFAULT_TOTAL_NODES;
    if (budget && budget->component_nodes > 0)
        per = budget->component_nodes;
    if (budget && budget->total_nodes > 0)
        total = budget->total_nodes;
    int32_t nf = s->undecided - s->boxed;   /* floating undecided cells */
    s->table_used = 0;
    s->nexact = 0;
    for (int32_t i = 0; i < s->ncomp && !s->contradiction; i++) {
        ms_comp *c = &s->comp[s->rank[i]];
        int64_t left = total - r->nodes, used = 0;
        c->w = NULL;
        if (left <= 0 ||
            !mines_solver_enumerate(s, c, per < left ? per : left, &used) ||
            !counts_fit(c)) {
            r->nodes += used;
            r->abandoned++;
            abandon(s, c, &nf);
            continue;
        }
        r->nodes += used;
        if (c->a > c->b)
            s->contradiction = 1; /* a component with no layout */
        s->exact[s->nexact++] = s->rank[i];
    }
    r->components = s->ncomp;
    r->approximate = r->abandoned > 0;
    return nf;
}

/* ---- tilting -------------------------------------------------------- */

/* The combination's frame: R' mines for the frontier totals t in [lo, hi]
   (the components' range) and n_f floating cells. */
typedef struct frame {
    int32_t need, nf;
    int32_t lo, hi;       /* totals the components can reach              */
    int32_t t0;           /* the reference total                          */
    double lr;            /* log rho                                      */
} frame;

/* Chooses t0 and rho; 0 when no total is feasible at all. */
static int choose_tilt(frame *f)
{
    int32_t lo = f->lo > f->need - f->nf ? f->lo : f->need - f->nf;
    int32_t hi = f->hi < f->need ? f->hi : f->need;
    if (lo > hi)
        return 0;
    f->t0 = lo + (hi - lo) / 2;
    int32_t t = f->t0 < f->need ? f->t0 : f->t0 - 1;
    f->lr = 0;
    if (f->nf > 0 && t >= f->need - f->nf && t >= 0 && t < f->need)
        f->lr = log((double)(f->need - t) / (f->nf - f->need + t + 1));
    return 1;
}

/* The component's table over its support, tilted by rho^m and scaled:
   wt(m) = w(m) * fac(m) with fac(m) = exp(lr (m - a) - mx). */
static void tilt_component(sapper_mines_solver *s, ms_comp *c, double lr)
{
    int32_t len = c->b - c->a + 1;
    ms_vec v = {pool_take(s, len), c->a, len, 0};
    const double *w = c->w + (c->a - c->lo);
    double mx = -HUGE_VAL;
    c->fac = pool_take(s, len);
    for (int32_t i = 0; i < len; i++)
        if (w[i] > 0 && log(w[i]) + lr * i > mx)
            mx = log(w[i]) + lr * i;
    for (int32_t i = 0; i < len; i++) {
        c->fac[i] = exp(lr * i - mx);
        v.v[i] = w[i] > 0 ? fmax(w[i] * c->fac[i], TINY) : 0;
    }
    v.scale = mx + lr * c->a;
    c->wt = v;
}

/* G(t) rho^-t over [v.off, v.off + v.len), 1 at t0, 0 where infeasible. */
static ms_vec floating_weights(sapper_mines_solver *s, const frame *f,
                               ms_vec like)
{
    ms_vec g = {pool_take(s, like.len), like.off, like.len, 0};
    double rho = exp(f->lr);
    memset(g.v, 0, (size_t)g.len * sizeof *g.v);
    double x = 1;
    for (int32_t t = f->t0; t < g.off + g.len; t++) {
        if (f->need - t < 0)
            break;
        g.v[t - g.off] = fmax(x, TINY);
        x *= (double)(f->need - t) / (f->nf - f->need + t + 1) / rho;
    }
    x = 1;
    for (int32_t t = f->t0; t >= g.off; t--) {
        if (f->need - t > f->nf)
            break;
        g.v[t - g.off] = fmax(x, TINY);
        x *= rho * (f->nf - f->need + t) / (f->need - t + 1);
    }
    return g;
}

/* ---- the tree of components ---------------------------------------- */

/* Node id covers the enumerated components lo .. hi-1 (of s->exact); its
   children are id + 1 and id + 2 (mid - lo) (preorder numbering). */
static void up(sapper_mines_solver *s, int32_t id, int32_t lo, int32_t hi)
{
    if (hi - lo == 1) {
        s->node[id] = s->comp[s->exact[lo]].wt;
        return;
    }
    int32_t mid = lo + (hi - lo) / 2, left = id + 1;
    int32_t right = id + 2 * (mid - lo);
    up(s, left, lo, mid);
    up(s, right, mid, hi);
    s->node[id] = convolve(s, s->node[left], s->node[right]);
}

/* Box probabilities of one component from its outside weights. */
static void finish_component(sapper_mines_solver *s, const ms_comp *c,
                             ms_vec omega)
{
    ms_vec wt = c->wt;
    const double *fac = c->fac;
    double z = 0;
    for (int32_t i = 0; i < wt.len; i++)
        z += wt.v[i] * omega.v[i];
    for (int32_t j = 0; j < c->nbox; j++) {
        ms_box *b = &s->box[s->order[c->box0 + j]];
        double num = 0;
        int any_mine = 0, any_safe = 0;
        for (int32_t i = 0; i < wt.len; i++) {
            size_t row = (size_t)(c->a - c->lo + i) * (size_t)c->nbox + (size_t)j;
            if (wt.v[i] == 0 || omega.v[i] == 0)
                continue;
            num += c->t[row] * fac[i] * omega.v[i];
            any_mine |= c->f[row] & 1;
            any_safe |= c->f[row] & 2;
        }
        b->certain = !any_mine ? MS_SAFE : !any_safe ? MS_MINE : 0;
        b->p = fmin(fmax(num / (b->size * z), TINY), PMAX);
    }
}

/* out: the outside weights of node id over its range. */
static void down(sapper_mines_solver *s, int32_t id, int32_t lo, int32_t hi,
                 ms_vec out)
{
    if (hi - lo == 1) {
        finish_component(s, &s->comp[s->exact[lo]], out);
        return;
    }
    int32_t mid = lo + (hi - lo) / 2, left = id + 1;
    int32_t right = id + 2 * (mid - lo);
    size_t mark = s->pool_used;
    down(s, left, lo, mid,
         correlate(s, out, s->node[right], s->node[left]));
    s->pool_used = mark;
    down(s, right, mid, hi,
         correlate(s, out, s->node[left], s->node[right]));
    s->pool_used = mark;
}

/* ---- the floating pool ----------------------------------------------- */

typedef struct pool_answer {
    double p;             /* probability of a floating cell            */
    int32_t certain;      /* MS_SAFE, MS_MINE or 0                     */
    double log_z;         /* log of sum_t root(t) g(t)                 */
} pool_answer;

/* Expected floating mines and certainty from the root and G; 0 when no
   total is feasible. */
static int floating_answer(const frame *f, ms_vec root, ms_vec g,
                           pool_answer *a)
{
    double z = 0, mines = 0;
    int any_safe = 0, any_mine = 0, feasible = 0;
    for (int32_t i = 0; i < root.len; i++) {
        int32_t rest = f->need - (root.off + i);
        if (root.v[i] == 0 || g.v[i] == 0)
            continue;
        double x = root.v[i] * g.v[i];
        z += x;
        mines += x * rest;
        feasible = 1;
        any_mine |= rest > 0;
        any_safe |= rest < f->nf;
    }
    if (!feasible)
        return 0;
    a->log_z = log(z);
    a->certain = !any_mine ? MS_SAFE : !any_safe ? MS_MINE : 0;
    a->p = f->nf > 0 ? fmin(fmax(mines / z / f->nf, TINY), PMAX) : 0;
    return 1;
}

/* ---- writing the answer -------------------------------------------- */

static double certain_or(int32_t certain, double p)
{
    return certain == MS_SAFE ? 0.0 : certain == MS_MINE ? 1.0 : p;
}

/* The unknown cells' (seen.c keeps the known ones': 0 and 1), counting
   the safe ones and the mines among them for the answer. */
static void write_probabilities(sapper_mines_solver *s, const pool_answer *a,
                                sapper_mines_result *r)
{
    int32_t safe = 0, mines = 0;
    if (!s->decided_floating) {
        /* the floating cells first, all alike (no rule decided them), then
           the frontier's one by one */
        double p = certain_or(a->certain, a->p);
        int32_t words = (s->cells + 63) >> 6, count = 0;
        for (int32_t w = 0; w < words; w++)
            for (uint64_t m = s->unknowns[w] & ~s->fronts[w]; m; m &= m - 1) {
                s->prob[w * 64 + __builtin_ctzll(m)] = p;
                count++;
            }
        safe += p == 0.0 ? count : 0;
        mines += p == 1.0 ? count : 0;
    }
    MS_EACH_BIT(s, mines_decidable(s), i, {
        double p;
        if (s->state[i] != MS_UNDECIDED)
            p = s->state[i] == MS_MINE;
        else if (s->box_of[i] >= 0 &&
                 s->comp[s->box[s->box_of[i]].comp].exact)
            p = certain_or(s->box[s->box_of[i]].certain,
                           s->box[s->box_of[i]].p);
        else
            p = certain_or(a->certain, a->p);
        s->prob[i] = p;
        safe += p == 0.0;
        mines += p == 1.0;
    });
    r->safe = safe;
    r->certain_mines = mines;
}

/* ---- the exact stage ------------------------------------------------ */

static ms_vec unit_vector(sapper_mines_solver *s)
{
    ms_vec v = {pool_take(s, 1), 0, 1, 0};
    v.v[0] = 1;
    return v;
}

static void combine(sapper_mines_solver *s, int32_t nf,
                    sapper_mines_result *r)
{
    frame f = {s->remaining - s->decided_mines, nf, 0, 0, 0, 0};
    for (int32_t i = 0; i < s->nexact; i++) {
        f.lo += s->comp[s->exact[i]].a;
        f.hi += s->comp[s->exact[i]].b;
    }
    if (!choose_tilt(&f)) {
        s->contradiction = 1;
        return;
    }
    s->pool_used = 0;
    int32_t n = s->nexact;
    for (int32_t i = 0; i < n; i++)
        tilt_component(s, &s->comp[s->exact[i]], f.lr);
    ms_vec root = unit_vector(s);
    if (n > 0) {
        up(s, 0, 0, n);
        root = s->node[0];
    }
    ms_vec g = floating_weights(s, &f, root);
    pool_answer a;
    if (!floating_answer(&f, root, g, &a)) {
        s->contradiction = 1;
        return;
    }
    if (n > 0)
        down(s, 0, 0, n, g);
    write_probabilities(s, &a, r);
    r->layouts_log2 = (a.log_z + root.scale + log_binomial(nf, f.need - f.t0) -
                       f.lr * f.t0) / log(2.0);
}

void mines_solver_exact(sapper_mines_solver *s,
                        const sapper_mines_budget *budget,
                        sapper_mines_result *r)
{
    mines_solver_components(s);
    int32_t nf = enumerate_all(s, budget, r);
    if (!s->contradiction)
        combine(s, nf, r);
    if (s->contradiction)
        s->ruled = 0;   /* the rules did not find it: run them again */
}

/* ---- sapper_mines_analyze ------------------------------------------- */

/* The answer for a position with no layout: the plain density. */
static void write_density(sapper_mines_solver *s)
{
    double d = s->unknown > 0 ? (double)s->remaining / s->unknown : 0;
    d = fmin(fmax(d, 0), 1);
    MS_EACH_BIT(s, s->unknowns, i, s->prob[i] = d;);
}

static void count_answer(const sapper_mines_solver *s, sapper_mines_result *r)
{
    r->prob = s->prob;
    r->kind = s->kind;
    r->unknown = s->unknown;
    r->remaining = s->remaining;
    r->frontier = mines_seen_frontier(s);
    r->floating = s->unknown - r->frontier;
}

sapper_status sapper_mines_analyze(sapper_mines_solver *s,
                                   const sapper_mines_position *pos,
                                   const sapper_mines_budget *budget,
                                   sapper_mines_result *out)
{
    if (!s || !out)
        return SAPPER_ERR_PARAM;
    sapper_status st = mines_solver_read(s, pos);
    if (st != SAPPER_OK)
        return st;
    sapper_mines_result r;
    memset(&r, 0, sizeof r);
    mines_solver_rules(s);
    if (!s->contradiction)
        mines_solver_exact(s, budget, &r);
    r.consistent = !s->contradiction;
    if (!r.consistent) {
        write_density(s);
        r.layouts_log2 = -HUGE_VAL;
    }
    count_answer(s, &r);
    *out = r;
    return SAPPER_OK;
}
