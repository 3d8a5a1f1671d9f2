#!/usr/bin/env python3
"""A misbehaving bot for tests: when first asked for a move it starts a
child that keeps its output open (and sleeps 20 s), then exits with
status 4 without an answer (given 'half', with the start of one,
'discard 2' and no newline). No end of file comes: the referee must see
that the bot itself is gone. Given 'write', the child waits until the
bot has exited (it is a zombie, not yet reaped), then writes 'junk' to
the bot's output every 10 ms, 2000 times at most: nothing it writes is
the bot's answer. A second argument, a marker, is only there for a test to
find its processes by."""
import os
import sys
import time


def writer(parent):
    for _ in range(2000):
        try:
            with open("/proc/%d/stat" % parent) as f:
                if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                    break
        except OSError:
            break
        time.sleep(0.005)
    for _ in range(2000):
        try:
            os.write(1, b"junk\n")
        except OSError:
            break
        time.sleep(0.01)


mode = sys.argv[1] if len(sys.argv) > 1 else ""
for line in sys.stdin:
    if line.startswith("leastscore-bot"):
        print("ok 1", flush=True)
    elif line.startswith("go"):
        if mode == "half":
            sys.stdout.write("discard 2")
            sys.stdout.flush()
        parent = os.getpid()
        if os.fork() == 0:
            if mode == "write":
                writer(parent)
            else:
                time.sleep(20)
            os._exit(0)
        os._exit(4)
