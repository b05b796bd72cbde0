/*
 * replay.c - writes and re-executes replay files. A replay stores the
 * setup (as config entries, so the same checks as for INI files apply, with
 * the replay's file and line in messages), the seed and the actions as
 * text; it never stores bot state: re-execution applies the recorded
 * actions and compares the outcome line.
 *
 *   sapper-replay 1
 *   engine 0.1.0 abi 1.2     (provenance: what played the game; compared,
 *   plugin rules classic 1.0.0 5f3a...   never required)
 *   rules classic
 *   param width 9            (one per rules parameter; "param layout" with
 *                            nothing after the key is an empty value)
 *   seed 12345
 *   seat 1 human you         (seat N bot|human NAME)
 *   seat 2 bot random random
 *   seatparam 2 key value
 *   move 1 reveal 3 4        (seat, action text)
 *   joint 2                  (the next 2 move lines are one simultaneous turn)
 *   forfeit 1 timeout        (seat 1 forfeited after the moves: a bot fault)
 *   outcome won moves 17 returns 1
 */
#include "replay.h"
#include "provenance.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#define SEATS_TEXT_(n) #n
#define SEATS_TEXT(n) SEATS_TEXT_(n)   /* SAPPER_MAX_SEATS in messages */

void sapper_replay_head(const sapper_setup *s, sapper_strbuf *out)
{
    sapper_strbuf_printf(out, "sapper-replay 1\n");
    sapper_provenance_rules_lines(s, out);
    sapper_strbuf_printf(out, "rules %s\n", s->rules->desc.id);
    for (uint32_t i = 0; i < s->rules_params.count; i++)
        sapper_strbuf_printf(out, "param %s %s\n", s->rules_params.items[i].key,
                             s->rules_params.items[i].value);
}

