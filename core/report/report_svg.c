/*
 * report_svg.c - the charts of the report as SVG text (report_svg.h):
 * scales, axes with round ticks and units, bars with interval whiskers
 * (the number past both), lines with bands, heat maps with their numbers
 * written inside the cells, histograms, and text wrapped to a width.
 * Every number goes through a linear scale; every chart says how many
 * marks it drew. Text widths are estimated (a glyph as 0.62 em), not
 * measured: the report's browser test measures them.
 */
#include "report_svg.h"
#include "escape.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define WIDTH 680          /* every chart's width in px */
#define LEFT 150           /* room for the labels on the left */
#define RIGHT 30
#define TOP 34             /* the title */
#define BOTTOM 46          /* the x axis, its ticks and its unit */
#define ROW 26             /* a bar's row */
#define PLOT_H 240         /* a line chart's or histogram's plot height */
#define TICKS 5

static const char *const okabe_ito[] = {"#0072B2", "#E69F00", "#009E73", "#CC79A7",
                                        "#56B4E9", "#D55E00", "#F0E442", "#000000"};

const char *svg_colour(size_t i)
{
    return okabe_ito[i % (sizeof okabe_ito / sizeof okabe_ito[0])];
}

void svg_viridis(double t, char buf[8])
{
    static const unsigned char stops[5][3] = {
        {68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}};
    t = isfinite(t) ? (t < 0 ? 0 : t > 1 ? 1 : t) : 0;
    double at = t * 4;
    int i = at >= 4 ? 3 : (int)at;
    double f = at - i;
    int rgb[3];
    for (int c = 0; c < 3; c++)
        rgb[c] = (int)lround(stops[i][c] + f * (stops[i + 1][c] - stops[i][c]));
    snprintf(buf, 8, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

/* Text of the database (plugins' names, defaults, log lines) in a page:
   HTML's specials as entities, and control characters and bytes that are
   not UTF-8 as visible \xHH (sapper_escape): an HTML page may hold none. */
void svg_escape(sapper_strbuf *out, const char *text)
{
    for (const char *p = text; *p;) {
        size_t run = strcspn(p, "&<>\"");
        sapper_escape(out, p, run, SAPPER_ESCAPE_KEEP_LINES);
        p += run;
        switch (*p) {
        case '&': sapper_strbuf_printf(out, "&amp;"); break;
        case '<': sapper_strbuf_printf(out, "&lt;"); break;
        case '>': sapper_strbuf_printf(out, "&gt;"); break;
        case '"': sapper_strbuf_printf(out, "&quot;"); break;
        default: return;
        }
        p++;
    }
}

/* ---- frame, scales, axes --------------------------------------------- */

typedef struct scale {
    double lo, hi;       /* the data range */
    double from, to;     /* the pixel range */
} scale;

static double at(const scale *s, double v)
{
    double span = s->hi - s->lo;
    double t = span > 0 ? (v - s->lo) / span : 0.5;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return s->from + t * (s->to - s->from);
}

static void open_svg(sapper_strbuf *out, const char *title, int height, size_t marks)
{
    sapper_strbuf_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" "
                         "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                         "data-marks=\"%zu\"><title>", WIDTH, height, WIDTH, height,
                         marks);
    svg_escape(out, title);
    sapper_strbuf_printf(out, "</title><text class=\"title\" x=\"%d\" y=\"20\">", LEFT);
    svg_escape(out, title);
    sapper_strbuf_printf(out, "</text>");
}

static void text_at(sapper_strbuf *out, double x, double y, const char *anchor,
                    const char *cls, const char *text)
{
    sapper_strbuf_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" class=\"%s\">",
                         x, y, anchor, cls);
    svg_escape(out, text);
    sapper_strbuf_printf(out, "</text>");
}

/* A round step for about TICKS ticks over span: 1, 2 or 5 times a power
   of ten, so the ticks read 0, 20, 40 and not 0, 27.6, 55.1. */
static double round_step(double span)
{
    double raw = span > 0 && isfinite(span) ? span / TICKS : 1;
    double mag = pow(10, floor(log10(raw))), norm = raw / mag;
    return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * mag;
}

/* Widens s's data range to whole steps (in units of value * mult, the
   numbers the ticks print; at least `least`, 1 on an axis of counts) and
   returns the step in data units. */
static double round_scale(scale *s, double mult, double least)
{
    double lo = s->lo * mult, hi = s->hi * mult;
    double step = fmax(round_step(hi - lo), least);
    s->lo = floor(lo / step + 1e-9) * step / mult;
    s->hi = ceil(hi / step - 1e-9) * step / mult;
    if (s->hi <= s->lo)
        s->hi = s->lo + step / mult;
    return step / mult;
}

