# tests/e2e/lib/tmux.sh - sourced by the end-to-end scripts that drive the
# full-screen game in tmux (play_tui.sh, play_screen.sh); not a test of its
# own. It needs $tmp (the script's temporary directory) and defines:
#   T                        the tmux command, on a server private to $tmp
#   wait_for NAME TEXT [S]   polls session NAME's screen, every 50 ms, until
#                            it contains TEXT (kept in $tmp/screen); after S
#                            seconds (30) prints the screen and exits 1. The
#                            bound only matters when the test fails: it is
#                            generous for a loaded machine and the sanitizers.
command -v tmux >/dev/null 2>&1 || { echo "tmux is not installed"; rm -rf "$tmp"; exit 1; }
T="tmux -S $tmp/sock -f /dev/null"

wait_for() {
    i=0
    while [ "$i" -lt $((${3:-30} * 20)) ]; do
        $T capture-pane -p -t "$1" >"$tmp/screen" 2>/dev/null || true
        grep -qF -- "$2" "$tmp/screen" && return 0
        sleep 0.05
        i=$((i + 1))
    done
    echo "timed out waiting for '$2'; the screen:"
    cat "$tmp/screen"
    exit 1
}
