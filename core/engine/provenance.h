/*
 * provenance.h - what played a game: the engine's version, the ABI, and
 * each plugin's id, version and a fingerprint of its file (BLAKE2b-128 of
 * the shared object, libsodium). Replays and tournament runs store it, so
 * a replay that no longer matches can say which plugin changed.
 */
#ifndef SAPPER_PROVENANCE_H
#define SAPPER_PROVENANCE_H

#include "setup.h"
#include "strbuf.h"

/** Replay header lines for setup: "engine V abi M.N" and "plugin rules ID
 *  VERSION FINGERPRINT"; then (the second call) a "plugin bot ..." line
 *  for each different bot. */
void sapper_provenance_rules_lines(const sapper_setup *s, sapper_strbuf *out);
void sapper_provenance_bot_lines(const sapper_setup *s, sapper_strbuf *out);

/** One plugin as an object: kind, id, version, fingerprint, and for a
 *  process bot the command and the program file fingerprinted. */
void sapper_provenance_plugin_json(const sapper_plugin *p, sapper_strbuf *out);
/** The same as one JSON object, for a tournament run: {"engine":..,
 *  "abi":..,"plugins":[{"kind":..,"id":..,"version":..,"fingerprint":..}]};
 *  bots lists the entrants' bots (n of them, duplicates allowed). */
void sapper_provenance_json(const sapper_plugin *rules, const sapper_plugin *const *bots,
                            size_t n, sapper_strbuf *out);

/** For one "plugin KIND ID VERSION FINGERPRINT" line of a replay: when the
 *  installed plugin differs, a note naming it into note ("" when the
 *  same, or when it is not installed). */
void sapper_provenance_compare(const sapper_registry *reg, const char *line,
                               char *note, size_t notecap);

#endif
