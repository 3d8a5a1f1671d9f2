#!/usr/bin/env python3
"""A bot for tests that checks what it was given: it must hold only its
stdin, stdout and stderr (docs/bot-protocol.md). Any other descriptor
open when it starts (one the referee inherited, or another bot's pipe)
is named on its stderr and it exits with status 3 before the handshake;
otherwise it plays the first card of its hand every turn."""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the bots
from botloop import first_card, play

extra = []
for name in os.listdir("/proc/self/fd"):
    fd = int(name)
    try:
        target = os.readlink("/proc/self/fd/" + name)
    except OSError:
        continue  # listdir's own descriptor, closed by now
    if fd > 2 and not (target.startswith("/proc/") and target.endswith("/fd")):
        extra.append("%d (%s)" % (fd, target))
if extra:
    sys.stderr.write("fds.py: open beyond 0-2: %s\n" % ", ".join(extra))
    sys.exit(3)
play(first_card)
