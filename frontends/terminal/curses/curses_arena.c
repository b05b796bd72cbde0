/*
 * curses_arena.c - the curses face of the arena family (Wood-Sword): the
 * seats in a ring (a list when the terminal is too small for one) with
 * points, shields, prep and alive or out; the round on show (each seat's
 * action, `A -> B (3)` lines for single-target attacks, badges for llamas
 * and missiles, hits, deaths, the end of a match); a menu of the person's
 * legal actions with their costs, verb first, then target, then count;
 * the missile placing (`allocate T` with the missiles left); and a pause
 * after every resolved round: Next Round, Next Match (the eliminating
 * round stays on screen until then), Game Over with the winner or none.
 *
 * It runs its own event loop (play_curses.c hands the arena family to
 * ui_arena_loop) because it keeps state between frames: the language, the
 * pause and the menu's step live in an arena_ui passed down to every
 * function. The bots are stepped one decision at a time so the loop can
 * stop on every resolved round, also when the person is out and watches.
 *
 * Languages (L). The rules' `lang` parameter is fixed when a game is
 * created and the rules' own strings (refusals, render_text) follow it.
 * The verbs' names come from the rules (action_label, ABI 1.2); the rest
 * of what this file draws comes from its own two-language table below:
 * labels, headings and captions. L flips that
 * table AND keeps the rules in step without losing the position: it sets
 * rules.lang to the other language in the setup (and in the config, so a
 * restart keeps it), starts a fresh match from the same setup and game
 * seed, and replays the recorded moves with sapper_match_play, as replay
 * files are re-executed. The bots of the new match restart from their
 * seeds and are told the history, exactly as after an undo, so choices
 * they had made in secret for the current round are drawn again. An
 * arena ruleset without a `lang` parameter gets only this file's words
 * flipped.
 *
 * Keys: up/down/j/k and enter/space (or a click) walk the menu, backspace/
 * left/h go back a step; after a round enter/space/n go on and f goes on
 * without stopping until the person must act; L language, u undo, r
 * restart, ?/H/F1 help, q quit. Where the missiles of a resolved round
 * went is read back from the match's history (the view keeps only what
 * each seat took).
 *
 * Not here: the rules (the view and the legal list are the truth, nothing
 * is decided here), the terminal's setup, the result line and the exit
 * status (play_curses.c), the line protocol (play_line.c prints the rules'
 * render_text).
 */
#include "curses_ui.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <wchar.h>

#include "sapper/arena.h"

/* ------------------------------------------------------------------ */
/* Words.                                                              */
/* ------------------------------------------------------------------ */

enum { LANG_EN, LANG_ZH, LANGS };

/* Both languages of a format take the same arguments in the same order. */
enum arena_word {
    W_TITLE, W_SEED, W_YOU, W_STATS, W_PREP, W_OUT, W_DIED, W_DUEL,
    W_LLAMA_BADGE, W_MISSILE_BADGE, W_ATTACK, W_LLAMA_LINE, W_MISSILE_LINE,
    W_LEFT, W_HIT, W_BROKEN, W_DIED_SUFFIX, W_ELIMINATED, W_REVEALED, W_LAST,
    W_NOTHING_YET, W_MATCH_OVER, W_NEXT_ROUND, W_NEXT_MATCH, W_GAME_OVER,
    W_WINS, W_YOU_WIN, W_NO_WINNER, W_ROUND_LIMIT, W_PRESS_ENTER,
    W_AFTER_GAME, W_YOUR_MOVE, W_PICK_TARGET, W_PICK_COUNT, W_PLACE,
    W_PLACING, W_WATCHING, W_WAITING, W_COST, W_COST_EACH, W_COST_MISSILE,
    W_DAMAGE, W_DAMAGE_EACH, W_BLOCKS, W_GAIN, W_LLAMA_EFFECT, W_SHIELD_PLUS,
    W_PREP_PLUS, W_ON_IT, W_MORE, W_SEAT, W_HINT_MENU, W_HINT_PAUSE,
    W_HINT_OVER, W_HELP_TITLE, W_HELP, W_HELP_BACK, W_LANGUAGE,
    W_NOTHING_TO_UNDO, W_UNDONE, W_UNKNOWN_KEY, W_NO_SWITCH, W_NOT_NOW,
    W_SECRET, W_VERB_LIST,
    W_COUNT
};

