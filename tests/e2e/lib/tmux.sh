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
#   settle NAME TEXT         captures NAME's screen again until two captures
#                            20 ms apart are the same (at most 1 s), so that
#                            $tmp/screen is not a frame caught half drawn
#                            (a redraw can reach the terminal in several
#                            writes: the top of a help read, its footer not
#                            yet). A capture that has lost TEXT is not kept:
#                            the screen moved on, and the last one with TEXT
#                            is what the test looks at.
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
command -v tmux >/dev/null 2>&1 || { echo "tmux is not installed"; rm -rf "$tmp"; exit 1; }
T=tmux_private

# tmux on the server private to $tmp. Its capture-pane returns a frame read
# twice alike, 20 ms apart (at most 50 tries, then the last one read): a
# redraw reaches the terminal in several writes, and a capture taken
# between them holds the new frame's top above the old one's bottom, which
# any check could misread (CI did, twice). Every capture in the scripts,
# hand-written loops too, goes through here.
tmux_private() {
    if [ "$1" != capture-pane ]; then
        tmux -S "$tmp/sock" -f /dev/null "$@"
        return
    fi
    tmux -S "$tmp/sock" -f /dev/null "$@" >"$tmp/.frame" || return
    _tp_k=0
    while [ "$_tp_k" -lt 50 ]; do
        sleep 0.02
        tmux -S "$tmp/sock" -f /dev/null "$@" >"$tmp/.frame.next" || break
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

settle() {
    j=0
    while [ "$j" -lt 50 ]; do
        sleep 0.02
        $T capture-pane -p -t "$1" >"$tmp/screen.next" 2>/dev/null || break
        grep -qF -- "$2" "$tmp/screen.next" || break
        cmp -s "$tmp/screen" "$tmp/screen.next" && break
        mv "$tmp/screen.next" "$tmp/screen"
        j=$((j + 1))
    done
    rm -f "$tmp/screen.next"
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
