/*
 * seen.c - the position a solver read last, kept up to date cell by cell.
 *
 * A bot asks its solver about one position after another that differ in a
 * few cells: the next answer's position has the cells just revealed, a
 * look-ahead's what-if position has one cell more than its base. Reading
 * each from scratch looked at every neighbour of every revealed number,
 * most of them deep inside the opened area, with no unknown neighbour
 * left. Here each cell's counts of revealed, unknown and known-mine
 * neighbours are kept, and a changed cell updates only itself and its
 * eight neighbours, and so does what the rule stage reads: each number's
 * constraint (its unknown neighbours and the mines they still hold) and
 * each unknown cell's list of constraints. A constraint's id is its
 * number's cell, so the constraints keep their ascending order without
 * renumbering; the reader (constraints.c) takes the numbers that still
 * have an unknown neighbour from a bit set, in that order, so the rule
 * stage and every answer are the same as a fresh solver's, bit for bit.
 *
 * It reads no constraint and decides nothing; a solver without a
 * remembered position (new, or a board of another shape) starts from an
 * all-hidden board of that shape.
 */
#include "solver_internal.h"

#include <string.h>

/* What a cell code is: SAPPER_MINES_KIND_REVEALED, _MINE, _FLOATING (any
   unknown cell; _FRONTIER is decided by its neighbours), -1 when invalid. */
static int mines_code_kind(uint8_t code)
{
    if (code <= 8)
        return SAPPER_MINES_KIND_REVEALED;
    if (sapper_cell_is_unknown(code))
        return SAPPER_MINES_KIND_FLOATING;
    if (code == SAPPER_CELL_MINE || code >= SAPPER_CELL_CLAIMED)
        return SAPPER_MINES_KIND_MINE;
    return -1;
}

/* A cell's neighbour counts, packed in one word so that a change adds to
   all three at once: unknown, revealed and known-mine neighbours. */
#define NUNK(s, y)  ((int32_t)((s)->nbrs[y] & 0xff))
#define NREV(s, y)  ((int32_t)(((s)->nbrs[y] >> 8) & 0xff))
#define NMINE(s, y) ((int32_t)(((s)->nbrs[y] >> 16) & 0xff))

/* Sets or clears y's bit in a bit set. */
static void put_bit(uint64_t *bits, int32_t y, int on)
{
    uint64_t bit = UINT64_C(1) << (y & 63);
    bits[y >> 6] = (bits[y >> 6] & ~bit) | (on ? bit : 0);
}

/* y's kind and its places in the bit sets, from its code and counts. A
   broken number has every neighbour known and not its count of mines. */
static void account(sapper_mines_solver *s, int32_t y)
{
    uint8_t code = s->seen[y];
    put_bit(s->brokens, y, code <= 8 && NUNK(s, y) == 0 && code != NMINE(s, y));
    put_bit(s->numbers, y, code <= 8 && NUNK(s, y) > 0);
    put_bit(s->unknowns, y, sapper_cell_is_unknown(code));
    put_bit(s->fronts, y, sapper_cell_is_unknown(code) && NREV(s, y) > 0);
    /* a known cell's probability is written here, an unknown one's by
       each analysis */
    if (code <= 8) {
        s->kind[y] = SAPPER_MINES_KIND_REVEALED;
        s->prob[y] = 0.0;
    } else if (sapper_cell_is_unknown(code)) {
        s->kind[y] = NREV(s, y) > 0 ? SAPPER_MINES_KIND_FRONTIER
                                    : SAPPER_MINES_KIND_FLOATING;
    } else {
        s->kind[y] = SAPPER_MINES_KIND_MINE;
        s->prob[y] = 1.0;
    }
}

/* What reading y needs from its neighbours: a number's constraint (its
   unknown neighbours, in neighbour order, and the mines they hold), an
   unknown cell's constraints (its revealed neighbours, ascending: each
   has this cell as an unknown neighbour, so each has a constraint, and a
   constraint's id is its number's cell). */
static void refresh(sapper_mines_solver *s, int32_t y)
{
    const int32_t *nb = s->nbr + 8 * y;
    int32_t k = s->nnbr[y], n = 0;
    uint8_t code = s->seen[y];
    if (code <= 8) {
        ms_con *c = &s->con[y];
        if (NUNK(s, y) > 0)
            for (int32_t j = 0; j < k; j++) {
                c->cell[n] = nb[j];
                n += sapper_cell_is_unknown(s->seen[nb[j]]);
            }
        c->n = n;
        c->need0 = code - NMINE(s, y);
        s->ncell_con[y] = 0;
        put_bit(s->bad_needs, y, n > 0 && (c->need0 < 0 || c->need0 > n));
        return;
    }
    put_bit(s->bad_needs, y, 0);
    if (sapper_cell_is_unknown(code) && NREV(s, y) > 0)
        for (int32_t j = 0; j < k; j++) {
            s->cell_con[8 * y + n] = nb[j];
            n += s->seen[nb[j]] <= 8;
        }
    s->ncell_con[y] = (uint8_t)n;
}

/* y is about to change (its code or its counts): settle() accounts it
   again, once however many of its neighbours change. */
static void touch(sapper_mines_solver *s, int32_t y)
{
    if (s->stale[y])
        return;
    s->stale[y] = 1;
    s->touched[s->ntouched++] = y;
}

static void settle(sapper_mines_solver *s)
{
    for (int32_t i = 0; i < s->ntouched; i++) {
        int32_t y = s->touched[i];
        s->stale[y] = 0;
        account(s, y);
        refresh(s, y);
    }
    s->ntouched = 0;
}

