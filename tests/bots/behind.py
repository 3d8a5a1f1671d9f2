#!/usr/bin/env python3
"""A bot for tests that falls behind after a line too long: its first
answer is a legal move padded past the protocol's 1023 bytes, and from
then on it answers each 'go' only once the next one has come, with the
move it meant for the one before (the first card of that hand, then a
draw or the first open card). So each of those lines reaches the
referee after a later question was asked (the race forced by the bot,
not hoped for): stale. Given a file name as its argument, it creates
that file when a 'played' line tells a stale move of its own as played,
taken for the answer to a later question."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the bots
from botloop import first_card

me, before, stale = None, None, []
for line in sys.stdin:
    words = line.split()
    if line.startswith("leastscore-bot"):
        print("ok 1", flush=True)
    elif words[:1] == ["seat"]:
        me = words[2]
    elif words[:1] == ["go"]:
        if before is None:
            print(first_card(words) + " " * 2000, flush=True)
        else:
            stale.append(first_card(before).split())
            print(" ".join(stale[-1]), flush=True)
        before = words
    elif words[:2] == ["played", me] and len(sys.argv) > 1:
        # A draw is told with the card drawn after 'draw'.
        if any(words[2:2 + len(s)] == s for s in stale):
            open(sys.argv[1], "w").close()
    elif line.startswith("quit"):
        break