void sapper_replay_text(sapper_match *m, sapper_strbuf *out)
{
    const sapper_setup *s = sapper_match_setup(m);
    sapper_replay_head(s, out);
    sapper_provenance_bot_lines(s, out);
    sapper_strbuf_printf(out, "seed %llu\n", (unsigned long long)sapper_match_seed(m));
    for (int32_t i = 0; i < s->players; i++) {
        const sapper_seat_setup *seat = &s->seats[i];
        if (seat->bot)
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
    for (size_t i = 0; i < n; i++) {
        const sapper_move *mv = sapper_match_move(m, i);
        if (mv->joint && (i == 0 || sapper_match_move(m, i - 1)->turn != mv->turn)) {
            size_t k = i;
            while (k < n && sapper_match_move(m, k)->turn == mv->turn)
                k++;
            sapper_strbuf_printf(out, "joint %zu\n", k - i);
        }
        /* text of an old action in the current state: the action encoding
           is stable within a game, so this is the text it had */
        sapper_strbuf_printf(out, "move %d %s\n", mv->seat + 1,
                             sapper_match_action_text(m, mv->action));
    }
    const sapper_fault *f = sapper_match_fault(m);
    if (f && f->kind != SAPPER_FAULT_VOID && f->seat >= 0)
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

sapper_status sapper_replay_save(sapper_match *m, const char *path,
                                 char *err, size_t errcap)
{
    sapper_strbuf b = {0};
    sapper_replay_text(m, &b);
    sapper_status st = SAPPER_ERR_NOMEM;
    if (b.failed)
        snprintf(err, errcap, "%s: cannot write the replay: out of memory", path);
    else
        st = sapper_replay_write(path, sapper_strbuf_str(&b), b.len, err, errcap);
    sapper_strbuf_free(&b);
    return st;
}

int sapper_replay_find_nul(const char *data, size_t len, const char *name,
                           char *err, size_t errcap)
{
    const char *nul = memchr(data, 0, len);
    if (!nul)
        return 0;
    int line = 1;
    for (const char *p = data; p < nul; p++)
        line += *p == '\n';
    snprintf(err, errcap, "%s:%d: unexpected NUL byte (a replay file is text)",
             name, line);
    return line;
}

/* ---- reading ---- */

typedef struct replay_move {
    int seat;
    int line;
    char *text;
    int joint_line;   /* the `joint N` line this move belongs to, 0 for none */
    int joint_n;      /* that N */
    int joint_k;      /* this move's place in the turn, from 1 */
} replay_move;

typedef struct replay_file {
    const char *name;
    sapper_config cfg;
    replay_move *moves;
    size_t nmoves, cap;
    char outcome[256];
    int outcome_line;           /* 0 until the outcome line */
    int forfeit_seat;           /* 0-based, -1 none */
    int forfeit_line;
    char forfeit_reason[64];
    int joint_line, joint_n;    /* the last `joint N` line */
    int joint_left;             /* move lines it still claims */
    char plugins[SAPPER_MAX_SEATS + 1][256];   /* its `plugin ...` lines */
    int nplugins;
} replay_file;

static void replay_free(replay_file *rf)
{
    sapper_config_free(&rf->cfg);
    for (size_t i = 0; i < rf->nmoves; i++)
        free(rf->moves[i].text);
    free(rf->moves);
}

static sapper_status bad_line(const replay_file *rf, int line, const char *what,
                              const char *found, char *err, size_t errcap)
{
    snprintf(err, errcap, "%s:%d: expected %s, found \"%s\"", rf->name, line,
             what, found);
    return SAPPER_ERR_PARSE;
}

static sapper_status add_move(replay_file *rf, int seat, int line, const char *text)
{
    if (rf->nmoves == rf->cap) {
        size_t ncap = rf->cap ? rf->cap * 2 : 64;
        replay_move *p = realloc(rf->moves, ncap * sizeof *p);
        if (!p)
            return SAPPER_ERR_NOMEM;
        rf->moves = p;
        rf->cap = ncap;
    }
    char *copy = strdup(text);
    if (!copy)
        return SAPPER_ERR_NOMEM;
    replay_move mv = {.seat = seat, .line = line, .text = copy};
    if (rf->joint_left > 0) {
        mv.joint_line = rf->joint_line;
        mv.joint_n = rf->joint_n;
        mv.joint_k = rf->joint_n - --rf->joint_left;
    }
    rf->moves[rf->nmoves++] = mv;
    return SAPPER_OK;
}

/* Splits "word rest": returns rest (after one space) or NULL. */
static const char *after_word(const char *s)
{
    const char *sp = strchr(s, ' ');
    return sp ? sp + 1 : NULL;
}

/* A whole number from min to max at the start of s (digits only: no sign,
   no blank, no overflow); *end gets what follows. 0 when there is none. */
static int parse_number(const char *s, long min, long max, long *out,
                        const char **end)
{
    if (!isdigit((unsigned char)*s))
        return 0;
    char *e;
    errno = 0;
    long v = strtol(s, &e, 10);
    if (errno || v < min || v > max)
        return 0;
    *out = v;
    *end = e;
    return 1;
}

/* The seat number (from 1) before a space at the start of s, 0 if none. */
static int parse_seat(const char *s, const char **rest)
{
    long n;
    const char *end;
    if (!s || !parse_number(s, 1, SAPPER_MAX_SEATS, &n, &end) || *end != ' ')
        return 0;
    *rest = end + 1;
    return (int)n;
}

/* Every setting once: a second `seed` or `param width` line is a mistake
   (which one did the author mean?), as a key twice in an INI file is. */
static sapper_status set_once(replay_file *rf, const char *section,
                              const char *key, const char *value, int line,
                              char *err, size_t errcap)
{
    const sapper_config_entry *e = sapper_config_get(&rf->cfg, section, key);
    if (e) {
        snprintf(err, errcap, "%s:%d: [%s] %s: given twice: %s:%d and %s:%d; "
                 "expected it once", rf->name, line, section, key, rf->name,
                 e->line, rf->name, line);
        return SAPPER_ERR_PARSE;
    }
    return sapper_config_set(&rf->cfg, section, key, value, rf->name, line);
}

/* "KEY VALUE", or "KEY" alone for an empty value: the writer puts a space
   after the key even then, but editors strip trailing blanks. */
static sapper_status parse_param_line(replay_file *rf, const char *section,
                                      const char *rest, int line, char *err,
                                      size_t errcap)
{
    const char *value = rest ? after_word(rest) : NULL;
    size_t n = rest ? (value ? (size_t)(value - 1 - rest) : strlen(rest)) : 0;
    if (n == 0)
        return bad_line(rf, line, "KEY VALUE", rest ? rest : "", err, errcap);
    char key[128];
    if (n >= sizeof key)
        return bad_line(rf, line, "a short key", rest, err, errcap);
    memcpy(key, rest, n);
    key[n] = 0;
    return set_once(rf, section, key, value ? value : "", line, err, errcap);
}

static sapper_status parse_seat_line(replay_file *rf, const char *rest, int line,
                                     char *err, size_t errcap)
{
    const char *tail;
    char section[32], kind[16];
    int seat = parse_seat(rest, &tail);
    if (!seat || sscanf(tail, "%15s", kind) != 1 ||
        (strcmp(kind, "human") != 0 && strcmp(kind, "bot") != 0))
        return bad_line(rf, line, "seat N human|bot ..., N from 1 to "
                        SEATS_TEXT(SAPPER_MAX_SEATS), rest ? rest : "", err, errcap);
    snprintf(section, sizeof section, "player.%d", seat);
    const char *who = after_word(tail);
    if (strcmp(kind, "human") == 0)
        return set_once(rf, section, "name", who ? who : "you", line, err, errcap);
    char id[128];
    const char *name = who ? after_word(who) : NULL;
    if (!who || sscanf(who, "%127s", id) != 1)
        return bad_line(rf, line, "seat N bot ID NAME", rest, err, errcap);
    sapper_status st = set_once(rf, section, "bot", id, line, err, errcap);
    if (st == SAPPER_OK && name)
        st = set_once(rf, section, "name", name, line, err, errcap);
    return st;
}

static sapper_status parse_joint_line(replay_file *rf, const char *rest, int line,
                                      char *err, size_t errcap)
{
    long n;
    const char *end;
    if (!parse_number(rest, 1, SAPPER_MAX_SEATS, &n, &end) || *end)
        return bad_line(rf, line, "joint N, N a whole number from 1 to "
                        SEATS_TEXT(SAPPER_MAX_SEATS) " (the moves of one "
                        "simultaneous turn)", rest, err, errcap);
    rf->joint_line = line;
    rf->joint_n = rf->joint_left = (int)n;
    return SAPPER_OK;
}

static sapper_status parse_forfeit_line(replay_file *rf, const char *rest,
                                        int line, char *err, size_t errcap)
{
    const char *tail;
    int seat = parse_seat(rest, &tail);
    if (!seat || !*tail)
        return bad_line(rf, line, "forfeit SEAT REASON, SEAT from 1 to "
                        SEATS_TEXT(SAPPER_MAX_SEATS), rest, err, errcap);
    if (rf->forfeit_line) {
        snprintf(err, errcap, "%s:%d: expected one forfeit line, found a second "
                 "(the first is line %d)", rf->name, line, rf->forfeit_line);
        return SAPPER_ERR_PARSE;
    }
    rf->forfeit_seat = seat - 1;
    rf->forfeit_line = line;
    snprintf(rf->forfeit_reason, sizeof rf->forfeit_reason, "%s", tail);
    return SAPPER_OK;
}

/* Lines that may not come where they are: anything after the outcome, a
   move after the forfeit, and anything but a move where a `joint N` line
   still claims moves. */
static sapper_status misplaced(const replay_file *rf, const char *s, int line,
                               char *err, size_t errcap)
{
    if (rf->outcome_line) {
        snprintf(err, errcap, "%s:%d: expected the end of the game after its "
                 "outcome line (line %d), found \"%s\"", rf->name, line,
                 rf->outcome_line, s);
        return SAPPER_ERR_PARSE;
    }
    if (rf->forfeit_line && (strncmp(s, "move ", 5) == 0 ||
                             strncmp(s, "joint ", 6) == 0)) {
        snprintf(err, errcap, "%s:%d: expected the outcome line after the "
                 "forfeit (line %d): the forfeit comes after every move, "
                 "found \"%s\"", rf->name, line, rf->forfeit_line, s);
        return SAPPER_ERR_PARSE;
    }
    if (rf->joint_left > 0 && strncmp(s, "move ", 5) != 0) {
        snprintf(err, errcap, "%s:%d: expected %d more move line(s) of the "
                 "simultaneous turn (joint %d, line %d), found \"%s\"", rf->name,
                 line, rf->joint_left, rf->joint_n, rf->joint_line, s);
        return SAPPER_ERR_PARSE;
    }
    return SAPPER_OK;
}

static sapper_status parse_line(replay_file *rf, char *s, int line,
                                char *err, size_t errcap)
{
    const char *rest = after_word(s);
    const char *tail;
    char section[32];
    int seat;
    sapper_status st = misplaced(rf, s, line, err, errcap);
    if (st != SAPPER_OK)
        return st;
    if (strncmp(s, "rules ", 6) == 0)
        return set_once(rf, "game", "rules", rest, line, err, errcap);
    if (strncmp(s, "param ", 6) == 0)
        return parse_param_line(rf, "rules", rest, line, err, errcap);
    if (strncmp(s, "seed ", 5) == 0)
        return set_once(rf, "game", "seed", rest, line, err, errcap);
    if (strncmp(s, "seat ", 5) == 0)
        return parse_seat_line(rf, rest, line, err, errcap);
    if (strncmp(s, "seatparam ", 10) == 0) {
        if (!(seat = parse_seat(rest, &tail)))
            return bad_line(rf, line, "seatparam N KEY VALUE", rest, err, errcap);
        snprintf(section, sizeof section, "player.%d", seat);
        return parse_param_line(rf, section, tail, line, err, errcap);
    }
    if (strncmp(s, "joint ", 6) == 0)
        return parse_joint_line(rf, rest, line, err, errcap);
    if (strncmp(s, "move ", 5) == 0) {
        if (!(seat = parse_seat(rest, &tail)))
            return bad_line(rf, line, "move SEAT ACTION, SEAT from 1 to "
                            SEATS_TEXT(SAPPER_MAX_SEATS), rest, err, errcap);
        return add_move(rf, seat - 1, line, tail);
    }
    if (strncmp(s, "forfeit ", 8) == 0)
        return parse_forfeit_line(rf, rest, line, err, errcap);
    if (strncmp(s, "outcome ", 8) == 0) {
        snprintf(rf->outcome, sizeof rf->outcome, "%s", rest);
        rf->outcome_line = line;
        return SAPPER_OK;
    }
    if (strncmp(s, "engine ", 7) == 0)
        return SAPPER_OK;   /* provenance: informative */
    if (strncmp(s, "plugin ", 7) == 0) {
        if (rf->nplugins < SAPPER_MAX_SEATS + 1)
            snprintf(rf->plugins[rf->nplugins++], sizeof rf->plugins[0], "%s", s);
        return SAPPER_OK;
    }
    return bad_line(rf, line, "engine, plugin, rules, param, seed, seat, seatparam, "
                    "move, joint, forfeit or outcome", s, err, errcap);
}

/* What the lines left unfinished: a missing outcome, a joint short of
   moves. */
static sapper_status parse_end(const replay_file *rf, char *err, size_t errcap)
{
    if (rf->joint_left > 0 && !rf->outcome_line) {
        snprintf(err, errcap, "%s:%d: joint %d: expected %d move lines after it, "
                 "found %d and then the end of the game", rf->name, rf->joint_line,
                 rf->joint_n, rf->joint_n, rf->joint_n - rf->joint_left);
        return SAPPER_ERR_PARSE;
    }
    if (!rf->outcome_line) {
        snprintf(err, errcap, "%s: no outcome line: the file is truncated or "
                 "is not a replay", rf->name);
        return SAPPER_ERR_PARSE;
    }
    return SAPPER_OK;
}

static sapper_status parse_replay(replay_file *rf, const char *text,
                                  int first_line, char *err, size_t errcap)
{
    int line = first_line - 1;
    sapper_status st = SAPPER_OK;
    for (const char *p = text; *p && st == SAPPER_OK;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        char *s = strndup(p, n);
        if (!s)
            return SAPPER_ERR_NOMEM;
        if (n && s[n - 1] == '\r')
            s[n - 1] = 0;
        line++;
        if (line == first_line && strcmp(s, "sapper-replay 1") != 0)
            st = bad_line(rf, line, "the header \"sapper-replay 1\"", s, err, errcap);
        else if (line > first_line && s[0] && s[0] != '#')
            st = parse_line(rf, s, line, err, errcap);
        free(s);
        p += n + (nl != NULL);
    }
    return st == SAPPER_OK ? parse_end(rf, err, errcap) : st;
}

static sapper_status seat_not_in_game(const replay_file *rf, int line, int seat,
                                      int32_t players, char *err, size_t errcap)
{
    snprintf(err, errcap, "%s:%d: seat %d is not in this game (%d seat%s)",
             rf->name, line, seat + 1, (int)players, players == 1 ? "" : "s");
    return SAPPER_ERR_PARSE;
}

/* The file's `joint N` lines against the turns re-execution plays: a move
   of a simultaneous turn needs one, and the turn must end with its Nth
   move. history: the number of recorded moves before the turn began. */
static sapper_status check_joint(const replay_file *rf, const replay_move *mv,
                                 sapper_match *m, int simultaneous,
                                 size_t history, char *err, size_t errcap)
{
    if (!mv->joint_line) {
        if (!simultaneous)
            return SAPPER_OK;
        snprintf(err, errcap, "%s:%d: move %d %s: expected a `joint N` line "
                 "before this move: it is part of a simultaneous turn", rf->name,
                 mv->line, mv->seat + 1, mv->text);
        return SAPPER_ERR_PARSE;
    }
    int ended = sapper_match_move_count(m) > history;
    if (simultaneous && ended == (mv->joint_k == mv->joint_n))
        return SAPPER_OK;
    if (!simultaneous)
        snprintf(err, errcap, "%s:%d: joint %d: expected a simultaneous turn, but "
                 "the move at line %d is played alone (seat %d to move)", rf->name,
                 mv->joint_line, mv->joint_n, mv->line, mv->seat + 1);
    else if (ended)
        snprintf(err, errcap, "%s:%d: joint %d: the simultaneous turn ends after "
                 "%d move(s) (line %d), expected %d", rf->name, mv->joint_line,
                 mv->joint_n, mv->joint_k, mv->line, mv->joint_n);
    else
        snprintf(err, errcap, "%s:%d: joint %d: the simultaneous turn needs "
                 "more than %d move(s): it is still open after line %d",
                 rf->name, mv->joint_line, mv->joint_n, mv->joint_n, mv->line);
    return SAPPER_ERR_PARSE;
}

/* The reasons the writer records after `forfeit N`: a bot's illegal
   action or error status (both in its step), and the faults of a call
   into a bot found outside the match: running out of time, and, for a
   sandboxed bot, its process crashing, exiting, breaking the sandbox or
   the protocol, or running out of memory. Returns 1 for a step-only
   reason, 2 for one that may come from any call (bot_new, inform and
   bot_free too, so at any point of the game, even after its end), 0 for
   a reason the engine never writes. */
static int recorded_reason(const char *reason)
{
    static const char *const any_call[] = {"timeout", "crash", "exit", "sandbox",
                                           "protocol", "memory", "killed"};
    if (strcmp(reason, "illegal") == 0 || strcmp(reason, "error") == 0)
        return 1;
    for (size_t i = 0; i < sizeof any_call / sizeof *any_call; i++)
        if (strcmp(reason, any_call[i]) == 0)
            return 2;
    return 0;
}

/* Is seat asked for an action now (its turn, or it owes one of a
   simultaneous turn)? */
static int seat_to_act(const sapper_match *m, int32_t seat)
{
    int32_t who = sapper_match_to_move(m);
    return who == seat || (who == SAPPER_SIMULTANEOUS && sapper_match_awaits(m, seat));
}

/* A forfeit the engine could have recorded here: a bot seat, a reason
   the writer writes, and a fault that could have happened where the line
   stands. An illegal action or an error status comes from a step (a late
   action is not played: match.c ask_bot), so that seat must be the one to
   act now; the other reasons may come from any call into the bot. */
static sapper_status check_forfeit(const replay_file *rf, const sapper_match *m,
                                   const int *bot_seat, char *err, size_t errcap)
{
    int32_t seat = rf->forfeit_seat;
    const char *why = NULL;
    if (seat >= sapper_match_players(m))
        return seat_not_in_game(rf, rf->forfeit_line, seat, sapper_match_players(m),
                                err, errcap);
    int kind = recorded_reason(rf->forfeit_reason);
    if (!kind)
        why = "expected the reason illegal, error, timeout, crash, exit, sandbox, "
              "protocol, memory or killed, found another";
    else if (!bot_seat[seat])
        why = "expected a bot's seat (only a bot forfeits), found a human's";
    else if (kind == 2 || seat_to_act(m, seat))
        return SAPPER_OK;
    else if (sapper_match_to_move(m) == SAPPER_TERMINAL)
        why = "expected the game to go on: it is already over";
    else
        why = "expected the seat to move now: it is not its turn";
    snprintf(err, errcap, "%s:%d: forfeit %d %s: %s (after %zu moves)", rf->name,
             rf->forfeit_line, seat + 1, rf->forfeit_reason, why,
             sapper_match_move_count(m));
    return SAPPER_ERR_PARSE;
}

static sapper_status replay_moves(const replay_file *rf, sapper_match *m,
                                  const int *bot_seat, sapper_replay_check *check,
                                  char *err, size_t errcap)
{
    char why[512];
    int32_t players = sapper_match_players(m);
    size_t history = 0;   /* recorded moves before the current turn */
    for (size_t i = 0; i < rf->nmoves; i++) {
        const replay_move *mv = &rf->moves[i];
        if (mv->seat >= players)
            return seat_not_in_game(rf, mv->line, mv->seat, players, err, errcap);
        int simultaneous = sapper_match_to_move(m) == SAPPER_SIMULTANEOUS;
        if (mv->joint_k <= 1)
            history = sapper_match_move_count(m);
        if (sapper_match_play_text(m, mv->seat, mv->text, why, sizeof why)) {
            snprintf(err, errcap, "%s:%d: move %d %s: %s", rf->name, mv->line,
                     mv->seat + 1, mv->text, why);
            return SAPPER_ERR_ILLEGAL;
        }
        sapper_status st = check_joint(rf, mv, m, simultaneous, history, err, errcap);
        if (st != SAPPER_OK)
            return st;
        check->moves++;
    }
    if (rf->forfeit_seat < 0)
        return SAPPER_OK;
    sapper_status st = check_forfeit(rf, m, bot_seat, err, errcap);
    if (st == SAPPER_OK)
        sapper_match_forfeit(m, rf->forfeit_seat, rf->forfeit_reason);
    return st;
}

/* Every seat plays from the file: make them all "human" for the match;
   bot_seat[i] keeps whether seat i was a bot's (only a bot forfeits). */
static void seats_from_file(sapper_setup *setup, int *bot_seat)
{
    for (int32_t i = 0; i < setup->players; i++) {
        bot_seat[i] = setup->seats[i].bot != NULL;
        sapper_param_set_free(&setup->seats[i].params);
        setup->seats[i].bot = NULL;
    }
}

/* The rules refused the game the lines describe (parameters each in
   range, together not: a board with no safe cell): err, which says why,
   is put after the file's name and the game's first line. */
static sapper_status game_refused(const replay_file *rf, int first_line, char *err,
                                  size_t errcap)
{
    char why[1024];
    snprintf(why, sizeof why, "%s", err);
    snprintf(err, errcap, "%s:%d: cannot start the game: %s", rf->name, first_line,
             why);
    return SAPPER_ERR_PARAM;
}

sapper_status sapper_replay_verify(const char *text, const char *name,
                                   int first_line, const sapper_registry *reg,
                                   sapper_replay_check *check,
                                   char *err, size_t errcap)
{
    replay_file rf = {.name = name, .forfeit_seat = -1};
    int bot_seat[SAPPER_MAX_SEATS] = {0};
    sapper_setup setup;
    memset(&setup, 0, sizeof setup);
    memset(check, 0, sizeof *check);
    sapper_config_init(&rf.cfg);
    sapper_status st = parse_replay(&rf, text, first_line, err, errcap);
    if (st == SAPPER_OK)
        st = sapper_setup_resolve(&rf.cfg, reg, NULL, &setup, err, errcap);
    sapper_match *m = NULL;
    if (st == SAPPER_OK) {
        seats_from_file(&setup, bot_seat);
        m = sapper_match_new(&setup, setup.seed, 0, err, errcap);
        st = m ? SAPPER_OK : game_refused(&rf, first_line, err, errcap);
    }
    if (st == SAPPER_OK)
        st = replay_moves(&rf, m, bot_seat, check, err, errcap);
    if (st == SAPPER_OK) {
        sapper_strbuf b = {0};
        sapper_match_outcome_line(m, &b);
        snprintf(check->actual, sizeof check->actual, "%s", sapper_strbuf_str(&b));
        snprintf(check->expected, sizeof check->expected, "%s", rf.outcome);
        check->matches = strcmp(check->actual, check->expected) == 0;
        sapper_strbuf_free(&b);
    }
    for (int i = 0; st == SAPPER_OK && i < rf.nplugins && !check->changed[0]; i++)
        sapper_provenance_compare(reg, rf.plugins[i], check->changed,
                                  sizeof check->changed);
    sapper_match_free(m);
    sapper_setup_free(&setup);
    replay_free(&rf);
    return st;
}
