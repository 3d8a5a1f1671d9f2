#!/bin/sh
# make install into a staging directory gives a working command, its
# manual page, the headers, the library and a pkg-config file that an
# outside program (examples/random_match.c) compiles and links against.
# It installs the normal build (build/), whatever build the suite is
# testing.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
. "$root/tests/e2e/lib/serving.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS -u BUILD -u SAN -u OPT -u LTO -u CFLAGS make -C "$root" --no-print-directory -s install PREFIX=/opt/ls DESTDIR="$tmp/stage" >/dev/null
p="$tmp/stage/opt/ls"
for f in bin/leastscore lib/libleastscore.a lib/libleastscore.so \
         include/leastscore.h include/leastscore_ai.h lib/pkgconfig/leastscore.pc \
         share/man/man1/leastscore.1; do
    [ -e "$p/$f" ] || { echo "missing after install: $f"; exit 1; }
done
"$p/bin/leastscore" --version | grep -q '^leastscore ' || { echo "installed command does not run"; exit 1; }
grep -q '^prefix=/opt/ls$' "$p/lib/pkgconfig/leastscore.pc" || { echo "pkg-config prefix wrong"; exit 1; }
# The manual page, for `man leastscore`: the page itself, readable by all.
cmp -s "$root/docs/leastscore.1" "$p/share/man/man1/leastscore.1" ||
    { echo "share/man/man1/leastscore.1 is not docs/leastscore.1"; exit 1; }
[ "$(stat -c %a "$p/share/man/man1/leastscore.1")" = 644 ] ||
    { echo "share/man/man1/leastscore.1 is not mode 644"; exit 1; }
# Compile the example against the staged install (static library: the
# staged prefix is not on the loader's path).
cflags=$(PKG_CONFIG_PATH="$p/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$tmp/stage" pkg-config --cflags leastscore)
cc -std=c11 -Wall -Werror $cflags "$root/examples/random_match.c" "$p/lib/libleastscore.a" -o "$tmp/random_match"
out=$("$tmp/random_match" 7)
echo "$out" | grep -q '^winner: ' || { echo "example did not finish a match:"; echo "$out"; exit 1; }
# Same seed, same match.
[ "$out" = "$("$tmp/random_match" 7)" ] || { echo "example is not deterministic"; exit 1; }
# The browser client's files are installed with the command, which finds
# them there without --web.
if [ -d "$root/web" ]; then
    cmp -s "$root/web/index.html" "$p/share/leastscore/web/index.html" ||
        { echo "web/index.html not installed"; exit 1; }
    "$p/bin/leastscore" serve --listen 127.0.0.1:0 --data "$tmp/data" \
        >"$tmp/serve.out" 2>"$tmp/serve.err" &
    spid=$!
    wait_serving "$spid" "$tmp/serve.out" "$tmp/serve.err" ||
        { kill "$spid" 2>/dev/null || true; echo "installed serve did not start: $why"; exit 1; }
    url=$(sed 's/^leastscore: serving //' "$tmp/serve.out")
    curl -s "$url" > "$tmp/index.html" || true
    kill -TERM "$spid"; wait "$spid" || { echo "installed serve: exit $?"; exit 1; }
    cmp -s "$root/web/index.html" "$tmp/index.html" ||
        { echo "installed serve does not serve the installed client"; exit 1; }
fi
echo "install ok"
