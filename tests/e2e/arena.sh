#!/bin/sh
# leastscore arena: every pairing and mixed tables are played; the ratings
# order the players as their results do, with intervals; 1 and 2 threads
# give the same results for a seed; --calibration adds the expert's table;
# a cmd: bot takes part; bad options exit 2 with a message naming them.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
ls=${LEASTSCORE:-$root/build/leastscore}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Greedy-family matches are quick even under the sanitizers: always 20.
n=20
fail() { echo "FAIL: $*"; exit 1; }
py() { python3 -c "$1" "$tmp/a.json"; }
. "$root/tests/e2e/lib/columns.sh"

"$ls" arena --help | grep -q -- '--table-size' || fail "--help"
"$ls" --help | grep -q 'arena' || fail "arena not in the command list"

# Without mixed tables (two players, or --tables 0) the JSON has no table
# size: it said 2 for two players, which no mixed table seats (3..8), and
# 4 with --tables 0.
for args in "greedy,random" "greedy,random,cautious --tables 0"; do
    # shellcheck disable=SC2086 # the words of $args are the options
    "$ls" arena --players $args --matches 1 --json >"$tmp/a.json" || fail "arena $args failed"
    py 'import json,sys
d = json.load(open(sys.argv[1]))
assert d["tables"] == 0 and d["table_size"] is None, (d["tables"], d["table_size"])' ||
        fail "arena --players $args --json: a table size without mixed tables"
done

# Greedy, the cautious player and random: 3 pairings and 3-player tables.
"$ls" arena --players greedy,cautious,random --matches "$n" --tables "$n" \
    --seed 5 --json >"$tmp/a.json" || fail "arena failed"
py 'import json,sys
d = json.load(open(sys.argv[1]))
n = d["matches_per_pairing"]
assert d["tables"] == n and d["table_size"] == 3, d
assert len(d["head_to_head"]) == 3
for h in d["head_to_head"]:
    assert h["played"] == n, h
ps = {p["name"]: p for p in d["players"]}
assert set(ps) == {"greedy", "cautious", "random"}
for p in d["players"]:
    assert p["headsup_played"] == 2 * n and p["tables_played"] == n, p
    lo, hi = p["rating_ci95"]
    assert lo < p["rating"] < hi, p
# random never beats a greedy-family player: last, and by a clear margin
assert d["players"][-1]["name"] == "random", d["players"]
assert ps["random"]["headsup_won"] == 0 and ps["random"]["tables_won"] == 0
assert ps["random"]["rating_ci95"][1] < min(ps["greedy"]["rating_ci95"][0], ps["cautious"]["rating_ci95"][0])
# ratings are centred on 1500
assert abs(sum(p["rating"] for p in d["players"]) / 3 - 1500) < 1e-6
assert d["failed_matches"] == 0 and "calibration" not in d' || fail "arena results"

# The text form has the rating table, the leader's margin and the
# heads-up table.
"$ls" arena --players greedy,random --matches 4 --seed 5 >"$tmp/table" || fail "text"
grep -q '^1 *greedy' "$tmp/table" && grep -q 'greedy leads random by' "$tmp/table" &&
    grep -q '^heads-up' "$tmp/table" || { cat "$tmp/table"; fail "text table"; }
grep -q 'no mixed tables' "$tmp/table" || { cat "$tmp/table"; fail "2 players: no tables"; }
# A spec longer than its column (24) ends in '~' where it is cut, as in
# sim's table: it was cut with no mark, and read as the whole spec.
"$ls" arena --players greedy:declare=0.8,bias=0,near=1,random --matches 2 --seed 1 >"$tmp/table" ||
    fail "a long spec"
grep -qE '^[12] +greedy +greedy:declare=0\.8,bias~ +[0-9]+ ' "$tmp/table" ||
    { cat "$tmp/table"; fail "a spec cut to its column has no '~'"; }
# A spec is never cut inside a byte written \xNN: 'cmd:printf
# abcdefghijk\xffx' was cut to 'cmd:printf abcdefghijk\x~', a backslash
# and an x read as the command's.
"$ls" arena --players "greedy,cmd:printf abcdefghijk$(printf '\377')x" --matches 1 --tables 0 \
    >"$tmp/table" 2>/dev/null || fail "a spec with a byte that is not UTF-8"
