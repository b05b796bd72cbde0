/*
 * proto_arena.c - the arena family in the protocol (PROTOCOL.md "The arena
 * view"): a sapper_arena_view as `view`, `info`, `terms` and `seat` lines
 * of named fields, and action ids as the rules' texts ("fist 2 x3",
 * "allocate 5 2") and back. Seats are numbered from 1 in every text.
 */
#include "proto_internal.h"

#include <stdio.h>
#include <string.h>

#include "sapper/arena.h"

static int seat_number(int32_t s)
{
    return s >= 0 ? (int)s + 1 : 0;
}

static const char *phase_word(int32_t phase)
{
    return phase == SAPPER_ARENA_PHASE_CHOOSE ? "choose"
         : phase == SAPPER_ARENA_PHASE_ALLOCATE ? "allocate" : "over";
}

int proto_arena_text(int64_t id, char *buf, size_t cap)
{
    int32_t verb, target, count;
    if (!sapper_arena_decode(id, &verb, &target, &count))
        return -1;
    const char *word = sapper_arena_verb_word(verb);
    if (verb == SAPPER_ARENA_MISSILE)
        return snprintf(buf, cap, "%s %d", word, (int)count);
    if (verb == SAPPER_ARENA_FIST && count > 1)
        return snprintf(buf, cap, "%s %d x%d", word, (int)target + 1, (int)count);
    if (verb == SAPPER_ARENA_ALLOCATE && count > 1)
        return snprintf(buf, cap, "%s %d %d", word, (int)target + 1, (int)count);
    if (sapper_arena_has_target(verb))
        return snprintf(buf, cap, "%s %d", word, (int)target + 1);
    return snprintf(buf, cap, "%s", word);
}

/* An action in a key=value word: its text with commas for spaces, or "-". */
static void put_action_value(sapper_strbuf *o, int64_t id)
{
    char text[64];
    if (id == SAPPER_NO_ACTION || proto_arena_text(id, text, sizeof text) < 0) {
        sapper_strbuf_append(o, "-", 1);
        return;
    }
    for (char *c = text; *c; c++)
        *c = *c == ' ' ? ',' : *c;
    sapper_strbuf_append(o, text, strlen(text));
}

static void put_seat(sapper_strbuf *o, int32_t i, const sapper_arena_seat *s)
{
    sapper_strbuf_printf(o, "seat %d alive=%d points=%d shields=%d prep=%d choice=",
                         (int)i + 1, (int)s->alive, (int)s->points, (int)s->shields,
                         (int)s->prep);
    put_action_value(o, s->choice);
    sapper_strbuf_printf(o, " missiles_left=%d missiles_on=%d alloc_turn=%d "
                         "dealt_to_viewer=%d last_action=", (int)s->missiles_left,
                         (int)s->missiles_on, s->alloc_turn >= 0 ? (int)s->alloc_turn + 1 : 0,
                         (int)s->dealt_to_viewer);
    put_action_value(o, s->last_action);
    sapper_strbuf_printf(o, " last_target=%d last_damage=%d last_incoming=%d "
                         "last_overflow=%d last_shields_broken=%d last_died=%d "
                         "last_points=%d last_shields=%d last_duel=%d out_match=%d\n",
                         seat_number(s->last_target), (int)s->last_damage,
                         (int)s->last_incoming, (int)s->last_overflow,
                         (int)s->last_shields_broken, (int)s->last_died, (int)s->last_points,
                         (int)s->last_shields, seat_number(s->last_duel), (int)s->out_match);
}

