/*
 * proto_public.c - a spectator's view: a seat's family view with what only
 * that seat knows taken out, so that what every seat sees is left. Mines:
 * the seat's flags and marks (its own notes) become hidden cells. Arena:
 * in the choose phase no seat's locked choice shows (the viewer's own
 * would), and nobody's damage "dealt to the viewer" (it says who attacked
 * that seat). `sapper serve` shows this to a spectator while the game is
 * on; at the end the whole board.
 */
#include "protocol.h"

#include <string.h>

#include "sapper/arena.h"
#include "sapper/mines.h"

static int public_mines(void *view, size_t size)
{
    sapper_mines_view *v = view;
    uint8_t *cells = (uint8_t *)sapper_mines_view_cells(view, size);
    if (!cells)
        return -1;
    for (size_t i = 0; i < (size_t)v->width * (size_t)v->height; i++)
        if (cells[i] == SAPPER_CELL_FLAGGED || cells[i] == SAPPER_CELL_MARKED)
            cells[i] = SAPPER_CELL_HIDDEN;
    v->flags = 0;
    return 0;
}

static int public_arena(void *view, size_t size)
{
    sapper_arena_view *v = view;
    if (!sapper_arena_view_seat(view, size, 0))
        return -1;
    for (int32_t i = 0; i < v->players; i++) {
        sapper_arena_seat *s = (sapper_arena_seat *)sapper_arena_view_seat(view, size, i);
        if (v->phase == SAPPER_ARENA_PHASE_CHOOSE)
            s->choice = SAPPER_NO_ACTION;
        s->dealt_to_viewer = 0;
    }
    return 0;
}

int sapper_proto_public_view(uint32_t family, void *view, size_t size)
{
    if (family == SAPPER_PROTO_MINES)
        return public_mines(view, size);
    if (family == SAPPER_PROTO_ARENA)
        return public_arena(view, size);
    return -1;
}
