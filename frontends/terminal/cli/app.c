/*
 * app.c - the shared front half of every subcommand (see app.h). This is
 * the only place that turns library errors into exit statuses.
 */
#include "app.h"
#include "sandbox.h"
#include "bot_guard.h"
#include "bot_keep.h"
#include "config_find.h"
#include "escape.h"
#include "hint.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Messages quote plugins' and bots' texts (a refusal, a bad default, a
   file name): escaped here, the one door to stderr, so no escape sequence
   reaches the terminal; the message's own newlines (a usage) stay. */
void app_error(const char *fmt, ...)
{
    va_list ap;
    char text[8192];
    sapper_strbuf shown = {0};
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    sapper_escape(&shown, text, sizeof text, SAPPER_ESCAPE_KEEP_LINES);
    fprintf(stderr, "sapper: %s\n", sapper_strbuf_str(&shown));
    sapper_strbuf_free(&shown);
}

const char *app_plural(long long n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

double app_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}


/* sapper-bothost into buf: next to the executable in a build tree, else
   in ../lib/sapper (installed). 0, or -1 with the directory looked from in
   dir. */
static int find_bothost(char *buf, size_t cap, char *dir, size_t dircap)
{
    config_exe_dir(dir, dircap);
    snprintf(buf, cap, "%s/sapper-bothost", dir);
    if (config_build_tree() && access(buf, X_OK) == 0)
        return 0;
    snprintf(buf, cap, "%s/../lib/sapper/sapper-bothost", dir);
    return access(buf, X_OK) == 0 ? 0 : -1;
}

int app_bothost(char *buf, size_t cap)
{
    char dir[PATH_MAX];
    if (find_bothost(buf, cap, dir, sizeof dir) == 0)
        return 0;
    app_error("the bot sandbox needs sapper-bothost, found neither %s/sapper-bothost "
              "nor %s/../lib/sapper/sapper-bothost (reinstall sapper, or run bots "
              "unsandboxed: [tournament] sandbox = none, or --sandbox none)", dir, dir);
    return EXIT_USAGE;
}

/* The registry's manifest reader (loader.h): without it no plugin file is
   read, and each says so. NULL when out of memory. */
static sapper_registry *new_registry(void)
{
    sapper_registry *reg = sapper_registry_new();
    char helper[PATH_MAX + 32], dir[PATH_MAX];
    if (reg && find_bothost(helper, sizeof helper, dir, sizeof dir) != 0)
        app_error("plugins are read by sapper-bothost, found neither "
                  "%s/sapper-bothost nor %s/../lib/sapper/sapper-bothost (reinstall "
                  "sapper)", dir, dir);
    else if (reg && sapper_registry_set_describer(reg, helper) != SAPPER_OK) {
        sapper_registry_free(reg);
        return NULL;
    }
    return reg;
}

void app_plugin_dirs(char *buf, size_t cap)
{
    char dir[PATH_MAX], up[PATH_MAX + 32], installed[PATH_MAX + 32];
    config_exe_dir(dir, sizeof dir);
    snprintf(up, sizeof up, "%s/../lib/sapper/plugins", dir);
    if (strlen(up) >= PATH_MAX || !realpath(up, installed))   /* /usr/lib/...,
                                                not /usr/bin/../lib/... */
        snprintf(installed, sizeof installed, "%s", up);
    if (config_build_tree())
        snprintf(buf, cap, "%s/plugins:%s", dir, installed);
    else   /* installed: its own lib/sapper/plugins only */
        snprintf(buf, cap, "%s", installed);
}

sapper_registry *app_registry(const sapper_config *cfg)
{
    sapper_registry *reg = new_registry();
    if (!reg)
        return NULL;
    char defaults[2 * PATH_MAX + 64];
    app_plugin_dirs(defaults, sizeof defaults);
    sapper_config_entry *e = cfg ? sapper_config_get(cfg, "engine", "plugin_path") : NULL;
    sapper_registry_load_path(reg, e ? e->value : NULL,
                              getenv("SAPPER_PLUGIN_PATH"), defaults);
    return reg;
}

uint64_t app_draw_seed(int wide)
{
    uint64_t s = 0;
    if (getrandom(&s, sizeof s, 0) != (ssize_t)sizeof s)
        s = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
    return wide ? s : s % 1000000000000ull;  /* short enough to type back */
}

/* A whole number from min to max, digits only, or 0. */
static int parse_range(const char *s, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = isdigit((unsigned char)*s) ? strtol(s, &end, 10) : 0;
    if (!isdigit((unsigned char)*s) || errno || *end || v < min || v > max)
        return 0;
    *out = v;
    return 1;
}

/* Options that take a value: which subcommands accept them, where the
   value goes. The numbers have the limits of their [tournament] keys. */
