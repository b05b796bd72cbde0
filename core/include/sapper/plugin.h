/*
 * sapper/plugin.h - THE Sapper plugin ABI: rules plugins and bot plugins.
 *
 * A plugin is a shared object that exports exactly one symbol,
 * sapper_plugin_entry(), returning a static manifest of descriptors. Each
 * descriptor is a rules plugin (a game: state, legal actions, transitions)
 * or a bot (a player: view in, action out). The engine owns the loop, the
 * history, the clocks, the seeds and the replays; plugins only answer
 * questions and apply transitions. This header includes only the C standard
 * library and is all a plugin needs (Minesweeper-family plugins add
 * sapper/mines.h for the view and action encoding).
 *
 * Conventions used in every comment below:
 *   [any time]        callable at any time, from any thread.
 *   [instance]        not concurrently on one instance; different instances
 *                     may be used from different threads or processes.
 *   borrowed          the pointer is valid only for the duration of the call.
 *   static            the pointer must stay valid while the plugin is loaded.
 *   err, errcap       every `char *err, size_t errcap` pair the host passes
 *                     is a valid buffer with errcap >= 64; write a one-line
 *                     reason there (snprintf) when you refuse something.
 *   "write up to cap, return needed": the function writes at most cap bytes
 *   (text is always NUL-terminated when cap > 0) and returns the size it
 *   needs (without the NUL for text); the caller retries with a bigger
 *   buffer when the return value is >= cap (text) or > cap (binary). A
 *   negative return is an error: the engine voids the game (rules) and
 *   never reads the buffer. cap may be 0 (buf may then be NULL): return
 *   the size needed and write nothing.
 *   Threads: a game is read-only once game_new returns, so states of one
 *   game may be used on different threads at once, each state by one
 *   thread at a time; a bot instance is used by one thread at a time.
 *
 * Rules of the road for plugin authors:
 *   - No mutable globals: several games run at once in one process.
 *   - No randomness but the seeds you are given (use sapper_rng below).
 *   - Never exit(), abort() or longjmp() across the boundary: return a status.
 *   - Memory you allocate you free, in the same plugin. No heap pointer
 *     crosses the boundary to be freed by the other side.
 *
 * ABI changelog (major must equal the host's; a minor release only appends
 * members whose absence, NULL or 0, means the previous behaviour; the host
 * copies min(struct_size, sizeof) of every struct into a zeroed struct):
 *   1.0  2026-11-30  first version: manifest, descriptors, parameters,
 *                    rules (sequential and simultaneous), bots.
 *   1.1  2026-11-30  rules: optional seat_json (per-player members of the
 *                    JSON result, e.g. a seat's points and statistics) and
 *                    panel_text (extra screens such as a statistics dialog).
 *   1.2  2026-12-01  one line per addition:
 *     sapper_param_spec.reserved becomes flags (SAPPER_PARAM_SECRET: a
 *       rules parameter that never reaches a bot)
 *     sapper_bot_api.step_many (several known moves in one answer)
 *     sapper_rules_api.params_text (the parameters as a game applies them)
 *     sapper_game_info.struct_size (caller-sized, sapper_game_info_fill)
 *     sapper_manifest read from SAPPER_MANIFEST_SIZE_1_0 up
 *     sapper_descriptor.param_spec_size (the params[] stride)
 *     sapper_status_text
 *     sapper_host (log, time_left, cancel) in sapper_bot_setup.host
 *     sapper_rules_api.set_host (rules read no clock)
 *     sapper_descriptor.family_version
 *     sapper_rules_api.action_label (a person's words, per language)
 *     sapper_rules_api.result_columns (the results database's view)
 *     sapper_rules_api.is_legal (one action checked)
 *     sapper_bot_api.flags (SAPPER_BOT_NO_LEGAL_LIST)
 *     sapper_bot_api.bot_reset (one instance for many games)
 *     panel_text's `{seat N}` token (a seat's name)
 *     sapper_rules_api.score (sapper_score: a game's scoreboard)
 *     result_json's "places" member, read by tournament tables
 *     Also: bot seeds are one-way; sapper_kv frozen; max_actions
 *     1..SAPPER_MAX_ACTIONS_LIMIT and max_moves > 0 checked.
 *     docs/PLUGINS.md ("ABI 1.2") has the detail.
 *   1.3  2026-12-02  rules: optional get_extension (named, revisioned
 *                    extension tables, "name/revision"); the first is
 *                    SAPPER_EXT_PROGRESS, how far a game has come, which
 *                    lets the engine charge a seat that stalls a game to
 *                    its move bound (reason "stall") instead of voiding it.
 *                    SAPPER_EXT_CHARTS, the report charts a ruleset
 *                    declares; sapper/mines.h adds the family's own.
 */
