/*
 * dup_b.c - test plugin: a working bot whose id, "dup", is also declared
 * by dup_a.so. Loading both must be reported as a duplicate id; the
 * display names ("Dup A", "Dup B") tell the two apart.
 */
#include "test_bot.h"

TEST_BOT_PLUGIN(dup_b, "dup", "Dup B",
                "Plays the first legal action (test: duplicate id)",
                test_bot_new, test_bot_first_legal, NULL, 0)
