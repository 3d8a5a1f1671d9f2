#!/bin/sh
# play --resume and a record's level (docs/record-format.md, "Levels"):
# beside ms= and iters= (play_plain.sh), an expert's tries= and tree= are
# bounded when a record gives them, each refused with the record's line
# and what --level would take instead; at their bounds they are played.
# A level is checked before anything is dealt, so each check is quick.
# A level comment's blanks are read as a statement's. play --continue
# says which newer record it passed over as not valid, and why. --resume
# of a game killed during its first save says so, and removes what it left;
# while another game holds that file's lock, it says so and removes nothing.
# A new game in the games directory removes the empty files that games
# killed before their first save left there, and only those. A games
# directory where no record can be made is said once, with the reason.
# Where FILE.lock cannot be made (a directory or a symbolic link in its
# place) the record is refused; a lock file the player may not write is
# locked all the same (as uid 65534 when run as root); a directory or a
# file system that cannot be written is said by the first save.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
ls=${LEASTSCORE:-$root/build/leastscore}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# A record of a match just begun whose Ben is the level given.
record() {
    printf 'leastscore 1\nplayers You Ada Ben\n# leastscore play, seed 5\n# level Ada greedy\n# level Ben %s\n' \
        "$2" >"$tmp/$1.lsr"
}
# resume NAME: the first line play --resume says, and its status.
resume() {
    status=0
    "$ls" play --plain --resume "$tmp/$1.lsr" </dev/null >"$tmp/$1.out" 2>"$tmp/$1.err" || status=$?
}

# hold_locks NAME LOCK...: plants a lock holder, a process that takes
# each LOCK file as a game takes FILE.lock (flock, exclusive, its process
# id written in it), so that a lock is held, not raced for; returns once
# all are held (the holder's "held" read from a pipe, not polled for),
# its process id in $holder. It holds them until release_locks, or until
# this script ends (its end of the pipe closed).
hold_locks() {
    name=$1
    shift
    rm -f "$tmp/$name.held" "$tmp/$name.go"
    mkfifo "$tmp/$name.held" "$tmp/$name.go"
    python3 -c '
import fcntl, os, sys
held = []
for path in sys.argv[1:]:
    f = open(path, "w")
    fcntl.flock(f, fcntl.LOCK_EX)
    f.write("%d\n" % os.getpid())
    f.flush()
    held.append(f)
print("held", flush=True)
sys.stdin.read()  # until release_locks closes the pipe
' "$@" <"$tmp/$name.go" >"$tmp/$name.held" &
    holder=$!
    exec 8>"$tmp/$name.go"
    said=
    read -r said <"$tmp/$name.held" || :
    [ "$said" = held ] || fail "the planted lock holder $name did not take its locks"
}
release_locks() {
    exec 8>&-
    wait "$holder"
}

record tries 'expert:tries=101'
resume tries
[ "$status" = 2 ] || fail "tries=101: status $status"
grep -qxF "leastscore play: --resume: $tmp/tries.lsr:5: Ben's level 'expert:tries=101' samples more than 100 deals a hand (tries=), the most a record's level may give, the default (the match could wait long for it); give it with --level to play it so" \
    "$tmp/tries.err" || { cat "$tmp/tries.err"; fail "tries=101 in a record was not refused with its line"; }

record tree 'expert:tree=1,iters=500001'
resume tree
[ "$status" = 2 ] || fail "tree=1,iters=500001: status $status"
grep -qxF "leastscore play: --resume: $tmp/tree.lsr:5: Ben's level 'expert:tree=1,iters=500001' grows a search tree of more than 500000 iterations a decision (tree=1 with iters=), the most a record's level may give (a tree keeps a node an iteration, and does not stop early); give it with --level to play it so" \
    "$tmp/tree.err" || { cat "$tmp/tree.err"; fail "tree=1,iters=500001 in a record was not refused with its line"; }

