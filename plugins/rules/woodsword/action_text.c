/*
 * action_text.c - action ids to text and back: `gather`, `fist 3 x4`,
 * `wood_sword 3`, `missile 2`, `allocate 5` or `allocate 5 2` (two missiles
 * on seat 5; seats from 1). The texts are
 * ASCII English in every language and depend on nothing but the id, so
 * they never change during a game (replays store them). Parsing checks
 * syntax and ranges only; whether the action is legal now is woodsword.c's
 * question.
 */
#include "state.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define WOODSWORD_TEXT_MAX 128
#define WOODSWORD_TOKENS   4

int64_t woodsword_action_to_text(const void *state, int64_t action, char *buf,
                                 size_t cap)
{
    int32_t verb, target, count;
    (void)state;
    if (!sapper_arena_decode(action, &verb, &target, &count))
        return snprintf(buf, cap, "?");
    const char *word = sapper_arena_verb_word(verb);
    if (verb == SAPPER_ARENA_MISSILE)
        return snprintf(buf, cap, "%s %d", word, (int)count);
    if (verb == SAPPER_ARENA_FIST && count > 1)
        return snprintf(buf, cap, "%s %d x%d", word, (int)target + 1, (int)count);
    if (verb == SAPPER_ARENA_ALLOCATE && count > 1)   /* N missiles on one seat */
        return snprintf(buf, cap, "%s %d %d", word, (int)target + 1, (int)count);
    if (sapper_arena_has_target(verb))
        return snprintf(buf, cap, "%s %d", word, (int)target + 1);
    return snprintf(buf, cap, "%s", word);
}

/* Splits a lower-cased copy of text into words, at most WOODSWORD_TOKENS + 1 of
   them (one more than any action has, to report it); returns the count. */
static int split(const char *text, char *copy, char **tok)
{
    int n = 0;
    snprintf(copy, WOODSWORD_TEXT_MAX, "%s", text);
    for (char *p = copy; *p && n <= WOODSWORD_TOKENS;) {
        while (*p && isspace((unsigned char)*p))
            *p++ = '\0';
        if (!*p)
            break;
        tok[n++] = p;
        while (*p && !isspace((unsigned char)*p)) {
            *p = (char)tolower((unsigned char)*p);
            p++;
        }
    }
    return n;
}

/* A decimal in [1, max] with nothing else, or 0. */
static int32_t number(const char *s, int32_t max)
{
    int32_t v = 0;
    if (!s || !*s)
        return 0;
    for (; *s; s++) {
        if (!isdigit((unsigned char)*s) || v > max)
            return 0;
        v = v * 10 + (*s - '0');
    }
    return v <= max ? v : 0;
}

static int32_t find_verb(const char *word)
{
    for (int32_t v = 0; v < SAPPER_ARENA_VERBS; v++)
        if (strcmp(word, sapper_arena_verb_word(v)) == 0)
            return v;
    return -1;
}

/* Reads the target and count words of verb from tok[1..n); on success
   writes them, else a reason. */
static sapper_status read_operands(const woodsword_state *s, const char *text, int32_t verb,
                                   char **tok, int n, int32_t *target,
                                   int32_t *count, char *err, size_t errcap)
{
    const char *word = sapper_arena_verb_word(verb);
    int used = 1;
    if (verb == SAPPER_ARENA_MISSILE) {
        *count = number(n > 1 ? tok[1] : NULL, SAPPER_ARENA_MAX_COUNT);
        if (*count == 0) {
            woodsword_say(s, err, errcap, WOODSWORD_P_COUNT, text, word,
                          SAPPER_ARENA_MAX_COUNT, "missile 3");
            return SAPPER_ERR_PARSE;
        }
        used = 2;
    } else if (sapper_arena_has_target(verb)) {
        *target = number(n > 1 ? tok[1] : NULL, SAPPER_ARENA_MAX_SEATS) - 1;
        if (*target < 0) {
            woodsword_say(s, err, errcap, WOODSWORD_P_TARGET, text, word,
                          SAPPER_ARENA_MAX_SEATS, word);
            return SAPPER_ERR_PARSE;
        }
        used = 2;
        if (verb == SAPPER_ARENA_FIST && n > 2 && tok[2][0] == 'x') {
            *count = number(tok[2] + 1, SAPPER_ARENA_MAX_COUNT);
            if (*count == 0) {
                woodsword_say(s, err, errcap, WOODSWORD_P_COUNT, text, word, SAPPER_ARENA_MAX_COUNT,
                       "fist 2 x4");
                return SAPPER_ERR_PARSE;
            }
            used = 3;
        }
        if (verb == SAPPER_ARENA_ALLOCATE && n > 2) {   /* allocate T N */
            *count = number(tok[2], SAPPER_ARENA_MAX_COUNT);
            if (*count == 0) {
                woodsword_say(s, err, errcap, WOODSWORD_P_COUNT, text, word, SAPPER_ARENA_MAX_COUNT,
                       "allocate 5 2");
                return SAPPER_ERR_PARSE;
            }
            used = 3;
        }
    }
    if (n > used) {
        woodsword_say(s, err, errcap, WOODSWORD_P_EXTRA, text, tok[used]);
        return SAPPER_ERR_PARSE;
    }
    return SAPPER_OK;
}

sapper_status woodsword_text_to_action(const void *state, const char *text,
                                       int64_t *action, char *err, size_t errcap)
{
    const woodsword_state *s = state;
    char copy[WOODSWORD_TEXT_MAX];
    char *tok[WOODSWORD_TOKENS + 1];
    int n = split(text ? text : "", copy, tok);
    if (n == 0) {
        woodsword_say(s, err, errcap, WOODSWORD_P_EMPTY);
        return SAPPER_ERR_PARSE;
    }
    int32_t verb = find_verb(tok[0]);
    if (verb < 0) {
        woodsword_say(s, err, errcap, WOODSWORD_P_UNKNOWN, tok[0]);
        return SAPPER_ERR_PARSE;
    }
    int32_t target = 0, count = 1;
    sapper_status st = read_operands(s, text, verb, tok, n, &target, &count, err, errcap);
    if (st != SAPPER_OK)
        return st;
    *action = sapper_arena_action(verb, target, count);
    return SAPPER_OK;
}
