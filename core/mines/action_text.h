/*
 * action_text.h - the text form of mines-family actions, "verb X Y" (X the
 * column, Y the row, from 0; verbs reveal, flag, chord as in
 * sapper/mines.h), both ways, for the rulesets' action_to_text and
 * text_to_action. A ruleset takes the first nverbs verbs: classic all
 * three, seeker reveal only.
 *
 * Only the syntax: whether an action is legal now is the ruleset's
 * question. Ids depend only on the board size, so a text never changes
 * during a game.
 */
#ifndef SAPPER_MINES_ACTION_TEXT_H
#define SAPPER_MINES_ACTION_TEXT_H

#include "board.h"

/** "reveal", "flag" or "chord" for SAPPER_MINES_*, "" for any other verb. */
const char *sapper_board_verb_name(int32_t verb);

/** Writes "verb X Y" for an action id on b's board when its verb is below
 *  nverbs; otherwise (or an id out of range) writes "" and returns 0.
 *  Write up to cap, return needed. */
int64_t sapper_board_action_text(const sapper_board *b, int64_t action,
                                 int32_t nverbs, char *buf, size_t cap);

/**
 * Reads "verb X Y" (blanks around the words, "\r\n" at the end allowed)
 * into *action, for one of the first nverbs verbs on b's board. *verb
 * (verb may be NULL) is the family verb of the first word, -1 when it is
 * none: a verb at or above nverbs is refused, but *verb says which it was
 * so the ruleset can give its own reason. On failure SAPPER_ERR_PARSE
 * with "expected ..., found ..." in err (may be NULL), and *action
 * unchanged. quote_range chooses how a whole number out of range is
 * shown: 0 bare ("found 4", classic), 1 quoted like any other word
 * ("found '10'", seeker).
 */
sapper_status sapper_board_parse_action(const sapper_board *b,
                                        const char *text, int32_t nverbs,
                                        int quote_range, int64_t *action,
                                        int32_t *verb, char *err,
                                        size_t errcap);

#endif /* SAPPER_MINES_ACTION_TEXT_H */
