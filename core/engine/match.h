/*
 * match.h - one game in progress: the rules instance and its state, the
 * seats (bots or people), the history, undo, and the checks that keep a
 * plugin from corrupting a game. No user interface and no clocks here: the
 * front end decides what to show, the tournament runner what to time, and
 * whoever runs the game lends it the clock its moves are stamped with.
 */
#ifndef SAPPER_MATCH_H
#define SAPPER_MATCH_H

#include "setup.h"
#include "strbuf.h"

typedef struct sapper_move {
    int32_t seat;       /* 0-based */
    int32_t joint;      /* 1 when part of a simultaneous turn */
    int64_t turn;       /* turn number; moves of one joint turn share it */
    int64_t action;
    int64_t ms;         /* when it was applied: milliseconds since the game
                           began on the match's clock (sapper_match_set_clock),
                           never before the move before it; -1 without a
                           clock. Metadata: nothing is decided by it */
} sapper_move;

/* Why a game ended other than by its rules. */
#define SAPPER_FAULT_NONE    0
#define SAPPER_FAULT_ILLEGAL 1  /* a bot chose an action not in the legal set */
#define SAPPER_FAULT_BOT     2  /* a bot returned an error status           */
#define SAPPER_FAULT_VOID    3  /* the rules misbehaved: the game is void   */
#define SAPPER_FAULT_OTHER   4  /* forfeited for a reason found outside the
                                   match (timeout, crash): see detail      */
#define SAPPER_FAULT_STALL   5  /* the game ran past max_moves and the seat
                                   did the most moves without progress
                                   (SAPPER_EXT_PROGRESS): it loses          */

typedef struct sapper_fault {
    int32_t kind;       /* SAPPER_FAULT_* */
    int32_t seat;       /* the culprit, -1 for the rules */
    char detail[640];
} sapper_fault;

/* sapper_match_new flags */
#define SAPPER_MATCH_UNDO 1   /* keep a clone before each human move */

typedef struct sapper_match sapper_match;

/** The seed of game number index of a run with this master seed: game 0
 *  plays the master seed itself, so `game.seed = 7` gives seed 7. */
static inline uint64_t sapper_game_seed(uint64_t master, uint64_t index)
{
    return index == 0 ? master : sapper_seed_derive(master, index);
}

/** The seed the bot in seat (0-based) of a game with this seed receives:
 *  a keyed one-way hash, so it reveals neither the game seed nor another
 *  seat's seed (seeds.c). */
uint64_t sapper_bot_seed(uint64_t game_seed, int32_t seat);

/** Starts a game of setup (borrowed: it must outlive the match) with this
 *  game seed. The state's seed and each bot's seed derive from it. */
sapper_match *sapper_match_new(const sapper_setup *setup, uint64_t seed,
                               int flags, char *err, size_t errcap);
void sapper_match_free(sapper_match *m);

/** Seat to move, SAPPER_SIMULTANEOUS, or SAPPER_TERMINAL (also after a
 *  fault). */
int32_t sapper_match_to_move(const sapper_match *m);
/** In a simultaneous turn: does seat still owe an action? */
int sapper_match_awaits(const sapper_match *m, int32_t seat);
int sapper_match_is_human(const sapper_match *m, int32_t seat);
/** The human seat that must act now (in a simultaneous turn the first that
 *  still owes an action), or -1. */
int32_t sapper_match_human_to_act(const sapper_match *m);
/** A person's (or replay's) action as text, checked: a parse error, or an
 *  illegal action with the rules' reason, leaves the game unchanged. */
sapper_status sapper_match_play_text(sapper_match *m, int32_t seat,
                                     const char *text, char *err, size_t errcap);
/** Same with an action id. */
sapper_status sapper_match_play(sapper_match *m, int32_t seat, int64_t action,
                                char *err, size_t errcap);
/** Lets the bots move until a person must act or the game ends. Returns
 *  the number of bot decisions (in a simultaneous turn a decision may wait
 *  for a person's before it is applied). */
int64_t sapper_match_advance(sapper_match *m);
/** One bot action at most (for animated display); 1 if one was applied. */
int sapper_match_advance_one(sapper_match *m);
/** Takes back the last human action (and the bot actions after it).
 *  SAPPER_ERR_STATE when there is nothing to undo. */
sapper_status sapper_match_undo(sapper_match *m);

/* Phases of the bot hook: around every step, and around every other call
   into a bot (bot_new, inform, bot_free), so a fault in any of them has the
   seat it belongs to. */
#define SAPPER_HOOK_STEP_BEGIN 0
#define SAPPER_HOOK_STEP_END   1
#define SAPPER_HOOK_CALL_BEGIN 2
#define SAPPER_HOOK_CALL_END   3

