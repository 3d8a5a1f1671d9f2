#!/usr/bin/env python3
"""A bot for tests that says where it is: it counts the rounds from the
'round N' lines and each round's turns from its 'played' lines, and on
the second go of every round answers 'at round R turn T' (garbage), R
and T where it is, so that the referee's report of that failure can be
checked against the bot's own count. Its other answers are legal: the
first card of its hand, then a draw (or the first open card when it may
not draw)."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the bots
from botloop import first_card, play

where = {"round": 0, "played": 0, "gos": 0}


def heard(line):
    words = line.split()
    if words[:1] == ["round"]:
        where.update(round=int(words[1]), played=0, gos=0)
    elif words[:1] == ["played"]:
        where["played"] += 1


def go(words):
    where["gos"] += 1
    if where["gos"] == 2:
        return "at round %d turn %d" % (where["round"], where["played"] + 1)
    return first_card(words)


play(go, heard=heard)
