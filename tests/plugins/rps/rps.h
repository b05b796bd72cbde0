/*
 * rps.h - the "rps" family: a tiny simultaneous game for the loader, match
 * and unit tests. Not a shipped game: it lives in tests/plugins/.
 *
 * Two seats throw at once, best of `rounds` (1..99, default 3). A tied
 * throw uses up a round without a point. The match ends after `rounds`
 * rounds, or as soon as the trailing seat can no longer catch up.
 * Actions: 0 rock, 1 paper, 2 scissors (text "rock", "paper", "scissors").
 * Returns: 1 to the seat with more points, 0 to the other, 0.5 each on a
 * tie.
 */
#ifndef RPS_H
#define RPS_H

#include "sapper/plugin.h"

#define RPS_FAMILY   "rps"
#define RPS_ROCK     0
#define RPS_PAPER    1
#define RPS_SCISSORS 2
#define RPS_THROWS   3
#define RPS_NONE     (-1)   /* rps_view.last before the first round */

/**
 * What observe() writes for the "rps" family (the same for both seats:
 * throws are shown only once both are in). Fixed size, no trailing data.
 */
typedef struct rps_view {
    uint32_t struct_size;   /* sizeof(rps_view) of the writer              */
    int32_t seat;           /* the viewer, or SAPPER_OMNISCIENT            */
    int32_t rounds;         /* best of this many                           */
    int32_t round;          /* rounds played so far                        */
    int32_t done;           /* 1 when the match is over, else 0            */
    int32_t score[2];       /* rounds won by seat 0 and seat 1             */
    int32_t last[2];        /* each seat's last throw, RPS_NONE at first   */
} rps_view;

/** The rules table (rps.c); plugin.c puts it in the descriptor. */
extern const sapper_rules_api rps_rules_api;

#endif
