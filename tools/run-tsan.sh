#!/bin/sh
# The end-to-end scripts that run bots on threads (sim's and arena's
# workers, the stderr pump, play's hint thread beside its bots), and the
# server's tests whose servers use threads, against a
# ThreadSanitizer binary, built in a directory of its own (build-tsan, or
# $TSAN_BUILD), with LS_SANITIZED=1. Fails when a script fails or when
# ThreadSanitizer reported anything: its reports go to files (log_path),
# not to the stderr that the scripts keep, redirect or drop, so that a
# report from a process whose output no check reads still fails the run;
# each report is printed whole. Scripts given as arguments replace the
# list.
#   usage: tools/run-tsan.sh [tests/e2e/SCRIPT.sh ...]
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 1
build=${TSAN_BUILD:-build-tsan}
make --no-print-directory -j2 BUILD="$build" OPT=-O1 LTO= \
    SAN="-fsanitize=thread -fno-omit-frame-pointer" "$build/leastscore" || exit 1
if [ $# -eq 0 ]; then
    set -- tests/e2e/bot_answers.sh tests/e2e/sim.sh tests/e2e/arena.sh \
        tests/e2e/bot_deck.sh tests/e2e/play_plain.sh tests/e2e/server.sh
fi
# Of the server's tests, those whose servers use threads: computer
# players and logins on libuv's workers, the PostgreSQL cancel thread
# (pgstall), one file at a time (about 3 minutes).
LS_SERVER_TESTS=${LS_SERVER_TESTS:-pgstall storebusy players seats hints races}
LS_SERVER_CONCURRENCY=${LS_SERVER_CONCURRENCY:-1}
export LS_SERVER_TESTS LS_SERVER_CONCURRENCY
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
# halt_on_error=0: a process goes on after a report, so that the script
# goes on to its own checks and the next reports are found too.
TSAN_OPTIONS="log_path=$logs/tsan halt_on_error=0 second_deadlock_stack=1 ${TSAN_OPTIONS:-}" \
LEASTSCORE="$root/$build/leastscore" LS_SANITIZED=1 tools/run-e2e.sh "$@"
status=$?
reports=0
for f in "$logs"/tsan.*; do
    [ -s "$f" ] || continue
    reports=$((reports + 1))
    echo "--- ThreadSanitizer, process ${f##*.}:"
    cat "$f"
done
if [ "$reports" -gt 0 ]; then
    echo "tsan: $reports process(es) reported by ThreadSanitizer"
    status=1
else
    echo "tsan: no report"
fi
exit "$status"
