/*
 * join_cmd.c - `sapper join HOST:PORT --code C [--name NAME] [--seat N]
 * [--watch] [--plain] [--bot COMMAND [ARG ...]]`: takes a seat (or looks
 * on) in a game `sapper serve` hosts. On a terminal the server draws the
 * same curses screens as a local game and this end only carries bytes:
 * the keys (and the window's size when it changes) one way, the screen
 * the other, the terminal in raw mode meanwhile and always put back
 * (Ctrl-] leaves at once, as telnet's escape does).
 * Without a terminal, or with --plain, it carries the seat protocol's
 * lines between the server and standard input and output; --bot runs
 * COMMAND with the connection as its standard input and output, so any
 * process bot of docs/PROTOCOL.md plays remotely unchanged.
 */
#include "commands.h"
#include "net.h"
#include "protocol.h"
#include "wire.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

typedef struct join_args {
    const char *addr;
    sapper_net_join j;
    int plain;
    char **bot;                 /* --bot COMMAND ARG ...: argv, NULL-ended */
} join_args;

static volatile sig_atomic_t resized;

static void on_winch(int sig)
{
    (void)sig;
    resized = 1;
}

static int take_arg(join_args *ja, int argc, char **argv, int *i)
{
    const char *o = argv[*i], *v = *i + 1 < argc ? argv[*i + 1] : NULL;
    if (strcmp(o, "--watch") == 0) {
        ja->j.mode = SAPPER_NET_WATCH;
        return 0;
    }
    if (strcmp(o, "--plain") == 0) {
        ja->plain = 1;
        return 0;
    }
    if (strcmp(o, "--bot") == 0 && v) {
        ja->bot = argv + *i + 1;
        *i = argc;
        return 0;
    }
    if (o[0] != '-' && !ja->addr) {
        ja->addr = o;
        return 0;
    }
    if (!v || o[0] != '-') {
        app_error("join: expected HOST:PORT and the options of `sapper join --help`, "
                  "found \"%s\"%s", o, o[0] == '-' ? " without its value" : "");
        return EXIT_USAGE;
    }
    ++*i;
    if (strcmp(o, "--code") == 0)
        snprintf(ja->j.code, sizeof ja->j.code, "%s", v);
    else if (strcmp(o, "--name") == 0)
        sapper_net_clean_name(v, ja->j.name);
    else if (strcmp(o, "--seat") == 0) {
        char *end;
        long n = strtol(v, &end, 10);
        if (*end || end == v || n < 1 || n > 64) {
            app_error("--seat: expected a seat number from 1 to 64, found \"%s\"", v);
            return EXIT_USAGE;
        }
        ja->j.seat = (int32_t)n - 1;
    } else {
        app_error("join: unknown option \"%s\" (see sapper join --help)", o);
        return EXIT_USAGE;
    }
    return 0;
}

/* The terminal's name and size for the server's screens. */
static void describe_terminal(sapper_net_join *j)
{
    const char *term = getenv("TERM");
    if (!term || !term[0] || strlen(term) >= sizeof j->term ||
        strspn(term, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.+_") !=
            strlen(term))
        term = "xterm";
    snprintf(j->term, sizeof j->term, "%s", term);
    struct winsize ws = {0};
    ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws);
    j->rows = ws.ws_row ? ws.ws_row : 24;
    j->cols = ws.ws_col ? ws.ws_col : 80;
}

static int parse(join_args *ja, int argc, char **argv)
{
    memset(ja, 0, sizeof *ja);
    ja->j.seat = -1;
    for (int i = 0; i < argc; i++) {
        int rc = take_arg(ja, argc, argv, &i);
        if (rc)
            return rc;
    }
    if (!ja->addr || !ja->j.code[0]) {
        app_error("join: expected HOST:PORT and --code C (as sapper serve printed them), "
                  "found %s", ja->addr ? "no --code" : "no address");
        return EXIT_USAGE;
    }
    ja->j.terminal = !ja->plain && !ja->bot && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    if (ja->j.terminal)
        describe_terminal(&ja->j);
    return 0;
}

/* The server's first line, read a byte at a time so nothing after it is
   taken from the connection (a bot reads on from there). */