record treems 'expert:ms=2001,tree=1'
resume treems
[ "$status" = 2 ] || fail "tree=1,ms=2001: status $status"
grep -qxF "leastscore play: --resume: $tmp/treems.lsr:5: Ben's level 'expert:ms=2001,tree=1' grows a search tree for more than 2000 ms a decision (tree=1 with ms=), the most a record's level may give (a tree keeps a node an iteration, and does not stop early); give it with --level to play it so" \
    "$tmp/treems.err" || { cat "$tmp/treems.err"; fail "tree=1,ms=2001 in a record was not refused with its line"; }

# A level longer than the 299 bytes read of it is said so with its whole
# length: its head was read alone, and said to be a spec of 299 bytes.
record long "greedy:declare=0.5$(printf '%0400d' 0)"
resume long
[ "$status" = 2 ] || fail "a level of 418 bytes: status $status"
grep -qxF "leastscore play: --resume: $tmp/long.lsr:5: Ben's level 'greedy:declare=0.50000000000000000000000...' is 418 bytes long, more than the 299 bytes a level is read to; give one with --level" \
    "$tmp/long.err" || { cat "$tmp/long.err"; fail "a level too long to read was not said so with its length"; }

# At the bounds the match goes on (its input ends at once: quit).
for level in 'expert:tries=100,iters=10' 'expert:tree=1,iters=500000' \
        'expert:tree=1,ms=2000' 'expert:rmin=100000,iters=10' 'expert:tree=1'; do
    record ok "$level"
    resume ok
    if grep -q "level" "$tmp/ok.err"; then
        cat "$tmp/ok.err"; fail "$level: refused"
    fi
    grep -qF "You against Ada (greedy), Ben ($level)." "$tmp/ok.out" ||
        { cat "$tmp/ok.out" "$tmp/ok.err"; fail "$level: the match did not go on"; }
done
# A level comment is read as a statement is: any blanks between its
# words and after '#', and none at its end, so that a record edited by
# hand goes on as written. Ben was greedy without a word for '#level Ben
# random' and '# level  Ben  random', and '# level Ben random ' (an
# editor's trailing blank) was refused as "unknown player kind 'random '";
# '# level Benny random' names no Ben.
for c in '#level Ben random' '# level  Ben\trandom' '# level Ben random \t' '# level Benny random'; do
    printf 'leastscore 1\nplayers You Ada Ben\n# level Ada greedy\n%s\n' "$(printf "$c")" >"$tmp/blank.lsr"
    resume blank
    want=random
    [ "$c" = '# level Benny random' ] && want=greedy
    grep -qxF "Least Score: You against Ada (greedy), Ben ($want)." "$tmp/blank.out" ||
        { cat "$tmp/blank.out" "$tmp/blank.err"; fail "'$c': not read as Ben's level $want"; }
done
# '# level Ben' gives no level: refused with its line (Ben was greedy).
printf 'leastscore 1\nplayers You Ada Ben\n# level Ada greedy\n# level Ben\n' >"$tmp/empty.lsr"
resume empty
[ "$status" = 2 ] && grep -qF "leastscore play: --resume: $tmp/empty.lsr:4: Ben's level '': no player kind given" \
    "$tmp/empty.err" || { cat "$tmp/empty.err"; fail "an empty level was not refused with its line"; }
# play --continue judges each saved match by the descriptor it opened
# (without blocking, not through a link), not by a stat of its name made
# before: a named pipe put in the place of a saved match after the games
# directory was listed blocked its open for ever. Here b.lsr becomes a
# pipe once the listing is over, when the newest file (a.lsr, 32 MiB of
# comments that are no record) has been read and closed (inotify), while
# that file is parsed; c.lsr goes on. The swap races play's reading: a
# watcher that comes late, once play has opened b.lsr (a record then),
# makes play go on with b.lsr; that run proves nothing and is made again,
# at most 5 times (a.lsr's parsing, some 0.4 s, leaves the watcher time
# enough on a loaded machine; its 32 MiB of zeros took 40 ms).
games=$tmp/xdg/leastscore/games
mkdir -p "$games"
{
    printf 'leastscore 1\nplayers You Ada\n'
    yes '#' | head -c 32M
    printf 'no record\n'
} >"$tmp/a.lsr"
run=0
while :; do
    run=$((run + 1))
    rm -rf "$games" "$tmp/swap.fifo" "$tmp/watching"
    mkdir -p "$games"
    printf 'leastscore 1\nplayers You Ada\n# level Ada greedy\n' >"$games/c.lsr"
    cp "$games/c.lsr" "$games/b.lsr"
    cp "$tmp/a.lsr" "$games/a.lsr"
    touch -d '2 hours ago' "$games/c.lsr"
    touch -d '1 hour ago' "$games/b.lsr"
    mkfifo "$tmp/swap.fifo"
    python3 -c 'import ctypes, os, select, sys
