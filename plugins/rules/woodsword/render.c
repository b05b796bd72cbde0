/*
 * render.c - render_text() and result_json() of Wood-Sword: the arena as
 * lines of text in the game's language (what the line protocol prints and
 * a terminal shows for the arena family): the seats, the last round's
 * reveal (attacks as `seat 2 -> seat 5 wood_sword (1)`, llamas, missiles,
 * hits, eliminations, the next match), then what happens now (the viewer's
 * menu of actions with costs, the missile placing, the game's end). The
 * words come from text.c; nothing here decides a rule.
 */
#include "state.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* A growing "write up to cap, return needed" text sink. */
typedef struct woodsword_out {
    char *buf;
    size_t cap, len;
} woodsword_out;

static void woodsword_vprintf(woodsword_out *o, const char *fmt, va_list ap)
{
    int n = vsnprintf(o->len < o->cap ? o->buf + o->len : NULL,
                      o->len < o->cap ? o->cap - o->len : 0, fmt, ap);
    if (n > 0)
        o->len += (size_t)n;
}

__attribute__((format(printf, 2, 3)))
static void woodsword_printf(woodsword_out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    woodsword_vprintf(o, fmt, ap);
    va_end(ap);
}

/* Prints message id of the game's language. */
static void say(woodsword_out *o, const woodsword_state *s, enum woodsword_msg id, ...)
{
    va_list ap;
    va_start(ap, id);
    woodsword_vprintf(o, woodsword_msg(s->game->lang, id), ap);
    va_end(ap);
}

/* "seat 3" in the game's language; buf has 32 bytes. */
static const char *seat_label(const woodsword_state *s, int32_t seat, char *buf)
{
    snprintf(buf, 32, woodsword_msg(s->game->lang, WOODSWORD_T_SEAT), (int)seat + 1);
    return buf;
}

/* ------------------------------------------------------------------ */
/* The seats.                                                          */
/* ------------------------------------------------------------------ */

static void render_seat(woodsword_out *o, const woodsword_state *s, int32_t i)
{
    const woodsword_seat *p = &s->seat[i];
    char label[32], pts[16], word[64];
    woodsword_printf(o, "  %-10s", seat_label(s, i, label));
    snprintf(word, sizeof word, woodsword_msg(s->game->lang, WOODSWORD_T_POINTS),
             woodsword_half(pts, p->points));
    woodsword_printf(o, "  %-12s", word);
    snprintf(word, sizeof word, woodsword_msg(s->game->lang, WOODSWORD_T_SHIELDS), (int)p->shields);
    woodsword_printf(o, "  %-10s", word);
    woodsword_printf(o, "  %-6s  ", p->prep ? woodsword_msg(s->game->lang, WOODSWORD_T_PREP) : "-");
    if (p->alive)
        say(o, s, WOODSWORD_T_ALIVE);
    else
        say(o, s, WOODSWORD_T_OUT, (int)p->out_match);
    woodsword_printf(o, "\n");
}

/* ------------------------------------------------------------------ */
/* Action lines, shared by the reveal and the last round's report.     */
/* ------------------------------------------------------------------ */

typedef struct action_row {
    int32_t seat;
    int64_t action;
    int32_t damage;       /* attack damage, half units                 */
    int32_t duel;         /* the other duellist or -1                  */
    int32_t fizzled;
    const uint8_t (*missiles)[WOODSWORD_SEATS];  /* placements by [user][target] */
} action_row;

static void missile_targets(woodsword_out *o, const woodsword_state *s, const action_row *r)
{
    char label[32];
    const char *sep = " ";
    for (int32_t t = 0; t < s->players; t++) {
        int n = r->missiles[r->seat][t];
        if (n == 0)
            continue;
        woodsword_printf(o, "%s%s x%d", sep, seat_label(s, t, label), n);
        sep = woodsword_msg(s->game->lang, WOODSWORD_T_SEP);
    }
}

static void action_line(woodsword_out *o, const woodsword_state *s, const action_row *r)
{
    int32_t verb, target, count, lang = s->game->lang;
    char a[32], b[32], dmg[16], name[80];
    if (!sapper_arena_decode(r->action, &verb, &target, &count))
        return;
    seat_label(s, r->seat, a);
    snprintf(name, sizeof name, count > 1 && verb == SAPPER_ARENA_FIST ? "%s x%d" : "%s",
             woodsword_verb_name(lang, verb), (int)count);
    if (sapper_arena_is_attack(verb)) {
        say(o, s, WOODSWORD_T_ATTACK, a, seat_label(s, target, b), name,
            woodsword_half(dmg, r->damage));
        if (r->duel >= 0)
            say(o, s, WOODSWORD_T_DUEL);
    } else if (verb == SAPPER_ARENA_LLAMA) {
        say(o, s, WOODSWORD_T_LLAMA, a, name);
        if (r->fizzled)   /* which of the two: the report keeps it */
            say(o, s, r->fizzled == 1 ? WOODSWORD_T_FIZZLED : WOODSWORD_T_CANCELLED);
    } else if (verb == SAPPER_ARENA_MISSILE) {
        say(o, s, WOODSWORD_T_MISSILE, a, name, (int)count);
        missile_targets(o, s, r);
    } else {
        say(o, s, WOODSWORD_T_PLAIN, a, name);
    }
    woodsword_printf(o, "\n");
}

