/*
 * replay.c - writes replay files. A replay stores the setup (as config
 * entries), the seed and the actions as text; it never stores bot state:
 * re-execution (replay_play.c) applies the recorded actions and compares
 * the outcome line.
 *
 *   sapper-replay 1
 *   engine 0.1.0 abi 1.2     (provenance: what played the game; compared,
 *   plugin rules classic 1.0.0 5f3a...   never required)
 *   rules classic
 *   param width 9            (one per rules parameter; "param layout" with
 *                            nothing after the key is an empty value)
 *   seed 12345
 *   seat 1 human you         (seat N bot|process|human NAME)
 *   seat 2 bot random random
 *   seatparam 2 key value
 *   move 1 reveal 3 4        (seat, action text)
 *   at 1532 move 1 flag 0 0  (the same, applied 1532 ms after the game
 *                            began: every move has a time, or none does)
 *   joint 2                  (the next 2 move lines are one simultaneous turn)
 *   forfeit 1 timeout        (seat 1 forfeited after the moves: a bot fault)
 *   outcome won moves 17 returns 1
 */
#include "replay.h"
#include "provenance.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void sapper_replay_head(const sapper_setup *s, sapper_strbuf *out)
{
    sapper_strbuf_printf(out, "sapper-replay 1\n");
    sapper_provenance_rules_lines(s, out);
    sapper_strbuf_printf(out, "rules %s\n", s->rules->desc.id);
    for (uint32_t i = 0; i < s->rules_params.count; i++)
        sapper_strbuf_printf(out, "param %s %s\n", s->rules_params.items[i].key,
                             s->rules_params.items[i].value);
}

/* Times are written for all the moves or for none: a match given a clock
   after its first move (none does) would otherwise write half of them. */
static int every_move_timed(const sapper_match *m)
{
    size_t n = sapper_match_move_count(m);
    for (size_t i = 0; i < n; i++)
        if (sapper_match_move(m, i)->ms < 0)
            return 0;
    return n > 0;
}

/* Appends a word, a decimal number and a space: the per-move prefixes of
   a replay without a printf per move (a tournament writes every game's
   replay, a tenth of its CPU went to formatting them). */
static void put_number(sapper_strbuf *out, const char *word, long long v)
{
    char buf[48];
    size_t w = strlen(word), n = sizeof buf;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v
                                 : (unsigned long long)v;
    buf[--n] = ' ';
    do
        buf[--n] = (char)('0' + u % 10);
    while ((u /= 10) > 0);
    if (v < 0)
        buf[--n] = '-';
    n -= w;
    memcpy(buf + n, word, w);
    sapper_strbuf_append(out, buf + n, sizeof buf - n);
}

void sapper_replay_text(sapper_match *m, sapper_strbuf *out)
{
    const sapper_setup *s = sapper_match_setup(m);
    sapper_replay_head(s, out);
    sapper_provenance_bot_lines(s, out);
    sapper_strbuf_printf(out, "seed %llu\n", (unsigned long long)sapper_match_seed(m));
    for (int32_t i = 0; i < s->players; i++) {
        const sapper_seat_setup *seat = &s->seats[i];
        if (seat->bot && seat->bot->command)   /* replayed without its program */
            sapper_strbuf_printf(out, "seat %d process %s %s\n", i + 1,
                                 seat->bot->desc.id, seat->name);
        else if (seat->bot)
            sapper_strbuf_printf(out, "seat %d bot %s %s\n", i + 1,
                                 seat->bot->desc.id, seat->name);
        else
            sapper_strbuf_printf(out, "seat %d human %s\n", i + 1, seat->name);
        for (uint32_t k = 0; k < seat->params.count; k++)
            sapper_strbuf_printf(out, "seatparam %d %s %s\n", i + 1,
                                 seat->params.items[k].key,
                                 seat->params.items[k].value);
    }
    size_t n = sapper_match_move_count(m);
    int timed = every_move_timed(m);
    for (size_t i = 0; i < n; i++) {
        const sapper_move *mv = sapper_match_move(m, i);
        if (mv->joint && (i == 0 || sapper_match_move(m, i - 1)->turn != mv->turn)) {
            size_t k = i;
            while (k < n && sapper_match_move(m, k)->turn == mv->turn)
                k++;
            sapper_strbuf_printf(out, "joint %zu\n", k - i);
        }
        if (timed)
            put_number(out, "at ", (long long)mv->ms);
        /* text of an old action in the current state: the action encoding
           is stable within a game, so this is the text it had */
        put_number(out, "move ", mv->seat + 1);
        const char *text = sapper_match_action_text(m, mv->action);
        sapper_strbuf_append(out, text, strlen(text));
        sapper_strbuf_append(out, "\n", 1);
    }
    const sapper_fault *f = sapper_match_fault(m);
    /* void and stall follow from the moves (a verifier finds them itself) */
    if (f && f->kind != SAPPER_FAULT_VOID && f->kind != SAPPER_FAULT_STALL && f->seat >= 0)
        sapper_strbuf_printf(out, "forfeit %d %s\n", f->seat + 1,
                             f->kind == SAPPER_FAULT_ILLEGAL ? "illegal"
                             : f->kind == SAPPER_FAULT_BOT ? "error" : f->detail);
    sapper_strbuf_printf(out, "outcome ");
    sapper_match_outcome_line(m, out);
    sapper_strbuf_printf(out, "\n");
}