/* Cell x becomes code (valid), its old code being seen[x]. */
static void change(sapper_mines_solver *s, int32_t x, uint8_t code,
                   int was, int now)
{
    const int32_t *nb = s->nbr + 8 * x;
    int32_t k = s->nnbr[x];
    int du = (now == SAPPER_MINES_KIND_FLOATING) - (was == SAPPER_MINES_KIND_FLOATING);
    int dr = (now == SAPPER_MINES_KIND_REVEALED) - (was == SAPPER_MINES_KIND_REVEALED);
    int dm = (now == SAPPER_MINES_KIND_MINE) - (was == SAPPER_MINES_KIND_MINE);
    uint32_t delta = (uint32_t)(du + dr * 256 + dm * 65536);   /* wraps */
    touch(s, x);
    for (int32_t j = 0; j < k; j++) {
        int32_t y = nb[j];
        touch(s, y);
        s->nbrs[y] += delta;   /* each count stays within 0..8 */
    }
    s->seen[x] = code;
    s->unknown += du;
    s->known += dm;
}

/* The remembered position: all hidden, of the solver's current shape. */
static void start_hidden(sapper_mines_solver *s)
{
    memset(s->seen, SAPPER_CELL_HIDDEN, (size_t)s->cells);
    for (int32_t i = 0; i < s->cells; i++)
        s->nbrs[i] = s->nnbr[i];   /* all unknown */
    memset(s->kind, SAPPER_MINES_KIND_FLOATING, (size_t)s->cells);
    memset(s->ncell_con, 0, (size_t)s->cells);
    size_t words = ((size_t)s->cells + 63) >> 6;
    memset(s->numbers, 0, words * sizeof *s->numbers);
    memset(s->fronts, 0, words * sizeof *s->fronts);
    memset(s->brokens, 0, words * sizeof *s->brokens);
    memset(s->bad_needs, 0, words * sizeof *s->bad_needs);
    memset(s->unknowns, 0xff, words * sizeof *s->unknowns);
    if (s->cells & 63)
        s->unknowns[words - 1] = (UINT64_C(1) << (s->cells & 63)) - 1;
    s->unknown = s->cells;
    s->known = 0;
    s->seen_width = s->width;
    s->seen_height = s->height;
    s->ruled = 0;
}

/* Applies the cells of codes that differ from seen from cell i on;
   returns how many, or -1 at an invalid code (the ones before it are
   applied: seen stays a true record). */
static int32_t apply_from(sapper_mines_solver *s, const uint8_t *codes,
                          int32_t i, int32_t end)
{
    int32_t changed = 0;
    for (; i < end; i++) {
        uint8_t code = codes[i];
        if (code == s->seen[i])
            continue;
        int now = mines_code_kind(code);
        if (now < 0)
            return -1;
        int was = mines_code_kind(s->seen[i]);
        if (now == was && now != SAPPER_MINES_KIND_REVEALED) {
            s->seen[i] = code;  /* hidden, flagged, marked, claimed: alike */
        } else if (now == was) {
            touch(s, i);        /* another number: only its own need */
            s->seen[i] = code;
        } else {
            change(s, i, code, was, now);
        }
        changed++;
    }
    return changed;
}

/* Cells of codes that differ from seen (a count of the eight-byte words
   that differ, times eight, past which the count stops: enough to choose
   between updating and starting over). */
static int32_t differing(const sapper_mines_solver *s, const uint8_t *codes,
                         int32_t enough)
{
    int32_t n = 0;
    for (int32_t i = 0; i + 8 <= s->cells && n < enough; i += 8) {
        uint64_t a, b;
        memcpy(&a, codes + i, 8);
        memcpy(&b, s->seen + i, 8);
        n += 8 * (a != b);
    }
    return n;
}

/* Is any cell's bit set in bits? */
static int any_bit(const sapper_mines_solver *s, const uint64_t *bits)
{
    uint64_t any = 0;
    for (int32_t w = 0; w < (s->cells + 63) >> 6; w++)
        any |= bits[w];
    return any != 0;
}

int mines_seen_broken(const sapper_mines_solver *s)
{
    return any_bit(s, s->brokens);
}

int mines_seen_bad_need(const sapper_mines_solver *s)
{
    return any_bit(s, s->bad_needs);
}

int32_t mines_seen_frontier(const sapper_mines_solver *s)
{
    int32_t n = 0;
    for (int32_t w = 0; w < (s->cells + 63) >> 6; w++)
        n += __builtin_popcountll(s->fronts[w]);
    return n;
}

int32_t mines_seen_update(sapper_mines_solver *s, const uint8_t *codes)
{
    /* A new game (most of the board hidden again) costs less from an
       all-hidden board than cell by cell from the last one's end. */
    if (s->seen_width != s->width || s->seen_height != s->height ||
        differing(s, codes, s->cells / 2) >= s->cells / 2)
        start_hidden(s);
    int32_t changed = 0, n = s->cells, i = 0;
    /* eight cells at a time: most are unchanged */
    for (; i + 8 <= n; i += 8) {
        uint64_t a, b;
        memcpy(&a, codes + i, 8);
        memcpy(&b, s->seen + i, 8);
        if (a == b)
            continue;
        int32_t c = apply_from(s, codes, i, i + 8);
        if (c < 0) {
            settle(s);
            return -1;
        }
        changed += c;
    }
    int32_t c = apply_from(s, codes, i, n);
    settle(s);
    return c < 0 ? -1 : changed + c;
}
