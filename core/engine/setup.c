/*
 * setup.c - resolves a configuration against the registry: which ruleset,
 * which seats, which bots, with which checked parameters and which seed.
 * Every refusal names where the value came from. Plugin instances are not
 * created here.
 */
#include "setup.h"

#include <stdio.h>

static const char *const game_keys[] = {"rules", "seed", NULL};
static const char *const engine_keys[] = {"plugin_path", NULL};
static const char *const seat_keys[] = {"bot", "name", "command", "cwd", NULL};

static int in_list(const char *const *list, const char *word)
{
    for (; list && *list; list++)
        if (strcmp(*list, word) == 0)
            return 1;
    return 0;
}

static void where(const sapper_config_entry *e, char *buf, size_t cap)
{
    sapper_config_where(e, buf, cap);
}

/* Refuses an unknown key of a fixed list, with a suggestion. */
static sapper_status unknown_fixed_key(const sapper_config_entry *e,
                                       const char *const *keys,
                                       char *err, size_t errcap)
{
    char at[512], list[256] = "";
    where(e, at, sizeof at);
    for (const char *const *k = keys; *k; k++) {
        strncat(list, *k, sizeof list - strlen(list) - 1);
        if (k[1])
            strncat(list, ", ", sizeof list - strlen(list) - 1);
    }
    snprintf(err, errcap, "%s: [%s] %s: unknown key; expected one of: %s",
             at, e->section, e->key, list);
    return SAPPER_ERR_PARAM;
}

sapper_status sapper_setup_apply_spec(sapper_config *cfg, const char *section,
                                      const sapper_param_spec *spec, uint32_t n,
                                      const char *owner, const char *describe_id,
                                      const char *const *skip,
                                      sapper_param_set *set,
                                      char *err, size_t errcap)
{
    char at[512], why[512], norm[1024];
    for (size_t i = 0; i < cfg->count; i++) {
        sapper_config_entry *e = &cfg->entries[i];
        if (strcmp(e->section, section) != 0 || in_list(skip, e->key))
            continue;
        where(e, at, sizeof at);
        const sapper_param_spec *s = sapper_spec_find(spec, n, e->key);
        if (!s) {
            const char *near = sapper_spec_suggest(spec, n, e->key);
            if (near)
                snprintf(err, errcap, "%s: [%s] %s: unknown key for %s; "
                         "did you mean %s?", at, section, e->key, owner, near);
            else if (describe_id)
                snprintf(err, errcap, "%s: [%s] %s: unknown key for %s "
                         "(see sapper plugins --describe %s)", at, section,
                         e->key, owner, describe_id);
            else
                snprintf(err, errcap, "%s: [%s] %s: unknown key for %s", at,
                         section, e->key, owner);
            return SAPPER_ERR_PARAM;
        }
        if (sapper_value_check(s, e->value, norm, sizeof norm, why, sizeof why)) {
            snprintf(err, errcap, "%s: [%s] %s: %s", at, section, e->key, why);
            return SAPPER_ERR_PARAM;
        }
        if (sapper_param_set_put(set, e->key, norm) != SAPPER_OK)
            return SAPPER_ERR_NOMEM;
        e->used = 1;
    }
    return SAPPER_OK;
}

sapper_status sapper_setup_apply_params(sapper_config *cfg, const char *section,
                                        const sapper_plugin *plugin,
                                        const char *const *skip,
                                        sapper_param_set *set,
                                        char *err, size_t errcap)
{
    const sapper_descriptor *d = &plugin->desc;
    char owner[160];
    snprintf(owner, sizeof owner, "%s \"%s\"", sapper_kind_name(d->kind), d->id);
    return sapper_setup_apply_spec(cfg, section, d->params, d->param_count, owner,
                                   d->id, skip, set, err, errcap);
}

