/*
 * endgame.c - the exhaustive endgame: once few layouts remain, list them
 * all and search the whole game tree for the probe that maximises the
 * chance to win (Tu et al.'s "PSEQ-D256", JSMinesweeper's brute force;
 * reference/solvers.md, section 2.6).
 *
 * The layouts: every placement of the remaining mines on the "live" cells
 * (unknown, neither certainly safe nor certainly a mine) that agrees with
 * every number, found by backtracking with a running need and room per
 * number and the global count. All layouts are equally likely. Each is a
 * column bit in the live cells' mine sets; the value every live cell shows
 * in each layout is tabulated.
 *
 * The search. A state is the set S of layouts still possible. Every cell
 * that is safe in all of S is revealed for free, and if it can show more
 * than one value it splits S (this is also the flood of a 0). Then
 *   win(S) = 1 when |S| = 1 (every safe cell is known), else
 *   win(S) = max over live probes c of  sum over values v of
 *            |S_{c,v}| / |S| * win(S_{c,v}),
 * S_{c,v} the layouts where c is safe and shows v. Probes are tried safest
 * first, and a probe stops as soon as its safety, or what it has gathered
 * plus the mass still to come, cannot beat the best so far. win(S) depends
 * on S alone, so it is cached by a 128-bit hash of S (a cache, not a
 * table: a full bucket is overwritten).
 *
 * Budget: enumeration and search together may visit `endgame_nodes`
 * nodes; past that the search is abandoned and guess.c's heuristics play.
 * It does not handle positions with unrevealable safe cells (player flags
 * on safe cells): it declines them.
 */
#include "internal.h"

#include <math.h>

#define MEMO_BITS 16              /* cache buckets: 2^16                   */
#define MEMO_WAYS 4               /* probed buckets per lookup             */
#define MAX_LEVELS 256            /* search depth the set stack holds;
                                     deeper searches are abandoned        */

typedef struct memo_entry {
    uint64_t key, check;
    double win;
} memo_entry;

struct prober_endgame {
    int32_t cells, max_layouts;
    /* live cells of the position being searched */
    int32_t nl;
    int32_t *live;                /* nl cell indices                       */
    int32_t *live_of;             /* cells: index in live, or -1           */
    int32_t *base;                /* nl: mines around it outside live      */
    /* numbers as constraints over live cells */
    int32_t ncon;
    int32_t *con_need, *con_room; /* running during the enumeration        */
    int32_t *con_of;              /* nl * 8: constraints of a live cell     */
    uint8_t *ncon_of;             /* nl                                    */
    int32_t *order;               /* nl: enumeration order (live indices)  */
    uint8_t *mine;                /* nl: current assignment                */
    /* the layouts */
    int32_t nlayouts, words;      /* words per layout set                  */
    uint64_t *col;                /* nl * words: layouts where it is a mine */
    int32_t stride;               /* nl rounded up to 8: a layout's row    */
    uint8_t *val;                 /* max_layouts * stride: the value each
                                     live cell shows in each layout         */
    uint8_t *mrow;                /* max_layouts * stride: each layout's
                                     mines, the live cells side by side    */
    uint64_t *acc;                /* 2 * stride / 8: free_reveal's scratch  */
    /* the search */
    uint64_t *stack;              /* set space, bump-allocated per level   */
    size_t stack_cap, stack_used;
    memo_entry *memo;             /* 2^MEMO_BITS                           */
    uint64_t gen;                 /* stamps memo entries of this search    */
    int64_t nodes, budget;
    int32_t remaining;            /* mines to place on live cells          */
};

/* ---- lifetime ------------------------------------------------------- */