libc = ctypes.CDLL(None, use_errno=True)
fd = libc.inotify_init1(os.O_CLOEXEC)
IN_CLOSE_NOWRITE = 0x10
if fd < 0 or libc.inotify_add_watch(fd, sys.argv[1].encode(), IN_CLOSE_NOWRITE) < 0:
    sys.exit("inotify: " + os.strerror(ctypes.get_errno()))
open(sys.argv[4], "w").close()
if select.select([fd], [], [], 60)[0]:
    os.rename(sys.argv[2], sys.argv[3])' "$games" "$tmp/swap.fifo" "$games/b.lsr" "$tmp/watching" \
        2>"$tmp/watch.err" &
    watcher=$!
    i=0
    until [ -e "$tmp/watching" ]; do
        i=$((i + 1))
        [ "$i" -lt 300 ] && kill -0 "$watcher" 2>/dev/null ||
            { cat "$tmp/watch.err"; fail "the watcher of the games directory did not start"; }
        sleep 0.1
    done
    status=0
    XDG_DATA_HOME="$tmp/xdg" HOME="$tmp" timeout 30 "$ls" play --plain --continue </dev/null \
        >"$tmp/cont.out" 2>"$tmp/cont.err" || status=$?
    kill "$watcher" 2>/dev/null || true
    wait "$watcher" 2>/dev/null || true
    [ "$status" != 124 ] || fail "play --continue hung on a named pipe in the place of a saved match"
    grep -qF "Resumed from $games/b.lsr" "$tmp/cont.out" || break
    # The watcher came late: b.lsr was still a record when play read it.
    [ "$run" -lt 5 ] || fail "b.lsr became a pipe only after play had read it, 5 runs out of 5 (the check proves nothing)"
done
[ -p "$games/b.lsr" ] || fail "b.lsr was not made a pipe (the check proves nothing)"
grep -qF "Resumed from $games/c.lsr" "$tmp/cont.out" ||
    { cat "$tmp/cont.out" "$tmp/cont.err"; fail "play --continue did not go on with c.lsr, past the pipe"; }

# play --continue passes over a newer record that is not valid, and says
# which and why, with its line: a record edited by hand and broken (here
# a move written twice) was passed over without a word, an older match
# going on in its place; with no other match to go on with, the reason
# is in the refusal. The broken record is left as it was.
cgames=$tmp/cont/.local/share/leastscore/games
mkdir -p "$cgames"
cp "$root/tests/data/in-progress.lsr" "$cgames/a.lsr"
sed '/^Bob discard KS draw 2S$/p' "$root/tests/data/in-progress.lsr" >"$cgames/b.lsr"
cp "$cgames/b.lsr" "$tmp/b.copy"
touch -d '2 hours ago' "$cgames/a.lsr"
touch -d '1 hour ago' "$cgames/b.lsr"
bad="$cgames/b.lsr:12:1: it is Cid's turn, not Bob's"
status=0
env -u XDG_DATA_HOME HOME="$tmp/cont" "$ls" play --plain --continue </dev/null \
    >"$tmp/cont.out" 2>"$tmp/cont.err" || status=$?
[ "$status" = 0 ] && grep -qF "Resumed from $cgames/a.lsr" "$tmp/cont.out" ||
    { cat "$tmp/cont.out" "$tmp/cont.err"; fail "play --continue did not go on with a.lsr"; }
grep -qxF "leastscore play: --continue: passed over a newer record that is not valid: $bad" \
    "$tmp/cont.err" || { cat "$tmp/cont.err"; fail "play --continue passed over a broken record without a word"; }
