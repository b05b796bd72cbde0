"""transcript.py - the engine's side of the seat protocol (docs/PROTOCOL.md)
as text, for driving process bots without the engine: the lines of a game
header, a mines or arena view, a legal line from action ids, and boards
made from a mine layout. Used by test_kits.py and bench/bench_kit.py.

It does not check the bots' answers (the tests do) or keep a game going:
a transcript is written in full before the bot reads it.
"""

import random

MINES_VERBS = ("reveal", "flag", "chord", "bomb")


def greeting():
    return "sapper 1\n"


def game_header(number=1, rules="classic", family="mines", version=2, seat=1,
                players=1, params=None, seed=11400714819323198485, limits="1 0"):
    lines = ["game %d" % number, "rules %s %s %d" % (rules, family, version),
             "seat %d %d" % (seat, players)]
    for key, value in (params or {}).items():
        lines.append("param %s %s" % (key, value))
    lines += ["seed %d" % seed, "limits %s" % limits, "start"]
    return "\n".join(lines) + "\n"


def count_around(mines, x, y):
    return sum((x + dx, y + dy) in mines for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def flood(w, h, mines, start):
    """The cells a reveal of start opens (a 0 opens its neighbours)."""
    mines = set(mines)
    seen, todo = set(), [start]
    while todo:
        x, y = todo.pop()
        if (x, y) in seen or (x, y) in mines or not (0 <= x < w and 0 <= y < h):
            continue
        seen.add((x, y))
        if count_around(mines, x, y) == 0:
            todo += [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    return seen


def board_rows(w, h, mines, opened, marks=None):
    """Rows of glyphs: opened cells as their numbers, marks[(x, y)] as given
    ('F', 'A', ...), the rest '?'."""
    mines, marks = set(mines), marks or {}
    rows = []
    for y in range(h):
        row = []
        for x in range(w):
            if (x, y) in marks:
                row.append(marks[(x, y)])
            elif (x, y) in opened:
                row.append(str(count_around(mines, x, y)))
            else:
                row.append("?")
        rows.append("".join(row))
    return rows


def runs(ids):
    """START+COUNT words for sorted ids."""
    out = []
    for i in sorted(ids):
        if out and out[-1][0] + out[-1][1] == i:
            out[-1][1] += 1
        else:
            out.append([i, 1])
    return ["%d+%d" % (s, c) for s, c in out]


def legal_line(ids):
    ids = sorted(set(ids))
    r = runs(ids)
    return "legal %d %d %s\n" % (len(ids), len(r), " ".join(r))


def mines_legal_ids(w, h, rows, verbs=("reveal", "flag")):
    """Reveal every '?' cell, flag every '?', 'F' or 'M' one."""
    ids = []
    for y, row in enumerate(rows):
        for x, g in enumerate(row):
            if "reveal" in verbs and g == "?":
                ids.append(y * w + x)
            if "flag" in verbs and g in "?FM":
                ids.append(w * h + y * w + x)
    return ids


def mines_view(w, h, rows, mines=10, exposed=0, flags=0, to_move=1, players=1,
               moves=1, points="0", bombs="0"):
    lines = ["view mines %d %d" % (w, h),
             "info mines=%d mines_exposed=%d flags=%d to_move=%d players=%d moves=%d "
             "points=%s bombs=%s" % (mines, exposed, flags, to_move, players, moves,
                                     points, bombs)]
    lines += ["row " + r for r in rows]
    return "\n".join(lines) + "\n"


def go(move=1, game=-1):
    return "go %s %s\n" % (move, game)


def mines_turn(w, h, rows, legal=True, did=(), **info):
    text = "".join("did %d %s\n" % d for d in did)
    text += mines_view(w, h, rows, **info)
    if legal:
        text += legal_line(mines_legal_ids(w, h, rows))
    return text + go()


def random_position(w, h, mines, seed, start=None):
    """A layout of mines (seeded) and the rows after one reveal at start
    (the middle by default), with the start's neighbourhood mine-free."""
    rng = random.Random(seed)
    start = start or (w // 2, h // 2)
    free = {(start[0] + dx, start[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    cells = [(x, y) for y in range(h) for x in range(w) if (x, y) not in free]
    layout = set(rng.sample(cells, mines))
    return layout, board_rows(w, h, layout, flood(w, h, layout, start))


ARENA_TERMS = (
    "gather cost=0,0 damage=0,0 block=0,0", "defense cost=0,0 damage=0,0 block=0,3",
    "fist cost=0,1 damage=0,1 block=0,0", "wood_sword cost=2,0 damage=2,0 block=0,0",
    "stone_sword cost=4,0 damage=4,0 block=0,0", "iron_sword cost=6,0 damage=6,0 block=0,0",
    "gold_sword cost=8,0 damage=8,0 block=0,0", "diamond_sword cost=10,0 damage=10,0 block=0,0",
    "enchanted_diamond_sword cost=12,0 damage=12,0 block=0,0",
    "llama cost=4,0 damage=1,0 block=0,0", "missile cost=2,2 damage=0,2 block=0,0",
    "shield cost=4,0 damage=0,0 block=0,2", "prep cost=2,0 damage=0,0 block=0,3",
    "dt_defense cost=2,0 damage=0,0 block=0,4", "hollow_defense cost=4,0 damage=0,0 block=2,6",
    "superior_defense cost=6,0 damage=0,0 block=0,6",
    "allocate cost=0,0 damage=0,0 block=0,0",
)

SEAT_FIELDS = ("alive=1 points={points} shields=0 prep=0 choice={choice} missiles_left=0 "
               "missiles_on=0 alloc_turn=0 dealt_to_viewer=0 last_action={last} "
               "last_target={target} last_damage=0 last_incoming=0 last_overflow=0 "
               "last_shields_broken=0 last_died=0 last_points=4 last_shields=0 "
               "last_duel=0 out_match=0")


def arena_view(players=4, seat=1):
    lines = ["view arena %d" % players,
             "info seat=%d to_move=all phase=choose match=1 round=3 rounds_played=2 "
             "max_rounds=100 alive=%d winner=0 last_match=1 last_round=2 allocator=0 "
             "prep_bonus=2" % (seat, players)]
    lines += ["terms " + t for t in ARENA_TERMS]
    for s in range(1, players + 1):
        lines.append(("seat %d " % s) + SEAT_FIELDS.format(
            points=4 + s, choice="gather" if s == seat else "-",
            last="fist,2,x3" if s == 1 else "gather", target=2 if s == 1 else 0))
    return "\n".join(lines) + "\n"


# An arena legal list: ids and the texts they stand for.
ARENA_LEGAL = {
    0: "gather", 4096: "defense", 2 * 4096 + 1: "fist 2", 2 * 4096 + 2: "fist 3",
    2 * 4096 + 3: "fist 4", 2 * 4096 + 64 + 1: "fist 2 x2", 3 * 4096 + 1: "wood_sword 2",
    9 * 4096: "llama", 10 * 4096 + 64: "missile 2", 16 * 4096 + 64 + 2: "allocate 3 2",
    16 * 4096 + 3: "allocate 4",
}
