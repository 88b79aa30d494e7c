#!/bin/sh
# install-test.sh: install libalecable into temporary prefixes and use it as a consumer
# would: pkg-config, a C and a C++ build of tests/install/minimal.c against the shared
# library, a static build, the exported symbols, DESTDIR staging, the documentation
# (share/doc/alecable, the runner's man page or --help), and uninstall.
# Prints one line per check and a final "install-test: N passed, M failed" line.
# Environment: MAKE (make), CC (gcc), CXX (g++), PKG_CONFIG (pkg-config).

cd "$(dirname "$0")/.." || exit 1
MAKE=${MAKE:-make}
CC=${CC:-gcc}
CXX=${CXX:-g++}
PKG_CONFIG=${PKG_CONFIG:-pkg-config}
SRC=tests/install/minimal.c

tmp=$(mktemp -d "${TMPDIR:-/tmp}/alecable-install.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
prefix=$tmp/prefix
log=$tmp/log
report_name=install-test
# shellcheck source=scripts/test-report.sh
. "$(dirname "$0")/test-report.sh"

field() { sed -n "s/^[[:space:]]*#[[:space:]]*define[[:space:]]\{1,\}ALECABLE_VERSION_$1[[:space:]]\{1,\}\([0-9]\{1,\}\).*/\1/p" include/alecable.h | head -n 1; }
major=$(field MAJOR)
version=$major.$(field MINOR).$(field PATCH)

# pkg-config on the installed alecable.pc (prints its output on stdout)
pc() { PKG_CONFIG_PATH=$prefix/lib/pkgconfig PKG_CONFIG_LIBDIR=$prefix/lib/pkgconfig "$PKG_CONFIG" "$@" alecable; }

installed_files() {
    lib=$1/lib
    for f in "$1/include/alecable.h" "$lib/libalecable.so.$version" "$lib/libalecable.a" \
             "$lib/pkgconfig/alecable.pc"; do
        [ -f "$f" ] || { echo "missing $f"; return 1; }
    done
    [ "$(readlink "$lib/libalecable.so.$major")" = "libalecable.so.$version" ] || { echo "bad symlink libalecable.so.$major"; return 1; }
    [ "$(readlink "$lib/libalecable.so")" = "libalecable.so.$major" ] || { echo "bad symlink libalecable.so"; return 1; }
}
# the documentation (mk/docs.mk): equal to the tree's; the runner's man page, or its --help
installed_docs() {
    d=$1/share/doc/alecable
    for f in README.md CHANGELOG.md LICENSE doc/*.md; do
        cmp "$f" "$d/$f" || { echo "$d/$f: missing or not the tree's $f"; return 1; }
    done
    if [ -f doc/alecable-run.1 ]; then
        cmp doc/alecable-run.1 "$1/share/man/man1/alecable-run.1" || { echo "no man page alecable-run.1"; return 1; }
    else
        grep -q '^usage: alecable-run' "$d/alecable-run.txt" || { echo "no alecable-run --help in $d/alecable-run.txt"; return 1; }
    fi
    if [ -f build/docs/html/index.html ]; then
        [ -f "$d/html/index.html" ] || { echo "make docs built the HTML, but $d/html/index.html is missing"; return 1; }
    fi
}
nothing_left() { left=$(find "$1" ! -type d); [ -z "$left" ] || { echo "left behind: $left"; return 1; }; }

install_prefix() { "$MAKE" --no-print-directory install PREFIX="$prefix" && installed_files "$prefix" && installed_docs "$prefix"; }
check "make install PREFIX=<tmp> ($version): library, header, pkg-config, docs" install_prefix

pc_ok() {
    v=$(pc --modversion) || return 1
    [ "$v" = "$version" ] || { echo "modversion '$v' != '$version'"; return 1; }
    pc --cflags --libs && pc --static --libs
}
check "pkg-config alecable: version $version, cflags, libs" pc_ok

soname_ok() {
    readelf -d "$prefix/lib/libalecable.so.$version" | grep "SONAME" | grep -F "[libalecable.so.$major]"
}
check "SONAME is libalecable.so.$major" soname_ok

# Defined dynamic symbols: nm prints "VALUE TYPE NAME@@VERSION"; each version node of
# lib/alecable.map itself shows up as an absolute symbol (type A): ALECABLE_0, ALECABLE_0.2...
exports_ok() {
    nm -D --defined-only "$prefix/lib/libalecable.so.$version" >"$tmp/nm" || return 1
    bad=$(awk '{ n = $NF; sub(/@.*/, "", n);
                 if ($(NF-1) == "A" && n ~ /^ALECABLE_[0-9]+(\.[0-9]+)*$/) next;
                 if (n == "_init" || n == "_fini") next;
                 if (n !~ /^alecable_/) print n }' "$tmp/nm")
    count=$(grep -c ' alecable_' "$tmp/nm")
    if [ -n "$bad" ] || [ "$count" -eq 0 ]; then
        echo "alecable_ symbols: $count; other symbols exported: $bad"; return 1
    fi
    unversioned=$(grep ' alecable_' "$tmp/nm" | grep -v '@@\{0,1\}ALECABLE_' || true)
    [ -z "$unversioned" ] || { echo "not in a version node: $unversioned"; return 1; }
}
check "only alecable_* symbols exported (versioned)" exports_ok

