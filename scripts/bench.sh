#!/bin/sh
# bench.sh: today's library against a release on the flexible pendulum of paper 001
# (examples/bench_step.c), the figures of issue 25 item 2: CPU time and instructions per
# SI-HHT step at 10 and 1000 elements, and the MAE of the tip height against the adaptive
# implicit reference.  make bench runs it (mk/bench.mk) after building, in TODAY_BUILD, the
# shared library and the objects examples/bench_step.o and examples/common.o.
#
# usage: sh scripts/bench.sh TODAY_BUILD
# Environment:
#   BENCH_BASE    the release to compare with, a commit of this checkout's git history
#                 (default 15e6a86, 0.2.0); its tree goes to BENCH_DIR/<name>/src by git
#                 archive, with examples/bench_step.c copied in, and is built there by its
#                 own Makefile (the same source, that version's examples/common.c and library)
# Both bench_steps are linked here by one command against their shared library (RPATH
# to it): linked statically, like the examples, the library's code and constants sit behind
# the program's own, and a 48-byte longer help text in bench_step.c moved today's 10-element
# step from 8.9 to 10.2 us with the same instructions.  Each bench_step's RPATH is a directory
# of its own (DIR/<name>/lib) that receives a fresh copy of the library's file before every
# round: byte-identical copies of one library ran the 10-element step at 4.1 and at 5.5 us,
# each copy the same in every run (where the kernel put the file's pages), so one copy for
# the whole benchmark could make either library look a third slower; a copy per round gives
# both libraries the same draw, and the best and the median are taken over the rounds.
#   BENCH_DIR     build-bench
#   BENCH_ROUNDS  5: rounds of timed runs, the base's and today's interleaved (A B A B ...)
#                 so that the shared machine's load falls on both alike
#   BENCH_REF_ATOL 1e-8: absolute tolerance of the adaptive implicit reference of the MAE.
#                 Not bench_step's default 1e-6 (examples/pendulum.c's): at 1e-6 the reference's
#                 own error moves the MAE by 1e-4 mm and 0.2.0's and today's references differ
#                 by 8e-5 mm (0.3's stop test), far above the 1e-6 mm the MAE is compared to;
#                 at 1e-8 both libraries' references give the same MAE to all 9 printed digits
#   BENCH_COUNTER perf, callgrind or none: the instruction counter (default: perf where its
#                 counters work, else callgrind where valgrind is installed, else none)
#   MAKE, CC, CFLAGS  as make passes them (the base is built with the same CC and CFLAGS)
# The CPU times are the best of every run's best (other load only ever adds time; the
# median of the rounds' bests is printed beside it).  Instructions per step come from
# hardware counters (perf stat -e instructions:u) where they work, else from valgrind's
# callgrind (it counts what valgrind's CPU runs: where a kernel is chosen by the CPU's
# features, valgrind's CPUID decides), else are not printed: two runs of n1 and n2 steps,
# (I2 - I1) / (n2 - n1), so the set-up cancels.  Prints a table and a final line
# "result: status=0 speedup_10=... speedup_1000=... instr_ratio_10=... instr_ratio_1000=...
# mae_diff_mm=..." (na where a figure could not be had); the ratios are base / today
# (above 1: today is faster, executes fewer instructions).  Exits 1 when a run fails.
set -u
today_build=${1:?usage: sh scripts/bench.sh TODAY_BUILD}
BASE=${BENCH_BASE:-15e6a86}
DIR=${BENCH_DIR:-build-bench}
ROUNDS=${BENCH_ROUNDS:-5}
REF_ATOL=${BENCH_REF_ATOL:-1e-8}
MAKE=${MAKE:-make}
CC=${CC:-cc}
CFLAGS=${CFLAGS:--std=c99 -O3 -g -Wall -Wextra -Wpedantic -fPIC -fvisibility=hidden}
cd "$(dirname "$0")/.." || exit 1
mkdir -p "$DIR" || exit 1
log=$DIR/bench.log
: > "$log"
# each program runs the library it was linked with (RPATH, and no LD_LIBRARY_PATH before it)
unset LD_LIBRARY_PATH

# the two meshes: elements, step, steps of a timed run, runs per process, and the
# callgrind/perf runs' n1 and n2 steps
H_10=1e-3
H_1000=1e-5
ARGS_10="--elements 10 --h $H_10 --steps 10000 --repeat 3"
ARGS_1000="--elements 1000 --h $H_1000 --steps 200 --repeat 3"
COUNT_10="1000 5000"
COUNT_1000="20 60"

