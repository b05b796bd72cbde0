/*
 * tournament_def.c - reads a tournament definition from the config: the
 * ruleset as for a game ([game], [rules]), the [tournament] settings
 * checked against a declared table (so typos get the same "did you mean"
 * as plugin parameters), and one [entrant.NAME] section per entrant. Also
 * writes the canonical text that --resume compares. Nothing is run here.
 */
#include "tournament.h"
#include "provenance.h"

#include <stdio.h>
#include <unistd.h>

static const sapper_param_spec tournament_spec[] = {
    {.key = "format", .type = SAPPER_PARAM_CHOICE, .def = "auto",
     .choices = "auto|duplicate|roundrobin|gauntlet|ffa",
     .help = "auto: duplicate for 1 player, roundrobin for 2, ffa for more"},
    {.key = "games", .type = SAPPER_PARAM_INT, .def = "100", .min = 1, .max = 1e9,
     .help = "boards (duplicate, ffa) or board pairs per pairing (two-player)"},
    {.key = "seed", .type = SAPPER_PARAM_STRING, .def = "",
     .help = "master seed; drawn and printed when empty"},
    {.key = "jobs", .type = SAPPER_PARAM_INT, .def = "0", .min = 0, .max = 256,
     .help = "worker processes; 0 = the number of cores"},
    {.key = "move_time", .type = SAPPER_PARAM_REAL, .def = "10", .min = 0, .max = 1e6,
     .help = "seconds a bot may think per move (0 = no limit)"},
    {.key = "game_time", .type = SAPPER_PARAM_REAL, .def = "0", .min = 0, .max = 1e9,
     .help = "seconds a bot may think per game in total (0 = no limit)"},
    {.key = "memory_mb", .type = SAPPER_PARAM_INT, .def = "4096", .min = 0, .max = 1e7,
     .help = "address-space limit of a worker process and of each bot process "
             "in MiB (0 = none)"},
    {.key = "memory_share_mb", .type = SAPPER_PARAM_INT, .def = "256", .min = 1, .max = 1e7,
     .help = "a sandboxed bot process killed from outside (the OOM killer) is "
             "charged the game (reason memory) when its resident memory had passed "
             "this many MiB; below it the game is played again"},
    {.key = "sandbox", .type = SAPPER_PARAM_CHOICE, .def = "process",
     .choices = "process|none",
     .help = "process: every bot in a locked-down process of its own (strangers' "
             "bots); none: bots in the worker (trusted bots, debugging)"},
    {.key = "db", .type = SAPPER_PARAM_STRING, .def = "tournament.db",
     .help = "SQLite file the results go to"},
    {.key = "rank_timeout", .type = SAPPER_PARAM_REAL, .def = "10", .min = 2, .max = 86400,
     .help = "under mpirun: seconds a rank may stay silent before it is given up "
             "and its games are played by the others (ranks speak every second)"},
    {.key = "seats", .type = SAPPER_PARAM_INT, .def = "0", .min = 0, .max = SAPPER_MAX_SEATS,
     .help = "seats per game (ffa); 0 = the ruleset's minimum"},
    {.key = "elo0", .type = SAPPER_PARAM_REAL, .def = "0", .min = -1000, .max = 1000,
     .help = "SPRT H0 (logistic Elo); SPRT runs when elo1 > elo0"},
    {.key = "elo1", .type = SAPPER_PARAM_REAL, .def = "0", .min = -1000, .max = 1000,
     .help = "SPRT H1 (logistic Elo)"},
    {.key = "alpha", .type = SAPPER_PARAM_REAL, .def = "0.05", .min = 1e-6, .max = 0.5,
     .help = "SPRT false positive rate"},
    {.key = "beta", .type = SAPPER_PARAM_REAL, .def = "0.05", .min = 1e-6, .max = 0.5,
     .help = "SPRT false negative rate"},
};
#define TOURNAMENT_SPEC_N (sizeof tournament_spec / sizeof tournament_spec[0])

static const char *get(const sapper_param_set *set, const char *key)
{
    sapper_params p = sapper_param_set_view(set);
    return sapper_param(&p, key);
}

/* Where section was written (its first entry, else its header), for
   messages about the section as a whole. */