/* The tick values of a rounded scale: lo, lo + step, ... hi. */
static int tick_count(const scale *s, double step)
{
    return (int)lround((s->hi - s->lo) / step);
}

/* A tick's label: v in fmt ("%.3f", "%+.0f", "%.1f%%"), with more decimals
   when fmt's would print two ticks step apart alike (0.0002 steps). */
static void tick_label(char *buf, size_t cap, const char *fmt, double v, double step)
{
    int need = step > 0 ? (int)ceil(-log10(step) - 1e-9) : 0;
    const char *dot = strstr(fmt, ".");
    char wider[32];
    need = need < 0 ? 0 : need > 9 ? 9 : need;
    if (dot && dot[1] >= '0' && dot[1] <= '9' && dot[1] - '0' < need && strlen(fmt) < 24) {
        snprintf(wider, sizeof wider, "%.*s.%d%s", (int)(dot - fmt), fmt, need, dot + 2);
        fmt = wider;
    }
    snprintf(buf, cap, fmt, fabs(v) < step * 1e-6 ? 0 : v);
}

/* The x axis at pixel row y: round ticks (the scale widened to them),
   their values (value * mult in fmt) and the unit under them. */
static void x_axis(sapper_strbuf *out, const scale *x, double step, double y,
                   const char *unit, double mult, const char *fmt)
{
    char label[64];
    sapper_strbuf_printf(out, "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                         "y2=\"%.1f\"/>", x->from, y, x->to, y);
    for (int i = 0, n = tick_count(x, step); i <= n; i++) {
        double v = x->lo + step * i, px = at(x, v);
        sapper_strbuf_printf(out, "<line class=\"tick\" x1=\"%.1f\" y1=\"%.1f\" "
                             "x2=\"%.1f\" y2=\"%.1f\"/>", px, y, px, y + 4);
        tick_label(label, sizeof label, fmt, v * mult, step * mult);
        text_at(out, px, y + 16, "middle", "tick", label);
    }
    text_at(out, (x->from + x->to) / 2, y + 34, "middle", "unit", unit);
}

/* The y axis at pixel column x, as x_axis. */
static void y_axis(sapper_strbuf *out, const scale *y, double step, double x,
                   const char *unit, const char *fmt)
{
    char label[64];
    sapper_strbuf_printf(out, "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                         "y2=\"%.1f\"/>", x, y->from, x, y->to);
    for (int i = 0, n = tick_count(y, step); i <= n; i++) {
        double v = y->lo + step * i, py = at(y, v);
        tick_label(label, sizeof label, fmt, v, step);
        text_at(out, x - 6, py + 4, "end", "tick", label);
    }
    sapper_strbuf_printf(out, "<text class=\"unit\" transform=\"translate(%.1f,%.1f) "
                         "rotate(-90)\" text-anchor=\"middle\">", x - 56,
                         (y->from + y->to) / 2);
    svg_escape(out, unit);
    sapper_strbuf_printf(out, "</text>");
}

/* ---- bars ------------------------------------------------------------- */

static void bar_row(sapper_strbuf *out, const scale *x, const svg_bar *b, size_t i,
                    double scale_by, const char *fmt)
{
    double y = TOP + ROW * (double)i, x0 = at(x, x->lo > 0 ? x->lo : 0);
    double x1 = at(x, b->value), end = fmax(x0, x1);
    char value[64];
    text_at(out, LEFT - 8, y + ROW * 0.65, "end", "label", b->label);
    sapper_strbuf_printf(out, "<rect class=\"mark\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                         "height=\"%.1f\" fill=\"%s\"/>", x0 < x1 ? x0 : x1, y + 4,
                         fabs(x1 - x0), ROW - 8.0, svg_colour(0));
    if (b->hi > b->lo) {
        end = fmax(end, at(x, b->hi));
        sapper_strbuf_printf(out, "<path class=\"whisker\" d=\"M%.1f %.1fH%.1fM%.1f %.1fV%.1f"
                             "M%.1f %.1fV%.1f\"/>", at(x, b->lo), y + ROW / 2.0,
                             at(x, b->hi), at(x, b->lo), y + 7.0, y + ROW - 7.0,
                             at(x, b->hi), y + 7.0, y + ROW - 7.0);
    }
    /* right of the bar and of its whisker, so the number is never under it */
    snprintf(value, sizeof value, fmt, b->value * scale_by);
    text_at(out, end + 4, y + ROW * 0.65, "start", "value", value);
}

