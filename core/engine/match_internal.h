/*
 * match_internal.h - what the files of the match loop share and nothing
 * else may see: the match's struct and the functions one match_*.c file
 * calls in another. Not installed and not included outside core/engine/
 * match_*.c; the public API is match.h.
 */
#ifndef SAPPER_MATCH_INTERNAL_H
#define SAPPER_MATCH_INTERNAL_H

#include "match.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct undo_point {
    void *state;
    size_t moves;    /* history length at that point */
} undo_point;

struct sapper_match {
    const sapper_setup *setup;
    const sapper_rules_api *r;
    void *game;
    void *state;
    sapper_game_info info;
    uint64_t seed;
    int32_t players;
    int flags;
    const sapper_bot_driver *driver;   /* NULL: bots live in this process */
    void *driver_ctx;
    uint64_t driven;                   /* the seats the driver plays (bit s) */
    sapper_match_hooks services;       /* log, time_left, cancel */
    struct host_ctx {
        sapper_match *m;
        int32_t seat;                  /* -1: the rules */
    } host_ctx[SAPPER_MAX_SEATS + 1];
    sapper_host host[SAPPER_MAX_SEATS + 1];   /* [SAPPER_MAX_SEATS]: rules */
    int32_t no_cancel;                 /* what cancel points at by default */
    sapper_strbuf log;                 /* plugins' first log lines, when no
                                          one else takes them (JSON array
                                          members) */
    int log_lines;
    sapper_param_set effective;   /* the rules parameters as the game applies
                                     them (public_rules points into it) */
    sapper_kv *public_rules;   /* the rules parameters bots may see */
    uint32_t npublic;
    int live[SAPPER_MAX_SEATS];        /* the seat's bot is started */
    void *bots[SAPPER_MAX_SEATS];      /* in-process instances */
    int64_t pending[SAPPER_MAX_SEATS];   /* simultaneous turn being collected */
    /* Who owes an action in that turn and has not given it. The state does
       not change while a turn is collected, so the rules are asked once a
       turn (note_turn), not at every action of it. */
    uint8_t owes[SAPPER_MAX_SEATS];
    int32_t owing;                       /* seats with owes[] set */
    int32_t next_ask;                    /* bots below it are done this turn */
    int32_t told[SAPPER_MAX_SEATS];      /* seats whose bots hear every action */
    int32_t ntold;
    int64_t refused[SAPPER_MAX_SEATS];   /* a person's moves the rules
                                           refused: wasted clicks */
    uint64_t (*progress)(const void *state);   /* SAPPER_EXT_PROGRESS, or NULL */
    uint64_t progressed;                 /* its value after the last move */
    int64_t idle[SAPPER_MAX_SEATS];      /* each seat's moves without progress */
    int64_t plan[SAPPER_PLAN_MAX];       /* a bot's further actions (step_many) */
    size_t plan_len, plan_pos;
    int32_t plan_seat;
    sapper_move *moves;
    size_t nmoves, cap_moves;
    int64_t turns;
    undo_point *undo;
    size_t nundo, cap_undo;
    sapper_fault fault;
    sapper_bot_hook hook;
    void *hook_ctx;
    sapper_match_clock clock;   /* stamps the moves; NULL: -1 */
    void *clock_ctx;
    sapper_status bot_status;
    int64_t *legal;          /* scratch for legal action lists */
    size_t legal_cap;
    int64_t *asked;          /* the list a bot was given, kept to check its
                                answer (the scratch may be used meanwhile) */
    size_t asked_cap;
    unsigned char *view;     /* scratch for observations */
    size_t view_cap;
    char *text;              /* scratch for text answers */
    size_t text_cap;
};

/* match_life.c: the growth of a scratch array (0: out of memory), and the
   first fault of a game (later ones are ignored). */
int match_reserve(void **p, size_t *cap, size_t need, size_t size);
void match_set_fault(sapper_match *m, int32_t kind, int32_t seat,
                     const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* match_rules.c: the text scratch grown to need + 1 bytes (NULL: out of
   memory, or a void game for a negative size); a person's or a replay's
   action checked against the rules. */
const char *match_grow_text(sapper_match *m, int64_t need);
int match_is_legal(sapper_match *m, int32_t seat, int64_t action);

/* match_host.c: a plugin's log line (ctx is a host_ctx); the host tables. */
void match_host_log(void *ctx, int32_t level, const char *line);
void match_init_hosts(sapper_match *m);

/* match_bots.c: the bots' side of the loop. */
int match_listed(const int64_t *legal, size_t n, int64_t action);
sapper_status match_new_bot(sapper_match *m, int32_t seat, char *err,
                            size_t errcap);
void match_free_bots(sapper_match *m);
void match_inform_bots(sapper_match *m, int32_t seat, int64_t action);
int match_play_planned(sapper_match *m, int32_t seat);
int match_ask_bot(sapper_match *m, int32_t seat);

/* match.c: the transitions the other files take. */
void match_note_turn(sapper_match *m);
sapper_status match_after_apply(sapper_match *m, int32_t seat, int64_t action);
sapper_status match_commit(sapper_match *m, int32_t seat, int64_t action);

/* Whether seat's bot is played through the driver (else in this process). */
static inline int match_driven(const sapper_match *m, int32_t seat)
{
    return m->driver && seat >= 0 && seat < 64 && (m->driven >> seat & 1);
}

#endif
