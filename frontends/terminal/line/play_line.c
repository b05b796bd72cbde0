/*
 * play_line.c - `sapper play` without a terminal: the line protocol.
 * One command per line in; after each, the position as text (the rules'
 * render_text) or one `error: ...` line; at the end one line `result `
 * followed by the JSON result. Commands: any action text of the ruleset
 * (`reveal X Y`, `flag X Y`, `chord X Y` for the mines family), `undo`,
 * `restart`, `board`, `help`, `quit`, and for the mines family the
 * solver's `hint` and `solve [N]` (hint.h). End of input is `quit`.
 * Blanks around a command are ignored; a command word with an argument it
 * does not take (`quit now`), a line longer than LINE_MAX_CHARS or one
 * holding a NUL byte is refused whole with one `error:` line, and the
 * session goes on: no part of a refused line runs. A line still going
 * after LINE_END_CHARS ends the session (exit status 2): such input is
 * not a person's, and its end may never come. What the rules say (the
 * board, an action's text, a refusal) is printed escaped: control
 * characters other than the board's newlines never reach the terminal.
 */
#include "commands.h"
#include "escape.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "hint.h"
#include "scores.h"

/* The seat whose view is printed: the first human, else omniscient. */
static int32_t viewer(sapper_match *m)
{
    for (int32_t i = 0; i < sapper_match_players(m); i++)
        if (sapper_match_is_human(m, i))
            return i;
    return SAPPER_OMNISCIENT;
}

/* A plugin's text on out, escaped (flags: SAPPER_ESCAPE_*). */
static void put_text(FILE *out, const char *text, unsigned flags)
{
    sapper_strbuf b = {0};
    sapper_escape(&b, text, SIZE_MAX, flags);
    fputs(sapper_strbuf_str(&b), out);
    sapper_strbuf_free(&b);
}

/* An `error:` line quoting a message that may hold a plugin's words. */
static void put_error(FILE *out, const char *err)
{
    fputs("error: ", out);
    put_text(out, err, 0);
    fputc('\n', out);
}

static void print_board(app *a, FILE *out)
{
    put_text(out, sapper_match_render(a->match, viewer(a->match)),
             SAPPER_ESCAPE_KEEP_LINES);
    fflush(out);
}

/* A round of simultaneous choices (Wood-Sword) that no person plays now:
   shown unless shown already (shown: the move count of the last board
   printed). Only the start of a round counts, when the last one has
   resolved, missiles placed and all: between its choices and its
   placing a round is half done. */
static int unseen_round(sapper_match *m, size_t shown)
{
    return sapper_match_to_move(m) == SAPPER_SIMULTANEOUS &&
           sapper_match_human_to_act(m) < 0 && sapper_match_move_count(m) != shown;
}

/* Lets the bots play until a person must act or the game ends, then shows
   the board. shown is the move count of the board printed last. In a game
   of simultaneous rounds every round resolved on the way is shown too,
   the one the person's own action resolved included: a person out of the
   game watches it round by round rather than jump to the end. */
static void advance_and_show(app *a, FILE *out, size_t shown)
{
    sapper_match *m = a->match;
    do {
        if (unseen_round(m, shown)) {
            print_board(a, out);
            shown = sapper_match_move_count(m);
        }
    } while (sapper_match_advance_one(m));
    print_board(a, out);
}

static void print_result(app *a, FILE *out, double started)
{
    sapper_strbuf b = {0};
    sapper_match_result_json(a->match, app_now() - started, &b);
    fprintf(out, "result %s\n", sapper_strbuf_str(&b));
    fflush(out);
    sapper_strbuf_free(&b);
}

/* The mines family's actions and solver commands, or, for any other
   family, a few of the actions legal now in the rules' own words. */
