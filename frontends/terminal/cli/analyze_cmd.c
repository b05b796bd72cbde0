/*
 * analyze_cmd.c - `sapper analyze [--format grid|tsv|svg] [--budget NODES]
 * FILE`: reads a position in the board text format, asks the exact solver
 * (core/mines/solver.h) for the mine probability of every unrevealed cell
 * given the numbers, the '*' cells and the mine count M (flags are not
 * trusted), and prints them: a readable grid with a summary (the default)
 * or one `X<TAB>Y<TAB>P` line per unrevealed cell (tsv), or a picture
 * with each cell's probability as colour and number (svg, position_svg.h),
 * on standard output or, with -o FILE, into FILE only when all of it is.
 *
 * A malformed file or a position no layout fits is an error on stderr that
 * names the file, line and column (analyze_blame.c finds the culprit), exit
 * status 2. An answer cut short by the budget is printed with a note on
 * stderr, exit status 0. It does not play, and reads no config or plugin.
 */
#include "commands.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyze_blame.h"
#include "position.h"
#include "position_svg.h"

#define LAYOUT_COUNT_MAX_LOG2 53   /* print the exact count below 2^53 */

typedef struct analyze_opts {
    int tsv;                       /* --format tsv */
    int svg;                       /* --format svg */
    sapper_mines_budget budget;    /* --budget NODES (0: defaults) */
    const char *out;               /* -o FILE, or NULL: standard output */
    const char *path;
} analyze_opts;

static const char usage[] =
    "usage: sapper analyze [--format grid|tsv|svg] [--budget NODES] [-o FILE] FILE";

/* ---- the command line ----------------------------------------------- */

static int parse_format(analyze_opts *o, const char *v)
{
    if (strcmp(v, "grid") == 0 || strcmp(v, "tsv") == 0 || strcmp(v, "svg") == 0) {
        o->tsv = v[0] == 't';
        o->svg = v[0] == 's';
        return 0;
    }
    app_error("--format: expected grid, tsv or svg, found \"%s\"", v);
    return EXIT_USAGE;
}

static int parse_budget(analyze_opts *o, const char *v)
{
    char *end;
    errno = 0;
    long long n = strtoll(v, &end, 10);
    if (*v == 0 || *end || errno || n < 1) {
        app_error("--budget: expected a positive number of solver nodes, "
                  "found \"%s\"", v);
        return EXIT_USAGE;
    }
    o->budget.component_nodes = o->budget.total_nodes = (int64_t)n;
    return 0;
}

/* Is argv[*i] --opt VALUE or --opt=VALUE? 1 with *value set, 0 when it is
   not opt, -1 (said) when the value is missing. */
static int option_value(int argc, char **argv, int *i, const char *opt,
                        const char **value)
{
    size_t n = strlen(opt);
    if (strncmp(argv[*i], opt, n) != 0 || (argv[*i][n] && argv[*i][n] != '='))
        return 0;
    if (argv[*i][n] == '=') {
        *value = argv[*i] + n + 1;
        return 1;
    }
    if (*i + 1 >= argc) {
        app_error("%s: expected a value after it\n%s", opt, usage);
        return -1;
    }
    *value = argv[++*i];
    return 1;
}

/* One argument at argv[*i] (an option may take the next one too). */
static int parse_arg(int argc, char **argv, int *i, analyze_opts *o)
{
    const char *v;
    int found = option_value(argc, argv, i, "--format", &v);
    if (found)
        return found < 0 ? EXIT_USAGE : parse_format(o, v);
    found = option_value(argc, argv, i, "--budget", &v);
    if (found)
        return found < 0 ? EXIT_USAGE : parse_budget(o, v);
    found = option_value(argc, argv, i, "-o", &o->out);
    if (found)
        return found < 0 ? EXIT_USAGE : app_check_output("-o", o->out);
    const char *arg = argv[*i];
    if (arg[0] == '-' && arg[1] != 0) {
        app_error("unknown option \"%s\"\n%s", arg, usage);
        return EXIT_USAGE;
    }
    if (o->path) {
        app_error("expected one FILE, found \"%s\" after \"%s\"\n%s", arg,
                  o->path, usage);
        return EXIT_USAGE;
    }
    o->path = arg;
    return 0;
}

