/*
 * play_line.c - `sapper play` without a terminal: the line protocol.
 * One command per line in; after each, the position as text (the rules'
 * render_text) or one `error: ...` line; at the end one line `result `
 * followed by the JSON result. Commands: any action text of the ruleset
 * (`reveal X Y`, `flag X Y`, `chord X Y` for the mines family), `undo`,
 * `restart`, `board`, `help`, `quit`. End of input is `quit`.
 */
#include "commands.h"

#include <ctype.h>

/* The human seat that must act now, or -1. */
static int32_t human_to_act(sapper_match *m)
{
    int32_t who = sapper_match_to_move(m);
    if (who >= 0)
        return sapper_match_is_human(m, who) ? who : -1;
    for (int32_t i = 0; who == SAPPER_SIMULTANEOUS && i < sapper_match_players(m); i++)
        if (sapper_match_is_human(m, i) && sapper_match_awaits(m, i))
            return i;
    return -1;
}

/* The seat whose view is printed: the first human, else omniscient. */
static int32_t viewer(sapper_match *m)
{
    for (int32_t i = 0; i < sapper_match_players(m); i++)
        if (sapper_match_is_human(m, i))
            return i;
    return SAPPER_OMNISCIENT;
}

static void print_board(app *a, FILE *out)
{
    fputs(sapper_match_render(a->match, viewer(a->match)), out);
    fflush(out);
}

static void print_result(app *a, FILE *out, double started)
{
    sapper_strbuf b = {0};
    sapper_match_result_json(a->match, app_now() - started, &b);
    fprintf(out, "result %s\n", sapper_strbuf_str(&b));
    fflush(out);
    sapper_strbuf_free(&b);
}

static void print_help(FILE *out)
{
    fputs("commands: an action (reveal X Y, flag X Y, chord X Y; X column and "
          "Y row from 0), undo, restart, board, quit\n", out);
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = 0;
    return s;
}

/* Runs one command line; returns 1 to stop the session. */
static int command(app *a, char *line, FILE *out, double *started)
{
    char err[1024];
    if (strcmp(line, "quit") == 0)
        return 1;
    if (strcmp(line, "help") == 0) {
        print_help(out);
        return 0;
    }
    if (strcmp(line, "board") == 0) {
        print_board(a, out);
        return 0;
    }
    if (strcmp(line, "restart") == 0) {
        app_record(a);
        if (app_next_match(a, SAPPER_MATCH_UNDO))
            return 1;
        *started = app_now();
    } else if (strcmp(line, "undo") == 0) {
        if (sapper_match_undo(a->match) != SAPPER_OK) {
            fprintf(out, "error: nothing to undo\n");
            return 0;
        }
    } else {
        int32_t seat = human_to_act(a->match);
        if (seat < 0) {
            fprintf(out, "error: no move of yours is expected now\n");
            return 0;
        }
        if (sapper_match_play_text(a->match, seat, line, err, sizeof err)) {
            fprintf(out, "error: %s\n", err);
            return 0;
        }
    }
    sapper_match_advance(a->match);
    print_board(a, out);
    return sapper_match_to_move(a->match) == SAPPER_TERMINAL;
}

int play_line(app *a, FILE *in, FILE *out)
{
    if (app_next_match(a, SAPPER_MATCH_UNDO))
        return EXIT_USAGE;
    double started = app_now();
    sapper_match_advance(a->match);
    print_board(a, out);
    char buf[4096];
    int done = sapper_match_to_move(a->match) == SAPPER_TERMINAL;
    while (!done && fgets(buf, sizeof buf, in)) {
        char *line = trim(buf);
        if (*line && *line != '#')
            done = command(a, line, out, &started);
    }
    print_result(a, out, started);
    return app_record(a);
}
