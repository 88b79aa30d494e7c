#!/bin/sh
# docs-doxygen.sh: run doxygen on $DOXYFILE with its output in $OUT and fail on any warning
# or on any member of the XML output without a description (scripts/docs-xml-check.sh).
#
# usage: DOXYFILE=doc/Doxyfile OUT=build/docs VERSION=0.2.0 [RUNNER=build/alecable-run] sh scripts/docs-doxygen.sh
#
# With RUNNER, the runner's --help becomes the page alecable-run ($OUT/alecable-run.md): the
# command line is documented where it is defined, so the page cannot fall behind it.
#
# WARN_AS_ERROR = FAIL_ON_WARNINGS in the Doxyfile already makes doxygen exit non-zero;
# the log is checked as well so that a doxygen that ignores the option (older than 1.9)
# cannot pass silently, and so that the warnings are printed together at the end.
: "${DOXYFILE:?}" "${OUT:?}" "${VERSION:?}"
command -v doxygen >/dev/null 2>&1 || {
    echo "docs: doxygen is not installed (sudo apt-get install doxygen)" >&2; exit 1; }
mkdir -p "$OUT" || exit 1
log=$OUT/doxygen-warnings.log
rm -rf "$log" "$OUT/xml" "$OUT/html" "$OUT/alecable-run.md"  # nothing stale from an earlier run
input_more=""
if [ -n "${RUNNER:-}" ]; then
    page=$OUT/alecable-run.md
    usage=$("$RUNNER" --help) || { echo "docs: $RUNNER --help failed" >&2; exit 1; }
    {
        cat <<'EOF'
# alecable-run: running a model file {#alecable_run}

`alecable-run` runs a model file (YAML) without writing C; `make install` puts it in
`PREFIX/bin`. The file format, key by key: \ref md_doc_model_format. What
`alecable-run --help` prints:

\verbatim
EOF
        printf '%s\n\\endverbatim\n' "$usage"
    } >"$page" || exit 1
    input_more="INPUT += $page"
fi
# Later assignments override the Doxyfile's: output folder and version.  The check makes
# the HTML too: doxygen 1.9 checks a function's \param and \return while it writes the
# HTML; without output, or with XML alone, it reports documented parameters as missing.
{
    cat "$DOXYFILE"
    echo "OUTPUT_DIRECTORY = $OUT"
    echo "PROJECT_NUMBER = $VERSION"
    echo "WARN_LOGFILE = $log"
    echo "GENERATE_XML = YES"
    echo "$input_more"
} | doxygen - >"$OUT/doxygen.out" 2>&1
st=$?
if [ $st -ne 0 ] || [ -s "$log" ]; then
    n=$(grep -c . "$log" 2>/dev/null || echo 0)
    echo "docs: doxygen failed (status $st, $n warning lines in $log):" >&2
    head -n 50 "$log" >&2
    [ -s "$log" ] || cat "$OUT/doxygen.out" >&2
    exit 1
fi
# The XML is made for docs-xml-check.sh: the undocumented enum values doxygen does not report.
sh "$(dirname "$0")/docs-xml-check.sh" "$OUT/xml" || {
    echo "docs: undocumented public declarations (above)" >&2; exit 1; }
echo "docs: doxygen $(doxygen --version): 0 warnings, every member documented"

