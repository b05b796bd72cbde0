/*
 * scores_cmd.c - `sapper scores [RULESET|CONFIG] [--board KEY] [--json]
 * [--scorefile FILE]`: prints the tables of the score file (scores.h),
 * one board after another: every board, a ruleset's boards, the board a
 * CONFIG plays, or the board KEY. Each board shows its top ten, its
 * players (games, wins, win rate, best time, best 3BV/s, streaks) and its
 * latest games; a board ranked by harmonic means (the Deductive
 * Minesweeper document's) shows its top ten of all time in red, of this
 * week in yellow and the player averages in green instead (plain text
 * when stdout is not a terminal or NO_COLOR is set). --json prints the
 * same as one JSON object. Being its own command, it never shows during a
 * game. The score file: --scorefile FILE (or SECTION.scorefile=FILE), else
 * the one CONFIG's rules name, else the default. It only reads: a missing
 * file is an empty scoreboard and is not created.
 */
#include "commands.h"
#include "scores.h"

#include <errno.h>
#include <math.h>
#include <time.h>
#include <unistd.h>

static const char usage[] =
    "usage: sapper scores [RULESET|CONFIG] [section.key=value ...] "
    "[--board KEY] [--json] [--scorefile FILE]\n";

/* ANSI colours of the harmonic tables (the document's). */
#define RED "\033[31m"
#define YELLOW "\033[33m"
#define GREEN "\033[32m"
#define RESET "\033[0m"
#define LATEST 10   /* games in the history list */

typedef struct scores_args {
    const char *what;          /* RULESET or CONFIG, NULL for every board */
    const char *board;         /* --board KEY */
    const char *path_arg;      /* --scorefile or SECTION.scorefile= */
    int json;
    char *overrides[APP_MAX_OVERRIDES];
    int noverrides;
} scores_args;

typedef struct board_out {
    FILE *out;
    int colour;
    const char *path;          /* the score file */
} board_out;

static int colour_wanted(FILE *out)
{
    const char *nc = getenv("NO_COLOR");
    return isatty(fileno(out)) && !(nc && *nc);
}

/* ---- text ------------------------------------------------------------ */

/* Prints name padded to seven characters (UTF-8 aware). */
static void put_name(FILE *out, const char *name)
{
    int chars = 0;
    for (const char *p = name; *p; p++)
        chars += (*p & 0xC0) != 0x80;
    fputs(name, out);
    for (; chars < SCORES_NAME_CHARS; chars++)
        fputc(' ', out);
}

static void put_date(char *buf, size_t cap, int64_t at)
{
    time_t t = (time_t)at;
    struct tm tm;
    if (!localtime_r(&t, &tm) || !strftime(buf, cap, "%Y-%m-%d %H:%M", &tm))
        snprintf(buf, cap, "?");
}

static void put_title(const board_out *b, const char *colour,
                      const char *title)
{
    fprintf(b->out, "\n%s%s%s\n", b->colour && colour ? colour : "", title,
            b->colour && colour ? RESET : "");
}

/* A table of wins; with rates, each win's 3BV/s too. */
static void put_wins(const board_out *b, const char *colour,
                     const scores_entry *e, size_t n, const char *none,
                     int rates)
{
    if (n == 0)
        fprintf(b->out, "   (%s)\n", none);
    for (size_t i = 0; i < n; i++) {
        char when[32];
        put_date(when, sizeof when, e[i].played_at);
        fprintf(b->out, "%s%4zu  ", b->colour && colour ? colour : "", i + 1);
        put_name(b->out, e[i].name);
        if (rates && e[i].bbbv > 0)
            fprintf(b->out, " %9.3f s  %5.2f 3BV/s  %s", e[i].seconds,
                    scores_rate(&e[i]), when);
        else
            fprintf(b->out, " %9.1f s  %s", e[i].seconds, when);
        fprintf(b->out, "%s\n", b->colour && colour ? RESET : "");
    }
}