static int parse_args(int argc, char **argv, analyze_opts *o)
{
    for (int i = 0; i < argc; i++) {
        int rc = parse_arg(argc, argv, &i, o);
        if (rc)
            return rc;
    }
    if (!o->path) {
        app_error("expected a position FILE\n%s", usage);
        return EXIT_USAGE;
    }
    return 0;
}

/* ---- tsv ------------------------------------------------------------ */

static void print_tsv(const sapper_mines_position *p, const double *prob)
{
    for (int32_t y = 0; y < p->height; y++)
        for (int32_t x = 0; x < p->width; x++)
            if (sapper_cell_is_unknown(p->cells[y * p->width + x]))
                printf("%d\t%d\t%.12f\n", (int)x, (int)y,
                       prob[y * p->width + x]);
}

/* ---- svg ------------------------------------------------------------ */

static void print_svg(const char *path, const sapper_mines_position *p,
                      const double *prob)
{
    sapper_strbuf out = {0};
    char title[512];
    snprintf(title, sizeof title, "%s: mine probabilities (%dx%d, %d %s)", path,
             (int)p->width, (int)p->height, (int)p->mines, app_plural(p->mines, "mine", "mines"));
    position_svg(&out, title, p, prob);
    fputs(sapper_strbuf_str(&out), stdout);
    sapper_strbuf_free(&out);
}

/* ---- grid ----------------------------------------------------------- */

/* One cell, 5 wide, then its mark (the last one of a row without a
   blank): a number, '*', "safe", "MINE" or a percentage ("<1%" and ">99%"
   where rounding would claim certainty). */
static void print_cell(uint8_t code, double p, int last)
{
    char v[16];
    if (code <= 8)
        snprintf(v, sizeof v, "%d", (int)code);
    else if (!sapper_cell_is_unknown(code))
        snprintf(v, sizeof v, "*");
    else if (p == 0.0)
        snprintf(v, sizeof v, "safe");
    else if (p == 1.0)
        snprintf(v, sizeof v, "MINE");
    else if (p < 0.01)
        snprintf(v, sizeof v, "<1%%");
    else if (p > 0.99)
        snprintf(v, sizeof v, ">99%%");
    else
        snprintf(v, sizeof v, "%.0f%%", p * 100);
    char mark = code == SAPPER_CELL_FLAGGED ? 'F'
              : code == SAPPER_CELL_MARKED  ? 'M' : ' ';
    if (last && mark == ' ')
        printf("%5s", v);
    else
        printf("%5s%c", v, mark);
}

static void print_rows(const sapper_mines_position *p, const double *prob)
{
    printf("   ");
    for (int32_t x = 0; x < p->width; x++)
        printf(" %5d", (int)x);
    printf("\n");
    for (int32_t y = 0; y < p->height; y++) {
        printf("%3d ", (int)y);
        for (int32_t x = 0; x < p->width; x++)
            print_cell(p->cells[y * p->width + x], prob[y * p->width + x],
                       x == p->width - 1);
        printf("\n");
    }
}

/* The safest unrevealed cell that is not certain (-1 when none). */
static int32_t safest_guess(const sapper_mines_position *p, const double *prob)
{
    int32_t best = -1;
    for (int32_t i = 0; i < p->width * p->height; i++)
        if (sapper_cell_is_unknown(p->cells[i]) && prob[i] > 0 &&
            prob[i] < 1 && (best < 0 || prob[i] < prob[best]))
            best = i;
    return best;
}

static void print_summary(const sapper_mines_position *p,
                          const sapper_mines_result *r)
{
    printf("layouts: %s2^%.3f", r->approximate ? "at most " : "",
           r->layouts_log2);
    if (r->layouts_log2 < LAYOUT_COUNT_MAX_LOG2)
        printf(" (%.0f)", exp2(r->layouts_log2));
    printf("   unrevealed: %d (frontier %d, floating %d)   components: %d"
           "   mines left: %d   %s\n", (int)r->unknown, (int)r->frontier,
           (int)r->floating, (int)r->components, (int)r->remaining,
           r->approximate ? "approximate" : "exact");
    printf("certain: %d safe, %d %s", (int)r->safe, (int)r->certain_mines,
           app_plural(r->certain_mines, "mine", "mines"));
    int32_t g = safest_guess(p, r->prob);
    if (g >= 0)
        printf("   safest guess: %d %d (%.1f%% mine)", (int)(g % p->width),
               (int)(g / p->width), 100 * r->prob[g]);
    printf("\n");
}

