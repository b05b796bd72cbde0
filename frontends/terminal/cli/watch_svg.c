/*
 * watch_svg.c - `sapper replay --svg DIR`: a recorded game drawn step by
 * step, DIR/move-0000.svg for the start, move-0001.svg after the first
 * step and so on, each the position as the watched seat saw it with every
 * unknown cell's exact mine probability (position_svg.h), so a lost game
 * can be studied move by move; the last picture of a lost game says
 * "lost" and marks the fatal cell. Minesweeper rulesets only.
 */
#include "watch.h"

#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <sys/stat.h>

#include "position_svg.h"
#include "sapper/mines.h"
#include "solver.h"

/* The fatal cell of a game on show that is over and lost, as y * width
   + x; -1 when it is not (or its rules keep no typed record). */
static int32_t fatal_cell(watch *w, int32_t width)
{
    const sapper_mines_record_ext *x =
        sapper_match_extension(w->a.match, SAPPER_EXT_MINES_RECORD);
    sapper_mines_record r = {.struct_size = sizeof r, .lost_x = -1, .lost_y = -1};
    if (w->step < w->steps || strcmp(sapper_match_outcome(w->a.match), "lost") != 0 || !x ||
        x->struct_size < offsetof(sapper_mines_record_ext, record) + sizeof x->record)
        return -1;
    x->record(sapper_match_state(w->a.match), &r);
    if (!(r.flags & SAPPER_MINES_REC_LOST_ON) || r.lost_x < 0 || r.lost_y < 0)
        return -1;
    return r.lost_y * width + r.lost_x;
}

/* The step on show as a picture into out; 0, or -1 when it is not a
   Minesweeper view. The last picture of a lost game says so and marks
   the cell it was lost on. */
static int draw_step(watch *w, sapper_mines_solver **solver, sapper_strbuf *out)
{
    size_t size = 0;
    const void *view = sapper_match_view(w->a.match, w->viewer, &size);
    sapper_mines_position pos;
    sapper_mines_result r;
    char what[512], title[1800];
    if (!view || sapper_mines_position_from_view(view, size, &pos) != SAPPER_OK)
        return -1;
    if (!*solver)
        *solver = sapper_mines_solver_new(pos.width, pos.height);
    int odds = *solver && sapper_mines_analyze(*solver, &pos, NULL, &r) == SAPPER_OK &&
               r.consistent;
    int32_t fatal = fatal_cell(w, pos.width);
    watch_step_text(w, what, sizeof what);
    snprintf(title, sizeof title, "%s, move %zu of %zu: %s%s", w->label, w->step, w->steps,
             what, fatal >= 0 ? ": lost" : "");
    position_svg_lost(out, title, &pos, odds ? r.prob : NULL, fatal);
    return 0;
}

static int make_dir(const char *dir)
{
    struct stat info;
    if (stat(dir, &info) == 0 && S_ISDIR(info.st_mode))
        return 0;
    if (mkdir(dir, 0777) == 0)
        return 0;
    app_error("--svg %s: cannot make the directory: %s", dir, strerror(errno));
    return EXIT_USAGE;
}

int watch_svg(watch *w, const char *dir)
{
    sapper_mines_solver *solver = NULL;
    sapper_strbuf out = {0};
    char path[4200];
    int rc = make_dir(dir);
    for (size_t step = 0; !rc && step <= w->steps; step++) {
        out.len = 0;
        if (watch_seek(w, step)) {
            app_error("%s", w->a.err);
            rc = EXIT_USAGE;
        } else if (draw_step(w, &solver, &out)) {
            app_error("--svg: %s is not a Minesweeper game (its rules \"%s\" are of the "
                      "%s family): only Minesweeper positions are drawn", w->label,
                      w->a.setup.rules->desc.id, w->a.setup.rules->desc.family);
            rc = EXIT_USAGE;
        } else if (snprintf(path, sizeof path, "%s/move-%04zu.svg", dir, step) &&
                   position_svg_write(path, &out)) {
            app_error("%s: cannot write: %s", path, strerror(errno));
            rc = EXIT_USAGE;
        }
    }
    if (!rc)
        fprintf(stderr, "sapper: %zu pictures of %s written to %s\n", w->steps + 1,
                w->label, dir);
    sapper_mines_solver_free(solver);
    sapper_strbuf_free(&out);
    return rc;
}
