/*
 * scaffold.c - scaffold.h: the parts of a mines rules table that are the
 * same in every ruleset.
 */
#include "scaffold.h"
#include "board.h"
#include "fail.h"

#include <stdlib.h>

sapper_status sapper_mines_game_new(size_t size, sapper_mines_configure_fn configure,
                                    void (*game_free)(void *), const sapper_params *params,
                                    void **game, char *err, size_t errcap)
{
    void *g = calloc(1, size);
    if (!g)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_NOMEM, "out of memory");
    sapper_status st = configure(params, g, err, errcap);
    if (st != SAPPER_OK) {
        game_free(g);
        return st;
    }
    *game = g;
    return SAPPER_OK;
}

void sapper_mines_solo_info(int64_t cells, sapper_game_info *out)
{
    sapper_game_info mine = {.struct_size = sizeof mine};
    mine.min_players = 1;
    mine.max_players = 1;
    mine.turns = SAPPER_TURNS_SEQUENTIAL;
    mine.max_moves = 10 * cells + 100;
    mine.max_actions = SAPPER_BOARD_CLICK_VERBS * cells;
    sapper_game_info_fill(out, &mine);
}
