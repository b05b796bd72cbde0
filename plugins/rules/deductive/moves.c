/*
 * moves.c - the moves of Deductive Minesweeper: which are legal (with the
 * reason when not), exposing a cell (flood fill from a 0, the forgiveness
 * test when it is a mine, the analysis after a loss), toggling a mark, and
 * the end of the game. The engine is consulted through forgive.c and
 * analysis.c; this file only times the consultation (wall time, for the
 * player's clock; it never changes what happens) and applies the verdict.
 */
#include "internal.h"

#include <time.h>

int32_t ded_safe_left(const ded_state *s)
{
    const sapper_board *b = &s->board;
    int32_t exposed_mines = s->forgiven + (s->lost_cell >= 0);
    return b->cells - b->mines - (b->revealed - exposed_mines);
}

/* ---- legality: one place gives both the answer and the reason ------ */

static const char *refusal_text(const sapper_board *b, int32_t verb,
                                int32_t cell)
{
    uint8_t st = b->state[cell];
    if (verb == SAPPER_MINES_CHORD)
        return "cannot be chorded: Deductive Minesweeper has no chord, "
               "expose cells one by one";
    if (verb == SAPPER_MINES_FLAG)
        return st == SAPPER_BOARD_REVEALED
            ? "is exposed: only unexposed cells can be marked" : NULL;
    if (st == SAPPER_BOARD_REVEALED)
        return "is already exposed";
    if (st == SAPPER_BOARD_MARKED)
        return "is marked: a marked cell cannot be exposed (flag it again "
               "to remove the mark)";
    return NULL;
}

/* 0 when verb on cell is legal now; otherwise 1, with "cell X Y <why>" in
   err when err is not NULL. The caller checks that the game is on. */
static int refusal(const ded_state *s, int32_t verb, int32_t cell, char *err,
                   size_t errcap)
{
    const sapper_board *b = &s->board;
    const char *why = refusal_text(b, verb, cell);
    if (why && err)
        sapper_mines_fail(err, errcap, 0, "cell %d %d %s", cell % b->width,
                 cell / b->width, why);
    return why != NULL;
}

int64_t ded_legal_actions(const void *state, int32_t seat, int64_t *out,
                          size_t cap)
{
    const ded_state *s = state;
    int64_t n = 0, cells = s->board.cells;
    if (seat != 0 || s->outcome != DED_ONGOING)
        return 0;
    for (int32_t verb = 0; verb < SAPPER_BOARD_CLICK_VERBS; verb++) {
        for (int32_t c = 0; c < cells; c++) {
            if (refusal(s, verb, c, NULL, 0))
                continue;
            if ((size_t)n < cap)
                out[n] = verb * cells + c;
            n++;
        }
    }
    return n;
}

int32_t ded_is_legal(const void *state, int32_t seat, int64_t action)
{
    const ded_state *s = state;
    int32_t verb, x, y;
    const sapper_board *b = &s->board;
    return seat == 0 && s->outcome == DED_ONGOING &&
           sapper_board_decode_click(action, b->width, b->height, &verb, &x, &y) &&
           !refusal(s, verb, y * b->width + x, NULL, 0);
}

/* ---- studying a click on a mine ------------------------------------ */

/* The position the player sees (before the click) into cells. */
static sapper_mines_position player_position(const ded_state *s,
                                             uint8_t *cells)
{
    const sapper_board *b = &s->board;
    for (int32_t c = 0; c < b->cells; c++)
        cells[c] = sapper_board_code(b, c, SAPPER_BOARD_SHOW_PLAYER);
    return (sapper_mines_position){.width = b->width, .height = b->height,
                                   .mines = b->mines, .cells = cells};
}

/* What a study found, before it is applied to the state. */
typedef struct study {
    ded_verdict verdict;
    uint8_t *analysis;     /* after a loss; malloc'd, handed to the state */
    int32_t approximate;
} study;

/* The consultations on pos: the decision, then after a loss the analysis.
   Every buffer is allocated here, before the state changes. */
