#!/bin/sh
# replay.sh - end-to-end tests of `leastscore replay` (run by tools/run-e2e.sh
# with $LEASTSCORE naming the binary): the text summary and the JSON of the
# sample records in tests/data/ (a match in progress with the command that
# goes on with it), an invalid record's `FILE:LINE: message`
# and exit 1 (a control character in FILE's name escaped), stdin through
# `-`, the standings by place (a tie shares one), usage errors (exit 2)
# and --help.
set -u

root=$(cd "$(dirname "$0")/../.." && pwd)
data="$root/tests/data"
bin=${LEASTSCORE:?set LEASTSCORE to the leastscore binary}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
    echo "FAIL: $*"
    for f in out err; do
        [ -s "$tmp/$f" ] && { echo "--- std$f:"; cat "$tmp/$f"; }
    done
    exit 1
}

# run EXPECTED-STATUS ARGS...: runs the binary, stdout to $tmp/out, stderr
# to $tmp/err, and checks the exit status.
run() {
    want=$1
    shift
    "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    [ "$got" -eq "$want" ] || fail "leastscore $* exited $got, expected $want"
}

# has FILE TEXT: FILE (out or err) contains the line fragment TEXT.
has() {
    grep -qF -- "$2" "$tmp/$1" || fail "std$1 has no '$2'"
}

# json PYTHON-ASSERTIONS: checks $tmp/out as JSON; `d` is the object.
json() {
    python3 -c "import json, sys
d = json.load(open(sys.argv[1]))
$1" "$tmp/out" || fail "JSON check failed: $1"
}

# A finished match: the R6 and R7 examples, then Cid wins.
run 0 replay "$data/finished.lsr"
has out "Players: Ann Bob Cid (threshold 25)"
has out "Round 1: Ann declared with 10, correct"
# A false declaration says why the declarer scores 22, in the terminal
# game's words (it said only "a false declaration").
has out "Round 2: Bob declared with 10, a false declaration: Cid had 8. Bob scores 20 + 2, the others 0."
has out "Bob hand  10  scores  +22  total   28  out"
has out "Round 3: Cid declared with 3, correct"
has out "1. Cid    7"
has out "Winner: Cid"
[ -s "$tmp/err" ] && fail "a valid record printed on stderr"

# A tie that the table's `tie penalty` makes false: 20 + 0, the tied
# hand named.
cat >"$tmp/tie.lsr" <<'EOF'
leastscore 1
option tie penalty
players Ann Bob

round
hand Ann 7H 8H 9H 4C 2C
hand Bob AS 3D 2H 2S KS
open 4S
Ann discard 7H 8H 9H take 4S
Bob discard KS draw 2D
Ann declare
EOF
run 0 replay "$tmp/tie.lsr"
has out "Round 1: Ann declared with 10, a false declaration: Bob had 10. Ann scores 20 + 0, the others 0."
has out "Ann hand  10  scores  +20  total   20"

run 0 replay --json "$data/finished.lsr"
json '
assert d["players"] == ["Ann", "Bob", "Cid"], d["players"]
r = d["rounds"]
assert [x["number"] for x in r] == [1, 2, 3]
assert r[0]["declarer"] == "Ann" and r[0]["correct"] is True
assert r[0]["hand_totals"] == {"Ann": 10, "Bob": 16, "Cid": 17}
assert r[0]["scores"] == {"Ann": 0, "Bob": 6, "Cid": 7}
assert r[0]["eliminated"] == []
assert r[1]["declarer"] == "Bob" and r[1]["correct"] is False
assert r[1]["scores"] == {"Ann": 0, "Bob": 22, "Cid": 0}
assert r[1]["totals"] == {"Ann": 0, "Bob": 28, "Cid": 7}
assert r[1]["eliminated"] == ["Bob"]
assert r[2]["hand_totals"] == {"Ann": 40, "Cid": 3}, "round 3 covers its players only"
assert r[2]["scores"] == {"Ann": 37, "Cid": 0}
assert r[2]["totals"] == {"Ann": 37, "Bob": 28, "Cid": 7}
assert r[2]["eliminated"] == ["Ann"]
assert d["finished"] is True and d["winner"] == "Cid"
assert d["to_move"] is None, "nobody is to move in a finished match"
# The places, as the standings of the text give them (it had none).
assert d.get("places") == [
    {"place": 1, "name": "Cid", "total": 7, "out_round": None},
    {"place": 2, "name": "Ann", "total": 37, "out_round": 3},
    {"place": 3, "name": "Bob", "total": 28, "out_round": 2}], d.get("places")
