#!/bin/sh
# cli.sh - the leastscore command itself: with no command or an unknown one
# it prints its usage and exits 2; --help, -h and help list the commands,
# help COMMAND is COMMAND --help; --version says the version; what was
# typed is quoted with control bytes escaped in a usage error; an output
# that cannot be written is a failure. And sim on a terminal: a progress bar on
# stderr that ends at every match played (driven in tmux).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
ls=${LEASTSCORE:-$root/build/leastscore}
tmp=$(mktemp -d)
T="tmux -S $tmp/sock -f /dev/null"
trap '$T kill-server 2>/dev/null || true; rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# status ARGS...: the exit status of the command, its output in $tmp/out
# and $tmp/err.
status() {
    rc=0
    "$ls" "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
    echo "$rc"
}

[ "$(status)" = 2 ] || fail "no command: not exit 2"
grep -q "^usage: leastscore COMMAND" "$tmp/err" || fail "no command: no usage on stderr"
[ -s "$tmp/out" ] && fail "no command: output on stdout"
[ "$(status frobnicate)" = 2 ] || fail "unknown command: not exit 2"
grep -q "unknown command 'frobnicate'" "$tmp/err" || fail "unknown command not named"
grep -q "did you mean" "$tmp/err" && fail "frobnicate: a command suggested"
# A command or an option one or two letters off is named: it was the
# whole usage, or 'unknown option' alone, with nothing to say what was meant.
[ "$(status pley)" = 2 ] || fail "pley: not exit 2"
grep -qx "leastscore: unknown command 'pley': did you mean 'play'?" "$tmp/err" ||
    { cat "$tmp/err"; fail "pley: 'play' not suggested"; }
[ "$(status replya x.lsr)" = 2 ] || fail "replya: not exit 2"
grep -qx "leastscore: unknown command 'replya': did you mean 'replay'?" "$tmp/err" ||
    { cat "$tmp/err"; fail "replya: 'replay' not suggested"; }
for c in "play --thresold 50:--threshold" "sim --mathces 3:--matches" \
         "arena --seeed 3:--seed" "replay --jsno x.lsr:--json" "bench --player=greedy --secnds 1:--seconds"; do
    set -- ${c%%:*}
    name=$1
    bad=$(for a in "$@"; do case $a in --thresold|--mathces|--seeed|--jsno|--secnds) echo "$a";; esac; done)
    [ "$(status "$@")" = 2 ] || fail "$*: not exit 2"
    grep -qx "leastscore $name: unknown option '$bad': did you mean '${c##*:}'?" "$tmp/err" ||
        { cat "$tmp/err"; fail "$*: '${c##*:}' not suggested"; }
done
# storebench said getopt's own line first, and an option missing its
# value was an 'unknown option'.
[ "$(status storebench --playres 3)" = 2 ] || fail "storebench --playres: not exit 2"
[ "$(wc -l <"$tmp/err")" = 2 ] || { cat "$tmp/err"; fail "storebench --playres: not one message and the hint"; }
[ "$(status storebench --players)" = 2 ] || fail "storebench --players: not exit 2"
grep -qx "leastscore storebench: --players needs a value" "$tmp/err" && [ "$(wc -l <"$tmp/err")" = 2 ] ||
    { cat "$tmp/err"; fail "storebench --players with no value: not said"; }
[ "$(status play --frobnicate)" = 2 ] || fail "play --frobnicate: not exit 2"
grep -qx "leastscore play: unknown option '--frobnicate'" "$tmp/err" ||
    { cat "$tmp/err"; fail "play --frobnicate: not said plainly"; }
# --version takes nothing after it, as every command refuses an extra
# argument (it printed the version and exited 0).
[ "$(status --version extra)" = 2 ] || fail "--version extra: not exit 2"
grep -qx "leastscore: --version takes nothing after it, got 'extra'" "$tmp/err" ||
    { cat "$tmp/err"; fail "--version extra: not said"; }