# key=value of a result: line
field() { printf '%s\n' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -n 1; }
# the result: line of a run, its stderr in the log; empty unless status=0
run() {
    echo "+ $*" >> "$log"
    out=$("$@" 2>>"$log" | tail -n 1)
    echo "$out" >> "$log"
    case $out in "result: status=0"*) printf '%s\n' "$out" ;; esac
}
fail() { echo "make bench: $*; the runs' output is in $log" >&2; exit 1; }
# bench_step OUT from BUILD's objects, against BUILD's shared library, which it loads from
# OUT's directory's lib/ (fresh_lib puts a copy there)
link() { # BUILD OUT
    mkdir -p "$(dirname "$2")/lib" || return 1
    abs=$(cd "$(dirname "$2")/lib" && pwd) || return 1
    echo "+ link $2" >> "$log"
    # shellcheck disable=SC2086 # CFLAGS holds options
    $CC $CFLAGS -o "$2" "$1/examples/bench_step.o" "$1/examples/common.o" -L"$1" \
        -Wl,--disable-new-dtags,-rpath,"$abs" -lalecable -lm >> "$log" 2>&1 &&
        echo "$1" > "$(dirname "$2")/lib/.build" && fresh_lib "$2"
}
# a new file (new pages) with the library of bench_step BIN, under its soname in BIN's lib/
fresh_lib() { # BIN
    d=$(dirname "$1")/lib
    cp "$(cat "$d/.build")/libalecable.so.0" "$d/libalecable.so.0.new" &&
        mv -f "$d/libalecable.so.0.new" "$d/libalecable.so.0"
}
link "$today_build" "$DIR/today/bench_step" || fail "linking today's bench_step failed"
today_bin=$DIR/today/bench_step

# ---- the base: built from git into $DIR/<name> ---------------------------------------------
base_bin=""
case $BASE in 15e6a86*) name=v0.2.0 ;; *) name=$BASE ;; esac
commit=$(git rev-parse -q --verify "$BASE^{commit}" 2>/dev/null) || commit=""
if [ -z "$commit" ]; then
    echo "make bench: this checkout has no git history with $BASE ($name): only today's figures are printed"
else
    src=$DIR/$name/src
    if [ "$(cat "$src/.commit" 2>/dev/null)" != "$commit" ]; then
        echo "make bench: $name's tree from git ($commit) into $src"
        rm -rf "$src"
        mkdir -p "$src" || fail "cannot create $src"
        git archive "$commit" | tar -x -C "$src" || fail "git archive $commit failed"
        echo "$commit" > "$src/.commit"
    fi
    cmp -s examples/bench_step.c "$src/examples/bench_step.c" || cp examples/bench_step.c "$src/examples/bench_step.c"
    echo "make bench: building $name's library and bench_step (its Makefile, log $DIR/$name/build.log)"
    # its own make, without this make's variables (BUILDDIR, SAN, ...)
    if MAKEFLAGS='' MFLAGS='' $MAKE -C "$src" CC="$CC" CFLAGS="$CFLAGS" lib build/examples/bench_step.o \
        build/examples/common.o > "$DIR/$name/build.log" 2>&1 && link "$src/build" "$DIR/$name/bench_step"; then
        base_bin=$DIR/$name/bench_step
    else
        tail -n 20 "$DIR/$name/build.log"
        echo "make bench: $name did not build (above): only today's figures are printed"
    fi
fi

# ---- instruction counter ----------------------------------------------------------------------
counter=${BENCH_COUNTER:-}
case $counter in
    perf|callgrind|none) ;;
    '') counter=none
        probe=$(perf stat -x, -e instructions:u true 2>&1 >/dev/null | awk -F, '/instructions/ { print $1; exit }')
        case $probe in
            [0-9]*) counter=perf ;;
            *) if command -v valgrind >/dev/null 2>&1; then counter=callgrind; fi ;;
        esac ;;
    *) fail "BENCH_COUNTER=$counter: say perf, callgrind or none" ;;
