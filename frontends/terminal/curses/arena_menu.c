/*
 * arena_menu.c - the menu: verb, then target, then count, from the legal
 * list, with costs and effects.
 */
#include "arena_ui.h"

/* ------------------------------------------------------------------ */
/* The menu: verb, then target, then count, from the legal list.       */
/* ------------------------------------------------------------------ */

/* What a verb costs, as menu text. */
static void cost_text(const arena_ui *au, int32_t verb, char *buf, size_t cap)
{
    char c[16];
    if (verb == SAPPER_ARENA_FIST)
        arena_say(au, buf, cap, W_COST_EACH, arena_half(c, arena_cost_of(au, verb, 1)));
    else if (verb == SAPPER_ARENA_MISSILE)
        snprintf(buf, cap, "%s", arena_word(au, W_COST_MISSILE));
    else
        arena_say(au, buf, cap, W_COST, arena_half(c, arena_cost_of(au, verb, 1)));
}

/* What a verb does, as menu text (damage with the viewer's prep). */
static void effect_text(const arena_ui *au, int32_t verb, int32_t prep, char *buf,
                        size_t cap)
{
    char a[16], b[16];
    int32_t lo, hi;
    lo = arena_terms_of(au, verb).block_lo;
    hi = arena_terms_of(au, verb).block_hi;
    buf[0] = '\0';
    if (verb == SAPPER_ARENA_GATHER)
        snprintf(buf, cap, "%s", arena_word(au, W_GAIN));
    else if (sapper_arena_is_defense(verb))
        arena_say(au, buf, cap, W_BLOCKS, arena_half(a, lo), arena_half(b, hi));
    else if (verb == SAPPER_ARENA_FIST || verb == SAPPER_ARENA_MISSILE)
        arena_say(au, buf, cap, W_DAMAGE_EACH, arena_half(a, arena_damage_of(au, verb, 1, 0)));
    else if (sapper_arena_is_attack(verb))
        arena_say(au, buf, cap, W_DAMAGE, arena_half(a, arena_damage_of(au, verb, 1, prep)));
    else if (verb == SAPPER_ARENA_LLAMA)
        snprintf(buf, cap, "%s", arena_word(au, W_LLAMA_EFFECT));
    if (verb == SAPPER_ARENA_SHIELD)
        arena_append(buf, cap, "%s", arena_word(au, W_SHIELD_PLUS));
    if (verb == SAPPER_ARENA_PREP)
        arena_append(buf, cap, "%s", arena_word(au, W_PREP_PLUS));
}

static int32_t my_prep(const arena_ui *au)
{
    const sapper_arena_seat *s = au->me >= 0 ? arena_seat_of(au, au->me) : NULL;
    return s ? s->prep : 0;
}

static entry *add_entry(entry *e, int *n, int64_t action, int32_t verb,
                        int32_t target, int32_t count)
{
    if (*n >= MENU_MAX)
        return NULL;
    entry *x = &e[(*n)++];
    *x = (entry){.action = action, .verb = verb, .target = target, .count = count};
    return x;
}

static int verb_entries(const arena_ui *au, entry *e)
{
    int n = 0;
    int32_t last = -1;
    for (size_t i = 0; i < au->nlegal; i++) {
        int32_t verb, target, count;
        if (!sapper_arena_decode(au->legal[i], &verb, &target, &count) || verb == last)
            continue;
        last = verb;
        int more = sapper_arena_has_target(verb) || sapper_arena_has_count(verb);
        entry *x = add_entry(e, &n, more ? -1 : au->legal[i], verb, -1, 1);
        if (!x)
            break;
        snprintf(x->label, sizeof x->label, "%s%s", arena_verb_name(au, verb), more ? " ..." : "");
        cost_text(au, verb, x->detail, sizeof x->detail);
        arena_append(x->detail, sizeof x->detail, "  ");
        size_t at = strlen(x->detail);
        effect_text(au, verb, my_prep(au), x->detail + at, sizeof x->detail - at);
    }
    return n;
}

/* A target's state for the menu: "seat 5 woodsword  pts 1  sh 0". */
static void target_detail(const arena_ui *au, int32_t t, char *buf, size_t cap)
{
    seat_text st;
    arena_seat_texts(au, t, &st);
    snprintf(buf, cap, "%s  %s", st.who, st.state);
    if (arena_showing_current(au) && arena_seat_of(au, t)->missiles_on > 0) {
        arena_append(buf, cap, "  ");
        size_t at = strlen(buf);
        arena_say(au, buf + at, cap - at, W_ON_IT, (int)arena_seat_of(au, t)->missiles_on);
    }
}

