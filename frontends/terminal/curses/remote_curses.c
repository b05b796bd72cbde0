/*
 * remote_curses.c - a screen of `sapper serve` for a client across the
 * network: the very screens of `sapper play`, drawn by a process of the
 * server's own (serve_screen.c forks it) onto the client's connection,
 * with curses reading the client's key bytes through a pipe (the window
 * size they carry taken out first, net.h). It holds a replica of the
 * game in which every seat is a person: the server tells it each move
 * (`did`), each fault (`forfeit`, `void`) and each new game (`game`), and
 * it tells the server its person's moves (`move`), which only the server
 * plays. Undo, restart and the solver are refused here: the server's
 * rules alone decide. A slow client stalls only this process.
 *
 * The lines between the server and this process (its own code, never
 * the client's): server to screen `name SEAT TEXT`, `game SEED SEAT`,
 * `did SEAT ID`, `ok`, `no TEXT`, `forfeit SEAT WORD`, `void TEXT`,
 * `note TEXT` (seats 0-based, -1 for a spectator); screen to server
 * `move ID`.
 */
#include "curses_ui.h"

#include <errno.h>
#include <locale.h>
#include <poll.h>
#include <unistd.h>

int ui_remote_key(ui *u, int ch, const char *refused)
{
    if (!u->remote)
        return 0;
    if (ch == 3) {   /* Ctrl-C as a byte: the client's terminal is raw */
        u->quit = 1;
        return 1;
    }
    if (ch <= 0 || ch > 126 || !strchr(refused, ch))
        return 0;
    ui_message(u, 1, "not in a game over the network: the server's rules alone decide");
    return 1;
}

/* The first word of a hint entry, as the refused keys name it. */
static int refused_entry(const ui *u, const char *entry, size_t len)
{
    static const char *const grid[] = {"u", "r", "n", "?", "a/A", "p", NULL};
    static const char *const arena[] = {"u", "r", NULL};
    const char *const *keys = ui_is_arena(u->a) ? arena : grid;
    size_t word = strcspn(entry, " ");
    if (word > len)
        word = len;
    for (int i = 0; keys[i]; i++)
        if (strlen(keys[i]) == word && strncmp(entry, keys[i], word) == 0)
            return 1;
    return 0;
}

void ui_remote_hint(const ui *u, const char *hint, char *out, size_t cap)
{
    size_t o = 0;
    out[0] = 0;
    while (*hint) {
        size_t sep = strcspn(hint, "\n");
        const char *two = strstr(hint, "  ");
        size_t len = two && (size_t)(two - hint) < sep ? (size_t)(two - hint) : sep;
        if (len > 0 && !refused_entry(u, hint, len) && o + len + 3 < cap) {
            if (o > 0 && out[o - 1] != '\n')
                out[o++] = ' ', out[o++] = ' ';
            memcpy(out + o, hint, len);
            o += len;
        }
        hint += len;
        if (*hint == '\n' && o + 1 < cap && o > 0 && out[o - 1] != '\n')
            out[o++] = '\n';
        hint += strspn(hint, " \n");
        out[o] = 0;
    }
    while (o > 0 && out[o - 1] == '\n')
        out[--o] = 0;
}

int ui_remote_play(ui *u, int64_t action)
{
    ui_remote *r = u->remote;
    if (r->server_gone) {
        ui_message(u, 1, "the server has closed: q leaves");
        return 0;
    }
    if (ui_actor(u) < 0) {
        ui_message(u, 1, "%s", sapper_match_to_move(u->a->match) == SAPPER_TERMINAL
                                   ? "the game is over: q leaves"
                                   : r->seat < 0 ? "you are looking on"
                                                 : "no move of yours is expected now");
        return 0;
    }
    char line[64];
    int n = snprintf(line, sizeof line, "move %lld\n", (long long)action);
    if (write(r->server, line, (size_t)n) != n)
        r->server_gone = 1;
    r->sent = 1;
    return 0;
}

/* A new game of the series: a fresh replica, the screen's state reset. */
static void new_game(ui *u, uint64_t seed, int32_t seat)
{
    char err[512];
    sapper_match *m = sapper_match_new(&u->a->setup, seed, 0, err, sizeof err);
    if (!m) {
        u->remote->gone = 1;
        return;
    }
    sapper_match_free(u->a->match);
    u->a->match = m;
    u->remote->seat = seat;
    u->remote->sent = 0;
    u->remote->new_game = 1;
    u->first_move = u->ended = 0;
    u->scored = 1;   /* the server's game: never on this machine's scoreboard */
    u->cx = u->cy = -1;
    u->sel = 0;
    ui_message(u, 0, "%s", "");
}

