#!/usr/bin/env python3
"""A bot for tests that stops reading its input at a point it chooses,
so that the referee's failure to write to it ('stopped reading its
input') comes at a known place outside a round's play, whatever the
machine's speed: the referee writes nothing while it waits for an
answer, so the bot's input is empty then, and the bot fills it (through
a second write end of the same pipe, /proc/self/fd/0) leaving room for
exactly the lines it knows come next.

  failat.py start   answers the handshake with its input full: the
                    match's first line ('rules', at the start of round 1)
                    cannot be written.
  failat.py end     plays the first card and a draw until it may
                    declare, then declares with room left for its
                    'played' and 'deck' lines alone: the round's
                    'result' line (at the end of that round) cannot be
                    written.

Either way it then waits, reading nothing, until it is killed."""
import fcntl
import os
import sys
import time

mode = sys.argv[1]


def fill(room):
    """Fills the input pipe, which must be empty, but for room bytes."""
    fd = os.open("/proc/self/fd/0", os.O_WRONLY | os.O_NONBLOCK)
    left = fcntl.fcntl(fd, fcntl.F_GETPIPE_SZ) - room
    while left > 0:
        left -= os.write(fd, b"x" * min(left, 4096))
    os.close(fd)


def stay():
    while True:
        time.sleep(60)


name, deck = None, 0
while True:
    line = sys.stdin.buffer.raw.readline()  # unbuffered: read no further
    if not line:
        break
    words = line.decode().split()
    if not words:
        continue
    if words[0] == "leastscore-bot":
        if mode == "start":
            fill(0)
        sys.stdout.write("ok 1\n")
        sys.stdout.flush()
        if mode == "start":
            stay()
    elif words[0] == "seat":
        name = words[2]
    elif words[0] == "deck":
        deck = int(words[1])
    elif words[0] == "go":
        if mode == "end" and words[-1] == "yes":
            # A declare moves no card: 'deck' says the same number again.
            fill(len("played %s declare\n" % name) + len("deck %d\n" % deck))
            sys.stdout.write("declare\n")
            sys.stdout.flush()
            stay()
        hand = words[2]
        opened = words[words.index("open") + 1]
        move = "draw" if words[words.index("draw") + 1] == "yes" else "take " + opened
        sys.stdout.write("discard %s %s\n" % (hand, move))
        sys.stdout.flush()
    elif words[0] == "quit":
        break