/* A whole action in the rules' words in the language on screen ("木剑 ->
   3", "fist x2 -> 5"); the typed form when the rules have none. */
static void action_words(const arena_ui *au, int64_t action, char *buf, size_t cap)
{
    sapper_match *m = au->u->a->match;
    if (!sapper_match_action_label(m, action, au->lang == LANG_ZH ? "zh" : "en", 1, buf, cap))
        snprintf(buf, cap, "%s", sapper_match_action_text(m, action));
}

static int target_entries(const arena_ui *au, entry *e)
{
    int n = 0;
    int32_t last = -1;
    for (size_t i = 0; i < au->nlegal; i++) {
        int32_t verb, target, count;
        if (!sapper_arena_decode(au->legal[i], &verb, &target, &count) ||
            verb != au->verb || target == last)
            continue;
        last = target;
        int more = verb == SAPPER_ARENA_FIST;
        entry *x = add_entry(e, &n, more ? -1 : au->legal[i], verb, target, count);
        if (!x)
            break;
        if (more)   /* how many comes next */
            snprintf(x->label, sizeof x->label, "%s -> %d ...", arena_verb_name(au, verb),
                     (int)target + 1);
        else
            action_words(au, au->legal[i], x->label, sizeof x->label);
        target_detail(au, target, x->detail, sizeof x->detail);
    }
    return n;
}

static int count_entries(const arena_ui *au, entry *e)
{
    char c[16], d[16];
    int n = 0;
    for (size_t i = 0; i < au->nlegal; i++) {
        int32_t verb, target, count;
        if (!sapper_arena_decode(au->legal[i], &verb, &target, &count) || verb != au->verb ||
            (verb == SAPPER_ARENA_FIST && target != au->target))
            continue;
        entry *x = add_entry(e, &n, au->legal[i], verb, target, count);
        if (!x)
            break;
        action_words(au, au->legal[i], x->label, sizeof x->label);
        int32_t dmg = verb == SAPPER_ARENA_FIST ? arena_damage_of(au, verb, count, my_prep(au))
                                                : count * arena_damage_of(au, verb, count, 0);
        arena_say(au, x->detail, sizeof x->detail, W_COST, arena_half(c, arena_cost_of(au, verb, count)));
        arena_append(x->detail, sizeof x->detail, "  ");
        size_t at = strlen(x->detail);
        arena_say(au, x->detail + at, sizeof x->detail - at, W_DAMAGE, arena_half(d, dmg));
    }
    return n;
}

/* In the missile placing the only verb is allocate: straight to targets. */
static void skip_lone_verb(arena_ui *au)
{
    int32_t first, last;
    if (au->step != STEP_VERB || au->nlegal == 0 ||
        !sapper_arena_decode(au->legal[0], &first, NULL, NULL) ||
        !sapper_arena_decode(au->legal[au->nlegal - 1], &last, NULL, NULL) ||
        first != last || first != SAPPER_ARENA_ALLOCATE)
        return;
    au->step = STEP_TARGET;
    au->verb = first;
}

static int menu_entries(arena_ui *au, entry *e)
{
    skip_lone_verb(au);
    if (au->step == STEP_TARGET)
        return target_entries(au, e);
    if (au->step == STEP_COUNT)
        return count_entries(au, e);
    return verb_entries(au, e);
}

void arena_menu_caption(const arena_ui *au, char *buf, size_t cap)
{
    const sapper_arena_seat *s = au->me >= 0 ? arena_seat_of(au, au->me) : NULL;
    char pts[16];
    if (au->verb == SAPPER_ARENA_ALLOCATE && s) {
        int32_t total = 0;
        sapper_arena_decode(s->choice, NULL, NULL, &total);
        arena_say(au, buf, cap, W_PLACE, (int)(total - s->missiles_left + 1), (int)total,
            (int)s->missiles_left);
    } else if (au->step == STEP_TARGET) {
        arena_say(au, buf, cap, W_PICK_TARGET, arena_verb_name(au, au->verb));
    } else if (au->step == STEP_COUNT) {
        arena_say(au, buf, cap, W_PICK_COUNT, arena_verb_name(au, au->verb));
    } else {
        arena_say(au, buf, cap, W_YOUR_MOVE, (int)ui_actor(au->u) + 1,
            arena_half(pts, s ? s->points : 0));
    }
}

