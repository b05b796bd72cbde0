/*
 * setup.h - a checked game setup: the configuration resolved against the
 * plugin registry. Every entry of the config is either claimed by a plugin's
 * declared parameters or a known engine key, or refused with its file and
 * line, the key, what was expected and what was found. Nothing is started
 * here (match_life.c does that).
 */
#ifndef SAPPER_SETUP_H
#define SAPPER_SETUP_H

#include "config.h"
#include "loader.h"
#include "params.h"

#define SAPPER_MAX_SEATS 64
#define SAPPER_NAME_MAX 64

typedef struct sapper_seat_setup {
    const sapper_plugin *bot;       /* NULL: a person at the terminal */
    char name[SAPPER_NAME_MAX];     /* display name */
    sapper_param_set params;        /* the bot's checked parameters */
} sapper_seat_setup;

typedef struct sapper_setup {
    const sapper_plugin *rules;     /* borrowed from the registry */
    sapper_param_set rules_params;
    uint64_t seed;                  /* master seed */
    int seed_given;                 /* 0: the caller drew it */
    int32_t players;
    sapper_seat_setup seats[SAPPER_MAX_SEATS];
} sapper_setup;

/** Sections the caller accepts besides engine, game, rules and player.N
 *  (e.g. "tournament" and the "entrant." prefix), or NULL. They are listed
 *  in the message refusing an unknown section; "player." among them means
 *  the caller handles (or refuses) seats itself, and is not listed. */
typedef struct sapper_setup_options {
    const char *const *extra_sections;  /* exact names; a trailing '.'
                                           means a prefix */
    uint64_t drawn_seed;                /* used when [game] seed is absent */
} sapper_setup_options;

/** Resolves cfg against reg into *out (which the caller frees with
 *  sapper_setup_free, also after a failure). Section headers with no keys
 *  count too: an unknown one, or a [player.N] with no keys, is refused
 *  with its line. */
sapper_status sapper_setup_resolve(sapper_config *cfg, const sapper_registry *reg,
                                   const sapper_setup_options *opt,
                                   sapper_setup *out, char *err, size_t errcap);
void sapper_setup_free(sapper_setup *s);

/** Checks the entries of one section against a plugin's declared
 *  parameters into set (which must hold the defaults), skipping the keys in
 *  skip (NULL-terminated, may be NULL). Used for [rules], [player.N] and
 *  tournament entrants. */
sapper_status sapper_setup_apply_params(sapper_config *cfg, const char *section,
                                        const sapper_plugin *plugin,
                                        const char *const *skip,
                                        sapper_param_set *set,
                                        char *err, size_t errcap);

/** Checks the entries of one section against a declared spec table (the
 *  same rules as plugin parameters), into set (holding the defaults).
 *  owner names the table in messages ("tournament settings"). */
sapper_status sapper_setup_apply_spec(sapper_config *cfg, const char *section,
                                      const sapper_param_spec *spec, uint32_t n,
                                      const char *owner, const char *describe_id,
                                      const char *const *skip,
                                      sapper_param_set *set,
                                      char *err, size_t errcap);

/** The largest seed, as messages name it. */
#define SAPPER_SEED_MAX_TEXT "18446744073709551615"

/** Parses a seed: decimal digits only (no sign, no blanks), at most
 *  SAPPER_SEED_MAX_TEXT. Returns 0, or -1 leaving *seed alone. */
int sapper_setup_parse_seed(const char *text, uint64_t *seed);

/** Marks every entry of section/key used (shadowed ones included). */
void sapper_setup_mark_used(sapper_config *cfg, const char *section,
                            const char *key);

/** Starts a process bot's program once (core/sandbox/ sapper_sandbox_probe):
 *  its handshake into info and cmd->families, checking that it speaks
 *  family; SAPPER_OK, or an error with err saying what it lacked. */
typedef sapper_status (*sapper_command_probe)(void *ctx, sapper_command *cmd,
                                              const char *family,
                                              sapper_command_info *info, char *err,
                                              size_t errcap);

/** The process bots of cfg: each [player.N] or [entrant.NAME] section with
 *  `command = PROGRAM ...` (and `cwd = DIR`, relative to the config file's
 *  directory, which is the default) becomes a bot in reg, and the section
 *  gets `bot = ID` (its handshake's id, or the program file's name). Each
 *  is started once by probe; a NULL probe registers it unstarted, for the
 *  rules' family (a record read back, whose bots never run). With
 *  guarded (the programs run sandboxed), a program whose readable
 *  directories (its cwd, its program file's) hold the config's files, a
 *  file a config value names (a layout) or one of guarded's paths (the
 *  results database; a NULL-ended list, which may be just NULL) is
 *  refused: the sandbox lets it read those directories whole. Call before
 *  sapper_setup_resolve and sapper_tournament_def_read. */
sapper_status sapper_setup_add_commands(sapper_config *cfg, sapper_registry *reg,
                                        sapper_command_probe probe, void *ctx,
                                        const char *const *guarded, char *err,
                                        size_t errcap);

#endif
