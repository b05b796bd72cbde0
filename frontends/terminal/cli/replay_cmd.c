/*
 * replay_cmd.c - `sapper replay FILE`: re-executes every game recorded in a
 * replay file (from `play --record` or `run --record`) and checks each
 * reaches the outcome the file records; `--db FILE --game N` does it for a
 * game of a tournament's results. Exit 0 when all match, 1 when one
 * differs, 2 when the file is unreadable or malformed.
 *
 * With --watch it shows one game instead, position by position (watch.h):
 * on the terminal's screen, or printed in turn without a terminal or with
 * --plain; --game N picks the game of a FILE (from 1, as `replay FILE`
 * counts them), --speed X the pace (the recorded one times X). With
 * --svg DIR it draws that game's positions instead, one SVG picture per
 * step with each unknown cell's mine probability (watch_svg.c).
 */
#include "commands.h"
#include "watch.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <unistd.h>

#include "store.h"

typedef struct replay_options {
    const char *file;       /* FILE, or NULL */
    const char *db;         /* --db FILE, or NULL */
    const char *game;       /* --game N as given, or NULL */
    int watch;              /* --watch */
    int plain;              /* --plain */
    const char *speed;      /* --speed X as given, or NULL */
    const char *svg;        /* --svg DIR, or NULL */
} replay_options;

static const char usage[] =
    "usage: sapper replay FILE | sapper replay --db FILE --game N\n"
    "       sapper replay --watch [--plain] [--speed X] FILE [--game N]\n"
    "       sapper replay --watch [--plain] [--speed X] --db FILE --game N\n"
    "       sapper replay --svg DIR FILE [--game N] | --svg DIR --db FILE --game N\n"
    "(N: the game, from 1 in a FILE, the 0-based game index of a tournament)";

/* The file's bytes, NUL-terminated, with their count in *len (a NUL
   inside is kept: the caller refuses it by line). */
static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    sapper_strbuf b = {0};
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        sapper_strbuf_append(&b, chunk, n);
    int bad = ferror(f) || b.failed;
    fclose(f);
    *len = b.len;
    if (bad || !b.data) {
        sapper_strbuf_free(&b);
        *len = 0;
        return bad ? NULL : strdup("");
    }
    return b.data;  /* the caller frees */
}

/* The next game of a replay file from *p: its text (a copy the caller
   frees, or NULL at the end or when out of memory) and in *line the line
   it starts at, *p and *line moving past it. A game begins at the start
   of the file and at every line "sapper-replay 1" after it. */
static char *next_game(const char **p, int *line, int *first_line)
{
    const char *start = *p, *q = *p;
    if (!*start)
        return NULL;
    *first_line = *line;
    for (;;) {
        const char *nl = strchr(q, '\n');
        if (!nl) {
            q += strlen(q);
            break;
        }
        q = nl + 1;
        ++*line;
        if (strncmp(q, "sapper-replay 1", 15) == 0)
            break;
    }
    *p = q;
    return strndup(start, (size_t)(q - start));
}

/* The registry to replay with: for --db, the [engine] plugin_path the
   run was played with first (the database keeps it), so its bots are
   found again; then the usual search path. */
static sapper_registry *replay_registry(const char *db)
{
    char path[4096] = "";
    sapper_config cfg;
    sapper_config_init(&cfg);
    if (db)
        sapper_store_run_plugin_path(db, -1, path, sizeof path);
    sapper_registry *reg = NULL;
    if (!path[0] || sapper_config_set(&cfg, "engine", "plugin_path", path, db, 0) == SAPPER_OK)
        reg = app_registry(&cfg);
    sapper_config_free(&cfg);
    return reg;
}

/* err, and when it is a plugin not found, where plugins were searched. */
static void say_error(const char *err, const sapper_registry *reg)
{
    if (strstr(err, "(see sapper plugins)") && !strstr(err, "searched in: "))
        app_error("%s; plugins searched in: %s", err, sapper_registry_searched(reg));
    else
        app_error("%s", err);
}

/* Prints one game's check: "game 1: ok, ..." or its mismatch. */
static void print_check(const char *which, const sapper_replay_check *c)
{
    if (c->matches)
        printf("%s: ok, %zu moves, %s\n", which, c->moves, c->actual);
    else
        printf("%s: MISMATCH: the file records \"%s\" but re-execution gives \"%s\"\n",
               which, c->expected, c->actual);
    if (c->changed[0])   /* the likely cause of a mismatch, and worth knowing */
        printf("%s: note: %s\n", which, c->changed);
}

/* Every game of text: "game K" (K counting from 1 in the file), or
   `label` when it is not NULL (a stored tournament game: its index). */