static const char *const words[LANGS][W_COUNT] = {
    [LANG_EN] = {
        [W_TITLE] = "Wood-Sword - match %d, round %d - %d of %d seats alive",
        [W_SEED] = "seed %llu",
        [W_YOU] = "you",
        [W_STATS] = "pts %s sh %d",
        [W_PREP] = "prep",
        [W_OUT] = "out in match %d",
        [W_DIED] = "DIED",
        [W_DUEL] = " [duel]",
        [W_LLAMA_BADGE] = "[LLAMA]",
        [W_MISSILE_BADGE] = "[MISSILE x%d]",
        [W_ATTACK] = "%d -> %d (%s)  %s",
        [W_LLAMA_LINE] = "%d %s 0.5 -> every other seat",
        [W_MISSILE_LINE] = "%d %s",
        [W_LEFT] = " (%d to place)",
        [W_HIT] = "%d took %s, overflow %s",
        [W_BROKEN] = ", %d shield(s) broken",
        [W_DIED_SUFFIX] = ", DIED",
        [W_ELIMINATED] = "Eliminated: %s",
        [W_REVEALED] = "Revealed: match %d, round %d",
        [W_LAST] = "Last round: match %d, round %d",
        [W_NOTHING_YET] = "No round has been played yet.",
        [W_MATCH_OVER] = "Match %d is over. Match %d starts from 0 points.",
        [W_NEXT_ROUND] = "Next Round",
        [W_NEXT_MATCH] = "Next Match",
        [W_GAME_OVER] = "Game Over",
        [W_WINS] = "seat %d (%s) wins",
        [W_YOU_WIN] = "you win!",
        [W_NO_WINNER] = "no winner: everyone left died together",
        [W_ROUND_LIMIT] = "no winner: the %d-round limit",
        [W_PRESS_ENTER] = "Enter or space: %s",
        [W_AFTER_GAME] = "r: a new game   q: quit",
        [W_YOUR_MOVE] = "Your move, seat %d (points %s):",
        [W_PICK_TARGET] = "%s: which seat?",
        [W_PICK_COUNT] = "%s: how many?",
        [W_PLACE] = "Place missile %d of %d (%d left): allocate T",
        [W_PLACING] = "Seat %d places its missiles: %d left",
        [W_WATCHING] = "You are out; the bots play on.",
        [W_WAITING] = "Waiting for the other seats.",
        [W_COST] = "cost %s",
        [W_COST_EACH] = "cost %s each",
        [W_COST_MISSILE] = "cost X+1",
        [W_DAMAGE] = "damage %s",
        [W_DAMAGE_EACH] = "%s damage each",
        [W_BLOCKS] = "blocks %s~%s",
        [W_GAIN] = "+1 point",
        [W_LLAMA_EFFECT] = "0.5 to every other seat",
        [W_SHIELD_PLUS] = ", +1 shield",
        [W_PREP_PLUS] = ", next hit +1",
        [W_ON_IT] = "%d on it",
        [W_MORE] = "... %d more",
        [W_SEAT] = "seat %d",
        [W_HINT_MENU] = "up/down  enter pick  bksp back  L 中文  u undo  "
                        "r restart  ? help  q quit",
        [W_HINT_PAUSE] = "enter/space go on  f fast  L 中文  u undo  r restart  ? help  "
                         "q quit",
        [W_HINT_OVER] = "L 中文  u undo  r restart  ? help  q quit",
        [W_HELP_TITLE] = "Wood-Sword: keys",
        [W_HELP] = "up, down, j, k   move through the menu\n"
                   "enter, space     pick the entry: an action, or its targets\n"
                   "backspace, left  back to the previous step of the menu\n"
                   "left click       pick the clicked entry\n"
                   "enter, space, n  after a round: Next Round / Next Match\n"
                   "f                after a round: no more stops until your move\n"
                   "L                English / 中文 (the game is kept)\n"
                   "u                undo your last action\n"
                   "r                restart: a new game, same settings\n"
                   "?, H, F1         this help\n"
                   "q                quit",
        [W_HELP_BACK] = "press any key to go back to the game",
        [W_LANGUAGE] = "English",
        [W_NOTHING_TO_UNDO] = "nothing to undo",
        [W_UNDONE] = "your last action was taken back",
        [W_UNKNOWN_KEY] = "unknown key; press ? for help",
        [W_NO_SWITCH] = "cannot switch the language: %s",
        [W_NOT_NOW] = "no action of yours is expected now",
        [W_SECRET] = "Pick your action in secret: every seat's is revealed together.",
        [W_VERB_LIST] = "%s: %s",
    },
    [LANG_ZH] = {
        [W_TITLE] = "木剑 - 第 %d 场，第 %d 回合 - %d/%d 人存活",
        [W_SEED] = "种子 %llu",
        [W_YOU] = "你",
        [W_STATS] = "点气 %s 护盾 %d",
        [W_PREP] = "蓄力",
        [W_OUT] = "第 %d 场被淘汰",
        [W_DIED] = "死亡",
        [W_DUEL] = " [对攻]",
        [W_LLAMA_BADGE] = "[羊驼]",
        [W_MISSILE_BADGE] = "[导弹 x%d]",
        [W_ATTACK] = "%d -> %d (%s)  %s",
        [W_LLAMA_LINE] = "%d %s 对其他所有人各 0.5",
        [W_MISSILE_LINE] = "%d %s",
        [W_LEFT] = "（待分配 %d 枚）",
        [W_HIT] = "%d 受到 %s，溢出 %s",
        [W_BROKEN] = "，破盾 %d",
        [W_DIED_SUFFIX] = "，死亡",
        [W_ELIMINATED] = "淘汰：%s",
        [W_REVEALED] = "已公开：第 %d 场，第 %d 回合",
        [W_LAST] = "上一回合：第 %d 场，第 %d 回合",
        [W_NOTHING_YET] = "还没有已结算的回合。",
        [W_MATCH_OVER] = "第 %d 场结束。第 %d 场从 0 点气开始。",
        [W_NEXT_ROUND] = "下一回合",
        [W_NEXT_MATCH] = "下一场",
        [W_GAME_OVER] = "游戏结束",
        [W_WINS] = "座位 %d（%s）获胜",
        [W_YOU_WIN] = "你赢了！",
        [W_NO_WINNER] = "无人获胜：剩余玩家同时死亡",
        [W_ROUND_LIMIT] = "无人获胜：已达 %d 回合上限",
        [W_PRESS_ENTER] = "回车或空格：%s",
        [W_AFTER_GAME] = "r：新游戏   q：退出",
        [W_YOUR_MOVE] = "轮到你了，座位 %d（点气 %s）：",
        [W_PICK_TARGET] = "%s：选择目标座位",
        [W_PICK_COUNT] = "%s：选择数量",
        [W_PLACE] = "分配第 %d 枚导弹（共 %d 枚，剩 %d 枚）：allocate T",
        [W_PLACING] = "座位 %d 正在分配导弹：剩 %d 枚",
        [W_WATCHING] = "你已出局；机器人继续对局。",
        [W_WAITING] = "等待其他座位。",
        [W_COST] = "消耗 %s",
        [W_COST_EACH] = "每个消耗 %s",
        [W_COST_MISSILE] = "消耗 X+1",
        [W_DAMAGE] = "伤害 %s",
        [W_DAMAGE_EACH] = "每个伤害 %s",
        [W_BLOCKS] = "格挡 %s~%s",
        [W_GAIN] = "+1 点气",
        [W_LLAMA_EFFECT] = "对其他所有人各 0.5",
        [W_SHIELD_PLUS] = "，护盾 +1",
        [W_PREP_PLUS] = "，下一击 +1",
        [W_ON_IT] = "已有 %d 枚",
        [W_MORE] = "……还有 %d 行",
        [W_SEAT] = "座位 %d",
        [W_HINT_MENU] = "上下 选择  回车 确定  退格 返回  L English  u 悔棋  "
                        "r 重新开始  ? 帮助  q 退出",
        [W_HINT_PAUSE] = "回车/空格 继续  f 快进  L English  u 悔棋  r 重新开始  ? 帮助  "
                         "q 退出",
        [W_HINT_OVER] = "L English  u 悔棋  r 重新开始  ? 帮助  q 退出",
        [W_HELP_TITLE] = "木剑：按键",
        [W_HELP] = "上、下、j、k     在菜单中移动\n"
                   "回车、空格       选择：行动，或它的目标\n"
                   "退格、左         返回菜单上一步\n"
                   "鼠标左键         选择点击的项\n"
                   "回车、空格、n    回合结束后：下一回合 / 下一场\n"
                   "f                回合结束后：不再停顿，直到轮到你\n"
                   "L                English / 中文（保留当前对局）\n"
                   "u                撤回你上一次的行动\n"
                   "r                重新开始：同样设置的新游戏\n"
                   "?, H, F1         本帮助\n"
                   "q                退出",
        [W_HELP_BACK] = "按任意键返回游戏",
        [W_LANGUAGE] = "中文",
        [W_NOTHING_TO_UNDO] = "没有可撤回的行动",
        [W_UNDONE] = "已撤回你上一次的行动",
        [W_UNKNOWN_KEY] = "未知按键；按 ? 查看帮助",
        [W_NO_SWITCH] = "无法切换语言：%s",
        [W_NOT_NOW] = "现在不需要你行动",
        [W_SECRET] = "秘密选择你的行动：所有座位的行动同时公开。",
        [W_VERB_LIST] = "%s：%s",
    },
};

/* ------------------------------------------------------------------ */
/* The arena's state between frames.                                   */
/* ------------------------------------------------------------------ */

enum { STEP_VERB, STEP_TARGET, STEP_COUNT };

#define MENU_MAX 80       /* entries of one menu step: at most 64 targets */
#define PANEL_MAX 200     /* lines of the round on show                    */
#define LINE_MAX 256
#define BOX_W 22          /* a seat in the ring: 3 rows of BOX_W columns   */
#define BOX_H 3
#define LIST_W 50         /* a seat in the list: one row                    */
#define MIN_BOTTOM 9      /* rows kept for the round and the menu           */

typedef struct entry {
    int64_t action;         /* what picking it plays, or -1: the next step  */
    int32_t verb, target, count;
    char label[LINE_MAX];
    char detail[LINE_MAX];
} entry;

typedef struct panel {
    char text[PANEL_MAX][LINE_MAX];
    attr_t attr[PANEL_MAX];
    int n;
} panel;

typedef struct arena_ui {
    ui *u;
    int lang;               /* LANG_*, as the rules' lang parameter         */
    char verb_names[LANGS][SAPPER_ARENA_VERBS][48];   /* from the rules, "" until asked */
    int32_t me;             /* the viewer: the person's seat or omniscient  */
    int pause;              /* a resolved round is on show until a key      */
    int help;               /* the help page is up                          */
    int32_t seen_rounds;    /* rounds_played when the bots last stopped     */
    int step;               /* STEP_*: where the menu is                    */
    int32_t verb, target;   /* chosen so far in the menu                    */
    int sel;                /* selected entry                               */
    int menu_y, menu_rows, menu_first, menu_n;   /* last drawn, for clicks  */
    unsigned char *view;    /* copy of the viewer's view (owned)            */
    size_t view_size, view_cap;
    int64_t *legal;         /* copy of the person's legal actions (owned)   */
    size_t nlegal, legal_cap;
    entry menu[MENU_MAX];   /* scratch: the menu step, rebuilt when used    */
    panel shown;            /* scratch: the round on show, rebuilt per frame */
} arena_ui;


static const char *word(const arena_ui *au, enum arena_word w)
{
    return words[au->lang][w];
}

/* A verb's name in the language on screen, from the rules (their
   action_label; their text form when they have no words for it), kept
   for the next frame. */
static const char *verb_name(const arena_ui *au, int32_t verb)
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
static const char *half(char *buf, int32_t h)
{
    int32_t a = h < 0 ? -h : h;
    snprintf(buf, 16, "%s%d%s", h < 0 ? "-" : "", (int)(a / 2), a % 2 ? ".5" : "");
    return buf;
}

/* vsnprintf of a word into buf (cap bytes). */
static void say(const arena_ui *au, char *buf, size_t cap, enum arena_word w, ...)
{
    va_list ap;
    va_start(ap, w);
    vsnprintf(buf, cap, word(au, w), ap);
    va_end(ap);
}

/* Appends printf output to buf, which holds a string of cap bytes. */
static void append(char *buf, size_t cap, const char *fmt, ...)
{
    size_t len = strlen(buf);
    if (len + 1 >= cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + len, cap - len, fmt, ap);
    va_end(ap);
}

static const sapper_arena_view *view_of(const arena_ui *au)
{
    return (const sapper_arena_view *)au->view;
}

