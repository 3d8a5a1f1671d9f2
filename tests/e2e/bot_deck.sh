#!/bin/sh
# The bot protocol's deck lines (docs/bot-protocol.md): a bot is told the
# deck's size after the deal and after every turn, and `newdeck N` when
# the dead pile is turned into a new deck (D9). A table of 7 players with
# 7 cards each leaves a deck of 2, so the dead pile is turned over often;
# the referee's lines, logged by tee in front of the example bot, are
# checked against a count kept from the other lines alone.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
ls=${LEASTSCORE:-$root/build/leastscore}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$ls" sim --players "cmd:tee -a $tmp/log | python3 $root/examples/bots/greedy.py,greedy,greedy,greedy,greedy,greedy,greedy" \
    --hand-size 7 --threshold 25 --matches 1 --seed 3 --json >"$tmp/out.json" 2>"$tmp/err" ||
    { cat "$tmp/err"; fail "sim"; }
grep -q '"bot_failures": 0' "$tmp/out.json" || { cat "$tmp/err"; fail "the example bot failed"; }
python3 - "$tmp/log" <<'PY' || fail "deck lines"
import sys
lines = [l.split() for l in open(sys.argv[1]) if l.strip()]
deck = dead = opens = None
want_deck = False
newdecks = rounds = 0
pending_new = None
for w in lines:
    if want_deck:
        assert w[0] == "deck", ("no deck line after", prev)
        assert int(w[1]) == deck, ("deck", w, "counted", deck)
        want_deck = False
        continue
    prev = w
    if w[0] == "round":
        nin = len(w) - 5
        rounds += 1
    elif w[0] == "open":
        deck = 52 - 7 * nin - 1
        dead, opens = set(), set(w[1:])
        want_deck = True
    elif w[0] == "newdeck":
        assert deck == 0, ("newdeck with cards in the deck", deck)
        assert int(w[1]) == len(dead), ("newdeck", w[1], "dead pile", len(dead))
        pending_new = int(w[1])
        dead = set()
        newdecks += 1
    elif w[0] == "played" and w[2] == "discard":
        i = w.index("take") if "take" in w else w.index("draw")
        discard = set(w[3:i])
        if w[i] == "take":
            dead |= opens - {w[i + 1]}
        else:
            if pending_new is not None:
                deck = pending_new
            assert deck > 0, "a draw from an empty deck without newdeck"
            deck -= 1
            dead |= opens
        pending_new = None
        opens = discard
        want_deck = True
    elif w[0] == "played" and w[2] == "declare":
        want_deck = True
    elif w[0] == "deck":
        raise AssertionError(("unexpected deck line", w))
assert rounds >= 2 and newdecks >= 2, (rounds, newdecks)
print("# %d rounds, %d new decks" % (rounds, newdecks))
PY
echo "bot deck ok"
