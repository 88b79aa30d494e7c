#!/bin/sh
# mpi-test.sh: the MPI parameter sweep (examples/sweep_mpi.c) as make mpi-check runs it:
# --help and a bad option, the serial sweep (no MPI), then the same sweep on 2 ranks and on
# 1 rank under mpirun, whose gathered CSVs must equal the serial one byte for byte (the CSV
# prints every double with 17 digits, so that is bit for bit).
# usage: sh scripts/mpi-test.sh BUILD_EXAMPLES_DIR
# Environment: MPIRUN (mpirun); MPI_TEST_ARGS, the sweep's options (its default grid).
# Prints one line per check and a final "mpi-test: N passed, M failed" line.
set -u
bin=${1:-build/examples}/sweep_mpi
MPIRUN=${MPIRUN:-mpirun}
args=${MPI_TEST_ARGS:-}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/alecable-mpi.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
log=$tmp/log
report_name=mpi-test
# shellcheck source=scripts/test-report.sh
. "$(dirname "$0")/test-report.sh"

# Open MPI refuses root without --allow-run-as-root, counts slots by cores (2 ranks on a
# 1-core container need --oversubscribe), and in containers its shared-memory transport's
# single-copy mechanism (CMA) is often not permitted: a warning per run, or a failure.
# Without ssh or rsh its launcher gives up even for ranks on this machine, which it starts
# itself: any existing command as the remote agent satisfies it (never run for a local job).
# Settings the caller made in the environment win.
mpiopts=""
if "$MPIRUN" --version 2>&1 | grep -q 'Open MPI'; then
    mpiopts="--oversubscribe"
    [ "$(id -u)" -eq 0 ] && mpiopts="$mpiopts --allow-run-as-root"
    OMPI_MCA_btl_vader_single_copy_mechanism=${OMPI_MCA_btl_vader_single_copy_mechanism:-none}
    export OMPI_MCA_btl_vader_single_copy_mechanism
    if ! command -v ssh >/dev/null 2>&1 && ! command -v rsh >/dev/null 2>&1; then
        OMPI_MCA_plm_rsh_agent=${OMPI_MCA_plm_rsh_agent:-false}
        export OMPI_MCA_plm_rsh_agent
    fi
fi
# a hung launcher (no network, a stuck daemon) must not hang make check
limit=""
command -v timeout >/dev/null 2>&1 && limit="timeout 120"

# result LOG: the last "result:" line's status must be 0
result_ok() { tail -n 1 "$1" | grep -q '^result: status=0 '; }

check "sweep_mpi --help" sh -c '"$1" --help | grep -q "^usage:"' sh "$bin"
check "sweep_mpi refuses an unknown option" sh -c '! "$1" --no-such-option' sh "$bin"

serial() {
    # shellcheck disable=SC2086 # the options split into words
    $limit "$bin" --serial $args --csv "$tmp/serial.csv" >"$tmp/serial.out" 2>&1 || { cat "$tmp/serial.out"; return 1; }
    cat "$tmp/serial.out"; result_ok "$tmp/serial.out"
}
t0=$(date +%s)
check "serial sweep (--serial, no MPI): status 0, CSV written" serial
[ -s "$tmp/serial.out" ] && sed -n '/^result:/p' "$tmp/serial.out"

ranks() { # ranks N: the sweep on N ranks, its CSV equal to the serial one
    n=$1
    # shellcheck disable=SC2086 # options split into words
    $limit "$MPIRUN" $mpiopts -np "$n" "$bin" $args --csv "$tmp/ranks$n.csv" >"$tmp/ranks$n.out" 2>&1 ||
        { cat "$tmp/ranks$n.out"; return 1; }
    cat "$tmp/ranks$n.out"
    result_ok "$tmp/ranks$n.out" || return 1
    grep -q "^result: .* ranks=$n " "$tmp/ranks$n.out" || { echo "not $n ranks"; return 1; }
    cmp "$tmp/serial.csv" "$tmp/ranks$n.csv"
}
check "$MPIRUN -np 2: status 0, gathered CSV equal to the serial one (cmp)" ranks 2
[ -s "$tmp/ranks2.out" ] && sed -n '/^  [0-9]* models/p; /^result:/p' "$tmp/ranks2.out"
check "$MPIRUN -np 1: gathered CSV equal to the serial one (cmp)" ranks 1

echo "mpi-test: $passed passed, $failed failed ($(($(date +%s) - t0)) s)"
[ "$failed" -eq 0 ]
