#!/usr/bin/env python3
"""tee.py PROGRAM [ARG...] - runs a process bot and copies every line
between the engine and it to standard error, "engine: " or "bot:    "
first: the transcripts of docs/PROTOCOL.md were made with it, in a
tournament with `sandbox = none` (the sandbox forbids the child it
starts), whose bot log keeps standard error."""
import subprocess
import sys
import threading

bot = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                       text=True, bufsize=1)
lock = threading.Lock()


def note(who, line):
    with lock:
        sys.stderr.write(who + line)
        sys.stderr.flush()


def answers():
    for line in bot.stdout:
        note("bot:    ", line)
        sys.stdout.write(line)
        sys.stdout.flush()


t = threading.Thread(target=answers)
t.start()
for line in sys.stdin:
    note("engine: ", line)
    bot.stdin.write(line)
    bot.stdin.flush()
bot.stdin.close()
t.join()
sys.exit(bot.wait())
