/*
 * enumerate.c - counts the layouts of one component by depth-first search
 * over its boxes: each box gets a mine count k (standing for C(size, k)
 * layouts), chosen within the bounds its constraints still allow (no more
 * than any constraint still needs, no fewer than what the constraint's
 * other unassigned boxes cannot hold), so every leaf is a layout. For each
 * total m it accumulates W(m) (layouts) and T(m, box) (mines in the box
 * summed over those layouts), plus exact flags for certainty.
 *
 * A component that takes more than MS_SEARCH_FIRST nodes is handed to
 * frontier.c, which fills the same tables by dynamic programming.
 *
 * It does not know about other components, floating cells or the global
 * count (probability.c combines the tables), and it never recurses: the
 * search keeps its stack in the solver's scratch arrays, so a component of
 * thousands of boxes is only a matter of the node budget.
 */
#include "solver_internal.h"

#include <stdlib.h>
#include <string.h>

/* C(s, k) for box sizes up to 8 (solver_internal.h). */
const double ms_binom[9][9] = {
    {1},
    {1, 1},
    {1, 2, 1},
    {1, 3, 3, 1},
    {1, 4, 6, 4, 1},
    {1, 5, 10, 10, 5, 1},
    {1, 6, 15, 20, 15, 6, 1},
    {1, 7, 21, 35, 35, 21, 7, 1},
    {1, 8, 28, 56, 70, 56, 28, 8, 1},
};

/* The search state: per depth (box in enumeration order) and per local
   constraint. The arrays are the solver's scratch. */
typedef struct search {
    int32_t nbox;
    const int32_t *size, *ncon, *con;  /* box size, constraints (8 slots) */
    int32_t *rem, *cap;   /* per constraint: mines still needed, cells in
                             boxes not yet assigned                      */
    int32_t *k, *hi, *m;  /* per depth: count, its bound, mines before it */
    int32_t *nz, *nzn;    /* the depths above with a count above 0, as a
                             stack: nz[0 .. nzn[d]) for depth d          */
    double *w;            /* per depth: layouts of the boxes before it    */
    int32_t lo;           /* table row 0 is this many mines               */
    double *wt, *t;
    uint8_t *f;
    int32_t a, b;         /* smallest and largest total seen              */
} search;

static void gather(sapper_mines_solver *s, const ms_comp *c, search *e)
{
    e->nbox = c->nbox;
    e->size = s->e_size;
    e->ncon = s->e_ncon;
    e->con = s->e_con;
    e->rem = s->e_rem;
    e->cap = s->e_cap;
    e->k = s->e_k;
    e->hi = s->e_hi;
    e->m = s->e_m;
    e->w = s->e_w;
    e->nz = s->e_nz;
    e->nzn = s->e_nzn;
    for (int32_t i = 0; i < c->nbox; i++) {
        const ms_box *b = &s->box[s->order[c->box0 + i]];
        s->e_size[i] = b->size;
        s->e_ncon[i] = b->ncon;
        memcpy(s->e_con + i * 8, b->lcon, (size_t)b->ncon * sizeof *b->lcon);
    }
    for (int32_t j = 0; j < c->ncon; j++) {
        const ms_con *k = &s->con[s->corder[c->con0 + j]];
        s->e_rem[j] = k->need;
        s->e_cap[j] = k->left;
    }
}

/* Bounds on the component's total, to size its table before searching.
   At least: the needs of constraints with pairwise disjoint boxes, taken
   greedily. At most: with each box charged to its first constraint, the
   sum over constraints of min(need, cells charged to it). */
static int32_t lower_total(sapper_mines_solver *s, const ms_comp *c)
{
    int32_t *taken = s->e_hi; /* per box id; search scratch, free now */
    int32_t lo = 0;
    for (int32_t i = 0; i < c->nbox; i++)
        taken[s->order[c->box0 + i]] = 0;
    for (int32_t j = 0; j < c->ncon; j++) {
        const ms_con *k = &s->con[s->corder[c->con0 + j]];
        int32_t clash = 0;
        for (int32_t i = 0; i < k->n; i++)
            clash |= s->box_of[k->cell[i]] >= 0 &&
                     taken[s->box_of[k->cell[i]]];
        if (clash)
            continue;
        lo += k->need;
        for (int32_t i = 0; i < k->n; i++)
            if (s->box_of[k->cell[i]] >= 0)
                taken[s->box_of[k->cell[i]]] = 1;
    }
    return lo;
}

static int32_t upper_total(const search *e, int32_t ncon)
{
    int32_t *charged = e->k; /* per constraint; free until the search */
    int32_t hi = 0;
    memset(charged, 0, (size_t)ncon * sizeof *charged);
    for (int32_t i = 0; i < e->nbox; i++)
        charged[e->con[i * 8]] += e->size[i];
    for (int32_t j = 0; j < ncon; j++)
        hi += charged[j] < e->rem[j] ? charged[j] : e->rem[j];
    return hi;
}

int mines_table_take(sapper_mines_solver *s, ms_comp *c, int32_t lo, size_t len)
{
    size_t rows = len * (size_t)c->nbox;
    if (s->table_used + len + rows > s->table_cap)
        return 0;
    c->lo = lo;
    c->len = (int32_t)len;
    c->w = s->table + s->table_used;
    c->t = c->w + len;
    c->f = s->flags + (c->t - s->table);
    s->table_used += len + rows;
    return 1;
}

