#!/bin/sh
# Installs the Debian packages the build and the tests need, when missing.
# Needs root (or sudo) only when something is missing.
set -e
need=""
for pc in cmocka:libcmocka-dev jansson:libjansson-dev ncursesw:libncurses-dev; do
    mod=${pc%%:*}; pkg=${pc#*:}
    pkg-config --exists "$mod" 2>/dev/null || need="$need $pkg"
done
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
command -v tmux >/dev/null 2>&1 || need="$need tmux"
command -v python3 >/dev/null 2>&1 || need="$need python3"
command -v cc >/dev/null 2>&1 || need="$need gcc"
[ -z "$need" ] && exit 0
echo "deps: installing$need" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq $need >/dev/null
