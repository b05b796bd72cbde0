/*
 * config.c - reads INI text with inih and command-line overrides into one
 * ordered list of entries that remember their origin. inih does not hand
 * line numbers to the handler in Debian's build, so we feed it through
 * ini_parse_stream with a reader that counts lines.
 */
#include "config.h"

#include <errno.h>
#include <ini.h>
#include <stdio.h>

void sapper_config_init(sapper_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
}

void sapper_config_free(sapper_config *cfg)
{
    for (size_t i = 0; i < cfg->count; i++) {
        free(cfg->entries[i].section);
        free(cfg->entries[i].key);
        free(cfg->entries[i].value);
    }
    for (size_t i = 0; i < cfg->norigins; i++)
        free(cfg->origins[i]);
    free(cfg->entries);
    free(cfg->origins);
    memset(cfg, 0, sizeof *cfg);
}

static const char *keep_origin(sapper_config *cfg, const char *origin)
{
    for (size_t i = 0; i < cfg->norigins; i++)
        if (strcmp(cfg->origins[i], origin) == 0)
            return cfg->origins[i];
    char **o = realloc(cfg->origins, (cfg->norigins + 1) * sizeof *o);
    if (!o)
        return NULL;
    cfg->origins = o;
    if (!(o[cfg->norigins] = strdup(origin)))
        return NULL;
    return o[cfg->norigins++];
}

sapper_status sapper_config_set(sapper_config *cfg, const char *section,
                                const char *key, const char *value,
                                const char *origin, int line)
{
    if (cfg->count == cfg->cap) {
        size_t ncap = cfg->cap ? cfg->cap * 2 : 16;
        sapper_config_entry *e = realloc(cfg->entries, ncap * sizeof *e);
        if (!e)
            return SAPPER_ERR_NOMEM;
        cfg->entries = e;
        cfg->cap = ncap;
    }
    sapper_config_entry *e = &cfg->entries[cfg->count];
    memset(e, 0, sizeof *e);
    e->section = strdup(section);
    e->key = strdup(key);
    e->value = strdup(value);
    e->origin = keep_origin(cfg, origin);
    e->line = line;
    if (!e->section || !e->key || !e->value || !e->origin) {
        free(e->section);
        free(e->key);
        free(e->value);
        return SAPPER_ERR_NOMEM;
    }
    cfg->count++;
    return SAPPER_OK;
}

/* inih plumbing: a memory or file reader that counts lines. */
typedef struct line_reader {
    FILE *file;         /* or NULL for text */
    const char *text;
    int line;
    sapper_config *cfg;
    const char *origin;
    int failed;
} line_reader;

static char *read_line(char *buf, int size, void *stream)
{
    line_reader *r = stream;
    if (r->file) {
        if (!fgets(buf, size, r->file))
            return NULL;
    } else {
        if (!*r->text)
            return NULL;
        const char *nl = strchr(r->text, '\n');
        size_t n = nl ? (size_t)(nl - r->text + 1) : strlen(r->text);
        if (n > (size_t)size - 1)
            n = (size_t)size - 1;
        memcpy(buf, r->text, n);
        buf[n] = 0;
        r->text += n;
    }
    r->line++;
    return buf;
}

static int on_entry(void *user, const char *section, const char *key,
                    const char *value)
{
    line_reader *r = user;
    if (!key) /* section header alone (inih with INI_CALL_HANDLER_ON_NEW_SECTION) */
        return 1;
    if (sapper_config_set(r->cfg, section, key, value ? value : "", r->origin,
                          r->line) != SAPPER_OK) {
        r->failed = 1;
        return 0;
    }
    return 1;
}

static sapper_status parse(line_reader *r, const char *name, char *err,
                           size_t errcap)
{
    int bad = ini_parse_stream(read_line, r, on_entry, r);
    if (r->failed) {
        snprintf(err, errcap, "%s: out of memory", name);
        return SAPPER_ERR_NOMEM;
    }
    if (bad) {
        snprintf(err, errcap,
                 "%s:%d: expected `[section]`, `key = value` or a comment, "
                 "found something else", name, bad);
        return SAPPER_ERR_PARSE;
    }
    return SAPPER_OK;
}

sapper_status sapper_config_read_file(sapper_config *cfg, const char *path,
                                      char *err, size_t errcap)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errcap, "%s: cannot open the config file: %s", path,
                 strerror(errno));
        return SAPPER_ERR_PARAM;
    }
    line_reader r = {.file = f, .cfg = cfg, .origin = path};
    sapper_status st = parse(&r, path, err, errcap);
    fclose(f);
    return st;
}

sapper_status sapper_config_read_string(sapper_config *cfg, const char *text,
                                        const char *name,
                                        char *err, size_t errcap)
{
    line_reader r = {.text = text, .cfg = cfg, .origin = name};
    return parse(&r, name, err, errcap);
}

sapper_status sapper_config_override(sapper_config *cfg, const char *arg,
                                     int argi, const char *default_section,
                                     char *err, size_t errcap)
{
    const char *eq = strchr(arg, '=');
    const char *dot = memchr(arg, '.', eq ? (size_t)(eq - arg) : 0);
    /* the key is after the last dot before '=' ("player.1.bot=x") */
    for (const char *p = dot; p && p < eq; p++)
        if (*p == '.')
            dot = p;
    if (!eq || eq == arg || (!dot && !default_section) || (dot && (dot == arg || dot + 1 == eq))) {
        snprintf(err, errcap,
                 "command line argument %d: expected section.key=value, "
                 "found \"%s\"", argi, arg);
        return SAPPER_ERR_PARSE;
    }
    char section[256], key[256];
    size_t slen = dot ? (size_t)(dot - arg) : strlen(default_section);
    const char *kstart = dot ? dot + 1 : arg;
    size_t klen = (size_t)(eq - kstart);
    if (slen >= sizeof section || klen >= sizeof key) {
        snprintf(err, errcap, "command line argument %d: name too long", argi);
        return SAPPER_ERR_PARSE;
    }
    memcpy(section, dot ? arg : default_section, slen);
    section[slen] = 0;
    memcpy(key, kstart, klen);
    key[klen] = 0;
    return sapper_config_set(cfg, section, key, eq + 1, "command line", argi);
}

sapper_config_entry *sapper_config_get(const sapper_config *cfg,
                                       const char *section, const char *key)
{
    for (size_t i = cfg->count; i-- > 0;)
        if (strcmp(cfg->entries[i].section, section) == 0 &&
            strcmp(cfg->entries[i].key, key) == 0)
            return &cfg->entries[i];
    return NULL;
}

void sapper_config_where(const sapper_config_entry *e, char *buf, size_t cap)
{
    if (strcmp(e->origin, "command line") == 0)
        snprintf(buf, cap, "command line \"%s.%s=%s\"", e->section, e->key,
                 e->value);
    else
        snprintf(buf, cap, "%s:%d", e->origin, e->line);
}
