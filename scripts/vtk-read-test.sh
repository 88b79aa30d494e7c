#!/bin/sh
# vtk-read-test.sh: every VTK file the examples and alecable-run write, opened with a real reader
# (make vtk-read-check, a step of make check).
#   - every example with --vtk (its smoke-test arguments, as scripts/examples-test.sh runs it)
#     writes .vtp files and a .pvd: scripts/vtk-read-check.py reads them with VTK's XML readers
#     (python3-vtk9) and checks the number of files against the "wrote N VTK files" line the
#     program printed, the arrays and counts, increasing times; the crane's frames every 0.1 s;
#     where the collection's time is the model's time, each file's TimeValue against it;
#   - --vtk-legacy: the crane's legacy .vtk files and .vtk.series, beam_benchmarks' one file;
#   - alecable-run: the crane's model file with a vtk_series and a final vtk: .vtp;
#   - where pvbatch (ParaView, not needed otherwise) runs, it opens every collection
#     (scripts/vtk-pvbatch-check.py: time steps and point counts).
# usage: sh scripts/vtk-read-test.sh BUILD_DIR [PYTHON]
#   PYTHON: a Python with the vtk modules (the first of python3, /usr/bin/python3 that has them)
# Prints one line per check and a final "vtk-read-test: N passed, M failed" line.
set -u
build=${1:-build}
py=${2:-}
here=$(dirname "$0")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/alecable-vtk.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
log=$tmp/log
report_name=vtk-read-test
# shellcheck source=scripts/test-report.sh
. "$here/test-report.sh"

collections=""
# read NAME DIR/FILE [checker options]: the checker's verdict on the files
read_check() {
    desc=$1; shift
    if "$py" "$here/vtk-read-check.py" "$@" >"$log" 2>&1; then pass "$desc: $(sed -n 's/^vtk-read-check: ok *[^ ]* //p' "$log" | head -n 1)"
    else fail "$desc"; fi
}
# the N of the "wrote N VTK files" line a program printed into $1
wrote() { sed -n 's/^ *wrote \([0-9][0-9]*\) VTK files.*/\1/p' "$1" | tail -n 1; }

# examples whose collection time is the model's time (dynamics, or statics on the load-factor clock)
timed=" atwood_friction belt_drive crane pendulum pulley_frictionless puma_cable winch "
for src in examples/*.c; do
    name=$(basename "$src" .c)
    grep -q '{"--vtk", '"'"'s'"'" "$src" || continue
    args=$(sed -n '1s|^/\* smoke-test: \(.*\) \*/$|\1|p' "$src")
    if [ "$name" = beam_benchmarks ]; then  # one file of the final state
        # shellcheck disable=SC2086 # the arguments are meant to split
        if "$build/examples/$name" $args --vtk "$tmp/$name.vtp" >"$tmp/$name.out" 2>&1; then
            read_check "$name --vtk FILE.vtp" "$tmp/$name.vtp"
        else fail "$name --vtk FILE.vtp (the run failed)"; fi
        # shellcheck disable=SC2086
        if "$build/examples/$name" $args --vtk "$tmp/$name.vtk" --vtk-legacy >"$tmp/$name.out" 2>&1; then
            read_check "$name --vtk FILE.vtk --vtk-legacy" "$tmp/$name.vtk"
        else fail "$name --vtk FILE.vtk --vtk-legacy (the run failed)"; fi
        continue
    fi
    mkdir -p "$tmp/$name"
    # shellcheck disable=SC2086
    if ! "$build/examples/$name" $args --vtk "$tmp/$name" >"$tmp/$name.out" 2>&1; then
        fail "$name --vtk DIR (the run failed: $(tail -n 1 "$tmp/$name.out"))"
        continue
    fi
    opts="--frames $(wrote "$tmp/$name.out")"
    case $timed in *" $name "*) opts="$opts --timevalue" ;; esac
    [ "$name" = crane ] && opts="$opts --dt 0.1"
    # shellcheck disable=SC2086 # the options are meant to split
    read_check "$name --vtk DIR" $opts "$tmp/$name/$name.pvd"
    collections="$collections $tmp/$name/$name.pvd"
done

# the legacy series of the crane
args=$(sed -n '1s|^/\* smoke-test: \(.*\) \*/$|\1|p' examples/crane.c)
mkdir -p "$tmp/legacy"
# shellcheck disable=SC2086
if "$build/examples/crane" $args --vtk "$tmp/legacy" --vtk-legacy >"$tmp/legacy.out" 2>&1 &&
    [ ! -e "$tmp/legacy/crane.pvd" ] && [ ! -e "$tmp/legacy/crane_00000.vtp" ]; then
    read_check "crane --vtk DIR --vtk-legacy" --frames "$(wrote "$tmp/legacy.out")" --dt 0.1 "$tmp/legacy/crane.vtk.series"
    collections="$collections $tmp/legacy/crane.vtk.series"
else fail "crane --vtk DIR --vtk-legacy (the run failed, or wrote XML files)"; fi

# the runner: the crane's model file with VTK output
mkdir -p "$tmp/run/frames"
sed 's/^output:/output:\n  vtk: final.vtp\n  vtk_series: {dir: frames, base: crane, every: 20}/' examples/models/crane.yaml \
    >"$tmp/run/crane.yaml"
if "$build/alecable-run" --no-progress --out "$tmp/run" "$tmp/run/crane.yaml" >"$tmp/run.out" 2>&1; then
    read_check "alecable-run vtk_series" --frames "$(wrote "$tmp/run.out")" --timevalue --dt 0.1 "$tmp/run/frames/crane.pvd"
    read_check "alecable-run vtk: final.vtp" "$tmp/run/final.vtp"
    collections="$collections $tmp/run/frames/crane.pvd"
else fail "alecable-run with vtk_series (the run failed: $(tail -n 1 "$tmp/run.out"))"; fi

# ParaView itself, where it is installed
if command -v pvbatch >/dev/null 2>&1; then
    # shellcheck disable=SC2086 # one word per collection
    pvbatch "$here/vtk-pvbatch-check.py" $collections >"$log" 2>&1
    rc=$?
    if grep -q "No module named 'paraview'" "$log"; then
        echo "note: pvbatch has no paraview Python module here: ParaView's own readers were not tried (sudo apt-get install python3-paraview)"
    else
        n=$(grep -c '^vtk-pvbatch-check: ok' "$log")
        if [ "$rc" -eq 0 ] && ! grep -q '^vtk-pvbatch-check: FAIL' "$log" && [ "$n" -gt 0 ]; then
            pass "pvbatch opens $n collections with their time steps"
        else fail "pvbatch: $(grep '^vtk-pvbatch-check: FAIL' "$log" | head -n 3)"; fi
    fi
else
    echo "note: no pvbatch here: ParaView's own readers were not tried (the VTK readers above were; sudo apt-get install paraview python3-paraview)"
fi

echo "vtk-read-test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
