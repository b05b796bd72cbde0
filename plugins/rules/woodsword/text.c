/*
 * text.c - every string Wood-Sword shows a person, in English and Chinese
 * (UTF-8): refusals, parse errors, the rendering's phrases, the verbs'
 * names and one-line help. The tables are indexed by message id, and both
 * languages of a format take the same arguments in the same order. Action
 * TEXTS (what is typed and stored in replays) are not here: they are ASCII
 * English in every language (action_text.c, sapper/arena.h).
 */
#include "state.h"

#include <stdio.h>

_Static_assert(WOODSWORD_MAX_FISTS == 24, "the fist help below says 24");

static const char *const messages[2][WOODSWORD_MSG_COUNT] = {
    [WOODSWORD_LANG_EN] = {
        [WOODSWORD_R_NOT_ACTION] = "%lld is not an arena action",
        [WOODSWORD_R_OVER] = "the game is over",
        [WOODSWORD_R_DEAD] = "seat %d is eliminated and no longer acts",
        [WOODSWORD_R_LOCKED] = "seat %d has already locked its action this round",
        [WOODSWORD_R_NO_MISSILES] = "seat %d has no missiles to place: allocate comes "
                             "after choosing missile",
        [WOODSWORD_R_SELF] = "bad target: seat %d cannot target itself",
        [WOODSWORD_R_NO_SEAT] = "bad target: there is no seat %d (seats 1 to %d)",
        [WOODSWORD_R_TARGET_DEAD] = "bad target: seat %d is eliminated",
        [WOODSWORD_R_POINTS] = "not enough points: %s costs %s, you have %s",
        [WOODSWORD_R_SHIELD_CAP] = "shield is at its cap of %d",
        [WOODSWORD_R_FISTS] = "at most %d fists at once",
        [WOODSWORD_R_UNPLACED] = "missiles not all placed: seat %d still has %d to "
                          "place (allocate T)",
        [WOODSWORD_R_NOT_TURN] = "it is seat %d's turn to place missiles",
        [WOODSWORD_R_JOINT_SIZE] = "expected %d actions, one per seat, got %d",
        [WOODSWORD_R_SEAT_SAYS] = "seat %d: %s",
        [WOODSWORD_P_EMPTY] = "no action given: try gather, defense, fist 2, "
                       "wood_sword 2, missile 3 or allocate 2",
        [WOODSWORD_P_UNKNOWN] = "unknown action \"%s\": the actions are gather, "
                         "defense, fist, wood_sword, stone_sword, iron_sword, "
                         "gold_sword, diamond_sword, enchanted_diamond_sword, "
                         "llama, missile, shield, prep, dt_defense, "
                         "hollow_defense, superior_defense and allocate",
        [WOODSWORD_P_TARGET] = "\"%s\": %s needs a target seat from 1 to %d, as in "
                        "\"%s 2\"",
        [WOODSWORD_P_COUNT] = "\"%s\": %s takes a count from 1 to %d, as in \"%s\"",
        [WOODSWORD_P_EXTRA] = "\"%s\": unexpected \"%s\" after the action",
        [WOODSWORD_T_HEADER] = "Wood-Sword - match %d, round %d - %d of %d seats alive\n",
        [WOODSWORD_T_SEAT] = "seat %d",
        [WOODSWORD_T_POINTS] = "points %s",
        [WOODSWORD_T_SHIELDS] = "shields %d",
        [WOODSWORD_T_PREP] = "prep",
        [WOODSWORD_T_ALIVE] = "alive",
        [WOODSWORD_T_OUT] = "eliminated in match %d",
        [WOODSWORD_T_LAST] = "Last round (match %d, round %d):\n",
        [WOODSWORD_T_ATTACK] = "  %s -> %s %s (%s)",
        [WOODSWORD_T_DUEL] = " [duel]",
        [WOODSWORD_T_PLAIN] = "  %s %s",
        [WOODSWORD_T_LLAMA] = "  %s %s (0.5 to every other seat)",
        [WOODSWORD_T_FIZZLED] = " [fizzled: the caster died]",
        [WOODSWORD_T_CANCELLED] = " [fizzled: with them the llama casters would have "
                           "killed each other, so no llama counts]",
        [WOODSWORD_T_MISSILE] = "  %s %s x%d ->",
        [WOODSWORD_T_HIT] = "  %s took %s, overflow %s",
        [WOODSWORD_T_BROKEN] = ", %d shield(s) broken",
        [WOODSWORD_T_DIED] = ", died",
        [WOODSWORD_T_ELIMINATED] = "Eliminated:",
        [WOODSWORD_T_NEXT_MATCH] = "Match %d is over. Match %d begins: survivors reset "
                            "to 0 points, 0 shields, no prep.\n",
        [WOODSWORD_T_WINNER] = "Game over: %s wins.\n",
        [WOODSWORD_T_NO_WINNER_DEAD] = "Game over: no winner, everyone left died in "
                                "the same round.\n",
        [WOODSWORD_T_NO_WINNER_LIMIT] = "Game over: no winner, the %d-round limit was "
                                 "reached.\n",
        [WOODSWORD_T_CHOOSING] = "Every alive seat picks an action in secret.\n",
        [WOODSWORD_T_LOCKED_BY] = "  %s has locked %s\n",
        [WOODSWORD_T_YOUR_TURN] = "Your move, %s (%s points). Actions (T = target "
                           "seat):\n",
        [WOODSWORD_T_YOUR_LOCK] = "You (%s) locked %s; waiting for the others.\n",
        [WOODSWORD_T_REVEALED] = "Revealed actions (match %d, round %d):\n",
        [WOODSWORD_T_PLACING] = "%s places missiles: %d left.\n",
        [WOODSWORD_T_YOUR_MISSILE] = "Place your missile %d of %d: allocate T\n",
        [WOODSWORD_T_TARGETS] = "  targets T:",
        [WOODSWORD_T_PLACED_ON] = "  missiles placed so far:",
        [WOODSWORD_T_SEP] = ", ",
    },
    [WOODSWORD_LANG_ZH] = {
        [WOODSWORD_R_NOT_ACTION] = "%lld 不是有效的竞技场行动",
        [WOODSWORD_R_OVER] = "游戏已结束",
        [WOODSWORD_R_DEAD] = "座位 %d 已被淘汰，不能再行动",
        [WOODSWORD_R_LOCKED] = "座位 %d 本回合已锁定行动",
        [WOODSWORD_R_NO_MISSILES] = "座位 %d 没有待分配的导弹：先选择 missile 再分配",
        [WOODSWORD_R_SELF] = "目标无效：座位 %d 不能以自己为目标",
        [WOODSWORD_R_NO_SEAT] = "目标无效：没有座位 %d（座位为 1 到 %d）",
        [WOODSWORD_R_TARGET_DEAD] = "目标无效：座位 %d 已被淘汰",
        [WOODSWORD_R_POINTS] = "点气不足：%s 需要 %s，你只有 %s",
        [WOODSWORD_R_SHIELD_CAP] = "护盾已达上限 %d",
        [WOODSWORD_R_FISTS] = "一次最多 %d 拳",
        [WOODSWORD_R_UNPLACED] = "导弹尚未分配完：座位 %d 还有 %d 枚待分配（allocate T）",
        [WOODSWORD_R_NOT_TURN] = "现在轮到座位 %d 分配导弹",
        [WOODSWORD_R_JOINT_SIZE] = "需要 %d 个行动（每个座位一个），收到 %d 个",
        [WOODSWORD_R_SEAT_SAYS] = "座位 %d：%s",
        [WOODSWORD_P_EMPTY] = "没有输入行动：例如 gather、defense、fist 2、wood_sword 2、"
                       "missile 3 或 allocate 2",
        [WOODSWORD_P_UNKNOWN] = "未知行动 \"%s\"：可用行动为 gather、defense、fist、"
                         "wood_sword、stone_sword、iron_sword、gold_sword、"
                         "diamond_sword、enchanted_diamond_sword、llama、missile、"
                         "shield、prep、dt_defense、hollow_defense、"
                         "superior_defense 和 allocate",
        [WOODSWORD_P_TARGET] = "\"%s\"：%s 需要目标座位（1 到 %d），例如 \"%s 2\"",
        [WOODSWORD_P_COUNT] = "\"%s\"：%s 的数量须为 1 到 %d，例如 \"%s\"",
        [WOODSWORD_P_EXTRA] = "\"%s\"：行动后有多余内容 \"%s\"",
        [WOODSWORD_T_HEADER] = "木剑 - 第 %d 场，第 %d 回合 - %d/%d 人存活\n",
        [WOODSWORD_T_SEAT] = "座位 %d",
        [WOODSWORD_T_POINTS] = "点气 %s",
        [WOODSWORD_T_SHIELDS] = "护盾 %d",
        [WOODSWORD_T_PREP] = "蓄力",
        [WOODSWORD_T_ALIVE] = "存活",
        [WOODSWORD_T_OUT] = "第 %d 场被淘汰",
        [WOODSWORD_T_LAST] = "上一回合（第 %d 场，第 %d 回合）：\n",
        [WOODSWORD_T_ATTACK] = "  %s -> %s %s（%s）",
        [WOODSWORD_T_DUEL] = " [对攻]",
        [WOODSWORD_T_PLAIN] = "  %s %s",
        [WOODSWORD_T_LLAMA] = "  %s %s（对其他所有人各 0.5）",
        [WOODSWORD_T_FIZZLED] = " [施放者阵亡，无效]",
        [WOODSWORD_T_CANCELLED] = " [无效：羊驼施放者会互相致死，所有羊驼均不计]",
        [WOODSWORD_T_MISSILE] = "  %s %s x%d ->",
        [WOODSWORD_T_HIT] = "  %s 受到 %s，溢出 %s",
        [WOODSWORD_T_BROKEN] = "，破盾 %d",
        [WOODSWORD_T_DIED] = "，死亡",
        [WOODSWORD_T_ELIMINATED] = "淘汰：",
        [WOODSWORD_T_NEXT_MATCH] = "第 %d 场结束。第 %d 场开始：存活者重置为 0 点气、"
                            "0 护盾、无蓄力。\n",
        [WOODSWORD_T_WINNER] = "游戏结束：%s 获胜。\n",
        [WOODSWORD_T_NO_WINNER_DEAD] = "游戏结束：无人获胜，剩余玩家在同一回合全部死亡。\n",
        [WOODSWORD_T_NO_WINNER_LIMIT] = "游戏结束：无人获胜，已达到 %d 回合上限。\n",
        [WOODSWORD_T_CHOOSING] = "所有存活玩家正在秘密选择行动。\n",
        [WOODSWORD_T_LOCKED_BY] = "  %s 已锁定 %s\n",
        [WOODSWORD_T_YOUR_TURN] = "轮到你了，%s（点气 %s）。可用行动（T = 目标座位）：\n",
        [WOODSWORD_T_YOUR_LOCK] = "你（%s）已锁定 %s，等待其他玩家。\n",
        [WOODSWORD_T_REVEALED] = "已公开的行动（第 %d 场，第 %d 回合）：\n",
        [WOODSWORD_T_PLACING] = "%s 正在分配导弹：剩余 %d 枚。\n",
        [WOODSWORD_T_YOUR_MISSILE] = "分配你的第 %d 枚导弹（共 %d 枚）：allocate T\n",
        [WOODSWORD_T_TARGETS] = "  目标 T：",
        [WOODSWORD_T_PLACED_ON] = "  已分配的导弹：",
        [WOODSWORD_T_SEP] = "、",
    },
};

