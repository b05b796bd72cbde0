/*
 * params.h - declared plugin parameters: checking a plugin's spec table,
 * checking and normalising one value against its spec, and the owned set of
 * values the host passes to a plugin instance. No INI parsing here.
 */
#ifndef SAPPER_PARAMS_H
#define SAPPER_PARAMS_H

#include "sapper/plugin.h"

/** Checks a plugin's declared table (keys, types, bounds, defaults).
 *  Returns SAPPER_OK, or SAPPER_ERR_PARAM with the reason in err. */
sapper_status sapper_spec_check(const sapper_param_spec *spec, uint32_t n,
                                char *err, size_t errcap);

/** The spec entry for key, or NULL. */
const sapper_param_spec *sapper_spec_find(const sapper_param_spec *spec,
                                          uint32_t n, const char *key);

/** The declared key closest to key (for "did you mean"), or NULL when none
 *  is close. */
const char *sapper_spec_suggest(const sapper_param_spec *spec, uint32_t n,
                                const char *key);

/** Checks value against s; on success writes the normalised value into
 *  norm (BOOL becomes true/false). On failure writes "expected ..., found
 *  ..." into why and returns SAPPER_ERR_PARAM. */
sapper_status sapper_value_check(const sapper_param_spec *s, const char *value,
                                 char *norm, size_t normcap,
                                 char *why, size_t whycap);

/** Human description of what a spec accepts ("an integer from 2 to 200"). */
void sapper_spec_expectation(const sapper_param_spec *s, char *buf, size_t cap);

/** An owned, complete set of values for one plugin instance: every
 *  declared key once, in declaration order. */
typedef struct sapper_param_set {
    sapper_kv *items;   /* keys borrowed from the static spec; values owned */
    uint32_t count;
} sapper_param_set;

/** Fills set with the spec's defaults. */
sapper_status sapper_param_set_defaults(sapper_param_set *set,
                                        const sapper_param_spec *spec,
                                        uint32_t n);
/** Replaces the value of a declared key (copied). */
sapper_status sapper_param_set_put(sapper_param_set *set, const char *key,
                                   const char *value);
/** Deep copy. */
sapper_status sapper_param_set_copy(sapper_param_set *dst,
                                    const sapper_param_set *src);
void sapper_param_set_free(sapper_param_set *set);
/** The values a game applies (the rules' params_text: "key=value" lines)
 *  put over set, each checked against spec; lines of undeclared keys or
 *  unchecked values are skipped. */
void sapper_param_set_overlay(sapper_param_set *set, const sapper_param_spec *spec,
                              uint32_t n, const char *text);
/** The borrowed ABI view of a set (valid while set lives, unchanged). */
sapper_params sapper_param_set_view(const sapper_param_set *set);
/** Levenshtein distance of two short words (99 for words over 63 bytes):
 *  "did you mean" suggestions take the nearest within 2. */
size_t sapper_edit_distance(const char *a, const char *b);

#endif
