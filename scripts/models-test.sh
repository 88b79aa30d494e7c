#!/bin/sh
# The runner's regression test (make models-check).
#
# 1. Each examples/models/*.yaml names, in comment lines
#        # check: RUNNER ARGS | EXAMPLE AND ITS ARGS | KEYS
#    runs of alecable-run and of the example it reproduces with the same
#    parameters, and the result: figures both must print equal: to 1e-10
#    relative, or, where the example prints fewer digits, to half a unit of
#    its last printed digit (the runner prints 17 significant digits).
#    A line "# check-csv: RUNNER ARGS | EXAMPLE ARGS | FILE" compares a whole table: the
#    runner's output FILE and the CSV the example writes where its arguments say @CSV@,
#    every column they share by name, row by row, to 1e-10 of the column's largest
#    magnitude (or the example's printed digits).
# 2. Each tests/models/bad/*.yaml is a model file with one mistake and a line
#        # expect: LINE TEXT
#    alecable-run must refuse it (exit status 2, no result line) with a
#    message "FILE:LINE:COL: expected ..." that contains TEXT.
# 3. The command line: --help, --check, an unknown --set parameter, a missing file.
#
# usage: sh scripts/models-test.sh BUILDDIR   (BUILDDIR/alecable-run, BUILDDIR/examples/)
# MODELS_RUN, when set, prefixes every run of alecable-run (valgrind and its options).
set -u
build=${1:-build}
runner=$build/alecable-run
run=${MODELS_RUN:-}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/models-test.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0; fail=0
ok() { pass=$((pass + 1)); echo "models-test: ok   $1"; }
ko() { fail=$((fail + 1)); echo "models-test: FAIL $1"; }

# value of KEY in the last result: line of a file
field() { sed -n 's/^result: //p' "$2" | tail -n 1 | tr ' ' '\n' | sed -n "s/^$1=//p"; }

# same A (the runner's) B (the example's): 0 when equal within 1e-10 relative
# or half a unit of B's last printed digit
same() {
    awk -v a="$1" -v b="$2" 'BEGIN {
        m = b; e = 0
        if (match(b, /[eE]/)) { m = substr(b, 1, RSTART - 1); e = substr(b, RSTART + 1) + 0 }
        d = 0
        if (index(m, ".")) d = length(m) - index(m, ".")
        ulp = 10 ^ (e - d)
        diff = a - b; if (diff < 0) diff = -diff
        mag = (a < 0 ? -a : a); if ((b < 0 ? -b : b) > mag) mag = (b < 0 ? -b : b)
        tol = 1e-10 * mag; if (0.5 * ulp * (1 + 1e-9) > tol) tol = 0.5 * ulp * (1 + 1e-9)
        exit !(diff <= tol)
    }'
}

# 1. model files against their examples
for model in examples/models/*.yaml; do
    name=$(basename "$model" .yaml)
    n=0
    grep '^# check:' "$model" | sed 's/^# check: *//' > "$tmp/checks"
    if [ ! -s "$tmp/checks" ]; then ko "$name: no '# check:' line"; continue; fi
    while IFS='|' read -r rargs eargs keys; do
        n=$((n + 1))
        # shellcheck disable=SC2086 # the arguments are meant to split
        $run "$runner" --no-progress --out "$tmp" $rargs "$model" > "$tmp/run.txt" 2> "$tmp/run.err"
        st=$?
        # shellcheck disable=SC2086
        set -- $eargs
        ex=$1; shift
        "$build/examples/$ex" "$@" > "$tmp/ex.txt" 2>&1
        est=$?
        label="$name [$rargs ] vs $ex $*"
        if [ $st -ne 0 ] || [ $est -ne 0 ]; then
            ko "$label: exit status $st (runner), $est (example)"; cat "$tmp/run.err"; continue
        fi
        bad=""
        for k in $keys; do
            a=$(field "$k" "$tmp/run.txt"); b=$(field "$k" "$tmp/ex.txt")
            if [ -z "$a" ] || [ -z "$b" ]; then bad="$bad $k(missing: '$a' '$b')"; continue; fi
            same "$a" "$b" || bad="$bad $k($a vs $b)"
        done
        if [ -z "$bad" ]; then ok "$label: $(echo "$keys" | wc -w) figures equal"; else ko "$label:$bad"; fi
    done < "$tmp/checks"
done

