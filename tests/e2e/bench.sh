#!/bin/sh
# leastscore bench: a fixed number of matches is the same work for a seed;
# computer players (the expert too, told every move) play through it; bad
# options exit 2 with a message that names the option; on a terminal a
# progress line shows how far it has come. storebench keeps off a store
# in use. No speed is checked here: speed
# is measured by running the benchmark (README, Speed).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
ls=${LEASTSCORE:-$root/build/leastscore}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$ls" bench --help | grep -q -- '--matches' || fail "--help"

# Fixed work: the same seed plays the same matches.
"$ls" bench --matches 50 --seed 3 >"$tmp/a" || fail "bench failed"
"$ls" bench --matches 50 --seed 3 >"$tmp/b" || fail "bench failed"
grep -q '^matches *50 ' "$tmp/a" || { cat "$tmp/a"; fail "50 matches"; }
grep -q '^decisions/s ' "$tmp/a" || { cat "$tmp/a"; fail "no rate"; }
d1=$(grep '^decisions ' "$tmp/a" | awk '{print $2}')
d2=$(grep '^decisions ' "$tmp/b" | awk '{print $2}')
[ "$d1" -gt 0 ] && [ "$d1" = "$d2" ] || fail "decisions $d1 then $d2"

# Computer players, asked through their views.
"$ls" bench --player greedy --players 3 --matches 5 >"$tmp/g" || fail "greedy"
grep -q '^player *greedy' "$tmp/g" || { cat "$tmp/g"; fail "greedy table"; }
"$ls" bench --player expert:iters=20 --players 2 --matches 1 >"$tmp/e" ||
    fail "expert"
grep -q '^decisions/s *[0-9]' "$tmp/e" || { cat "$tmp/e"; fail "expert rate"; }

# Bad options: exit 2, a message naming what was wrong, nothing on stdout.
for bad in "--players 9" "--players x" "--seconds -1" "--matches 0x" \
           "--seed -1" "--player bogus" "--player expert:iters=0" "--player cmd:true" \
           "--player greedy:" "--player expert:iters=5," "--frobnicate"; do
    set +e
    # shellcheck disable=SC2086
    "$ls" bench $bad --matches 1 >"$tmp/out" 2>"$tmp/err"
    rc=$?
    set -e
    [ "$rc" = 2 ] || fail "'bench $bad' exited $rc, not 2"
    [ -s "$tmp/err" ] || fail "'bench $bad' said nothing"
    [ ! -s "$tmp/out" ] || fail "'bench $bad' printed results"
done
# Number options say the words of every command's ('--players: '9' is not
# a whole number from 2 to 8'); bench had words of its own.
for c in "--players 9:--players: '9' is not a whole number from 2 to 8" \
         "--matches 0:--matches: '0' is not a whole number from 1 to 1000000000000" \
         "--matches 1000000000001:--matches: '1000000000001' is not a whole number from 1 to 1000000000000"; do
    # shellcheck disable=SC2086
    "$ls" bench ${c%%:*} 2>&1 | grep -qx -- "leastscore bench: ${c#*:}" || fail "the message for ${c%%:*}"
done
# A colon with nothing after it was benched with the defaults.
"$ls" bench --player greedy: --matches 1 2>&1 | grep -q -- "^leastscore bench: 'greedy:' has nothing after its colon" ||
    fail "the message for greedy:"
# --seconds and --matches together are refused (--matches won without a
# word); a value left out is said to be missing (it was an 'unknown
# option'); a number of seconds is written from its first character, as
# every other number is (' 1' and '+1' were taken).
# Nor are a hexadecimal number or an exponent, which strtod reads ('0x10'
# ran for 16 seconds).
for bad in "--seconds 1 --matches 5" "--seconds +1" "--seconds" "--seconds 0x10" \
           "--seconds 0x1p-1" "--seconds 1e-1" "--seconds 1..5"; do
    set +e
    # shellcheck disable=SC2086
    "$ls" bench $bad >"$tmp/out" 2>"$tmp/err"
    rc=$?
    set -e
    [ "$rc" = 2 ] || fail "'bench $bad' exited $rc, not 2"
    [ ! -s "$tmp/out" ] || fail "'bench $bad' printed results"
