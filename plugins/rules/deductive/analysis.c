/*
 * analysis.c - what the board shows after a loss: "all mines, and all
 * cells that it could deduce from the exposed information". The position
 * studied is the one the player saw before the fatal click (the mine total
 * known); every cell unknown there gets one of the document's five
 * classes:
 *
 *   safe, unknown          gray     SAPPER_CELL_SAFE_UNKNOWN
 *   safe, known            green    SAPPER_CELL_SAFE_KNOWN
 *   mine, unknown          purple   SAPPER_CELL_MINE_UNKNOWN
 *   mine, known            yellow   SAPPER_CELL_MINE_KNOWN
 *   mine, known, clicked   red      SAPPER_CELL_MINE_CLICKED
 *
 * and the clicked mine that could not be deduced, which the document's
 * table leaves out but a player looks for first: red too,
 * SAPPER_CELL_MINE_CLICKED_UNKNOWN (mines.h 1.3), never painted like the
 * other unknown mines.
 * plus SAPPER_CELL_ANALYSIS_MARKED for a cell the player had marked (the
 * document keeps its colon). "Known" means certain in every layout: the
 * engine runs in ALL mode so every certain cell is found, not only the
 * first safe one that decided the loss. It does not decide the loss
 * (forgive.c) or draw anything (show.c, the front end).
 */
#include "internal.h"

static uint8_t class_of(int mine, int known, int clicked)
{
    if (!mine)
        return known ? SAPPER_CELL_SAFE_KNOWN : SAPPER_CELL_SAFE_UNKNOWN;
    if (clicked)
        return known ? SAPPER_CELL_MINE_CLICKED
                     : SAPPER_CELL_MINE_CLICKED_UNKNOWN;
    return known ? SAPPER_CELL_MINE_KNOWN : SAPPER_CELL_MINE_UNKNOWN;
}

/* Sets codes[c] = 1 for every cell of the list (a scratch use of codes
   before the classes are written over it). */
static void tag(uint8_t *codes, const int32_t *list, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
        codes[list[i]] = 1;
}

sapper_status ded_analyse(sapper_mines_solver *solver,
                          const sapper_mines_position *pos,
                          const uint8_t *mine, int32_t clicked,
                          uint8_t *codes, int32_t *approximate)
{
    sapper_mines_deduction d;
    sapper_status st = sapper_mines_deduce(solver, pos,
                                           SAPPER_MINES_DEDUCE_ALL, NULL, &d);
    if (st != SAPPER_OK)
        return st;
    int32_t cells = pos->width * pos->height;
    memset(codes, 0, (size_t)cells);
    tag(codes, d.safe, d.safe_count);
    tag(codes, d.mines, d.mine_count);
    for (int32_t c = 0; c < cells; c++) {
        uint8_t code = pos->cells[c];
        if (!sapper_cell_is_unknown(code)) {
            codes[c] = 0;
            continue;
        }
        codes[c] = class_of(mine[c] != 0, codes[c], c == clicked);
        if (code == SAPPER_CELL_MARKED)
            codes[c] += SAPPER_CELL_ANALYSIS_MARKED;
    }
    *approximate = d.approximate;
    return SAPPER_OK;
}