rm "$cgames/a.lsr"
status=0
env -u XDG_DATA_HOME HOME="$tmp/cont" "$ls" play --plain --continue </dev/null \
    >"$tmp/cont.out" 2>"$tmp/cont.err" || status=$?
[ "$status" = 2 ] && grep -qxF "leastscore play: --continue: no unfinished match is saved in $cgames (1 record read; 1 not valid: $bad); a match saved elsewhere with --record goes on with --resume FILE" \
    "$tmp/cont.err" || { cat "$tmp/cont.err"; fail "play --continue with only a broken record: status $status"; }
cmp -s "$cgames/b.lsr" "$tmp/b.copy" || fail "play --continue changed the broken record"
[ ! -e "$cgames/b.lsr.lock" ] || fail "play --continue left b.lsr.lock"
# An empty record in the games directory (the name a new game takes before
# its first save, left by a kill before that save, or a game starting now)
# holds no match: --continue passes over it without a word. It was told
# as 'not valid' (empty record) on every run, for ever.
egames=$tmp/econt/.local/share/leastscore/games
mkdir -p "$egames"
cp "$root/tests/data/in-progress.lsr" "$egames/a.lsr"
: >"$egames/e.lsr"
touch -d '2 hours ago' "$egames/a.lsr"
status=0
env -u XDG_DATA_HOME HOME="$tmp/econt" "$ls" play --plain --continue </dev/null \
    >"$tmp/econt.out" 2>"$tmp/econt.err" || status=$?
[ "$status" = 0 ] && grep -qF "Resumed from $egames/a.lsr" "$tmp/econt.out" ||
    { cat "$tmp/econt.out" "$tmp/econt.err"; fail "play --continue did not go on with a.lsr past an empty record"; }
! grep -q "continue" "$tmp/econt.err" ||
    { cat "$tmp/econt.err"; fail "play --continue told of an empty record"; }
[ -f "$egames/e.lsr" ] && [ ! -s "$egames/e.lsr" ] || fail "play --continue changed the empty record"
# A kill (-9) during a new game's first save leaves NAME.saving, the
# save's new file, beside no NAME. --resume NAME said only 'No such file',
# and the file stayed. Now it says what happened, and removes it (under
# NAME's lock, which it gives back: no NAME.lock is left, no NAME made).
printf 'leastscore 1\nplayers You A' >"$tmp/ns.lsr.saving"
resume ns
[ "$status" = 2 ] && grep -qxF "leastscore play: --resume: $tmp/ns.lsr was never saved: its game was stopped during its first save, before any move was played; $tmp/ns.lsr.saving, what that save left, is removed. Start a new game there with --record $tmp/ns.lsr" \
    "$tmp/ns.err" || { cat "$tmp/ns.err"; fail "--resume of a game killed in its first save: status $status"; }
[ ! -e "$tmp/ns.lsr.saving" ] || fail "--resume left ns.lsr.saving"
[ ! -e "$tmp/ns.lsr.lock" ] || fail "--resume left ns.lsr.lock"
[ ! -e "$tmp/ns.lsr" ] || fail "--resume made ns.lsr"
# The same while another game holds NAME's lock (one making NAME now, in
# its first save): --resume says NAME is in use, by whom, exits 1 as
# any refusal of a locked record does (not 2, a usage error), and removes
# nothing: the NAME.saving being written, the lock's file, no NAME made.
# The holder is planted (it takes NAME.lock as a game does, with its
# process id in it), so that the lock is held, not raced for.
printf 'leastscore 1\nplayers You A' >"$tmp/nb.lsr.saving"
hold_locks nb "$tmp/nb.lsr.lock"
resume nb
release_locks
[ "$status" = 1 ] && grep -qxF "leastscore play: $tmp/nb.lsr is being played by another leastscore play (process $holder); go on there, or quit that one first" \
    "$tmp/nb.err" || { cat "$tmp/nb.err"; fail "--resume of a first save in progress elsewhere: status $status"; }
