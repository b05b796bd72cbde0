#!/usr/bin/env python3
"""hostile.py MODE - a process bot that plays by the seat protocol
(docs/PROTOCOL.md) with no kit and misbehaves as MODE says at its first
turn, for tests/e2e/process_bots_test.sh. Each attack is one a bot author
could write; the engine must contain it: the bot loses only its own games
with the right reason, and nothing of the engine's is read, written or
left running.

MODE: honest, fork_bomb, system, socket, read_secrets (argv[2:] are paths
it tries to read; "LEAK" on stderr when one opens), write_file, garbage,
huge_line, close_stdout, silent, early (answers before it is asked),
ignore_term (ignores SIGTERM, then spins), grandchild (a daemonised
double fork), reveal_mines (a cell off the board), illegal (a chord on a
hidden cell: a well-formed action that is not legal).
"""
import os
import signal
import sys

MODE = sys.argv[1] if len(sys.argv) > 1 else "honest"


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def attack():
    if MODE == "fork_bomb":
        while True:
            os.fork()
    if MODE == "system":
        os.system("touch /tmp/sapper-hostile-system")
    if MODE == "socket":
        import socket
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.connect(("127.0.0.1", 9))
    if MODE == "read_secrets":
        for path in sys.argv[2:]:
            try:
                with open(path, "rb") as f:
                    f.read(16)
                sys.stderr.write("LEAK " + path + "\n")
            except OSError as e:
                sys.stderr.write("denied %s: %s\n" % (path, e))
        sys.stderr.flush()
    if MODE == "write_file":
        with open("sapper-hostile-written", "w") as f:
            f.write("x")
    if MODE == "garbage":
        say("\x1b]0;owned\x07 hello there")
    if MODE == "huge_line":
        sys.stdout.write("move " + "x" * (10 << 20) + "\n")
        sys.stdout.flush()
    if MODE == "close_stdout":
        os.close(1)
        signal.pause()
    if MODE == "silent":
        while True:
            signal.pause()
    if MODE == "ignore_term":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        while True:
            pass
    if MODE == "grandchild":
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                while True:
                    signal.pause()
            os._exit(0)


MINES_VERBS = ["reveal", "flag", "chord", "bomb"]
ARENA_VERBS = ["gather", "defense", "fist", "wood_sword", "stone_sword",
               "iron_sword", "gold_sword", "diamond_sword",
               "enchanted_diamond_sword", "llama", "missile", "shield", "prep",
               "dt_defense", "hollow_defense", "superior_defense", "allocate"]


def action_text(family, size, action):
    """The text of an action id (PROTOCOL.md, "Action ids")."""
    if family == "mines":
        w, h = size
        verb, cell = divmod(action, w * h)
        return "%s %d %d" % (MINES_VERBS[verb], cell % w, cell // w)
    verb, rest = divmod(action, 4096)
    count, target = divmod(rest, 64)
    word = ARENA_VERBS[verb]
    if word == "missile":
        return "missile %d" % (count + 1)
    if word in ("fist", "allocate") and count > 0:
        return "%s %d %s%d" % (word, target + 1, "x" if word == "fist" else "", count + 1)
    if 2 <= verb <= 8 or word == "allocate":
        return "%s %d" % (word, target + 1)
    return word


def main():
    first_legal = None
    family, size = "mines", (0, 0)
    attacked = False
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "sapper":
            say("id hostile_" + MODE)
            say("family mines")
            say("family arena")
            say("option legal")
            say("ready 1")
            if MODE == "early":
                say("move reveal 0 0")
        elif words[0] == "param":   # what it was told, for its log
            sys.stderr.write(line)
            sys.stderr.flush()
        elif words[0] == "start":
            say("ok")
        elif words[0] == "view":
            family = words[1]
            if family == "mines":
                size = (int(words[2]), int(words[3]))
        elif words[0] == "legal":
            start, count = words[3].split("+")
            first_legal = int(start)
        elif words[0] == "go":
            if not attacked:
                attacked = True
                attack()
            if MODE == "reveal_mines":
                say("move reveal 999 999")
            elif MODE == "illegal" and family == "mines":
                say("move chord 0 0")
            else:
                say("move " + action_text(family, size, first_legal))
        elif words[0] == "end":
            say("ok")
        elif words[0] == "quit":
            return


if __name__ == "__main__":
    main()
