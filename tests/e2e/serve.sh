#!/bin/sh
# leastscore serve as a command: strict options (exit 2 with a clear
# message), the one line on stdout with the real port when port 0 is asked,
# the client's files over HTTP (no path outside the web directory), and a
# clean stop on SIGTERM (exit 0). The protocol itself is tested by the node
# tests in tests/server/.
set -eu
bin=${LEASTSCORE:?}
tmp=$(mktemp -d)
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
fail() { echo "serve: $*"; exit 1; }
. "$(cd "$(dirname "$0")" && pwd)/lib/serving.sh"

expect_usage() { # expect_usage "what the message says" args...
    want=$1; shift
    if "$bin" serve "$@" >"$tmp/out" 2>"$tmp/err"; then fail "accepted: $*"; else rc=$?; fi
    [ "$rc" -eq 2 ] || fail "exit $rc (want 2) for: $*"
    grep -q -- "$want" "$tmp/err" || { cat "$tmp/err"; fail "no '$want' for: $*"; }
}
mkdir -p "$tmp/web/sub" "$tmp/data"
echo '<!doctype html><title>t</title>' > "$tmp/web/index.html"
echo 'export {}' > "$tmp/web/sub/app.js"
echo 'secret' > "$tmp/secret.txt"
expect_usage "unknown option '--bogus'" --bogus
expect_usage "is not HOST:PORT" --listen 8080
expect_usage "port: 'x' is not a whole number from 0 to 65535" --listen 127.0.0.1:x
expect_usage "from 0 to 65535" --listen 127.0.0.1:70000
# An IPv6 address is written in brackets, as in a URL.
expect_usage "'::1:0': an IPv6 address is written in brackets, such as \[::1\]:8080" --listen ::1:0
expect_usage "'\[::1\]0' is not \[IPV6\]:PORT" --listen '[::1]0'
expect_usage "'\[\]:8080' is not \[IPV6\]:PORT" --listen '[]:8080'
expect_usage "--listen's port: 'x' is not a whole number from 0 to 65535" --listen '[::1]:x'
expect_usage "--grace: '0' is not a whole number from 1" --grace 0
expect_usage "--bot-delay" --bot-delay -5
expect_usage "--workers" --workers 0
expect_usage "--max-connections-per-address: '0' is not a whole number from 1 to 1000000" --max-connections-per-address 0
expect_usage "--idle-timeout: '1' is not a whole number from 2 to 3600" --idle-timeout 1
expect_usage "--max-queue: '255' is not a whole number from 256 to 1048576" --max-queue 255
expect_usage "--grace: ' 5' is not a whole number from 1" --grace ' 5'
expect_usage "--listen's port: '+80' is not a whole number from 0 to 65535" --listen 127.0.0.1:+80
expect_usage "needs a value" --data
# An empty name (an unset variable) is the command's mistake: exit 2, not
# a store or directory that failed (exit 1, 'no database given').
expect_usage "--db needs an SQLite file or a postgresql:// URL, not an empty name" --db ''
# A directory or a device is said to be one, as storebench says it: it was
# SQLite's 'cannot open DIR: unable to open database file' and '/dev/null:
# sqlite: disk I/O error', exit 1, which do not say what was wrong.
expect_usage "--db '$tmp/data' is a directory: give an SQLite file in it (created if it does not exist) or a postgresql:// URL" \
    --db "$tmp/data" --data "$tmp/data" --web "$tmp/web"
expect_usage "--db '$tmp/data/' is a directory" --db "$tmp/data/" --data "$tmp/data" --web "$tmp/web"
expect_usage "--db '/dev/null' is no regular file (a device): give an SQLite file" \
    --db /dev/null --data "$tmp/data" --web "$tmp/web"