/* Carves the component's tables out of the table space, zeroed; 0 when
   they do not fit (the component is then abandoned). */
static int make_tables(sapper_mines_solver *s, ms_comp *c, search *e)
{
    int32_t lo = lower_total(s, c), hi = upper_total(e, c->ncon);
    if (hi < lo)
        hi = lo; /* no layout at all: keep one empty row */
    size_t len = (size_t)(hi - lo + 1), rows = len * (size_t)c->nbox;
    if (!mines_table_take(s, c, lo, len))
        return 0;
    e->lo = lo;
    e->wt = c->w;
    e->t = c->t;
    e->f = c->f;
    memset(c->w, 0, (len + rows) * sizeof *c->w);
    memset(c->f, 0, rows);
    return 1;
}

/* ---- the search ---------------------------------------------------- */

/* The counts box d may take given what its constraints still need. */
static void box_range(const search *e, int32_t d, int32_t *lo, int32_t *hi)
{
    ms_box_range(e->size[d], e->ncon[d], e->con + d * 8, e->rem, e->cap, lo, hi);
}

static void assign(search *e, int32_t d, int32_t k, int32_t sign)
{
    const int32_t *cs = e->con + d * 8;
    for (int32_t i = 0; i < e->ncon[d]; i++) {
        e->rem[cs[i]] -= sign * k;
        e->cap[cs[i]] -= sign * e->size[d];
    }
}

/* Every box has a count: one layout class of w layouts and m mines. The
   mines of a box with none add nothing (t holds no -0), so only the boxes
   with a count above 0 are added to, in the same order as ever. */
static void leaf(search *e, int32_t m, double w)
{
    int32_t row = m - e->lo, last = e->nbox - 1;
    double *t = e->t + (size_t)row * (size_t)e->nbox;
    uint8_t *f = e->f + (size_t)row * (size_t)e->nbox;
    e->wt[row] += w;
    for (int32_t j = 0; j < e->nzn[last]; j++) {
        int32_t i = e->nz[j];
        t[i] += w * e->k[i];
    }
    if (e->k[last] > 0)
        t[last] += w * e->k[last];
    for (int32_t i = 0; i < e->nbox; i++) {
        int32_t k = e->k[i];
        f[i] |= (uint8_t)((k > 0) | ((k < e->size[i]) << 1));
    }
    if (m < e->a)
        e->a = m;
    if (m > e->b)
        e->b = m;
}

/* Depth-first over the boxes; returns the nodes used, or -1 past max. */
static int64_t search_all(search *e, int64_t max_nodes)
{
    int64_t nodes = 0;
    int32_t d = 0, last = e->nbox - 1, lo;
    e->w[0] = 1.0;
    e->m[0] = 0;
    e->nzn[0] = 0;
    box_range(e, 0, &e->k[0], &e->hi[0]);
    for (;;) {
        if (e->k[d] > e->hi[d]) {          /* box d exhausted: back up */
            if (d == 0)
                return nodes;
            d--;
            assign(e, d, e->k[d], -1);
            e->k[d]++;
            continue;
        }
        if (++nodes > max_nodes)
            return -1;
        double w = e->w[d] * ms_binom[e->size[d]][e->k[d]];
        if (d == last) {
            leaf(e, e->m[d] + e->k[d], w);
            e->k[d]++;
            continue;
        }
        assign(e, d, e->k[d], 1);
        e->w[d + 1] = w;
        e->m[d + 1] = e->m[d] + e->k[d];
        e->nzn[d + 1] = e->nzn[d];
        if (e->k[d] > 0)
            e->nz[e->nzn[d + 1]++] = d;
        d++;
        box_range(e, d, &lo, &e->hi[d]);
        e->k[d] = lo;
    }
}

int mines_solver_enumerate(sapper_mines_solver *s, ms_comp *c,
                           int64_t max_nodes, int64_t *nodes)
{
    search e;
    size_t mark = s->table_used;
    if (mines_tables_find(s, c, max_nodes, nodes))
        return 1;   /* counted before (tables.c) */
    gather(s, c, &e);
    *nodes = 0;
    if (!make_tables(s, c, &e))
        return 0;
    e.a = INT32_MAX;
    e.b = -1;
    int64_t first = max_nodes < s->search_first ? max_nodes : s->search_first;
    int64_t used = search_all(&e, first);
    if (used < 0 && max_nodes > first) {
        int64_t more = 0;
        gather(s, c, &e); /* the search left its scratch half-way */
        memset(c->w, 0, (size_t)c->len * (1 + (size_t)c->nbox) * sizeof *c->w);
        memset(c->f, 0, (size_t)c->len * (size_t)c->nbox);
        if (!s->fpool)   /* the first hard component: its space, once */
            s->fpool = malloc(s->fpool_cap);
        if (s->fpool && mines_solver_frontier(s, c, max_nodes - first, &more)) {
            *nodes = first + more;
            c->exact = 1;
            mines_tables_keep(s, c, *nodes);
            return 1;
        }
        used = -1;
    }
    if (used < 0) {
        *nodes = max_nodes;
        s->table_used = mark;
        return 0;
    }
    *nodes = used;
    c->a = e.a;
    c->b = e.b;
    c->exact = 1;
    mines_tables_keep(s, c, used);
    return 1;
}