done
"$ls" bench --seconds 1 --matches 5 2>&1 | grep -q -- "--seconds and --matches cannot go together" ||
    fail "the --seconds with --matches message"
"$ls" bench --seconds ' 1' 2>&1 | grep -qF -- "--seconds: ' 1' is not written in digits with at most one '.' (such as 2.5 or 0.05): give the seconds, more than 0 and at most 3600" ||
    fail "the --seconds ' 1' message"
"$ls" bench --matches 2 --seconds 2>&1 | grep -q -- "^leastscore bench: --seconds needs a value$" ||
    fail "the missing value message"
"$ls" bench --se 1 2>&1 | grep -q -- "^leastscore bench: '--se' is short for more than one option (--seconds, --seed): write more of it$" ||
    fail "the ambiguous --se message"
"$ls" bench --seconds 0x10 2>&1 | grep -qF -- "--seconds: '0x10' is not written in digits with at most one '.' (such as 2.5 or 0.05): give the seconds, more than 0 and at most 3600" ||
    fail "the --seconds 0x10 message"
"$ls" bench --seconds .05 >/dev/null || fail "--seconds .05"
# The message for 0 does not offer 0.
"$ls" bench --seconds 0 2>&1 | grep -qx -- "leastscore bench: --seconds: '0' is not more than 0 and at most 3600" ||
    fail "the --seconds message"
# A number written otherwise is told so: '1e-9' was 'not a number more
# than 0 and at most 3600', which it is.
"$ls" bench --seconds 1e-9 2>&1 | grep -qxF -- "leastscore bench: --seconds: '1e-9' is not written in digits with at most one '.' (such as 2.5 or 0.05): give the seconds, more than 0 and at most 3600" ||
    fail "the --seconds 1e-9 message"
"$ls" bench --seconds 3600.5 2>&1 | grep -qx -- "leastscore bench: --seconds: '3600.5' is not more than 0 and at most 3600" ||
    fail "the --seconds 3600.5 message"
# --seconds is kept away from a terminal too, however slow a match: the
# clock was read every 16 matches there, so that --seconds 1 of an expert
# (a match of 2 s or so) ran 16 matches, 39 s, and said '(0 per second)'.
# The count says so whatever the machine's speed (a wall-clock bound on
# the run did not, and is not this test's to set); timeout only bounds a
# hang.
timeout 120 "$ls" bench --player expert:iters=100 --players 2 --seconds 1 >"$tmp/slow" 2>&1 ||
    { cat "$tmp/slow"; fail "bench of an expert for 1 s"; }
grep -qE '^matches +[1-9][0-9]* \([0-9]+\.[0-9][0-9] per second\)$' "$tmp/slow" &&
    ! grep -q '^matches  *16 ' "$tmp/slow" ||
    { cat "$tmp/slow"; fail "bench --seconds 1 of an expert: matches not counted, or the clock read every 16"; }
# A cmd: bot is refused as such (it was an "unknown player kind 'cmd'"),
# and the message says where bots are timed.
"$ls" bench --player "cmd:python3 bot.py" --matches 1 2>&1 |
    grep -qF -- "--player cmd:python3 bot.py: bench times the engine and its built-in players on one core, not programs; 'leastscore sim' plays cmd: bots" ||
    fail "the cmd: message"
# --seed is refused in the same words as by sim, arena and play.
"$ls" bench --seed -1 2>&1 | grep -q -- "--seed: '-1' is not a whole number from 0 to 2^64 - 1" ||
    fail "the --seed message"
# storebench refuses a store that holds tables in progress (a server's):
# it wrote its players' matches beside them, and its restore dropped every
# table in progress, the server's too, counted as its own ('restore: 3
# tables' when 2 were asked). Nothing is written: the table is kept, no
# match or player added. A store another process holds (a server's lock)
# is refused as a second server is, not written beside it.
sb=$tmp/store.db
"$ls" storebench --db "$sb" --matches 1 --restore 1 --players 2 >/dev/null ||
    fail "storebench on a new store"