static void did(ui *u, int32_t seat, int64_t action)
{
    sapper_match *m = u->a->match;
    char err[512], name[SAPPER_NAME_MAX];
    if (!m || sapper_match_play(m, seat, action, err, sizeof err) != SAPPER_OK) {
        u->remote->gone = 1;   /* the replica cannot follow: end the screen */
        return;
    }
    if (u->first_move == 0)
        u->first_move = app_now();
    if (seat == u->remote->seat) {
        u->remote->sent = 0;
        ui_message(u, 0, "%s", "");
        return;
    }
    sapper_config_escape(u->a->setup.seats[seat].name, name, sizeof name);
    ui_message(u, 0, "%s: %s", name, sapper_match_action_text(m, action));
}

static int32_t seat_word(const ui *u, const char *text, char **rest)
{
    long v = strtol(text, rest, 10);
    return v >= -1 && v < u->a->setup.players ? (int32_t)v : -2;
}

/* One line of the server's. */
static void server_line(ui *u, const char *line)
{
    ui_remote *r = u->remote;
    char *rest = NULL;
    if (strncmp(line, "did ", 4) == 0) {
        int32_t seat = seat_word(u, line + 4, &rest);
        if (seat >= 0)
            did(u, seat, strtoll(rest, NULL, 10));
    } else if (strncmp(line, "game ", 5) == 0) {
        uint64_t seed = strtoull(line + 5, &rest, 10);
        new_game(u, seed, seat_word(u, rest, &rest));
    } else if (strncmp(line, "name ", 5) == 0) {
        int32_t seat = seat_word(u, line + 5, &rest);
        if (seat >= 0 && *rest == ' ')
            snprintf(u->a->setup.seats[seat].name, SAPPER_NAME_MAX, "%s", rest + 1);
    } else if (strcmp(line, "ok") == 0) {
        if (r->sent)
            ui_message(u, 0, "your choice is in: waiting for the others");
    } else if (strncmp(line, "no ", 3) == 0) {
        r->sent = 0;
        ui_message(u, 1, "%s", line + 3);
    } else if (strncmp(line, "forfeit ", 8) == 0 && u->a->match) {
        int32_t seat = seat_word(u, line + 8, &rest);
        if (seat >= 0 && *rest == ' ')
            sapper_match_forfeit(u->a->match, seat, rest + 1);
    } else if (strncmp(line, "void ", 5) == 0 && u->a->match) {
        sapper_match_void(u->a->match, line + 5);
    } else if (strncmp(line, "note ", 5) == 0) {
        ui_message(u, 0, "%s", line + 5);
    }
}

