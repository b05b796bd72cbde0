/*
 * show.c - how a seeker position looks from outside: the mines-family view
 * (claimed mines as SAPPER_CELL_CLAIMED + seat, points, whose turn), the
 * board text with its status line, and the extra members of the JSON
 * result (points, bonus points and statistics per seat).
 *
 * It changes nothing and decides nothing: the rules are in seeker.c and
 * the bonus arithmetic in bonus.c. The board text itself comes from
 * core/mines/board.c.
 */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>

/* SAPPER_BOARD_SHOW_* for seat, or -1 for a seat that does not exist. The
   board is public: both seats see the same cells, and every mine once the
   game is over. */
static int show_for(const seeker_state *s, int32_t seat)
{
    if (seat != SAPPER_OMNISCIENT && seat != SEEKER_RED && seat != SEEKER_BLUE)
        return -1;
    if (seat == SAPPER_OMNISCIENT || s->to_move == SAPPER_TERMINAL)
        return SAPPER_BOARD_SHOW_MINES;
    return SAPPER_BOARD_SHOW_PLAYER;
}

static uint8_t cell_code(const seeker_state *s, int32_t cell, int show)
{
    uint8_t owner = s->owner[cell];
    if (owner != SEEKER_NOBODY)
        return (uint8_t)(SAPPER_CELL_CLAIMED + owner);
    return sapper_board_code(&s->board, cell, show);
}

int64_t seeker_observe(const void *state, int32_t seat, void *out,
                       size_t cap)
{
    const seeker_state *s = state;
    const sapper_board *b = &s->board;
    int show = show_for(s, seat);
    size_t need = sapper_mines_view_size(b->width, b->height);
    if (show < 0)
        return 0;
    sapper_mines_view *v = sapper_board_view_begin(
        b, out, cap, seat, s->to_move, SEEKER_SEATS, s->moves);
    if (!v)
        return (int64_t)need;
    v->points[0] = s->score[0].points;
    v->points[1] = s->score[1].points;
    v->bombs = s->bombs;
    for (int32_t c = 0; c < b->cells; c++) {
        v->cells[c] = cell_code(s, c, show);
        v->mines_exposed += v->cells[c] == SAPPER_CELL_MINE ||
                            v->cells[c] >= SAPPER_CELL_CLAIMED;
    }
    return (int64_t)need;
}

/* ---- text ---------------------------------------------------------- */

/* printf at buf + *pos within cap (always NUL-terminated when cap > 0);
   *pos grows by what was needed, fitting or not. */
static void put(char *buf, size_t cap, size_t *pos, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(*pos < cap ? buf + *pos : NULL,
                      *pos < cap ? cap - *pos : 0, fmt, ap);
    va_end(ap);
    if (n > 0)
        *pos += (size_t)n;
}

/* "red 3 (bonus 4.5)  blue 2 (bonus 1.0)  mines left 46  to move: blue" */
static void put_status(const seeker_state *s, char *buf, size_t cap,
                       size_t *pos)
{
    for (int32_t seat = 0; seat < SEEKER_SEATS; seat++)
        put(buf, cap, pos, "%s %d (bonus %.1f%s)  ", seeker_colour(seat),
            (int)s->score[seat].points, seeker_bonus_points(&s->score[seat]),
            s->bombs >> seat & 1 ? ", bomb" : "");
    put(buf, cap, pos, "mines left %d  ", (int)seeker_remaining(s));
    if (s->to_move != SAPPER_TERMINAL) {
        put(buf, cap, pos, "to move: %s\n", seeker_colour(s->to_move));
        return;
    }
    double r[SEEKER_SEATS];
    seeker_returns(s, r, SEEKER_SEATS);
    put(buf, cap, pos, "winner: %s\n", r[0] > r[1] ? "red"
                                       : r[1] > r[0] ? "blue" : "none");
}

int64_t seeker_render_text(const void *state, int32_t seat, char *buf,
                           size_t cap)
{
    const seeker_state *s = state;
    int show = show_for(s, seat);
    size_t pos = 0;
    if (show < 0) {
        if (cap > 0)
            buf[0] = '\0';
        return 0;
    }
    /* Claimed mines are revealed mines: the board text shows them '*'. */
    pos = (size_t)sapper_board_write_text(&s->board, show, buf, cap);
    put_status(s, buf, cap, &pos);
    return (int64_t)pos;
}

/* ,"bomb":"held","bomb_mines":N for seat in a game with bombs; nothing
   in a game without. */
static void put_bomb(const seeker_state *s, int32_t seat, char *buf,
                     size_t cap, size_t *pos)
{
    if (s->game->bomb_deficit)
        put(buf, cap, pos, ",\"bomb\":\"%s\",\"bomb_mines\":%d",
            s->bombs >> seat & 1 ? "held" : "used", (int)s->bomb_mines[seat]);
}

int64_t seeker_result_json(const void *state, char *buf, size_t cap)
{
    const seeker_state *s = state;
    const sapper_board *b = &s->board;
    size_t pos = 0;
    put(buf, cap, &pos, ",\"width\":%d,\"height\":%d,\"mines\":%d,"
        "\"seeker\":[", (int)b->width, (int)b->height, (int)b->mines);
    for (int32_t seat = 0; seat < SEEKER_SEATS; seat++) {
        const seeker_score *sc = &s->score[seat];
        char stats[256];
        seeker_stats_json(sc, stats, sizeof stats);
        put(buf, cap, &pos, "%s{\"seat\":%d,\"colour\":\"%s\",\"points\":%d,"
            "\"bonus_points\":%.1f,\"bonus_stats\":%s", seat ? "," : "",
            (int)seat + 1, seeker_colour(seat), (int)sc->points,
            seeker_bonus_points(sc), stats);
        put_bomb(s, seat, buf, cap, &pos);
        put(buf, cap, &pos, "}");
    }
    put(buf, cap, &pos, "]");
    return (int64_t)pos;
}

int64_t seeker_seat_json(const void *state, int32_t seat, char *buf, size_t cap)
{
    const seeker_state *s = state;
    size_t pos = 0;
    if (seat < 0 || seat >= SEEKER_SEATS) {
        if (cap)
            buf[0] = 0;
        return 0;
    }
    const seeker_score *sc = &s->score[seat];
    char stats[256];
    seeker_stats_json(sc, stats, sizeof stats);
    put(buf, cap, &pos, ",\"colour\":\"%s\",\"points\":%d,\"bonus_points\":%.1f,"
        "\"bonus_stats\":%s", seeker_colour(seat), (int)sc->points,
        seeker_bonus_points(sc), stats);
    put_bomb(s, seat, buf, cap, &pos);
    return (int64_t)pos;
}

int64_t seeker_result_columns(const void *game, char *buf, size_t cap)
{
    (void)game;
    int n = snprintf(buf, cap, "red_bonus_points $.seeker[0].bonus_points\n"
                     "blue_bonus_points $.seeker[1].bonus_points\n"
                     "red_bonus_stats $.seeker[0].bonus_stats\n"
                     "blue_bonus_stats $.seeker[1].bonus_stats\n");
    return n < 0 ? 0 : n;
}
