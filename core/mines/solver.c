/*
 * solver.c - the solver context's lifetime (every buffer the analysis needs
 * is carved here from one block sized by the capacity, so analyze and
 * deduce never allocate) and the view -> position helper. No analysis
 * happens here.
 */
#include "solver_internal.h"

#include <stdlib.h>

#define MAX_CAPACITY 1000000
/* Table space: doubles per cell plus a floor (see sapper_mines_budget). */
#define TABLE_PER_CELL 32
#define TABLE_FLOOR    32768
/* Kept components (tables.c): key integers and table entries per cell
   plus a floor. */
#define TC_KEYS_PER_CELL 16
#define TC_VALS_PER_CELL 32
#define TC_FLOOR         8192
/* Frontier pool (frontier.c): bytes per cell plus a floor, at most a cap. */
#define FPOOL_PER_CELL 2048
#define FPOOL_FLOOR    (8u << 20)
#define FPOOL_MAX      ((size_t)128 << 20)

static int ceil_log2(size_t n)
{
    int l = 0;
    while (((size_t)1 << l) < n)
        l++;
    return l;
}

/* The combination keeps the components' tilted tables and factors (two
   levels' worth), the convolutions of each level of its tree, the floating
   weights and one outside message per level of recursion; a level holds at
   most (frontier cells + components) <= 2 * cells + 2 entries. */
static size_t pool_size(int32_t cells)
{
    size_t level = 2 * (size_t)cells + 2;
    return level * (size_t)(2 * ceil_log2(level) + 8);
}

/* Hands out count items of size bytes at *off in the block (16-byte
   aligned); with no block it only adds up the size. */
static void *take(char *block, size_t *off, size_t count, size_t size)
{
    void *p = block ? block + *off : NULL;
    *off += (count * size + 15) & ~(size_t)15;
    return p;
}

/* Every array of the solver, carved from one block (or, with block NULL,
   the block's size). */
static size_t layout(sapper_mines_solver *s, char *block, size_t n)
{
    size_t off = 0, n8 = 8 * n, n2 = n + 2;
    s->kind = take(block, &off, n, 1);
    s->seen = take(block, &off, n, 1);
    s->nbrs = take(block, &off, n, sizeof *s->nbrs);
    s->stale = take(block, &off, n, 1);
    s->carry_cells = take(block, &off, n, 1);
    s->carry_state = take(block, &off, n, 1);
    s->carry_list = take(block, &off, n, sizeof *s->carry_list);
    s->gone = take(block, &off, n, sizeof *s->gone);
    s->deviation = take(block, &off, n, sizeof *s->deviation);
    s->newly = take(block, &off, n, sizeof *s->newly);
    s->touched = take(block, &off, n, sizeof *s->touched);
    s->numbers = take(block, &off, (n + 63) / 64, sizeof *s->numbers);
    s->unknowns = take(block, &off, (n + 63) / 64, sizeof *s->unknowns);
    s->fronts = take(block, &off, (n + 63) / 64, sizeof *s->fronts);
    s->brokens = take(block, &off, (n + 63) / 64, sizeof *s->brokens);
    s->bad_needs = take(block, &off, (n + 63) / 64, sizeof *s->bad_needs);
    s->nnbr = take(block, &off, n, 1);
    s->nbr = take(block, &off, n8, sizeof *s->nbr);
    s->state = take(block, &off, n, 1);
    s->ncell_con = take(block, &off, n, 1);
    s->cell_con = take(block, &off, n8, sizeof *s->cell_con);
    s->con = take(block, &off, n, sizeof *s->con);
    s->queue = take(block, &off, n, sizeof *s->queue);
    s->dirty = take(block, &off, n, sizeof *s->dirty);
    s->cell_mark = take(block, &off, n, sizeof *s->cell_mark);
    s->con_mark = take(block, &off, n, sizeof *s->con_mark);
    s->box = take(block, &off, n, sizeof *s->box);
    s->box_of = take(block, &off, n, sizeof *s->box_of);
    s->boxed_cells = take(block, &off, n, sizeof *s->boxed_cells);
    s->order = take(block, &off, n, sizeof *s->order);
    s->corder = take(block, &off, n, sizeof *s->corder);
    s->comp = take(block, &off, n, sizeof *s->comp);
    s->rank = take(block, &off, n, sizeof *s->rank);
    s->exact = take(block, &off, n, sizeof *s->exact);
    s->node = take(block, &off, 2 * n, sizeof *s->node);
    s->e_size = take(block, &off, n2, sizeof *s->e_size);
    s->e_ncon = take(block, &off, n2, sizeof *s->e_ncon);
    s->e_con = take(block, &off, n8, sizeof *s->e_con);
    s->e_k = take(block, &off, n2, sizeof *s->e_k);
    s->e_hi = take(block, &off, n2, sizeof *s->e_hi);
    s->e_m = take(block, &off, n2, sizeof *s->e_m);
    s->e_rem = take(block, &off, n2, sizeof *s->e_rem);
    s->e_cap = take(block, &off, n2, sizeof *s->e_cap);
    s->e_w = take(block, &off, n2, sizeof *s->e_w);
    s->e_nz = take(block, &off, n2, sizeof *s->e_nz);
    s->e_nzn = take(block, &off, n2, sizeof *s->e_nzn);
    s->prob = take(block, &off, n, sizeof *s->prob);
    s->safe_list = take(block, &off, n, sizeof *s->safe_list);
    s->mine_list = take(block, &off, n, sizeof *s->mine_list);
    s->table_cap = TABLE_PER_CELL * n + TABLE_FLOOR;
    s->table = take(block, &off, s->table_cap, sizeof *s->table);
    s->flags = take(block, &off, s->table_cap, 1);
    s->pool_cap = pool_size((int32_t)n);
    s->pool = take(block, &off, s->pool_cap, sizeof *s->pool);
    s->tc_slot = take(block, &off, MS_TC_SLOTS, sizeof *s->tc_slot);
    s->tc_entry = take(block, &off, MS_TC_SLOTS / 2, sizeof *s->tc_entry);
    s->tc_key = take(block, &off, 11 * n + 8, sizeof *s->tc_key);
    s->tc_keys_cap = TC_KEYS_PER_CELL * n + TC_FLOOR;
    s->tc_keys = take(block, &off, s->tc_keys_cap, sizeof *s->tc_keys);
    s->tc_vals_cap = TC_VALS_PER_CELL * n + TC_FLOOR;
    s->tc_vals = take(block, &off, s->tc_vals_cap, sizeof *s->tc_vals);
    s->tc_flags = take(block, &off, s->tc_vals_cap, 1);
    return off;
}

