#!/bin/sh
# The bot protocol's answers (docs/bot-protocol.md): cards in any order
# and either case, and a card named after `draw` ignored. The sloppy bot
# writes every answer that way and exits with an error if the referee
# plays anything but the move it meant; it must finish its matches
# without a single failure. Then bots that write what nobody asked for:
# lines before a question, second answers, bytes that are not UTF-8, a
# flood on stderr, escape sequences on stderr.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
ls=${LEASTSCORE:-$root/build/leastscore}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
. "$root/tests/e2e/lib/procs.sh"

"$ls" sim --players "greedy,cmd:python3 $root/tests/bots/sloppy.py" --matches 2 --seed 4 \
    --json >"$tmp/out.json" 2>"$tmp/err" || { cat "$tmp/err"; fail "sim"; }
python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert d["failed_matches"] == 0 and d["bot_failures"] == 0, d["bot_messages"]
assert d["matches"] == 2' "$tmp/out.json" || { cat "$tmp/err"; fail "the sloppy bot's answers were not all played as meant"; }
# Lines longer than the protocol's 1023 bytes: a long '#' comment is
# dropped whole (its tail was read as the next answer, 'garbage xxx...'),
# and a long answer, the bot's third, is reported as too long, the bot
# killed.
"$ls" sim --players "greedy,cmd:python3 $root/tests/bots/longline.py" --matches 1 --seed 3 \
    --json >"$tmp/long.json" 2>"$tmp/err" || { cat "$tmp/err"; fail "sim"; }
python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
m = [f["reason"] for f in d["bot_failure_list"]]
assert len(m) == 1, m
assert m[0].startswith("a line longer than 1023 bytes ('"'"'discard "), m
assert m[0].endswith("; killed, the fallback plays for it until the match ends"), m' "$tmp/long.json" ||
    { cat "$tmp/err"; fail "overlong lines were not dropped and reported as such"; }
# A bot that falls behind after a line too long: it answers each later
# go only once the next has come, with the move it meant for the one
# before (tests/bots/behind.py). Those stale lines were read as answers
# to the later questions: judged illegal a turn at a time, or played
# (the bot creates stale.mark when it sees one played). The bot is killed
# at the line too long, as one that does not answer in time is, so that
# nothing it writes after it is taken for an answer.
for run in sim arena; do
    rm -f "$tmp/stale.mark"
    timeout 120 "$ls" $run --players "greedy,cmd:python3 $root/tests/bots/behind.py $tmp/stale.mark" \
        --matches 2 --seed 1 --json >"$tmp/behind.json" 2>"$tmp/err" ||
        { cat "$tmp/err"; fail "$run with a bot that falls behind after a line too long"; }
    python3 -c 'import json,sys
r = [f["reason"] for f in json.load(open(sys.argv[1]))["bot_failure_list"]]
assert len(r) == 2, r
assert all(x.startswith("a line longer than 1023 bytes (\x27discard ") and
           x.endswith("; killed, the fallback plays for it until the match ends") for x in r), r' \
        "$tmp/behind.json" || { cat "$tmp/err"; fail "$run: a bot's stale lines after a line too long were read as answers"; }
    [ ! -e "$tmp/stale.mark" ] || fail "$run: a stale move of a bot's, written after a line too long, was played"
done
# A bot that dies halfway through an answer ('discard 2C' and no newline,
# then exit 0) is reported with what it wrote of the line, escaped as
# other bot text is: it was 'died (exit status 0)' alone.
"$ls" sim --players "greedy,cmd:python3 $root/tests/bots/halfline.py" --matches 1 --seed 3 \
    --json >"$tmp/half.json" 2>"$tmp/err" || { cat "$tmp/err"; fail "sim (halfline)"; }
python3 -c 'import json,re,sys
m = json.load(open(sys.argv[1]))["bot_messages"]
assert len(m) == 1, m
assert re.search(r": died \(exit status 0\) halfway through a line \(.discard [2-9TJQKA][CDHS]"
                 r"\\x1b\\xe2\\x80\\xae.\); the fallback plays for it until the match ends$", m[0]), m' \
    "$tmp/half.json" || { cat "$tmp/half.json"; fail "a bot's half line was not quoted when it died"; }
# A long half line is quoted up to 80 bytes, cut between two characters.
"$ls" sim --players "greedy,cmd:python3 $root/tests/bots/halfline.py long" --matches 1 --seed 3 \
    --json >"$tmp/half.json" 2>"$tmp/err" || { cat "$tmp/err"; fail "sim (halfline long)"; }
python3 -c 'import json,sys
m = json.load(open(sys.argv[1]))["bot_messages"]
assert len(m) == 1 and m[0].endswith(": died (exit status 0) halfway through a line (\x27discard "
    + "\u00e9" * 36 + "...\x27); the fallback plays for it until the match ends"), m' \
    "$tmp/half.json" || { cat "$tmp/half.json"; fail "a long half line was not cut at a character"; }
# The handshake is 'ok 1', blanks around the words as a move may have
# them; other text after it, or a version that is not the number 1
# ('ok1', 'ok 1.9', 'ok 1 please', all taken for 'ok 1' before), is a bad
# handshake.
cat >"$tmp/hs.py" <<'PY'
import sys
sys.stdin.readline()
print(sys.argv[1], flush=True)
for line in sys.stdin:
    if line.startswith("go"):
        print("discard %s draw" % line.split()[2], flush=True)
PY
for h in 'ok 1' 'ok 1 please' 'ok1' 'ok 1.9' ' ok  1 '; do
    "$ls" sim --player greedy --player "cmd:python3 $tmp/hs.py '$h'" --matches 1 --threshold 10 \
        --json >"$tmp/hs.json" 2>"$tmp/err" || { cat "$tmp/err"; fail "sim (handshake '$h')"; }
    case $h in
    'ok 1' | ' ok  1 ') want=0 ;;
    *) want=1 ;;
    esac
    python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
m = d["bot_messages"]
assert d["bot_failures"] == int(sys.argv[2]), m
assert all("bad handshake '"'"'%s'"'"' (expected '"'"'ok 1'"'"')" % sys.argv[3] in x for x in m), m' \
        "$tmp/hs.json" "$want" "$h" || { cat "$tmp/err"; fail "handshake '$h'"; }
done
# Lines written when nothing was asked are dropped before the next
# question (bot-protocol.md): a 'declare' written before any go, or a
# second copy of each answer, is never read as an answer; bytes that are
# not UTF-8 are garbage, quoted as \xNN.
for mode in early twice; do
    "$ls" sim --players "greedy,cmd:python3 $root/tests/bots/unasked.py $mode" --matches 3 --seed 5 \
        --json >"$tmp/unasked.json" 2>"$tmp/err" || { cat "$tmp/err"; fail "sim (unasked $mode)"; }
    python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert d["matches"] == 3 and d["failed_matches"] == 0, d
assert d["bot_failures"] == 0, d["bot_messages"]' "$tmp/unasked.json" ||
        { cat "$tmp/err"; fail "an unasked line ($mode) was read as an answer"; }
done
"$ls" sim --players "greedy,cmd:python3 $root/tests/bots/unasked.py bytes" --matches 1 --seed 5 \
    --json >"$tmp/bytes.json" 2>"$tmp/err" || { cat "$tmp/err"; fail "sim (bytes)"; }
python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
m = d["bot_messages"]
assert d["bot_failures"] > 0 and m, d
assert all("garbage '"'"'discard \\xff\\xfe\\xc3 draw'"'"': at column 9, '"'"'\\xff\\xfe\\xc3'"'"' is not a card "
           "(cards are like AS 10H QD 7c); the fallback plays this turn" in x for x in m), m' \
    "$tmp/bytes.json" || { cat "$tmp/err"; fail "bytes that are not UTF-8 were not garbage, quoted"; }
