#!/bin/sh
# Runs each libFuzzer target given for SECONDS, from its seed corpus in
# tests/fuzz/corpus/NAME (read only) and what earlier runs found in
# DIR/corpus/NAME, DIR being the folder the target was built in (make's
# FUZZ_BUILD, build-fuzz unless given). Fails on the first finding (a
# crash, a leak, a failed check, an input slower than 10 s), printing the
# fuzzer's report and the saved input: DIR/findings/NAME-crash-... To
# replay one: DIR/NAME FILE. A fixed finding belongs in
# tests/fuzz/corpus/NAME.
#   usage: tools/run-fuzz.sh SECONDS build-fuzz/fuzz_record ...
secs=$1; shift
status=0
for bin in "$@"; do
    name=$(basename "$bin")
    dir=$(dirname "$bin")
    mkdir -p "$dir/corpus/$name" "$dir/findings"
    dict=""
    [ -f "tests/fuzz/$name.dict" ] && dict="-dict=tests/fuzz/$name.dict"
    log="$dir/$name.log"
    # shellcheck disable=SC2086
    if "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$dir/findings/$name-" $dict \
        "$dir/corpus/$name" "tests/fuzz/corpus/$name" >"$log" 2>&1; then
        runs=$(sed -n 's/^#\([0-9]*\).*DONE.*/\1/p' "$log" | tail -1)
        echo "[ OK ] $name: ${runs:-?} inputs in ${secs}s, no finding"
    else
        status=1
        echo "[FAIL] $name: a finding (the fuzzer's report follows; the input is in $dir/findings/)"
        tail -40 "$log"
    fi
done
exit $status
