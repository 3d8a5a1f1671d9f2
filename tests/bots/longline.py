#!/usr/bin/env python3
"""A bot for tests that writes lines longer than the protocol's 1023 bytes:
before each answer a 3000-byte '#' comment, then a legal move (the first
card of its hand, then a draw or the first open card); on its third turn
and later the answer itself is a legal move padded to 2000 bytes."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the bots
from botloop import first_card, play

turn = 0


def go(words):
    global turn
    turn += 1
    print("# " + "x" * 3000, flush=True)
    return first_card(words) + (" " * 2000 if turn >= 3 else "")


play(go)
