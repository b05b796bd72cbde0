/*
 * arena_round.c - the round on show as lines: the current choices or the
 * last resolved round, hits, deaths, the end.
 */
#include "arena_ui.h"

#include <stdarg.h>
#include <wchar.h>

/* ------------------------------------------------------------------ */
/* The round on show, as lines.                                        */
/* ------------------------------------------------------------------ */

static void add(panel *p, attr_t attr, const char *fmt, ...)
{
    if (p->n >= PANEL_MAX)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->text[p->n], LINE_MAX, fmt, ap);
    va_end(ap);
    p->attr[p->n++] = attr;
}

/* " -> 5 x2, 6 x1": the missiles user placed, read back from the history.
   The allocations of a round are the sequential moves after its
   simultaneous turn, so they end the history until the next simultaneous
   turn is applied: this is the round on show, placed or being placed. */
static void missile_targets(const arena_ui *au, int32_t user, char *buf, size_t cap)
{
    sapper_match *m = au->u->a->match;
    int32_t on[SAPPER_ARENA_MAX_SEATS] = {0};
    for (size_t i = sapper_match_move_count(m); i-- > 0;) {
        const sapper_move *mv = sapper_match_move(m, i);
        int32_t verb, target;
        if (mv->joint || !sapper_arena_decode(mv->action, &verb, &target, NULL) ||
            verb != SAPPER_ARENA_ALLOCATE)
            break;
        if (mv->seat == user)
            on[target]++;
    }
    const char *sep = " -> ";
    for (int32_t t = 0; t < arena_view_of(au)->players; t++) {
        if (on[t] == 0)
            continue;
        arena_append(buf, cap, "%s%d x%d", sep, (int)t + 1, (int)on[t]);
        sep = ", ";
    }
}

/* The action lines of one seat: attacks, llamas, missiles. Other verbs
   are listed by verb afterwards. */
static void action_lines(const arena_ui *au, panel *p, int32_t i, int64_t action,
                         int32_t damage, int32_t duel)
{
    int32_t verb, target, count;
    char d[16], line[LINE_MAX], name[96];
    if (!sapper_arena_decode(action, &verb, &target, &count))
        return;
    snprintf(name, sizeof name, count > 1 && verb == SAPPER_ARENA_FIST ? "%s x%d" : "%s",
             arena_verb_name(au, verb), (int)count);
    if (sapper_arena_is_attack(verb)) {
        arena_say(au, line, sizeof line, W_ATTACK, (int)i + 1, (int)target + 1, arena_half(d, damage), name);
        add(p, arena_action_attr(au, action), "%s%s", line, duel >= 0 ? arena_word(au, W_DUEL) : "");
    } else if (verb == SAPPER_ARENA_LLAMA) {
        add(p, arena_action_attr(au, action), arena_word(au, W_LLAMA_LINE), (int)i + 1,
            arena_word(au, W_LLAMA_BADGE));
    } else if (verb == SAPPER_ARENA_MISSILE) {
        char badge[64];
        arena_say(au, badge, sizeof badge, W_MISSILE_BADGE, (int)count);
        arena_say(au, line, sizeof line, W_MISSILE_LINE, (int)i + 1, badge);
        missile_targets(au, i, line, sizeof line);
        if (arena_showing_current(au) && arena_seat_of(au, i)->missiles_left > 0)
            arena_append(line, sizeof line, arena_word(au, W_LEFT), (int)arena_seat_of(au, i)->missiles_left);
        add(p, arena_action_attr(au, action), "%s", line);
    }
}

/* "gather: 1 4 7" for every verb that is neither an attack, a llama nor a
   missile; acts[i] is seat i's action on show. */
static void plain_lines(const arena_ui *au, panel *p, const int64_t *acts, int32_t n)
{
    for (int32_t verb = 0; verb < SAPPER_ARENA_VERBS; verb++) {
        if (sapper_arena_is_attack(verb) || verb == SAPPER_ARENA_LLAMA ||
            verb == SAPPER_ARENA_MISSILE)
            continue;
        char line[LINE_MAX] = "";
        for (int32_t i = 0; i < n; i++) {
            int32_t v;
            if (sapper_arena_decode(acts[i], &v, NULL, NULL) && v == verb)
                arena_append(line, sizeof line, " %d", (int)i + 1);
        }
        if (line[0])
            add(p, A_NORMAL, arena_word(au, W_VERB_LIST), arena_verb_name(au, verb), line + 1);
    }
}

