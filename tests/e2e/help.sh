#!/bin/sh
# help.sh - every sub-command takes -h and --help, exits 0, prints its
# usage on stdout, and every line of every help text fits in 80 columns;
# play's intro says when line mode comes; an unknown option before any
# command is said to be one; a long option with one dash is said so.
set -e
LS=${LEASTSCORE:-build/leastscore}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for args in "--help" "-h" "play --help" "play -h" "sim --help" "sim -h" \
            "replay --help" "replay -h" "bench --help" "bench -h" \
            "storebench --help" "storebench -h" "arena --help" "arena -h" \
            "serve --help" "serve -h"; do
    # shellcheck disable=SC2086
    "$LS" $args >"$tmp/out" 2>"$tmp/err" || { echo "leastscore $args: exit status $?"; cat "$tmp/err"; exit 1; }
    grep -q "usage: leastscore" "$tmp/out" || { echo "leastscore $args: no usage"; cat "$tmp/out"; exit 1; }
    python3 - "$tmp/out" "$args" <<'PY'
import sys
for n, line in enumerate(open(sys.argv[1], encoding="utf-8"), 1):
    line = line.rstrip("\n")
    if len(line) > 80:
        print("leastscore %s: line %d has %d columns: %s" % (sys.argv[2], n, len(line), line))
        sys.exit(1)
PY
done
# play's intro names every way to line mode, as play.md and the man page
# do: a terminal that cannot hold the full screen was left out.
"$LS" play --help >"$tmp/out"
tr '\n' ' ' <"$tmp/out" | grep -qF "or when the terminal cannot hold the full screen (TERM unset, unknown or dumb)." ||
    { echo "leastscore play --help: the intro does not say a terminal unable to hold the full screen gets line mode"; exit 1; }
# An option before any command is said to be an unknown option, not an
# unknown command, with the nearest of leastscore's own options (it said
# "unknown command '--versoin'", with no suggestion).
for c in "--versoin|leastscore: unknown option '--versoin': did you mean '--version'?" \
         "--hlep|leastscore: unknown option '--hlep': did you mean '--help'?" \
         "-x|leastscore: unknown option '-x'" \
         "--players|leastscore: unknown option '--players'"; do
    arg=${c%%|*} want=${c#*|}
    rc=0
    "$LS" "$arg" >"$tmp/out" 2>"$tmp/err" || rc=$?
    [ "$rc" = 2 ] || { echo "leastscore $arg: exit status $rc, not 2"; exit 1; }
    head -1 "$tmp/err" | grep -qxF "$want" || { echo "leastscore $arg: not '$want':"; cat "$tmp/err"; exit 1; }
    grep -q "usage: leastscore" "$tmp/err" || { echo "leastscore $arg: no usage on stderr"; exit 1; }
done
# A long option typed with one dash is said as the option it would be
# with two (play said "unknown option 'play'", its own name, and sim
# 'sim'; then play, bench, serve and storebench named the letter getopt
# stopped at, '-p', '-s', '-l'); an unknown letter alone is named as typed.
for c in "replay -json x|leastscore replay: unknown option '-json': did you mean '--json'?" \
         "play --bots 2 -plain|leastscore play: unknown option '-plain': did you mean '--plain'?" \
         "play -plain|leastscore play: unknown option '-plain': did you mean '--plain'?" \
         "play --bots 2 -x|leastscore play: unknown option '-x'" \
         "bench -seconds 1|leastscore bench: unknown option '-seconds': did you mean '--seconds'?" \
         "bench --seconds 1 -players 3|leastscore bench: unknown option '-players': did you mean '--players'?" \
         "bench --seconds 1 -x|leastscore bench: unknown option '-x'" \
         "sim --seed 3 -players greedy,random|leastscore sim: unknown option '-players': did you mean '--players'?" \
         "arena -matches 3|leastscore arena: unknown option '-matches': did you mean '--matches'?" \
         "serve -listen 127.0.0.1:0|leastscore serve: unknown option '-listen': did you mean '--listen'?" \
         "serve -x|leastscore serve: unknown option '-x'" \
         "storebench -players 2|leastscore storebench: unknown option '-players': did you mean '--players'?"; do
    args=${c%%|*} want=${c#*|}
    rc=0
    # shellcheck disable=SC2086
    "$LS" $args </dev/null >"$tmp/out" 2>"$tmp/err" || rc=$?
    [ "$rc" = 2 ] || { echo "leastscore $args: exit status $rc, not 2"; exit 1; }
    head -1 "$tmp/err" | grep -qxF "$want" || { echo "leastscore $args: not '$want':"; cat "$tmp/err"; exit 1; }
done
echo ok