static void put_averages(const board_out *b, const scores_average *a,
                         size_t n)
{
    if (n == 0)
        fprintf(b->out, "   (no games yet)\n");
    for (size_t i = 0; i < n; i++) {
        char mean[32];
        if (isfinite(a[i].mean))
            snprintf(mean, sizeof mean, "%9.1f s", a[i].mean);
        else
            snprintf(mean, sizeof mean, "%11s", "infinity");
        fprintf(b->out, "%s%4zu  ", b->colour ? GREEN : "", i + 1);
        put_name(b->out, a[i].name);
        fprintf(b->out, " %s  %d game%s, %d won%s\n", mean, a[i].games,
                a[i].games == 1 ? "" : "s", a[i].wins, b->colour ? RESET : "");
    }
}

static void put_players(const board_out *b, const scores_player *p, size_t n)
{
    fprintf(b->out, "      name     games  wins  win rate        best  best 3BV/s"
            "  streak  best streak\n");
    for (size_t i = 0; i < n; i++) {
        char best[32], rate[32];
        if (isfinite(p[i].best))
            snprintf(best, sizeof best, "%9.3f s", p[i].best);
        else
            snprintf(best, sizeof best, "%11s", "-");
        if (p[i].best_rate > 0)
            snprintf(rate, sizeof rate, "%10.2f", p[i].best_rate);
        else
            snprintf(rate, sizeof rate, "%10s", "-");
        fprintf(b->out, "%4zu  ", i + 1);
        put_name(b->out, p[i].name);
        fprintf(b->out, "  %5d %5d  %7.1f%%  %s  %s  %6d  %11d\n", p[i].games,
                p[i].wins, 100.0 * p[i].wins / p[i].games, best, rate,
                p[i].streak, p[i].best_streak);
    }
}

static void put_latest(const board_out *b, const scores_entry *all, size_t n)
{
    for (size_t k = 0; k < n && k < LATEST; k++) {
        const scores_entry *e = &all[n - 1 - k];
        char when[32];
        put_date(when, sizeof when, e->played_at);
        fprintf(b->out, "      %s  ", when);
        put_name(b->out, e->name);
        const char *mark = e->unranked ? "  (unranked)" : "";
        if (isfinite(e->seconds))
            fprintf(b->out, "  won   %9.3f s%s\n", e->seconds, mark);
        else
            fprintf(b->out, "  lost%s\n", mark);
    }
}

/* The tables of one board: all[0..n), oldest first. */
static void print_board(const board_out *b, const scores_entry *all, size_t n)
{
    scores_entry top[SCORES_TOP];
    const scores_entry *first = &all[0];
    int harmonic = first->method == SAPPER_SCORE_HARMONIC;
    fprintf(b->out, "%s%s%s%s: %zu game%s in %s\n",
            first->board, first->label[0] ? " (" : "", first->label,
            first->label[0] ? ")" : "", n, n == 1 ? "" : "s", b->path);
    fprintf(b->out, "(scores in seconds, low is good; a loss scores infinity)\n");
    size_t unranked = 0;
    for (size_t i = 0; i < n; i++)
        unranked += all[i].unranked != 0;
    if (unranked)
        fprintf(b->out, "(%zu of them unranked: a given seed or piped moves, so the "
                "board could be known; they count in games and wins only)\n", unranked);
    put_title(b, harmonic ? RED : NULL, "Top ten scores of all time");
    put_wins(b, RED, top, scores_top(all, n, INT64_MIN, top, SCORES_TOP),
             "no wins yet", !harmonic);
    if (harmonic) {
        scores_average avg[SCORES_TOP];
        int64_t week = scores_week_start((int64_t)time(NULL));
        char title[160], day[32];
        time_t w = (time_t)week;
        struct tm tm;
        strftime(day, sizeof day, "%a %Y-%m-%d", localtime_r(&w, &tm));
        snprintf(title, sizeof title, "Top ten scores of this week (since %s)", day);
        put_title(b, YELLOW, title);
        put_wins(b, YELLOW, top, scores_top(all, n, week, top, SCORES_TOP),
                 "no wins this week", 0);
        put_title(b, GREEN, "Top ten player averages (harmonic mean, weight "
                  "0.9^k for a player's k-th most recent game)");
        put_averages(b, avg, scores_averages(all, n, avg, SCORES_TOP));
        return;
    }
    scores_player *players = malloc(n * sizeof *players);
    if (players) {
        put_title(b, NULL, "Players");
        put_players(b, players, scores_players(all, n, players, n));
        free(players);
    }
    put_title(b, NULL, "Latest games");
    put_latest(b, all, n);
}

