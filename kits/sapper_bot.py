"""sapper_bot.py - the seat protocol (docs/PROTOCOL.md, version 1) as one
function you write: a process bot for Sapper in Python 3, standard library
only.

    import sapper_bot

    def choose(view, legal):
        return legal[0]             # or "reveal 3 4", or ["flag 1 1", "reveal 2 2"]

    sapper_bot.run(choose, id="mybot", name="My bot", families=("mines",))

run() does the handshake, reads each game, and calls choose(view, legal) on
every `go`:

- view is a MinesView (families classic, deductive, seeker) or an ArenaView
  (woodsword). Both carry .game (a Game: rules_id, family, seat, players,
  params, seed, limits), .did (the [(seat, action text)] played by others
  since your last answer), .move_seconds and .game_left (of the `go` line).
- legal is the list of legal action texts ("reveal 3 4", "fist 2 x3") when
  run(want_legal=True), else None.
- choose returns one action text, or a list of them: several actions you
  are sure of, played in order until the game ends, the turn passes or one
  is no longer legal (at most 256; more are dropped).

What it does not do: play (your choose does), keep state between turns
(keep your own, in a closure or a global, reset in on_game), or guard the
clock (answer within view.move_seconds).

Standard input and output belong to the protocol: run() reads file
descriptor 0 itself, in large chunks (do not read sys.stdin), and sends
print() and sys.stdout to standard error, which is the bot's log. An exception in
choose ends the bot with its traceback on standard error (the engine scores
the game lost, reason `exit`). Seats are numbered from 1; mines
coordinates from 0 (x the column, y the row).
"""

import os
import re
import sys

PROTOCOL_VERSION = 1
MAX_ACTIONS = 256          # per answer
MAX_LINE = 8192            # a bot's line, '\n' included

MINES_VERBS = ("reveal", "flag", "chord", "bomb")
ARENA_VERBS = (
    "gather", "defense", "fist", "wood_sword", "stone_sword", "iron_sword",
    "gold_sword", "diamond_sword", "enchanted_diamond_sword", "llama",
    "missile", "shield", "prep", "dt_defense", "hollow_defense",
    "superior_defense", "allocate",
)
ARENA_STRIDE = 4096        # id = verb * 4096 + (count - 1) * 64 + (target - 1)
ARENA_SEATS = 64
_FIST, _MISSILE, _ALLOCATE = 2, 10, 16
_TARGETED = frozenset((2, 3, 4, 5, 6, 7, 8, 16))   # fist, the swords, allocate
_ACTION_FIELDS = frozenset(("choice", "last_action"))
_ID_RE = re.compile(r"[a-z0-9_.-]{1,32}\Z")

# Glyphs of the mines view: a cell that is known to hold a mine, and one
# still closed (hidden, flagged, marked).
MINE_GLYPHS = frozenset("FM*AB")
KNOWN_MINE_GLYPHS = frozenset("*AB")
CLOSED_GLYPHS = frozenset("?FM")


def log(*args):
    """Writes a line to standard error: the bot's log."""
    print(*args, file=sys.stderr, flush=True)


class ProtocolError(Exception):
    """The engine sent something this kit cannot read."""


# ---- games and views ---------------------------------------------------

class Game:
    """One game, as the engine announced it before `start`."""

    __slots__ = ("number", "rules_id", "family", "family_version", "seat",
                 "players", "params", "seed", "move_limit", "game_limit")

    def __init__(self, number):
        self.number = number          # of this process's games, from 1
        self.rules_id = ""            # "classic", "seeker", "woodsword", ...
        self.family = ""              # "mines" or "arena"
        self.family_version = 0
        self.seat = 0                 # yours, from 1
        self.players = 0
        self.params = {}              # public rules parameters, values as text
        self.seed = 0                 # your seed: use it for every random choice
        self.move_limit = 0.0         # seconds per answer (0: none)
        self.game_limit = 0.0         # seconds for the game (0: none)

    def __repr__(self):
        return ("Game(%d, %s %s v%d, seat %d of %d, seed %d)" %
                (self.number, self.rules_id, self.family, self.family_version,
                 self.seat, self.players, self.seed))


# Neighbour lists by board size, shared by every view of that size: built
# once, so a turn makes no per-cell objects.
_NEIGHBOURS = {}