static int verify_all(const char *path, const char *text, sapper_registry *reg,
                      const char *label)
{
    char err[2048], which[64], *game;
    int line = 1, first_line, games = 0, differ = 0;
    for (const char *p = text; (game = next_game(&p, &line, &first_line)) != NULL;) {
        sapper_replay_check c;
        sapper_status st = sapper_replay_verify(game, path, first_line, reg, &c, err,
                                                sizeof err);
        free(game);
        if (st != SAPPER_OK) {
            say_error(err, reg);
            return EXIT_USAGE;
        }
        games++;
        differ += !c.matches;
        if (label)
            snprintf(which, sizeof which, "%s", label);
        else
            snprintf(which, sizeof which, "game %d", games);
        print_check(which, &c);
    }
    if (games == 0) {
        app_error("%s: expected a replay (\"sapper-replay 1\"), found an empty file", path);
        return EXIT_USAGE;
    }
    printf("%d %s, %d %s\n", games, app_plural(games, "game", "games"), differ,
           app_plural(differ, "mismatch", "mismatches"));
    return differ ? 1 : 0;
}

/* --speed X: a number from WATCH_SPEED_MIN to WATCH_SPEED_MAX. */
static int parse_speed(const char *s, double *speed)
{
    char *end;
    errno = 0;
    *speed = s ? strtod(s, &end) : 1.0;
    if (!s)
        return 0;
    if (errno || end == s || *end || !isfinite(*speed) || *speed < WATCH_SPEED_MIN ||
        *speed > WATCH_SPEED_MAX) {
        app_error("--speed: expected a number from %g to %.0f (1: the recorded pace, "
                  "2: twice as fast), found \"%s\"", WATCH_SPEED_MIN, WATCH_SPEED_MAX, s);
        return EXIT_USAGE;
    }
    return 0;
}

/* --game N: a whole number from min, digits only (no sign, no spaces). */
static int parse_game(const char *s, long long min, long long *game)
{
    char *end;
    errno = 0;
    *game = strtoll(s, &end, 10);
    if (!isdigit((unsigned char)s[0]) || errno || *end || *game < min) {
        app_error("--game: expected %s, found \"%s\"", min ? "the game's number in "
                  "the file (a whole number from 1)" : "a game index (a whole "
                  "number from 0)", s);
        return EXIT_USAGE;
    }
    return 0;
}

/* One option of argv at *i (its value after it). */
static int take_option(replay_options *o, int argc, char **argv, int *i)
{
    const char *s = argv[*i];
    const char **value = strcmp(s, "--db") == 0 ? &o->db
                       : strcmp(s, "--game") == 0 ? &o->game
                       : strcmp(s, "--speed") == 0 ? &o->speed
                       : strcmp(s, "--svg") == 0 ? &o->svg : NULL;
    if (strcmp(s, "--watch") == 0 || strcmp(s, "--plain") == 0) {
        *(s[2] == 'w' ? &o->watch : &o->plain) = 1;
        return 0;
    }
    if (!value) {
        app_error("unknown option \"%s\"\n%s", s, usage);
        return EXIT_USAGE;
    }
    if (++*i >= argc) {
        app_error("%s: expected a value, found the end of the command line", s);
        return EXIT_USAGE;
    }
    *value = argv[*i];
    return 0;
}

/* What goes with what: a FILE or --db (with --game), --speed and --plain
   with --watch, --game with a FILE only when watching one game. */
static int check_options(const replay_options *o)
{
    const char *alone = o->speed ? "--speed" : o->plain ? "--plain" : NULL;
    if (o->file && o->db)
        app_error("expected a replay FILE or --db FILE, found both (\"%s\" and --db "
                  "\"%s\")", o->file, o->db);
    else if ((!o->file && !o->db) || (o->db && !o->game))
        app_error("%s", usage);
    else if (alone && !o->watch)
        app_error("%s: expected with --watch, found without it", alone);
    else if (o->svg && o->watch)
        app_error("--svg and --watch: expected one of them (pictures, or the game "
                  "on show)");
    else if (o->file && o->game && !o->watch && !o->svg)
        app_error("--game with a FILE: expected with --watch (sapper replay FILE "
                  "checks every game of the file)");
    else
        return 0;
    return EXIT_USAGE;
}

static int parse_options(replay_options *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    for (int i = 0; i < argc; i++) {
        if (argv[i][0] == '-') {
            int rc = take_option(o, argc, argv, &i);
            if (rc)
                return rc;
            continue;
        }
        if (o->file) {
            app_error("two replay files given (\"%s\" and \"%s\"); expected one",
                      o->file, argv[i]);
            return EXIT_USAGE;
        }
        o->file = argv[i];
    }
    return check_options(o);
}

/* `--db FILE --game N`: the replay text stored with a tournament game,
   its name for messages and its label ("game N"). */
static char *read_from_db(const replay_options *o, char *name, size_t namecap,
                          char *label, size_t labelcap, size_t *len)
{
    long long game;
    if (parse_game(o->game, 0, &game))
        return NULL;
    snprintf(label, labelcap, "game %lld", game);
    snprintf(name, namecap, "%s game %lld", o->db, game);
    sapper_store *s;
    char err[1024] = "";
    char *text = NULL;
    if (sapper_store_open_readonly(o->db, &s, err, sizeof err) == SAPPER_OK) {
        int64_t run = sapper_store_last_run(s);
        if (run < -1)
            sapper_store_failure(s, "read the runs", err, sizeof err);
        else
            text = sapper_store_replay(s, run, game, len, err, sizeof err);
        sapper_store_close(s);
    }
    if (!text)
        app_error("%s", err);
    return text;
}

