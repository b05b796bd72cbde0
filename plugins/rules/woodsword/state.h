/*
 * state.h - the woodsword game and state records and the functions the
 * rules' files share (woodsword.c: flow and legality, resolve.c: a round's
 * damage, view.c: observe, render.c: text, text.c: strings). Private to
 * the plugin: bots see sapper/arena.h only. A state is plain data of fixed
 * size, so a clone is one memcpy.
 */
#ifndef WOODSWORD_STATE_H
#define WOODSWORD_STATE_H

#include <stdarg.h>

#include "woodsword.h"

#define WOODSWORD_SEATS WOODSWORD_MAX_SEATS

#define WOODSWORD_LANG_EN 0
#define WOODSWORD_LANG_ZH 1

typedef struct woodsword_game {
    int32_t lang;         /* WOODSWORD_LANG_*                                   */
    int32_t max_rounds;   /* the game ends with no winner after these    */
} woodsword_game;

/* One seat's part of the last resolved round. */
typedef struct woodsword_report {
    int64_t action;       /* SAPPER_NO_ACTION: not alive in that round   */
    int32_t target;       /* fist/sword target, else -1                  */
    int32_t damage;       /* attack damage (prep included) or missiles   */
    int32_t incoming;     /* damage aimed at it, blocked or not          */
    int32_t overflow;     /* after block range, duel overflow included   */
    int32_t broken;       /* shields broken                              */
    int32_t died;
    int32_t points;       /* at the end of the round, before a reset     */
    int32_t shields;
    int32_t duel;         /* the seat it duelled, else -1                */
    int32_t fizzled;      /* its llama dealt nothing: 1 the caster died,
                             2 the casters would have killed each other */
} woodsword_report;

typedef struct woodsword_seat {
    int32_t alive;
    int32_t points;       /* half units                                  */
    int32_t shields;
    int32_t prep;         /* prep ready                                  */
    int64_t choice;       /* this round's action, SAPPER_NO_ACTION       */
    int32_t locked;       /* choice locked by apply_action               */
    int32_t missiles_left;
    int32_t alloc_turn;   /* index in queue, -1                          */
    int32_t out_match;    /* match it was eliminated in, 0               */
    woodsword_report last;
} woodsword_seat;

typedef struct woodsword_state {
    const woodsword_game *game;  /* borrowed: the game outlives its states      */
    int32_t players;
    int32_t alive;        /* seats with seat[i].alive                    */
    int32_t phase;        /* SAPPER_ARENA_PHASE_*                        */
    int32_t match, round; /* from 1                                      */
    int32_t rounds_played;
    int32_t winner;       /* -1 none                                     */
    int32_t stalled;      /* over because of max_rounds                  */
    int32_t last_match, last_round;
    int32_t queue[WOODSWORD_SEATS];   /* missile users in placing order         */
    int32_t nqueue, qpos;
    sapper_rng rng;
    woodsword_seat seat[WOODSWORD_SEATS];
    uint8_t missiles[WOODSWORD_SEATS][WOODSWORD_SEATS];      /* this round [user][target] */
    uint8_t last_missiles[WOODSWORD_SEATS][WOODSWORD_SEATS]; /* last resolved round       */
    int32_t missiles_on[WOODSWORD_SEATS];             /* this round, per target    */
    int32_t dealt[WOODSWORD_SEATS][WOODSWORD_SEATS];         /* this match [victim][from] */
    sapper_arena_seat shown[WOODSWORD_SEATS];         /* every seat as any viewer
                                                  sees it (view.c)          */
} woodsword_state;

/* woodsword.c */
/* Seats still in the game (kept where seats die, so no one counts them). */
static inline int32_t woodsword_alive_count(const woodsword_state *s)
{
    return s->alive;
}
/* Has seat some legal action of verb now (CHOOSE phase)? */
int woodsword_verb_open(const woodsword_state *s, int32_t seat, int32_t verb);

/* resolve.c: resolves the round whose choices (and missiles) are all in,
   then ends it: deaths, match reset, game over, next round. */
void woodsword_resolve_round(woodsword_state *s);