static const char *const verb_names[2][SAPPER_ARENA_VERBS] = {
    [WOODSWORD_LANG_EN] = {
        "gather", "defense", "fist", "wood_sword", "stone_sword", "iron_sword",
        "gold_sword", "diamond_sword", "enchanted_diamond_sword", "llama",
        "missile", "shield", "prep", "dt_defense", "hollow_defense",
        "superior_defense", "allocate",
    },
    [WOODSWORD_LANG_ZH] = {
        "聚气", "防御", "拳", "木剑", "石剑", "铁剑", "金剑", "钻石剑",
        "附魔钻石剑", "羊驼", "导弹", "护盾", "蓄力", "DT 防御", "空心防御",
        "高级防御", "分配导弹",
    },
};

static const char *const verb_help[2][SAPPER_ARENA_VERBS] = {
    [WOODSWORD_LANG_EN] = {
        "+1 point",
        "cost 0, blocks 0~3",
        "cost 0.5 per fist (up to 24), 0.5 damage each to one seat",
        "cost 1, 1 damage to one seat",
        "cost 2, 2 damage to one seat",
        "cost 3, 3 damage to one seat",
        "cost 4, 4 damage to one seat",
        "cost 5, 5 damage to one seat",
        "cost 6, 6 damage to one seat",
        "cost 2, 0.5 damage to every other seat; nothing if you die this round",
        "X missiles cost X+1, 1 damage each, placed on seats after the reveal",
        "cost 2, blocks 0~2, +1 shield (at most 2)",
        "cost 1, blocks 0~3; next fist or sword +1 if nothing comes at you",
        "cost 1, blocks 0~4",
        "cost 2, blocks 2~6 (less than 2 incoming overflows too)",
        "cost 3, blocks 0~6",
        "place one missile on seat T",
    },
    [WOODSWORD_LANG_ZH] = {
        "+1 点气",
        "消耗 0，格挡 0~3",
        "每拳消耗 0.5（最多 24 拳），对单目标每拳 0.5 伤害",
        "消耗 1，对单目标造成 1 伤害",
        "消耗 2，对单目标造成 2 伤害",
        "消耗 3，对单目标造成 3 伤害",
        "消耗 4，对单目标造成 4 伤害",
        "消耗 5，对单目标造成 5 伤害",
        "消耗 6，对单目标造成 6 伤害",
        "消耗 2，对其他所有人各造成 0.5 伤害；若你本回合死亡则无效",
        "X 枚导弹消耗 X+1，每枚 1 伤害，公开后分配目标",
        "消耗 2，格挡 0~2，护盾 +1（上限 2）",
        "消耗 1，格挡 0~3；若本回合无来袭伤害，下一次拳或剑伤害 +1",
        "消耗 1，格挡 0~4",
        "消耗 2，格挡 2~6（来袭低于 2 也会溢出）",
        "消耗 3，格挡 0~6",
        "向座位 T 分配一枚导弹",
    },
};

