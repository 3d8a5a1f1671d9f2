#!/usr/bin/env python3
"""A misbehaving bot for tests: plays nothing and will not go away.

  linger.py MARK stubborn  answers every go with declare (legal or not),
                           ignores quit, SIGTERM and the end of its input
  linger.py MARK closed    closes its output after the handshake, keeps running
  linger.py MARK forks     starts a child that outlives it, then plays silent
  linger.py MARK holds     starts a child that keeps its stdin, stdout and
                           stderr open and ignores SIGTERM too, then plays
                           as stubborn
  linger.py MARK heavy     starts a child that fills 64 MiB, so that its
                           end, once killed, comes a moment after the
                           bot's, waits for it, then plays silent

MARK only names the processes so that a test can look for survivors."""
import os
import signal
import sys
import time

mode = sys.argv[2]
signal.signal(signal.SIGTERM, signal.SIG_IGN)
sys.stdin.readline()
if mode == "heavy":
    ready, filled = os.pipe()
    if os.fork() == 0:
        os.close(0)
        os.close(1)
        held = b"x" * (64 << 20)
        os.write(filled, b".")
        while True:
            time.sleep(1)
    os.read(ready, 1)
print("ok 1", flush=True)
if mode == "holds" and os.fork() == 0:
    while True:
        time.sleep(1)
if mode in ("stubborn", "holds"):
    for line in sys.stdin:
        if line.startswith("go"):
            print("declare", flush=True)
elif mode == "closed":
    os.close(1)
elif mode == "forks":
    if os.fork() == 0:
        os.close(0)
        os.close(1)
        while True:
            time.sleep(1)
while True:
    time.sleep(1)
