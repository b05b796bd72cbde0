/*
 * view.c - observe(): the arena view (sapper/arena.h) of a Wood-Sword
 * state for one seat or for the omniscient viewer. What is hidden: the
 * other seats' choices while they are being made (a seat sees only its
 * own lock), and every seat's aggro table but the viewer's. Everything
 * else in the game is public. No text here (render.c).
 */
#include "state.h"

#include <string.h>

/* Is seat's current choice visible to viewer? */
static int choice_shown(const ws_state *s, int32_t viewer, int32_t seat)
{
    if (s->phase == SAPPER_ARENA_PHASE_ALLOCATE)
        return 1;
    return s->phase == SAPPER_ARENA_PHASE_CHOOSE &&
           (viewer == seat || viewer == SAPPER_OMNISCIENT);
}

static int32_t missiles_on(const ws_state *s, int32_t target)
{
    int32_t n = 0;
    for (int32_t i = 0; i < s->players; i++)
        n += s->missiles[i][target];
    return n;
}

static void fill_seat(const ws_state *s, int32_t viewer, int32_t i,
                      sapper_arena_seat *out)
{
    const ws_seat *p = &s->seat[i];
    const ws_report *r = &p->last;
    *out = (sapper_arena_seat){
        .alive = p->alive, .points = p->points, .shields = p->shields,
        .prep = p->prep,
        .choice = choice_shown(s, viewer, i) ? p->choice : SAPPER_NO_ACTION,
        .missiles_left = p->missiles_left, .missiles_on = missiles_on(s, i),
        .alloc_turn = p->alloc_turn,
        .dealt_to_viewer = viewer >= 0 && viewer < s->players ? s->dealt[viewer][i] : 0,
        .last_action = r->action, .last_target = r->target,
        .last_damage = r->damage, .last_incoming = r->incoming,
        .last_overflow = r->overflow, .last_shields_broken = r->broken,
        .last_died = r->died, .last_points = r->points,
        .last_shields = r->shields, .last_duel = r->duel,
        .out_match = p->out_match,
    };
}

int64_t woodsword_observe(const void *state, int32_t seat, void *out, size_t cap)
{
    const ws_state *s = state;
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
        .max_rounds = s->game->max_rounds, .alive = ws_alive_count(s),
        .winner = s->phase == SAPPER_ARENA_PHASE_OVER ? s->winner : -1,
        .last_match = s->last_match, .last_round = s->last_round,
        .allocator = s->phase == SAPPER_ARENA_PHASE_ALLOCATE ? s->queue[s->qpos] : -1,
        .terms_offset = (uint32_t)(sizeof v + (size_t)s->players * sizeof(sapper_arena_seat)),
        .terms_size = sizeof(sapper_arena_terms), .prep_bonus = WS_PREP_BONUS,
    };
    memcpy(out, &v, sizeof v);
    for (int32_t i = 0; i < s->players; i++) {   /* out may be unaligned */
        sapper_arena_seat one;
        fill_seat(s, seat, i, &one);
        memcpy((unsigned char *)out + sizeof v + (size_t)i * sizeof one, &one, sizeof one);
    }
    memcpy((unsigned char *)out + v.terms_offset, ws_terms, sizeof ws_terms);
    return (int64_t)need;
}