static void section_where(const sapper_config *cfg, const char *section,
                          char *buf, size_t cap)
{
    for (size_t i = 0; i < cfg->count; i++)
        if (strcmp(cfg->entries[i].section, section) == 0) {
            sapper_config_where(&cfg->entries[i], buf, cap);
            return;
        }
    const sapper_config_section *h = sapper_config_header(cfg, section);
    if (h)
        snprintf(buf, cap, "%s:%d", h->origin, h->line);
    else
        snprintf(buf, cap, "config");
}

static sapper_status entrant_name(const sapper_config *cfg, const char *section,
                                  sapper_entrant *e, char *err, size_t errcap)
{
    const char *name = section + strlen("entrant.");
    char at[1024];
    if (!*name) {
        section_where(cfg, section, at, sizeof at);
        snprintf(err, errcap, "%s: [%s]: expected a section [entrant.NAME] "
                 "with a name, found none", at, section);
        return SAPPER_ERR_PARAM;
    }
    if (strpbrk(name, ";")) {   /* the CSV joins a game's seats with ';' */
        section_where(cfg, section, at, sizeof at);
        snprintf(err, errcap, "%s: [%s]: expected an entrant name without ';' "
                 "(it separates the seats in the CSV), found \"%s\"", at,
                 section, name);
        return SAPPER_ERR_PARAM;
    }
    if (strlen(name) < sizeof e->name) {
        snprintf(e->name, sizeof e->name, "%s", name);
        return SAPPER_OK;
    }
    section_where(cfg, section, at, sizeof at);
    snprintf(err, errcap, "%s: [%s]: expected an entrant name of at most %zu "
             "characters, found %zu", at, section, sizeof e->name - 1,
             strlen(name));
    return SAPPER_ERR_PARAM;
}

static sapper_status read_entrant(sapper_config *cfg, const sapper_registry *reg,
                                  const char *section, sapper_entrant *e,
                                  const sapper_plugin *rules, char *err, size_t errcap)
{
    static const char *const skip[] = {"bot", "command", "cwd", NULL};
    char at[1024] = "";
    sapper_config_entry *b = sapper_config_get(cfg, section, "bot");
    sapper_status st = entrant_name(cfg, section, e, err, errcap);
    if (st != SAPPER_OK)
        return st;
    if (!b) {
        section_where(cfg, section, at, sizeof at);
        snprintf(err, errcap, "%s: [%s]: expected a key `bot = ID`, found %s",
                 at, section, sapper_config_has_entries(cfg, section) ? "none"
                 : "no keys in the section");
        return SAPPER_ERR_PARAM;
    }
    sapper_setup_mark_used(cfg, section, "bot");
    sapper_config_where(b, at, sizeof at);
    e->bot = sapper_registry_find(reg, b->value, SAPPER_KIND_BOT);
    char why[512];
    if (!e->bot) {
        const char *near = sapper_registry_suggest(reg, b->value, SAPPER_KIND_BOT);
        const char *refused = sapper_registry_refusal(reg, b->value);
        snprintf(err, errcap, "%s: [%s] bot: expected the id of a %s-family bot "
                 "plugin (see sapper plugins), found \"%s\"%s%s%s%s%s; plugins searched "
                 "in: %s", at, section, rules->desc.family, b->value,
                 near ? "; did you mean \"" : "", near ? near : "", near ? "\"?" : "",
                 refused ? "; a plugin file of that name was refused: " : "",
                 refused ? refused : "", sapper_registry_searched(reg));
        return SAPPER_ERR_PARAM;
    }
    if (!sapper_plugin_can_play(e->bot, rules, why, sizeof why)) {
        snprintf(err, errcap, "%s: [%s] bot: %s", at, section, why);
        return SAPPER_ERR_PARAM;
    }
    if (sapper_param_set_defaults(&e->params, e->bot->desc.params,
                                  e->bot->desc.param_count) != SAPPER_OK)
        return SAPPER_ERR_NOMEM;
    return sapper_setup_apply_params(cfg, section, e->bot, skip, &e->params, err,
                                     errcap);
}

/* An [entrant.NAME] header with no keys (`; bot = prober`), which would
   otherwise drop the entrant without a word; refused as having no bot. */
