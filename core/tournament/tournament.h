/*
 * tournament.h - bot-vs-bot tournaments: the definition read from a config
 * ([tournament] and [entrant.NAME] sections), the schedule of games it
 * implies, the run across worker processes with fault isolation, and the
 * statistics table. Printing is the front end's job: this layer returns
 * text in buffers and calls a progress callback.
 */
#ifndef SAPPER_TOURNAMENT_H
#define SAPPER_TOURNAMENT_H

#include <signal.h>

#include "setup.h"
#include "strbuf.h"

#define SAPPER_FMT_DUPLICATE  1   /* single-player: every entrant, every board  */
#define SAPPER_FMT_ROUNDROBIN 2   /* two-player: every pairing, boards x2       */
#define SAPPER_FMT_GAUNTLET   3   /* two-player: entrant 1 against each other   */
#define SAPPER_FMT_FFA        4   /* N-player: seatings drawn from the seed     */
/** The word a config writes for format f ("duplicate", "roundrobin",
 *  "gauntlet", "ffa"). */
const char *sapper_tournament_format_name(int f);

#define SAPPER_MAX_ENTRANTS 64

typedef struct sapper_entrant {
    char name[SAPPER_NAME_MAX];     /* from [entrant.NAME] */
    const sapper_plugin *bot;
    sapper_param_set params;
} sapper_entrant;

typedef struct sapper_tournament_def {
    sapper_setup base;              /* rules and their parameters */
    char result_columns[2048];      /* the rules' result_columns text, or "" */
    sapper_param_set stored_params; /* the parameters as the games apply them
                                       (a preset resolved), for the database;
                                       see sapper_tournament_def_effective */
    int format;                     /* SAPPER_FMT_* */
    int64_t games;                  /* boards (duplicate, ffa) or pairs per pairing */
    uint64_t seed;                  /* master seed */
    int seed_given;
    int jobs;                       /* worker processes */
    double move_seconds;            /* per bot step; 0 = no limit */
    double game_seconds;            /* per seat per game; 0 = no limit */
    int64_t memory_share_mb;        /* sandbox.h memory_share_mb */
    int64_t memory_mb;              /* address-space limit per worker (and per
                                       bot process); 0 = none */
    int sandbox;                    /* bots in sandboxed processes (sandbox.h) */
    int commands;                   /* entrants that are process bots, which
                                       play in the sandbox's processes even
                                       with sandbox = none */
    char kit_dir[1024];             /* their kits' directory, set by the
                                       caller ("" none) */
    char log_dir[1024];             /* where their standard error goes, set
                                       by the caller ("" nowhere) */
    char helper[1024];              /* sapper-bothost, set by the caller when
                                       sandbox is on */
    char db[1024];                  /* SQLite results file */
    char plugin_path[4096];         /* the config's [engine] plugin_path, each
                                       directory made absolute (from the
                                       current one), "" when none: stored
                                       with the run so its plugins are found
                                       again (not in the definition text) */
    int32_t seats;                  /* seats per game (ffa) */
    double rank_timeout;            /* seconds an MPI rank may stay silent
                                       before its games go to others (not
                                       in the definition text) */
    int sprt;                       /* SPRT configured */
    double elo0, elo1, alpha, beta;
    size_t nentrants;
    sapper_entrant entrants[SAPPER_MAX_ENTRANTS];
} sapper_tournament_def;

/** Reads the tournament from cfg (entries already read; overrides
 *  applied) against reg. drawn_seed is used when no seed is given, cores
 *  when no jobs. Errors name the file and line. Free with
 *  sapper_tournament_def_free, also after a failure. */
sapper_status sapper_tournament_def_read(sapper_config *cfg,
                                         const sapper_registry *reg,
                                         uint64_t drawn_seed, int cores,
                                         sapper_tournament_def *def,
                                         char *err, size_t errcap);
void sapper_tournament_def_free(sapper_tournament_def *def);

/** Fills def->stored_params: the rules parameters overlaid with what the
 *  rules say a game applies (sapper_rules_api.params_text), or a copy of
 *  them. SAPPER_ERR_NOMEM or SAPPER_OK. */
sapper_status sapper_tournament_def_effective(sapper_tournament_def *def);

/** The canonical text of everything that decides the results (not jobs,
 *  not the database path): stored with the run, compared on --resume. */
void sapper_tournament_def_text(const sapper_tournament_def *def,
                                sapper_strbuf *out);

/** The definition text, then a line "plugins = " with the provenance
 *  JSON of the rules and bots (their versions and file fingerprints):
 *  what every rank of an MPI job must agree on to play the same games. */
void sapper_tournament_def_shared_text(const sapper_tournament_def *def,
                                       sapper_strbuf *out);

/** The first line that differs between two texts, as `ONE_IS "A",
 *  TWO_IS "B"` (with "stored" and "now": what --resume says), into out. */
