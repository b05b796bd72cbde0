/*
 * table_hosts.h - who played a tournament's games: the hosts and MPI
 * ranks of a run with their game counts, for the table (table.c) and its
 * JSON. The counts come from the database (store_write.c, schema 6).
 */
#ifndef SAPPER_TABLE_HOSTS_H
#define SAPPER_TABLE_HOSTS_H

#include "store.h"

/** Appends to json the members ,"hosts":[{"host","games"}] and
 *  ,"ranks":[{"rank","host","games"}] of run (nothing when its games
 *  name no host: stored before schema 6), and to text two lines saying
 *  the same when more than one rank played. */
sapper_status sapper_table_hosts(sapper_store *s, int64_t run, sapper_strbuf *text,
                                 sapper_strbuf *json, char *err, size_t errcap);

#endif