/* ---- JSON ------------------------------------------------------------ */

/* s as a JSON string, quoted and escaped as every JSON line of sapper is. */
static void json_string(FILE *out, const char *s)
{
    sapper_strbuf b = {0};
    sapper_strbuf_json(&b, s);
    fputs(sapper_strbuf_str(&b), out);
    sapper_strbuf_free(&b);
}

static void json_seconds(FILE *out, double s)
{
    if (isfinite(s))
        fprintf(out, "%.3f", s);
    else
        fputs("null", out);
}

static void json_games(FILE *out, const scores_entry *e, size_t n)
{
    fputc('[', out);
    for (size_t i = 0; i < n; i++) {
        fprintf(out, "%s{\"name\":", i ? "," : "");
        json_string(out, e[i].name);
        fputs(",\"seconds\":", out);
        json_seconds(out, e[i].seconds);
        fprintf(out, ",\"bbbv_per_s\":%.3f,\"played_at\":%lld,\"ranked\":%s}",
                scores_rate(&e[i]), (long long)e[i].played_at,
                e[i].unranked ? "false" : "true");
    }
    fputc(']', out);
}

static void json_players(FILE *out, const scores_entry *all, size_t n)
{
    scores_player *p = malloc(n * sizeof *p);
    size_t k = p ? scores_players(all, n, p, n) : 0;
    fputc('[', out);
    for (size_t i = 0; i < k; i++) {
        fprintf(out, "%s{\"name\":", i ? "," : "");
        json_string(out, p[i].name);
        fprintf(out, ",\"games\":%d,\"wins\":%d,\"best\":", p[i].games, p[i].wins);
        json_seconds(out, p[i].best);
        fprintf(out, ",\"best_bbbv_per_s\":%.3f,\"streak\":%d,\"best_streak\":%d}",
                p[i].best_rate, p[i].streak, p[i].best_streak);
    }
    fputc(']', out);
    free(p);
}

static void json_averages(FILE *out, const scores_entry *all, size_t n)
{
    scores_average a[SCORES_TOP];
    size_t k = scores_averages(all, n, a, SCORES_TOP);
    fputc('[', out);
    for (size_t i = 0; i < k; i++) {
        fprintf(out, "%s{\"name\":", i ? "," : "");
        json_string(out, a[i].name);
        fputs(",\"mean\":", out);
        json_seconds(out, a[i].mean);
        fprintf(out, ",\"games\":%d,\"wins\":%d}", a[i].games, a[i].wins);
    }
    fputc(']', out);
}

static void json_board(FILE *out, const scores_entry *all, size_t n, int first)
{
    scores_entry top[SCORES_TOP];
    int harmonic = all[0].method == SAPPER_SCORE_HARMONIC;
    fprintf(out, "%s{\"board\":", first ? "" : ",");
    json_string(out, all[0].board);
    fputs(",\"label\":", out);
    json_string(out, all[0].label);
    fputs(",\"ruleset\":", out);
    json_string(out, all[0].ruleset);
    fprintf(out, ",\"method\":\"%s\",\"games\":%zu,\"top\":",
            harmonic ? "harmonic" : "fastest", n);
    json_games(out, top, scores_top(all, n, INT64_MIN, top, SCORES_TOP));
    if (harmonic) {
        fputs(",\"week\":", out);
        json_games(out, top, scores_top(all, n, scores_week_start((int64_t)time(NULL)),
                                        top, SCORES_TOP));
        fputs(",\"averages\":", out);
        json_averages(out, all, n);
    }
    fputs(",\"players\":", out);
    json_players(out, all, n);
    fputs(",\"latest\":", out);
    size_t k = n < LATEST ? n : LATEST;
    json_games(out, all + n - k, k);
    fputc('}', out);
}