void sapper_text_first_difference(const char *one, const char *two, const char *one_is,
                                  const char *two_is, char *out, size_t cap);

/** One scheduled game. */
typedef struct sapper_tgame {
    int64_t index;                  /* 0-based, the game's id in the run */
    int64_t board;                  /* board number: games sharing it share the seed */
    int64_t pair;                   /* pair id (two-player), else -1 */
    uint64_t seed;
    int32_t nseats;
    int32_t seats[SAPPER_MAX_SEATS];   /* entrant index per seat */
} sapper_tgame;

/** Number of games the definition schedules. */
int64_t sapper_schedule_count(const sapper_tournament_def *def);
/** Game number index of the schedule (deterministic from the definition). */
void sapper_schedule_game(const sapper_tournament_def *def, int64_t index,
                          sapper_tgame *out);

/** The record of one finished (or faulted) game. */
typedef struct sapper_game_record {
    int64_t index;
    int32_t nseats;
    int32_t voided;                 /* rules fault: recorded, not scored */
    int32_t culprit;                /* seat at fault, -1 */
    char reason[16];                /* "", crash, timeout, illegal, exit, memory, error, void */
    double returns[SAPPER_MAX_SEATS];
    double think[SAPPER_MAX_SEATS];    /* seconds in bot steps per seat */
    int64_t steps[SAPPER_MAX_SEATS];   /* bot steps per seat */
    int64_t moves;
    double seconds;                 /* wall time of the game */
    char *replay;                   /* owned; may be NULL (crashed games) */
    char *json;                     /* owned; may be NULL: what the database
                                       keeps of the result beside its
                                       columns (sapper_match_stored_json) */
} sapper_game_record;

void sapper_game_record_free(sapper_game_record *r);

/** Plays one scheduled game in this process (what a worker does), with
 *  the time limits of def checked after each bot step. */
void sapper_play_tgame(const sapper_tournament_def *def, const sapper_tgame *g,
                       sapper_game_record *out);

/** Progress as the runner reports it. */
typedef struct sapper_progress {
    int64_t done;        /* games stored, this run and before */
    int64_t total;
    int64_t this_run;    /* games finished by this invocation */
    double elapsed;      /* seconds since this invocation started */
    const char *leader;  /* name of the current leader, or "" */
    double leader_value; /* its win rate or score */
} sapper_progress;

typedef struct sapper_lanes sapper_lanes;   /* lanes.h */

typedef struct sapper_run_options {
    int resume;
    volatile sig_atomic_t *stop;     /* set by the caller's signal handler */
    void (*progress)(void *ctx, const sapper_progress *p);
    void *progress_ctx;
    /** Optional: called with every game as it is stored, whoever played
     *  it (this process's workers or a lane), not with the games a resumed
     *  run found stored, in the order they finished. */
    void (*on_game)(void *ctx, const sapper_tgame *g, const sapper_game_record *r);
    void *on_game_ctx;
    /** Optional: every standings_every games of this run, or when
     *  standings_seconds have passed since the run began or the last
     *  standings (0: not by time), the stored games are committed and
     *  standings(on_game_ctx) is called, so a table read then counts all
     *  of them. */
    int64_t standings_every;
    double standings_seconds;
    void (*standings)(void *ctx);
    /** Players beyond this process's workers (the other ranks of an MPI
     *  job), or NULL: borrowed for the run. */
    const sapper_lanes *lanes;
    /** A sentence for the person running the tournament about something
     *  that went wrong and was dealt with (a rank lost), or NULL. Called
     *  with progress_ctx. */
    void (*notice)(void *ctx, const char *text);
} sapper_run_options;

/** Runs the tournament: schedules, skips games already stored (resume),
 *  plays the rest across def->jobs worker processes (and opt->lanes),
 *  stores every result in def->db. Returns SAPPER_OK when every game is stored (or the SPRT
 *  decided), SAPPER_ERR_STATE when stopped early (the caller says how to
 *  resume), other errors with a message. */
sapper_status sapper_tournament_run(sapper_tournament_def *def,
                                    const sapper_run_options *opt,
                                    char *err, size_t errcap);

/** The statistics table of the stored games, as text for a terminal (and
 *  as JSON when json is not NULL). */
sapper_status sapper_tournament_table(const sapper_tournament_def *def,
                                      sapper_strbuf *text, sapper_strbuf *json,
                                      char *err, size_t errcap);

/** The table of run (-1: the last) as JSON into table, and the same rows
 *  as the games accumulate (in index order) into series: a JSON array of
 *  about `points` snapshots {"games":N,"entrants":[...],"pairings":[...]}
 *  (pairings of two-player formats), the last one for every game stored. */
sapper_status sapper_tournament_series(const sapper_tournament_def *def, int64_t run,
                                       int points, sapper_strbuf *table,
                                       sapper_strbuf *series, char *err, size_t errcap);

#endif
