/*
 * frontier.c - counts the layouts of one component by dynamic programming
 * over its frontier, for the components that plain depth-first search
 * (enumerate.c) cannot finish: scattered numbers make components whose
 * search tree is exponential although the part of it that matters at any
 * depth is small.
 *
 * The boxes are taken in enumerate.c's order. At the boundary before box d
 * a constraint is open when a box before d and a box from d on both touch
 * it; what the boxes from d on may still do depends only on the mines the
 * open constraints still need. So every partial assignment of boxes < d is
 * summarised by that vector (the state's key) and a weight per number of
 * mines placed so far. A forward pass builds the states of every boundary
 * (F: layouts of the boxes before d, by mines), a backward pass the weights
 * of completing them (B: layouts of the boxes from d on, by mines), and the
 * tables enumerate.c would have produced follow from F and B around each
 * box: W(m) = B at the root, T(m, d) = sum over states and counts k of box
 * d of k * C(size, k) * (F conv B)(m - k), and the certainty flags from
 * which products are positive. Positions that took depth-first search 10^9
 * nodes take tens of thousands of states here.
 *
 * All space comes from the solver's frontier pool (reserved at creation,
 * untouched until a component needs it): state records grow from its
 * start, keys, weight vectors and child lists from its end. A component
 * whose states do not fit, or that would take more than the node budget
 * (one node per state and count of the next box, in each pass, and one
 * per WORK_PER_NODE products of weights), is abandoned like an over-budget
 * search.
 */
#include "solver_internal.h"

#include <string.h>

/* A node stands for one state and count of the next box, in each pass,
   plus one for every this many products of weights it takes. */
#define WORK_PER_NODE 32


/* One state at one boundary. */
typedef struct fstate {
    uint8_t *key;        /* rem of each open constraint, in open order     */
    double *f, *b;       /* forward and backward weights                   */
    int32_t foff, flen;  /* F over mines placed before: foff .. +flen-1    */
    int32_t boff, blen;  /* B over mines placed from here: boff .. +blen-1 */
    int32_t *kid;        /* state index at the next boundary per count, or
                            -1; kid[k - klo]                               */
    int8_t klo, nk;
} fstate;

typedef struct dp {
    sapper_mines_solver *s;
    const ms_comp *c;
    /* per box d (component order) */
    const int32_t *size, *ncon, *con;
    /* per local constraint */
    int32_t *first, *last, *slot, *rem, *cap, *need;
    uint8_t *inbox;
    /* the open list of the current and the next boundary */
    int32_t *open, nopen, *open1, nopen1;
    /* states: all boundaries, layer d is st[lay[d] .. lay[d+1]) */
    fstate *st;
    int32_t nst, stcap, *lay;
    /* hash of the next boundary's keys: indices into st, or -1 */
    int32_t *hash;
    uint32_t hmask;
    /* the pool: records from lo up, the rest from hi down */
    char *lo, *hi;
    int64_t nodes, max_nodes;
} dp;

static void *take_high(dp *p, size_t bytes)
{
    bytes = (bytes + 7) & ~(size_t)7;
    if ((size_t)(p->hi - p->lo) < bytes)
        return NULL;
    p->hi -= bytes;
    return p->hi;
}

static void *take_low(dp *p, size_t bytes)
{
    bytes = (bytes + 7) & ~(size_t)7;
    if ((size_t)(p->hi - p->lo) < bytes)
        return NULL;
    void *r = p->lo;
    p->lo += bytes;
    return r;
}

/* ---- set-up ---------------------------------------------------------- */