static sapper_status check_entrant_headers(sapper_config *cfg,
                                           const sapper_registry *reg,
                                           const sapper_plugin *rules, char *err,
                                           size_t errcap)
{
    for (size_t i = 0; i < cfg->nsections; i++) {
        const char *section = cfg->sections[i].name;
        if (strncmp(section, "entrant.", 8) != 0 ||
            sapper_config_has_entries(cfg, section))
            continue;
        sapper_entrant e = {0};
        sapper_status st = read_entrant(cfg, reg, section, &e, rules, err, errcap);
        sapper_param_set_free(&e.params);
        return st;   /* never SAPPER_OK: a section with no keys has no bot */
    }
    return SAPPER_OK;
}

static sapper_status read_entrants(sapper_config *cfg, const sapper_registry *reg,
                                   sapper_tournament_def *def, char *err,
                                   size_t errcap)
{
    char at[1024];
    sapper_status hst = check_entrant_headers(cfg, reg, def->base.rules, err, errcap);
    if (hst != SAPPER_OK)
        return hst;
    for (size_t i = 0; i < cfg->count; i++) {
        const char *section = cfg->entries[i].section;
        if (strncmp(section, "entrant.", 8) != 0)
            continue;
        int seen = 0;
        for (size_t k = 0; k < def->nentrants; k++)
            seen |= strcmp(def->entrants[k].name, section + 8) == 0;
        if (seen)
            continue;
        if (def->nentrants == SAPPER_MAX_ENTRANTS) {
            sapper_config_where(&cfg->entries[i], at, sizeof at);
            snprintf(err, errcap, "%s: [%s]: expected at most %d entrants, "
                     "found more", at, section, SAPPER_MAX_ENTRANTS);
            return SAPPER_ERR_PARAM;
        }
        sapper_status st = read_entrant(cfg, reg, section,
                                        &def->entrants[def->nentrants++],
                                        def->base.rules, err, errcap);
        if (st != SAPPER_OK)
            return st;
        def->commands += def->entrants[def->nentrants - 1].bot->command != NULL;
    }
    return SAPPER_OK;
}

/* The rules' seat range, from a throwaway game (also checks the rules
   parameters now rather than in every worker). */
static sapper_status rules_info(const sapper_tournament_def *def, int32_t players,
                                sapper_game_info *info, char *err, size_t errcap)
{
    const sapper_rules_api *r = &def->base.rules->rules;
    sapper_params p = sapper_param_set_view(&def->base.rules_params);
    void *game = NULL;
    char why[512] = "";
    if (r->game_new(&p, &game, why, sizeof why) != SAPPER_OK) {
        snprintf(err, errcap, "rules \"%s\": %s", def->base.rules->desc.id, why);
        return SAPPER_ERR_PARAM;
    }
    memset(info, 0, sizeof *info);
    info->struct_size = sizeof *info;
    r->game_info(game, players, info);
    r->game_free(game);
    return SAPPER_OK;
}

static int parse_format(const char *s, int32_t min_players)
{
    if (strcmp(s, "duplicate") == 0) return SAPPER_FMT_DUPLICATE;
    if (strcmp(s, "roundrobin") == 0) return SAPPER_FMT_ROUNDROBIN;
    if (strcmp(s, "gauntlet") == 0) return SAPPER_FMT_GAUNTLET;
    if (strcmp(s, "ffa") == 0) return SAPPER_FMT_FFA;
    return min_players == 1 ? SAPPER_FMT_DUPLICATE
         : min_players == 2 ? SAPPER_FMT_ROUNDROBIN : SAPPER_FMT_FFA;
}

static sapper_status check_shape(sapper_tournament_def *def,
                                 const sapper_game_info *info, char *err,
                                 size_t errcap)
{
    int32_t need = def->format == SAPPER_FMT_DUPLICATE ? 1
                 : def->format == SAPPER_FMT_FFA ? def->seats : 2;
    if (need < info->min_players || need > info->max_players) {
        char take[48];
        if (info->min_players == info->max_players)
            snprintf(take, sizeof take, "%d player%s", (int)info->min_players,
                     info->min_players == 1 ? "" : "s");
        else
            snprintf(take, sizeof take, "%d to %d players", (int)info->min_players,
                     (int)info->max_players);
        snprintf(err, errcap, "[tournament]: rules \"%s\" take %s, the format seats %d "
                 "per game", def->base.rules->desc.id, take, (int)need);
        return SAPPER_ERR_PARAM;
    }
    size_t min_entrants = def->format == SAPPER_FMT_DUPLICATE ? 1 : 2;
    if (def->format == SAPPER_FMT_FFA)
        min_entrants = 1;
    if (def->nentrants < min_entrants) {
        snprintf(err, errcap, "expected at least %zu [entrant.NAME] section(s) "
                 "with `bot = ID`, found %zu", min_entrants, def->nentrants);
        return SAPPER_ERR_PARAM;
    }
    return SAPPER_OK;
}

