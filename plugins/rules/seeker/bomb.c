/*
 * bomb.c - the Flags bomb of a Mine-Seeker game played with bomb = true:
 * the 5x5 square a bomb opens, when a seat may throw it (and why not, in
 * words), and what it does to the board, the points and the turn.
 *
 * It does not score bonuses or touch the statistics (a bomb earns points
 * only: seeker.h says why) and does not parse text (action.c). The rule and its sources are in
 * seeker.h and docs/FORMATS.md.
 */
#include "internal.h"
#include "fail.h"

/* [*lo, *hi] along one axis of size cells: the bomb's side centred on c,
   moved inside the board; the whole axis when it is shorter than that. */
static void square_axis(int32_t c, int32_t size, int32_t *lo, int32_t *hi)
{
    const int32_t r = SEEKER_BOMB_SIDE / 2;
    if (size <= SEEKER_BOMB_SIDE) {
        *lo = 0;
        *hi = size - 1;
        return;
    }
    c = c < r ? r : c > size - 1 - r ? size - 1 - r : c;
    *lo = c - r;
    *hi = c + r;
}

typedef struct seeker_square {
    int32_t x0, y0, x1, y1;  /* inclusive corners */
} seeker_square;

/* The square a bomb thrown at cell opens: 5x5, moved inside the board. */
static seeker_square seeker_bomb_square(const sapper_board *b, int32_t cell)
{
    seeker_square q;
    square_axis(cell % b->width, b->width, &q.x0, &q.x1);
    square_axis(cell / b->width, b->height, &q.y0, &q.y1);
    return q;
}

static int32_t hidden_in(const sapper_board *b, seeker_square q)
{
    int32_t n = 0;
    for (int32_t y = q.y0; y <= q.y1; y++)
        for (int32_t x = q.x0; x <= q.x1; x++)
            n += b->state[y * b->width + x] == SAPPER_BOARD_HIDDEN;
    return n;
}

static int32_t deficit(const seeker_state *s, int32_t seat)
{
    return s->score[1 - seat].points - s->score[seat].points;
}

int seeker_bomb_ready(const seeker_state *s, int32_t seat)
{
    return s->game->bomb_deficit > 0 && s->to_move == seat &&
           (seat == SEEKER_RED || seat == SEEKER_BLUE) &&
           (s->bombs >> seat & 1) && deficit(s, seat) >= s->game->bomb_deficit;
}

int seeker_bomb_is_legal(const seeker_state *s, int32_t seat, int32_t cell)
{
    return seeker_bomb_ready(s, seat) &&
           hidden_in(&s->board, seeker_bomb_square(&s->board, cell)) > 0;
}

sapper_status seeker_bomb_refusal(const seeker_state *s, int32_t seat,
                                  int32_t cell, char *err, size_t errcap)
{
    const char *me = seeker_colour(seat);
    seeker_square q = seeker_bomb_square(&s->board, cell);
    if (s->game->bomb_deficit == 0)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_ILLEGAL, "this game has "
                                 "no bombs (the seeker parameter bomb is false)");
    if (!(s->bombs >> seat & 1))
        return sapper_mines_fail(err, errcap, SAPPER_ERR_ILLEGAL, "%s has used "
                                 "its bomb: there is one per player a game", me);
    if (deficit(s, seat) < s->game->bomb_deficit)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_ILLEGAL, "%s may bomb "
                                 "only while behind by %d point%s or more (red "
                                 "%d, blue %d)", me,
                                 s->game->bomb_deficit,
                                 s->game->bomb_deficit == 1 ? "" : "s",
                                 s->score[0].points, s->score[1].points);
    if (hidden_in(&s->board, q) == 0)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_ILLEGAL, "the square %d "
                                 "%d to %d %d has no hidden cell left to bomb",
                                 q.x0, q.y0, q.x1, q.y1);
    return SAPPER_OK;
}

void seeker_bomb_apply(seeker_state *s, int32_t seat, int32_t cell)
{
    sapper_board *b = &s->board;
    seeker_square q = seeker_bomb_square(b, cell);
    for (int32_t y = q.y0; y <= q.y1; y++)
        for (int32_t x = q.x0; x <= q.x1; x++) {
            int32_t c = y * b->width + x;
            if (b->state[c] != SAPPER_BOARD_HIDDEN)
                continue;   /* opened already, by now by this bomb's flood */
            sapper_board_reveal(b, c);
            if (!b->mine[c])
                continue;
            s->owner[c] = (uint8_t)seat;
            s->score[seat].points++;
            s->bomb_mines[seat]++;
        }
    s->bombs &= ~(1 << seat);
}
