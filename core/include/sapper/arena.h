/*
 * sapper/arena.h - the arena family ("arena"): the view a bot sees and the
 * encoding of actions for free-for-all round games of 2 to 64 seats in the
 * style of Wood-Sword (the `woodsword` rules). One bot written against this
 * header plays every arena ruleset. Header-only; depends on sapper/plugin.h
 * alone. It holds the vocabulary (verbs, action ids, the view); a
 * ruleset's terms (what each verb costs, deals and blocks) and the flow of
 * a game (rounds, matches, who may act) are the rules': the view states
 * the terms, so a balance change is no change of this header.
 *
 * The game in one paragraph: every alive seat secretly picks one action per
 * round (a SIMULTANEOUS turn). If some picked `missile`, those seats then
 * place their missiles one at a time (sequential turns, in a random order
 * drawn from the game seed). Then the round resolves: costs are paid,
 * `gather` and `shield` take effect, reciprocal attacks duel, damage lands,
 * block ranges and shields absorb it, and seats whose overflow their
 * shields cannot absorb die. A round with a death ends the match; the dead
 * are out of the game and the survivors start the next match from zero.
 *
 * Units: points, damage, costs and overflow are in HALF units everywhere in
 * this header and in the view (3 means 1.5 points). Seats are 0-based in
 * ids and in the view; action TEXTS number seats from 1, as every other
 * text of the engine does (`wood_sword 3` hits seat index 2).
 *
 * Changelog (follows the ABI version in sapper/plugin.h):
 *   1.0  2026-11-30  first version.
 *   1.1  2026-11-30  allocate takes a count: `allocate 5 2` puts two missiles
 *                    on seat 5 in one action.
 *   family version 3 (2026-12-01, ABI 1.2): the view states each verb's
 *                    terms (sapper_arena_terms); the header's Wood-Sword
 *                    cost, damage and block functions are gone (use
 *                    sapper_arena_view_terms). Bots built for it declare
 *                    family_version 3; rules that write it, likewise.
 */
#ifndef SAPPER_ARENA_H
#define SAPPER_ARENA_H

#include "sapper/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SAPPER_ARENA_FAMILY    "arena"
#define SAPPER_ARENA_FAMILY_VERSION 3   /* see the changelog above */
#define SAPPER_ARENA_MAX_SEATS 64

/* ------------------------------------------------------------------ */
/* Verbs: what an action does. Numbered as in the Wood-Sword list; the  */
/* comments give Wood-Sword's terms, which its view states (below).     */
/* ------------------------------------------------------------------ */
#define SAPPER_ARENA_GATHER           0  /* +1 point (2 half units)         */
#define SAPPER_ARENA_DEFENSE          1  /* cost 0, blocks 0~3              */
#define SAPPER_ARENA_FIST             2  /* 0.5 each, stackable, 0.5 each   */
#define SAPPER_ARENA_WOOD_SWORD       3  /* cost 1, 1 damage to one seat    */
#define SAPPER_ARENA_STONE_SWORD      4  /* cost 2, 2 damage                */
#define SAPPER_ARENA_IRON_SWORD       5  /* cost 3, 3 damage                */
#define SAPPER_ARENA_GOLD_SWORD       6  /* cost 4, 4 damage                */
#define SAPPER_ARENA_DIAMOND_SWORD    7  /* cost 5, 5 damage                */
#define SAPPER_ARENA_ENCHANTED_SWORD  8  /* cost 6, 6 damage                */
#define SAPPER_ARENA_LLAMA            9  /* cost 2, 0.5 to every other seat */
#define SAPPER_ARENA_MISSILE         10  /* X missiles cost X + 1, 1 each   */
#define SAPPER_ARENA_SHIELD          11  /* cost 2, blocks 0~2, +1 shield   */
#define SAPPER_ARENA_PREP            12  /* cost 1, blocks 0~3, +1 next hit */
#define SAPPER_ARENA_DT_DEFENSE      13  /* cost 1, blocks 0~4              */
#define SAPPER_ARENA_HOLLOW_DEFENSE  14  /* cost 2, blocks 2~6              */
#define SAPPER_ARENA_SUPERIOR_DEFENSE 15 /* cost 3, blocks 0~6              */
#define SAPPER_ARENA_ALLOCATE        16  /* place one missile on a seat     */
#define SAPPER_ARENA_VERBS           17

