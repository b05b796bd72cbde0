/*
 * endgame_layouts.c - the endgame's layouts: reads the position (live
 * cells, the numbers over them) and lists every placement of the remaining
 * mines on the live cells that agrees with every number, by backtracking
 * with a running need and room per number and the global count. Each
 * layout becomes a column bit in the live cells' mine sets, and the value
 * every live cell shows in it is tabulated. It does not search:
 * endgame_search.c does.
 */
#include "endgame.h"

/* ---- reading the position ------------------------------------------ */

static int known_mine(uint8_t code)
{
    return code == SAPPER_CELL_MINE || code >= SAPPER_CELL_CLAIMED;
}

/* Live cells, the mines around each outside them, and the mines left for
   them. 0 when the position has an unknown cell that is certainly safe. */
static int read_live(prober_endgame *e, const prober *b, const uint8_t *cells)
{
    int32_t known = 0;
    e->nl = 0;
    for (int32_t c = 0; c < b->n; c++) {
        e->live_of[c] = -1;
        if (!sapper_cell_is_unknown(cells[c])) {
            known += known_mine(cells[c]);
            continue;
        }
        if (b->prob[c] == 0.0)
            return 0;
        if (b->prob[c] == 1.0) {
            known++;
            continue;
        }
        e->live_of[c] = e->nl;
        e->live[e->nl++] = c;
    }
    e->remaining = b->mines - known;
    for (int32_t i = 0; i < e->nl; i++) {
        int32_t c = e->live[i], m = 0;
        for (int32_t j = 0; j < b->nnbr[c]; j++) {
            int32_t x = b->nbr[8 * c + j];
            m += known_mine(cells[x]) ||
                 (sapper_cell_is_unknown(cells[x]) && b->prob[x] == 1.0);
        }
        e->base[i] = m;
    }
    return e->remaining >= 0 && e->remaining <= e->nl;
}

/* One constraint per number with live neighbours; need and room are the
   mines still to place and the live cells still unassigned around it. */
static void read_numbers(prober_endgame *e, const prober *b,
                         const uint8_t *cells)
{
    /* only numbers next to a live cell have room: marked first (b->mark
       is free once the 50/50 check is done), the others skipped */
    memset(b->mark, 0, (size_t)b->n);
    for (int32_t i = 0; i < e->nl; i++)
        for (int32_t j = 0; j < b->nnbr[e->live[i]]; j++)
            b->mark[b->nbr[8 * e->live[i] + j]] = 1;
    e->ncon = 0;
    memset(e->ncon_of, 0, (size_t)e->nl);
    for (int32_t c = 0; c < b->n; c++) {
        if (!b->mark[c] || cells[c] > 8)
            continue;
        int32_t need = cells[c], room = 0, id = e->ncon;
        for (int32_t j = 0; j < b->nnbr[c]; j++) {
            int32_t x = b->nbr[8 * c + j], i = e->live_of[x];
            need -= known_mine(cells[x]) ||
                    (sapper_cell_is_unknown(cells[x]) && b->prob[x] == 1.0);
            if (i >= 0) {
                room++;
                e->con_of[8 * i + e->ncon_of[i]++] = id;
            }
        }
        if (room == 0)
            continue;
        e->con_need[id] = need;
        e->con_room[id] = room;
        e->ncon++;
    }
}

/* Enumeration order: constrained cells first, each next to the previous
   ones where possible (breadth first over shared numbers), so numbers
   close early and prune; unconstrained cells last. */
static void order_cells(prober_endgame *e, const prober *b)
{
    int32_t n = 0, head = 0;
    uint8_t *seen = e->mine;   /* borrowed as a mark until enumeration */
    memset(seen, 0, (size_t)e->nl);
    for (int32_t s = 0; s < e->nl; s++) {
        if (seen[s] || e->ncon_of[s] == 0)
            continue;
        seen[s] = 1;
        e->order[n++] = s;
        while (head < n) {
            int32_t c = e->live[e->order[head++]];
            for (int32_t dy = -2; dy <= 2; dy++)
                for (int32_t dx = -2; dx <= 2; dx++) {
                    int32_t x = c % b->w + dx, y = c / b->w + dy;
                    if (x < 0 || y < 0 || x >= b->w || y >= b->h)
                        continue;
                    int32_t i = e->live_of[y * b->w + x];
                    if (i >= 0 && !seen[i] && e->ncon_of[i] > 0) {
                        seen[i] = 1;
                        e->order[n++] = i;
                    }
                }
        }
    }
    for (int32_t s = 0; s < e->nl; s++)
        if (!seen[s])
            e->order[n++] = s;
}

