#!/bin/sh
# The runner's regression test (make models-check).
#
# 1. Each examples/models/*.yaml names, in comment lines
#        # check: RUNNER ARGS | EXAMPLE AND ITS ARGS | KEYS
#    runs of alecable-run and of the example it reproduces with the same
#    parameters, and the result: figures both must print equal (both print
#    them with 17 significant digits, %.17g): integers (iteration counts,
#    steps, stuck counts) exactly, every other figure to 1e-10 relative,
#    |a - b| <= 1e-10 max(|a|, |b|).  A key written KEY@FLOOR also passes when
#    |a - b| <= FLOOR: only for a figure that is itself round-off (an error
#    of ~1e-15 of a quantity of order 1), whose model file says why and
#    what was measured.  A key written KEY~ passes within half a unit of the last
#    digit the example prints it with: for an example that prints a figure with
#    fewer digits (%.9f, %.3e) and whose result line must stay as it is.
#    A key written KEY=TEXT compares the runner's KEY with the number the example
#    prints right after the first match of TEXT (an extended regular expression,
#    no spaces or '/': '.' for a space) anywhere in its output: a figure on the
#    example's summary lines, not on its result line (the simulated tip of
#    beam_benchmarks --case elastica), to its printed digits like KEY~
#    (integers exactly).
#    A line "# check-csv: RUNNER ARGS | EXAMPLE ARGS | FILE" compares a whole table: the
#    runner's output FILE and the CSV the example writes where its arguments say @CSV@,
#    every column they share by name, row by row: each value to 1e-10
#    relative, or, for values near zero, to 1e-12 of the column's largest
#    magnitude (a value 1e-12 of its column's scale is round-off of the
#    sums that made it: relative agreement is not defined there).
#    MODELS_VERBOSE=1 prints every comparison's relative difference; the
#    last line names the largest relative difference seen.
#    Every such run also writes a history CSV (--history): its rows must have one field
#    per header column, and the channels sampled as printed must end on their result
#    values (history_check below).
# 2. Each tests/models/bad/*.yaml is a model file with one mistake and a line
#        # expect: LINE TEXT
#    alecable-run must refuse it (exit status 2, no result line) with a
#    message "FILE:LINE:COL: expected ..." that contains TEXT.
# 3. The command line: --help, --check, an unknown --set parameter, a missing file,
#    --NAME=VALUE and --NAME VALUE, options after the file, options refused, prefixes.
# 4. Each tests/models/closed/*.yaml computes relative errors against a closed form;
#    lines "# expect-below: KEY TOL" name the figures that must be below TOL.
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

# same A (the runner's) B (the example's) [FLOOR]: 0 when equal, integers exactly,
# other figures within 1e-10 relative (or FLOOR absolute when given), a NaN or an
# infinity never; prints the relative difference |a - b| / max(|a|, |b|) (0 when both are 0)
same() {
    awk -v a="$1" -v b="$2" -v floor="${3:-0}" 'BEGIN {
        int_re = "^[-+]?[0-9]+$"
        num_re = "^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$"
        if (a ~ int_re && b ~ int_re) { print (a + 0 == b + 0 ? 0 : 1); exit (a + 0 != b + 0) }
        if (tolower(a b) ~ /nan|inf/) { print "not-finite"; exit 1 }
        if (a !~ num_re || b !~ num_re) { print (a == b ? 0 : 1); exit (a != b) }
        diff = a - b; if (diff < 0) diff = -diff
        mag = (a < 0 ? -a : a); if ((b < 0 ? -b : b) > mag) mag = (b < 0 ? -b : b)
        rel = mag > 0 ? diff / mag : 0
        printf "%.3e\n", rel
        exit !(diff <= 1e-10 * mag || diff <= floor + 0)
    }'
}