[ "$(cat "$tmp/nb.lsr.saving")" = "$(printf 'leastscore 1\nplayers You A')" ] ||
    fail "--resume removed or changed the nb.lsr.saving another game was writing"
[ -e "$tmp/nb.lsr.lock" ] || fail "--resume removed the lock's file another game held"
[ ! -e "$tmp/nb.lsr" ] || fail "--resume made nb.lsr while another game held its lock"
# A new game killed before its first save leaves its empty file in the
# games directory (with NAME.saving when killed during that save), and
# those piled up for ever. A new game there removes them, each under its
# name's lock, and nothing else: not the empty file of a game starting
# now (which holds its name's lock: planted here, so that it is held, not
# raced for), not a record with a match in it, not an empty file of a
# name no game gives.
ugames=$tmp/unplayed/.local/share/leastscore/games
mkdir -p "$ugames"
: >"$ugames/2020-01-01-000000.lsr"
: >"$ugames/2020-01-01-000001-2.lsr"
printf 'leastscore 1\nplayers You A' >"$ugames/2020-01-01-000001-2.lsr.saving"
: >"$ugames/2020-01-01-000002.lsr"
cp "$root/tests/data/in-progress.lsr" "$ugames/2020-01-01-000003.lsr"
: >"$ugames/notes.lsr"
hold_locks up "$ugames/2020-01-01-000002.lsr.lock"
status=0
env -u XDG_DATA_HOME HOME="$tmp/unplayed" "$ls" play --plain --seed 3 </dev/null \
    >"$tmp/up.out" 2>"$tmp/up.err" || status=$?
release_locks
[ "$status" = 0 ] || { cat "$tmp/up.out" "$tmp/up.err"; fail "a new game in the games directory: status $status"; }
for gone in 2020-01-01-000000.lsr 2020-01-01-000001-2.lsr 2020-01-01-000001-2.lsr.saving \
    2020-01-01-000000.lsr.lock 2020-01-01-000001-2.lsr.lock; do
    [ ! -e "$ugames/$gone" ] || { ls -a "$ugames"; fail "a new game left $gone, what a game killed before its first save left"; }
done
[ -f "$ugames/2020-01-01-000002.lsr" ] && [ ! -s "$ugames/2020-01-01-000002.lsr" ] ||
    fail "a new game removed or changed the empty file of a game starting now (its lock held)"
cmp -s "$ugames/2020-01-01-000003.lsr" "$root/tests/data/in-progress.lsr" ||
    fail "a new game changed a record with a match in it"