/* The first entry shown: keeps the selection inside the list and the
   window on the selection. */
static int first_shown(arena_ui *au, int n, int rows)
{
    if (au->sel >= n)
        au->sel = n > 0 ? n - 1 : 0;
    if (au->sel < 0)
        au->sel = 0;
    int first = au->sel - rows / 2;
    if (first > n - rows)
        first = n - rows;
    return first < 0 ? 0 : first;
}

/* The columns the menu step on show needs: its caption, or its widest
   label and widest detail with the marker and gap between them. */
int arena_menu_width(arena_ui *au)
{
    char caption[LINE_MAX];
    int n = menu_entries(au, au->menu), label_w = 0, detail_w = 0;
    arena_menu_caption(au, caption, sizeof caption);
    for (int i = 0; i < n; i++) {
        int lw = arena_text_width(au->menu[i].label), dw = arena_text_width(au->menu[i].detail);
        label_w = lw > label_w ? lw : label_w;
        detail_w = dw > detail_w ? dw : detail_w;
    }
    int need = 2 + label_w + 2 + detail_w;
    return arena_text_width(caption) > need ? arena_text_width(caption) : need;
}

/* The detail of an entry in width columns: whole when it fits, else cut
   after its last whole word that does (never mid-word). */
static void put_detail(int y, int x, int width, attr_t attr, const char *detail)
{
    char cut[LINE_MAX];
    width = width < COLS - x ? width : COLS - x;
    size_t n = arena_fit(detail, width, NULL);
    if (detail[n] != '\0')
        while (n > 0 && detail[n] != ' ')
            n--;
    while (n > 0 && detail[n - 1] == ' ')
        n--;
    snprintf(cut, sizeof cut, "%.*s", (int)n, detail);
    arena_put(y, x, width, attr, cut);
}

void arena_draw_menu(arena_ui *au, int y, int x, int w, int h)
{
    entry *e = au->menu;
    char caption[LINE_MAX];
    int n = menu_entries(au, e);
    arena_menu_caption(au, caption, sizeof caption);
    arena_put(y, x, w, A_BOLD, caption);
    au->menu_y = y + 1;
    au->menu_rows = h - 1;
    au->menu_n = n;
    au->menu_first = first_shown(au, n, au->menu_rows);
    int label_w = 0;
    for (int i = 0; i < n; i++)
        label_w = arena_text_width(e[i].label) > label_w ? arena_text_width(e[i].label) : label_w;
    if (label_w > w / 2 && label_w + 4 + 20 > w)   /* room for a detail too */
        label_w = w / 2;
    for (int i = 0; i < au->menu_rows && au->menu_first + i < n; i++) {
        const entry *it = &e[au->menu_first + i];
        int selected = au->menu_first + i == au->sel;
        attr_t attr = selected ? A_REVERSE | A_BOLD : A_NORMAL;
        arena_put(y + 1 + i, x, 2, attr, selected ? "> " : "  ");
        arena_put(y + 1 + i, x + 2, label_w, attr, it->label);
        put_detail(y + 1 + i, x + 4 + label_w, w - label_w - 4, selected ? A_BOLD : A_DIM,
                   it->detail);
    }
}

/* Picks entry index: plays it, or opens its next step. */
void arena_pick(arena_ui *au, int index)
{
    entry *e = au->menu;
    int n = menu_entries(au, e);
    if (index < 0 || index >= n)
        return;
    if (e[index].action >= 0) {
        arena_play(au, e[index].action);
        return;
    }
    au->verb = e[index].verb;
    au->target = e[index].target;
    au->step = au->step == STEP_VERB && sapper_arena_has_target(au->verb) ? STEP_TARGET
                                                                          : STEP_COUNT;
    au->sel = 0;
}

void arena_back(arena_ui *au)
{
    if (au->step == STEP_VERB || au->verb == SAPPER_ARENA_ALLOCATE)
        return;
    int was = au->step;
    au->step = was == STEP_COUNT && au->verb == SAPPER_ARENA_FIST ? STEP_TARGET : STEP_VERB;
    au->sel = 0;
}
