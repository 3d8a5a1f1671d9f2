#!/usr/bin/env python3
"""A bot for tests that writes to its stderr while nobody waits on it, as a
bot that logs once it has looked back at its move: 0.3 s after its Nth
answer, 'late bot: after move N'. With a file name as its argument it
creates that file once the first such line is written, so that a test
knows when it is. It plays legally: the first card of its hand, then a
draw (or the first open card when it may not draw)."""
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ beside the bots
from botloop import first_card, play

moves = 0


def answered():
    global moves
    moves += 1
    time.sleep(0.3)
    sys.stderr.write("late bot: after move %d\n" % moves)
    sys.stderr.flush()
    if len(sys.argv) > 1 and moves == 1:
        open(sys.argv[1], "w").close()


play(first_card, answered=answered)
