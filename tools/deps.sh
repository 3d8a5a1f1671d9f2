#!/bin/sh
# Installs the Debian packages the build and the tests need, when missing,
# then the npm test tooling pinned by package-lock.json (npm ci) when
# node_modules is missing or older than the lock.
# Needs root (or sudo) only when something is missing.
set -e
cd "$(dirname "$0")/.."
need=""
for pc in cmocka:libcmocka-dev jansson:libjansson-dev ncursesw:libncurses-dev \
          libwebsockets:libwebsockets-dev libuv:libuv1-dev \
          sqlite3:libsqlite3-dev libpq:libpq-dev libsodium:libsodium-dev; do
    mod=${pc%%:*}; pkg=${pc#*:}
    pkg-config --exists "$mod" 2>/dev/null || need="$need $pkg"
done
# libwebsockets loads its libuv event library as a plugin at run time.
ls /usr/lib/*/libwebsockets-evlib_uv.so >/dev/null 2>&1 || need="$need libwebsockets-evlib-uv"
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
# The store's PostgreSQL tests start a throwaway cluster with the server's
# own binaries (initdb, pg_ctl); runuser runs them as an unprivileged user.
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need="$need postgresql"
command -v runuser >/dev/null 2>&1 || need="$need util-linux"
command -v tmux >/dev/null 2>&1 || need="$need tmux"
command -v curl >/dev/null 2>&1 || need="$need curl"
command -v python3 >/dev/null 2>&1 || need="$need python3"
# tests/e2e/man.sh renders the manual page with groff (man-db depends on
# it, but a minimal system such as a container image has neither).
command -v groff >/dev/null 2>&1 || need="$need groff-base"
# The server tests read the store directly: sqlite3 and psql (PostgreSQL's
# client, which comes with the server package).
command -v sqlite3 >/dev/null 2>&1 || need="$need sqlite3"
command -v psql >/dev/null 2>&1 || need="$need postgresql-client"
command -v cc >/dev/null 2>&1 || need="$need gcc"
# play_plain.sh checks with strace that play --resume takes its lock before
# it reads the record, and reads it once.
command -v strace >/dev/null 2>&1 || need="$need strace"
command -v chromium >/dev/null 2>&1 || need="$need chromium"
command -v npm >/dev/null 2>&1 || need="$need nodejs npm"
# Fuzzing (clang's libFuzzer), static analysis (cppcheck) and coverage
# (gcovr) for make fuzz, make analyze, make coverage and make test.
command -v clang >/dev/null 2>&1 || need="$need clang"
ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1 ||
    need="$need libclang-rt-14-dev"
command -v gcovr >/dev/null 2>&1 || need="$need gcovr"
command -v cppcheck >/dev/null 2>&1 || need="$need cppcheck"
if [ -n "$need" ]; then
    echo "deps: installing$need" >&2
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    # shellcheck disable=SC2086
    $sudo apt-get install -y -qq $need >/dev/null
fi
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules ]; then
    echo "deps: npm ci (test tooling: playwright-core, ws)" >&2
    npm ci --no-audit --no-fund >/dev/null
    touch node_modules
fi
