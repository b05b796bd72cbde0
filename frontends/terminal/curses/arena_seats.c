/*
 * arena_seats.c - the seats: each as three short texts, in a ring when it
 * fits, else a list in columns.
 */
#include "arena_ui.h"

#include <math.h>

/* ------------------------------------------------------------------ */
/* One seat as three short texts: who, its state, its action on show.  */
/* ------------------------------------------------------------------ */


/* The round on show: the one being placed (ALLOCATE), else the last. */
int arena_showing_current(const arena_ui *au)
{
    return arena_view_of(au)->phase == SAPPER_ARENA_PHASE_ALLOCATE;
}

/* Short form of an action: "wood_sword -> 5 (1)", "[LLAMA]". */
static void action_short(const arena_ui *au, int64_t action, int32_t damage,
                         char *buf, size_t cap)
{
    int32_t verb, target, count;
    char d[16];
    buf[0] = '\0';
    if (action == SAPPER_NO_ACTION || !sapper_arena_decode(action, &verb, &target, &count))
        return;
    if (verb == SAPPER_ARENA_LLAMA)
        snprintf(buf, cap, "%s", arena_word(au, W_LLAMA_BADGE));
    else if (verb == SAPPER_ARENA_MISSILE)
        arena_say(au, buf, cap, W_MISSILE_BADGE, (int)count);
    else if (sapper_arena_is_attack(verb) && count > 1)
        snprintf(buf, cap, "%s x%d -> %d (%s)", arena_verb_name(au, verb), (int)count,
                 (int)target + 1, arena_half(d, damage));
    else if (sapper_arena_is_attack(verb))
        snprintf(buf, cap, "%s -> %d (%s)", arena_verb_name(au, verb), (int)target + 1,
                 arena_half(d, damage));
    else
        snprintf(buf, cap, "%s", arena_verb_name(au, verb));
}

attr_t arena_action_attr(const arena_ui *au, int64_t action)
{
    int32_t verb;
    if (!sapper_arena_decode(action, &verb, NULL, NULL))
        return A_NORMAL;
    if (verb == SAPPER_ARENA_LLAMA || verb == SAPPER_ARENA_MISSILE)
        return ui_attr(au->u, UI_PAIR_MARK, A_BOLD);
    return sapper_arena_is_attack(verb) ? ui_attr(au->u, UI_PAIR_SEAT0, A_NORMAL)
                                        : A_NORMAL;
}

static void seat_state(const arena_ui *au, const sapper_arena_seat *p, seat_text *t)
{
    char pts[16];
    /* While a resolved round is on show its seats are as it left them,
       before a match reset; its dead are marked until the pause ends. */
    int report = au->pause && !arena_showing_current(au) && p->last_action != SAPPER_NO_ACTION;
    int died = report && p->last_died;
    int32_t points = report ? p->last_points : p->points;
    int32_t shields = report ? p->last_shields : p->shields;
    t->state_attr = A_NORMAL;
    if (!p->alive && !died) {
        arena_say(au, t->state, sizeof t->state, W_OUT, (int)p->out_match);
        t->state_attr = A_DIM;
        return;
    }
    arena_say(au, t->state, sizeof t->state, W_STATS, arena_half(pts, points), (int)shields);
    if (p->prep && p->alive)
        arena_append(t->state, sizeof t->state, " %s", arena_word(au, W_PREP));
    if (died) {
        arena_append(t->state, sizeof t->state, " %s", arena_word(au, W_DIED));
        t->state_attr = ui_attr(au->u, UI_PAIR_ERROR, A_BOLD);
    }
}

void arena_seat_texts(const arena_ui *au, int32_t i, seat_text *t)
{
    const sapper_arena_seat *p = arena_seat_of(au, i);
    int default_name = strcmp(arena_seat_name(au, i), "you") == 0;
    int yours = i == au->me && !au->u->watching;   /* a watched game is nobody's */
    snprintf(t->who, sizeof t->who, "%d %s", (int)i + 1,
             yours && default_name ? arena_word(au, W_YOU) : arena_seat_name(au, i));
    if (yours && !default_name)
        arena_append(t->who, sizeof t->who, " (%s)", arena_word(au, W_YOU));
    t->who_attr = A_BOLD | (yours ? ui_attr(au->u, UI_PAIR_WIN, 0) : 0);
    if (!p->alive && p->last_action == SAPPER_NO_ACTION)
        t->who_attr = A_DIM;
    seat_state(au, p, t);
    int64_t action = arena_showing_current(au) ? p->choice : p->last_action;
    int32_t verb = 0, count = 1;
    sapper_arena_decode(action, &verb, NULL, &count);
    int32_t damage = arena_showing_current(au) ? arena_damage_of(au, verb, count, p->prep)
                                         : p->last_damage;
    action_short(au, arena_showing_current(au) && !p->alive ? SAPPER_NO_ACTION : action,
                 damage, t->act, sizeof t->act);
    t->act_attr = arena_action_attr(au, action);
}

/* ------------------------------------------------------------------ */
/* The seats: a ring when it fits, else a list in columns.             */
/* ------------------------------------------------------------------ */