#ifndef SAPPER_PLUGIN_H
#define SAPPER_PLUGIN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SAPPER_ABI_MAJOR 1
#define SAPPER_ABI_MINOR 3

/* ------------------------------------------------------------------ */
/* Status codes. Every fallible call returns one; SAPPER_OK is 0.      */
/* ------------------------------------------------------------------ */
typedef int32_t sapper_status;
#define SAPPER_OK            0
#define SAPPER_ERR_PARAM    (-1)  /* a parameter value is unusable     */
#define SAPPER_ERR_NOMEM    (-2)  /* allocation failed                 */
#define SAPPER_ERR_ILLEGAL  (-3)  /* action not legal in this state     */
#define SAPPER_ERR_PARSE    (-4)  /* text could not be parsed          */
#define SAPPER_ERR_STATE    (-5)  /* call not valid in this state       */
#define SAPPER_ERR_INTERNAL (-6)  /* plugin bug; the game is void       */

/** A status as a word for messages ("illegal"). [any time] */
static inline const char *sapper_status_text(int32_t status)
{
    switch (status) {
    case SAPPER_OK: return "ok";
    case SAPPER_ERR_PARAM: return "bad parameter";
    case SAPPER_ERR_NOMEM: return "out of memory";
    case SAPPER_ERR_ILLEGAL: return "illegal";
    case SAPPER_ERR_PARSE: return "parse error";
    case SAPPER_ERR_STATE: return "not valid now";
    case SAPPER_ERR_INTERNAL: return "internal error";
    default: return "unknown status";
    }
}

/* ------------------------------------------------------------------ */
/* The entry point: the one symbol a plugin exports.                  */
/* ------------------------------------------------------------------ */
/* The tables refer to each other; their names come first so that this
   header reads in the order a plugin is written: the entry point, the
   manifest and its descriptors, parameters, services, the bot table,
   then the rules table. */
typedef struct sapper_manifest sapper_manifest;
typedef struct sapper_descriptor sapper_descriptor;
typedef struct sapper_param_spec sapper_param_spec;
typedef struct sapper_bot_api sapper_bot_api;
typedef struct sapper_rules_api sapper_rules_api;
typedef struct sapper_game_info sapper_game_info;

/** The one exported symbol's name and type. */
#define SAPPER_ENTRY_SYMBOL "sapper_plugin_entry"
typedef const sapper_manifest *(*sapper_entry_fn)(uint32_t host_major,
                                                  uint32_t host_minor);

/*
 * Declaring the entry point: write SAPPER_PLUGIN_ENTRY(myid) { ... } in the
 * plugin's plugin.c. Built as a shared object it is the exported
 * sapper_plugin_entry; compiled with -DSAPPER_BUILTIN (the engine linking
 * the plugin in, for tests and static builds) it becomes a hidden
 * sapper_builtin_myid_entry, so many plugins can be linked at once.
 * Return NULL to refuse a host whose major version you cannot serve. The
 * macro declares the prototype before the definition, so -Wmissing-
 * prototypes stays quiet and a wrong signature is a compile error.
 */
#ifdef SAPPER_BUILTIN
#define SAPPER_PLUGIN_ENTRY(id) \
    const sapper_manifest *sapper_builtin_##id##_entry(uint32_t host_major, \
                                                       uint32_t host_minor); \
    const sapper_manifest *sapper_builtin_##id##_entry(uint32_t host_major, \
                                                       uint32_t host_minor)
#else
#define SAPPER_PLUGIN_ENTRY(id) \
    __attribute__((visibility("default"))) \
    const sapper_manifest *sapper_plugin_entry(uint32_t host_major, \
                                               uint32_t host_minor); \
    __attribute__((visibility("default"))) \
    const sapper_manifest *sapper_plugin_entry(uint32_t host_major, \
                                               uint32_t host_minor)
#endif

/* ------------------------------------------------------------------ */
/* Descriptors and the manifest.                                        */
/* ------------------------------------------------------------------ */
#define SAPPER_KIND_RULES 1
#define SAPPER_KIND_BOT   2

