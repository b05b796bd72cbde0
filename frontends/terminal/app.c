/*
 * app.c - the shared front half of every subcommand (see app.h). This is
 * the only place that turns library errors into exit statuses.
 */
#include "app.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

void app_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("sapper: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

double app_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Directory of the running executable, for finding bundled plugins. */
static void exe_dir(char *buf, size_t cap)
{
    ssize_t n = readlink("/proc/self/exe", buf, cap - 1);
    buf[n > 0 ? n : 0] = 0;
    char *slash = strrchr(buf, '/');
    if (slash)
        *slash = 0;
    else
        snprintf(buf, cap, ".");
}

sapper_registry *app_registry(const sapper_config *cfg)
{
    sapper_registry *reg = sapper_registry_new();
    if (!reg)
        return NULL;
    char dir[PATH_MAX], defaults[2 * PATH_MAX + 64];
    exe_dir(dir, sizeof dir);
    snprintf(defaults, sizeof defaults, "%s/plugins:%s/../lib/sapper/plugins",
             dir, dir);
    sapper_config_entry *e = cfg ? sapper_config_get(cfg, "engine", "plugin_path") : NULL;
    sapper_registry_load_path(reg, e ? e->value : NULL,
                              getenv("SAPPER_PLUGIN_PATH"), defaults);
    return reg;
}

static uint64_t draw_seed(void)
{
    uint64_t s = 0;
    if (getrandom(&s, sizeof s, 0) != (ssize_t)sizeof s)
        s = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
    return s % 1000000000000ull;  /* short enough to type back */
}

static int parse_long(const char *s, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < 1)
        return 0;
    *out = v;
    return 1;
}

/* One argument: an option, an override or the config path. */
static int take_arg(app *a, int argc, char **argv, int *i, int options)
{
    const char *s = argv[*i];
    if (strcmp(s, "--plain") == 0 && (options & APP_OPT_PLAIN)) {
        a->plain = 1;
        return 0;
    }
    if (strcmp(s, "--record") == 0 && (options & APP_OPT_RECORD)) {
        if (++*i >= argc) {
            app_error("--record: expected a file name, found the end of the command line");
            return EXIT_USAGE;
        }
        a->record_path = argv[*i];
        return 0;
    }
    if (strcmp(s, "--games") == 0 && (options & APP_OPT_GAMES)) {
        if (++*i >= argc || !parse_long(argv[*i], &a->games)) {
            app_error("--games: expected a positive integer, found \"%s\"",
                      *i < argc ? argv[*i] : "the end of the command line");
            return EXIT_USAGE;
        }
        return 0;
    }
    if (s[0] == '-') {
        app_error("unknown option \"%s\" (see sapper --help)", s);
        return EXIT_USAGE;
    }
    if (strchr(s, '='))
        return 0;  /* an override, read after the config file */
    if (a->config_path) {
        app_error("two config files given (\"%s\" and \"%s\"); expected one",
                  a->config_path, s);
        return EXIT_USAGE;
    }
    a->config_path = s;
    return 0;
}

static int read_config(app *a, int argc, char **argv)
{
    sapper_status st = a->config_path
        ? sapper_config_read_file(&a->cfg, a->config_path, a->err, sizeof a->err)
        : sapper_config_read_string(&a->cfg, sapper_default_config,
                                    "config/default.ini (built in)", a->err,
                                    sizeof a->err);
    for (int i = 0; st == SAPPER_OK && i < argc; i++) {
        if (argv[i][0] == '-' && strcmp(argv[i], "--record") && strcmp(argv[i], "--games"))
            continue;
        if (argv[i][0] == '-') {  /* skip the option's value */
            i++;
            continue;
        }
        if (strchr(argv[i], '='))
            st = sapper_config_override(&a->cfg, argv[i], i + 1, NULL, a->err,
                                        sizeof a->err);
    }
    if (st != SAPPER_OK) {
        app_error("%s", a->err);
        return EXIT_USAGE;
    }
    return 0;
}

int app_open(app *a, int argc, char **argv, int options)
{
    const char *prog = a->prog;
    memset(a, 0, sizeof *a);
    a->prog = prog;
    a->games = 1;
    sapper_config_init(&a->cfg);
    for (int i = 0; i < argc; i++) {
        int rc = take_arg(a, argc, argv, &i, options);
        if (rc)
            return rc;
    }
    if (read_config(a, argc, argv))
        return EXIT_USAGE;
    a->reg = app_registry(&a->cfg);
    if (!a->reg) {
        app_error("out of memory");
        return EXIT_USAGE;
    }
    sapper_setup_options opt = {.drawn_seed = draw_seed()};
    if (sapper_setup_resolve(&a->cfg, a->reg, &opt, &a->setup, a->err,
                             sizeof a->err) != SAPPER_OK) {
        app_error("%s", a->err);
        for (size_t i = 0; i < sapper_registry_problem_count(a->reg); i++)
            app_error("note: plugin refused: %s", sapper_registry_problem(a->reg, i));
        return EXIT_USAGE;
    }
    return 0;
}

void app_close(app *a)
{
    sapper_match_free(a->match);
    a->match = NULL;
    sapper_setup_free(&a->setup);
    sapper_registry_free(a->reg);
    a->reg = NULL;
    sapper_config_free(&a->cfg);
}

int app_next_match(app *a, int flags)
{
    sapper_match_free(a->match);
    a->match = sapper_match_new(&a->setup,
                                sapper_game_seed(a->setup.seed, a->game_index++),
                                flags, a->err, sizeof a->err);
    if (!a->match) {
        app_error("%s", a->err);
        return EXIT_USAGE;
    }
    return 0;
}

int app_record(app *a)
{
    if (!a->record_path || !a->match)
        return 0;
    if (sapper_replay_save(a->match, a->record_path, a->err, sizeof a->err)) {
        app_error("%s", a->err);
        return 1;
    }
    return 0;
}
