"""plainlib.py - what every python section of play_plain.sh begins with;
not a test of its own. Each section runs as

    PYTHONPATH=$lib python3 -B - "$LS" "$tmp" [BOTS_DIR] <<'PY'
    from plainlib import ls, tmp, fail

(-B: no __pycache__ is written beside this file, in the source tree)
and gets:
  ls      the leastscore binary under test (argv[1])
  tmp     the script's temporary directory (argv[2])
  bots    the directory of tests/bots/ when given (argv[3]), else None
  fail(msg, out="")
          prints "FAIL: msg" and the last 3000 characters of out, and
          exits 1 (the script stops: set -e).
  read_until(fd, marker, secs=30)
          what a pty's fd gave until marker came, it ended or secs passed.
"""
import os
import select
import sys
import time

ls, tmp = sys.argv[1], sys.argv[2]
bots = sys.argv[3] if len(sys.argv) > 3 else None


def fail(msg, out=""):
    print("FAIL:", msg)
    print(out[-3000:])
    sys.exit(1)


def read_until(fd, marker, secs=30):
    text, end = b"", time.time() + secs
    while time.time() < end and marker not in text:
        if select.select([fd], [], [], 0.5)[0]:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            text += chunk
    return text