prober_endgame *prober_endgame_new(int32_t cells, int32_t max_layouts)
{
    prober_endgame *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    size_t n = (size_t)cells, L = (size_t)max_layouts;
    size_t words = (L + 63) / 64;
    e->cells = cells;
    e->max_layouts = max_layouts;
    e->live = malloc(n * sizeof *e->live);
    e->live_of = malloc(n * sizeof *e->live_of);
    e->base = malloc(n * sizeof *e->base);
    e->con_need = malloc(n * sizeof *e->con_need);
    e->con_room = malloc(n * sizeof *e->con_room);
    e->con_of = malloc(8 * n * sizeof *e->con_of);
    e->ncon_of = malloc(n);
    e->order = malloc(n * sizeof *e->order);
    e->mine = malloc(n);
    e->col = malloc(n * words * sizeof *e->col);
    e->val = malloc(L * (n + 8));
    e->mrow = malloc(L * (n + 8));
    e->acc = malloc(2 * (n + 8));
    e->stack_cap = MAX_LEVELS * (10 * words + n + 2);
    e->stack = malloc(e->stack_cap * sizeof *e->stack);
    e->memo = calloc((size_t)1 << MEMO_BITS, sizeof *e->memo);
    if (!e->live || !e->live_of || !e->base || !e->con_need || !e->con_room ||
        !e->con_of || !e->ncon_of || !e->order || !e->mine || !e->col ||
        !e->val || !e->mrow || !e->acc || !e->stack || !e->memo) {
        prober_endgame_free(e);
        return NULL;
    }
    return e;
}

void prober_endgame_free(prober_endgame *e)
{
    if (!e)
        return;
    free(e->live);
    free(e->live_of);
    free(e->base);
    free(e->con_need);
    free(e->con_room);
    free(e->con_of);
    free(e->ncon_of);
    free(e->order);
    free(e->mine);
    free(e->col);
    free(e->val);
    free(e->mrow);
    free(e->acc);
    free(e->stack);
    free(e->memo);
    free(e);
}

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

static uint64_t *set_new(prober_endgame *e)
{
    uint64_t *s = e->stack + e->stack_used;
    e->stack_used += (size_t)e->words;
    memset(s, 0, (size_t)e->words * sizeof *s);
    return s;
}

/* On x86-64 the bit counts use the POPCNT instruction where the CPU has
   it (chosen once at load time), else the compiler's routine: a tenth of
   an Expert game's instructions went to the routine. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define FAST_POPCOUNT __attribute__((target_clones("popcnt", "default")))
#else
#define FAST_POPCOUNT
#endif

FAST_POPCOUNT
static int32_t popcount_and(const uint64_t *a, const uint64_t *c, int32_t w)
{
    int32_t n = 0;
    for (int32_t k = 0; k < w; k++)
        n += __builtin_popcountll(a[k] & c[k]);
    return n;
}

FAST_POPCOUNT
static int32_t popcount(const uint64_t *a, int32_t w)
{
    int32_t n = 0;
    for (int32_t k = 0; k < w; k++)
        n += __builtin_popcountll(a[k]);
    return n;
}

/* Splits the layouts of s where live cell i is safe by the value it
   shows, into part[0..8] (each allocated); returns a bit mask of the
   values present. */
static uint32_t split(prober_endgame *e, const uint64_t *s, int32_t i,
                      uint64_t *part[9])
{
    uint32_t present = 0;
    const uint64_t *mines = e->col + (size_t)i * (size_t)e->words;
    for (int v = 0; v < 9; v++)
        part[v] = NULL;
    for (int32_t k = 0; k < e->words; k++) {
        uint64_t bits = s[k] & ~mines[k];
        while (bits) {
            int32_t L = k * 64 + __builtin_ctzll(bits);
            int v = e->val[(size_t)L * (size_t)e->stride + (size_t)i];
            bits &= bits - 1;
            if (!part[v])
                part[v] = set_new(e);
            part[v][k] |= UINT64_C(1) << (L % 64);
            present |= 1u << v;
        }
    }
    return present;
}

/* Does live cell i (safe in all of s) show more than one value over s? */
static int varies(const prober_endgame *e, const uint64_t *s, int32_t i)
{
    int first = -1;
    for (int32_t k = 0; k < e->words; k++) {
        uint64_t bits = s[k];
        while (bits) {
            int32_t L = k * 64 + __builtin_ctzll(bits);
            int v = e->val[(size_t)L * (size_t)e->stride + (size_t)i];
            bits &= bits - 1;
            if (first < 0)
                first = v;
            else if (v != first)
                return 1;
        }
    }
    return 0;
}

/* ---- the cache ------------------------------------------------------- */

static void hash_set(const prober_endgame *e, const uint64_t *s,
                     uint64_t *key, uint64_t *check)
{
    uint64_t h1 = 0x243F6A8885A308D3ull, h2 = 0x13198A2E03707344ull;
    for (int32_t k = 0; k < e->words; k++) {
        h1 = (h1 ^ s[k]) * 0x9E3779B97F4A7C15ull;
        h1 ^= h1 >> 29;
        h2 = (h2 + s[k]) * 0xBF58476D1CE4E5B9ull;
        h2 ^= h2 >> 31;
    }
    *key = h1 ^ (h2 >> 7);
    *check = h2 ^ e->gen;
}