assert d["rules"] == {"threshold": 25, "tie": "declarer", "runs": "any", "hand_size": 5,
                      "declare_max": 0, "max_turns": 500}, d.get("rules")
'

# A match in progress: two rounds completed, the third cut short.
run 0 replay "$data/in-progress.lsr"
has out "Match in progress: round 3, Bob to move."
# ... then how to go on with it (a newcomer was told where the match
# stood, and not how to play it on), the path quoted for the shell; not
# for a record read from stdin, which play cannot resume, nor for a
# finished match.
tail -1 "$tmp/out" | grep -qxF "To go on with it: leastscore play --resume $data/in-progress.lsr (you play Ann)" ||
    fail "a match in progress does not end with the command that goes on with it"
cp "$data/in-progress.lsr" "$tmp/my game.lsr"
run 0 replay "$tmp/my game.lsr"
has out "To go on with it: leastscore play --resume '$tmp/my game.lsr' (you play Ann)"
"$bin" replay - <"$data/in-progress.lsr" >"$tmp/out" 2>"$tmp/err" || fail "replay - of a match in progress failed"
! grep -q "To go on" "$tmp/out" || fail "replay - offers to resume standard input"
run 0 replay "$data/finished.lsr"
! grep -q "To go on" "$tmp/out" || fail "replay offers to go on with a finished match"
run 0 replay --json "$data/in-progress.lsr"
json '
assert len(d["rounds"]) == 2
assert d["finished"] is False and d["winner"] is None
assert d["rounds"][1]["totals"] == {"Ann": 0, "Bob": 28, "Cid": 7}
assert d.get("to_move") == "Bob", "whose move it is: %r" % d.get("to_move")
assert [(p["place"], p["name"], p["out_round"]) for p in d["places"]] == \
    [(1, "Ann", None), (2, "Cid", None), (3, "Bob", None)], d["places"]
assert d["rules"]["threshold"] == 100
'
# Between rounds nobody is to move; the rules are the record's options,
# the declare limit among them. (The first two rounds of in-progress.lsr.)
{ echo "leastscore 1"; echo "option declare_max 12"; sed -n '/^players/,/^Bob declare$/p' "$data/in-progress.lsr"; } >"$tmp/between.lsr"
run 0 replay --json "$tmp/between.lsr"
json '
assert len(d["rounds"]) == 2 and d["finished"] is False
assert d["to_move"] is None, d["to_move"]
assert d["rules"]["declare_max"] == 12 and d["rules"]["threshold"] == 100, d["rules"]
'

# A max_turns showdown has no declarer.
cat >"$tmp/showdown.lsr" <<'EOF'
leastscore 1
option max_turns 3
players Ann Bob Cid
round
hand Ann 7H 8H 9H 4C 2C
hand Bob AS 3D 4D 6C KS
hand Cid QC QD 5H 6S 2D
open 4S
Ann discard 7H 8H 9H take 4S
Bob discard KS draw 2S
Cid discard QC QD draw 4H
EOF
run 0 replay --json "$tmp/showdown.lsr"
json '
r = d["rounds"][0]
assert r["declarer"] is None and r["correct"] is True
assert r["scores"] == {"Ann": 0, "Bob": 6, "Cid": 7}
'
run 0 replay "$tmp/showdown.lsr"
has out "Round 1: showdown after 3 turns, Ann lowest with 10"

# The example of docs/record-format.md is valid.
run 0 replay "$root/docs/example.lsr"

# An invalid record: exit 1, exactly one line on stderr, nothing on stdout;
# the line says FILE:LINE:COLUMN, the column the byte the wrong token
# starts at ('Bob discard KS take 9C': 9C), as compilers do.
run 1 replay "$data/bad-take.lsr"
[ "$(cat "$tmp/err")" = "$data/bad-take.lsr:9:21: Bob cannot take 9C: the open cards are 7H 8H 9H" ] ||
    fail "wrong error line"
[ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "more than one line on stderr"
[ -s "$tmp/out" ] && fail "an invalid record printed on stdout"
run 1 replay --json "$data/bad-take.lsr"
has err "bad-take.lsr:9:21: Bob cannot take 9C"

printf 'leastscore 1\nplayers Ann Bob Cid\nround\nhand Ann 7H\n' >"$tmp/short.lsr"
run 1 replay "$tmp/short.lsr"
has err "short.lsr:4:12: Ann's hand has 1 card: each player is dealt 5"
# A tab is one column; what is missing when the record ends has none.
printf 'leastscore 1\noption\tthreshold\t0\n' >"$tmp/tab.lsr"
run 1 replay "$tmp/tab.lsr"
has err "tab.lsr:2:18: option threshold: '0' is not a whole number from 1 to 1000"
# A rule's value the engine refuses is said as the record's other errors
# and the command line's rules options are: the option, the value, what
# it may be. It was the engine's own words ('hand_size must be from 3 to
# 7, not '9''), the value last. A line ended by a CR alone counts.
for o in "threshold 5000|a whole number from 1 to 1000 (usually 25, 50 or 100)" \
         "hand_size 9|a whole number from 3 to 7" "tie maybe|'declarer' or 'penalty'" \
         "runs 3|'any' or 'suited'" "declare_max 71|a whole number from 0 to 70 (0: no limit)" \
         "max_turns 0|a whole number from 1 to 100000"; do
    set -- ${o%%|*}
    printf 'leastscore 1\roption %s %s # a comment\rplayers Ann Bob\r' "$1" "$2" >"$tmp/rule.lsr"
    run 1 replay "$tmp/rule.lsr"
    [ "$(cat "$tmp/err")" = "$tmp/rule.lsr:2:$((9 + ${#1})): option $1: '$2' is not ${o#*|}" ] ||
        { cat "$tmp/err"; fail "option $1 $2: not worded as the record's errors are"; }
done
printf 'leastscore 1\noption tie \033]0;x\007\nplayers Ann Bob\n' >"$tmp/rule.lsr"
run 1 replay "$tmp/rule.lsr"
has err "rule.lsr:2:12: option tie: '\\x1b]0;x\\x07' is not 'declarer' or 'penalty'"
printf 'leastscore 1\n# nothing more\n' >"$tmp/ends.lsr"
run 1 replay "$tmp/ends.lsr"
[ "$(cat "$tmp/err")" = "$tmp/ends.lsr:2: the record ends before the players line" ] ||
    { cat "$tmp/err"; fail "an error at the end has no column"; }

# Standard input through `-`, named <stdin> in errors.
"$bin" replay - <"$data/finished.lsr" >"$tmp/out" 2>"$tmp/err" || fail "replay - failed"
has out "Winner: Cid"
"$bin" replay --json - <"$data/finished.lsr" >"$tmp/out" 2>"$tmp/err" ||
    fail "replay --json - failed"
json 'assert d["winner"] == "Cid"'
"$bin" replay - <"$data/bad-take.lsr" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] || fail "an invalid record on stdin did not exit 1"
[ "$(cat "$tmp/err")" = "<stdin>:9:21: Bob cannot take 9C: the open cards are 7H 8H 9H" ] ||
    fail "wrong error line for stdin"

# Usage errors exit 2 and say what was wrong.
run 2 replay
has err "missing FILE"
run 2 replay --yaml "$data/finished.lsr"
has err "unknown option '--yaml'"
run 2 replay "$data/finished.lsr" "$data/in-progress.lsr"
has err "one FILE only"
run 2 replay "$tmp/no-such-file.lsr"
has err "cannot read '$tmp/no-such-file.lsr'"
# An empty FILE is a usage error, as an empty --record or --resume is in
# play (it was "cannot read '': No such file or directory").
run 2 replay ''
has err "replay: FILE needs a file name, not an empty one"
has err "Run 'leastscore replay --help' for usage."

