/*
 * arena_common.c - the helpers every arena file uses: words, verb names from
 * the rules, half units, the view's seats and terms.
 */
#include "arena_ui.h"

#include <stdarg.h>

/* A verb's name in the language on screen, from the rules (their
   action_label; their text form when they have no words for it), kept
   for the next frame. */
const char *arena_verb_name(const arena_ui *au, int32_t verb)
{
    if (verb < 0 || verb >= SAPPER_ARENA_VERBS)
        return "?";
    arena_ui *own = (arena_ui *)au;   /* the cache is the ui's own */
    char *name = own->verb_names[au->lang][verb];
    if (!name[0] && !sapper_match_action_label(au->u->a->match, sapper_arena_action(verb, 0, 1),
                                               au->lang == LANG_ZH ? "zh" : "en", 0,
                                               name, sizeof own->verb_names[0][0]))
        snprintf(name, sizeof own->verb_names[0][0], "%s", sapper_arena_verb_word(verb));
    return name;
}

/* Half units as text: "2", "2.5"; buf has 16 bytes. */
const char *arena_half(char *buf, int32_t h)
{
    int32_t a = h < 0 ? -h : h;
    snprintf(buf, 16, "%s%d%s", h < 0 ? "-" : "", (int)(a / 2), a % 2 ? ".5" : "");
    return buf;
}

/* vsnprintf of a word into buf (cap bytes). */
void arena_say(const arena_ui *au, char *buf, size_t cap, enum arena_word w, ...)
{
    va_list ap;
    va_start(ap, w);
    vsnprintf(buf, cap, arena_word(au, w), ap);
    va_end(ap);
}

/* Appends printf output to buf, which holds a string of cap bytes. */
void arena_append(char *buf, size_t cap, const char *fmt, ...)
{
    size_t len = strlen(buf);
    if (len + 1 >= cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + len, cap - len, fmt, ap);
    va_end(ap);
}

const sapper_arena_view *arena_view_of(const arena_ui *au)
{
    return (const sapper_arena_view *)au->view;
}

/* Seat i of the copied view; the view was checked when copied. */
const sapper_arena_seat *arena_seat_of(const arena_ui *au, int32_t i)
{
    return sapper_arena_view_seat(au->view, au->view_size, i);
}

/* What verb costs, deals and blocks in the game on screen: the terms its
   view states (sapper/arena.h family version 3), in half units. */
sapper_arena_terms arena_terms_of(const arena_ui *au, int32_t verb)
{
    sapper_arena_terms t;
    sapper_arena_view_terms(au->view, au->view_size, verb, &t);   /* zeros if none */
    return t;
}

int32_t arena_cost_of(const arena_ui *au, int32_t verb, int32_t count)
{
    sapper_arena_terms t = arena_terms_of(au, verb);
    return sapper_arena_terms_cost(&t, count);
}

int32_t arena_damage_of(const arena_ui *au, int32_t verb, int32_t count, int32_t prep)
{
    sapper_arena_terms t = arena_terms_of(au, verb);
    int32_t bonus = prep && sapper_arena_is_attack(verb)
        ? sapper_arena_view_prep_bonus(au->view, au->view_size) : 0;
    return sapper_arena_terms_damage(&t, count, bonus);
}

const char *arena_seat_name(const arena_ui *au, int32_t i)
{
    return au->u->a->setup.seats[i].name;
}
