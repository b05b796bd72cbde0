/*
 * describer.h - the manifest reader, the second mode of sapper-bothost
 * (bothost.c): `sapper-bothost --describe PLUGIN_FILE`, started by the
 * engine (core/loader/describe.c) with descriptor SAPPER_DESCRIBE_FD the pipe
 * it reads. See describer.c.
 */
#ifndef SAPPER_DESCRIBER_H
#define SAPPER_DESCRIBER_H

/** Locks this process down, loads plugin_file (an absolute path), writes
 *  its manifest, or why there is none, on SAPPER_DESCRIBE_FD, and returns
 *  the exit status (0; what went wrong is in the bytes written). The
 *  plugin's code stays loaded: the caller exits without running it more. */
int sapper_describer_run(const char *plugin_file);

#endif