static int take_value(app *a, const char *opt, const char *value)
{
    int games = strcmp(opt, "--games") == 0;
    long max = games ? APP_MAX_GAMES : APP_MAX_JOBS;
    if (strcmp(opt, "--report-every") == 0) {
        if (parse_range(value, 0, APP_MAX_GAMES, &a->report_every))
            return 0;
        app_error("--report-every: expected a number of games from 0 (never) to %ld, "
                  "found \"%s\"", (long)APP_MAX_GAMES, value);
        return EXIT_USAGE;
    }
    if (strcmp(opt, "--record") == 0)
        a->record_path = value;
    else if (strcmp(opt, "--json") == 0)
        a->json_path = value;
    else if (strcmp(opt, "--csv") == 0)
        a->csv_path = value;
    else if (!parse_range(value, 1, max, games ? &a->games : &a->jobs)) {
        app_error("%s: expected an integer from 1 to %ld, found \"%s\"", opt,
                  max, value);
        return EXIT_USAGE;
    }
    return 0;
}

static const struct {
    const char *name;
    int option;      /* APP_OPT_* that enables it */
    int takes_value;
} known_options[] = {
    {"--plain", APP_OPT_PLAIN, 0},
    {"--record", APP_OPT_RECORD, 1},
    {"--games", APP_OPT_GAMES, 1},
    {"--resume", APP_OPT_TOURNAMENT, 0},
    {"--jobs", APP_OPT_TOURNAMENT, 1},
    {"--json", APP_OPT_TOURNAMENT, 1},
    {"--csv", APP_OPT_TOURNAMENT, 1},
    {"--verbose", APP_OPT_TOURNAMENT, 0},
    {"--quiet", APP_OPT_TOURNAMENT | APP_OPT_GAMES, 0},
    {"--report-every", APP_OPT_TOURNAMENT, 1},
    {"--sandbox", APP_OPT_SANDBOX, 0},
};

/* --sandbox [process|none]: bots in processes of their own (the default
   of play and run since a stranger's bot is most often tried there), or
   in this one. A bare --sandbox is the default said out loud. */
static int take_sandbox(app *a, int argc, char **argv, int *i)
{
    const char *next = *i + 1 < argc ? argv[*i + 1] : "";
    a->sandboxed = strcmp(next, "none") != 0;
    if (strcmp(next, "none") == 0 || strcmp(next, "process") == 0)
        ++*i;
    return 0;
}

static int take_option(app *a, int argc, char **argv, int *i, int options)
{
    const char *s = argv[*i];
    for (size_t k = 0; k < sizeof known_options / sizeof known_options[0]; k++) {
        if (strcmp(s, known_options[k].name) != 0 || !(options & known_options[k].option))
            continue;
        if (!known_options[k].takes_value) {
            a->plain |= strcmp(s, "--plain") == 0;
            a->resume |= strcmp(s, "--resume") == 0;
            a->verbose |= strcmp(s, "--verbose") == 0;
            a->quiet |= strcmp(s, "--quiet") == 0;
            if (strcmp(s, "--sandbox") == 0)
                return take_sandbox(a, argc, argv, i);
            return 0;
        }
        if (++*i >= argc) {
            app_error("%s: expected a value, found the end of the command line", s);
            return EXIT_USAGE;
        }
        return take_value(a, s, argv[*i]);
    }
    app_error("unknown option \"%s\" (see sapper --help)", s);
    return EXIT_USAGE;
}

/* One argument: an option, an override or the config path. */
static int take_arg(app *a, int argc, char **argv, int *i, int options)
{
    const char *s = argv[*i];
    if (s[0] == '-')
        return take_option(a, argc, argv, i, options);
    if (strchr(s, '=')) {  /* an override, applied after the config file */
        if (a->noverrides == APP_MAX_OVERRIDES) {
            app_error("too many section.key=value arguments: expected at most "
                      "%d, found another, \"%s\" (put the settings in a "
                      "config file)", APP_MAX_OVERRIDES, s);
            return EXIT_USAGE;
        }
        a->overrides[a->noverrides++] = s;
        return 0;
    }
    if (a->config_path) {
        app_error("two config files given (\"%s\" and \"%s\"); expected one",
                  a->config_path, s);
        return EXIT_USAGE;
    }
    a->config_path = s;
    return 0;
}

/* A CONFIG given by name (seeker, classic-bots) is the installed config
   of that name when no such file is here (config_find.h). */
static int find_config(app *a)
{
    char msg[4096];
    int found = config_find(a->config_path, a->config_found, sizeof a->config_found,
                            msg, sizeof msg);
    if (found < 0) {
        app_error("%s", msg);
        return EXIT_USAGE;
    }
    if (found > 0) {
        app_error("%s", msg);   /* say which file was used */
        a->config_path = a->config_found;
    }
    return 0;
}

