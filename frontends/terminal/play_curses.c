/*
 * play_curses.c - placeholder until the curses interface lands: falls back
 * to the line protocol so `sapper play` works on a terminal meanwhile.
 */
#include "commands.h"

int play_curses(app *a)
{
    return play_line(a, stdin, stdout);
}
