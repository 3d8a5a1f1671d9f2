# tests/e2e/lib/procs.sh - sourced by the end-to-end scripts that check
# that no process of a bot's outlives sim, arena or play (bot_answers.sh,
# sim.sh); not a test of its own. It defines:
#   wait_no_process PATTERN [TRIES]
#       looks TRIES times (10), 0.2 s apart, for a process whose command
#       line matches PATTERN (grep's, in the /proc/PID/cmdline files);
#       returns 0 as soon as there is none, else 1, with the cmdline
#       files of those left in $left, to show or kill. Give PATTERN a
#       bracket ("lingerbo[t]-$$") so that it does not match the grep
#       itself. The bound only matters when the test fails: a killed
#       process's parent may reap it a moment after the kill.
wait_no_process() {
    _wnp_tries=${2:-10}
    _wnp_i=0
    while :; do
        left=$(grep -l "$1" /proc/[0-9]*/cmdline 2>/dev/null || true)
        [ -z "$left" ] && return 0
        _wnp_i=$((_wnp_i + 1))
        [ "$_wnp_i" -lt "$_wnp_tries" ] || return 1
        sleep 0.2
    done
}