static int read_config(app *a)
{
    if (a->config_path && find_config(a))
        return EXIT_USAGE;
    sapper_status st = a->config_path
        ? sapper_config_read_file(&a->cfg, a->config_path, a->err, sizeof a->err)
        : sapper_config_read_string(&a->cfg, sapper_default_config,
                                    "config/default.ini (built in)", a->err,
                                    sizeof a->err);
    for (int i = 0; st == SAPPER_OK && i < a->noverrides; i++)
        st = sapper_config_override(&a->cfg, a->overrides[i], i + 1, "rules", a->err,
                                    sizeof a->err);
    if (st != SAPPER_OK) {
        app_error("%s", a->err);
        return EXIT_USAGE;
    }
    return 0;
}

int app_open(app *a, int argc, char **argv, int options)
{
    const char *prog = a->prog;
    int own_config = a->own_config;
    memset(a, 0, sizeof *a);
    a->prog = prog;
    a->own_config = own_config;
    a->sandboxed = (options & APP_OPT_SANDBOX) != 0;
    a->games = 1;
    a->report_every = -1;   /* not given: the command's default */
    sapper_config_init(&a->cfg);
    for (int i = 0; i < argc; i++) {
        int rc = take_arg(a, argc, argv, &i, options);
        if (rc)
            return rc;
    }
    if (read_config(a))
        return EXIT_USAGE;
    a->reg = app_registry(&a->cfg);
    if (!a->reg) {
        app_error("out of memory");
        return EXIT_USAGE;
    }
    if ((options & APP_OPT_REGISTRY) && !(options & APP_OPT_TOURNAMENT))
        return 0;
    if (app_add_commands(a, (options & APP_OPT_TOURNAMENT) != 0, 1))
        return EXIT_USAGE;
    if (options & APP_OPT_TOURNAMENT)
        return 0;   /* the tournament reads its own sections */
    if ((options & APP_OPT_RECORD) && app_record_open(a))
        return EXIT_USAGE;   /* before any game: none is played for nothing */
    sapper_setup_options opt = {.drawn_seed = app_draw_seed(options & APP_OPT_WIDE_SEED)};
    if (sapper_setup_resolve(&a->cfg, a->reg, &opt, &a->setup, a->err,
                             sizeof a->err) != SAPPER_OK) {
        app_error("%s", a->err);
        for (size_t i = 0; i < sapper_registry_problem_count(a->reg); i++)
            app_error("note: plugin refused: %s", sapper_registry_problem(a->reg, i));
        return EXIT_USAGE;
    }
    a->keep = sapper_bot_keep_new();   /* NULL: every game makes its bots */
    return 0;
}

struct hinter *app_hinter(app *a)
{
    if (!a->hints)
        a->hints = hinter_new();
    return a->hints;
}

void app_close(app *a)
{
    if (a->record_stream && fclose(a->record_stream) != 0)
        app_error("%s: cannot write the replay: %s", a->record_path, strerror(errno));
    a->record_stream = NULL;
    sapper_strbuf_free(&a->record_text);
    sapper_match_free(a->match);
    a->match = NULL;
    sapper_bot_keep_free(a->keep);   /* bot code: before the plugins go */
    a->keep = NULL;
    hinter_free(a->hints);
    a->hints = NULL;
    sapper_sandbox_free(a->sandbox);
    a->sandbox = NULL;
    sapper_setup_free(&a->setup);
    sapper_registry_free(a->reg);
    a->reg = NULL;
    sapper_config_free(&a->cfg);
}

/* Appends to msg (cap bytes) where each rules parameter the message names
   ("key = ...") was set, e.g. " (mines: my.ini:6)": the rules plugin
   knows the values, only the configuration knows where they came from. */
static void locate_rules_keys(const app *a, char *msg, size_t cap)
{
    const sapper_descriptor *d = &a->setup.rules->desc;
    size_t len = strlen(msg);
    int any = 0;
    for (uint32_t i = 0; i < d->param_count && len + 1 < cap; i++) {
        char named[80], at[600];
        snprintf(named, sizeof named, "%s = ", d->params[i].key);
        const sapper_config_entry *e = sapper_config_get(&a->cfg, "rules", d->params[i].key);
        if (!e || !strstr(msg, named))
            continue;
        sapper_config_where(e, at, sizeof at);
        len += (size_t)snprintf(msg + len, cap - len, "%s%s: %s", any ? "; " : " (",
                                d->params[i].key, at);
        any = 1;
    }
    if (any && len + 1 < cap)
        snprintf(msg + len, cap - len, ")");
}

