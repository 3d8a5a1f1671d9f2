#!/usr/bin/env python3
"""A bot for tests that floods its stderr: 4 MiB before it answers the
greeting and 256 KiB before each answer, in lines that end in a newline
and in a long one that does not, all marked 'flood bot'. It plays legally
(the first card of its hand, then a draw, or the first open card when it
may not draw), so that the flood is the only thing wrong with it."""
import sys

err = sys.stderr.buffer
line = b"flood bot: " + b"x" * 1013 + b"\n"


def flood(kib):
    err.write(line * kib)
    err.write(b"flood bot: no newline " + b"y" * 4096)
    err.flush()


for text in sys.stdin:
    words = text.split()
    if text.startswith("leastscore-bot"):
        flood(4096)
        print("ok 1", flush=True)
    elif words and words[0] == "go":
        flood(256)
        hand = words[2]
        opened = words[words.index("open") + 1]
        can_draw = words[words.index("draw") + 1] == "yes"
        print("discard %s %s" % (hand, "draw" if can_draw else "take " + opened), flush=True)
    elif text.startswith("quit"):
        break
