/*
 * show.c - what the deductive rules show: the mines-family view (after a
 * loss with the analysis codes), the
 * text the line protocol prints (board text, a status line, the legend of
 * the analysis letters) and the extra members of the JSON result. Nothing
 * here changes a state.
 */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>

/* What the text shows for each analysis class, as in the legend. */
static const struct {
    uint8_t code;
    char letter;
    const char *meaning;
} classes[] = {
    {SAPPER_CELL_SAFE_UNKNOWN, 'u', "safe, unknown (gray)"},
    {SAPPER_CELL_SAFE_KNOWN, 's', "safe, known (green)"},
    {SAPPER_CELL_MINE_UNKNOWN, 'm', "mine, unknown (purple)"},
    {SAPPER_CELL_MINE_KNOWN, 'k', "mine, known (yellow)"},
    {SAPPER_CELL_MINE_CLICKED, 'x', "mine, known, clicked (red)"},
    {SAPPER_CELL_MINE_CLICKED_UNKNOWN, 'c', "mine, unknown, clicked (red)"},
};

#define NCLASSES (sizeof classes / sizeof classes[0])

/* 1 for seat 0, 2 for the omniscient seat, 0 for a seat that does not
   exist. */
static int viewer_of(int32_t seat)
{
    return seat == 0 ? 1 : seat == SAPPER_OMNISCIENT ? 2 : 0;
}

/* The view code of cell: the analysis after a loss, else the board as the
   player (or, omniscient, everyone) sees it. */
static uint8_t cell_code(const ded_state *s, int32_t c, int omniscient)
{
    if (s->analysis)
        return s->analysis[c] ? s->analysis[c]
             : sapper_board_code(&s->board, c, SAPPER_BOARD_SHOW_PLAYER);
    return sapper_board_code(&s->board, c, omniscient
                             ? SAPPER_BOARD_SHOW_ALL
                             : SAPPER_BOARD_SHOW_PLAYER);
}

int64_t ded_observe(const void *state, int32_t seat, void *out, size_t cap)
{
    const ded_state *s = state;
    const sapper_board *b = &s->board;
    int who = viewer_of(seat);
    size_t need = sapper_mines_view_size(b->width, b->height);
    if (!who)
        return 0;
    sapper_mines_view *v = sapper_board_view_begin(
        b, out, cap, seat, ded_current_player(s), 1, s->moves);
    if (!v)
        return (int64_t)need;
    for (int32_t c = 0; c < b->cells; c++) {
        v->cells[c] = cell_code(s, c, who == 2);
        v->mines_exposed += v->cells[c] == SAPPER_CELL_MINE;
    }
    return (int64_t)need;
}

/* ---- text ---------------------------------------------------------- */

/* Appends printf text at *pos, counting what does not fit. */
static void put(char *buf, size_t cap, size_t *pos, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void put(char *buf, size_t cap, size_t *pos, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(*pos < cap ? buf + *pos : NULL,
                      *pos < cap ? cap - *pos : 0, fmt, ap);
    va_end(ap);
    *pos += n > 0 ? (size_t)n : 0;
}

static char code_char(uint8_t code)
{
    uint8_t cls = sapper_cell_analysis(code);
    for (size_t i = 0; cls && i < NCLASSES; i++)
        if (classes[i].code == cls)
            return (char)(code == cls ? classes[i].letter
                                      : classes[i].letter - 'a' + 'A');
    if (code == SAPPER_CELL_MARKED)
        return ':';
    return sapper_board_code_char(code);
}

static void put_status(const ded_state *s, char *buf, size_t cap,
                       size_t *pos)
{
    const sapper_board *b = &s->board;
    if (s->outcome == DED_ONGOING)
        put(buf, cap, pos, "safe cells left: %d, mines forgiven: %d\n",
            ded_safe_left(s), s->forgiven);
    else if (s->outcome == DED_WON)
        put(buf, cap, pos, "You win (mines forgiven: %d)\n", s->forgiven);
    else
        put(buf, cap, pos, "You lose: cell %d %d is a mine%s; %d safe "
            "cell%s could be deduced\n", s->lost_cell % b->width,
            s->lost_cell / b->width, s->lost_known
            ? " that could be deduced" : "", s->safe_known,
            s->safe_known == 1 ? "" : "s");
}

static void put_legend(char *buf, size_t cap, size_t *pos)
{
    put(buf, cap, pos, "legend:");
    for (size_t i = 0; i < NCLASSES; i++)
        put(buf, cap, pos, " %c %s%s", classes[i].letter, classes[i].meaning,
            i + 1 < NCLASSES ? "," : ";");
    put(buf, cap, pos, " upper case: marked; * mine forgiven\n");
}

int64_t ded_render_text(const void *state, int32_t seat, char *buf,
                        size_t cap)
{
    const ded_state *s = state;
    const sapper_board *b = &s->board;
    int who = viewer_of(seat);
    size_t pos = 0;
    if (cap > 0)
        buf[0] = '\0';
    if (!who)
        return 0;
    put(buf, cap, &pos, "%d %d %d\n", b->width, b->height, b->mines);
    for (int32_t y = 0; y < b->height; y++) {
        for (int32_t x = 0; x < b->width; x++)
            put(buf, cap, &pos, "%c",
                code_char(cell_code(s, y * b->width + x, who == 2)));
        put(buf, cap, &pos, "\n");
    }
    put_status(s, buf, cap, &pos);
    if (s->analysis)
        put_legend(buf, cap, &pos);
    return (int64_t)pos;
}

int64_t ded_result_json(const void *state, char *buf, size_t cap)
{
    const ded_state *s = state;
    const sapper_board *b = &s->board;
    char lost[48] = "null";
    if (s->lost_cell >= 0)
        snprintf(lost, sizeof lost, "[%d,%d]", s->lost_cell % b->width,
                 s->lost_cell / b->width);
    int64_t n = snprintf(buf, cap, ",\"width\":%d,\"height\":%d,\"mines\":%d,"
                    "\"preset\":\"%s\",\"safe_left\":%d,\"forgiven\":%d,"
                    "\"lost_on\":%s,\"lost_on_known_mine\":%s,"
                    "\"safe_known\":%d,\"studies\":%d,"
                    "\"approximate\":%s", b->width, b->height, b->mines,
                    s->game->preset, ded_safe_left(s), s->forgiven, lost,
                    s->lost_known ? "true" : "false", s->safe_known,
                    s->studies,
                    s->approximate ? "true" : "false");
    size_t left = buf && (size_t)n < cap ? cap - (size_t)n : 0;
    int64_t stats = sapper_board_stats_json(b, s->clicks, left ? buf + n : NULL, left);
    return stats < 0 ? stats : n + stats;
}

void ded_mines_record(const void *state, sapper_mines_record *out)
{
    const ded_state *s = state;
    const sapper_board *b = &s->board;
    sapper_mines_record r = {.struct_size = sizeof r, .lost_x = -1, .lost_y = -1};
    sapper_board_record(b, s->clicks, &r);   /* out of memory: nothing counted */
    r.flags |= SAPPER_MINES_REC_FORGIVES;
    r.forgiven = s->forgiven;
    if (s->lost_cell >= 0) {
        r.flags |= SAPPER_MINES_REC_LOST_ON;
        r.lost_x = s->lost_cell % b->width;
        r.lost_y = s->lost_cell / b->width;
    }
    sapper_mines_record_fill(out, &r);
}