[ -s "$tmp/out" ] && fail "--version extra: output on stdout"
# --help takes nothing else either, in every command (it printed the help
# and exited 0, the rest unread): the first other argument is named.
for h in --help -h; do
    [ "$(status $h extra)" = 2 ] || fail "$h extra: not exit 2"
    grep -qx "leastscore: $h takes nothing after it, got 'extra'" "$tmp/err" ||
        { cat "$tmp/err"; fail "$h extra: not said"; }
    [ -s "$tmp/out" ] && fail "$h extra: output on stdout"
    for c in play replay sim arena bench storebench serve; do
        seed="$h extra:extra" # no --seed in replay, serve, storebench
        case $c in play | sim | arena | bench) seed="--seed 3 $h:--seed" ;; esac
        for args in "$h extra:extra" "extra $h:extra" "$h $h x.lsr:x.lsr" "$seed"; do
            # shellcheck disable=SC2086
            [ "$(status $c ${args%:*})" = 2 ] || fail "$c ${args%:*}: not exit 2"
            grep -qx "leastscore $c: $h takes no other argument, got '${args##*:}'" "$tmp/err" ||
                { cat "$tmp/err"; fail "$c ${args%:*}: not said"; }
            [ -s "$tmp/out" ] && fail "$c ${args%:*}: output on stdout"
        done
    done
done
# Alone, and abbreviated as getopt allows, it is the help.
for c in play sim arena bench storebench serve; do
    [ "$(status $c --he)" = 0 ] && grep -q "^usage: leastscore $c" "$tmp/out" ||
        fail "$c --he: not the help"
done
for h in --help -h help; do
    [ "$(status $h)" = 0 ] || fail "$h: not exit 0"
    for c in play replay sim bench; do
        grep -q "^  $c " "$tmp/out" || fail "$h does not list $c"
    done
done
# help COMMAND is COMMAND --help (it printed the list of commands).
for c in play replay sim arena; do
    [ "$(status help $c)" = 0 ] || fail "help $c: not exit 0"
    "$ls" $c --help >"$tmp/want"
    cmp -s "$tmp/out" "$tmp/want" || fail "help $c is not $c --help"
done
[ "$(status help frobnicate)" = 2 ] || fail "help frobnicate: not exit 2"
grep -q "unknown command 'frobnicate'" "$tmp/err" || fail "help: unknown command not named"
# help --version: --version is no command (it said '--version takes
# nothing after it, got '--help'', which was never typed).
[ "$(status help --version)" = 2 ] || fail "help --version: not exit 2"
grep -qx "leastscore: unknown command '--version'" "$tmp/err" ||
    { cat "$tmp/err"; fail "help --version: not said"; }
[ "$(status help play sim)" = 2 ] || fail "help play sim: not exit 2"
grep -q "one COMMAND only" "$tmp/err" || fail "help play sim: no reason"
# What was typed is quoted in a usage error with each control byte as
# \xNN: it reached the terminal raw (here the start of an escape sequence).
esc=$(printf '\033[31m')
for c in "frobnicate$esc" "play --x$esc" "replay --x$esc" "sim --x$esc" "arena --x$esc" \
         "bench --x$esc" "replay a b$esc" "play --name n$esc"; do
    # shellcheck disable=SC2086
    [ "$(status $c)" = 2 ] || fail "$c: not exit 2"
    grep -qF '\x1b[31m' "$tmp/err" && ! grep -qF "$esc" "$tmp/err" ||
        { cat -v "$tmp/err"; fail "$c: the control byte is not escaped"; }
done
# An output that cannot be written (a full disk) is a failure, said on
# stderr (exit 0 before, with the output cut); replay's is 2, as its 1
# means an invalid record.
if [ -w /dev/full ]; then
    for c in "replay 2 $root/docs/example.lsr" "replay 2 --json $root/docs/example.lsr" \
             "sim 1 --players greedy,greedy --matches 2"; do
        set -- $c
        name=$1 want=$2
        shift 2
        rc=0
        "$ls" "$name" "$@" >/dev/full 2>"$tmp/err" || rc=$?
        [ "$rc" = "$want" ] || fail "$name $* > /dev/full: exit $rc, not $want"
        grep -q "^leastscore $name: cannot write the output: No space left on device$" "$tmp/err" ||
            { cat "$tmp/err"; fail "$name $* > /dev/full: not said"; }
    done