# Issue 12: a NUL byte in a comment is an error; control bytes from the
# file are escaped in the message.
printf 'leastscore 1 # a \000 b\nplayers Ann Bob\n' >"$tmp/nul.lsr"
run 1 replay "$tmp/nul.lsr"
has err "nul.lsr:1:18: a NUL byte at column 18: a record is text"
printf 'leastscore 1\nplayers Ann B\033]0;pwned\007\033[2J\n' >"$tmp/esc.lsr"
run 1 replay "$tmp/esc.lsr"
has err "esc.lsr:2:13: bad player name 'B\\x1b]0;pwned\\x07\\x1b[2J'"
[ -z "$(tr -d '\n -~' <"$tmp/err")" ] || fail "a control byte reached stderr"

# A file that is no regular one is refused at once with play --resume's
# words: a named pipe with no writer waited for ever, a device was read
# (/dev/zero up to the size limit), a directory was only 'Is a directory'.
# A pipe is read through '-'.
mkfifo "$tmp/pipe.lsr"
mkdir "$tmp/dir.lsr"
# Only a pipe is told how to read one (a directory and a device were too);
# a directory names the newest record in it (a player who names the games
# directory means one of them), or says it holds none.
for k in "$tmp/pipe.lsr:a named pipe (FIFO):a game record is a regular file (to read a pipe, give FILE '-' and pipe it to standard input)" \
         "$tmp/dir.lsr:a directory:a game record is a regular file (it holds no .lsr file)" \
         "/dev/zero:a device:a game record is a regular file"; do
    f=${k%%:*} kind=${k#*:}
    kind=${kind%%:*} rest=${k##*:}
    timeout 30 "$bin" replay "$f" >"$tmp/out" 2>"$tmp/err"
    got=$?
    [ "$got" -eq 2 ] || fail "replay $f ($kind): exit $got, not 2"
    [ "$(cat "$tmp/err")" = "leastscore replay: '$f' is $kind; $rest" ] ||
        fail "replay $f: not refused as $kind"
    [ -s "$tmp/out" ] && fail "replay $f: output on stdout"
done
mkdir "$tmp/games"
cp "$root/docs/example.lsr" "$tmp/games/old.lsr"
cp "$root/docs/example.lsr" "$tmp/games/new.lsr"
printf 'x\n' >"$tmp/games/newest.txt"
mkdir "$tmp/games/newer.lsr"
touch -d '2020-01-01 00:00' "$tmp/games/old.lsr"
run 2 replay "$tmp/games/"
[ "$(cat "$tmp/err")" = "leastscore replay: '$tmp/games/' is a directory; a game record is a regular file, such as the newest one in it, '$tmp/games/new.lsr'" ] ||
    fail "replay of a directory of records: the newest not named"
# A directory on standard input is said to be one, as a FILE is.
"$bin" replay - <"$tmp/dir.lsr" >"$tmp/out" 2>"$tmp/err"
got=$?
[ "$got" -eq 2 ] && [ "$(cat "$tmp/err")" = "leastscore replay: '<stdin>' is a directory, not a game record" ] ||
    fail "replay - < a directory: exit $got"
cat "$root/docs/example.lsr" | "$bin" replay - >"$tmp/out" 2>"$tmp/err" || fail "replay of a pipe on stdin"
"$bin" replay "$root/docs/example.lsr" >"$tmp/file-out"
cmp -s "$tmp/out" "$tmp/file-out" || fail "replay of a pipe on stdin printed another summary"

# An endless input is not read to its end: past 64 MiB replay stops and
# says so (it read /dev/zero or `yes |` until the memory ran out). 70 MB of
# comments stand for it here.
yes '# a comment' | head -c 70000000 | "$bin" replay - >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] || fail "replay of 70 MB on stdin did not exit 2"
[ "$(cat "$tmp/err")" = "leastscore replay: cannot read '<stdin>': it gave more than the 64 MiB (67108864 bytes) of any game record; reading stopped there" ] ||
    fail "wrong message for a 70 MB input"

# A file over the limit is refused by its size, before it is read (a 75 MB
# file was read whole, then 128 MiB of a longer one, before the refusal),
# and the message names the file, its size and the limit; the same for
# play --resume. A pipe that never ends is read one byte past the limit,
# not further (128 MiB were read before). Peak memory is the evidence:
# the file is sparse (200 MB, no disk used), its reading would take more.
python3 - "$bin" "$tmp" "$root" <<'PY' || fail "a record over the limit"
import resource, subprocess, sys
ls, tmp = sys.argv[1], sys.argv[2]
path = f"{tmp}/huge.lsr"
with open(path, "wb") as f:
    f.truncate(200_000_000)
for args, want in (
        (["replay", path], f"leastscore replay: cannot read '{path}': it has 200000000 bytes, "
                           "more than the 64 MiB (67108864 bytes) of any game record\n"),
        (["play", "--plain", "--resume", path],
         f"leastscore play: --resume: cannot read {path}: it has 200000000 bytes, "
         "more than the 64 MiB (67108864 bytes) of any game record\n")):
    r = subprocess.run([ls] + args, capture_output=True, text=True, input="quit\n", timeout=60)
    if r.returncode != 2 or r.stderr != want or r.stdout:
        sys.exit(f"{args[0]} of a 200 MB file: status {r.returncode}, stderr {r.stderr!r}")
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss >> 10
if peak >= 64:
    sys.exit(f"a 200 MB file was read before it was refused: {peak} MiB at the peak")
# An endless pipe: count what replay took from it before it closed it (a
# pipe holds 64 KiB more).
p = subprocess.Popen([ls, "replay", "-"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                     stderr=subprocess.PIPE)
chunk, sent = b"# a comment\n" * 87382, 0
try:
    while sent < 300 << 20:
        p.stdin.write(chunk)
        sent += len(chunk)
except BrokenPipeError:
    pass
err = p.stderr.read().decode()
p.wait(timeout=60)
if sent >= (66 << 20) or "reading stopped there" not in err:
    sys.exit(f"an endless pipe: {sent} bytes taken before the refusal ({err!r})")
# At the limit: a record of exactly 64 MiB (the example and comments) is
# read, from a file and from a pipe; one byte more is not.
with open(f"{sys.argv[3]}/docs/example.lsr", "rb") as f:
    text = f.read()
text += b"#" * ((64 << 20) - len(text) - 1) + b"\n"
for extra, status in ((b"", 0), (b"#", 2)):
    with open(path, "wb") as f:
        f.write(text + extra)
    for args, feed in ((["replay", path], None), (["replay", "-"], text + extra)):
        r = subprocess.run([ls] + args, input=feed, capture_output=True, timeout=60)
        if r.returncode != status:
            sys.exit(f"{args} of {len(text + extra)} bytes: status {r.returncode}, {r.stderr!r}")
PY

# A file's name with a control character (here the start of an escape
# sequence) or a byte that is not UTF-8 is printed with that byte as \xNN,
# as a cmd: command is: it reached the terminal raw. A UTF-8 name is
# printed as it is.
esc=$(printf 'a\033[31mb\377')
printf 'junk\n' >"$tmp/$esc.lsr"
run 1 replay "$tmp/$esc.lsr"
has err "$tmp/a\\x1b[31mb\\xff.lsr:1:1: not a Least Score record"
run 2 replay "$tmp/no$esc.lsr"
has err "cannot read '$tmp/noa\\x1b[31mb\\xff.lsr': No such file"
printf 'junk\n' >"$tmp/été.lsr"
run 1 replay "$tmp/été.lsr"
has err "$tmp/été.lsr:1:1: not a Least Score record"

# Records edited by hand. One card changed in the middle: the error names
# the line, the column of the card and the move's player.
sed '23s/9D take/9H take/' "$root/docs/example.lsr" >"$tmp/card.lsr"
run 1 replay "$tmp/card.lsr"
[ "$(cat "$tmp/err")" = "$tmp/card.lsr:23:16: 9H is not in Cid's hand" ] || fail "a card changed in line 23"
sed '14s/draw 4H/draw 4S/' "$root/docs/example.lsr" >"$tmp/draw.lsr"
run 1 replay "$tmp/draw.lsr"
[ "$(cat "$tmp/err")" = "$tmp/draw.lsr:14:24: Cid cannot draw 4S: it is in Ann's hand" ] || fail "a draw changed in line 14"
# Windows line ends and a UTF-8 byte order mark, as a Windows editor saves
# a record: replay (a file, standard input, --json) reads it as the record
# it was, and play --resume goes on with it, its levels read.
"$bin" replay "$root/docs/example.lsr" >"$tmp/lf.out" 2>&1 || fail "replay example.lsr"
"$bin" replay --json "$root/docs/example.lsr" >"$tmp/lf.json" 2>&1 || fail "replay --json example.lsr"
printf '\357\273\277' >"$tmp/win.lsr"
sed 's/$/\r/' "$root/docs/example.lsr" >>"$tmp/win.lsr"
run 0 replay "$tmp/win.lsr"
cmp -s "$tmp/out" "$tmp/lf.out" || fail "replay of a record with a BOM and CRLF differs"
"$bin" replay - <"$tmp/win.lsr" >"$tmp/out" 2>"$tmp/err" || fail "replay - of a BOM and CRLF"
cmp -s "$tmp/out" "$tmp/lf.out" || fail "replay - of a record with a BOM and CRLF differs"
run 0 replay --json "$tmp/win.lsr"
cmp -s "$tmp/out" "$tmp/lf.json" || fail "replay --json of a record with a BOM and CRLF differs"
printf 'leastscore 1\r\nplayers You Ada Ben\r\n# leastscore play, seed 5\r\n# level Ada random\r\n# level Ben greedy:declare=0.8\r\n' >"$tmp/winplay.lsr"
printf '\357\273\277' | cat - "$tmp/winplay.lsr" >"$tmp/bomplay.lsr"
for f in winplay bomplay; do
    printf 'quit\n' | HOME="$tmp" timeout 60 "$bin" play --plain --resume "$tmp/$f.lsr" >"$tmp/out" 2>"$tmp/err" ||
        fail "play --resume of $f.lsr: exit $?"
    has out "Least Score: You against Ada (random), Ben (greedy:declare=0.8)."
    has out "Resumed from $tmp/$f.lsr: round 1"
    run 0 replay "$tmp/$f.lsr"
done

# At a terminal, as a player sees it (tmux). A line wider than the
# terminal is broken at spaces, later rows indented, on stdout and on
# stderr: at 60 columns the players of a table of 8 long names, and an
# error, were cut in the middle of a word; in a pipe each stays one line.
# '-' with the terminal as stdin says what it waits for (it waited without
# a word), and Ctrl-D alone is an empty record.
. "$root/tests/e2e/lib/tmux.sh"
trap '$T kill-server 2>/dev/null || true; rm -rf "$tmp"' EXIT
"$bin" sim --players greedy,greedy,random,greedy,greedy,random,greedy,greedy --matches 1 \
    --threads 1 --seed 4 --records "$tmp/eight" >/dev/null || fail "sim for 8 players' record"
python3 - "$tmp/eight/match-000001.lsr" "$tmp/long8.lsr" <<'PY' || fail "the record of long names"
import sys
old = "greedy greedy2 random greedy3 greedy4 random2 greedy5 greedy6".split()
new = ["Alexandra_Smith1", "Bartholomew-Long", "Cleopatra_Queen7", "Dmitri_Ivanovich",
       "Evangeline_Rose9", "Fitzgerald_Scott", "Guinevere-Knight", "Humphrey_Bogart0"]
names = dict(zip(old, new))
lines = open(sys.argv[1]).read().split("\n")
assert lines[1] == "players " + " ".join(old), lines[1]
open(sys.argv[2], "w").write("\n".join(" ".join(names.get(w, w) for w in l.split(" ")) for l in lines))
PY
head -c 2000 "$tmp/long8.lsr" >"$tmp/cut8.lsr"
printf '#!/bin/sh\ncd "$1"\n"$2" replay long8.lsr\n"$2" replay cut8.lsr\necho "status $?"\n"$2" replay -\necho "stdin status $?"\nsleep 60\n' >"$tmp/term.sh"
$T new-session -d -s narrow -x 60 -y 50 "sh '$tmp/term.sh' '$tmp' '$bin'"
wait_for narrow "reading a record from the terminal"
# (-J joins the rows the terminal wrapped itself: such a row is then
# longer than 60 columns)
$T capture-pane -p -J -t narrow -S -3000 >"$tmp/screen"
python3 - "$tmp/screen" <<'PY' || screen_fail "a line at 60 columns is not broken at spaces"
import sys
rows = open(sys.argv[1]).read().split("\n")
names = ["Alexandra_Smith1", "Bartholomew-Long", "Cleopatra_Queen7", "Dmitri_Ivanovich",
         "Evangeline_Rose9", "Fitzgerald_Scott", "Guinevere-Knight", "Humphrey_Bogart0"]
top = [i for i, r in enumerate(rows) if r.startswith("Players: ")][0]
assert rows[top] == "Players: Alexandra_Smith1 Bartholomew-Long Cleopatra_Queen7", rows[top:top + 3]
assert rows[top + 1] == "  Dmitri_Ivanovich Evangeline_Rose9 Fitzgerald_Scott", rows[top + 1]
assert rows[top + 2] == "  Guinevere-Knight Humphrey_Bogart0 (threshold 100)", rows[top + 2]
for r in rows:
    assert len(r) <= 60, r
    for w in r.split():
        assert not any(n.startswith(w) and n != w for n in names), "a name cut: %r" % r
err = [i for i, r in enumerate(rows) if r.startswith("cut8.lsr:")][0]
assert len(rows[err]) > 40 and rows[err + 1].startswith("  "), rows[err:err + 3]
PY
on_screen "status 1" "replay of a cut record: not exit 1"
on_screen "leastscore replay: reading a record from the terminal: paste" "replay - at a terminal says nothing"
$T send-keys -t narrow C-d
wait_for narrow "stdin status 1"
on_screen "<stdin>:1: empty record" "replay - at a terminal, Ctrl-D: not an empty record"
$T kill-session -t narrow
"$bin" replay "$tmp/long8.lsr" >"$tmp/out" 2>"$tmp/err"
[ "$(grep -c '^Players: ' "$tmp/out")" = 1 ] && grep -q "^Players: .* Humphrey_Bogart0 (threshold 100)$" "$tmp/out" ||
    fail "in a pipe, the players' line is not one line"
"$bin" replay "$tmp/cut8.lsr" >"$tmp/out" 2>"$tmp/err"
[ "$(wc -l <"$tmp/err")" = 1 ] || fail "in a pipe, an error is not one line"
"$bin" replay - <"$tmp/long8.lsr" >"$tmp/out" 2>"$tmp/err"
[ -s "$tmp/err" ] && fail "replay - of a pipe said something on stderr"

# Two players out in the same round with the same score share a place,
# as the store, the browser and the terminal game's end give it (docs/
# store.md): it numbered them 2 and 3 by seat.
cat >"$tmp/tie.lsr" <<'EOF'
leastscore 1
option threshold 5
players Ann Bob Cid
round
hand Ann AS AD AC 2C 2D
hand Bob KS KD QS QD JS
hand Cid KC KH QC QH JC
open 3S
Ann discard 2D draw AH
Bob discard KS draw 3D
Cid discard KC draw 3C
Ann declare
EOF
run 0 replay "$tmp/tie.lsr"
grep -qxE "  1\. Ann +0" "$tmp/out" &&
    grep -qxE "  2\. Bob +37  \(out in round 1\)" "$tmp/out" &&
    grep -qxE "  2\. Cid +37  \(out in round 1\)" "$tmp/out" ||
    fail "two players out in round 1 with 37 do not share place 2"
run 0 replay --json "$tmp/tie.lsr"
json '
assert d["places"] == [
    {"place": 1, "name": "Ann", "total": 0, "out_round": None},
    {"place": 2, "name": "Bob", "total": 37, "out_round": 1},
    {"place": 2, "name": "Cid", "total": 37, "out_round": 1}], d["places"]
'

# --help.
run 0 replay --help
has out "usage: leastscore replay [--json] FILE"
run 0 replay -h
has out "--json"

echo "replay: all checks passed"
