#!/bin/sh
# truth-report.sh: the findings of a truth campaign log (build/truth/truth.log, or the file
# given), by class: each OK-and-wrong class with its count and its smallest model (the
# reproducer: build/truth/truth --only SEED), then the refusals by status and the dynamics'
# refusals by method and mesh (ALE or Lagrangian).
#
# usage: sh scripts/truth-report.sh [LOG]
log=${1:-build/truth/truth.log}
[ -r "$log" ] || { echo "truth-report: no log $log (make truth writes it)" >&2; exit 2; }

echo "== OK and wrong, by class (count, smallest model)"
awk '/ verdict=(WRONG|CRASH) / {
    seed = $1; sub(/^seed=/, "", seed)
    n = $0; sub(/.* n=/, "", n); sub(/ .*/, "", n)
    what = ($0 ~ /\| dynamics /) ? "dynamics" : "statics"
    if (what == "dynamics") { m = $0; sub(/.*\| dynamics /, "", m); sub(/ .*/, "", m); what = what " " m }
    c = $0; sub(/.* cause: /, "", c); sub(/:.*/, "", c)
    if ($0 ~ /verdict=CRASH/) c = "crash"
    k = what ": " c
    cnt[k]++
    if (!(k in best) || n + 0 < bestn[k]) { best[k] = seed; bestn[k] = n + 0; line[k] = $0 }
} END {
    for (k in cnt) printf "%5d  %-40s smallest: seed %s (n=%d)\n", cnt[k], k, best[k], bestn[k]
}' "$log" | sort -rn

echo "== refused, by status"
awk '/ verdict=REFUSED / { s = $0; sub(/.* cause: /, "", s); sub(/:.*/, "", s)
    what = ($0 ~ /\| dynamics /) ? "dynamics" : "statics"; cnt[what " " s]++ }
    END { for (k in cnt) printf "%5d  %s\n", cnt[k], k }' "$log" | sort -rn

echo "== dynamics refused, by method and mesh (refused / runs)"
awk '/\| dynamics / { m = $0; sub(/.*\| dynamics /, "", m); sub(/ .*/, "", m)
    mesh = ($0 ~ / lagrangian /) ? "lagrangian" : "ale"
    runs[m " " mesh]++; if ($0 ~ /verdict=REFUSED/) ref[m " " mesh]++ }
    END { for (k in runs) printf "  %-22s %4d / %4d\n", k, ref[k], runs[k] }' "$log" | sort

grep '^truth:' "$log"
