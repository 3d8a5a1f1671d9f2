#!/usr/bin/env python3
"""A bot for tests that dies halfway through an answer: on its second go
it writes the start of its move, 'discard ' and its first card, a control
byte (ESC) and the right-to-left override U+202E (so that the quote shows
them escaped), with no newline, then exits 0; given the argument 'long',
it writes 'discard ' and 300 'é' instead (608 bytes, for a quote cut at a
character). Its first answer is legal
(the first card of its hand, then a draw, or the first open card when it
may not draw)."""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the bots
from botloop import first_card, play

gos = 0


def go(words):
    global gos
    gos += 1
    if gos == 2:
        out = sys.stdout.buffer
        if sys.argv[1:] == ["long"]:
            out.write(("discard " + "\u00e9" * 300).encode())
        else:
            out.write(("discard %s\x1b\u202e" % words[2]).encode())
        out.flush()
        os._exit(0)
    return first_card(words)


play(go)