/** One plugin. Static; use designated initialisers. */
struct sapper_descriptor {
    uint32_t struct_size;      /* sizeof(sapper_descriptor) of the plugin  */
    uint16_t abi_major;        /* SAPPER_ABI_MAJOR it was built against    */
    uint16_t abi_minor;        /* SAPPER_ABI_MINOR it was built against    */
    int32_t kind;              /* SAPPER_KIND_*                            */
    int32_t reserved;          /* 0                                        */
    const char *id;            /* stable, unique, [a-z0-9_-]+: "classic"   */
    const char *name;          /* display name                             */
    const char *version;       /* the plugin's own version, "1.0.0"        */
    const char *summary;       /* one line                                 */
    const char *family;        /* "mines", "arena": the view and action
                                  vocabulary; a bot plays only rules of
                                  its own family                           */
    const sapper_param_spec *params;   /* may be NULL when param_count is 0 */
    uint32_t param_count;
    const sapper_rules_api *rules;     /* kind RULES: required, else NULL  */
    const sapper_bot_api *bot;         /* kind BOT: required, else NULL    */
    /* ---- ABI 1.2 ---- */
    uint32_t param_spec_size;  /* sizeof(sapper_param_spec) as built: the
                                  stride of params[]; 0 means the 1.0 size
                                  (SAPPER_PARAM_SPEC_SIZE_1_0), so the spec
                                  can grow without breaking older plugins  */
    uint32_t family_version;   /* rules: the version of the family's view
                                  and actions they write; bots: the oldest
                                  they can play (SAPPER_MINES_FAMILY_VERSION,
                                  SAPPER_ARENA_FAMILY_VERSION). 0 means 1.
                                  A bot is seated only with rules of its
                                  family at that version or later          */
};

/** What sapper_plugin_entry returns. Static, allocation-free. The engine
 *  accepts a struct_size from SAPPER_MANIFEST_SIZE_1_0 up and reads only
 *  the members it covers, so the manifest can grow. */
struct sapper_manifest {
    uint32_t struct_size;      /* sizeof(sapper_manifest) of the plugin */
    uint16_t abi_major;
    uint16_t abi_minor;
    uint32_t count;
    const sapper_descriptor *const *descriptors;
};

/* The size of a 1.0 manifest: it ends with descriptors, the last 1.0
   member. */
#define SAPPER_MANIFEST_SIZE_1_0 \
    ((uint32_t)(offsetof(sapper_manifest, descriptors) + \
                sizeof(const sapper_descriptor *const *)))

/* ------------------------------------------------------------------ */
/* Parameters: declared by the plugin, checked and filled by the host. */
/* ------------------------------------------------------------------ */
#define SAPPER_PARAM_INT    1  /* decimal integer within [min, max]          */
#define SAPPER_PARAM_BOOL   2  /* "true" or "false" (host also accepts 1/0,
                                  yes/no, on/off and normalises them)        */
#define SAPPER_PARAM_CHOICE 3  /* one of the '|'-separated words in choices  */
#define SAPPER_PARAM_STRING 4  /* any text (a file name, a player name)      */
#define SAPPER_PARAM_REAL   5  /* decimal number within [min, max]          */

/* sapper_param_spec.flags (ABI 1.2; 0 in older plugins: no flags) */
#define SAPPER_PARAM_SECRET 1  /* rules only: the value never reaches a bot
                                  (absent from sapper_bot_setup.rules_params):
                                  a fixed layout, a file name on the host  */

/** One declared parameter. Static. */
struct sapper_param_spec {
    const char *key;      /* lower-case [a-z0-9_]+, unique in the table    */
    int32_t type;         /* SAPPER_PARAM_*                                 */
    int32_t flags;        /* SAPPER_PARAM_SECRET or 0 (was reserved = 0)    */
    const char *def;      /* default value as text; never NULL              */
    double min, max;      /* bounds for INT and REAL (inclusive)            */
    const char *choices;  /* "safe|opening|any" for CHOICE, else NULL       */
    const char *help;     /* one line for `sapper plugins --describe`       */
};

/* The size of a 1.0 sapper_param_spec: the smallest stride accepted. It
   ends with help, the last 1.0 member, so a member added later cannot move
   it. */
#define SAPPER_PARAM_SPEC_SIZE_1_0 \
    ((uint32_t)(offsetof(sapper_param_spec, help) + sizeof(const char *)))

/** One key/value pair. Frozen: it never grows (plugins of every minor
 *  version index sapper_params.items with this size); anything a later
 *  version adds per parameter goes beside it, not into it. */
typedef struct sapper_kv {
    const char *key;
    const char *value;
} sapper_kv;

/**
 * The parameters of one plugin instance, as the host passes them: every
 * declared key exactly once, in declaration order, with a value the host has
 * already checked against the spec (type, bounds, choices). Borrowed: copy
 * what you keep.
 */
typedef struct sapper_params {
    const sapper_kv *items;
    uint32_t count;
} sapper_params;

/** The value of key, or NULL when absent. [any time] */
static inline const char *sapper_param(const sapper_params *p, const char *key)
{
    for (uint32_t i = 0; p && i < p->count; i++)
        if (strcmp(p->items[i].key, key) == 0)
            return p->items[i].value;
    return NULL;
}

/** The value of an INT parameter, or fallback when absent. [any time] */
static inline int64_t sapper_param_int(const sapper_params *p, const char *key,
                                       int64_t fallback)
{
    const char *v = sapper_param(p, key);
    return v ? strtoll(v, NULL, 10) : fallback;
}

/** The value of a REAL parameter, or fallback when absent. [any time] */
static inline double sapper_param_real(const sapper_params *p, const char *key,
                                       double fallback)
{
    const char *v = sapper_param(p, key);
    return v ? strtod(v, NULL) : fallback;
}