# 1b. whole tables: "# check-csv: RUNNER ARGS | EXAMPLE ARGS | RUNNER FILE" runs both,
# the example with @CSV@ in its arguments replaced by a file, and compares every column
# the two CSV files share by name, row by row, to 1e-10 of the column's largest
# magnitude (or half a unit of the example's last printed digit)
for model in examples/models/*.yaml; do
    name=$(basename "$model" .yaml)
    grep '^# check-csv:' "$model" | sed 's/^# check-csv: *//' > "$tmp/checks"
    while IFS='|' read -r rargs eargs rfile; do
        rfile=$(echo "$rfile" | tr -d ' ')
        rm -f "$tmp/$rfile" "$tmp/ex.csv"
        # shellcheck disable=SC2086 # the arguments are meant to split
        $run "$runner" --no-progress --out "$tmp" $rargs "$model" > "$tmp/run.txt" 2>&1
        # shellcheck disable=SC2046 # the arguments are meant to split
        set -- $(echo "$eargs" | sed "s|@CSV@|$tmp/ex.csv|g")
        ex=$1; shift
        "$build/examples/$ex" "$@" > "$tmp/ex.txt" 2>&1
        label="$name [$rargs ] $rfile vs $ex $(echo "$eargs" | sed 's|@CSV@|CSV|g; s|^ *[^ ]* *||')"
        if [ ! -s "$tmp/$rfile" ] || [ ! -s "$tmp/ex.csv" ]; then ko "$label: a file is missing"; continue; fi
        res=$(awk -F, '
            FNR == 1 { for (i = 1; i <= NF; i++) col[FILENAME, $i] = i; if (NR == 1) hr = $0; else he = $0; next }
            NR == FNR { r[FNR] = $0; nr = FNR; next }
            { e[FNR] = $0; ne = FNR }
            END {
                if (nr != ne) { print "rows " nr - 1 " vs " ne - 1; exit }
                n = split(he, names, ","); used = 0; bad = ""
                for (k = 1; k <= n; k++) {
                    ir = col[ARGV[1], names[k]]; ie = k
                    if (!ir) continue
                    used++; mx = 0
                    for (j = 2; j <= ne; j++) { split(e[j], b, ","); v = b[ie] < 0 ? -b[ie] : b[ie]; if (v > mx) mx = v }
                    for (j = 2; j <= ne; j++) {
                        split(r[j], a, ","); split(e[j], b, ",")
                        m = b[ie]; x = 0; if (match(m, /[eE]/)) { x = substr(m, RSTART + 1) + 0; m = substr(m, 1, RSTART - 1) }
                        d = index(m, ".") ? length(m) - index(m, ".") : 0
                        tol = 1e-10 * mx; if (0.5 * 10 ^ (x - d) * (1 + 1e-9) > tol) tol = 0.5 * 10 ^ (x - d) * (1 + 1e-9)
                        diff = a[ir] - b[ie]; if (diff < 0) diff = -diff
                        if (diff > tol) { bad = bad " " names[k] "[" j - 1 "]:" a[ir] "/" b[ie]; break }
                    }
                }
                if (!used) print "no common column"; else if (bad != "") print bad; else print "ok " used " columns x " ne - 1 " rows"
            }' "$tmp/$rfile" "$tmp/ex.csv")
        case $res in ok*) ok "$label: ${res#ok }" ;; *) ko "$label: $res" ;; esac
    done < "$tmp/checks"
done

# 2. malformed model files
for model in tests/models/bad/*.yaml; do
    name=$(basename "$model")
    exp=$(sed -n 's/^# expect: *//p' "$model" | head -n 1)
    line=${exp%% *}; text=${exp#* }
    $run "$runner" --no-progress --out "$tmp" "$model" > "$tmp/bad.txt" 2> "$tmp/bad.err"
    st=$?
    first=$(grep -m 1 "^$model:[0-9]*:[0-9]*: expected" "$tmp/bad.err")
    if [ $st -ne 2 ]; then ko "$name: exit status $st, not 2"
    elif grep -q '^result:' "$tmp/bad.txt"; then ko "$name: it ran (a result line)"
    elif ! grep -q "^$model:$line:[0-9]*: expected" "$tmp/bad.err"; then ko "$name: no message at line $line: $(head -n 1 "$tmp/bad.err")"
    elif ! grep "^$model:$line:" "$tmp/bad.err" | grep -qF -- "$text"; then ko "$name: line $line does not say '$text': $first"
    else ok "$name: $(grep -m 1 "^$model:$line:" "$tmp/bad.err")"
    fi
done

# 3. the command line: --help, --check, an unknown parameter, a missing file
if "$runner" --help | grep -q '^usage: alecable-run'; then ok "alecable-run --help"; else ko "alecable-run --help"; fi
if "$runner" --check examples/models/capstan.yaml | grep -q 'no errors'; then ok "alecable-run --check"; else ko "alecable-run --check"; fi
"$runner" --set no_such_parameter=1 examples/models/capstan.yaml > "$tmp/cli.txt" 2>&1
if [ $? -eq 2 ] && grep -q 'no such parameter' "$tmp/cli.txt"; then ok "--set of an unknown parameter refused"
else ko "--set of an unknown parameter refused"; fi
"$runner" "$tmp/no-such-file.yaml" > "$tmp/cli.txt" 2>&1
if [ $? -eq 2 ]; then ok "a missing model file: exit status 2"; else ko "a missing model file: exit status 2"; fi

echo "models-test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
