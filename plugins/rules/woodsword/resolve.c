/*
 * resolve.c - one Wood-Sword round resolved, once every choice and missile
 * is in: costs and income, duels, damage, block ranges and shields, the
 * llama recomputation, deaths, prep, and the end of the round (the match
 * reset, the game's end). It checks nothing: woodsword.c only lets legal
 * choices through. The order of steps is the reference implementation's
 * (see woodsword.h); every amount is in half units.
 */
#include "state.h"

#include <string.h>

/* Scratch of one resolution. */
typedef struct woodsword_round {
    int32_t verb[WOODSWORD_SEATS], target[WOODSWORD_SEATS], count[WOODSWORD_SEATS];
    int32_t attack[WOODSWORD_SEATS];        /* direct attack damage, prep included  */
    int32_t cancelled[WOODSWORD_SEATS];     /* that attack was removed by a duel    */
    int32_t duel_with[WOODSWORD_SEATS];     /* the other duellist, -1               */
    int32_t duel_overflow[WOODSWORD_SEATS]; /* lost by this much in its duel        */
    int32_t llama[WOODSWORD_SEATS];         /* a caster whose llama counts          */
    int32_t incoming[WOODSWORD_SEATS];      /* damage aimed at it (not duels)       */
    int32_t overflow[WOODSWORD_SEATS];
    int32_t needed[WOODSWORD_SEATS];        /* shields the overflow needs           */
    int32_t died[WOODSWORD_SEATS];
    int32_t casters;                 /* llama users this round               */
} woodsword_round;

/* Reads every alive seat's choice; a seat without one defends. */
static void read_choices(const woodsword_state *s, woodsword_round *r)
{
    memset(r, 0, sizeof *r);
    for (int32_t i = 0; i < s->players; i++) {
        r->duel_with[i] = -1;
        r->target[i] = -1;
        r->verb[i] = SAPPER_ARENA_DEFENSE;
        r->count[i] = 1;
        if (!s->seat[i].alive)
            continue;
        sapper_arena_decode(s->seat[i].choice, &r->verb[i], &r->target[i], &r->count[i]);
        if (!sapper_arena_has_target(r->verb[i]))
            r->target[i] = -1;
        r->llama[i] = r->verb[i] == SAPPER_ARENA_LLAMA;
        r->casters += r->llama[i];
    }
}

/* Step 1: everyone pays; gather and shield take effect before damage. */
static void pay_and_bank(woodsword_state *s, const woodsword_round *r)
{
    for (int32_t i = 0; i < s->players; i++) {
        woodsword_seat *p = &s->seat[i];
        if (!p->alive)
            continue;
        p->points -= woodsword_cost(r->verb[i], r->count[i]);
        if (r->verb[i] == SAPPER_ARENA_GATHER)
            p->points += 2;
        if (r->verb[i] == SAPPER_ARENA_SHIELD && p->shields < WOODSWORD_MAX_SHIELDS)
            p->shields++;
    }
}

/* Step 2: direct attacks take their prep bonus (using the prep up), and
   attacks aimed at each other duel. */
static void find_duels(woodsword_state *s, woodsword_round *r)
{
    for (int32_t i = 0; i < s->players; i++) {
        if (!s->seat[i].alive || !sapper_arena_is_attack(r->verb[i]))
            continue;
        r->attack[i] = woodsword_damage(r->verb[i], r->count[i], s->seat[i].prep);
        s->seat[i].prep = 0;   /* used even if the duel cancels the attack */
    }
    for (int32_t i = 0; i < s->players; i++) {
        int32_t j = r->target[i];
        if (r->attack[i] == 0 || j <= i || r->attack[j] == 0 || r->target[j] != i)
            continue;
        r->cancelled[i] = r->cancelled[j] = 1;
        r->duel_with[i] = j;
        r->duel_with[j] = i;
        if (r->attack[i] > r->attack[j])
            r->duel_overflow[j] = r->attack[i] - r->attack[j];
        else
            r->duel_overflow[i] = r->attack[j] - r->attack[i];
    }
}

/* Steps 3-5 for the current set of counting llamas: damage per target,
   block ranges, duel overflow, shields, deaths. A llama hits every other
   alive seat, so each takes the counting llamas but its own; missiles
   by the count placed on each seat. */
static void compute_damage(const woodsword_state *s, woodsword_round *r)
{
    int32_t llama = woodsword_damage(SAPPER_ARENA_LLAMA, 1, 0), casters = 0;
    int32_t missile = woodsword_damage(SAPPER_ARENA_MISSILE, 1, 0);
    for (int32_t i = 0; i < s->players; i++)
        casters += r->llama[i];
    memset(r->incoming, 0, sizeof r->incoming);
    for (int32_t i = 0; i < s->players; i++) {
        if (!s->seat[i].alive)
            continue;
        if (r->attack[i] && !r->cancelled[i])
            r->incoming[r->target[i]] += r->attack[i];
        r->incoming[i] += (casters - r->llama[i]) * llama + s->missiles_on[i] * missile;
    }
    for (int32_t i = 0; i < s->players; i++) {
        int32_t lo, hi;
        if (!s->seat[i].alive)
            continue;
        woodsword_block(r->verb[i], &lo, &hi);
        r->overflow[i] = sapper_arena_overflow(r->incoming[i], lo, hi) + r->duel_overflow[i];
        r->needed[i] = (r->overflow[i] + 3) / 4;   /* a shield absorbs 2 points */
        r->died[i] = r->needed[i] > s->seat[i].shields;
    }
}