void svg_bars(sapper_strbuf *out, const char *title, const char *unit,
              const svg_bar *bars, size_t n, double min, double max,
              double scale_by, const char *fmt)
{
    int height = TOP + ROW * (int)n + BOTTOM;
    scale x = {min, max, LEFT, WIDTH - RIGHT - 60};
    double step = round_scale(&x, scale_by, 0);
    open_svg(out, title, height, n);
    for (size_t i = 0; i < n; i++)
        bar_row(out, &x, &bars[i], i, scale_by, fmt);
    x_axis(out, &x, step, TOP + ROW * (double)n + 4, unit, scale_by, fmt);
    sapper_strbuf_printf(out, "</svg>\n");
}

/* ---- lines ------------------------------------------------------------ */

static double last_x(const svg_line *lines, size_t n)
{
    double hi = 1;
    for (size_t i = 0; i < n; i++)
        if (lines[i].n && lines[i].x[lines[i].n - 1] > hi)
            hi = lines[i].x[lines[i].n - 1];
    return hi;
}

static void band(sapper_strbuf *out, const scale *x, const scale *y, const svg_line *l,
                 size_t i)
{
    sapper_strbuf_printf(out, "<path class=\"band\" fill=\"%s\" d=\"", svg_colour(i));
    for (size_t k = 0; k < l->n; k++)
        sapper_strbuf_printf(out, "%c%.1f %.1f", k ? 'L' : 'M', at(x, l->x[k]),
                             at(y, l->hi[k]));
    for (size_t k = l->n; k-- > 0;)
        sapper_strbuf_printf(out, "L%.1f %.1f", at(x, l->x[k]), at(y, l->lo[k]));
    sapper_strbuf_printf(out, "Z\"/>");
}

static void line(sapper_strbuf *out, const scale *x, const scale *y, const svg_line *l,
                 size_t i)
{
    if (l->lo && l->hi && l->n)
        band(out, x, y, l, i);
    sapper_strbuf_printf(out, "<path class=\"mark line\" stroke=\"%s\" d=\"", svg_colour(i));
    for (size_t k = 0; k < l->n; k++)
        sapper_strbuf_printf(out, "%c%.1f %.1f", k ? 'L' : 'M', at(x, l->x[k]),
                             at(y, l->y[k]));
    sapper_strbuf_printf(out, "\"/>");
    double ly = TOP + 14.0 * (double)i;
    sapper_strbuf_printf(out, "<rect x=\"%d\" y=\"%.1f\" width=\"10\" height=\"10\" "
                         "fill=\"%s\"/>", WIDTH - RIGHT - 120, ly, svg_colour(i));
    text_at(out, WIDTH - RIGHT - 106, ly + 9, "start", "legend", l->label);
}

void svg_lines(sapper_strbuf *out, const char *title, const char *xunit,
               const char *yunit, const svg_line *lines, size_t n, double ymin,
               double ymax, const double *hlines, size_t nh)
{
    scale x = {0, last_x(lines, n), LEFT, WIDTH - RIGHT - 130};
    scale y = {ymin, ymax, TOP + PLOT_H, TOP};
    double xstep = round_scale(&x, 1, 1), ystep = round_scale(&y, 1, 0);
    open_svg(out, title, TOP + PLOT_H + BOTTOM, n);
    for (size_t i = 0; i < nh; i++)
        sapper_strbuf_printf(out, "<line class=\"bound\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                             "y2=\"%.1f\"/>", x.from, at(&y, hlines[i]), x.to,
                             at(&y, hlines[i]));
    for (size_t i = 0; i < n; i++)
        line(out, &x, &y, &lines[i], i);
    x_axis(out, &x, xstep, TOP + PLOT_H + 4.0, xunit, 1, "%.0f");
    y_axis(out, &y, ystep, LEFT - 4.0, yunit, ystep < 0.1 ? "%.2f" : "%.1f");
    sapper_strbuf_printf(out, "</svg>\n");
}

/* ---- heat maps -------------------------------------------------------- */

static size_t filled(const double *v, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += isnan(v[i]) ? 0u : 1u;
    return k;
}

/* The font size (px, at most most) at which text fits in width px: a
   glyph of sans-serif is taken as 0.62 em wide, a little more than the
   digits and lower-case letters of common fonts are. */
static double fit_font(double width, const char *text, double most)
{
    size_t n = strlen(text);
    double f = n ? width / (0.62 * (double)n) : most;
    return f < most ? f : most;
}

static void text_sized(sapper_strbuf *out, double x, double y, double font,
                       const char *anchor, const char *cls, const char *text)
{
    sapper_strbuf_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" class=\"%s\" "
                         "style=\"font-size:%.1fpx\">", x, y, anchor, cls, font);
    svg_escape(out, text);
    sapper_strbuf_printf(out, "</text>");
}