[ -z "$(ls -A "$tmp/data")" ] || fail "a refused --db made files in the data directory: $(ls -A "$tmp/data")"
expect_usage "--data needs a directory, not an empty name" --data ''
expect_usage "--web needs a directory, not an empty name" --web ''
expect_usage "--origin: 'example.org' is not an origin: write http://HOST" --origin example.org
expect_usage "'https://example.org/' is not an origin" --origin https://a.org,https://example.org/
expect_usage "--origin: an empty entry in 'https://a.org,,https://b.org'" --origin https://a.org,,https://b.org
expect_usage "--trust-proxy: '10.0.0' is not an IP address (such as 127.0.0.1 or ::1)" --trust-proxy 127.0.0.1,10.0.0
expect_usage "--trust-proxy: an empty entry in '::1, ,127.0.0.1'" --trust-proxy '::1, ,127.0.0.1'
expect_usage "--trust-proxy: more than 16 addresses" --trust-proxy "$(seq -s, -f '10.0.0.%g' 1 17)"
expect_usage "is not a directory" --web "$tmp/none"
expect_usage "--web: '$tmp/data' has no index.html" --web "$tmp/data"
if "$bin" serve --listen 127.0.0.1:0 --web "$tmp/web" --data "$tmp/secret.txt" \
    >"$tmp/out" 2>"$tmp/err"; then fail "a file as --data was accepted"; else rc=$?; fi
[ "$rc" -eq 1 ] || fail "a file as --data: exit $rc (want 1)"
grep -q "the data directory $tmp/secret.txt is not a directory" "$tmp/err" ||
    { cat "$tmp/err"; fail "a file as --data: message"; }
expect_usage "unexpected argument" extra
"$bin" serve --help | grep -q -- "--max-connections-per-address" || fail "--help"

"$bin" serve --listen 127.0.0.1:0 --web "$tmp/web" --data "$tmp/data" \
    >"$tmp/out" 2>"$tmp/err" &
pid=$!
wait_serving "$pid" "$tmp/out" "$tmp/err" || fail "127.0.0.1:0: $why"
line=$(cat "$tmp/out")
echo "$line" | grep -Eq '^leastscore: serving http://127\.0\.0\.1:[1-9][0-9]*/$' || fail "line: $line"
url=${line#leastscore: serving }
code() { curl -s --path-as-is -o /dev/null -w '%{http_code} %{content_type}' "$url$1"; }
[ "$(code '')" = "200 text/html; charset=utf-8" ] || fail "/ gives $(code '')"
# A table link is the client's page, also with a slash added or a code
# that is no table's (the page says so on joining); nothing else under /t/.
for link in t/K7QF2 t/k7qf2/ t/bad; do
    [ "$(code $link)" = "200 text/html; charset=utf-8" ] || fail "/$link gives $(code $link)"
done
[ "$(code sub/app.js)" = "200 text/javascript; charset=utf-8" ] || fail "app.js: $(code sub/app.js)"
for bad in ../secret.txt sub/../../secret.txt %2e%2e/secret.txt .hidden nope.html t/ t/a.b t/a/b t/abcdefghijklmnopq ws; do
    c=$(code "$bad"); [ "${c%% *}" = 404 ] || fail "/$bad gives $c"
done
# A second server on the same port cannot listen: exit 1 with a message
# that says why, in one line, and before it makes its data directory or
# its store (it made both, then failed).
port=${url##*:}; port=${port%/}
if timeout "$serve_start_s" "$bin" serve --listen "127.0.0.1:$port" --web "$tmp/web" \
    --data "$tmp/data2" >"$tmp/out2" 2>"$tmp/err2"; then
    fail "a second server on port $port ran"; else rc=$?; fi
[ "$rc" -eq 1 ] || fail "port in use: exit $rc (want 1)"
grep -q "cannot listen on 127.0.0.1:$port: .*another program, or another server, listens there" \
    "$tmp/err2" || fail "port in use: $(cat "$tmp/err2")"
[ "$(wc -l < "$tmp/err2")" -eq 1 ] || fail "port in use: more than one line: $(cat "$tmp/err2")"
[ ! -s "$tmp/out2" ] || fail "port in use: printed $(cat "$tmp/out2")"
[ ! -e "$tmp/data2" ] || fail "port in use: made $(find "$tmp/data2")"
# A second server on the same data directory is refused before it opens
# the store (it would restore the first's tables in progress and play
# them beside it, both writing one record): exit 1 naming the directory,
# and the first goes on serving.
if timeout "$serve_start_s" "$bin" serve --listen 127.0.0.1:0 --web "$tmp/web" --data "$tmp/data" \
    >"$tmp/out2" 2>"$tmp/err2"; then fail "a second server on $tmp/data ran"; else rc=$?; fi
[ "$rc" -eq 1 ] || fail "data directory in use: exit $rc (want 1)"
grep -qF "the data directory $tmp/data is in use by another server" "$tmp/err2" ||
    fail "data directory in use: $(cat "$tmp/err2")"
[ ! -s "$tmp/out2" ] || fail "data directory in use: printed $(cat "$tmp/out2")"
[ "$(code '')" = "200 text/html; charset=utf-8" ] || fail "/ after a second server: $(code '')"
kill -TERM "$pid"
wait "$pid" || fail "exit $? after SIGTERM"
pid=""
grep -q "stopped" "$tmp/err" || fail "no stop message"

# What is not an address or a name of one is refused before anything
# listens: an interface name ('lo') was taken as an address.
for host in lo 'fe80::zz'; do
    case $host in *:*) shown="[$host]" ;; *) shown=$host ;; esac
    if "$bin" serve --listen "$shown:0" --web "$tmp/web" --data "$tmp/data" \
        >"$tmp/out3" 2>"$tmp/err3"; then fail "--listen $shown:0 ran"; else rc=$?; fi
    [ "$rc" -eq 1 ] || fail "--listen $shown:0: exit $rc (want 1)"
    grep -qF "cannot listen on $shown:0: $host is not an IP address or a name of one" "$tmp/err3" ||
        fail "--listen $shown:0: $(cat "$tmp/err3")"
    [ ! -s "$tmp/out3" ] || fail "--listen $shown:0 printed $(cat "$tmp/out3")"
