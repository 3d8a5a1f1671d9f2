#!/usr/bin/env python3
"""A bot for tests whose stderr lines do not end: before each answer it
writes 'unended bot: thinking...' with no newline, answers its second go
with an illegal move (so that the referee says so next), and on its
fourth go writes 'unended bot: bye' with no newline and exits without
answering (so that the referee reports its death next). Its other
answers are legal: the first card of its hand, then a draw (or the first
open card when it may not draw)."""
import sys

err = sys.stderr
gos = 0
for text in sys.stdin:
    words = text.split()
    if text.startswith("leastscore-bot"):
        print("ok 1", flush=True)
    elif words and words[0] == "go":
        gos += 1
        if gos == 4:
            err.write("unended bot: bye")
            err.flush()
            sys.exit(3)
        err.write("unended bot: thinking...")
        err.flush()
        if gos == 2:
            print("discard 2C 2C draw", flush=True)
            continue
        hand = words[2]
        opened = words[words.index("open") + 1]
        can_draw = words[words.index("draw") + 1] == "yes"
        print("discard %s %s" % (hand, "draw" if can_draw else "take " + opened), flush=True)
    elif text.startswith("quit"):
        break