/* The seat a current attacker duels (both attack each other), or -1. */
static int32_t current_duel(const arena_ui *au, int32_t i)
{
    int32_t verb, target, back_verb, back_target;
    if (!sapper_arena_decode(arena_seat_of(au, i)->choice, &verb, &target, NULL) ||
        !sapper_arena_is_attack(verb) || target >= arena_view_of(au)->players)
        return -1;
    if (!sapper_arena_decode(arena_seat_of(au, target)->choice, &back_verb, &back_target, NULL))
        return -1;
    return sapper_arena_is_attack(back_verb) && back_target == i ? target : -1;
}

/* The round being placed: every choice is revealed. */
void arena_panel_current(const arena_ui *au, panel *p)
{
    const sapper_arena_view *v = arena_view_of(au);
    int64_t acts[SAPPER_ARENA_MAX_SEATS];
    char line[LINE_MAX];
    add(p, A_BOLD, arena_word(au, W_REVEALED), (int)v->match, (int)v->round);
    for (int32_t i = 0; i < v->players; i++) {
        const sapper_arena_seat *s = arena_seat_of(au, i);
        int32_t verb = 0, count = 1;
        acts[i] = s->alive ? s->choice : SAPPER_NO_ACTION;
        sapper_arena_decode(acts[i], &verb, NULL, &count);
        action_lines(au, p, i, acts[i], arena_damage_of(au, verb, count, s->prep),
                     current_duel(au, i));
    }
    plain_lines(au, p, acts, v->players);
    if (v->allocator >= 0 && v->allocator < v->players) {
        arena_say(au, line, sizeof line, W_PLACING, (int)v->allocator + 1,
            (int)arena_seat_of(au, v->allocator)->missiles_left);
        add(p, A_BOLD, "%s", line);
    }
}

static void hit_lines(const arena_ui *au, panel *p)
{
    char in[16], over[16], line[LINE_MAX];
    for (int32_t i = 0; i < arena_view_of(au)->players; i++) {
        const sapper_arena_seat *s = arena_seat_of(au, i);
        if (s->last_action == SAPPER_NO_ACTION || (s->last_incoming == 0 && s->last_overflow == 0))
            continue;
        arena_say(au, line, sizeof line, W_HIT, (int)i + 1, arena_half(in, s->last_incoming),
            arena_half(over, s->last_overflow));
        if (s->last_shields_broken > 0)
            arena_append(line, sizeof line, arena_word(au, W_BROKEN), (int)s->last_shields_broken);
        if (s->last_died)
            arena_append(line, sizeof line, "%s", arena_word(au, W_DIED_SUFFIX));
        add(p, s->last_died ? ui_attr(au->u, UI_PAIR_ERROR, A_BOLD) : A_NORMAL, "%s", line);
    }
}

static void eliminated_line(const arena_ui *au, panel *p)
{
    char seats[LINE_MAX] = "";
    for (int32_t i = 0; i < arena_view_of(au)->players; i++) {
        const sapper_arena_seat *s = arena_seat_of(au, i);
        if (s->last_action != SAPPER_NO_ACTION && s->last_died)
            arena_append(seats, sizeof seats, " %d", (int)i + 1);
    }
    if (seats[0])
        add(p, ui_attr(au->u, UI_PAIR_ERROR, A_BOLD), arena_word(au, W_ELIMINATED), seats + 1);
}

/* The end of the game in words: who won, or why no one did. */
void arena_outcome_text(const arena_ui *au, char *buf, size_t cap)
{
    const sapper_arena_view *v = arena_view_of(au);
    const sapper_fault *f = sapper_match_fault(au->u->a->match);
    int32_t w = v->winner;
    if (f)
        snprintf(buf, cap, "%.200s", f->detail);
    else if (w >= 0 && w == au->me)
        snprintf(buf, cap, "%s", arena_word(au, W_YOU_WIN));
    else if (w >= 0 && w < v->players)
        arena_say(au, buf, cap, W_WINS, (int)w + 1, arena_seat_name(au, w));
    else if (v->rounds_played >= v->max_rounds)
        arena_say(au, buf, cap, W_ROUND_LIMIT, (int)v->max_rounds);
    else
        snprintf(buf, cap, "%s", arena_word(au, W_NO_WINNER));
}