/* text written inside the square (x, y, side): split at its first space
   into two lines ("31:0" over "p=9.3e-10"), at the size both fit. */
static void caption(sapper_strbuf *out, double x, double y, double side, const char *cls,
                    const char *text)
{
    char first[64], second[64] = "";
    const char *space = strchr(text, ' ');
    size_t n = space ? (size_t)(space - text) : strlen(text);
    snprintf(first, sizeof first, "%.*s", (int)(n < 63 ? n : 63), text);
    if (space)
        snprintf(second, sizeof second, "%s", space + 1);
    double room = side - 6, f = fit_font(room, first, 12);
    f = fmin(f, fit_font(room, second, 12));
    f = fmin(f, room / (second[0] ? 2.4 : 1.2));
    double cx = x + side / 2, cy = y + side / 2 + 0.35 * f;
    if (!second[0]) {
        text_sized(out, cx, cy, f, "middle", cls, first);
        return;
    }
    text_sized(out, cx, cy - 0.6 * f, f, "middle", cls, first);
    text_sized(out, cx, cy + 0.6 * f, f, "middle", cls, second);
}

/* The length of text's first line of at most most characters, broken at
   a space when one is there. */
static size_t line_length(const char *text, size_t most)
{
    size_t n = strlen(text), cut = most;
    if (n <= most)
        return n;
    while (cut > 0 && text[cut] != ' ')
        cut--;
    return cut ? cut : most;
}

size_t svg_wrap_sized(sapper_strbuf *out, double x, double y, double width, double font,
                      double em, const char *cls, const char *text)
{
    size_t most = (size_t)(width / (em * font)), lines = 0;
    most = most > 0 ? most : 1;
    while (*text) {
        size_t n = line_length(text, most);
        if (out) {
            sapper_strbuf_printf(out, "<text x=\"%.1f\" y=\"%.1f\" class=\"%s\" "
                                 "style=\"font-size:%.1fpx\">", x,
                                 y + 1.3 * font * (double)lines, cls, font);
            char line[512];
            snprintf(line, sizeof line, "%.*s", (int)(n < 511 ? n : 511), text);
            svg_escape(out, line);
            sapper_strbuf_printf(out, "</text>");
        }
        lines++;
        text += n;
        while (*text == ' ')
            text++;
    }
    return lines;
}

/* svg_wrap_sized at the report's 12 px italic (a glyph as 0.62 em). */
static size_t svg_wrap(sapper_strbuf *out, double x, double y, double width, double font,
                       const char *cls, const char *text)
{
    return svg_wrap_sized(out, x, y, width, font, 0.62, cls, text);
}

static void matrix_cell(sapper_strbuf *out, double x, double y, double size, double v,
                        const char *text)
{
    char colour[8];
    if (isnan(v)) {   /* nothing to share out (0:0): grey, not a colour of the scale */
        sapper_strbuf_printf(out, "<rect class=\"nodata\" x=\"%.1f\" y=\"%.1f\" "
                             "width=\"%.1f\" height=\"%.1f\"/>", x, y, size - 2, size - 2);
        caption(out, x, y, size - 2, "cell dark", text);
        return;
    }
    svg_viridis(v, colour);
    sapper_strbuf_printf(out, "<rect class=\"mark\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                         "height=\"%.1f\" fill=\"%s\"/>", x, y, size - 2, size - 2, colour);
    if (text && text[0])
        caption(out, x, y, size - 2, v > 0.55 ? "cell dark" : "cell light", text);
}

/* The row and column names of a k x k matrix of side size from (LEFT, TOP),
   each at the size that fits its room. */
static void matrix_names(sapper_strbuf *out, const char *const *names, size_t k,
                         double size)
{
    for (size_t j = 0; j < k; j++)
        text_sized(out, LEFT + size * ((double)j + 0.5) - 1, TOP + 14, fit_font(size - 6,
                   names[j], 12), "middle", "label", names[j]);
    for (size_t i = 0; i < k; i++)
        text_sized(out, LEFT - 8, TOP + 20 + size * ((double)i + 0.5) + 4,
                   fit_font(LEFT - 16, names[i], 12), "end", "label", names[i]);
}

