#!/usr/bin/env python3
"""Prints line and branch coverage per source directory from gcovr's JSON
summary (make coverage runs it):

    tools/coverage.py build-cov/coverage.json

One row per directory of src/ and a total; a file's figures go to the
directory it is in."""
import json
import os
import sys


def main():
    with open(sys.argv[1]) as f:
        data = json.load(f)
    dirs = {}
    for entry in data["files"]:
        d = os.path.dirname(entry["filename"])
        row = dirs.setdefault(d, [0, 0, 0, 0])
        row[0] += entry["line_covered"]
        row[1] += entry["line_total"]
        row[2] += entry["branch_covered"]
        row[3] += entry["branch_total"]
    total = [sum(r[i] for r in dirs.values()) for i in range(4)]

    def pct(a, b):
        return "%5.1f%%" % (100.0 * a / b) if b else "    -"

    print("%-12s %17s %7s %17s %7s" % ("directory", "lines", "", "branches", ""))
    for d in sorted(dirs) + ["total"]:
        r = total if d == "total" else dirs[d]
        print("%-12s %8d of %6d %7s %8d of %6d %7s"
              % (d, r[0], r[1], pct(r[0], r[1]), r[2], r[3], pct(r[2], r[3])))


if __name__ == "__main__":
    main()
