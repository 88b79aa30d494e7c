#!/bin/sh
# cmake-test.sh: libalecable's CMake package as a CMake user meets it (make cmake-check).
# Installs into a temporary prefix, then: the shared and the static consumer (tests/cmake)
# configure, build and run; requests the installed version must refuse (too new, another
# 0.x minor) are refused and the ones it must accept are accepted; the installed tree still
# works after being moved; a DESTDIR staging with an unusual LIBDIR/INCLUDEDIR resolves to
# the staged files; make uninstall removes the package files.
# Prints one line per check and a final "cmake-test: N passed, M failed" line.
# Environment: MAKE (make), CC (cc), CMAKE (cmake).

cd "$(dirname "$0")/.." || exit 1
MAKE=${MAKE:-make}
CC=${CC:-cc}
CMAKE=${CMAKE:-cmake}
src=$(pwd)/tests/cmake

tmp=$(mktemp -d "${TMPDIR:-/tmp}/alecable-cmake.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
prefix=$tmp/prefix
log=$tmp/log
report_name=cmake-test
# shellcheck source=scripts/test-report.sh
. "$(dirname "$0")/test-report.sh"
# refused DESCRIPTION PATTERN COMMAND...: COMMAND must fail and say PATTERN
refused() {
    desc=$1 pat=$2; shift 2
    if "$@" >"$log" 2>&1; then fail "$desc (accepted)";
    elif grep -q "$pat" "$log"; then pass "$desc";
    else fail "$desc (failed without '$pat')"; fi
}

field() { sed -n "s/^[[:space:]]*#[[:space:]]*define[[:space:]]\{1,\}ALECABLE_VERSION_$1[[:space:]]\{1,\}\([0-9]\{1,\}\).*/\1/p" include/alecable.h | head -n 1; }
major=$(field MAJOR)
minor=$(field MINOR)
patch=$(field PATCH)
version=$major.$minor.$patch
if [ "$major" -eq 0 ]; then
    # before 1.0 the compatibility line is major.minor (cmake/alecableConfigVersion.cmake.in)
    line=0.$minor too_new="0.$((minor + 1)) 1.0" other_line=${minor:+0.$((minor - 1))}
    [ "$minor" -eq 0 ] && other_line=""
else
    line=$major too_new="$((major + 1)).0" other_line=""
    [ "$major" -gt 1 ] && other_line="$((major - 1)).0"
fi

cmdir() { echo "$1/lib/cmake/alecable"; }

install_prefix() {
    "$MAKE" --no-print-directory install PREFIX="$prefix" || return 1
    for f in alecableConfig.cmake alecableConfigVersion.cmake; do
        [ -f "$(cmdir "$prefix")/$f" ] || { echo "missing $(cmdir "$prefix")/$f"; return 1; }
    done
    if grep -n "$prefix" "$(cmdir "$prefix")"/*.cmake; then echo "the prefix is written in"; return 1; fi
}
check "make install PREFIX=<tmp>: $(cmdir '<tmp>')/alecable{Config,ConfigVersion}.cmake, no path written in" install_prefix

# consumer NAME PREFIX [CMAKE ARGS...]: configure, build and run tests/cmake in $tmp/NAME
consumer() {
    name=$1 pfx=$2; shift 2
    "$CMAKE" -S "$src" -B "$tmp/$name" -DCMAKE_PREFIX_PATH="$pfx" -DCMAKE_C_COMPILER="$CC" \
        -DALECABLE_REQUEST="$line" "$@" &&
        "$CMAKE" --build "$tmp/$name" && "$tmp/$name/consumer"
}
shared_ok() {
    consumer shared "$prefix" || return 1
    readelf -d "$tmp/shared/consumer" | grep -F "[libalecable.so.$major]" || { echo "does not need libalecable.so.$major"; return 1; }
}
check "alecable::alecable: find_package(alecable $line REQUIRED), build, run (needs libalecable.so.$major)" shared_ok
static_ok() {
    consumer static "$prefix" -DALECABLE_STATIC=ON || return 1
    if readelf -d "$tmp/static/consumer" | grep 'NEEDED.*libalecable'; then echo "links the shared library"; return 1; fi
}
check "alecable::alecable_static (COMPONENTS static): build with SuiteSparse, run, no libalecable.so needed" static_ok

first_new=${too_new%% *}
refused "tests/cmake with ALECABLE_REQUEST=$first_new: configuring fails" "version: $version" \
    "$CMAKE" -S "$src" -B "$tmp/too_new" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$CC" -DALECABLE_REQUEST="$first_new"

# More version requests: a project without languages only runs find_package (fast, no compiler).
probe() { # probe REQUEST [PREFIX]: find_package(alecable REQUEST REQUIRED) in an empty project
    req=$1 pfx=${2:-$prefix}
    d=$tmp/probe.$$.$(date +%s%N 2>/dev/null || echo x)
    rm -rf "$d"; mkdir -p "$d/src"
    cat >"$d/src/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.13)
project(probe NONE)
find_package(alecable $req REQUIRED)
message(STATUS "found alecable \${alecable_VERSION} exact=\${alecable_VERSION_EXACT}")
CM
    "$CMAKE" -S "$d/src" -B "$d/build" -DCMAKE_PREFIX_PATH="$pfx"
}
for req in "$line" "$version"; do
    check "find_package(alecable $req) accepts $version" probe "$req"
done
for req in $too_new "$major.$minor.$((patch + 1))" $other_line; do
    refused "find_package(alecable $req) refuses $version" "version: $version" probe "$req"
done
if [ "$major" -eq 0 ]; then
    refused "find_package(alecable 0) refuses $version (a bare 0 names no 0.x line)" "version: $version" probe 0
fi
# ranges exist from CMake 3.19 on
cm_version=$("$CMAKE" --version | sed -n 's/^cmake version \([0-9]*\.[0-9]*\).*/\1/p')
if [ "$(printf '%s\n3.19\n' "$cm_version" | sort -t. -k1,1n -k2,2n | head -n 1)" = 3.19 ]; then
    lo=${other_line:-$line}
    check "find_package(alecable $lo...<$first_new) accepts $version (a range is the caller's own)" \
        probe "$lo...<$first_new"
    refused "find_package(alecable $lo...<$line) refuses $version" "version: $version" probe "$lo...<$line"
else
    echo "cmake-test: note: CMake $cm_version has no version ranges: not tested"
fi

# Relocation: the config finds everything relative to itself.
moved=$tmp/moved/elsewhere
moved_ok() {
    mkdir -p "$tmp/moved" && mv "$prefix" "$moved" || return 1
    consumer moved "$moved" || return 1
    readelf -d "$tmp/moved/consumer" | grep -F "$moved/lib" || { echo "not linked against the moved copy"; return 1; }
}
check "the installed tree moved elsewhere: the shared consumer builds and runs against the moved copy" moved_ok
[ -d "$moved" ] && mv "$moved" "$prefix"

nothing_cmake() { left=$(find "$1" -name '*.cmake' -o -type d -name alecable -path '*cmake*'); [ -z "$left" ] || { echo "left behind: $left"; return 1; }; }
uninstall_ok() { "$MAKE" --no-print-directory uninstall PREFIX="$prefix" && nothing_cmake "$prefix"; }
check "make uninstall PREFIX=<tmp> removes the CMake package" uninstall_ok

# DESTDIR staging, a multiarch LIBDIR and a versioned include directory: the staged config
# resolves to the staged files (not to /opt, which does not exist).
dest=$tmp/dest
staged_ok() {
    p=/opt/alecable l=/opt/alecable/lib/x86_64-linux-gnu i=/opt/alecable/include/alecable-$major
    "$MAKE" --no-print-directory install DESTDIR="$dest" PREFIX=$p LIBDIR=$l INCLUDEDIR=$i || return 1
    d=$tmp/staged; mkdir -p "$d/src"
    cat >"$d/src/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.13)
project(staged C) # C: find_library looks in the multiarch directories SuiteSparse is in
find_package(alecable $line REQUIRED COMPONENTS static)
get_target_property(loc alecable::alecable IMPORTED_LOCATION)
get_target_property(inc alecable::alecable INTERFACE_INCLUDE_DIRECTORIES)
get_target_property(sloc alecable::alecable_static IMPORTED_LOCATION)
message(STATUS "staged: \${loc} \${inc} \${sloc}")
if(NOT loc STREQUAL "$dest$l/libalecable.so.$version" OR NOT inc STREQUAL "$dest$i"
   OR NOT sloc STREQUAL "$dest$l/libalecable.a")
  message(FATAL_ERROR "the staged package points elsewhere")
endif()
CM
    "$CMAKE" -S "$d/src" -B "$d/build" -Dalecable_DIR="$dest$l/cmake/alecable" || return 1
    "$MAKE" --no-print-directory uninstall DESTDIR="$dest" PREFIX=$p LIBDIR=$l INCLUDEDIR=$i || return 1
    left=$(find "$dest" ! -type d); [ -z "$left" ] || { echo "left behind: $left"; return 1; }
}
check "DESTDIR=<tmp> PREFIX=/opt/alecable LIBDIR=.../lib/x86_64-linux-gnu INCLUDEDIR=.../include/alecable-$major: staged config resolves, uninstall" staged_ok

echo "cmake-test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