static int setup(dp *p, sapper_mines_solver *s, const ms_comp *c)
{
    int32_t n = c->nbox, m = c->ncon;
    p->s = s;
    p->c = c;
    p->size = s->e_size;
    p->ncon = s->e_ncon;
    p->con = s->e_con;
    p->lo = s->fpool;
    p->hi = s->fpool + s->fpool_cap;
    p->nodes = 0;
    int32_t **arrays[] = {&p->first, &p->last, &p->slot, &p->rem, &p->cap,
                          &p->need, &p->open, &p->open1};
    for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
        if (!(*arrays[i] = take_low(p, (size_t)m * sizeof(int32_t) + 8)))
            return 0;
    p->inbox = take_low(p, (size_t)m + 8);
    p->lay = take_low(p, (size_t)(n + 2) * sizeof *p->lay);
    p->hmask = 1u << 12;
    while (p->hmask < (uint32_t)(s->fpool_cap / 4096) && p->hmask < (1u << 22))
        p->hmask <<= 1;
    p->hash = take_low(p, (size_t)p->hmask * sizeof *p->hash);
    if (!p->inbox || !p->lay || !p->hash)
        return 0;
    for (uint32_t h = 0; h < p->hmask; h++)
        p->hash[h] = -1;
    p->hmask--;
    for (int32_t j = 0; j < m; j++) {
        p->first[j] = -1;
        p->need[j] = s->e_rem[j];
        p->cap[j] = s->e_cap[j];
        p->inbox[j] = 0;
        p->slot[j] = -1;
    }
    for (int32_t d = 0; d < n; d++)
        for (int32_t i = 0; i < p->ncon[d]; i++) {
            int32_t j = p->con[d * 8 + i];
            if (p->first[j] < 0)
                p->first[j] = d;
            p->last[j] = d;
        }
    /* records take whatever the rest of the pool allows, from lo up */
    p->st = (fstate *)p->lo;
    p->nst = 0;
    p->stcap = 0;
    return 1;
}

/* The open constraints at boundary d (touched before d and from d on). */
static int32_t list_open(const dp *p, int32_t d, int32_t *out)
{
    int32_t n = 0;
    for (int32_t j = 0; j < p->c->ncon; j++)
        if (p->first[j] >= 0 && p->first[j] < d && p->last[j] >= d)
            out[n++] = j;
    return n;
}

static fstate *new_record(dp *p)
{
    if ((char *)(p->st + p->nst + 1) > p->hi)
        return NULL;
    p->lo = (char *)(p->st + p->nst + 1);
    fstate *r = &p->st[p->nst++];
    memset(r, 0, sizeof *r);
    return r;
}

/* ---- keys ------------------------------------------------------------ */

static uint32_t hash_key(const uint8_t *key, int32_t n)
{
    uint32_t h = 2166136261u;
    for (int32_t i = 0; i < n; i++)
        h = (h ^ key[i]) * 16777619u;
    return h;
}

/* The state of the next boundary with this key, made if new; -1 when the
   pool is full. */
static int32_t find_or_add(dp *p, const uint8_t *key, int32_t layer_start)
{
    uint32_t h = hash_key(key, p->nopen1) & p->hmask;
    for (;; h = (h + 1) & p->hmask) {
        int32_t i = p->hash[h];
        if (i < 0)
            break;
        if (memcmp(p->st[i].key, key, (size_t)p->nopen1) == 0)
            return i;
    }
    if ((uint32_t)(p->nst - layer_start) * 2 > p->hmask)
        return -1; /* the hash would be too full: treat as out of space */
    uint8_t *k = take_high(p, (size_t)p->nopen1 + 1);
    fstate *r = k ? new_record(p) : NULL;
    if (!r)
        return -1;
    memcpy(k, key, (size_t)p->nopen1);
    r->key = k;
    r->foff = INT32_MAX;
    r->flen = -1; /* foff .. flen hold the range's ends until sized */
    p->hash[h] = p->nst - 1;
    return p->nst - 1;
}

/* Empties the hash of the states from start on (the layer just made). */
static void clear_hash(dp *p, int32_t start)
{
    for (int32_t s = start; s < p->nst; s++) {
        uint32_t h = hash_key(p->st[s].key, p->nopen1) & p->hmask;
        while (p->hash[h] != s)
            h = (h + 1) & p->hmask;
        p->hash[h] = -1;
    }
}

/* rem of every constraint box d touches, from state r's key. */
static void load_rem(dp *p, const fstate *r, int32_t d)
{
    for (int32_t i = 0; i < p->nopen; i++)
        p->rem[p->open[i]] = r->key[i];
    for (int32_t i = 0; i < p->ncon[d]; i++) {
        int32_t j = p->con[d * 8 + i];
        if (p->first[j] == d)
            p->rem[j] = p->need[j];
    }
}

static void box_range(const dp *p, int32_t d, int32_t *lo, int32_t *hi)
{
    ms_box_range(p->size[d], p->ncon[d], p->con + d * 8, p->rem, p->cap, lo, hi);
}

