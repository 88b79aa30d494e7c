# test-report.sh: sourced by the shell test scripts (install-test, cmake-test, mpi-test)
# after they set $report_name (the prefix of their lines) and $log (where a check's output goes).
# pass DESC / fail DESC count and print one line each; a failure shows the last lines of
# $log.  check DESC COMMAND...: runs COMMAND with its output in $log.
: "${report_name:?set report_name before sourcing test-report.sh}" "${log:?set log before sourcing test-report.sh}"
passed=0
failed=0
pass() { passed=$((passed + 1)); echo "$report_name: ok   $1"; }
fail() {
    failed=$((failed + 1)); echo "$report_name: FAIL $1"
    [ -s "$log" ] && tail -n 15 "$log" | sed 's/^/    | /'
}
check() { desc=$1; shift; if "$@" >"$log" 2>&1; then pass "$desc"; else fail "$desc"; fi; }