static int read_welcome(int fd, char *line, size_t cap)
{
    size_t n = 0;
    struct pollfd p = {.fd = fd, .events = POLLIN};
    while (n + 1 < cap) {
        if (poll(&p, 1, 30000) <= 0)
            return -1;
        char ch;
        ssize_t r = read(fd, &ch, 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        if (ch == '\n')
            break;
        line[n++] = ch;
    }
    line[n] = 0;
    return 0;
}

static void send_size(int sock)
{
    struct winsize ws = {0};
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row && ws.ws_col) {
        char seq[32];
        int n = snprintf(seq, sizeof seq, "\033[8;%d;%dt", ws.ws_row, ws.ws_col);
        sapper_wire_write_all(sock, seq, (size_t)n);
    }
}

/* Bytes both ways until the server ends the connection; standard input
   at its end half-closes it (the server may still have lines to send). */
static int relay(int sock, int terminal)
{
    char buf[16384];
    int in_open = 1;
    for (;;) {
        struct pollfd p[2] = {{.fd = in_open ? STDIN_FILENO : -1, .events = POLLIN},
                              {.fd = sock, .events = POLLIN}};
        int r = poll(p, 2, -1);
        if (terminal && resized) {
            resized = 0;
            send_size(sock);
        }
        if (r < 0)
            continue;   /* EINTR: a resize */
        if (p[1].revents) {
            ssize_t n = read(sock, buf, sizeof buf);
            if (n <= 0)
                return 0;
            if (sapper_wire_write_all(STDOUT_FILENO, buf, (size_t)n))
                return 1;
        }
        if (p[0].revents) {
            ssize_t n = read(STDIN_FILENO, buf, sizeof buf);
            if (terminal && n > 0 && memchr(buf, 0x1d, (size_t)n))
                return 0;   /* Ctrl-]: leave at once, whatever the server does */
            if (n <= 0) {
                in_open = 0;
                shutdown(sock, SHUT_WR);
            } else if (sapper_wire_write_all(sock, buf, (size_t)n)) {
                return 0;
            }
        }
    }
}

static int relay_terminal(int sock)
{
    struct termios saved, raw;
    if (tcgetattr(STDIN_FILENO, &saved) != 0)
        return relay(sock, 0);
    raw = saved;
    cfmakeraw(&raw);
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw);
    struct sigaction act = {.sa_handler = on_winch}, old;
    sigemptyset(&act.sa_mask);
    sigaction(SIGWINCH, &act, &old);
    int rc = relay(sock, 1);
    sigaction(SIGWINCH, &old, NULL);
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
    return rc;
}

/* --bot: the program plays over the connection itself. */
static int run_bot(int sock, char **argv)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        app_error("--bot %s: cannot start it: %s", argv[0], strerror(errno));
        return 1;
    }
    if (pid == 0) {
        dup2(sock, STDIN_FILENO);
        dup2(sock, STDOUT_FILENO);
        close(sock);
        execvp(argv[0], argv);
        fprintf(stderr, "sapper: --bot %s: cannot run it: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    close(sock);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

static int connect_and_join(const join_args *ja)
{
    sapper_net_addr addr;
    char err[600];
    if (sapper_net_parse_addr(ja->addr, &addr, err, sizeof err)) {
        app_error("join: %s", err);
        return -EXIT_USAGE;
    }
    int sock = sapper_net_connect(&addr, 10.0, err, sizeof err);
    if (sock < 0) {
        app_error("join: %s", err);
        return -1;
    }
    sapper_strbuf o = {0};
    sapper_net_put_join(&o, &ja->j);
    int bad = sapper_wire_write_all(sock, o.data, o.len);
    sapper_strbuf_free(&o);
    char line[1024];
    if (bad || read_welcome(sock, line, sizeof line)) {
        app_error("join: %s: no answer from the server", ja->addr);
        close(sock);
        return -1;
    }
    if (strncmp(line, "welcome ", 8) != 0) {
        sapper_strbuf q = {0};
        sapper_proto_quote(&q, strncmp(line, "error ", 6) == 0 ? line + 6 : line, 400);
        app_error("join: %s refused: %s", ja->addr, sapper_strbuf_str(&q));
        sapper_strbuf_free(&q);
        close(sock);
        return -1;
    }
    fprintf(stderr, "sapper: %s: %s\n", ja->addr, line + 8);
    return sock;
}

int cmd_join(int argc, char **argv)
{
    join_args ja;
    int rc = parse(&ja, argc, argv);
    if (rc)
        return rc;
    signal(SIGPIPE, SIG_IGN);
    int sock = connect_and_join(&ja);
    if (sock < 0)
        return -sock;
    if (ja.bot)
        return run_bot(sock, ja.bot);
    rc = ja.j.terminal ? relay_terminal(sock) : relay(sock, 0);
    close(sock);
    return rc;
}
