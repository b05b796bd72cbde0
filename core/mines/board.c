/*
 * board.c - the shared Minesweeper board: storage, neighbours, uniform mine
 * placement, flood fill and chord (iterative, on a preallocated stack, so a
 * 200x200 board cannot overflow the C stack and a reveal cannot fail), the
 * view header, and the board text format. No game rules, no printing:
 * errors go into the caller's buffer.
 */
#include "board.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fail.h"
#include "textscan.h"

/* ---- storage ------------------------------------------------------- */

/* The arrays live in one block: the int32 stack first (for alignment),
   then mine, state, count, flagged_near and hidden_near. */
static size_t board_bytes(int32_t cells)
{
    return (size_t)cells * (sizeof(int32_t) + 5);
}

static void board_bind(sapper_board *b, void *mem)
{
    b->stack = mem;
    b->mine = (uint8_t *)(b->stack + b->cells);
    b->state = b->mine + b->cells;
    b->count = b->state + b->cells;
    b->flagged_near = b->count + b->cells;
    b->hidden_near = b->flagged_near + b->cells;
}

sapper_status sapper_board_init(sapper_board *b, int32_t width, int32_t height,
                                int32_t mines)
{
    memset(b, 0, sizeof *b);
    if (width < 1 || height < 1 || width > SAPPER_BOARD_MAX_SIDE ||
        height > SAPPER_BOARD_MAX_SIDE || mines < 0 || mines > width * height)
        return SAPPER_ERR_PARAM;
    int32_t cells = width * height;
    void *mem = calloc(1, board_bytes(cells));
    if (!mem)
        return SAPPER_ERR_NOMEM;
    b->width = width;
    b->height = height;
    b->cells = cells;
    b->mines = mines;
    board_bind(b, mem);
    int32_t nb[8];
    for (int32_t c = 0; c < cells; c++)   /* every neighbour starts hidden */
        b->hidden_near[c] = (uint8_t)sapper_board_neighbours_inline(b, c, nb);
    return SAPPER_OK;
}

void sapper_board_free(sapper_board *b)
{
    free(b->stack);
    memset(b, 0, sizeof *b);
}

sapper_status sapper_board_copy(sapper_board *dst, const sapper_board *src)
{
    void *mem = malloc(board_bytes(src->cells));
    if (!mem) {
        memset(dst, 0, sizeof *dst);
        return SAPPER_ERR_NOMEM;
    }
    memcpy(mem, src->stack, board_bytes(src->cells));
    *dst = *src;
    board_bind(dst, mem);
    return SAPPER_OK;
}

/* ---- neighbours and mines ------------------------------------------ */


int32_t sapper_board_neighbours(const sapper_board *b, int32_t cell,
                                int32_t out[8])
{
    return sapper_board_neighbours_inline(b, cell, out);
}

/* Counts the mines and each cell's mined neighbours from b->mine. */
static void board_finish_mines(sapper_board *b)
{
    memset(b->count, 0, (size_t)b->cells);
    b->mines = 0;
    for (int32_t c = 0; c < b->cells; c++) {
        if (!b->mine[c])
            continue;
        int32_t nb[8], n = sapper_board_neighbours_inline(b, c, nb);
        for (int32_t i = 0; i < n; i++)
            b->count[nb[i]]++;
        b->mines++;
    }
    b->placed = 1;
}

sapper_status sapper_board_place_mines(sapper_board *b, sapper_rng *rng,
                                       const int32_t *keep_free, int32_t nkeep)
{
    if (b->placed)
        return SAPPER_ERR_STATE;
    /* Tag the kept cells 2 for a moment, list the others on the stack. */
    for (int32_t i = 0; i < nkeep; i++)
        if (keep_free[i] >= 0 && keep_free[i] < b->cells)
            b->mine[keep_free[i]] = 2;
    int32_t n = 0;
    for (int32_t c = 0; c < b->cells; c++)
        if (!b->mine[c])
            b->stack[n++] = c;
    memset(b->mine, 0, (size_t)b->cells);
    if (b->mines > n)
        return SAPPER_ERR_PARAM;
    /* Partial Fisher-Yates: the first `mines` entries are a uniform
       subset of the allowed cells. */
    for (int32_t i = 0; i < b->mines; i++) {
        int32_t j = i + (int32_t)sapper_rng_below(rng, (uint64_t)(n - i));
        int32_t t = b->stack[i];
        b->stack[i] = b->stack[j];
        b->stack[j] = t;
        b->mine[b->stack[i]] = 1;
    }
    board_finish_mines(b);
    return SAPPER_OK;
}