grep -qE '^[12] +printf +cmd:printf abcdefghijk~ +[0-9]+ ' "$tmp/table" ||
    { cat "$tmp/table"; fail "a spec cut inside a \\xNN"; }
# A spec's UTF-8 is shown as it is where the locale reads UTF-8, padded and
# cut in the terminal's columns (a CJK character takes two), so that the
# columns after it line up; it was written \xNN and padded by bytes. Under
# the C locale it is escaped, as before. One spec fits, one is cut.
mkdir "$tmp/中文é"
printf '#!/bin/sh\nexec python3 "%s/examples/bots/greedy.py"\n' "$root" >"$tmp/中文é/b"
chmod +x "$tmp/中文é/b"
(cd "$tmp" && LC_ALL=C.UTF-8 "$ls" arena --players "cmd:./中文é/b,greedy,cmd:sh ./中文é/中文中文中文/../b" \
    --matches 1 --tables 0) >"$tmp/utf8" 2>"$tmp/utf8.err" || { cat "$tmp/utf8.err"; fail "a UTF-8 spec"; }
grep -qE '^[123] +b +cmd:\./中文é/b  ' "$tmp/utf8" && grep -qE '^[123] +b2 +cmd:sh \./中文é/中文中文~ ' "$tmp/utf8" ||
    { cat "$tmp/utf8"; fail "a spec's UTF-8 is not shown as it is, cut with '~'"; }
aligned "$tmp/utf8" rating 5 || { cat "$tmp/utf8"; fail "a UTF-8 spec: the columns do not line up"; }
(cd "$tmp" && LC_ALL=C "$ls" arena --players "cmd:./中文é/b,greedy" --matches 1 --tables 0) \
    >"$tmp/c" 2>"$tmp/c.err" || { cat "$tmp/c.err"; fail "a UTF-8 spec under C"; }
grep -qF 'cmd:./\xe4\xb8\xad~ ' "$tmp/c" && ! LC_ALL=C grep -q "$(printf '[\200-\377]')" "$tmp/c" ||
    { cat -v "$tmp/c"; fail "a UTF-8 spec under C is not escaped"; }
# A character written as its bytes' escapes (U+202E, which changes the
# text's direction: \xe2\x80\xae) is cut with all of them or none: the
# column ended between two, 'cmd:printf abcdefg\xe2~' (and under C
# above, 'cmd:./\xe4\xb8\xad\xe6~', half of 文).
LC_ALL=C.UTF-8 "$ls" arena --players "greedy,cmd:printf abcdefg$(printf '\342\200\256')y" --matches 1 \
    --tables 0 >"$tmp/table" 2>/dev/null || fail "a command with U+202E"
grep -qE '^[12] +printf +cmd:printf abcdefg~ +[0-9]+ ' "$tmp/table" ||
    { cat "$tmp/table"; fail "a character's escapes cut in part"; }
# A spec of few columns and many bytes (an accent combined 60 times takes
# no column) is cut at a whole character, with '~', and padded: the row
# was cut by its buffer's bytes, inside a character, and not padded.
acc=$(python3 -c 'import sys; sys.stdout.buffer.write(("e" + "\u0301" * 60).encode())')
LC_ALL=C.UTF-8 "$ls" arena --players "cmd:./$acc,greedy,random" --matches 1 --tables 0 \
    >"$tmp/acc" 2>/dev/null || fail "a command with 60 accents"
grep -qE "^[123] +e_+ +cmd:\./e($(printf '\314\201'))*~ " "$tmp/acc" && aligned "$tmp/acc" rating 5 ||
    { cat "$tmp/acc"; fail "a spec of many bytes in few columns is not cut at a character and padded"; }
# The heads-up table's columns are as wide as their names: cut to 9,
# collector and collector2 were two columns headed 'collector'.
"$ls" arena --players collector,collector,random --matches 1 --tables 0 --seed 1 >"$tmp/table" ||
    fail "collector twice"
sed -n '/^heads-up:/,/^$/p' "$tmp/table" | sed -n 2p | grep -qE '^ +collector +collector2 +random$' ||
    { cat "$tmp/table"; fail "the heads-up table's headings are cut"; }
sed -n '/^heads-up:/,/^$/p' "$tmp/table" | sed -n 3,5p | grep -qvE '^[a-z0-9]+ +(-|[0-9.]+%) +(-|[0-9.]+%) +(-|[0-9.]+%)$' &&
    { cat "$tmp/table"; fail "a heads-up row is out of shape"; }

