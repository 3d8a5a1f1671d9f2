#!/bin/sh
# loadgen.sh - the server benchmark of docs/benchmarks.md ("Server"):
# starts `leastscore serve` on 127.0.0.1 (a free port, a temporary data
# directory), runs build/loadgen against it, and reports the server's CPU
# time and peak memory from /proc, in total and per table.
#
#   tools/loadgen.sh [LOADGEN OPTIONS]     e.g. --clients 2000 --duration 60
#
# LEASTSCORE names the server binary (default build/leastscore); both run
# under `nice -n 10` (the machine may be shared). The run is bounded by
# the load generator's --ramp and --duration; the server is stopped with
# SIGTERM at the end and killed if it does not exit.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${LEASTSCORE:-$root/build/leastscore}
loadgen=$root/build/loadgen
[ -x "$loadgen" ] || { echo "loadgen.sh: build it first: make loadgen" >&2; exit 2; }
[ -x "$bin" ] || { echo "loadgen.sh: no server binary at $bin: make" >&2; exit 2; }

# One descriptor per client on each side, and some more.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

clients=2000
prev=""
for a in "$@"; do
    [ "$prev" = "--clients" ] && clients=$a
    prev=$a
done
tables=$((clients / 4))

tmp=$(mktemp -d)
pid=""
cleanup() {
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null || true
        i=0
        while kill -0 "$pid" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
        kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

# The browser client's files are not used here: an empty page will do.
mkdir "$tmp/web"
echo '<!doctype html><title>loadgen</title>' >"$tmp/web/index.html"
nice -n 10 "$bin" serve --listen 127.0.0.1:0 --data "$tmp/data" --web "$tmp/web" \
    --max-tables-per-address "$tables" --max-tables "$((tables + 10))" \
    --max-connections-per-address "$((clients + 10))" \
    >"$tmp/out" 2>"$tmp/err" &
pid=$!
port=""
i=0
while [ -z "$port" ] && [ $i -lt 100 ]; do
    port=$(sed -n 's|^leastscore: serving http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$tmp/out")
    [ -n "$port" ] || { kill -0 "$pid" 2>/dev/null || break; sleep 0.1; }
    i=$((i + 1))
done
[ -n "$port" ] || { echo "loadgen.sh: the server did not start:" >&2; cat "$tmp/err" >&2; exit 1; }

# CPU ticks (utime + stime) and resident memory of the server.
ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
kb() { awk -v k="$1" '$1 == k":" { print $2 }' "/proc/$pid/status"; }
hz=$(getconf CLK_TCK)

# The machine's load average before and after: other work on a shared
# machine shows in the latency figures.
echo "loadavg_before $(cut -d' ' -f1-3 /proc/loadavg)"
idle_rss=$(kb VmRSS)
t0=$(ticks)
start=$(date +%s.%N)
/usr/bin/time -f "loadgen_cpu_user_s %U\nloadgen_cpu_sys_s %S\nloadgen_rss_peak_kib %M" nice -n 10 "$loadgen" --url "ws://127.0.0.1:$port/ws" "$@" | tee "$tmp/result"
end=$(date +%s.%N)
t1=$(ticks)
peak=$(kb VmHWM)
rss=$(kb VmRSS)
threads=$(awk '$1 == "Threads:" { print $2 }' "/proc/$pid/status")
echo "loadavg_after $(cut -d' ' -f1-3 /proc/loadavg)"

awk -v t0="$t0" -v t1="$t1" -v hz="$hz" -v s="$start" -v e="$end" \
    -v idle="$idle_rss" -v peak="$peak" -v rss="$rss" -v tables="$tables" \
    -v threads="$threads" '
BEGIN {
    cpu = (t1 - t0) / hz; wall = e - s
    printf "server_wall_s %.1f\n", wall
    printf "server_cpu_s %.2f\n", cpu
    printf "server_cpu_percent_of_one_core %.1f\n", 100 * cpu / wall
    printf "server_cpu_ms_per_table_per_s %.3f\n", 1000 * cpu / wall / tables
    printf "server_rss_idle_kib %d\n", idle
    printf "server_rss_end_kib %d\n", rss
    printf "server_rss_peak_kib %d\n", peak
    printf "server_rss_per_table_kib %.1f\n", (peak - idle) / tables
    printf "server_threads %d\n", threads
}'
