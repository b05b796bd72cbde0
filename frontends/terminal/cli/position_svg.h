/*
 * position_svg.h - a Minesweeper position as an SVG picture: the board as
 * the player sees it (numbers, flags, exposed or claimed mines) and, on
 * every unknown cell, its exact mine probability as a colour and a
 * number, in the colours of the terminal's overlay (green under 10%,
 * yellow under 40%, red from 40%; bright green certainly safe, bright
 * red certainly a mine) with the percentage written in, so the picture
 * reads without colour too. The title is wrapped to the picture's width.
 * For `sapper analyze --format svg` and
 * `sapper replay --svg`.
 */
#ifndef SAPPER_POSITION_SVG_H
#define SAPPER_POSITION_SVG_H

#include "solver.h"
#include "strbuf.h"

/** Appends the SVG of position p (prob: one probability per cell, or NULL
 *  for no odds) with title to out. */
void position_svg(sapper_strbuf *out, const char *title,
                  const sapper_mines_position *p, const double *prob);

/** As position_svg, with the cell fatal (y * width + x; -1: none) marked
 *  as the one the game was lost on: a thick outline and a legend entry. */
void position_svg_lost(sapper_strbuf *out, const char *title,
                       const sapper_mines_position *p, const double *prob, int32_t fatal);

/** Writes text to path whole, or nothing: 0, or -1 with errno set. */
int position_svg_write(const char *path, const sapper_strbuf *text);

#endif
