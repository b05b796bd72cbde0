/*
 * serve.h - what the parts of `sapper serve` share: the server (one game or
 * a series, its listening socket, its join code, its clocks), its
 * connections and its seats. The server alone holds the match, the seeds
 * and the clock; a connection only ever receives what its seat may see.
 *
 * The parts: serve_cmd.c (the command line and the poll loop),
 * serve_conn.c (accepting, reading and writing without ever blocking, the
 * join line, seats taken and given back), serve_game.c (starting, playing,
 * clocks, forfeits and the end of each game), serve_lines.c (a seat or a
 * spectator speaking the seat protocol of docs/PROTOCOL.md) and
 * serve_screen.c (a terminal client: the curses screens, drawn by a
 * process of the server's own, remote_curses.c).
 *
 * Every byte a client sends is hostile input: lines are bounded, reads
 * and writes never block, a client's queued output is bounded, and a
 * client that breaks a rule is dropped with a message saying which.
 */
#ifndef SAPPER_SERVE_H
#define SAPPER_SERVE_H

#include "app.h"
#include "net.h"
#include "protocol.h"

#define SERVE_OUT_MAX (1u << 20)    /* bytes queued for one client */
#define SERVE_JOIN_SECONDS 10.0     /* from accept to a complete join line */
#define SERVE_WATCH_LINES 32        /* lines a spectator may send (each is
                                       answered with an error) */
#define SERVE_BETWEEN_SECONDS 5.0   /* between the games of a series, when a
                                       person watches a screen */

enum serve_kind {
    CONN_FREE,
    CONN_JOINING,   /* accepted, its join line not yet read */
    CONN_LINES,     /* speaks the seat protocol's lines */
    CONN_SCREEN,    /* a screen process of ours (fd: our end of its pair) */
};

/* Where a lines seat is in the protocol: what it owes us next. */
enum serve_step {
    LINES_HELLO,    /* its handshake, up to `ready 1` */
    LINES_IDLE,     /* nothing asked */
    LINES_START,    /* its answer to `start` */
    LINES_GO,       /* its answer to `go` */
    LINES_END,      /* its answer to `end` */
};

typedef struct serve_conn {
    int kind;                   /* enum serve_kind */
    int fd;                     /* owned; -1 when free */
    int entry;                  /* the config seat it holds, -1: watches */
    pid_t child;                /* CONN_SCREEN: the process drawing it */
    char name[SAPPER_NET_NAME_MAX + 1];
    char peer[80];              /* its address, for the server's log */
    double since;               /* app_now() at accept */
    sapper_proto_lines in;      /* its bytes, cut into lines */
    sapper_strbuf out;          /* queued for it; owned */
    size_t sent;                /* bytes of out written */
    int closing;                /* drop once out is written */
    int said;                   /* lines a spectator sent */
    /* the seat protocol (CONN_LINES) */
    int step;                   /* enum serve_step */
    double asked;               /* app_now() when `end` was sent */
    sapper_proto_hello hello;
    sapper_proto_codec codec;
    size_t told;                /* moves of the match it has heard of */
    long game;                  /* the game it was told of (1-based), 0 none */
    int over;                   /* it was told that game's end */
    int shown;                  /* a spectator: the position was shown */
} serve_conn;

/* A seat of the config: a local bot, or one a remote party takes. */
typedef struct serve_entry {
    int remote;                 /* a "human" seat of the config */
    int conn;                   /* the connection holding it, -1 */
    char name[SAPPER_NET_NAME_MAX + 1];   /* who took it ("" before) */
    double gone;                /* app_now() when its connection dropped
                                   during a game, 0 while held */
} serve_entry;

