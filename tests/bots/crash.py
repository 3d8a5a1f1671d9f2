#!/usr/bin/env python3
"""A misbehaving bot for tests: dies when first asked for a move, with
exit status 3, or killed by the signal named as its argument
(crash.py SIGSEGV)."""
import os
import signal
import sys

for line in sys.stdin:
    if line.startswith("leastscore-bot"):
        print("ok 1", flush=True)
    elif line.startswith("go"):
        if len(sys.argv) > 1:
            os.kill(os.getpid(), getattr(signal, sys.argv[1]))
        os._exit(3)
