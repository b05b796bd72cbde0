/*
 * classic.h - the classic Minesweeper rules (family "mines", one player),
 * as functions with the signatures of sapper_rules_api so plugin.c only
 * has to list them and unit tests can call them without dlopen.
 *
 * Parameters (declared in plugin.c, read here): preset, width, height,
 * mines, first_click, layout. Precedence: a layout file sets width, height
 * and mines and its mines never move; otherwise a preset other than
 * "custom" sets them; otherwise width, height and mines are used.
 *
 * Choices where the design doc is silent:
 *   - Flood fill of a revealed 0 opens hidden neighbours only: flagged and
 *     marked cells are left as they are (the player's marks are respected).
 *   - Chord opens the hidden neighbours only: flagged and marked ones are
 *     skipped. It is legal on a revealed number whose flagged neighbours
 *     equal the number and that has at least one hidden neighbour.
 *   - Flags cycle forever, so no game length follows from the rules:
 *     max_moves = 10 * cells + 100, and the engine voids longer games.
 *   - After a loss the player's view shows every mine (SAPPER_CELL_MINE,
 *     flagged ones too); mines_exposed counts the mine cells of the view.
 *   - Before the first reveal under first_click = safe or opening no mines
 *     exist, so even the omniscient view shows only hidden cells.
 *   - view.flags is the number of flagged cells; the mines-left counter is
 *     view.mines - view.flags and goes negative with too many flags.
 *   - observe and render_text answer 0 (nothing) for a seat other than 0
 *     and SAPPER_OMNISCIENT; action_to_text answers "" for an id out of
 *     range. Action texts depend only on width and height, so they never
 *     change during a game.
 */
#ifndef CLASSIC_H
#define CLASSIC_H

#include "sapper/mines.h"

#define CLASSIC_MIN_SIDE  2
#define CLASSIC_MAX_SIDE  200
#define CLASSIC_MAX_MINES (CLASSIC_MAX_SIDE * CLASSIC_MAX_SIDE - 1)

sapper_status classic_game_new(const sapper_params *params, void **game,
                               char *err, size_t errcap);
void classic_game_free(void *game);
void classic_game_info(const void *game, int32_t players,
                       sapper_game_info *out);

sapper_status classic_state_new(const void *game, int32_t players,
                                uint64_t seed, void **state, char *err,
                                size_t errcap);
sapper_status classic_state_clone(const void *state, void **out);
void classic_state_free(void *state);

int32_t classic_current_player(const void *state);
int64_t classic_legal_actions(const void *state, int32_t seat, int64_t *out,
                              size_t cap);
sapper_status classic_apply_action(void *state, int32_t seat, int64_t action,
                                   char *err, size_t errcap);
void classic_returns(const void *state, double *out, int32_t players);

int64_t classic_observe(const void *state, int32_t seat, void *out,
                        size_t cap);
int64_t classic_action_to_text(const void *state, int64_t action, char *buf,
                               size_t cap);
sapper_status classic_text_to_action(const void *state, const char *text,
                                     int64_t *action, char *err,
                                     size_t errcap);
int64_t classic_render_text(const void *state, int32_t seat, char *buf,
                            size_t cap);
int64_t classic_result_json(const void *state, char *buf, size_t cap);

#endif /* CLASSIC_H */
