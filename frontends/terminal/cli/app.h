/*
 * app.h - what every `sapper` subcommand shares: reading the command line
 * (a config file and `section.key=value` overrides), finding plugins,
 * resolving the setup, starting games with derived seeds, and reporting
 * errors the one way users see them (message on stderr, exit status 2).
 */
#ifndef SAPPER_APP_H
#define SAPPER_APP_H

#include <stdio.h>

#include "match.h"
#include "replay.h"

#define EXIT_USAGE 2   /* bad command line, config or input */
#define APP_MAX_OVERRIDES 256
#define APP_MAX_JOBS 256          /* as [tournament] jobs (tournament_def.c) */
#define APP_MAX_GAMES 1000000000L /* as [tournament] games */

typedef struct app {
    const char *prog;
    const char *config_path;     /* NULL: the embedded default */
    char config_found[4096];     /* a config found by name (config_find.h) */
    sapper_config cfg;
    sapper_registry *reg;
    sapper_setup setup;
    uint64_t game_index;         /* games started so far */
    sapper_match *match;         /* the current game, or NULL */
    sapper_match_hooks hooks;    /* what the match is connected to */
    struct sapper_bot_keep *keep; /* in-process bots kept between games */
    struct hinter *hints;        /* the solver of hint and solve (both
                                    interfaces): app_hinter() makes it on
                                    first use; owned, freed by app_close */
    const char *record_path;     /* --record FILE */
    sapper_strbuf record_text;   /* the replays of this session's games so
                                    far, in order (app_record); owned */
    size_t record_keep;          /* where the last recorded game begins */
    uint64_t record_game;        /* its game_index, 0 for none */
    int record_mode;             /* 0 not decided, 1 a file rewritten whole,
                                    2 a stream (record_stream) */
    FILE *record_stream;         /* --record to a device or pipe; owned */
    size_t record_sent;          /* bytes of record_text sent to it */
    int plain;                   /* --plain */
    long games;                  /* --games N */
    long jobs;                   /* --jobs N (0: from the config) */
    int resume;                  /* --resume */
    int verbose;                 /* --verbose: a line per finished game */
    int quiet;                   /* --quiet: run prints only its summary, a
                                    tournament only its files and errors */
    long report_every;           /* --report-every N: standings every N games
                                    (0 never, -1 not given) */
    int sandboxed;               /* bots in their own processes (the default
                                    of play and run; --sandbox none: not) */
    struct sapper_sandbox *sandbox;   /* their processes; owned */
    char helper[1024];           /* sapper-bothost, when sandboxed */
    char kit[4096];              /* the process bots' kits (app_kit_dir) */
    FILE *log_out;               /* where bots' log lines go (NULL: stderr) */
    int own_config;              /* set before app_open: the config is
                                    sapper's own (bot-check's), holding
                                    nothing a process bot may not read */
    const char *json_path;       /* --json FILE */
    const char *csv_path;        /* --csv FILE */
    const char *overrides[APP_MAX_OVERRIDES];   /* section.key=value args */
    int noverrides;
    double rules_seconds;        /* this game's time inside the engine on the
                                    person's moves (the rules studying a
                                    click): off the player's clock */
    int assisted;                /* this game used undo, hints or the solver:
                                    it does not go on a scoreboard */
    double started;              /* app_now() when this game began */
    sapper_match_clock clock;    /* what the moves of the games are timed by
                                  * (app_time_match), with clock_ctx; NULL:
                                  * the time since the game began (curses
                                  * lends its game clock, which stops while
                                  * help or a question is open) */
    void *clock_ctx;
    char err[2048];
} app;

/* Options a subcommand takes; app_parse knows the common ones. */
#define APP_OPT_PLAIN  1
#define APP_OPT_RECORD 2
#define APP_OPT_GAMES  4
#define APP_OPT_TOURNAMENT 8   /* --resume --jobs --json --csv; no seat setup */
#define APP_OPT_REGISTRY 16    /* read the config and load plugins only */
/* What a sandboxed bot of play and run may take, as in a tournament's
   defaults (move_time, memory_mb). */
#define APP_BOT_MOVE_SECONDS 10.0
#define APP_BOT_MEMORY_MB 4096
#define APP_OPT_SANDBOX 32     /* --sandbox [process|none]; sandboxed unless none */
#define APP_OPT_WIDE_SEED 64   /* a drawn seed takes all 64 bits (serve: the
                                  players must not find it by trying) */

