/*
 * position_svg.c - a position as SVG (position_svg.h): one square per
 * cell, its face (a number, a flag, a mine) or its odds, a legend of the
 * colours, the coordinates along the edges, a title wrapped to fit, and
 * on a lost game's last picture the fatal cell outlined.
 */
#include "position_svg.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "report_svg.h"

#define CELL 30
#define MARGIN 28
#define TOP 40             /* a one-line title and the column numbers */
#define LEGEND 40
#define TITLE_FONT 14.0
#define TITLE_EM 0.7       /* a bold glyph's width in em, a little wide */
#define FATAL "#000000"

/* The overlay's colour for a mine probability. */
static const char *odds_colour(double p)
{
    return p <= 0 ? "#00c853" : p >= 1 ? "#ff1744" : p < 0.1 ? "#81c784"
         : p < 0.4 ? "#ffd54f" : "#e57373";
}

/* What an open or marked cell shows, or NULL for an unknown one. */
static const char *face(uint8_t code, char buf[4])
{
    if (code <= 8) {
        snprintf(buf, 4, "%u", (unsigned)code);
        return code ? buf : "";
    }
    if (code == SAPPER_CELL_MINE || code >= SAPPER_CELL_CLAIMED)
        return "*";
    return NULL;
}

static void cell(sapper_strbuf *out, const sapper_mines_position *p, const double *prob,
                 double top, int32_t x, int32_t y)
{
    uint8_t code = p->cells[y * p->width + x];
    char buf[4], pct[16];
    const char *f = face(code, buf);
    double px = MARGIN + CELL * x, py = top + CELL * y;
    const char *fill = f ? "#e0e0e0" : prob ? odds_colour(prob[y * p->width + x]) : "#9e9e9e";
    sapper_strbuf_printf(out, "<rect class=\"mark\" x=\"%.0f\" y=\"%.0f\" width=\"%d\" "
                         "height=\"%d\" fill=\"%s\" stroke=\"#616161\"/>", px, py, CELL,
                         CELL, fill);
    if (!f && prob) {
        double v = prob[y * p->width + x];
        snprintf(pct, sizeof pct, v <= 0 ? "0" : v >= 1 ? "100" : v < 0.01 ? "<1" : v > 0.99
                 ? ">99" : "%.0f", 100 * v);
        f = pct;
    } else if (!f) {
        f = code == SAPPER_CELL_FLAGGED ? "F" : code == SAPPER_CELL_MARKED ? "?" : "";
    }
    sapper_strbuf_printf(out, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\" "
                         "font-size=\"%d\">", px + CELL / 2.0, py + CELL * 0.66,
                         f[0] && f[1] && f[2] ? 10 : 13);
    svg_escape(out, f);
    sapper_strbuf_printf(out, "</text>");
}

static void legend(sapper_strbuf *out, double y, int odds, int fatal)
{
    static const struct { const char *colour, *text; } keys[] = {
        {"#00c853", "safe"}, {"#81c784", "< 10%"}, {"#ffd54f", "< 40%"},
        {"#e57373", ">= 40%"}, {"#ff1744", "a mine"}};
    size_t n = odds ? sizeof keys / sizeof keys[0] : 0;
    for (size_t i = 0; i < n; i++) {
        double x = MARGIN + 78.0 * (double)i;
        sapper_strbuf_printf(out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"14\" height=\"14\" "
                             "fill=\"%s\"/><text x=\"%.0f\" y=\"%.0f\" font-size=\"12\">",
                             x, y, keys[i].colour, x + 18, y + 12);
        svg_escape(out, keys[i].text);
        sapper_strbuf_printf(out, "</text>");
    }
    if (fatal)
        sapper_strbuf_printf(out, "<rect x=\"%d\" y=\"%.0f\" width=\"14\" height=\"14\" "
                             "fill=\"none\" stroke=\"" FATAL "\" stroke-width=\"3\"/>"
                             "<text x=\"%d\" y=\"%.0f\" font-size=\"12\">lost on this "
                             "cell</text>", MARGIN, y + (odds ? 22 : 0), MARGIN + 18,
                             y + (odds ? 34 : 12));
}

