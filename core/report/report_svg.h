/*
 * report_svg.h - the charts of `sapper report`, drawn as inline SVG by
 * hand: horizontal bars with 95% intervals, lines with interval bands,
 * heat maps (a matrix with labels, or a board), and histograms. Each
 * chart is one <svg> element with role="img", a <title>, labelled axes
 * with units ticking at round steps (1, 2 or 5 times a power of ten, the
 * axis widened to whole steps), and data-marks="N": the number of elements of class "mark"
 * it draws (a bar, a line, a heat-map cell), which the report's browser
 * test counts. Colours are Okabe and Ito's palette for categories (told
 * apart by people with any common colour-vision deficiency) and viridis
 * for quantities (monotone in lightness, so it also prints in grey).
 *
 * The callers pass numbers; nothing here reads a database.
 */
#ifndef SAPPER_REPORT_SVG_H
#define SAPPER_REPORT_SVG_H

#include <stddef.h>
#include <stdint.h>

#include "strbuf.h"

/** One bar: a value with an interval [lo, hi] (lo = hi = value: none). */
typedef struct svg_bar {
    const char *label;
    double value, lo, hi;
} svg_bar;

/** Horizontal bars on an axis from min to max, with their intervals;
 *  unit names the axis ("win rate, %"), fmt prints a value ("%.1f%%"
 *  of value * scale). */
void svg_bars(sapper_strbuf *out, const char *title, const char *unit,
              const svg_bar *bars, size_t n, double min, double max,
              double scale, const char *fmt);

/** One line of a line chart: n points (x[i], y[i]) with a band
 *  [lo[i], hi[i]] (lo may be NULL: no band). */
typedef struct svg_line {
    const char *label;
    const double *x, *y, *lo, *hi;
    size_t n;
} svg_line;

/** Lines on axes x (xunit) and y (yunit, from ymin to ymax), with a
 *  legend; hlines (may be NULL) are nh horizontal reference lines drawn
 *  dashed (an SPRT's bounds). */
void svg_lines(sapper_strbuf *out, const char *title, const char *xunit,
               const char *yunit, const svg_line *lines, size_t n, double ymin,
               double ymax, const double *hlines, size_t nh);

/** A k x k matrix of values in [0, 1] as a heat map, each cell captioned
 *  with text[i * k + j] (may be NULL) written inside it at the size that
 *  fits; rows and columns labelled with names. A NAN cell with a caption
 *  is drawn grey (there is nothing to colour: no board told the two
 *  apart), one without is left empty. */
void svg_matrix(sapper_strbuf *out, const char *title, const char *legend,
                const char *const *names, size_t k, const double *value,
                const char *const *text);

/** A width x height board's counts as a heat map (0: no mark drawn),
 *  x to the right, y down, as the board text shows it; each count is
 *  written in its cell (when a cell is 10 px or more). */
void svg_board_heat(sapper_strbuf *out, const char *title, int32_t width,
                    int32_t height, const int64_t *count);

/** A histogram: nbins bars, bin i covering [edge[i], edge[i + 1]). */
void svg_histogram(sapper_strbuf *out, const char *title, const char *xunit,
                   const double *edge, const int64_t *count, size_t nbins);

/** text in lines of at most width px (at font px; a glyph taken as em
 *  wide: 0.62 suits the report's text, 0.7 bold), broken at spaces (cut
 *  where a line has none), the first line's baseline at (x, y), the next
 *  1.3 font below, each a <text> of class cls; out may be NULL to count
 *  the lines only. The number of lines. */
size_t svg_wrap_sized(sapper_strbuf *out, double x, double y, double width, double font,
                      double em, const char *cls, const char *text);

/** The viridis colour of t in [0, 1] as "#rrggbb" into buf (8 bytes). */
void svg_viridis(double t, char buf[8]);

/** Category colour i (Okabe-Ito, cycling), "#rrggbb". */
const char *svg_colour(size_t i);

/** text with &, <, > and " escaped, into out. */
void svg_escape(sapper_strbuf *out, const char *text);

#endif