# A garbage answer is reported with why it is garbage, after the column
# of the word the move went wrong at, where one is to blame: it was
# "garbage 'discard 5x draw'" alone, the bot's author left to guess.
# The bot answers each 'go' with the next of these lines, from the
# one given (sim tells the first 7 failures of a match, then the last);
# a long word is quoted by its head in the reason, and found all the same.
# The reason quotes its word as the report quotes the answer (printable
# UTF-8 as it is, an unseen character and a backslash escaped): it was
# 'Zo\xc3\xab' in the reason after 'Zoë' in the quote of the answer.
# A NUL after a bad word is not the first fault: the word is told (it
# was 'a NUL byte at column 16' for 'discard 5x draw' and a NUL).
cat >"$tmp/why.py" <<'PY'
import sys
answers = ["discard 5x draw", "discard 2C draw 4S now", "Bob discard 2C draw",
           "discard 2C 2c draw", "discard 2C", "discard 2C draw\0 and more",
           "declare now", "discard 2C take", "discard 2C draw now",
           "discard 2C draw 4S " + "x" * 50, "discard Zo\u00eb draw",
           "discard 2C draw \u202eX", "discard a\\b draw", "discard 5x draw\0"]
turn = int(sys.argv[1])
for line in sys.stdin:
    if line.startswith("leastscore-bot"):
        print("ok 1", flush=True)
    elif line.startswith("go"):
        sys.stdout.buffer.write((answers[turn % len(answers)] + "\n").encode())
        sys.stdout.flush()
        turn += 1
PY
for first in 0 7; do
    "$ls" sim --players "greedy,cmd:python3 $tmp/why.py $first" --matches 1 --seed 3 \
        >/dev/null 2>"$tmp/why.err" || { cat "$tmp/why.err"; fail "sim (why $first)"; }
    python3 -c 'import re, sys
m = [x for x in open(sys.argv[1], encoding="utf-8", errors="replace").read().split("\n")
     if re.match(r"match 1, round \d+, turn \d+: why_py \(bot ", x)]
want = ["garbage \x27discard 5x draw\x27: at column 9, \x275x\x27 is not a card (cards are like AS 10H QD 7c)",
        "garbage \x27discard 2C draw 4S now\x27: at column 20, unexpected \x27now\x27 at the end of the move",
        "garbage \x27Bob discard 2C draw\x27: at column 1, \x27Bob\x27 is not a move: expected "
        "\x27discard CARDS take CARD\x27, \x27discard CARDS draw\x27 or \x27declare\x27 (a bot\x27s "
        "notes go to its stderr, or on a line starting with \x27#\x27)",
        "garbage \x27discard 2C 2c draw\x27: at column 12, 2C is discarded twice",
        "garbage \x27discard 2C\x27: after the discarded cards, say \x27take CARD\x27 or \x27draw\x27",
        "garbage \x27discard 2C draw\\x00 and more\x27: a NUL byte at column 16",
        "garbage \x27declare now\x27: at column 9, \x27declare\x27 takes nothing after it, got \x27now\x27",
        "garbage \x27discard 2C take\x27: at column 12, \x27take\x27 needs the open card to take, like \x27take 5S\x27",
        "garbage \x27discard 2C draw now\x27: at column 17, \x27now\x27 after \x27draw\x27 is not a card: \x27draw\x27 "
        "is followed by nothing or by the card drawn, like \x27draw 4S\x27",
        "garbage \x27discard 2C draw 4S " + "x" * 50 + "\x27: at column 20, unexpected \x27" + "x" * 37
        + "...\x27 at the end of the move",
        "garbage \x27discard Zo\u00eb draw\x27: at column 9, \x27Zo\u00eb\x27 is not a card (cards are like AS 10H QD 7c)",
        "garbage \x27discard 2C draw \\xe2\\x80\\xaeX\x27: at column 17, \x27\\xe2\\x80\\xaeX\x27 after \x27draw\x27 "
        "is not a card: \x27draw\x27 is followed by nothing or by the card drawn, like \x27draw 4S\x27",
        "garbage \x27discard a\\\\b draw\x27: at column 9, \x27a\\\\b\x27 is not a card (cards are like AS 10H QD 7c)",
        "garbage \x27discard 5x draw\\x00\x27: at column 9, \x275x\x27 is not a card (cards are like AS 10H QD 7c)"]
want = want[int(sys.argv[2]):][:7]
assert len(m) >= len(want), m
for i, w in enumerate(want):
    assert m[i].endswith("/why.py %s\x27): " % sys.argv[2] + w + "; the fallback plays this turn"), (i, m[i], w)' \
        "$tmp/why.err" "$first" || { head -9 "$tmp/why.err"; fail "a garbage answer was not reported with why, and where"; }
done
# An illegal move is reported with the rule it broke, in the go line's
# terms: it was "illegal move 'discard 2C take 9S'" alone. The bot plays
# one illegal move of each kind a turn, in turn, writing the reason it
# expects to a file; the n-th failure of the match must give the n-th.
cat >"$tmp/ill.py" <<'PY'
import sys
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
ALL = [r + s for r in RANKS for s in "CDHS"]
VAL = {"A": 1, "J": 10, "Q": 10, "K": 10}
want = open(sys.argv[1], "w")
turn = 0
for line in sys.stdin:
    w = line.split()
    if w and w[0] == "leastscore-bot":
        print("ok 1", flush=True)
    elif w and w[0] == "deal":
        first = True
    elif w and w[0] == "go":
        hand = w[2:w.index("open")]
        opn = w[w.index("open") + 1:w.index("draw")]
        stranger = [c for c in ALL if c not in hand and c not in opn][0]
        total = sum(VAL.get(c[:-1]) or int(c[:-1]) for c in hand)
        kind = turn % 5
        if first:
            move, why = "declare", "no one may declare on their first turn of a round (the go line said 'declare no')"
        elif kind == 1:
            move, why = "discard %s draw" % stranger, "%s is not in its hand (the hand is %s)" % (stranger, " ".join(hand))
        elif kind == 2 and hand[0][:-1] != hand[-1][:-1]:
            move = "discard %s %s draw" % (hand[-1], hand[0])
            why = "%s %s cannot be discarded together: 2 cards must be a pair of the same rank" % (hand[0], hand[-1])
        elif kind == 3:
            move = "discard %s take %s" % (hand[0], stranger)
            why = "%s is not an open card (the open %s %s)" % (
                stranger, "card is" if len(opn) == 1 else "cards are", " ".join(opn))
        elif kind == 4 and total > 3:
            move, why = "declare", "declaring needs a total of 3 or less, and the hand's is %d (the go line said 'declare no')" % total
        else:
            move, why = "discard %s %s" % (hand[-1], "draw" if w[-3] == "yes" else "take " + opn[0]), None
        if why:
            want.write("illegal move '%s': %s\n" % (move, why))
            want.flush()
        print(move, flush=True)
        first = False
        turn += 1
    elif w and w[0] == "quit":
        break
PY
"$ls" sim --players "greedy,cmd:python3 $tmp/ill.py $tmp/ill.want" --matches 1 --seed 3 --threshold 30 \
    --declare-max 3 --json >"$tmp/ill.json" 2>"$tmp/ill.err" || { cat "$tmp/ill.err"; fail "sim (illegal moves)"; }
python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
want = open(sys.argv[2]).read().split("\n")[:-1]
got = d["bot_failure_list"]
assert d["bot_failures"] == len(want) and len(want) >= 5 and got, (d["bot_failures"], len(want))
kinds = set()
for f in got:
    w = want[f["failure"] - 1] + "; the fallback plays this turn"
    assert f["reason"] == w, (f["reason"], w)
    kinds |= {k for k in ("first turn", "not in its hand", "cannot be discarded",
                          "not an open card", "declaring needs") if k in w}
assert len(kinds) == 5, kinds' "$tmp/ill.json" "$tmp/ill.want" ||
    { head -9 "$tmp/ill.err"; fail "an illegal move was not reported with the rule it broke"; }
# A second handshake is a line nobody asked for: dropped, no failure.
"$ls" sim --players "greedy,cmd:python3 $root/tests/bots/unasked.py hello" --matches 2 --seed 5 \
    --json >"$tmp/hello.json" 2>"$tmp/err" || { cat "$tmp/err"; fail "sim (handshake twice)"; }
python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert d["failed_matches"] == 0 and d["bot_failures"] == 0, d["bot_messages"]' "$tmp/hello.json" ||
    fail "a second 'ok 1' was read as an answer"
