/*
 * arena_words.c - the words of the arena screen in both languages (English,
 * 中文); the verbs' names come from the rules.
 */
#include "arena_ui.h"

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
        [W_GAME_OVER_LINE] = "Game Over: %s",
        [W_PRESS_ENTER] = "Enter or space: %s",
        [W_AFTER_GAME] = "r: a new game   q: quit",
        [W_YOUR_MOVE] = "Your move, seat %d (points %s):",
        [W_PICK_TARGET] = "%s: which seat?",
        [W_PICK_COUNT] = "%s: how many?",
        [W_PLACE] = "Place missile %d of %d (%d left): which seat?",
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
                   "bksp, left, h    back to the previous step of the menu (Esc too)\n"
                   "left click       pick the clicked entry\n"
                   "enter, space, n  after a round: Next Round / Next Match\n"
                   "f                after a round: no more stops until your move\n"
                   "[, ], PgUp, PgDn scroll the seats when they do not all fit\n"
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
        [W_SEATS_SHOWN] = "seats %d-%d of %d   [ ] or PgUp PgDn: the other seats",
        [W_ALL_SEATS_SHOWN] = "every seat is on screen",
        [W_ASK_QUIT] = "quit: this game is not over and will be lost; y to quit, "
                       "any other key to go on",
        [W_ASK_RESTART] = "restart: this game is not over and will be lost; y to "
                          "restart, any other key to go on",
        [W_GOES_ON] = "the game goes on",
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
        [W_GAME_OVER_LINE] = "游戏结束：%s",
        [W_PRESS_ENTER] = "回车或空格：%s",
        [W_AFTER_GAME] = "r：新游戏   q：退出",
        [W_YOUR_MOVE] = "轮到你了，座位 %d（点气 %s）：",
        [W_PICK_TARGET] = "%s：选择目标座位",
        [W_PICK_COUNT] = "%s：选择数量",
        [W_PLACE] = "分配第 %d 枚导弹（共 %d 枚，剩 %d 枚）：选择目标座位",
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
                   "退格、左、h      返回菜单上一步（Esc 亦可）\n"
                   "鼠标左键         选择点击的项\n"
                   "回车、空格、n    回合结束后：下一回合 / 下一场\n"
                   "f                回合结束后：不再停顿，直到轮到你\n"
                   "[、]、PgUp、PgDn 座位显示不下时翻页\n"
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
        [W_SEATS_SHOWN] = "座位 %d-%d（共 %d）   [ ] 或 PgUp PgDn：其他座位",
        [W_ALL_SEATS_SHOWN] = "所有座位都已显示",
        [W_ASK_QUIT] = "退出：本局尚未结束，退出将丢失本局；按 y 退出，按其他键继续",
        [W_ASK_RESTART] = "重新开始：本局尚未结束，重新开始将丢失本局；按 y 重新开始，"
                          "按其他键继续",
        [W_GOES_ON] = "游戏继续",
    },
};


const char *arena_word(const arena_ui *au, enum arena_word w)
{
    return words[au->lang][w];
}