done
# An address that is not this machine's (TEST-NET, RFC 5737 and 3849), and
# a port below 1024 for a user without privilege (as nobody, when run as
# root with runuser and the system keeps such ports privileged), are
# refused in one line saying what to give, before the data directory or
# the store is made, and nothing listens.
check_unlistenable() { # check_unlistenable SHOWN-ADDRESS WANT [runuser -u nobody --]
    where=$1 want=$2; shift 2
    if "$@" "$bin" serve --listen "$where" --web "$tmp/web" --data "$tmp/data6" \
        >"$tmp/out6" 2>"$tmp/err6"; then fail "--listen $where ran"; else rc=$?; fi
    [ "$rc" -eq 1 ] || fail "--listen $where: exit $rc (want 1): $(cat "$tmp/err6")"
    grep -qF "leastscore serve: cannot listen on $where: " "$tmp/err6" &&
        grep -qF "$want" "$tmp/err6" || fail "--listen $where: $(cat "$tmp/err6")"
    [ "$(wc -l < "$tmp/err6")" -eq 1 ] || fail "--listen $where: more than one line: $(cat "$tmp/err6")"
    [ ! -s "$tmp/out6" ] || fail "--listen $where printed $(cat "$tmp/out6")"
    [ ! -e "$tmp/data6" ] || fail "--listen $where: made $(find "$tmp/data6")"
}
check_unlistenable 192.0.2.7:8080 \
    "(192.0.2.7 is not an address of this machine: give one of its own, 127.0.0.1 for"
if [ -s /proc/net/if_inet6 ]; then
    check_unlistenable '[2001:db8::7]:8080' "(2001:db8::7 is not an address of this machine"
fi
if [ "$(id -u)" -eq 0 ] && command -v runuser >/dev/null 2>&1 && id nobody >/dev/null 2>&1 &&
    [ "$(cat /proc/sys/net/ipv4/ip_unprivileged_port_start 2>/dev/null || echo 0)" -gt 81 ]; then
    chmod 755 "$tmp"
    check_unlistenable 127.0.0.1:81 \
        "(a port below 1024 needs root or the capability CAP_NET_BIND_SERVICE: give a port from 1024 up" \
        runuser -u nobody --
else
    echo "serve: skipped the port below 1024 (not root with runuser and nobody, or such ports are not privileged here)"