# A count of 100000 matches or more widens its column, heading and all:
# '50003/100000 50.0%' is wider than the 17 columns that held it, and
# pushed the rest of its row out of line.
"$ls" arena --players random,random --matches 100000 --tables 0 --threshold 1 --hand-size 3 \
    >"$tmp/wide" || fail "100000 heads-up matches"
python3 - "$tmp/wide" <<'PY' || { cat "$tmp/wide"; fail "a wide count's column is out of line"; }
import re, sys
lines = open(sys.argv[1]).read().splitlines()
i = next(k for k, l in enumerate(lines) if l.startswith("rank "))
head = lines[i]
ends = [head.index(h) + len(h) for h in ("rating", "95% CI", "heads-up won", "tables won")]
for row in lines[i + 1:i + 3]:
    m = re.search(r" (\d+) +(\d+-\d+) +(\d+/100000 [\d.]+%) +(-)$", row)
    assert m, row
    assert [m.end(k) for k in range(1, 5)] == ends, (row, [m.end(k) for k in range(1, 5)], ends)
PY

# A kind of match not played (--tables 0, --matches 0) is '-' in its
# column: it was '0/0 0.0%', which read as none won.
"$ls" arena --players greedy,random --matches 2 --tables 0 >"$tmp/notab" || fail "--tables 0"
grep -qE '^[12] +greedy +greedy +[0-9]+ +[0-9]+-[0-9]+ +[0-9]+/2 [0-9.]+% +-$' "$tmp/notab" ||
    { cat "$tmp/notab"; fail "--tables 0: the tables column is not '-'"; }
"$ls" arena --players greedy,random,cautious --matches 0 --tables 2 --table-size 3 >"$tmp/nohu" ||
    fail "--matches 0"
grep -qE '^[123] +greedy +greedy +[0-9]+ +[0-9]+-[0-9]+ +- +[0-9]+/2 [0-9.]+%$' "$tmp/nohu" ||
    { cat "$tmp/nohu"; fail "--matches 0: the heads-up column is not '-'"; }

# The same seed with 1 or 2 threads: the same results, the expert included.
for t in 1 2; do
    "$ls" arena --players expert:iters=60,greedy,reckless,shedder --matches 2 \
        --tables 4 --seed 9 --threads "$t" --calibration --json >"$tmp/t$t"
done
cmp -s "$tmp/t1" "$tmp/t2" || { diff "$tmp/t1" "$tmp/t2"; fail "threads change results"; }
python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert len(d["calibration"]) == 1 and d["calibration"][0]["player"] == "expert"
c = d["calibration"][0]["bins"]
assert len(c) == 10 and sum(b["decisions"] for b in c) > 0, c
for b in c:
    assert b["correct"] <= b["decisions"] and b["declared"] <= b["decisions"], b
    if b["decisions"]:
        assert b["from"] <= b["mean_estimate"] <= b["to"], b' "$tmp/t1" || fail "calibration"
"$ls" arena --players expert:iters=60,greedy,reckless,shedder --matches 2 \
    --tables 4 --seed 10 --json >"$tmp/t3"
cmp -s "$tmp/t1" "$tmp/t3" && fail "the seed changes nothing"

# A cmd: bot plays its pairings; it is named after its program.
"$ls" arena --players "greedy,cmd:python3 $root/examples/bots/greedy.py" --matches 2 \
    --json >"$tmp/bot.json" 2>"$tmp/bot.err" || { cat "$tmp/bot.err"; fail "bot"; }
grep -q '"name": "greedy_py"' "$tmp/bot.json" || fail "bot name"
grep -q '"bot_failures": 0' "$tmp/bot.json" || { cat "$tmp/bot.err"; fail "bot failures"; }

# A comma inside the quotes of a cmd: command stays in the command, as in
# sim (--players split at every comma, and the bot got '1 instead).
cat >"$tmp/argv.py" <<PY
import runpy, sys
with open(sys.argv[1], "w") as f:
    f.write("|".join(sys.argv[2:]))
sys.argv = sys.argv[:1]
runpy.run_path("$root/examples/bots/greedy.py", run_name="__main__")
PY
"$ls" arena --players "cmd:python3 $tmp/argv.py $tmp/argv.out '1,2' \"a,b\"",greedy --matches 1 \
    >"$tmp/quoted.txt" 2>"$tmp/quoted.err" || { cat "$tmp/quoted.err"; fail "a quoted comma in a cmd: command"; }
