#!/bin/sh
# leastscore serve --db: the server keeps its matches in the database store
# (docs/store.md): it opens (and creates) the SQLite file, says so in its
# log, stops cleanly on SIGTERM; a database it cannot open is an error
# (exit 1) with the database's message. Matches played through the store
# are tested in tests/test_store_db.c (a server table, move by move).
set -eu
bin=${LEASTSCORE:?}
tmp=$(mktemp -d)
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
fail() { echo "serve_db: $*"; exit 1; }
. "$(cd "$(dirname "$0")" && pwd)/lib/serving.sh"

mkdir -p "$tmp/web"
echo '<!doctype html><title>t</title>' > "$tmp/web/index.html"
"$bin" serve --help | grep -q -- "--db FILE|URL" || fail "--help"

if "$bin" serve --db >"$tmp/out" 2>"$tmp/err"; then fail "--db without a value"; else rc=$?; fi
[ "$rc" -eq 2 ] || fail "exit $rc for --db without a value"
# A store in a directory that does not exist is said to be so (it was
# 'its directory cannot be written here: No such file or directory'), and
# the data directory this start made goes with it: the default one in the
# user's home (here a HOME of the test's), and one given with --data,
# parents and all; one that was there stays.
mkdir -p "$tmp/home" "$tmp/there"
for data in default "$tmp/made/a/data/" "$tmp/there"; do
    if [ "$data" = default ]; then set --; else set -- --data "$data"; fi
    if HOME="$tmp/home" XDG_DATA_HOME='' "$bin" serve --listen 127.0.0.1:0 --web "$tmp/web" \
            --db /nonexistent-dir/x.db "$@" >"$tmp/out" 2>"$tmp/err"; then
        fail "accepted a database it cannot open"
    else
        rc=$?
    fi
    [ "$rc" -eq 1 ] || fail "exit $rc (want 1) for a database it cannot open"
    grep -qxF "leastscore serve: sqlite: cannot open /nonexistent-dir/x.db: unable to open database file (its directory does not exist: the store makes its file there, not the directory)" \
        "$tmp/err" || { cat "$tmp/err"; fail "message"; }
done
[ -z "$(ls -A "$tmp/home")" ] || fail "a start that failed left $(find "$tmp/home")"
[ ! -e "$tmp/made" ] || fail "a start that failed left $(find "$tmp/made")"
[ -d "$tmp/there" ] || fail "a start that failed removed the data directory that was there"

# A file that is not a leastscore store is refused, exit 1, saying what
# it found, and kept byte for byte: another program's SQLite database
# (the migrations used to add the store's tables to it, and the switch
# to WAL rewrote its header), a text file, a picture.
python3 -c "import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.executescript('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);'
                'CREATE TABLE tags (note INTEGER, tag TEXT);'
                'CREATE TABLE users (name TEXT);'
                \"INSERT INTO notes VALUES (1, 'kept');\")
c.close()" "$tmp/other.db"
printf 'my notes, not a database\n' > "$tmp/notes.txt"
printf '\211PNG\r\n\032\n\0\0\0\rIHDR\0\0\0\1\0\0\0\1\10\6\0\0\0' > "$tmp/pic.png"
# A database cut short (a copy taken while it was written) is refused
# with SQLite's words and what to do, and kept as it is too.
head -c 50 "$tmp/other.db" > "$tmp/cut.db"
for f in other.db notes.txt pic.png cut.db; do
    cp "$tmp/$f" "$tmp/$f.orig"
    if timeout "$serve_start_s" "$bin" serve --listen 127.0.0.1:0 --web "$tmp/web" \
            --data "$tmp/data-$f" --db "$tmp/$f" >"$tmp/out" 2>"$tmp/err"; then
        fail "served the store $f"
    else
        rc=$?
    fi
    [ "$rc" -eq 1 ] || { cat "$tmp/err"; fail "$f: exit $rc (want 1)"; }
    case $f in
    other.db) want="leastscore serve: $tmp/other.db is an SQLite database with 3 tables, none of them leastscore's (notes, tags, users): give an empty file or a leastscore store" ;;
    cut.db) want="leastscore serve: $tmp/cut.db: sqlite: database disk image is malformed (the file is damaged or cut short: put back a copy from before the damage, or give another file)" ;;
    *) want="leastscore serve: $tmp/$f is not an SQLite database (SQLite: file is not a database): give an empty file or a leastscore store" ;;
    esac
    grep -qxF "$want" "$tmp/err" || fail "$f: $(cat "$tmp/err")"
    [ ! -s "$tmp/out" ] || fail "$f: printed $(cat "$tmp/out")"
    cmp -s "$tmp/$f" "$tmp/$f.orig" || fail "the refused server changed $f"
    [ ! -e "$tmp/$f-wal" ] && [ ! -e "$tmp/$f-shm" ] && [ ! -e "$tmp/$f-journal" ] ||
        fail "the refused server left $(ls "$tmp" | grep -F "$f-")"