static sapper_status consult(const ded_state *s, int32_t cell, study *out)
{
    const sapper_board *b = &s->board;
    uint8_t *cells = malloc((size_t)b->cells);
    sapper_mines_solver *solver = sapper_mines_solver_new(b->width, b->height);
    sapper_status st = cells && solver ? SAPPER_OK : SAPPER_ERR_NOMEM;
    sapper_mines_position pos;
    if (st == SAPPER_OK) {
        pos = player_position(s, cells);
        st = ded_forgive(solver, &pos, cell, &out->verdict);
    }
    if (st == SAPPER_OK && !out->verdict.forgiven) {
        out->analysis = malloc((size_t)b->cells);
        st = !out->analysis ? SAPPER_ERR_NOMEM
           : ded_analyse(solver, &pos, b->mine, cell, out->analysis,
                         &out->approximate);
    }
    out->approximate |= out->verdict.approximate;
    sapper_mines_solver_free(solver);
    free(cells);
    if (st != SAPPER_OK) {
        free(out->analysis);
        out->analysis = NULL;
    }
    return st;
}

static int32_t count_code(const uint8_t *codes, int32_t n, uint8_t code)
{
    int32_t k = 0;
    for (int32_t i = 0; i < n; i++)
        k += sapper_cell_analysis(codes[i]) == code;
    return k;
}

/* Exposes the mine at cell: forgiven, or the end of the game. */
static sapper_status expose_mine(ded_state *s, int32_t cell, char *err,
                                 size_t errcap)
{
    study found = {0};
    sapper_status st = consult(s, cell, &found);
    if (st != SAPPER_OK)
        return sapper_mines_fail(err, errcap, st == SAPPER_ERR_NOMEM ? st
                        : SAPPER_ERR_INTERNAL, "cannot study the position "
                        "(solver status %d)", (int)st);
    sapper_board_reveal(&s->board, cell);
    s->studies++;
    s->approximate |= found.approximate;
    if (found.verdict.forgiven) {
        s->forgiven++;
    } else {
        s->outcome = DED_LOST;
        s->lost_cell = cell;
        s->analysis = found.analysis;
        s->lost_known = sapper_cell_analysis(found.analysis[cell]) ==
                        SAPPER_CELL_MINE_CLICKED;
        s->safe_known = count_code(found.analysis, s->board.cells,
                                   SAPPER_CELL_SAFE_KNOWN);
    }
    return SAPPER_OK;
}

/* ---- transitions --------------------------------------------------- */

static sapper_status expose(ded_state *s, int32_t cell, char *err,
                            size_t errcap)
{
    if (s->board.mine[cell])
        return expose_mine(s, cell, err, errcap);
    sapper_board_reveal(&s->board, cell);
    if (ded_safe_left(s) == 0)
        s->outcome = DED_WON;
    return SAPPER_OK;
}

static void toggle_mark(sapper_board *b, int32_t cell)
{
    b->state[cell] = b->state[cell] == SAPPER_BOARD_MARKED
        ? SAPPER_BOARD_HIDDEN : SAPPER_BOARD_MARKED;
}

sapper_status ded_apply_action(void *state, int32_t seat, int64_t action,
                               char *err, size_t errcap)
{
    ded_state *s = state;
    const sapper_board *b = &s->board;
    int32_t verb, x, y;
    if (s->outcome != DED_ONGOING)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_ILLEGAL, "the game is over");
    if (seat != 0)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_ILLEGAL, "seat %d does not "
                        "play: deductive has one seat, 0", seat);
    if (!sapper_board_decode_click(action, b->width, b->height, &verb, &x, &y))
        return sapper_mines_fail(err, errcap, SAPPER_ERR_ILLEGAL, "action %lld is out "
                        "of range: expected 0 to %lld", (long long)action,
                        (long long)b->cells * SAPPER_BOARD_CLICK_VERBS - 1);
    int32_t cell = y * b->width + x;
    if (refusal(s, verb, cell, err, errcap))
        return SAPPER_ERR_ILLEGAL;
    sapper_status st = SAPPER_OK;
    if (verb == SAPPER_MINES_FLAG)
        toggle_mark(&s->board, cell);
    else
        st = expose(s, cell, err, errcap);
    if (st == SAPPER_OK) {
        s->moves++;
        s->clicks[verb]++;
    }
    return st;
}
