/*
 * action.c - the text form of deductive actions, both ways: "reveal X Y"
 * (expose), "flag X Y" (toggle the mark; "mark X Y" is read as the same)
 * and "chord X Y" (the family's third verb: it parses, so a bot or a
 * person gets the rules' reason when it is refused). X is the column and
 * Y the row, from 0. Ids depend only on the board size, so a text never
 * changes during a game. Whether an action is legal now is moves.c's
 * question, not this file's. The text of an id is the family's
 * (core/mines/action_text.c); reading stays here, for `mark` and the
 * deductive messages.
 */
#include "internal.h"

#include <stdio.h>

#include "action_text.h"

int64_t ded_action_to_text(const void *state, int64_t action, char *buf,
                           size_t cap)
{
    const ded_state *s = state;
    return sapper_board_action_text(&s->board, action, SAPPER_BOARD_CLICKS,
                                    buf, cap);
}

static int verb_of(const char *word)
{
    if (strcmp(word, "mark") == 0)
        return SAPPER_MINES_FLAG;
    for (int32_t v = 0; v < SAPPER_BOARD_CLICK_VERBS; v++)
        if (strcmp(word, sapper_board_verb_name(v)) == 0)
            return v;
    return -1;
}

/* A coordinate: decimal digits only, below limit. */
static sapper_status coord(const char *word, const char *name, int32_t limit,
                           int32_t *out, char *err, size_t errcap)
{
    long v = 0;
    size_t i = 0;
    for (; word[i] >= '0' && word[i] <= '9' && v < limit; i++)
        v = v * 10 + (word[i] - '0');
    if (i == 0 || word[i] || v >= limit)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARSE, "expected %s, a %s "
                        "from 0 to %d, found '%s'", name,
                        name[0] == 'X' ? "column" : "row", limit - 1, word);
    *out = (int32_t)v;
    return SAPPER_OK;
}

sapper_status ded_text_to_action(const void *state, const char *text,
                                 int64_t *action, char *err, size_t errcap)
{
    const ded_state *s = state;
    const sapper_board *b = &s->board;
    char word[16] = "", xs[16] = "", ys[16] = "", extra[2];
    int n = sscanf(text, " %15s %15s %15s %1s", word, xs, ys, extra);
    int verb = verb_of(word);
    if (n < 1 || verb < 0)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARSE, "expected 'reveal X "
                        "Y' or 'flag X Y' (mark), found '%.24s'", text);
    if (n < 3)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARSE, "expected '%s X Y' "
                        "(column and row from 0), found '%.24s'", word, text);
    if (n > 3)
        return sapper_mines_fail(err, errcap, SAPPER_ERR_PARSE, "expected nothing "
                        "after '%s %s %s'", word, xs, ys);
    int32_t x = 0, y = 0;   /* set by coord() when it succeeds */
    sapper_status st = coord(xs, "X", b->width, &x, err, errcap);
    if (st == SAPPER_OK)
        st = coord(ys, "Y", b->height, &y, err, errcap);
    if (st == SAPPER_OK)
        *action = sapper_mines_action(verb, x, y, b->width, b->height);
    return st;
}
