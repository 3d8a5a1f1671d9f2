# tests/e2e/lib/procs.sh - sourced by the end-to-end scripts that check
# that no process of a bot's outlives sim, arena or play (bot_answers.sh,
# sim.sh); not a test of its own. It defines:
#   wait_no_process PATTERN [TRIES]
#       looks every 0.2 s for a process whose command line matches
#       PATTERN (grep's, in the /proc/PID/cmdline files), for TRIES / 5
#       seconds of the clock (TRIES 10) but at least 10 s; returns 0 as
#       soon as there is none, else 1, with the cmdline files of those
#       left in $left, to show or kill. Give PATTERN a bracket
#       ("lingerbo[t]-$$") so that it does not match the grep itself. The
#       bound only matters when the test fails: a killed process's parent
#       may reap it a moment after the kill, and a killed process on a
#       loaded machine waits for a core to end on; counted in tries (2 s
#       by default), that moment could pass the bound.
wait_no_process() {
    _wnp_secs=$(((${2:-10} + 4) / 5))
    [ "$_wnp_secs" -ge 10 ] || _wnp_secs=10
    _wnp_end=$(($(date +%s) + _wnp_secs))
    while :; do
        left=$(grep -l "$1" /proc/[0-9]*/cmdline 2>/dev/null || true)
        [ -z "$left" ] && return 0
        [ "$(date +%s)" -lt "$_wnp_end" ] || return 1
        sleep 0.2
    done
}