static sapper_status parse_master_seed(const sapper_config *cfg,
                                       sapper_tournament_def *def,
                                       uint64_t drawn, char *err, size_t errcap)
{
    const sapper_config_entry *e = sapper_config_get(cfg, "tournament", "seed");
    char at[1024], found[512];
    def->seed_given = e && *e->value;
    def->seed = drawn;
    if (!def->seed_given || sapper_setup_parse_seed(e->value, &def->seed) == 0)
        return SAPPER_OK;
    sapper_config_where(e, at, sizeof at);
    sapper_config_escape(e->value, found, sizeof found);
    snprintf(err, errcap, "%s: [tournament] seed: expected an integer from 0 to "
             "%s (or nothing, to draw one), found \"%s\"", at,
             SAPPER_SEED_MAX_TEXT, found);
    return SAPPER_ERR_PARAM;
}

/* The [tournament] db value, which must fit def->db whole. */
static sapper_status read_db(const sapper_config *cfg, const char *db,
                             sapper_tournament_def *def, char *err, size_t errcap)
{
    char at[1024];
    if (strlen(db) < sizeof def->db) {
        snprintf(def->db, sizeof def->db, "%s", db);
        return SAPPER_OK;
    }
    sapper_config_where(sapper_config_get(cfg, "tournament", "db"), at, sizeof at);
    snprintf(err, errcap, "%s: [tournament] db: expected a file name of at most "
             "%zu characters, found %zu", at, sizeof def->db - 1, strlen(db));
    return SAPPER_ERR_PARAM;
}

static sapper_status read_settings(const sapper_config *cfg,
                                   sapper_tournament_def *def,
                                   const sapper_param_set *set, uint64_t drawn,
                                   int cores, char *err, size_t errcap)
{
    def->games = strtoll(get(set, "games"), NULL, 10);
    def->jobs = atoi(get(set, "jobs"));
    if (def->jobs == 0)
        def->jobs = cores > 0 ? cores : 1;
    def->move_seconds = strtod(get(set, "move_time"), NULL);
    def->game_seconds = strtod(get(set, "game_time"), NULL);
    def->memory_mb = strtoll(get(set, "memory_mb"), NULL, 10);
    def->memory_share_mb = strtoll(get(set, "memory_share_mb"), NULL, 10);
    def->sandbox = strcmp(get(set, "sandbox"), "process") == 0;
    def->seats = atoi(get(set, "seats"));
    def->rank_timeout = strtod(get(set, "rank_timeout"), NULL);
    def->elo0 = strtod(get(set, "elo0"), NULL);
    def->elo1 = strtod(get(set, "elo1"), NULL);
    def->alpha = strtod(get(set, "alpha"), NULL);
    def->beta = strtod(get(set, "beta"), NULL);
    def->sprt = def->elo1 > def->elo0;
    sapper_status st = read_db(cfg, get(set, "db"), def, err, errcap);
    if (st != SAPPER_OK)
        return st;
    return parse_master_seed(cfg, def, drawn, err, errcap);
}

/* [player.N] seats one game; a tournament seats its entrants, so such a
   section (often left from a play config) would be ignored: refused. */
static sapper_status refuse_player_sections(const sapper_config *cfg, char *err,
                                            size_t errcap)
{
    char at[1024], section[512];   /* the name escaped: no control characters */
    for (size_t i = 0; i < cfg->count; i++) {
        const sapper_config_entry *e = &cfg->entries[i];
        if (strncmp(e->section, "player.", 7) != 0)
            continue;
        sapper_config_where(e, at, sizeof at);
        sapper_config_escape(e->section, section, sizeof section);
        snprintf(err, errcap, "%s: [%s]: a tournament seats its [entrant.NAME] "
                 "sections; expected no [player.N] section, found one", at,
                 section);
        return SAPPER_ERR_PARAM;
    }
    for (size_t i = 0; i < cfg->nsections; i++) {   /* with no keys */
        const sapper_config_section *h = &cfg->sections[i];
        if (strncmp(h->name, "player.", 7) != 0)
            continue;
        sapper_config_escape(h->name, section, sizeof section);
        snprintf(err, errcap, "%s:%d: [%s]: a tournament seats its "
                 "[entrant.NAME] sections; expected no [player.N] section, "
                 "found one", h->origin, h->line, section);
        return SAPPER_ERR_PARAM;
    }
    return SAPPER_OK;
}