# The time limit: an answer within it is taken, one past it is not (the
# first answer takes 1 s, with a limit of 3 s: 2 s were a margin of 1 s
# for a bot woken late on a loaded machine; then 3.5 s, with 2 s).
"$ls" sim --players "greedy,cmd:python3 $root/tests/bots/unasked.py slow 1" --matches 1 --seed 5 \
    --bot-timeout 3000 --json >"$tmp/slow.json" 2>"$tmp/err" || { cat "$tmp/err"; fail "sim (slow 1)"; }
python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert d["failed_matches"] == 0 and d["bot_failures"] == 0, d["bot_messages"]' "$tmp/slow.json" ||
    fail "an answer within the time limit was refused"
"$ls" sim --players "greedy,cmd:python3 $root/tests/bots/unasked.py slow 3.5" --matches 1 --seed 5 \
    --bot-timeout 2000 --json >"$tmp/slow.json" 2>"$tmp/err" || { cat "$tmp/err"; fail "sim (slow 3.5)"; }
python3 -c 'import json,sys
m = json.load(open(sys.argv[1]))["bot_messages"]
assert len(m) == 1 and "no answer within 2000 ms; killed" in m[0], m' "$tmp/slow.json" ||
    fail "an answer past the time limit was taken"
# A bot that exits once it has shaken hands is written to while it is gone
# (the round's first lines): SIGPIPE is ignored, the write's EPIPE or the
# read's end of file tells it dead, and sim goes on to its end. Five runs,
# as which of the two comes first is the scheduler's.
for i in 1 2 3 4 5; do
    "$ls" sim --player greedy --player "cmd:read l; echo ok 1" --matches 1 --seed 5 \
        --json >"$tmp/gone.json" 2>"$tmp/err" || { cat "$tmp/err"; fail "sim (a bot gone, run $i): exit $?"; }
    python3 -c 'import json,sys
m = json.load(open(sys.argv[1]))["bot_messages"]
assert len(m) == 1 and "died (exit status 0); the fallback plays for it" in m[0], m' "$tmp/gone.json" ||
        fail "a bot gone after its handshake (run $i) was not told dead"
done
# A bot whose child keeps its stdin, stdout and stderr open and ignores
# SIGTERM (as the bot does, and quit): sim, arena and play end, each at
# once, and leave nothing of theirs running (the whole process group is
# killed).
mark=holdsbot-$$
holds="cmd:python3 $root/tests/bots/linger.py $mark holds"
timeout 60 "$ls" sim --player greedy --player "$holds" --matches 1 --bot-timeout 300 \
    >/dev/null 2>"$tmp/err" || { cat "$tmp/err"; fail "sim with a bot whose child holds its pipes"; }
timeout 60 "$ls" arena --player greedy --player "$holds" --matches 2 --bot-timeout 300 \
    >/dev/null 2>"$tmp/err" || { cat "$tmp/err"; fail "arena with a bot whose child holds its pipes"; }
printf 'quit\n' | HOME="$tmp" timeout 60 "$ls" play --plain --level "$holds" --bots 1 \
    >/dev/null 2>"$tmp/err" || { cat "$tmp/err"; fail "play with a bot whose child holds its pipes"; }
wait_no_process "holdsbo[t]-$$" ||
    fail "a bot's child that ignores SIGTERM outlived sim, arena or play: $left"
# A bot that writes a 10 MiB line with no newline, then sleeps: its first
# 1023 bytes are told as a line too long, and it is killed at once (it was
# killed only once its time ran out waiting for the line's end) and
# nothing of it is left. (Kept as the guard of a bounded buffer against
# the largest write a bot may make.)
mark=biglinebot-$$
cat >"$tmp/bigline.py" <<'PY'
import sys, time
for line in sys.stdin:
    if line.startswith("leastscore-bot"):
        print("ok 1", flush=True)
    elif line.startswith("go"):
        sys.stdout.write("x" * (10 << 20))
        sys.stdout.flush()
        time.sleep(300)
PY
timeout 60 "$ls" sim --players "greedy,cmd:python3 $tmp/bigline.py $mark" --matches 1 --bot-timeout 300 \
    --json >"$tmp/big.json" 2>/dev/null || fail "sim with a bot writing a 10 MiB line"
wait_no_process "biglinebo[t]-$$" || fail "a bot writing a 10 MiB line outlived sim: $left"
python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
r = [f["reason"] for f in d["bot_failure_list"]]
assert d["matches"] == 1 and len(r) == 1, r
assert r[0].startswith("a line longer than 1023 bytes (\x27" + "x" * 60), r[0]
assert r[0].endswith("...\x27); killed, the fallback plays for it until the match ends"), r[0]' \
    "$tmp/big.json" || fail "a bot writing a 10 MiB line is not told so"
# A bot whose answer is a line longer than a pipe holds (1 MiB), then a
# line unasked ('late'): the bot is killed at the line too long, so
# nothing it wrote after it is read. (Only the first 64 KiB of it were
# once read before the next go: 'late' was judged as its answer to that
# go, garbage, and a bot's move there would have been taken as its
# answer, one behind.)
cat >"$tmp/overlong.py" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
sys.dont_write_bytecode = True
from botloop import first_card, play
turns = 0
def go(words):
    global turns
    turns += 1
    if turns == 1:
        sys.stdout.write("discard " + "x" * (1 << 20))
        sys.stdout.flush()
        return "\nlate"  # the line's end and 'late', in one write
    return first_card(words)
play(go)
PY
for run in sim arena; do
    timeout 60 "$ls" $run --players "greedy,cmd:python3 $tmp/overlong.py $root/tests/bots" --matches 1 \
        --seed 3 --threshold 10 --json >"$tmp/overlong.json" 2>"$tmp/err" ||
        { cat "$tmp/err"; fail "$run with a bot writing a 1 MiB line then an unasked one"; }
    python3 -c 'import json,sys
r = [f["reason"] for f in json.load(open(sys.argv[1]))["bot_failure_list"]]
assert len(r) == 1 and r[0].startswith("a line longer than 1023 bytes (\x27discard xxx"), r' \
        "$tmp/overlong.json" || fail "$run: what a bot wrote after a 1 MiB line was read as its next answer"
done
# A bot that starts a process outside its group (setsid, as a daemon does):
# play kills it as the bot ends and names the bot, by what it did (it said
# only, as it left, that it had killed a process that bots had started).
mark=playdaemon-$$
printf 'discard 9H draw\nquit\n' | HOME="$tmp" timeout 60 "$ls" play --plain --seed 7 --bots 1 \
    --level "cmd:python3 $root/tests/bots/daemon.py $mark" --record "$tmp/daemon.lsr" \
    >/dev/null 2>"$tmp/err" || { cat "$tmp/err"; fail "play with a bot leaving a daemon"; }
wait_no_process "playdaemo[n]-$$" || fail "a bot's daemon outlived play: $left"
grep -qx "leastscore play: Ada's bot: had started 1 process outside its process group (setsid), which outlived it; killed" \
    "$tmp/err" || { cat "$tmp/err"; fail "play: the bot that left a daemon is not named"; }
# A bot that floods its stderr (4 MiB before the handshake, 256 KiB and a
# line with no newline before each answer) is not at fault: the matches
# are played out with no failure, and the results on stdout are whole.
# Its stderr is passed through up to 1 MiB in the run (1023 of its lines
# of 1025 bytes: whole lines, the 1024th would pass the limit), each line
# named, then dropped, one line at the end saying how much and how to keep
# it all (it flooded the terminal, 12 MB here); a redirection in its
# command, as that line says, keeps it all.
timeout 120 "$ls" sim --players "greedy,cmd:python3 $root/tests/bots/flood.py" --matches 2 --seed 3 \
    --json >"$tmp/flood.json" 2>"$tmp/flood.err" || { tail -c 300 "$tmp/flood.err"; fail "sim (flood)"; }
python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert d["matches"] == 2 and d["failed_matches"] == 0, d
assert d["bot_failures"] == 0, d["bot_messages"]' "$tmp/flood.json" ||
    fail "a bot that floods its stderr was held at fault"
