#!/bin/sh
# leastscore sim: a tournament runs; 1 and 2 threads give the same results
# for a seed; --records files replay; the example Python bot plays whole
# matches through the protocol; misbehaving bots (illegal, garbage, silent,
# crash) are reported and cannot stop a tournament; bad options exit 2;
# the progress line fits a narrow terminal.
# LS_SANITIZED=1 (the ASan/UBSan pass) plays fewer matches.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
ls=${LEASTSCORE:-$root/build/leastscore}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=8
[ "${LS_SANITIZED:-0}" = 1 ] && n=3
fail() { echo "FAIL: $*"; exit 1; }

# The results without the measured times (which differ run to run).
untimed() {
    python3 -c 'import json,sys
d = json.load(sys.stdin)
for p in d["players"]:
    for k in ("time_ms_median", "time_ms_mean", "iterations_per_s"):
        p.pop(k, None)
print(json.dumps(d, sort_keys=True))'
}

. "$root/tests/e2e/lib/columns.sh"
. "$root/tests/e2e/lib/procs.sh"

# One top-level field of a JSON result.
field() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$@"; }

"$ls" sim --help | grep -q -- '--players' || fail "--help"

# A tournament; the table names every player.
"$ls" sim --players expert:iters=40,greedy,random --matches "$n" --seed 5 \
    >"$tmp/table" || fail "sim failed"
grep -q '^expert ' "$tmp/table" && grep -q '^greedy ' "$tmp/table" &&
    grep -q '^random ' "$tmp/table" || { cat "$tmp/table"; fail "table"; }
# A name of 16 characters (a bot's, from its command) keeps the table's
# columns: the name column widens for it (its spec was pushed 4 columns to
# the right of its heading, and every number after it).
"$ls" sim --players "greedy,cmd:no-such-bot-command" --matches 1 --seed 1 \
    >"$tmp/wide" 2>/dev/null || fail "sim (a long name)"
python3 -c 'import sys
rows = open(sys.argv[1]).read().split("\n")[1:4]
assert rows[2].startswith("no-such-bot-comm "), rows
assert rows[1].index("greedy", 6) == rows[0].index("spec") == rows[2].index("cmd:"), rows
assert len(set(len(r) for r in rows)) == 1, rows' "$tmp/wide" ||
    { cat "$tmp/wide"; fail "a 16-character name shifts the table's columns"; }

# Same seed, 1 or 2 threads: the same results.
"$ls" sim --players expert:iters=40,greedy,greedy --matches "$n" --seed 9 \
    --threads 1 --json | untimed >"$tmp/t1"
"$ls" sim --players expert:iters=40,greedy,greedy --matches "$n" --seed 9 \
    --threads 2 --json | untimed >"$tmp/t2"
cmp -s "$tmp/t1" "$tmp/t2" || { cat "$tmp/t1" "$tmp/t2"; fail "threads change results"; }
grep -q "\"matches\": $n" "$tmp/t1" || fail "match count in JSON"
# ... and another seed gives other results.
"$ls" sim --players expert:iters=40,greedy,greedy --matches "$n" --seed 10 \
    --json | untimed >"$tmp/t3"
cmp -s "$tmp/t1" "$tmp/t3" && fail "the seed changes nothing"

# Records: every match, each one replays.
"$ls" sim --players greedy,random,greedy --matches "$n" --seed 2 --records "$tmp/rec" \
    --threshold 50 --tie penalty --runs suited --hand-size 4 --declare-max 20 \
    --max-turns 60 >/dev/null || fail "sim with records"
[ "$(ls "$tmp/rec" | wc -l)" -eq "$n" ] || fail "expected $n records"
for f in "$tmp/rec"/*.lsr; do
    "$ls" replay "$f" >/dev/null || fail "$f does not replay"
done
grep -q '^option threshold 50' "$tmp/rec/match-000001.lsr" || fail "options not recorded"
"$ls" sim --players greedy,greedy --matches 5 --records "$tmp/some/deep/er" --records-every 2 \
    >/dev/null || fail "--records-every (in a directory whose parents are made too)"
[ "$(ls "$tmp/some/deep/er" | wc -l)" -eq 3 ] || fail "--records-every 2 of 5 should save 3"
# A --records directory that holds an earlier run's records is refused
# before the first match: match-000001.lsr was written over and the
# earlier run's others were left beside the new ones, two runs mixed.
cat "$tmp/some/deep/er"/* >"$tmp/before"
rc=0
"$ls" sim --players greedy,random --matches 2 --records "$tmp/some/deep/er" >"$tmp/out" 2>"$tmp/err" || rc=$?
[ "$rc" -eq 1 ] || fail "--records over an earlier run: exit $rc, not 1"
grep -qx "leastscore sim: --records: $tmp/some/deep/er already holds game records (match-0000[0-9][0-9].lsr): a new run would write over some of them and leave the others; give a new or empty directory" "$tmp/err" ||
    { cat "$tmp/err"; fail "--records over an earlier run: message"; }
cat "$tmp/some/deep/er"/* | cmp -s - "$tmp/before" || fail "--records over an earlier run: its records changed"
[ -s "$tmp/out" ] && fail "--records over an earlier run played matches"

# A record that cannot be written (here: over the file size limit) fails
# its match with a message, and every other match is still counted. Only
# sim is limited: its output goes through a pipe.
{ (trap '' XFSZ; ulimit -f 1; exec "$ls" sim --players greedy,greedy --matches 4 --seed 3 \
    --records "$tmp/big" --records-every 2 --threads 1 2>&1) && echo "exit 0" || echo "exit $?"; } |
    cat >"$tmp/big.out"
grep -q "^exit 1$" "$tmp/big.out" || { cat "$tmp/big.out"; fail "unwritable records: not exit 1"; }
grep -q "^match 1: cannot write .*/match-000001.lsr: File too large" "$tmp/big.out" &&
    grep -q "^match 3: cannot write .*/match-000003.lsr: File too large" "$tmp/big.out" ||
    { cat "$tmp/big.out"; fail "unwritable record not reported"; }
grep -q "^2 matches, seed 3" "$tmp/big.out" || { cat "$tmp/big.out"; fail "the other matches are not counted"; }
# --records naming a file is refused before the first match.
: >"$tmp/plainfile"
rc=0
"$ls" sim --players greedy,greedy --matches 2 --records "$tmp/plainfile" >"$tmp/out" 2>"$tmp/err" || rc=$?
[ "$rc" -eq 1 ] || fail "--records FILE: exit $rc, not 1"
grep -q "plainfile is not a directory" "$tmp/err" || { cat "$tmp/err"; fail "--records FILE message"; }
[ -s "$tmp/out" ] && fail "--records FILE played matches"

# A --records name with a control character is printed with it as \xNN
# (it reached the terminal raw, here the start of an escape sequence).
: >"$tmp/$(printf 'x\033[31m')"
rc=0
"$ls" sim --players greedy,greedy --matches 2 --records "$tmp/$(printf 'x\033[31m')" >"$tmp/out" 2>"$tmp/err" || rc=$?
[ "$rc" -eq 1 ] && grep -qF "$tmp/x\\x1b[31m is not a directory" "$tmp/err" &&
    ! grep -q "$(printf '\033')" "$tmp/err" || { cat -v "$tmp/err"; fail "--records with a control character"; }

# A --records directory that cannot be made (under a file) is refused
# before the first match.
rc=0
"$ls" sim --players greedy,greedy --matches 2 --records "$tmp/plainfile/deeper" >"$tmp/out" 2>"$tmp/err" || rc=$?
[ "$rc" -eq 1 ] || fail "--records under a file: exit $rc, not 1"
grep -q "^leastscore sim: --records: cannot create .*/plainfile/deeper: Not a directory" "$tmp/err" ||
    { cat "$tmp/err"; fail "--records under a file: message"; }