/* ------------------------------------------------------------------ */
/* The last resolved round.                                            */
/* ------------------------------------------------------------------ */

static void render_hits(woodsword_out *o, const woodsword_state *s)
{
    char label[32], in[16], over[16];
    for (int32_t i = 0; i < s->players; i++) {
        const woodsword_report *r = &s->seat[i].last;
        if (r->action == SAPPER_NO_ACTION || (r->incoming == 0 && r->overflow == 0))
            continue;
        say(o, s, WOODSWORD_T_HIT, seat_label(s, i, label), woodsword_half(in, r->incoming),
            woodsword_half(over, r->overflow));
        if (r->broken > 0)
            say(o, s, WOODSWORD_T_BROKEN, (int)r->broken);
        if (r->died)
            say(o, s, WOODSWORD_T_DIED);
        woodsword_printf(o, "\n");
    }
}

static void render_eliminated(woodsword_out *o, const woodsword_state *s)
{
    char label[32];
    const char *sep = " ";
    int any = 0;
    for (int32_t i = 0; i < s->players; i++) {
        if (s->seat[i].last.action == SAPPER_NO_ACTION || !s->seat[i].last.died)
            continue;
        if (!any)
            say(o, s, WOODSWORD_T_ELIMINATED);
        woodsword_printf(o, "%s%s", sep, seat_label(s, i, label));
        sep = woodsword_msg(s->game->lang, WOODSWORD_T_SEP);
        any = 1;
    }
    if (any)
        woodsword_printf(o, "\n");
}

static void render_last_round(woodsword_out *o, const woodsword_state *s)
{
    if (s->last_round == 0)
        return;
    say(o, s, WOODSWORD_T_LAST, (int)s->last_match, (int)s->last_round);
    for (int32_t i = 0; i < s->players; i++) {
        const woodsword_report *r = &s->seat[i].last;
        if (r->action == SAPPER_NO_ACTION)
            continue;
        action_row row = { .seat = i, .action = r->action, .damage = r->damage,
                           .duel = r->duel, .fizzled = r->fizzled,
                           .missiles = (const uint8_t (*)[WOODSWORD_SEATS])s->last_missiles };
        action_line(o, s, &row);
    }
    render_hits(o, s);
    render_eliminated(o, s);
    if (s->last_match != s->match)
        say(o, s, WOODSWORD_T_NEXT_MATCH, (int)s->last_match, (int)s->match);
}

/* ------------------------------------------------------------------ */
/* What happens now.                                                   */
/* ------------------------------------------------------------------ */

static void render_targets(woodsword_out *o, const woodsword_state *s, int32_t seat)
{
    const char *sep = " ";
    say(o, s, WOODSWORD_T_TARGETS);
    for (int32_t t = 0; t < s->players; t++) {
        if (t == seat || !s->seat[t].alive)
            continue;
        woodsword_printf(o, "%s%d", sep, (int)t + 1);
        sep = woodsword_msg(s->game->lang, WOODSWORD_T_SEP);
    }
    woodsword_printf(o, "\n");
}

/* The viewer's menu: every verb it can use now, typed form and help. */
static void render_menu(woodsword_out *o, const woodsword_state *s, int32_t seat)
{
    char label[32], pts[16], form[48];
    say(o, s, WOODSWORD_T_YOUR_TURN, seat_label(s, seat, label),
        woodsword_half(pts, s->seat[seat].points));
    for (int32_t verb = 0; verb < SAPPER_ARENA_ALLOCATE; verb++) {
        if (!woodsword_verb_open(s, seat, verb))
            continue;
        const char *word = sapper_arena_verb_word(verb);
        snprintf(form, sizeof form, verb == SAPPER_ARENA_FIST ? "%s T [xN]"
                                    : verb == SAPPER_ARENA_MISSILE ? "%s X"
                                    : sapper_arena_has_target(verb) ? "%s T" : "%s", word);
        woodsword_printf(o, "  %-26s %s\n", form, woodsword_verb_help(s->game->lang, verb));
    }
    render_targets(o, s, seat);
}