[ "$(cat "$tmp/argv.out")" = '1,2|a,b' ] || fail "the bot's arguments: $(cat "$tmp/argv.out")"
grep -q "^[12]  *argv_py " "$tmp/quoted.txt" || { cat "$tmp/quoted.txt"; fail "a quoted comma: the bot's row"; }
[ -s "$tmp/quoted.err" ] && { cat "$tmp/quoted.err"; fail "a quoted comma: the bot failed"; }
rc=0
"$ls" arena --players "cmd:python3 $tmp/argv.py x 1,2",greedy --matches 1 >/dev/null 2>"$tmp/err" || rc=$?
[ "$rc" -eq 2 ] && grep -q "^leastscore arena: '2' after 'cmd:python3 .*/argv.py x 1' in the --players list is no player: a comma in a cmd: command is kept when the command quotes it" \
    "$tmp/err" || { cat "$tmp/err"; fail "an unquoted comma in a command: exit $rc"; }

# A spec that is not UTF-8 is in --json, quoted printable (it was left out),
# and the table shows no raw control byte.
odd=$(printf 'cmd:printf x\377\033[31m')
"$ls" arena --players "greedy,$odd" --matches 1 --json >"$tmp/odd.json" 2>/dev/null ||
    fail "a command with odd bytes"
python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert sorted(p.get("spec") for p in d["players"]) == ["cmd:printf x\\xff\\x1b[31m", "greedy"], d' \
    "$tmp/odd.json" || { cat "$tmp/odd.json"; fail "--json lost the spec of an odd command"; }
"$ls" arena --players "greedy,$odd" --matches 1 >"$tmp/odd.txt" 2>&1 || fail "odd command (table)"
LC_ALL=C grep -q "$(printf '[\033\377]')" "$tmp/odd.txt" &&
    { cat -v "$tmp/odd.txt"; fail "a raw control byte reached the table or stderr"; }

# Memory: the expert's calibration counts (3.8 KiB a match) are kept only
# with --calibration: 20000 matches of random players took 83 MiB, now
# under 40. Not under the sanitizers, whose memory is their own. A count
# that cannot fit is refused before the first match, with the figures.
if [ "${LS_SANITIZED:-0}" != 1 ]; then
    mib=$(python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)' \
        "$ls" arena --players random,random --matches 20000 --seed 3) || fail "20000 matches"
    [ "$mib" -lt 40 ] || fail "20000 matches of random players took $mib MiB"
fi
if [ "$(awk '/^MemTotal:/ { print int($2 / 1048576) }' /proc/meminfo)" -lt 140 ]; then
    sixteen=random$(printf ',random%.0s' 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15)
    rc=0
    "$ls" arena --players "$sixteen" --matches 10000000 >"$tmp/out" 2>"$tmp/err" || rc=$?
    [ "$rc" -eq 1 ] || fail "16 players, --matches 10000000: exit $rc, not 1"
    grep -q "^leastscore arena: 1280000000 matches: their results are kept until the end, .* give fewer with --matches (a pairing's) and --tables$" \
        "$tmp/err" || { cat "$tmp/err"; fail "--matches 10000000: message"; }
fi

# A bot that dies is reported on stderr, match by match, with the table's
# count of failures; the fallback plays its seat, so every match is played.
"$ls" arena --players "greedy,cmd:python3 $root/tests/bots/crash.py" --matches 2 --seed 4 \
    >"$tmp/crash.out" 2>"$tmp/crash.err" || { cat "$tmp/crash.err"; fail "a dying bot failed the arena"; }
for m in 1 2; do
    grep -q "^match $m, round 1, turn [12]: crash_py (bot 'python3 .*crash.py'): died (exit status 3); the fallback plays for it" \
        "$tmp/crash.err" || { cat "$tmp/crash.err"; fail "match $m: the dead bot is not reported"; }
done
grep -q '^2 bot failures (see stderr)$' "$tmp/crash.out" || { cat "$tmp/crash.out"; fail "bot failures not counted"; }
# Every failure of a match is named, the player as the table names it,
# first, in the order they happened (the handshake's in seat order): two
# entries of one command that failed at the handshake were both "bot
# 'true'", the table naming them true and true2; and only a match's first
# failure was named, "(and more)" after it. Match 1 seats true first,
# match 2 true2 (seats alternate).
"$ls" arena --players cmd:true,cmd:true --matches 2 --tables 0 >"$tmp/two.out" 2>"$tmp/two.err" ||
    { cat "$tmp/two.err"; fail "two entries of one command failed the arena"; }