def _neighbour_table(w, h):
    table = _NEIGHBOURS.get((w, h))
    if table is None:
        table = []
        for y in range(h):
            for x in range(w):
                table.append(tuple((nx, ny)
                                   for ny in (y - 1, y, y + 1) if 0 <= ny < h
                                   for nx in (x - 1, x, x + 1) if 0 <= nx < w
                                   if nx != x or ny != y))
        _NEIGHBOURS[(w, h)] = table
    return table


def _number(text):
    """An int, a list of ints for "3,5", None for "-", else the text."""
    try:
        return int(text)
    except ValueError:
        pass
    if text == "-":
        return None
    if "," in text:
        try:
            return [int(p) for p in text.split(",")]
        except ValueError:
            pass
    return text


def _fields(words):
    """key=value words into a dict of _number values."""
    out = {}
    for word in words:
        key, eq, value = word.partition("=")
        if eq:
            out[key] = int(value) if value.isdigit() else _number(value)
    return out


class MinesView:
    """The position of a mines-family game as you see it.

    rows are the board's lines (strings, top to bottom); cells the same as
    lists of one-character glyphs: `?` hidden, `F` flagged, `M` marked,
    `0`-`8` revealed, `*` an exposed mine, `A`/`B` a mine claimed by seat
    1/2. Fields of the info line: mines, mines_exposed, flags, to_move,
    players, moves (ints), points and bombs (lists, one per seat); info
    holds every field of the line, those a newer engine adds included."""

    family = "mines"

    def __init__(self, game, width, height, rows, info):
        self.game = game
        self.seat = game.seat
        self.width = width
        self.height = height
        self.rows = rows
        self._cells = None
        self.info = info
        self.mines = info.get("mines", 0)
        self.mines_exposed = info.get("mines_exposed", 0)
        self.flags = info.get("flags", 0)
        self.to_move = info.get("to_move", 0)
        self.players = info.get("players", game.players)
        self.moves = info.get("moves", 0)
        self.points = _as_list(info.get("points", 0))
        self.bombs = _as_list(info.get("bombs", 0))
        self.did = []
        self.move_seconds = 0.0
        self.game_left = -1.0
        self._nb = _neighbour_table(width, height)

    @property
    def cells(self):
        """The rows as lists of glyphs (made on first use: cells[y][x])."""
        if self._cells is None:
            self._cells = [list(r) for r in self.rows]
        return self._cells

    def cell(self, x, y):
        """The glyph at column x, row y (from 0)."""
        return self.rows[y][x]

    def inside(self, x, y):
        return 0 <= x < self.width and 0 <= y < self.height

    def neighbours(self, x, y):
        """The in-board neighbours of (x, y), up to 8, as (x, y) tuples
        (a shared tuple: do not change it)."""
        return self._nb[y * self.width + x]

    def find(self, glyphs):
        """The (x, y) of every cell whose glyph is one of glyphs, row by row."""
        out = []
        for y, row in enumerate(self.rows):
            for g in glyphs:
                x = row.find(g)
                while x >= 0:
                    out.append((x, y))
                    x = row.find(g, x + 1)
        if len(glyphs) > 1:
            out.sort(key=lambda c: (c[1], c[0]))
        return out

    def hidden(self):
        """Every hidden cell (`?`: neither revealed, flagged nor marked)."""
        return self.find("?")

    def flagged(self):
        return self.find("F")

    def closed(self):
        """Every cell not yet opened: hidden, flagged or marked."""
        return self.find("?FM")

    def count(self, glyph):
        """How many cells show glyph."""
        return sum(row.count(glyph) for row in self.rows)

    def __str__(self):
        return "%d %d %d\n%s" % (self.width, self.height, self.mines,
                                 "\n".join(self.rows))


def _as_list(v):
    return v if isinstance(v, list) else [v]


class ArenaView:
    """The position of an arena-family game (woodsword) as you see it.

    Every key of the info line is an attribute (seat, to_move, phase, match,
    round, rounds_played, max_rounds, alive, winner, last_match,
    last_round, allocator, prep_bonus, ...): numbers as ints, seat
    references from 1 (0: none), to_move the string "all" while every
    alive seat chooses at once. terms maps each verb to
    {"cost": [base, per], "damage": [base, per], "block": [lo, hi]} in half
    units; seats holds one dict per seat (seats[0] is seat 1), every field
    named, "seat" its number, actions as text ("fist 2 x3"), None for
    none."""

    family = "arena"

    def __init__(self, game, players, info, terms, seats):
        self.game = game
        self.players = players
        self.info = info
        self.seat = game.seat
        self.to_move = 0
        self.phase = ""
        for key, value in info.items():
            setattr(self, key, value)
        self.terms = terms
        self.seats = seats
        self.did = []
        self.move_seconds = 0.0
        self.game_left = -1.0

    def me(self):
        """Your own seat's dict."""
        return self.seats[self.seat - 1]


