/*
 * classic.h - the classic Minesweeper rules (family "mines", one player),
 * as functions with the signatures of sapper_rules_api so plugin.c only
 * has to list them and unit tests can call them without dlopen.
 *
 * Parameters (declared in plugin.c, read here): preset, width, height,
 * mines, first_click, layout, and for how random boards are drawn
 * no_guess, no_guess_method, no_guess_attempts, density, cloud_count,
 * cloud_radius, cloud_strength. Precedence: a layout file sets width,
 * height and mines and its mines never move; otherwise a preset other than
 * "custom" sets them; otherwise width, height and mines are used.
 *
 * No-guess boards (no_guess = true; core/mines/generate.h has the detail):
 *   - "No-guess" means the exact deduction engine (core/mines/solver.h,
 *     the global mine count included) clears the board from the first
 *     reveal by revealing certainly safe cells only. The board is drawn at
 *     the first reveal, honouring first_click (safe: that cell is free;
 *     opening: its neighbours too); under safe a first reveal that shows a
 *     number is fine when logic can go on from it, and rejected otherwise.
 *   - no_guess_method = sample (default): uniform rejection sampling, each
 *     admissible board equally likely. game_new refuses it above 25% of
 *     the cells open to mines (mines / (cells - 1), or cells - 9 under
 *     opening), naming the density and suggesting perturb or auto.
 *     perturb: Tatham-style mine moves until the board is solvable; works
 *     to about 35-39% but is not uniform. auto: sample up to 25%, perturb
 *     above, decided in game_new. The method used is in result_json
 *     ("no_guess_method", with "no_guess_playouts" and
 *     "no_guess_perturbations").
 *   - no_guess_attempts bounds the play-outs (0: 50 million / cells, at
 *     least 1000). When they run out, the first reveal fails with
 *     SAPPER_ERR_STATE and a message naming the board, the method and the
 *     budget (the host voids the game); the state is left unchanged.
 *   - no_guess needs first_click safe or opening and no layout; game_new
 *     says so otherwise.
 *
 * Density clouds (density = clouds; core/mines/clouds.h): a seeded field
 * of cloud_count Gaussian blobs of radius cloud_radius weighs each cell 1
 * + cloud_strength * (field / its maximum); exactly `mines` mines are
 * drawn without replacement with probability proportional to the weight,
 * never on the cells first_click keeps free. With no_guess, sample draws
 * from this distribution restricted to no-guess boards (perturb's moves
 * are uniform, so they blur the clouds). A layout refuses clouds.
 * result_json then carries "density":"clouds".
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
/** The size the game plays (sapper_rules_api.params_text). */
int64_t classic_params_text(const void *game, char *buf, size_t cap);
void classic_game_info(const void *game, int32_t players,
                       sapper_game_info *out);

sapper_status classic_state_new(const void *game, int32_t players,
                                uint64_t seed, void **state, char *err,
                                size_t errcap);
sapper_status classic_state_clone(const void *state, void **out);
void classic_state_free(void *state);

int32_t classic_current_player(const void *state);
int32_t classic_is_legal(const void *state, int32_t seat, int64_t action);
int64_t classic_legal_actions(const void *state, int32_t seat, int64_t *out,
                              size_t cap);
sapper_status classic_apply_action(void *state, int32_t seat, int64_t action,
                                   char *err, size_t errcap);
void classic_returns(const void *state, double *out, int32_t players);
/** SAPPER_EXT_PROGRESS: the cells revealed so far (a flag or mark changes
 *  nothing), so a game run to its move bound on flags is charged to its
 *  player as a stall. */
uint64_t classic_progress(const void *state);

/** SAPPER_EXT_MINES_RECORD: the result as the family's typed record. */
void classic_mines_record(const void *state, sapper_mines_record *out);

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
/** ABI 1.2 score: every classic game is scored, on the board
 *  "classic WxH/M FIRST" (first_click safe, opening or any) with
 *  " no-guess" and " clouds" for such boards, or " layout HASH" for a
 *  layout file's board (its mines hashed); labelled Beginner,
 *  Intermediate or Expert when the size is a preset's; fastest wins; 3BV
 *  once the game is over. */
int32_t classic_score(const void *state, sapper_score *out);

#endif /* CLASSIC_H */