/* The cell the game was lost on, outlined thick over its square. */
static void fatal_mark(sapper_strbuf *out, double top, int32_t x, int32_t y)
{
    sapper_strbuf_printf(out, "<rect class=\"fatal\" x=\"%.1f\" y=\"%.1f\" width=\"%d\" "
                         "height=\"%d\" fill=\"none\" stroke=\"" FATAL "\" "
                         "stroke-width=\"4\"><title>lost on %d %d</title></rect>",
                         MARGIN + CELL * x + 2.0, top + CELL * y + 2.0, CELL - 4, CELL - 4,
                         x, y);
}

static void edges(sapper_strbuf *out, const sapper_mines_position *p, double top)
{
    for (int32_t x = 0; x < p->width; x += x < 10 ? 1 : 5)
        sapper_strbuf_printf(out, "<text x=\"%d\" y=\"%.0f\" font-size=\"9\" text-anchor="
                             "\"middle\">%d</text>", MARGIN + CELL * x + CELL / 2, top - 3, x);
    for (int32_t y = 0; y < p->height; y++)
        sapper_strbuf_printf(out, "<text x=\"%d\" y=\"%.0f\" font-size=\"9\" text-anchor="
                             "\"end\">%d</text>", MARGIN - 3, top + CELL * y + CELL / 2 + 3, y);
}

void position_svg_lost(sapper_strbuf *out, const char *title,
                       const sapper_mines_position *p, const double *prob, int32_t fatal)
{
    int w = 2 * MARGIN + CELL * p->width;
    w = w < 420 ? 420 : w;
    /* the title in as many lines as its words need at this width */
    size_t lines = svg_wrap_sized(NULL, 0, 0, w - 2 * MARGIN, TITLE_FONT, TITLE_EM, "title",
                                  title);
    double top = TOP + 1.3 * TITLE_FONT * (double)(lines - (lines > 0));
    int has_fatal = fatal >= 0 && fatal < p->width * p->height;
    int h = (int)top + CELL * p->height + MARGIN + (prob || has_fatal ? LEGEND : 0) +
            (prob && has_fatal ? 22 : 0);
    sapper_strbuf_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" "
                         "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                         "font-family=\"sans-serif\" data-marks=\"%d\"><title>", w, h, w, h,
                         p->width * p->height);
    svg_escape(out, title);
    sapper_strbuf_printf(out, "</title><style>.title{font-weight:bold}</style>");
    svg_wrap_sized(out, MARGIN, 22, w - 2 * MARGIN, TITLE_FONT, TITLE_EM, "title", title);
    for (int32_t y = 0; y < p->height; y++)
        for (int32_t x = 0; x < p->width; x++)
            cell(out, p, prob, top, x, y);
    if (has_fatal)
        fatal_mark(out, top, fatal % p->width, fatal / p->width);
    edges(out, p, top);
    if (prob || has_fatal)
        legend(out, top + CELL * p->height + 14.0, prob != NULL, has_fatal);
    sapper_strbuf_printf(out, "</svg>\n");
}

void position_svg(sapper_strbuf *out, const char *title,
                  const sapper_mines_position *p, const double *prob)
{
    position_svg_lost(out, title, p, prob, -1);
}

int position_svg_write(const char *path, const sapper_strbuf *text)
{
    FILE *f = fopen(path, "w");
    int ok = f && fwrite(text->data, 1, text->len, f) == text->len;
    int saved = errno;
    ok = f && fclose(f) == 0 && ok;
    if (!ok) {
        if (f)
            unlink(path);
        errno = saved ? saved : EIO;
        return -1;
    }
    return 0;
}