/** Called just before and just after every call into the bot of seat,
 *  with a SAPPER_HOOK_* phase: the tournament runner times moves and
 *  attributes faults with it. NULL removes the hook. */
typedef void (*sapper_bot_hook)(void *ctx, int32_t seat, int phase);
void sapper_match_set_bot_hook(sapper_match *m, sapper_bot_hook hook, void *ctx);

/** The clock the moves from now on are stamped with (sapper_move.ms):
 *  clock(ctx) answers the milliseconds since the game began, as the caller
 *  counts them (a front end may stop its clock while a menu is open). Read
 *  once for every recorded action; NULL stamps -1. ctx is borrowed. */
typedef int64_t (*sapper_match_clock)(void *ctx);
void sapper_match_set_clock(sapper_match *m, sapper_match_clock clock, void *ctx);

/**
 * How a match reaches bots that do not live in its process (the sandbox,
 * core/sandbox/): each seat's calls go through these instead of the bot
 * plugin's table. A call that fails for a reason outside the bot's answer
 * (it crashed, ran out of time, broke the sandbox or the protocol) returns
 * an error status and a short reason word in why ("crash", "timeout",
 * "sandbox", "exit", "memory", "protocol", "killed", "cpu"); the seat
 * forfeits with that reason. inform is buffered by the driver and never
 * fails on its own: a fault shows at the next call.
 */
typedef struct sapper_bot_driver {
    /* config: sapper_match_config of the game; a bot process may reset an
       instance it kept from a game of the same config (bot_reset). The
       value hashes secret parameters: it is the engine's, never a bot's */
    sapper_status (*bot_new)(void *ctx, int32_t seat, const sapper_params *params,
                             const sapper_bot_setup *setup, uint64_t config,
                             char *why, size_t whycap);
    /* up to cap actions (step_many's contract; one for a bot with step) */
    sapper_status (*step)(void *ctx, int32_t seat, const void *view, size_t view_size,
                          const int64_t *legal, size_t nlegal, int64_t *actions,
                          size_t cap, size_t *count, char *why, size_t whycap);
    void (*inform)(void *ctx, int32_t seat, int32_t actor, int64_t action);
    /* keep: the bot ended the game without a fault, so its instance may be
       kept for the next game (bot_reset) */
    sapper_status (*bot_free)(void *ctx, int32_t seat, int keep, char *why,
                              size_t whycap);
    /* the match hands control back to its caller (sapper_match_advance and
       _advance_one return): no bot of it may run until it is called again;
       may be NULL */
    void (*pause)(void *ctx);
    /* the game ended by its rules (no fault): each seat's return, before
       that seat's bot_free; may be NULL */
    void (*result)(void *ctx, int32_t seat, const double *returns, int32_t players);
} sapper_bot_driver;

/* The most actions one answer of a bot may hold (step_many). */
#define SAPPER_PLAN_MAX 256

/* sapper_match_new flags (continued) */
#define SAPPER_MATCH_BOT_FAULTS 2   /* a bot that fails to start forfeits
                                       the game instead of failing
                                       sapper_match_new (tournaments) */

/** What a caller connects a match to; every member may be NULL/0. */
typedef struct sapper_match_hooks {
    const sapper_bot_driver *driver;   /* bots elsewhere (the sandbox) */
    void *driver_ctx;
    uint64_t driven_seats;             /* the seats (bit s) whose bots the
                                          driver plays, the others' bots in
                                          this process; 0: every seat */
    sapper_bot_hook hook;              /* around every bot call */
    void *hook_ctx;
    /* The host table's services (plugin.h sapper_host): where plugins'
       log lines go (seat -1: the rules), the time the current call of seat
       may still take (negative: none), and the flag asking it to end. */
    void (*log)(void *ctx, int32_t seat, const char *plugin_id, int32_t level,
                const char *line);
    double (*time_left)(void *ctx, int32_t seat, double *game_left);
    void *services_ctx;
    const volatile int32_t *cancel;
    /* In-process bot instances kept between games (bot_keep.h), or NULL:
       bots that ended the game without a fault go in, and come back out
       through bot_reset instead of bot_new. */
    struct sapper_bot_keep *keep;
} sapper_match_hooks;

/** Starts a game like sapper_match_new, connected as hooks says (borrowed:
 *  it must outlive the match), so that even bot_new is timed, attributed
 *  and served. */
sapper_match *sapper_match_new_driven(const sapper_setup *setup, uint64_t seed,
                                      int flags, const sapper_match_hooks *hooks,
                                      char *err, size_t errcap);

/** Ends every bot of the game (bot_free) while the game can still record
 *  a fault: a bot that fails in its last call forfeits. The match frees
 *  whatever is left when it is freed; call this first when that last
 *  fault matters (tournaments). */
