/*
 * config.c - reads INI text with inih and command-line overrides into one
 * ordered list of entries that remember their origin. The file is refused
 * where inih would silently change it (a line too long for its buffer, an
 * indented continuation line, a key given twice). Whether a key or value
 * means anything is setup.c's business, not this file's.
 */
#include "config.h"

#include <ctype.h>
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

/* inih plumbing. Debian's inih does not hand line numbers to the handler,
   so we feed it through ini_parse_stream with a reader that counts lines.
   The reader hands over one whole line per call, or stops: a line longer
   than inih's buffer would otherwise reach it in pieces (each counted as a
   line, the tail parsed as a line of its own). It also drops leading
   blanks, because inih takes an indented line as the continuation of the
   previous value; here an indented `key = value` is an ordinary key and an
   indented bare word is a syntax error on its own line. */
typedef struct line_reader {
    FILE *file;         /* or NULL for text */
    const char *text;
    int line;
    sapper_config *cfg;
    size_t first;       /* index of the first entry of this read */
    const char *origin;
    sapper_status status;   /* set with err by the reader or the handler */
    int err_line;           /* the line the status belongs to */
    char *err;
    size_t errcap;
} line_reader;

/* Next byte of the input, or EOF (a read error is left in r->status). */
static int next_byte(line_reader *r)
{
    if (!r->file)
        return *r->text ? (unsigned char)*r->text++ : EOF;
    int c = getc(r->file);
    if (c == EOF && ferror(r->file)) {
        snprintf(r->err, r->errcap, "%s: cannot read the config file: %s",
                 r->origin, strerror(errno));
        r->status = SAPPER_ERR_PARAM;
        r->err_line = r->line + 1;
    }
    return c;
}

static char *refuse_line(line_reader *r, const char *why)
{
    snprintf(r->err, r->errcap, "%s:%d: %s", r->origin, r->line, why);
    r->status = SAPPER_ERR_PARSE;
    r->err_line = r->line;
    return NULL;
}

static void drop_leading_blanks(char *buf)
{
    size_t k = 0;
    while (buf[k] && isspace((unsigned char)buf[k]))
        k++;
    memmove(buf, buf + k, strlen(buf + k) + 1);
}

/* Hands inih one line without its end ("\n" or "\r\n"), or NULL at the
   end of the input or after an error. */
static char *read_line(char *buf, int size, void *stream)
{
    line_reader *r = stream;
    size_t cap = (size_t)size - 1, n = 0;
    int c, last = 0, nul = 0;
    if (r->status != SAPPER_OK)
        return NULL;
    while ((c = next_byte(r)) != EOF && c != '\n') {
        if (n < cap)
            buf[n] = (char)c;
        nul |= c == 0;
        last = c;
        n++;
    }
    if (r->status != SAPPER_OK || (c == EOF && n == 0))
        return NULL;
    r->line++;
    if (last == '\r')
        n--;
    if (n > cap) {
        char why[80];
        snprintf(why, sizeof why, "line too long (more than %zu characters)", cap);
        return refuse_line(r, why);
    }
    if (nul)
        return refuse_line(r, "expected text, found a NUL byte");
    buf[n] = 0;
    drop_leading_blanks(buf);
    return buf;
}

/* A key twice in one file is a mistake (which one did the author mean?);
   overrides from the command line are added later and win on purpose. */
static int refuse_duplicate(line_reader *r, const char *section, const char *key)
{
    const sapper_config *cfg = r->cfg;
    for (size_t i = r->first; i < cfg->count; i++) {
        const sapper_config_entry *e = &cfg->entries[i];
        if (strcmp(e->section, section) != 0 || strcmp(e->key, key) != 0)
            continue;
        snprintf(r->err, r->errcap, "%s:%d: [%s] %s: key given twice: %s:%d "
                 "and %s:%d; expected it once", r->origin, r->line, section, key,
                 r->origin, e->line, r->origin, r->line);
        r->status = SAPPER_ERR_PARSE;
        r->err_line = r->line;
        return 1;
    }
    return 0;
}

static int on_entry(void *user, const char *section, const char *key,
                    const char *value)
{
    line_reader *r = user;
    if (!key) /* section header alone (inih with INI_CALL_HANDLER_ON_NEW_SECTION) */
        return 1;
    if (r->status != SAPPER_OK || refuse_duplicate(r, section, key))
        return 0;
    if (sapper_config_set(r->cfg, section, key, value ? value : "", r->origin,
                          r->line) != SAPPER_OK) {
        snprintf(r->err, r->errcap, "%s: out of memory", r->origin);
        r->status = SAPPER_ERR_NOMEM;
        r->err_line = r->line;
        return 0;
    }
    return 1;
}

static sapper_status parse(line_reader *r, char *err, size_t errcap)
{
    r->err = err;
    r->errcap = errcap;
    r->first = r->cfg->count;
    int bad = ini_parse_stream(read_line, r, on_entry, r);
    /* inih goes on after a syntax error, so ours may come later */
    if (bad && (r->status == SAPPER_OK || bad < r->err_line)) {
        snprintf(err, errcap,
                 "%s:%d: expected `[section]`, `key = value` or a comment, "
                 "found something else", r->origin, bad);
        return SAPPER_ERR_PARSE;
    }
    return r->status;
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
    sapper_status st = parse(&r, err, errcap);
    fclose(f);
    return st;
}

sapper_status sapper_config_read_string(sapper_config *cfg, const char *text,
                                        const char *name,
                                        char *err, size_t errcap)
{
    line_reader r = {.text = text, .cfg = cfg, .origin = name};
    return parse(&r, err, errcap);
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

int sapper_config_has_control(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || (unsigned char)*s == 0x7f)
            return 1;
    return 0;
}

void sapper_config_escape(const char *s, char *buf, size_t cap)
{
    size_t n = 0;
    if (!cap)
        return;
    for (; *s && n + 1 < cap; s++) {
        unsigned char c = (unsigned char)*s;
        char piece[8] = {(char)c, 0};
        if (c == '\n' || c == '\t' || c == '\r')
            snprintf(piece, sizeof piece, "\\%c", c == '\n' ? 'n' : c == '\t' ? 't' : 'r');
        else if (c < 0x20 || c == 0x7f)
            snprintf(piece, sizeof piece, "\\x%02x", c);
        size_t k = strlen(piece);
        if (n + k >= cap)
            break;
        memcpy(buf + n, piece, k);
        n += k;
    }
    buf[n] = 0;
}

void sapper_config_where(const sapper_config_entry *e, char *buf, size_t cap)
{
    char section[256], key[256], value[512];
    if (strcmp(e->origin, "command line") != 0) {
        snprintf(buf, cap, "%s:%d", e->origin, e->line);
        return;
    }
    /* a newline in an argument would break the message in two */
    sapper_config_escape(e->section, section, sizeof section);
    sapper_config_escape(e->key, key, sizeof key);
    sapper_config_escape(e->value, value, sizeof value);
    snprintf(buf, cap, "command line \"%s.%s=%s\"", section, key, value);
}
