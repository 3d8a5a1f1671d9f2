"""The answer loop that the test bots unended, longline, flood, noisy,
late and escapes share, each with its own misbehaviour hooked in.

play(go, hello=None, heard=None, answered=None) reads the referee's
lines from stdin until 'quit' or the end of its input:
  - heard(line), if given, is called first with every line as read;
  - the greeting ('leastscore-bot ...'): hello(), if given, then 'ok 1';
  - 'go ...': go(words) gives the answer, the line's words in hand; it is
    written with its newline and flushed (go may also write, or exit,
    itself), then answered(), if given, is called;
  - any other line is let pass.
first_card(words) is the legal answer the bots give: the first card of
the hand, then a draw, or the first open card when it may not draw."""
import sys


def first_card(words):
    hand = words[2]
    opened = words[words.index("open") + 1]
    can_draw = words[words.index("draw") + 1] == "yes"
    return "discard %s %s" % (hand, "draw" if can_draw else "take " + opened)


def play(go, hello=None, heard=None, answered=None):
    for line in sys.stdin:
        if heard:
            heard(line)
        words = line.split()
        if line.startswith("leastscore-bot"):
            if hello:
                hello()
            print("ok 1", flush=True)
        elif words and words[0] == "go":
            print(go(words), flush=True)
            if answered:
                answered()
        elif line.startswith("quit"):
            break
