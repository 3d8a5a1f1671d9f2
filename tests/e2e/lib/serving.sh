# tests/e2e/lib/serving.sh - sourced by the end-to-end scripts that start
# `leastscore serve` (serve.sh, serve_db.sh, install.sh); not a test of
# its own. It defines:
#   serve_start_s
#       the seconds a server may take to start: 60, 120 with LS_SANITIZED
#       (also the bound of a start that must be refused: it only catches
#       a hang)
#   wait_serving PID OUT ERR
#       waits until the server PID has printed its address ("serving")
#       to the file OUT; returns 0 then. Returns 1, with the server's log
#       (the file ERR) printed and the reason in $why, if the server exits
#       first or has printed nothing after serve_start_s seconds of the
#       clock. The wait was 100 rounds of 0.05 s (5 s), which a
#       server built with the sanitizers, making its store with
#       synchronous writes on a loaded machine, can take to start: a slow
#       start is no failure here, only one that never comes.
serve_start_s=60
[ -z "${LS_SANITIZED:-}" ] || serve_start_s=120
wait_serving() {
    _ws_end=$(($(date +%s) + serve_start_s))
    while ! grep -q serving "$2" 2>/dev/null; do
        if ! kill -0 "$1" 2>/dev/null; then
            cat "$3"
            why="the server exited before it printed its address"
            return 1
        fi
        if [ "$(date +%s)" -ge "$_ws_end" ]; then
            cat "$3"
            why="no address printed in $serve_start_s s"
            return 1
        fi
        sleep 0.05
    done
}