void svg_matrix(sapper_strbuf *out, const char *title, const char *legend,
                const char *const *names, size_t k, const double *value,
                const char *const *text)
{
    double size = k ? (WIDTH - LEFT - RIGHT) / (double)k : 0;
    size = size > 90 ? 90 : size;
    size_t lines = svg_wrap(NULL, 0, 0, WIDTH - LEFT - RIGHT, 12, "unit", legend);
    int height = TOP + 20 + (int)(size * (double)k) + 30 + 16 * (int)lines;
    open_svg(out, title, height, filled(value, k * k));
    matrix_names(out, names, k, size);
    for (size_t i = 0; i < k; i++)
        for (size_t j = 0; j < k; j++)
            if (!isnan(value[i * k + j]) || (text && text[i * k + j][0]))
                matrix_cell(out, LEFT + size * (double)j, TOP + 20 + size * (double)i,
                            size, value[i * k + j], text ? text[i * k + j] : "");
    svg_wrap(out, LEFT, TOP + 20 + size * (double)k + 24, WIDTH - LEFT - RIGHT, 12, "unit",
             legend);
    sapper_strbuf_printf(out, "</svg>\n");
}

/* One cell of a board heat map: its colour and the count written in. */
static void board_cell(sapper_strbuf *out, double x, double y, double size, int64_t count,
                       int64_t top, size_t cx, size_t cy)
{
    char colour[8], number[24];
    double t = (double)count / (double)top;
    svg_viridis(t, colour);
    sapper_strbuf_printf(out, "<rect class=\"mark\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                         "height=\"%.1f\" fill=\"%s\"><title>%zu %zu: %lld</title></rect>",
                         x, y, size, size, colour, cx, cy, (long long)count);
    snprintf(number, sizeof number, "%lld", (long long)count);
    if (size >= 10)   /* a smaller cell keeps its count in the tooltip only */
        caption(out, x, y, size, t > 0.55 ? "cell dark" : "cell light", number);
}

void svg_board_heat(sapper_strbuf *out, const char *title, int32_t width,
                    int32_t height, const int64_t *count)
{
    int64_t top = 0;
    size_t marks = 0, cells = (size_t)width * (size_t)height;
    for (size_t i = 0; i < cells; i++) {
        top = count[i] > top ? count[i] : top;
        marks += count[i] > 0;
    }
    double size = (WIDTH - LEFT - RIGHT) / (double)width;
    size = size > 28 ? 28 : size;
    char legend[160];
    snprintf(legend, sizeof legend, "x to the right, y down; the number and the colour: "
             "games lost on the cell (dark 1, light %lld)", (long long)top);
    size_t lines = svg_wrap(NULL, 0, 0, WIDTH - LEFT - RIGHT, 12, "unit", legend);
    int h = TOP + (int)(size * height) + 24 + 16 * (int)lines;
    open_svg(out, title, h, marks);
    sapper_strbuf_printf(out, "<rect class=\"board\" x=\"%d\" y=\"%d\" width=\"%.1f\" "
                         "height=\"%.1f\"/>", LEFT, TOP, size * width, size * height);
    for (size_t i = 0; i < cells; i++)
        if (count[i] > 0)
            board_cell(out, LEFT + size * (double)(i % (size_t)width),
                       TOP + size * (double)(i / (size_t)width), size, count[i], top,
                       i % (size_t)width, i / (size_t)width);
    svg_wrap(out, LEFT, TOP + size * height + 22, WIDTH - LEFT - RIGHT, 12, "unit", legend);
    sapper_strbuf_printf(out, "</svg>\n");
}

void svg_histogram(sapper_strbuf *out, const char *title, const char *xunit,
                   const double *edge, const int64_t *count, size_t nbins)
{
    int64_t top = 1;
    size_t marks = 0;
    for (size_t i = 0; i < nbins; i++) {
        top = count[i] > top ? count[i] : top;
        marks += count[i] > 0;
    }
    scale x = {edge[0], edge[nbins], LEFT, WIDTH - RIGHT};
    scale y = {0, (double)top, TOP + PLOT_H, TOP};
    double xstep = round_scale(&x, 1, 1), ystep = round_scale(&y, 1, 1);
    open_svg(out, title, TOP + PLOT_H + BOTTOM, marks);
    for (size_t i = 0; i < nbins; i++)
        if (count[i] > 0)
            sapper_strbuf_printf(out, "<rect class=\"mark\" x=\"%.1f\" y=\"%.1f\" "
                                 "width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>",
                                 at(&x, edge[i]) + 0.5, at(&y, (double)count[i]),
                                 at(&x, edge[i + 1]) - at(&x, edge[i]) - 1,
                                 at(&y, 0) - at(&y, (double)count[i]), svg_colour(0));
    x_axis(out, &x, xstep, TOP + PLOT_H + 4.0, xunit, 1, "%.0f");
    y_axis(out, &y, ystep, LEFT - 4.0, "games", "%.0f");
    sapper_strbuf_printf(out, "</svg>\n");
}