typedef struct server {
    app *a;
    FILE *log_out;              /* the log (stderr), results (stdout) */
    FILE *result_out;
    int listen_fd;
    char shown[300];            /* the address, as a client types it */
    char code[SAPPER_NET_CODE_LEN + 8];
    double move_seconds;        /* --move-time (0: none) */
    double reconnect_seconds;   /* --reconnect */
    int max_conns;              /* --max-connections */
    serve_conn *conns;          /* max_conns entries; owned */
    int players;
    serve_entry entries[SAPPER_MAX_SEATS];
    long games;                 /* of the series */
    long played;                /* games finished */
    int on;                     /* a game is being played */
    double next_at;             /* when the next game of a series begins */
    double owes_since[SAPPER_MAX_SEATS];   /* seat began to owe (0: not) */
    int stop;                   /* the series is over or was interrupted */
    int local;                  /* the connection of the server's own
                                   screen (--play, --watch), -1 none */
    sapper_strbuf held_log;     /* stderr and stdout text held while it */
    sapper_strbuf held_out;     /* is up; owned */
    int status;                 /* the exit status */
} server;

/* serve_conn.c */
void serve_accept(server *s);
/** Takes fd (owned from here) as a new connection from peer; its index,
 *  or -1 when every place is taken. */
int serve_attach(server *s, int fd, const char *peer);
/** Seats (or places as a spectator) connection i as j asks; 0, or -1
 *  after dropping it with the reason. */
int serve_join(server *s, int i, const sapper_net_join *j);
/** Reads what fd i has sent and acts on each complete line. */
void serve_read(server *s, int i);
/** Writes what is queued for i, as much as the socket takes now. */
void serve_flush(server *s, int i);
/** Queues text for i (a client whose queue passes SERVE_OUT_MAX is
 *  dropped). */
void serve_send(server *s, int i, const char *text, size_t n);
void serve_sendf(server *s, int i, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/** Ends connection i (its seat, if any, waits for a reconnect): why goes
 *  to the client first, as `error WHY`, when not NULL. */
void serve_drop(server *s, int i, const char *why);
/** Drops clients whose join line is late. */
void serve_expire(server *s, double now);
/** A line of the server's log on stderr ("sapper serve: ..."), held
 *  until the server's own screen is closed while it is up. */
void serve_log(server *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/** Text for standard output (the result lines), held the same way. */
void serve_print(server *s, const char *text);
/** The server's own terminal as a screen: seat entry (-1: looking on).
 *  0, or -1 after saying why. */
int serve_local_begin(server *s, int entry);
/** Closes the server's own screen and waits (2 s at most) for the
 *  terminal to be put back, then prints what was held. */
void serve_local_end(server *s);

/* serve_game.c */
/** The seat entry e plays in the current game (seats rotate in a series). */
int32_t serve_seat_of(const server *s, int e);
/** Starts the next game when every remote seat is held. */
void serve_maybe_start(server *s, double now);
/** Plays the action of entry e's seat (from a client) and everything that
 *  follows; 0, or -1 with why (the seat then forfeits: reason in word). */
int serve_move(server *s, int e, int64_t action, char *why, size_t whycap);
/** Forfeits by clock or disconnect, and ends the game if it ended. */
void serve_tick(server *s, double now);
/** Ends the game as a forfeit of entry e's seat (reason: a word of
 *  replay's list: disconnect, timeout, protocol, illegal, refused). */
void serve_forfeit(server *s, int e, const char *reason);
/** 1 when entry e's seat owes an action now. */
int serve_owes(const server *s, int e);
/** Tells every client what changed, and ends a finished game. */
void serve_settle(server *s);
/** The game is over (or left unfinished): its result line, its record,
 *  the seats of players gone for good set free. */
void serve_end_game(server *s);

/* serve_lines.c */
/** A lines connection's line. */
void serve_lines_read(server *s, int i, const char *line);
/** Its greeting after the join. */
void serve_lines_begin(server *s, int i);
/** What it should hear now: new moves, its turn, the end. */
void serve_lines_update(server *s, int i);

/* serve_screen.c */
/** Hands the client socket of connection i to a screen process. 0, or -1
 *  (the connection is then dropped with the reason). */
int serve_screen_begin(server *s, int i, const sapper_net_join *j);
void serve_screen_read(server *s, int i, const char *line);
void serve_screen_update(server *s, int i);

#endif
