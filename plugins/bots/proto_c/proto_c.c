/*
 * proto_c.c - the single-number deduction bot as a process bot in C: it
 * speaks the seat protocol (docs/PROTOCOL.md, version 1) on its standard
 * input and output with nothing but libc, for authors who want a process
 * of their own in C rather than a plugin. It plays the mines family
 * (classic, deductive, seeker) as plugins/bots/single_py/single.py does:
 *
 * - a number whose known mines (F, M, *, A, B) equal it: its other hidden
 *   neighbours are safe, revealed; a number equal to its known mines plus
 *   its hidden neighbours: those are mines, flagged (one player) or
 *   revealed, which claims them and keeps the turn (two players, seeker;
 *   with no sure mine it guesses a cell not proven safe, since a safe
 *   reveal only passes the turn). Every sure move goes in one answer.
 * - nothing sure: the middle of an untouched board, else a hidden cell
 *   drawn with splitmix64 seeded with the game's seed (same seed, same
 *   game).
 *
 * Build and try it:
 *
 *     cc -O2 -o proto_c proto_c.c
 *     printf 'sapper 1\n' | ./proto_c
 *
 * Every buffer is fixed (boards up to 1000 x 1000, the engine's limit);
 * nothing is allocated after start-up, so a turn costs one pass over the
 * board. Diagnostics go to standard error, the bot's log; standard output
 * carries only the answers, flushed after each. It does not combine
 * numbers, keep memory between turns or watch the clock.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIDE    1000
#define MAX_CELLS   (MAX_SIDE * MAX_SIDE)
#define LINE_CAP    8192     /* the engine's lines are at most 4096 bytes */
#define MAX_ACTIONS 256      /* per answer */
#define ANSWER_CAP  8192     /* a bot's line, '\n' included */

enum { UNKNOWN = 0, SAFE = 1, MINE = 2 };

typedef struct bot {
    int playing;             /* between `start` and `end` */
    int in_game;             /* between `game` and `end` */
    int width, height;       /* of the last view (0 before one) */
    int rows;                /* row lines read of the current view */
    int players;             /* from the info line, else the seat line */
    uint64_t rng;            /* splitmix64 state, from `seed` */
    int32_t nsafe, nmines;   /* sure cells this turn */
    int32_t safe[MAX_CELLS];
    int32_t mines[MAX_CELLS];
    uint8_t mark[MAX_CELLS]; /* SAFE or MINE for this turn's sure cells */
    char board[MAX_CELLS];   /* the glyphs, row by row */
    char answer[ANSWER_CAP + 1];
} bot;

/* splitmix64 (Steele, Lea and Flood): one 64-bit mix per step. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* A uniform integer in [0, n), n > 0, without modulo bias. */
static int32_t random_below(uint64_t *state, int32_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % (uint64_t)n;
    uint64_t r;
    do
        r = next_random(state);
    while (r >= limit);
    return (int32_t)(r % (uint64_t)n);
}

static void answer(const char *text)
{
    fputs(text, stdout);
    fflush(stdout);
}

static int is_known_mine(char g)
{
    return g == 'F' || g == 'M' || g == '*' || g == 'A' || g == 'B';
}

/* Records cell as sure (SAFE or MINE), once. */
static void add_sure(bot *b, int32_t cell, uint8_t kind)
{
    if (b->mark[cell])
        return;
    b->mark[cell] = kind;
    if (kind == SAFE)
        b->safe[b->nsafe++] = cell;
    else
        b->mines[b->nmines++] = cell;
}

/* What the number at (x, y) alone makes sure of its hidden neighbours. */
static void deduce_cell(bot *b, int x, int y, int number)
{
    int32_t hidden[8];
    int nh = 0, known = 0;
    for (int ny = y - 1; ny <= y + 1; ny++)
        for (int nx = x - 1; nx <= x + 1; nx++) {
            if (nx < 0 || ny < 0 || nx >= b->width || ny >= b->height ||
                (nx == x && ny == y))
                continue;
            int32_t c = ny * b->width + nx;
            if (b->board[c] == '?')
                hidden[nh++] = c;
            else
                known += is_known_mine(b->board[c]);
        }
    if (nh == 0 || (number != known && number != known + nh))
        return;
    for (int i = 0; i < nh; i++)
        add_sure(b, hidden[i], number == known ? SAFE : MINE);
}