static void print_grid(const char *path, const sapper_mines_position *p,
                       const sapper_mines_result *r)
{
    printf("%s: %dx%d, %d %s\n", path, (int)p->width, (int)p->height, (int)p->mines,
           app_plural(p->mines, "mine", "mines"));
    print_rows(p, r->prob);
    print_summary(p, r);
}

/* ---- the command ---------------------------------------------------- */

static void note_approximate(const char *path, const sapper_mines_result *r)
{
    app_error("note: %s: approximate answer: the solver budget was hit (%d "
              "of %d components abandoned); their numbers are ignored, so "
              "their cells and the floating ones share one density. Every "
              "'safe' and 'MINE' is still certain; the other figures, and "
              "the safest guess, may be wrong. A larger --budget may give "
              "the exact answer.", path, (int)r->abandoned,
              (int)r->components);
}

static int analyze_loaded(const analyze_opts *o, const sapper_mines_position *p,
                          const sapper_mines_position_where *where)
{
    char msg[1024];
    sapper_mines_result r;
    sapper_mines_solver *s = sapper_mines_solver_new(p->width, p->height);
    if (!s || sapper_mines_analyze(s, p, &o->budget, &r) != SAPPER_OK) {
        app_error("%s: the solver could not start (out of memory)", o->path);
        sapper_mines_solver_free(s);
        return EXIT_USAGE;
    }
    if (!r.consistent) {
        analyze_blame(s, p, where, o->path, &o->budget, msg, sizeof msg);
        app_error("%s", msg);
        sapper_mines_solver_free(s);
        return EXIT_USAGE;
    }
    if (o->tsv)
        print_tsv(p, r.prob);
    else if (o->svg)
        print_svg(o->path, p, r.prob);
    else
        print_grid(o->path, p, &r);
    fflush(stdout);
    if (r.approximate)
        note_approximate(o->path, &r);
    sapper_mines_solver_free(s);
    return 0;
}

/* -o FILE: the answer goes to a new file beside it, put in its place only
   when the whole answer was written (a failed run leaves FILE as it was).
   Returns the descriptor of the saved standard output, or -1 (said). */
static int output_begin(const analyze_opts *o, char *tmp, size_t cap)
{
    snprintf(tmp, cap, "%s.XXXXXX", o->out);
    int fd = mkstemp(tmp);
    mode_t mask = umask(0);
    umask(mask);
    if (fd >= 0)
        fchmod(fd, 0666 & ~mask);   /* as a file made by a shell's > would be */
    int saved = fd < 0 ? -1 : dup(STDOUT_FILENO);
    if (fd < 0 || saved < 0 || fflush(stdout) != 0 || dup2(fd, STDOUT_FILENO) < 0) {
        app_error("-o %s: cannot write: %s", o->out, strerror(errno));
        if (fd >= 0)
            unlink(tmp);
        saved = -1;
    }
    if (fd >= 0)
        close(fd);
    return saved;
}

/* Puts standard output back; on success (rc 0) the new file in place. */
static int output_end(const analyze_opts *o, const char *tmp, int saved, int rc)
{
    int written = fflush(stdout) == 0 && fsync(STDOUT_FILENO) == 0;
    dup2(saved, STDOUT_FILENO);
    close(saved);
    if (rc == 0 && (!written || rename(tmp, o->out) != 0)) {
        app_error("-o %s: cannot write: %s", o->out, strerror(errno));
        rc = 1;
    }
    if (rc != 0)
        unlink(tmp);
    return rc;
}

int cmd_analyze(int argc, char **argv)
{
    analyze_opts o = {0};
    int rc = parse_args(argc, argv, &o);
    if (rc)
        return rc;
    char err[1024];
    sapper_mines_position pos;
    sapper_mines_position_where where;
    if (sapper_mines_position_load(o.path, &pos, &where, err, sizeof err) !=
        SAPPER_OK) {
        app_error("%s", err);
        return EXIT_USAGE;
    }
    char tmp[4200];
    int saved = o.out ? output_begin(&o, tmp, sizeof tmp) : -1;
    if (o.out && saved < 0)
        rc = 1;
    else {
        rc = analyze_loaded(&o, &pos, &where);
        if (o.out)
            rc = output_end(&o, tmp, saved, rc);
    }
    sapper_mines_position_free(&pos);
    return rc;
}