python3 -c 'import re, sys
lines = open(sys.argv[1]).read().split("\n")
shown = [x for x in lines if re.match(r"\[flood_py, match [12]\] flood bot: x", x)]
assert len(shown) == 1023, len(shown)
said = [x for x in lines if "of its stderr" in x]
assert len(said) == 1 and lines.index(said[0]) > lines.index(shown[-1]), said
m = re.fullmatch(r"leastscore sim: \[flood_py\] (\d+) more lines of its stderr \((\d+) bytes\) not shown: "
                 r"a bot.s stderr is shown up to 1024 KiB in a run; to keep it all, send it to a file "
                 r"in its command: cmd:.python3 \S+/flood.py 2>>FILE.", said[0])
assert m and int(m[1]) > 2 * 4096 - 1023 and int(m[2]) > 7 * 1024 * 1024, said
assert not [x for x in lines if "flood bot" in x and not x.startswith("[flood_py, match ")], "a line not named"' \
    "$tmp/flood.err" || { grep -v "^.flood_py, match [12]. flood bot: x" "$tmp/flood.err" | cut -c1-300; fail "the flood bot's stderr was not passed through named, up to its limit, and the rest said"; }
timeout 120 "$ls" sim --players "greedy,cmd:python3 $root/tests/bots/flood.py 2>>$tmp/flood.log" --matches 2 \
    --seed 3 >/dev/null 2>"$tmp/flood2.err" || fail "sim (flood, its stderr to a file)"
[ "$(grep -c '^flood bot: x' "$tmp/flood.log")" -ge $((2 * (4096 + 256))) ] && ! grep -q "flood bot\|of its stderr" "$tmp/flood2.err" ||
    fail "the flood bot's stderr, sent to a file in its command, was not all there"
# Each line of a bot's stderr is named after its seat, as the table names
# it, so that two seats of one command are told apart, and, in a run of
# more than one match, after its match: with two threads the lines of one
# entry's bots in two matches came mixed under one name. The noisy bot
# copies every line it reads there, its own 'seat N NAME' too: sim seats
# entry e at seat (e + M - 1) % 2 in match M, which the lines must agree
# with.
"$ls" sim --players "cmd:python3 $root/tests/bots/noisy.py,cmd:python3 $root/tests/bots/noisy.py" \
    --matches 2 --threads 2 --seed 3 >/dev/null 2>"$tmp/noisy.err" || fail "sim (noisy)"
python3 -c 'import re, sys
lines = [x for x in open(sys.argv[1]).read().split("\n") if "noisy bot" in x]
assert lines and all(re.match(r"\[noisy_py2?, match [12]\] noisy bot read: ", x) for x in lines), lines[:3]
seats = [re.fullmatch(r"\[(\w+), match (\d)\] noisy bot read: seat (\d) (\w+)", x) for x in lines]
seats = sorted(m.group(1, 2, 3, 4) for m in seats if m)
want = sorted((name, str(m), str((e + m - 1) % 2), name)
              for e, name in enumerate(["noisy_py", "noisy_py2"]) for m in range(1, 3))
assert seats == want, seats' \
    "$tmp/noisy.err" || { head -5 "$tmp/noisy.err"; fail "sim: a bot's stderr lines were not named after its seat and match"; }
# arena names the match too; a run of one match (sim --matches 1) only the
# seat, as the escapes bot's lines below show.
"$ls" arena --players "cmd:python3 $root/tests/bots/noisy.py,greedy" --matches 2 --tables 0 --threads 2 --seed 3 \
    >/dev/null 2>"$tmp/noisy-arena.err" || { tail -3 "$tmp/noisy-arena.err"; fail "arena (noisy)"; }
python3 -c 'import re, sys
lines = [x for x in open(sys.argv[1]).read().split("\n") if "noisy bot" in x]
assert lines and all(re.match(r"\[noisy_py, match [12]\] noisy bot read: ", x) for x in lines), lines[:3]
assert {re.match(r"\[noisy_py, match (\d)\]", x)[1] for x in lines} == {"1", "2"}, lines[:3]' \
    "$tmp/noisy-arena.err" || { head -5 "$tmp/noisy-arena.err"; fail "arena: a bot's stderr lines were not named after its seat and match"; }
# A bot's stderr line with no newline ends its line before anything else
# is written: the referee's message that follows (an illegal move, the
# bot's death) or play's next line starts a line of its own ('unended bot:
# thinking...match 1: bot ...' before).
"$ls" sim --players "greedy,cmd:python3 $root/tests/bots/unended.py" --matches 2 --seed 3 \
    >/dev/null 2>"$tmp/unended.err" || { cat "$tmp/unended.err"; fail "sim (unended)"; }
python3 -c 'import sys
lines = open(sys.argv[1]).read().split("\n")
bot = [x for x in lines if "unended bot:" in x]
bot = [x.replace(", match 1]", "]").replace(", match 2]", "]") for x in bot]
assert bot.count("[unended_py] unended bot: thinking...") == 6 and bot.count("[unended_py] unended bot: bye") == 2, bot
assert len(bot) == 8, bot
assert sum(x.startswith("match ") and "garbage" in x for x in lines) == 2, lines
assert sum(x.startswith("match ") and "died (exit status 3)" in x for x in lines) == 2, lines' \
    "$tmp/unended.err" || { cat "$tmp/unended.err"; fail "sim: a bot's unended stderr line ran into the next"; }
printf 'discard 9H draw\ndiscard 5C draw\ndiscard 4S draw\nquit\n' |
    "$ls" play --plain --seed 7 --bots 1 --level "cmd:python3 $root/tests/bots/unended.py" \
        --record "$tmp/unended.lsr" >"$tmp/unended.out" 2>&1 || true