static void render_choosing(woodsword_out *o, const woodsword_state *s, int32_t viewer)
{
    char label[32], text[64];
    if (viewer >= 0 && s->seat[viewer].alive && !s->seat[viewer].locked) {
        render_menu(o, s, viewer);
        return;
    }
    if (viewer >= 0 && s->seat[viewer].alive) {
        woodsword_action_to_text(s, s->seat[viewer].choice, text, sizeof text);
        say(o, s, WOODSWORD_T_YOUR_LOCK, seat_label(s, viewer, label), text);
        return;
    }
    say(o, s, WOODSWORD_T_CHOOSING);
    for (int32_t i = 0; viewer == SAPPER_OMNISCIENT && i < s->players; i++)
        if (s->seat[i].alive && s->seat[i].locked) {
            woodsword_action_to_text(s, s->seat[i].choice, text, sizeof text);
            say(o, s, WOODSWORD_T_LOCKED_BY, seat_label(s, i, label), text);
        }
}

static void render_allocating(woodsword_out *o, const woodsword_state *s, int32_t viewer)
{
    char label[32];
    int32_t who = s->queue[s->qpos];
    say(o, s, WOODSWORD_T_REVEALED, (int)s->match, (int)s->round);
    for (int32_t i = 0; i < s->players; i++) {
        if (!s->seat[i].alive)
            continue;
        int32_t verb = SAPPER_ARENA_DEFENSE, count = 1;
        sapper_arena_decode(s->seat[i].choice, &verb, NULL, &count);
        action_row row = { .seat = i, .action = s->seat[i].choice, .duel = -1,
                           .damage = woodsword_damage(verb, count, s->seat[i].prep),
                           .missiles = (const uint8_t (*)[WOODSWORD_SEATS])s->missiles };
        action_line(o, s, &row);
    }
    say(o, s, WOODSWORD_T_PLACING, seat_label(s, who, label), (int)s->seat[who].missiles_left);
    if (viewer != who)
        return;
    int32_t total = 0;
    sapper_arena_decode(s->seat[who].choice, NULL, NULL, &total);
    say(o, s, WOODSWORD_T_YOUR_MISSILE, (int)(total - s->seat[who].missiles_left + 1), (int)total);
    render_targets(o, s, who);
}

static void render_over(woodsword_out *o, const woodsword_state *s)
{
    char label[32];
    if (s->winner >= 0)
        say(o, s, WOODSWORD_T_WINNER, seat_label(s, s->winner, label));
    else if (s->stalled)
        say(o, s, WOODSWORD_T_NO_WINNER_LIMIT, (int)s->game->max_rounds);
    else
        say(o, s, WOODSWORD_T_NO_WINNER_DEAD);
}

int64_t woodsword_render_text(const void *state, int32_t seat, char *buf, size_t cap)
{
    const woodsword_state *s = state;
    woodsword_out o = { .buf = buf, .cap = cap };
    if (cap > 0)
        buf[0] = '\0';
    if (seat != SAPPER_OMNISCIENT && (seat < 0 || seat >= s->players))
        seat = SAPPER_OMNISCIENT - 1;   /* a stranger: public information only */
    say(&o, s, WOODSWORD_T_HEADER, (int)s->match, (int)s->round, (int)woodsword_alive_count(s),
        (int)s->players);
    for (int32_t i = 0; i < s->players; i++)
        render_seat(&o, s, i);
    render_last_round(&o, s);
    if (s->phase == SAPPER_ARENA_PHASE_OVER)
        render_over(&o, s);
    else if (s->phase == SAPPER_ARENA_PHASE_ALLOCATE)
        render_allocating(&o, s, seat);
    else
        render_choosing(&o, s, seat);
    return (int64_t)o.len;
}

/* How long seat i lasted: the survivors (the winner, or everyone left at
   the round limit) outlast every eliminated seat, and a seat knocked out
   in a later match outlasts one knocked out earlier. */
static int32_t lasted(const woodsword_state *s, int32_t i)
{
    return s->seat[i].alive ? INT32_MAX : s->seat[i].out_match;
}

/* Seat i's place, 1 first: one more than the seats that lasted longer, so
   the seats that went out together share a place ("1224" ranking). */
static int32_t finishing_place(const woodsword_state *s, int32_t i)
{
    int32_t place = 1;
    for (int32_t k = 0; k < s->players; k++)
        place += lasted(s, k) > lasted(s, i);
    return place;
}

int64_t woodsword_result_json(const void *state, char *buf, size_t cap)
{
    const woodsword_state *s = state;
    woodsword_out o = { .buf = buf, .cap = cap };
    if (cap > 0)
        buf[0] = '\0';
    woodsword_printf(&o, ",\"matches\":%d,\"rounds\":%d,\"round_limit\":%s,\"out_match\":[",
              (int)s->match, (int)s->rounds_played, s->stalled ? "true" : "false");
    for (int32_t i = 0; i < s->players; i++)
        woodsword_printf(&o, "%s%d", i ? "," : "", (int)s->seat[i].out_match);
    woodsword_printf(&o, "],\"places\":[");
    for (int32_t i = 0; i < s->players; i++)
        woodsword_printf(&o, "%s%d", i ? "," : "", (int)finishing_place(s, i));
    woodsword_printf(&o, "]");
    return (int64_t)o.len;
}
