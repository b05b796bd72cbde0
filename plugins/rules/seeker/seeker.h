/*
 * seeker.h - the Mine-Seeker rules (family "mines", two players): the
 * functions of sapper_rules_api (listed by plugin.c, callable by unit tests
 * without dlopen), and the public helpers a front end or a store uses to
 * show a game: per-seat points, bonus points and statistics, the labels
 * and descriptions of the statistics (the display form of a name is the
 * family library's, core/mines/display_name.h).
 *
 * The game (Minesweeper Flags, with the Mine-Seeker bonus document):
 *   - Seat 0 is red, seat 1 is blue; red moves first. The board is
 *     width x height (16 x 16) with an odd number of mines (51).
 *   - The only action is "reveal X Y" on a hidden cell. A mine so revealed
 *     is claimed: +1 point, the cell shows SAPPER_CELL_CLAIMED + seat, and
 *     the same seat moves again. A safe cell opens (zeros flood) and the
 *     turn passes.
 *   - The game ends when a seat holds more than half of the mines (26 of
 *     51) or every mine is claimed; more points wins (returns 1 and 0).
 *
 * Bonus points (tracked apart from the points, in halves internally; all
 * of a click's bonuses add up, so a blind edge endgame hit is +6):
 *   - blind hit +2: the claimed mine had no revealed numbered neighbour
 *     (a revealed safe cell showing 1-8; claimed mines show no number);
 *   - edge mine +1: the mine is on row 0, the last row, column 0 or the
 *     last column;
 *   - endgame mine +3: remaining = mines - (red points + blue points),
 *     counted before the click, is 10 or fewer;
 *   - safe cells +0.5 per cell when one click opens 2 or more cells (a
 *     single cell gives nothing; 2 cells 1.0; 11 cells 5.5).
 * Statistics per seat, in the document's order: blindHits, chainBest,
 * chainCurrent, lastMineHits, edgeMines, biggestReveal.
 *
 * Choices where the documents are silent:
 *   - The mines are placed by state_new from the seed (or fixed by the
 *     layout): no first-click protection, since hitting mines is the point
 *     (all implementations in part B fix the board before the first move).
 *   - No flags, no chords: "flag X Y" and "chord X Y" do not parse, with
 *     a reason.
 *
 * The Flags bomb (parameter bomb = true; false by default, which plays
 * the game above unchanged). MSN Minesweeper Flags gave each player a
 * one-off bomb, usable only while losing, that opens a 5x5 area and gives
 * the bomber every mine in it, so more than 26 is possible (as in the
 * Windows Live Messenger game and its clones). As played here:
 *   - "bomb X Y" (verb SAPPER_MINES_BOMB): each seat has one bomb a game.
 *     It may be thrown on the seat's turn, instead of a click, while the
 *     seat is behind by bomb_deficit points or more (1 by default: any
 *     deficit, as MSN and Zomis; famesjranko asks 4).
 *   - It opens the 5x5 square centred on X Y, moved inside the board when
 *     it would cross the edge (both clones clamp so); a side of the board
 *     shorter than 5 is covered whole. The square must hold a hidden cell.
 *   - Every hidden cell of the square is revealed: its mines are claimed
 *     by the bomber (a point each), its safe cells open as a click opens
 *     them, zeros flooding (Zomis cascades; the flood may reach past the
 *     square).
 *   - The turn passes to the other seat (both clones), unless the bomb
 *     ended the game: the majority and all-claimed ends apply as above.
 *   - Bonus points: a bomb earns none, and its mines and cells count in
 *     no statistic (blind hits, edges, endgame mines, chains, reveals).
 *     The document rewards finding mines by clicking; the bomb is a
 *     catch-up aid the document does not know, and giving it blind and
 *     edge bonuses would make the trailing seat's best bonus play a blind
 *     bomb on the border. A chain is not broken by a bomb (it breaks on a
 *     safe click, as the document says).
 *   - The view's bombs member has bit s set while seat s holds its bomb;
 *     the status line says "bomb" after a holder's bonus; the result
 *     gives each seat "bomb" ("held" or "used") and "bomb_mines".
 *   - The mine count must be odd in a layout file too, so no game can end
 *     level. With an odd count a majority is always reached no later than
 *     the last claim; the all-claimed end is kept as a guard.
 *   - A revealed 0 can never neighbour a mine, so "numbered" (1-8) and
 *     "revealed safe" neighbours are the same set; claimed mines next to a
 *     mine do not spoil a blind hit.
 *   - The endgame threshold is 10 mines whatever the board size (the
 *     document's number), and the edge is the border of the actual board.
 *   - Chains give no bonus points (the document gives none): chainCurrent
 *     counts the seat's claims since its last safe click, chainBest its
 *     maximum; the other seat's moves do not touch them. biggestReveal
 *     counts every safe click, a single cell too.
 *   - Returns: 1 to the seat with more points and 0 to the other once the
 *     game is over; 0.5 each while it is still on.
 *   - Views: both seats see the same public board (claimed mines as
 *     SAPPER_CELL_CLAIMED + seat); once the game is over every unclaimed
 *     mine shows as SAPPER_CELL_MINE, and the omniscient view shows them
 *     all the time. view.mines_exposed counts the mine cells of the view.
 *   - render_text: the board text (DESIGN.md: '?' hidden, '0'-'8' open,
 *     '*' a mine, claimed or shown) followed by one status line, e.g.
 *       red 3 (bonus 4.5)  blue 2 (bonus 1.0)  mines left 46  to move: blue
 *     ending "winner: red" once the game is over.
 *   - result_json (callable at any time, so a front end can read the live
 *     statistics through the ABI alone) adds
 *       ,"width":W,"height":H,"mines":M,"seeker":[{"seat":1,"colour":"red",
 *       "points":P,"bonus_points":B,"bonus_stats":{"blindHits":N,...}},
 *       {"seat":2,"colour":"blue",...}]
 *     with seats numbered from 1 as in the engine's "players" array; the
 *     rules do not know names, the engine adds them.
 *   - max_moves = cells: every move opens at least one new cell (a bomb
 *     too); max_actions = cells, twice that with bombs.
 */
