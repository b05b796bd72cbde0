/*
 * curses_newgame.c - `n` in the curses interface: asks on the bottom line
 * for a size and mine count (or a preset name), adds them to the
 * configuration as [rules] entries and resolves the setup again, exactly
 * as if they had been given on the command line. The new settings are
 * tried on a copy of the configuration and a trial game first, so any
 * refusal (a bad number, too many mines for the board) leaves the current
 * game, setup and configuration untouched and shows the reason. Esc
 * cancels the question.
 */
#include "curses_ui.h"

#include <ctype.h>

#define ORIGIN "new game"   /* where messages say the entries came from */

static const char prompt[] =
    "new game: WIDTH HEIGHT MINES (or beginner/intermediate/expert): ";

#define KEY_ESC 27

/* Reads one line on the bottom row: printable keys are typed in,
   backspace deletes, Enter ends, Esc (or Ctrl-C's ^C, or Ctrl-G) cancels.
   0 when cancelled or empty. */
static int read_answer(char *buf, int cap)
{
    int n = 0, done = 0;
    buf[0] = 0;
    curs_set(1);
    timeout(-1);
    while (!done) {
        move(LINES - 1, 0);
        clrtoeol();
        attrset(A_BOLD);
        addnstr(prompt, COLS - 1);
        attrset(A_NORMAL);
        addnstr(buf, COLS - 1 - (int)strlen(prompt) > 0 ? COLS - 1 - (int)strlen(prompt) : 0);
        refresh();
        int ch = getch();
        if (ch == KEY_ESC || ch == 3 || ch == 7)
            n = 0, done = 1;
        else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER)
            done = 1;
        else if ((ch == KEY_BACKSPACE || ch == 127 || ch == 8) && n > 0)
            buf[--n] = 0;
        else if (ch == 21)   /* Ctrl-U: start again */
            buf[n = 0] = 0;
        else if (ch >= 32 && ch < 127 && n < cap - 1)
            buf[n++] = (char)ch, buf[n] = 0;
    }
    buf[n] = 0;
    timeout(UI_TICK_MS);
    curs_set(0);
    char *s = buf;
    while (isspace((unsigned char)*s))
        s++;
    memmove(buf, s, strlen(s) + 1);
    return buf[0] != 0;
}

static int declares(const app *a, const char *key)
{
    const sapper_descriptor *d = &a->setup.rules->desc;
    for (uint32_t i = 0; i < d->param_count; i++)
        if (strcmp(d->params[i].key, key) == 0)
            return 1;
    return 0;
}

/* A copy of cfg (entries and where they came from) into *out. */
static sapper_status copy_config(const sapper_config *cfg, sapper_config *out)
{
    sapper_config_init(out);
    for (size_t i = 0; i < cfg->count; i++) {
        const sapper_config_entry *e = &cfg->entries[i];
        sapper_status st = sapper_config_set(out, e->section, e->key, e->value,
                                             e->origin, e->line);
        if (st != SAPPER_OK)
            return st;
    }
    return SAPPER_OK;
}

/* Turns the answer into [rules] entries of cfg; writes why not into err. */
static int add_answer(const app *a, const char *answer, sapper_config *cfg,
                      char *err, size_t errcap)
{
    char w[32], h[32], m[32], extra[2];
    int words = sscanf(answer, "%31s %31s %31s %1s", w, h, m, extra);
    if (words == 1 && declares(a, "preset"))
        return sapper_config_set(cfg, "rules", "preset", w, ORIGIN, 0) == SAPPER_OK;
    if (words != 3) {
        snprintf(err, errcap, "expected WIDTH HEIGHT MINES%s, found \"%s\"",
                 declares(a, "preset") ? " or a preset name" : "", answer);
        return 0;
    }
    if (!declares(a, "width") || !declares(a, "height") || !declares(a, "mines")) {
        snprintf(err, errcap, "the rules \"%s\" take no width, height and mines",
                 a->setup.rules->desc.id);
        return 0;
    }
    int ok = !declares(a, "preset") ||
             sapper_config_set(cfg, "rules", "preset", "custom", ORIGIN, 0) == SAPPER_OK;
    return ok && sapper_config_set(cfg, "rules", "width", w, ORIGIN, 0) == SAPPER_OK &&
           sapper_config_set(cfg, "rules", "height", h, ORIGIN, 0) == SAPPER_OK &&
           sapper_config_set(cfg, "rules", "mines", m, ORIGIN, 0) == SAPPER_OK;
}

/* Resolves cfg into *out and starts (then drops) a game of it, so a
   refusal by the rules themselves shows now. */
static int try_setup(app *a, sapper_config *cfg, sapper_setup *out,
                     char *err, size_t errcap)
{
    sapper_setup_options opt = {.drawn_seed = a->setup.seed};
    if (sapper_setup_resolve(cfg, a->reg, &opt, out, err, errcap) != SAPPER_OK)
        return 0;
    sapper_match *trial = sapper_match_new(out, sapper_game_seed(out->seed,
                                           a->game_index), 0, err, errcap);
    sapper_match_free(trial);
    return trial != NULL;
}

/* The current game goes (recorded first); the new setup and config come
   in. The match borrows the setup, so it is freed before the swap. */
static void swap_in(ui *u, sapper_config *cfg, sapper_setup *setup)
{
    app *a = u->a;
    app_record(a);
    sapper_match_free(a->match);
    a->match = NULL;
    sapper_setup_free(&a->setup);
    a->setup = *setup;
    sapper_config_free(&a->cfg);
    a->cfg = *cfg;
}

/* The reason without the "new game:0: " in front: the person just typed
   the entries and knows where they came from. */
static const char *without_origin(const char *err)
{
    const char *prefix = ORIGIN ":0: ";
    size_t n = strlen(prefix);
    return strncmp(err, prefix, n) == 0 ? err + n : err;
}

void ui_prompt_new_game(ui *u)
{
    char answer[128], err[1024] = "";
    double opened = app_now();
    int answered = read_answer(answer, sizeof answer);
    ui_clock_resume(u, opened);
    if (!answered) {
        ui_message(u, 0, "new game cancelled");
        return;
    }
    sapper_config cfg;
    sapper_setup setup = {0};
    if (copy_config(&u->a->cfg, &cfg) != SAPPER_OK)
        snprintf(err, sizeof err, "out of memory");
    else if (add_answer(u->a, answer, &cfg, err, sizeof err) &&
             try_setup(u->a, &cfg, &setup, err, sizeof err)) {
        swap_in(u, &cfg, &setup);
        ui_new_match(u);   /* the same setup just started: it will again */
        return;
    }
    ui_message(u, 1, "%s", without_origin(err[0] ? err : "out of memory"));
    sapper_setup_free(&setup);
    sapper_config_free(&cfg);
}
