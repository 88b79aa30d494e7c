#!/bin/sh
# ensure-deps.sh: make sure what libalecable needs to build and test is installed.
#
# usage: sh scripts/ensure-deps.sh [GOAL]   (GOAL: build, the default, or check, demo, docs...)
#
# Debian packages: libsuitesparse-dev (UMFPACK, CHOLMOD, SPQR), check (unit tests),
# pkg-config; commands: a C compiler, a C++ compiler (install test), make, nm.
# A part of the build that needs more names its packages in scripts/deps/<part>, one
# line per goal: "GOAL package...".  A goal's packages are installed for that goal;
# "check" and "demo" also get "build"'s.
# Missing ones are installed with apt-get when running as root; otherwise the
# command to run is printed and the script exits 1.  Without dpkg (not Debian)
# it only warns and lets the build fail by itself if something is really missing.

goal=${1:-build}
PACKAGES="libsuitesparse-dev check pkg-config"
here=$(dirname "$0")
for f in "$here"/deps/*; do
    [ -f "$f" ] || continue
    extra=$(awk -v g="$goal" '$1 == g || ($1 == "build" && (g == "check" || g == "demo")) { $1 = ""; print }' "$f")
    PACKAGES="$PACKAGES $extra"
done

if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "ensure-deps: warning: no dpkg-query (not a Debian-like system); not checking dependencies." >&2
    echo "ensure-deps: needed: SuiteSparse (UMFPACK, CHOLMOD, SPQR) headers and libraries, Check, pkg-config, a C and a C++ compiler, make." >&2
    exit 0
fi

missing=""
for pkg in $PACKAGES; do
    # shellcheck disable=SC2016  # ${Status} is a dpkg-query format field, not a shell variable
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null) || status=""
    case $status in
        *" ok installed") ;;
        *) missing="$missing $pkg" ;;
    esac
done

have() { command -v "$1" >/dev/null 2>&1; }
have cc || have gcc || missing="$missing gcc"
have c++ || have g++ || missing="$missing g++"
have make || missing="$missing make"
have nm || missing="$missing binutils"

[ -z "$missing" ] && exit 0
missing=${missing# }

if [ "$(id -u)" -eq 0 ]; then
    echo "ensure-deps: installing: $missing"
    apt-get update || exit 1
    # shellcheck disable=SC2086  # one word per package
    DEBIAN_FRONTEND=noninteractive apt-get install -y $missing || exit 1
else
    echo "ensure-deps: missing packages: $missing" >&2
    echo "ensure-deps: install them with:" >&2
    echo "    sudo apt-get install -y $missing" >&2
    exit 1
fi
