#!/usr/bin/env python3
"""A bot for tests that writes its answers as loosely as the protocol
allows: the example bot's moves with the cards in reverse order and lower
case, and a draw that names a card (which the referee ignores). It also
checks that the referee ignores nothing it must not: every answer must be
played as meant, so it fails loudly (exit 1) if a `played` line for its
own seat differs from the move it chose."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "examples", "bots"))
import greedy  # noqa: E402


def loosen(move):
    words = move.split()
    if words[0] != "discard":
        return move
    cut = words.index("take") if "take" in words else words.index("draw")
    cards = [c.lower() for c in reversed(words[1:cut])]
    tail = words[cut:] if words[cut] == "take" else ["draw", "as"]
    if tail[0] == "take":
        tail = ["take", tail[1].lower()]
    return " ".join(["discard"] + cards + tail)


def main():
    bot = greedy.Bot()
    me = None
    meant = None
    for line in sys.stdin:
        words = line.split()
        if words and words[0] == "seat":
            me = words[2]
        if words and words[0] == "played" and words[1] == me and meant:
            got = " ".join(words[2:])
            if meant.startswith("discard") and "draw" in meant:
                got = got[:got.index("draw") + 4]
            if got != meant:
                print("sloppy.py: meant '%s', played '%s'" % (meant, got), file=sys.stderr)
                sys.exit(1)
            meant = None
        answer = bot.handle(line.strip())
        if answer is not None:
            if answer.startswith("ok"):
                print(answer, flush=True)
                continue
            meant = answer
            print(loosen(answer), flush=True)


if __name__ == "__main__":
    main()