/** Parses `[CONFIG] [section.key=value ...] [options]` from argv (after
 *  the subcommand), reads the config, loads plugins, resolves the setup.
 *  On error prints it and returns EXIT_USAGE; 0 on success. */
int app_open(app *a, int argc, char **argv, int options);
void app_close(app *a);
/** The solver of hint and solve, made on first use and kept (a->hints);
 *  NULL when out of memory. */
struct hinter *app_hinter(app *a);

/** Loads the plugin registry alone (for `sapper plugins`, `replay`):
 *  [engine] plugin_path of cfg (may be NULL), SAPPER_PLUGIN_PATH, then the
 *  directories next to the executable. Each manifest is read by
 *  sapper-bothost --describe, found where app_bothost finds it (without
 *  it, an error says so and every plugin file is refused). NULL when out
 *  of memory. */
sapper_registry *app_registry(const sapper_config *cfg);

/** The directory of the process bots' kits (sapper_bot.py, sapper_bot.js)
 *  into buf: share/sapper/kits of the install, or the source's kits/ in a
 *  build tree. */
void app_kit_dir(char *buf, size_t cap);
/** Registers the config's process bots (setup.h sapper_setup_add_commands),
 *  each started once when start is set, sandboxed as the command's run
 *  will be (tournament: [tournament] sandbox; else --sandbox); 0, or
 *  EXIT_USAGE after saying why. */
int app_add_commands(app *a, int tournament, int start);

/** The path of sapper-bothost (the sandboxed bot process) into buf: next
 *  to the executable, or in ../lib/sapper when installed. 0, or EXIT_USAGE
 *  after saying where it was looked for. */
int app_bothost(char *buf, size_t cap);

/** A person's move, like sapper_match_play / _play_text, timed: the time
 *  the engine takes is added to a->rules_seconds. */
sapper_status app_play(app *a, int32_t seat, int64_t action, char *err, size_t errcap);
sapper_status app_play_text(app *a, int32_t seat, const char *text, char *err,
                            size_t errcap);

/** Starts the next game (replacing the current one), timed by
 *  app_time_match. */
int app_next_match(app *a, int flags);

/** Gives a->match (if any) the clock its moves are stamped with for the
 *  record: a->clock, or the time since a->started. */
void app_time_match(app *a);

/** When --record was given, checks its target before any game (app_open
 *  calls it for APP_OPT_RECORD): a regular file's directory must take a
 *  new file; a device or FIFO is opened now, without waiting (a FIFO with
 *  no reader is refused), and kept as record_stream. Returns 0, or
 *  EXIT_USAGE after printing "--record PATH: expected ..., found ...". */
int app_record_open(app *a);

/** one when n is 1, else many: "1 game", "2 games". */
const char *app_plural(long long n, const char *one, const char *many);

/** An output named on the command line (option is e.g. "--json") can be
 *  written: an existing file writable and no directory, a new one's
 *  directory writable. Checked before the work whose result it takes, so
 *  none is done for nothing. Returns 0, or EXIT_USAGE after printing
 *  "--json PATH: expected a file that can be written, found ...". */
int app_check_output(const char *option, const char *path);

/** When --record was given: the current game joins the session's record
 *  and the file is brought up to date, so it holds every game of the
 *  session in order (as `run --record` does). Call it once per game, when
 *  the game ends or is left for another; a second call for the same game
 *  replaces it in a regular file (a device or pipe gets it again). A
 *  regular file is rewritten whole each time, atomically (see
 *  sapper_replay_write: a failure loses nothing recorded before); a device,
 *  FIFO or other non-regular file is opened once, written in place and
 *  never replaced. Returns 0, or 1 after printing the error. */
int app_record(app *a);

/** Prints "sapper: message" on stderr. */
void app_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/** The default plugin directories, ':'-separated, into buf: the build's
 *  plugins/ (in a build tree only) and <prefix>/lib/sapper/plugins. */
void app_plugin_dirs(char *buf, size_t cap);
/** A fresh master seed (short enough to type back). */
/* A fresh seed: twelve digits to type back for a game, all 64 bits for a
   tournament (wide), whose bots must not be able to find it by trying. */
uint64_t app_draw_seed(int wide);

/** Seconds on a monotonic clock. */
double app_now(void);

/** The embedded config/default.ini. */
extern const char sapper_default_config[];

#endif
