/*
 * arena_words.c - the words of the arena screen in both languages (English,
 * 中文), the rules of the ? page among them (docs/WOODSWORD.md says the
 * same); the verbs' names come from the rules.
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
        [W_MORE] = "... %d more: v shows them all",
        [W_SEAT] = "seat %d",
        [W_HINT_MENU] = "up/dn enter pick  bksp back  v log  L 中文  u undo  "
                        "r restart  ? rules  q quit",
        [W_HINT_PAUSE] = "enter/space go on  f fast  v log  L 中文  u undo  r restart  "
                         "? rules  q quit",
        [W_HINT_OVER] = "v log  L 中文  u undo  r restart  ? help, rules  q quit",
        [W_HELP_TITLE] = "Wood-Sword: keys and rules",
        [W_HELP] = "up, down, j, k   move through the menu\n"
                   "enter, space     pick the entry: an action, or its targets\n"
                   "bksp, left, h    back to the previous step of the menu (Esc too)\n"
                   "left click       pick the clicked entry\n"
                   "enter, space, n  after a round: Next Round / Next Match\n"
                   "f                after a round: no more stops until your move\n"
                   "[, ], PgUp, PgDn scroll the seats when they do not all fit\n"
                   "v                the round on show, every line of it (the log)\n"
                   "L                English / 中文 (the game is kept)\n"
                   "u                undo your last action\n"
                   "r                restart: a new game, same settings\n"
                   "?, H, F1         this help and the rules below\n"
                   "q                quit",
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
        [W_RULES_TITLE] = "The rules",
        [W_RULES] =
            "A game is a row of matches, a match a row of rounds. Each round every seat "
            "alive picks one action in secret; then all are revealed together; then the "
            "missile users place their missiles one by one, in a random order; then the "
            "round resolves and its result is shown (Enter: Next Round).\n"
            "A match ends after a round in which at least one seat died. The dead are out "
            "of the game; the others start the next match with 0 points, 0 shields and "
            "no prep. The last seat alive wins; if everyone left dies together, or after "
            "the round limit (rules.max_rounds), nobody does.\n"
            "Points pay for actions (in steps of 0.5): gather earns one. An action you "
            "cannot pay for (or shield with 2 shields) is not offered.\n"
            "Defence: every defence blocks a range, e.g. 0~3. Damage coming at you inside "
            "it is blocked whole; above it you take the excess (damage - max), below it "
            "the shortfall (min - damage): the overflow. Any other action blocks 0~0.\n"
            "Duel: two seats that attack each other directly (fist or sword) in one round "
            "cancel both attacks; the one with the lower damage takes the difference as "
            "overflow, equal damage hurts neither.\n"
            "Shields: each absorbs up to 2 overflow; ceil(overflow / 2) break. Without "
            "enough shields you die.\n"
            "Actions (cost, effect):\n"
            "gather: +1 point.\n"
            "defense: cost 0, blocks 0~3.\n"
            "fist: cost 0.5 each, stackable, 0.5 damage each to one seat.\n"
            "wood_sword 1, stone_sword 2, iron_sword 3, gold_sword 4, diamond_sword 5, "
            "enchanted_diamond_sword 6: costs that many points, deals that much damage to "
            "one seat.\n"
            "llama: cost 2, 0.5 damage to every other seat; none if you die that round.\n"
            "missile: X missiles cost X + 1 and deal 1 each (X in all), placed on seats "
            "after the reveal.\n"
            "shield: cost 2, blocks 0~2, +1 shield (at most 2).\n"
            "prep: cost 1, blocks 0~3; if you take no damage, your next attack deals +1.\n"
            "dt_defense: cost 1, blocks 0~4.\n"
            "hollow_defense: cost 2, blocks 2~6.\n"
            "superior_defense: cost 3, blocks 0~6.\n"
            "The bots (woodsword) always gather in a match's first round, then pick at "
            "random weighted by the threat, cost and damage; they favour the seat that "
            "hurt them most this match (2x) and the poorest (1.5x), use dt_defense only "
            "against someone with more than 3 points, hollow and superior defence only "
            "against someone with 5 or more, and never fire missiles.",
        [W_LOG_TITLE] = "Wood-Sword: the round on show, every line",
        [W_PAGER_ROWS] = "rows %d-%d of %d",
        [W_PAGER_KEYS] = "up/down, PgUp/PgDn, space, Home/End: scroll   other keys: back",
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
        [W_MORE] = "……还有 %d 行：按 v 查看全部",
        [W_SEAT] = "座位 %d",
        [W_HINT_MENU] = "上下 回车 选择  退格 返回  v 记录  L English  u 悔棋  "
                        "r 重开  ? 规则  q 退出",
        [W_HINT_PAUSE] = "回车/空格 继续  f 快进  v 记录  L English  u 悔棋  r 重新开始  "
                         "? 规则  q 退出",
        [W_HINT_OVER] = "v 记录  L English  u 悔棋  r 重新开始  ? 帮助、规则  q 退出",
        [W_HELP_TITLE] = "木剑：按键与规则",
        [W_HELP] = "上、下、j、k     在菜单中移动\n"
                   "回车、空格       选择：行动，或它的目标\n"
                   "退格、左、h      返回菜单上一步（Esc 亦可）\n"
                   "鼠标左键         选择点击的项\n"
                   "回车、空格、n    回合结束后：下一回合 / 下一场\n"
                   "f                回合结束后：不再停顿，直到轮到你\n"
                   "[、]、PgUp、PgDn 座位显示不下时翻页\n"
                   "v                查看当前回合的全部记录\n"
                   "L                English / 中文（保留当前对局）\n"
                   "u                撤回你上一次的行动\n"
                   "r                重新开始：同样设置的新游戏\n"
                   "?, H, F1         本帮助及下面的规则\n"
                   "q                退出",
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
        [W_RULES_TITLE] = "规则",
        [W_RULES] =
            "一局游戏包含多场，一场包含多个回合。每回合每个存活座位秘密选择一个行动；"
            "随后所有行动同时公开；导弹使用者按随机顺序逐个分配导弹目标；然后结算并展示"
            "结果（回车：下一回合）。\n"
            "某回合至少有一名玩家死亡时，该场结束。死亡玩家从整局游戏中淘汰；存活者进入"
            "下一场时重置状态（0 点气、0 护盾、无蓄力）。最后存活的座位获胜；若剩余玩家"
            "同时死亡，或达到回合上限（rules.max_rounds），则无人获胜。\n"
            "点气用于支付行动（最小单位 0.5）：聚气 +1 点气。点气不足的行动（或护盾已达 "
            "2 层时的护盾）不会出现在菜单中。\n"
            "防御：每种防御有确定的格挡区间，例如 0~3。来袭伤害落在区间内则完全格挡；高于"
            "上限承受 伤害 - 上限，低于下限承受 下限 - 伤害：即溢出伤害。其他行动的格挡"
            "区间为 0~0。\n"
            "对攻：两名玩家同一回合互相直接攻击（拳或剑）时，两次攻击互相抵消；伤害较低的"
            "一方承受差值作为溢出伤害，伤害相等则双方都不受伤。\n"
            "护盾：每个护盾最多吸收 2 点溢出伤害，破盾数 = ceil(溢出 / 2)。护盾不足则死亡。\n"
            "行动（消耗，效果）：\n"
            "聚气：+1 点气。\n"
            "防御：消耗 0，格挡 0~3。\n"
            "拳：每个消耗 0.5，可叠加，对单目标每个造成 0.5 伤害。\n"
            "木剑 1、石剑 2、铁剑 3、金剑 4、钻石剑 5、附魔钻石剑 6：消耗该数点气，对单目标"
            "造成同样的伤害。\n"
            "羊驼：消耗 2，对其他所有玩家各造成 0.5 伤害；若施放者当回合死亡则不造成伤害。\n"
            "导弹：X 枚导弹消耗 X + 1，每枚 1 伤害（共 X），在公开后分配给座位。\n"
            "护盾：消耗 2，格挡 0~2，护盾 +1（上限 2）。\n"
            "蓄力：消耗 1，格挡 0~3；若本回合未受伤，下一次攻击 +1 伤害。\n"
            "DT 防御：消耗 1，格挡 0~4。\n"
            "空心防御：消耗 2，格挡 2~6。\n"
            "高级防御：消耗 3，格挡 0~6。\n"
            "机器人（woodsword）每场第一回合必定聚气，之后按局势（来袭威胁、消耗与伤害）"
            "加权随机选择；对本场对其造成伤害最多的对手 2 倍、对点气最低的目标 1.5 倍仇恨；"
            "只有存活对手点气大于 3 时才用 DT 防御，至少 5 时才用空心防御和高级防御；"
            "从不使用导弹。",
        [W_LOG_TITLE] = "木剑：当前回合的全部记录",
        [W_PAGER_ROWS] = "第 %d-%d 行（共 %d 行）",
        [W_PAGER_KEYS] = "上下 j/k、PgUp/PgDn [ ] 空格、Home/End：滚动   其他键：返回游戏",
    },
};


const char *arena_word(const arena_ui *au, enum arena_word w)
{
    return words[au->lang][w];
}