rows() {
    python3 -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
print(*(c.execute("SELECT count(*) FROM " + t).fetchone()[0]
        for t in ("live_tables", "live_lines", "matches", "players")))' "$sb"
}
python3 -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("INSERT INTO live_tables (id, code, meta, created_at, host) VALUES (999, \x27REAL\x27, \x27{}\x27, 0, 0)")
for line in open(sys.argv[2]).read().splitlines():
    c.execute("INSERT INTO live_lines (table_id, line) VALUES (999, ?)", (line,))
c.commit()' "$sb" "$root/tests/data/in-progress.lsr"
before=$(rows)
status=0
"$ls" storebench --db "$sb" --matches 1 --restore 2 --players 2 >"$tmp/out" 2>"$tmp/err" || status=$?
[ "$status" = 1 ] || { cat "$tmp/out" "$tmp/err"; fail "storebench on a store with a table in progress: status $status"; }
grep -qxF "leastscore storebench: the store holds 1 table in progress (a server's store?): storebench writes into the store it measures, so give it a throwaway one (a new SQLite file, or an empty PostgreSQL schema)" \
    "$tmp/err" || { cat "$tmp/err"; fail "the message for a store in use"; }
[ ! -s "$tmp/out" ] || { cat "$tmp/out"; fail "storebench printed results for a store in use"; }
[ "$(rows)" = "$before" ] || fail "storebench changed a store in use: $before, then $(rows)"
rm "$sb"*
"$ls" storebench --db "$sb" --matches 1 --restore 0 --players 2 >/dev/null ||
    fail "storebench on a new store"
before=$(rows)
status=0
python3 -c 'import fcntl, subprocess, sys
with open(sys.argv[1]) as f:
    fcntl.flock(f, fcntl.LOCK_EX)
    sys.exit(subprocess.run(sys.argv[3:], stdout=open(sys.argv[2], "w"),
                            stderr=subprocess.STDOUT, timeout=60).returncode)' \
    "$sb" "$tmp/held" "$ls" storebench --db "$sb" --matches 1 --restore 0 --players 2 || status=$?
grep -qxF "leastscore storebench: opening the store: the store $sb is in use by another server (it holds the file's lock)" \
    "$tmp/held" && [ "$status" = 1 ] || { cat "$tmp/held"; fail "storebench on a held store: status $status"; }
[ "$(rows)" = "$before" ] || fail "storebench wrote into a held store: $before, then $(rows)"
# On a terminal, a count of matches too large to wait for shows how far
# it has come, redrawn in place on one line (it ran silent); a pipe gets
# no such line.
"$ls" bench --matches 20 2>"$tmp/err" >/dev/null || fail "bench --matches 20"
[ ! -s "$tmp/err" ] || { cat "$tmp/err"; fail "a progress line went to a file"; }
. "$root/tests/e2e/lib/tmux.sh"
trap '$T kill-server 2>/dev/null || true; rm -rf "$tmp"' EXIT
$T new-session -d -s huge -x 100 -y 10 "\"$ls\" bench --matches 1000000000000; sleep 60"
wait_for huge "/1000000000000 matches, " 60
on_screen -E '^bench: [0-9]+/1000000000000 matches, [0-9]+ per second, ETA [0-9]+h' \
    "no progress line"
[ "$(grep -c 'matches, ' "$tmp/screen")" = 1 ] || screen_fail "the progress took more than one line"
# ... and it moves on.
first=$(sed -n 's|^bench: \([0-9]*\)/.*|\1|p' "$tmp/screen")
i=0
while :; do
    $T capture-pane -p -t huge >"$tmp/screen" 2>/dev/null || true
    now=$(sed -n 's|^bench: \([0-9]*\)/.*|\1|p' "$tmp/screen")
    [ -n "$now" ] && [ "$now" -gt "$first" ] && break
    i=$((i + 1))
    [ "$i" -lt 600 ] || screen_fail "the progress did not move from $first"
    sleep 0.05
done
$T kill-session -t huge
echo "bench: ok"