esac
# instructions of one whole run of BIN ARGS (set-up included)
count() {
    f=$DIR/count.out
    rm -f "$f"
    echo "+ [$counter] $*" >> "$log"
    case $counter in
    perf) perf stat -x, -e instructions:u -o "$f" "$@" >>"$log" 2>&1 || return 1
          awk -F, '/instructions/ { print $1; exit }' "$f" ;;
    callgrind) valgrind --tool=callgrind --cache-sim=no --branch-sim=no --callgrind-out-file="$f" "$@" >>"$log" 2>&1 ||
                   return 1
          sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$f" | head -n 1 ;;
    esac
}
# instructions per step of BIN at mesh ARGS: two runs of n1 and n2 steps
per_step() { # BIN "ARGS" "N1 N2"
    # shellcheck disable=SC2086 # N1 N2: two words
    set -- "$1" "$2" $3
    # shellcheck disable=SC2086 # ARGS split into options
    i1=$(count "$1" $2 --repeat 1 --t-end 0 --steps "$3") || return 1
    # shellcheck disable=SC2086
    i2=$(count "$1" $2 --repeat 1 --t-end 0 --steps "$4") || return 1
    case $i1$i2 in ''|*[!0-9]*) return 1 ;; esac  # "<not counted>", or nothing read
    awk -v a="$i1" -v b="$i2" -v n1="$3" -v n2="$4" 'BEGIN { printf "%.0f\n", (b - a) / (n2 - n1) }'
}

# ---- timed runs, interleaved, and instructions per step ---------------------------------------
best() { printf '%s\n' "$@" | sort -g | head -n 1; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "na" || b == "na" || a == "" || b == "" || b + 0 == 0) print "na"; else printf "%.3f\n", a / b }'; }

# one mesh: "BASE_BEST BASE_MEDIAN TODAY_BEST TODAY_MEDIAN BASE_INSTR TODAY_INSTR" (na where
# not had); exits on a failed run
measure() { # "ARGS" "N1 N2"
    tb=""; tt=""; r=0
    while [ "$r" -lt "$ROUNDS" ]; do
        r=$((r + 1))
        fresh_lib "$today_bin" || fail "cannot copy today's library"
        if [ -n "$base_bin" ]; then
            fresh_lib "$base_bin" || fail "cannot copy $name's library"
            # shellcheck disable=SC2086 # $1 holds options
            line=$(run "$base_bin" $1 --t-end 0)
            [ -n "$line" ] || fail "$name's bench_step $1 failed"
            tb="$tb $(field cpu_us_best "$line")"
        fi
        # shellcheck disable=SC2086
        line=$(run "$today_bin" $1 --t-end 0)
        [ -n "$line" ] || fail "today's bench_step $1 failed"
        tt="$tt $(field cpu_us_best "$line")"
    done
    ub=na; mb=na; ib=na; it=na
    # shellcheck disable=SC2086 # one figure per round
    if [ -n "$base_bin" ]; then ub=$(best $tb); mb=$(median $tb); fi
    if [ "$counter" != none ]; then
        if [ -n "$base_bin" ]; then ib=$(per_step "$base_bin" "$1" "$2") || ib=na; fi
        it=$(per_step "$today_bin" "$1" "$2") || it=na
    fi
    # shellcheck disable=SC2086
    echo "$ub $mb $(best $tt) $(median $tt) ${ib:-na} ${it:-na}"
}

echo "make bench: $ROUNDS rounds of timed runs, $name and today interleaved (load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null))"
row_10=$(measure "$ARGS_10" "$COUNT_10") || exit 1
row_1000=$(measure "$ARGS_1000" "$COUNT_1000") || exit 1

# ---- MAE of the 10-element SI-HHT run against the adaptive implicit reference ---------------
# each library against its own reference (the figure examples/pendulum.c prints), and today's
# against the base's reference, so that a change of the reference is told from one of SI-HHT
mae_b=na; mae_bt=na; refdiff=na
line=$(run "$today_bin" --elements 10 --h 1e-3 --repeat 0 --t-end 10 --atol "$REF_ATOL" --reference-out "$DIR/reference-today.csv")
[ -n "$line" ] || fail "today's MAE run failed"
mae_t=$(field mae_mm "$line")
if [ -n "$base_bin" ]; then
    line=$(run "$base_bin" --elements 10 --h 1e-3 --repeat 0 --t-end 10 --atol "$REF_ATOL" --reference-out "$DIR/reference-$name.csv")
    [ -n "$line" ] || fail "$name's MAE run failed"
    mae_b=$(field mae_mm "$line")
    line=$(run "$today_bin" --elements 10 --h 1e-3 --repeat 0 --t-end 10 --atol "$REF_ATOL" --reference-csv "$DIR/reference-$name.csv")
    [ -n "$line" ] || fail "today's MAE run against $name's reference failed"
    mae_bt=$(field mae_mm "$line")
    refdiff=$(paste -d, "$DIR/reference-$name.csv" "$DIR/reference-today.csv" |
        awk -F, 'NR > 1 { d = $2 - $4; s += d < 0 ? -d : d; n++ } END { printf "%.9f\n", 1e3 * s / n }')