#ifndef SEEKER_H
#define SEEKER_H

#include "sapper/mines.h"

#define SEEKER_MIN_SIDE  2
#define SEEKER_MAX_SIDE  200
#define SEEKER_MAX_MINES (SEEKER_MAX_SIDE * SEEKER_MAX_SIDE - 1)

#define SEEKER_RED  0
#define SEEKER_BLUE 1
#define SEEKER_SEATS 2

/* The statistics, indices into seeker_score.stats, in the document's
   order (the order of the JSON object and of the dialog). */
#define SEEKER_STAT_BLIND_HITS     0
#define SEEKER_STAT_CHAIN_BEST     1
#define SEEKER_STAT_CHAIN_CURRENT  2
#define SEEKER_STAT_LAST_MINE_HITS 3
#define SEEKER_STAT_EDGE_MINES     4
#define SEEKER_STAT_BIGGEST_REVEAL 5
#define SEEKER_STAT_COUNT          6

/* Bonus values in half points, and the thresholds of the document. */
#define SEEKER_BONUS_BLIND_HALVES    4  /* +2                            */
#define SEEKER_BONUS_EDGE_HALVES     2  /* +1                            */
#define SEEKER_BONUS_ENDGAME_HALVES  6  /* +3                            */
#define SEEKER_BONUS_CELL_HALVES     1  /* +0.5 per safe cell            */
#define SEEKER_SAFE_BONUS_MIN_CELLS  2  /* fewer cells in a click: 0     */
#define SEEKER_ENDGAME_REMAINING     10 /* remaining before the click    */

#define SEEKER_BOMB_SIDE 5             /* the bomb's square is 5x5       */