/* ------------------------------------------------------------------ */
/* Action ids: id = verb * 4096 + (count - 1) * 64 + target.           */
/*   target  0..63: the seat hit by fist, swords and allocate; 0 for    */
/*           every other verb;                                          */
/*   count   1..64: fists stacked (fist) or missiles bought (missile);  */
/*           1 for every other verb.                                    */
/* Every valid (verb, target, count) has exactly one id and ids sort    */
/* by verb first. A ruleset may allow fewer counts than 64 (woodsword   */
/* allows 24 fists): the legal list says which.                         */
/* Text forms (parsed by the rules, ASCII English whatever the display  */
/* language): `gather`, `defense`, `fist T` or `fist T xN`,             */
/* `wood_sword T` ... `enchanted_diamond_sword T`, `llama`,             */
/* `missile X`, `shield`, `prep`, `dt_defense`, `hollow_defense`,       */
/* `superior_defense`, `allocate T`, with T a seat numbered from 1.     */
/* ------------------------------------------------------------------ */
#define SAPPER_ARENA_MAX_COUNT 64
#define SAPPER_ARENA_VERB_STRIDE (SAPPER_ARENA_MAX_COUNT * SAPPER_ARENA_MAX_SEATS)

/** True for the verbs aimed at one seat: fist, the six swords, allocate. */
static inline int sapper_arena_has_target(int32_t verb)
{
    return (verb >= SAPPER_ARENA_FIST && verb <= SAPPER_ARENA_ENCHANTED_SWORD) ||
           verb == SAPPER_ARENA_ALLOCATE;
}

/** True for the verbs that carry a count: fist, missile and allocate. */
static inline int sapper_arena_has_count(int32_t verb)
{
    return verb == SAPPER_ARENA_FIST || verb == SAPPER_ARENA_MISSILE ||
           verb == SAPPER_ARENA_ALLOCATE;
}

/** True for direct attacks (fist and swords): the ones that duel and that
 *  prep strengthens. Missiles and llamas are not direct attacks. */
static inline int sapper_arena_is_attack(int32_t verb)
{
    return verb >= SAPPER_ARENA_FIST && verb <= SAPPER_ARENA_ENCHANTED_SWORD;
}

/** True for the verbs with a block range other than 0~0. */
static inline int sapper_arena_is_defense(int32_t verb)
{
    return verb == SAPPER_ARENA_DEFENSE ||
           (verb >= SAPPER_ARENA_SHIELD && verb <= SAPPER_ARENA_SUPERIOR_DEFENSE);
}

/** The id of (verb, target, count); -1 when they are not a valid triple
 *  (a target on an untargeted verb, a count on an uncounted one, ...). */
static inline int64_t sapper_arena_action(int32_t verb, int32_t target,
                                          int32_t count)
{
    if (verb < 0 || verb >= SAPPER_ARENA_VERBS)
        return -1;
    if (sapper_arena_has_target(verb) ? target < 0 || target >= SAPPER_ARENA_MAX_SEATS
                                      : target != 0)
        return -1;
    if (sapper_arena_has_count(verb) ? count < 1 || count > SAPPER_ARENA_MAX_COUNT
                                     : count != 1)
        return -1;
    return (int64_t)verb * SAPPER_ARENA_VERB_STRIDE +
           (int64_t)(count - 1) * SAPPER_ARENA_MAX_SEATS + target;
}

/** Splits an id; returns 0 (outputs untouched) when it is not the id of a
 *  valid triple. Any output pointer may be NULL. */