/* Seat i of the copied view; the view was checked when copied. */
static const sapper_arena_seat *seat_of(const arena_ui *au, int32_t i)
{
    return sapper_arena_view_seat(au->view, au->view_size, i);
}

/* What verb costs, deals and blocks in the game on screen: the terms its
   view states (sapper/arena.h family version 3), in half units. */
static sapper_arena_terms terms_of(const arena_ui *au, int32_t verb)
{
    sapper_arena_terms t;
    sapper_arena_view_terms(au->view, au->view_size, verb, &t);   /* zeros if none */
    return t;
}

static int32_t cost_of(const arena_ui *au, int32_t verb, int32_t count)
{
    sapper_arena_terms t = terms_of(au, verb);
    return sapper_arena_terms_cost(&t, count);
}

static int32_t damage_of(const arena_ui *au, int32_t verb, int32_t count, int32_t prep)
{
    sapper_arena_terms t = terms_of(au, verb);
    int32_t bonus = prep && sapper_arena_is_attack(verb)
        ? sapper_arena_view_prep_bonus(au->view, au->view_size) : 0;
    return sapper_arena_terms_damage(&t, count, bonus);
}

static const char *seat_name(const arena_ui *au, int32_t i)
{
    return au->u->a->setup.seats[i].name;
}

/* ------------------------------------------------------------------ */
/* Text of a given display width (UTF-8: Chinese takes two columns).   */
/* ------------------------------------------------------------------ */

/* Bytes of s that fit in width columns (all of it when it fits); *used
   gets the columns they take. */
static size_t fit(const char *s, int width, int *used)
{
    mbstate_t st;
    memset(&st, 0, sizeof st);
    size_t len = strlen(s), at = 0;
    int w = 0;
    while (at < len) {
        wchar_t wc;
        size_t n = mbrtowc(&wc, s + at, len - at, &st);
        int cw = 1;
        if (n == (size_t)-1 || n == (size_t)-2) {   /* not UTF-8: a byte */
            memset(&st, 0, sizeof st);
            n = 1;
        } else {
            cw = wcwidth(wc) < 0 ? 0 : wcwidth(wc);
        }
        if (w + cw > width)
            break;
        w += cw;
        at += n;
    }
    if (used)
        *used = w;
    return at;
}

static int text_width(const char *s)
{
    int w = 0;
    fit(s, 1 << 20, &w);
    return w;
}

/* Writes text at (y, x) in at most width columns, never off the screen;
   returns the columns written. */
static int put(int y, int x, int width, attr_t attr, const char *text)
{
    if (y < 0 || y >= LINES || x < 0 || x >= COLS || width <= 0)
        return 0;
    if (width > COLS - x)
        width = COLS - x;
    int used = 0;
    size_t n = fit(text, width, &used);
    attrset((int)attr);
    mvaddnstr(y, x, text, (int)n);
    attrset(A_NORMAL);
    return used;
}

/* ------------------------------------------------------------------ */
/* The match: copies of the view and the legal list, bots, moves.      */
/* ------------------------------------------------------------------ */

/* The rules' `lang` parameter, or NULL when they take none. */
static const char *lang_param(const app *a)
{
    const sapper_param_set *p = &a->setup.rules_params;
    for (uint32_t i = 0; i < p->count; i++)
        if (strcmp(p->items[i].key, "lang") == 0)
            return p->items[i].value;
    return NULL;
}

static int lang_of(const app *a)
{
    const char *lang = lang_param(a);
    return lang && strcmp(lang, "zh") == 0 ? LANG_ZH : LANG_EN;
}

/* Copies bytes bytes of src into *buf (of *cap bytes), growing it; 0
   when out of memory. */
static int copy_into(void **buf, size_t *cap, const void *src, size_t bytes)
{
    if (bytes > *cap) {
        void *grown = realloc(*buf, bytes);
        if (!grown)
            return 0;
        *buf = grown;
        *cap = bytes;
    }
    if (bytes)
        memcpy(*buf, src, bytes);
    return 1;
}

/* Takes this frame's view and legal list from the match (both are only
   valid until the next call on it); 0 when the view is unusable. */
static int take_view(arena_ui *au)
{
    sapper_match *m = au->u->a->match;
    size_t size = 0, n = 0;
    const void *v = sapper_match_view(m, au->me, &size);
    if (!v || !copy_into((void **)&au->view, &au->view_cap, v, size))
        return 0;
    au->view_size = size;
    int32_t actor = ui_actor(au->u);
    const int64_t *legal = actor >= 0 ? sapper_match_legal(m, actor, &n) : NULL;
    size_t bytes = legal ? n * sizeof *legal : 0;
    au->nlegal = copy_into((void **)&au->legal, &au->legal_cap, legal, bytes) ? n : 0;
    return seat_of(au, 0) != NULL;
}

static int32_t rounds_played(arena_ui *au)
{
    size_t size = 0;
    const sapper_arena_view *v = sapper_match_view(au->u->a->match, au->me, &size);
    return v && size >= sizeof *v ? v->rounds_played : 0;
}

static void reset_menu(arena_ui *au)
{
    au->step = STEP_VERB;
    au->verb = au->target = -1;
    au->sel = 0;
}

/* Stops the clock when the game is over; says why when a fault ended it. */
static void note_end(arena_ui *au)
{
    ui *u = au->u;
    if (sapper_match_to_move(u->a->match) != SAPPER_TERMINAL) {
        u->ended = 0;
        return;
    }
    au->pause = 1;   /* the last round (or the fault) stays on screen */
    if (u->ended == 0)
        u->ended = app_now();
    const sapper_fault *f = sapper_match_fault(u->a->match);
    if (f)
        ui_message(u, 1, "game over: %s", f->detail);
}

/* A round resolved since the bots last stopped: show it. */
static void check_round(arena_ui *au)
{
    int32_t played = rounds_played(au);
    if (played == au->seen_rounds)
        return;
    au->seen_rounds = played;
    au->pause = 1;
    reset_menu(au);
}

/* Lets the bots decide one at a time until the person owes an action, the
   game ends or a round resolves (which then stays on screen). */
static void run_bots(arena_ui *au)
{
    while (!au->pause && sapper_match_advance_one(au->u->a->match))
        check_round(au);
    note_end(au);
}

/* Plays the person's action, then lets the bots go on. */
static void play(arena_ui *au, int64_t action)
{
    ui *u = au->u;
    int32_t seat = ui_actor(u);
    char err[512];
    if (seat < 0) {
        ui_message(u, 1, "%s", word(au, W_NOT_NOW));
        return;
    }
    if (sapper_match_play(u->a->match, seat, action, err, sizeof err) != SAPPER_OK) {
        ui_message(u, 1, "%s", err);
        return;
    }
    if (u->first_move == 0)
        u->first_move = app_now();
    ui_message(u, 0, "%s", "");
    reset_menu(au);
    check_round(au);
    run_bots(au);
}

/* After a restart, an undo or a language switch: nothing on show. */
static void settle(arena_ui *au)
{
    au->pause = 0;
    au->seen_rounds = rounds_played(au);
    reset_menu(au);
    run_bots(au);
}

static void restart(arena_ui *au)
{
    if (ui_new_match(au->u))
        return;   /* no game: the loop ends with the reason */
    settle(au);
}

static void undo(arena_ui *au)
{
    ui *u = au->u;
    if (sapper_match_undo(u->a->match) != SAPPER_OK) {
        ui_message(u, 1, "%s", word(au, W_NOTHING_TO_UNDO));
        return;
    }
    ui_message(u, 0, "%s", word(au, W_UNDONE));
    if (sapper_match_move_count(u->a->match) == 0)
        u->first_move = 0;
    settle(au);
}

/* ------------------------------------------------------------------ */
/* L: the other language, same position.                               */
/* ------------------------------------------------------------------ */

/* A fresh match of a's setup with this seed, the moves replayed; NULL
   with the reason in err when it cannot be made or the moves do not all
   apply. */
static sapper_match *replayed(app *a, uint64_t seed, const sapper_move *moves,
                              size_t n, char *err, size_t errcap)
{
    sapper_match *m = sapper_match_new(&a->setup, seed, SAPPER_MATCH_UNDO, err, errcap);
    for (size_t i = 0; m && i < n; i++) {
        if (sapper_match_play(m, moves[i].seat, moves[i].action, err, errcap) != SAPPER_OK) {
            sapper_match_free(m);
            m = NULL;
        }
    }
    if (m && sapper_match_move_count(m) != n) {
        snprintf(err, errcap, "the replay stopped after %zu of %zu moves",
                 sapper_match_move_count(m), n);
        sapper_match_free(m);
        m = NULL;
    }
    return m;
}

