#!/usr/bin/env python3
"""A misbehaving bot for tests: answers the handshake with another
protocol version."""
import sys

for line in sys.stdin:
    if line.startswith("leastscore-bot"):
        print("ok 2", flush=True)
