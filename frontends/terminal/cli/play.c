/*
 * play.c - `sapper play`: a person (or several) at this terminal. Chooses
 * the curses interface when stdin and stdout are terminals and --plain was
 * not given, the line protocol otherwise.
 */
#include "commands.h"
#include "bot_guard.h"

#include <unistd.h>

int cmd_play(int argc, char **argv)
{
    app a = {.prog = "play"};
    bot_guard_install();
    int rc = app_open(&a, argc, argv, APP_OPT_PLAIN | APP_OPT_RECORD | APP_OPT_SANDBOX);
    /* the first game starts here, so a setting the rules refuse is
       reported before the seed line, not after it */
    rc = rc ? rc : app_next_match(&a, SAPPER_MATCH_UNDO);
    if (!rc) {
        int tty = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
        if (a.plain || !tty) {
            if (!a.setup.seed_given)
                fprintf(stderr, "sapper: seed %llu (replay this game with game.seed=%llu)\n",
                        (unsigned long long)a.setup.seed, (unsigned long long)a.setup.seed);
            rc = play_line(&a, stdin, stdout);
        } else {
            rc = play_curses(&a);
            /* after the screen is gone, and for the game that was on it
               (r and n start others): its own seed replays it */
            if (a.match && (!a.setup.seed_given || a.game_index > 1))
                fprintf(stderr, "sapper: seed %llu (replay this game with game.seed=%llu)\n",
                        (unsigned long long)sapper_match_seed(a.match),
                        (unsigned long long)sapper_match_seed(a.match));
        }
    }
    app_close(&a);
    return rc;
}
