#!/usr/bin/env python3
"""A bot for tests that leaves a daemon behind.

  daemon.py MARK   starts a process outside its own process group (setsid,
                   as a daemon does) that sleeps 300 s with MARK in its
                   command line, so that a test can look for it; answers
                   the greeting only once that process has left the group
                   (killed with the group before, it was no daemon); then
                   plays: each go discards the first card of its hand and
                   draws (or takes the first open card when it may not)."""
import os
import sys

r, w = os.pipe()
if os.fork() == 0:
    os.setsid()
    os.write(w, b"x")
    os.close(0)
    os.close(1)
    os.execvp("python3", ["python3", "-c", "import time; time.sleep(300)", sys.argv[1]])
os.read(r, 1)
sys.stdin.readline()
print("ok 1", flush=True)
for line in sys.stdin:
    words = line.split()
    if not words or words[0] != "go":
        continue
    hand = words[words.index("hand") + 1:words.index("open")]
    opened = words[words.index("open") + 1:words.index("draw")]
    if words[words.index("draw") + 1] == "yes":
        print("discard %s draw" % hand[0], flush=True)
    else:
        print("discard %s take %s" % (hand[0], opened[0]), flush=True)
