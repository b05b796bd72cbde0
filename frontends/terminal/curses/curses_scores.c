/*
 * curses_scores.c - the scoreboard inside a game: `t` shows the table of
 * the board being played (the top ten, then the player's own line: games,
 * wins, best time, streaks, and whether this game counts; the score
 * file's path), and a game that stops counting (undo, a hint, the
 * solver, the odds) says so once.
 *
 * The numbers are the scoreboard library's (scores.h), from the same
 * file the game will be stored in; nothing here names a ruleset.
 */
#include "curses_ui.h"
#include "scores.h"

#include <math.h>

/* The board and score file of this game; 0 when it has no scoreboard. */
static int board_of(ui *u, sapper_score *score, char *name, size_t namecap,
                    char *path, size_t pathcap)
{
    char err[256];
    return scores_setup_is_scored(&u->a->setup, u->a->match, score) &&
           scores_settings(&u->a->setup, name, namecap, path, pathcap, err,
                           sizeof err) == 0;
}

/* The player's line of the table, or "no games yet". */
static void own_line(sapper_strbuf *t, const scores_entry *all, size_t n,
                     const char *name)
{
    scores_player *p = malloc((n ? n : 1) * sizeof *p);
    size_t k = p ? scores_players(all, n, p, n) : 0, i = 0;
    while (i < k && strcmp(p[i].name, name) != 0)
        i++;
    if (i == k)
        sapper_strbuf_printf(t, "\n%s: no games on this board yet\n", name);
    else if (isfinite(p[i].best))
        sapper_strbuf_printf(t, "\n%s: %d games, %d won (%.0f%%), best %.3f s, "
                             "streak %d (best %d)\n", name, p[i].games, p[i].wins,
                             100.0 * p[i].wins / p[i].games, p[i].best,
                             p[i].streak, p[i].best_streak);
    else
        sapper_strbuf_printf(t, "\n%s: %d games, no win yet\n", name, p[i].games);
    free(p);
}

static void top_ten(sapper_strbuf *t, const scores_entry *all, size_t n)
{
    scores_entry top[SCORES_TOP];
    size_t k = scores_top(all, n, INT64_MIN, top, SCORES_TOP);
    if (k == 0)
        sapper_strbuf_printf(t, "(no wins yet)\n");
    for (size_t i = 0; i < k; i++)
        sapper_strbuf_printf(t, "%2zu  %-7s %9.3f s%s\n", i + 1, top[i].name,
                             top[i].seconds, "");
}

/* "file: PATH", broken after a '/' onto further lines where it is wider
   than width, so that the panel, which clips its lines, shows all of it
   (the end of a game in a short terminal leaves the path to this panel). */
static void path_lines(sapper_strbuf *t, const char *path, int width)
{
    const char *lead = "file: ";
    int room = width - (int)strlen(lead);
    room = room < 8 ? 8 : room;
    while (*path) {
        int n = (int)strlen(path);
        if (n > room) {
            int cut = room;
            while (cut > 1 && path[cut - 1] != '/')
                cut--;
            n = cut > 1 ? cut : room;
        }
        sapper_strbuf_printf(t, "%s%.*s\n", lead, n, path);
        path += n;
        lead = "      ";
    }
}

void ui_show_scores(ui *u)
{
    sapper_score score;
    char name[SCORES_NAME_MAX], path[4096], err[512];
    if (!board_of(u, &score, name, sizeof name, path, sizeof path)) {
        ui_message(u, 1, "no scoreboard for this game (scores are kept for "
                   "a person playing alone, on rules that keep them)");
        return;
    }
    scores_entry *all = NULL;
    size_t n = 0;
    if (scores_load(path, u->a->setup.rules->desc.id, score.board, &all, &n,
                    err, sizeof err)) {
        ui_message(u, 1, "%s", err);
        return;
    }
    sapper_strbuf t = {0};
    sapper_strbuf_printf(&t, "Scores: %s\n", score.label[0] ? score.label : score.board);
    sapper_strbuf_printf(&t, "%s\n", score.board);
    path_lines(&t, path, COLS - 6);   /* the panel's width inside its border */
    sapper_strbuf_printf(&t, "\n");
    top_ten(&t, all, n);
    own_line(&t, all, n, name);
    sapper_strbuf_printf(&t, "this game %s\n", u->a->assisted
                         ? "is not scored: undo, a hint, the solver or the odds were used"
                         : "counts if you play it to the end unaided");
    sapper_strbuf_append(&t, "", 0);
    if (!t.failed)
        ui_show_text(u, t.data);
    free(t.data);
    free(all);
}

void ui_note_unscored(ui *u, int was)
{
    sapper_score score;
    if (was || !u->a->assisted || u->ended != 0 ||
        !scores_setup_is_scored(&u->a->setup, u->a->match, &score))
        return;
    size_t len = strlen(u->msg);
    snprintf(u->msg + len, sizeof u->msg - len, "%sthis game is no longer "
             "scored", len ? "; " : "");
}