/* [engine] plugin_path into def->plugin_path, a relative directory taken
   from the current one (as the search took it), so a report or replay run
   elsewhere finds the same plugins. */
static sapper_status keep_plugin_path(const sapper_config *cfg, sapper_tournament_def *def,
                                      char *err, size_t errcap)
{
    sapper_config_entry *e = sapper_config_get(cfg, "engine", "plugin_path");
    char cwd[4096];
    sapper_strbuf out = {0};
    if (!e || !e->value[0])
        return SAPPER_OK;
    if (!getcwd(cwd, sizeof cwd))
        cwd[0] = 0;
    for (const char *p = e->value; *p;) {
        size_t n = strcspn(p, ":");
        if (n > 0)
            sapper_strbuf_printf(&out, "%s%s%s%.*s", out.len ? ":" : "",
                                 p[0] == '/' ? "" : cwd, p[0] == '/' ? "" : "/", (int)n, p);
        p += n + (p[n] == ':');
    }
    size_t len = out.len;
    int failed = out.failed, fits = len < sizeof def->plugin_path;
    if (fits)
        snprintf(def->plugin_path, sizeof def->plugin_path, "%s", sapper_strbuf_str(&out));
    sapper_strbuf_free(&out);
    if (failed || fits)
        return failed ? SAPPER_ERR_NOMEM : SAPPER_OK;
    snprintf(err, errcap, "[engine] plugin_path: expected at most %zu characters (the "
             "directories made absolute), found %zu", sizeof def->plugin_path - 1, len);
    return SAPPER_ERR_PARAM;
}

sapper_status sapper_tournament_def_read(sapper_config *cfg,
                                         const sapper_registry *reg,
                                         uint64_t drawn_seed, int cores,
                                         sapper_tournament_def *def,
                                         char *err, size_t errcap)
{
    static const char *const extra[] = {"tournament", "entrant.", "player.", NULL};
    sapper_setup_options opt = {.extra_sections = extra, .drawn_seed = drawn_seed};
    memset(def, 0, sizeof *def);
    sapper_param_set set = {0};
    sapper_game_info info;
    sapper_status st = refuse_player_sections(cfg, err, errcap);
    if (st == SAPPER_OK)
        st = sapper_setup_resolve(cfg, reg, &opt, &def->base, err, errcap);
    if (st == SAPPER_OK)
        st = sapper_param_set_defaults(&set, tournament_spec, TOURNAMENT_SPEC_N);
    if (st == SAPPER_OK)
        st = sapper_setup_apply_spec(cfg, "tournament", tournament_spec,
                                     TOURNAMENT_SPEC_N, "[tournament]", NULL, NULL,
                                     &set, err, errcap);
    if (st == SAPPER_OK)
        st = read_settings(cfg, def, &set, drawn_seed, cores, err, errcap);
    if (st == SAPPER_OK)
        st = keep_plugin_path(cfg, def, err, errcap);
    if (st == SAPPER_OK)
        st = read_entrants(cfg, reg, def, err, errcap);
    if (st == SAPPER_OK)
        st = rules_info(def, 1, &info, err, errcap);
    if (st == SAPPER_OK) {
        def->format = parse_format(get(&set, "format"), info.min_players);
        if (def->seats == 0)
            def->seats = info.min_players;
        st = check_shape(def, &info, err, errcap);
    }
    sapper_param_set_free(&set);
    return st;
}

sapper_status sapper_tournament_def_effective(sapper_tournament_def *def)
{
    const sapper_plugin *rules = def->base.rules;
    if (sapper_param_set_copy(&def->stored_params, &def->base.rules_params))
        return SAPPER_ERR_NOMEM;
    if (!rules->rules.params_text && !rules->rules.result_columns)
        return SAPPER_OK;
    sapper_params p = sapper_param_set_view(&def->base.rules_params);
    void *game = NULL;
    char err[256], text[4096];
    if (rules->rules.game_new(&p, &game, err, sizeof err) != SAPPER_OK)
        return SAPPER_OK;   /* the games will say why, each a void */
    int64_t n = rules->rules.params_text ? rules->rules.params_text(game, text, sizeof text) : 0;
    if (rules->rules.result_columns) {
        int64_t k = rules->rules.result_columns(game, def->result_columns,
                                                sizeof def->result_columns);
        if (k < 0 || k >= (int64_t)sizeof def->result_columns)
            def->result_columns[0] = '\0';   /* too long: no view rather than half */
    }
    rules->rules.game_free(game);
    if (n <= 0 || n >= (int64_t)sizeof text)
        return SAPPER_OK;
    sapper_param_set_overlay(&def->stored_params, rules->desc.params,
                             rules->desc.param_count, text);
    return SAPPER_OK;
}

