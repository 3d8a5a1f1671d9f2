#!/usr/bin/env python3
"""A misbehaving bot for tests: shakes hands and, when first asked for a
move, stops itself with the signal named in its first argument (SIGSTOP
when none; given 'half' second, it first writes 'discard 2' and no
newline). Nothing continues it: the referee must tell it stopped, not
wait out its time limit."""
import os
import signal
import sys

sig = getattr(signal, sys.argv[1]) if sys.argv[1:] else signal.SIGSTOP
for line in sys.stdin:
    if line.startswith("leastscore-bot"):
        print("ok 1", flush=True)
    elif line.startswith("go"):
        if "half" in sys.argv[2:]:
            sys.stdout.write("discard 2")
            sys.stdout.flush()
        os.kill(os.getpid(), sig)
