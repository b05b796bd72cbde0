/*
 * moves.c - the classic moves: whether reveal / flag / chord is legal now
 * and, when not, the reason (one place gives both), and applying an
 * action: the first reveal draws the board, a mine set off loses, the
 * last safe cell wins. Configuring and the state's life are in classic.c,
 * views and text in show.c.
 */
#include "internal.h"
#include "fail.h"

#include <stdio.h>

/* ---- legality: one place gives both the answer and the reason ------ */

static const char *reveal_refusal(uint8_t st)
{
    return st == SAPPER_BOARD_REVEALED ? "is already revealed"
         : st == SAPPER_BOARD_FLAGGED  ? "is flagged"
         : st == SAPPER_BOARD_MARKED   ? "is marked" : NULL;
}

static const char *flag_refusal(uint8_t st)
{
    return st == SAPPER_BOARD_REVEALED
        ? "is revealed: only unrevealed cells can be flagged" : NULL;
}

/* buf holds a detailed reason. */
static const char *chord_refusal(const sapper_board *b, int32_t cell,
                                 char *buf, size_t cap)
{
    if (b->state[cell] != SAPPER_BOARD_REVEALED)
        return "is not revealed: chord needs a revealed number";
    int32_t flags = b->flagged_near[cell];
    if (flags != b->count[cell]) {
        snprintf(buf, cap, "shows %d but has %d flagged neighbours: chord "
                 "needs exactly %d", b->count[cell], flags, b->count[cell]);
        return buf;
    }
    if (!sapper_board_can_chord(b, cell))
        return "has no hidden neighbour to open (flagged and marked cells "
               "are skipped)";
    return NULL;
}

/* The rule itself (the reasons above only explain a refusal): cheap, as
   legal_actions asks it for every cell and verb on every move. */
static inline int is_legal(const sapper_board *b, int32_t verb, int32_t cell)
{
    uint8_t st = b->state[cell];
    return verb == SAPPER_MINES_REVEAL ? st == SAPPER_BOARD_HIDDEN
         : verb == SAPPER_MINES_FLAG   ? st != SAPPER_BOARD_REVEALED
                                       : sapper_board_can_chord(b, cell);
}

/* 0 when verb on cell is legal now; otherwise 1, with "cell X Y <why>" in
   err. The caller checks that the game is not over. */
static int refusal(const classic_state *s, int32_t verb, int32_t cell,
                   char *err, size_t errcap)
{
    const sapper_board *b = &s->board;
    if (is_legal(b, verb, cell))
        return 0;
    uint8_t st = b->state[cell];
    char detail[128];
    const char *why = verb == SAPPER_MINES_REVEAL ? reveal_refusal(st)
                    : verb == SAPPER_MINES_FLAG   ? flag_refusal(st)
                    : chord_refusal(b, cell, detail, sizeof detail);
    sapper_mines_fail(err, errcap, 0, "cell %d %d %s", cell % b->width, cell / b->width,
         why ? why : "is not legal now");
    return 1;
}

int64_t classic_legal_actions(const void *state, int32_t seat, int64_t *out,
                              size_t cap)
{
    const classic_state *s = state;
    int64_t n = 0, cells = s->board.cells;
    if (seat != 0 || s->outcome != ONGOING)
        return 0;
    for (int32_t verb = 0; verb < SAPPER_BOARD_CLICK_VERBS; verb++) {
        for (int32_t c = 0; c < cells; c++) {
            if (!is_legal(&s->board, verb, c))
                continue;
            if ((size_t)n < cap)
                out[n] = verb * cells + c;
            n++;
        }
    }
    return n;
}

int32_t classic_is_legal(const void *state, int32_t seat, int64_t action)
{
    const classic_state *s = state;
    int32_t verb, x, y;
    const sapper_board *b = &s->board;
    return seat == 0 && s->outcome == ONGOING &&
           sapper_board_decode_click(action, b->width, b->height, &verb, &x, &y) &&
           is_legal(b, verb, y * b->width + x);
}

/* ---- transitions --------------------------------------------------- */

/* Under safe and opening the mines are drawn now, around the first cell
   revealed, so that cell (and under opening its neighbours) is free. */
