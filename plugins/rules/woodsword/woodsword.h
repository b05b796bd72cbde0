/*
 * woodsword.h - the Wood-Sword rules (family "arena", 2 to 64 seats), as
 * functions with the signatures of sapper_rules_api so plugin.c only has to
 * list them and unit tests can call them without dlopen. The view and the
 * action encoding are the family's: sapper/arena.h.
 *
 * The game (Wood-Sword's README, resolved where it is silent by the public
 * implementation's code, see the issue): matches of rounds. A round is one
 * SIMULTANEOUS turn in which every alive seat picks an action (a seat that
 * gives SAPPER_NO_ACTION plays `defense`), then, when some seat bought
 * missiles, one sequential turn per missile: the missile users, in an order
 * shuffled from the game seed, each place all their missiles with
 * `allocate T`. Then the round resolves, in this order: every seat pays its
 * cost; `gather` adds 1 point and `shield` a shield (cap 2); duels (fist and
 * swords aimed at each other: both removed, the weaker side takes the
 * difference as overflow no range blocks, equal cancels); damage per target
 * (attacks with prep +1, llamas 0.5 to every other seat, missiles 1 each);
 * block ranges and shields (needed = ceil(overflow / 2), too few: death and
 * no shields); llamas of casters who die are removed and the round
 * recomputed until the surviving casters are stable (at most casters + 1
 * passes); then prep (ready only for a prep with no damage incoming; cleared
 * by any incoming damage; consumed by the next fist or sword, duel or not).
 * A round with a death ends the match: the dead are eliminated together and
 * the survivors start the next match with 0 points, 0 shields, no prep.
 *
 * Returns: 1 to the sole survivor, 0 to everyone else. A game in which
 * everyone left dies in the same round has no winner: all 0.
 *
 * Parameters (declared in plugin.c): lang (en|zh: every string of
 * render_text and every refusal; action texts stay ASCII English) and
 * max_rounds.
 *
 * Choices where the document and the reference implementation are silent:
 *   - Nothing in the game forces progress (everyone may defend forever), so
 *     the game ends after max_rounds resolved rounds (default 200) with no
 *     winner: every seat gets 0. max_moves follows: every round is at most
 *     one action per seat plus one allocation per missile, and missiles are
 *     paid for with gathered points, so 2 * seats * max_rounds + 1.
 *   - Fists stack up to WOODSWORD_MAX_FISTS (24, 12 damage: more than any
 *     seat can absorb outside a duel, 6 blocked + 2 shields of 2); missiles
 *     up to SAPPER_ARENA_MAX_COUNT (64) per round. The original has no cap
 *     but needs none: its ids are not a finite list.
 *   - apply_action in the CHOOSE phase locks that seat's action (it shows
 *     in the seat's own view, no one else's); the round goes on when every
 *     alive seat has locked. A locked seat has no legal actions left, and
 *     apply_joint takes SAPPER_NO_ACTION for it (its lock stands).
 *   - Seats are numbered from 1 in every text (action texts, rendering,
 *     refusals), from 0 in ids and the view.
 *   - Each missile user places all its missiles before the next in the
 *     shuffled order; one `allocate T` places one missile (there is no
 *     `allocate T N`). Points are paid at resolution, so the view shows
 *     the missile user's points unchanged while it places them.
 *   - Before the end, returns() gives 0 to every seat.
 *   - Only damage aimed at a seat counts as its incoming damage for prep
 *     and for the view's last_incoming; duel overflow is not incoming (a
 *     duellist has used its prep anyway).
 *   - The view's dealt_to_viewer (the bots' aggro) counts damage aimed at
 *     the viewer this match, blocked or not, plus duel overflow it took,
 *     like the reference's aggro table; it is cleared at a match reset.
 *   - The view and rendering of a round that ended a match show the points
 *     and shields at the end of that round (last_points, last_shields)
 *     while the state already holds the next match's (reset) ones.
 */
#ifndef WOODSWORD_H
#define WOODSWORD_H

#include "sapper/arena.h"

#define WOODSWORD_MIN_SEATS        2
#define WOODSWORD_MAX_SEATS        SAPPER_ARENA_MAX_SEATS
#define WOODSWORD_MAX_FISTS        24
#define WOODSWORD_MAX_SHIELDS      2
#define WOODSWORD_DEFAULT_ROUNDS   200
#define WOODSWORD_MAX_ROUNDS_LIMIT 100000

sapper_status woodsword_game_new(const sapper_params *params, void **game,
                                 char *err, size_t errcap);
void woodsword_game_free(void *game);
void woodsword_game_info(const void *game, int32_t players,
                         sapper_game_info *out);

sapper_status woodsword_state_new(const void *game, int32_t players,
                                  uint64_t seed, void **state, char *err,
                                  size_t errcap);
sapper_status woodsword_state_clone(const void *state, void **out);
void woodsword_state_free(void *state);

int32_t woodsword_current_player(const void *state);
int32_t woodsword_is_legal(const void *state, int32_t seat, int64_t action);
int64_t woodsword_legal_actions(const void *state, int32_t seat, int64_t *out,
                                size_t cap);
sapper_status woodsword_apply_action(void *state, int32_t seat, int64_t action,
                                     char *err, size_t errcap);
sapper_status woodsword_apply_joint(void *state, const int64_t *actions,
                                    int32_t players, char *err, size_t errcap);
void woodsword_returns(const void *state, double *out, int32_t players);

/** The verb's or the action's words in "en" or "zh" (the rules' own names:
 *  front ends keep no copy). */
int64_t woodsword_action_label(const void *game, int64_t action, const char *language,
                               int32_t whole, char *buf, size_t cap);
int64_t woodsword_observe(const void *state, int32_t seat, void *out,
                          size_t cap);
int64_t woodsword_action_to_text(const void *state, int64_t action, char *buf,
                                 size_t cap);
sapper_status woodsword_text_to_action(const void *state, const char *text,
                                       int64_t *action, char *err,
                                       size_t errcap);
int64_t woodsword_render_text(const void *state, int32_t seat, char *buf,
                              size_t cap);
int64_t woodsword_result_json(const void *state, char *buf, size_t cap);

/**
 * Test only: puts seat into a chosen position between rounds (CHOOSE phase,
 * before any lock): alive 0/1, points in half units, shields 0..2, prep 0/1.
 * Returns SAPPER_ERR_STATE outside the CHOOSE phase or for a bad seat.
 */
sapper_status woodsword_test_set_seat(void *state, int32_t seat, int32_t alive,
                                      int32_t points, int32_t shields,
                                      int32_t prep);

#endif /* WOODSWORD_H */