/* ---- boards ---------------------------------------------------------- */

static int by_board(const void *a, const void *b)
{
    const scores_entry *x = a, *y = b;
    int c = strcmp(x->board, y->board);
    if (c)
        return c;
    return (x->played_at > y->played_at) - (x->played_at < y->played_at);
}

/* Prints every board of all[0..n) (any order), each board's games oldest
   first. */
static void print_boards(const board_out *b, scores_entry *all, size_t n,
                         int json)
{
    /* a stable order: mergesort is not in C, so ties keep by played_at */
    qsort(all, n, sizeof *all, by_board);
    if (json) {
        fputs("{\"file\":", b->out);
        json_string(b->out, b->path);
        fputs(",\"boards\":[", b->out);
    }
    for (size_t i = 0, j; i < n; i = j) {
        for (j = i; j < n && strcmp(all[j].board, all[i].board) == 0; j++)
            ;
        if (json)
            json_board(b->out, all + i, j - i, i == 0);
        else {
            if (i)
                fputc('\n', b->out);
            print_board(b, all + i, j - i);
        }
    }
    if (json)
        fputs("]}\n", b->out);
}

/* ---- arguments ------------------------------------------------------- */

/* FILE of a "scorefile=FILE" or "SECTION.scorefile=FILE" argument. */
static const char *scorefile_override(const char *arg)
{
    const char *eq = strchr(arg, '=');
    if (!eq)
        return NULL;
    size_t key = (size_t)(eq - arg), len = strlen("scorefile");
    if (key < len || strncmp(eq - len, "scorefile", len) != 0 ||
        (key > len && eq[-(long)len - 1] != '.'))
        return NULL;
    return eq + 1;
}

/* The value of option argv[*i], `what` it must be. */
static int option_value(int argc, char **argv, int *i, const char *what,
                        const char **out)
{
    if (*i + 1 >= argc) {
        app_error("%s: expected %s, found the end of the command line",
                  argv[*i], what);
        return EXIT_USAGE;
    }
    *out = argv[++*i];
    if (!**out) {
        app_error("%s: expected %s, found an empty one", argv[*i - 1], what);
        return EXIT_USAGE;
    }
    return 0;
}

static int take_arg(int argc, char **argv, int *i, scores_args *a)
{
    const char *s = argv[*i];
    if (strcmp(s, "--scorefile") == 0)
        return option_value(argc, argv, i, "a file name", &a->path_arg);
    if (strcmp(s, "--board") == 0)
        return option_value(argc, argv, i, "a board key (sapper scores lists "
                            "them)", &a->board);
    if (strcmp(s, "--json") == 0) {
        a->json = 1;
        return 0;
    }
    if (scorefile_override(s)) {
        a->path_arg = scorefile_override(s);
        if (!*a->path_arg) {
            app_error("scores: expected a score file name, found an empty one");
            return EXIT_USAGE;
        }
    }
    if (strchr(s, '=') && s[0] != '-' && a->noverrides < APP_MAX_OVERRIDES) {
        a->overrides[a->noverrides++] = argv[*i];
        return 0;
    }
    if (s[0] != '-' && !a->what) {
        a->what = s;
        return 0;
    }
    app_error("scores: unexpected \"%s\"\n%s", s, usage);
    return EXIT_USAGE;
}

/* A CONFIG is an existing file or a name ending in .ini. */
static int is_config(const char *what)
{
    size_t n = strlen(what);
    return access(what, F_OK) == 0 || (n > 4 && strcmp(what + n - 4, ".ini") == 0);
}

/* The score file and board of CONFIG (with the overrides): the rules'
   scorefile and the board its game is on. */
