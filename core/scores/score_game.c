/*
 * score_game.c - putting a finished game on the scoreboard: which games
 * are scored (scores.h says which; the rules give the board), the name and
 * score file a setup asks for, and recording a game with the player's time
 * and the place it reached. Knows nothing of SQL (score_file.c) or of
 * curses and the line protocol (its callers), and no ruleset by name.
 */
#include "scores.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The value of one of the setup's rules parameters, or "" when the rules
   do not declare it. */
static const char *rules_param(const sapper_setup *s, const char *key)
{
    sapper_params view = sapper_param_set_view(&s->rules_params);
    const char *v = sapper_param(&view, key);
    return v ? v : "";
}

int scores_setup_is_scored(const sapper_setup *s, const sapper_match *m,
                           sapper_score *score)
{
    return s->rules && s->players == 1 && s->seats[0].bot == NULL && m &&
           sapper_match_score(m, score);
}

int scores_settings(const sapper_setup *s, char *name, size_t namecap,
                    char *path, size_t pathcap, char *err, size_t errcap)
{
    const char *file = rules_param(s, "scorefile");
    const char *who = rules_param(s, "name");
    scores_name(*who || s->players < 1 ? who : s->seats[0].name, name, namecap);
    if (*file) {
        if (snprintf(path, pathcap, "%s", file) < (int)pathcap)
            return 0;
        snprintf(err, errcap, "scorefile: the name is too long");
        return -1;
    }
    if (scores_default_path(path, pathcap) == 0)
        return 0;
    snprintf(err, errcap, "no score file: set scorefile=FILE, or HOME or "
             "XDG_DATA_HOME");
    return -1;
}

/* "#3 on Expert, new personal best" for a win just stored in path. */
static void standing(const char *path, const scores_entry *e, char *out,
                     size_t cap)
{
    scores_entry *all = NULL;
    size_t n = 0, rank = 0, i;
    int best = 0;
    char err[256];
    out[0] = '\0';
    if (scores_load(path, e->ruleset, e->board, &all, &n, err, sizeof err))
        return;
    for (i = n; i-- > 0;)   /* the newest row of this game: ours */
        if (all[i].played_at == e->played_at && strcmp(all[i].name, e->name) == 0)
            break;
    if (i < n)
        scores_standing(all, n, i, &rank, &best);
    if (rank)
        snprintf(out, cap, "#%zu on %s%s", rank, e->label[0] ? e->label : e->board,
                 best ? ", new personal best" : "");
    free(all);
}

/* The entry for match m's game, finished as *score says. */
static int entry_for(const sapper_setup *s, const sapper_score *score,
                     double player_seconds, int64_t now, scores_entry *e,
                     char *path, size_t pathcap, char *err, size_t errcap)
{
    *e = (scores_entry){.played_at = now, .seconds = INFINITY,
                        .method = score->method, .bbbv = score->bbbv};
    snprintf(e->ruleset, sizeof e->ruleset, "%s", s->rules->desc.id);
    snprintf(e->board, sizeof e->board, "%s", score->board);
    snprintf(e->label, sizeof e->label, "%s", score->label);
    if (score->won)
        e->seconds = player_seconds > 0.001 ? player_seconds : 0.001;
    return scores_settings(s, e->name, sizeof e->name, path, pathcap, err,
                           errcap);
}

const char *scores_unranked_why(const sapper_setup *s, int typed)
{
    if (s->seed_given)
        return "its seed was given (game.seed), so its board could be known";
    if (!typed)
        return "its moves came from a pipe or a file, not a person at a terminal";
    return NULL;
}

int scores_record(const sapper_setup *s, sapper_match *m, double player_seconds,
                  int assisted, const char *unranked, int64_t now, char *msg,
                  size_t msgcap)
{
    const char *outcome = sapper_match_outcome(m);
    sapper_score score;
    msg[0] = '\0';
    if (!scores_setup_is_scored(s, m, &score) ||
        (strcmp(outcome, "won") != 0 && strcmp(outcome, "lost") != 0))
        return 0;
    if (assisted) {
        snprintf(msg, msgcap, "not scored: undo, a hint, the solver or the "
                 "odds overlay was used");
        return 0;
    }
    scores_entry e;
    char path[4096], err[1024], place[160];
    sapper_strbuf result = {0};
    sapper_match_result_json(m, player_seconds, &result);
    int rc = entry_for(s, &score, player_seconds, now, &e, path, sizeof path,
                       err, sizeof err);
    e.unranked = unranked != NULL;
    if (!rc)
        rc = scores_add(path, &e, sapper_strbuf_str(&result), err, sizeof err);
    sapper_strbuf_free(&result);
    if (rc) {
        snprintf(msg, msgcap, "score not recorded: %s", err);
        return -1;
    }
    if (unranked) {
        snprintf(msg, msgcap, "not ranked: %s; the %s counts in the games and wins "
                 "of \"%s\" in %s", unranked, isfinite(e.seconds) ? "win" : "loss",
                 e.name, path);
        return 1;
    }
    if (!isfinite(e.seconds)) {
        snprintf(msg, msgcap, "loss (score: infinity) recorded for %s in %s",
                 e.name, path);
        return 1;
    }
    standing(path, &e, place, sizeof place);
    snprintf(msg, msgcap, "score %.3f s%s%s, recorded for %s in %s", e.seconds,
             place[0] ? ": " : "", place, e.name, path);
    return 1;
}