/* Every sure cell of the board; returns whether any cell is open. */
static int deduce(bot *b)
{
    int opened = 0;
    for (int y = 0; y < b->height; y++)
        for (int x = 0; x < b->width; x++) {
            char g = b->board[y * b->width + x];
            if (g < '0' || g > '8')
                continue;
            opened = 1;
            deduce_cell(b, x, y, g - '0');
        }
    return opened;
}

/* Appends "verb x y" to the answer: 0, or -1 when it is full. */
static int put_action(bot *b, size_t *len, int *n, const char *verb, int32_t cell)
{
    if (*n >= MAX_ACTIONS)
        return -1;
    int k = snprintf(b->answer + *len, ANSWER_CAP - 1 - *len, "%s%s %d %d",
                     *n ? ";" : "move ", verb, (int)(cell % b->width),
                     (int)(cell / b->width));
    if (k < 0 || (size_t)k >= ANSWER_CAP - 1 - *len)
        return -1;
    *len += (size_t)k;
    (*n)++;
    return 0;
}

/* A hidden cell drawn at random, not a sure-safe one when avoid_safe and
   another is left; -1 when no cell is hidden. */
static int32_t guess(bot *b, int avoid_safe)
{
    int32_t cells = b->width * b->height, n = 0;
    for (int32_t c = 0; c < cells; c++)
        n += b->board[c] == '?' && !(avoid_safe && b->mark[c] == SAFE);
    if (n == 0)
        return avoid_safe ? guess(b, 0) : -1;
    int32_t k = random_below(&b->rng, n);
    for (int32_t c = 0; c < cells; c++)
        if (b->board[c] == '?' && !(avoid_safe && b->mark[c] == SAFE) && k-- == 0)
            return c;
    return -1;
}

/* The answer's actions into b->answer; how many. */
static int plan(bot *b)
{
    size_t len = 0;
    int n = 0;
    int opened = deduce(b);
    int32_t middle = (b->height / 2) * b->width + b->width / 2;
    if (!opened && b->board[middle] == '?') {
        put_action(b, &len, &n, "reveal", middle);
        return n;
    }
    if (b->players >= 2) {
        for (int32_t i = 0; i < b->nmines && put_action(b, &len, &n, "reveal", b->mines[i]) == 0; i++)
            ;
    } else {
        for (int32_t i = 0; i < b->nsafe && put_action(b, &len, &n, "reveal", b->safe[i]) == 0; i++)
            ;
        for (int32_t i = 0; i < b->nmines && put_action(b, &len, &n, "flag", b->mines[i]) == 0; i++)
            ;
    }
    if (n == 0) {
        int32_t c = guess(b, b->players >= 2);
        if (c >= 0)
            put_action(b, &len, &n, "reveal", c);
    }
    return n;
}

static void turn(bot *b)
{
    if (b->width == 0 || b->rows != b->height) {
        fprintf(stderr, "proto_c: `go` without a whole mines view (%d of %d rows)\n",
                b->rows, b->height);
        exit(1);
    }
    int n = plan(b);
    for (int32_t i = 0; i < b->nsafe; i++)
        b->mark[b->safe[i]] = UNKNOWN;
    for (int32_t i = 0; i < b->nmines; i++)
        b->mark[b->mines[i]] = UNKNOWN;
    b->nsafe = b->nmines = 0;
    if (n == 0) {
        fprintf(stderr, "proto_c: no hidden cell to play\n");
        exit(1);
    }
    size_t len = strlen(b->answer);
    b->answer[len] = '\n';
    b->answer[len + 1] = '\0';
    answer(b->answer);
}

