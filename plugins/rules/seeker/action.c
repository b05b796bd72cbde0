/*
 * action.c - the text form of seeker actions: "reveal X Y" (X the column,
 * Y the row, from 0) and, in a game with bombs, "bomb X Y", both ways,
 * through the family's action texts (core/mines/action_text.c). The ids
 * are the mines-family ids, so they depend only on the board size and
 * never change during a game.
 *
 * It does not say whether an action is legal now (seeker.c does). Flags
 * and chords (and bombs in a game without them) are not seeker actions:
 * their text is refused with seeker's own reason and their ids have no
 * text.
 */
#include "internal.h"

#include <stdio.h>

#include "action_text.h"

/* The verbs of s's game. */
static uint32_t verbs_of(const seeker_state *s)
{
    uint32_t v = SAPPER_BOARD_VERB(SAPPER_MINES_REVEAL);
    return s->game->bomb_deficit ? v | SAPPER_BOARD_VERB(SAPPER_MINES_BOMB) : v;
}

int64_t seeker_action_to_text(const void *state, int64_t action, char *buf,
                              size_t cap)
{
    const seeker_state *s = state;
    return sapper_board_action_text(&s->board, action, verbs_of(s), buf, cap);
}

sapper_status seeker_text_to_action(const void *state, const char *text,
                                    int64_t *action, char *err,
                                    size_t errcap)
{
    const seeker_state *s = state;
    int32_t verb;
    sapper_status st = sapper_board_parse_action(&s->board, text, verbs_of(s),
                                                 1, action, &verb, err, errcap);
    if (st == SAPPER_OK || !err || !errcap)
        return st;
    if (verb == SAPPER_MINES_BOMB && !s->game->bomb_deficit)
        snprintf(err, errcap, "'bomb' is not part of this seeker game: it "
                 "has no bombs (the parameter bomb is false)");
    else if (verb == SAPPER_MINES_FLAG || verb == SAPPER_MINES_CHORD)
        snprintf(err, errcap, "'%s' is not part of seeker: %s 'reveal X Y' "
                 "(revealing a mine claims it)%s", sapper_board_verb_name(verb),
                 s->game->bomb_deficit ? "the actions are" : "the only action is",
                 s->game->bomb_deficit ? " and 'bomb X Y'" : "");
    return st;
}