/* ---- enumeration ---------------------------------------------------- */

static void record_layout(prober_endgame *e, const prober *b)
{
    int32_t L = e->nlayouts++;
    uint8_t *val = e->val + (size_t)L * (size_t)e->stride;
    uint8_t *mrow = e->mrow + (size_t)L * (size_t)e->stride;
    memcpy(mrow, e->mine, (size_t)e->nl);
    memset(mrow + e->nl, 0, (size_t)(e->stride - e->nl));
    memset(val + e->nl, 0, (size_t)(e->stride - e->nl));
    for (int32_t i = 0; i < e->nl; i++) {
        if (e->mine[i])
            e->col[(size_t)i * (size_t)e->words + (size_t)(L / 64)] |= UINT64_C(1) << (L % 64);
        int32_t c = e->live[i], v = e->base[i];
        for (int32_t j = 0; j < b->nnbr[c]; j++) {
            int32_t k = e->live_of[b->nbr[8 * c + j]];
            v += k >= 0 && e->mine[k];
        }
        val[i] = (uint8_t)v;
    }
}

/* Assigns cell i (a live index) as a mine or not; 0 when a number breaks. */
static int assign(prober_endgame *e, int32_t i, int mine)
{
    int ok = 1;
    e->mine[i] = (uint8_t)mine;
    for (int32_t k = 0; k < e->ncon_of[i]; k++) {
        int32_t id = e->con_of[8 * i + k];
        e->con_room[id]--;
        e->con_need[id] -= mine;
        ok &= e->con_need[id] >= 0 && e->con_need[id] <= e->con_room[id];
    }
    return ok;
}

static void unassign(prober_endgame *e, int32_t i)
{
    for (int32_t k = 0; k < e->ncon_of[i]; k++) {
        int32_t id = e->con_of[8 * i + k];
        e->con_room[id]++;
        e->con_need[id] += e->mine[i];
    }
}

/* Depth-first over e->order from position at; 0 when stopped (too many
   layouts or nodes). */
static int enumerate(prober_endgame *e, const prober *b, int32_t at,
                     int32_t left)
{
    if (++e->nodes > e->budget)
        return 0;
    if (at == e->nl) {
        if (left != 0)
            return 1;
        if (e->nlayouts >= e->max_layouts)
            return 0;
        record_layout(e, b);
        return 1;
    }
    int32_t i = e->order[at];
    for (int mine = 0; mine <= 1; mine++) {
        int32_t rest = left - mine;
        if (rest < 0 || rest > e->nl - at - 1)
            continue;
        int ok = assign(e, i, mine);
        int go = !ok || enumerate(e, b, at + 1, rest);
        unassign(e, i);
        if (!go)
            return 0;
    }
    return 1;
}

static int list_layouts(prober_endgame *e, const prober *b)
{
    e->nlayouts = 0;
    e->stride = (e->nl + 7) & ~7;
    e->words = (e->max_layouts + 63) / 64;
    memset(e->col, 0, (size_t)e->nl * (size_t)e->words * sizeof *e->col);
    if (!enumerate(e, b, 0, e->remaining) || e->nlayouts == 0)
        return 0;
    e->words = (e->nlayouts + 63) / 64;
    /* compact the columns to the words actually used */
    int32_t full = (e->max_layouts + 63) / 64;
    for (int32_t i = 1; i < e->nl; i++)
        memmove(e->col + (size_t)i * (size_t)e->words, e->col + (size_t)i * (size_t)full,
                (size_t)e->words * sizeof *e->col);
    return 1;
}

/* ---- sets of layouts ------------------------------------------------ */

int prober_endgame_layouts(prober_endgame *e, const prober *b,
                           const uint8_t *cells)
{
    if (!read_live(e, b, cells) || e->nl == 0)
        return 0;
    read_numbers(e, b, cells);
    order_cells(e, b);
    e->nodes = 0;
    e->budget = b->par.endgame_nodes;
    return list_layouts(e, b);
}
