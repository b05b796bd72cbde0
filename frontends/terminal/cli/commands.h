/*
 * commands.h - the subcommands of `sapper`; each takes the arguments after
 * its name and returns the process exit status.
 */
#ifndef SAPPER_COMMANDS_H
#define SAPPER_COMMANDS_H

#include "app.h"

int cmd_play(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_plugins(int argc, char **argv);
int cmd_tournament(int argc, char **argv);
int cmd_analyze(int argc, char **argv);
int cmd_scores(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_bot_check(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_join(int argc, char **argv);

/** The two faces of `play`: curses on a terminal, lines otherwise. */
int play_line(app *a, FILE *in, FILE *out);
int play_curses(app *a);

#endif
