#!/usr/bin/env python3
"""A misbehaving bot for tests: when first asked for a move it starts a
child that keeps its output open (and sleeps 20 s), then exits with
status 4 without an answer (given 'half', with the start of one,
'discard 2' and no newline). No end of file comes: the referee must see
that the bot itself is gone."""
import os
import sys
import time

for line in sys.stdin:
    if line.startswith("leastscore-bot"):
        print("ok 1", flush=True)
    elif line.startswith("go"):
        if sys.argv[1:] == ["half"]:
            sys.stdout.write("discard 2")
            sys.stdout.flush()
        if os.fork() == 0:
            time.sleep(20)
            os._exit(0)
        os._exit(4)