void sapper_board_set_mines(sapper_board *b, const uint8_t *mine)
{
    for (int32_t c = 0; c < b->cells; c++)
        b->mine[c] = mine[c] != 0;
    board_finish_mines(b);
}

/* ---- moves --------------------------------------------------------- */

/* Every state change goes through here, so the totals and the per-cell
   neighbour counts (what makes a chord legal) are always right. */
static void board_set_state(sapper_board *b, int32_t cell, uint8_t to)
{
    uint8_t from = b->state[cell];
    int hidden = (to == SAPPER_BOARD_HIDDEN) - (from == SAPPER_BOARD_HIDDEN);
    int flagged = (to == SAPPER_BOARD_FLAGGED) - (from == SAPPER_BOARD_FLAGGED);
    b->state[cell] = to;
    b->flags += flagged;
    b->revealed += (to == SAPPER_BOARD_REVEALED) - (from == SAPPER_BOARD_REVEALED);
    int32_t nb[8], n = sapper_board_neighbours_inline(b, cell, nb);
    for (int32_t i = 0; i < n; i++) {
        b->hidden_near[nb[i]] = (uint8_t)(b->hidden_near[nb[i]] + hidden);
        b->flagged_near[nb[i]] = (uint8_t)(b->flagged_near[nb[i]] + flagged);
    }
}

static void board_open(sapper_board *b, int32_t cell)
{
    board_set_state(b, cell, SAPPER_BOARD_REVEALED);
}

/* Opens around a revealed 0 until the region is bordered by numbers. Every
   cell is opened before it is pushed, so the stack never holds more than
   `cells` entries. */
static void board_flood(sapper_board *b, int32_t start)
{
    int32_t top = 0;
    if (b->count[start] == 0)
        b->stack[top++] = start;
    while (top > 0) {
        int32_t nb[8], n = sapper_board_neighbours_inline(b, b->stack[--top], nb);
        for (int32_t i = 0; i < n; i++) {
            int32_t d = nb[i];
            if (b->state[d] != SAPPER_BOARD_HIDDEN || b->mine[d])
                continue;
            board_open(b, d);
            if (b->count[d] == 0)
                b->stack[top++] = d;
        }
    }
}

int sapper_board_reveal(sapper_board *b, int32_t cell)
{
    if (b->state[cell] != SAPPER_BOARD_HIDDEN)
        return 0;
    board_open(b, cell);
    if (b->mine[cell])
        return 1;
    board_flood(b, cell);
    return 0;
}

int32_t sapper_board_chord(sapper_board *b, int32_t cell)
{
    int32_t nb[8], n = sapper_board_neighbours_inline(b, cell, nb), booms = 0;
    for (int32_t i = 0; i < n; i++)
        booms += sapper_board_reveal(b, nb[i]);
    return booms;
}

uint8_t sapper_board_cycle_flag(sapper_board *b, int32_t cell)
{
    switch (b->state[cell]) {
    case SAPPER_BOARD_HIDDEN:
        board_set_state(b, cell, SAPPER_BOARD_FLAGGED);
        break;
    case SAPPER_BOARD_FLAGGED:
        board_set_state(b, cell, SAPPER_BOARD_MARKED);
        break;
    case SAPPER_BOARD_MARKED:
        board_set_state(b, cell, SAPPER_BOARD_HIDDEN);
        break;
    default:
        break;
    }
    return b->state[cell];
}

/* ---- views and text ------------------------------------------------ */

static inline uint8_t code_of(const sapper_board *b, int32_t cell, int show)
{
    int mine = b->placed && b->mine[cell];
    if (mine && show == SAPPER_BOARD_SHOW_WON)
        return b->state[cell] == SAPPER_BOARD_REVEALED ? SAPPER_CELL_MINE
                                                       : SAPPER_CELL_FLAGGED;
    if (mine && show != SAPPER_BOARD_SHOW_PLAYER)
        return SAPPER_CELL_MINE;
    if (show == SAPPER_BOARD_SHOW_ALL && b->placed)
        return b->count[cell];
    switch (b->state[cell]) {
    case SAPPER_BOARD_REVEALED:
        return mine ? SAPPER_CELL_MINE : b->count[cell];
    case SAPPER_BOARD_FLAGGED:
        return SAPPER_CELL_FLAGGED;
    case SAPPER_BOARD_MARKED:
        return SAPPER_CELL_MARKED;
    default:
        return SAPPER_CELL_HIDDEN;
    }
}

uint8_t sapper_board_code(const sapper_board *b, int32_t cell, int show)
{
    return code_of(b, cell, show);
}

/* What the player sees, the common view: a revealed cell shows its count
   or its mine, the others their state. Eight cells to a word, without a
   branch (a whole view is built for every bot answer). */
