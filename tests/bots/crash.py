#!/usr/bin/env python3
"""A misbehaving bot for tests: dies when first asked for a move."""
import os
import sys

for line in sys.stdin:
    if line.startswith("leastscore-bot"):
        print("ok 1", flush=True)
    elif line.startswith("go"):
        os._exit(3)
