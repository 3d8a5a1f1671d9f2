# tests/e2e/lib/tmux.sh - sourced by the end-to-end scripts that drive the
# full-screen game in tmux (play_tui.sh, play_screen.sh); not a test of its
# own. It needs $tmp (the script's temporary directory) and defines:
#   T                        the tmux command, on a server private to $tmp
#                            (tmux_private: its capture-pane returns only a
#                            frame read twice alike)
#   wait_for NAME TEXT [S]   polls session NAME's screen, every 50 ms, until
#                            it contains TEXT, then until the frame is
#                            whole (settle); the screen is kept in
#                            $tmp/screen. After S seconds (30) prints the
#                            screen and exits 1. The bound only matters when
#                            the test fails: it is generous for a loaded
#                            machine and the sanitizers.
#   settle NAME TEXT         captures NAME's screen again until the frame
#                            in $tmp/screen is whole: a redraw can reach the
#                            terminal in several writes (the top of a help
#                            read, its footer not yet). Two captures alike
#                            are not enough: on a loaded machine a program
#                            descheduled between two writes leaves half a
#                            frame quiet for as long as it waits for the
#                            CPU. So the frame is whole when it stays the
#                            same while every process of the pane either
#                            was asleep (waiting for a key, a timer, a bot:
#                            it had written all it meant to) or was given
#                            CPU time and wrote nothing (pane_procs). At
#                            most 250 tries (10 s and more), then the last
#                            capture. A capture that has lost TEXT is not
#                            kept: the screen moved on, and the last one
#                            with TEXT is what the test looks at.
#   wait_gone NAME TEXT [S]  polls as wait_for does until TEXT has left the
#                            screen (a capture taken while a frame is
#                            being written can still hold the last one's).
#   on_screen [!] [-E] TEXT WHY
#                            checks the screen last read into $tmp/screen:
#                            it holds TEXT (a fixed string; with -E, a line
#                            matches the extended regular expression TEXT;
#                            with !, it does not); if not, screen_fail WHY.
#   screen_fail WHY          prints WHY and the screen, and exits 1.
#   cleanup                  for the EXIT trap: kills the tmux server and
#                            removes $tmp, trying again for up to 5 s while
#                            a game that the closed terminal made save its
#                            record still writes there.
# The server stays up when its last session ends (exit-empty off) until
# the script kills it (kill-server, in its EXIT trap) or the script is
# gone. By default a tmux server exits when its last session ends, and
# not at once: a new-session run just after killing the last session
# (section 32 of play_screen.sh kills hw and starts hw again) could
# connect to the server on its way out and fail with "server exited
# unexpectedly". It did once, on a shared loaded machine; a loop of
# new-session and kill-session on one socket failed so 7 and 16 times in
# 100 there. With no server exit between sessions there is nothing to race.
# So that a script killed before its trap runs leaves no server behind,
# the server runs a watcher that kills it once the script's shell ($$)
# has gone.
command -v tmux >/dev/null 2>&1 || { echo "tmux is not installed"; rm -rf "$tmp"; exit 1; }
T=tmux_private
printf '%s\n' 'set -s exit-empty off' \
    "run-shell -b 'while kill -0 $$ 2>/dev/null; do sleep 1; done; tmux -S \"$tmp/sock\" kill-server'" \
    >"$tmp/tmux.conf"

# tmux on the server private to $tmp. Its capture-pane returns a frame read
# twice alike, 20 ms apart (at most 50 tries, then the last one read): a
# redraw reaches the terminal in several writes, and a capture taken
# between them holds the new frame's top above the old one's bottom, which
# any check could misread (CI did, twice). Every capture in the scripts,
# hand-written loops too, goes through here.
tmux_private() {
    if [ "$1" != capture-pane ]; then
        tmux -S "$tmp/sock" -f "$tmp/tmux.conf" "$@"
        return
    fi
    tmux -S "$tmp/sock" -f "$tmp/tmux.conf" "$@" >"$tmp/.frame" || return
    _tp_k=0
    while [ "$_tp_k" -lt 50 ]; do
        sleep 0.02
        tmux -S "$tmp/sock" -f "$tmp/tmux.conf" "$@" >"$tmp/.frame.next" || break
        cmp -s "$tmp/.frame" "$tmp/.frame.next" && break
        mv "$tmp/.frame.next" "$tmp/.frame"
        _tp_k=$((_tp_k + 1))
    done
    cat "$tmp/.frame"
    rm -f "$tmp/.frame" "$tmp/.frame.next"
}