fi
diff_of() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "na" || b == "na") print "na"; else printf "%.3g\n", a - b }'; }
mae_diff=$(diff_of "$mae_t" "$mae_b")
mae_diff_same=$(diff_of "$mae_bt" "$mae_b")

# ---- the table --------------------------------------------------------------------------------
# shellcheck disable=SC2086 # six figures
set -- $row_10
sp10=$(ratio "$1" "$3"); ir10=$(ratio "$5" "$6")
# shellcheck disable=SC2086
set -- $row_1000
sp1000=$(ratio "$1" "$3"); ir1000=$(ratio "$5" "$6")
today_name=$(git describe --always --dirty 2>/dev/null || echo today)
echo
echo "make bench: the flexible ANCF pendulum of paper 001 (Lagrangian), SI-HHT, one core;"
echo "  $name ($BASE) against today ($today_name); CPU time: best of $ROUNDS interleaved rounds of 3 runs"
echo "  (median of the rounds' bests in brackets); instructions per step: $counter (none: no counter here);"
echo "  speedup and ratio: $name / today (above 1: today faster, fewer instructions)"
printf '%9s %7s | %-35s %8s | %-23s %7s\n' "" "" "CPU us/step" "" "instructions/step" ""
printf '%9s %7s | %17s %17s %8s | %11s %11s %7s\n' elements "h [s]" "$name" today speedup "$name" today ratio
row() { # ELEMENTS H "ROW"
    # shellcheck disable=SC2086 # six figures
    set -- "$1" "$2" $3
    awk -v n="$1" -v h="$2" -v ub="$3" -v mb="$4" -v ut="$5" -v mt="$6" -v ib="$7" -v it="$8" \
        -v sp="$(ratio "$3" "$5")" -v ir="$(ratio "$7" "$8")" '
        function us(v, m) { return v == "na" ? "na" : sprintf("%.2f (%.2f)", v, m) }
        BEGIN { printf "%9s %7s | %17s %17s %8s | %11s %11s %7s\n", n, h, us(ub, mb), us(ut, mt), sp, ib, it, ir }'
}
row 10 "$H_10" "$row_10"
row 1000 "$H_1000" "$row_1000"
echo "MAE of the tip height, 10 elements, h = 1e-3, 10 s, against the adaptive implicit Newmark reference (atol $REF_ATOL):"
echo "  each against its own library's reference: $name $mae_b mm, today $mae_t mm, difference $mae_diff mm"
echo "  today against $name's reference: $mae_bt mm (difference $mae_diff_same mm); the two references differ by MAE $refdiff mm"
goal() { awk -v v="$1" -v g="$2" 'BEGIN { if (v == "na") print "not measured"; else print (v + 0 >= g ? "met" : "not met") }'; }
within() { awk -v d="$1" 'BEGIN { if (d == "na") print "not measured"; else print ((d < 0 ? -d : d) <= 1e-6 ? "met" : "not met") }'; }
echo "goals (issue 25): 10 elements >= 2x: $(goal "$sp10" 2); 1000 elements >= 1.5x: $(goal "$sp1000" 1.5);"
echo "  MAE unchanged to 1e-6 mm: $(within "$mae_diff") against each library's own reference, $(within "$mae_diff_same")" \
    "against the same reference (SI-HHT's own motion)"
# shellcheck disable=SC2086
set -- $row_10 $row_1000
echo "result: status=0 base=$name rounds=$ROUNDS counter=$counter us_10_base=$1 us_10_today=$3" \
    "speedup_10=$sp10 us_1000_base=$7 us_1000_today=$9 speedup_1000=$sp1000" \
    "instr_10_base=$5 instr_10_today=$6 instr_ratio_10=$ir10 instr_1000_base=${11}" \
    "instr_1000_today=${12} instr_ratio_1000=$ir1000 mae_base_mm=$mae_b mae_today_mm=$mae_t mae_diff_mm=$mae_diff" \
    "mae_diff_same_ref_mm=$mae_diff_same reference_diff_mm=$refdiff"
