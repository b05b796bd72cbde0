/*
 * replay_read.c - reads replay files (the format is in replay.c's header
 * and docs/FORMATS.md) into their setup and steps. The setup becomes config
 * entries, so the same checks as for INI files apply, with the replay's
 * file and line in messages. A game is read once into its steps (a move, a
 * `joint N` turn, the forfeit), which verifying plays all at once and a
 * watched replay one by one. The moves' times are checked for form and
 * order, and otherwise only handed out. It does not play the steps or
 * compare the outcome (replay_play.c); writing is replay.c's.
 */
#include "replay_internal.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

#define SEATS_TEXT_(n) #n
#define SEATS_TEXT(n) SEATS_TEXT_(n)   /* SAPPER_MAX_SEATS in messages */

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

/* The largest time a move may have: a game of thirty years. */
#define MS_MAX 1000000000000L

void sapper_replay_free(sapper_replay *rf)
{
    if (!rf)
        return;
    sapper_config_free(&rf->cfg);
    for (size_t i = 0; i < rf->nmoves; i++)
        free(rf->moves[i].text);
    free(rf->moves);
    free(rf->starts);
    free(rf->name);
    free(rf);
}

static sapper_status bad_line(const replay_file *rf, int line, const char *what,
                              const char *found, char *err, size_t errcap)
{
    snprintf(err, errcap, "%s:%d: expected %s, found \"%s\"", rf->name, line,
             what, found);
    return SAPPER_ERR_PARSE;
}

static sapper_status add_move(replay_file *rf, int seat, int line, const char *text,
                              int64_t ms)
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
    replay_move mv = {.seat = seat, .line = line, .text = copy, .ms = ms};
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
        (strcmp(kind, "human") != 0 && strcmp(kind, "bot") != 0 &&
         strcmp(kind, "process") != 0))
        return bad_line(rf, line, "seat N human|bot|process ..., N from 1 to "
                        SEATS_TEXT(SAPPER_MAX_SEATS), rest ? rest : "", err, errcap);
    snprintf(section, sizeof section, "player.%d", seat);
    const char *who = after_word(tail);
    if (strcmp(kind, "human") == 0)
        return set_once(rf, section, "name", who ? who : "you", line, err, errcap);
    char id[128];
    const char *name = who ? after_word(who) : NULL;
    if (!who || sscanf(who, "%127s", id) != 1)
        return bad_line(rf, line, "seat N bot ID NAME", rest, err, errcap);
    if (strcmp(kind, "process") == 0) {   /* a process bot: its moves are here */
        rf->process_seat[seat - 1] = 1;
        return set_once(rf, section, "name", name ? name : id, line, err, errcap);
    }
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

/* A move line: `move SEAT ACTION`, or `at MS move SEAT ACTION`. */
static int is_move_line(const char *s)
{
    return strncmp(s, "move ", 5) == 0 || strncmp(s, "at ", 3) == 0;
}

/* A move's time against the moves before it: every move has one or none
   does, and none is earlier than the move before it. */
static sapper_status check_time(const replay_file *rf, int64_t ms, int line,
                                char *err, size_t errcap)
{
    const replay_move *before = rf->nmoves ? &rf->moves[rf->nmoves - 1] : NULL;
    if (!before || (before->ms < 0 && ms < 0) || (ms >= before->ms && before->ms >= 0))
        return SAPPER_OK;
    if (before->ms < 0)
        snprintf(err, errcap, "%s:%d: expected a move without a time, as the moves "
                 "before it are (line %d), found \"at %lld\"", rf->name, line,
                 before->line, (long long)ms);
    else if (ms < 0)
        snprintf(err, errcap, "%s:%d: expected \"at MS\" before the move, as every "
                 "move before it has (line %d), found a move without a time",
                 rf->name, line, before->line);
    else
        snprintf(err, errcap, "%s:%d: at %lld: expected a time from %lld ms on (the "
                 "move before it, line %d), found an earlier one", rf->name, line,
                 (long long)ms, (long long)before->ms, before->line);
    return SAPPER_ERR_PARSE;
}

/* "SEAT ACTION" of a move line applied ms after the game began (-1: the
   file keeps no times). */
static sapper_status parse_move(replay_file *rf, const char *rest, int64_t ms,
                                int line, char *err, size_t errcap)
{
    const char *tail;
    int seat = parse_seat(rest, &tail);
    if (!seat)
        return bad_line(rf, line, "move SEAT ACTION, SEAT from 1 to "
                        SEATS_TEXT(SAPPER_MAX_SEATS), rest ? rest : "", err, errcap);
    sapper_status st = check_time(rf, ms, line, err, errcap);
    return st == SAPPER_OK ? add_move(rf, seat - 1, line, tail, ms) : st;
}