static memo_entry *memo_find(prober_endgame *e, uint64_t key, uint64_t check,
                             int *hit)
{
    size_t mask = ((size_t)1 << MEMO_BITS) - 1, at = (size_t)key & mask;
    for (int k = 0; k < MEMO_WAYS; k++) {
        memo_entry *m = &e->memo[(at + (size_t)k) & mask];
        if (m->key == key && m->check == check) {
            *hit = 1;
            return m;
        }
    }
    *hit = 0;
    return &e->memo[(at + (key >> 60) % MEMO_WAYS) & mask];
}

/* ---- the search ----------------------------------------------------- */

static double win(prober_endgame *e, const uint64_t *s, int32_t size,
                  int32_t *best);

/* Sum over the parts of |part| / size * win(part). */
static double expect_parts(prober_endgame *e, uint64_t *part[9],
                           int32_t size)
{
    double sum = 0;
    for (int v = 0; v < 9; v++)
        if (part[v]) {
            int32_t m = popcount(part[v], e->words);
            sum += (double)m / size * win(e, part[v], m, NULL);
        }
    return sum;
}

/* The same by the layouts' rows, for a small s: the cells that are a mine
   in some layout of s and the cells whose value differs from the first
   layout's in some layout of s, eight cells to a word; the first cell in
   the second set and not in the first. A cell at a time, the search spent
   a sixth of an Expert game reading every layout of s for every live
   cell that stays safe and shows one value. */
#define ROWS_AT_MOST 64   /* layouts in s for the rows (a guess at the
                             break-even: the columns stop at the first
                             difference, the rows read every layout) */
#define HIGH_BITS UINT64_C(0x8080808080808080)
#define LOW7_BITS UINT64_C(0x7f7f7f7f7f7f7f7f)

static uint64_t load8(const uint8_t *p)
{
    uint64_t x;
    memcpy(&x, p, 8);
    return x;
}

/* The high bit of every nonzero byte of x. */
static uint64_t nonzero_bytes(uint64_t x)
{
    return (((x & LOW7_BITS) + LOW7_BITS) | x) & HIGH_BITS;
}

static int32_t free_reveal_rows(const prober_endgame *e, const uint64_t *s)
{
    int32_t words = e->stride / 8, first = -1;
    uint64_t *mined = e->acc, *differs = e->acc + words;
    memset(e->acc, 0, 2 * (size_t)words * sizeof *e->acc);
    for (int32_t k = 0; k < e->words; k++)
        for (uint64_t bits = s[k]; bits; bits &= bits - 1) {
            int32_t L = k * 64 + __builtin_ctzll(bits);
            if (first < 0)
                first = L;
            const uint8_t *m = e->mrow + (size_t)L * (size_t)e->stride;
            const uint8_t *v = e->val + (size_t)L * (size_t)e->stride;
            const uint8_t *v0 = e->val + (size_t)first * (size_t)e->stride;
            for (int32_t w = 0; w < words; w++) {
                mined[w] |= load8(m + 8 * w);
                differs[w] |= load8(v + 8 * w) ^ load8(v0 + 8 * w);
            }
        }
    for (int32_t w = 0; w < words; w++) {
        uint64_t hit = nonzero_bytes(differs[w]) & ~nonzero_bytes(mined[w]);
        if (hit)
            return 8 * w + __builtin_ctzll(hit) / 8;
    }
    return -1;
}

/* A live cell safe in all of s (size layouts) whose value varies, or -1. */
static int32_t free_reveal(const prober_endgame *e, const uint64_t *s,
                           int32_t size)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (size <= ROWS_AT_MOST)
        return free_reveal_rows(e, s);
#else
    (void)size;
#endif
    for (int32_t i = 0; i < e->nl; i++)
        if (popcount_and(e->col + (size_t)i * (size_t)e->words, s, e->words) == 0 &&
            varies(e, s, i))
            return i;
    return -1;
}

/* The probes of s (mine in some, not all layouts), safest first, into
   order; returns how many. mines[] gets each one's mine count. */