[ -s "$tmp/out" ] && fail "--records under a file played matches"

# A --records directory too long for the records' names is refused before
# the first match: each name was cut to fit ('match-000001.l'), exit 0.
long=$(python3 -c 'import sys; d = sys.argv[1] + "/" + "/".join(["d" * 200] * 21); print(d[:4080])' "$tmp/long")
rc=0
"$ls" sim --players greedy,greedy --matches 2 --records "$long" >"$tmp/out" 2>"$tmp/err" || rc=$?
[ "$rc" -eq 1 ] || fail "--records of 4080 characters: exit $rc, not 1"
grep -q "^leastscore sim: --records: a directory of at most 4075 characters, for the records' names to fit; this one has 4080$" \
    "$tmp/err" || { cat "$tmp/err"; fail "--records too long: message"; }
[ -s "$tmp/out" ] && fail "--records too long played matches"
rm -rf "$tmp/long"

# Seeds are unsigned 64-bit, parsed strictly, printed as given.
"$ls" sim --players greedy,greedy --matches 1 --seed 18446744073709551615 --json >"$tmp/seed.json" ||
    fail "the largest seed"
[ "$(field "$tmp/seed.json" seed)" = 18446744073709551615 ] || fail "seed not printed as given"
# The rules are JSON numbers where they are numbers, as in the server's
# protocol.
python3 -c 'import json,sys
r = json.load(open(sys.argv[1]))["rules"]
assert r == {"threshold": 100, "tie": "declarer", "runs": "any", "hand_size": 5,
             "declare_max": 0, "max_turns": 500}, r' "$tmp/seed.json" || fail "rules in --json"
"$ls" sim --players greedy,greedy --matches 1 --seed 9223372036854775808 >"$tmp/out" ||
    fail "seed 2^63"
grep -q "seed 9223372036854775808," "$tmp/out" || fail "seed 2^63 in the table"
grep -q "^1 match, seed" "$tmp/out" || { cat "$tmp/out"; fail "one match is not 'match'"; }

# The example bot plays whole matches, without a single failure.
"$ls" sim --players "greedy,cmd:python3 $root/examples/bots/greedy.py" --matches 2 \
    --seed 4 --json >"$tmp/bot.json" 2>"$tmp/bot.err" || { cat "$tmp/bot.err"; fail "example bot"; }
[ "$(field "$tmp/bot.json" bot_failures)" = 0 ] || { cat "$tmp/bot.err"; fail "example bot failed"; }
[ "$(field "$tmp/bot.json" failed_matches)" = 0 ] || fail "example bot: failed matches"

# The text table fits in 100 columns and names a cmd: player after its
# command (greedy_py), not "bot".
"$ls" sim --players "expert:iters=50,greedy,cmd:python3 $root/examples/bots/greedy.py" \
    --matches 1 --seed 4 >"$tmp/bot.txt" 2>"$tmp/bot.err" || { cat "$tmp/bot.err"; fail "example bot table"; }
grep -q '^greedy_py ' "$tmp/bot.txt" || { cat "$tmp/bot.txt"; fail "cmd: player not named by its command"; }
awk 'length($0) > 100 { bad = 1 } END { exit bad }' "$tmp/bot.txt" ||
    { cat "$tmp/bot.txt"; fail "table wider than 100 columns"; }
# A program is named by its own file name, not by its last argument; an
# interpreter or launcher by the file it runs. (These bots exit at once:
# the fallback plays their seats.)
"$ls" sim --players "cmd:/bin/false --level 3,cmd:timeout 5 ./no/such/mybot.py --level 3" \
    --matches 1 --seed 4 >"$tmp/names.txt" 2>"$tmp/names.err" || { cat "$tmp/names.err"; fail "bot names"; }
grep -q '^false ' "$tmp/names.txt" || { cat "$tmp/names.txt"; fail "'/bin/false --level 3' not named false"; }
grep -q '^mybot_py ' "$tmp/names.txt" || { cat "$tmp/names.txt"; fail "'timeout 5 ./no/such/mybot.py' not named mybot_py"; }
# A leading assignment is not the program (it named the bot LEVEL_3).
"$ls" sim --players "greedy,cmd:LEVEL=3 ./no/such/mybot --fast" --matches 1 --seed 4 \
    >"$tmp/names.txt" 2>"$tmp/names.err" || { cat "$tmp/names.err"; fail "bot name after an assignment"; }
grep -q '^mybot ' "$tmp/names.txt" || { cat "$tmp/names.txt"; fail "'LEVEL=3 ./no/such/mybot' not named mybot"; }
# A name is ASCII, as a record's are: a character that is not becomes one
# '_', a UTF-8 character of several bytes too ('zoë中文.py' was named
# 'zo_________py', one '_' a byte), and the name is cut to 16 after that
# (20 CJK characters, 60 bytes, are 16 '_').
"$ls" sim --players "cmd:timeout 5 ./no/such/zoë中文.py,cmd:./no/such/$(printf '中%.0s' 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20) -x" \
    --matches 1 --seed 4 --json >"$tmp/names.json" 2>"$tmp/names.err" || { cat "$tmp/names.err"; fail "bot names of UTF-8"; }
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert [p["name"] for p in d["players"]] == ["zo____py", "_" * 16], d["players"]' \
    "$tmp/names.json" || fail "a UTF-8 character of a bot's name is not one '_'"
# A command of several is named after the one that is the bot: the last
# that is not tee or cat, wherever it stands in a pipeline, and after a
# 'cd' (the first program named it: tee, tee, cd). A '|' quoted, or a
# '&' of a redirection, does not split; arena names them so too.
for run in sim arena; do
    "$ls" $run --player "cmd:tee -a '/no/such|x.py' | ./no/such/mybot" \
        --player "cmd:./no/such/other 2>&1 | tee /no/such/out.txt" \
        --player "cmd:cd /no/such && exec python3 third.py --x 'a|b.py'" --matches 1 --seed 4 \
        --bot-timeout 2000 --json >"$tmp/names.json" 2>"$tmp/names.err" ||
        { cat "$tmp/names.err"; fail "$run: bot names of pipelines"; }
    python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert [p["name"] for p in d["players"]] == ["mybot", "other", "third_py"], d["players"]' \
        "$tmp/names.json" || fail "$run: a pipeline's bot is not named after the bot"
done

# A name met again gets the first number no one has: a bot named random2
# before two random players made two random2, and every match failed.
"$ls" sim --players "cmd:/no/such/random2,random,random" --matches 1 --json \
    >"$tmp/names.json" 2>"$tmp/names.err" || { cat "$tmp/names.err"; fail "names: a match failed"; }
python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert [p["name"] for p in d["players"]] == ["random2", "random", "random3"], d["players"]' \
    "$tmp/names.json" || fail "repeated names are not told apart"

# One failure is 'failure' ('1 bot failures' before).
"$ls" sim --players greedy,cmd:true --matches 1 >"$tmp/one.txt" 2>/dev/null || fail "one failure"
grep -q '^1 bot failure (see stderr): true 1$' "$tmp/one.txt" ||
    { cat "$tmp/one.txt"; fail "one bot failure not said in the singular"; }

