/*
 * replay.c - writes and re-executes replay files. A replay stores the
 * setup (as config entries, so the same checks as for INI files apply, with
 * the replay's file and line in messages), the seed and the actions as
 * text; it never stores bot state: re-execution applies the recorded
 * actions and compares the outcome line.
 *
 *   sapper-replay 1
 *   rules classic
 *   param width 9            (one per rules parameter)
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

#include <errno.h>

void sapper_replay_text(sapper_match *m, sapper_strbuf *out)
{
    const sapper_setup *s = sapper_match_setup(m);
    sapper_strbuf_printf(out, "sapper-replay 1\nrules %s\n", s->rules->desc.id);
    for (uint32_t i = 0; i < s->rules_params.count; i++)
        sapper_strbuf_printf(out, "param %s %s\n", s->rules_params.items[i].key,
                             s->rules_params.items[i].value);
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

sapper_status sapper_replay_save(sapper_match *m, const char *path,
                                 char *err, size_t errcap)
{
    sapper_strbuf b = {0};
    sapper_replay_text(m, &b);
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    int ok = f && !b.failed && fwrite(b.data, 1, b.len, f) == b.len;
    ok = f && fclose(f) == 0 && ok;
    ok = ok && rename(tmp, path) == 0;
    if (!ok) {
        snprintf(err, errcap, "%s: cannot write the replay: %s", path, strerror(errno));
        remove(tmp);
    }
    sapper_strbuf_free(&b);
    return ok ? SAPPER_OK : SAPPER_ERR_PARAM;
}

/* ---- reading ---- */

typedef struct replay_move {
    int seat;
    int joint;     /* group id, 0 for sequential */
    int line;
    char *text;
} replay_move;

typedef struct replay_file {
    const char *name;
    sapper_config cfg;
    replay_move *moves;
    size_t nmoves, cap;
    char outcome[256];
    int have_outcome;
    int forfeit_seat;           /* 0-based, -1 none */
    char forfeit_reason[64];
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

static sapper_status add_move(replay_file *rf, int seat, int joint, int line,
                              const char *text)
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
    rf->moves[rf->nmoves++] = (replay_move){seat, joint, line, copy};
    return SAPPER_OK;
}

/* Splits "word rest": returns rest (after one space) or NULL. */
static const char *after_word(const char *s)
{
    const char *sp = strchr(s, ' ');
    return sp ? sp + 1 : NULL;
}

static int parse_seat(const char *s, const char **rest)
{
    char *end;
    long n = strtol(s, &end, 10);
    if (end == s || *end != ' ' || n < 1 || n > SAPPER_MAX_SEATS)
        return 0;
    *rest = end + 1;
    return (int)n;
}

static sapper_status parse_param_line(replay_file *rf, const char *section,
                                      const char *rest, int line, char *err,
                                      size_t errcap)
{
    const char *value = rest ? after_word(rest) : NULL;
    if (!value)
        return bad_line(rf, line, "KEY VALUE", rest ? rest : "", err, errcap);
    char key[128];
    size_t n = (size_t)(value - 1 - rest);
    if (n >= sizeof key)
        return bad_line(rf, line, "a short key", rest, err, errcap);
    memcpy(key, rest, n);
    key[n] = 0;
    return sapper_config_set(&rf->cfg, section, key, value, rf->name, line);
}

static sapper_status parse_seat_line(replay_file *rf, const char *rest, int line,
                                     char *err, size_t errcap)
{
    const char *tail;
    char section[32], kind[16];
    int seat = rest ? parse_seat(rest, &tail) : 0;
    if (!seat || sscanf(tail, "%15s", kind) != 1 ||
        (strcmp(kind, "human") != 0 && strcmp(kind, "bot") != 0))
        return bad_line(rf, line, "seat N human|bot ...", rest ? rest : "", err, errcap);
    snprintf(section, sizeof section, "player.%d", seat);
    const char *who = after_word(tail);
    if (strcmp(kind, "human") == 0)
        return sapper_config_set(&rf->cfg, section, "name", who ? who : "you",
                                 rf->name, line);
    char id[128];
    const char *name = who ? after_word(who) : NULL;
    if (!who || sscanf(who, "%127s", id) != 1)
        return bad_line(rf, line, "seat N bot ID NAME", rest, err, errcap);
    sapper_status st = sapper_config_set(&rf->cfg, section, "bot", id, rf->name, line);
    if (st == SAPPER_OK && name)
        st = sapper_config_set(&rf->cfg, section, "name", name, rf->name, line);
    return st;
}

