#!/bin/sh
# run-suites.sh RUNNER [JOBS]: runs the test runner's suites in JOBS processes
# at once (nproc by default) that share them out as they go
# (ALECABLE_TEST_QUEUE, tests/runner.c), then prints each process's log in
# turn and the wall time.  Fails when any process failed.  The environment
# (CK_RUN_SUITE, sanitizer options) reaches every process.
set -u
runner=$1
jobs=${2:-$(nproc 2>/dev/null || echo 2)}
dir=$(dirname "$runner")/queue
rm -rf "$dir" && mkdir -p "$dir" || exit 1
export ALECABLE_TEST_QUEUE="$dir"
t0=$(date +%s)
pids=""
k=0
while [ $k -lt "$jobs" ]; do
    "$runner" > "$dir.$k.log" 2>&1 &
    pids="$pids $!"
    k=$((k + 1))
done
bad=0
for p in $pids; do wait "$p" || bad=1; done
echo "($runner: its suites shared out between $jobs processes at once: $(( $(date +%s) - t0 )) s)"
k=0
while [ $k -lt "$jobs" ]; do
    cat "$dir.$k.log"
    k=$((k + 1))
done
exit $bad
