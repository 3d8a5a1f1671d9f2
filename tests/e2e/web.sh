#!/bin/sh
# web.sh - the browser client in headless Chromium against a real
# `leastscore serve` ($LEASTSCORE): whole matches at a phone's and a
# desktop's size, two people at one table through the link, a reload and a
# dropped connection that resume the seat, a turn timer running out; and the
# unit tests of web/rules.js, web/strings.js and web/seen.js.
# The tests are tests/web/*.test.mjs (node's test runner, playwright-core
# from package.json); a failing one leaves screenshots in
# build/web-screenshots/.
set -e
cd "$(dirname "$0")/../.."
LEASTSCORE=${LEASTSCORE:-build/leastscore}
export LEASTSCORE
for need in node chromium; do
    command -v "$need" >/dev/null 2>&1 || { echo "web.sh: $need not found: run tools/deps.sh"; exit 1; }
done
[ -d node_modules/playwright-core ] || { echo "web.sh: node_modules/playwright-core missing: run tools/deps.sh"; exit 1; }
# The tests and every server they start run in their own process group,
# so that nothing outlives this script even if a test process dies.
status=0
setsid node --test --test-timeout=240000 tests/web/ &
pid=$!
wait $pid || status=$?
kill -TERM -"$pid" 2>/dev/null || true
exit $status