# history CSV: every run of part 1 writes one (--history); each row has one field per
# header column, the first column is t (a number on every row), the names are unique, and
# the channels sampled as they are printed (a flow-style entry "- {name: N, SOURCE: ...}"
# with no over, stage, after, before, when, if or print: false) hold in the last row the
# value the result line prints for them, to 1e-12 relative: a column under the wrong name
# fails.  history_check MODEL CSV RESULT-OUTPUT LABEL
history_check() {
    plain=$(sed -n 's/^ *- {name: *\([A-Za-z_][A-Za-z0-9_]*\), *\(node\|element\|body\|constraint\|joint\|seabed\|energy\|time\|stats\|report\): .*/\1 &/p' "$1" |
        grep -v -e 'over:' -e 'stage:' -e 'after:' -e 'before:' -e 'when:' -e 'if:' -e 'print: *\(false\|no\|0\)' |
        cut -d ' ' -f 1 | tr '\n' ' ')
    if [ ! -s "$2" ]; then ko "$4: history: no CSV written"; return; fi
    res=$(sed -n 's/^result: //p' "$3" | tail -n 1)
    hres=$(awk -F, -v plain="$plain" -v res="$res" '
        NR == 1 { nf = NF; for (i = 1; i <= NF; i++) { if ($i in col) dup = dup " " $i; col[$i] = i; name[i] = $i }; next }
        NF != nf { bad++; if (!first) first = NR ": " NF " fields"; }
        $1 !~ /^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$/ { badt++ }
        { for (i = 1; i <= NF; i++) last[i] = $i; rows++ }
        END {
            if (name[1] != "t") { print "the first column is \"" name[1] "\", not t"; exit }
            if (dup != "") { print "columns named twice:" dup; exit }
            if (bad) { print bad " of " rows " rows have not " nf " fields (first: row " first ")"; exit }
            if (!rows) { print "no rows"; exit }
            if (badt) { print badt " rows with a t that is not a number"; exit }
            n = split(res, kv, " ")
            for (k = 1; k <= n; k++) { split(kv[k], p, "="); val[p[1]] = p[2] }
            m = split(plain, pl, " "); cmp = 0; wrong = ""
            for (k = 1; k <= m; k++) {
                c = col[pl[k]]
                if (!c || !(pl[k] in val)) continue
                a = last[c] + 0; b = val[pl[k]] + 0; d = a - b; if (d < 0) d = -d
                mag = (a < 0 ? -a : a); if ((b < 0 ? -b : b) > mag) mag = (b < 0 ? -b : b)
                cmp++
                if (d > 1e-12 * mag) wrong = wrong " " pl[k] "(" last[c] " in the CSV, " val[pl[k]] " printed)"
            }
            if (wrong != "") { print "last row against the result line:" wrong; exit }
            printf "ok %d rows x %d columns, %d channel%s equal to the result line\n", rows, nf, cmp, cmp == 1 ? "" : "s"
        }' "$2")
    case $hres in ok*) ok "$4: history: ${hres#ok }" ;; *) ko "$4: history: $hres" ;; esac
}