/* The history of the current match (owned by the caller), or NULL. */
static sapper_move *history(sapper_match *m, size_t *n)
{
    *n = sapper_match_move_count(m);
    sapper_move *moves = malloc((*n ? *n : 1) * sizeof *moves);
    for (size_t i = 0; moves && i < *n; i++)
        moves[i] = *sapper_match_move(m, i);
    return moves;
}

static void switch_language(arena_ui *au)
{
    app *a = au->u->a;
    const char *from = au->lang == LANG_ZH ? "zh" : "en";
    const char *to = au->lang == LANG_ZH ? "en" : "zh";
    char err[1024] = "out of memory";
    size_t n = 0;
    if (!lang_param(a)) {   /* an arena ruleset with one language: ours flip */
        au->lang = au->lang == LANG_ZH ? LANG_EN : LANG_ZH;
        ui_message(au->u, 0, "%s", word(au, W_LANGUAGE));
        return;
    }
    if (sapper_match_fault(a->match)) {   /* a fault is not in the moves */
        ui_message(au->u, 1, word(au, W_NO_SWITCH), "the game ended on a fault");
        return;
    }
    sapper_move *moves = history(a->match, &n);
    sapper_match *m = NULL;
    if (moves && sapper_param_set_put(&a->setup.rules_params, "lang", to) == SAPPER_OK) {
        m = replayed(a, sapper_match_seed(a->match), moves, n, err, sizeof err);
        if (!m)
            sapper_param_set_put(&a->setup.rules_params, "lang", from);
    }
    free(moves);
    if (!m) {
        ui_message(au->u, 1, word(au, W_NO_SWITCH), err);
        return;
    }
    sapper_match_free(a->match);
    a->match = m;
    sapper_config_set(&a->cfg, "rules", "lang", to, "the L key", 0);
    au->lang = lang_of(a);
    int paused = au->pause;
    reset_menu(au);
    au->seen_rounds = rounds_played(au);
    ui_message(au->u, 0, "%s", word(au, W_LANGUAGE));
    au->pause = paused;   /* a round on show stays on show */
    note_end(au);
}

/* ------------------------------------------------------------------ */
/* One seat as three short texts: who, its state, its action on show.  */
/* ------------------------------------------------------------------ */

typedef struct seat_text {
    char who[96], state[96], act[96];
    attr_t who_attr, state_attr, act_attr;
} seat_text;

/* The round on show: the one being placed (ALLOCATE), else the last. */
static int showing_current(const arena_ui *au)
{
    return view_of(au)->phase == SAPPER_ARENA_PHASE_ALLOCATE;
}

/* Short form of an action: "wood_sword -> 5 (1)", "[LLAMA]". */
static void action_short(const arena_ui *au, int64_t action, int32_t damage,
                         char *buf, size_t cap)
{
    int32_t verb, target, count;
    char d[16];
    buf[0] = '\0';
    if (action == SAPPER_NO_ACTION || !sapper_arena_decode(action, &verb, &target, &count))
        return;
    if (verb == SAPPER_ARENA_LLAMA)
        snprintf(buf, cap, "%s", word(au, W_LLAMA_BADGE));
    else if (verb == SAPPER_ARENA_MISSILE)
        say(au, buf, cap, W_MISSILE_BADGE, (int)count);
    else if (sapper_arena_is_attack(verb) && count > 1)
        snprintf(buf, cap, "%s x%d -> %d (%s)", verb_name(au, verb), (int)count,
                 (int)target + 1, half(d, damage));
    else if (sapper_arena_is_attack(verb))
        snprintf(buf, cap, "%s -> %d (%s)", verb_name(au, verb), (int)target + 1,
                 half(d, damage));
    else
        snprintf(buf, cap, "%s", verb_name(au, verb));
}

static attr_t action_attr(const arena_ui *au, int64_t action)
{
    int32_t verb;
    if (!sapper_arena_decode(action, &verb, NULL, NULL))
        return A_NORMAL;
    if (verb == SAPPER_ARENA_LLAMA || verb == SAPPER_ARENA_MISSILE)
        return ui_attr(au->u, UI_PAIR_MARK, A_BOLD);
    return sapper_arena_is_attack(verb) ? ui_attr(au->u, UI_PAIR_SEAT0, A_NORMAL)
                                        : A_NORMAL;
}

static void seat_state(const arena_ui *au, const sapper_arena_seat *p, seat_text *t)
{
    char pts[16];
    /* While a resolved round is on show its seats are as it left them,
       before a match reset; its dead are marked until the pause ends. */
    int report = au->pause && !showing_current(au) && p->last_action != SAPPER_NO_ACTION;
    int died = report && p->last_died;
    int32_t points = report ? p->last_points : p->points;
    int32_t shields = report ? p->last_shields : p->shields;
    t->state_attr = A_NORMAL;
    if (!p->alive && !died) {
        say(au, t->state, sizeof t->state, W_OUT, (int)p->out_match);
        t->state_attr = A_DIM;
        return;
    }
    say(au, t->state, sizeof t->state, W_STATS, half(pts, points), (int)shields);
    if (p->prep && p->alive)
        append(t->state, sizeof t->state, " %s", word(au, W_PREP));
    if (died) {
        append(t->state, sizeof t->state, " %s", word(au, W_DIED));
        t->state_attr = ui_attr(au->u, UI_PAIR_ERROR, A_BOLD);
    }
}

static void seat_texts(const arena_ui *au, int32_t i, seat_text *t)
{
    const sapper_arena_seat *p = seat_of(au, i);
    int default_name = strcmp(seat_name(au, i), "you") == 0;
    snprintf(t->who, sizeof t->who, "%d %s", (int)i + 1,
             i == au->me && default_name ? word(au, W_YOU) : seat_name(au, i));
    if (i == au->me && !default_name)
        append(t->who, sizeof t->who, " (%s)", word(au, W_YOU));
    t->who_attr = A_BOLD | (i == au->me ? ui_attr(au->u, UI_PAIR_WIN, 0) : 0);
    if (!p->alive && p->last_action == SAPPER_NO_ACTION)
        t->who_attr = A_DIM;
    seat_state(au, p, t);
    int64_t action = showing_current(au) ? p->choice : p->last_action;
    int32_t verb = 0, count = 1;
    sapper_arena_decode(action, &verb, NULL, &count);
    int32_t damage = showing_current(au) ? damage_of(au, verb, count, p->prep)
                                         : p->last_damage;
    action_short(au, showing_current(au) && !p->alive ? SAPPER_NO_ACTION : action,
                 damage, t->act, sizeof t->act);
    t->act_attr = action_attr(au, action);
}

/* ------------------------------------------------------------------ */
/* The seats: a ring when it fits, else a list in columns.             */
/* ------------------------------------------------------------------ */

typedef struct arena_layout {
    int ring;               /* 1: boxes on an ellipse; 0: a list         */
    int top, rows;          /* rows the seats take                       */
    int cols;               /* list: columns of LIST_W                   */
    int x[SAPPER_ARENA_MAX_SEATS], y[SAPPER_ARENA_MAX_SEATS];
} arena_layout;

/* Boxes apart by a column or a row? */
static int boxes_apart(const arena_layout *l, int i, int j)
{
    return l->x[i] + BOX_W + 1 <= l->x[j] || l->x[j] + BOX_W + 1 <= l->x[i] ||
           l->y[i] + BOX_H <= l->y[j] || l->y[j] + BOX_H <= l->y[i];
}

/* Places n boxes on an ellipse of radii rx, ry, the viewer at the bottom
   and the others clockwise; 1 when no two boxes touch. */
static int place_ring(arena_layout *l, int32_t n, int32_t me, int rx, int ry)
{
    const double pi = 3.14159265358979323846;
    int cx = COLS / 2, cy = l->top + ry;
    for (int32_t i = 0; i < n; i++) {
        double a = pi + 2 * pi * (double)(i - (me >= 0 ? me : 0)) / n;
        l->x[i] = cx + (int)lround(rx * sin(a)) - BOX_W / 2;
        l->y[i] = cy - (int)lround(ry * cos(a));
        if (l->x[i] < 0 || l->x[i] + BOX_W > COLS)
            return 0;
    }
    for (int32_t i = 0; i < n; i++)
        for (int32_t j = i + 1; j < n; j++)
            if (!boxes_apart(l, i, j))
                return 0;
    return 1;
}

