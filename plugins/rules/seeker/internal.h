/*
 * internal.h - what the files of the seeker plugin share and nobody else
 * sees: the game and state structs and the bonus scoring entry points.
 * Not installed, not included by tests except through seeker.h's API.
 */
#ifndef SEEKER_INTERNAL_H
#define SEEKER_INTERNAL_H

#include "seeker.h"

#include "board.h"

#define SEEKER_NOBODY 0xFF  /* owner of a cell no seat has claimed */

typedef struct seeker_game {
    int32_t width, height, mines;
    int32_t bomb_deficit; /* 0: no bombs; else the points a seat must be
                             behind by to throw its bomb                  */
    uint8_t *layout;   /* fixed mines, width*height; NULL = drawn from the
                          seed. Owned by the game.                        */
} seeker_game;

typedef struct seeker_state {
    const seeker_game *game;
    sapper_board board;      /* owned                                     */
    uint8_t *owner;          /* cells entries: claiming seat or
                                SEEKER_NOBODY. Owned.                      */
    seeker_score score[SEEKER_SEATS];
    int32_t to_move;         /* a seat, or SAPPER_TERMINAL                 */
    int32_t bombs;           /* bit s: seat s still holds its bomb         */
    int32_t bomb_mines[SEEKER_SEATS]; /* mines each seat's bomb claimed    */
    int64_t moves;
} seeker_state;

/* bonus.c: scores one click for the seat whose score is s. claim is called
   before the mine is revealed, with remaining = unclaimed mines before the
   click; safe after the reveal, with the number of cells it opened. */
void seeker_bonus_claim(seeker_score *s, const sapper_board *b, int32_t cell,
                        int32_t remaining);
void seeker_bonus_safe(seeker_score *s, int32_t opened);

/* bomb.c: the Flags bomb. Whether seat may throw one now at all (ready)
   and at cell (is_legal); the reason it may not, as a status with err
   (SAPPER_OK when it may); and throwing it (the caller checked it is
   legal, and passes the turn). */
int seeker_bomb_ready(const seeker_state *s, int32_t seat);
int seeker_bomb_is_legal(const seeker_state *s, int32_t seat, int32_t cell);
sapper_status seeker_bomb_refusal(const seeker_state *s, int32_t seat,
                                  int32_t cell, char *err, size_t errcap);
void seeker_bomb_apply(seeker_state *s, int32_t seat, int32_t cell);

/* seeker.c: unclaimed mines left on the board. */
int32_t seeker_remaining(const seeker_state *s);

#endif /* SEEKER_INTERNAL_H */
