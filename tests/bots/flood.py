#!/usr/bin/env python3
"""A bot for tests that floods its stderr: 4 MiB before it answers the
greeting and 256 KiB before each answer, in lines that end in a newline
and in a long one that does not, all marked 'flood bot'. It plays legally
(the first card of its hand, then a draw, or the first open card when it
may not draw), so that the flood is the only thing wrong with it."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the bots
from botloop import first_card, play

err = sys.stderr.buffer
line = b"flood bot: " + b"x" * 1013 + b"\n"


def flood(kib):
    err.write(line * kib)
    err.write(b"flood bot: no newline " + b"y" * 4096)
    err.flush()


def go(words):
    flood(256)
    return first_card(words)


play(go, hello=lambda: flood(4096))
