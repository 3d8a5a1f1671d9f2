#!/usr/bin/env python3
"""A misbehaving bot for tests: shakes hands, then never answers."""
import sys

for line in sys.stdin:
    if line.startswith("leastscore-bot"):
        print("ok 1", flush=True)