#define BYTES(x) (UINT64_C(0x0101010101010101) * (x))
#define LOW7 BYTES(0x7f)

static uint64_t load8(const uint8_t *p)
{
    uint64_t x;
    memcpy(&x, p, 8);
    return x;
}

/* 0xff in every byte of x that is 0, else 0x00. */
static uint64_t zero_bytes(uint64_t x)
{
    uint64_t high = ~(((x & LOW7) + LOW7) | x | LOW7);
    return (high >> 7) * 0xff;
}

static uint8_t player_code(const sapper_board *b, int32_t c)
{
    return code_of(b, c, SAPPER_BOARD_SHOW_PLAYER);
}

static int32_t player_codes(const sapper_board *b, uint8_t *out)
{
    int32_t exposed = 0, c = 0, cells = b->cells;
    uint64_t placed = b->placed ? ~UINT64_C(0) : 0;
    for (; c + 8 <= cells; c += 8) {
        uint64_t st = load8(b->state + c) & BYTES(3);
        uint64_t mine = ~zero_bytes(load8(b->mine + c)) & placed;
        uint64_t open = zero_bytes(st ^ BYTES(SAPPER_BOARD_REVEALED));
        uint64_t shown = (load8(b->count + c) & ~mine) |
                         (BYTES(SAPPER_CELL_MINE) & mine);
        /* HIDDEN 0, FLAGGED 2, MARKED 3 -> 9, 10, 11 */
        uint64_t closed = BYTES(SAPPER_CELL_HIDDEN) + st - (~zero_bytes(st) & BYTES(1));
        uint64_t code = (shown & open) | (closed & ~open);
        memcpy(out + c, &code, 8);
        uint64_t mines = zero_bytes(code ^ BYTES(SAPPER_CELL_MINE)) & BYTES(1);
        exposed += (int32_t)((mines * BYTES(1)) >> 56);   /* sum of the bytes */
    }
    for (; c < cells; c++) {
        out[c] = player_code(b, c);
        exposed += out[c] == SAPPER_CELL_MINE;
    }
    return exposed;
}

int32_t sapper_board_codes(const sapper_board *b, int show, uint8_t *out)
{
    int32_t exposed = 0;
    if (show == SAPPER_BOARD_SHOW_PLAYER)
        return player_codes(b, out);
    for (int32_t c = 0; c < b->cells; c++) {
        out[c] = code_of(b, c, show);
        exposed += out[c] == SAPPER_CELL_MINE;
    }
    return exposed;
}

char sapper_board_code_char(uint8_t code)
{
    if (code <= 8)
        return (char)('0' + code);
    switch (code) {
    case SAPPER_CELL_FLAGGED:
        return 'F';
    case SAPPER_CELL_MARKED:
        return 'M';
    case SAPPER_CELL_HIDDEN:
        return '?';
    default:
        return '*'; /* exposed or claimed mine */
    }
}

sapper_mines_view *sapper_board_view_begin(const sapper_board *b, void *out,
                                           size_t cap, int32_t seat,
                                           int32_t to_move, int32_t players,
                                           int64_t moves)
{
    sapper_mines_view *v = out;
    if (cap < sapper_mines_view_size(b->width, b->height))
        return NULL;
    memset(v, 0, sizeof *v);
    v->struct_size = sizeof *v;
    v->width = b->width;
    v->height = b->height;
    v->mines = b->mines;
    v->flags = b->flags;
    v->seat = seat;
    v->to_move = to_move;
    v->players = players;
    v->moves = moves;
    return v;
}

/* Appends c if it fits before the NUL; always counts it. */
static void text_put(char *buf, size_t cap, size_t *pos, char c)
{
    if (*pos + 1 < cap)
        buf[*pos] = c;
    (*pos)++;
}

int64_t sapper_board_write_text(const sapper_board *b, int show, char *buf,
                                size_t cap)
{
    char head[48];
    int n = snprintf(head, sizeof head, "%d %d %d\n", (int)b->width,
                     (int)b->height, (int)b->mines);
    size_t pos = 0;
    for (int i = 0; i < n; i++)
        text_put(buf, cap, &pos, head[i]);
    for (int32_t y = 0; y < b->height; y++) {
        for (int32_t x = 0; x < b->width; x++)
            text_put(buf, cap, &pos,
                     sapper_board_code_char(
                         code_of(b, y * b->width + x, show)));
        text_put(buf, cap, &pos, '\n');
    }
    if (cap > 0)
        buf[pos < cap ? pos : cap - 1] = '\0';
    return (int64_t)pos;
}

/* ---- layout parsing (the scanner is textscan.c's) ------------------ */