fi
[ "$(status --version)" = 0 ] || fail "--version: not exit 0"
want=$(sed -n 's/^#define LS_VERSION "\(.*\)"/\1/p' "$root/include/leastscore.h")
[ "$(cat "$tmp/out")" = "leastscore $want" ] || fail "--version says '$(cat "$tmp/out")'"
# The library's page says what each version changed, the current one too.
grep -q "^### $want\b" "$root/docs/api.md" ||
    fail "docs/api.md has no '### $want' under its versions: what changed in it?"

# play's --level reads a cmd: command's quotes as sim's --players does: a
# comma inside them stays in the command (the list was split at it, and
# the bot got '1 instead).
cat >"$tmp/argv.py" <<PY
import runpy, sys
with open(sys.argv[1], "w") as f:
    f.write("|".join(sys.argv[2:]))
sys.argv = sys.argv[:1]
runpy.run_path("$root/examples/bots/greedy.py", run_name="__main__")
PY
echo quit | "$ls" play --plain --bots 2 --level "cmd:python3 $tmp/argv.py $tmp/argv.out '1,2' \"a,b\"",random \
    --record "$tmp/quoted.lsr" --seed 3 >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; fail "play: a quoted comma"; }
[ "$(cat "$tmp/argv.out")" = '1,2|a,b' ] || fail "play: the bot's arguments: $(cat "$tmp/argv.out")"
grep -q "^# level .* cmd:python3 .*/argv.py .*/argv.out '1,2' \"a,b\"$" "$tmp/quoted.lsr" &&
    grep -q "^# level .* random$" "$tmp/quoted.lsr" || { cat "$tmp/quoted.lsr"; fail "play: a quoted comma: the levels"; }
[ "$(status play --plain --level "cmd:python3 $tmp/argv.py x 1,2")" = 2 ] &&
    grep -q "^leastscore play: '2' after 'cmd:python3 .*/argv.py x 1' in the --level list is no player: a comma in a cmd: command is kept when the command quotes it (\"cmd:./bot --x '1,2'\",greedy)$" \
    "$tmp/err" || { cat "$tmp/err"; fail "play: an unquoted comma in a command"; }

# An option given twice: one that names a single value takes the last (as
# getopt tools do, so that what an alias or a script gives can be
# overridden after it); one that makes a list (--players, --player,
# --level) adds to it. As the man page says.
[ "$(status sim --players greedy,random --matches 3 --seed 1 --seed 2 --json)" = 0 ] ||
    { cat "$tmp/err"; fail "sim --seed given twice: refused"; }
grep -v '"time_ms' "$tmp/out" >"$tmp/twice" # times differ from run to run
[ "$(status sim --players greedy,random --matches 3 --seed 2 --json)" = 0 ] || fail "sim --seed 2"
grep -v '"time_ms' "$tmp/out" | cmp -s - "$tmp/twice" || fail "sim --seed 1 --seed 2 is not sim --seed 2"
[ "$(status sim --players greedy,random --matches 3 --seed 1 --json)" = 0 ] || fail "sim --seed 1"
grep -v '"time_ms' "$tmp/out" | cmp -s - "$tmp/twice" && fail "sim --seed 1 is sim --seed 2: the check above cannot fail"
[ "$(status sim --players greedy,random --players random --player greedy --matches 1 --seed 1)" = 0 ] ||
    { cat "$tmp/err"; fail "sim --players given twice: refused"; }
grep -q "^1 match, seed 1, 4 players" "$tmp/out" ||
    { cat "$tmp/out"; fail "sim --players twice and --player: not 4 players"; }
printf 'quit\ny\n' >"$tmp/quit"
rc=0
"$ls" play --plain --seed 1 --name Ann --name Bea --level greedy --level random \
    <"$tmp/quit" >"$tmp/out" 2>"$tmp/err" || rc=$?
[ "$rc" = 0 ] || { cat "$tmp/err"; fail "play with options twice: exit $rc"; }
grep -q "^Least Score: Bea against Ada (greedy), Ben (random)\.$" "$tmp/out" ||
    { head -3 "$tmp/out"; fail "play --name twice is not the last name, or --level twice not two levels"; }