static void child_key(const dp *p, int32_t k, uint8_t *key)
{
    for (int32_t i = 0; i < p->nopen1; i++) {
        int32_t j = p->open1[i];
        key[i] = (uint8_t)(p->rem[j] - (p->inbox[j] ? k : 0));
    }
}

/* ---- the forward pass -------------------------------------------------- */

/* Links every state of boundary d to its children at d + 1 and the ranges
   of mines they can hold; 0 when out of space or nodes. */
static int link_layer(dp *p, int32_t d)
{
    uint8_t key[1024];
    int32_t start = p->lay[d], end = p->lay[d + 1];
    if (p->nopen1 > (int32_t)sizeof key)
        return 0;
    for (int32_t i = 0; i < p->ncon[d]; i++)
        p->inbox[p->con[d * 8 + i]] = 1;
    for (int32_t s = start; s < end; s++) {
        int32_t klo, khi;
        load_rem(p, &p->st[s], d);
        box_range(p, d, &klo, &khi);
        if (khi < klo)
            continue;
        int32_t *kid = take_high(p, (size_t)(khi - klo + 1) * sizeof *kid);
        p->nodes += (khi - klo + 1) * (1 + p->st[s].flen / WORK_PER_NODE);
        if (!kid || p->nodes > p->max_nodes)
            return 0;
        p->st[s].kid = kid;
        p->st[s].klo = (int8_t)klo;
        p->st[s].nk = (int8_t)(khi - klo + 1);
        for (int32_t k = klo; k <= khi; k++) {
            child_key(p, k, key);
            int32_t t = find_or_add(p, key, end);
            if (t < 0)
                return 0;
            fstate *c = &p->st[t], *r = &p->st[s];
            kid[k - klo] = t;
            if (r->foff + k < c->foff)
                c->foff = r->foff + k;
            if (r->foff + r->flen - 1 + k > c->flen)
                c->flen = r->foff + r->flen - 1 + k;
        }
    }
    for (int32_t i = 0; i < p->ncon[d]; i++)
        p->inbox[p->con[d * 8 + i]] = 0;
    clear_hash(p, end);
    return 1;
}

/* Gives every state of the layer its F vector, zeroed. */
static int size_forward(dp *p, int32_t layer)
{
    for (int32_t s = p->lay[layer]; s < p->lay[layer + 1]; s++) {
        fstate *r = &p->st[s];
        r->flen = r->flen - r->foff + 1;
        r->f = take_high(p, (size_t)r->flen * sizeof *r->f);
        if (!r->f)
            return 0;
        memset(r->f, 0, (size_t)r->flen * sizeof *r->f);
    }
    return 1;
}

static void push_forward(dp *p, int32_t d)
{
    const double *bin = ms_binom[p->size[d]];
    for (int32_t s = p->lay[d]; s < p->lay[d + 1]; s++) {
        const fstate *r = &p->st[s];
        for (int32_t i = 0; i < r->nk; i++) {
            int32_t k = r->klo + i;
            fstate *c = &p->st[r->kid[i]];
            double *dst = c->f + (r->foff + k - c->foff);
            for (int32_t m = 0; m < r->flen; m++)
                dst[m] += r->f[m] * bin[k];
        }
    }
}

static int forward(dp *p)
{
    int32_t n = p->c->nbox;
    fstate *root = new_record(p);
    double *one = take_high(p, sizeof *one);
    uint8_t *nokey = take_high(p, 8);
    if (!root || !one || !nokey)
        return 0;
    *one = 1.0;
    root->key = nokey;
    root->f = one;
    root->flen = 1;
    p->lay[0] = 0;
    p->lay[1] = 1;
    p->nopen = 0;
    for (int32_t d = 0; d < n; d++) {
        p->nopen1 = list_open(p, d + 1, p->open1);
        if (!link_layer(p, d))
            return 0;
        p->lay[d + 2] = p->nst;
        if (!size_forward(p, d + 1))
            return 0;
        push_forward(p, d);
        for (int32_t i = 0; i < p->ncon[d]; i++)
            p->cap[p->con[d * 8 + i]] -= p->size[d];
        memcpy(p->open, p->open1, (size_t)p->nopen1 * sizeof *p->open);
        p->nopen = p->nopen1;
    }
    return 1;
}

