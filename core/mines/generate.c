/*
 * generate.c - no-guess layouts: the generator's lifetime, drawing a
 * layout (uniform or weighted), the two methods (sample: rejection;
 * perturb: Tatham-style mine moves) and the play-out budget with its error.
 * The no-guess test itself is playout.c; the cloud field is clouds.c.
 * See generate.h for what each method guarantees.
 */
#include "generate_internal.h"
#include "fail.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CAPACITY 1000000

/* Perturbing one layout stops after this many rounds in a row in which the
   play-out got no further than its best; the fallback is a fresh layout. */
#define PERTURB_IDLE(g) ((g)->width > (g)->height ? (g)->width : (g)->height)

/* ---- lifetime ------------------------------------------------------ */

static void *take(char *block, size_t *off, size_t count, size_t size)
{
    void *p = block ? block + *off : NULL;
    *off += (count * size + 15) & ~(size_t)15;
    return p;
}

static size_t layout(sapper_mines_generator *g, char *block, size_t n)
{
    size_t off = 0;
    g->wkey = take(block, &off, n, sizeof *g->wkey);
    g->nbr = take(block, &off, 8 * n, sizeof *g->nbr);
    g->queue = take(block, &off, n, sizeof *g->queue);
    g->stack = take(block, &off, n, sizeof *g->stack);
    g->open = take(block, &off, n, sizeof *g->open);
    g->pick = take(block, &off, n, sizeof *g->pick);
    g->nnbr = take(block, &off, n, 1);
    g->mine = take(block, &off, n, 1);
    g->count = take(block, &off, n, 1);
    g->view = take(block, &off, n, 1);
    g->queued = take(block, &off, n, 1);
    g->blocked = take(block, &off, n, 1);
    return off;
}

sapper_mines_generator *sapper_mines_generator_new(int32_t max_width,
                                                   int32_t max_height)
{
    if (max_width < 1 || max_height < 1 ||
        (int64_t)max_width * max_height > MAX_CAPACITY)
        return NULL;
    sapper_mines_generator *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->capacity = max_width * max_height;
    g->block = calloc(1, layout(g, NULL, (size_t)g->capacity));
    g->solver = sapper_mines_solver_new(max_width, max_height);
    if (!g->block || !g->solver) {
        sapper_mines_generator_free(g);
        return NULL;
    }
    layout(g, g->block, (size_t)g->capacity);
    return g;
}

void sapper_mines_generator_free(sapper_mines_generator *g)
{
    if (!g)
        return;
    sapper_mines_solver_free(g->solver);
    free(g->block);
    free(g);
}

/* ---- small helpers ------------------------------------------------- */

int32_t sapper_mines_ng_budget(int32_t attempts, int32_t cells)
{
    if (attempts > 0)
        return attempts;
    int32_t n = cells > 0 ? SAPPER_MINES_DEFAULT_WORK / cells : 0;
    return n > SAPPER_MINES_MIN_ATTEMPTS ? n : SAPPER_MINES_MIN_ATTEMPTS;
}

int32_t sapper_mines_ng_resolve(int32_t method, double density)
{
    if (method != SAPPER_MINES_NG_AUTO)
        return method;
    return density <= SAPPER_MINES_SAMPLE_MAX_DENSITY
        ? SAPPER_MINES_NG_SAMPLE : SAPPER_MINES_NG_PERTURB;
}

double sapper_mines_ng_density(int32_t cells, int32_t mines, int32_t kept)
{
    return cells > kept ? (double)mines / (cells - kept) : 1.0;
}

const char *sapper_mines_ng_name(int32_t method)
{
    switch (method) {
    case SAPPER_MINES_NG_SAMPLE:
        return "sample";
    case SAPPER_MINES_NG_PERTURB:
        return "perturb";
    case SAPPER_MINES_NG_AUTO:
        return "auto";
    default:
        return "?";
    }
}

/* ---- the request --------------------------------------------------- */

static sapper_status check_request(const sapper_mines_generator *g,
                                   const sapper_mines_gen_request *r,
                                   char *err, size_t errcap)
{
    if (r->width < 1 || r->height < 1 ||
        (int64_t)r->width * r->height > g->capacity)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "a %dx%d board does not "
                    "fit this generator (%d cells)", r->width, r->height,
                    g->capacity);
    if (r->start < 0 || r->start >= r->width * r->height)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "first cell %d is off the "
                    "%dx%d board", r->start, r->width, r->height);
    if (r->method < SAPPER_MINES_NG_SAMPLE || r->method > SAPPER_MINES_NG_AUTO)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "unknown no-guess method "
                    "%d", r->method);
    if (r->nkeep < 0 || (r->nkeep > 0 && !r->keep_free))
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "keep_free: %d cells "
                    "but no list", r->nkeep);
    return SAPPER_OK;
}