# sim on a terminal: the bar counts the matches and ends on a line of its own.
command -v tmux >/dev/null 2>&1 || fail "tmux is not installed"
$T new-session -d -s bar -x 120 -y 10 \
    "\"$ls\" sim --players greedy,greedy --matches 200 --threads 1 --seed 3 >/dev/null; echo \"sim exit \$?\"; sleep 60"
i=0
while [ "$i" -lt 1200 ]; do
    $T capture-pane -p -t bar >"$tmp/screen" 2>/dev/null || true
    grep -q "sim exit" "$tmp/screen" && break
    sleep 0.05
    i=$((i + 1))
done
grep -q "sim exit 0" "$tmp/screen" || { cat "$tmp/screen"; fail "sim on a terminal did not finish"; }
grep -q '^\[#\{30\}\] 200/200  [0-9.]* matches/s  ETA 0m00s' "$tmp/screen" ||
    { cat "$tmp/screen"; fail "no final progress bar"; }
# A list of players may have blanks after its commas, as people write
# lists ('greedy, random' was "unknown player kind ' random'"), in sim,
# arena and play --level; a piece of blanks alone is still an empty piece.
[ "$(status sim --players 'greedy, random ,  expert:iters=5, c=1' --matches 1 --seed 1)" = 0 ] ||
    { cat "$tmp/err"; fail "sim: blanks after the list's commas"; }
grep -q '^random ' "$tmp/out" && grep -q '^expert ' "$tmp/out" ||
    { cat "$tmp/out"; fail "sim: a player of a list with blanks is missing"; }
[ "$(status arena --players 'greedy,	random' --matches 1 --seed 1)" = 0 ] ||
    { cat "$tmp/err"; fail "arena: a tab after the list's comma"; }
echo quit | "$ls" play --plain --seed 1 --level 'greedy, random' --record "$tmp/blank.lsr" \
    >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; fail "play --level: blanks after a comma"; }
grep -q "You against Ada (greedy), Ben (random)" "$tmp/out" ||
    { cat "$tmp/out"; fail "play --level: the levels of a list with blanks"; }
[ "$(status sim --players 'greedy, ,random' --matches 1)" = 2 ] &&
    grep -q "piece 2 of the --players list 'greedy, ,random' is empty" "$tmp/err" ||
    { cat "$tmp/err"; fail "sim: a piece of blanks alone is not refused as empty"; }
# An empty list (or blanks alone) names no player; it was said to have
# an empty piece 1, "two commas in a row, or one at an end", with no comma.
for c in "sim --players|--players" "arena --players|--players" "play --level|--level"; do
    for v in '' ' '; do
        # shellcheck disable=SC2086
        [ "$(status ${c%%|*} "$v")" = 2 ] || fail "${c%%|*} '$v': not exit 2"
        grep -qxF "leastscore ${c%% *}: the ${c#*|} list '$v' is empty: it names no player; the kinds are: random, greedy, expert, cautious, reckless, collector, shedder, counter; or cmd:COMMAND, a program playing by the bot protocol" "$tmp/err" ||
            { cat "$tmp/err"; fail "${c%%|*} '$v': not said to be empty"; }
    done