/** The value of a BOOL parameter (host-normalised), or fallback. [any time] */
static inline int sapper_param_bool(const sapper_params *p, const char *key,
                                    int fallback)
{
    const char *v = sapper_param(p, key);
    return v ? strcmp(v, "true") == 0 : fallback;
}

/* ------------------------------------------------------------------ */
/* Deterministic randomness: the only source plugins may use.          */
/* splitmix64 to seed, xoshiro256** to draw. State is plain data, so   */
/* cloning a game state clones its generator.                          */
/* ------------------------------------------------------------------ */
typedef struct sapper_rng {
    uint64_t s[4];
} sapper_rng;

/** splitmix64: advances *x and returns a well-mixed word. [any time] */
static inline uint64_t sapper_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/** Seeds r from one 64-bit seed. [any time] */
static inline void sapper_rng_seed(sapper_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = sapper_splitmix64(&seed);
}

static inline uint64_t sapper_rng_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/** Next 64 random bits (xoshiro256**). [any time] */
static inline uint64_t sapper_rng_next(sapper_rng *r)
{
    uint64_t *s = r->s;
    uint64_t out = sapper_rng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
    s[2] ^= t;
    s[3] = sapper_rng_rotl(s[3], 45);
    return out;
}

/** Uniform integer in [0, n), n > 0, without modulo bias. [any time] */
static inline uint64_t sapper_rng_below(sapper_rng *r, uint64_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do x = sapper_rng_next(r); while (x >= limit);
    return x % n;
}

/** Uniform double in [0, 1). [any time] */
static inline double sapper_rng_unit(sapper_rng *r)
{
    return (double)(sapper_rng_next(r) >> 11) * 0x1.0p-53;
}

/** Seed number i derived from a master seed, for a plugin's own streams.
 *  This mix is invertible: the engine derives the seeds it hands to bots
 *  with a keyed one-way hash instead (ABI 1.2), so do not rely on a bot's
 *  seed being sapper_seed_derive(game seed, seat + 1). */
static inline uint64_t sapper_seed_derive(uint64_t master, uint64_t i)
{
    uint64_t x = master ^ (i * 0xD1B54A32D192ED03ull);
    sapper_splitmix64(&x);
    return sapper_splitmix64(&x);
}

/* ------------------------------------------------------------------ */
/* The host table (ABI 1.2): services the engine offers a plugin.       */
/* ------------------------------------------------------------------ */
#define SAPPER_HOST_VERSION 1

#define SAPPER_LOG_INFO    0
#define SAPPER_LOG_WARNING 1

/**
 * Handed to bots in sapper_bot_setup.host and to rules through
 * sapper_rules_api.set_host; borrowed, valid until bot_free (bots) or
 * game_free (rules). Every function takes ctx as its first argument.
 * Check struct_size before using a member a later version added.
 */
typedef struct sapper_host {
    uint32_t struct_size;      /* the engine's sizeof(sapper_host)          */
    uint32_t version;          /* SAPPER_HOST_VERSION of the engine         */
    void *ctx;
    /** One line for the engine's log (plugins never print): `sapper
     *  run` and `sapper play` write it on stderr after the plugin's id; a
     *  tournament keeps the first lines of each game and drops the rest.
     *  [during any call] */
    void (*log)(void *ctx, int32_t level, const char *line);
    /** Seconds the current call may still take, or a negative number for
     *  no limit; when game_left is not NULL, the seconds left for the
     *  whole game likewise. A bot that searches should answer well
     *  before 0. [during a call] */
    double (*time_left)(void *ctx, double *game_left);
    /** Becomes nonzero when the engine wants the current call to end soon
     *  (most of its time is spent): return the best answer found so far.
     *  Read it, never cache it. */
    const volatile int32_t *cancel;
} sapper_host;

/** log through host when there is one (NULL and pre-1.2 engines: nothing). */
static inline void sapper_host_log(const sapper_host *host, int32_t level,
                                   const char *line)
{
    if (host && host->struct_size >= offsetof(sapper_host, log) + sizeof host->log &&
        host->log)
        host->log(host->ctx, level, line);
}

/** Whether the engine asks the current call to end soon. */
static inline int sapper_host_cancelled(const sapper_host *host)
{
    return host && host->struct_size >= offsetof(sapper_host, cancel) + sizeof host->cancel &&
           host->cancel && *host->cancel;
}

/* ------------------------------------------------------------------ */
/* The game a seat joins: what every plugin reads of it.              */
/* ------------------------------------------------------------------ */

/* current_player() answers a seat (0-based) or one of these. */
#define SAPPER_SIMULTANEOUS (-1)  /* every seat with legal actions moves at once */
#define SAPPER_TERMINAL     (-2)  /* the game is over                           */

