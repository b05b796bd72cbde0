/*
 * scores_game.c - the front end's side of the deductive scoreboard: which
 * games are scored (scores.h says which), the name and score file a setup
 * asks for, and recording a finished game with the player's time, which
 * leaves out the engine's time on the player's moves (app_play times it:
 * the rules studying a click on a mine). Knows nothing
 * of SQL (scores.c) or of curses and the line protocol (their callers).
 */
#include "scores.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sapper/mines.h"

#define SCORED_RULES "deductive"

/* The value of one of the setup's rules parameters, or "". */
static const char *rules_param(const sapper_setup *s, const char *key)
{
    sapper_params view = sapper_param_set_view(&s->rules_params);
    const char *v = sapper_param(&view, key);
    return v ? v : "";
}

int scores_setup_is_scored(const sapper_setup *s)
{
    return s->rules && strcmp(s->rules->desc.id, SCORED_RULES) == 0 &&
           strcmp(rules_param(s, "preset"), SCORES_PRESET) == 0 &&
           rules_param(s, "layout")[0] == '\0' && s->players == 1 &&
           s->seats[0].bot == NULL;
}

int scores_settings(const sapper_setup *s, char *name, size_t namecap,
                    char *path, size_t pathcap, char *err, size_t errcap)
{
    const char *file = rules_param(s, "scorefile");
    scores_name(rules_param(s, "name"), name, namecap);
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

int scores_record(const sapper_setup *s, sapper_match *m, double player_seconds,
                  int assisted, int64_t now, char *msg, size_t msgcap)
{
    const char *outcome = sapper_match_outcome(m);
    int won = strcmp(outcome, "won") == 0;
    msg[0] = '\0';
    if (!scores_setup_is_scored(s) || (!won && strcmp(outcome, "lost") != 0))
        return 0;
    if (assisted) {
        snprintf(msg, msgcap, "not scored: undo, a hint or the solver was used");
        return 0;
    }
    scores_entry e = {.played_at = now, .seconds = INFINITY};
    char path[4096], err[1024];
    if (scores_settings(s, e.name, sizeof e.name, path, sizeof path, err,
                        sizeof err)) {
        snprintf(msg, msgcap, "score not recorded: %s", err);
        return -1;
    }
    if (won) {
        e.seconds = player_seconds;
        e.seconds = e.seconds > 0.001 ? e.seconds : 0.001;
    }
    if (scores_add(path, &e, err, sizeof err)) {
        snprintf(msg, msgcap, "score not recorded: %s", err);
        return -1;
    }
    if (won)
        snprintf(msg, msgcap, "score %.1f s recorded for %s in %s",
                 e.seconds, e.name, path);
    else
        snprintf(msg, msgcap, "loss (score: infinity) recorded for %s in %s",
                 e.name, path);
    return 1;
}
