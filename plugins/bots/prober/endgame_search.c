/*
 * endgame_search.c - the endgame's search over the layouts that
 * endgame_layouts.c listed: sets of layouts as bit sets on a stack, the
 * cache of win(S), and win(S) itself (the recursion endgame.c describes).
 * It does not read the position or list the layouts.
 */
#include "endgame.h"

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
/* ROWS_AT_MOST: layouts in s for the rows (a guess at the break-even:
   the columns stop at the first difference, the rows read every layout).
   The comment stands above the define, not beside it: pmccabe cannot
   parse a comment that runs on past a define's line. */
#define ROWS_AT_MOST 64
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

/* ---- the calls endgame.c makes -------------------------------------- */

uint64_t *prober_endgame_set_new(prober_endgame *e)
{
    return set_new(e);
}

double prober_endgame_win(prober_endgame *e, const uint64_t *s, int32_t size,
                          int32_t *best)
{
    return win(e, s, size, best);
}