sapper_mines_solver *sapper_mines_solver_new(int32_t max_width,
                                             int32_t max_height)
{
    if (max_width < 1 || max_height < 1 ||
        (int64_t)max_width * max_height > MAX_CAPACITY)
        return NULL;
    sapper_mines_solver *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->capacity = max_width * max_height;
    /* calloc: large blocks come as untouched zero pages, so table and pool
       space costs memory only when a position uses it */
    s->block = calloc(1, layout(s, NULL, (size_t)s->capacity));
    if (!s->block) {
        free(s);
        return NULL;
    }
    layout(s, s->block, (size_t)s->capacity);
    for (int32_t i = 0; i < s->capacity; i++)
        s->box_of[i] = -1;   /* no cell in a box (components.c) */
    /* the frontier pool is allocated by the first component that needs
       it (enumerate.c): under an address-space limit (a sandboxed bot) a
       reservation here would count in full for every solver */
    s->fpool_cap = FPOOL_FLOOR + FPOOL_PER_CELL * (size_t)s->capacity;
    if (s->fpool_cap > FPOOL_MAX)
        s->fpool_cap = FPOOL_MAX;
    s->search_first = MS_SEARCH_FIRST;
    s->dev_gen = 1;   /* the constraints' stamps start at 0 */
    return s;
}

void sapper_mines_solver_free(sapper_mines_solver *s)
{
    if (!s)
        return;
    free(s->fpool);
    free(s->block);
    free(s);
}

sapper_status sapper_mines_position_from_view(const void *view,
                                              size_t view_size,
                                              sapper_mines_position *pos)
{
    const uint8_t *cells = sapper_mines_view_cells(view, view_size);
    if (!cells || !pos)
        return SAPPER_ERR_PARAM;
    const sapper_mines_view *v = view;
    pos->width = v->width;
    pos->height = v->height;
    pos->mines = v->mines;
    pos->reserved = 0;
    pos->cells = cells;
    return SAPPER_OK;
}
