/*
 * carry.c - starting the rule stage from the last deduced position's
 * answer instead of from nothing.
 *
 * A bot deduces once per answer, and the positions it asks about next
 * (the next answer's, the what-if positions of a guess) extend the one it
 * deduced last: cells unknown there are revealed or known mines here,
 * nothing else changed. Every layout of such a position is a layout of
 * the last one, so every cell the rules decided there is decided the same
 * way here. The rule stage's answer is the least fixpoint of its rules
 * (the trivial and the pairwise rule only ever decide more as more is
 * decided), so starting from those decisions and re-examining only the
 * constraints that changed (new numbers, and numbers that lost an
 * undecided cell to a reveal) reaches the same decisions as starting
 * from nothing: the same state, bit for bit, for every position some
 * layout fits. (For one no layout fits, which contradiction the rules
 * find first may differ; the exact stage finds it either way.)
 *
 * It decides nothing itself: constraints.c runs the rules.
 */
#include "solver_internal.h"

#include <string.h>

/* Keeps the decisions (state) and each constraint's counts of what is
   left, which a position extending this one starts from. */
/* The counts of the constraints that may differ from the kept ones kept:
   now every constraint holds its kept counts. */
static void keep_deviated(sapper_mines_solver *s)
{
    for (int32_t k = 0; k < s->ndeviation; k++) {
        ms_con *c = &s->con[s->deviation[k]];
        c->kept_left = c->left;
        c->kept_need = c->need;
    }
    s->ndeviation = 0;
    s->dev_gen++;
}

/* The kept answer brought up to the position read, which extends it: the
   cells gone from the unknown ones out, the cells the rules decided here
   in, and the counts of every constraint they changed. */
static void keep_changes(sapper_mines_solver *s)
{
    for (int32_t k = 0; k < s->ngone; k++) {
        int32_t x = s->gone[k];
        s->carry_state[x] = MS_UNDECIDED;   /* stays listed: harmless */
        s->carry_cells[x] = s->seen[x];
    }
    for (int32_t k = 0; k < s->nnewly; k++) {
        int32_t x = s->newly[k];
        s->carry_state[x] = s->state[x];
        s->carry_list[s->ncarry++] = x;
    }
    keep_deviated(s);
}

void mines_carry_keep(sapper_mines_solver *s)
{
    if (s->carried && s->carry_ok && !s->contradiction) {
        keep_changes(s);
        s->carry_decided_floating = s->decided_floating;
        s->carry_undecided = s->undecided;
        s->carry_decided_mines = s->decided_mines;
        s->carried = 0;   /* kept: a second keep of this read starts over */
        return;
    }
    for (int32_t k = 0; k < s->ncarry; k++)   /* the previous decisions */
        s->carry_state[s->carry_list[k]] = MS_UNDECIDED;
    s->ncarry = 0;
    s->carry_ok = !s->contradiction;
    if (!s->carry_ok)
        return;
    MS_EACH_BIT(s, mines_decidable(s), c, {
        if (s->state[c] == MS_UNDECIDED)
            continue;
        s->carry_state[c] = s->state[c];
        s->carry_list[s->ncarry++] = c;
    });
    s->carry_decided_floating = s->decided_floating;
    MS_EACH_BIT(s, s->numbers, i, {
        ms_con *c = &s->con[i];
        c->kept_left = c->left;
        c->kept_need = c->need;
    });
    s->ndeviation = 0;
    s->dev_gen++;
    s->synced = 1;   /* no contradiction: the queues are empty */
    s->carry_undecided = s->undecided;
    s->carry_decided_mines = s->decided_mines;
    memcpy(s->carry_cells, s->seen, (size_t)s->cells);
    s->carry_width = s->width;
    s->carry_height = s->height;
    s->carry_mines = s->mines;
}

/* Eight bytes of a and b from i differ (i + 8 <= end). */
static int differ8(const uint8_t *a, const uint8_t *b, int32_t i)
{
    uint64_t x, y;
    memcpy(&x, a + i, 8);
    memcpy(&y, b + i, 8);
    return x != y;
}

/* Cell i of the position read against the carried one: 1 when the same
   or a cell that was unknown there, listed in s->gone when it is not
   unknown here; 0 when it is not an extension. */
static int compare_cell(sapper_mines_solver *s, int32_t i, int32_t *n)
{
    uint8_t was = s->carry_cells[i], now = s->seen[i];
    if (was == now)
        return 1;
    if (!sapper_cell_is_unknown(was))
        return 0;   /* a number changed or went away, or a mine did */
    if (sapper_cell_is_unknown(now))
        return 1;   /* flags and marks change nothing */
    if (s->carry_state[i] == (now <= 8 ? MS_MINE : MS_SAFE))
        return 0;   /* contradicts what was decided */
    s->gone[(*n)++] = i;
    return 1;
}

/* Whether the position read extends the carried one; lists in s->gone
   the cells that were unknown there and are not here (*count). */
int mines_carry_extends(sapper_mines_solver *s, int32_t *count)
{
    int32_t n = 0, i = 0, end = s->cells;
    if (!s->carry_ok || s->carry_width != s->width ||
        s->carry_height != s->height || s->carry_mines != s->mines)
        return 0;
    for (; i < end; i += 8) {
        if (i + 8 <= end && !differ8(s->carry_cells, s->seen, i))
            continue;   /* most cells are as they were */
        for (int32_t j = i; j < i + 8 && j < end; j++)
            if (!compare_cell(s, j, &n))
                return 0;
    }
    *count = s->ngone = n;
    return 1;
}