/* A plugin's log line (sapper_host.log) on stderr, after its id: play and
   run are where a bot's author watches it. */
static void log_line(void *ctx, int32_t seat, const char *plugin_id, int32_t level,
                     const char *line)
{
    const app *a = ctx;
    FILE *out = a && a->log_out ? a->log_out : stderr;
    char shown[1024];   /* a bot's text: no escape sequence reaches the terminal */
    sapper_config_escape(line, shown, sizeof shown);
    if (seat < 0)
        fprintf(out, "%s%s: %s\n", plugin_id, level ? " (warning)" : "", shown);
    else
        fprintf(out, "%s (seat %d)%s: %s\n", plugin_id, (int)seat + 1,
                level ? " (warning)" : "", shown);
}

/* The seats the sandbox plays: every bot's when sandboxed, else only the
   process bots' (which have no code to run here). */
static uint64_t driven_seats(const app *a)
{
    uint64_t seats = 0;
    for (int32_t i = 0; i < a->setup.players; i++)
        if (a->setup.seats[i].bot && (a->sandboxed || a->setup.seats[i].bot->command))
            seats |= (uint64_t)1 << i;
    return seats;
}

/* --sandbox: the bots' processes, started once; each seat keeps its own
   (a fresh one for every game: a run's boards are all different). Process
   bots play in it even with --sandbox none (then without the lockdown). */
static int seat_sandbox(app *a)
{
    uint64_t seats = driven_seats(a);
    if (!seats)
        return 0;
    if (!a->sandbox) {
        if (a->sandboxed && app_bothost(a->helper, sizeof a->helper))
            return EXIT_USAGE;
        app_kit_dir(a->kit, sizeof a->kit);
        sapper_sandbox_options o = {.helper = a->helper, .kit_dir = a->kit,
                                    .no_lockdown = !a->sandboxed,
                                    .memory_mb = APP_BOT_MEMORY_MB};
        if (!(a->sandbox = sapper_sandbox_new(&o))) {
            app_error("out of memory");
            return 1;
        }
    }
    /* a tournament's default limits: a bot that never answers ends its
       game instead of the session */
    sapper_sandbox_set_limits(a->sandbox, APP_BOT_MOVE_SECONDS, -1);
    sapper_sandbox_release(a->sandbox);
    for (int32_t i = 0; i < a->setup.players; i++)
        if (seats >> i & 1)
            sapper_sandbox_seat(a->sandbox, i, a->setup.seats[i].bot, i,
                                (int64_t)a->game_index);
    return 0;
}

sapper_status app_play(app *a, int32_t seat, int64_t action, char *err, size_t errcap)
{
    double t0 = app_now();
    sapper_status st = sapper_match_play(a->match, seat, action, err, errcap);
    a->rules_seconds += app_now() - t0;
    return st;
}

sapper_status app_play_text(app *a, int32_t seat, const char *text, char *err,
                            size_t errcap)
{
    double t0 = app_now();
    sapper_status st = sapper_match_play_text(a->match, seat, text, err, errcap);
    a->rules_seconds += app_now() - t0;
    return st;
}

/* The milliseconds since the game began (app.started). */
static int64_t game_ms(void *ctx)
{
    const app *a = ctx;
    return (int64_t)((app_now() - a->started) * 1000.0);
}

void app_time_match(app *a)
{
    if (a->match)
        sapper_match_set_clock(a->match, a->clock ? a->clock : game_ms,
                               a->clock ? a->clock_ctx : a);
}

int app_next_match(app *a, int flags)
{
    sapper_match_free(a->match);
    a->match = NULL;
    a->assisted = 0;
    a->rules_seconds = 0;
    int rc = seat_sandbox(a);
    if (rc)
        return rc;
    uint64_t seats = driven_seats(a);
    a->hooks = (sapper_match_hooks){
        .driver = seats ? &sapper_sandbox_driver : NULL, .driver_ctx = a->sandbox,
        .driven_seats = seats,
        .hook = a->sandboxed ? NULL : bot_guard_hook, .hook_ctx = &a->setup,
        .log = log_line, .services_ctx = a, .keep = a->keep,
    };
    a->started = app_now();
    a->match = sapper_match_new_driven(
        &a->setup, sapper_game_seed(a->setup.seed, a->game_index++), flags, &a->hooks,
        a->err, sizeof a->err);
    if (!a->match) {
        locate_rules_keys(a, a->err, sizeof a->err);
        if (a->sandbox && sapper_sandbox_message(a->sandbox)[0])
            app_error("%s", sapper_sandbox_message(a->sandbox));
        app_error("%s", a->err);
        return EXIT_USAGE;
    }
    app_time_match(a);
    return 0;
}
