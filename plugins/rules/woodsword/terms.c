/*
 * terms.c - Wood-Sword's balance: what each verb costs, deals and blocks,
 * in half units (the seed's rules table). The resolution reads it here and
 * the view states it (sapper/arena.h family version 3), so bots and the
 * front end take the terms from the game they are shown, never from a
 * copy compiled into them.
 */
#include "state.h"

const sapper_arena_terms woodsword_terms[SAPPER_ARENA_VERBS] = {
    /* cost base, per count; damage base, per count; block lo, hi */
    [SAPPER_ARENA_GATHER] = {0, 0, 0, 0, 0, 0},
    [SAPPER_ARENA_DEFENSE] = {0, 0, 0, 0, 0, 6},
    [SAPPER_ARENA_FIST] = {0, 1, 0, 1, 0, 0},          /* 0.5 each, 0.5 each   */
    [SAPPER_ARENA_WOOD_SWORD] = {2, 0, 2, 0, 0, 0},
    [SAPPER_ARENA_STONE_SWORD] = {4, 0, 4, 0, 0, 0},
    [SAPPER_ARENA_IRON_SWORD] = {6, 0, 6, 0, 0, 0},
    [SAPPER_ARENA_GOLD_SWORD] = {8, 0, 8, 0, 0, 0},
    [SAPPER_ARENA_DIAMOND_SWORD] = {10, 0, 10, 0, 0, 0},
    [SAPPER_ARENA_ENCHANTED_SWORD] = {12, 0, 12, 0, 0, 0},
    [SAPPER_ARENA_LLAMA] = {4, 0, 1, 0, 0, 0},         /* 0.5 to every other   */
    [SAPPER_ARENA_MISSILE] = {2, 2, 2, 0, 0, 0},       /* X cost X+1, 1 each   */
    [SAPPER_ARENA_SHIELD] = {4, 0, 0, 0, 0, 4},
    [SAPPER_ARENA_PREP] = {2, 0, 0, 0, 0, 6},
    [SAPPER_ARENA_DT_DEFENSE] = {2, 0, 0, 0, 0, 8},
    [SAPPER_ARENA_HOLLOW_DEFENSE] = {4, 0, 0, 0, 4, 12},
    [SAPPER_ARENA_SUPERIOR_DEFENSE] = {6, 0, 0, 0, 0, 12},
    [SAPPER_ARENA_ALLOCATE] = {0, 0, 0, 0, 0, 0},
};

int32_t woodsword_cost(int32_t verb, int32_t count)
{
    return verb >= 0 && verb < SAPPER_ARENA_VERBS
               ? sapper_arena_terms_cost(&woodsword_terms[verb], count)
               : 0;
}

int32_t woodsword_damage(int32_t verb, int32_t count, int32_t prep)
{
    if (verb < 0 || verb >= SAPPER_ARENA_VERBS)
        return 0;
    int32_t bonus = prep && sapper_arena_is_attack(verb) ? WOODSWORD_PREP_BONUS : 0;
    return sapper_arena_terms_damage(&woodsword_terms[verb], count, bonus);
}

void woodsword_block(int32_t verb, int32_t *lo, int32_t *hi)
{
    int ok = verb >= 0 && verb < SAPPER_ARENA_VERBS;
    *lo = ok ? woodsword_terms[verb].block_lo : 0;
    *hi = ok ? woodsword_terms[verb].block_hi : 0;
}