static inline int sapper_arena_decode(int64_t action, int32_t *verb,
                                      int32_t *target, int32_t *count)
{
    if (action < 0 || action >= (int64_t)SAPPER_ARENA_VERBS * SAPPER_ARENA_VERB_STRIDE)
        return 0;
    int32_t v = (int32_t)(action / SAPPER_ARENA_VERB_STRIDE);
    int32_t t = (int32_t)(action % SAPPER_ARENA_MAX_SEATS);
    int32_t c = (int32_t)(action % SAPPER_ARENA_VERB_STRIDE / SAPPER_ARENA_MAX_SEATS) + 1;
    if (sapper_arena_action(v, t, c) != action)
        return 0;
    if (verb)
        *verb = v;
    if (target)
        *target = t;
    if (count)
        *count = c;
    return 1;
}

/** The verb's word in action texts ("wood_sword"), or NULL. */
static inline const char *sapper_arena_verb_word(int32_t verb)
{
    static const char *const words[SAPPER_ARENA_VERBS] = {
        "gather", "defense", "fist", "wood_sword", "stone_sword",
        "iron_sword", "gold_sword", "diamond_sword",
        "enchanted_diamond_sword", "llama", "missile", "shield", "prep",
        "dt_defense", "hollow_defense", "superior_defense", "allocate",
    };
    return verb >= 0 && verb < SAPPER_ARENA_VERBS ? words[verb] : NULL;
}

/** Overflow in half units of `incoming` damage against a block range. */
static inline int32_t sapper_arena_overflow(int32_t incoming, int32_t lo,
                                            int32_t hi)
{
    return incoming < lo ? lo - incoming : incoming > hi ? incoming - hi : 0;
}

/* ------------------------------------------------------------------ */
/* A verb's terms: what the ruleset being played makes it cost, deal    */
/* and block, in half units. The view holds one per verb.               */
/* ------------------------------------------------------------------ */
typedef struct sapper_arena_terms {
    int32_t cost_base;      /* cost = cost_base + cost_per * count          */
    int32_t cost_per;
    int32_t damage_base;    /* damage = damage_base + damage_per * count
                               (+ prep_bonus for a direct attack when the
                               attacker's prep is ready): to the target for
                               an attack, to each other seat for llama, per
                               missile for missile                          */
    int32_t damage_per;
    int32_t block_lo;       /* incoming damage in [block_lo, block_hi] is   */
    int32_t block_hi;       /* blocked; 0~0 for a verb that is no defence   */
} sapper_arena_terms;

static inline int32_t sapper_arena_terms_cost(const sapper_arena_terms *t, int32_t count)
{
    return t->cost_base + t->cost_per * count;
}

static inline int32_t sapper_arena_terms_damage(const sapper_arena_terms *t,
                                                int32_t count, int32_t bonus)
{
    return t->damage_base + t->damage_per * count + bonus;
}

/* ------------------------------------------------------------------ */
/* The view.                                                            */
/* ------------------------------------------------------------------ */

/* sapper_arena_view.phase */
#define SAPPER_ARENA_PHASE_CHOOSE   0  /* every alive seat picks an action  */
#define SAPPER_ARENA_PHASE_ALLOCATE 1  /* missile users place their missiles */
#define SAPPER_ARENA_PHASE_OVER     2  /* the game has ended                */

/**
 * One seat as the viewer sees it. "Last round" members describe the most
 * recently resolved round (the report a front end shows after the reveal);
 * they are zero, or SAPPER_NO_ACTION / -1, before the first round.
 */