/* The lowest ring that fits in max_rows: first one that looks round on a
   terminal (cells twice as high as wide), else as wide as the screen. */
static int fit_ring(arena_layout *l, int32_t n, int32_t me, int max_rows)
{
    int widest = (COLS - BOX_W) / 2 - 1;
    for (int wide = 0; wide < 2; wide++) {
        for (int ry = 1; 2 * ry + BOX_H <= max_rows; ry++) {
            int round = (int)(2.6 * ry) + BOX_W;
            int rx = wide || round > widest ? widest : round;
            if (rx > 0 && place_ring(l, n, me, rx, ry)) {
                l->rows = 2 * ry + BOX_H;
                return 1;
            }
        }
    }
    return 0;
}

static arena_layout layout_seats(const arena_ui *au, int top)
{
    arena_layout l = {.top = top};
    int32_t n = view_of(au)->players;
    int max_rows = LINES - top - 4 - MIN_BOTTOM;   /* a gap, the bottom, a blank, the footer */
    l.ring = fit_ring(&l, n, au->me, max_rows);
    if (l.ring)
        return l;
    l.cols = COLS / LIST_W > 0 ? COLS / LIST_W : 1;
    l.rows = (n + l.cols - 1) / l.cols;
    if (l.rows > max_rows)
        l.rows = max_rows > 1 ? max_rows : 1;
    return l;
}

static void draw_box(const arena_ui *au, int32_t i, int x, int y)
{
    seat_text t;
    seat_texts(au, i, &t);
    put(y, x, BOX_W, t.who_attr, t.who);
    put(y + 1, x + 1, BOX_W - 1, t.state_attr, t.state);
    put(y + 2, x + 1, BOX_W - 1, t.act_attr, t.act);
}

/* One list row: who, state and action in fixed columns. */
static void draw_row(const arena_ui *au, int32_t i, int x, int y, int w)
{
    seat_text t;
    seat_texts(au, i, &t);
    int c1 = w * 26 / 100, c2 = w * 38 / 100;
    put(y, x, c1 - 1, t.who_attr, t.who);
    put(y, x + c1, c2 - 1, t.state_attr, t.state);
    put(y, x + c1 + c2, w - c1 - c2 - 1, t.act_attr, t.act);
}

static void draw_list(const arena_ui *au, const arena_layout *l)
{
    int32_t n = view_of(au)->players;
    int w = COLS / l->cols;
    int32_t shown = l->rows * l->cols < n ? l->rows * l->cols - 1 : n;
    for (int32_t i = 0; i < shown; i++)
        draw_row(au, i, (i / l->rows) * w, l->top + i % l->rows, w);
    if (shown < n) {
        char more[64];
        say(au, more, sizeof more, W_MORE, (int)(n - shown));
        put(l->top + (int)(shown % l->rows), (int)(shown / l->rows) * w, w, A_DIM, more);
    }
}

static void draw_seats(const arena_ui *au, const arena_layout *l)
{
    if (!l->ring) {
        draw_list(au, l);
        return;
    }
    for (int32_t i = 0; i < view_of(au)->players; i++)
        draw_box(au, i, l->x[i], l->y[i]);
}

/* ------------------------------------------------------------------ */
/* The round on show, as lines.                                        */
/* ------------------------------------------------------------------ */

static void add(panel *p, attr_t attr, const char *fmt, ...)
{
    if (p->n >= PANEL_MAX)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->text[p->n], LINE_MAX, fmt, ap);
    va_end(ap);
    p->attr[p->n++] = attr;
}

/* " -> 5 x2, 6 x1": the missiles user placed, read back from the history.
   The allocations of a round are the sequential moves after its
   simultaneous turn, so they end the history until the next simultaneous
   turn is applied: this is the round on show, placed or being placed. */
static void missile_targets(const arena_ui *au, int32_t user, char *buf, size_t cap)
{
    sapper_match *m = au->u->a->match;
    int32_t on[SAPPER_ARENA_MAX_SEATS] = {0};
    for (size_t i = sapper_match_move_count(m); i-- > 0;) {
        const sapper_move *mv = sapper_match_move(m, i);
        int32_t verb, target;
        if (mv->joint || !sapper_arena_decode(mv->action, &verb, &target, NULL) ||
            verb != SAPPER_ARENA_ALLOCATE)
            break;
        if (mv->seat == user)
            on[target]++;
    }
    const char *sep = " -> ";
    for (int32_t t = 0; t < view_of(au)->players; t++) {
        if (on[t] == 0)
            continue;
        append(buf, cap, "%s%d x%d", sep, (int)t + 1, (int)on[t]);
        sep = ", ";
    }
}

/* The action lines of one seat: attacks, llamas, missiles. Other verbs
   are listed by verb afterwards. */
static void action_lines(const arena_ui *au, panel *p, int32_t i, int64_t action,
                         int32_t damage, int32_t duel)
{
    int32_t verb, target, count;
    char d[16], line[LINE_MAX], name[96];
    if (!sapper_arena_decode(action, &verb, &target, &count))
        return;
    snprintf(name, sizeof name, count > 1 && verb == SAPPER_ARENA_FIST ? "%s x%d" : "%s",
             verb_name(au, verb), (int)count);
    if (sapper_arena_is_attack(verb)) {
        say(au, line, sizeof line, W_ATTACK, (int)i + 1, (int)target + 1, half(d, damage), name);
        add(p, action_attr(au, action), "%s%s", line, duel >= 0 ? word(au, W_DUEL) : "");
    } else if (verb == SAPPER_ARENA_LLAMA) {
        add(p, action_attr(au, action), word(au, W_LLAMA_LINE), (int)i + 1,
            word(au, W_LLAMA_BADGE));
    } else if (verb == SAPPER_ARENA_MISSILE) {
        char badge[64];
        say(au, badge, sizeof badge, W_MISSILE_BADGE, (int)count);
        say(au, line, sizeof line, W_MISSILE_LINE, (int)i + 1, badge);
        missile_targets(au, i, line, sizeof line);
        if (showing_current(au) && seat_of(au, i)->missiles_left > 0)
            append(line, sizeof line, word(au, W_LEFT), (int)seat_of(au, i)->missiles_left);
        add(p, action_attr(au, action), "%s", line);
    }
}

/* "gather: 1 4 7" for every verb that is neither an attack, a llama nor a
   missile; acts[i] is seat i's action on show. */
static void plain_lines(const arena_ui *au, panel *p, const int64_t *acts, int32_t n)
{
    for (int32_t verb = 0; verb < SAPPER_ARENA_VERBS; verb++) {
        if (sapper_arena_is_attack(verb) || verb == SAPPER_ARENA_LLAMA ||
            verb == SAPPER_ARENA_MISSILE)
            continue;
        char line[LINE_MAX] = "";
        for (int32_t i = 0; i < n; i++) {
            int32_t v;
            if (sapper_arena_decode(acts[i], &v, NULL, NULL) && v == verb)
                append(line, sizeof line, " %d", (int)i + 1);
        }
        if (line[0])
            add(p, A_NORMAL, word(au, W_VERB_LIST), verb_name(au, verb), line + 1);
    }
}

/* The seat a current attacker duels (both attack each other), or -1. */
static int32_t current_duel(const arena_ui *au, int32_t i)
{
    int32_t verb, target, back_verb, back_target;
    if (!sapper_arena_decode(seat_of(au, i)->choice, &verb, &target, NULL) ||
        !sapper_arena_is_attack(verb) || target >= view_of(au)->players)
        return -1;
    if (!sapper_arena_decode(seat_of(au, target)->choice, &back_verb, &back_target, NULL))
        return -1;
    return sapper_arena_is_attack(back_verb) && back_target == i ? target : -1;
}

/* The round being placed: every choice is revealed. */
static void panel_current(const arena_ui *au, panel *p)
{
    const sapper_arena_view *v = view_of(au);
    int64_t acts[SAPPER_ARENA_MAX_SEATS];
    char line[LINE_MAX];
    add(p, A_BOLD, word(au, W_REVEALED), (int)v->match, (int)v->round);
    for (int32_t i = 0; i < v->players; i++) {
        const sapper_arena_seat *s = seat_of(au, i);
        int32_t verb = 0, count = 1;
        acts[i] = s->alive ? s->choice : SAPPER_NO_ACTION;
        sapper_arena_decode(acts[i], &verb, NULL, &count);
        action_lines(au, p, i, acts[i], damage_of(au, verb, count, s->prep),
                     current_duel(au, i));
    }
    plain_lines(au, p, acts, v->players);
    if (v->allocator >= 0 && v->allocator < v->players) {
        say(au, line, sizeof line, W_PLACING, (int)v->allocator + 1,
            (int)seat_of(au, v->allocator)->missiles_left);
        add(p, A_BOLD, "%s", line);
    }
}