/* `view mines W H`: a new view begins. */
static void view_line(bot *b, const char *rest)
{
    int w = 0, h = 0;
    if (sscanf(rest, "mines %d %d", &w, &h) != 2 || w < 1 || h < 1 ||
        w > MAX_SIDE || h > MAX_SIDE) {
        fprintf(stderr, "proto_c: cannot play the view \"%.80s\"\n", rest);
        exit(1);
    }
    b->width = w;
    b->height = h;
    b->rows = 0;
}

static void row_line(bot *b, const char *rest)
{
    size_t n = strlen(rest);
    if (b->rows >= b->height || n != (size_t)b->width) {
        fprintf(stderr, "proto_c: row %d of %d has %zu cells, expected %d\n",
                b->rows + 1, b->height, n, b->width);
        exit(1);
    }
    memcpy(b->board + (size_t)b->rows * (size_t)b->width, rest, n);
    b->rows++;
}

/* `info ... players=P ...`: only the seat count matters here. */
static void info_line(bot *b, const char *rest)
{
    const char *p = strstr(rest, "players=");
    if (p && (p == rest || p[-1] == ' '))
        b->players = atoi(p + 8);
}

static void handshake(void)
{
    answer("id proto_c\n"
           "name Single-number deduction (C process)\n"
           "version 1.0\n"
           "author Sapper developers\n"
           "family mines\n"
           "ready 1\n");
}

/* `game` .. `start`. */
static void header_line(bot *b, const char *word, const char *rest)
{
    if (strcmp(word, "seat") == 0) {
        int seat = 0, players = 0;
        if (sscanf(rest, "%d %d", &seat, &players) == 2)
            b->players = players;
    } else if (strcmp(word, "seed") == 0) {
        b->rng = strtoull(rest, NULL, 10);
    } else if (strcmp(word, "start") == 0) {
        b->playing = 1;
        b->width = b->height = b->rows = 0;
        answer("ok\n");
    }
    /* rules, param, limits: nothing this bot needs */
}

static void game_line(bot *b, const char *word, const char *rest)
{
    if (strcmp(word, "row") == 0)
        row_line(b, rest);
    else if (strcmp(word, "view") == 0)
        view_line(b, rest);
    else if (strcmp(word, "info") == 0)
        info_line(b, rest);
    else if (strcmp(word, "go") == 0)
        turn(b);
    else if (strcmp(word, "end") == 0) {
        b->playing = b->in_game = 0;
        answer("ok\n");
    }
    /* did, legal: not needed */
}

/* One line (without its '\n'); 0 at `quit`. */
static int handle(bot *b, char *line)
{
    char *rest = strchr(line, ' ');
    if (rest)
        *rest++ = '\0';
    else
        rest = line + strlen(line);
    if (strcmp(line, "quit") == 0)
        return 0;
    if (b->playing)
        game_line(b, line, rest);
    else if (b->in_game)
        header_line(b, line, rest);
    else if (strcmp(line, "game") == 0) {
        b->in_game = 1;
        b->players = 1;
        b->rng = 0;
    } else if (strcmp(line, "sapper") == 0)
        handshake();
    else
        fprintf(stderr, "proto_c: ignored \"%.80s\"\n", line);
    return 1;
}

/* Reads one line into buf (cap bytes): its length without "\n" or "\r\n",
   or -1 at the end of input. A longer line is cut, the rest skipped. */
static long read_line(char *buf, size_t cap)
{
    if (!fgets(buf, (int)cap, stdin))
        return -1;
    size_t n = strlen(buf);
    if (n > 0 && buf[n - 1] == '\n')
        buf[--n] = '\0';
    else if (n + 1 == cap) {
        int c;
        while ((c = getchar()) != EOF && c != '\n')
            ;
        fprintf(stderr, "proto_c: a line over %zu bytes was cut\n", cap - 1);
    }
    if (n > 0 && buf[n - 1] == '\r')
        buf[--n] = '\0';
    return (long)n;
}

int main(void)
{
    static bot b;            /* 10 MB of fixed buffers, zeroed, untouched until used */
    static char line[LINE_CAP + 2];
    while (read_line(line, sizeof line) >= 0)
        if (!handle(&b, line))
            break;
    return 0;
}
