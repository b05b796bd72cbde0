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

#define WS_SEATS WOODSWORD_MAX_SEATS

#define WS_LANG_EN 0
#define WS_LANG_ZH 1

typedef struct ws_game {
    int32_t lang;         /* WS_LANG_*                                   */
    int32_t max_rounds;   /* the game ends with no winner after these    */
} ws_game;

/* One seat's part of the last resolved round. */
typedef struct ws_report {
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
} ws_report;

typedef struct ws_seat {
    int32_t alive;
    int32_t points;       /* half units                                  */
    int32_t shields;
    int32_t prep;         /* prep ready                                  */
    int64_t choice;       /* this round's action, SAPPER_NO_ACTION       */
    int32_t locked;       /* choice locked by apply_action               */
    int32_t missiles_left;
    int32_t alloc_turn;   /* index in queue, -1                          */
    int32_t out_match;    /* match it was eliminated in, 0               */
    ws_report last;
} ws_seat;

typedef struct ws_state {
    const ws_game *game;  /* borrowed: the game outlives its states      */
    int32_t players;
    int32_t alive;        /* seats with seat[i].alive                    */
    int32_t phase;        /* SAPPER_ARENA_PHASE_*                        */
    int32_t match, round; /* from 1                                      */
    int32_t rounds_played;
    int32_t winner;       /* -1 none                                     */
    int32_t stalled;      /* over because of max_rounds                  */
    int32_t last_match, last_round;
    int32_t queue[WS_SEATS];   /* missile users in placing order         */
    int32_t nqueue, qpos;
    sapper_rng rng;
    ws_seat seat[WS_SEATS];
    uint8_t missiles[WS_SEATS][WS_SEATS];      /* this round [user][target] */
    uint8_t last_missiles[WS_SEATS][WS_SEATS]; /* last resolved round       */
    int32_t missiles_on[WS_SEATS];             /* this round, per target    */
    int32_t dealt[WS_SEATS][WS_SEATS];         /* this match [victim][from] */
    sapper_arena_seat shown[WS_SEATS];         /* every seat as any viewer
                                                  sees it (view.c)          */
} ws_state;

/* woodsword.c */
/* Seats still in the game (kept where seats die, so no one counts them). */
static inline int32_t ws_alive_count(const ws_state *s)
{
    return s->alive;
}
/* Has seat some legal action of verb now (CHOOSE phase)? */
int ws_verb_open(const ws_state *s, int32_t seat, int32_t verb);

/* resolve.c: resolves the round whose choices (and missiles) are all in,
   then ends it: deaths, match reset, game over, next round. */
void ws_resolve_round(ws_state *s);

/* view.c: s->shown[i] brought up to date with seat i (ws_show_seat) or
   with every seat (ws_show_all), after any change to what they show. */
void ws_show_seat(ws_state *s, int32_t i);
void ws_show_all(ws_state *s);

/* terms.c: the balance, in half units, as the view states it. */
#define WS_PREP_BONUS 2   /* a ready prep adds 1 point to a direct attack */
extern const sapper_arena_terms ws_terms[SAPPER_ARENA_VERBS];
int32_t ws_cost(int32_t verb, int32_t count);
/* for an attack, to its target (+ the prep bonus when prep is set); for
   llama, to each other seat; for missile, per missile */
int32_t ws_damage(int32_t verb, int32_t count, int32_t prep);
void ws_block(int32_t verb, int32_t *lo, int32_t *hi);

/* text.c: message ids and the language tables. */
enum ws_msg {
    /* refusals and parse errors */
    WS_R_NOT_ACTION, WS_R_OVER, WS_R_DEAD, WS_R_LOCKED, WS_R_NO_MISSILES,
    WS_R_SELF, WS_R_NO_SEAT, WS_R_TARGET_DEAD, WS_R_POINTS, WS_R_SHIELD_CAP,
    WS_R_FISTS, WS_R_UNPLACED, WS_R_NOT_TURN, WS_R_JOINT_SIZE, WS_R_SEAT_SAYS,
    WS_P_EMPTY, WS_P_UNKNOWN, WS_P_TARGET, WS_P_COUNT, WS_P_EXTRA,
    /* rendering */
    WS_T_HEADER, WS_T_SEAT, WS_T_POINTS, WS_T_SHIELDS, WS_T_PREP, WS_T_ALIVE,
    WS_T_OUT, WS_T_LAST, WS_T_ATTACK, WS_T_DUEL, WS_T_PLAIN, WS_T_LLAMA,
    WS_T_FIZZLED, WS_T_CANCELLED, WS_T_MISSILE, WS_T_HIT, WS_T_BROKEN, WS_T_DIED,
    WS_T_ELIMINATED, WS_T_NEXT_MATCH, WS_T_WINNER, WS_T_NO_WINNER_DEAD,
    WS_T_NO_WINNER_LIMIT, WS_T_CHOOSING, WS_T_LOCKED_BY, WS_T_YOUR_TURN,
    WS_T_YOUR_LOCK, WS_T_REVEALED, WS_T_PLACING, WS_T_YOUR_MISSILE,
    WS_T_TARGETS, WS_T_PLACED_ON, WS_T_SEP,
    WS_MSG_COUNT
};

/* The format or text of message id in lang. */
const char *ws_msg(int32_t lang, enum ws_msg id);
/* The display name of a verb in lang ("wood_sword", "木剑"). */
const char *ws_verb_name(int32_t lang, int32_t verb);
/* One line describing a verb's cost and effect in lang. */
const char *ws_verb_help(int32_t lang, int32_t verb);
/* Half units as text: "2", "2.5", "-0.5". buf has at least 16 bytes. */
const char *ws_half(char *buf, int32_t half);
/* snprintf of message id in lang into err (NULL or errcap 0: nothing). */
void ws_say(const ws_state *s, char *err, size_t errcap, enum ws_msg id, ...);

/* render.c: a growing "write up to cap, return needed" text sink. */
typedef struct ws_out {
    char *buf;
    size_t cap, len;
} ws_out;

void ws_printf(ws_out *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void ws_vprintf(ws_out *o, const char *fmt, va_list ap);

#endif /* WOODSWORD_STATE_H */
