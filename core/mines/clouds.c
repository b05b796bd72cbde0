/*
 * clouds.c - the density-cloud field and the weighted draw without
 * replacement (see clouds.h for the formulas). It does not decide which
 * cells the first click keeps free: callers say so.
 */
#include "clouds.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CELLS_PER_CLOUD 60
#define RADIUS_FACTOR   0.3

int32_t sapper_mines_clouds_count(int32_t width, int32_t height,
                                  const sapper_mines_clouds *c)
{
    if (c->count > 0)
        return c->count;
    int32_t n = width * height / CELLS_PER_CLOUD;
    return n < 1 ? 1 : n;
}

/* The radius `auto` stands for on a width x height board. */
static double clouds_radius(int32_t width, int32_t height, const sapper_mines_clouds *c)
{
    if (c->radius > 0)
        return c->radius;
    double cells = (double)width * height;
    double r = RADIUS_FACTOR *
               sqrt(cells / sapper_mines_clouds_count(width, height, c));
    return r < 1.0 ? 1.0 : r;
}

/* Adds one blob centred uniformly on the board to g. */
static void add_blob(int32_t width, int32_t height, double radius,
                     sapper_rng *rng, double *g)
{
    double cx = sapper_rng_unit(rng) * width - 0.5;
    double cy = sapper_rng_unit(rng) * height - 0.5;
    double sigma = radius * (0.75 + 0.5 * sapper_rng_unit(rng));
    double k = 1.0 / (2.0 * sigma * sigma);
    for (int32_t y = 0; y < height; y++) {
        for (int32_t x = 0; x < width; x++) {
            double dx = x - cx, dy = y - cy;
            g[y * width + x] += exp(-(dx * dx + dy * dy) * k);
        }
    }
}

void sapper_mines_clouds_field(int32_t width, int32_t height,
                               const sapper_mines_clouds *c, sapper_rng *rng,
                               double *field)
{
    int32_t cells = width * height;
    int32_t count = sapper_mines_clouds_count(width, height, c);
    double radius = clouds_radius(width, height, c);
    double top = 0.0;
    for (int32_t i = 0; i < cells; i++)
        field[i] = 0.0;
    for (int32_t b = 0; b < count; b++)
        add_blob(width, height, radius, rng, field);
    for (int32_t i = 0; i < cells; i++)
        top = field[i] > top ? field[i] : top;
    double scale = top > 0.0 && c->strength > 0.0 ? c->strength / top : 0.0;
    for (int32_t i = 0; i < cells; i++)
        field[i] = 1.0 + scale * field[i];
}

/* Moves the k largest keys of a[0..n) to a[0..k) (quickselect, Hoare
   partition around the middle element; order inside is unspecified). */
static void select_largest(sapper_mines_wkey *a, int32_t n, int32_t k)
{
    int32_t lo = 0, hi = n - 1;
    while (lo < hi && k > 0 && k < n) {
        double pivot = a[lo + (hi - lo) / 2].key;
        int32_t i = lo, j = hi;
        while (i <= j) {
            while (a[i].key > pivot)
                i++;
            while (a[j].key < pivot)
                j--;
            if (i <= j) {
                sapper_mines_wkey t = a[i];
                a[i++] = a[j];
                a[j--] = t;
            }
        }
        if (k - 1 <= j)
            hi = j;
        else if (k - 1 >= i)
            lo = i;
        else
            return;
    }
}

void sapper_mines_draw_weighted(const int32_t *cells, int32_t n,
                                const double *weight, int32_t mines,
                                sapper_rng *rng, sapper_mines_wkey *scratch,
                                uint8_t *mine)
{
    /* u in (0, 1], so log(u) is finite and <= 0; a heavier cell gets a key
       nearer 0, i.e. larger. The top keys are a successive weighted draw
       (Efraimidis and Spirakis 2006). */
    for (int32_t i = 0; i < n; i++) {
        double u = ((double)(sapper_rng_next(rng) >> 11) + 1.0) * 0x1.0p-53;
        scratch[i].key = log(u) / weight[cells[i]];
        scratch[i].cell = cells[i];
        scratch[i].reserved = 0;
    }
    select_largest(scratch, n, mines);
    for (int32_t i = 0; i < mines; i++)
        mine[scratch[i].cell] = 1;
}

/* Lists the cells not in keep_free into open and returns how many; mark
   (cells bytes) is scratch and is left zeroed. */
static int32_t open_cells(int32_t cells, const int32_t *keep_free,
                          int32_t nkeep, uint8_t *mark, int32_t *open)
{
    int32_t n = 0;
    memset(mark, 0, (size_t)cells);
    for (int32_t i = 0; i < nkeep; i++)
        if (keep_free[i] >= 0 && keep_free[i] < cells)
            mark[keep_free[i]] = 1;
    for (int32_t c = 0; c < cells; c++)
        if (!mark[c])
            open[n++] = c;
    memset(mark, 0, (size_t)cells);
    return n;
}

sapper_status sapper_mines_clouds_place(int32_t width, int32_t height,
                                        const sapper_mines_clouds *c,
                                        const int32_t *keep_free,
                                        int32_t nkeep, int32_t mines,
                                        sapper_rng *rng, uint8_t *mine)
{
    size_t cells = (size_t)width * (size_t)height;
    /* one scratch block, owned here: field, draw keys, open list */
    char *block = malloc(cells * (sizeof(double) + sizeof(sapper_mines_wkey) +
                                  sizeof(int32_t)));
    if (!block)
        return SAPPER_ERR_NOMEM;
    double *field = (double *)block;
    sapper_mines_wkey *keys = (sapper_mines_wkey *)(field + cells);
    int32_t *open = (int32_t *)(keys + cells);
    int32_t n = open_cells((int32_t)cells, keep_free, nkeep, mine, open);
    sapper_status st = SAPPER_ERR_PARAM;
    if (mines >= 0 && mines <= n) {
        sapper_mines_clouds_field(width, height, c, rng, field);
        sapper_mines_draw_weighted(open, n, field, mines, rng, keys, mine);
        st = SAPPER_OK;
    }
    free(block);
    return st;
}
