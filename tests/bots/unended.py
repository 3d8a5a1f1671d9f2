#!/usr/bin/env python3
"""A bot for tests whose stderr lines do not end: before each answer it
writes 'unended bot: thinking...' with no newline, answers its second go
with an illegal move (so that the referee says so next), and on its
fourth go writes 'unended bot: bye' with no newline and exits without
answering (so that the referee reports its death next). Its other
answers are legal: the first card of its hand, then a draw (or the first
open card when it may not draw)."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the bots
from botloop import first_card, play

err = sys.stderr
gos = 0


def go(words):
    global gos
    gos += 1
    if gos == 4:
        err.write("unended bot: bye")
        err.flush()
        sys.exit(3)
    err.write("unended bot: thinking...")
    err.flush()
    if gos == 2:
        return "discard 2C 2C draw"
    return first_card(words)


play(go)