done
# Every number option of every command words a bad value the same way:
# the option, the value as typed, the range ("--threshold: '0' is not a
# whole number from 1 to 1000 ..."). The rules options said "threshold
# must be ..., not '0'" and "hand_size must be from 3 to 7" (the engine's
# name), --seed "needs a whole number ...", bench --seconds "must be more
# than 0 ...". Each option: a word, one below its range, one above.
for o in "play --bots 1 7" "play --pace 0 10000" "play --seed 0 18446744073709551615" \
         "sim --matches 1 100000000" "sim --records-every 1 100000000" \
         "sim --threads 1 1024" "sim --bot-timeout 1 3600000" \
         "arena --matches 0 10000000" "arena --tables 0 100000000" "arena --table-size 3 8" \
         "bench --matches 1 1000000000000" "bench --players 2 8" "bench --seed 0 18446744073709551615" \
         "storebench --matches 1 100000" "storebench --restore 0 100000" \
         "storebench --players 2 8" "storebench --seed 0 18446744073709551615" \
         "play --threshold 1 1000" "play --hand-size 3 7" "play --declare-max 0 70" \
         "play --max-turns 1 100000" "sim --threshold 1 1000" "sim --hand-size 3 7" \
         "arena --declare-max 0 70" "arena --max-turns 1 100000"; do
    set -- $o
    range="from $3 to $4"
    case $2 in
    --seed) range="from 0 to 2^64 - 1" ;;
    --threshold) range="$range (usually 25, 50 or 100)" ;;
    --declare-max) range="$range (0: no limit)" ;;
    esac
    below=$(($3 - 1))
    [ "$3" = 0 ] && below=-1
    above=18446744073709551616 # 2^64, past what sh counts
    [ "$2" = --seed ] || above=$(($4 + 1))
    for v in x "$below" "$above" "+$3"; do
        [ "$(status "$1" "$2" "$v")" = 2 ] || fail "$1 $2 $v: not exit 2"
        grep -qxF "leastscore $1: $2: '$v' is not a whole number $range" "$tmp/err" ||
            { cat "$tmp/err"; fail "$1 $2 $v: not worded as every number option is"; }
    done
done
# (a number out of range says the range; one written otherwise says how
# to write it, bench.sh checks that wording whole)
for v in -1 0 3601 -0.5 x 0x10 - -x; do
    [ "$(status bench --seconds "$v")" = 2 ] || fail "bench --seconds $v: not exit 2"
    case $v in
    *[!0-9.-]* | - | -*-*) want="' is not written in digits with at most one '.' (such as 2.5 or 0.05): give the seconds, more than 0 and at most 3600" ;;
    *) want="' is not more than 0 and at most 3600" ;;
    esac
    grep -qxF "leastscore bench: --seconds: '$v$want" "$tmp/err" ||
        { cat "$tmp/err"; fail "bench --seconds $v: not worded as every number option is"; }
done
# The rules options that are words say so alike: '--tie: 'x' is not
# 'declarer' or 'penalty'' (it was '--tie: tie must be 'declarer' or
# 'penalty', not 'x''), as a record's 'option tie x' is.
for o in "play --tie|'declarer' or 'penalty'" "sim --runs|'any' or 'suited'"; do
    set -- ${o%%|*}
    [ "$(status "$1" "$2" x)" = 2 ] || fail "$1 $2 x: not exit 2"
    grep -qxF "leastscore $1: $2: 'x' is not ${o#*|}" "$tmp/err" ||
        { cat "$tmp/err"; fail "$1 $2 x: not worded as a number option is"; }
done
# The rules options' ranges, said by the command, are the engine's: both
# ends are taken.
for r in "--threshold 1" "--threshold 1000" "--hand-size 3" "--hand-size 7" "--declare-max 0" \
         "--declare-max 70" "--max-turns 1" "--max-turns 100000"; do
    # shellcheck disable=SC2086
    [ "$(status sim --players greedy,random --matches 1 --threshold 5 $r)" = 0 ] ||
        { cat "$tmp/err"; fail "sim $r: refused"; }
done
# A backslash in what a message quotes is written \\ once, so that a
# typed \x41 never reads as an escaped byte: it was shown as it is
# ('fo\o'); written by the library's message and again by the command's
# it would be doubled twice.
for c in "sim --players greedy,fo\\o|unknown player kind 'fo\\\\o';" \
         "play --level x\\y|--level: unknown player kind 'x\\\\y';" \
         "sim --players greedy --hand-size x\\y|--hand-size: 'x\\\\y' is not a whole number" \
         "sim --players cmd:./b\\q,2\\z|'2\\\\z' after 'cmd:./b\\\\q' in the --players list"; do
    # shellcheck disable=SC2086
    [ "$(status ${c%%|*})" = 2 ] || fail "${c%%|*}: not exit 2"
    grep -qF -- "${c#*|}" "$tmp/err" || { cat "$tmp/err"; fail "${c%%|*}: a backslash not shown \\\\"; }
