#!/bin/sh
# docs-doxygen.sh: run doxygen on $DOXYFILE with its output in $OUT and fail on any warning.
#
# usage: DOXYFILE=doc/Doxyfile OUT=build/docs VERSION=0.2.0 HTML=YES|NO sh scripts/docs-doxygen.sh
#
# WARN_AS_ERROR = FAIL_ON_WARNINGS in the Doxyfile already makes doxygen exit non-zero;
# the log is checked as well so that a doxygen that ignores the option (older than 1.9)
# cannot pass silently, and so that the warnings are printed together at the end.
: "${DOXYFILE:?}" "${OUT:?}" "${VERSION:?}" "${HTML:=YES}"
command -v doxygen >/dev/null 2>&1 || {
    echo "docs: doxygen is not installed (sudo apt-get install doxygen)" >&2; exit 1; }
mkdir -p "$OUT" || exit 1
log=$OUT/doxygen-warnings.log
rm -f "$log"
# Later assignments override the Doxyfile's: output folder, version, HTML on or off.
{
    cat "$DOXYFILE"
    echo "OUTPUT_DIRECTORY = $OUT"
    echo "PROJECT_NUMBER = $VERSION"
    echo "GENERATE_HTML = $HTML"
    echo "WARN_LOGFILE = $log"
} | doxygen - >"$OUT/doxygen.out" 2>&1
st=$?
if [ $st -ne 0 ] || [ -s "$log" ]; then
    n=$(grep -c . "$log" 2>/dev/null || echo 0)
    echo "docs: doxygen failed (status $st, $n warning lines in $log):" >&2
    head -n 50 "$log" >&2
    [ -s "$log" ] || cat "$OUT/doxygen.out" >&2
    exit 1
fi
echo "docs: doxygen $(doxygen --version): 0 warnings"
