/*
 * seeds.c - the seeds the engine hands to bots. A bot's seed is a keyed
 * one-way hash (SipHash-2-4, libsodium's crypto_shorthash) of the game
 * seed, with the seat and a purpose label as the message: from its own
 * seed a bot can recover neither the game seed (and with it the layout the
 * rules drew) nor another seat's seed. The rules' own state seed stays
 * sapper_seed_derive(game seed, 0): the rules are the organiser's code and
 * that seed never leaves the host, and keeping it keeps every recorded
 * game replaying as it was played.
 */
#include "match.h"

#include <sodium.h>

uint64_t sapper_bot_seed(uint64_t game_seed, int32_t seat)
{
    unsigned char key[crypto_shorthash_KEYBYTES] = "........sapper-b";
    unsigned char msg[16] = "bot-seat....";
    unsigned char out[crypto_shorthash_BYTES];
    for (int i = 0; i < 8; i++)
        key[i] = (unsigned char)(game_seed >> (8 * i));
    for (int i = 0; i < 4; i++)
        msg[8 + i] = (unsigned char)((uint32_t)seat >> (8 * i));
    crypto_shorthash(out, msg, sizeof msg, key);
    uint64_t seed = 0;
    for (int i = 0; i < 8; i++)
        seed |= (uint64_t)out[i] << (8 * i);
    return seed;
}
