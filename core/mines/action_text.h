/*
 * action_text.h - the text form of mines-family actions, "verb X Y" (X the
 * column, Y the row, from 0; verbs reveal, flag, chord, bomb as in
 * sapper/mines.h), both ways, for the rulesets' action_to_text and
 * text_to_action. A ruleset names the verbs it has as a set of bits
 * (SAPPER_BOARD_VERB(v) ored): classic and deductive reveal, flag and
 * chord; seeker reveal, and bomb when its games have one.
 *
 * Only the syntax: whether an action is legal now is the ruleset's
 * question. Ids depend only on the board size, so a text never changes
 * during a game.
 */
#ifndef SAPPER_MINES_ACTION_TEXT_H
#define SAPPER_MINES_ACTION_TEXT_H

#include "board.h"

/* The bit of verb v in a set of verbs; the set of the one-player verbs. */
#define SAPPER_BOARD_VERB(v) (1u << (v))
#define SAPPER_BOARD_CLICKS  (SAPPER_BOARD_VERB(SAPPER_MINES_REVEAL) | \
                              SAPPER_BOARD_VERB(SAPPER_MINES_FLAG) | \
                              SAPPER_BOARD_VERB(SAPPER_MINES_CHORD))

/** "reveal", "flag", "chord" or "bomb" for SAPPER_MINES_*, "" for any
 *  other verb. */
const char *sapper_board_verb_name(int32_t verb);

/** Writes "verb X Y" for an action id on b's board when its verb is in
 *  the set verbs; otherwise (or an id out of range) writes "" and returns
 *  0. Write up to cap, return needed. */
int64_t sapper_board_action_text(const sapper_board *b, int64_t action,
                                 uint32_t verbs, char *buf, size_t cap);

/**
 * Reads "verb X Y" (blanks around the words, "\r\n" at the end allowed)
 * into *action, for one of the set verbs on b's board. *verb
 * (verb may be NULL) is the family verb of the first word, -1 when it is
 * none: a verb outside the set is refused, but *verb says which it was
 * so the ruleset can give its own reason. On failure SAPPER_ERR_PARSE
 * with "expected ..., found ..." in err (may be NULL), and *action
 * unchanged. quote_range chooses how a whole number out of range is
 * shown: 0 bare ("found 4", classic), 1 quoted like any other word
 * ("found '10'", seeker).
 */
sapper_status sapper_board_parse_action(const sapper_board *b,
                                        const char *text, uint32_t verbs,
                                        int quote_range, int64_t *action,
                                        int32_t *verb, char *err,
                                        size_t errcap);

#endif /* SAPPER_MINES_ACTION_TEXT_H */
