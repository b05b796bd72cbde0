/*
 * curses_deductive.c - what the mines grid (curses_grid.c) draws
 * differently for Deductive Minesweeper: marked cells as ':', the status
 * line of the document (the player's time, the unexposed safe cells, "You
 * win" / "You lose"), and after a loss the five classes of the analysis
 * (sapper/mines.h codes 20-30) in the document's colours with a legend of
 * those on the board. The mine lost on is red whether or not it was
 * deducible; forgiven mines (SAPPER_CELL_MINE in these rules) are cyan,
 * never the clicked mine's red.
 * The player's time leaves out the engine's time on the player's moves
 * (app.rules_seconds, measured around each move by app_play): the clock
 * stops while the game studies a clicked mine. Keys and moves are
 * the grid's; nothing here decides anything about the game. It knows the
 * rules by what they do, not by name: rules whose result counts forgiven
 * mines (ui_forgiving) get this screen.
 */
#include "curses_ui.h"

/* The classes and the forgiven mine: colour (background), letter without
   colours (the line protocol's), legend. The two clicked classes look
   alike here (the message line says whether it could be deduced). */
static const struct {
    uint8_t code;
    short rich, basic;       /* background on 16+ and on 8-colour terminals */
    char letter;
    const char *legend;
} looks[] = {
    {SAPPER_CELL_MINE_CLICKED, 9, COLOR_RED, 'x', "clicked"},
    {SAPPER_CELL_MINE_CLICKED_UNKNOWN, 9, COLOR_RED, 'c', "clicked"},
    {SAPPER_CELL_MINE_KNOWN, 11, COLOR_YELLOW, 'k', "known mine"},
    {SAPPER_CELL_MINE_UNKNOWN, 13, COLOR_MAGENTA, 'm', "unknown mine"},
    {SAPPER_CELL_SAFE_KNOWN, 10, COLOR_GREEN, 's', "known safe"},
    {SAPPER_CELL_SAFE_UNKNOWN, 8, COLOR_WHITE, 'u', "unknown safe"},
    {SAPPER_CELL_MINE, 14, COLOR_CYAN, '*', "forgiven"},
};

#define NLOOKS (int)(sizeof looks / sizeof looks[0])
/* Colour pairs of the classes: after every pair the interface declares. */
#define PAIR_OF(i) (UI_PAIR_COUNT + (i))

int ui_deductive(ui *u)
{
    return ui_forgiving(u);
}

/* Sets the class's colour pair up the first time it is needed (curses
   keeps it; a pair already holding these colours is left alone). */
static int class_pair(int i)
{
    short fg, bg, want = COLORS >= 16 ? looks[i].rich : looks[i].basic;
    if (pair_content((short)PAIR_OF(i), &fg, &bg) != OK || fg != COLOR_BLACK ||
        bg != want)
        init_pair((short)PAIR_OF(i), COLOR_BLACK, want);
    return PAIR_OF(i);
}

/* The entry of looks[] for code, or -1: an analysis class, or an exposed
   mine of these rules (forgiven, since the one lost on is a class). */
static int look_of(ui *u, uint8_t code)
{
    uint8_t cls = sapper_cell_analysis(code);
    if (!cls && code == SAPPER_CELL_MINE && ui_deductive(u))
        cls = code;
    for (int i = 0; cls && i < NLOOKS; i++)
        if (looks[i].code == cls)
            return i;
    return -1;
}

int ui_deductive_look(ui *u, uint8_t code, attr_t *attr, int *ch)
{
    int i = look_of(u, code);
    if (code == SAPPER_CELL_MARKED && ui_deductive(u)) {
        *attr = ui_attr(u, UI_PAIR_MARK, A_BOLD);
        *ch = ':';
        return 1;
    }
    if (i < 0)
        return 0;
    int marked = code != looks[i].code;
    int mine = looks[i].code != SAPPER_CELL_SAFE_KNOWN &&
               looks[i].code != SAPPER_CELL_SAFE_UNKNOWN;
    if (u->colour) {
        *attr = ui_attr(u, class_pair(i), A_BOLD);
        *ch = marked ? ':' : mine ? '*' : ' ';
    } else {   /* no colours: the line protocol's letters */
        *attr = A_BOLD;
        *ch = marked ? looks[i].letter - 'a' + 'A' : looks[i].letter;
    }
    return 1;
}