[ -f "$ugames/notes.lsr" ] || fail "a new game removed an empty file of a name no game gives"
n=$(find "$ugames" -name '20*.lsr' ! -name 2020-01-01-000003.lsr -size +0 | wc -l)
[ "$n" = 1 ] || { ls -a "$ugames"; fail "the new game's own record is not there, saved (found $n)"; }
# A game takes its name's lock before it makes its file, so that its
# file is never empty and unlocked (the removal above would take it). A
# name whose lock is held (a game starting at it now) is passed over for
# the next (-2); made first, the file was refused as being played. The
# locks of every name of the next five minutes are planted.
lgames=$tmp/locked/.local/share/leastscore/games
mkdir -p "$lgames"
# shellcheck disable=SC2046 # the names have no blanks
hold_locks lk $(python3 -c '
import sys, time
t0 = int(time.time())
for t in range(t0 - 2, t0 + 300):
    print(sys.argv[1] + "/" + time.strftime("%Y-%m-%d-%H%M%S", time.localtime(t)) + ".lsr.lock")
' "$lgames")
status=0
env -u XDG_DATA_HOME HOME="$tmp/locked" "$ls" play --plain --seed 3 </dev/null \
    >"$tmp/lk.out" 2>"$tmp/lk.err" || status=$?
release_locks
[ "$status" = 0 ] && [ "$(find "$lgames" -name '*-2.lsr' -size +0 | wc -l)" = 1 ] ||
    { cat "$tmp/lk.out" "$tmp/lk.err"; ls -a "$lgames"; fail "a new game did not pass over a name whose lock is held: status $status"; }
# A games directory where no record can be made: the player reads the
# real reason once. Where a file is in the directory's place, which file
# (it said only "Not a directory" of the record's name); it is left as
# it was.
mkdir -p "$tmp/gf/leastscore"
echo mine >"$tmp/gf/leastscore/games"
status=0
XDG_DATA_HOME="$tmp/gf" "$ls" play --plain --seed 3 </dev/null >"$tmp/gf.out" 2>"$tmp/gf.err" || status=$?
[ "$status" = 1 ] && [ "$(wc -l <"$tmp/gf.err")" = 1 ] &&
    grep -qE "^leastscore play: cannot make a file for the record \($tmp/gf/leastscore/games/[0-9-]+\.lsr\): $tmp/gf/leastscore/games is a file, not a directory\$" \
    "$tmp/gf.err" || { cat "$tmp/gf.err"; fail "a file in the games directory's place: status $status"; }
[ "$(cat "$tmp/gf/leastscore/games")" = mine ] || fail "the file in the games directory's place was changed"
# A games directory that cannot be written (where permissions hold: not
# for root): the reason, once, and no file left there.
mkdir -p "$tmp/gr/leastscore/games"
chmod 555 "$tmp/gr/leastscore/games"
if [ ! -w "$tmp/gr/leastscore/games" ]; then
    status=0
    XDG_DATA_HOME="$tmp/gr" "$ls" play --plain --seed 3 </dev/null >"$tmp/gr.out" 2>"$tmp/gr.err" || status=$?
    [ "$status" = 1 ] && [ "$(wc -l <"$tmp/gr.err")" = 1 ] &&
        grep -qE "^leastscore play: cannot make a file for the record \($tmp/gr/leastscore/games/[0-9-]+\.lsr\): Permission denied\$" \
        "$tmp/gr.err" || { cat "$tmp/gr.err"; fail "a games directory that cannot be written: status $status"; }
    [ -z "$(ls -A "$tmp/gr/leastscore/games")" ] || fail "a file was left in a games directory that cannot be written"
fi
chmod 755 "$tmp/gr/leastscore/games"
# Where FILE.lock cannot be made (something else in its place), the game
# went on unlocked and said nothing, so that two games could save over
# each other's moves. A directory or a symbolic link there (never
# followed) is refused as a locked record is (1), named, with what to
# do; the record and what is in the way are left as they were.
cp "$root/tests/data/in-progress.lsr" "$tmp/wd.lsr"
mkdir "$tmp/wd.lsr.lock"
resume wd
[ "$status" = 1 ] && grep -qxF "leastscore play: cannot lock $tmp/wd.lsr: $tmp/wd.lsr.lock, where its lock goes, is a directory (the lock keeps a second game from saving over this one); move it away, then play again" \
    "$tmp/wd.err" || { cat "$tmp/wd.err"; fail "a directory in the place of FILE.lock: status $status"; }
cmp -s "$tmp/wd.lsr" "$root/tests/data/in-progress.lsr" && [ -d "$tmp/wd.lsr.lock" ] ||
    fail "a refused --resume changed the record or the directory in its lock's place"
cp "$root/tests/data/in-progress.lsr" "$tmp/wl.lsr"
ln -s "$tmp/nowhere" "$tmp/wl.lsr.lock"
resume wl
[ "$status" = 1 ] && grep -qxF "leastscore play: cannot lock $tmp/wl.lsr: $tmp/wl.lsr.lock, where its lock goes, is a symbolic link (the lock keeps a second game from saving over this one); move it away, then play again" \
    "$tmp/wl.err" || { cat "$tmp/wl.err"; fail "a symbolic link in the place of FILE.lock: status $status"; }
[ ! -e "$tmp/nowhere" ] && [ -L "$tmp/wl.lsr.lock" ] &&
    cmp -s "$tmp/wl.lsr" "$root/tests/data/in-progress.lsr" ||
    fail "a refused --resume made the file a symbolic link in its lock's place names, or changed the record"
# Where permissions hold (as uid 65534 when the tests run as root): a
# lock file the player may not write (another user's) is locked all the
# same (flock needs no write access): while another game holds it, the
# record is refused as being played (it was played unlocked), and once
# it is free the game takes it and removes it at its end. A directory
# the player may not write makes no lock, and no save: the first save
# refuses, saying what to do (--record NEWFILE); no lock is said.
if [ "$(id -u)" = 0 ]; then
    player() { setpriv --reuid 65534 --regid 65534 --clear-groups "$@"; }
else
    player() { "$@"; }
fi
pd=$tmp/perm
mkdir "$pd"
cp "$root/tests/data/in-progress.lsr" "$pd/ro.lsr"
if [ "$(id -u)" = 0 ]; then
    chmod 711 "$tmp"
    chown -R 65534 "$pd"
fi
hold_locks ro "$pd/ro.lsr.lock"
chmod 444 "$pd/ro.lsr.lock"
status=0
player "$ls" play --plain --resume "$pd/ro.lsr" </dev/null >"$tmp/ro.out" 2>"$tmp/ro.err" || status=$?
release_locks
[ "$status" = 1 ] && grep -qxF "leastscore play: $pd/ro.lsr is being played by another leastscore play (process $holder); go on there, or quit that one first" \
    "$tmp/ro.err" || { cat "$tmp/ro.out" "$tmp/ro.err"; fail "a held lock file the player may not write: status $status"; }
cmp -s "$pd/ro.lsr" "$root/tests/data/in-progress.lsr" || fail "a refused --resume changed the record"
status=0
player "$ls" play --plain --resume "$pd/ro.lsr" </dev/null >"$tmp/ro.out" 2>"$tmp/ro.err" || status=$?
[ "$status" = 0 ] && [ ! -e "$pd/ro.lsr.lock" ] ||
    { cat "$tmp/ro.err"; ls -al "$pd"; fail "a free lock file the player may not write was not taken and removed: status $status"; }
mkdir "$tmp/rd"
cp "$root/tests/data/in-progress.lsr" "$tmp/rd/r.lsr"
chmod 555 "$tmp/rd"
status=0
player "$ls" play --plain --resume "$tmp/rd/r.lsr" </dev/null >"$tmp/rd.out" 2>"$tmp/rd.err" || status=$?
chmod 755 "$tmp/rd"
[ "$status" = 1 ] && [ "$(wc -l <"$tmp/rd.err")" = 1 ] &&
    grep -qxF "leastscore play: cannot write $tmp/rd/r.lsr: Permission denied; the record there is left as it was: to go on with the match saved elsewhere, add --record NEWFILE" \
    "$tmp/rd.err" || { cat "$tmp/rd.err"; fail "a record in a directory the player may not write: status $status"; }
[ -z "$(find "$tmp/rd" ! -name r.lsr ! -path "$tmp/rd")" ] || fail "a file was left in a directory the player may not write"
# So on a read-only file system (a bind mount in a mount namespace of
# its own, where root may make one), a lock file left there by a kill
# included: it is locked, and the save says why it cannot be made (the
# lock file was refused as cannot be opened, with advice to move it away).
mkdir "$tmp/rofs"
cp "$root/tests/data/in-progress.lsr" "$tmp/rofs/r.lsr"
: >"$tmp/rofs/r.lsr.lock"
if [ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null; then
    status=0
    unshare -m sh -c 'mount --make-rprivate / && mount --bind -o ro "$1" "$1" && shift && exec "$@"' \
        - "$tmp/rofs" "$ls" play --plain --resume "$tmp/rofs/r.lsr" </dev/null \
        >"$tmp/rofs.out" 2>"$tmp/rofs.err" || status=$?
    [ "$status" = 1 ] && [ "$(wc -l <"$tmp/rofs.err")" = 1 ] &&
        grep -qxF "leastscore play: cannot write $tmp/rofs/r.lsr: Read-only file system; the record there is left as it was: to go on with the match saved elsewhere, add --record NEWFILE" \
        "$tmp/rofs.err" || { cat "$tmp/rofs.err"; fail "a record on a read-only file system, its lock file left there: status $status"; }
fi
echo "resume levels ok"
