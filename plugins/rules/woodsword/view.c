/*
 * view.c - observe(): the arena view (sapper/arena.h) of a Wood-Sword
 * state for one seat or for the omniscient viewer. What is hidden: the
 * other seats' choices while they are being made (a seat sees only its
 * own lock), and every seat's aggro table but the viewer's. Everything
 * else in the game is public, so the state keeps every seat's record as
 * any viewer sees it (s->shown, brought up to date where the state
 * changes), and observe copies the records and adds what one viewer alone
 * sees: a view costs a copy, not a rebuild of every seat, at every
 * decision. No text here (render.c).
 */
#include "state.h"

#include <stddef.h>
#include <string.h>

void woodsword_show_seat(woodsword_state *s, int32_t i)
{
    const woodsword_seat *p = &s->seat[i];
    const woodsword_report *r = &p->last;
    s->shown[i] = (sapper_arena_seat){
        .alive = p->alive, .points = p->points, .shields = p->shields,
        .prep = p->prep,
        /* every choice once revealed; in CHOOSE only one's own (observe) */
        .choice = s->phase == SAPPER_ARENA_PHASE_ALLOCATE ? p->choice : SAPPER_NO_ACTION,
        .missiles_left = p->missiles_left, .missiles_on = s->missiles_on[i],
        .alloc_turn = p->alloc_turn,
        .dealt_to_viewer = 0,   /* the viewer's own column (observe) */
        .last_action = r->action, .last_target = r->target,
        .last_damage = r->damage, .last_incoming = r->incoming,
        .last_overflow = r->overflow, .last_shields_broken = r->broken,
        .last_died = r->died, .last_points = r->points,
        .last_shields = r->shields, .last_duel = r->duel,
        .out_match = p->out_match,
    };
}

void woodsword_show_all(woodsword_state *s)
{
    for (int32_t i = 0; i < s->players; i++)
        woodsword_show_seat(s, i);
}

/* Writes member (at offset in a seat record, size bytes) of seat i's
   record in a view whose records start at seats; out may be unaligned. */
static void put(unsigned char *seats, int32_t i, size_t offset, const void *value,
                size_t size)
{
    memcpy(seats + (size_t)i * sizeof(sapper_arena_seat) + offset, value, size);
}

/* What viewer alone sees: its aggro column, and while seats choose its
   own locked choice (every one for the omniscient viewer). */
static void add_private(const woodsword_state *s, int32_t viewer, unsigned char *seats)
{
    int32_t from = viewer >= 0 ? viewer : 0, to = viewer >= 0 ? viewer + 1 : s->players;
    for (int32_t i = 0; viewer >= 0 && i < s->players; i++)
        put(seats, i, offsetof(sapper_arena_seat, dealt_to_viewer), &s->dealt[viewer][i],
            sizeof s->dealt[viewer][i]);
    for (int32_t i = from; s->phase == SAPPER_ARENA_PHASE_CHOOSE && i < to; i++)
        put(seats, i, offsetof(sapper_arena_seat, choice), &s->seat[i].choice,
            sizeof s->seat[i].choice);
}

int64_t woodsword_observe(const void *state, int32_t seat, void *out, size_t cap)
{
    const woodsword_state *s = state;
    size_t need = sapper_arena_view_size(s->players);
    if (seat != SAPPER_OMNISCIENT && (seat < 0 || seat >= s->players))
        return 0;
    if (!out || cap < need)
        return (int64_t)need;
    sapper_arena_view v = {
        .struct_size = sizeof v, .seat_size = sizeof(sapper_arena_seat),
        .seat = seat, .players = s->players,
        .to_move = woodsword_current_player(s), .phase = s->phase,
        .match = s->match, .round = s->round, .rounds_played = s->rounds_played,
        .max_rounds = s->game->max_rounds, .alive = woodsword_alive_count(s),
        .winner = s->phase == SAPPER_ARENA_PHASE_OVER ? s->winner : -1,
        .last_match = s->last_match, .last_round = s->last_round,
        .allocator = s->phase == SAPPER_ARENA_PHASE_ALLOCATE ? s->queue[s->qpos] : -1,
        .terms_offset = (uint32_t)(sizeof v + (size_t)s->players * sizeof(sapper_arena_seat)),
        .terms_size = sizeof(sapper_arena_terms), .prep_bonus = WOODSWORD_PREP_BONUS,
    };
    unsigned char *seats = (unsigned char *)out + sizeof v;
    memcpy(out, &v, sizeof v);
    memcpy(seats, s->shown, (size_t)s->players * sizeof(sapper_arena_seat));
    add_private(s, seat, seats);
    memcpy((unsigned char *)out + v.terms_offset, woodsword_terms, sizeof woodsword_terms);
    return (int64_t)need;
}
