#!/bin/sh
# check-time.sh NAME COMMAND...: runs COMMAND and records its wall time in
# build/check-times (one line "SECONDS NAME"), so that make check can print
# where its minutes went (its budget is 10 minutes on two cores).  Exits with
# COMMAND's status.
# check-time.sh --report: prints the table and the total, largest first.
times=build/check-times
if [ "${1:-}" = "--report" ]; then
    [ -f "$times" ] || exit 0
    total=$(awk '{ s += $1 } END { printf "%.0f", s }' "$times")
    echo "make check: wall time of each step, the sanitizer runner aside (total so far ${total} s):"
    sort -rn "$times" | awk '{ t = $1; $1 = ""; printf "  %5.0f s %s\n", t, $0 }'
    exit 0
fi
name=$1
shift
mkdir -p build
t0=$(date +%s.%N)
"$@"
st=$?
t1=$(date +%s.%N)
echo "$t0 $t1 $name" | awk '{ t = $2 - $1; $1 = ""; $2 = ""; sub(/^  /, ""); printf "%.1f %s\n", t, $0 }' >> "$times"
exit $st