screen_fail() {
    echo "$1"
    cat "$tmp/screen"
    exit 1
}

on_screen() {
    want=0
    [ "$1" = "!" ] && { want=1; shift; }
    how=-F
    [ "$1" = "-E" ] && { how=-E; shift; }
    if grep -q "$how" -- "$1" "$tmp/screen"; then found=0; else found=1; fi
    [ "$found" = "$want" ] || screen_fail "$2"
}

wait_for() {
    i=0
    while [ "$i" -lt $((${3:-30} * 20)) ]; do
        $T capture-pane -p -t "$1" >"$tmp/screen" 2>/dev/null || true
        grep -qF -- "$2" "$tmp/screen" && { settle "$1" "$2"; return 0; }
        sleep 0.05
        i=$((i + 1))
    done
    screen_fail "timed out waiting for '$2'; the screen:"
}

# pane_procs PID: a line "PID STATE TICKS" for PID (a pane's first
# process) and each of its descendants, from /proc (state R running or
# waiting for the CPU, S asleep, ...; ticks of CPU time used). Nothing
# where there is no /proc: settle is then two captures alike, as it was.
pane_procs() {
    [ -n "$1" ] || return 0
    cat /proc/[0-9]*/stat 2>/dev/null | awk -v root="$1" '
        match($0, /.*\) /) {
            split(substr($0, RLENGTH + 1), f, " ")
            pid = $1 + 0
            st[pid] = f[1]; pp[pid] = f[2] + 0; ti[pid] = f[12] + f[13]
        }
        END {
            if (!(root in st)) exit
            in_pane[root] = 1
            for (more = 1; more; ) {
                more = 0
                for (p in st)
                    if (!(p in in_pane) && (pp[p] in in_pane)) { in_pane[p] = 1; more = 1 }
            }
            for (p in in_pane) print p, st[p], ti[p]
        }'
}

# procs_idle BEFORE AFTER: true when each process in BEFORE (pane_procs)
# was not running nor waiting for the CPU then, or has used CPU time by
# AFTER (or has ended). A process that was runnable and got no CPU may be
# half-way through writing a frame.
procs_idle() {
    awk 'NR == FNR { st[$1] = $2; ti[$1] = $3; next }
         { after[$1] = $3 }
         END {
             for (p in st)
                 if ((st[p] == "R" || st[p] == "D") && (p in after) && after[p] <= ti[p]) exit 1
         }' "$1" "$2"
}

settle() {
    _st_pid=$($T display-message -p -t "$1" '#{pane_pid}' 2>/dev/null) || _st_pid=
    j=0
    while [ "$j" -lt 250 ]; do
        pane_procs "$_st_pid" >"$tmp/procs.before"
        sleep 0.02
        pane_procs "$_st_pid" >"$tmp/procs.after"
        $T capture-pane -p -t "$1" >"$tmp/screen.next" 2>/dev/null || break
        grep -qF -- "$2" "$tmp/screen.next" || break
        if cmp -s "$tmp/screen" "$tmp/screen.next"; then
            procs_idle "$tmp/procs.before" "$tmp/procs.after" && break
        else
            mv "$tmp/screen.next" "$tmp/screen"
        fi
        j=$((j + 1))
    done
    rm -f "$tmp/screen.next" "$tmp/procs.before" "$tmp/procs.after"
}

wait_gone() {
    i=0
    while [ "$i" -lt $((${3:-30} * 20)) ]; do
        $T capture-pane -p -t "$1" >"$tmp/screen" 2>/dev/null || true
        grep -qF -- "$2" "$tmp/screen" || return 0
        sleep 0.05
        i=$((i + 1))
    done
    screen_fail "timed out waiting for '$2' to go; the screen:"
}

cleanup() {
    $T kill-server 2>/dev/null || true
    k=0
    until rm -rf "$tmp" 2>/dev/null; do
        k=$((k + 1))
        [ "$k" -lt 50 ] || { rm -rf "$tmp"; return 0; }
        sleep 0.1
    done
}
