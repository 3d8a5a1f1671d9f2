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
"""
import sys

ls, tmp = sys.argv[1], sys.argv[2]
bots = sys.argv[3] if len(sys.argv) > 3 else None


def fail(msg, out=""):
    print("FAIL:", msg)
    print(out[-3000:])
    sys.exit(1)
