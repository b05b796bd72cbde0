/*
 * arena_lang.c - L: the other language, same position (a fresh match
 * replayed from the history).
 */
#include "arena_ui.h"

#include <stdlib.h>

/* ------------------------------------------------------------------ */
/* L: the other language, same position.                               */
/* ------------------------------------------------------------------ */

/* The clock of a replayed move: the time it had (ctx: that move). */
static int64_t recorded_ms(void *ctx)
{
    return ((const sapper_move *)ctx)->ms;
}

/* A fresh match of a's setup with this seed, the moves replayed with the
   times they had; NULL with the reason in err when it cannot be made or
   the moves do not all apply. The caller gives it a's clock. */
static sapper_match *replayed(app *a, uint64_t seed, const sapper_move *moves,
                              size_t n, char *err, size_t errcap)
{
    sapper_match *m = sapper_match_new(&a->setup, seed, SAPPER_MATCH_UNDO, err, errcap);
    for (size_t i = 0; m && i < n; i++) {
        sapper_match_set_clock(m, recorded_ms, (void *)&moves[i]);
        if (sapper_match_play(m, moves[i].seat, moves[i].action, err, errcap) != SAPPER_OK) {
            sapper_match_free(m);
            m = NULL;
        }
    }
    if (m && sapper_match_move_count(m) != n) {
        snprintf(err, errcap, "the replay stopped after %zu of %zu moves",
                 sapper_match_move_count(m), n);
        sapper_match_free(m);
        m = NULL;
    }
    return m;
}

/* The history of the current match (owned by the caller), or NULL. */
static sapper_move *history(sapper_match *m, size_t *n)
{
    *n = sapper_match_move_count(m);
    sapper_move *moves = malloc((*n ? *n : 1) * sizeof *moves);
    for (size_t i = 0; moves && i < *n; i++)
        moves[i] = *sapper_match_move(m, i);
    return moves;
}

void arena_switch_language(arena_ui *au)
{
    app *a = au->u->a;
    const char *from = au->lang == LANG_ZH ? "zh" : "en";
    const char *to = au->lang == LANG_ZH ? "en" : "zh";
    char err[1024] = "out of memory";
    size_t n = 0;
    if (!arena_lang_param(a)) {   /* an arena ruleset with one language: ours flip */
        au->lang = au->lang == LANG_ZH ? LANG_EN : LANG_ZH;
        ui_message(au->u, 0, "%s", arena_word(au, W_LANGUAGE));
        return;
    }
    if (sapper_match_fault(a->match)) {   /* a fault is not in the moves */
        ui_message(au->u, 1, arena_word(au, W_NO_SWITCH), "the game ended on a fault");
        return;
    }
    sapper_move *moves = history(a->match, &n);
    sapper_match *m = NULL;
    if (moves && sapper_param_set_put(&a->setup.rules_params, "lang", to) == SAPPER_OK) {
        m = replayed(a, sapper_match_seed(a->match), moves, n, err, sizeof err);
        if (!m)
            sapper_param_set_put(&a->setup.rules_params, "lang", from);
    }
    free(moves);
    if (!m) {
        ui_message(au->u, 1, arena_word(au, W_NO_SWITCH), err);
        return;
    }
    sapper_match_free(a->match);
    a->match = m;
    app_time_match(a);
    sapper_config_set(&a->cfg, "rules", "lang", to, "the L key", 0);
    au->lang = arena_lang_of(a);
    /* The position is the same, so are the person's legal actions: the
       menu stays at its step and selection, a round on show stays on show. */
    au->seen_rounds = arena_rounds_played(au);
    ui_message(au->u, 0, "%s", arena_word(au, W_LANGUAGE));
    arena_note_end(au);
}
