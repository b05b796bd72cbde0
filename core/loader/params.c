/*
 * params.c - declared parameters: the host, not the plugin, checks every
 * value against the plugin's spec so plugins receive only valid text. This
 * file knows nothing about where values come from (INI, command line,
 * replay files): config.c and setup.c do.
 */
#include "params.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int key_is_valid(const char *key)
{
    if (!key || !*key)
        return 0;
    for (const char *p = key; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_'))
            return 0;
    return 1;
}

/* Is word one of the '|'-separated choices? */
static int choice_has(const char *choices, const char *word)
{
    size_t len = strlen(word);
    for (const char *p = choices; p && *p;) {
        const char *end = strchr(p, '|');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n == len && strncmp(p, word, n) == 0)
            return 1;
        p = end ? end + 1 : NULL;
    }
    return 0;
}

static int parse_int(const char *v, long long *out)
{
    char *end;
    errno = 0;
    long long x = strtoll(v, &end, 10);
    if (errno || end == v || *end)
        return 0;
    *out = x;
    return 1;
}

static int parse_real(const char *v, double *out)
{
    char *end;
    errno = 0;
    double x = strtod(v, &end);
    if (errno || end == v || *end || !isfinite(x))
        return 0;
    *out = x;
    return 1;
}

static const char *bool_norm(const char *v)
{
    static const char *yes[] = {"true", "1", "yes", "on"};
    static const char *no[] = {"false", "0", "no", "off"};
    for (int i = 0; i < 4; i++) {
        if (strcasecmp(v, yes[i]) == 0)
            return "true";
        if (strcasecmp(v, no[i]) == 0)
            return "false";
    }
    return NULL;
}

void sapper_spec_expectation(const sapper_param_spec *s, char *buf, size_t cap)
{
    switch (s->type) {
    case SAPPER_PARAM_INT:
        snprintf(buf, cap, "an integer from %.0f to %.0f", s->min, s->max);
        break;
    case SAPPER_PARAM_REAL:
        snprintf(buf, cap, "a number from %g to %g", s->min, s->max);
        break;
    case SAPPER_PARAM_BOOL:
        snprintf(buf, cap, "true or false");
        break;
    case SAPPER_PARAM_CHOICE:
        snprintf(buf, cap, "one of %s", s->choices ? s->choices : "");
        break;
    default:
        snprintf(buf, cap, "text");
    }
}

sapper_status sapper_value_check(const sapper_param_spec *s, const char *value,
                                 char *norm, size_t normcap,
                                 char *why, size_t whycap)
{
    long long i;
    double r;
    int ok = 1;
    const char *out = value;
    switch (s->type) {
    case SAPPER_PARAM_INT:
        ok = parse_int(value, &i) && i >= s->min && i <= s->max;
        break;
    case SAPPER_PARAM_REAL:
        ok = parse_real(value, &r) && r >= s->min && r <= s->max;
        break;
    case SAPPER_PARAM_BOOL:
        ok = (out = bool_norm(value)) != NULL;
        break;
    case SAPPER_PARAM_CHOICE:
        ok = choice_has(s->choices, value);
        break;
    case SAPPER_PARAM_STRING:
        break;
    default:
        ok = 0;
    }
    if (!ok) {
        char expect[160];
        sapper_spec_expectation(s, expect, sizeof expect);
        snprintf(why, whycap, "expected %s, found \"%s\"", expect, value);
        return SAPPER_ERR_PARAM;
    }
    if (strlen(out) >= normcap) {
        snprintf(why, whycap, "value is too long (%zu bytes, at most %zu)",
                 strlen(out), normcap - 1);
        return SAPPER_ERR_PARAM;
    }
    memcpy(norm, out, strlen(out) + 1);
    return SAPPER_OK;
}

static sapper_status spec_entry_check(const sapper_param_spec *s, char *err,
                                      size_t errcap)
{
    char norm[256], why[256];
    if (!key_is_valid(s->key)) {
        snprintf(err, errcap, "parameter key \"%s\" is not [a-z0-9_]+",
                 s->key ? s->key : "(null)");
        return SAPPER_ERR_PARAM;
    }
    if (s->type < SAPPER_PARAM_INT || s->type > SAPPER_PARAM_REAL) {
        snprintf(err, errcap, "parameter %s: unknown type %d", s->key,
                 (int)s->type);
        return SAPPER_ERR_PARAM;
    }
    if (s->type == SAPPER_PARAM_CHOICE && (!s->choices || !*s->choices)) {
        snprintf(err, errcap, "parameter %s: a choice with no choices", s->key);
        return SAPPER_ERR_PARAM;
    }
    if ((s->type == SAPPER_PARAM_INT || s->type == SAPPER_PARAM_REAL) &&
        !(s->min <= s->max)) {
        snprintf(err, errcap, "parameter %s: min %g is above max %g", s->key,
                 s->min, s->max);
        return SAPPER_ERR_PARAM;
    }
    if (s->flags & ~SAPPER_PARAM_SECRET) {
        snprintf(err, errcap, "parameter %s: flags 0x%x: expected 0 or "
                 "SAPPER_PARAM_SECRET (0x1)", s->key, (unsigned)s->flags);
        return SAPPER_ERR_PARAM;
    }
    if (!s->def || sapper_value_check(s, s->def, norm, sizeof norm, why,
                                      sizeof why) != SAPPER_OK) {
        snprintf(err, errcap, "parameter %s: bad default: %s", s->key,
                 s->def ? why : "missing");
        return SAPPER_ERR_PARAM;
    }
    return SAPPER_OK;
}

