#!/bin/sh
# Runs each end-to-end test script given, with $LEASTSCORE naming the binary
# under test. A script exits 0 on success; its output is shown on failure.
pass=0; fail=0; failed=""
for t in "$@"; do
    [ -f "$t" ] || continue
    out=$(mktemp)
    if sh "$t" >"$out" 2>&1; then
        pass=$((pass + 1)); echo "[ OK ] $t"
    else
        fail=$((fail + 1)); failed="$failed $t"; echo "[FAIL] $t"; cat "$out"
    fi
    rm -f "$out"
done
echo "e2e: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
