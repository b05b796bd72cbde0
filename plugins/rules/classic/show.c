/*
 * show.c - what a classic state looks like from outside: the mines-family
 * view (observe), the text board, the text form of actions both ways, the
 * result JSON and the score record. It changes no state; the moves are in
 * moves.c.
 */
#include "internal.h"

#include "action_text.h"
#include "generate.h"

#include <stdio.h>

static int show_for(const classic_state *s, int32_t seat)
{
    if (seat == SAPPER_OMNISCIENT)
        return SAPPER_BOARD_SHOW_ALL;
    if (seat != 0)
        return -1;
    /* a win flags every mine (README): the view and the text alike */
    return s->outcome == LOST ? SAPPER_BOARD_SHOW_MINES
         : s->outcome == WON  ? SAPPER_BOARD_SHOW_WON
                              : SAPPER_BOARD_SHOW_PLAYER;
}

int64_t classic_observe(const void *state, int32_t seat, void *out,
                        size_t cap)
{
    const classic_state *s = state;
    const sapper_board *b = &s->board;
    int show = show_for(s, seat);
    size_t need = sapper_mines_view_size(b->width, b->height);
    if (show < 0)
        return 0;
    sapper_mines_view *v = sapper_board_view_begin(
        b, out, cap, seat, classic_current_player(s), 1, s->moves);
    if (!v)
        return (int64_t)need;
    v->mines_exposed = sapper_board_codes(b, show, v->cells);
    return (int64_t)need;
}

int64_t classic_render_text(const void *state, int32_t seat, char *buf,
                            size_t cap)
{
    const classic_state *s = state;
    int show = show_for(s, seat);
    if (show >= 0)
        return sapper_board_write_text(&s->board, show, buf, cap);
    if (cap > 0)
        buf[0] = '\0';
    return 0;
}

int64_t classic_action_to_text(const void *state, int64_t action, char *buf,
                               size_t cap)
{
    const classic_state *s = state;
    return sapper_board_action_text(&s->board, action, SAPPER_BOARD_CLICKS, buf,
                                    cap);
}

sapper_status classic_text_to_action(const void *state, const char *text,
                                     int64_t *action, char *err,
                                     size_t errcap)
{
    const classic_state *s = state;
    return sapper_board_parse_action(&s->board, text, SAPPER_BOARD_CLICKS, 0,
                                     action, NULL, err, errcap);
}

/* Where to go on writing after n characters into buf of cap bytes (NULL
   when there is no room, so snprintf only counts). */
static char *rest(char *buf, size_t cap, int64_t n, size_t *left)
{
    *left = buf && (size_t)n < cap ? cap - (size_t)n : 0;
    return *left ? buf + n : NULL;
}

/* The generation members, only for games that use them, so the result of
   a plain game is as it always was. */
static int64_t generation_json(const classic_state *s, char *buf, size_t cap)
{
    const classic_game *g = s->game;
    int64_t n = 0;
    size_t left;
    if (g->density == DENSITY_CLOUDS)
        n += snprintf(buf, cap, ",\"density\":\"clouds\"");
    if (!g->no_guess)
        return n;
    char *p = rest(buf, cap, n, &left);
    return n + snprintf(p, left, ",\"no_guess\":true,"
                        "\"no_guess_method\":\"%s\","
                        "\"no_guess_playouts\":%d,"
                        "\"no_guess_perturbations\":%d",
                        sapper_mines_ng_name(g->ng_method), s->ng_playouts,
                        s->ng_perturbations);
}

int64_t classic_result_json(const void *state, char *buf, size_t cap)
{
    const classic_state *s = state;
    const sapper_board *b = &s->board;
    size_t left;
    int64_t n = snprintf(buf, cap, ",\"width\":%d,\"height\":%d,"
                         "\"mines\":%d,\"revealed\":%d,\"flags\":%d",
                         b->width, b->height, b->mines,
                         sapper_board_safe_revealed(b),
                         b->flags);
    char *p0 = rest(buf, cap, n, &left);
    if (s->lost_cell >= 0)
        n += snprintf(p0, left, ",\"lost_on\":[%d,%d]", s->lost_cell % b->width,
                      s->lost_cell / b->width);
    char *p = rest(buf, cap, n, &left);
    n += generation_json(s, p, left);
    p = rest(buf, cap, n, &left);
    int64_t stats = sapper_board_stats_json(b, s->clicks, p, left);
    return stats < 0 ? stats : n + stats;
}

void classic_mines_record(const void *state, sapper_mines_record *out)
{
    const classic_state *s = state;
    const sapper_board *b = &s->board;
    sapper_mines_record r = {.struct_size = sizeof r, .lost_x = -1, .lost_y = -1};
    sapper_board_record(b, s->clicks, &r);   /* out of memory: nothing counted */
    if (s->lost_cell >= 0) {
        r.flags |= SAPPER_MINES_REC_LOST_ON;
        r.lost_x = s->lost_cell % b->width;
        r.lost_y = s->lost_cell / b->width;
    }
    if (s->game->density == DENSITY_CLOUDS)
        r.flags |= SAPPER_MINES_REC_CLOUDS;
    if (s->game->no_guess)
        r.flags |= SAPPER_MINES_REC_NO_GUESS;
    sapper_mines_record_fill(out, &r);
}

/* ---- the scoreboard ------------------------------------------------ */

/* "Expert" when the size is a preset's, else "". */
static const char *preset_label(const classic_game *g)
{
    static const char *const labels[] = {"Beginner", "Intermediate", "Expert"};
    for (size_t i = 0; i < classic_preset_count; i++)
        if (g->width == classic_presets[i].width && g->height == classic_presets[i].height &&
            g->mines == classic_presets[i].mines)
            return labels[i];
    return "";
}

/* FNV-1a of a layout: boards with the same size but other mines differ. */
static uint32_t layout_hash(const classic_game *g)
{
    uint32_t h = 2166136261u;
    for (int32_t c = 0; c < g->width * g->height; c++)
        h = (h ^ g->layout[c]) * 16777619u;
    return h;
}

int32_t classic_score(const void *state, sapper_score *out)
{
    const classic_state *s = state;
    const classic_game *g = s->game;
    if (out->struct_size < sizeof *out)
        return 0;
    int n = snprintf(out->board, sizeof out->board, "classic %dx%d/%d %s",
                     g->width, g->height, g->mines,
                     classic_first_click_names[g->first_click]);
    if (g->layout)
        snprintf(out->board + n, sizeof out->board - (size_t)n,
                 " layout %08x", layout_hash(g));
    else if (g->no_guess || g->density == DENSITY_CLOUDS)
        snprintf(out->board + n, sizeof out->board - (size_t)n, "%s%s",
                 g->no_guess ? " no-guess" : "",
                 g->density == DENSITY_CLOUDS ? " clouds" : "");
    snprintf(out->label, sizeof out->label, "%s",
             g->layout ? "" : preset_label(g));
    out->method = SAPPER_SCORE_FASTEST;
    out->won = s->outcome == WON;
    int32_t solved, bbbv = s->outcome == ONGOING ? 0
                         : sapper_board_3bv(&s->board, &solved);
    out->bbbv = bbbv > 0 ? bbbv : 0;
    return 1;
}