done
# A long path in play's message is cut in its middle, never its end: a
# --record that cannot be written, or a --resume that cannot be read, in
# a directory of 250 control bytes (each shown \x01, 1000 bytes) was
# said with the message cut inside an escape, the reason lost
# ('cannot write /tmp/.../\x01\x01\x'); now the path keeps its head and
# its tail (200 bytes at most) and the reason is whole.
long=$(printf '%250s' '' | tr ' ' '\001')
mkdir "$tmp/$long"
echo quit | "$ls" play --plain --seed 1 --record "$tmp/no/$long/x.lsr" >/dev/null 2>"$tmp/err" || true
"$ls" play --plain --resume "$tmp/no/$long/x.lsr" </dev/null >/dev/null 2>>"$tmp/err" || true
"$ls" play --plain --resume "$tmp/$long" </dev/null >/dev/null 2>>"$tmp/err" || true
python3 -c 'import re, sys
lines = open(sys.argv[1]).read().split("\n")[:3]
want = [r"cannot write .*/no/(\\x01)+\.\.\.(\\x01)+/x\.lsr: No such file or directory",
        r"--resume: cannot read .*/no/(\\x01)+\.\.\.(\\x01)+/x\.lsr: No such file or directory",
        r"--resume: .*/(\\x01)+\.\.\.(\\x01)+ is a directory; a game record is a regular file \(one that leastscore play saved\)"]
for line, w in zip(lines, want):
    assert re.fullmatch("leastscore play: " + w, line) and len(line) < 400, line' "$tmp/err" ||
    { cat "$tmp/err"; fail "play: a long path's message lost its end"; }
# A record's name may have up to 255 bytes; beside one of 249 or more,
# "NAME.XXXXXX" (the save's new file) and "NAME.lock" have more, so that
# the save failed ('File name too long') and the lock was not taken. Now
# they are cut (the lock's with a hash of the whole name): the match is
# saved, and a second play on the record is refused while one plays it.
mkdir "$tmp/n255"
n255="$tmp/n255/$(printf '%251s' '' | tr ' ' a).lsr"
printf 'discard 9H draw\nquit\n' | "$ls" play --plain --seed 1 --record "$n255" >/dev/null 2>"$tmp/err" ||
    { cat "$tmp/err"; fail "play --record of a 255-byte name"; }
"$ls" replay "$n255" >/dev/null || fail "the record of a 255-byte name does not replay"
# The first play reads a pipe that this script holds open, so that it
# plays (and holds the lock) until the second has been refused: it read
# 'sleep 5', and a first play slow to start (a sanitizer's build on a
# loaded machine) could end before the second tried, or the wait for its
# lock (5 s, counted in tries) give up unsaid.
mkfifo "$tmp/hold.fifo"
exec 4<>"$tmp/hold.fifo"
"$ls" play --plain --resume "$n255" <"$tmp/hold.fifo" >/dev/null 2>&1 &
holder=$!
end=$(($(date +%s) + 60))
until ls "$tmp/n255" | grep -q lock; do
    [ "$(date +%s)" -lt "$end" ] && kill -0 "$holder" 2>/dev/null ||
        { kill "$holder" 2>/dev/null || true; fail "the first play of a 255-byte name took no lock"; }
    sleep 0.05
done
"$ls" play --plain --resume "$n255" </dev/null >/dev/null 2>"$tmp/err" || true
kill "$holder" 2>/dev/null || true
wait "$holder" 2>/dev/null || true
exec 4>&-
grep -qF "is being played by another leastscore play" "$tmp/err" ||
    { cat "$tmp/err"; fail "a record of a 255-byte name was not locked"; }
# The second match of a --record of 255 bytes went to NAME-2, past the
# 255 bytes a file's name may have, and was not saved ('File name too
# long'). Its name is now cut before '-2', with a hash of the whole name
# (so that names alike in their first bytes stay apart), and said.
mkdir "$tmp/n255b"
printf 'discard QH draw\ndeclare\nyes\nyes\nquit\n' |
    "$ls" play --plain --seed 3 --bots 1 --threshold 1 --record "$n255" >"$tmp/out" 2>"$tmp/err" ||
    { cat "$tmp/err"; fail "play --record of a 255-byte name: the second match"; }