# Misbehaving bots are reported and replaced; the tournament finishes.
for bad in illegal:'illegal move' garbage:garbage silent:'no answer within' crash:died \
           handshake:'bad handshake'; do
    bot=${bad%%:*}; what=${bad#*:}
    "$ls" sim --players "greedy,cmd:python3 $root/tests/bots/$bot.py,random" --matches 2 \
        --bot-timeout 300 --json >"$tmp/$bot.json" 2>"$tmp/$bot.err" ||
        { cat "$tmp/$bot.err"; fail "$bot bot stopped the tournament"; }
    [ "$(field "$tmp/$bot.json" matches)" = 2 ] || fail "$bot: not all matches played"
    grep -q "^match [0-9]\(, round [0-9]*, turn [0-9]*\|, at the handshake\|, at the start of round [0-9]*\|, at the end of round [0-9]*\|, after its last round\): ${bot}_py (bot 'python3 .*$bot.py'): .*$what" "$tmp/$bot.err" ||
        { cat "$tmp/$bot.err"; fail "$bot bot not reported"; }
    [ "$(field "$tmp/$bot.json" bot_failures)" -gt 0 ] || fail "$bot: failures not counted"
    grep -q "$what" "$tmp/$bot.json" || fail "$bot: failure not in the JSON results"
done
# --json keeps the first 100 messages, not 104 (a match's 8 were added
# whole while the list was under 100).
"$ls" sim --players "greedy,cmd:python3 $root/tests/bots/garbage.py" --matches 14 --threads 2 \
    --json >"$tmp/many.json" 2>"$tmp/many.err" || fail "garbage bot, 14 matches"
python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert d["bot_failures"] > 100 and len(d["bot_messages"]) == 100, (d["bot_failures"], len(d["bot_messages"]))
assert d["bot_messages"][-1].startswith("match 13, "), d["bot_messages"][-1]' "$tmp/many.json" ||
    fail "bot_messages is not the first 100"
# Each failure is also an object (bot_failure_list): the same first 100,
# the match, the failure of the match it is (a gap where a match kept only
# its first 7 and its last), the player as the table names it, the bot's
# command and the reason; stderr lists the same 100 (each match's 8, with
# a line before its last counting those left out), then one line counts
# the rest, rather than every match's 8 lines to the end.
python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
l, m = d["bot_failure_list"], d["bot_messages"]
assert len(l) == 100 and all(set(f) == {"match", "at", "round", "turn", "failure", "player", "bot", "reason"} for f in l), l[:2]
for f, line in zip(l, m):
    assert f["at"] == "play" and f["round"] > 0 and f["turn"] > 0, f
    assert line == "match %d, round %d, turn %d: %s (bot %s): %s" % (f["match"], f["round"], f["turn"], f["player"], chr(39) + f["bot"] + chr(39), f["reason"]), (f, line)
assert all(f["player"] == "garbage_py" and f["bot"].endswith("tests/bots/garbage.py") for f in l), l[0]
assert [f["failure"] for f in l[:9]] == list(range(1, 8)) + [l[7]["failure"], 1] and l[7]["failure"] > 8, l[:9]
assert l[0]["reason"].startswith("garbage "), l[0]
err = open(sys.argv[2]).read().splitlines()
shown = [e for e in err if "(bot " in e]
assert shown == m, (len(shown), shown[-1:], m[-1:])
# matches 1-12 listed whole (their last failure is their count), 13 in part
rest = d["bot_failures"] - sum(f["failure"] for f in l[7:96:8]) - len(l[96:])
assert err[-1] == "%d more bot failures, in 2 matches up to match 14, not listed: the first 100 are" % rest, err[-1]' \
    "$tmp/many.json" "$tmp/many.err" || fail "sim: the failures are not listed as objects, nor bounded on stderr"
# A NUL byte does not end an answer: 'discard 2C draw\0 and more' is
# garbage, quoted whole, not the move before the NUL.
"$ls" sim --players "greedy,cmd:python3 $root/tests/bots/nul.py" --matches 1 --json \
    >"$tmp/nul.json" 2>"$tmp/nul.err" || { cat "$tmp/nul.err"; fail "nul bot stopped the tournament"; }
grep -q "garbage 'discard [0-9AJQK]*[CDHS] draw.x00 and more'" "$tmp/nul.err" ||
    { cat "$tmp/nul.err"; fail "an answer holding a NUL byte was not garbage, quoted whole"; }
[ "$(field "$tmp/nul.json" bot_failures)" -gt 0 ] || fail "nul: failures not counted"

# A command holding a byte that is not UTF-8 and a control sequence: --json
# keeps the spec (quoted printable, which jansson can write) and the bot's
# failure message (both were left out), and neither the table nor stderr
# passes a raw control byte to the terminal.
odd=$(printf 'cmd:printf x\377\033[31m')
"$ls" sim --players "greedy,$odd" --matches 1 --json >"$tmp/odd.json" 2>"$tmp/odd.err" ||
    { cat "$tmp/odd.err"; fail "a command with odd bytes"; }
python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert d["players"][1].get("spec") == "cmd:printf x\\xff\\x1b[31m", d["players"][1]
assert d["bot_failures"] == 1 and len(d["bot_messages"]) == 1, d
assert d["bot_messages"][0].startswith("match 1, at the handshake: printf (bot '"'"'printf x\\xff\\x1b[31m'"'"'): died before"), d' \
    "$tmp/odd.json" || { cat "$tmp/odd.json"; fail "--json lost the spec or the message of an odd command"; }
"$ls" sim --players "greedy,$odd" --matches 1 >"$tmp/odd.txt" 2>>"$tmp/odd.err" ||
    fail "a command with odd bytes (table)"
grep -q '^printf  *cmd:printf x.xff~ ' "$tmp/odd.txt" || { cat "$tmp/odd.txt"; fail "odd spec in the table"; }
# Nor is it cut inside a \xNN: 'cmd:printf abc\xff' was 'cmd:printf abc\x~'.
"$ls" sim --players "greedy,cmd:printf abc$(printf '\377')" --matches 1 >"$tmp/odd2.txt" 2>/dev/null ||
    fail "a command with a byte that is not UTF-8 (table)"
grep -q '^printf  *cmd:printf abc~ ' "$tmp/odd2.txt" || { cat "$tmp/odd2.txt"; fail "a spec cut inside a \\xNN"; }
# A backslash is shown \\ (a spec's own \x41 is no escaped byte), and
# never cut in half: 'cmd:printf abcd\zz' was 'cmd:printf abcd\~'.
"$ls" sim --players 'greedy,cmd:printf abcd\zz' --matches 1 >"$tmp/odd3.txt" 2>"$tmp/odd3.err" ||
    fail "a command with a backslash (table)"
grep -q '^printf  *cmd:printf abcd~ ' "$tmp/odd3.txt" || { cat "$tmp/odd3.txt"; fail "a spec cut inside a \\\\"; }
grep -qF "bot 'printf abcd\\\\zz'" "$tmp/odd3.err" ||
    { cat "$tmp/odd3.err"; fail "a backslash in a command is not shown \\\\"; }
LC_ALL=C grep -q "$(printf '[\033\377]')" "$tmp/odd.txt" "$tmp/odd.err" &&
    { cat -v "$tmp/odd.txt" "$tmp/odd.err"; fail "a raw control byte reached the table or stderr"; }
# A spec's UTF-8 is shown as it is where the locale reads UTF-8, padded and
# cut in the terminal's columns (a CJK character takes two), so that the
# columns after it line up; it was written \xNN and padded by bytes. Under
# the C locale it is escaped, as before. One spec fits, one is cut.
mkdir "$tmp/中文é"
printf '#!/bin/sh\nexec python3 "%s/examples/bots/greedy.py"\n' "$root" >"$tmp/中文é/b"
chmod +x "$tmp/中文é/b"
(cd "$tmp" && LC_ALL=C.UTF-8 "$ls" sim --players "cmd:./中文é/b,greedy,cmd:sh ./中文é/../中文é/b" \
    --matches 1) >"$tmp/utf8.txt" 2>"$tmp/utf8.err" || { cat "$tmp/utf8.err"; fail "a UTF-8 spec"; }
grep -q '^b  *cmd:\./中文é/b  ' "$tmp/utf8.txt" && grep -q '^b2  *cmd:sh \./中文é/\.~ ' "$tmp/utf8.txt" ||
    { cat "$tmp/utf8.txt"; fail "a spec's UTF-8 is not shown as it is, cut with '~'"; }
aligned "$tmp/utf8.txt" won 9 || { cat "$tmp/utf8.txt"; fail "a UTF-8 spec: the columns do not line up"; }
(cd "$tmp" && LC_ALL=C "$ls" sim --players "cmd:./中文é/b,greedy" --matches 1) >"$tmp/c.txt" \
    2>"$tmp/c.err" || { cat "$tmp/c.err"; fail "a UTF-8 spec under C"; }
grep -qF 'cmd:./~ ' "$tmp/c.txt" && ! LC_ALL=C grep -q "$(printf '[\200-\377]')" "$tmp/c.txt" ||
    { cat -v "$tmp/c.txt"; fail "a UTF-8 spec under C is not escaped"; }
# A character written as its bytes' escapes (U+202E, which changes the
# text's direction: \xe2\x80\xae) is cut with all of them or none: the
# column ended between two, 'cmd:printf x\xe2~'. Under C the same for any
# character (中 is \xe4\xb8\xad, cut to 'cmd:./~' above; é fits whole).
rlo=$(printf '\342\200\256')
LC_ALL=C.UTF-8 "$ls" sim --players "greedy,cmd:printf x${rlo}y" --matches 1 >"$tmp/rlo.txt" 2>/dev/null ||
    fail "a command with U+202E (table)"
grep -q '^printf  *cmd:printf x~  ' "$tmp/rlo.txt" || { cat "$tmp/rlo.txt"; fail "a character's escapes cut in part"; }
LC_ALL=C "$ls" sim --players "greedy,cmd:./$(printf '\303\251')" --matches 1 >"$tmp/e.txt" 2>/dev/null ||
    fail "a command with é under C (table)"
grep -qF 'cmd:./\xc3\xa9 ' "$tmp/e.txt" || { cat "$tmp/e.txt"; fail "é under C is not escaped whole"; }
# A spec of few columns and many bytes (an accent combined 60 times takes
# no column) is cut at a whole character, with '~', and padded: the row
# was cut by its buffer's bytes, inside a character, and not padded.
acc=$(python3 -c 'import sys; sys.stdout.buffer.write(("e" + "\u0301" * 60).encode())')
LC_ALL=C.UTF-8 "$ls" sim --players "cmd:./$acc,greedy,random" --matches 1 >"$tmp/acc.txt" 2>/dev/null ||
    fail "a command with 60 accents (table)"
grep -q "^e_*  *cmd:\./e$(printf '\314\201')*~ " "$tmp/acc.txt" && aligned "$tmp/acc.txt" won 9 ||
    { cat "$tmp/acc.txt"; fail "a spec of many bytes in few columns is not cut at a character and padded"; }

# A piece of the players list quoted in a usage error is shown as a
# cmd: command is (its UTF-8 as it is) and cut at a whole character with
# '...' after it: the piece after a cmd: command was cut at 79 bytes
# without a word, its é written \xc3\xa9, and the command at 60, inside a
# character where one fell there, read as the whole.
e=$(printf '\303\251')
rc=0
"$ls" sim --players "greedy,cmd:./bot --x 1,$(python3 -c 'print("\u00e9" * 50)')zz" \
    >/dev/null 2>"$tmp/piece.err" || rc=$?
[ "$rc" = 2 ] && grep -qF "'$(python3 -c 'print("\u00e9" * 30)')...' after 'cmd:./bot --x 1' in the --players list is no player" \
    "$tmp/piece.err" || { cat "$tmp/piece.err"; fail "a long piece after a cmd: command is not cut with '...'"; }
rc=0
"$ls" sim --players "greedy,cmd:./bot --x $(python3 -c 'print("a" * 44 + "\u00e9" * 20)'),zz" \
    >/dev/null 2>"$tmp/piece.err" || rc=$?
[ "$rc" = 2 ] && grep -qF "'zz' after 'cmd:./bot --x $(python3 -c 'print("a" * 44)')$e...' in the" \
    "$tmp/piece.err" || { cat "$tmp/piece.err"; fail "a long cmd: command before a piece is not cut with '...'"; }
rc=0
"$ls" sim --players "greedy,cmd:./bot '$(python3 -c 'print("a" * 50 + "\u00e9" * 20)')" \
    >/dev/null 2>"$tmp/piece.err" || rc=$?
[ "$rc" = 2 ] && grep -qF "'cmd:./bot '$(python3 -c 'print("a" * 49)')...': its command has a single quote" \
    "$tmp/piece.err" || { cat "$tmp/piece.err"; fail "a command with an open quote is not cut with '...'"; }

# A number wider than its column (more than 99999 declarations, in 1200
# matches at threshold 1000) widens the column, heading and all: it pushed
# the rest of its row one place right, under no heading.
"$ls" sim --players greedy,greedy --matches 1200 --threshold 1000 --hand-size 3 \
    >"$tmp/wide.txt" || fail "a long tournament (table)"
python3 - "$tmp/wide.txt" <<'PY' || { cat "$tmp/wide.txt"; fail "a wide number's column is out of line"; }
import sys
lines = open(sys.argv[1]).read().splitlines()
head = lines[1]
heads = ["won", "won%", "95% CI", "pts/rd", "decl", "correct", "false", "turns", "ms"]
ends, at = [], head.index(" spec ") + 5
for h in heads:
    at = head.index(" " + h, at) + 1 + len(h)
    ends.append(at)
decl = 0
for row in lines[2:4]:
    cells = row.split()[-9:]
    pos, got = len(row), []
    for c in reversed(cells):
        start = row.rindex(c, 0, pos)
        got.insert(0, start + len(c))
        pos = start
    assert got == ends, (row, got, ends)
    decl = max(decl, int(cells[4]))
assert decl > 99999, decl
PY

# A bot that writes without end ('ok 1' again and again, with yes): each
# answer judged is a whole line, never the tail of one that the draining
# of unasked output cut ('1', ' 1', 'k 1' before).
"$ls" sim --players "greedy,cmd:yes ok 1" --matches 1 --bot-timeout 2000 >/dev/null \
    2>"$tmp/yes.err" || { cat "$tmp/yes.err"; fail "a bot writing without end stopped the tournament"; }
grep -q "garbage 'ok 1': at column 1, 'ok' is not a move" "$tmp/yes.err" &&
    ! grep "garbage" "$tmp/yes.err" | grep -vq "garbage 'ok 1': at column 1, 'ok' is not a move" ||
    { cat "$tmp/yes.err"; fail "the tail of a line was judged as an answer"; }

# A shell command that is more than one simple command runs as written.
"$ls" sim --players "greedy,cmd:cd $root && exec python3 examples/bots/greedy.py" --matches 1 \
    --json >"$tmp/sh.json" 2>"$tmp/sh.err" || { cat "$tmp/sh.err"; fail "compound bot command"; }
[ "$(field "$tmp/sh.json" bot_failures)" = 0 ] || { cat "$tmp/sh.err"; fail "compound bot command failed"; }

# A comma inside the quotes of a cmd: command stays in the command
# ('1,2', "a,b" and c\,d as the shell reads them): --players split at every
# comma, and the bot got '1 instead. An unquoted one that splits a command
# is refused, saying how to quote it, and so is a quote left open.
cat >"$tmp/argv.py" <<PY
import runpy, sys
with open(sys.argv[1], "w") as f:
    f.write("|".join(sys.argv[2:]))
sys.argv = sys.argv[:1]
runpy.run_path("$root/examples/bots/greedy.py", run_name="__main__")
PY
"$ls" sim --players "cmd:python3 $tmp/argv.py $tmp/argv.sim '1,2' \"a,b\" c\\,d",greedy --matches 1 \
    --json >"$tmp/quoted.json" 2>"$tmp/quoted.err" || { cat "$tmp/quoted.err"; fail "a quoted comma in a cmd: command"; }
[ "$(cat "$tmp/argv.sim")" = '1,2|a,b|c,d' ] || fail "the bot's arguments: $(cat "$tmp/argv.sim")"
python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert [p["name"] for p in d["players"]] == ["argv_py", "greedy"], d["players"]
assert d["bot_failures"] == 0, d["bot_messages"]' "$tmp/quoted.json" || fail "a quoted comma: players"
rc=0
"$ls" sim --players "cmd:python3 $tmp/argv.py x 1,2",greedy --matches 1 >"$tmp/out" 2>"$tmp/err" || rc=$?
[ "$rc" -eq 2 ] || fail "an unquoted comma in a command: exit $rc, not 2"
grep -q "^leastscore sim: '2' after 'cmd:python3 .*/argv.py x 1' in the --players list is no player: a comma in a cmd: command is kept when the command quotes it (\"cmd:./bot --x '1,2'\",greedy), or give the bot alone with --player SPEC$" \
    "$tmp/err" || { cat "$tmp/err"; fail "an unquoted comma in a command: message"; }
rc=0
"$ls" sim --players "cmd:python3 $tmp/argv.py x '1,2",greedy --matches 1 >"$tmp/out" 2>"$tmp/err" || rc=$?
[ "$rc" -eq 2 ] || fail "an open quote in a command: exit $rc, not 2"
grep -q "^leastscore sim: 'cmd:python3 .*': its command has a single quote (') that is not closed$" \
    "$tmp/err" || { cat "$tmp/err"; fail "an open quote in a command: message"; }
# --player takes a spec as it is, commas and all.
"$ls" sim --player "cmd:python3 $tmp/argv.py $tmp/argv.one 1,2" --player greedy --matches 1 \
    >/dev/null 2>"$tmp/err" || { cat "$tmp/err"; fail "--player with a comma"; }
[ "$(cat "$tmp/argv.one")" = '1,2' ] || fail "--player: the bot's arguments: $(cat "$tmp/argv.one")"

# A bot that stops reading its input while it goes on writing fills the
# pipe: it is killed after the time limit instead of blocking the referee.
rc=0
timeout 120 "$ls" sim --players "greedy,cmd:python3 $root/tests/bots/deaf.py" --matches 1 \
    --bot-timeout 300 --threshold 1000 >/dev/null 2>"$tmp/deaf.err" || rc=$?
[ "$rc" -eq 0 ] || { cat "$tmp/deaf.err"; fail "a bot that stopped reading: exit $rc"; }
grep -q "^match 1\(, round [0-9]*, turn [0-9]*\|, at the handshake\|, at the start of round [0-9]*\|, at the end of round [0-9]*\|, after its last round\): deaf_py (bot 'python3 [^']*deaf.py'): stopped reading its input" "$tmp/deaf.err" ||
    { cat "$tmp/deaf.err"; fail "a bot that stopped reading is not reported"; }

# Bots that ignore quit and SIGTERM, close their output and go on, or leave
# a child running: each is reported, nothing of theirs outlives the match
# (so sim's stderr is closed when sim exits), and a closed output is told
# apart from silence.
mark=lingerbot-$$
for mode in stubborn closed forks; do
    timeout 60 sh -c "\"\$0\" sim --players 'greedy,cmd:python3 $root/tests/bots/linger.py $mark $mode' \
        --matches 1 --bot-timeout 300 --threads 1 2>&1 | cat" "$ls" >"$tmp/linger.$mode" ||
        { cat "$tmp/linger.$mode"; fail "$mode bot: sim ... 2>&1 | cat did not finish"; }
    grep -q "linger.py $mark $mode" "$tmp/linger.$mode" || { cat "$tmp/linger.$mode"; fail "$mode bot not reported"; }
done
grep -q "closed its output" "$tmp/linger.closed" || { cat "$tmp/linger.closed"; fail "closed output not reported"; }
wait_no_process "lingerbo[t]-$$" || fail "bot processes outlived the tournament: $left"

# sim or arena killed by a signal (Ctrl-C, SIGTERM, SIGHUP) takes its bots
# with it: they are in process groups of their own, which the terminal's
# Ctrl-C does not reach, and a bot that ignores the end of its input, or
# its child, went on running after sim had gone.
for cmd in sim arena; do
    mark=killedbot-$$-$cmd
    "$ls" $cmd --players "greedy,cmd:python3 $root/tests/bots/linger.py $mark forks" \
        --matches 20 --threads 1 >/dev/null 2>&1 &
    pid=$!
    i=0 # until the bot's child runs (the bot and it: two processes besides sim)
    while [ "$(grep -l "killedbo[t]-$$-$cmd" /proc/[0-9]*/cmdline 2>/dev/null |
               grep -vc "^/proc/$pid/")" -lt 2 ]; do
        i=$((i + 1))
        [ "$i" -lt 300 ] || { kill "$pid"; fail "$cmd: the lingering bot never started"; }
        sleep 0.1
    done
    kill -TERM "$pid"
    set +e
    wait "$pid"
    rc=$?
    set -e
    [ "$rc" -eq 143 ] || fail "$cmd killed by SIGTERM exited $rc, not 143"
    wait_no_process "killedbo[t]-$$-$cmd" ||
        { for f in $left; do kill -9 "$(basename "$(dirname "$f")")"; done
        fail "$cmd killed by SIGTERM left its bot running: $left"; }
done

# sim killed outright (SIGKILL, which no handler sees) takes its bot with
# it too: a bot that does not touch its pipes again ran on. This one
# answers the handshake, says its process id, and sleeps through the
# time limit.
cat >"$tmp/stay.py" <<'PY'
import os, signal, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
sys.stdin.readline()
print("ok 1", flush=True)
with open(sys.argv[1] + ".new", "w") as f:
    f.write(str(os.getpid()))
os.rename(sys.argv[1] + ".new", sys.argv[1])
while True:
    time.sleep(1)
PY
"$ls" sim --players "greedy,cmd:python3 $tmp/stay.py $tmp/stay.pid" --matches 1 \
    --bot-timeout 60000 >/dev/null 2>&1 &
pid=$!
i=0
until [ -s "$tmp/stay.pid" ]; do
    i=$((i + 1))
    [ "$i" -lt 300 ] || { kill "$pid"; fail "SIGKILL: the bot never started"; }
    sleep 0.1
done
bot=$(cat "$tmp/stay.pid")
kill -KILL "$pid"
wait "$pid" || true
i=0
# (a zombie left for a reaper counts as gone)
while [ -e "/proc/$bot" ] && ! grep -q '^[0-9]* (.*) Z' "/proc/$bot/stat" 2>/dev/null; do
    i=$((i + 1))
    [ "$i" -lt 50 ] || { kill -9 "$bot"; fail "sim killed by SIGKILL left its bot running"; }
    sleep 0.1
done

# A process a bot starts that leaves the bot's process group (setsid, as a
# daemon does) is not killed with the group; sim, the adoptive parent of
# what the bots leave, kills it when the tournament ends, and says so. It
# outlived sim before.
mark=setsidbot-$$
cat >"$tmp/setsid.py" <<'PY'
import os, sys
if os.fork() == 0:
    os.setsid()
    os.close(0)
    os.close(1)
    os.execvp("python3", ["python3", "-c", "import time; time.sleep(300)", sys.argv[1]])
sys.stdin.readline()
print("ok 1", flush=True)
for line in sys.stdin:
    if line.startswith("go"):
        print("discard %s draw" % line.split()[2], flush=True)
PY
timeout 120 "$ls" sim --players "greedy,cmd:python3 $tmp/setsid.py $mark" --matches 2 --threshold 10 \
    >/dev/null 2>"$tmp/setsid.err" || { cat "$tmp/setsid.err"; fail "a bot leaving a daemon"; }
left=$(grep -l "setsidbo[t]-$$" /proc/[0-9]*/cmdline 2>/dev/null || true)
[ -z "$left" ] || { for f in $left; do kill -9 "$(basename "$(dirname "$f")")" 2>/dev/null || true; done
    fail "a process a bot started outside its group outlived sim: $left"; }
grep -q "^leastscore sim: killed 2 processes that bots had started outside their process groups (setsid), which outlived them$" \
    "$tmp/setsid.err" || { cat "$tmp/setsid.err"; fail "the processes ended are not reported"; }
# The count comes after the failures it sums up (the bots named in their
# matches below): it came before them, ahead of the list it counts.
[ "$(tail -n 1 "$tmp/setsid.err")" = "leastscore sim: killed 2 processes that bots had started outside their process groups (setsid), which outlived them" ] ||
    { cat "$tmp/setsid.err"; fail "the count of processes ended is not after the failures"; }
# Each is also killed as its bot ends, and that bot named, in its match, by
# what it did (the count at the end named none). So in arena.
for m in 1 2; do
    grep -q "^match $m, after its last round: setsid_py (bot 'python3 .*/setsid.py $mark'): had started 1 process outside its process group (setsid), which outlived it; killed$" \
        "$tmp/setsid.err" || { cat "$tmp/setsid.err"; fail "match $m: the bot that left a process is not named"; }
done
mark=setsidarena-$$
timeout 120 "$ls" arena --players "greedy,cmd:python3 $tmp/setsid.py $mark" --matches 2 --threshold 10 \
    >/dev/null 2>"$tmp/setsid.err" || { cat "$tmp/setsid.err"; fail "arena: a bot leaving a daemon"; }
wait_no_process "setsidaren[a]-$$" || fail "a process a bot started outside its group outlived arena: $left"
[ "$(grep -c "^match [12], after its last round: setsid_py (bot 'python3 .*/setsid.py $mark'): had started 1 process outside its process group (setsid), which outlived it; killed$" "$tmp/setsid.err")" = 2 ] ||
    { cat "$tmp/setsid.err"; fail "arena: the bot that left a process is not named"; }
[ "$(tail -n 1 "$tmp/setsid.err")" = "leastscore arena: killed 2 processes that bots had started outside their process groups (setsid), which outlived them" ] ||
    { cat "$tmp/setsid.err"; fail "arena: the count of processes ended is not after the failures"; }

# Stopped by a signal (Ctrl-C's SIGINT, SIGTERM), sim and arena also end
# what bots started outside their groups: the one whose bot still runs
# (adopted once the bot is killed). They outlived sim before: only the bots' groups were killed. (A
# background job has SIGINT ignored: the wrapper gives it back.)
for run in sim:INT:130 arena:TERM:143 sim:TERM:143 arena:INT:130; do
    cmd=${run%%:*}; sig=${run#*:}; want=${sig#*:}; sig=${sig%:*}
    mark=sigsetsid-$$-$cmd-$sig
    python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])' "$ls" $cmd --players "greedy,cmd:python3 $tmp/setsid.py $mark" \
        --matches 400 --threads 1 --threshold 10 >"$tmp/sig.out" 2>"$tmp/sig.err" &
    pid=$!
    # Until the wrapper has become leastscore (a signal before that is the
    # wrapper's, ignored by it at first) and a bot and its helper run (the
    # helpers of the bots that have ended are killed with them, each named
    # in its match: there were two, one adopted).
    i=0
    while [ "$(cat /proc/$pid/comm 2>/dev/null)" != leastscore ] ||
          [ "$(grep -l "sigsetsi[d]-$$-$cmd-$sig" /proc/[0-9]*/cmdline 2>/dev/null |
               grep -vc "^/proc/$pid/")" -lt 2 ]; do
        i=$((i + 1))
        [ "$i" -lt 600 ] || { kill -9 "$pid"; fail "$cmd: the bots' helpers never started"; }
        sleep 0.05
    done
    kill -"$sig" "$pid"
    set +e
    wait "$pid"
    rc=$?
    set -e
    # (What it wrote is shown: it once exited 0 in a loaded full run.)
    [ "$rc" -eq "$want" ] || { tail -n 5 "$tmp/sig.out" "$tmp/sig.err"
        fail "$cmd stopped by SIG$sig after $i checks exited $rc, not $want"; }
    # The handler leaves errno as it found it: with a ThreadSanitizer
    # binary it was 'signal handler spoils errno'. (Any sanitizer's report
    # there is a failure.)
    ! grep -q "Sanitizer" "$tmp/sig.err" || { grep -A8 "Sanitizer" "$tmp/sig.err" | head -20
        fail "$cmd stopped by SIG$sig: a sanitizer reported its signal handler"; }
    wait_no_process "sigsetsi[d]-$$-$cmd-$sig" 25 ||
        { for f in $left; do kill -9 "$(basename "$(dirname "$f")")" 2>/dev/null || true; done
        fail "$cmd stopped by SIG$sig left what a bot started outside its group running: $left"; }
done

# What a killed bot's group leaves sim as a parent is reaped as each bot
# ends: a shell command whose bot ignores quit (killed with its group, the
# bot reparented to sim for a moment) left one zombie a match until the end.
"$ls" sim --players "greedy,cmd:true; python3 $root/tests/bots/linger.py zombiebot-$$ stubborn" \
    --matches 16 --threads 1 --threshold 10 --bot-timeout 300 >/dev/null 2>"$tmp/zombie.err" &
pid=$!
zombies=0
i=0
while kill -0 "$pid" 2>/dev/null && [ "$i" -lt 600 ]; do
    # (cat reads on past a process that has gone; awk would stop there)
    z=$(cat /proc/[0-9]*/stat 2>/dev/null | awk -v p="$pid" '$4 == p && $3 == "Z" { n++ } END { print n + 0 }')
    [ "$z" -gt "$zombies" ] && zombies=$z
    i=$((i + 1))
    sleep 0.1
done
wait "$pid" || { cat "$tmp/zombie.err"; fail "a bot killed with its group"; }
[ "$zombies" -le 4 ] || fail "sim kept $zombies zombies of the bots' groups (16 matches)"

# A command that does not exist is a dead bot, not a crash.
"$ls" sim --players "greedy,cmd:/nonexistent/bot" --matches 1 >/dev/null 2>"$tmp/none.err" ||
    fail "missing bot command stopped the tournament"
grep -q "^match 1, at the handshake: bot (bot '/nonexistent/bot'): died before the handshake (exit status 127: no such command)" \
    "$tmp/none.err" || { cat "$tmp/none.err"; fail "missing bot not reported as such"; }
# A bot that exits at once, without a word, is not called a crash mid-match.
"$ls" sim --players "greedy,cmd:true" --matches 1 >/dev/null 2>"$tmp/true.err" ||
    fail "a bot exiting at once stopped the tournament"
grep -q "^match 1, at the handshake: true (bot 'true'): died before the handshake (exit status 0)" "$tmp/true.err" ||
    { cat "$tmp/true.err"; fail "a bot exiting before the handshake"; }
# Each failure names the player as the table does, first: two seats of one
# command were told apart only mid-match ("bot 'true' (true2): ..."), and
# at the handshake not at all (two lines "bot 'true': ..."), while the
# table and its "bot failures" line said true and true2. In --json too.
"$ls" sim --players cmd:true,cmd:true,greedy --matches 1 >"$tmp/two.txt" 2>"$tmp/two.err" ||
    { cat "$tmp/two.err"; fail "two seats of one command"; }
grep -q '^2 bot failures (see stderr): true 1 true2 1$' "$tmp/two.txt" ||
    { cat "$tmp/two.txt"; fail "two seats of one command: the table's failures"; }
printf '%s\n' "match 1, at the handshake: true (bot 'true'): died before the handshake (exit status 0), without a word (is the bot started in the background, with '&'? the referee must start it itself, in the foreground); the fallback plays for it until the match ends" \
    "match 1, at the handshake: true2 (bot 'true'): died before the handshake (exit status 0), without a word (is the bot started in the background, with '&'? the referee must start it itself, in the foreground); the fallback plays for it until the match ends" \
    >"$tmp/two.want"
diff "$tmp/two.want" "$tmp/two.err" || fail "two seats of one command: their handshake failures are not named apart"
"$ls" sim --players "cmd:python3 $root/tests/bots/garbage.py,cmd:python3 $root/tests/bots/garbage.py" \
    --matches 1 --json >"$tmp/two.json" 2>/dev/null || fail "two seats of one garbage bot"
python3 -c 'import json,re,sys
m = json.load(open(sys.argv[1]))["bot_messages"]
who = [re.match(r"match 1, round \d+, turn \d+: (garbage_py2?) \(bot \x27python3 \S*/garbage.py\x27\): garbage \x27", x).group(1) for x in m]
assert who[:2] == ["garbage_py", "garbage_py2"], m' "$tmp/two.json" ||
    { cat "$tmp/two.json"; fail "two seats of one command: their failures in --json are not named apart"; }

# Memory: every match's results are kept until the end, so they must be
# small. 20000 matches of random players took 119 MiB (2 KiB of room for
# each player's decision times, most of it unused); now under 90. Not
# under the sanitizers, whose memory is their own.
if [ "${LS_SANITIZED:-0}" != 1 ]; then
    mib=$(python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)' \
        "$ls" sim --players random,random --matches 20000 --seed 3) || fail "20000 matches"
    [ "$mib" -lt 90 ] || fail "20000 matches of random players took $mib MiB"
    # Nor do they grow with the decisions, which the check before the first
    # match cannot count: each decision's time was kept to the end, 8 bytes
    # (2000 long matches, 2.5 million decisions: 52 MiB, now 13).
    mib=$(python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)' \
        "$ls" sim --players random,random --threshold 1000 --matches 2000 --seed 3) ||
        fail "2000 long matches"
    [ "$mib" -lt 25 ] || fail "2000 long matches of random players took $mib MiB"
fi
# The median and the mean time per decision are still a decision's time: a
# bot that takes 50 ms an answer has a median and a mean of 50 ms or more
# (wall time), and greedy's are far less.
cat >"$tmp/slow.py" <<PY
import runpy, sys, time
real = sys.stdout
class Slow:
    def write(self, text):
        if text.startswith(("discard", "declare")):
            time.sleep(0.05)
        return real.write(text)
    def flush(self):
        real.flush()
sys.stdout = Slow()
runpy.run_path("$root/examples/bots/greedy.py", run_name="__main__")
PY
"$ls" sim --players "greedy,cmd:python3 $tmp/slow.py" --matches 2 --threshold 25 --json \
    >"$tmp/slow.json" 2>"$tmp/slow.err" || { cat "$tmp/slow.err"; fail "a slow bot"; }
python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
g, b = d["players"]
assert b["decisions"] > 0 and g["decisions"] > 0, d
assert 49.5 <= b["time_ms_median"] < 5000 and 50 <= b["time_ms_mean"] < 5000, b
assert 0 <= g["time_ms_median"] < 20 and g["time_ms_mean"] < 20, g' "$tmp/slow.json" ||
    { cat "$tmp/slow.json"; fail "the times of a bot taking 50 ms"; }
# A count whose results cannot be kept in memory is refused before the first
# match, with the figures (it was 'out of memory'; a count a little lower
# was played until the kernel killed sim). Only where it cannot fit.
if [ "$(awk '/^MemTotal:/ { print int($2 / 1048576) }' /proc/meminfo)" -lt 140 ]; then
    rc=0
    "$ls" sim --players greedy,greedy --matches 100000000 >"$tmp/out" 2>"$tmp/err" || rc=$?
    [ "$rc" -eq 1 ] || fail "--matches 100000000: exit $rc, not 1"
    grep -q "^leastscore sim: 100000000 matches: their results are kept until the end, [0-9.]* GiB .*more than half of the [0-9.]* GiB of memory this machine has: give fewer with --matches$" \
        "$tmp/err" || { cat "$tmp/err"; fail "--matches 100000000: message"; }
    [ -s "$tmp/out" ] && fail "--matches 100000000 printed results"
fi

# Bad options: exit status 2 and a message naming the problem.
bad() {
    set +e
    "$ls" sim "$@" >/dev/null 2>"$tmp/err"; rc=$?
    set -e
    [ "$rc" -eq 2 ] || fail "sim $* exited $rc, not 2"
    grep -q "leastscore sim: " "$tmp/err" || fail "sim $*: no message"
}
bad --players greedy
bad --players greedy,bogus
bad --players expert:iters=0,greedy
# A kind with a colon and nothing after it, or parameters that end with a
# comma, is refused with the kind's parameters (it played with the
# defaults), for every kind that takes parameters, and random, which
# takes none, is not offered NAME=VALUE.
bad --players "random:,greedy"
grep -qx "leastscore sim: --players: 'random:' has nothing after its colon: random takes no parameters; give the kind alone" \
    "$tmp/err" || { cat "$tmp/err"; fail "random: with nothing after the colon: message"; }
for kind in greedy expert cautious reckless collector shedder counter; do
    bad --players "$kind:,greedy"
    grep -q "^leastscore sim: --players: '$kind:' has nothing after its colon: the kind alone, or NAME=VALUE after it (parameters: [a-z, ]*)$" \
        "$tmp/err" || { cat "$tmp/err"; fail "$kind: with nothing after the colon: message"; }
done
bad --players greedy --player greedy:declare=0.8,
grep -q "^leastscore sim: --player: 'greedy:declare=0.8,' ends with a comma: NAME=VALUE missing after it (parameters: declare, lookahead, bias, near, at, samples)$" \
    "$tmp/err" || { cat "$tmp/err"; fail "a parameter list ending with a comma: message"; }
# A spec that makes no player names the option it came in (it was the
# checker's words alone), one player alone is named (it was 'give 2..8
# players' whatever was given), and a player typed bare is said to go in
# --players (it was only an 'unexpected argument'), as arena says them.
bad --players greedy,bogus
grep -q "^leastscore sim: --players: unknown player kind 'bogus'; " "$tmp/err" ||
    { cat "$tmp/err"; fail "a bad spec of --players: message"; }
bad --players greedy --player greedy:declare=2
grep -qx "leastscore sim: --player: greedy: declare=2 is not a number from 0 to 1" "$tmp/err" ||
    { cat "$tmp/err"; fail "a bad spec of --player: message"; }
bad --players greedy
grep -qx "leastscore sim: --players names 1 player, 'greedy': give 2..8, e.g. --players expert,greedy,greedy,greedy" \
    "$tmp/err" || { cat "$tmp/err"; fail "one player of --players: message"; }
bad --player expert:iters=5
grep -q "^leastscore sim: --player names 1 player, 'expert:iters=5': give 2..8, e.g." "$tmp/err" ||
    { cat "$tmp/err"; fail "one player of --player: message"; }
# What is said first is what was wrong. A spec that makes no player is
# said before the count of players ('--player x' and '--players x' said
# "names 1 player, 'x'" first); a list given to --player, which takes one
# spec, is said to be one, with --players (it was "unknown player kind
# 'greedy,random'"); a long option with one dash is said with its two
# (getopt took it for letters: "unknown option 'sim'").
bad --player x
head -1 "$tmp/err" | grep -q "^leastscore sim: --player: unknown player kind 'x'; " ||
    { cat "$tmp/err"; fail "--player x: the first message"; }
bad --players x
head -1 "$tmp/err" | grep -q "^leastscore sim: --players: unknown player kind 'x'; " ||
    { cat "$tmp/err"; fail "--players x: the first message"; }
bad --player greedy,random
head -1 "$tmp/err" | grep -qx "leastscore sim: --player takes one player's spec, and 'greedy,random' is a list of 2: did you mean '--players greedy,random'?" ||
    { cat "$tmp/err"; fail "--player LIST: the first message"; }
bad --player expert:ms=10,c=0.5,random
head -1 "$tmp/err" | grep -qF "'expert:ms=10,c=0.5,random' is a list of 2: did you mean '--players expert:ms=10,c=0.5,random'?" ||
    { cat "$tmp/err"; fail "--player LIST with a parameter: the first message"; }
# --player reads a list as --players does (one splitter): blanks around a
# spec, a parameter after a blank and a quoted comma in a cmd: command
# make a list too (each was "unknown player kind 'greedy, random'" or
# "'greedy,cmd'"); the list meant is shown without the blanks.
bad --player "greedy, random"
head -1 "$tmp/err" | grep -qxF "leastscore sim: --player takes one player's spec, and 'greedy, random' is a list of 2: did you mean '--players greedy,random'?" ||
    { cat "$tmp/err"; fail "--player LIST with a blank: the first message"; }
bad --player "expert:ms=10, c=0.5 ,random"
head -1 "$tmp/err" | grep -qF "is a list of 2: did you mean '--players expert:ms=10,c=0.5,random'?" ||
    { cat "$tmp/err"; fail "--player LIST with a blank before a parameter: the first message"; }
bad --player "greedy,cmd:./bot --x '1,2'"
head -1 "$tmp/err" | grep -qF "is a list of 2: did you mean '--players greedy,cmd:./bot --x '1,2''?" ||
    { cat "$tmp/err"; fail "--player LIST with a quoted comma: the first message"; }
# ... and a --players list is its own: a parameter that opens it does not
# join the spec of an earlier --players (it made 'expert:iters=5,c=1').
bad --players expert:iters=5 --players c=1,greedy
head -1 "$tmp/err" | grep -q "^leastscore sim: --players: unknown player kind 'c=1'; " ||
    { cat "$tmp/err"; fail "a list that opens with a parameter: the first message"; }
"$ls" sim --players " expert:iters=5, c=1 ,greedy " --matches 1 --json >"$tmp/blanks.json" ||
    fail "a players list with blanks"
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert [p.get("spec") for p in d["players"]] == ["expert:iters=5,c=1", "greedy"], d["players"]' \
    "$tmp/blanks.json" || fail "a players list with blanks: the specs"
bad --matches 1 -players greedy,random
head -1 "$tmp/err" | grep -qx "leastscore sim: unknown option '-players': did you mean '--players'?" ||
    { cat "$tmp/err"; fail "-players: the first message"; }
bad -matchs 1 --players greedy,random
head -1 "$tmp/err" | grep -qx "leastscore sim: unknown option '-matchs': did you mean '--matches'?" ||
    { cat "$tmp/err"; fail "-matchs: the first message"; }
"$ls" sim --player expert:ms=10,c=0.5 --player greedy --matches 1 --threads 1 >/dev/null ||
    fail "--player with a spec holding a comma"
bad --matches 1
grep -q "^leastscore sim: give 2..8 players with --players, e.g." "$tmp/err" ||
    { cat "$tmp/err"; fail "no player: message"; }
bad greedy expert
grep -qx "leastscore sim: unexpected argument 'greedy': players are given with --players, comma-separated (--players greedy,...)" \
    "$tmp/err" || { cat "$tmp/err"; fail "a player typed bare: message"; }
bad --players greedy,random extra
grep -qx "leastscore sim: unexpected argument 'extra'" "$tmp/err" ||
    { cat "$tmp/err"; fail "an unexpected argument: message"; }
bad --players greedy,greedy --matches 0
bad --players greedy,greedy --threads x
# One player too many is named, with an escape for a control byte (it was
# 'at most 8 players', which did not say which one).
bad --players greedy,greedy,greedy,greedy,greedy,greedy,greedy,greedy --player "$(printf 'cmd:./b\033')"
grep -qx "leastscore sim: at most 8 players: 'cmd:./b\\\\x1b' would be the 9th" "$tmp/err" ||
    { cat "$tmp/err"; fail "a ninth player: message"; }
bad --players greedy,greedy --threshold 0
bad --players greedy,greedy --threshold ' 100'
bad --players greedy,greedy --tie maybe
bad --players greedy,greedy --hand-size 9
bad --players greedy,greedy --frobnicate
# An abbreviation that fits several options names them (it was an
# "unknown option"); one that fits one is that option.
bad --play greedy,greedy --matches 1
grep -q "^leastscore sim: '--play' is short for more than one option (--players, --player): write more of it$" \
    "$tmp/err" || { cat "$tmp/err"; fail "an ambiguous option: message"; }
bad --players greedy,greedy --t=2
grep -q "^leastscore sim: '--t' is short for more than one option (--threads, --threshold, --tie): write more of it$" \
    "$tmp/err" || { cat "$tmp/err"; fail "an ambiguous option with a value: message"; }
# A value for an option that takes none is said to be one (an "unknown
# option '--json=1'").
bad --players greedy,greedy --json=1
grep -q "^leastscore sim: --json takes no value, not '1'$" "$tmp/err" || { cat "$tmp/err"; fail "--json=1: message"; }
bad --players greedy,greedy --js=
grep -q "^leastscore sim: --json takes no value, not ''$" "$tmp/err" || { cat "$tmp/err"; fail "--js=: message"; }
"$ls" sim --players greedy,greedy --match 1 --thres 50 >"$tmp/out" || fail "unambiguous abbreviations"
grep -q "^1 match, .*, threshold 50$" "$tmp/out" || { cat "$tmp/out"; fail "unambiguous abbreviations: the table"; }
bad --players greedy,greedy --matches
bad --players greedy,greedy --seed ' -5'
bad --players greedy,greedy extra
bad --players greedy,greedy --bot-timeout 0
bad --players greedy,greedy --records ''
grep -q -- "--records needs a directory, not an empty name" "$tmp/err" || fail "--records '': message"
bad --players greedy,greedy --records-every 0
bad --players greedy,greedy --records-every 3
grep -q -- '--records-every needs --records DIR' "$tmp/err" || fail "--records-every alone: message"
bad --players greedy,greedy,greedy,greedy,greedy,greedy,greedy,greedy,greedy
bad --players "expert:iters=5,c=$(python3 -c 'print("1" * 300)')"
bad --players "greedy,$(python3 -c 'print("greedy," * 400)')"
bad --players greedy,greedy --seed -5
bad --players greedy,greedy --seed 18446744073709551616
bad --players greedy,greedy --seed ''
# One limit on a bot's command, checked before the first match.
long=$(python3 -c 'print("x" * 256)')
bad --players "greedy,cmd:$long"
grep -q "1..255 characters" "$tmp/err" || fail "long cmd: message"

# On a terminal narrower than the progress line, the line is shortened to
# fit and redrawn in place: one line on the screen, not one per update (a
# wrapped line is not taken back by '\r').
. "$root/tests/e2e/lib/tmux.sh"
trap '$T kill-server 2>/dev/null || true; rm -rf "$tmp"' EXIT
m=$((n * 3))
$T new-session -d -s narrow -x 40 -y 12 \
    "$ls sim --players expert:iters=3000,greedy --matches $m --seed 3 --threads 1 >/dev/null; sleep 60"
wait_for narrow "$m/$m" 300
lines=$(grep -c "/$m" "$tmp/screen" || true)
[ "$lines" = 1 ] || { cat "$tmp/screen"; fail "the progress line took $lines lines at 40 columns"; }
echo "sim ok"
