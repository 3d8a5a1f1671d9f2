#!/bin/sh
# server.sh - the end-to-end tests of `leastscore serve` (run by
# tools/run-e2e.sh with $LEASTSCORE naming the binary): real server
# processes on 127.0.0.1 port 0, real WebSocket clients (npm `ws`, from
# `npm ci`), node's own test runner. The tests are tests/server/*.test.mjs;
# each starts its servers in temporary data directories and kills them at
# the end. The whole run is bounded (timeout): 10 minutes, well above what
# it takes even in the sanitizer pass on a loaded machine (292 s by hand,
# with a load average near 28), so that only a hang reaches it.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${LEASTSCORE:?set LEASTSCORE to the leastscore binary}
cd "$root" || exit 1
if [ ! -d node_modules/ws ]; then
    echo "FAIL: node_modules/ws is missing: run 'npm ci' (tools/deps.sh does)"
    exit 1
fi
# Every server's files are made under $run and its pid noted there: at the
# end, any server still running (its test process died) is killed by pid.
run=$(mktemp -d)
cleanup() {
    for f in "$run"/pid-*; do
        [ -e "$f" ] || continue
        pid=${f##*/pid-}
        # (2>/dev/null first: the error of a process gone by now, whose
        # /proc file cannot be opened, is then not printed either)
        if tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline" | grep -qF "$run/"; then
            kill -KILL "$pid" 2>/dev/null
        fi
    done
    rm -rf "$run"
}
trap cleanup EXIT INT TERM
# LS_SERVER_TESTS names the files to run instead of all ("pgstall
# players": tests/server/pgstall.test.mjs ...), and LS_SERVER_CONCURRENCY
# how many run at once (4): tools/run-tsan.sh runs the threaded ones, one
# at a time, against a ThreadSanitizer build.
set -- tests/server/*.test.mjs
if [ -n "${LS_SERVER_TESTS:-}" ]; then
    set --
    for name in $LS_SERVER_TESTS; do
        f=tests/server/$name.test.mjs
        [ -f "$f" ] || { echo "FAIL: LS_SERVER_TESTS names $name: no $f"; exit 1; }
        set -- "$@" "$f"
    done
fi
LEASTSCORE=$bin LS_TEST_RUN_DIR=$run timeout -k 5 600 node --test \
    --test-concurrency="${LS_SERVER_CONCURRENCY:-4}" --test-timeout=200000 "$@"