static sapper_status parse_row(textscan *c, sapper_board *b, int32_t y)
{
    char fb[24], after[48];
    if (mines_textscan_peek(c) == EOF)
        return mines_textscan_fail(c, c->line, c->col, "expected %d rows of the "
                             "grid, found %d", (int)b->height, (int)y);
    for (int32_t x = 0; x < b->width; x++) {
        int ch = mines_textscan_peek(c);
        if (ch != '*' && ch != '.')
            return mines_textscan_fail(c, c->line, c->col, "expected '*' (mine) or "
                                 "'.' (safe) for cell %d %d, found %s",
                                 (int)x, (int)y,
                                 mines_textscan_found(c, fb, sizeof fb));
        b->mine[y * b->width + x] = ch == '*';
        mines_textscan_advance(c);
    }
    snprintf(after, sizeof after, "%d cells", (int)b->width);
    return mines_textscan_end_line(c, after);
}

static sapper_status parse_grid(textscan *c, sapper_board *b, int mcol)
{
    int32_t announced = b->mines;
    for (int32_t y = 0; y < b->height; y++) {
        sapper_status st = parse_row(c, b, y);
        if (st != SAPPER_OK)
            return st;
    }
    sapper_status st = mines_textscan_trailer(c);
    if (st != SAPPER_OK)
        return st;
    sapper_board_set_mines(b, b->mine);
    if (b->mines != announced)
        return mines_textscan_fail(c, 1, mcol, "expected M = %d (the number of '*' "
                             "in the grid), found %d", (int)b->mines,
                             (int)announced);
    return SAPPER_OK;
}

sapper_status sapper_board_parse_layout(const char *text, size_t len,
                                        const char *name, sapper_board *b,
                                        char *err, size_t errcap)
{
    textscan c = {.text = text, .len = len, .line = 1, .col = 1,
                  .name = name ? name : "layout", .err = err,
                  .errcap = errcap};
    int32_t v[3];
    int col[3];
    memset(b, 0, sizeof *b);
    sapper_status st = mines_textscan_header(&c, v, col);
    if (st != SAPPER_OK)
        return st;
    st = sapper_board_init(b, v[0], v[1], v[2]);
    if (st != SAPPER_OK) {
        if (err && errcap)
            snprintf(err, errcap, "%s: out of memory", c.name);
        return st;
    }
    st = parse_grid(&c, b, col[2]);
    if (st != SAPPER_OK)
        sapper_board_free(b);
    return st;
}

/* The largest layout file: the largest grid with "\r\n" line ends, and
   room for the header and blank lines after the grid. */
#define LAYOUT_MAX_BYTES \
    ((size_t)SAPPER_BOARD_MAX_SIDE * (SAPPER_BOARD_MAX_SIDE + 2) + 65536)

sapper_status sapper_board_load_layout(const char *path, sapper_board *b,
                                       char *err, size_t errcap)
{
    char *text;
    size_t len;
    memset(b, 0, sizeof *b);
    sapper_status st = mines_textscan_read_file(path, "layout file ", LAYOUT_MAX_BYTES,
                                          &text, &len, err, errcap);
    if (st != SAPPER_OK)
        return st;
    st = sapper_board_parse_layout(text, len, path, b, err, errcap);
    free(text);
    return st;
}

sapper_status sapper_board_read_layout(const char *path, int32_t *width,
                                       int32_t *height, int32_t *mines,
                                       uint8_t **mine, char *err,
                                       size_t errcap)
{
    sapper_board b;
    *mine = NULL;
    sapper_status st = sapper_board_load_layout(path, &b, err, errcap);
    if (st != SAPPER_OK)
        return st == SAPPER_ERR_NOMEM ? st : SAPPER_ERR_PARAM;
    *width = b.width;
    *height = b.height;
    *mines = b.mines;
    *mine = malloc((size_t)b.cells);
    if (*mine)
        memcpy(*mine, b.mine, (size_t)b.cells);
    sapper_board_free(&b);
    return *mine ? SAPPER_OK : SAPPER_ERR_NOMEM;
}

sapper_status sapper_board_layout_fixes_size(const sapper_params *p, const char *layout,
                                             const char *const defaults[4], char *err,
                                             size_t errcap)
{
    static const char *const keys[] = {"preset", "width", "height", "mines"};
    for (int i = 0; i < 4; i++) {
        const char *v = sapper_param(p, keys[i]);
        if (v && strcmp(v, defaults[i]) != 0)
            return sapper_mines_fail(err, errcap, SAPPER_ERR_PARAM, "%s = %s "
                        "does not apply to layout %s: the layout fixes the "
                        "size and the mines (drop rules.layout to play "
                        "another size)", keys[i], v, layout);
    }
    return SAPPER_OK;
}
