#!/usr/bin/env python3
"""A bot for tests that writes lines nobody asked for; it plays legally
(the first card of its hand, then a draw, or the first open card when it
may not draw).

  unasked.py early   writes 'declare' right after 'ok 1', before any go
  unasked.py twice   writes each answer twice, in one write
  unasked.py bytes   answers with bytes that are not UTF-8 (garbage)
  unasked.py hello   sends its handshake twice ('ok 1' and 'ok 1')
  unasked.py slow S  takes S seconds (a float) over its first answer"""
import sys
import time

mode = sys.argv[1]
out = sys.stdout.buffer
for line in sys.stdin:
    words = line.split()
    if line.startswith("leastscore-bot"):
        out.write(b"ok 1\n" + (b"declare\n" if mode == "early" else
                               b"ok 1\n" if mode == "hello" else b""))
    elif words and words[0] == "go":
        hand = words[2]
        opened = words[words.index("open") + 1]
        can_draw = words[words.index("draw") + 1] == "yes"
        answer = ("discard %s %s\n" % (hand, "draw" if can_draw else "take " + opened)).encode()
        if mode == "twice":
            answer += answer
        elif mode == "slow":
            time.sleep(float(sys.argv[2]))
            mode = ""
        elif mode == "bytes":
            answer = b"discard \xff\xfe\xc3 draw\n"
        out.write(answer)
    elif line.startswith("quit"):
        break
    out.flush()
