/*
 * tables.c - counted components kept for the next analyses.
 *
 * A bot's look-ahead analyses positions that differ from each other by a
 * cell or two, and its next answer's position differs from the last in
 * one region: most components are the very same problem again (the same
 * boxes, each seeing the same constraints, the same needs). A component's
 * tables (enumerate.c, frontier.c) depend on nothing else, so a component
 * met before gets the tables it got then, bit for bit, and the node count
 * it cost then, so budgets run out exactly where they would have. Only
 * components counted within their budget are kept, and one is reused
 * only when the budget it is offered covers what it cost (the counting
 * would then have finished the same way).
 *
 * The space is the solver's, fixed at its creation; when it is full it is
 * emptied and refilled. It does not count anything itself.
 */
#include "solver_internal.h"

#include <string.h>

#define SLOT_EMPTY 0

/* The component's problem as one array of integers: box count, constraint
   count, each box's size and constraints (local ids), each constraint's
   need and undecided cells, and the depth-first budget (tests force one
   counting method with it). Returns its length. */
static int32_t make_key(const sapper_mines_solver *s, const ms_comp *c,
                        int32_t *key)
{
    int32_t n = 0;
    key[n++] = c->nbox;
    key[n++] = c->ncon;
    key[n++] = (int32_t)(s->search_first > INT32_MAX ? INT32_MAX
                                                     : s->search_first);
    for (int32_t i = 0; i < c->nbox; i++) {
        const ms_box *b = &s->box[s->order[c->box0 + i]];
        key[n++] = b->size * 16 + b->ncon;
        for (int32_t j = 0; j < b->ncon; j++)
            key[n++] = b->lcon[j];
    }
    for (int32_t j = 0; j < c->ncon; j++) {
        const ms_con *k = &s->con[s->corder[c->con0 + j]];
        key[n++] = k->need;
        key[n++] = k->left;
    }
    return n;
}

static uint64_t hash_key(const int32_t *key, int32_t n)
{
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int32_t i = 0; i < n; i++) {
        h = (h ^ (uint32_t)key[i]) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 29;
    }
    return h | 1;   /* never SLOT_EMPTY */
}

static void empty(sapper_mines_solver *s)
{
    memset(s->tc_slot, 0, (size_t)MS_TC_SLOTS * sizeof *s->tc_slot);
    s->tc_count = 0;
    s->tc_keys_used = s->tc_vals_used = 0;
}

/* The entry whose key is key (n integers, hash h), or NULL; *slot gets
   where it is or would go. */
static ms_tc_entry *find(sapper_mines_solver *s, const int32_t *key,
                         int32_t n, uint64_t h, uint32_t *slot)
{
    uint32_t mask = MS_TC_SLOTS - 1, at = (uint32_t)h & mask;
    for (;; at = (at + 1) & mask) {
        uint32_t e = s->tc_slot[at];
        if (e == SLOT_EMPTY) {
            *slot = at;
            return NULL;
        }
        ms_tc_entry *x = &s->tc_entry[e - 1];
        if (x->hash == h && x->keylen == n &&
            memcmp(s->tc_keys + x->key, key, (size_t)n * sizeof *key) == 0) {
            *slot = at;
            return x;
        }
    }
}

int mines_tables_find(sapper_mines_solver *s, ms_comp *c, int64_t max_nodes,
                      int64_t *nodes)
{
    uint32_t slot;
    int32_t n = make_key(s, c, s->tc_key);
    uint64_t h = hash_key(s->tc_key, n);
    const ms_tc_entry *x = find(s, s->tc_key, n, h, &slot);
    s->tc_hash = h;
    s->tc_keylen = n;
    if (!x || x->used > max_nodes)
        return 0;
    size_t len = (size_t)x->len, rows = len * (size_t)c->nbox;
    if (!mines_table_take(s, c, x->lo, len))
        return 0;   /* counting again fails the same way */
    memcpy(c->w, s->tc_vals + x->vals, (len + rows) * sizeof *c->w);
    memcpy(c->f, s->tc_flags + x->vals + len, rows);
    c->a = x->a;
    c->b = x->b;
    c->exact = 1;
    *nodes = x->used;
    return 1;
}

void mines_tables_keep(sapper_mines_solver *s, const ms_comp *c,
                       int64_t nodes)
{
    size_t len = (size_t)c->len, rows = len * (size_t)c->nbox;
    int32_t n = s->tc_keylen;
    if ((size_t)n > s->tc_keys_cap || len + rows > s->tc_vals_cap)
        return;   /* larger than the whole space */
    if (s->tc_count + 1 > MS_TC_SLOTS / 2 ||
        s->tc_keys_used + (size_t)n > s->tc_keys_cap ||
        s->tc_vals_used + len + rows > s->tc_vals_cap)
        empty(s);
    uint32_t slot;
    if (find(s, s->tc_key, n, s->tc_hash, &slot))
        return;
    ms_tc_entry *x = &s->tc_entry[s->tc_count++];
    x->hash = s->tc_hash;
    x->keylen = n;
    x->key = s->tc_keys_used;
    x->vals = s->tc_vals_used;
    x->lo = c->lo;
    x->len = c->len;
    x->a = c->a;
    x->b = c->b;
    x->used = nodes;
    memcpy(s->tc_keys + x->key, s->tc_key, (size_t)n * sizeof *s->tc_key);
    memcpy(s->tc_vals + x->vals, c->w, (len + rows) * sizeof *c->w);
    memcpy(s->tc_flags + x->vals + len, c->f, rows);
    s->tc_keys_used += (size_t)n;
    s->tc_vals_used += len + rows;
    s->tc_slot[slot] = (uint32_t)s->tc_count;
}
