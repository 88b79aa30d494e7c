#!/bin/sh
# truth-known.sh SET KNOWN LOG: the truth campaign's verdict against its list of known,
# unfixed OK-and-wrong answers (tests/truth/known.txt).  Prints each wrong answer or crash
# of LOG as FAIL (not listed) or KNOWN (listed for SET), each listed seed of SET that now
# passes as FIXED (remove it from the list), and exits 1 on any FAIL.
set -u
set_name=$1 known=$2 log=$3
fail=0
grep -e ' verdict=WRONG' -e ' verdict=CRASH' "$log" > "$log.bad" || true
while IFS= read -r line; do
    seed=$(printf '%s\n' "$line" | sed -n 's/^seed=\([0-9]*\) .*/\1/p')
    if awk -v s="$set_name" -v n="$seed" '$1 == s && $2 == n { found = 1 } END { exit !found }' "$known"; then
        echo "truth: KNOWN $line"
    else
        echo "truth: FAIL  $line"
        fail=1
    fi
done < "$log.bad"
awk -v s="$set_name" '$1 == s { print $2 }' "$known" | while read -r seed; do
    if grep -q "^seed=$seed .* verdict=RIGHT" "$log" || grep -q "^seed=$seed .* verdict=REFUSED" "$log"; then
        echo "truth: FIXED seed $seed passes now: remove it from $known"
    fi
done
rm -f "$log.bad"
if [ $fail -ne 0 ]; then
    echo "truth: an OK-and-wrong answer or a crash that $known does not list"
    exit 1
fi
echo "truth: no OK-and-wrong answer or crash beyond the $(awk -v s="$set_name" '$1 == s' "$known" | wc -l) known ones of $known"