fi
# The port taken between the command's check and the server's own (by
# the test seam LS_TEST_PORT_TAKEN=1, which takes it there as another
# program would, so that no race is needed): one line saying why, and the
# data directory and the SQLite store that start made are gone (it said
# where the store was, made both and left them; the exit was 1).
# ($port is the first server's, stopped above.)
for how in data db; do
    rm -rf "$tmp/data7"
    mkdir -p "$tmp/data7"
    if [ "$how" = db ]; then set -- --data "$tmp/data7/d" --db "$tmp/data7/store.db"
    else set -- --data "$tmp/data7/a/b"; fi
    # (Bounded: a server that takes the port all the same serves until
    # stopped; the script hung there when take_port did not listen.)
    if LS_TEST_PORT_TAKEN=1 timeout "$serve_start_s" "$bin" serve --listen "127.0.0.1:$port" \
        --web "$tmp/web" "$@" >"$tmp/out7" 2>"$tmp/err7"; then
        fail "port taken ($how): the server ran"; else rc=$?; fi
    [ "$rc" -eq 1 ] || fail "port taken ($how): exit $rc (want 1): $(cat "$tmp/err7")"
    grep -q "^leastscore serve: cannot listen on 127.0.0.1:$port: .*another program, or another server, listens there" \
        "$tmp/err7" || fail "port taken ($how): $(cat "$tmp/err7")"
    [ "$(wc -l < "$tmp/err7")" -eq 1 ] || fail "port taken ($how): more than one line: $(cat "$tmp/err7")"
    [ ! -s "$tmp/out7" ] || fail "port taken ($how): printed $(cat "$tmp/out7")"
    [ -z "$(ls -A "$tmp/data7")" ] || fail "port taken ($how): left $(find "$tmp/data7")"
done
# A name of one is served on its address: localhost on 127.0.0.1 (it was
# refused as 'not an address of this machine').
"$bin" serve --listen localhost:0 --web "$tmp/web" --data "$tmp/data" \
    >"$tmp/out4" 2>"$tmp/err4" &
pid=$!
wait_serving "$pid" "$tmp/out4" "$tmp/err4" || fail "localhost: $why"
line=$(cat "$tmp/out4")
echo "$line" | grep -Eq '^leastscore: serving http://localhost:[1-9][0-9]*/$' || fail "localhost line: $line"
port=${line##*:}; port=${port%/}
c=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/")
[ "$c" = 200 ] || fail "localhost: 127.0.0.1:$port/ gives $c"
kill -TERM "$pid"
wait "$pid" || fail "localhost: exit $? after SIGTERM"
pid=""
# A file system that keeps no locks (flock fails with ENOLCK or EINVAL, as
# on some network and FUSE file systems) is said to be one, with what to
# do: it was 'cannot lock the data directory DIR: No locks available' and
# no more. A shim (LD_PRELOAD) makes flock fail so on a directory or on a
# file; not under the sanitizers (their runtime must be loaded first), nor
# without a C compiler.
if [ -z "${LS_SANITIZED:-}" ] && command -v "${CC:-cc}" >/dev/null 2>&1; then
    cat >"$tmp/nolock.c" <<'EOC'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
int flock(int fd, int op)
{
    struct stat st;
    const char *on = getenv("NOLOCK_ON");
    if (on && fstat(fd, &st) == 0 && (S_ISDIR(st.st_mode) ? !strcmp(on, "dir") : !strcmp(on, "file"))) {
        errno = !strcmp(on, "dir") ? EINVAL : ENOLCK;
        return -1;
    }
    int (*real)(int, int) = (int (*)(int, int))dlsym(RTLD_NEXT, "flock");
    return real(fd, op);
}
EOC
    if "${CC:-cc}" -shared -fPIC -o "$tmp/nolock.so" "$tmp/nolock.c" -ldl 2>"$tmp/cc.err"; then
        for on in dir file; do
            if NOLOCK_ON=$on LD_PRELOAD="$tmp/nolock.so" timeout "$serve_start_s" "$bin" serve --listen 127.0.0.1:0 \
                --web "$tmp/web" --data "$tmp/data5" >"$tmp/out5" 2>"$tmp/err5"; then
                fail "no locks on the $on: the server ran"; else rc=$?; fi
            [ "$rc" -eq 1 ] || fail "no locks on the $on: exit $rc (want 1): $(cat "$tmp/err5")"
            case $on in
            dir) want="cannot lock the data directory $tmp/data5: Invalid argument: its file system keeps no locks (some network and FUSE file systems), and without one a second server could use it beside this one; give a --data on a local file system" ;;
            file) want="cannot lock $tmp/data5/leastscore.db: No locks available: its file system keeps no locks (some network and FUSE file systems), on which SQLite is not safe either; give a --db on a local file system, or a postgresql:// URL" ;;
            esac
            grep -qF -- "$want" "$tmp/err5" || fail "no locks on the $on: $(cat "$tmp/err5")"
            [ ! -s "$tmp/out5" ] || fail "no locks on the $on: printed $(cat "$tmp/out5")"
        done
    else
        echo "serve: no shim for flock ($(head -1 "$tmp/cc.err")): the no-locks check skipped"
    fi
fi
echo "serve ok"