static sapper_status place_for_first_reveal(classic_state *s, int32_t cell,
                                            char *err, size_t errcap)
{
    int32_t keep[9] = {cell}, n = 1;
    if (s->game->first_click == FIRST_OPENING)
        n += sapper_board_neighbours(&s->board, cell, keep + 1);
    if (s->game->no_guess)
        return classic_place_no_guess(s, cell, keep, n, err, errcap);
    sapper_status st = classic_place_mines(s, keep, n);
    if (st == SAPPER_OK)
        return st;
    /* game_new made sure the mines fit, so only memory can run out */
    return sapper_mines_fail(err, errcap, st == SAPPER_ERR_NOMEM ? st : SAPPER_ERR_INTERNAL,
                "cannot place %d mines around the first reveal%s",
                s->board.mines, st == SAPPER_ERR_NOMEM ? ": out of memory"
                                                       : "");
}

/* first_click = safe holds under a layout too: a first reveal on one of
   its mines moves that mine to the first mine-free cell in reading order
   (Windows Minesweeper's rule), so the game stays deterministic and the
   rest of the layout as written. first_click = any keeps it exactly; a
   layout has at least one safe cell (check_game). */
static void keep_first_reveal_safe(classic_state *s, int32_t cell)
{
    sapper_board *b = &s->board;
    if (!s->game->layout || s->game->first_click != FIRST_SAFE ||
        b->revealed != 0 || !b->mine[cell])
        return;
    int32_t to = 0;
    while (to < b->cells && (b->mine[to] || to == cell))
        to++;
    b->mine[cell] = 0;
    b->mine[to] = 1;
    sapper_board_set_mines(b, b->mine);   /* the counts follow */
}

/* The mine a losing reveal or chord of cell set off: the cell, or the
   first of its neighbours revealed as a mine. */
static int32_t mine_set_off(const sapper_board *b, int32_t cell)
{
    int32_t nb[8], n = sapper_board_neighbours(b, cell, nb);
    if (b->mine[cell])
        return cell;
    for (int32_t i = 0; i < n; i++)
        if (b->mine[nb[i]] && b->state[nb[i]] == SAPPER_BOARD_REVEALED)
            return nb[i];
    return cell;
}

static void settle(classic_state *s, int32_t cell, int32_t mines_hit)
{
    const sapper_board *b = &s->board;
    if (mines_hit > 0) {
        s->outcome = LOST;
        s->lost_cell = mine_set_off(b, cell);
    }
    else if (b->revealed == b->cells - b->mines)
        s->outcome = WON;
}

static sapper_status apply_verb(classic_state *s, int32_t verb, int32_t cell,
                                char *err, size_t errcap)
{
    sapper_board *b = &s->board;
    if (verb == SAPPER_MINES_FLAG) {
        sapper_board_cycle_flag(b, cell);
        return SAPPER_OK;
    }
    if (!b->placed) {
        sapper_status st = place_for_first_reveal(s, cell, err, errcap);
        if (st != SAPPER_OK)
            return st;
    }
    if (verb == SAPPER_MINES_REVEAL) {
        keep_first_reveal_safe(s, cell);
        settle(s, cell, sapper_board_reveal(b, cell));
    }
    else
        settle(s, cell, sapper_board_chord(b, cell));
    return SAPPER_OK;
}

sapper_status classic_apply_action(void *state, int32_t seat, int64_t action,
                                   char *err, size_t errcap)
{
    classic_state *s = state;
    const sapper_board *b = &s->board;
    int32_t verb, x, y;
    if (s->outcome != ONGOING)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_ILLEGAL, "the game is over");
    if (seat != 0)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_ILLEGAL, "seat %d does not play: "
                    "classic has one seat, 0", seat);
    if (!sapper_board_decode_click(action, b->width, b->height, &verb, &x, &y))
        return sapper_mines_fail(err, errcap, SAPPER_ERR_ILLEGAL, "action %lld is out of "
                    "range: expected 0 to %lld", (long long)action,
                    (long long)b->cells * SAPPER_BOARD_CLICK_VERBS - 1);
    if (refusal(s, verb, y * b->width + x, err, errcap))
        return SAPPER_ERR_ILLEGAL;
    sapper_status st = apply_verb(s, verb, y * b->width + x, err, errcap);
    if (st == SAPPER_OK) {
        s->moves++;
        s->clicks[verb]++;
    }
    return st;
}

/* ---- views and text ------------------------------------------------ */

/* SAPPER_BOARD_SHOW_* for seat, or -1 for a seat that does not exist. */