/* Pass as seat to observe() / render_text() for the all-seeing view
   (replays, post-game display). */
#define SAPPER_OMNISCIENT   (-1)

/* In apply_joint(): the seat does not act this turn. */
#define SAPPER_NO_ACTION    (-1)

/* game_info.turns */
#define SAPPER_TURNS_SEQUENTIAL   1  /* one seat at a time                      */
#define SAPPER_TURNS_SIMULTANEOUS 2  /* some turns are simultaneous             */

/** What the engine needs to know to run a configured game. An output
 *  struct: the caller sets struct_size to its own sizeof; fill it with
 *  sapper_game_info_fill, which writes only what the caller has room for. */
struct sapper_game_info {
    uint32_t struct_size;   /* the caller's sizeof(sapper_game_info)        */
    int32_t min_players;    /* seats the game accepts                       */
    int32_t max_players;
    int32_t turns;          /* SAPPER_TURNS_*                               */
    int64_t max_moves;      /* hard bound on actions in one game (each
                               seat's action in a simultaneous turn counts
                               as one): the engine stops (and voids) a game
                               that runs longer, so a bug cannot loop
                               forever                                      */
    int64_t max_actions;    /* upper bound of legal_actions() for any seat,
                               1 to SAPPER_MAX_ACTIONS_LIMIT (the engine
                               refuses a game that declares more)           */
};

/* The largest max_actions a game may declare: 2^26 ids (512 MiB of list). */
#define SAPPER_MAX_ACTIONS_LIMIT ((int64_t)1 << 26)

/* The size of a 1.0 sapper_game_info: what a caller that left struct_size
   0 (a zeroed struct, before ABI 1.2) has room for. */
#define SAPPER_GAME_INFO_SIZE_1_0 \
    ((uint32_t)(offsetof(sapper_game_info, max_actions) + sizeof(int64_t)))

/** Copies the plugin's filled info into the caller's out, as much as the
 *  caller's struct_size holds (SAPPER_GAME_INFO_SIZE_1_0 when it is 0),
 *  keeping the caller's struct_size. [any time] */
static inline void sapper_game_info_fill(sapper_game_info *out,
                                         const sapper_game_info *mine)
{
    size_t room = out->struct_size ? out->struct_size : SAPPER_GAME_INFO_SIZE_1_0;
    size_t n = room < sizeof *mine ? room : sizeof *mine;
    uint32_t keep = out->struct_size;
    memcpy(out, mine, n);
    out->struct_size = keep;
}

/* ------------------------------------------------------------------ */
/* Bot plugins.                                                         */
/* ------------------------------------------------------------------ */

/** What a bot is told about the game it joins. Borrowed. */
typedef struct sapper_bot_setup {
    uint32_t struct_size;
    int32_t seat;              /* 0-based seat this bot plays               */
    int32_t players;           /* seats in the game                         */
    int32_t reserved;          /* 0                                         */
    uint64_t seed;             /* the bot's only source of randomness; a
                                  one-way function of the game seed and the
                                  seat (it reveals neither)                 */
    const char *rules_id;      /* "classic", "seeker", ...                  */
    const sapper_params *rules_params; /* the game's checked parameters,
                                  without the secret ones (ABI 1.2)         */
    const sapper_game_info *info;
    /* ---- ABI 1.2 ---- */
    const sapper_host *host;   /* services (log, time left, cancel); valid
                                  until bot_free. Absent (struct_size does
                                  not cover it) from older engines         */
} sapper_bot_setup;

/**
 * The bot table. A bot instance plays one seat of one game at a time: the
 * engine makes a new instance for a game (and after an undo) and frees it
 * when the game is over, or, when the bot has bot_reset, may keep it and
 * reset it for the next game. All functions are [instance].
 */
struct sapper_bot_api {
    uint32_t struct_size;      /* sizeof(sapper_bot_api) of the plugin */

    /** Creates a bot from its checked parameters and the setup (both
     *  borrowed). On failure writes a reason into err. Plugin owns *bot. */
    sapper_status (*bot_new)(const sapper_params *params,
                             const sapper_bot_setup *setup, void **bot,
                             char *err, size_t errcap);
    /** Frees a bot; NULL is a no-op. */
    void (*bot_free)(void *bot);
    /** Chooses an action for its seat. view is the family view (borrowed,
     *  view_size bytes); legal lists the legal actions (borrowed, nlegal >
     *  0, ascending; NULL and 0 for a bot that declines the list, see
     *  SAPPER_BOT_NO_LEGAL_LIST). Must write a legal action into *action.
     *  Anything else, or a status other than SAPPER_OK, forfeits the game. */
    sapper_status (*step)(void *bot, const void *view, size_t view_size,
                          const int64_t *legal, size_t nlegal,
                          int64_t *action);
    /** Optional: told after every applied action of any seat (including
     *  its own), in order. seat is the actor. */
    void (*inform)(void *bot, int32_t seat, int64_t action);