/* The text of the FILE or the stored game, NUL-free, or NULL after saying
   why. name gets what messages call it, label how the checks name it. */
static char *read_replay(const replay_options *o, char *name, size_t namecap,
                         char *label, size_t labelcap)
{
    size_t len = 0;
    char *text, err[1400];
    label[0] = 0;
    if (o->db) {
        text = read_from_db(o, name, namecap, label, labelcap, &len);
    } else if (!(text = read_all(o->file, &len))) {
        app_error("%s: cannot read: %s", o->file, strerror(errno));
    } else {
        snprintf(name, namecap, "%s", o->file);
    }
    if (text && sapper_replay_find_nul(text, len, name, err, sizeof err)) {
        app_error("%s", err);   /* a NUL would read as the end of the text */
        free(text);
        return NULL;
    }
    return text;
}

/* Game number `game` (from 1) of the file's text, its first line in *line;
   NULL after saying how many there are. */
static char *pick_game(const char *text, const char *file, long long game, int *line)
{
    char *g = NULL;
    long long games = 0;
    int at = 1, first;
    for (const char *p = text; (g = next_game(&p, &at, &first)) != NULL; free(g))
        if (++games == game) {
            *line = first;
            return g;
        }
    if (games == 1)
        app_error("--game %lld: %s holds 1 game: expected 1", game, file);
    else
        app_error("--game %lld: %s holds %lld games: expected a number from 1 to %lld",
                  game, file, games, games);
    return NULL;
}

/* 1 when a person played a seat of the game in text (a `seat N human`
   line, docs/FORMATS.md): the watch then keeps its real pace. */
static int played_by_person(const char *text)
{
    for (const char *p = text; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
        int n = 0;
        sscanf(p, "seat %*d human%n", &n);
        if (n > 0 && (p[n] == ' ' || p[n] == '\n' || p[n] == '\0'))
            return 1;
    }
    return 0;
}

/* Shows the game on the terminal or as lines (or draws it into svg_dir);
   1 when it did not reach its recorded outcome (said after the show), as
   `replay` says. person: played_by_person. */
static int show(sapper_replay *r, sapper_registry *reg, const char *label, double speed,
                int person, const replay_options *o)
{
    sapper_replay_check c;
    char err[2048];
    if (sapper_replay_check_game(r, reg, &c, err, sizeof err) != SAPPER_OK) {
        say_error(err, reg);
        sapper_replay_free(r);
        sapper_registry_free(reg);
        return EXIT_USAGE;
    }
    watch w;
    int rc = watch_open(&w, r, reg, label, speed);
    int tty = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    w.person = person;
    if (!rc && o->svg)
        rc = watch_svg(&w, o->svg);
    else if (!rc)
        rc = o->plain || !tty ? watch_line(&w, stdout) : watch_curses(&w);
    watch_close(&w);
    if (!c.matches)
        app_error("%s: the record says \"%s\" but re-execution gives \"%s\"%s%s", label,
                  c.expected, c.actual, c.changed[0] ? "; " : "", c.changed);
    return rc ? rc : !c.matches;
}

/* --watch: one game, read and checked, then shown. */
static int watch_game(const replay_options *o, const char *text, const char *name,
                      const char *db_label, double speed)
{
    long long game = 1;
    int line = 1;
    char label[1300], err[2048];
    char *one = NULL;
    sapper_replay *r;
    if (!o->db && o->game && parse_game(o->game, 1, &game))
        return EXIT_USAGE;
    if (!o->db && !(one = pick_game(text, name, game, &line)))
        return EXIT_USAGE;
    if (o->db)
        snprintf(label, sizeof label, "%s of %s", db_label, o->db);
    else
        snprintf(label, sizeof label, "game %lld of %s", game, name);
    sapper_status st = sapper_replay_read(one ? one : text, name, line, &r, err, sizeof err);
    int person = played_by_person(one ? one : text);
    free(one);
    if (st != SAPPER_OK) {
        app_error("%s", err);
        return EXIT_USAGE;
    }
    sapper_registry *reg = replay_registry(o->db);
    if (!reg) {
        app_error("out of memory");
        sapper_replay_free(r);
        return EXIT_USAGE;
    }
    return show(r, reg, label, speed, person, o);
}

int cmd_replay(int argc, char **argv)
{
    replay_options o;
    double speed;
    char name[1200], label[64];
    int rc = parse_options(&o, argc, argv);
    rc = rc ? rc : parse_speed(o.speed, &speed);
    char *text = rc ? NULL : read_replay(&o, name, sizeof name, label, sizeof label);
    if (!text)
        return rc ? rc : EXIT_USAGE;
    if (o.watch || o.svg) {
        rc = watch_game(&o, text, name, label, speed);
    } else {
        sapper_registry *reg = replay_registry(o.db);
        rc = reg ? verify_all(name, text, reg, o.db ? label : NULL) : EXIT_USAGE;
        sapper_registry_free(reg);
    }
    free(text);
    return rc;
}
