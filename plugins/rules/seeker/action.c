/*
 * action.c - the text form of seeker actions: "reveal X Y" (X the column,
 * Y the row, from 0), both ways, through the family's action texts
 * (core/mines/action_text.c). The id is the mines-family reveal id
 * y * width + x, so it depends only on the board size and never changes
 * during a game.
 *
 * It does not say whether an action is legal now (seeker.c does). Flags
 * and chords are not seeker actions: their text is refused with seeker's
 * own reason and their ids have no text.
 */
#include "internal.h"

#include <stdio.h>

#include "action_text.h"

int64_t seeker_action_to_text(const void *state, int64_t action, char *buf,
                              size_t cap)
{
    const seeker_state *s = state;
    return sapper_board_action_text(&s->board, action, 1, buf, cap);
}

sapper_status seeker_text_to_action(const void *state, const char *text,
                                    int64_t *action, char *err,
                                    size_t errcap)
{
    const seeker_state *s = state;
    int32_t verb;
    sapper_status st = sapper_board_parse_action(&s->board, text, 1, 1,
                                                 action, &verb, err, errcap);
    if (st != SAPPER_OK && verb > SAPPER_MINES_REVEAL && err && errcap)
        snprintf(err, errcap, "'%s' is not part of seeker: the only action "
                 "is 'reveal X Y' (revealing a mine claims it)",
                 sapper_board_verb_name(verb));
    return st;
}
