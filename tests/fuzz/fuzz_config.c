/*
 * fuzz_config.c - fuzz target: a configuration as `sapper play CONFIG
 * section.key=value...` and `sapper tournament CONFIG ...` read it. The
 * INI text (sapper_config_read_string, with inih), then the command-line
 * overrides (sapper_config_override), then, on one copy, the setup
 * resolved against every bundled plugin (sapper_setup_resolve: sections,
 * keys, the plugins' declared parameters, seats, the seed) and, on
 * another, the tournament definition (sapper_tournament_def_read:
 * [tournament], [entrant.NAME]). No game is started: a match would read
 * the layout files a config may name (layouts are fuzzed from memory by
 * fuzz_board_solver), and no database is opened.
 *
 * Input: the INI text up to the first NUL byte; after it the overrides,
 * each ended by a NUL byte or the end of the input.
 *
 * Checks beyond the sanitizers':
 *   - every entry, as sapper_config_where shows it, is one line without
 *     control characters;
 *   - an override that is taken is the entry sapper_config_get finds for
 *     its section and key (the command line wins), with its value whole;
 *   - a refused setup or tournament says why without control characters
 *     (what it quotes is escaped, so no escape sequence reaches the
 *     terminal);
 *   - a resolved setup has a rules plugin, 1 to SAPPER_MAX_SEATS seats,
 *     each a person or a bot plugin, and the seed [game] seed gives; a
 *     tournament has entrants, each with a bot, and a format.
 */
#include <stdint.h>
#include <string.h>

#include "fuzz_check.h"
#include "fuzz_registry.h"
#include "tournament.h"

#define DRAWN_SEED 12345   /* the seed when the config gives none */

/* Every entry as a message shows it: one line, no control character. */
static void check_where(const sapper_config *cfg)
{
    char at[2048];
    for (size_t i = 0; i < cfg->count; i++) {
        sapper_config_where(&cfg->entries[i], at, sizeof at);
        FUZZ_CHECK(!sapper_config_has_control(at), "entry %zu shown as \"%s\"", i, at);
    }
}

/* arg was just taken as the last entry: the one the config now gives. */
static void check_override(const sapper_config *cfg, const char *arg, int argi)
{
    const sapper_config_entry *e = &cfg->entries[cfg->count - 1];
    FUZZ_CHECK(strcmp(e->value, strchr(arg, '=') + 1) == 0,
               "override %d: value \"%s\"", argi, e->value);
    FUZZ_CHECK(strcmp(e->origin, "command line") == 0 && e->line == argi,
               "override %d: origin %s:%d", argi, e->origin, e->line);
    FUZZ_CHECK(sapper_config_get(cfg, e->section, e->key) == e,
               "override %d: [%s] %s is not the entry found", argi, e->section,
               e->key);
}

/* The overrides of data[0..size), one after another, as app.c adds them
   ("rules" for a key without a section). Stops at the first refused. */
static int read_overrides(sapper_config *cfg, const char *data, size_t size)
{
    char err[1024];
    int argi = 0;
    for (size_t at = 0; at < size;) {
        const char *arg = data + at;
        at += strlen(arg) + 1;
        argi++;
        err[0] = 0;
        if (sapper_config_override(cfg, arg, argi, "rules", err, sizeof err) != SAPPER_OK) {
            FUZZ_CHECK(err[0], "override %d refused without a message", argi);
            return -1;
        }
        check_override(cfg, arg, argi);
    }
    return 0;
}

static void check_setup(const sapper_config *cfg, const sapper_setup *s)
{
    FUZZ_CHECK(s->rules && s->rules->desc.kind == SAPPER_KIND_RULES, "no rules");
    FUZZ_CHECK(s->players >= 1 && s->players <= SAPPER_MAX_SEATS, "%d seats",
               (int)s->players);
    for (int32_t i = 0; i < s->players; i++)
        FUZZ_CHECK(!s->seats[i].bot || s->seats[i].bot->desc.kind == SAPPER_KIND_BOT,
                   "seat %d: a plugin that is not a bot", (int)i + 1);
    const sapper_config_entry *seed = sapper_config_get(cfg, "game", "seed");
    uint64_t expected = DRAWN_SEED;
    FUZZ_CHECK(!seed || sapper_setup_parse_seed(seed->value, &expected) == 0,
               "seed \"%s\" taken but not a seed", seed->value);
    FUZZ_CHECK(s->seed == expected && s->seed_given == (seed != NULL),
               "seed %llu, expected %llu", (unsigned long long)s->seed,
               (unsigned long long)expected);
}

static void resolve(sapper_config *cfg)
{
    char err[4096] = "";
    sapper_setup s;
    sapper_setup_options opt = {.drawn_seed = DRAWN_SEED};
    if (sapper_setup_resolve(cfg, fuzz_registry(), &opt, &s, err, sizeof err) == SAPPER_OK)
        check_setup(cfg, &s);
    else
        FUZZ_CHECK(err[0] && !sapper_config_has_control(err), "refused: \"%s\"", err);
    sapper_setup_free(&s);
}

static void check_tournament(const sapper_tournament_def *def)
{
    FUZZ_CHECK(def->nentrants >= 1 && def->nentrants <= SAPPER_MAX_ENTRANTS,
               "%zu entrants", def->nentrants);
    for (size_t i = 0; i < def->nentrants; i++)
        FUZZ_CHECK(def->entrants[i].bot &&
                   def->entrants[i].bot->desc.kind == SAPPER_KIND_BOT,
                   "entrant %s without a bot", def->entrants[i].name);
    FUZZ_CHECK(def->format >= SAPPER_FMT_DUPLICATE && def->format <= SAPPER_FMT_FFA &&
               def->jobs >= 1, "format %d, %d jobs", def->format, def->jobs);
}

static void read_tournament(sapper_config *cfg)
{
    char err[4096] = "";
    sapper_tournament_def def;
    if (sapper_tournament_def_read(cfg, fuzz_registry(), DRAWN_SEED, 2, &def, err,
                                   sizeof err) == SAPPER_OK)
        check_tournament(&def);
    else
        FUZZ_CHECK(err[0] && !sapper_config_has_control(err), "refused: \"%s\"", err);
    sapper_tournament_def_free(&def);
}

/* The INI text of text[0..size) (up to its first NUL) and the overrides
   after it into cfg: 0 when all were taken. */
static int read_config(sapper_config *cfg, const char *text, size_t size)
{
    size_t ini_len = strlen(text);
    char err[4096] = "";
    sapper_config_init(cfg);
    if (sapper_config_read_string(cfg, text, "fuzz.ini", err, sizeof err) != SAPPER_OK) {
        FUZZ_CHECK(err[0] && !strchr(err, '\n'), "INI refused: \"%s\"", err);
        return -1;
    }
    if (ini_len < size && read_overrides(cfg, text + ini_len + 1, size - ini_len - 1))
        return -1;
    check_where(cfg);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);   /* libFuzzer calls it */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* a copy with a NUL after it: the INI text and every override end */
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    sapper_config cfg;
    if (read_config(&cfg, text, size) == 0)
        resolve(&cfg);
    sapper_config_free(&cfg);
    if (read_config(&cfg, text, size) == 0)   /* resolving changed the first */
        read_tournament(&cfg);
    sapper_config_free(&cfg);
    free(text);
    return 0;
}