died="died before the handshake (exit status 0), without a word (is the bot started in the background, with '&'? the referee must start it itself, in the foreground); the fallback plays for it until the match ends"
printf '%s\n' "match 1, at the handshake: true (bot 'true'): $died" "match 1, at the handshake: true2 (bot 'true'): $died" \
    "match 2, at the handshake: true2 (bot 'true'): $died" "match 2, at the handshake: true (bot 'true'): $died" >"$tmp/two.want"
diff "$tmp/two.want" "$tmp/two.err" || fail "two entries of one command: not every failure is named, apart"
# --json lists the same failures as objects (it only counted them).
"$ls" arena --players cmd:true,cmd:true --matches 2 --tables 0 --json >"$tmp/a.json" 2>/dev/null ||
    fail "two entries of one command, --json"
py 'import json,sys
d = json.load(open(sys.argv[1]))
died = "died before the handshake (exit status 0), without a word (is the bot started in the background, with \x27&\x27? the referee must start it itself, in the foreground); the fallback plays for it until the match ends"
want = [{"match": m, "at": "handshake", "round": 0, "turn": 0, "failure": k, "player": p, "bot": "true", "reason": died}
        for m, k, p in ((1, 1, "true"), (1, 2, "true2"), (2, 1, "true2"), (2, 2, "true"))]
assert d["bot_failures"] == 4 and d["bot_failure_list"] == want, d["bot_failure_list"]' ||
    fail "arena --json: bot_failure_list is not every failure, as objects"
# A bot that fails in every match: the first 100 failures in full, then
# one line counting the rest, and --json the same first 100. On 2 threads
# a bot that exits at once was told, about once in 30 matches, as "died
# before the handshake (exit status 0), and a process it started holds
# its output open": the next bot's child, started by the other thread,
# held a copy of its output from its fork to its exec.
"$ls" arena --players greedy,cmd:true --matches 130 --threads 2 --json >"$tmp/a.json" 2>"$tmp/many.err" ||
    { cat "$tmp/many.err"; fail "a bot failing in every match failed the arena"; }
! grep "holds its output open" "$tmp/many.err" || fail "a bot that exited was told as held open"
[ "$(grep -c "^match [0-9]*, at the handshake: true (bot 'true'): $died\$" "$tmp/many.err")" = 100 ] ||
    { head "$tmp/many.err"; fail "not the first 100 failures in full"; }
[ "$(sed -n '101,$p' "$tmp/many.err")" = "30 more bot failures, in 30 matches up to match 130, not listed: the first 100 are" ] ||
    { tail -3 "$tmp/many.err"; fail "the failures past the first 100 are not counted on one line"; }
py 'import json,sys
d = json.load(open(sys.argv[1]))
l = d["bot_failure_list"]
assert d["bot_failures"] == 130 and len(l) == 100, (d["bot_failures"], len(l))
assert [f["match"] for f in l] == list(range(1, 101)), l' || fail "arena --json: not the first 100 failures"
python3 - "$tmp/crash.out" <<'PY' || { cat "$tmp/crash.out"; fail "the two matches were not both played"; }
import re, sys
rows = [re.search(r" (\d+)/(\d+) +[\d.]+% +-$", l) for l in open(sys.argv[1]) if re.match(r"^\d+ {2,}", l)]
assert len(rows) == 2 and all(rows), rows
assert sum(int(r.group(1)) for r in rows) == 2 and all(int(r.group(2)) == 2 for r in rows), rows
PY
# A bot holds its stdin, stdout and stderr and no other descriptor: fds.py
# exits with status 3 naming any other one open. It was given those the
# referee was started with (here 9, /dev/null).
"$ls" arena --players "cmd:python3 $root/tests/bots/fds.py,cmd:python3 $root/tests/bots/fds.py" \
    --matches 4 --threads 2 --tables 0 --json >"$tmp/fds.json" 2>"$tmp/fds.err" 9</dev/null ||
    { cat "$tmp/fds.err"; fail "arena (fds.py)"; }
python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert d["bot_failures"] == 0, d["bot_failure_list"]' "$tmp/fds.json" ||
    { cat "$tmp/fds.err"; fail "a bot was given a descriptor beyond its stdin, stdout and stderr"; }