/* ---- the backward pass and the tables ---------------------------------- */

static int size_backward(dp *p, int32_t d)
{
    for (int32_t s = p->lay[d]; s < p->lay[d + 1]; s++) {
        fstate *r = &p->st[s];
        int32_t lo = INT32_MAX, hi = -1;
        for (int32_t i = 0; i < r->nk; i++) {
            const fstate *c = &p->st[r->kid[i]];
            if (c->blen == 0)
                continue;
            if (c->boff + r->klo + i < lo)
                lo = c->boff + r->klo + i;
            if (c->boff + c->blen - 1 + r->klo + i > hi)
                hi = c->boff + c->blen - 1 + r->klo + i;
        }
        if (hi < lo)
            continue; /* a dead end: no completion */
        r->boff = lo;
        r->blen = hi - lo + 1;
        r->b = take_high(p, (size_t)r->blen * sizeof *r->b);
        if (!r->b)
            return 0;
        memset(r->b, 0, (size_t)r->blen * sizeof *r->b);
    }
    return 1;
}

/* F conv B around box d, times k * C(size, k), into the rows of T, and
   the certainty flags; also B of the state. */
static void around_box(dp *p, ms_comp *c, int32_t d, const fstate *r,
                       int32_t k, const fstate *ch)
{
    double w = ms_binom[p->size[d]][k];
    uint8_t flag = (uint8_t)((k > 0) | ((k < p->size[d]) << 1));
    double *bdst = r->b + (ch->boff + k - r->boff);
    for (int32_t j = 0; j < ch->blen; j++)
        bdst[j] += ch->b[j] * w;
    for (int32_t i = 0; i < r->flen; i++) {
        if (r->f[i] == 0)
            continue;
        double fw = r->f[i] * w;
        int32_t row = r->foff + i + k + ch->boff - c->lo;
        for (int32_t j = 0; j < ch->blen; j++, row++) {
            if (ch->b[j] == 0)
                continue;
            double x = fw * ch->b[j];
            c->t[(size_t)row * (size_t)c->nbox + (size_t)d] += x * k;
            c->f[(size_t)row * (size_t)c->nbox + (size_t)d] |= flag;
        }
    }
}

static int backward(dp *p, ms_comp *c)
{
    int32_t n = c->nbox;
    for (int32_t s = p->lay[n]; s < p->lay[n + 1]; s++) {
        fstate *r = &p->st[s]; /* every constraint is closed: one state */
        r->b = take_high(p, sizeof *r->b);
        if (!r->b)
            return 0;
        r->b[0] = 1.0;
        r->boff = 0;
        r->blen = 1;
    }
    for (int32_t d = n - 1; d >= 0; d--) {
        if (!size_backward(p, d))
            return 0;
        for (int32_t s = p->lay[d]; s < p->lay[d + 1]; s++) {
            const fstate *r = &p->st[s];
            for (int32_t i = 0; i < r->nk; i++) {
                const fstate *ch = &p->st[r->kid[i]];
                p->nodes += 1 + (int64_t)r->flen * ch->blen / WORK_PER_NODE;
                if (p->nodes > p->max_nodes)
                    return 0;
                if (ch->blen > 0)
                    around_box(p, c, d, r, r->klo + i, ch);
            }
        }
    }
    return 1;
}

/* W from the root's B, and the smallest and largest total. */
static void totals(const dp *p, ms_comp *c)
{
    const fstate *root = &p->st[0];
    c->a = INT32_MAX;
    c->b = -1;
    for (int32_t j = 0; j < root->blen; j++) {
        int32_t m = root->boff + j;
        if (root->b[j] == 0)
            continue;
        c->w[m - c->lo] = root->b[j];
        if (m < c->a)
            c->a = m;
        if (m > c->b)
            c->b = m;
    }
}

int mines_solver_frontier(sapper_mines_solver *s, ms_comp *c,
                          int64_t max_nodes, int64_t *nodes)
{
    dp p;
    if (!setup(&p, s, c))
        return 0;
    p.max_nodes = max_nodes;
    int ok = forward(&p) && backward(&p, c);
    *nodes = p.nodes < max_nodes ? p.nodes : max_nodes;
    if (ok)
        totals(&p, c);
    return ok;
}
