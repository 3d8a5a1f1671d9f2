#!/usr/bin/env python3
"""A bot for tests whose stderr is hostile: before its handshake it
writes 'escapes bot: é and ♥ stay as they are', 'escapes bot: C:\\x41\\
is no escape' (a backslash, which is shown doubled), 'escapes bot: Zoë',
ESC, ' 中文' and the byte 0xff (not UTF-8), a line whose characters that
change the direction or are not seen (U+202E, U+2066, U+2069, U+200B,
U+FEFF, U+061C, U+200E, U+2062, the tag U+E0041, the soft hyphen U+00AD,
U+180E, the separators U+2028 and U+2029, the annotations U+FFF9..U+FFFB)
would make it read otherwise than its bytes, and
a line of 2000 ♥
(6000 bytes, more than the referee passes on in one piece), then before
each answer a line of terminal escape sequences that would set the
window's title, clear the screen, move the cursor home and switch to the
alternate screen if they reached the terminal raw, with a NUL, a DEL and
a CR among them, and a backslash. Its arguments are not read (a spec
may give some to show them). It plays legally: the first card of its hand, then a draw
(or the first open card when it may not draw)."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the bots
from botloop import first_card, play


def hello():
    sys.stderr.buffer.write("escapes bot: \u00e9 and \u2665 stay as they are\n".encode())
    sys.stderr.buffer.write(b"escapes bot: C:\\x41\\ is no escape\n")
    # A UTF-8 name beside a stray ESC and a byte that is not UTF-8.
    sys.stderr.buffer.write("escapes bot: Zo\u00eb\x1b \u4e2d\u6587\xff\n".encode()
                            .replace(b"\xc3\xbf", b"\xff"))
    # "Trojan Source": an override, an isolate, zero-width characters.
    sys.stderr.buffer.write("escapes bot: ok\u202e\u2066 gnirts\u2069\u2066 \u200b\ufeff"
                            "\u061c\u200ez\u2062\U000e0041\u00ad\u180e\u2028\u2029"
                            "\ufff9\ufffa\ufffb\n".encode())
    # A line longer than the referee's 4096-byte pieces, of 3-byte characters.
    sys.stderr.buffer.write(("\u2665" * 2000 + "\n").encode())
    sys.stderr.flush()


def go(words):
    sys.stderr.buffer.write(b"escapes bot: \x1b]0;pwned\x07\x1b[2J\x1b[H\x1b[?1049h"
                            b"\x00\x7f\rcaf\xc3\xa9 \\x41\n")
    sys.stderr.flush()
    return first_card(words)


play(go, hello=hello)
