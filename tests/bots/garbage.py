#!/usr/bin/env python3
"""A misbehaving bot for tests: answers every request with garbage."""
import sys

for line in sys.stdin:
    if line.startswith("leastscore-bot"):
        print("ok 1", flush=True)
    elif line.startswith("go"):
        print("I would rather not \x01\x02 play", flush=True)
    elif line.startswith("quit"):
        break
