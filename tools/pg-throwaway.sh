#!/bin/sh
# A throwaway PostgreSQL cluster for the store's tests and benchmarks.
#
#   tools/pg-throwaway.sh start DIR [SETTING=VALUE ...]
#       creates a cluster in DIR/data (DIR must exist and be empty), starts
#       it listening on a unix socket in DIR only (listen_addresses=''), no
#       TCP port, and prints its URL: postgresql://leastscore@/postgres?host=DIR
#       Settings are passed to the server (-c), e.g. fsync=off for tests.
#   tools/pg-throwaway.sh stop DIR
#       stops it (immediate: nothing of a throwaway cluster is kept) and
#       removes DIR.
#
# Exit status 77 (skip) when PostgreSQL's server binaries are not installed
# (LS_PG_BINDIR, else the newest /usr/lib/postgresql/*/bin), or when run as
# root without runuser or the user 'nobody': initdb refuses to run as root,
# so as root the cluster belongs to 'nobody'.
set -eu
cmd=${1:-}; dir=${2:-}
if [ -z "$cmd" ] || [ -z "$dir" ]; then
    echo "usage: $0 start|stop DIR [SETTING=VALUE ...]" >&2
    exit 2
fi
shift 2
bindir=${LS_PG_BINDIR:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ] || [ ! -x "$bindir/pg_ctl" ]; then
    echo "pg-throwaway: PostgreSQL's server binaries (initdb, pg_ctl) are not installed" >&2
    exit 77
fi
as=""
if [ "$(id -u)" -eq 0 ]; then
    if ! command -v runuser >/dev/null 2>&1 || ! id nobody >/dev/null 2>&1; then
        echo "pg-throwaway: running as root, and runuser or the user nobody is missing" >&2
        exit 77
    fi
    as="runuser -u nobody --"
fi

case $cmd in
start)
    if [ ! -d "$dir" ] || [ -n "$(ls -A "$dir")" ]; then
        echo "pg-throwaway: $dir is not an empty directory" >&2
        exit 2
    fi
    [ -n "$as" ] && chown nobody "$dir"
    opts="-c listen_addresses='' -c unix_socket_directories='$dir'"
    for s in "$@"; do opts="$opts -c $s"; done
    if ! $as "$bindir/initdb" -D "$dir/data" -U leastscore --auth=trust -E UTF8 --no-sync \
            --locale=C.UTF-8 >"$dir/initdb.log" 2>&1; then
        echo "pg-throwaway: initdb failed:" >&2
        cat "$dir/initdb.log" >&2
        exit 1
    fi
    if ! $as "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -o "$opts" \
            -w -t 30 start >/dev/null 2>&1; then
        echo "pg-throwaway: the server did not start:" >&2
        cat "$dir/server.log" >&2
        exit 1
    fi
    echo "postgresql://leastscore@/postgres?host=$dir"
    ;;
stop)
    if [ -f "$dir/data/postmaster.pid" ]; then
        $as "$bindir/pg_ctl" -D "$dir/data" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
*)
    echo "usage: $0 start|stop DIR [SETTING=VALUE ...]" >&2
    exit 2
    ;;
esac
