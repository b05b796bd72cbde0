/*
 * config.h - the configuration as the user wrote it: INI files (inih) and
 * `section.key=value` overrides from the command line, each entry
 * remembering where it came from (file and line, or argument number) so
 * every later error can point at it. Checking entries against plugins is
 * setup.c's job, not this file's.
 */
#ifndef SAPPER_CONFIG_H
#define SAPPER_CONFIG_H

#include "sapper/plugin.h"

typedef struct sapper_config_entry {
    char *section;   /* "rules", "player.1", ...; owned */
    char *key;       /* owned */
    char *value;     /* owned */
    const char *origin; /* file name or "command line"; owned by the config */
    int line;        /* line in the file, or argument number */
    int used;        /* set by setup.c when a consumer claimed the entry */
} sapper_config_entry;

/** A `[section]` header line as read from a file. Kept apart from the
 *  entries because a section may have none (every key commented out), and
 *  a consumer must still see it to refuse or accept it. */
typedef struct sapper_config_section {
    char *name;         /* between the brackets, whole; owned */
    const char *origin; /* file name; owned by the config */
    int line;
} sapper_config_section;

typedef struct sapper_config {
    sapper_config_entry *entries;  /* in reading order: later wins */
    size_t count, cap;
    char **origins;                /* owned origin strings */
    size_t norigins;
    sapper_config_section *sections;  /* every header, in reading order */
    size_t nsections, sections_cap;
} sapper_config;

void sapper_config_init(sapper_config *cfg);
void sapper_config_free(sapper_config *cfg);

/** Reads an INI file. Errors ("file:line: ...") go to err: a line longer
 *  than inih's buffer (reading stops there, so an endless line cannot
 *  hang), a carriage return that ends no line, text after a section
 *  header's `]` other than a comment, a key given twice in one file, a
 *  syntax error. Leading blanks are ignored (no continuation lines).
 *  Section names are kept whole (inih's own copy is cut at 49
 *  characters and not used). */
sapper_status sapper_config_read_file(sapper_config *cfg, const char *path,
                                      char *err, size_t errcap);
/** Reads INI text held in memory; name stands for the file in messages. */
sapper_status sapper_config_read_string(sapper_config *cfg, const char *text,
                                        const char *name,
                                        char *err, size_t errcap);
/** Adds one command-line override `section.key=value` (argument number
 *  argi). A bare `key=value` goes to default_section when that is not
 *  NULL. Malformed text is refused with a message. */
sapper_status sapper_config_override(sapper_config *cfg, const char *arg,
                                     int argi, const char *default_section,
                                     char *err, size_t errcap);
/** Adds one entry programmatically (origin is copied). */
sapper_status sapper_config_set(sapper_config *cfg, const char *section,
                                const char *key, const char *value,
                                const char *origin, int line);

/** The first `[section]` header read for section, or NULL (a section
 *  known only from the command line has none). */
const sapper_config_section *sapper_config_header(const sapper_config *cfg,
                                                  const char *section);
/** 1 if some entry belongs to section. */
int sapper_config_has_entries(const sapper_config *cfg, const char *section);

/** The last entry for section/key, or NULL. */
sapper_config_entry *sapper_config_get(const sapper_config *cfg,
                                       const char *section, const char *key);

/** "file:line" or `command line "section.key=value"` for messages (control
 *  characters of the argument escaped). */
void sapper_config_where(const sapper_config_entry *e, char *buf, size_t cap);

/** 1 if s holds a control character (a byte below 0x20, or 0x7f). */
int sapper_config_has_control(const char *s);
/** Copies s into buf (truncated to cap) with control characters written
 *  as \n, \t, \r or \xNN, so a message stays on one line, and bytes that
 *  are not UTF-8 as \xNN (sapper_escape in escape.h, for plugins' text). */
void sapper_config_escape(const char *s, char *buf, size_t cap);

#endif
