/*
 * components.c - groups the cells the rule stage left undecided: frontier
 * cells touching exactly the same constraints form a box (a box of s cells
 * holding k mines stands for C(s, k) layouts, so the enumeration chooses a
 * count per box, not a value per cell), and boxes linked through a shared
 * constraint form a component (components are independent but for the
 * global mine count). Each component's boxes are listed in breadth-first
 * order from its first constraint, so the enumeration closes constraints
 * early and its width follows the frontier's width, not its length.
 *
 * It does not count anything (enumerate.c) and only reads the rule stage's
 * decisions.
 */
#include "solver_internal.h"

#include <string.h>

/* ---- boxes --------------------------------------------------------- */

static int same_constraints(const sapper_mines_solver *s, int32_t a,
                            int32_t b)
{
    return s->ncell_con[a] == s->ncell_con[b] &&
           memcmp(s->cell_con + a * 8, s->cell_con + b * 8,
                  s->ncell_con[a] * sizeof *s->cell_con) == 0;
}

/* Cells of one box are all neighbours of its first constraint's number, so
   an earlier cell of that constraint with the same list is the box. */
static int32_t find_box(sapper_mines_solver *s, int32_t cell)
{
    const ms_con *c = &s->con[s->cell_con[cell * 8]];
    for (int32_t i = 0; i < c->n; i++) {
        int32_t d = c->cell[i];
        if (d != cell && s->box_of[d] >= 0 && same_constraints(s, d, cell))
            return s->box_of[d];
    }
    ms_box *b = &s->box[s->nbox];
    b->size = 0;
    b->ncon = s->ncell_con[cell];
    b->cell = cell;
    b->comp = -1;
    return s->nbox++;
}

/* box_of is -1 but for the cells listed in boxed_cells (the solver sets
   it so at creation); a frontier cell always has a constraint (its
   revealed neighbour's). */
static void build_boxes(sapper_mines_solver *s)
{
    for (int32_t k = 0; k < s->boxed; k++)   /* the last analysis's */
        s->box_of[s->boxed_cells[k]] = -1;
    s->nbox = s->boxed = 0;
    MS_EACH_BIT(s, s->fronts, i, {
        if (s->state[i] != MS_UNDECIDED)
            continue;
        int32_t b = find_box(s, i);
        s->box[b].size++;
        s->box_of[i] = b;
        s->boxed_cells[s->boxed++] = i;
    });
}

/* ---- components ---------------------------------------------------- */

static void visit_box(sapper_mines_solver *s, ms_comp *k, int32_t id,
                      int32_t *nord, int32_t *ncord)
{
    ms_box *b = &s->box[id];
    b->comp = (int32_t)(k - s->comp);
    s->order[(*nord)++] = id;
    k->cells += b->size;
    for (int32_t i = 0; i < b->ncon; i++) {
        ms_con *c = &s->con[s->cell_con[b->cell * 8 + i]];
        if (c->comp < 0) {
            c->comp = b->comp;
            c->local = *ncord - k->con0;
            s->corder[(*ncord)++] = s->cell_con[b->cell * 8 + i];
        }
        b->lcon[i] = c->local;
    }
}

static void grow_component(sapper_mines_solver *s, int32_t start,
                           int32_t *nord, int32_t *ncord)
{
    ms_comp *k = &s->comp[s->ncomp];
    memset(k, 0, sizeof *k);
    k->box0 = *nord;
    k->con0 = *ncord;
    s->con[start].comp = s->ncomp;
    s->con[start].local = 0;
    s->corder[(*ncord)++] = start;
    for (int32_t head = k->con0; head < *ncord; head++) {
        const ms_con *c = &s->con[s->corder[head]];
        for (int32_t i = 0; i < c->n; i++) {
            int32_t b = s->box_of[c->cell[i]];
            if (b >= 0 && s->box[b].comp < 0)
                visit_box(s, k, b, nord, ncord);
        }
    }
    k->nbox = *nord - k->box0;
    k->ncon = *ncord - k->con0;
    s->ncomp++;
}

/* Counting sort of the components by box count (stable), into s->rank. */
static void rank_components(sapper_mines_solver *s)
{
    int32_t *count = s->e_k; /* enumeration scratch, free until then */
    memset(count, 0, (size_t)(s->nbox + 2) * sizeof *count);
    for (int32_t i = 0; i < s->ncomp; i++)
        count[s->comp[i].nbox + 1]++;
    for (int32_t n = 1; n <= s->nbox + 1; n++)
        count[n] += count[n - 1];
    for (int32_t i = 0; i < s->ncomp; i++)
        s->rank[count[s->comp[i].nbox]++] = i;
}

void mines_solver_components(sapper_mines_solver *s)
{
    int32_t nord = 0, ncord = 0;
    build_boxes(s);
    s->ncomp = 0;
    MS_EACH_BIT(s, s->numbers, i, s->con[i].comp = -1;);
    MS_EACH_BIT(s, s->numbers, i, {
        if (s->con[i].left > 0 && s->con[i].comp < 0)
            grow_component(s, i, &nord, &ncord);
    });
    rank_components(s);
}