/** One seat's score. Plain data: copy it freely. */
typedef struct seeker_score {
    int32_t points;                    /* mines claimed                  */
    int32_t bonus_halves;              /* bonus points times two         */
    int32_t stats[SEEKER_STAT_COUNT];  /* SEEKER_STAT_* entries          */
} seeker_score;

/** Label, one-line description and JSON key of a statistic. Static. */
typedef struct seeker_stat_info {
    const char *key;           /* "blindHits"                            */
    const char *label;         /* "Blind hits"                           */
    const char *description;   /* one line for the Bonus Statistics dialog */
} seeker_stat_info;

/* ---- the rules table (see sapper/plugin.h for each member) ---------- */

sapper_status seeker_game_new(const sapper_params *params, void **game,
                              char *err, size_t errcap);
void seeker_game_free(void *game);
void seeker_game_info(const void *game, int32_t players,
                      sapper_game_info *out);

sapper_status seeker_state_new(const void *game, int32_t players,
                               uint64_t seed, void **state, char *err,
                               size_t errcap);
sapper_status seeker_state_clone(const void *state, void **out);
void seeker_state_free(void *state);

int32_t seeker_current_player(const void *state);
int32_t seeker_is_legal(const void *state, int32_t seat, int64_t action);
int64_t seeker_legal_actions(const void *state, int32_t seat, int64_t *out,
                             size_t cap);
sapper_status seeker_apply_action(void *state, int32_t seat, int64_t action,
                                  char *err, size_t errcap);
void seeker_returns(const void *state, double *out, int32_t players);

int64_t seeker_observe(const void *state, int32_t seat, void *out,
                       size_t cap);
int64_t seeker_action_to_text(const void *state, int64_t action, char *buf,
                              size_t cap);
sapper_status seeker_text_to_action(const void *state, const char *text,
                                    int64_t *action, char *err,
                                    size_t errcap);
int64_t seeker_render_text(const void *state, int32_t seat, char *buf,
                           size_t cap);
int64_t seeker_result_json(const void *state, char *buf, size_t cap);
/** The results database's seeker_games columns: each colour's bonus
 *  points and statistics (sapper_rules_api.result_columns). */
int64_t seeker_result_columns(const void *game, char *buf, size_t cap);
/** Per-player members of the result (ABI 1.1 seat_json): colour, points,
 *  bonus_points, bonus_stats; the engine adds them to the seat's entry next
 *  to its name. */
int64_t seeker_seat_json(const void *state, int32_t seat, char *buf, size_t cap);
/** ABI 1.1 panel_text (panel.c): panel 0 is "Bonus Statistics", the
 *  document's dialog as text: a Red and a Blue column, each statistic's
 *  label, one-line description and values, then the total bonus points.
 *  The same for seats 0, 1 and SAPPER_OMNISCIENT; 0 and "" for any other
 *  seat or panel. Write up to cap, return needed. */
int64_t seeker_panel_text(const void *state, int32_t seat, int32_t panel,
                          char *buf, size_t cap);

/* ---- public helpers ------------------------------------------------- */

/** Copies seat's score (0 red, 1 blue) out of a state. SAPPER_ERR_PARAM
 *  for another seat. [instance] */
sapper_status seeker_get_score(const void *state, int32_t seat,
                               seeker_score *out);
/** The bonus points of a score (a multiple of 0.5). [any time] */
double seeker_bonus_points(const seeker_score *s);
/** "red" for seat 0, "blue" for seat 1, "" otherwise. [any time] */
const char *seeker_colour(int32_t seat);
/** The statistic SEEKER_STAT_*, or NULL out of range. [any time] */
const seeker_stat_info *seeker_stat_at(int32_t stat);
/** The statistics as a JSON object in the document's order,
 *  {"blindHits":1,...,"biggestReveal":15} (for result lines and the
 *  *_bonus_stats columns). Write up to cap, return needed. [any time] */
int64_t seeker_stats_json(const seeker_score *s, char *buf, size_t cap);

#endif /* SEEKER_H */
