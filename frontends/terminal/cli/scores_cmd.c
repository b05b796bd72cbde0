/*
 * scores_cmd.c - `sapper scores [deductive] [CONFIG] [--scorefile FILE]`:
 * prints the deductive scoreboard of the 25x14 games: in red the top ten
 * scores of all time, in yellow the top ten of this week, in green the top
 * ten player averages (the document's colours; plain text when stdout is
 * not a terminal or NO_COLOR is set). Being its own command, it can never
 * show during a game. The score file: --scorefile FILE (or scorefile=FILE,
 * deductive.scorefile=FILE), else CONFIG's [rules] or [deductive]
 * scorefile, else the default (scores.h). It only reads: a missing file is
 * an empty scoreboard and is not created.
 */
#include "commands.h"
#include "scores.h"

#include <math.h>
#include <time.h>
#include <unistd.h>

static const char usage[] =
    "usage: sapper scores [deductive] [CONFIG] [--scorefile FILE]\n";

/* ANSI colours of the three tables. */
#define RED "\033[31m"
#define YELLOW "\033[33m"
#define GREEN "\033[32m"
#define RESET "\033[0m"

typedef struct board_out {
    FILE *out;
    int colour;
    const char *path;       /* the score file */
    const char *arg_path;   /* --scorefile or scorefile= (NULL: none) */
    const char *config;     /* CONFIG (NULL: none) */
} board_out;

static int colour_wanted(FILE *out)
{
    const char *nc = getenv("NO_COLOR");
    return isatty(fileno(out)) && !(nc && *nc);
}

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

static void put_title(const board_out *b, const char *colour,
                      const char *title)
{
    fprintf(b->out, "\n%s%s%s\n", b->colour ? colour : "", title,
            b->colour ? RESET : "");
}

static void put_wins(const board_out *b, const char *colour,
                     const scores_entry *e, size_t n, const char *none)
{
    if (n == 0)
        fprintf(b->out, "   (%s)\n", none);
    for (size_t i = 0; i < n; i++) {
        char when[32];
        time_t t = (time_t)e[i].played_at;
        struct tm tm;
        if (!localtime_r(&t, &tm) || !strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm))
            snprintf(when, sizeof when, "?");
        fprintf(b->out, "%s%4zu  ", b->colour ? colour : "", i + 1);
        put_name(b->out, e[i].name);
        fprintf(b->out, " %9.1f s  %s%s\n", e[i].seconds, when,
                b->colour ? RESET : "");
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

static void print_board(const board_out *b, const scores_entry *all, size_t n)
{
    scores_entry top[SCORES_TOP];
    scores_average avg[SCORES_TOP];
    int64_t week = scores_week_start((int64_t)time(NULL));
    char title[160], day[32];
    time_t w = (time_t)week;
    struct tm tm;
    strftime(day, sizeof day, "%a %Y-%m-%d", localtime_r(&w, &tm));
    fprintf(b->out, "Deductive Minesweeper scoreboard, 25x14 games: %s\n"
            "(scores in seconds, low is good; a loss scores infinity)\n",
            b->path);
    put_title(b, RED, "Top ten scores of all time");
    put_wins(b, RED, top, scores_top(all, n, INT64_MIN, top, SCORES_TOP),
             "no wins yet");
    snprintf(title, sizeof title, "Top ten scores of this week (since %s)",
             day);
    put_title(b, YELLOW, title);
    put_wins(b, YELLOW, top, scores_top(all, n, week, top, SCORES_TOP),
             "no wins this week");
    put_title(b, GREEN, "Top ten player averages (harmonic mean, weight "
              "0.9^k for a player's k-th most recent game)");
    put_averages(b, avg, scores_averages(all, n, avg, SCORES_TOP));
}

/* The scorefile CONFIG sets in [rules] or [deductive] (the later wins). */
static int config_path(const char *config, char *path, size_t cap)
{
    sapper_config cfg;
    char err[1024];
    sapper_config_init(&cfg);
    if (sapper_config_read_file(&cfg, config, err, sizeof err) != SAPPER_OK) {
        app_error("%s", err);
        sapper_config_free(&cfg);
        return EXIT_USAGE;
    }
    const sapper_config_entry *found = NULL;
    for (size_t i = 0; i < cfg.count; i++) {
        const sapper_config_entry *e = &cfg.entries[i];
        if (strcmp(e->key, "scorefile") == 0 &&
            (strcmp(e->section, "rules") == 0 ||
             strcmp(e->section, "deductive") == 0))
            found = e;
    }
    if (found)
        snprintf(path, cap, "%s", found->value);
    sapper_config_free(&cfg);
    return 0;
}

static int resolve_path(const board_out *b, char *path, size_t cap)
{
    path[0] = '\0';
    if (b->config && config_path(b->config, path, cap))
        return EXIT_USAGE;   /* a bad config is reported even when unused */
    if (b->arg_path) {
        snprintf(path, cap, "%s", b->arg_path);
        return 0;
    }
    if (path[0] || scores_default_path(path, cap) == 0)
        return 0;
    app_error("no score file: give --scorefile FILE, or set HOME or "
              "XDG_DATA_HOME");
    return EXIT_USAGE;
}

/* scorefile=FILE, deductive.scorefile=FILE or rules.scorefile=FILE. */
static const char *scorefile_override(const char *arg)
{
    static const char *const keys[] = {"scorefile=", "deductive.scorefile=",
                                       "rules.scorefile="};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strncmp(arg, keys[i], strlen(keys[i])) == 0)
            return arg + strlen(keys[i]);
    return NULL;
}

static int parse_args(int argc, char **argv, board_out *b)
{
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        if (strcmp(s, "--scorefile") == 0 && i + 1 >= argc) {
            app_error("--scorefile: expected a file name, found the end of "
                      "the command line");
            return EXIT_USAGE;
        }
        if (strcmp(s, "--scorefile") == 0)
            b->arg_path = argv[++i];
        else if (scorefile_override(s))
            b->arg_path = scorefile_override(s);
        else if (strcmp(s, "deductive") == 0 && i == 0)
            continue;
        else if (s[0] != '-' && !strchr(s, '=') && !b->config)
            b->config = s;
        else {
            app_error("scores: unexpected \"%s\"; only the deductive rules "
                      "keep scores\n%s", s, usage);
            return EXIT_USAGE;
        }
    }
    if (b->arg_path && !b->arg_path[0]) {
        app_error("scores: expected a score file name, found an empty one");
        return EXIT_USAGE;
    }
    return 0;
}

int cmd_scores(int argc, char **argv)
{
    if (argc > 0 && (strcmp(argv[0], "--help") == 0 ||
                     strcmp(argv[0], "-h") == 0)) {
        fputs(usage, stdout);
        return 0;
    }
    board_out b = {.out = stdout, .colour = colour_wanted(stdout)};
    char path[4096], err[1024];
    int rc = parse_args(argc, argv, &b);
    if (!rc)
        rc = resolve_path(&b, path, sizeof path);
    if (rc)
        return rc;
    b.path = path;
    scores_entry *all = NULL;
    size_t n = 0;
    if (scores_load(path, &all, &n, err, sizeof err)) {
        app_error("%s", err);
        return 1;
    }
    print_board(&b, all, n);
    free(all);
    return 0;
}
