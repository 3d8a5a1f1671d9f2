#!/usr/bin/env python3
"""A bot for tests that logs a lot and works between questions: at every
line it reads but 'go', the greeting and 'quit', it writes 200 KiB to its
stderr (lines marked 'chatty bot') and then thinks for SECONDS (the first
argument, 0 by default), as a bot that follows the game while others
play. It plays legally: the first card of its hand, then a draw (or the
first open card when it may not draw). A referee that reads its stderr
only while it waits for an answer leaves it held in that write, its work
put off until the next question, where it counts against the time
limit. With a second argument, it creates that file as it starts, and
adds a byte to it each time it has done its work on a line, so that a
test can tell how far it has come."""
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ beside the bots
from botloop import first_card, play

seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 0.0
progress = sys.argv[2] if len(sys.argv) > 2 else None
if progress:
    open(progress, "w").close()
err = sys.stderr.buffer
log = (b"chatty bot: " + b"z" * 1011 + b"\n") * 200


def heard(line):
    if line.startswith(("go", "leastscore-bot", "quit")):
        return
    err.write(log)
    err.flush()
    time.sleep(seconds)
    if progress:
        with open(progress, "a") as f:
            f.write(".")


play(first_card, heard=heard)