/* The server's lines; 1 when any came. */
static int read_server(ui *u)
{
    ui_remote *r = u->remote;
    char buf[4096], line[SAPPER_PROTO_LINE_MAX + 1];
    ssize_t n = read(r->server, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
        return 0;
    if (n <= 0 && !r->linger) {
        r->gone = 1;   /* the server's own screen ends with the server */
        return 1;
    }
    if (n <= 0) {   /* the server is done: the last position stays until q */
        r->server_gone = 1;
        ui_message(u, 0, "%s", sapper_match_to_move(u->a->match) == SAPPER_TERMINAL
                                   ? "the server has closed: q leaves"
                                   : "the server has closed before the end: q leaves");
        return 1;
    }
    size_t left = (size_t)n;
    while (left > 0) {
        sapper_proto_feed(&r->from_server, buf + ((size_t)n - left), &left);
        while (sapper_proto_take_line(&r->from_server, line) == 1)
            server_line(u, line);
    }
    return 1;
}

/* The client's key bytes, through the size filter, to curses' pipe; 1
   when its window changed size. */
static int read_keys(ui *u)
{
    ui_remote *r = u->remote;
    char buf[4096], out[4096 + sizeof r->keys.held];
    ssize_t n = read(r->sock, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
        return 0;
    if (n <= 0) {
        r->gone = 1;
        return 0;
    }
    int rows = 0, cols = 0;
    size_t k = sapper_net_keys_filter(&r->keys, buf, (size_t)n, out, &rows, &cols);
    if (k > 0 && write(r->keys_w, out, k) < 0)
        r->gone = 1;
    if (rows > 0 && cols > 0 && (rows != LINES || cols != COLS)) {
        resizeterm(rows, cols);
        return 1;
    }
    return 0;
}

int ui_remote_getch(ui *u)
{
    ui_remote *r = u->remote;
    int ch = getch();
    if (ch != ERR)
        return ch;
    if (r->gone) {
        u->quit = 1;
        return ERR;
    }
    if (r->server_gone && app_now() - r->server_gone_at > UI_REMOTE_LINGER_SECONDS) {
        u->quit = 1;   /* nobody pressed q: do not linger for ever */
        return ERR;
    }
    struct pollfd p[2] = {{.fd = r->sock, .events = POLLIN},
                          {.fd = r->server_gone ? -1 : r->server, .events = POLLIN}};
    if (poll(p, 2, UI_TICK_MS) <= 0)
        return ERR;
    if (p[1].revents && read_server(u)) {
        if (r->server_gone)
            r->server_gone_at = app_now();
        return UI_KEY_REMOTE;
    }
    if (p[0].revents && read_keys(u))
        return KEY_RESIZE;
    return r->gone ? ERR : getch();
}

/* Before the first game: who we are and what we wait for. */
static void wait_first_game(ui *u, const sapper_net_join *j)
{
    while (!u->a->match && !u->quit && !u->remote->gone && !u->remote->server_gone) {
        erase();
        ui_put(1, 2, A_BOLD, "Sapper: waiting for the game to begin");
        char line[160];
        if (j->mode == SAPPER_NET_WATCH)
            snprintf(line, sizeof line, "you will look on (%s)", j->name);
        else
            snprintf(line, sizeof line, "you play as %s once every seat is taken", j->name);
        ui_put(3, 4, 0, line);
        ui_put(5, 4, A_DIM, "q leaves");
        refresh();
        int ch = ui_remote_getch(u);
        if (ch == 'q' || ch == 3)
            u->quit = 1;
    }
}

static SCREEN *open_screen(ui *u, const sapper_net_join *j, FILE *out, FILE *in)
{
    char size[16];
    snprintf(size, sizeof size, "%d", j->rows);
    setenv("LINES", size, 1);
    snprintf(size, sizeof size, "%d", j->cols);
    setenv("COLUMNS", size, 1);
    setlocale(LC_ALL, "C.UTF-8");
    SCREEN *s = newterm(j->term, out, in);
    if (!s)
        s = newterm("xterm", out, in);   /* a terminal this host does not know */
    if (!s)
        return NULL;
    ui_screen_modes(u);
    timeout(0);   /* ui_remote_getch waits, on the client and the server at once */
    return s;
}

/* After the screen: the game's outcome, never its seed (the seeds of a
   series' later games follow from it). */
static void say_result(ui *u, FILE *out)
{
    if (!u->a->match)
        return;
    sapper_strbuf b = {0};
    sapper_match_outcome_line(u->a->match, &b);
    fprintf(out, "sapper: %s: %s\r\n", u->remote->server_gone ? "the game is over"
                                                            : "you left the game",
            sapper_strbuf_str(&b));
    fflush(out);
    sapper_strbuf_free(&b);
}

int ui_remote_run(app *a, int sock, int server, const sapper_net_join *j, int linger)
{
    int keys[2];
    if (pipe(keys) != 0)
        return 1;
    ui_remote r = {.sock = sock, .server = server, .keys_w = keys[1], .seat = -1,
                   .linger = linger};
    ui u = {.a = a, .remote = &r, .cx = -1, .cy = -1, .scored = 1};
    for (int32_t i = 0; i < a->setup.players; i++)
        a->setup.seats[i].bot = NULL;   /* the replica: every seat told by the server */
    a->match = NULL;
    FILE *out = fdopen(dup(sock), "w"), *in = fdopen(keys[0], "r");
    SCREEN *s = out && in ? open_screen(&u, j, out, in) : NULL;
    if (!s)
        return 1;
    wait_first_game(&u, j);
    if (a->match && !u.quit) {
        r.new_game = 0;
        ui_event_loop(&u);
    }
    endwin();
    delscreen(s);
    say_result(&u, out);
    return 0;
}
