#!/usr/bin/env python3
"""A bot for tests that writes to its stderr: every line it reads is copied
there as 'noisy bot read: LINE'. It plays legally: the first card of its
hand, then a draw (or the first open card when it may not draw)."""
import sys

for line in sys.stdin:
    sys.stderr.write("noisy bot read: " + line)
    sys.stderr.flush()
    words = line.split()
    if line.startswith("leastscore-bot"):
        print("ok 1", flush=True)
    elif words and words[0] == "go":
        hand = words[2]
        opened = words[words.index("open") + 1]
        can_draw = words[words.index("draw") + 1] == "yes"
        print("discard %s %s" % (hand, "draw" if can_draw else "take " + opened), flush=True)
    elif line.startswith("quit"):
        break