    /* ---- ABI 1.2 ---- */
    /** Optional: step answering several actions at once, for moves the bot
     *  already knows (a Minesweeper bot's certain cells). Write up to cap
     *  (at least 1) actions into actions and their number into *count.
     *  actions[0] must be legal, exactly as step's answer; the engine then
     *  plays each next one in order, skipping any that is no longer legal,
     *  as long as the game goes on and this seat is still to move, and
     *  asks again only after the last. inform is called for every action
     *  played, as always. When present the engine calls this instead of
     *  step; a sandboxed bot (docs/PLUGINS.md) saves a process round trip
     *  for every action after the first. */
    sapper_status (*step_many)(void *bot, const void *view, size_t view_size,
                               const int64_t *legal, size_t nlegal,
                               int64_t *actions, size_t cap, size_t *count);
    /** SAPPER_BOT_* flags, 0 for none. */
    uint32_t flags;
    /** Optional: the instance is to play another game, of the same rules
     *  with the same parameters (the engine makes sure of both): make it
     *  behave exactly as a new instance from bot_new(params, setup) would,
     *  keeping whatever memory it likes (buffers sized for the board).
     *  setup is the new game's, borrowed as for bot_new. On failure write a
     *  reason into err and return a status: the engine then frees the
     *  instance and calls bot_new. Called only for an instance that ended
     *  its last game without a fault. */
    sapper_status (*bot_reset)(void *bot, const sapper_bot_setup *setup,
                               char *err, size_t errcap);
};

/** The bot chooses from its view alone: when the seat moves alone, or owes
 *  an action in a simultaneous turn (the engine asks only seats that have
 *  a legal action), and the rules can check one action
 *  (sapper_rules_api.is_legal), step and step_many get legal == NULL and
 *  nlegal == 0, and the engine checks the answer with the rules (an
 *  illegal one forfeits, as always). With rules without is_legal the list
 *  comes as before, so handle both. On a large board, or with many seats,
 *  the list is most of a move's cost. (ABI 1.2) */
#define SAPPER_BOT_NO_LEGAL_LIST 1u

/* ------------------------------------------------------------------ */
/* Rules plugins.                                                     */
/* ------------------------------------------------------------------ */

/* ABI 1.2: what a finished game is on a scoreboard (sapper_rules_api.score).
   How its tables rank: */
#define SAPPER_SCORE_FASTEST  1  /* the fastest wins; per player the best
                                    time, games, wins, streaks             */
#define SAPPER_SCORE_HARMONIC 2  /* also this week's fastest and each
                                    player's harmonic mean of times, weight
                                    0.9^k for the k-th latest game, a loss
                                    counting as infinity (Deductive
                                    Minesweeper)                            */

typedef struct sapper_score {
    uint32_t struct_size;  /* the engine's sizeof(sapper_score)            */
    int32_t method;        /* SAPPER_SCORE_*                                */
    int32_t won;           /* 1 won, 0 lost (terminal states only)          */
    int32_t bbbv;          /* the board's 3BV (mines family), else 0        */
    char board[64];        /* the board's key, the same for every game that
                              may be compared: "classic 30x16/99 opening"  */
    char label[32];        /* a person's name for it ("Expert"), or ""      */
} sapper_score;

/**
 * The rules table. A "game" is a configured variant (parameters applied and
 * checked); a "state" is one position of one game. The game must outlive
 * every state made from it. All functions are [instance] on the state (or
 * game) they receive, and a state is only used with the game that made it.
 * Members marked "optional" may be NULL.
 */
struct sapper_rules_api {
    uint32_t struct_size;   /* sizeof(sapper_rules_api) of the plugin */

    /** Configures a variant from checked parameters (borrowed). On failure
     *  writes a one-line reason a person can act on into err and returns
     *  SAPPER_ERR_PARAM; *game is untouched. The plugin owns *game. */
    sapper_status (*game_new)(const sapper_params *params, void **game,
                              char *err, size_t errcap);
    /** Frees a game; NULL is a no-op. [after all its states are freed] */
    void (*game_free)(void *game);
    /** Fills *out (zeroed by the caller, struct_size set to the caller's
     *  sizeof): build your own sapper_game_info and pass both to
     *  sapper_game_info_fill; never write out->struct_size or past it.
     *  [any time on a live game] */
    void (*game_info)(const void *game, int32_t players, sapper_game_info *out);

    /** New initial state for `players` seats, all randomness drawn from
     *  seed. On failure writes a reason into err. The plugin owns *state. */
    sapper_status (*state_new)(const void *game, int32_t players, uint64_t seed,
                               void **state, char *err, size_t errcap);
    /** Deep copy: the copy behaves exactly as the original from now on. */
    sapper_status (*state_clone)(const void *state, void **out);
    /** Frees a state; NULL is a no-op. */
    void (*state_free)(void *state);