static void print_help(sapper_match *m, FILE *out)
{
    const char *family = sapper_match_setup(m)->rules->desc.family;
    if (family && strcmp(family, SAPPER_MINES_FAMILY) == 0) {
        fputs("commands: an action (reveal X Y, flag X Y, chord X Y; X column "
              "and Y row from 0), hint, solve [N], undo, restart, board, quit\n",
              out);
        return;
    }
    fputs("commands: an action", out);
    int32_t seat = sapper_match_human_to_act(m);
    size_t n = 0;
    const int64_t *legal = seat >= 0 ? sapper_match_legal(m, seat, &n) : NULL;
    for (size_t i = 0; legal && i < n && i < 6; i++) {
        fputs(i ? ", " : " (legal now: ", out);
        put_text(out, sapper_match_action_text(m, legal[i]), 0);
    }
    fputs(n > 6 ? ", ...)" : n ? ")" : "", out);
    fputs(", undo, restart, board, quit\n", out);
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

/* ---- the solver's commands ----------------------------------------- */

/* `hint`: one line, "hint: safe X Y" or "hint: guess X Y P=0.123". */
static void print_hint(app *a, hinter *h, FILE *out)
{
    char err[256];
    hint hn;
    if (hinter_pick(h, a->match, viewer(a->match), -1, -1, &hn, err,
                    sizeof err) != 0) {
        put_error(out, err);
    } else if (hn.safe) {
        fprintf(out, "hint: safe %d %d%s\n", (int)hn.x, (int)hn.y,
                hn.approximate ? " (approximate)" : "");
    } else {
        fprintf(out, "hint: guess %d %d P=%.3f%s\n", (int)hn.x, (int)hn.y,
                hn.prob, hn.approximate ? " (approximate)" : "");
    }
    fflush(out);
}

/* Plays the solver's next cell for seat: 0 when played, else -1 with an
   `error:` line (some of a step's flag cycles may have been applied). */
static int solve_step(app *a, hinter *h, int32_t seat, FILE *out)
{
    char err[1024];
    hint hn;
    int64_t acts[3];
    if (hinter_pick(h, a->match, viewer(a->match), -1, -1, &hn, err,
                    sizeof err) != 0) {
        put_error(out, err);
        return -1;
    }
    int n = hint_actions(&hn, acts);
    for (int i = 0; i < n; i++) {
        if (sapper_match_human_to_act(a->match) != seat)
            break;   /* a flag passed the turn: the step ends there */
        if (app_play(a, seat, acts[i], err, sizeof err)) {
            put_error(out, err);
            return -1;
        }
        sapper_match_advance(a->match);
    }
    return 0;
}

/* The N of `solve [N]`: -1 (no limit) when absent, 0 when malformed. */
static long solve_count(const char *arg)
{
    while (isspace((unsigned char)*arg))
        arg++;
    if (!*arg)
        return -1;
    char *end;
    errno = 0;
    long n = strtol(arg, &end, 10);
    return *end || errno || n < 1 ? 0 : n;
}

/* `solve [N]`: N solver steps (no N: until the game ends or no move is
   possible), the board after each. Returns 1 when the game is over. */
static int solve(app *a, hinter *h, const char *arg, FILE *out)
{
    long steps = solve_count(arg);
    if (steps == 0) {
        fprintf(out, "error: expected solve [N], N a whole number from 1, "
                "found \"solve%s\"\n", arg);
        return 0;
    }
    for (long i = 0; steps < 0 || i < steps; i++) {
        int32_t seat = sapper_match_human_to_act(a->match);
        if (seat < 0) {
            if (sapper_match_to_move(a->match) != SAPPER_TERMINAL)
                fprintf(out, "error: no move of yours is expected now\n");
            break;
        }
        if (solve_step(a, h, seat, out) != 0)
            break;
        print_board(a, out);
    }
    return sapper_match_to_move(a->match) == SAPPER_TERMINAL;
}

static int is_solve(const char *line)
{
    return strncmp(line, "solve", 5) == 0 &&
           (line[5] == 0 || isspace((unsigned char)line[5]));
}

/* ---- the session --------------------------------------------------- */

/* Is line the command word (alone)? 1 yes; 0 it is another command; -1
   it is the word with something after it, which it does not take: an
   error line is printed. */
static int bare_word(const char *line, const char *word, FILE *out)
{
    size_t n = strlen(word);
    if (strncmp(line, word, n) != 0 ||
        (line[n] && !isspace((unsigned char)line[n])))
        return 0;
    if (!line[n])
        return 1;
    fprintf(out, "error: %s takes no argument, found \"%s\"\n", word, line);
    return -1;
}

/* The protocol's own commands that take no argument. */
enum { CMD_QUIT, CMD_HINT, CMD_HELP, CMD_BOARD, CMD_RESTART, CMD_UNDO, CMD_COUNT,
       CMD_NONE = -1, CMD_REFUSED = -2 };
static const char *const bare_commands[CMD_COUNT] = {
    [CMD_QUIT] = "quit", [CMD_HINT] = "hint", [CMD_HELP] = "help",
    [CMD_BOARD] = "board", [CMD_RESTART] = "restart", [CMD_UNDO] = "undo",
};

/* Which of bare_commands line is: CMD_NONE for none (an action, maybe),
   CMD_REFUSED after an error line (one of them with an argument). */
static int bare_command(const char *line, FILE *out)
{
    for (int i = 0; i < CMD_COUNT; i++) {
        int r = bare_word(line, bare_commands[i], out);
        if (r)
            return r > 0 ? i : CMD_REFUSED;
    }
    return CMD_NONE;
}

/* `restart`: the game so far is recorded (a failure is reported and the
   session goes on: the next record writes it again), a new one begins. */
static int restart(app *a, double *started)
{
    app_record(a);
    if (app_next_match(a, SAPPER_MATCH_UNDO))
        return 1;
    *started = app_now();
    return 0;
}

/* An action of the ruleset, for the human seat to act now. */
static void play_action(app *a, const char *line, FILE *out, int *applied)
{
    char err[1024];
    int32_t seat = sapper_match_human_to_act(a->match);
    *applied = 0;
    if (seat < 0)
        fprintf(out, "error: no move of yours is expected now\n");
    else if (app_play_text(a, seat, line, err, sizeof err))
        put_error(out, err);
    else
        *applied = 1;
}

/* Runs one command line; returns 1 to stop the session. */
static int command(app *a, hinter *h, char *line, FILE *out, double *started)
{
    if (is_solve(line)) {
        a->assisted = 1;
        return solve(a, h, line + 5, out);
    }
    int applied = 1;
    size_t shown = sapper_match_move_count(a->match);   /* the board on show */
    switch (bare_command(line, out)) {
    case CMD_REFUSED: return 0;
    case CMD_QUIT: return 1;
    case CMD_HINT:
        a->assisted = 1;
        print_hint(a, h, out);
        return 0;
    case CMD_HELP: print_help(a->match, out); return 0;
    case CMD_BOARD: print_board(a, out); return 0;
    case CMD_RESTART:
        if (restart(a, started))
            return 1;
        break;
    case CMD_UNDO:
        if (sapper_match_undo(a->match) != SAPPER_OK) {
            fprintf(out, "error: nothing to undo\n");
            return 0;
        }
        a->assisted = 1;   /* a move taken back: the game is not scored */
        break;
    default:
        play_action(a, line, out, &applied);
    }
    if (!applied)
        return 0;
    advance_and_show(a, out, shown);
    return sapper_match_to_move(a->match) == SAPPER_TERMINAL;
}

#define LINE_MAX_CHARS 4096   /* longer command lines are refused whole */
#define LINE_END_CHARS (1L << 20)   /* no person types this much on a line:
                                       the input is not commands (/dev/zero) */
#define LINE_ENDS_SESSION (-2)

/* Reads one line of in (without its newline) into buf, which holds
   LINE_MAX_CHARS + 1 bytes. Returns 1 for a line, 0 at the end of input,
   -1 after an error line for a line too long or holding a NUL byte: it is
   read to its end and dropped, so no part of it runs as a command.
   LINE_ENDS_SESSION after an error line when a line passes LINE_END_CHARS
   without ending: its end might never come. */
static int read_line(FILE *in, char *buf, FILE *out)
{
    long n = 0;
    int c = 0, nul = 0, got = 0;
    while (n <= LINE_END_CHARS && (c = getc(in)) != EOF && c != '\n') {
        got = 1;
        nul |= c == 0;
        if (n < LINE_MAX_CHARS)
            buf[n] = (char)c;
        n++;
    }
    buf[n < LINE_MAX_CHARS ? n : LINE_MAX_CHARS] = 0;
    if (n > LINE_END_CHARS) {
        fprintf(out, "error: line too long (more than %ld characters); the "
                "session ends\n", LINE_END_CHARS);
        fflush(out);
        return LINE_ENDS_SESSION;
    }
    if (!got && c == EOF)
        return 0;
    if (n > LINE_MAX_CHARS)
        fprintf(out, "error: line too long (more than %d characters)\n",
                LINE_MAX_CHARS);
    else if (nul)
        fprintf(out, "error: unexpected NUL byte in the line\n");
    fflush(out);
    return n > LINE_MAX_CHARS || nul ? -1 : 1;
}

/* The solver for hint and solve: the app's, kept from an earlier session
   (its memory only: each session starts without an analysis, so it plays
   as the first would), else a new one; NULL when out of memory. */
static hinter *session_hinter(app *a)
{
    hinter *h = app_hinter(a);
    if (h)
        hinter_forget(h);
    return h;
}

int play_line(app *a, FILE *in, FILE *out)
{
    hinter *h = session_hinter(a);
    if (!h) {
        app_error("out of memory");
        return EXIT_USAGE;
    }
    if (!a->match && app_next_match(a, SAPPER_MATCH_UNDO))
        return EXIT_USAGE;
    double started = app_now();
    advance_and_show(a, out, sapper_match_move_count(a->match));
    char buf[LINE_MAX_CHARS + 1];
    int done = sapper_match_to_move(a->match) == SAPPER_TERMINAL, got = 1;
    long lines = 0;
    while (!done && (got = read_line(in, buf, out)) != 0 &&
           got != LINE_ENDS_SESSION) {
        char *line = trim(buf);
        lines++;
        if (got > 0 && *line && *line != '#')
            done = command(a, h, line, out, &started);
    }
    if (got == LINE_ENDS_SESSION)
        app_error("standard input, line %ld: expected a command line of at most "
                  "%d characters, found one past %ld without its end; the session "
                  "ends", lines + 1, LINE_MAX_CHARS, LINE_END_CHARS);
    /* a finished game goes on the scoreboard when its rules keep scores
       for it (scores.h) */
    char note[1024];
    int scored = scores_record(&a->setup, a->match,
                               app_now() - started - a->rules_seconds,
                               a->assisted, scores_unranked_why(&a->setup, isatty(fileno(in))),
                               (int64_t)time(NULL), note, sizeof note);
    if (scored || note[0])
        app_error("%s", note);
    print_result(a, out, started);
    int failed = app_record(a) || scored < 0;
    return got == LINE_ENDS_SESSION ? EXIT_USAGE : failed;
}