# printed_floor B: half a unit of the last digit the example printed B with (B = 2.873142444:
# 5e-10; 1.270e-06: 5e-10): the runner's 17 digits agree with a figure the example prints
# with fewer digits (%.9f, %.3e) at best to that (KEY~ in a check line)
printed_floor() {
    awk -v b="$1" 'BEGIN {
        m = b; e = 0
        if (match(m, /[eE][-+]?[0-9]+$/)) { e = substr(m, RSTART + 1) + 0; m = substr(m, 1, RSTART - 1) }
        d = index(m, ".") ? length(m) - index(m, ".") : 0
        printf "%.3e\n", 0.5 * 10 ^ (e - d) * (1 + 1e-9)
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
        rm -f "$tmp/history.csv"
        # shellcheck disable=SC2086 # the arguments are meant to split
        $run "$runner" --no-progress --out "$tmp" --history "$tmp/history.csv" $rargs "$model" > "$tmp/run.txt" 2> "$tmp/run.err"
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
        set -f # a KEY=TEXT key is a pattern: no file names
        for kf in $keys; do
            k=${kf%%@*}; floor=""
            case $kf in *@*) floor=${kf#*@} ;; esac
            case $kf in *~) k=${k%\~} ;; esac
            case $kf in *=*) k=${kf%%=*} ;; esac
            a=$(field "$k" "$tmp/run.txt"); b=$(field "$k" "$tmp/ex.txt")
            case $kf in
                *=*) b=$(sed -nE "s/.*${kf#*=}([-+]?[0-9]+[.]?[0-9]*([eE][-+]?[0-9]+)?).*/\1/p" "$tmp/ex.txt" | head -n 1)
                     case $b in *[.eE]*) floor=$(printed_floor "$b") ;; esac ;;
                *~) floor=$(printed_floor "$b") ;;
            esac
            if [ -z "$a" ] || [ -z "$b" ]; then bad="$bad $k(missing: '$a' '$b')"; continue; fi
            rel=$(same "$a" "$b" "$floor") || bad="$bad $k($a vs $b: $rel relative${floor:+, floor $floor})"
            # (a KEY~ differs by the example's rounding: not in the summary's largest difference)
            case $kf in *~|*=*) ;; *) echo "$rel $name $k [$rargs ]" >> "$tmp/diffs" ;; esac
            [ -n "${MODELS_VERBOSE:-}" ] && echo "models-test:      $k: $a vs $b: $rel relative"
        done
        set +f
        if [ -z "$bad" ]; then ok "$label: $(echo "$keys" | wc -w) figures equal"; else ko "$label:$bad"; fi
        history_check "$model" "$tmp/history.csv" "$tmp/run.txt" "$name [$rargs ]"
    done < "$tmp/checks"
done

# 1b. whole tables: "# check-csv: RUNNER ARGS | EXAMPLE ARGS | RUNNER FILE" runs both,
# the example with @CSV@ in its arguments replaced by a file, and compares every column
# the two CSV files share by name, row by row, each value to 1e-10 relative or to
# 1e-12 of the column's largest magnitude (values near zero)
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
                        diff = a[ir] - b[ie]; if (diff < 0) diff = -diff
                        mag = a[ir] < 0 ? -a[ir] : a[ir]; v = b[ie] < 0 ? -b[ie] : b[ie]; if (v > mag) mag = v
                        if (mag > 0 && diff / mag > relmax) relmax = diff / mag
                        if (mx > 0 && diff / mx > colmax) colmax = diff / mx
                        if (diff > 1e-10 * mag && diff > 1e-12 * mx) { bad = bad " " names[k] "[" j - 1 "]:" a[ir] "/" b[ie]; break }
                    }
                }
                if (!used) print "no common column"; else if (bad != "") print bad
                else printf "ok %d columns x %d rows (largest difference %.1e relative, %.1e of a column'"'"'s largest)\n", used, ne - 1, relmax, colmax
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

# 4. model files against closed forms: each tests/models/closed/*.yaml has lines
#        # expect-below: KEY TOL
#    and its run must print KEY with |value| < TOL (a relative error the file computes
#    from a closed form: the stage loads' bar, stage_loads.yaml)
for model in tests/models/closed/*.yaml; do
    [ -f "$model" ] || continue
    name=$(basename "$model" .yaml)
    $run "$runner" --no-progress --out "$tmp" "$model" > "$tmp/run.txt" 2> "$tmp/run.err"
    st=$?
    if [ $st -ne 0 ]; then ko "$name: exit status $st"; cat "$tmp/run.err"; continue; fi
    sed -n 's/^# expect-below: *//p' "$model" > "$tmp/checks"
    if [ ! -s "$tmp/checks" ]; then ko "$name: no '# expect-below:' line"; continue; fi
    while read -r k tol; do
        v=$(field "$k" "$tmp/run.txt")
        if [ -n "$v" ] && awk -v v="$v" -v t="$tol" 'BEGIN { if (tolower(v) ~ /nan|inf/) exit 1; a = v < 0 ? -v : v; exit !(a < t + 0) }'
        then ok "$name: $k = $v < $tol"; else ko "$name: $k = '$v', not below $tol"; fi
    done < "$tmp/checks"
