/*
 * lockdown_parts.h - the pieces of lockdown.c that the process bots'
 * lockdown (lockdown_program.c) uses too: a resource limit, dropping every
 * capability, a Landlock ruleset built path by path, and the seccomp rules
 * for opening files. Included only by
 * core/helper/lockdown*.c.
 */
#ifndef SAPPER_LOCKDOWN_PARTS_H
#define SAPPER_LOCKDOWN_PARTS_H

#include <seccomp.h>
#include <stdint.h>
#include <sys/resource.h>

/** Soft and hard limit what set to v: 0, or -1. */
int lockdown_set_limit(int what, rlim_t v);
/** No capability left (root keeps uid 0, without its powers): 0, or -1. */
int lockdown_drop_capabilities(void);
/** A ruleset that handles every file-system right this kernel knows (and
 *  TCP and signals outside the process where it knows them): its
 *  descriptor; -2 when the kernel has no Landlock; -1 on error. */
int lockdown_landlock_ruleset(void);
/** Allows access beneath path (a directory, or one file with file rights
 *  only); a path this system lacks is no error. 0, or -1. */
int lockdown_allow_path(int ruleset, const char *path, uint64_t access);
/** Restricts this process to the ruleset, and closes it: 0, or -1. */
int lockdown_landlock_apply(int ruleset);
/** Rules of filter f: opening read-only is allowed, opening to write (any
 *  of the write, create, truncate or append flags) kills. 0, or a
 *  libseccomp error. */
int lockdown_allow_reading_opens(scmp_filter_ctx f);

#endif