/* The last resolved round: actions, hits, deaths, the match's end. */
void arena_panel_last(const arena_ui *au, panel *p)
{
    const sapper_arena_view *v = arena_view_of(au);
    int64_t acts[SAPPER_ARENA_MAX_SEATS];
    char line[LINE_MAX];
    if (v->last_round == 0) {
        add(p, A_DIM, "%s", arena_word(au, W_NOTHING_YET));
        return;
    }
    add(p, A_BOLD, arena_word(au, W_LAST), (int)v->last_match, (int)v->last_round);
    for (int32_t i = 0; i < v->players; i++) {
        const sapper_arena_seat *s = arena_seat_of(au, i);
        acts[i] = s->last_action;
        action_lines(au, p, i, acts[i], s->last_damage, s->last_duel);
    }
    plain_lines(au, p, acts, v->players);
    hit_lines(au, p);
    eliminated_line(au, p);
    if (v->phase == SAPPER_ARENA_PHASE_OVER) {
        char what[200];
        arena_outcome_text(au, what, sizeof what);
        arena_say(au, line, sizeof line, W_GAME_OVER_LINE, what);
        add(p, A_BOLD | A_REVERSE, " %s ", line);
    } else if (v->last_match != v->match) {
        add(p, A_BOLD, arena_word(au, W_MATCH_OVER), (int)v->last_match, (int)v->match);
    }
}

/* Whether a row may not begin with wc: Chinese closing punctuation. */
static int no_break_before(wchar_t wc)
{
    static const wchar_t closing[] = L"，。、；：）」！？》";
    return wc && wcschr(closing, wc) != NULL;
}

/* Bytes of text that go on one row of width columns: all that fits, cut
   when the text goes on after its last space or next to a wide
   (Chinese) character, so words stay whole in both languages. */
size_t arena_row_bytes(const char *text, int width)
{
    size_t n = arena_fit(text, width, NULL), brk = 0, at = 0;
    if (text[n] == '\0' || n == 0)
        return n ? n : strlen(text);
    mbstate_t st;
    memset(&st, 0, sizeof st);
    int prev_wide = 0;
    while (at <= n) {
        wchar_t wc = 0;
        size_t len = text[at] ? mbrtowc(&wc, text + at, MB_CUR_MAX, &st) : 1;
        if (len == (size_t)-1 || len == (size_t)-2 || len == 0) {
            memset(&st, 0, sizeof st);
            len = 1;
            wc = (unsigned char)text[at];
        }
        int wide = wcwidth(wc) == 2;
        if (at > 0 && (wide || prev_wide) && !no_break_before(wc))
            brk = at;
        if (wc == L' ')
            brk = at + 1;   /* a space at the cut stays on this row, unseen */
        prev_wide = wide;
        at += len;
    }
    return brk ? brk : n;
}

/* Rows line i of the panel takes at width w (continuations indented 2). */
static int rows_of(const char *text, int w)
{
    int rows = 0;
    for (size_t at = 0; text[at] || rows == 0; rows++)
        at += arena_row_bytes(text + at, rows ? w - 2 : w);
    return rows;
}

/* Draws the panel's lines into a box, long ones wrapped; what does not
   fit is counted on the last row. */
void arena_draw_panel(const arena_ui *au, const panel *p, int y, int x, int w, int h)
{
    char row[LINE_MAX];
    int used = 0, i = 0;
    for (; i < p->n; i++) {
        int need = rows_of(p->text[i], w);
        if (used + need > h - (i + 1 < p->n))   /* keep a row for "more" */
            break;
        size_t at = 0;
        for (int r = 0; r < need; r++) {
            size_t n = arena_row_bytes(p->text[i] + at, r ? w - 2 : w);
            snprintf(row, sizeof row, "%.*s", (int)n, p->text[i] + at);
            arena_put(y + used++, r ? x + 2 : x, r ? w - 2 : w, p->attr[i], row);
            at += n;
        }
    }
    if (i < p->n) {
        char more[64];
        arena_say(au, more, sizeof more, W_MORE, p->n - i);
        arena_put(y + used, x, w, A_DIM, more);
    }
}