/* "MS move SEAT ACTION": the move's time in milliseconds since the game
   began. Metadata: what the game does never depends on it. */
static sapper_status parse_timed_move(replay_file *rf, const char *rest, int line,
                                      char *err, size_t errcap)
{
    long ms;
    const char *end;
    if (!rest || !parse_number(rest, 0, MS_MAX, &ms, &end) ||
        strncmp(end, " move ", 6) != 0)
        return bad_line(rf, line, "at MS move SEAT ACTION, MS the milliseconds "
                        "since the game began (a whole number from 0 to 10^12)",
                        rest ? rest : "", err, errcap);
    return parse_move(rf, end + 6, (int64_t)ms, line, err, errcap);
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
    if (rf->forfeit_line && (is_move_line(s) || strncmp(s, "joint ", 6) == 0)) {
        snprintf(err, errcap, "%s:%d: expected the outcome line after the "
                 "forfeit (line %d): the forfeit comes after every move, "
                 "found \"%s\"", rf->name, line, rf->forfeit_line, s);
        return SAPPER_ERR_PARSE;
    }
    if (rf->joint_left > 0 && !is_move_line(s)) {
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
    if (strncmp(s, "move ", 5) == 0)
        return parse_move(rf, rest, -1, line, err, errcap);
    if (strncmp(s, "at ", 3) == 0)
        return parse_timed_move(rf, rest, line, err, errcap);
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
                    "move, at, joint, forfeit or outcome", s, err, errcap);
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

/* The steps: each move alone, the moves of a `joint N` line together
   (they are applied at once), and the forfeit after the last move. */
static sapper_status find_steps(replay_file *rf)
{
    rf->starts = malloc((rf->nmoves + 2) * sizeof *rf->starts);
    if (!rf->starts)
        return SAPPER_ERR_NOMEM;
    size_t n = 0;
    rf->starts[n++] = 0;
    for (size_t i = 0; i < rf->nmoves; i++)
        if (rf->moves[i].joint_k == rf->moves[i].joint_n)   /* 0 == 0 alone */
            rf->starts[n++] = i + 1;
    if (rf->forfeit_line)
        rf->starts[n++] = rf->nmoves;
    rf->nsteps = n - 1;
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
    st = st == SAPPER_OK ? parse_end(rf, err, errcap) : st;
    return st == SAPPER_OK ? find_steps(rf) : st;
}

sapper_status sapper_replay_read(const char *text, const char *name, int first_line,
                                 sapper_replay **out, char *err, size_t errcap)
{
    replay_file *rf = calloc(1, sizeof *rf);
    *out = NULL;
    if (!rf || !(rf->name = strdup(name))) {
        free(rf);
        snprintf(err, errcap, "%s: out of memory", name);
        return SAPPER_ERR_NOMEM;
    }
    rf->forfeit_seat = -1;
    rf->first_line = first_line;
    sapper_config_init(&rf->cfg);
    sapper_status st = parse_replay(rf, text, first_line, err, errcap);
    if (st == SAPPER_ERR_NOMEM)
        snprintf(err, errcap, "%s: out of memory", name);
    if (st != SAPPER_OK) {
        sapper_replay_free(rf);
        return st;
    }
    *out = rf;
    return SAPPER_OK;
}

size_t sapper_replay_steps(const sapper_replay *rf)
{
    return rf->nsteps;
}

size_t sapper_replay_step_moves(const sapper_replay *rf, size_t step, size_t *first)
{
    if (step == 0 || step > rf->nsteps) {
        *first = step == 0 ? 0 : rf->nmoves;
        return 0;
    }
    *first = rf->starts[step - 1];
    return rf->starts[step] - rf->starts[step - 1];
}

int64_t sapper_replay_step_ms(const sapper_replay *rf, size_t step)
{
    if (rf->nmoves == 0 || rf->moves[0].ms < 0)
        return -1;
    size_t end = step == 0 ? 0 : rf->starts[step < rf->nsteps ? step : rf->nsteps];
    return end ? rf->moves[end - 1].ms : 0;   /* a step's last move: its time */
}

const char *sapper_replay_outcome(const sapper_replay *rf)
{
    return rf->outcome;
}