int proto_arena_view(sapper_strbuf *o, sapper_proto_codec *c, const void *view, size_t size)
{
    const sapper_arena_view *v = view;
    sapper_arena_seat seat;
    if (!sapper_arena_view_seat(view, size, 0))
        return -1;
    c->players = v->players;
    sapper_strbuf_printf(o, "view arena %d\ninfo seat=%d to_move=", (int)v->players,
                         seat_number(v->seat));
    if (v->to_move == SAPPER_SIMULTANEOUS)
        sapper_strbuf_append(o, "all", 3);
    else
        sapper_strbuf_printf(o, "%d", seat_number(v->to_move));
    sapper_strbuf_printf(o, " phase=%s match=%d round=%d rounds_played=%d max_rounds=%d "
                         "alive=%d winner=%d last_match=%d last_round=%d allocator=%d "
                         "prep_bonus=%d\n", phase_word(v->phase), (int)v->match,
                         (int)v->round, (int)v->rounds_played, (int)v->max_rounds,
                         (int)v->alive, seat_number(v->winner), (int)v->last_match,
                         (int)v->last_round, seat_number(v->allocator),
                         (int)sapper_arena_view_prep_bonus(view, size));
    for (int32_t verb = 0; verb < SAPPER_ARENA_VERBS; verb++) {
        sapper_arena_terms t;
        if (!sapper_arena_view_terms(view, size, verb, &t))
            break;
        sapper_strbuf_printf(o, "terms %s cost=%d,%d damage=%d,%d block=%d,%d\n",
                             sapper_arena_verb_word(verb), (int)t.cost_base,
                             (int)t.cost_per, (int)t.damage_base, (int)t.damage_per,
                             (int)t.block_lo, (int)t.block_hi);
    }
    for (int32_t i = 0; i < v->players; i++) {
        if (!sapper_arena_view_read_seat(view, size, i, &seat))
            return -1;
        put_seat(o, i, &seat);
    }
    return 0;
}

static int32_t find_verb(const char *text, const char **rest)
{
    for (int32_t v = 0; v < SAPPER_ARENA_VERBS; v++) {
        const char *w = sapper_arena_verb_word(v);
        size_t n = strlen(w);
        if (strncmp(text, w, n) == 0 && (text[n] == '\0' || text[n] == ' ')) {
            *rest = text + n;
            return v;
        }
    }
    return -1;
}

/* The words after the verb: a target (fist, swords, allocate), a count
   (missile), and the optional second count (fist xN, allocate N). */
static int read_operands(const sapper_proto_codec *c, int32_t verb, const char *p,
                         int32_t *target, int32_t *count)
{
    int64_t t = 1, n = 1;
    int players = c->players > 0 ? c->players : SAPPER_ARENA_MAX_SEATS;
    if (verb == SAPPER_ARENA_MISSILE) {
        if (*p++ != ' ' || proto_number(&p, 1, SAPPER_ARENA_MAX_COUNT, &n))
            return -1;
    } else if (sapper_arena_has_target(verb)) {
        if (*p++ != ' ' || proto_number(&p, 1, players, &t))
            return -1;
        if (*p == ' ' && verb == SAPPER_ARENA_FIST) {
            p += 2;
            if (p[-1] != 'x' || proto_number(&p, 2, SAPPER_ARENA_MAX_COUNT, &n))
                return -1;
        } else if (*p == ' ' && verb == SAPPER_ARENA_ALLOCATE) {
            p++;
            if (proto_number(&p, 2, SAPPER_ARENA_MAX_COUNT, &n))
                return -1;
        }
    }
    if (*p)
        return -1;
    *target = sapper_arena_has_target(verb) ? (int32_t)t - 1 : 0;
    *count = (int32_t)n;
    return 0;
}

int proto_arena_action(const sapper_proto_codec *c, const char *text, int64_t *id,
                       char *why, size_t whycap)
{
    const char *rest;
    int32_t target, count, verb = find_verb(text, &rest);
    if (verb < 0 || read_operands(c, verb, rest, &target, &count) ||
        (*id = sapper_arena_action(verb, target, count)) < 0)
        return proto_expected(why, whycap, "an arena action: \"gather\", \"fist T\", "
                              "\"fist T xN\", \"wood_sword T\", \"missile N\", \"allocate "
                              "T\", ... (PROTOCOL.md), T a seat from 1", text);
    return 0;
}