static int32_t probes(prober_endgame *e, const uint64_t *s, int32_t size,
                      int32_t *order, int32_t *mines)
{
    int32_t n = 0;
    for (int32_t i = 0; i < e->nl; i++) {
        int32_t m = popcount_and(e->col + (size_t)i * (size_t)e->words, s, e->words);
        if (m == 0 || m == size)
            continue;
        int32_t j = n++;
        while (j > 0 && mines[j - 1] > m) {
            order[j] = order[j - 1];
            mines[j] = mines[j - 1];
            j--;
        }
        order[j] = i;
        mines[j] = m;
    }
    return n;
}

/* The chance to win by probing live cell i first, or less than `floor`
   when it cannot beat floor. */
static double probe_value(prober_endgame *e, const uint64_t *s, int32_t size,
                          int32_t i, int32_t mines, double floor)
{
    uint64_t *part[9];
    size_t mark = e->stack_used;
    split(e, s, i, part);
    double got = 0, rest = (double)(size - mines) / size;
    for (int v = 0; v < 9 && got + rest > floor; v++) {
        if (!part[v])
            continue;
        int32_t m = popcount(part[v], e->words);
        got += (double)m / size * win(e, part[v], m, NULL);
        rest -= (double)m / size;
    }
    e->stack_used = mark;
    return got;
}

static double best_probe(prober_endgame *e, const uint64_t *s, int32_t size,
                         int32_t *best)
{
    /* two lists of up to nl entries, carved from the set stack */
    size_t mark = e->stack_used;
    int32_t *order = (int32_t *)(e->stack + e->stack_used);
    int32_t *mines = order + e->nl;
    e->stack_used += (size_t)e->nl;   /* 2 * nl int32_t */
    int32_t n = probes(e, s, size, order, mines);
    double top = 0;
    for (int32_t k = 0; k < n && e->nodes <= e->budget; k++) {
        double safety = (double)(size - mines[k]) / size;
        if (safety <= top + 1e-12)
            break;
        double v = probe_value(e, s, size, order[k], mines[k], top);
        if (v > top + 1e-12) {
            top = v;
            if (best)
                *best = e->live[order[k]];
        }
    }
    e->stack_used = mark;
    return top;
}

static double win(prober_endgame *e, const uint64_t *s, int32_t size,
                  int32_t *best)
{
    if (size <= 1)
        return 1.0;
    if (e->stack_used + (size_t)(10 * e->words + e->nl + 2) > e->stack_cap)
        e->nodes = e->budget;   /* too deep: abandon the whole search */
    if (++e->nodes > e->budget)
        return 0.0;
    /* the cache line is fetched while the free reveal is looked for */
    uint64_t key, check;
    hash_set(e, s, &key, &check);
    __builtin_prefetch(&e->memo[key & (((size_t)1 << MEMO_BITS) - 1)]);
    int32_t i = free_reveal(e, s, size);
    if (i >= 0) {
        uint64_t *part[9];
        size_t mark = e->stack_used;
        split(e, s, i, part);
        double w = expect_parts(e, part, size);
        e->stack_used = mark;
        return w;
    }
    int hit;
    memo_entry *m = memo_find(e, key, check, &hit);
    if (hit && !best)
        return m->win;
    double w = best_probe(e, s, size, best);
    if (e->nodes <= e->budget) {
        m->key = key;
        m->check = check;
        m->win = w;
    }
    return w;
}

int32_t prober_endgame_move(prober *b, const prober_turn *t, double *win_out)
{
    prober_endgame *e = b->endgame;
    const uint8_t *cells = t->pos.cells;
    if (!e || !read_live(e, b, cells) || e->nl == 0)
        return -1;
    read_numbers(e, b, cells);
    order_cells(e, b);
    e->nodes = 0;
    e->budget = b->par.endgame_nodes;
    if (!list_layouts(e, b))
        return -1;
    e->gen++;
    e->stack_used = 0;
    uint64_t *all = set_new(e);
    for (int32_t L = 0; L < e->nlayouts; L++)
        all[L / 64] |= UINT64_C(1) << (L % 64);
    int32_t best = -1;
    double w = win(e, all, e->nlayouts, &best);
    if (e->nodes > e->budget || best < 0 || !prober_can_reveal(t, best))
        return -1;
    *win_out = w;
    return best;
}
