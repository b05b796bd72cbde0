/*
 * dup_a.c - test plugin: a working bot whose id, "dup", is also declared
 * by dup_b.so. Loading both must be reported as a duplicate id; the
 * display names ("Dup A", "Dup B") tell the two apart.
 */
#include "test_bot.h"

TEST_BOT_PLUGIN(dup_a, "dup", "Dup A",
                "Plays the first legal action (test: duplicate id)",
                test_bot_new, test_bot_first_legal, NULL, 0)