# --calibration as a table: one row per tenth of the estimate, the
# decisions adding up, every observed share a percentage.
"$ls" arena --players expert:iters=30,greedy --matches 4 --seed 4 --calibration >"$tmp/cal.txt" ||
    fail "--calibration table"
grep -q '^calibration of expert: its estimate that declaring is correct' "$tmp/cal.txt" ||
    { cat "$tmp/cal.txt"; fail "no calibration table"; }
python3 - "$tmp/cal.txt" <<'PY' || fail "calibration rows"
import re, sys
rows = [l.split() for l in open(sys.argv[1]) if re.match(r"^0\.\d-[01]\.\d ", l)]
assert [r[0] for r in rows] == ["%.1f-%.1f" % (b / 10, (b + 1) / 10) for b in range(10)], rows
assert sum(int(r[1]) for r in rows) > 0, rows
for r in rows:
    assert 0 <= float(r[3].rstrip("%")) <= 100 and int(r[-2]) <= int(r[1]), r
PY

# A seed is unsigned 64-bit and printed as given.
"$ls" arena --players greedy,random --matches 1 --seed 18446744073709551615 --json \
    >"$tmp/seed.json" || fail "the largest seed"
grep -q '"seed": 18446744073709551615,' "$tmp/seed.json" || { cat "$tmp/seed.json"; fail "seed printed"; }

# Bad options: exit status 2 and a message naming the problem.
bad() {
    want=$1; shift
    set +e
    "$ls" arena "$@" >/dev/null 2>"$tmp/err"; rc=$?
    set -e
    [ "$rc" -eq 2 ] || fail "arena $* exited $rc, not 2"
    grep -q "leastscore arena: .*$want" "$tmp/err" || { cat "$tmp/err"; fail "arena $*: message"; }
}
bad 'give 2' --players greedy
bad "--seed: '-5' is not a whole number from 0 to 2^64 - 1" --players greedy,random --seed -5
bad "unknown player kind 'bogus'" --players greedy,bogus
bad "counter; or cmd:COMMAND, a program playing by the bot protocol" --players greedy,bogus
bad "'cmd' needs its command after a colon" --players greedy,cmd
bad 'iters=0' --players expert:iters=0,greedy
# A spec that makes no player names the option it came in ('unknown
# player kind' alone did not say where), and one player alone is named
# (it said 'give 2..16 players' whatever was given); a player typed bare
# is said to go in --players (it was only an 'unexpected argument').
bad "--players: unknown player kind 'bogus'" --players greedy,bogus
bad "--player: greedy: declare=2 is not a number from 0 to 1" --players greedy --player greedy:declare=2
bad "--players names 1 player, 'greedy': give 2..16, e.g." --players greedy
bad "--player names 1 player, 'expert:iters=5': give 2..16" --player expert:iters=5
bad "unexpected argument 'greedy': players are given with --players, comma-separated (--players greedy,...)$" greedy expert
# What is said first is what was wrong (as in sim): a spec that makes no
# player before the count ("names 1 player, 'x'"), a list given to
# --player, a long option with one dash ("unknown option 'arena'").
first() { # TEXT WHY: the first line of the message is TEXT, whole
    head -1 "$tmp/err" | grep -qxF "$1" || { cat "$tmp/err"; fail "$2: the first message"; }
}
bad "--player: unknown player kind 'x'; " --player x
head -1 "$tmp/err" | grep -q "^leastscore arena: --player: unknown player kind 'x'; " ||
    { cat "$tmp/err"; fail "--player x: the first message"; }
bad "is a list of 2" --player greedy,random
first "leastscore arena: --player takes one player's spec, and 'greedy,random' is a list of 2: did you mean '--players greedy,random'?" \
    "--player LIST"
bad "is a list of 2" --player "greedy, random"
first "leastscore arena: --player takes one player's spec, and 'greedy, random' is a list of 2: did you mean '--players greedy,random'?" \
    "--player LIST with a blank"
bad "unknown option" -players greedy,random
first "leastscore arena: unknown option '-players': did you mean '--players'?" "-players"
# Nothing to play says why: with two players there are no mixed tables,
# and an unset --tables follows --matches (both said '--matches and
# --tables are 0', --tables never given).
bad 'nothing to play: --matches is 0, and 2 players have no mixed tables (they need 3 players or more)' \
    --players greedy,random --matches 0