/* view.c: s->shown[i] brought up to date with seat i (woodsword_show_seat) or
   with every seat (woodsword_show_all), after any change to what they show. */
void woodsword_show_seat(woodsword_state *s, int32_t i);
void woodsword_show_all(woodsword_state *s);

/* terms.c: the balance, in half units, as the view states it. */
#define WOODSWORD_PREP_BONUS 2   /* a ready prep adds 1 point to a direct attack */
extern const sapper_arena_terms woodsword_terms[SAPPER_ARENA_VERBS];
int32_t woodsword_cost(int32_t verb, int32_t count);
/* for an attack, to its target (+ the prep bonus when prep is set); for
   llama, to each other seat; for missile, per missile */
int32_t woodsword_damage(int32_t verb, int32_t count, int32_t prep);
void woodsword_block(int32_t verb, int32_t *lo, int32_t *hi);

/* text.c: message ids and the language tables. */
enum woodsword_msg {
    /* refusals and parse errors */
    WOODSWORD_R_NOT_ACTION, WOODSWORD_R_OVER, WOODSWORD_R_DEAD,
    WOODSWORD_R_LOCKED, WOODSWORD_R_NO_MISSILES, WOODSWORD_R_SELF,
    WOODSWORD_R_NO_SEAT, WOODSWORD_R_TARGET_DEAD, WOODSWORD_R_POINTS,
    WOODSWORD_R_SHIELD_CAP, WOODSWORD_R_FISTS, WOODSWORD_R_UNPLACED,
    WOODSWORD_R_NOT_TURN, WOODSWORD_R_JOINT_SIZE, WOODSWORD_R_SEAT_SAYS,
    WOODSWORD_P_EMPTY, WOODSWORD_P_UNKNOWN, WOODSWORD_P_TARGET,
    WOODSWORD_P_COUNT, WOODSWORD_P_EXTRA,
    /* rendering */
    WOODSWORD_T_HEADER, WOODSWORD_T_SEAT, WOODSWORD_T_POINTS,
    WOODSWORD_T_SHIELDS, WOODSWORD_T_PREP, WOODSWORD_T_ALIVE, WOODSWORD_T_OUT,
    WOODSWORD_T_LAST, WOODSWORD_T_ATTACK, WOODSWORD_T_DUEL, WOODSWORD_T_PLAIN,
    WOODSWORD_T_LLAMA, WOODSWORD_T_FIZZLED, WOODSWORD_T_CANCELLED,
    WOODSWORD_T_MISSILE, WOODSWORD_T_HIT, WOODSWORD_T_BROKEN, WOODSWORD_T_DIED,
    WOODSWORD_T_ELIMINATED, WOODSWORD_T_NEXT_MATCH, WOODSWORD_T_WINNER,
    WOODSWORD_T_NO_WINNER_DEAD, WOODSWORD_T_NO_WINNER_LIMIT,
    WOODSWORD_T_CHOOSING, WOODSWORD_T_LOCKED_BY, WOODSWORD_T_YOUR_TURN,
    WOODSWORD_T_YOUR_LOCK, WOODSWORD_T_REVEALED, WOODSWORD_T_PLACING,
    WOODSWORD_T_YOUR_MISSILE, WOODSWORD_T_TARGETS, WOODSWORD_T_PLACED_ON,
    WOODSWORD_T_SEP,
    WOODSWORD_MSG_COUNT
};

/* The format or text of message id in lang. */
const char *woodsword_msg(int32_t lang, enum woodsword_msg id);
/* The display name of a verb in lang ("wood_sword", "木剑"). */
const char *woodsword_verb_name(int32_t lang, int32_t verb);
/* One line describing a verb's cost and effect in lang. */
const char *woodsword_verb_help(int32_t lang, int32_t verb);
/* Half units as text: "2", "2.5", "-0.5". buf has at least 16 bytes. */
const char *woodsword_half(char *buf, int32_t half);
/* snprintf of message id in lang into err (NULL or errcap 0: nothing). */
void woodsword_say(const woodsword_state *s, char *err, size_t errcap,
                   enum woodsword_msg id, ...);

#endif /* WOODSWORD_STATE_H */
