/*
 * deductive.h - Deductive Minesweeper (Donald Reble, 1993), family "mines",
 * one player: expose every safe cell; a mine exposed when nothing on the
 * board could have been deduced is forgiven. The functions have the
 * signatures of sapper_rules_api so plugin.c only lists them and unit tests
 * call them without dlopen; ded_forgive and ded_analyse are the two engine
 * consultations, testable on any position.
 *
 * Parameters (declared in plugin.c): preset (the size menu), width, height,
 * mines (preset custom), layout, and name and scorefile, which belong to
 * the front end's scoreboard: the rules accept and ignore them.
 *
 * Choices where the document is silent:
 *   - The size menu: 25x14 with 70 mines (20%, near Expert's 20.6%; the
 *     only scored size), 9x9/16, 16x16/51, 30x16/96 (all about 20%), and
 *     custom (width, height, mines). A layout file fixes size and mines.
 *   - Mines are placed when the game starts: no safe first click. A first
 *     click on a mine is forgiven, since nothing can be deduced from a
 *     board with nothing exposed (unless the mines fill it).
 *   - One mark state: `flag X Y` (also `mark X Y`) toggles hidden <->
 *     marked (view SAPPER_CELL_MARKED, shown `:`). A marked cell cannot be
 *     exposed; flood fill leaves it alone. There are no flags and no chord
 *     (the document has neither): `chord X Y` parses but is refused.
 *   - Forgiveness uses the position before the click with the mine total,
 *     exposed (forgiven) mines being known mines. If a budget stops the
 *     engine before it can prove a deduction, the click is forgiven (no
 *     proof that the player could have known) and the result says so.
 *   - The analysis after a loss studies that same position (every certain
 *     cell, SAPPER_MINES_DEDUCE_ALL) and classifies each cell unexposed in
 *     it (sapper/mines.h codes 20-29). The clicked mine is red only when
 *     it was deducible; otherwise it is an unknown mine (purple) like the
 *     others: the loss came from a deducible safe cell, and the result and
 *     the text name the clicked cell.
 *   - Study time: the rules read no clock (plugins use only their seeds);
 *     the front end times each of the player's moves and keeps that time
 *     off the player's clock, so the consultations cost the player
 *     nothing. The result counts the studies.
 *   - Text (line protocol): the board text "W H M" and rows with '?'
 *     hidden, ':' marked, '*' exposed mine, '0'-'8'; then a status line.
 *     After a loss the unexposed cells are letters, listed in a legend:
 *     u safe unknown, s safe known, m mine unknown, k mine known, x the
 *     clicked mine (known); upper case when marked. The omniscient text
 *     shows every cell during play and the analysis after a loss.
 *   - Marks cycle forever, so max_moves = 10 * cells + 100 (as classic).
 */
#ifndef DEDUCTIVE_H
#define DEDUCTIVE_H

#include "sapper/mines.h"
#include "solver.h"

#define DED_MIN_SIDE  2
#define DED_MAX_SIDE  100
#define DED_MAX_MINES (DED_MAX_SIDE * DED_MAX_SIDE - 1)

/* The scored size (the only one the scoreboard takes). */
#define DED_SCORED_PRESET "25x14"

sapper_status ded_game_new(const sapper_params *params, void **game,
                           char *err, size_t errcap);
void ded_game_free(void *game);
/** The size the game plays (sapper_rules_api.params_text). */
int64_t ded_params_text(const void *game, char *buf, size_t cap);
void ded_game_info(const void *game, int32_t players, sapper_game_info *out);

sapper_status ded_state_new(const void *game, int32_t players, uint64_t seed,
                            void **state, char *err, size_t errcap);
sapper_status ded_state_clone(const void *state, void **out);
void ded_state_free(void *state);

int32_t ded_current_player(const void *state);
int32_t ded_is_legal(const void *state, int32_t seat, int64_t action);
/** ABI 1.2 score: the 25x14 preset (no layout) only, on the board
 *  "deductive 25x14", ranked by SAPPER_SCORE_HARMONIC as the document's
 *  tables are. */
int32_t ded_score(const void *state, sapper_score *out);
int64_t ded_legal_actions(const void *state, int32_t seat, int64_t *out,
                          size_t cap);
sapper_status ded_apply_action(void *state, int32_t seat, int64_t action,
                               char *err, size_t errcap);
void ded_returns(const void *state, double *out, int32_t players);
/** SAPPER_EXT_PROGRESS: the cells exposed so far (mines included; a mark
 *  changes nothing). */
uint64_t ded_progress(const void *state);

int64_t ded_observe(const void *state, int32_t seat, void *out, size_t cap);
int64_t ded_action_to_text(const void *state, int64_t action, char *buf,
                           size_t cap);
sapper_status ded_text_to_action(const void *state, const char *text,
                                 int64_t *action, char *err, size_t errcap);
int64_t ded_render_text(const void *state, int32_t seat, char *buf,
                        size_t cap);
int64_t ded_result_json(const void *state, char *buf, size_t cap);
/** SAPPER_EXT_MINES_RECORD: the result as the family's typed record. */
void ded_mines_record(const void *state, sapper_mines_record *out);

/* ---- the engine consultations (forgive.c, analysis.c) -------------- */

/* Both consultations use the solver's default budget (at most 2^20
   enumeration nodes per component, 2^22 per call). */

/** The forgiveness decision for a click on cell of pos (the position
 *  before the click: the cell is unknown there). */
typedef struct ded_verdict {
    int32_t forgiven;       /* 1: expose the mine and play on              */
    int32_t clicked_known;  /* the engine proved the clicked cell a mine   */
    int32_t safe_known;     /* safe cells it found (0 when forgiven)       */
    int32_t approximate;    /* a budget stopped it: forgiven for want of a
                               proof (only when nothing was found)         */
    int64_t nodes;          /* enumeration nodes used                      */
} ded_verdict;

/** Decides a click on cell of pos with the exact engine (COMPLETE mode,
 *  the global count included): the player loses when the cell was
 *  deducibly a mine or any cell was deducibly safe. SAPPER_ERR_INTERNAL
 *  when no layout fits pos (a position from a real board always has
 *  one); solver errors otherwise. Allocation-free. */
sapper_status ded_forgive(sapper_mines_solver *solver,
                          const sapper_mines_position *pos, int32_t cell,
                          ded_verdict *out);

/** Classifies after a loss: for every unknown cell of pos (hidden or
 *  marked) writes its SAPPER_CELL_SAFE_UNKNOWN .. MINE_CLICKED code (plus
 *  SAPPER_CELL_ANALYSIS_MARKED when marked) into codes; other cells get 0.
 *  mine holds the truth (1 = mine, cells entries), clicked the fatal
 *  cell. *approximate is set when a budget stopped the engine (the known
 *  classes may then miss cells). Allocation-free. */
sapper_status ded_analyse(sapper_mines_solver *solver,
                          const sapper_mines_position *pos,
                          const uint8_t *mine, int32_t clicked,
                          uint8_t *codes, int32_t *approximate);

#endif /* DEDUCTIVE_H */