def _arena_terms(lines):
    terms = {}
    for words in lines:
        if len(words) >= 2:
            terms[words[1]] = _fields(words[2:])
    return terms


def _arena_seat(words):
    seat = _fields(words[2:])
    seat["seat"] = int(words[1])
    for key in _ACTION_FIELDS:
        v = seat.get(key)
        if isinstance(v, str):
            seat[key] = v.replace(",", " ")
        elif isinstance(v, int):
            seat[key] = str(v)
    return seat


# ---- action ids --------------------------------------------------------

_MINES_TEXTS = {}          # (w, h) -> the texts of every id of that board
_ARENA_TEXTS = {}          # id -> text
_MINES_CACHE_CELLS = 1 << 16


def _mines_texts(w, h):
    """Every action text of a w x h board, indexed by id (boards up to
    _MINES_CACHE_CELLS cells; a larger one is decoded id by id)."""
    texts = _MINES_TEXTS.get((w, h))
    if texts is None:
        texts = ["%s %d %d" % (word, x, y) for word in MINES_VERBS
                 for y in range(h) for x in range(w)]
        _MINES_TEXTS[(w, h)] = texts
    return texts


def mines_action_text(id, width, height):
    """The text of a mines action id on a width x height board, or None."""
    cells = width * height
    if cells <= 0 or id < 0 or id >= len(MINES_VERBS) * cells:
        return None
    verb, cell = divmod(id, cells)
    return "%s %d %d" % (MINES_VERBS[verb], cell % width, cell // width)


def arena_action_text(id):
    """The text of an arena action id ("fist 2 x3"), or None."""
    text = _ARENA_TEXTS.get(id)
    if text is not None:
        return text
    verb, rest = divmod(id, ARENA_STRIDE)
    count, target = rest // ARENA_SEATS + 1, rest % ARENA_SEATS + 1
    if id < 0 or verb >= len(ARENA_VERBS):
        return None
    word = ARENA_VERBS[verb]
    if verb == _MISSILE:
        text = "%s %d" % (word, count)
    elif verb == _FIST and count > 1:
        text = "%s %d x%d" % (word, target, count)
    elif verb == _ALLOCATE and count > 1:
        text = "%s %d %d" % (word, target, count)
    elif verb in _TARGETED:
        text = "%s %d" % (word, target)
    else:
        text = word
    _ARENA_TEXTS[id] = text
    return text


def _runs(words):
    """(start, count) of each START+COUNT word of a legal line."""
    out = []
    for word in words:
        start, plus, count = word.partition("+")
        if plus:
            out.append((int(start), int(count)))
    return out


def decode_legal(words, family, width=0, height=0):
    """The action texts of a `legal N R runs...` line split into words."""
    out = []
    if family == "mines" and 0 < width * height <= _MINES_CACHE_CELLS:
        texts = _mines_texts(width, height)
        end = len(texts)
        for start, count in _runs(words[3:]):
            if 0 <= start and start + count <= end:
                out += texts[start:start + count]
    elif family == "mines":
        for start, count in _runs(words[3:]):
            out.extend(t for t in (mines_action_text(i, width, height)
                                   for i in range(start, start + count)) if t)
    else:
        for start, count in _runs(words[3:]):
            out.extend(t for t in map(arena_action_text, range(start, start + count)) if t)
    if len(out) != int(words[1]):
        log("sapper_bot: legal line announces %s actions, its runs hold %d"
            % (words[1], len(out)))
    return out


# ---- the session -------------------------------------------------------

def _hello(id, name, version, author, families, want_legal):
    lines = []
    if id is not None:
        if not _ID_RE.match(id):
            raise ValueError("sapper_bot: id %r: 1-32 characters of a-z 0-9 _ - ." % id)
        lines.append("id " + id)
    for key, value, cap in (("name", name, 64), ("version", version, 32),
                            ("author", author, 64)):
        if value is None:
            continue
        if "\n" in value or "\r" in value or len(value.encode()) > cap:
            raise ValueError("sapper_bot: %s %r: one line of up to %d bytes" % (key, value, cap))
        lines.append("%s %s" % (key, value))
    if isinstance(families, str):
        families = (families,)
    if not families:
        raise ValueError("sapper_bot: families: at least one of 'mines', 'arena'")
    for f in families:
        if f not in ("mines", "arena"):
            raise ValueError("sapper_bot: family %r: 'mines' or 'arena'" % f)
        lines.append("family " + f)
    if want_legal:
        lines.append("option legal")
    lines.append("ready %d" % PROTOCOL_VERSION)
    return "\n".join(lines) + "\n"


def _answer(actions):
    """The `move ...` line for what choose returned."""
    if isinstance(actions, str):
        actions = (actions,)
    elif actions is None:
        raise TypeError("sapper_bot: choose returned None: return an action text or a list of them")
    actions = list(actions)
    if not actions:
        raise ValueError("sapper_bot: choose returned no action")
    for a in actions:
        if not isinstance(a, str) or not a or ";" in a or "\n" in a:
            raise ValueError("sapper_bot: choose returned %r: an action text such as 'reveal 3 4'" % (a,))
    if len(actions) > MAX_ACTIONS:
        actions = actions[:MAX_ACTIONS]
    line = "move " + ";".join(actions) + "\n"
    while len(line.encode()) > MAX_LINE and len(actions) > 1:
        actions = actions[:len(actions) // 2]
        line = "move " + ";".join(actions) + "\n"
    return line


class _Lines:
    """Lines of a file descriptor, read in large chunks and decoded a chunk
    at a time (a turn's twenty lines cost one read and one decode). Cuts
    only after a '\\n', so a UTF-8 character is never split."""

    def __init__(self, fd):
        self.fd = fd
        self.pending = b""
        self.lines = []
        self.at = 0

    def next(self):
        """The next line without its '\\n' (or '\\r\\n'), or None at the end."""
        while self.at >= len(self.lines):
            data = os.read(self.fd, 1 << 16)
            if not data:
                last, self.pending = self.pending, b""
                return last.decode("utf-8", "replace").rstrip("\r") if last else None
            buf = self.pending + data
            cut = buf.rfind(b"\n")
            if cut < 0:
                self.pending = buf
                continue
            self.pending = buf[cut + 1:]
            self.lines = buf[:cut].decode("utf-8", "replace").split("\n")
            self.at = 0
        line = self.lines[self.at]
        self.at += 1
        return line[:-1] if line.endswith("\r") else line

    def take_rows(self, n):
        """The next n lines' text after "row " when all n are buffered and
        are row lines, else None (nothing taken)."""
        block = self.lines[self.at:self.at + n]
        if len(block) != n:
            return None
        for line in block:
            if not line.startswith("row "):
                return None
        self.at += n
        return [line[4:] for line in block]


class _Session:
    """One bot process's conversation: the state between lines."""

    def __init__(self, choose, reader, out, on_game, on_end):
        self.choose = choose
        self.reader = reader
        self.out = out
        self.on_game = on_game
        self.on_end = on_end
        self.game = None
        self.playing = False
        self.warned = set()
        self._reset_turn()

    def _reset_turn(self):
        self.did = []
        self.kind = None
        self.head = None
        self.height = 0
        self.info = ""
        self.rows = []
        self.terms = []
        self.seats = []
        self.legal = None

    def send(self, text):
        self.out.write(text.encode())
        self.out.flush()

    def unknown(self, line):
        word = line.split(" ", 1)[0]
        if word not in self.warned:
            self.warned.add(word)
            log("sapper_bot: ignored a line it does not know: %r" % line[:80])

    # the game header: game .. start
    def header(self, word, rest, line):
        g = self.game
        if word == "rules":
            p = rest.split(" ")
            g.rules_id, g.family = p[0], p[1] if len(p) > 1 else ""
            g.family_version = int(p[2]) if len(p) > 2 else 0
        elif word == "seat":
            p = rest.split(" ")
            g.seat, g.players = int(p[0]), int(p[1])
        elif word == "param":
            key, _, value = rest.partition(" ")
            g.params[key] = value
        elif word == "seed":
            g.seed = int(rest)
        elif word == "limits":
            p = rest.split(" ")
            g.move_limit, g.game_limit = float(p[0]), float(p[1])
        elif word == "start":
            self.start()
        else:
            self.unknown(line)

    def start(self):
        verdict = self.on_game(self.game) if self.on_game else None
        if isinstance(verdict, str) or verdict is False:
            text = verdict if isinstance(verdict, str) and verdict else "declined"
            self.send("refuse %s\n" % text.replace("\n", " "))
            self.game = None
            return
        self.playing = True
        self._reset_turn()
        self.send("ok\n")

    def view(self, go):
        g = self.game
        head = self.head.split(" ")
        if self.kind == "mines":
            w, h = int(head[2]), int(head[3])
            v = MinesView(g, w, h, self.rows, _fields(self.info.split(" ")))
            if self.legal is not None:
                self.legal = decode_legal(self.legal.split(" "), "mines", w, h)
        elif self.kind == "arena":
            v = ArenaView(g, int(head[2]), _fields(self.info.split(" ")),
                          _arena_terms(self.terms), [_arena_seat(s) for s in self.seats])
            if self.legal is not None:
                self.legal = decode_legal(self.legal.split(" "), "arena")
        else:
            raise ProtocolError("`go` without a view block before it")
        p = go.split(" ")
        v.move_seconds = float(p[1]) if len(p) > 1 else 0.0
        v.game_left = float(p[2]) if len(p) > 2 else -1.0
        v.did = self.did
        return v

    def turn(self, go):
        v = self.view(go)
        legal = self.legal
        self._reset_turn()
        self.send(_answer(self.choose(v, legal)))

    def end(self, rest):
        returns = [float(r) for r in rest.split(" ")] if rest else None
        self.send("ok\n")
        game, self.game, self.playing = self.game, None, False
        if self.on_end:
            self.on_end(game, returns)

    def did_line(self, rest):
        seat, _, action = rest.partition(" ")
        self.did.append((int(seat), action))

    def play(self, word, rest, line):
        """A line of a game in progress (the commonest first)."""
        if word == "info":
            self.info = rest
            if self.kind == "mines" and not self.rows:
                # The rows follow at once: take them in one slice.
                self.rows = self.reader.take_rows(self.height) or []
        elif word == "view":
            head = rest.split(" ")
            self.kind, self.head = head[0], line
            self.height = int(head[2]) if self.kind == "mines" and len(head) > 2 else 0
            self.info, self.rows, self.terms, self.seats = "", [], [], []
        elif word == "go":
            self.turn(line)
        elif word == "row":
            self.rows.append(rest)
        elif word == "legal":
            self.legal = line
        elif word == "did":
            self.did_line(rest)
        elif word == "seat":
            self.seats.append(line.split(" "))
        elif word == "terms":
            self.terms.append(line.split(" "))
        elif word == "end":
            self.end(rest)
        else:
            self.unknown(line)

    def line(self, line):
        """Handles one line; False when the session is over."""
        word, _, rest = line.partition(" ")
        if word == "quit":
            return False
        if self.playing:
            self.play(word, rest, line)
        elif self.game is not None:
            self.header(word, rest, line)
        elif word == "game":
            self.game = Game(int(rest))
        else:
            self.unknown(line)
        return True


def run(choose, id=None, name=None, version=None, author=None,
        families=("mines",), want_legal=True, on_game=None, on_end=None):
    """Plays every game the engine sends, then returns (at `quit` or the
    end of input).

    choose(view, legal): your move, as above. on_game(game), when given, is
    called at each `start`: return None to play, or a text to refuse the
    game with it. on_end(game, returns) after each game: returns is the
    list of each seat's return (1 won, 0 lost for one player; 1, 0, -1 for
    two; the share of the win in the arena), None when the game ended by a
    fault."""
    out = sys.stdout.buffer
    sys.stdout = sys.stderr          # a stray print() must not break the protocol
    reader = _Lines(sys.stdin.fileno())
    first = reader.next()
    if first is None:
        return
    if first != "sapper %d" % PROTOCOL_VERSION:
        log("sapper_bot: the engine greeted %r; this kit speaks version %d"
            % (first[:80], PROTOCOL_VERSION))
    session = _Session(choose, reader, out, on_game, on_end)
    hello = _hello(id, name, version, author, families, want_legal)
    line = session.line
    try:
        session.send(hello)
        while True:
            text = reader.next()
            if text is None or not line(text):
                return
    except BrokenPipeError:
        # The engine is gone: what is still buffered goes nowhere, quietly.
        os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())