int sapper_setup_parse_seed(const char *text, uint64_t *seed)
{
    uint64_t v = 0;
    if (!*text)
        return -1;
    /* digits only: strtoull would take " -1" or "+1" and wrap */
    for (const char *p = text; *p; p++) {
        unsigned d = (unsigned)(*p - '0');
        if (d > 9 || v > (UINT64_MAX - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    *seed = v;
    return 0;
}

static sapper_status parse_seed(const sapper_config_entry *e, uint64_t *seed,
                                char *err, size_t errcap)
{
    char at[512], found[512];
    if (sapper_setup_parse_seed(e->value, seed) == 0)
        return SAPPER_OK;
    where(e, at, sizeof at);
    sapper_config_escape(e->value, found, sizeof found);
    snprintf(err, errcap, "%s: [game] seed: expected an integer from 0 to "
             "%s, found \"%s\"", at, SAPPER_SEED_MAX_TEXT, found);
    return SAPPER_ERR_PARAM;
}

/* A section header with a control character (a key-less one is quoted
   by the messages refusing it, and an escape sequence there would reach
   the terminal): refused, shown escaped. */
static sapper_status check_headers_no_control(const sapper_config *cfg, char *err,
                                              size_t errcap)
{
    char found[512];
    for (size_t i = 0; i < cfg->nsections; i++) {
        const sapper_config_section *h = &cfg->sections[i];
        if (!sapper_config_has_control(h->name))
            continue;
        sapper_config_escape(h->name, found, sizeof found);
        snprintf(err, errcap, "%s:%d: expected a section name without control "
                 "characters (tab, escape, ...), found \"[%s]\"", h->origin,
                 h->line, found);
        return SAPPER_ERR_PARAM;
    }
    return SAPPER_OK;
}

/* A control character in a value would break the line-based files values
   are written to (a replay's `seat 1 human NAME`) and the messages that
   quote them; no parameter or name needs one. */
static sapper_status check_no_control(const sapper_config *cfg, char *err,
                                      size_t errcap)
{
    char at[1024], section[256], key[256], found[512];
    if (check_headers_no_control(cfg, err, errcap) != SAPPER_OK)
        return SAPPER_ERR_PARAM;
    for (size_t i = 0; i < cfg->count; i++) {
        const sapper_config_entry *e = &cfg->entries[i];
        if (!sapper_config_has_control(e->section) &&
            !sapper_config_has_control(e->key) &&
            !sapper_config_has_control(e->value))
            continue;
        where(e, at, sizeof at);
        sapper_config_escape(e->section, section, sizeof section);
        sapper_config_escape(e->key, key, sizeof key);
        sapper_config_escape(e->value, found, sizeof found);
        snprintf(err, errcap, "%s: [%s] %s: expected text without control "
                 "characters (newline, tab, ...), found \"%s\"", at, section,
                 key, found);
        return SAPPER_ERR_PARAM;
    }
    return SAPPER_OK;
}

/* The entry of section/key from the same file as e, other than e, or NULL
   (the command line may repeat a key on purpose: the last one wins). */
static const sapper_config_entry *same_file_twin(const sapper_config *cfg,
                                                 const sapper_config_entry *e,
                                                 const char *section)
{
    if (strcmp(e->origin, "command line") == 0)
        return NULL;
    for (size_t i = 0; i < cfg->count; i++) {
        const sapper_config_entry *o = &cfg->entries[i];
        if (o != e && strcmp(o->section, section) == 0 &&
            strcmp(o->key, e->key) == 0 && strcmp(o->origin, e->origin) == 0)
            return o;
    }
    return NULL;
}

/* "FILE:7: [rules] mines: key given twice: FILE:3 ([classic]) and FILE:7
   ([rules])", the later one first as in config.c. */
static sapper_status refuse_twins(const sapper_config_entry *a,
                                  const char *asec,
                                  const sapper_config_entry *b,
                                  const char *bsec, char *err, size_t errcap)
{
    if (a->line > b->line) {
        const sapper_config_entry *t = a;
        const char *ts = asec;
        a = b, asec = bsec, b = t, bsec = ts;
    }
    snprintf(err, errcap, "%s:%d: [%s] %s: key given twice: %s:%d ([%s]) and "
             "%s:%d ([%s]); expected it once", b->origin, b->line, bsec, b->key,
             a->origin, a->line, asec, b->origin, b->line, bsec);
    return SAPPER_ERR_PARAM;
}

/* A section named after the ruleset ([deductive], deductive.name=Fred) is
   another name for [rules]. Renaming in place keeps the reading order, so
   the command line still wins over the file. A key set under both names
   in one file is refused like any key given twice. */
static sapper_status alias_section(sapper_config *cfg, const char *alias,
                                   const char *section, char *err, size_t errcap)
{
    for (size_t i = 0; i < cfg->count; i++) {
        sapper_config_entry *e = &cfg->entries[i];
        if (strcmp(e->section, alias) != 0)
            continue;
        const sapper_config_entry *twin = same_file_twin(cfg, e, section);
        if (twin)
            return refuse_twins(e, alias, twin, section, err, errcap);
        char *copy = strdup(section);
        if (!copy)
            return SAPPER_ERR_NOMEM;
        free(e->section);
        e->section = copy;
    }
    return SAPPER_OK;
}

/* SAPPER_DEFAULT_RULES: config/default.ini's [game] rules, set by
   engine.cmake, for a configuration that names none. */
#ifndef SAPPER_DEFAULT_RULES
#error "SAPPER_DEFAULT_RULES: engine.cmake takes it from config/default.ini"
#endif

static sapper_status resolve_rules(sapper_config *cfg, const sapper_registry *reg,
                                   sapper_setup *out, char *err, size_t errcap)
{
    char at[512];
    sapper_config_entry *e = sapper_config_get(cfg, "game", "rules");
    const char *id = e ? e->value : SAPPER_DEFAULT_RULES;
    out->rules = sapper_registry_find(reg, id, SAPPER_KIND_RULES);
    if (!out->rules) {
        if (e)
            where(e, at, sizeof at);
        const char *near = sapper_registry_suggest(reg, id, SAPPER_KIND_RULES);
        snprintf(err, errcap, "%s: [game] rules: expected the id of a rules "
                 "plugin (see sapper plugins), found \"%s\"%s%s%s%s",
                 e ? at : "default", id,
                 sapper_registry_find(reg, id, SAPPER_KIND_BOT) ? " (a bot)" : "",
                 near ? "; did you mean \"" : "", near ? near : "", near ? "\"?" : "");
        return SAPPER_ERR_PARAM;
    }
    /* the ruleset of this game: the organiser's code, loaded here */
    char why[1024];
    if (sapper_plugin_open(out->rules, why, sizeof why) != SAPPER_OK) {
        if (e)
            where(e, at, sizeof at);
        snprintf(err, errcap, "%s: [game] rules = %s: %s", e ? at : "default", id, why);
        return SAPPER_ERR_PARAM;
    }
    if (sapper_param_set_defaults(&out->rules_params, out->rules->desc.params,
                                  out->rules->desc.param_count) != SAPPER_OK)
        return SAPPER_ERR_NOMEM;
    sapper_status st = alias_section(cfg, id, "rules", err, errcap);
    if (st != SAPPER_OK)
        return st;
    return sapper_setup_apply_params(cfg, "rules", out->rules, NULL,
                                     &out->rules_params, err, errcap);
}

/* "player.N" with N from 1 to SAPPER_MAX_SEATS; returns N or 0. */
static int seat_number(const char *section)
{
    if (strncmp(section, "player.", 7) != 0)
        return 0;
    char *end;
    long n = strtol(section + 7, &end, 10);
    if (*end || end == section + 7 || n < 1 || n > SAPPER_MAX_SEATS)
        return -1;
    return (int)n;
}

void sapper_setup_mark_used(sapper_config *cfg, const char *section,
                            const char *key)
{
    for (size_t i = 0; i < cfg->count; i++)
        if (strcmp(cfg->entries[i].section, section) == 0 &&
            strcmp(cfg->entries[i].key, key) == 0)
            cfg->entries[i].used = 1;
}

/* A person's seat takes a name and nothing else: bot parameters there are
   most likely meant for a bot that was not given. */
static sapper_status refuse_human_params(const sapper_config *cfg, int n,
                                         const char *section, char *err,
                                         size_t errcap)
{
    char at[1024];
    for (size_t i = 0; i < cfg->count; i++) {
        const sapper_config_entry *e = &cfg->entries[i];
        if (strcmp(e->section, section) != 0 || in_list(seat_keys, e->key))
            continue;
        where(e, at, sizeof at);
        snprintf(err, errcap, "%s: [%s] %s: seat %d is human (no bot): only "
                 "bot and name apply; give [%s] bot = ID to use bot parameters",
                 at, section, e->key, n, section);
        return SAPPER_ERR_PARAM;
    }
    return SAPPER_OK;
}

static sapper_status seat_name(const sapper_config_entry *nm, const char *section,
                               sapper_seat_setup *seat, char *err, size_t errcap)
{
    char at[1024];
    const char *name = nm ? nm->value : seat->bot ? seat->bot->desc.id : "you";
    if (strlen(name) < sizeof seat->name) {
        snprintf(seat->name, sizeof seat->name, "%s", name);
        return SAPPER_OK;
    }
    where(nm, at, sizeof at);
    snprintf(err, errcap, "%s: [%s] name: expected at most %zu characters, "
             "found %zu", at, section, sizeof seat->name - 1, strlen(name));
    return SAPPER_ERR_PARAM;
}

static sapper_status resolve_seat(sapper_config *cfg, const sapper_registry *reg,
                                  int n, sapper_seat_setup *seat,
                                  char *err, size_t errcap)
{
    char section[32], at[1024];
    snprintf(section, sizeof section, "player.%d", n);
    sapper_config_entry *b = sapper_config_get(cfg, section, "bot");
    sapper_config_entry *nm = sapper_config_get(cfg, section, "name");
    const char *id = b ? b->value : "human";
    sapper_setup_mark_used(cfg, section, "bot");
    sapper_setup_mark_used(cfg, section, "name");
    if (strcmp(id, "human") != 0) {
        seat->bot = sapper_registry_find(reg, id, SAPPER_KIND_BOT);
        if (!seat->bot) {
            where(b, at, sizeof at);
            const char *near = sapper_registry_suggest(reg, id, SAPPER_KIND_BOT);
            snprintf(err, errcap, "%s: [%s] bot: expected \"human\" or the id "
                     "of a bot plugin (see sapper plugins), found \"%s\"%s%s%s",
                     at, section, id, near ? "; did you mean \"" : "",
                     near ? near : "", near ? "\"?" : "");
            return SAPPER_ERR_PARAM;
        }
    }
    sapper_status st = seat_name(nm, section, seat, err, errcap);
    if (st != SAPPER_OK)
        return st;
    if (!seat->bot)
        return refuse_human_params(cfg, n, section, err, errcap);
    if (sapper_param_set_defaults(&seat->params, seat->bot->desc.params,
                                  seat->bot->desc.param_count) != SAPPER_OK)
        return SAPPER_ERR_NOMEM;
    return sapper_setup_apply_params(cfg, section, seat->bot, seat_keys,
                                     &seat->params, err, errcap);
}

static sapper_status check_family(const sapper_setup *out, int n,
                                  const sapper_config *cfg, char *err,
                                  size_t errcap)
{
    const sapper_plugin *bot = out->seats[n - 1].bot;
    char section[32], at[512], why[512];
    if (!bot || sapper_plugin_can_play(bot, out->rules, why, sizeof why))
        return SAPPER_OK;
    snprintf(section, sizeof section, "player.%d", n);
    where(sapper_config_get(cfg, section, "bot"), at, sizeof at);
    snprintf(err, errcap, "%s: [%s] bot: %s", at, section, why);
    return SAPPER_ERR_PARAM;
}

/* A [player.N] header with no keys (all commented out) would be dropped
   without a word, leaving fewer seats than the file shows: refused. */
static sapper_status check_seat_headers(const sapper_config *cfg, char *err,
                                        size_t errcap)
{
    for (size_t i = 0; i < cfg->nsections; i++) {
        const sapper_config_section *h = &cfg->sections[i];
        int n = seat_number(h->name);
        if (n == 0 || (n > 0 && sapper_config_has_entries(cfg, h->name)))
            continue;
        if (n < 0)
            snprintf(err, errcap, "%s:%d: [%s]: expected a seat section "
                     "[player.N] with N from 1 to %d", h->origin, h->line,
                     h->name, SAPPER_MAX_SEATS);
        else
            snprintf(err, errcap, "%s:%d: [%s]: expected `bot = ID` or "
                     "`name = NAME` in the seat's section, found no keys",
                     h->origin, h->line, h->name);
        return SAPPER_ERR_PARAM;
    }
    return SAPPER_OK;
}

static sapper_status resolve_seats(sapper_config *cfg, const sapper_registry *reg,
                                   sapper_setup *out, char *err, size_t errcap)
{
    int highest = 0;
    char at[512];
    for (size_t i = 0; i < cfg->count; i++) {
        int n = seat_number(cfg->entries[i].section);
        if (n < 0) {
            where(&cfg->entries[i], at, sizeof at);
            snprintf(err, errcap, "%s: [%s]: expected a seat section [player.N] "
                     "with N from 1 to %d", at, cfg->entries[i].section,
                     SAPPER_MAX_SEATS);
            return SAPPER_ERR_PARAM;
        }
        if (n > highest)
            highest = n;
    }
    sapper_status hst = check_seat_headers(cfg, err, errcap);
    if (hst != SAPPER_OK)
        return hst;
    out->players = highest ? highest : 1;
    for (int n = 1; n <= out->players; n++) {
        sapper_status st = resolve_seat(cfg, reg, n, &out->seats[n - 1], err, errcap);
        if (st == SAPPER_OK)
            st = check_family(out, n, cfg, err, errcap);
        if (st != SAPPER_OK)
            return st;
    }
    return SAPPER_OK;
}

static int section_is_extra(const sapper_setup_options *opt, const char *section)
{
    for (const char *const *s = opt ? opt->extra_sections : NULL; s && *s; s++) {
        size_t n = strlen(*s);
        if ((*s)[n - 1] == '.' ? strncmp(section, *s, n) == 0
                               : strcmp(section, *s) == 0)
            return 1;
    }
    return 0;
}

/* "[engine], [game], [rules] or [player.N]", the sections the caller
   accepts, with its extras ("entrant." as [entrant.NAME]). "player." among
   the extras means the caller seats no players itself (a tournament
   refuses [player.N]), so it is not offered. */
static void expected_sections(const sapper_setup_options *opt, char *buf,
                              size_t cap)
{
    char items[16][80];
    size_t n = 0;
    const char *base[] = {"engine", "game", "rules", "player.N", NULL};
    for (const char *const *b = base; *b; b++)
        if (strcmp(*b, "player.N") != 0 || !section_is_extra(opt, "player."))
            snprintf(items[n++], sizeof items[0], "[%s]", *b);
    for (const char *const *s = opt ? opt->extra_sections : NULL; s && *s && n < 16; s++)
        if (strcmp(*s, "player.") != 0)
            snprintf(items[n++], sizeof items[0], "[%s%s]", *s,
                     (*s)[strlen(*s) - 1] == '.' ? "NAME" : "");
    buf[0] = 0;
    for (size_t i = 0; i < n; i++) {
        const char *sep = i == 0 ? "" : i + 1 == n ? " or " : ", ";
        size_t len = strlen(buf);
        snprintf(buf + len, cap - len, "%s%s", sep, items[i]);
    }
}

/* A header of a section nothing claims, with no keys (with keys, its first
   entry is refused instead), or NULL. */
static const sapper_config_section *unknown_header(const sapper_config *cfg,
                                                   const sapper_setup_options *opt,
                                                   const char *rules_id)
{
    for (size_t i = 0; i < cfg->nsections; i++) {
        const char *name = cfg->sections[i].name;
        if (strcmp(name, "engine") != 0 && strcmp(name, "game") != 0 &&
            strcmp(name, "rules") != 0 && strcmp(name, rules_id) != 0 &&
            seat_number(name) == 0 && !section_is_extra(opt, name))
            return &cfg->sections[i];
    }
    return NULL;
}

/* Every entry must be claimed by now: the fixed engine and game keys, a
   plugin's declared parameters, or a section the caller handles. Every
   section header too, keys or not. */
static sapper_status check_leftovers(const sapper_config *cfg,
                                     const sapper_setup_options *opt,
                                     const char *rules_id,
                                     char *err, size_t errcap)
{
    char at[512], expected[512];
    expected_sections(opt, expected, sizeof expected);
    for (size_t i = 0; i < cfg->count; i++) {
        const sapper_config_entry *e = &cfg->entries[i];
        if (e->used || section_is_extra(opt, e->section))
            continue;
        if (strcmp(e->section, "game") == 0 && !in_list(game_keys, e->key))
            return unknown_fixed_key(e, game_keys, err, errcap);
        if (strcmp(e->section, "engine") == 0 && !in_list(engine_keys, e->key))
            return unknown_fixed_key(e, engine_keys, err, errcap);
        if (strcmp(e->section, "game") == 0 || strcmp(e->section, "engine") == 0)
            continue;
        where(e, at, sizeof at);
        snprintf(err, errcap, "%s: [%s]: unknown section; expected %s", at,
                 e->section, expected);
        return SAPPER_ERR_PARAM;
    }
    const sapper_config_section *h = unknown_header(cfg, opt, rules_id);
    if (!h)
        return SAPPER_OK;
    snprintf(err, errcap, "%s:%d: [%s]: unknown section; expected %s",
             h->origin, h->line, h->name, expected);
    return SAPPER_ERR_PARAM;
}

sapper_status sapper_setup_resolve(sapper_config *cfg, const sapper_registry *reg,
                                   const sapper_setup_options *opt,
                                   sapper_setup *out, char *err, size_t errcap)
{
    memset(out, 0, sizeof *out);
    sapper_status st = check_no_control(cfg, err, errcap);
    if (st == SAPPER_OK)
        st = resolve_rules(cfg, reg, out, err, errcap);
    if (st == SAPPER_OK && !section_is_extra(opt, "player."))
        st = resolve_seats(cfg, reg, out, err, errcap);
    if (st == SAPPER_OK)
        st = check_leftovers(cfg, opt, out->rules->desc.id, err, errcap);
    if (st != SAPPER_OK)
        return st;
    sapper_config_entry *seed = sapper_config_get(cfg, "game", "seed");
    out->seed_given = seed != NULL;
    out->seed = opt ? opt->drawn_seed : 0;
    return seed ? parse_seed(seed, &out->seed, err, errcap) : SAPPER_OK;
}

void sapper_setup_free(sapper_setup *s)
{
    sapper_param_set_free(&s->rules_params);
    for (int i = 0; i < SAPPER_MAX_SEATS; i++)
        sapper_param_set_free(&s->seats[i].params);
    memset(s, 0, sizeof *s);
}