static void hit_lines(const arena_ui *au, panel *p)
{
    char in[16], over[16], line[LINE_MAX];
    for (int32_t i = 0; i < view_of(au)->players; i++) {
        const sapper_arena_seat *s = seat_of(au, i);
        if (s->last_action == SAPPER_NO_ACTION || (s->last_incoming == 0 && s->last_overflow == 0))
            continue;
        say(au, line, sizeof line, W_HIT, (int)i + 1, half(in, s->last_incoming),
            half(over, s->last_overflow));
        if (s->last_shields_broken > 0)
            append(line, sizeof line, word(au, W_BROKEN), (int)s->last_shields_broken);
        if (s->last_died)
            append(line, sizeof line, "%s", word(au, W_DIED_SUFFIX));
        add(p, s->last_died ? ui_attr(au->u, UI_PAIR_ERROR, A_BOLD) : A_NORMAL, "%s", line);
    }
}

static void eliminated_line(const arena_ui *au, panel *p)
{
    char seats[LINE_MAX] = "";
    for (int32_t i = 0; i < view_of(au)->players; i++) {
        const sapper_arena_seat *s = seat_of(au, i);
        if (s->last_action != SAPPER_NO_ACTION && s->last_died)
            append(seats, sizeof seats, " %d", (int)i + 1);
    }
    if (seats[0])
        add(p, ui_attr(au->u, UI_PAIR_ERROR, A_BOLD), word(au, W_ELIMINATED), seats + 1);
}

/* The end of the game in words: who won, or why no one did. */
static void outcome_text(const arena_ui *au, char *buf, size_t cap)
{
    const sapper_arena_view *v = view_of(au);
    const sapper_fault *f = sapper_match_fault(au->u->a->match);
    int32_t w = v->winner;
    if (f)
        snprintf(buf, cap, "%.200s", f->detail);
    else if (w >= 0 && w == au->me)
        snprintf(buf, cap, "%s", word(au, W_YOU_WIN));
    else if (w >= 0 && w < v->players)
        say(au, buf, cap, W_WINS, (int)w + 1, seat_name(au, w));
    else if (v->rounds_played >= v->max_rounds)
        say(au, buf, cap, W_ROUND_LIMIT, (int)v->max_rounds);
    else
        snprintf(buf, cap, "%s", word(au, W_NO_WINNER));
}

/* The last resolved round: actions, hits, deaths, the match's end. */
static void panel_last(const arena_ui *au, panel *p)
{
    const sapper_arena_view *v = view_of(au);
    int64_t acts[SAPPER_ARENA_MAX_SEATS];
    char line[LINE_MAX];
    if (v->last_round == 0) {
        add(p, A_DIM, "%s", word(au, W_NOTHING_YET));
        return;
    }
    add(p, A_BOLD, word(au, W_LAST), (int)v->last_match, (int)v->last_round);
    for (int32_t i = 0; i < v->players; i++) {
        const sapper_arena_seat *s = seat_of(au, i);
        acts[i] = s->last_action;
        action_lines(au, p, i, acts[i], s->last_damage, s->last_duel);
    }
    plain_lines(au, p, acts, v->players);
    hit_lines(au, p);
    eliminated_line(au, p);
    if (v->phase == SAPPER_ARENA_PHASE_OVER) {
        outcome_text(au, line, sizeof line);
        add(p, A_BOLD | A_REVERSE, " %s: %s ", word(au, W_GAME_OVER), line);
    } else if (v->last_match != v->match) {
        add(p, A_BOLD, word(au, W_MATCH_OVER), (int)v->last_match, (int)v->match);
    }
}

/* Draws the panel's lines into a box; the overflow is counted. */
/* Bytes of text that go on one row of width columns: all that fits, cut
   after the last space when the text goes on (64 seats make long lines). */
static size_t row_bytes(const char *text, int width)
{
    size_t n = fit(text, width, NULL);
    if (text[n] == '\0' || n == 0)
        return n ? n : strlen(text);
    for (size_t k = n; k > 0; k--)
        if (text[k - 1] == ' ')
            return k;
    return n;
}

/* Rows line i of the panel takes at width w (continuations indented 2). */
static int rows_of(const char *text, int w)
{
    int rows = 0;
    for (size_t at = 0; text[at] || rows == 0; rows++)
        at += row_bytes(text + at, rows ? w - 2 : w);
    return rows;
}

/* Draws the panel's lines into a box, long ones wrapped; what does not
   fit is counted on the last row. */
static void draw_panel(const arena_ui *au, const panel *p, int y, int x, int w, int h)
{
    char row[LINE_MAX];
    int used = 0, i = 0;
    for (; i < p->n; i++) {
        int need = rows_of(p->text[i], w);
        if (used + need > h - (i + 1 < p->n))   /* keep a row for "more" */
            break;
        size_t at = 0;
        for (int r = 0; r < need; r++) {
            size_t n = row_bytes(p->text[i] + at, r ? w - 2 : w);
            snprintf(row, sizeof row, "%.*s", (int)n, p->text[i] + at);
            put(y + used++, r ? x + 2 : x, r ? w - 2 : w, p->attr[i], row);
            at += n;
        }
    }
    if (i < p->n) {
        char more[64];
        say(au, more, sizeof more, W_MORE, p->n - i);
        put(y + used, x, w, A_DIM, more);
    }
}

/* ------------------------------------------------------------------ */
/* The menu: verb, then target, then count, from the legal list.       */
/* ------------------------------------------------------------------ */

/* What a verb costs, as menu text. */
static void cost_text(const arena_ui *au, int32_t verb, char *buf, size_t cap)
{
    char c[16];
    if (verb == SAPPER_ARENA_FIST)
        say(au, buf, cap, W_COST_EACH, half(c, cost_of(au, verb, 1)));
    else if (verb == SAPPER_ARENA_MISSILE)
        snprintf(buf, cap, "%s", word(au, W_COST_MISSILE));
    else
        say(au, buf, cap, W_COST, half(c, cost_of(au, verb, 1)));
}

/* What a verb does, as menu text (damage with the viewer's prep). */
static void effect_text(const arena_ui *au, int32_t verb, int32_t prep, char *buf,
                        size_t cap)
{
    char a[16], b[16];
    int32_t lo, hi;
    lo = terms_of(au, verb).block_lo;
    hi = terms_of(au, verb).block_hi;
    buf[0] = '\0';
    if (verb == SAPPER_ARENA_GATHER)
        snprintf(buf, cap, "%s", word(au, W_GAIN));
    else if (sapper_arena_is_defense(verb))
        say(au, buf, cap, W_BLOCKS, half(a, lo), half(b, hi));
    else if (verb == SAPPER_ARENA_FIST || verb == SAPPER_ARENA_MISSILE)
        say(au, buf, cap, W_DAMAGE_EACH, half(a, damage_of(au, verb, 1, 0)));
    else if (sapper_arena_is_attack(verb))
        say(au, buf, cap, W_DAMAGE, half(a, damage_of(au, verb, 1, prep)));
    else if (verb == SAPPER_ARENA_LLAMA)
        snprintf(buf, cap, "%s", word(au, W_LLAMA_EFFECT));
    if (verb == SAPPER_ARENA_SHIELD)
        append(buf, cap, "%s", word(au, W_SHIELD_PLUS));
    if (verb == SAPPER_ARENA_PREP)
        append(buf, cap, "%s", word(au, W_PREP_PLUS));
}

static int32_t my_prep(const arena_ui *au)
{
    const sapper_arena_seat *s = au->me >= 0 ? seat_of(au, au->me) : NULL;
    return s ? s->prep : 0;
}

static entry *add_entry(entry *e, int *n, int64_t action, int32_t verb,
                        int32_t target, int32_t count)
{
    if (*n >= MENU_MAX)
        return NULL;
    entry *x = &e[(*n)++];
    *x = (entry){.action = action, .verb = verb, .target = target, .count = count};
    return x;
}