done

# 3. the command line: --help, --check, an unknown parameter, a missing file
if "$runner" --help | grep -q '^usage: alecable-run'; then ok "alecable-run --help"; else ko "alecable-run --help"; fi
if "$runner" --check examples/models/capstan.yaml | grep -q 'no errors'; then ok "alecable-run --check"; else ko "alecable-run --check"; fi
"$runner" --set no_such_parameter=1 examples/models/capstan.yaml > "$tmp/cli.txt" 2>&1
if [ $? -eq 2 ] && grep -q 'no such parameter' "$tmp/cli.txt"; then ok "--set of an unknown parameter refused"
else ko "--set of an unknown parameter refused"; fi
"$runner" "$tmp/no-such-file.yaml" > "$tmp/cli.txt" 2>&1
if [ $? -eq 2 ]; then ok "a missing model file: exit status 2"; else ko "a missing model file: exit status 2"; fi

# --NAME VALUE and --NAME=VALUE (getopt_long's forms), options after the file: the same run
mkdir -p "$tmp/eq" "$tmp/sp"
"$runner" --no-progress --set=n=10 --out="$tmp/eq" --history="$tmp/eq/h.csv" examples/models/capstan.yaml > "$tmp/eq.txt" 2>&1
st1=$?
"$runner" examples/models/capstan.yaml --no-progress --set n=10 --out "$tmp/sp" --history "$tmp/sp/h.csv" > "$tmp/sp.txt" 2>&1
st2=$?
if [ $st1 -eq 0 ] && [ $st2 -eq 0 ] && grep -q '^result: status=0' "$tmp/eq.txt" &&
    [ "$(grep '^result:' "$tmp/eq.txt")" = "$(grep '^result:' "$tmp/sp.txt")" ] &&
    [ -s "$tmp/eq/capstan_elements.csv" ] && [ -s "$tmp/sp/capstan_elements.csv" ] && cmp -s "$tmp/eq/h.csv" "$tmp/sp/h.csv"
then ok "--set=N=V --out=DIR --history=FILE and --set N=V --out DIR --history FILE (after the file): the same run"
else ko "--set=N=V --out=DIR --history=FILE and --set N=V --out DIR --history FILE (after the file): the same run"
fi
for bad in "--check=1" "--set=n" "--no-such-option" "--out"; do
    # shellcheck disable=SC2086
    "$runner" $bad examples/models/capstan.yaml > "$tmp/cli.txt" 2>&1
    st=$?
    if [ $st -eq 2 ] && ! grep -q '^result:' "$tmp/cli.txt"; then ok "alecable-run $bad: refused (exit status 2)"
    else ko "alecable-run $bad: exit status $st, not 2"; fi
done
# the man page (doc/alecable-run.1) names every option --help lists
missing=""
for o in $("$runner" --help | grep -o -e '--[a-z][a-z-]*' | sort -u); do
    grep -q -e "$(echo "$o" | sed 's/-/\\\\-/g')" doc/alecable-run.1 || missing="$missing $o"
done
if [ -z "$missing" ]; then ok "doc/alecable-run.1 names every option of --help"
else ko "doc/alecable-run.1 does not name:$missing"; fi
# a unique prefix of an option's name (--pro for --progress, --che for --check)
if "$runner" --pro --che examples/models/capstan.yaml 2>&1 | grep -q 'no errors'; then ok "alecable-run --pro --che: prefixes"
else ko "alecable-run --pro --che: prefixes"; fi

if [ -s "$tmp/diffs" ]; then
    echo "models-test: $(wc -l < "$tmp/diffs" | tr -d ' ') result figures compared, largest relative difference:" \
        "$(awk 'NR == 1 || $1 + 0 > m { m = $1 + 0; l = $0 } END { print l }' "$tmp/diffs")"
fi
echo "models-test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
