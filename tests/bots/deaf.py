#!/usr/bin/env python3
"""A misbehaving bot for tests: shakes hands, then never reads its input
again while it keeps answering nonsense, so the referee's writes fill the
pipe (made small here so that this happens within a few turns)."""
import fcntl
import sys
import time

F_SETPIPE_SZ = 1031
try:
    fcntl.fcntl(0, F_SETPIPE_SZ, 4096)
except OSError:
    pass
sys.stdin.readline()
print("ok 1", flush=True)
while True:
    print("nonsense", flush=True)
    time.sleep(0.005)