/* Marks the first-click cells and lists the cells open to mines. */
static void list_open(sapper_mines_generator *g,
                      const sapper_mines_gen_request *r)
{
    memset(g->blocked, 0, (size_t)g->cells);
    g->blocked[r->start] = 1;
    for (int32_t i = 0; i < r->nkeep; i++)
        if (r->keep_free[i] >= 0 && r->keep_free[i] < g->cells)
            g->blocked[r->keep_free[i]] = 1;
    g->nopen = 0;
    for (int32_t c = 0; c < g->cells; c++)
        if (!g->blocked[c])
            g->open[g->nopen++] = c;
}

/* A fresh layout into g->mine. Uniform: a partial Fisher-Yates over the
   open list (its order from the last draw does not matter: a uniform
   subset of any order is uniform). */
static void draw(sapper_mines_generator *g, const sapper_mines_gen_request *r,
                 sapper_rng *rng)
{
    memset(g->mine, 0, (size_t)g->cells);
    if (r->weight) {
        sapper_mines_draw_weighted(g->open, g->nopen, r->weight, r->mines,
                                   rng, g->wkey, g->mine);
    } else {
        for (int32_t i = 0; i < r->mines; i++) {
            int32_t j = i + (int32_t)sapper_rng_below(rng,
                                                      (uint64_t)(g->nopen - i));
            int32_t t = g->open[i];
            g->open[i] = g->open[j];
            g->open[j] = t;
            g->mine[g->open[i]] = 1;
        }
    }
    mines_ng_count(g);
}

/* ---- perturbation -------------------------------------------------- */

/* A random revealed number that still touches a hidden cell, or -1. */
static int32_t stuck_number(sapper_mines_generator *g, sapper_rng *rng)
{
    int32_t n = 0;
    for (int32_t c = 0; c < g->cells; c++) {
        if (g->view[c] == 0 || g->view[c] > 8)
            continue;
        const int32_t *nb = g->nbr + 8 * c;
        for (int32_t i = 0; i < g->nnbr[c]; i++) {
            if (g->view[nb[i]] == SAPPER_CELL_HIDDEN) {
                g->pick[n++] = c;
                break;
            }
        }
    }
    return n ? g->pick[sapper_rng_below(rng, (uint64_t)n)] : -1;
}

static int in_set(const int32_t *set, int32_t n, int32_t c)
{
    for (int32_t i = 0; i < n; i++)
        if (set[i] == c)
            return 1;
    return 0;
}

/* Lists into g->pick the hidden cells outside set[0..n) that may change
   and whose mine bit is `want`. */
static int32_t candidates(sapper_mines_generator *g, const int32_t *set,
                          int32_t n, uint8_t want)
{
    int32_t k = 0;
    for (int32_t c = 0; c < g->cells; c++)
        if (g->view[c] == SAPPER_CELL_HIDDEN && !g->blocked[c] &&
            g->mine[c] == want && !in_set(set, n, c))
            g->pick[k++] = c;
    return k;
}

/* Sets `moves` random cells of g->pick[0..k) to `value`. */
static void flip_random(sapper_mines_generator *g, int32_t k, int32_t moves,
                        uint8_t value, sapper_rng *rng)
{
    for (int32_t i = 0; i < moves; i++) {
        int32_t j = i + (int32_t)sapper_rng_below(rng, (uint64_t)(k - i));
        int32_t t = g->pick[i];
        g->pick[i] = g->pick[j];
        g->pick[j] = t;
        g->mine[g->pick[i]] = value;
    }
}

/* One Tatham-style move at a stuck play-out: a random stuck number's
   hidden neighbours are emptied (their mines go to other hidden cells) or
   filled (mines come from other hidden cells), whichever is possible, at
   random when both are. Returns the mines moved, 0 when nothing could. */
static int32_t perturb(sapper_mines_generator *g, sapper_rng *rng)
{
    int32_t c = stuck_number(g, rng);
    if (c < 0)
        return 0;
    int32_t set[8], n = 0, inside = 0;
    const int32_t *nb = g->nbr + 8 * c;
    for (int32_t i = 0; i < g->nnbr[c]; i++)
        if (g->view[nb[i]] == SAPPER_CELL_HIDDEN) {
            set[n++] = nb[i];
            inside += g->mine[nb[i]];
        }
    int32_t free_out = candidates(g, set, n, 0);
    int32_t mined_out = candidates(g, set, n, 1);
    int can_empty = inside > 0 && free_out >= inside;
    int can_fill = inside < n && mined_out >= n - inside;
    if (!can_empty && !can_fill)
        return 0;
    int empty = can_empty && (!can_fill || sapper_rng_below(rng, 2));
    int32_t k = candidates(g, set, n, empty ? 0 : 1);
    int32_t moved = empty ? inside : n - inside;
    for (int32_t i = 0; i < n; i++)
        g->mine[set[i]] = empty ? 0 : 1;
    flip_random(g, k, moved, empty ? 1 : 0, rng);
    mines_ng_count(g);
    return moved;
}