    /** The seat to move, SAPPER_SIMULTANEOUS or SAPPER_TERMINAL. */
    int32_t (*current_player)(const void *state);
    /** The legal actions of seat, ascending, no duplicates: write up to
     *  cap ids into out, return the count (never more than max_actions).
     *  An empty set means the seat does not act now. */
    int64_t (*legal_actions)(const void *state, int32_t seat,
                             int64_t *out, size_t cap);
    /** Applies one action of the seat to move (sequential turns). An
     *  action that is not legal is refused with SAPPER_ERR_ILLEGAL, a
     *  reason in err ("cell 3 4 is flagged"), and the state unchanged. */
    sapper_status (*apply_action)(void *state, int32_t seat, int64_t action,
                                  char *err, size_t errcap);
    /** Applies one action per seat at once (SIMULTANEOUS turns): actions
     *  has `players` entries, SAPPER_NO_ACTION for a seat that does not
     *  act. Refuses like apply_action, naming the seat. Optional for
     *  games that are never simultaneous. */
    sapper_status (*apply_joint)(void *state, const int64_t *actions,
                                 int32_t players, char *err, size_t errcap);
    /** Final (or current) value per seat: 1 win, 0 loss, between for
     *  draws and shared places. out has `players` entries. */
    void (*returns)(const void *state, double *out, int32_t players);

    /** The family view of the game for seat (or SAPPER_OMNISCIENT): the
     *  layout is the family's (sapper/mines.h for "mines"). Write up to
     *  cap bytes, return the size needed. */
    int64_t (*observe)(const void *state, int32_t seat, void *out, size_t cap);
    /** Text form of an action ("reveal 3 4"): write up to cap, return
     *  needed. The text must parse back to the same id, and the text of an
     *  id must not change during a game (replays rely on both). */
    int64_t (*action_to_text)(const void *state, int64_t action,
                              char *buf, size_t cap);
    /** Parses the text form of an action. Syntax errors give
     *  SAPPER_ERR_PARSE with a reason; the id need not be legal now. */
    sapper_status (*text_to_action)(const void *state, const char *text,
                                    int64_t *action, char *err, size_t errcap);
    /** The position as text for seat (or SAPPER_OMNISCIENT), ending in a
     *  newline: what the line protocol prints. Write up to cap, return
     *  needed. */
    int64_t (*render_text)(const void *state, int32_t seat, char *buf,
                           size_t cap);
    /** Optional: extra members for the one-line JSON result, as text
     *  starting with a comma (`,"points":[3,2]`), or "" when none. Write up
     *  to cap, return needed. One member has a meaning to the engine:
     *  `"places":[1,3,2]`, each seat's finishing place (1 first, seats
     *  that tie share the better place, as 1,2,2,4) for games whose
     *  returns do not rank every seat (the order players were knocked
     *  out in). Tournament tables rank seats by it when it agrees with
     *  returns; without it, places follow returns. */
    int64_t (*result_json)(const void *state, char *buf, size_t cap);

    /* ---- ABI 1.1 ---- */
    /** Optional: extra members of seat's entry in the JSON result's
     *  "players" array, as text starting with a comma
     *  (`,"points":3,"bonus_points":4.5`), or "". Write up to cap, return
     *  needed. */
    int64_t (*seat_json)(const void *state, int32_t seat, char *buf, size_t cap);
    /** Optional: extra text screens of the ruleset for a person (panel 0,
     *  1, ...): the first line is the title ("Bonus Statistics"), the rest
     *  the body, plain UTF-8 text for a terminal. `{seat N}` (N from 1)
     *  stands for seat N's name: front ends put the name there as they show
     *  names, right-aligned in the columns of the token and the spaces
     *  before it (rules know no names). Returns 0 (and writes "") when
     *  there is no such panel. Write up to cap, return needed. */
    int64_t (*panel_text)(const void *state, int32_t seat, int32_t panel,
                          char *buf, size_t cap);