void sapper_match_end_bots(sapper_match *m);

/** Ends the game as a forfeit of seat (a bot's timeout or resource fault
 *  found outside the match); reason is a short word ("timeout"). */
void sapper_match_forfeit(sapper_match *m, int32_t seat, const char *reason);

/** Voids the game (not scored): something went wrong that is nobody's
 *  fault the engine can name, e.g. a game that stopped before its end. */
void sapper_match_void(sapper_match *m, const char *why);

/** The status the last bot step returned (SAPPER_OK when none failed). */
sapper_status sapper_match_bot_status(const sapper_match *m);

const sapper_setup *sapper_match_setup(const sapper_match *m);
/** The rules parameters a bot of this game is given (the effective ones,
 *  without the secret ones); borrowed, valid while the match lives. */
sapper_params sapper_match_public_params(const sapper_match *m);
uint64_t sapper_match_seed(const sapper_match *m);
int32_t sapper_match_players(const sapper_match *m);
/** The family view for seat (or SAPPER_OMNISCIENT); valid until the next
 *  call on the match. */
const void *sapper_match_view(sapper_match *m, int32_t seat, size_t *size);
/** A hash of what a bot instance of seat may carry from one game to the
 *  next: the rules and all their parameters (secret ones too), the bot
 *  and its parameters. bot_reset is only for games of the same value.
 *  Not one-way (FNV-1a): never hand it to a bot. */
uint64_t sapper_match_config(const sapper_match *m, int32_t seat);
/** The rules' text rendering; valid until the next call on the match. */
const char *sapper_match_render(sapper_match *m, int32_t seat);
/** The rules' panel number panel for seat (its first line the title), or
 *  NULL when the rules have no such panel; valid until the next call. */
const char *sapper_match_panel(sapper_match *m, int32_t seat, int32_t panel);

/** The scoreboard of the match's game (sapper_rules_api.score): 1 with
 *  *out filled (won meaningful once the game is over), 0 when the rules
 *  keep no scores for it. The board key and label are NUL-terminated. */
int sapper_match_score(const sapper_match *m, sapper_score *out);
/** The rules' extension table named id (sapper_rules_api.get_extension,
 *  e.g. a family's typed result record), or NULL when they have none or
 *  are older than ABI 1.3. Its functions take sapper_match_state(m).
 *  Static: valid while the rules are loaded. */
const void *sapper_match_extension(const sapper_match *m, const char *id);
/** The current state, for an extension's functions (never to be changed
 *  through it): valid until the next move or undo. */
const void *sapper_match_state(const sapper_match *m);
/** A person's moves at seat that the rules refused (wasted clicks); 0
 *  for a bot's seat. */
int64_t sapper_match_refused(const sapper_match *m, int32_t seat);
/** The rules' label of action in language (sapper_rules_api.action_label)
 *  into buf; 0 (and "") when the rules have none. */
size_t sapper_match_action_label(sapper_match *m, int64_t action, const char *language,
                                 int whole, char *buf, size_t cap);
/** Text of an action; valid until the next call on the match. */
const char *sapper_match_action_text(sapper_match *m, int64_t action);
/** Parses an action's text form with the rules (it need not be legal
 *  now): SAPPER_OK and *action, or the rules' reason in err. A front end
 *  asks with it which of its keys the ruleset has at all. */
sapper_status sapper_match_parse_action(sapper_match *m, const char *text,
                                        int64_t *action, char *err, size_t errcap);
/** Legal actions of seat; valid until the next call on the match. */
const int64_t *sapper_match_legal(sapper_match *m, int32_t seat, size_t *count);

size_t sapper_match_move_count(const sapper_match *m);
const sapper_move *sapper_match_move(const sapper_match *m, size_t i);
const sapper_fault *sapper_match_fault(const sapper_match *m);
/** Value per seat (see rules returns); out has players entries. */
void sapper_match_returns(const sapper_match *m, double *out);
/** "won", "lost", "draw", "decided", "void" or "unfinished". */
const char *sapper_match_outcome(const sapper_match *m);
/** 0-based winning seat, or -1 (no single winner). */
int32_t sapper_match_winner(const sapper_match *m);
/** The one-line JSON result (no newline) into out. */
void sapper_match_result_json(sapper_match *m, double seconds,
                              sapper_strbuf *out);
/** The result as a results database stores it next to its columns: only
 *  what the columns do not hold (the rules' members, each player's rules
 *  members as "players", the fault, the log), as one JSON object. */
void sapper_match_stored_json(sapper_match *m, sapper_strbuf *out);
/** The deterministic summary replays compare: outcome, moves, returns. */
void sapper_match_outcome_line(const sapper_match *m, sapper_strbuf *out);

#endif