static int32_t lang_index(int32_t lang)
{
    return lang == WOODSWORD_LANG_ZH ? WOODSWORD_LANG_ZH : WOODSWORD_LANG_EN;
}

const char *woodsword_msg(int32_t lang, enum woodsword_msg id)
{
    return id >= 0 && id < WOODSWORD_MSG_COUNT ? messages[lang_index(lang)][id] : "";
}

const char *woodsword_verb_name(int32_t lang, int32_t verb)
{
    return verb >= 0 && verb < SAPPER_ARENA_VERBS ? verb_names[lang_index(lang)][verb] : "?";
}

const char *woodsword_verb_help(int32_t lang, int32_t verb)
{
    return verb >= 0 && verb < SAPPER_ARENA_VERBS ? verb_help[lang_index(lang)][verb] : "";
}

const char *woodsword_half(char *buf, int32_t half)
{
    const char *sign = half < 0 ? "-" : "";
    int32_t a = half < 0 ? -half : half;
    snprintf(buf, 16, "%s%d%s", sign, (int)(a / 2), a % 2 ? ".5" : "");
    return buf;
}

void woodsword_say(const woodsword_state *s, char *err, size_t errcap,
                   enum woodsword_msg id, ...)
{
    if (!err || errcap == 0)
        return;
    va_list ap;
    va_start(ap, id);
    vsnprintf(err, errcap, woodsword_msg(s->game->lang, id), ap);
    va_end(ap);
}

int64_t woodsword_action_label(const void *game, int64_t action, const char *language,
                               int32_t whole, char *buf, size_t cap)
{
    (void)game;
    int32_t verb, target, count;
    int32_t lang = language && strcmp(language, "zh") == 0 ? WOODSWORD_LANG_ZH
                 : language && strcmp(language, "en") == 0 ? WOODSWORD_LANG_EN : -1;
    if (lang < 0 || !sapper_arena_decode(action, &verb, &target, &count)) {
        if (cap)
            buf[0] = '\0';
        return 0;
    }
    const char *name = woodsword_verb_name(lang, verb);
    int n = !whole ? snprintf(buf, cap, "%s", name)
          : sapper_arena_has_count(verb) && sapper_arena_has_target(verb)
              ? snprintf(buf, cap, "%s x%d -> %d", name, (int)count, (int)target + 1)
          : sapper_arena_has_target(verb) ? snprintf(buf, cap, "%s -> %d", name, (int)target + 1)
          : sapper_arena_has_count(verb) ? snprintf(buf, cap, "%s x%d", name, (int)count)
          : snprintf(buf, cap, "%s", name);
    return n < 0 ? 0 : n;
}