done
# An empty file is made a store.
: > "$tmp/empty.db"
"$bin" serve --listen 127.0.0.1:0 --web "$tmp/web" --data "$tmp/data-empty" \
    --db "$tmp/empty.db" >"$tmp/out" 2>"$tmp/err" &
pid=$!
wait_serving "$pid" "$tmp/out" "$tmp/err" || fail "--db an empty file: $why"
kill -TERM "$pid"
wait "$pid" || fail "exit $? after SIGTERM (an empty file)"
pid=""

# The last server's out and err go first: the shell truncates them only
# once the new one is forked, and wait_serving, reading before that, took
# the last one's "serving" for this one's (SIGTERM then came before the
# server's handler: exit 143, or its store line was missing).
rm -f "$tmp/out" "$tmp/err"
"$bin" serve --listen 127.0.0.1:0 --web "$tmp/web" --db "$tmp/store.db" \
    >"$tmp/out" 2>"$tmp/err" &
pid=$!
wait_serving "$pid" "$tmp/out" "$tmp/err" || fail "--db $tmp/store.db: $why"
grep -q "matches are kept in the sqlite store $tmp/store.db" "$tmp/err" ||
    { cat "$tmp/err"; fail "no store line in the log"; }
# One server a store: a second server with a data directory of its own
# on the same --db would restore the first's tables in progress and play
# them beside it, both appending to the same records. It is refused,
# exit 1, naming the store, before it reads or writes anything of it, and
# the first goes on serving.
port=$(sed -n 's|.*http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$tmp/out")
sums() { cat "$tmp/store.db" "$tmp/store.db-wal" 2>/dev/null | cksum; }
before=$(sums)
if timeout "$serve_start_s" "$bin" serve --listen 127.0.0.1:0 --web "$tmp/web" --data "$tmp/data2" \
        --db "$tmp/store.db" >"$tmp/out2" 2>"$tmp/err2"; then
    fail "a second server on $tmp/store.db ran"
else
    rc=$?
fi
[ "$rc" -eq 1 ] || { cat "$tmp/err2"; fail "store in use: exit $rc (want 1)"; }
grep -qF "leastscore serve: the store $tmp/store.db is in use by another server (it holds the file's lock): stop that one first" "$tmp/err2" ||
    fail "store in use: $(cat "$tmp/err2")"
[ ! -s "$tmp/out2" ] || fail "store in use: printed $(cat "$tmp/out2")"
[ "$(sums)" = "$before" ] || fail "the refused server changed the store"
c=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/")
[ "$c" = 200 ] || fail "the first server after the second was refused: $c"
# The lock goes with its server however it ends: after a kill -9 a server
# started at once on the same store serves.
kill -KILL "$pid"
wait "$pid" 2>/dev/null || true
rm -f "$tmp/out" "$tmp/err"
"$bin" serve --listen 127.0.0.1:0 --web "$tmp/web" --data "$tmp/data2" --db "$tmp/store.db" \
    >"$tmp/out" 2>"$tmp/err" &
pid=$!
wait_serving "$pid" "$tmp/out" "$tmp/err" || fail "started again after kill -9 on the same store: $why"
kill -TERM "$pid"
wait "$pid" || fail "exit $? after SIGTERM"
pid=""
grep -q "stopped; 0 matches finished into the store" "$tmp/err" ||
    { cat "$tmp/err"; fail "no stop message"; }
v=$(python3 -c "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT MAX(version) FROM schema_version').fetchone()[0])" "$tmp/store.db")
[ "$v" -ge 1 ] 2>/dev/null || fail "schema version '$v' in the new database"
# A store a newer leastscore made (its schema a version above this
# program's) is refused, exit 1, in one line naming the file and what to
# run on it, and kept byte for byte (it said 'the database's schema is
# version N...' without saying which database).
cp "$tmp/store.db" "$tmp/newer.db"
python3 -c "import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute('INSERT INTO schema_version VALUES (?, 0)', (int(sys.argv[2]) + 1,))
c.commit()
c.close()" "$tmp/newer.db" "$v"
cp "$tmp/newer.db" "$tmp/newer.orig"
if timeout "$serve_start_s" "$bin" serve --listen 127.0.0.1:0 --web "$tmp/web" \
        --data "$tmp/data-newer" --db "$tmp/newer.db" >"$tmp/out" 2>"$tmp/err"; then
    fail "served a store of a newer schema"
else
    rc=$?
fi
[ "$rc" -eq 1 ] || { cat "$tmp/err"; fail "newer schema: exit $rc (want 1)"; }
want="leastscore serve: $tmp/newer.db: its schema is version $((v + 1)), newer than this program's $v (a newer leastscore made it): run that one or a newer one on it; it is left as it was"
grep -qxF "$want" "$tmp/err" || fail "newer schema: $(cat "$tmp/err")"
[ "$(wc -l < "$tmp/err")" -eq 1 ] || fail "newer schema: more than one line: $(cat "$tmp/err")"
[ ! -s "$tmp/out" ] || fail "newer schema: printed $(cat "$tmp/out")"
cmp -s "$tmp/newer.db" "$tmp/newer.orig" || fail "the refused server changed newer.db"
echo "serve_db ok"
