#!/bin/sh
# The two first bots of docs/bot-protocol.md ("A first bot, and how to
# debug it"), a Python one and a POSIX sh one, are code a reader copies:
# each is taken from the doc's code blocks as they stand (the first
# ```python and the first ```sh fence of that section) and must answer
# the by-hand input as the doc says, then play a few matches of sim
# against greedy with no bot failure, every match finished. `draw no`
# (deck and dead pile empty, D9) cannot come in a real match (the table
# sizes of D13 leave 2 cards between them: test_turn.c), so it is given
# by hand: a bot must take an open card then (both drew, and would have
# been failed that turn).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
ls=${LEASTSCORE:-$root/build/leastscore}
doc=$root/docs/bot-protocol.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# extract LANG OUT: the body of the section's first ```LANG block.
extract() {
    awk -v lang="$1" '
        /^## / { in_sec = ($0 == "## A first bot, and how to debug it"); next }
        !in_sec || done { next }
        inblk && /^```$/ { done = 1; next }
        inblk { print; n++; next }
        $0 == "```" lang { inblk = 1 }
        END { if (!done || n == 0) exit 1 }' "$doc" >"$2" ||
        fail "docs/bot-protocol.md: no closed \`\`\`$1 block under '## A first bot, and how to debug it'"
}
extract python "$tmp/first.py"
extract sh "$tmp/first.sh"
grep -q 'print("ok 1"' "$tmp/first.py" || fail "the \`\`\`python block found is not the first bot: $(head -3 "$tmp/first.py")"
grep -q '"ok 1"' "$tmp/first.sh" || fail "the \`\`\`sh block found is not the first bot: $(head -3 "$tmp/first.sh")"

for bot in "python3 $tmp/first.py" "sh $tmp/first.sh"; do
    # By hand, as the doc's "Try it by hand" does: 'ok 1' and its move
    # (the highest card, KD, thrown away); then a declare, which the
    # matches below may never bring (it declares at 5 or less); then
    # 'draw no', which no match brings: the lowest open card taken.
    printf 'leastscore-bot 1\ngo hand 2C 5S KD 7H 8H open 9S draw yes declare no\n%s\n%s\nquit\n' \
        'go hand AC 2D open 9S draw yes declare yes' \
        'go hand 2C 5S 9H QD open 3D 4D 5D draw no declare yes' |
        $bot >"$tmp/hand.out" 2>"$tmp/hand.err" || { cat "$tmp/hand.err"; fail "$bot: exited with an error by hand"; }
    printf 'ok 1\ndiscard KD draw\ndeclare\ndiscard QD take 3D\n' | cmp -s - "$tmp/hand.out" ||
        { cat "$tmp/hand.out" "$tmp/hand.err"; fail "$bot: by hand it did not answer 'ok 1', 'discard KD draw', 'declare', 'discard QD take 3D' (on 'draw no')"; }
    # A few matches against greedy: no failure, every match finished.
    "$ls" sim --players "cmd:$bot,greedy" --matches 4 --seed 11 --threads 1 \
        --json >"$tmp/sim.json" 2>"$tmp/sim.err" || { cat "$tmp/sim.err"; fail "$bot: sim"; }
    python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert d["bot_failures"] == 0 and d["bot_failure_list"] == [], d["bot_failure_list"]
assert d["matches"] == 4 and d["failed_matches"] == 0, d' "$tmp/sim.json" ||
        { cat "$tmp/sim.err"; fail "$bot: the doc's first bot failed in sim against greedy"; }
done
echo "ok: the first bots of docs/bot-protocol.md play without a failure"
