/*
 * scaffold.h - what every mines ruleset's table needs in the same form: a
 * game made by configuring a zeroed struct (freed again when configuring
 * fails), and the game_info of a one-player board game. Each ruleset keeps
 * only what differs (its configure and its struct).
 */
#ifndef SAPPER_MINES_SCAFFOLD_H
#define SAPPER_MINES_SCAFFOLD_H

#include "sapper/mines.h"

/** Fills the zeroed game (of the ruleset's own type) from params. */
typedef sapper_status (*sapper_mines_configure_fn)(const sapper_params *params, void *game,
                                                   char *err, size_t errcap);

/** game_new: calloc(size), configure it, on failure game_free it and
 *  return configure's status; else *game owns it. */
sapper_status sapper_mines_game_new(size_t size, sapper_mines_configure_fn configure,
                                    void (*game_free)(void *), const sapper_params *params,
                                    void **game, char *err, size_t errcap);

/** game_info of a one-player game on a board of `cells` cells: at most
 *  10 actions a cell (flags cycle) plus 100, every verb on every cell. */
void sapper_mines_solo_info(int64_t cells, sapper_game_info *out);

#endif
