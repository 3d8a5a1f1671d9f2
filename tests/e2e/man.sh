#!/bin/sh
# man.sh - the manual page (docs/leastscore.1) cannot drift from the
# command: groff renders it without a single warning; it has a SYNOPSIS
# line and a COMMANDS subsection for every sub-command `leastscore --help`
# lists, and no other; each subsection names every long option that
# `leastscore CMD --help` names, and none that it does not; each EXAMPLES
# line uses only options its sub-command knows; and .TH carries the
# version `leastscore --version` prints. Every mismatch is reported, by
# name, before the script fails.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
ls=${LEASTSCORE:-$root/build/leastscore}
man="$root/docs/leastscore.1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0
problem() { echo "FAIL: $*"; bad=$((bad + 1)); }

command -v groff >/dev/null 2>&1 ||
    { echo "FAIL: groff is missing (Debian: groff-base; tools/deps.sh installs it)"; exit 1; }

# The page as man shows it on a terminal, with every warning on.
if ! groff -man -ww -z -Tutf8 "$man" 2>"$tmp/groff"; then
    problem "groff failed on docs/leastscore.1"
fi
if [ -s "$tmp/groff" ]; then
    problem "groff warns about docs/leastscore.1:"
    cat "$tmp/groff"
fi

# Long options in a text, one a line, sorted: the page's escapes (\- \fB
# \fI \fR \fP \% \&) are taken out first, and comment lines left out.
options() {
    grep -v '^\.\\"' |
        sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\f(..//g' -e 's/\\[%&]//g' |
        { grep -o -- '--[a-z][a-z0-9-]*' || true; } | sort -u
}

# The source lines of the page's section NAME (.SH), without its title.
section() {
    awk -v want="$1" '/^\.SH/ { t = $0; sub(/^\.SH[ \t]+/, "", t); gsub(/"/, "", t);
                                on = (t == want); next }
                      on' "$man"
}

# The source lines of sub-command CMD's subsection of COMMANDS.
subsection() {
    section COMMANDS | awk -v want="$1" '/^\.SS/ { t = $2; gsub(/"/, "", t);
                                                   on = (t == want); next }
                                         on'
}

# The sub-commands: those `leastscore --help` lists, and those the page has.
"$ls" --help >"$tmp/help" || { echo "FAIL: leastscore --help: exit status $?"; exit 1; }
sed -n '/^commands:/,/^$/s/^  \([a-z][a-z0-9]*\) .*/\1/p' "$tmp/help" | sort -u >"$tmp/cmds"
[ -s "$tmp/cmds" ] || { echo "FAIL: no commands found in leastscore --help"; exit 1; }
cmds=$(cat "$tmp/cmds") # one word each
section COMMANDS | sed -n 's/^\.SS[ \t]*"*\([^" ]*\)"*.*/\1/p' | sort -u >"$tmp/man-cmds"
for c in $(comm -23 "$tmp/cmds" "$tmp/man-cmds"); do
    problem "sub-command $c has no '.SS $c' under COMMANDS"
done
for c in $(comm -13 "$tmp/cmds" "$tmp/man-cmds"); do
    problem "the page has '.SS $c' but leastscore --help lists no command $c"
done
section SYNOPSIS | sed 's/\\-/-/g' >"$tmp/synopsis"
for c in $cmds; do
    grep -q "^\.B leastscore $c\( \|$\)" "$tmp/synopsis" ||
        problem "SYNOPSIS has no line '.B leastscore $c'"
done
options <"$tmp/help" >"$tmp/top"
options <"$tmp/synopsis" >"$tmp/man-top"
for o in $(comm -23 "$tmp/top" "$tmp/man-top"); do
    problem "SYNOPSIS does not name $o, which leastscore --help does"
done

# Each sub-command's options, both ways.
for c in $cmds; do
    "$ls" "$c" --help >"$tmp/help-$c" ||
        { problem "leastscore $c --help: exit status $?"; continue; }
    options <"$tmp/help-$c" >"$tmp/opts-$c"
    [ -s "$tmp/opts-$c" ] || problem "no options found in leastscore $c --help"
    subsection "$c" | options >"$tmp/man-$c"
    for o in $(comm -23 "$tmp/opts-$c" "$tmp/man-$c"); do
        problem "$c: option $o is in 'leastscore $c --help' but not in the page's '.SS $c'"
    done
    for o in $(comm -13 "$tmp/opts-$c" "$tmp/man-$c"); do
        problem "$c: the page's '.SS $c' names $o, which 'leastscore $c --help' does not"
    done
done

# The examples run as written: a known sub-command, its own options.
section EXAMPLES | sed 's/\\-/-/g' | grep '^leastscore ' >"$tmp/examples" || true
[ -s "$tmp/examples" ] || problem "EXAMPLES has no 'leastscore ...' line"
while IFS= read -r line; do
    c=$(echo "$line" | awk '{ print $2 }')
    if ! grep -qx "$c" "$tmp/cmds"; then
        problem "EXAMPLES: '$line': no sub-command $c"
        continue
    fi
    echo "$line" | options >"$tmp/ex"
    for o in $(comm -23 "$tmp/ex" "$tmp/opts-$c"); do
        problem "EXAMPLES: '$line': leastscore $c has no option $o"
    done
done <"$tmp/examples"

# The version.
version=$("$ls" --version | sed -n 's/^leastscore //p')
th=$(sed -n 's/^\.TH[ \t]*[^ ]* [^ ]* [^ ]* "leastscore \([^"]*\)".*/\1/p' "$man")
[ -n "$version" ] || problem "leastscore --version printed no version"
[ "$th" = "$version" ] ||
    problem ".TH says version '$th' (its 4th field, \"leastscore VERSION\"); leastscore --version says '$version'"

[ "$bad" -eq 0 ] || { echo "$bad problems with docs/leastscore.1"; exit 1; }
echo "man page ok"