/* Whether some cell of v shows as looks[i] (the legend lists those). */
static int on_board(ui *u, const sapper_mines_view *v, int i)
{
    for (int c = 0; c < v->width * v->height; c++)
        if (look_of(u, ui_view_cells(v)[c]) == i)
            return 1;
    return 0;
}

/* Unexposed safe cells: all safe cells less the numbers showing. */
static int safe_left(const sapper_mines_view *v)
{
    int open = 0;
    for (int i = 0; i < v->width * v->height; i++)
        open += ui_view_cells(v)[i] <= 8;
    return v->width * v->height - v->mines - open;
}

/* Seconds on the player's clock: from the first move to the end, less the
   engine's time on the player's moves (the rules studying a click). */
static double player_clock(const ui *u)
{
    double t = ui_clock(u) - (u->first_move != 0 ? u->a->rules_seconds : 0);
    return t > 0 ? t : 0;
}

int ui_deductive_status(ui *u, const sapper_mines_view *v, int y, int x)
{
    if (!ui_deductive(u))
        return 0;
    const char *state = ui_state(u);
    char text[256];
    snprintf(text, sizeof text, "Time: %.1f   Safe cells left: %d   %s   "
             "Mode: %s", player_clock(u), safe_left(v),
             strcmp(state, "won") == 0 ? "You win"
             : strcmp(state, "lost") == 0 ? "You lose" : state,
             u->flag_mode ? "mark" : "reveal");
    ui_put(y, x, A_BOLD, text);
    return 1;
}

int ui_deductive_legend(ui *u, const sapper_mines_view *v, int y, int x)
{
    int shown = 0;
    for (int i = 0; i < v->width * v->height && !shown; i++)
        shown = sapper_cell_analysis(ui_view_cells(v)[i]) != 0;
    if (!shown)
        return 0;
    for (int i = 0; i < NLOOKS; i++) {
        char text[48];
        if (!on_board(u, v, i))
            continue;
        attr_t attr = u->colour ? ui_attr(u, class_pair(i), A_BOLD) : A_NORMAL;
        if (u->colour)
            snprintf(text, sizeof text, " %s ", looks[i].legend);
        else
            snprintf(text, sizeof text, "%c %s", looks[i].letter,
                     looks[i].legend);
        ui_put(y, x, attr, text);
        x += (int)strlen(text) + 1;
    }
    if (!u->colour)
        ui_put(y, x, A_NORMAL, "(capital: marked)");
    return 1;
}

/* The rules' status line (the line of their text rendering that starts
   with start), into out; 0 when there is none. */
static int rules_line(ui *u, const char *start, char *out, size_t cap)
{
    const char *text = sapper_match_render(u->a->match, ui_viewer(u));
    const char *at = text ? strstr(text, start) : NULL;
    if (!at || (at != text && at[-1] != '\n'))
        return 0;
    snprintf(out, cap, "%.*s", (int)strcspn(at, "\n"), at);
    return 1;
}

void ui_deductive_after_move(ui *u, double forgiven_before)
{
    char line[256];
    double forgiven = ui_forgiven(u);
    if (strcmp(ui_state(u), "lost") == 0 && rules_line(u, "You lose", line, sizeof line))
        ui_message(u, 1, "%s", line);
    else if (forgiven > forgiven_before && forgiven_before >= 0)
        ui_message(u, 0, "a mine, forgiven: no safe cell could be deduced "
                   "(mines forgiven: %.0f)", forgiven);
}