/* ---- the methods and their budget ---------------------------------- */

/* Rejection: fresh layouts until one plays out; 1 on success. */
static int run_sample(sapper_mines_generator *g,
                      const sapper_mines_gen_request *r, int32_t budget,
                      sapper_rng *rng, sapper_mines_gen_report *rep)
{
    while (rep->playouts < budget) {
        draw(g, r, rng);
        rep->layouts++;
        rep->playouts++;
        if (mines_ng_playout(g, r->start) == NG_WON)
            return 1;
    }
    return 0;
}

/* Perturbs one layout until it plays out from scratch, it stops getting
   further for PERTURB_IDLE rounds, or the budget ends; 1 on success. */
static int perturb_layout(sapper_mines_generator *g,
                          const sapper_mines_gen_request *r, int32_t budget,
                          sapper_rng *rng, sapper_mines_gen_report *rep)
{
    int32_t best = -1, idle = 0;
    rep->perturbations = 0;
    while (rep->playouts < budget) {
        rep->playouts++;
        if (mines_ng_playout(g, r->start) == NG_WON)
            return 1;
        if (g->revealed > best) {
            best = g->revealed;
            idle = 0;
        } else if (++idle >= PERTURB_IDLE(g)) {
            return 0;
        }
        if (perturb(g, rng) == 0)
            return 0;
        rep->perturbations++;
    }
    return 0;
}

static int run_perturb(sapper_mines_generator *g,
                       const sapper_mines_gen_request *r, int32_t budget,
                       sapper_rng *rng, sapper_mines_gen_report *rep)
{
    while (rep->playouts < budget) {
        draw(g, r, rng);
        rep->layouts++;
        if (perturb_layout(g, r, budget, rng, rep))
            return 1;
    }
    return 0;
}

static sapper_status out_of_budget(const sapper_mines_gen_request *r,
                                   int32_t method, int32_t budget,
                                   double density, char *err, size_t errcap)
{
    return sapper_mines_fail(err, errcap, SAPPER_ERR_STATE, "no no-guess board found in "
                "%d play-outs (no_guess_method = %s, %dx%d with %d mines, "
                "density %.1f%% of the cells open to mines, first click %d "
                "%d): raise no_guess_attempts%s or use fewer mines", budget,
                sapper_mines_ng_name(method), r->width, r->height, r->mines,
                100.0 * density, r->start % r->width, r->start / r->width,
                method == SAPPER_MINES_NG_SAMPLE
                    ? ", use no_guess_method = perturb" : "");
}

sapper_status sapper_mines_generate(sapper_mines_generator *g,
                                    const sapper_mines_gen_request *r,
                                    sapper_rng *rng, uint8_t *mine,
                                    sapper_mines_gen_report *report,
                                    char *err, size_t errcap)
{
    sapper_mines_gen_report rep = {0};
    sapper_status st = check_request(g, r, err, errcap);
    if (st != SAPPER_OK)
        return st;
    mines_ng_shape(g, r->width, r->height);
    list_open(g, r);
    if (r->mines < 0 || r->mines > g->nopen)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "%d mines do not fit the "
                    "%d cells open to mines", r->mines, g->nopen);
    double density = sapper_mines_ng_density(g->cells, r->mines,
                                             g->cells - g->nopen);
    int32_t budget = sapper_mines_ng_budget(r->attempts, g->cells);
    rep.method = sapper_mines_ng_resolve(r->method, density);
    int ok = rep.method == SAPPER_MINES_NG_SAMPLE
        ? run_sample(g, r, budget, rng, &rep)
        : run_perturb(g, r, budget, rng, &rep);
    rep.solver_calls = g->solver_calls;
    g->solver_calls = 0;
    if (report)
        *report = rep;
    if (!ok)
        return out_of_budget(r, rep.method, budget, density, err, errcap);
    memcpy(mine, g->mine, (size_t)g->cells);
    return SAPPER_OK;
}

int sapper_mines_clears(sapper_mines_generator *g, int32_t width,
                        int32_t height, const uint8_t *mine, int32_t start)
{
    if (!g || width < 1 || height < 1 ||
        (int64_t)width * height > g->capacity || start < 0 ||
        start >= width * height)
        return 0;
    mines_ng_shape(g, width, height);
    memcpy(g->mine, mine, (size_t)g->cells);
    for (int32_t c = 0; c < g->cells; c++)
        g->mine[c] = g->mine[c] != 0;
    mines_ng_count(g);
    return mines_ng_playout(g, start) == NG_WON;
}
