#!/bin/sh
# cmake-config.sh: writes libalecable's CMake package files (make install, mk/cmake.mk).
#
# usage: sh scripts/cmake-config.sh OUTDIR CMAKEDIR LIBDIR INCLUDEDIR VERSION SIZEOF_VOID_P LIBS...
#   OUTDIR      where to write alecableConfig.cmake and alecableConfigVersion.cmake
#               ($(DESTDIR)$(CMAKEDIR))
#   CMAKEDIR, LIBDIR, INCLUDEDIR   the installed directories (without DESTDIR)
#   LIBS        the static library's link dependencies as -lNAME flags (the Makefile's SS_LIBS)
#
# The config locates the library and the header relative to its own directory, so the paths
# written in are relative ones: CMAKEDIR -> LIBDIR and LIBDIR -> INCLUDEDIR.  A directory that
# is not absolute and plain (no "." or ".." part) cannot be related that way and is written in
# as given (the package is then not relocatable, which is said in a warning).
set -eu
[ $# -ge 6 ] || { echo "usage: $0 OUTDIR CMAKEDIR LIBDIR INCLUDEDIR VERSION SIZEOF_VOID_P LIBS..." >&2; exit 2; }
here=$(dirname "$0")/..
out=$1 cmakedir=$2 libdir=$3 includedir=$4 version=$5 ptr=$6
shift 6
case $ptr in
    [1-9]|[1-9][0-9]) ;;
    *) echo "cmake-config: bad SIZEOF_VOID_P '$ptr' (the compiler's __SIZEOF_POINTER__)" >&2; exit 2 ;;
esac

# relpath FROM TO: TO relative to FROM for absolute plain paths (repeated or trailing
# slashes allowed); prints nothing when one of them is not.
relpath() {
    awk -v from="$1" -v to="$2" '
        function parts(p, a,    n, m, i, raw) {
            if (substr(p, 1, 1) != "/") return -1
            n = split(p, raw, "/"); m = 0
            for (i = 1; i <= n; i++) {
                if (raw[i] == "") continue
                if (raw[i] == "." || raw[i] == "..") return -1
                a[++m] = raw[i]
            }
            return m
        }
        BEGIN {
            nf = parts(from, f); nt = parts(to, t)
            if (nf < 0 || nt < 0) exit
            i = 1
            while (i <= nf && i <= nt && f[i] == t[i]) i++
            r = ""
            for (j = i; j <= nf; j++) r = r (r == "" ? "" : "/") ".."
            for (j = i; j <= nt; j++) r = r (r == "" ? "" : "/") t[j]
            print (r == "" ? "." : r)
        }'
}

to_lib=$(relpath "$cmakedir" "$libdir")
to_inc=$(relpath "$libdir" "$includedir")
if [ -n "$to_lib" ] && [ -n "$to_inc" ]; then
    lib_expr="\${CMAKE_CURRENT_LIST_DIR}/$to_lib"
    inc_expr="\${_alecable_libdir}/$to_inc"
else
    echo "cmake-config: warning: CMAKEDIR, LIBDIR or INCLUDEDIR is not an absolute plain path: the CMake package names them as given and cannot be moved" >&2
    lib_expr=$libdir
    inc_expr=$includedir
fi

# SuiteSparse's libraries are found by find_library; the toolchain's runtimes go by name
ss="" sys=""
for flag in "$@"; do
    name=${flag#-l}
    case $name in
        m|stdc++|c++|pthread|dl|rt) sys="$sys${sys:+ }$name" ;;
        *) ss="$ss${ss:+ }$name" ;;
    esac
done

major=${version%%.*}
rest=${version#*.}
minor=${rest%%.*}

# sed replacement texts: escape the characters special to it (\, & and the | delimiter)
esc() { printf '%s' "$1" | sed 's/[\\&|]/\\&/g'; }
mkdir -p "$out"
for f in alecableConfig alecableConfigVersion; do
    sed -e "s|@VERSION@|$(esc "$version")|g" -e "s|@MAJOR@|$(esc "$major")|g" \
        -e "s|@MINOR@|$(esc "$minor")|g" -e "s|@SIZEOF_VOID_P@|$(esc "$ptr")|g" \
        -e "s|@LIBDIR_EXPR@|$(esc "$lib_expr")|g" -e "s|@INCLUDEDIR_EXPR@|$(esc "$inc_expr")|g" \
        -e "s|@SUITESPARSE_NAMES@|$(esc "$ss")|g" -e "s|@SYSTEM_NAMES@|$(esc "$sys")|g" \
        "$here/cmake/$f.cmake.in" > "$out/$f.cmake.tmp"
    if grep -q '@[A-Z_]*@' "$out/$f.cmake.tmp"; then
        echo "cmake-config: unreplaced placeholder in $f.cmake" >&2; rm -f "$out/$f.cmake.tmp"; exit 1
    fi
    chmod 644 "$out/$f.cmake.tmp"
    mv "$out/$f.cmake.tmp" "$out/$f.cmake"
done