static sapper_status parse_line(replay_file *rf, char *s, int line,
                                int *joint_left, int *joint_id,
                                char *err, size_t errcap)
{
    const char *rest = after_word(s);
    const char *tail;
    char section[32];
    int seat;
    if (strncmp(s, "rules ", 6) == 0)
        return sapper_config_set(&rf->cfg, "game", "rules", rest, rf->name, line);
    if (strncmp(s, "param ", 6) == 0)
        return parse_param_line(rf, "rules", rest, line, err, errcap);
    if (strncmp(s, "seed ", 5) == 0)
        return sapper_config_set(&rf->cfg, "game", "seed", rest, rf->name, line);
    if (strncmp(s, "seat ", 5) == 0)
        return parse_seat_line(rf, rest, line, err, errcap);
    if (strncmp(s, "seatparam ", 10) == 0) {
        if (!(seat = parse_seat(rest, &tail)))
            return bad_line(rf, line, "seatparam N KEY VALUE", rest, err, errcap);
        snprintf(section, sizeof section, "player.%d", seat);
        return parse_param_line(rf, section, tail, line, err, errcap);
    }
    if (strncmp(s, "joint ", 6) == 0) {
        *joint_left = atoi(rest);
        ++*joint_id;
        return *joint_left > 0 ? SAPPER_OK
                               : bad_line(rf, line, "joint N", rest, err, errcap);
    }
    if (strncmp(s, "move ", 5) == 0) {
        if (!(seat = parse_seat(rest, &tail)))
            return bad_line(rf, line, "move SEAT ACTION", rest, err, errcap);
        int group = *joint_left > 0 ? (--*joint_left, *joint_id) : 0;
        return add_move(rf, seat - 1, group, line, tail);
    }
    if (strncmp(s, "forfeit ", 8) == 0) {
        if (!(seat = parse_seat(rest, &tail)) || !*tail)
            return bad_line(rf, line, "forfeit SEAT REASON", rest, err, errcap);
        rf->forfeit_seat = seat - 1;
        snprintf(rf->forfeit_reason, sizeof rf->forfeit_reason, "%s", tail);
        return SAPPER_OK;
    }
    if (strncmp(s, "outcome ", 8) == 0) {
        snprintf(rf->outcome, sizeof rf->outcome, "%s", rest);
        rf->have_outcome = 1;
        return SAPPER_OK;
    }
    return bad_line(rf, line, "rules, param, seed, seat, seatparam, move, "
                    "joint, forfeit or outcome", s, err, errcap);
}

static sapper_status parse_replay(replay_file *rf, const char *text,
                                  int first_line, char *err, size_t errcap)
{
    int line = first_line - 1, joint_left = 0, joint_id = 0;
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
            st = parse_line(rf, s, line, &joint_left, &joint_id, err, errcap);
        free(s);
        p += n + (nl != NULL);
    }
    if (st == SAPPER_OK && !rf->have_outcome) {
        snprintf(err, errcap, "%s: no outcome line: the file is truncated or "
                 "is not a replay", rf->name);
        st = SAPPER_ERR_PARSE;
    }
    return st;
}

static sapper_status replay_moves(const replay_file *rf, sapper_match *m,
                                  sapper_replay_check *check, char *err,
                                  size_t errcap)
{
    char why[512];
    for (size_t i = 0; i < rf->nmoves; i++) {
        const replay_move *mv = &rf->moves[i];
        if (mv->seat >= sapper_match_players(m)) {
            snprintf(err, errcap, "%s:%d: seat %d is not in this game", rf->name,
                     mv->line, mv->seat + 1);
            return SAPPER_ERR_PARSE;
        }
        if (sapper_match_play_text(m, mv->seat, mv->text, why, sizeof why)) {
            snprintf(err, errcap, "%s:%d: move %d %s: %s", rf->name, mv->line,
                     mv->seat + 1, mv->text, why);
            return SAPPER_ERR_ILLEGAL;
        }
        check->moves++;
    }
    if (rf->forfeit_seat >= 0 && rf->forfeit_seat < sapper_match_players(m))
        sapper_match_forfeit(m, rf->forfeit_seat, rf->forfeit_reason);
    return SAPPER_OK;
}

/* Every seat plays from the file: make them all "human" for the match. */
static void seats_from_file(sapper_setup *setup)
{
    for (int32_t i = 0; i < setup->players; i++) {
        sapper_param_set_free(&setup->seats[i].params);
        setup->seats[i].bot = NULL;
    }
}

sapper_status sapper_replay_verify(const char *text, const char *name,
                                   int first_line, const sapper_registry *reg,
                                   sapper_replay_check *check,
                                   char *err, size_t errcap)
{
    replay_file rf = {.name = name, .forfeit_seat = -1};
    sapper_setup setup;
    memset(&setup, 0, sizeof setup);
    memset(check, 0, sizeof *check);
    sapper_config_init(&rf.cfg);
    sapper_status st = parse_replay(&rf, text, first_line, err, errcap);
    if (st == SAPPER_OK)
        st = sapper_setup_resolve(&rf.cfg, reg, NULL, &setup, err, errcap);
    sapper_match *m = NULL;
    if (st == SAPPER_OK) {
        seats_from_file(&setup);
        m = sapper_match_new(&setup, setup.seed, 0, err, errcap);
        st = m ? SAPPER_OK : SAPPER_ERR_PARAM;
    }
    if (st == SAPPER_OK)
        st = replay_moves(&rf, m, check, err, errcap);
    if (st == SAPPER_OK) {
        sapper_strbuf b = {0};
        sapper_match_outcome_line(m, &b);
        snprintf(check->actual, sizeof check->actual, "%s", sapper_strbuf_str(&b));
        snprintf(check->expected, sizeof check->expected, "%s", rf.outcome);
        check->matches = strcmp(check->actual, check->expected) == 0;
        sapper_strbuf_free(&b);
    }
    sapper_match_free(m);
    sapper_setup_free(&setup);
    replay_free(&rf);
    return st;
}
