#!/usr/bin/env python3
"""A misbehaving bot for tests: answers with a move that has a NUL byte
and more after it, which must be judged whole (garbage), not as the move
before the NUL."""
import sys

for line in sys.stdin:
    if line.startswith("leastscore-bot"):
        print("ok 1", flush=True)
    elif line.startswith("go"):
        parts = line.split()
        sys.stdout.write("discard %s draw\0 and more\n" % parts[2])
        sys.stdout.flush()
    elif line.startswith("quit"):
        break