static int verb_entries(const arena_ui *au, entry *e)
{
    int n = 0;
    int32_t last = -1;
    for (size_t i = 0; i < au->nlegal; i++) {
        int32_t verb, target, count;
        if (!sapper_arena_decode(au->legal[i], &verb, &target, &count) || verb == last)
            continue;
        last = verb;
        int more = sapper_arena_has_target(verb) || sapper_arena_has_count(verb);
        entry *x = add_entry(e, &n, more ? -1 : au->legal[i], verb, -1, 1);
        if (!x)
            break;
        snprintf(x->label, sizeof x->label, "%s%s", verb_name(au, verb), more ? " ..." : "");
        cost_text(au, verb, x->detail, sizeof x->detail);
        append(x->detail, sizeof x->detail, "  ");
        size_t at = strlen(x->detail);
        effect_text(au, verb, my_prep(au), x->detail + at, sizeof x->detail - at);
    }
    return n;
}

/* A target's state for the menu: "seat 5 woodsword  pts 1  sh 0". */
static void target_detail(const arena_ui *au, int32_t t, char *buf, size_t cap)
{
    seat_text st;
    seat_texts(au, t, &st);
    snprintf(buf, cap, "%s  %s", st.who, st.state);
    if (showing_current(au) && seat_of(au, t)->missiles_on > 0) {
        append(buf, cap, "  ");
        size_t at = strlen(buf);
        say(au, buf + at, cap - at, W_ON_IT, (int)seat_of(au, t)->missiles_on);
    }
}

static int target_entries(const arena_ui *au, entry *e)
{
    sapper_match *m = au->u->a->match;
    int n = 0;
    int32_t last = -1;
    for (size_t i = 0; i < au->nlegal; i++) {
        int32_t verb, target, count;
        if (!sapper_arena_decode(au->legal[i], &verb, &target, &count) ||
            verb != au->verb || target == last)
            continue;
        last = target;
        int more = verb == SAPPER_ARENA_FIST;
        entry *x = add_entry(e, &n, more ? -1 : au->legal[i], verb, target, count);
        if (!x)
            break;
        if (more)
            snprintf(x->label, sizeof x->label, "%s %d ...", sapper_arena_verb_word(verb),
                     (int)target + 1);
        else
            snprintf(x->label, sizeof x->label, "%s", sapper_match_action_text(m, au->legal[i]));
        target_detail(au, target, x->detail, sizeof x->detail);
    }
    return n;
}

static int count_entries(const arena_ui *au, entry *e)
{
    sapper_match *m = au->u->a->match;
    char c[16], d[16];
    int n = 0;
    for (size_t i = 0; i < au->nlegal; i++) {
        int32_t verb, target, count;
        if (!sapper_arena_decode(au->legal[i], &verb, &target, &count) || verb != au->verb ||
            (verb == SAPPER_ARENA_FIST && target != au->target))
            continue;
        entry *x = add_entry(e, &n, au->legal[i], verb, target, count);
        if (!x)
            break;
        snprintf(x->label, sizeof x->label, "%s", sapper_match_action_text(m, au->legal[i]));
        int32_t dmg = verb == SAPPER_ARENA_FIST ? damage_of(au, verb, count, my_prep(au))
                                                : count * damage_of(au, verb, count, 0);
        say(au, x->detail, sizeof x->detail, W_COST, half(c, cost_of(au, verb, count)));
        append(x->detail, sizeof x->detail, "  ");
        size_t at = strlen(x->detail);
        say(au, x->detail + at, sizeof x->detail - at, W_DAMAGE, half(d, dmg));
    }
    return n;
}

/* In the missile placing the only verb is allocate: straight to targets. */
static void skip_lone_verb(arena_ui *au)
{
    int32_t first, last;
    if (au->step != STEP_VERB || au->nlegal == 0 ||
        !sapper_arena_decode(au->legal[0], &first, NULL, NULL) ||
        !sapper_arena_decode(au->legal[au->nlegal - 1], &last, NULL, NULL) ||
        first != last || first != SAPPER_ARENA_ALLOCATE)
        return;
    au->step = STEP_TARGET;
    au->verb = first;
}

static int menu_entries(arena_ui *au, entry *e)
{
    skip_lone_verb(au);
    if (au->step == STEP_TARGET)
        return target_entries(au, e);
    if (au->step == STEP_COUNT)
        return count_entries(au, e);
    return verb_entries(au, e);
}

static void menu_caption(const arena_ui *au, char *buf, size_t cap)
{
    const sapper_arena_seat *s = au->me >= 0 ? seat_of(au, au->me) : NULL;
    char pts[16];
    if (au->verb == SAPPER_ARENA_ALLOCATE && s) {
        int32_t total = 0;
        sapper_arena_decode(s->choice, NULL, NULL, &total);
        say(au, buf, cap, W_PLACE, (int)(total - s->missiles_left + 1), (int)total,
            (int)s->missiles_left);
    } else if (au->step == STEP_TARGET) {
        say(au, buf, cap, W_PICK_TARGET, verb_name(au, au->verb));
    } else if (au->step == STEP_COUNT) {
        say(au, buf, cap, W_PICK_COUNT, verb_name(au, au->verb));
    } else {
        say(au, buf, cap, W_YOUR_MOVE, (int)ui_actor(au->u) + 1,
            half(pts, s ? s->points : 0));
    }
}

/* The first entry shown: keeps the selection inside the list and the
   window on the selection. */
static int first_shown(arena_ui *au, int n, int rows)
{
    if (au->sel >= n)
        au->sel = n > 0 ? n - 1 : 0;
    if (au->sel < 0)
        au->sel = 0;
    int first = au->sel - rows / 2;
    if (first > n - rows)
        first = n - rows;
    return first < 0 ? 0 : first;
}

static void draw_menu(arena_ui *au, int y, int x, int w, int h)
{
    entry *e = au->menu;
    char caption[LINE_MAX];
    int n = menu_entries(au, e);
    menu_caption(au, caption, sizeof caption);
    put(y, x, w, A_BOLD, caption);
    au->menu_y = y + 1;
    au->menu_rows = h - 1;
    au->menu_n = n;
    au->menu_first = first_shown(au, n, au->menu_rows);
    int label_w = 0;
    for (int i = 0; i < n; i++)
        label_w = text_width(e[i].label) > label_w ? text_width(e[i].label) : label_w;
    label_w = label_w < w / 2 ? label_w : w / 2;
    for (int i = 0; i < au->menu_rows && au->menu_first + i < n; i++) {
        const entry *it = &e[au->menu_first + i];
        int selected = au->menu_first + i == au->sel;
        attr_t attr = selected ? A_REVERSE | A_BOLD : A_NORMAL;
        put(y + 1 + i, x, 2, attr, selected ? "> " : "  ");
        put(y + 1 + i, x + 2, label_w, attr, it->label);
        put(y + 1 + i, x + 4 + label_w, w - label_w - 4, selected ? A_BOLD : A_DIM, it->detail);
    }
}

/* Picks entry index: plays it, or opens its next step. */
static void pick(arena_ui *au, int index)
{
    entry *e = au->menu;
    int n = menu_entries(au, e);
    if (index < 0 || index >= n)
        return;
    if (e[index].action >= 0) {
        play(au, e[index].action);
        return;
    }
    au->verb = e[index].verb;
    au->target = e[index].target;
    au->step = au->step == STEP_VERB && sapper_arena_has_target(au->verb) ? STEP_TARGET
                                                                          : STEP_COUNT;
    au->sel = 0;
}

static void back(arena_ui *au)
{
    if (au->step == STEP_VERB || au->verb == SAPPER_ARENA_ALLOCATE)
        return;
    int was = au->step;
    au->step = was == STEP_COUNT && au->verb == SAPPER_ARENA_FIST ? STEP_TARGET : STEP_VERB;
    au->sel = 0;
}

/* ------------------------------------------------------------------ */
/* The frame.                                                          */
/* ------------------------------------------------------------------ */

static void draw_title(const arena_ui *au)
{
    const sapper_arena_view *v = view_of(au);
    char title[LINE_MAX], seed[64];
    say(au, title, sizeof title, W_TITLE, (int)v->match, (int)v->round, (int)v->alive,
        (int)v->players);
    say(au, seed, sizeof seed, W_SEED,
        (unsigned long long)sapper_match_seed(au->u->a->match));
    int used = put(0, 1, COLS - 2, A_BOLD, title);
    put(0, used + 4, COLS - used - 5, A_DIM, seed);
}