static int config_board(scores_args *a, char *path, size_t pathcap,
                        char *board, size_t boardcap, char *ruleset,
                        size_t rulesetcap)
{
    app ap = {.prog = "sapper"};
    char *argv[APP_MAX_OVERRIDES + 1];
    int argc = 0, rc;
    argv[argc++] = (char *)a->what;
    for (int i = 0; i < a->noverrides; i++)
        argv[argc++] = a->overrides[i];
    if ((rc = app_open(&ap, argc, argv, 0)) == 0 &&
        (rc = app_next_match(&ap, 0)) == 0) {
        sapper_score score;
        char name[SCORES_NAME_MAX], err[1024];
        if (!sapper_match_score(ap.match, &score)) {
            app_error("%s: the rules \"%s\" keep no scores for this game",
                      a->what, ap.setup.rules->desc.id);
            rc = EXIT_USAGE;
        } else if (scores_settings(&ap.setup, name, sizeof name, path,
                                   pathcap, err, sizeof err)) {
            app_error("%s", err);
            rc = EXIT_USAGE;
        } else {
            snprintf(board, boardcap, "%s", score.board);
            snprintf(ruleset, rulesetcap, "%s", ap.setup.rules->desc.id);
        }
    }
    app_close(&ap);
    return rc;
}

/* A RULESET must name a rules plugin (a typo gets "did you mean"). */
static int check_ruleset(const char *id)
{
    sapper_registry *reg = app_registry(NULL);
    int rc = 0;
    if (reg && !sapper_registry_find(reg, id, SAPPER_KIND_RULES)) {
        const char *near = sapper_registry_suggest(reg, id, SAPPER_KIND_RULES);
        app_error("scores: \"%s\" is neither a config file nor a ruleset%s%s%s",
                  id, near ? " (did you mean \"" : "", near ? near : "",
                  near ? "\"?)" : "");
        rc = EXIT_USAGE;
    }
    sapper_registry_free(reg);
    return rc;
}

static int resolve(scores_args *a, char *path, size_t pathcap, char *board,
                   size_t boardcap, char *ruleset, size_t rulesetcap)
{
    path[0] = board[0] = ruleset[0] = '\0';
    if (a->what && is_config(a->what)) {
        int rc = config_board(a, path, pathcap, board, boardcap, ruleset,
                              rulesetcap);
        if (rc)
            return rc;
    } else if (a->what) {
        if (check_ruleset(a->what))
            return EXIT_USAGE;
        snprintf(ruleset, rulesetcap, "%s", a->what);
    }
    if (a->board)
        snprintf(board, boardcap, "%s", a->board);
    if (a->path_arg) {   /* a file named by the user must be there */
        snprintf(path, pathcap, "%s", a->path_arg);
        if (access(path, F_OK) != 0) {
            app_error("score file %s: cannot read it: %s (a scored game creates it; "
                      "without --scorefile the default file is read)", path,
                      strerror(errno));
            return 1;
        }
    }
    if (path[0] || scores_default_path(path, pathcap) == 0)
        return 0;
    app_error("no score file: give --scorefile FILE, or set HOME or "
              "XDG_DATA_HOME");
    return EXIT_USAGE;
}

int cmd_scores(int argc, char **argv)
{
    if (argc > 0 && (strcmp(argv[0], "--help") == 0 ||
                     strcmp(argv[0], "-h") == 0)) {
        fputs(usage, stdout);
        return 0;
    }
    scores_args a = {.what = NULL};
    for (int i = 0; i < argc; i++) {
        int rc = take_arg(argc, argv, &i, &a);
        if (rc)
            return rc;
    }
    char path[4096], board[SCORES_KEY_MAX + 64], ruleset[64], err[1024];
    int rc = resolve(&a, path, sizeof path, board, sizeof board, ruleset,
                     sizeof ruleset);
    if (rc)
        return rc;
    board_out b = {.out = stdout, .colour = !a.json && colour_wanted(stdout),
                   .path = path};
    scores_entry *all = NULL;
    size_t n = 0;
    if (scores_load(path, ruleset[0] ? ruleset : NULL, board[0] ? board : NULL,
                    &all, &n, err, sizeof err)) {
        app_error("%s", err);
        return 1;
    }
    if (n == 0 && !a.json)
        printf("no games%s%s yet in %s\n", board[0] || ruleset[0] ? " of " : "",
               board[0] ? board : ruleset, path);
    else
        print_boards(&b, all, n, a.json);
    free(all);
    return 0;
}
