/*
 * clouds.h - density clouds (the design doc's "biased boards"): a seeded
 * smooth density field over the board and the weighted draw that places an
 * exact number of mines with probability proportional to it, so mines
 * cluster under the clouds and thin out between them.
 *
 * The field is 1 + strength * g(x, y), g the sum of `count` Gaussian blobs
 * (centres uniform over the board, each radius drawn in [0.75, 1.25] x
 * radius) scaled so its maximum is 1: the background weighs 1 and the
 * heart of a cloud 1 + strength. strength 0 is the uniform board.
 *
 * Nothing here prints or keeps state, and only sapper_mines_clouds_place
 * allocates (its scratch, freed before it returns); randomness comes from
 * the caller's sapper_rng.
 */
#ifndef SAPPER_MINES_CLOUDS_H
#define SAPPER_MINES_CLOUDS_H

#include "sapper/mines.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Cloud shape. Members <= 0 mean "auto" where said. */
typedef struct sapper_mines_clouds {
    int32_t count;      /* blobs; <= 0: one per 60 cells, at least 1      */
    int32_t reserved;   /* 0                                               */
    double radius;      /* blob sigma in cells; <= 0: 0.3 * sqrt(cells /
                           count), at least 1                              */
    double strength;    /* peak extra weight; 0 gives a uniform field      */
} sapper_mines_clouds;

/** The count `auto` stands for on a width x height board. */
int32_t sapper_mines_clouds_count(int32_t width, int32_t height,
                                  const sapper_mines_clouds *c);

/** Writes the width*height field (every value >= 1) into field, drawing
 *  the blobs from rng. [any time] */
void sapper_mines_clouds_field(int32_t width, int32_t height,
                               const sapper_mines_clouds *c, sapper_rng *rng,
                               double *field);

/** Scratch entry of the weighted draw. */
typedef struct sapper_mines_wkey {
    double key;
    int32_t cell;
    int32_t reserved;
} sapper_mines_wkey;

/**
 * Places `mines` distinct mines among cells[0..n) (cell indices), each
 * successive mine taking a remaining cell with probability proportional to
 * weight[cell] (weights > 0; indexed by cell), by Efraimidis-Spirakis
 * keys: log(u)/w, the `mines` largest win. Sets mine[cell] = 1 for them
 * and leaves the other entries alone. scratch has n entries. mines <= n.
 */
void sapper_mines_draw_weighted(const int32_t *cells, int32_t n,
                                const double *weight, int32_t mines,
                                sapper_rng *rng, sapper_mines_wkey *scratch,
                                uint8_t *mine);

/**
 * A whole cloud board: draws a field for width x height from rng, then
 * `mines` mines from it, none on the keep_free cells (nkeep entries, the
 * first-click policy; duplicates and out-of-range entries ignored). Writes
 * mine (width*height bytes, 1 = mine). SAPPER_ERR_PARAM when fewer cells
 * are open than mines, SAPPER_ERR_NOMEM. [any time]
 */
sapper_status sapper_mines_clouds_place(int32_t width, int32_t height,
                                        const sapper_mines_clouds *c,
                                        const int32_t *keep_free,
                                        int32_t nkeep, int32_t mines,
                                        sapper_rng *rng, uint8_t *mine);

#ifdef __cplusplus
}
#endif
#endif /* SAPPER_MINES_CLOUDS_H */