sapper_status sapper_spec_check(const sapper_param_spec *spec, uint32_t n,
                                char *err, size_t errcap)
{
    if (n && !spec) {
        snprintf(err, errcap, "param_count is %u but params is NULL", n);
        return SAPPER_ERR_PARAM;
    }
    for (uint32_t i = 0; i < n; i++) {
        if (spec_entry_check(&spec[i], err, errcap) != SAPPER_OK)
            return SAPPER_ERR_PARAM;
        for (uint32_t j = 0; j < i; j++)
            if (strcmp(spec[i].key, spec[j].key) == 0) {
                snprintf(err, errcap, "parameter %s is declared twice",
                         spec[i].key);
                return SAPPER_ERR_PARAM;
            }
    }
    return SAPPER_OK;
}

const sapper_param_spec *sapper_spec_find(const sapper_param_spec *spec,
                                          uint32_t n, const char *key)
{
    for (uint32_t i = 0; i < n; i++)
        if (strcmp(spec[i].key, key) == 0)
            return &spec[i];
    return NULL;
}

size_t sapper_edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    size_t row[64];
    if (la > 63 || lb > 63)
        return 99;
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best) best = up + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

const char *sapper_spec_suggest(const sapper_param_spec *spec, uint32_t n,
                                const char *key)
{
    const char *best = NULL;
    size_t best_d = 3; /* suggest only near misses */
    for (uint32_t i = 0; i < n; i++) {
        size_t d = sapper_edit_distance(key, spec[i].key);
        if (d < best_d) {
            best_d = d;
            best = spec[i].key;
        }
    }
    return best;
}

sapper_status sapper_param_set_defaults(sapper_param_set *set,
                                        const sapper_param_spec *spec,
                                        uint32_t n)
{
    set->count = 0;
    set->items = calloc(n ? n : 1, sizeof *set->items);
    if (!set->items)
        return SAPPER_ERR_NOMEM;
    for (uint32_t i = 0; i < n; i++) {
        set->items[i].key = spec[i].key;
        set->items[i].value = strdup(spec[i].def);
        set->count++;
        if (!set->items[i].value)
            return SAPPER_ERR_NOMEM;
    }
    return SAPPER_OK;
}

sapper_status sapper_param_set_put(sapper_param_set *set, const char *key,
                                   const char *value)
{
    for (uint32_t i = 0; i < set->count; i++) {
        if (strcmp(set->items[i].key, key) != 0)
            continue;
        char *copy = strdup(value);
        if (!copy)
            return SAPPER_ERR_NOMEM;
        free((char *)set->items[i].value);
        set->items[i].value = copy;
        return SAPPER_OK;
    }
    return SAPPER_ERR_PARAM;
}

sapper_status sapper_param_set_copy(sapper_param_set *dst,
                                    const sapper_param_set *src)
{
    dst->count = 0;
    dst->items = calloc(src->count ? src->count : 1, sizeof *dst->items);
    if (!dst->items)
        return SAPPER_ERR_NOMEM;
    for (uint32_t i = 0; i < src->count; i++) {
        dst->items[i].key = src->items[i].key;
        dst->items[i].value = strdup(src->items[i].value);
        dst->count++;
        if (!dst->items[i].value)
            return SAPPER_ERR_NOMEM;
    }
    return SAPPER_OK;
}

void sapper_param_set_free(sapper_param_set *set)
{
    if (!set->items)
        return;
    for (uint32_t i = 0; i < set->count; i++)
        free((char *)set->items[i].value);
    free(set->items);
    set->items = NULL;
    set->count = 0;
}

sapper_params sapper_param_set_view(const sapper_param_set *set)
{
    sapper_params p = {set->items, set->count};
    return p;
}

/* One "key=value" line of params_text over set. */
static void overlay_line(sapper_param_set *set, const sapper_param_spec *spec, uint32_t n,
                         const char *line, size_t len)
{
    char text[512], norm[512], why[256];
    const char *eq = memchr(line, '=', len);
    if (!eq || len >= sizeof text)
        return;
    memcpy(text, line, len);
    text[len] = '\0';
    text[eq - line] = '\0';
    const sapper_param_spec *s = sapper_spec_find(spec, n, text);
    const char *value = text + (eq - line) + 1;
    if (s && sapper_value_check(s, value, norm, sizeof norm, why, sizeof why) == SAPPER_OK)
        sapper_param_set_put(set, text, norm);
}

void sapper_param_set_overlay(sapper_param_set *set, const sapper_param_spec *spec,
                              uint32_t n, const char *text)
{
    for (const char *line = text; *line;) {
        size_t len = strcspn(line, "\n");
        overlay_line(set, spec, n, line, len);
        line += len + (line[len] == '\n');
    }
}