typedef struct sapper_arena_seat {
    int32_t alive;          /* 1 in the game, 0 eliminated                  */
    int32_t points;         /* half units; 0 at the start of every match    */
    int32_t shields;        /* 0..2                                         */
    int32_t prep;           /* 1: prep is ready, its next fist or sword
                               deals +1 (2 half units)                      */
    int64_t choice;         /* this round's action: every seat's in the
                               ALLOCATE phase (revealed); in CHOOSE only
                               the viewer's own (every seat's for the
                               omniscient viewer), and only once locked
                               with apply_action; else SAPPER_NO_ACTION     */
    int32_t missiles_left;  /* ALLOCATE: missiles it still has to place     */
    int32_t missiles_on;    /* ALLOCATE: missiles placed on it so far       */
    int32_t alloc_turn;     /* ALLOCATE: its place in the placing order
                               (0 first), -1 when it placed no missiles     */
    int32_t dealt_to_viewer;/* damage it dealt the viewer this match (half
                               units): attacks, llamas and missiles aimed
                               at the viewer, blocked or not, plus duel
                               overflow; 0 in the omniscient view. The
                               "aggro" a bot keeps without any memory       */
    int64_t last_action;    /* its action in the last round (SAPPER_NO_ACTION
                               when it was not alive then)                  */
    int32_t last_target;    /* target seat of that fist, sword or -1        */
    int32_t last_damage;    /* what its fist/sword dealt (prep included) or
                               its missiles in total, half units            */
    int32_t last_incoming;  /* damage aimed at it last round, blocked or
                               not (duel overflow not included), half units */
    int32_t last_overflow;  /* overflow it took, duel overflow included     */
    int32_t last_shields_broken; /* shields that overflow broke             */
    int32_t last_died;      /* 1 when it died in the last round             */
    int32_t last_points;    /* points at the end of the last round, before
                               any match reset (the reveal shows these)     */
    int32_t last_shields;   /* shields likewise                             */
    int32_t last_duel;      /* the seat it duelled last round, or -1        */
    int32_t out_match;      /* the match it was eliminated in, 0 if alive   */
} sapper_arena_seat;

/**
 * The view of one seat (what observe() writes for the arena family): this
 * fixed header followed by `players` sapper_arena_seat records. The records
 * start at byte offset struct_size and are seat_size bytes apart (a later
 * minor version may grow either), so readers use sapper_arena_view_seat().
 */
typedef struct sapper_arena_view {
    uint32_t struct_size;   /* sizeof(sapper_arena_view) of the writer      */
    uint32_t seat_size;     /* sizeof(sapper_arena_seat) of the writer      */
    int32_t seat;           /* the viewer, or SAPPER_OMNISCIENT             */
    int32_t players;        /* seats in the game, 2..64                     */
    int32_t to_move;        /* current_player() of the state                */
    int32_t phase;          /* SAPPER_ARENA_PHASE_*                         */
    int32_t match;          /* current match, from 1                        */
    int32_t round;          /* current round of the match, from 1: the one
                               being chosen; OVER: the last one played (the
                               game ended in match, round)                  */
    int32_t rounds_played;  /* rounds resolved in the whole game            */
    int32_t max_rounds;     /* the game ends with no winner after this many */
    int32_t alive;          /* seats still in the game                      */
    int32_t winner;         /* OVER: the winning seat, -1 for no winner
                               (all died together, or max_rounds); -1
                               before the end                               */
    int32_t last_match;     /* match and round of the last resolved round;  */
    int32_t last_round;     /* 0 before any. last_match != match: that
                               round ended a match (its dead are out)       */
    int32_t allocator;      /* ALLOCATE: the seat placing missiles, else -1 */
    int32_t reserved;       /* 0                                            */
    /* ---- family version 3 ---- */
    uint32_t terms_offset;  /* byte offset of SAPPER_ARENA_VERBS terms      */
    uint32_t terms_size;    /* sizeof(sapper_arena_terms) of the writer     */
    int32_t prep_bonus;     /* damage a ready prep adds to a direct attack  */
    int32_t reserved2;      /* 0                                            */
} sapper_arena_view;

/* The header of a family version 1 or 2 writer (before the terms). */
#define SAPPER_ARENA_VIEW_SIZE_2 offsetof(sapper_arena_view, terms_offset)

static inline size_t sapper_arena_view_size(int32_t players)
{
    return sizeof(sapper_arena_view) + (size_t)players * sizeof(sapper_arena_seat) +
           SAPPER_ARENA_VERBS * sizeof(sapper_arena_terms);
}

