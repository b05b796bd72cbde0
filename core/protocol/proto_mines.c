/*
 * proto_mines.c - the mines family in the protocol (PROTOCOL.md "The mines
 * view"): a sapper_mines_view as `view`, `info` and `row` lines in the
 * board text's glyphs, and action ids as the rules' texts ("reveal 3 4")
 * and back.
 */
#include "proto_internal.h"

#include <stdio.h>
#include <string.h>

#include "sapper/mines.h"

static const char *const verbs[SAPPER_MINES_VERBS] = {"reveal", "flag", "chord", "bomb"};

static char glyph(uint8_t c)
{
    if (c <= 8)
        return (char)('0' + c);
    switch (c) {
    case SAPPER_CELL_HIDDEN: return '?';
    case SAPPER_CELL_FLAGGED: return 'F';
    case SAPPER_CELL_MARKED: return 'M';
    case SAPPER_CELL_CLAIMED: return 'A';
    case SAPPER_CELL_CLAIMED + 1: return 'B';
    default: break;
    }
    uint8_t a = sapper_cell_analysis(c);   /* a lost deductive game's analysis */
    if (a == SAPPER_CELL_SAFE_UNKNOWN || a == SAPPER_CELL_SAFE_KNOWN)
        return c >= SAPPER_CELL_SAFE_UNKNOWN + SAPPER_CELL_ANALYSIS_MARKED ? 'M' : '?';
    return '*';   /* an exposed mine */
}

/* Seat numbers from 1, 0 for none (terminal, simultaneous). */
static int seat_number(int32_t s)
{
    return s >= 0 ? (int)s + 1 : 0;
}

int proto_mines_view(sapper_strbuf *o, sapper_proto_codec *c, const void *view, size_t size)
{
    const uint8_t *cells = sapper_mines_view_cells(view, size);
    if (!cells)
        return -1;
    const sapper_mines_view *v = view;
    if (v->width > 4000 || v->height > 4000)
        return -1;
    c->width = v->width;
    c->height = v->height;
    int players = v->players > 0 && v->players <= SAPPER_MINES_MAX_SEATS ? v->players : 1;
    sapper_strbuf_printf(o, "view mines %d %d\ninfo mines=%d mines_exposed=%d flags=%d "
                         "to_move=%d players=%d moves=%lld points=", (int)v->width,
                         (int)v->height, (int)v->mines, (int)v->mines_exposed, (int)v->flags,
                         seat_number(v->to_move), players, (long long)v->moves);
    for (int i = 0; i < players; i++)
        sapper_strbuf_printf(o, "%s%d", i ? "," : "", (int)v->points[i]);
    sapper_strbuf_append(o, " bombs=", 7);
    for (int i = 0; i < players; i++)
        sapper_strbuf_printf(o, "%s%d", i ? "," : "", (int)(v->bombs >> i & 1));
    sapper_strbuf_append(o, "\n", 1);
    char row[4100];
    for (int32_t y = 0; y < v->height; y++) {
        for (int32_t x = 0; x < v->width; x++)
            row[x] = glyph(cells[(size_t)y * (size_t)v->width + (size_t)x]);
        sapper_strbuf_append(o, "row ", 4);
        sapper_strbuf_append(o, row, (size_t)v->width);
        sapper_strbuf_append(o, "\n", 1);
    }
    return 0;
}

int proto_mines_text(const sapper_proto_codec *c, int64_t id, char *buf, size_t cap)
{
    int32_t verb, x, y;
    if (c->width <= 0 || !sapper_mines_decode(id, c->width, c->height, &verb, &x, &y))
        return -1;
    return snprintf(buf, cap, "%s %d %d", verbs[verb], (int)x, (int)y);
}

int proto_mines_action(const sapper_proto_codec *c, const char *text, int64_t *id,
                       char *why, size_t whycap)
{
    static const char *const expect = "\"reveal X Y\", \"flag X Y\", \"chord X Y\" or "
                                      "\"bomb X Y\" on the board";
    if (c->width <= 0)
        return proto_expected(why, whycap, "no action before the first view", text);
    for (int32_t verb = 0; verb < SAPPER_MINES_VERBS; verb++) {
        size_t n = strlen(verbs[verb]);
        if (strncmp(text, verbs[verb], n) != 0 || text[n] != ' ')
            continue;
        const char *p = text + n + 1;
        int64_t x, y;
        if (proto_number(&p, 0, c->width - 1, &x) || *p++ != ' ' ||
            proto_number(&p, 0, c->height - 1, &y) || *p)
            return proto_expected(why, whycap, expect, text);
        *id = sapper_mines_action(verb, (int32_t)x, (int32_t)y, c->width, c->height);
        return 0;
    }
    return proto_expected(why, whycap, expect, text);
}