/* Row 1: what happens now. */
static void draw_phase(const arena_ui *au)
{
    const sapper_arena_view *v = view_of(au);
    char line[LINE_MAX], what[200];
    attr_t attr = A_BOLD;
    if (v->phase == SAPPER_ARENA_PHASE_OVER || sapper_match_to_move(au->u->a->match) == SAPPER_TERMINAL) {
        outcome_text(au, what, sizeof what);
        snprintf(line, sizeof line, "%s: %s", word(au, W_GAME_OVER), what);
        attr = ui_attr(au->u, v->winner >= 0 && v->winner == au->me ? UI_PAIR_WIN : UI_PAIR_ERROR,
                       A_BOLD);
    } else if (au->pause) {
        say(au, line, sizeof line, W_PRESS_ENTER,
            word(au, v->last_match != v->match ? W_NEXT_MATCH : W_NEXT_ROUND));
    } else if (ui_actor(au->u) >= 0 && v->phase == SAPPER_ARENA_PHASE_CHOOSE) {
        snprintf(line, sizeof line, "%s", word(au, W_SECRET));
    } else if (ui_actor(au->u) >= 0) {
        menu_caption(au, line, sizeof line);
    } else if (au->me >= 0 && !seat_of(au, au->me)->alive) {
        snprintf(line, sizeof line, "%s", word(au, W_WATCHING));
    } else {
        snprintf(line, sizeof line, "%s", word(au, W_WAITING));
    }
    put(1, 1, COLS - 2, attr, line);
}

/* Where the pause's prompt goes instead of the menu. */
static void draw_prompt(const arena_ui *au, int y, int x, int w)
{
    const sapper_arena_view *v = view_of(au);
    char line[LINE_MAX];
    if (sapper_match_to_move(au->u->a->match) == SAPPER_TERMINAL) {
        snprintf(line, sizeof line, " %s ", word(au, W_GAME_OVER));
        put(y, x, w, A_BOLD | A_REVERSE, line);
        put(y + 1, x, w, A_NORMAL, word(au, W_AFTER_GAME));
        return;
    }
    snprintf(line, sizeof line, " > %s ",
             word(au, v->last_match != v->match ? W_NEXT_MATCH : W_NEXT_ROUND));
    put(y, x, w, A_BOLD | A_REVERSE, line);
    say(au, line, sizeof line, W_PRESS_ENTER,
        word(au, v->last_match != v->match ? W_NEXT_MATCH : W_NEXT_ROUND));
    put(y + 1, x, w, A_DIM, line);
}

static void draw_actions(arena_ui *au, int y, int x, int w, int h)
{
    au->menu_n = 0;
    if (au->pause)
        draw_prompt(au, y, x, w);
    else if (ui_actor(au->u) >= 0)
        draw_menu(au, y, x, w, h);
}

/* The round on show and the menu: side by side when wide, else stacked. */
static void draw_bottom(arena_ui *au, int top)
{
    panel *p = &au->shown;
    int h = LINES - 3 - top;
    p->n = 0;
    if (showing_current(au))
        panel_current(au, p);
    else
        panel_last(au, p);
    if (COLS >= 96) {
        int left = COLS * 9 / 20;
        draw_panel(au, p, top, 1, left - 2, h);
        draw_actions(au, top, left + 1, COLS - left - 2, h);
        return;
    }
    int ph = p->n + 1 < h / 2 ? p->n + 1 : h / 2;
    draw_panel(au, p, top, 1, COLS - 2, ph);
    draw_actions(au, top + ph, 1, COLS - 2, h - ph);
}

static void draw_footer(const arena_ui *au)
{
    ui *u = au->u;
    enum arena_word hint = sapper_match_to_move(u->a->match) == SAPPER_TERMINAL ? W_HINT_OVER
                         : au->pause ? W_HINT_PAUSE : W_HINT_MENU;
    attr_t attr = u->msg_error ? ui_attr(u, UI_PAIR_ERROR, A_BOLD) : A_NORMAL;
    put(LINES - 2, 0, COLS, attr, u->msg);
    put(LINES - 1, 0, COLS - 1, A_NORMAL, word(au, hint));
}

static void draw_help(const arena_ui *au)
{
    const char *text = word(au, W_HELP);
    char line[LINE_MAX];
    int y = 2;
    put(0, 2, COLS - 2, A_BOLD, word(au, W_HELP_TITLE));
    while (*text) {
        size_t n = strcspn(text, "\n");
        snprintf(line, sizeof line, "%.*s", (int)n, text);
        put(y++, 4, COLS - 4, A_NORMAL, line);
        text += n + (text[n] == '\n');
    }
    put(y + 1, 2, COLS - 2, A_BOLD, word(au, W_HELP_BACK));
}

static void draw(arena_ui *au)
{
    if (ui_too_small(au->u, 40, 3 + 2 + MIN_BOTTOM + 2))
        return;
    if (au->help) {
        draw_help(au);
        return;
    }
    if (!take_view(au)) {
        put(0, 0, COLS, A_BOLD, "the rules gave no arena view: press q");
        return;
    }
    draw_title(au);
    draw_phase(au);
    arena_layout l = layout_seats(au, 3);
    draw_seats(au, &l);
    draw_bottom(au, l.top + l.rows + 1);
    draw_footer(au);
}

/* ------------------------------------------------------------------ */
/* Keys.                                                               */
/* ------------------------------------------------------------------ */

static void go_on(arena_ui *au)
{
    if (sapper_match_to_move(au->u->a->match) == SAPPER_TERMINAL)
        return;
    au->pause = 0;
    ui_message(au->u, 0, "%s", "");
    run_bots(au);
}

/* f: the bots play on without a stop until the person must act or the
   game ends; the last resolved round is then on show. */
static void fast_forward(arena_ui *au)
{
    if (sapper_match_to_move(au->u->a->match) == SAPPER_TERMINAL)
        return;
    ui_message(au->u, 0, "%s", "");
    sapper_match_advance(au->u->a->match);
    au->pause = rounds_played(au) != au->seen_rounds;
    au->seen_rounds = rounds_played(au);
    reset_menu(au);
    note_end(au);
}

/* A click on a menu entry picks it; one on the prompt goes on. */
static void mouse(arena_ui *au)
{
    MEVENT ev;
    if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_RELEASED | BUTTON1_CLICKED)))
        return;
    if (au->pause) {
        go_on(au);
        return;
    }
    int row = ev.y - au->menu_y;
    if (row >= 0 && row < au->menu_rows && au->menu_first + row < au->menu_n) {
        au->sel = au->menu_first + row;
        pick(au, au->sel);
    }
}

/* The keys of the menu and of the pause; 0 when the key is not one. */
static int play_key(arena_ui *au, int ch)
{
    int enter = ch == ' ' || ch == '\n' || ch == '\r' || ch == KEY_ENTER;
    if (ch == KEY_MOUSE) {
        mouse(au);
        return 1;
    }
    if (au->pause && ch == 'f') {
        fast_forward(au);
        return 1;
    }
    if (au->pause) {
        if (enter || ch == 'n')
            go_on(au);
        return enter || ch == 'n';
    }
    switch (ch) {
    case KEY_UP: case 'k': au->sel = au->sel > 0 ? au->sel - 1 : 0; return 1;
    case KEY_DOWN: case 'j': au->sel++; return 1;   /* clamped when drawn */
    case KEY_RIGHT: pick(au, au->sel); return 1;
    case KEY_LEFT: case 'h': case KEY_BACKSPACE: case 127: case 8: case 27:
        back(au);
        return 1;
    default:
        if (enter)
            pick(au, au->sel);
        return enter;
    }
}

static void on_key(arena_ui *au, int ch)
{
    if (ch == ERR || ch == KEY_RESIZE || (au->u->too_small && ch != 'q'))
        return;
    if (au->help) {
        au->help = 0;
        return;
    }
    switch (ch) {
    case 'q': au->u->quit = 1; return;
    case 'r': restart(au); return;
    case 'u': undo(au); return;
    case '?': case 'H': case KEY_F(1): au->help = 1; return;   /* as the other families */
    case 'L': case 'l': switch_language(au); return;
    default: break;
    }
    if (!play_key(au, ch))
        ui_message(au->u, 1, "%s", word(au, W_UNKNOWN_KEY));
}

/* The arena family's event loop, called by play_curses.c (which declares
   it) with the terminal set up and the first game started; returns on
   quit, the result line and the exit status being play_curses.c's. */
void ui_arena_loop(ui *u)
{
    arena_ui *au = calloc(1, sizeof *au);   /* owned here, freed below */
    if (!au) {
        u->quit = 1;
        return;
    }
    au->u = u;
    au->lang = lang_of(u->a);
    au->me = ui_viewer(u);
    settle(au);
    while (!u->quit) {
        erase();
        draw(au);
        refresh();
        on_key(au, getch());
    }
    free(au->view);
    free(au->legal);
    free(au);
}