second=$(sed -n 's/^Record saved: //p' "$tmp/out" | tail -n 1)
case $second in
"$tmp/n255/"*-2.lsr) ;;
*) cat "$tmp/out" "$tmp/err"; fail "the second match of a 255-byte --record was not said saved: '$second'" ;;
esac
[ "${#second}" -le $((${#tmp} + 6 + 255)) ] && [ "$second" != "$n255" ] ||
    fail "the second match's name is not cut to 255 bytes or is the first's: $second"
"$ls" replay "$second" >/dev/null || fail "the second match of a 255-byte --record does not replay"
# That cut is between two characters: a name of e-acutes was cut inside
# one, the second match's name not UTF-8 (said 'Record saved: .../a\xc3
# -HASH-2.lsr'). And an extension of 128 bytes or more (a dot near the
# name's head: more name than extension) is cut as the rest of the name
# is, not dropped: 'x.bbb...b' gave 'x-HASH-2'.
for name in "a$(printf '%125s' '' | sed 's/ /é/g').lsr" "x.$(printf '%253s' '' | tr ' ' b)"; do
    rm -rf "$tmp/n255c"
    mkdir "$tmp/n255c"
    printf 'discard QH draw\ndeclare\nyes\nyes\nquit\n' |
        "$ls" play --plain --seed 3 --bots 1 --threshold 1 --record "$tmp/n255c/$name" >"$tmp/out" 2>"$tmp/err" ||
        { cat "$tmp/err"; fail "play --record of a 255-byte name: the second match"; }
    python3 -c 'import os, sys
d, first = os.fsencode(sys.argv[1]), os.fsencode(sys.argv[2])
names = [x for x in os.listdir(d) if x != first and not x.endswith(b".lock")]
assert len(names) == 1, names
name = names[0]
said = [x for x in open(sys.argv[3], encoding="utf-8").read().split("\n") if x.startswith("Record saved: ")]
assert said[-1] == "Record saved: " + os.path.join(sys.argv[1], name.decode("utf-8")), (said, name)
assert name.startswith(first[:100]), name
assert name.endswith(b"-2.lsr" if first.endswith(b".lsr") else b"-2"), name
sys.stdout.buffer.write(os.path.join(d, name))' "$tmp/n255c" "$name" "$tmp/out" >"$tmp/second" ||
        fail "the second match of a 255-byte --record: its name was cut inside a character or lost its extension"
    "$ls" replay "$(cat "$tmp/second")" >/dev/null || fail "the second match of '$name' does not replay"
done
# A bad value for play (out of range, empty, not a number, one of two
# given) is refused, exit 2, with the option named, before anything is
# made: no games directory, no record, no bot started (this one would
# leave its mark when run).
mkdir -p "$tmp/side"
for bad in "--threshold 0" "--threshold ''" "--bots 99999999999999999999" "--hand-size 7 --bots 7" \
           "--max-turns ''" "--declare-max -1" "--pace x" "--name ''" "--seed 1 --seed x" \
           "--record ''" "--tie ''"; do
    rc=0
    eval "HOME=\"\$tmp/side\" XDG_DATA_HOME= \"\$ls\" play --plain --level \"cmd:touch \$tmp/side/started\" $bad" \
        </dev/null >"$tmp/out" 2>"$tmp/err" || rc=$?
    [ "$rc" = 2 ] && grep -q "^leastscore play: " "$tmp/err" && [ ! -s "$tmp/out" ] ||
        { cat "$tmp/out" "$tmp/err"; fail "play $bad: exit $rc"; }
    opt=${bad##*--}
    [ "$bad" = "--hand-size 7 --bots 7" ] || grep -qF -- "--${opt%% *}" "$tmp/err" ||
        { cat "$tmp/err"; fail "play $bad: the option is not named"; }
    [ -z "$(ls -A "$tmp/side")" ] || { ls -RA "$tmp/side"; fail "play $bad left something"; }
done
echo "cli ok"