/* PATH.tmp next to path, or NULL. The caller frees it. */
static char *temp_name(const char *path)
{
    size_t n = strlen(path) + sizeof ".tmp";
    char *tmp = malloc(n);
    if (tmp)
        snprintf(tmp, n, "%s.tmp", path);
    return tmp;
}

/* Writes text to a new file tmp (never through a symlink or into a FIFO
   someone left under that name), with mode when mode >= 0. */
static int write_temp(const char *tmp, const char *text, size_t len, int mode)
{
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK |
                  O_CLOEXEC, 0666);
    struct stat st;
    if (fd < 0)
        return 0;
    int ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    if (!ok)
        errno = EEXIST;
    ok = ok && (mode < 0 || fchmod(fd, (mode_t)mode) == 0);
    FILE *f = ok ? fdopen(fd, "w") : NULL;
    if (!f) {
        close(fd);
        return 0;
    }
    ok = fwrite(text, 1, len, f) == len && fflush(f) == 0 && fsync(fd) == 0;
    return fclose(f) == 0 && ok;
}

/* Replaces the regular file (or nothing) at path: a failure leaves the old
   file whole. mode: the old file's permissions, -1 for a new file. */
static int replace_file(const char *path, const char *text, size_t len, int mode)
{
    char *tmp = temp_name(path);
    int ok = tmp && write_temp(tmp, text, len, mode) && rename(tmp, path) == 0;
    if (!ok && tmp) {
        int saved = errno;
        remove(tmp);
        errno = saved;
    }
    free(tmp);
    return ok;
}

/* Opens what path names (following symlinks) and writes text into it. */
static int write_in_place(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return 0;
    int ok = fwrite(text, 1, len, f) == len;
    return fclose(f) == 0 && ok;
}

int sapper_replay_rewritable(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0)
        return S_ISREG(st.st_mode);
    return errno == ENOENT;
}

sapper_status sapper_replay_write(const char *path, const char *text, size_t len,
                                  char *err, size_t errcap)
{
    struct stat st;
    int ok;
    errno = 0;
    if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_nlink == 1) {
        char *real = realpath(path, NULL);   /* a symlink stays a symlink */
        ok = real && replace_file(real, text, len, (int)(st.st_mode & 07777));
        free(real);
    } else if (errno == ENOENT && lstat(path, &st) != 0) {
        ok = replace_file(path, text, len, -1);
    } else {   /* a device, a FIFO, a dangling symlink, a hard-linked file */
        ok = write_in_place(path, text, len);
    }
    if (!ok) {
        snprintf(err, errcap, "%s: cannot write the replay: %s", path,
                 strerror(errno ? errno : EIO));
        return SAPPER_ERR_PARAM;
    }
    return SAPPER_OK;
}