void sapper_tournament_def_free(sapper_tournament_def *def)
{
    sapper_param_set_free(&def->stored_params);
    sapper_setup_free(&def->base);
    for (size_t i = 0; i < def->nentrants; i++)
        sapper_param_set_free(&def->entrants[i].params);
    def->nentrants = 0;
}

const char *sapper_tournament_format_name(int f)
{
    switch (f) {
    case SAPPER_FMT_DUPLICATE: return "duplicate";
    case SAPPER_FMT_ROUNDROBIN: return "roundrobin";
    case SAPPER_FMT_GAUNTLET: return "gauntlet";
    default: return "ffa";
    }
}

void sapper_tournament_def_text(const sapper_tournament_def *def,
                                sapper_strbuf *out)
{
    const sapper_setup *b = &def->base;
    sapper_strbuf_printf(out, "rules = %s\n", b->rules->desc.id);
    for (uint32_t i = 0; i < b->rules_params.count; i++)
        sapper_strbuf_printf(out, "rules.%s = %s\n", b->rules_params.items[i].key,
                             b->rules_params.items[i].value);
    sapper_strbuf_printf(out, "tournament.format = %s\ntournament.games = %lld\n"
                         "tournament.seats = %d\n", sapper_tournament_format_name(def->format),
                         (long long)def->games, (int)def->seats);
    if (def->seed_given)
        sapper_strbuf_printf(out, "tournament.seed = %llu\n",
                             (unsigned long long)def->seed);
    sapper_strbuf_printf(out, "tournament.move_time = %g\ntournament.game_time = %g\n"
                         "tournament.memory_mb = %lld\n", def->move_seconds,
                         def->game_seconds, (long long)def->memory_mb);
    if (def->sprt)
        sapper_strbuf_printf(out, "tournament.sprt = %g %g %g %g\n", def->elo0,
                             def->elo1, def->alpha, def->beta);
    for (size_t i = 0; i < def->nentrants; i++) {
        const sapper_entrant *e = &def->entrants[i];
        if (e->bot->command)   /* a process bot: its program, as the config named it */
            sapper_strbuf_printf(out, "entrant.%s.command = %s\nentrant.%s.cwd = %s\n",
                                 e->name, e->bot->command->text, e->name,
                                 e->bot->command->cwd);
        else
            sapper_strbuf_printf(out, "entrant.%s.bot = %s\n", e->name, e->bot->desc.id);
        for (uint32_t k = 0; k < e->params.count; k++)
            sapper_strbuf_printf(out, "entrant.%s.%s = %s\n", e->name,
                                 e->params.items[k].key, e->params.items[k].value);
    }
}

void sapper_text_first_difference(const char *one, const char *two, const char *one_is,
                                  const char *two_is, char *out, size_t cap)
{
    while (*one || *two) {
        size_t a = strcspn(one, "\n"), b = strcspn(two, "\n");
        if (a != b || strncmp(one, two, a) != 0) {
            snprintf(out, cap, "%s \"%.*s\", %s \"%.*s\"", one_is, (int)a, one,
                     two_is, (int)b, two);
            return;
        }
        one += a + (one[a] != 0);
        two += b + (two[b] != 0);
    }
    snprintf(out, cap, "(no difference)");
}

void sapper_tournament_def_shared_text(const sapper_tournament_def *def,
                                       sapper_strbuf *out)
{
    const sapper_plugin *bots[SAPPER_MAX_ENTRANTS];
    for (size_t e = 0; e < def->nentrants; e++)
        bots[e] = def->entrants[e].bot;
    sapper_tournament_def_text(def, out);
    sapper_strbuf_printf(out, "plugins = ");
    sapper_provenance_json(def->base.rules, bots, def->nentrants, out);
    sapper_strbuf_printf(out, "\n");
}