static void mark_changed(sapper_mines_solver *s, int32_t id)
{
    ms_con *c = &s->con[id];
    if (!(s->numbers[id >> 6] >> (id & 63) & 1) || c->dirty)
        return;   /* no constraint there, or already marked */
    c->queued = c->dirty = 1;
    s->queue[s->nqueue++] = id;
    s->dirty[s->ndirty++] = id;
}

/* The carried decisions on the cells still unknown (the ones that are
   not are the touched cells), and the counts that go with them. */
static void restore_decisions(sapper_mines_solver *s, int32_t count)
{
    int32_t undecided = 0, mines = 0;
    memcpy(s->state, s->carry_state, (size_t)s->cells);
    for (int32_t k = 0; k < count; k++) {
        int32_t x = s->gone[k];
        undecided += s->state[x] == MS_UNDECIDED;
        mines += s->state[x] == MS_MINE;
        s->state[x] = MS_UNDECIDED;
    }
    s->undecided = s->carry_undecided - undecided;
    s->decided_mines = s->carry_decided_mines - mines;
    s->decided_floating = s->carry_decided_floating;
}

/* A constraint's counts from the restored decisions. */
static void count_left(sapper_mines_solver *s, ms_con *c)
{
    int32_t left = 0, mines = 0;
    for (int32_t j = 0; j < c->n; j++) {
        uint8_t st = s->state[c->cell[j]];
        left += st == MS_UNDECIDED;
        mines += st == MS_MINE;
    }
    c->left = left;
    c->need = c->need0 - mines;
}

/* Stamps with gen the constraints whose undecided cells changed: new
   numbers, and the numbers around a cell that was undecided there. A
   number around a cell that was decided there keeps its counts: a cell
   decided safe and now revealed was not counted, one decided a mine and
   now known is no longer counted in what the number needs, nor in its
   known mines' share of it. */
static void stamp_changed(sapper_mines_solver *s, int32_t count, int32_t gen)
{
    for (int32_t k = 0; k < count; k++) {
        int32_t x = s->gone[k];
        s->con_mark[x] = gen;
        if (s->carry_state[x] != MS_UNDECIDED)
            continue;
        const int32_t *nb = s->nbr + 8 * x;
        for (int32_t j = 0; j < s->nnbr[x]; j++)
            s->con_mark[nb[j]] = gen;
    }
}

/* Number i's constraint as a carried rule stage starts it: off the
   queues, its counts kept or, changed (stamped gen), counted again. */
static void start_carried(sapper_mines_solver *s, int32_t i, int32_t gen)
{
    ms_con *c = &s->con[i];
    c->queued = c->dirty = 0;
    if (c->need0 < 0 || c->need0 > c->n)
        s->contradiction = 1;
    if (s->con_mark[i] == gen) {
        count_left(s, c);
        mines_deviate(s, i);
    } else {
        c->left = c->kept_left;
        c->need = c->kept_need;
    }
}

/* The same for a changed constraint, when every other one already holds
   its kept counts (s->synced): only it is started. */
static void start_changed(sapper_mines_solver *s, int32_t id, int32_t gen)
{
    if (!(s->numbers[id >> 6] >> (id & 63) & 1) || s->con_mark[id] == gen)
        return;   /* no constraint there, or started */
    s->con_mark[id] = gen;
    start_carried(s, id, gen);
}

/* Every constraint of the position started: all of them, or, synced,
   the ones the last read changed put back to their kept counts and the
   changed ones counted again. */
static void start_constraints(sapper_mines_solver *s, int32_t count,
                              int32_t gen)
{
    if (!s->synced) {
        stamp_changed(s, count, gen);
        s->ndeviation = 0;
        s->dev_gen++;
        MS_EACH_BIT(s, s->numbers, i, start_carried(s, i, gen););
        return;
    }
    for (int32_t k = 0; k < s->ndeviation; k++) {
        ms_con *c = &s->con[s->deviation[k]];
        c->left = c->kept_left;
        c->need = c->kept_need;
    }
    s->ndeviation = 0;
    s->dev_gen++;
    if (mines_seen_bad_need(s))
        s->contradiction = 1;
    for (int32_t k = 0; k < count; k++) {
        int32_t x = s->gone[k];
        start_changed(s, x, gen);
        if (s->carry_state[x] != MS_UNDECIDED)
            continue;
        const int32_t *nb = s->nbr + 8 * x;
        for (int32_t j = 0; j < s->nnbr[x]; j++)
            start_changed(s, nb[j], gen);
    }
}

void mines_carry_start(sapper_mines_solver *s, int32_t count)
{
    int32_t gen = ++s->con_gen;
    restore_decisions(s, count);
    start_constraints(s, count, gen);
    for (int32_t k = 0; k < count; k++) {
        int32_t x = s->gone[k];
        mark_changed(s, x);   /* a new number */
        if (s->carry_state[x] != MS_UNDECIDED)
            continue;
        const int32_t *nb = s->nbr + 8 * x;
        for (int32_t j = 0; j < s->nnbr[x]; j++)
            mark_changed(s, nb[j]);
    }
}
