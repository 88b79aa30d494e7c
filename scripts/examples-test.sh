#!/bin/sh
# Smoke test of the example programs as command-line tools: --help works, an
# unknown option is refused, and a default run ends with "result: status=0".
# A long benchmark names shorter arguments for this run in a first line
# "/* smoke-test: ARGS */" of its source.
# usage: sh scripts/examples-test.sh BUILD_EXAMPLES_DIR
# EXAMPLES_RUN, when set, prefixes every run (make valgrind: valgrind and its options).
set -u
bin=${1:-build/examples}
run=${EXAMPLES_RUN:-}
pass=0; fail=0
ok() { pass=$((pass + 1)); echo "examples-test: ok   $1"; }
ko() { fail=$((fail + 1)); echo "examples-test: FAIL $1"; }
for src in examples/*.c; do
    name=$(basename "$src" .c)
    [ "$name" = common ] && continue
    case $name in *_mpi) continue ;; esac  # built and run by make mpi-check
    prog="$bin/$name"
    # shellcheck disable=SC2086 # $run is a command with its options
    if $run "$prog" --help 2>&1 | grep -q '^usage:'; then ok "$name --help"; else ko "$name --help"; fi
    if $run "$prog" --no-such-option >/dev/null 2>&1; then ko "$name refuses an unknown option"; else ok "$name refuses an unknown option"; fi
    args=$(sed -n '1s|^/\* smoke-test: \(.*\) \*/$|\1|p' "$src")
    # shellcheck disable=SC2086 # the arguments are meant to split
    if $run "$prog" $args 2>&1 | tail -n 1 | grep -q '^result: status=0'; then ok "$name run $args"; else ko "$name run $args"; fi
done
echo "examples-test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