    /* ---- ABI 1.2 ---- */
    /** Optional: the parameters whose value in this game differs from the
     *  one given, as `key=value` lines (a preset's width, height and mines;
     *  the size a layout file sets), or "" when none does. The engine
     *  overlays them on the given values where it records a game's
     *  parameters (the tournament database). [any time on a live game]
     *  Write up to cap, return needed. */
    int64_t (*params_text)(const void *game, char *buf, size_t cap);
    /** Optional: the host table for this game (borrowed until game_free),
     *  called once right after game_new: rules log through it. */
    void (*set_host)(void *game, const sapper_host *host);
    /** Optional: what a person reads for action in language ("en", "zh",
     *  ...): with whole 0 the kind of action alone ("木剑"), with whole 1
     *  all of it ("木剑 -> 3"). Returns 0 and writes "" when the rules have
     *  no words in that language (the front end then shows the text form).
     *  Front ends take every label from here, never from a copy of their
     *  own. [any time on a live game] Write up to cap, return needed. */
    int64_t (*action_label)(const void *game, int64_t action, const char *language,
                            int32_t whole, char *buf, size_t cap);
    /** Optional: the columns a results database should show for this
     *  ruleset's games, taken from the JSON result: one line per column,
     *  `NAME JSONPATH` (NAME [a-z0-9_]+, JSONPATH starting with `$`, e.g.
     *  `red_points $.seeker[0].points`). The engine makes a view
     *  `<id>_games` of them. [any time on a live game] Write up to cap,
     *  return needed. */
    int64_t (*result_columns)(const void *game, char *buf, size_t cap);
    /** Optional: 1 if legal_actions(state, seat) would list action, else
     *  0, at the cost of that one action (never a scan of the set). With
     *  it the engine checks a bot's answer without the legal list, and a
     *  bot that declines the list (SAPPER_BOT_NO_LEGAL_LIST) no longer
     *  pays a scan of the legal set per move. [instance] */
    int32_t (*is_legal)(const void *state, int32_t seat, int64_t action);
    /** Optional: the scoreboard a game of this state belongs to. Returns
     *  1 with *out filled when the game has one, 0 when it has none (a
     *  ruleset's unscored variants; a ruleset without scores leaves this
     *  NULL). out->struct_size is the engine's: return 0 when it is
     *  smaller than the sizeof(sapper_score) you were built with. won is
     *  read only once the state is terminal; the rest at any time (the
     *  engine asks a new state to find the board of a config). The engine
     *  keeps the scoreboard: it decides that a person played alone and
     *  unaided, times the game, and stores it; a ruleset that declares
     *  parameters `name` and `scorefile` has them used for the player's
     *  name and the score file. [instance] */
    int32_t (*score)(const void *state, sapper_score *out);

    /* ---- ABI 1.3 ---- */
    /** Optional: the table of the extension named id, or NULL when the
     *  rules have none by that name. An id is a name and a revision,
     *  "sapper.progress/1": a later revision of an extension is another id,
     *  so answer only the ids you implement. The table is static, begins
     *  with uint32_t struct_size (sizeof of the plugin's table), and its
     *  members follow the growth rules of every struct here. New
     *  capabilities of the rules arrive as extensions, not as members of
     *  this table. [any time] */
    const void *(*get_extension)(const char *id);
};

/** Extension "sapper.progress/1": how far a game has come. With it, a game
 *  that runs past max_moves is charged to the seat whose moves did not
 *  advance it (the most moves without progress; reason "stall", a loss for
 *  that seat) instead of being void with no culprit. */
#define SAPPER_EXT_PROGRESS "sapper.progress/1"

typedef struct sapper_progress_ext {
    uint32_t struct_size;   /* sizeof(sapper_progress_ext) of the plugin */
    /** A count that never decreases along a game and grows with every
     *  action that brings new information (the mines family: cells
     *  revealed, mines exposed); an action that only changes a seat's own
     *  notes (flags, marks) leaves it as it was. [instance] */
    uint64_t (*progress)(const void *state);
} sapper_progress_ext;

/** Extension "sapper.charts/1": the charts `sapper report` draws of this
 *  ruleset's games, besides the ones it draws for every ruleset. Each
 *  reads the results database: the members of a game's result_json that
 *  a chart needs are named by SQLite JSON paths ("$.lost_on[0]"). */
#define SAPPER_EXT_CHARTS "sapper.charts/1"

#define SAPPER_CHART_CELLS   1  /* the board as a heat map: how many games
                                   had the cell (x, y), e.g. of the fatal
                                   click; games without one are left out   */
#define SAPPER_CHART_LENGTHS 2  /* a histogram of the games' lengths in
                                   moves                                   */

typedef struct sapper_chart {
    int32_t kind;           /* SAPPER_CHART_*                               */
    int32_t reserved;       /* 0                                            */
    const char *title;      /* the chart's title                            */
    const char *x, *y;      /* CELLS: paths of the cell's column and row,
                               0-based integers                             */
    const char *width, *height; /* CELLS: paths of the board's size        */
    const char *none;       /* CELLS: the sentence shown instead when no
                               game has the cell                            */
} sapper_chart;

typedef struct sapper_charts_ext {
    uint32_t struct_size;   /* sizeof(sapper_charts_ext) of the plugin      */
    uint32_t count;         /* charts[count], in the order they are drawn   */
    const char *heading;    /* the report section's heading                 */
    const sapper_chart *charts;   /* static; stride sizeof(sapper_chart)   */
} sapper_charts_ext;

#ifdef __cplusplus
}
#endif
#endif /* SAPPER_PLUGIN_H */