/**
 * The terms of verb in a view of view_size bytes into *out (zero-extended
 * from the writer's size); 0 when the view has none (a writer before
 * family version 3) or is malformed. [any time]
 */
static inline int sapper_arena_view_terms(const void *view, size_t view_size,
                                          int32_t verb, sapper_arena_terms *out)
{
    const sapper_arena_view *v = (const sapper_arena_view *)view;
    memset(out, 0, sizeof *out);
    if (!v || view_size < SAPPER_ARENA_VIEW_SIZE_2 + 16 ||
        v->struct_size < offsetof(sapper_arena_view, prep_bonus) + sizeof(int32_t) ||
        verb < 0 || verb >= SAPPER_ARENA_VERBS || v->terms_size < 6 * sizeof(int32_t) ||
        v->terms_size > 4096)
        return 0;
    uint64_t at = (uint64_t)v->terms_offset + (uint64_t)verb * v->terms_size;
    size_t n = v->terms_size < sizeof *out ? v->terms_size : sizeof *out;
    if (at + n > view_size)
        return 0;
    memcpy(out, (const unsigned char *)view + at, n);
    return 1;
}

/** The view's prep bonus (0 before family version 3). */
static inline int32_t sapper_arena_view_prep_bonus(const void *view, size_t view_size)
{
    const sapper_arena_view *v = (const sapper_arena_view *)view;
    return v && view_size >= sizeof *v &&
           v->struct_size >= offsetof(sapper_arena_view, prep_bonus) + sizeof(int32_t)
        ? v->prep_bonus : 0;
}

/**
 * Seat i of a view of view_size bytes, in place, or NULL when the view is
 * malformed (too small, bad sizes, i out of range) or its seats are
 * smaller than this header's (an older writer: use
 * sapper_arena_view_read_seat). Bots should check the viewer's own seat
 * first and refuse (SAPPER_ERR_STATE) on NULL.
 */
static inline const sapper_arena_seat *sapper_arena_view_seat(const void *view,
                                                              size_t view_size,
                                                              int32_t i)
{
    const sapper_arena_view *v = (const sapper_arena_view *)view;
    if (!v || view_size < SAPPER_ARENA_VIEW_SIZE_2 || v->struct_size < SAPPER_ARENA_VIEW_SIZE_2 ||
        v->seat_size < sizeof(sapper_arena_seat) || v->players < 1 ||
        v->players > SAPPER_ARENA_MAX_SEATS || i < 0 || i >= v->players)
        return NULL;
    uint64_t need = (uint64_t)v->struct_size + (uint64_t)v->players * v->seat_size;
    if (need > view_size)
        return NULL;
    return (const sapper_arena_seat *)((const unsigned char *)view +
                                       v->struct_size + (size_t)i * v->seat_size);
}

/** Seat i copied into *out, zero-extended from the writer's seat_size
 *  (which may be smaller or larger than this header's): the accessor that
 *  works with every writer. 0 when the view is malformed or i out of
 *  range. [any time] */
static inline int sapper_arena_view_read_seat(const void *view, size_t view_size,
                                              int32_t i, sapper_arena_seat *out)
{
    const sapper_arena_view *v = (const sapper_arena_view *)view;
    memset(out, 0, sizeof *out);
    if (!v || view_size < SAPPER_ARENA_VIEW_SIZE_2 || v->struct_size < SAPPER_ARENA_VIEW_SIZE_2 ||
        v->seat_size < 4 || v->seat_size > 65536 || v->players < 1 ||
        v->players > SAPPER_ARENA_MAX_SEATS || i < 0 || i >= v->players)
        return 0;
    uint64_t need = (uint64_t)v->struct_size + (uint64_t)v->players * v->seat_size;
    if (need > view_size)
        return 0;
    memcpy(out, (const unsigned char *)view + v->struct_size + (size_t)i * v->seat_size,
           v->seat_size < sizeof *out ? v->seat_size : sizeof *out);
    return 1;
}

#ifdef __cplusplus
}
#endif
#endif /* SAPPER_ARENA_H */
