#!/bin/sh
# leastscore storebench: runs against an SQLite file and, when PostgreSQL's
# server binaries are installed, a throwaway cluster; prints its figures,
# leaves no table in progress behind (a second run restores only its own),
# and refuses bad options (exit 2) and a store it cannot open (exit 1) with
# a message. No speed is checked here: docs/benchmarks.md has the figures.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
ls=${LEASTSCORE:-$root/build/leastscore}
tmp=$(mktemp -d)
pgdir=""
cleanup() {
    [ -n "$pgdir" ] && "$root/tools/pg-throwaway.sh" stop "$pgdir"
    rm -rf "$tmp"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$ls" storebench --help | grep -q -- '--restore' || fail "--help"

check_run() { # $1 store, $2 backend name
    "$ls" storebench --db "$1" --matches 1 --restore 5 --players 3 >"$tmp/out" ||
        { cat "$tmp/out"; fail "storebench on $2"; }
    grep -q "^store: $2\$" "$tmp/out" || { cat "$tmp/out"; fail "$2: backend line"; }
    grep -q '^moves: 1 match of 3 greedy players' "$tmp/out" ||
        { cat "$tmp/out"; fail "$2: moves line"; }
    grep -q 'sustained: [0-9]* moves/s' "$tmp/out" || { cat "$tmp/out"; fail "$2: rate"; }
    grep -q '^restore: 5 tables in progress' "$tmp/out" ||
        { cat "$tmp/out"; fail "$2: restore line"; }
}
check_run "$tmp/store.db" sqlite
check_run "$tmp/store.db" sqlite # the restored tables were dropped

# --reads: a store of a few hundred finished matches, then every read a
# player waits for, each figure present and above zero; --json is one
# object of the same figures. Values only, no speed.
"$ls" storebench --db "$tmp/reads.db" --reads 300 --seed 3 >"$tmp/out" ||
    { cat "$tmp/out"; fail "--reads"; }
grep -q '^reads: 300 finished matches of three seats, 7 people and greedy at a quarter (seed 3)' "$tmp/out" ||
    { cat "$tmp/out"; fail "--reads: its first line"; }
for label in "the leaderboard (100)" "greedy's profile" "a person's profile" \
             "a person's rank" "a person's first page of matches (20)" \
             "a page half way (before=)" "a match" "the rating history (200)" \
             "the start: tables in progress" "the start: matches whose file is pending"; do
    grep -F "  $label " "$tmp/out" | awk '{ exit !($NF + 0 > 0) }' ||
        { cat "$tmp/out"; fail "--reads: no figure above 0 for '$label'"; }
done
# A store that holds finished matches already is refused, exit 1, and
# left as it was (--reads added its matches to them, and said the figures
# were of its own number): asked twice, the count is still 300.
for again in 1 2; do
    set +e
    "$ls" storebench --db "$tmp/reads.db" --reads 300 >"$tmp/out" 2>"$tmp/err"
    rc=$?
    set -e
    [ "$rc" = 1 ] || { cat "$tmp/out" "$tmp/err"; fail "--reads on a store of 300 matches exited $rc, not 1 ($again)"; }
    grep -qx "leastscore storebench: the store holds 300 finished matches: --reads 300 makes a store of 300 and measures the reads on it, so give it a new one (a new SQLite file, or an empty PostgreSQL schema)" \
        "$tmp/err" || { cat "$tmp/err"; fail "--reads on a store of 300 matches: the message ($again)"; }
    [ ! -s "$tmp/out" ] || { cat "$tmp/out"; fail "--reads on a store of 300 matches printed ($again)"; }
done
"$ls" storebench --db "$tmp/reads-json.db" --reads 200 --json >"$tmp/json" ||
    { cat "$tmp/json"; fail "--reads --json"; }
python3 -c "import json, sys
d = json.load(open(sys.argv[1]))
keys = ['leaderboard', 'level_profile', 'person_profile', 'rank', 'matches_page',
        'matches_before', 'match', 'rating_history', 'start_tables', 'start_pending']
assert d['store'] == 'sqlite' and d['matches'] == 200 and d['best_of'] > 0, d
assert sorted(d['ms']) == sorted(keys), d['ms']
assert all(isinstance(d['ms'][k], float) and d['ms'][k] > 0 for k in keys), d['ms']" "$tmp/json" ||
    { cat "$tmp/json"; fail "--reads --json: not the object of every figure"; }
for c in "--reads 0:--reads: '0' is not a whole number from 1 to 100000" \
         "--reads x:--reads: 'x' is not a whole number from 1 to 100000" \
         "--json:--json is for --reads MATCHES" \
         "--reads 5 --matches 3:--matches measures the moves, --reads the reads: give one or the other"; do
    set +e
    # shellcheck disable=SC2086
    "$ls" storebench --db "$tmp/bad-reads.db" ${c%%:*} >"$tmp/out" 2>"$tmp/err"
    rc=$?
    set -e
    [ "$rc" = 2 ] || fail "'${c%%:*}' exited $rc, not 2"
    grep -qx -- "leastscore storebench: ${c#*:}" "$tmp/err" || { cat "$tmp/err"; fail "the message for ${c%%:*}"; }
    [ ! -s "$tmp/out" ] && [ ! -e "$tmp/bad-reads.db" ] || fail "'${c%%:*}' did something"
done

set +e
url=""
pgdir=$(mktemp -d /tmp/lspg.XXXXXX)
url=$("$root/tools/pg-throwaway.sh" start "$pgdir" fsync=off)
rc=$?
set -e
if [ "$rc" = 0 ]; then
    check_run "$url" postgresql
    # A schema of another program's tables is no store: refused, exit 1,
    # and left as it was (its tables were migrated into before).
    psql=$(command -v psql || true)
    if [ -n "$psql" ]; then
        "$psql" -qX "$url" -c "CREATE SCHEMA notes; CREATE TABLE notes.notes (id INTEGER, body TEXT); INSERT INTO notes.notes VALUES (1, 'kept')" ||
            fail "psql could not make a schema of other tables"
        objects="SELECT COUNT(*) FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace WHERE s.nspname = 'notes'"
        set +e
        "$ls" storebench --db "$url&options=-csearch_path%3Dnotes" --matches 1 \
            >"$tmp/out" 2>"$tmp/err"
        rc=$?
        set -e
        [ "$rc" = 1 ] || { cat "$tmp/err"; fail "a schema of other tables: exit $rc, not 1"; }
        grep -qxF "leastscore storebench: opening the store: the store, PostgreSQL database postgres schema notes, holds 1 table, none of them leastscore's (notes): give an empty schema or a leastscore store" "$tmp/err" ||
            { cat "$tmp/err"; fail "a schema of other tables: message"; }
        [ "$("$psql" -qXAt "$url" -c "$objects")" = 1 ] ||
            fail "a schema of other tables was changed"
    fi
else
    [ "$rc" = 77 ] || fail "the throwaway cluster did not start"
    rmdir "$pgdir" 2>/dev/null || true
    pgdir=""
    echo "storebench: PostgreSQL skipped (no throwaway cluster)"
fi

for bad in "" "--db $tmp/x.db --players 9" "--db $tmp/x.db --matches x" \
           "--db $tmp/x.db --matches 0" "--db $tmp/x.db --frobnicate" \
           "--db $tmp/x.db extra"; do
    set +e
    # shellcheck disable=SC2086
    "$ls" storebench $bad >"$tmp/out" 2>"$tmp/err"
    rc=$?
    set -e
    [ "$rc" = 2 ] || fail "'storebench $bad' exited $rc, not 2"
    [ -s "$tmp/err" ] || fail "'storebench $bad' said nothing"
    [ ! -s "$tmp/out" ] || fail "'storebench $bad' printed results"
done
# Number options say the words of every command's; storebench had its own
# ('--players must be 2 to 8, not 9', one sentence for --matches and
# --restore, 'needs a whole number' for --seed).
for c in "--players 9:--players: '9' is not a whole number from 2 to 8" \
         "--matches 0:--matches: '0' is not a whole number from 1 to 100000" \
         "--restore x:--restore: 'x' is not a whole number from 0 to 100000" \
         "--seed -1:--seed: '-1' is not a whole number from 0 to 2^64 - 1"; do
    # shellcheck disable=SC2086
    "$ls" storebench --db "$tmp/x.db" ${c%%:*} 2>&1 | grep -qx -- "leastscore storebench: ${c#*:}" ||
        fail "the message for ${c%%:*}"
done
set +e
"$ls" storebench --db /nonexistent-dir/x.db >"$tmp/out" 2>"$tmp/err"
rc=$?
set -e
[ "$rc" = 1 ] || fail "an unopenable store exited $rc, not 1"
grep -q "cannot open /nonexistent-dir/x.db" "$tmp/err" || { cat "$tmp/err"; fail "message"; }
# Nor is another program's SQLite file: refused, exit 1, kept byte for
# byte (it gained the store's tables, and a WAL header, before).
python3 -c "import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.executescript('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);'
                \"INSERT INTO notes VALUES (1, 'kept');\")
c.close()" "$tmp/other.db"
cp "$tmp/other.db" "$tmp/other.orig"
set +e
"$ls" storebench --db "$tmp/other.db" >"$tmp/out" 2>"$tmp/err"
rc=$?
set -e
[ "$rc" = 1 ] || { cat "$tmp/err"; fail "another program's file exited $rc, not 1"; }
grep -qxF "leastscore storebench: opening the store: $tmp/other.db is an SQLite database with 1 table, none of them leastscore's (notes): give an empty file or a leastscore store" "$tmp/err" ||
    { cat "$tmp/err"; fail "another program's file: message"; }
cmp -s "$tmp/other.db" "$tmp/other.orig" || fail "another program's file was changed"
# A directory is no store: said so, as a usage error (it was the store's
# 'cannot open DIR: unable to open database file', exit 1), with or
# without a slash at its end; nothing is made in it.
mkdir "$tmp/dir"
for d in "$tmp/dir" "$tmp/dir/"; do
    set +e
    "$ls" storebench --db "$d" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    set -e
    [ "$rc" = 2 ] || { cat "$tmp/err"; fail "--db $d (a directory) exited $rc, not 2"; }
    grep -qxF "leastscore storebench: --db '$d' is a directory: give an SQLite file in it (created if it does not exist) or a postgresql:// URL" "$tmp/err" ||
        { cat "$tmp/err"; fail "--db $d (a directory): message"; }
    [ ! -s "$tmp/out" ] && [ -z "$(ls -A "$tmp/dir")" ] || fail "--db $d (a directory): something was done"
done
# Nor is a device or a pipe (/dev/null was SQLite's 'disk I/O error').
mkfifo "$tmp/fifo"
for d in /dev/null:device "$tmp/fifo":pipe; do
    set +e
    "$ls" storebench --db "${d%:*}" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    set -e
    [ "$rc" = 2 ] || { cat "$tmp/err"; fail "--db ${d%:*} exited $rc, not 2"; }
    grep -qxF "leastscore storebench: --db '${d%:*}' is no regular file (a ${d##*:}): give an SQLite file (created if it does not exist) or a postgresql:// URL" "$tmp/err" ||
        { cat "$tmp/err"; fail "--db ${d%:*}: message"; }
done
# An empty --db is a usage error, as an empty name is in every command
# (it was 'opening the store: no database given', exit 1).
set +e
"$ls" storebench --db '' >"$tmp/out" 2>"$tmp/err"
rc=$?
set -e
[ "$rc" = 2 ] || { cat "$tmp/err"; fail "--db '' exited $rc, not 2"; }
grep -qx "leastscore storebench: --db needs an SQLite file or a postgresql:// URL, not an empty name" "$tmp/err" ||
    { cat "$tmp/err"; fail "--db '': message"; }
echo "storebench: ok"