/* A llama whose caster dies deals nothing: recompute without it until the
   set of surviving casters is stable, at most casters + 1 passes (an odd
   cycle of casters killing each other ends on the last pass computed). */
static void settle_llamas(const woodsword_state *s, woodsword_round *r)
{
    for (int32_t pass = 0; pass <= r->casters; pass++) {
        compute_damage(s, r);
        int32_t next[WOODSWORD_SEATS], changed = 0;
        for (int32_t i = 0; i < s->players; i++) {
            next[i] = s->seat[i].alive && r->verb[i] == SAPPER_ARENA_LLAMA && !r->died[i];
            changed |= next[i] != r->llama[i];
        }
        if (!changed || pass == r->casters)
            return;
        memcpy(r->llama, next, sizeof next);
    }
}

/* Damage seat `from` aimed at or forced on each victim, for the aggro
   table of this match. */
static void add_aggro(woodsword_state *s, const woodsword_round *r, int32_t from)
{
    int32_t llama = woodsword_damage(SAPPER_ARENA_LLAMA, 1, 0);
    int32_t missile = woodsword_damage(SAPPER_ARENA_MISSILE, 1, 0);
    if (r->attack[from] && !r->cancelled[from])
        s->dealt[r->target[from]][from] += r->attack[from];
    if (r->duel_with[from] >= 0)
        s->dealt[r->duel_with[from]][from] += r->duel_overflow[r->duel_with[from]];
    for (int32_t j = 0; r->llama[from] && j < s->players; j++)
        if (j != from && s->seat[j].alive)
            s->dealt[j][from] += llama;
    for (int32_t j = 0; s->seat[from].alloc_turn >= 0 && j < s->players; j++)
        s->dealt[j][from] += s->missiles[from][j] * missile;   /* it placed some */
}

static void write_report(woodsword_seat *p, const woodsword_round *r, int32_t i, int32_t broken)
{
    p->last = (woodsword_report){
        .action = p->choice, .target = r->target[i], .incoming = r->incoming[i],
        .overflow = r->overflow[i], .broken = broken, .died = r->died[i],
        .points = p->points, .shields = p->shields, .duel = r->duel_with[i],
        /* 1: its caster died; 2: cancelled, the casters alive (with the
           llamas counted they would have killed each other) */
        .fizzled = r->verb[i] != SAPPER_ARENA_LLAMA || r->llama[i] ? 0
                 : r->died[i] ? 1 : 2,
        .damage = r->verb[i] == SAPPER_ARENA_MISSILE
                      ? r->count[i] * woodsword_damage(SAPPER_ARENA_MISSILE, 1, 0)
                      : r->attack[i],
    };
}

/* Shields, deaths, aggro, prep and the report of every seat. */
static void apply_outcome(woodsword_state *s, const woodsword_round *r)
{
    for (int32_t i = 0; i < s->players; i++)
        if (s->seat[i].alive)
            add_aggro(s, r, i);
    for (int32_t i = 0; i < s->players; i++) {
        woodsword_seat *p = &s->seat[i];
        if (!p->alive) {
            p->last = (woodsword_report){ .action = SAPPER_NO_ACTION, .target = -1, .duel = -1,
                                   .points = p->points, .shields = p->shields };
            continue;
        }
        int32_t broken = r->needed[i] < p->shields ? r->needed[i] : p->shields;
        p->shields = r->died[i] ? 0 : p->shields - r->needed[i];
        if (r->verb[i] == SAPPER_ARENA_PREP)
            p->prep = r->incoming[i] == 0;   /* blocked damage counts too */
        else if (r->incoming[i] > 0)
            p->prep = 0;
        if (r->died[i])
            p->prep = 0;
        write_report(p, r, i, broken);
    }
    memcpy(s->last_missiles, s->missiles, sizeof s->missiles);
}

/* Survivors start the next match from nothing; aggro is forgotten. */
static void start_match(woodsword_state *s)
{
    s->match++;
    s->round = 1;
    for (int32_t i = 0; i < s->players; i++) {
        s->seat[i].points = 0;
        s->seat[i].shields = 0;
        s->seat[i].prep = 0;
    }
    memset(s->dealt, 0, sizeof s->dealt);
}

/* The dead leave together; a death ends the match, one survivor or none
   ends the game; so does max_rounds. A game that ends stays at the match
   and round it ended in: no round or match after it is ever played. */
static void end_round(woodsword_state *s, const woodsword_round *r)
{
    int32_t deaths = 0;
    s->rounds_played++;
    s->last_match = s->match;
    s->last_round = s->round;
    for (int32_t i = 0; i < s->players; i++)
        if (s->seat[i].alive && r->died[i]) {
            s->seat[i].alive = 0;
            s->alive--;
            s->seat[i].out_match = s->match;
            deaths++;
        }
    s->phase = SAPPER_ARENA_PHASE_CHOOSE;
    if (woodsword_alive_count(s) <= 1) {
        s->phase = SAPPER_ARENA_PHASE_OVER;
        for (int32_t i = 0; i < s->players; i++)
            if (s->seat[i].alive)
                s->winner = i;
        return;
    }
    if (s->rounds_played >= s->game->max_rounds) {
        s->phase = SAPPER_ARENA_PHASE_OVER;
        s->stalled = 1;
        return;
    }
    if (deaths > 0)
        start_match(s);
    else
        s->round++;
}

void woodsword_resolve_round(woodsword_state *s)
{
    woodsword_round r;
    read_choices(s, &r);
    pay_and_bank(s, &r);
    find_duels(s, &r);
    settle_llamas(s, &r);
    apply_outcome(s, &r);
    end_round(s, &r);
}
