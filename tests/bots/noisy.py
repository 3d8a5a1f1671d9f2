#!/usr/bin/env python3
"""A bot for tests that writes to its stderr: every line it reads is copied
there as 'noisy bot read: LINE'. It plays legally: the first card of its
hand, then a draw (or the first open card when it may not draw)."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the bots
from botloop import first_card, play


def heard(line):
    sys.stderr.write("noisy bot read: " + line)
    sys.stderr.flush()


play(first_card, heard=heard)