/* Boxes apart by a column or a row? */
static int boxes_apart(const arena_layout *l, int i, int j)
{
    return l->x[i] + BOX_W + 1 <= l->x[j] || l->x[j] + BOX_W + 1 <= l->x[i] ||
           l->y[i] + BOX_H <= l->y[j] || l->y[j] + BOX_H <= l->y[i];
}

/* Places n boxes on an ellipse of radii rx, ry, the viewer at the bottom
   and the others clockwise; 1 when no two boxes touch. */
static int place_ring(arena_layout *l, int32_t n, int32_t me, int rx, int ry)
{
    const double pi = 3.14159265358979323846;
    int cx = COLS / 2, cy = l->top + ry;
    for (int32_t i = 0; i < n; i++) {
        double a = pi + 2 * pi * (double)(i - (me >= 0 ? me : 0)) / n;
        l->x[i] = cx + (int)lround(rx * sin(a)) - BOX_W / 2;
        l->y[i] = cy - (int)lround(ry * cos(a));
        if (l->x[i] < 0 || l->x[i] + BOX_W > COLS)
            return 0;
    }
    for (int32_t i = 0; i < n; i++)
        for (int32_t j = i + 1; j < n; j++)
            if (!boxes_apart(l, i, j))
                return 0;
    return 1;
}

/* The lowest ring that fits in max_rows: first one that looks round on a
   terminal (cells twice as high as wide), else as wide as the screen. */
static int fit_ring(arena_layout *l, int32_t n, int32_t me, int max_rows)
{
    int widest = (COLS - BOX_W) / 2 - 1;
    for (int wide = 0; wide < 2; wide++) {
        for (int ry = 1; 2 * ry + BOX_H <= max_rows; ry++) {
            int round = (int)(2.6 * ry) + BOX_W;
            int rx = wide || round > widest ? widest : round;
            if (rx > 0 && place_ring(l, n, me, rx, ry)) {
                l->rows = 2 * ry + BOX_H;
                return 1;
            }
        }
    }
    return 0;
}

arena_layout arena_layout_seats(const arena_ui *au, int top)
{
    arena_layout l = {.top = top};
    int32_t n = arena_view_of(au)->players;
    int max_rows = LINES - top - 4 - MIN_BOTTOM;   /* a gap, the bottom, a blank, the footer */
    l.ring = fit_ring(&l, n, au->me, max_rows);
    if (l.ring)
        return l;
    l.cols = COLS / LIST_W > 0 ? COLS / LIST_W : 1;
    l.rows = (n + l.cols - 1) / l.cols;
    if (l.rows <= max_rows)
        return l;
    /* A page of the list, a status row under it; the page follows the
       scroll keys, kept inside the list. */
    l.rows = max_rows > 2 ? max_rows : 2;
    l.page = (l.rows - 1) * l.cols;
    l.first = au->seat_first < n - l.page ? au->seat_first : n - l.page;
    l.first = l.first > 0 ? l.first : 0;
    return l;
}

static void draw_box(const arena_ui *au, int32_t i, int x, int y)
{
    seat_text t;
    arena_seat_texts(au, i, &t);
    arena_put(y, x, BOX_W, t.who_attr, t.who);
    arena_put(y + 1, x + 1, BOX_W - 1, t.state_attr, t.state);
    arena_put(y + 2, x + 1, BOX_W - 1, t.act_attr, t.act);
}

/* One list row: who, state and action in fixed columns. */
static void draw_row(const arena_ui *au, int32_t i, int x, int y, int w)
{
    seat_text t;
    arena_seat_texts(au, i, &t);
    int c1 = w * 26 / 100, c2 = w * 38 / 100;
    arena_put(y, x, c1 - 1, t.who_attr, t.who);
    arena_put(y, x + c1, c2 - 1, t.state_attr, t.state);
    arena_put(y, x + c1 + c2, w - c1 - c2 - 1, t.act_attr, t.act);
}

/* The list in columns; a page of it with the seats it shows under it
   when it does not all fit. */
static void draw_list(const arena_ui *au, const arena_layout *l)
{
    int32_t n = arena_view_of(au)->players;
    int w = COLS / l->cols;
    int per_col = l->page ? l->rows - 1 : l->rows;
    int32_t shown = l->page ? l->page : n;
    for (int32_t k = 0; k < shown; k++)
        draw_row(au, l->first + k, (k / per_col) * w, l->top + k % per_col, w);
    if (l->page) {
        char status[LINE_MAX];
        arena_say(au, status, sizeof status, W_SEATS_SHOWN, l->first + 1, l->first + l->page,
                  (int)n);
        arena_put(l->top + per_col, 0, COLS, A_BOLD, status);
    }
}

void arena_draw_seats(const arena_ui *au, const arena_layout *l)
{
    if (!l->ring) {
        draw_list(au, l);
        return;
    }
    for (int32_t i = 0; i < arena_view_of(au)->players; i++)
        draw_box(au, i, l->x[i], l->y[i]);
}