# shellcheck disable=SC2046  # pkg-config output is meant to be split into words
build_c() { "$CC" -std=c99 -Wall -Wextra -Wpedantic -Werror -o "$tmp/min_c" "$SRC" $(pc --cflags --libs); }
# shellcheck disable=SC2046
build_cxx() { "$CXX" -Wall -Wextra -Werror -x c++ -o "$tmp/min_cxx" "$SRC" -x none $(pc --cflags --libs); }
# shellcheck disable=SC2046
build_static() {
    "$CC" -std=c99 -Wall -Wextra -Wpedantic -Werror -o "$tmp/min_static" "$SRC" \
        $(pc --cflags) $(pc --static --libs | sed 's/-lalecable\( \|$\)/-l:libalecable.a\1/') || return 1
    if readelf -d "$tmp/min_static" | grep -q 'NEEDED.*libalecable'; then echo "links the shared library"; return 1; fi
}
run_shared() { LD_LIBRARY_PATH=$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} "$1"; }
run_c() { run_shared "$tmp/min_c" && readelf -d "$tmp/min_c" | grep -F "[libalecable.so.$major]"; }

if check "$CC: build minimal.c against the shared library" build_c; then
    check "$CC: minimal runs, needs libalecable.so.$major" run_c
fi
if check "$CXX -x c++: build minimal.c against the shared library" build_cxx; then
    check "$CXX -x c++: minimal runs" run_shared "$tmp/min_cxx"
fi
if check "$CC: static build (pkg-config --static)" build_static; then
    check "$CC: static minimal runs" "$tmp/min_static"
fi

uninstall_prefix() { "$MAKE" --no-print-directory uninstall PREFIX="$prefix" && nothing_left "$prefix"; }
check "make uninstall PREFIX=<tmp> leaves no files" uninstall_prefix

dest=$tmp/dest
destdir_ok() {
    "$MAKE" --no-print-directory install DESTDIR="$dest" PREFIX=/opt/alecable || return 1
    installed_files "$dest/opt/alecable" && installed_docs "$dest/opt/alecable" || return 1
    grep -qx 'prefix=/opt/alecable' "$dest/opt/alecable/lib/pkgconfig/alecable.pc" || { echo "bad prefix in alecable.pc"; return 1; }
    if grep -q "$dest" "$dest/opt/alecable/lib/pkgconfig/alecable.pc"; then echo "DESTDIR leaked into alecable.pc"; return 1; fi
    "$MAKE" --no-print-directory uninstall DESTDIR="$dest" PREFIX=/opt/alecable && nothing_left "$dest"
}
check "make install/uninstall DESTDIR=<tmp> PREFIX=/opt/alecable" destdir_ok

echo "install-test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
