/*
 * config.c - reads INI text with inih and command-line overrides into one
 * ordered list of entries that remember their origin, and a list of the
 * section headers read (a section with no keys is still a section). The
 * file is refused where inih would silently change it (a line too long for
 * its buffer, an indented continuation line, text after a section's `]`,
 * a lone carriage return, a key given twice); section names are kept whole
 * where inih would cut them. Whether a key, value or section means
 * anything is setup.c's business, not this file's.
 */
#include "config.h"
#include "escape.h"

#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <stdint.h>
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
    for (size_t i = 0; i < cfg->nsections; i++)
        free(cfg->sections[i].name);
    free(cfg->entries);
    free(cfg->origins);
    free(cfg->sections);
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

/* Records a `[name]` header read at origin:line. */
static sapper_status add_header(sapper_config *cfg, const char *name,
                                const char *origin, int line)
{
    if (cfg->nsections == cfg->sections_cap) {
        size_t ncap = cfg->sections_cap ? cfg->sections_cap * 2 : 8;
        sapper_config_section *s = realloc(cfg->sections, ncap * sizeof *s);
        if (!s)
            return SAPPER_ERR_NOMEM;
        cfg->sections = s;
        cfg->sections_cap = ncap;
    }
    sapper_config_section *s = &cfg->sections[cfg->nsections];
    s->origin = keep_origin(cfg, origin);
    s->line = line;
    if (!s->origin || !(s->name = strdup(name)))
        return SAPPER_ERR_NOMEM;
    cfg->nsections++;
    return SAPPER_OK;
}

/* inih plumbing. Debian's inih does not hand line numbers to the handler,
   so we feed it through ini_parse_stream with a reader that counts lines.
   The reader hands over one whole line per call, or stops: a line longer
   than inih's buffer would otherwise reach it in pieces (each counted as a
   line, the tail parsed as a line of its own). It also drops leading
   blanks, because inih takes an indented line as the continuation of the
   previous value; here an indented `key = value` is an ordinary key and an
   indented bare word is a syntax error on its own line. Section headers
   are read here too (see section_header), so the section each entry
   belongs to is r->section, never inih's copy cut at 49 characters. */
typedef struct line_reader {
    FILE *file;         /* or NULL for text */
    const char *text;
    int line;
    sapper_config *cfg;
    size_t first;       /* index of the first entry of this read */
    const char *origin;
    char section[INI_MAX_LINE];  /* the current section, whole */
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

/* Refuses the header "[name]" (at start) for the text after its `]`. */
static char *refuse_after_header(line_reader *r, const char *start,
                                 const char *end, const char *rest)
{
    char name[4 * INI_MAX_LINE], found[4 * INI_MAX_LINE], why[10 * INI_MAX_LINE];
    snprintf(found, sizeof found, "%.*s", (int)(end - start + 1), start);
    sapper_config_escape(found, name, sizeof name);
    sapper_config_escape(rest, found, sizeof found);
    snprintf(why, sizeof why, "expected only a comment after the section "
             "header \"%s\", found \"%s\"", name, found);
    return refuse_line(r, why);
}

/* A `[name]` line. inih would drop whatever follows the `]` (so
   `[game] seed = 5` lost its key) and cut the name to 49 characters; here
   only blanks or a comment may follow, and the name is kept whole in
   r->section and recorded as a header. A line without `]` is left to
   inih, which reports it as a syntax error. */
static char *section_header(line_reader *r, char *buf, const char *start)
{
    const char *end = strchr(start, ']');
    if (!end)
        return buf;
    const char *rest = end + 1;
    while (isspace((unsigned char)*rest))
        rest++;
    if (*rest && *rest != ';' && *rest != '#')
        return refuse_after_header(r, start, end, rest);
    size_t len = (size_t)(end - start - 1);
    memcpy(r->section, start + 1, len);
    r->section[len] = 0;
    if (add_header(r->cfg, r->section, r->origin, r->line) == SAPPER_OK)
        return buf;
    snprintf(r->err, r->errcap, "%s: out of memory", r->origin);
    r->status = SAPPER_ERR_NOMEM;
    r->err_line = r->line;
    return NULL;
}

/* Checks a line read whole (n bytes, its end removed) before inih sees
   it. */
static char *check_line(line_reader *r, char *buf, size_t n)
{
    if (memchr(buf, 0, n))
        return refuse_line(r, "expected text, found a NUL byte");
    /* a file with CR-only line ends would be read as one long line */
    if (memchr(buf, '\r', n))
        return refuse_line(r, "expected lines ending in \\n or \\r\\n, found a "
                              "carriage return (\\r) alone");
    buf[n] = 0;
    drop_leading_blanks(buf);
    const char *start = buf;
    if (r->line == 1 && strncmp(start, "\xEF\xBB\xBF", 3) == 0) {
        start += 3;   /* inih skips a UTF-8 byte order mark, then blanks */
        while (isspace((unsigned char)*start))
            start++;
    }
    return *start == '[' ? section_header(r, buf, start) : buf;
}

/* Hands inih one line without its end ("\n" or "\r\n"), or NULL at the
   end of the input or after an error. */
static char *read_line(char *buf, int size, void *stream)
{
    line_reader *r = stream;
    size_t cap = (size_t)size - 1, n = 0;
    int c = 0;
    if (r->status != SAPPER_OK)
        return NULL;
    /* A line of cap characters and its '\r' are cap + 1 bytes; at cap + 2
       the line is too long whatever follows, so reading stops there (an
       endless line, /dev/zero, must not be read to its end). */
    while (n < cap + 2 && (c = next_byte(r)) != EOF && c != '\n') {
        if (n <= cap)
            buf[n] = (char)c;
        n++;
    }
    if (r->status != SAPPER_OK || (c == EOF && n == 0))
        return NULL;
    r->line++;
    if (n > 0 && n <= cap + 1 && buf[n - 1] == '\r')
        n--;
    if (n > cap) {
        char why[80];
        snprintf(why, sizeof why, "line too long (more than %zu characters)", cap);
        return refuse_line(r, why);
    }
    return check_line(r, buf, n);
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
    (void)section;  /* inih's copy is cut at 49 characters: r->section */
    if (!key) /* section header alone (inih with INI_CALL_HANDLER_ON_NEW_SECTION) */
        return 1;
    if (r->status != SAPPER_OK || refuse_duplicate(r, r->section, key))
        return 0;
    if (sapper_config_set(r->cfg, r->section, key, value ? value : "", r->origin,
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

const sapper_config_section *sapper_config_header(const sapper_config *cfg,
                                                  const char *section)
{
    for (size_t i = 0; i < cfg->nsections; i++)
        if (strcmp(cfg->sections[i].name, section) == 0)
            return &cfg->sections[i];
    return NULL;
}

int sapper_config_has_entries(const sapper_config *cfg, const char *section)
{
    for (size_t i = 0; i < cfg->count; i++)
        if (strcmp(cfg->entries[i].section, section) == 0)
            return 1;
    return 0;
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
    sapper_strbuf o = {0};
    if (!cap)
        return;
    sapper_escape(&o, s, SIZE_MAX, 0);
    const char *text = sapper_strbuf_str(&o);
    size_t n = sapper_utf8_cut(text, cap - 1);
    memcpy(buf, text, n);
    buf[n] = 0;
    sapper_strbuf_free(&o);
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