bad 'nothing to play: --matches is 0, and so is --tables, which is --matches x players / 2 unless given' \
    --players greedy,random,cautious --matches 0
bad 'nothing to play: --matches and --tables are 0' --players greedy,random,cautious --matches 0 --tables 0
bad '--tables needs at least 3' --players greedy,random --tables 5
bad "--table-size: '9' is not a whole number from 3 to 8" --players greedy,random,shedder --table-size 9
bad '--table-size 8: a mixed table seats different players, and 3 are given' --players greedy,random,shedder --table-size 8
bad "--matches: '-1' is not a whole number from 0 to 10000000" --players greedy,random --matches -1
bad "--threads: 'x' is not a whole number from 1 to 1024" --players greedy,random --threads x
bad '--threshold' --players greedy,random --threshold 0
bad "unknown option '--frobnicate'" --players greedy,random --frobnicate
bad '--matches needs a value' --players greedy,random --matches
bad "unexpected argument 'extra'" --players greedy,random extra
bad "at most 16 players: 'h' would be the 17th" --players g,g,g,g,g,g,g,g,g,g,g,g,g,g,g,g,h
bad 'more than 52\|players' --players greedy,random,shedder,reckless,cautious,counter,collector,expert --table-size 8 --hand-size 7
# A spec that names no player says which option and what it takes (it
# said only "an empty player spec"; --player ' ' was an unknown kind ' ').
kinds='the kinds are: random, greedy, expert, cautious, reckless, collector, shedder, counter; or cmd:COMMAND, a program playing by the bot protocol$'
bad "--player '' is empty: it names no player; $kinds" --players greedy --player ''
bad "--player ' ' is blanks alone: it names no player; $kinds" --players greedy --player ' '
bad "the --players list '' is empty: it names no player; $kinds" --players ''
bad "piece 1 of the --players list ',greedy' is empty (two commas in a row, or one at an end); $kinds" \
    --players ,greedy
# Asked for with two players, where there are no mixed tables, the size
# is refused too (it was ignored without a word).
bad '--table-size 3: a mixed table seats different players, and 2 are given' --players greedy,random --table-size 3
# ... nor with --tables 0, where it was ignored too.
bad '--table-size 3 with --tables 0: there are no mixed tables to seat' --players greedy,random,shedder --tables 0 --table-size 3
# --calibration with no expert to measure is refused (it did nothing).
rc=0
"$ls" arena --players greedy,random,cautious --matches 1 --calibration >"$tmp/out" 2>"$tmp/err" || rc=$?
[ "$rc" -eq 2 ] && [ ! -s "$tmp/out" ] || fail "--calibration without an expert: exit $rc"
grep -q "^leastscore arena: --calibration measures an expert's estimate that declaring is correct, and no player is an expert (expert, expert:...)$" \
    "$tmp/err" || { cat "$tmp/err"; fail "--calibration without an expert: message"; }
# An empty piece of a list is an error, not skipped: the seats would shift.
bad "piece 2 of the --players list 'greedy,,random' is empty" --players greedy,,random
bad "piece 1 of the --players list ',greedy,random' is empty" --players ,greedy,random
bad "piece 3 of the --players list 'greedy,random,' is empty" --players greedy,random,
# A kind with a colon and no parameters after it, or a parameter list
# that ends with a comma, is an error (it played with the defaults).
bad "'greedy:' has nothing after its colon: the kind alone, or NAME=VALUE after it (parameters: declare, lookahead, bias, near, at, samples)" --players greedy:,random
bad "'expert:iters=3,' ends with a comma: NAME=VALUE missing after it (parameters: iters, ms," --players random --player expert:iters=3,
# A cmd: player is checked up front as sim checks it: one limit on the
# command, a usage error before any match.
long=$(python3 -c 'print("x" * 256)')
bad 'cmd: needs a command of 1..255 characters (this one has 256)' --players "greedy,cmd:$long"
bad 'cmd: needs a command of 1..255 characters (this one has 0)' --players greedy,cmd:
bad 'cmd: needs a command of 1..255 characters (this one has 3, all blanks)' --players "greedy,cmd:   "
long=$(python3 -c 'print("x" * 400)')
bad 'a player spec has at most 299 characters; this one has 404' --players "greedy,cmd:$long"
echo "arena ok"
