#!/usr/bin/env python3
"""A misbehaving bot for tests: always answers a move that is never legal
(three of a kind, and cards it does not hold)."""
import sys

for line in sys.stdin:
    if line.startswith("leastscore-bot"):
        print("ok 1", flush=True)
    elif line.startswith("go"):
        print("discard AS AH AD take 2C", flush=True)
    elif line.startswith("quit"):
        break