python3 -c 'import sys
lines = open(sys.argv[1]).read().split("\n")
bot = [x for x in lines if "unended bot:" in x]
assert bot == ["unended bot: thinking..."] * 3, bot
assert any(x.startswith("leastscore play: Ada'"'"'s bot: garbage") for x in lines), lines' \
    "$tmp/unended.out" || { cat "$tmp/unended.out"; fail "play: a bot's unended stderr line ran into the next"; }
# What a bot writes to its stderr while nobody waits on it (here 0.3 s
# after its answer, the game at your prompt) is passed on before the next
# prompt (here the one after 'hand', typed once the bot has written it);
# it came only once the bot was written to again, after your move (here
# at quit, under 'your move> quit'). Not at once, across the line being
# typed.
{
    echo 'discard 9H draw'
    i=0
    while [ ! -e "$tmp/late.done" ] && [ "$i" -lt 600 ]; do
        sleep 0.05
        i=$((i + 1))
    done
    echo hand
    sleep 0.2
    echo quit
} | "$ls" play --plain --seed 7 --bots 1 --level "cmd:python3 $root/tests/bots/late.py $tmp/late.done" \
    --record "$tmp/late.lsr" >"$tmp/late.out" 2>&1 || true
[ -e "$tmp/late.done" ] || { cat "$tmp/late.out"; fail "the late bot never wrote its line"; }
python3 -c 'import sys
text = open(sys.argv[1]).read()
late, quit = text.find("late bot: after move 1\n"), text.find("your move> quit\n")
assert 0 <= quit and text.count("late bot:") == 1, text
assert 0 <= late < quit, "the line is at %d, not before %d" % (late, quit)' \
    "$tmp/late.out" || { cat "$tmp/late.out"; fail "play: a bot's stderr at the prompt waited for the next move"; }
# A bot's stderr reaches the terminal with its control bytes written \xNN,
# in play --plain and in sim: the escapes bot's escape sequences (the
# window's title, a cleared screen, the cursor moved, the alternate
# screen), a NUL, a DEL and a CR were passed on raw. Its printable UTF-8
# is passed on as it is, also in a line longer than a piece (4096 bytes),
# which is cut at a character.
# A backslash is shown \\, in the bot's lines and in its spec, so that
# its own \x41 is never read as an escaped byte.
# Only the control bytes, the bytes that are not UTF-8 and the backslash
# are escaped: the printable UTF-8 of the same line stays as it is (it was
# written \xNN too, 'caf\xc3\xa9', a name beside a stray ESC unreadable).
# The characters that change the direction or are not seen (U+202E,
# U+2066, U+200B, U+FEFF, ...) are written as their bytes \xNN, in the
# bot's lines and in its spec: they reached the terminal raw, so that a
# line read otherwise than its bytes ("Trojan Source").
# The spec is shown whole: play showed the player's own copy, cut at 63
# bytes, so that in a checkout at a longer path its end (U+202E here)
# was lost. An argument the bot does not read makes it longer than that
# wherever the tree is.
esc_line='escapes bot: \x1b]0;pwned\x07\x1b[2J\x1b[H\x1b[?1049h\x00\x7f\x0dcafé \\x41'
esc_spec="cmd:python3 $root/tests/bots/escapes.py '\\x41' 'an argument to make the spec long' Zoë$(printf '\033\342\200\256')"
printf 'discard 9H draw\nquit\n' |
    "$ls" play --plain --seed 7 --bots 1 --level "$esc_spec" \
        --record "$tmp/esc.lsr" >"$tmp/esc.out" 2>"$tmp/esc.err" || true
grep -qxF "Least Score: You against Ada (cmd:python3 $root/tests/bots/escapes.py '\\\\x41' 'an argument to make the spec long' Zoë\\x1b\\xe2\\x80\\xae)." \
    "$tmp/esc.out" || { head -3 "$tmp/esc.out"; fail "play: a backslash in a bot's spec is not shown \\\\, or a hidden character not \\xNN"; }
"$ls" sim --players "greedy,$esc_spec" --matches 1 --seed 3 \
    >/dev/null 2>"$tmp/esc-sim.err" || { cat "$tmp/esc-sim.err"; fail "sim (escapes)"; }
for f in esc.err esc-sim.err; do
    python3 -c 'import sys
data = open(sys.argv[1], "rb").read()
bad = sorted({b for b in data if (b < 0x20 and b != 0x0a) or b == 0x7f})
assert not bad, "control bytes %s reached the terminal: %r" % (bad, data[:300])
lines = data.decode("utf-8").split("\n")
# sim names each line after the seat of the bot; play --plain does not.
named = [x for x in lines if x.startswith("[escapes_py] ")]
assert bool(named) == sys.argv[1].endswith("esc-sim.err"), lines[:3]
lines = [x[len("[escapes_py] "):] if x in named else x for x in lines]
assert "escapes bot: \u00e9 and \u2665 stay as they are" in lines, lines[:5]
assert sys.argv[2] in lines, lines[:5]
assert "escapes bot: C:\\\\x41\\\\ is no escape" in lines, lines[:5]
assert "escapes bot: Zo\u00eb\\x1b \u4e2d\u6587\\xff" in lines, lines[:6]
assert ("escapes bot: ok\\xe2\\x80\\xae\\xe2\\x81\\xa6 gnirts\\xe2\\x81\\xa9"
        "\\xe2\\x81\\xa6 \\xe2\\x80\\x8b\\xef\\xbb\\xbf\\xd8\\x9c\\xe2\\x80\\x8ez\\xe2\\x81\\xa2\\xf3\\xa0\\x81\\x81"
        "\\xc2\\xad\\xe1\\xa0\\x8e\\xe2\\x80\\xa8\\xe2\\x80\\xa9"
        "\\xef\\xbf\\xb9\\xef\\xbf\\xba\\xef\\xbf\\xbb") in lines, lines[:7]
hidden = "\u061c\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2060\u2066\u2067\u2068\u2069\ufeff\u2061\u2062\u2063\u2064\u00ad\u180e\u2028\u2029\ufff9\ufffa\ufffb"
assert not [c for c in data.decode("utf-8") if c in hidden or 0xe0000 <= ord(c) <= 0xe007f], "a hidden character reached the terminal"
# The line of 2000 hearts, passed on in pieces, each cut at a character
# and each but the last saying that it was cut.
hearts = [x for x in lines if x.startswith("\u2665") or x.startswith("\\x")]
note = " [cut at 4096 bytes: the line goes on below]"
assert len(hearts) == 2 and hearts[0].endswith(note) and not hearts[1].endswith(note), [x[-60:] for x in hearts]
assert hearts[0][:-len(note)] + hearts[1] == "\u2665" * 2000, [x[:40] for x in hearts]' "$tmp/$f" "$esc_line" ||
        fail "$f: a bot's stderr was not shown with its control bytes escaped"
done
# play names the failure alone, past botproc's "bot 'COMMAND' (Ada): ",
# whatever the command holds: a command with "': " and control bytes,
# dying before the handshake (where no seat is named), was reported by
# the command's tail ("Ada's bot: ab\x01...\"': died ..."), as was one
# holding " (Ada): " that dies when asked to move.
printf 'cmd:read g;exit 3;: "\047: ab\001\001\001"' >"$tmp/quote.cmd"
printf 'cmd:python3 %s/tests/bots/crash.py # "\047 (Ada): \001z"' "$root" >"$tmp/tag.cmd"
for c in quote tag; do
    printf 'discard 9H draw\nquit\n' |
        "$ls" play --plain --seed 7 --bots 1 --level "$(cat "$tmp/$c.cmd")" \
            --record "$tmp/$c.lsr" >"$tmp/$c.out" 2>&1 || true
done
grep -qxF "leastscore play: Ada's bot: died before the handshake (exit status 3); greedy plays for it until the match ends" \
    "$tmp/quote.out" || { head -3 "$tmp/quote.out"; fail "play: a bot whose command holds \"': \" was reported by its command's tail"; }
grep -qxF "leastscore play: Ada's bot: died (exit status 3); greedy plays for it until the match ends" \
    "$tmp/tag.out" || { head -12 "$tmp/tag.out"; fail "play: a bot whose command holds \" (Ada): \" was reported by its command's tail"; }
# A bot that exits while a process it started holds its output open
# (no end of file comes) is told dead at once: it was 'no answer within
# 20000 ms', its whole time limit waited out and the wrong reason given.
"$ls" sim --players "greedy,cmd:python3 $root/tests/bots/holder.py" --matches 1 --seed 3 \
    --bot-timeout 20000 --json >"$tmp/holder.json" 2>"$tmp/err" || { cat "$tmp/err"; fail "sim (holder)"; }
python3 -c 'import json,sys
m = json.load(open(sys.argv[1]))["bot_messages"]
assert len(m) == 1 and m[0].startswith("match 1, round 1, turn 2: holder_py (bot ")
assert m[0].endswith("/holder.py\x27): died (exit status 4), and a process it started "
    "holds its output open; that process killed, the fallback plays for it until the match ends"), m' \
    "$tmp/holder.json" || { cat "$tmp/holder.json"; fail "a bot whose child holds its output was not told dead"; }
# What it wrote of a line is quoted, as when a bot dies alone.
"$ls" sim --players "greedy,cmd:python3 $root/tests/bots/holder.py half" --matches 1 --seed 3 \
    --json >"$tmp/holder.json" 2>"$tmp/err" || { cat "$tmp/err"; fail "sim (holder half)"; }
python3 -c 'import json,sys
m = json.load(open(sys.argv[1]))["bot_messages"]
assert len(m) == 1 and m[0].endswith(": died (exit status 4) halfway through a line (\x27discard 2\x27), "
    "and a process it started holds its output open; that process killed, the fallback plays for it "
    "until the match ends"), m' \
    "$tmp/holder.json" || { cat "$tmp/holder.json"; fail "a bot whose child holds its output: its half line not quoted"; }
# A bot that exits while a process it started writes lines to its output
# (from once the bot is a zombie on) is told dead once, by its exit
# status, and that process ends with it: each line was told as the bot's
# garbage, one a turn (51 in this match), and the bot never dead. Which of
# the two reports it is depends on whether the referee saw the exit before
# the first line came.
"$ls" sim --players "greedy,cmd:python3 $root/tests/bots/holder.py write holderbot-$$" --matches 1 \
    --seed 3 --json >"$tmp/holder.json" 2>"$tmp/err" || { cat "$tmp/err"; fail "sim (holder write)"; }
python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
m = d["bot_messages"]
assert d["bot_failures"] == 1 and len(m) == 1, (d["bot_failures"], m)
assert m[0].endswith(("): died (exit status 4), and a process it started held its output open or "
    "wrote to it (\x27junk\x27 read, not taken as its answer); that process killed, the fallback plays "
    "for it until the match ends", "): died (exit status 4), and a process it started holds its output "
    "open; that process killed, the fallback plays for it until the match ends")), m' \
    "$tmp/holder.json" || { cat "$tmp/holder.json"; fail "a bot whose child writes to its output was not told dead once"; }
wait_no_process "holderbo[t]-$$" || fail "a process a dead bot started, writing to its output, outlived it: $left"
# A bot run in the background ('cmd:BOT &', or a script that starts it
# so and exits) is one report a match, that asks about the '&' and says
# the process was killed: it was "died before the handshake (exit status
# 0), and a process it started holds its output open", the cause and
# the process's fate left to be guessed. No process of it is left. A
# background bot that ends at once (its input is /dev/null) is asked the
# same, whichever of its end and the shell's the referee sees first.
# Which of the two reports comes depends on what the referee meets
# first, and not only for 'cat &': the handshake line written after the
# shell exited (no one reads the pipe any more: "without a word"), or the
# bot's output read while the background process holds it ("holds its
# output open"). Under TSan a sleeping python's match 1 was told the
# first; both ask about the '&'.
printf '#!/bin/sh\npython3 -c "import time; time.sleep(97)" bgbot-%s &\n' "$$" >"$tmp/bg.sh"
chmod +x "$tmp/bg.sh"
hint="(is the bot started in the background, with '&'? the referee must start it itself, in the foreground)"
for cmd in "python3 -c 'import time; time.sleep(97)' bgbot-$$ &" "$tmp/bg.sh" "cat &"; do
    "$ls" sim --players "greedy,cmd:$cmd" --matches 2 --seed 3 --json >"$tmp/bg.json" 2>"$tmp/err" ||
        { cat "$tmp/err"; fail "sim (in the background: $cmd)"; }
    python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
h = sys.argv[2]
held = "died before the handshake (exit status 0), and a process it started holds its output open %s; " \
    "that process killed, the fallback plays for it until the match ends" % h
ended = "died before the handshake (exit status 0), without a word %s; the fallback plays for it " \
    "until the match ends" % h
l = d["bot_failure_list"]
assert d["bot_failures"] == 2 and [f["match"] for f in l] == [1, 2], l
assert all(f["reason"] in (held, ended) for f in l), l' \
        "$tmp/bg.json" "$hint" "$cmd" || { cat "$tmp/bg.json"; fail "a bot in the background ($cmd) was not told so"; }
done
wait_no_process "bgbo[t]-$$" || fail "a bot started in the background outlived its match: $left"
# A bot that stops itself (SIGSTOP; SIGTSTP, SIGTTIN and SIGTTOU stop it
# too, the last two when it reads from or writes to the terminal) is told
# stopped, and the signal named, within a slice: it was 'no answer within
# 20000 ms', its whole time limit waited out and the wrong reason given.
# It is killed: no process of it is left.
for sig in SIGSTOP:19 SIGTTIN:21; do
    name=${sig%:*}
    "$ls" sim --players "greedy,cmd:python3 $root/tests/bots/stopped.py $name half stoppedbot-$$" \
        --matches 1 --seed 3 --bot-timeout 20000 --json >"$tmp/stopped.json" 2>"$tmp/err" ||
        { cat "$tmp/err"; fail "sim (stopped $name)"; }
    python3 -c 'import json, re, sys
m = json.load(open(sys.argv[1]))["bot_messages"]
how = {"SIGSTOP": "SIGSTOP", "SIGTTIN": "SIGTTIN: it read from the terminal"}[sys.argv[2]]
assert len(m) == 1 and re.match(r"match 1, round \d+, turn \d+: stopped_py \(bot ", m[0]), m
assert m[0].endswith(": stopped (signal %s, %s) halfway through a line (\x27discard 2\x27); "
    "killed, the fallback plays for it until the match ends" % (sys.argv[3], how)), m' \
        "$tmp/stopped.json" "$name" "${sig#*:}" || { cat "$tmp/stopped.json"; fail "a bot stopped by $name was not told stopped"; }
done
wait_no_process "stoppedbo[t]-$$" || fail "a stopped bot outlived sim: $left"
# Only play's own "the fallback" is told as greedy, not the bot's words
# quoted before it: an answer 'the fallback plays' was quoted 'greedy plays'.
cat >"$tmp/fb.py" <<'PY'
import sys
for line in sys.stdin:
    if line.startswith("leastscore-bot"):
        print("ok 1", flush=True)
    elif line.startswith("go"):
        print("the fallback plays", flush=True)
PY
printf 'discard 9H draw\nquit\n' |
    "$ls" play --plain --seed 7 --bots 1 --level "cmd:python3 $tmp/fb.py" --record "$tmp/fb.lsr" >"$tmp/fb.out" 2>&1 || true
grep -qxF "leastscore play: Ada's bot: garbage 'the fallback plays': at column 1, 'the' is not a move: expected 'discard CARDS take CARD', 'discard CARDS draw' or 'declare' (a bot's notes go to its stderr, or on a line starting with '#'); greedy plays this turn" "$tmp/fb.out" ||
    { head -3 "$tmp/fb.out"; fail "play: a bot's answer was quoted otherwise than written"; }
# A bot that writes to its stderr and exits, with nothing holding its
# output, is told dead by its exit alone: its stderr woke the wait, or the
# wait's slice ended, just before it exited, and one run in three said
# 'and a process it started holds its output open'. Twenty runs.
printf '#!/bin/sh\nprintf "why it failed\\n" >&2\nexit 3\n' >"$tmp/errexit.sh"
i=0
while [ $i -lt 20 ]; do
    i=$((i + 1))
    echo quit | "$ls" play --plain --seed 5 --bots 1 --pace 0 --level "cmd:sh $tmp/errexit.sh" \
        --record "$tmp/ee$i.lsr" >"$tmp/ee.out" 2>&1 || true
    grep -q "Ada's bot: died before the handshake (exit status 3); greedy plays" "$tmp/ee.out" ||
        { head -5 "$tmp/ee.out"; fail "run $i: a bot that wrote to its stderr and exited was told otherwise"; }
done
# A bot killed by a signal mid-match is told by the signal's name too:
# it was 'died (signal 11)' alone, a number to look up.
for sig in SIGSEGV:11 SIGKILL:9; do
    "$ls" sim --players "greedy,cmd:python3 $root/tests/bots/crash.py ${sig%:*}" --matches 1 --seed 3 \
        --json >"$tmp/sig.json" 2>"$tmp/err" || { cat "$tmp/err"; fail "sim (crash ${sig%:*})"; }
    python3 -c 'import json,sys
m = json.load(open(sys.argv[1]))["bot_messages"]
assert len(m) == 1 and m[0].endswith(": died (signal %s, %s); the fallback plays for it until "
    "the match ends" % (sys.argv[3], sys.argv[2])), m' "$tmp/sig.json" "${sig%:*}" "${sig#*:}" ||
        { cat "$tmp/sig.json"; fail "a bot killed by ${sig%:*} was not told by the signal's name"; }
done
# A command that starts with a word of the shell's own is run as the shell
# runs it, not after 'exec', which runs programs only: 'cmd:. FILE' (a
# script sourced) was 'died before the handshake (exit status 126: the
# command cannot be run)' and 'cmd:exit 3' '(exit status 127: no such
# command)'.
printf 'exec python3 %s/examples/bots/greedy.py\n' "$root" >"$tmp/dot.sh"
"$ls" sim --players "greedy,cmd:. $tmp/dot.sh" --matches 1 --seed 3 --json >"$tmp/dot.json" 2>"$tmp/err" ||
    { cat "$tmp/err"; fail "sim (dot)"; }
python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert d["bot_failures"] == 0, d["bot_messages"]' "$tmp/dot.json" || fail "a bot run by '. FILE' was not run"
"$ls" sim --players "greedy,cmd:exit 3" --matches 1 --seed 3 --json >"$tmp/exit.json" 2>"$tmp/err" ||
    { cat "$tmp/err"; fail "sim (exit 3)"; }
python3 -c 'import json,sys
m = json.load(open(sys.argv[1]))["bot_messages"]
assert len(m) == 1 and m[0].endswith(": died before the handshake (exit status 3); the fallback "
    "plays for it until the match ends"), m' "$tmp/exit.json" || fail "'cmd:exit 3' was not told by its status"
# A bot's script not marked executable, the first hour's most common
# 126, is told what to look at: it was "the command cannot be run" alone.
printf '#!/bin/sh\necho ok 1\n' >"$tmp/noexec.sh"
chmod -x "$tmp/noexec.sh"
"$ls" sim --players "greedy,cmd:$tmp/noexec.sh" --matches 1 --seed 3 --json >"$tmp/noexec.json" 2>"$tmp/err" ||
    { cat "$tmp/err"; fail "sim (not executable)"; }
python3 -c 'import json,sys
m = json.load(open(sys.argv[1]))["bot_messages"]
assert len(m) == 1 and m[0].endswith(": died before the handshake (exit status 126: the command "
    "cannot be run; is the file executable (chmod +x)?); the fallback plays for it until the match ends"), m' \
    "$tmp/noexec.json" || fail "a bot not marked executable was not told so"
# On the full screen a quiet bot's stderr's last line is quoted before
# the referee's last words, also after 'killed,': a bot that timed out had
# it after 'greedy plays for it until the match ends'. (tmux, 250x40.)
if command -v tmux >/dev/null 2>&1; then
    printf 'import sys, time\nfor line in sys.stdin:\n    if line.startswith("leastscore-bot"):\n        print("ok 1", flush=True)\n        print("why: stuck", file=sys.stderr, flush=True)\n    elif line.startswith("go"):\n        time.sleep(30)\n' >"$tmp/stuck.py"
    TM="tmux -S $tmp/tsock -f /dev/null"
    $TM new-session -d -s st -x 250 -y 40 \
        "$ls play --seed 7 --bots 1 --pace 0 --record '$tmp/st.lsr' --level 'cmd:python3 $tmp/stuck.py'; sleep 30"
    i=0
    while [ "$i" -lt 300 ]; do
        $TM capture-pane -p -t st >"$tmp/st.screen" 2>/dev/null || true
        grep -q "Your hand: total" "$tmp/st.screen" && break
        sleep 0.1
        i=$((i + 1))
    done
    $TM send-keys -t st Space d
    i=0
    while [ "$i" -lt 300 ] && ! grep -q "Ada's bot:" "$tmp/st.screen"; do
        sleep 0.1
        $TM capture-pane -p -t st >"$tmp/st.screen" 2>/dev/null || true
        i=$((i + 1))
    done
    $TM kill-server 2>/dev/null || true
    grep -qF "Ada's bot: no answer within 5000 ms; its stderr's last line: 'why: stuck'; killed, greedy plays for it" \
        "$tmp/st.screen" || { cat "$tmp/st.screen"; fail "play: a bot's stderr line was not quoted before 'killed'"; }
fi
# A bot that logs 200 KiB at every line it reads and works 0.7 s on each
# (tests/bots/chatty.py) is never held in that write: its stderr was read
# only while the referee waited on it, so that, while you thought at the
# prompt, it was held after 64 KiB, its work on the 8 lines before your
# move put off to its question, where it was 'no answer within 5000 ms'.
# Every line of its log is passed on whole. You move once the bot has
# done its work on those 8 lines (it adds a byte to chatty.progress at
# each), within 120 s: you moved 8 s after the bot's start, and a bot
# slowed by a loaded machine (5.6 s of its work is sleep, its 1.6 MiB of
# log passed on by a sanitizer's build) could still owe the referee more
# of it than its time limit at its question.
{
    end=$(($(date +%s) + 120))
    until [ "$(cat "$tmp/chatty.progress" 2>/dev/null | wc -c)" -ge 8 ]; do
        [ "$(date +%s)" -lt "$end" ] ||
            { cat "$tmp/chatty.progress" 2>/dev/null | wc -c >"$tmp/chatty.held"; break; }
        sleep 0.1
    done
    echo 'discard 9H draw'
    sleep 0.5
    echo quit
} | "$ls" play --plain --seed 7 --bots 1 \
    --level "cmd:python3 $root/tests/bots/chatty.py 0.7 $tmp/chatty.progress" \
    --record "$tmp/chatty.lsr" >"$tmp/chatty.out" 2>&1 || true
[ ! -e "$tmp/chatty.held" ] ||
    fail "play: a bot that logs while you think was held in its write (its work on $(cat "$tmp/chatty.held") of the 8 lines before your move done in 120 s)"
python3 -c 'import sys
lines = open(sys.argv[1]).read().split("\n")
said = [x for x in lines if "chatty bot: " not in x]
assert not [x for x in said if "Ada\x27s bot:" in x], [x for x in said if "bot:" in x]
assert any(x.startswith("Ada discards AS and draws") for x in said), said
log = [x for x in lines if "chatty bot: " in x]
assert len(log) >= 2000 and all(x.endswith("chatty bot: " + "z" * 1011) for x in log), len(log)' \
    "$tmp/chatty.out" || { grep -v "^chatty bot: z" "$tmp/chatty.out" | cut -c1-200; fail "play: a bot that logs while you think was held in its write"; }
# A bot's child killed with the bot's group but slow to end (64 MiB to
# free) is not counted among the processes bots started outside their
# groups: play said "killed 1 process that bots had started outside
# their process groups (setsid)" of it, when its end came after the
# bot's and before the last sweep (each of 3 runs before the fix).
for i in 1 2 3; do
    printf 'quit\n' | HOME="$tmp" "$ls" play --plain --bots 1 \
        --level "cmd:python3 $root/tests/bots/linger.py heavybot-$$ heavy" >/dev/null 2>"$tmp/heavy.err" ||
        { cat "$tmp/heavy.err"; fail "play with a bot whose child is slow to end"; }
    ! grep -q "outside their process groups" "$tmp/heavy.err" ||
        { cat "$tmp/heavy.err"; fail "a bot's child killed with its group was said started outside it (run $i)"; }
done
wait_no_process "heavybo[t]-$$" || fail "a bot's child slow to end outlived play: $left"
# play stopped by a signal (Ctrl-C's SIGINT, SIGTERM) leaves nothing of
# its bot running: it saves the match and ends the bot's group as at the
# end of a match, the bot's child (which ignores SIGTERM) with it. SIGINT
# comes at the prompt (the bot 'holds': its child keeps its pipes),
# SIGTERM while play waits for a bot that never answers ('forks': its
# child outlives it), after the person's move. (sim and arena: sim.sh.)
mkfifo "$tmp/sigin"
exec 3<>"$tmp/sigin"
for run in INT:holds TERM:forks; do
    sig=${run%:*}; mode=${run#*:}
    mark=sigplaybot-$$-$sig
    HOME="$tmp" "$ls" play --plain --seed 7 --bots 1 \
        --level "cmd:python3 $root/tests/bots/linger.py $mark $mode" \
        <"$tmp/sigin" >"$tmp/sigplay.out" 2>"$tmp/sigplay.err" &
    pid=$!
    i=0 # until the bot and its child run
    while [ "$(grep -l "sigplayb[o]t-$$-$sig" /proc/[0-9]*/cmdline 2>/dev/null |
               grep -vc "^/proc/$pid/")" -lt 2 ]; do
        i=$((i + 1))
        [ "$i" -lt 300 ] || { kill -9 "$pid"; fail "play: the bot ($mode) or its child never started"; }
        sleep 0.1
    done
    if [ "$mode" = forks ]; then
        echo 'discard 9H draw' >&3
        i=0
        until grep -q "^You discard 9H" "$tmp/sigplay.out"; do
            i=$((i + 1))
            [ "$i" -lt 300 ] || { kill -9 "$pid"; fail "play: the move before SIG$sig was not played"; }
            sleep 0.1
        done
    fi
    kill -"$sig" "$pid"
    status=0
    wait "$pid" || status=$?
    grep -q "^Record saved: " "$tmp/sigplay.out" ||
        { cat "$tmp/sigplay.out" "$tmp/sigplay.err"; fail "play stopped by SIG$sig (exit $status) did not save the match"; }
    wait_no_process "sigplayb[o]t-$$-$sig" ||
        { for f in $left; do kill -9 "$(basename "$(dirname "$f")")" 2>/dev/null || true; done
        fail "play stopped by SIG$sig left its bot ($mode) or the bot's child running: $left"; }
done
exec 3>&-
# A table's bots start together and their handshakes are waited for
# together: three bots that never answer are each refused, by name and
# in seat order, once, after about one handshake's wait (10 s), not one
# after another (30 s). Each bot copies play's stderr as it starts: when
# any was not empty, a refusal came before a bot was started. The bound
# of 20 s is the order of the waits with a margin (one wait against
# three), not a speed.
mkdir "$tmp/hs3"
printf 'cmd:cp %s/hs3.err %s/hs3/seen.$$; exec python3 -c "import time; time.sleep(997)" hs3b0t-%s' \
    "$tmp" "$tmp" "$$" >"$tmp/hs3.cmd"
start=$(date +%s)
echo quit | "$ls" play --plain --seed 7 --bots 3 --level "$(cat "$tmp/hs3.cmd")" \
    --record "$tmp/hs3.lsr" >"$tmp/hs3.out" 2>"$tmp/hs3.err" || true
took=$(($(date +%s) - start))
python3 -c 'import sys
lines = [x for x in open(sys.argv[1]).read().split("\n") if "bot:" in x]
want = ["leastscore play: %s'"'"'s bot: no answer to the handshake within 10000 ms (does "
        "the bot flush its output after each line?); killed, "
        "greedy plays for it until the match ends" % n for n in ("Ada", "Ben", "Cleo")]
assert lines == want, lines' "$tmp/hs3.err" 2>&1 ||
    { cat "$tmp/hs3.err"; fail "play: three silent bots were not each refused once, in seat order"; }
[ "$(ls "$tmp/hs3" | wc -l)" -eq 3 ] || { ls "$tmp/hs3"; fail "play: the three bots did not all start"; }
for f in "$tmp"/hs3/seen.*; do
    [ ! -s "$f" ] || { cat "$f"; fail "play: a bot started only after another's handshake was refused"; }
done
[ "$took" -lt 20 ] || fail "play: three silent bots took $took s, one handshake's wait after another"
wait_no_process "hs3b0[t]-$$" ||
    { for f in $left; do kill -9 "$(basename "$(dirname "$f")")" 2>/dev/null || true; done
    fail "play: a silent bot outlived its refusal: $left"; }
# sim's too: three bots that each answer only once all three are running
# play their match with no failure (told one after another, the first
# waited for the others until its handshake's time was up).
mkdir "$tmp/up3"
printf 'cmd:touch %s/up3/$$; i=0; while [ $(ls %s/up3 | wc -l) -lt 3 ] && [ $i -lt 150 ]; do sleep 0.1; i=$((i+1)); done; exec python3 %s/examples/bots/greedy.py' \
    "$tmp" "$tmp" "$root" >"$tmp/up3.cmd"
up=$(cat "$tmp/up3.cmd")
"$ls" sim --players "greedy,$up,$up,$up" --matches 1 --seed 5 --json \
    >"$tmp/up3.json" 2>"$tmp/err" || { cat "$tmp/err"; fail "sim (three bots up together)"; }
python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert d["matches"] == 1 and d["failed_matches"] == 0 and d["bot_failures"] == 0, d["bot_messages"]' \
    "$tmp/up3.json" || fail "sim: three bots were not started together, their handshakes one after another"
# A failure in a round's play says where: the round and its turn, from 1,
# as the bot counts them from its 'round' and 'played' lines (it was the
# match alone, a long match's turns left to search). The where bot answers
# 'at round R turn T' on its second go of each round, R and T its own
# count; sim and arena must name the same, on stderr and in --json
# (bot_failure_list's round and turn, bot_messages).
"$ls" sim --players "greedy,cmd:python3 $root/tests/bots/where.py,random" --matches 2 --seed 3 \
    --json >"$tmp/where.json" 2>"$tmp/where.err" || { cat "$tmp/where.err"; fail "sim (where)"; }
"$ls" arena --players "greedy,cmd:python3 $root/tests/bots/where.py" --matches 2 --tables 0 --seed 3 \
    >/dev/null 2>"$tmp/where-arena.err" || { cat "$tmp/where-arena.err"; fail "arena (where)"; }
python3 -c 'import json, re, sys
d = json.load(open(sys.argv[1]))
l, m = d["bot_failure_list"], d["bot_messages"]
assert d["bot_failures"] >= 4 and len(l) == d["bot_failures"], d
for f, line in zip(l, m):
    said = re.match(r"garbage .at round (\d+) turn (\d+).", f["reason"])
    assert said and f["at"] == "play" and (f["round"], f["turn"]) == (int(said[1]), int(said[2])), f
    assert line.startswith("match %d, round %s, turn %s: where_py (bot " % (f["match"], said[1], said[2])), line
for name in sys.argv[2:]:
    lines = [x for x in open(name).read().splitlines() if "where_py" in x]
    assert lines, name
    for line in lines:
        said = re.match(r"match \d+, round (\d+), turn (\d+): where_py \(bot .*\): garbage .at round (\d+) turn (\d+).", line)
        assert said and said.group(1, 2) == said.group(3, 4), line' \
    "$tmp/where.json" "$tmp/where.err" "$tmp/where-arena.err" ||
    { head -5 "$tmp/where.err" "$tmp/where-arena.err"; fail "a failure did not say its round and turn as the bot counts them"; }
# A failure outside a round's play says where too (it was the match
# alone): at the handshake, at a round's start (the lines from 'scores' to
# 'deck', and the match's header), at a round's end ('result' to
# 'endround'), after the match's last round ('quit', and a process the
# bot left running, found as it ends). failat.py stops reading its input
# with the pipe filled while the referee waits for its answer, room left
# for exactly the lines it knows come next, so the line that cannot be
# written is known, however slow the machine.
"$ls" sim --players "greedy,cmd:python3 $root/tests/bots/handshake.py" --matches 1 --json \
    >"$tmp/at-shake.json" 2>/dev/null || fail "sim (a bad handshake)"
"$ls" sim --players "greedy,cmd:python3 $root/tests/bots/failat.py start" --matches 1 --json \
    --bot-timeout 300 >"$tmp/at-start.json" 2>/dev/null || fail "sim (failat start)"
"$ls" sim --players "greedy,cmd:python3 $root/tests/bots/failat.py end" --matches 2 --json \
    --bot-timeout 300 >"$tmp/at-end.json" 2>"$tmp/at-end.err" || fail "sim (failat end)"
"$ls" arena --players "greedy,cmd:python3 $root/tests/bots/failat.py end" --matches 2 \
    --tables 0 --bot-timeout 300 >/dev/null 2>"$tmp/at-end-arena.err" || fail "arena (failat end)"
"$ls" sim --players "greedy,cmd:python3 $root/tests/bots/daemon.py bots-at-$$" --matches 1 \
    --json >"$tmp/at-after.json" 2>/dev/null || fail "sim (a daemon)"
python3 -c 'import json, re, sys
stopped = "stopped reading its input (no room to write for 300 ms); killed, the fallback plays for it until the match ends"
for name, at, where, reason in (
        ("at-shake", "handshake", "at the handshake", "bad handshake "),
        ("at-start", "round_start", "at the start of round 1", stopped),
        ("at-end", "round_end", "at the end of round \\d+", stopped),
        ("at-after", "match_end", "after its last round", "had started 1 process outside")):
    d = json.load(open(sys.argv[1] + "/" + name + ".json"))
    l, m = d["bot_failure_list"], d["bot_messages"]
    assert len(l) == d["matches"] == len(m), (name, l)
    for f, line in zip(l, m):
        assert f["at"] == at and f["turn"] == 0 and f["reason"].startswith(reason), (name, f)
        assert (f["round"] == 0) == (at == "handshake") and (at != "round_start" or f["round"] == 1), (name, f)
        said = re.match(r"match %d, %s: \w+ \(bot " % (f["match"], where), line)
        assert said and (at != "round_end" or line.startswith("match %d, at the end of round %d: " % (f["match"], f["round"]))), (name, line)
for name in ("at-end.err", "at-end-arena.err"):
    lines = [x for x in open(sys.argv[1] + "/" + name).read().splitlines() if "failat_py" in x]
    assert len(lines) == 2 and all(re.match(r"match \d+, at the end of round \d+: failat_py \(bot .*\): " + re.escape(stopped) + "$", x) for x in lines), (name, lines)' \
    "$tmp" || fail "a failure outside a round's play did not say where it came"
wait_no_process "bots-a[t]-$$" || fail "the daemon of a failat test outlived its match: $left"
echo "bot answers ok"
