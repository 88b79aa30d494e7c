#!/bin/sh
# abi.sh: libalecable's ABI baselines and their check (doc/abi.md says why and when).
#
#   sh scripts/abi.sh dump SRCDIR LIB OUT    write OUT.abi (abidw of LIB, public header types only)
#                                            and OUT.constants (every enumerator of SRCDIR's
#                                            include/alecable.h with its value)
#   sh scripts/abi.sh baseline LIB           dump into abi/libalecable-MAJOR.MINOR.* (the header's
#                                            version), then check the map against the header
#   sh scripts/abi.sh check LIB              the map against the header and the exports; each
#                                            stored baseline abi/libalecable-*.abi against LIB
#
# LIB is the shared library built with -g from this tree (build/libalecable.so.VERSION).
# Environment: CC (cc), ABIDW (abidw), ABIDIFF (abidiff), NM (nm).
# Exits non-zero on an incompatible change and prints what changed.

CC=${CC:-cc}
ABIDW=${ABIDW:-abidw}
ABIDIFF=${ABIDIFF:-abidiff}
NM=${NM:-nm}
MAP=lib/alecable.map
HEADER=include/alecable.h

cd "$(dirname "$0")/.." || exit 1

die() { echo "abi: $*" >&2; exit 1; }
# fail_list MESSAGE NAMES: one line, the names (one a line in NAMES) after the message
fail_list() { printf 'abi-check: FAIL %s %s\n' "$1" "$(printf '%s\n' "$2" | tr '\n' ' ' | sed 's/ *$//')"; }

# abidw's view of the ABI: only the exported functions and the types they reach
# (--exported-interfaces-only), with the types defined outside the public header dropped
# (--headers-dir, --drop-private-types: the opaque handles stay declarations, so a change
# inside alecable_model is no ABI change), and without paths, line numbers or numbering
# by position, so that regenerating a baseline from an unchanged ABI gives the same file.
abi_dump() { # SRCDIR LIB OUT.abi
    "$ABIDW" --headers-dir "$1/include" --drop-private-types --exported-interfaces-only \
        --no-corpus-path --no-comp-dir-path --no-show-locs --type-id-style hash \
        --out-file "$3" "$2" || die "abidw failed on $2"
    grep -q '<function-decl' "$3" ||
        die "abidw found no debug information in $2: build it with -g (the default CFLAGS have it)"
}

# Enumerators are compiled into callers but most of the header's enums are anonymous and
# no function takes them by type (the API passes int), so abidiff never sees them: their
# values are kept beside the baseline and compared by name.
constants() { # SRCDIR OUT.constants
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/alecable-abi.XXXXXX") || exit 1
    "$CC" -E -P "$1/$HEADER" >"$tmp/h.i" || { rm -rf "$tmp"; die "cannot preprocess $1/$HEADER"; }
    # every "enum [tag] { ... }" body: the first identifier of each comma-separated item
    names=$(awk '{ s = s " " $0 } END {
        while (match(s, /(^|[^A-Za-z_0-9])enum[ \t]*[A-Za-z_0-9]*[ \t]*\{[^}]*\}/)) {
            body = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
            sub(/^[^{]*\{/, "", body); sub(/\}$/, "", body)
            n = split(body, item, ",")
            for (i = 1; i <= n; i++)
                if (match(item[i], /[A-Za-z_][A-Za-z_0-9]*/)) print substr(item[i], RSTART, RLENGTH)
        } }' "$tmp/h.i")
    [ -n "$names" ] || { rm -rf "$tmp"; die "no enumerator found in $1/$HEADER"; }
    {
        echo '#include <stdio.h>'
        echo '#include "alecable.h"'
        echo 'int main(void) {'
        for n in $names; do printf '    printf("%%s %%lld\\n", "%s", (long long)(%s));\n' "$n" "$n"; done
        echo '    return 0;'
        echo '}'
    } >"$tmp/c.c"
    if ! "$CC" -std=c99 -I"$1/include" -o "$tmp/c" "$tmp/c.c" || ! "$tmp/c" >"$tmp/values"; then
        rm -rf "$tmp"; die "cannot print the enumerators of $1/$HEADER"
    fi
    LC_ALL=C sort "$tmp/values" >"$2"
    rm -rf "$tmp"
}

# The ALECABLE_API functions of the header, by the compiler's reading of it: with
# ALECABLE_BUILD the macro becomes the visibility attribute, so each declaration
# (text between two semicolons) that carries it names one function.
header_functions() {
    "$CC" -E -P -DALECABLE_BUILD "$HEADER" | awk 'BEGIN { RS = ";" }
        /visibility *\( *"default" *\)/ {
            s = $0; gsub(/[\n\t]/, " ", s); sub(/.*visibility *\( *"default" *\) *\) *\)/, "", s)
            if (match(s, /alecable_[A-Za-z0-9_]* *\(/)) { n = substr(s, RSTART, RLENGTH); sub(/ *\($/, "", n); print n }
            else print "?" s
        }' | LC_ALL=C sort
}

# lib/alecable.map as "S node symbol" (global), "L node pattern" (local) and
# "N node parent" lines; comments (/* */ and #) removed.
map_entries() {
    awk '{
        line = $0; out = ""
        while (line != "") {
            if (incom) { i = index(line, "*/"); if (!i) line = ""; else { line = substr(line, i + 2); incom = 0 } }
            else { i = index(line, "/*"); if (!i) { out = out line; line = "" }
                   else { out = out substr(line, 1, i - 1); line = substr(line, i + 2); incom = 1 } }
        }
        sub(/#.*/, "", out); text = text " " out
    } END {
        gsub(/[{};:]/, " & ", text); n = split(text, t, " ")
        depth = 0; node = ""; sect = ""; after = 0
        for (i = 1; i <= n; i++) {
            w = t[i]
            if (w == "{") { depth++; continue }
            if (w == "}") { depth--; after = 1; parent = ""; continue }
            if (depth == 0) {
                if (w == ";") { if (node != "") print "N", node, (parent == "" ? "-" : parent); after = 0; node = "" }
                else if (after) parent = w
                else node = w
                continue
            }
            if (w == ":" || w == ";") continue
            if ((w == "global" || w == "local") && t[i + 1] == ":") { sect = w; continue }
            print (sect == "local" ? "L" : "S"), node, w
        }
    }' "$MAP"
}

# Exported functions of LIB as "symbol version" (nm -D: NAME@@VERSION, the version a
# program linked now binds to; the version nodes themselves are absolute symbols and
# are left out).  exports_compat: the NAME@VERSION ones, kept for programs linked
# against an earlier release (lib/core/compat.c).
exports() {
    "$NM" -D --defined-only "$1" | awk '$(NF-1) != "A" && $NF !~ /[^@]@[^@]/ { n = $NF; v = n
        if (sub(/@@.*/, "", n)) sub(/^[^@]*@@/, "", v); else v = "-"; print n, v }' | LC_ALL=C sort
}
exports_compat() {
    "$NM" -D --defined-only "$1" | awk '$(NF-1) != "A" && $NF ~ /[^@]@[^@]/ { split($NF, f, "@"); print f[1], f[2] }' | LC_ALL=C sort
}

# The map's rule (lib/alecable.map's comment): every ALECABLE_API function listed by name
# in exactly one node, nothing else listed, every listed function exported in its node.
# Without this a function added to the header but not to the map would be built, pass
# every test linked statically, and silently be missing from the shared library.
check_map() { # LIB TMPDIR
    fail=0
    header_functions >"$2/header" || die "cannot preprocess $HEADER"
    if grep -q '^?' "$2/header"; then
        echo "abi-check: FAIL an ALECABLE_API declaration whose name this script cannot read:"; grep '^?' "$2/header"; fail=1
    fi
    map_entries >"$2/map" || die "cannot read $MAP"
    awk '$1 == "S" { print $3 }' "$2/map" | LC_ALL=C sort >"$2/listed"
    awk '$1 == "S" { print $3, $2 }' "$2/map" | LC_ALL=C sort >"$2/listed-nodes"
    exports "$1" >"$2/exports"
    bad=$(grep '[*?[]' "$2/listed")
    [ -z "$bad" ] || { echo "abi-check: FAIL $MAP: a pattern in a global list (functions are listed by name): $bad"; fail=1; }
    bad=$(awk '$1 == "L" && $3 != "*" { print $2 ": " $3 }' "$2/map")
    [ -z "$bad" ] || { echo "abi-check: FAIL $MAP: local lists only '*': $bad"; fail=1; }
    bad=$(uniq -d "$2/listed")
    [ -z "$bad" ] || { fail_list "$MAP: listed more than once:" "$bad"; fail=1; }
    bad=$(LC_ALL=C comm -23 "$2/header" "$2/listed")
    [ -z "$bad" ] || { fail_list "ALECABLE_API in $HEADER but not in $MAP (it would not be exported; add it to the node of the next release):" "$bad"; fail=1; }
    bad=$(LC_ALL=C comm -13 "$2/header" "$2/listed")
    [ -z "$bad" ] || { fail_list "in $MAP but not declared ALECABLE_API in $HEADER:" "$bad"; fail=1; }
    # the linker ignores a listed name that the library does not define
    bad=$(awk '{ print $1 }' "$2/exports" | LC_ALL=C comm -13 - "$2/header")
    [ -z "$bad" ] || { fail_list "declared in $HEADER but not exported by $1 (not defined?):" "$bad"; fail=1; }
    bad=$(awk '{ print $1 }' "$2/exports" | LC_ALL=C comm -23 - "$2/header")
    [ -z "$bad" ] || { fail_list "exported by $1 but not declared in $HEADER:" "$bad"; fail=1; }
    bad=$(LC_ALL=C join "$2/listed-nodes" "$2/exports" | awk '$2 != $3 { print $1 " (map " $2 ", library " $3 ")" }')
    [ -z "$bad" ] || { fail_list "exported in another version than its node (stale build?):" "$bad"; fail=1; }
    return $fail
}

field() { sed -n "s/^[[:space:]]*#[[:space:]]*define[[:space:]]\{1,\}ALECABLE_VERSION_$1[[:space:]]\{1,\}\([0-9]\{1,\}\).*/\1/p" "$HEADER" | head -n 1; }

# the function symbols of an abidw corpus as "name@version", sorted
symbols() { sed -n "s/.*<elf-symbol name='\([^']*\)' version='\([^']*\)'.*/\1@\2/p" "$1" | LC_ALL=C sort -u; }

# abi/libalecable-M.m.abi, oldest first
baselines() {
    for f in abi/libalecable-*.abi; do [ -f "$f" ] && echo "$f"; done |
        sed 's/.*libalecable-\(.*\)\.abi$/\1/' | LC_ALL=C sort -t. -k1,1n -k2,2n
}

# the struct names of a .tails file (C identifiers, one a line; # starts a comment)
tail_names() { sed 's/#.*//' "$1" | tr -s '[:blank:]' '\n' | grep -v '^$'; }

# The current corpus with the structs of abi/libalecable-V.tails cut back to the members
# (and size) they had in that baseline.  Those structs carry struct_size and were
# allowed to grow by appending (DESIGN.md); abidiff alone reports the appended members
# as a change.  libabigail's own suppression (has_data_member_inserted_between =
# {offset_after(LAST), end}) would accept them but, in libabigail 2.2, also hides a
# change to a released member of the same struct when a member is appended.  Cutting the
# tail off and diffing without suppression keeps every released member under abidiff:
# the released members must come out identical (name, type, offset), so whatever was
# added lies after them.
cut_tails() { # BASELINE.abi TAILS CURRENT.abi OUT.abi
    list=""
    for s in $(tail_names "$2"); do
        k=$(awk -v s="$s" '
            !p && index($0, "<class-decl name='\''" s "'\''") && $0 !~ /\/>[[:space:]]*$/ { p = 1; next }
            p && /<data-member[ >]/ { if (!d) k++; d++ }
            p && /<\/data-member>/ { d-- }
            p && /<\/class-decl>/ && !d { print k + 0; exit }' "$1")
        size=$(sed -n "s/.*<class-decl name='$s' size-in-bits='\([0-9]*\)'.*/\1/p" "$1" | head -n 1)
        if [ -z "$k" ] || [ -z "$size" ]; then die "$2: struct $s is not defined in $1"; fi
        list="$list $s:$k:$size"
    done
    awk -v list="$list" '
        BEGIN { n = split(list, a, " "); for (i = 1; i <= n; i++) { split(a[i], f, ":"); keep[f[1]] = f[2]; size[f[1]] = f[3] } }
        cur == "" && /<class-decl / && $0 !~ /\/>[[:space:]]*$/ && match($0, /name=.[^'\'']*./) {
            nm = substr($0, RSTART + 6, RLENGTH - 7)
            if (nm in keep) {
                cur = nm; seen = 0; depth = 0; drop = 0
                sub(/size-in-bits=.[0-9]*./, "size-in-bits='\''" size[nm] "'\''"); print; next
            }
        }
        cur == "" { print; next }
        /<data-member[ >]/ { if (depth == 0) { seen++; drop = (seen > keep[cur]) } depth++ }
        /<\/class-decl>/ && depth == 0 { cur = ""; print; next }
        !drop { print }
        /<\/data-member>/ { depth--; if (depth == 0) drop = 0 }' "$3" >"$4"
}

# A struct may grow by appending only if no caller holds it by value: not as a parameter
# or return value, not in an array, not inside another struct (only pointers to it pass
# the API; the library reads and writes struct_size bytes of it).
tails_by_pointer() { # CURRENT.abi TAILS
    for s in $(tail_names "$2"); do
        uses=$(awk -v s="$s" '
            function attr(a,   v) { if (!match($0, " " a "=.[^'\'']*.")) return ""; v = substr($0, RSTART, RLENGTH); sub(/^[^=]*=./, "", v); return substr(v, 1, length(v) - 1) }
            index($0, "<class-decl name='\''" s "'\''") || index($0, "<typedef-decl name='\''" s "'\''") { val[attr("id")] = 1 }
            { lines[NR] = $0 }
            END {
                # ids that stand for the struct by value: it, its typedefs and cv-qualified forms
                do { more = 0
                    for (i = 1; i <= NR; i++) { $0 = lines[i]
                        if ((/<typedef-decl / || /<qualified-type-def /) && (attr("type-id") in val) && !(attr("id") in val)) { val[attr("id")] = 1; more = 1 } }
                } while (more)
                for (i = 1; i <= NR; i++) { $0 = lines[i]
                    if (/<(typedef-decl|qualified-type-def|pointer-type-def|reference-type-def) /) continue
                    if ((attr("type-id") in val) || (attr("element-type-id") in val)) print "    " $0 }
            }' "$1")
        [ -z "$uses" ] || { echo "abi-check: FAIL $2: $s is used by value, so appending to it is not compatible:"; echo "$uses"; return 1; }
    done
}

check() { # LIB
    lib=$1
    [ -f "$lib" ] || die "no library $lib (make lib)"
    out=$(dirname "$lib")/abi
    mkdir -p "$out" || exit 1
    status=0
    check_map "$lib" "$out" && echo "abi-check: $MAP lists the $(wc -l <"$out/header") ALECABLE_API functions, each exported in its node" || status=1
    abi_dump . "$lib" "$out/current.abi"
    constants . "$out/current.constants"
    exports_compat "$lib" >"$out/compat"
    ABI_DEFS=""
    other_arch=""
    released=$(for v in $(baselines); do sed -n "s/.*<elf-symbol name='[^']*' version='\([^']*\)'.*/\1/p" "abi/libalecable-$v.abi"; done | LC_ALL=C sort -u)
    newest=""
    : >"$out/released"
    for v in $(baselines); do
        newest=$v
        base=abi/libalecable-$v.abi
        symbols "$base" >"$out/released-$v"
        LC_ALL=C sort -u "$out/released-$v" "$out/released" -o "$out/released"
        cur=$out/current.abi
        what="$v: ABI"
        if [ -f "abi/libalecable-$v.tails" ]; then
            tails_by_pointer "$cur" "abi/libalecable-$v.tails" || status=1
            cut_tails "$base" "abi/libalecable-$v.tails" "$cur" "$out/current-cut-$v.abi"
            cur=$out/current-cut-$v.abi
            what="$what (appended: $(tail_names "abi/libalecable-$v.tails" | tr '\n' ' ' | sed 's/ $//'))"
            for st in $(tail_names "abi/libalecable-$v.tails"); do
                # tests/abi/*.c get the released size of each grown struct, in bytes
                bits=$(sed -n "s/.*<class-decl name='$st' size-in-bits='\([0-9]*\)'.*/\1/p" "$base" | head -n 1)
                ABI_DEFS="$ABI_DEFS -DABI_$(echo "$v" | tr . _)_$st=$((bits / 8))"
                # its _init, which writes the struct before the caller could say its size,
                # keeps the released version for the released size (lib/core/compat.c)
                old=$(sed -n "s/.*<elf-symbol name='${st}_init' version='\([^']*\)'.*/\1/p" "$base" | head -n 1)
                if [ -n "$old" ] && ! grep -qx "${st}_init $old" "$out/compat"; then
                    echo "abi-check: FAIL $st grew since $v, but ${st}_init@$old is gone: a $v program's call would write the new size into its $((bits / 8)) bytes (keep $v's in lib/core/compat.c)"
                    status=1
                fi
            done
        fi
        # --no-added-syms: added functions are compatible; any other change (removed or
        # re-versioned function, changed parameter or return type, changed struct member,
        # size or offset, changed SONAME) makes abidiff exit non-zero
        # the baselines describe x86_64 (sizes and offsets are the architecture's): elsewhere
        # only the symbols and the enumerators are compared
        arch_b=$(sed -n "s/.*<abi-corpus [^>]*architecture='\([^']*\)'.*/\1/p" "$base" | head -n 1)
        arch_c=$(sed -n "s/.*<abi-corpus [^>]*architecture='\([^']*\)'.*/\1/p" "$cur" | head -n 1)
        if [ "$arch_b" != "$arch_c" ]; then
            other_arch=$arch_b
            echo "note: $base describes $arch_b, this build is $arch_c: only the symbols are compared"
            symbols "$cur" | LC_ALL=C comm -13 - "$out/released-$v" >"$out/removed-$v"
            st=0
            if [ -s "$out/removed-$v" ]; then st=8; fi
            { echo "symbols of $v missing:"; cat "$out/removed-$v"; } >"$out/abidiff-$v.txt"
        else
            "$ABIDIFF" --no-added-syms "$base" "$cur" >"$out/abidiff-$v.txt" 2>&1
            st=$?
        fi
        added=$(symbols "$out/current.abi" | LC_ALL=C comm -23 - "$out/released-$v" | wc -l)
        if [ $st -ne 0 ]; then
            echo "abi-check: FAIL $what: abidiff $base $cur exits $st (4: changed, 8: incompatible, 1 or 2: error):"
            sed 's/^/    | /' "$out/abidiff-$v.txt"
            status=1
        else
            echo "abi-check: ok   $what compatible ($added function versions added)"
        fi
        if [ -f "abi/libalecable-$v.constants" ]; then
            bad=$(LC_ALL=C comm -23 "abi/libalecable-$v.constants" "$out/current.constants")
            if [ -n "$bad" ]; then
                echo "abi-check: FAIL $v: enumerators removed or changed (released value; now: see $out/current.constants):"
                echo "$bad" | sed 's/^/    | /'; status=1
            else
                echo "abi-check: ok   $v: its $(wc -l <"abi/libalecable-$v.constants") enumerators keep their values"
            fi
        fi
    done
    if [ -z "$newest" ]; then
        echo "abi-check: FAIL no baseline in abi/ (make abi-baseline when a release is cut)"; status=1
    else
        # functions that no release has shipped go in a node that no release has shipped
        sed -n "s/.*<elf-symbol name='\([^']*\)'.*/\1/p" "abi/libalecable-$newest.abi" | LC_ALL=C sort >"$out/newest"
        next_node=ALECABLE_$(field MAJOR).$(field MINOR)
        if printf '%s\n' "$released" | grep -qx "$next_node"; then
            next_node="ALECABLE_$(field MAJOR).$(($(field MINOR) + 1)) (and ALECABLE_VERSION_MINOR $(($(field MINOR) + 1)) in the header: $(field MAJOR).$(field MINOR) is released)"
        fi
        bad=$(LC_ALL=C join -v 1 "$out/exports" "$out/newest" | while read -r sym ver; do
            if printf '%s\n' "$released" | grep -qx "$ver"; then echo "$sym@@$ver"; fi; done)
        if [ -n "$bad" ]; then
            fail_list "added since $newest but in a released node: put them in a new node inheriting the last one, $next_node:" "$bad"
            status=1
        fi
    fi
    # an old version (NAME@VERSION, lib/core/compat.c) is there to keep a released symbol
    bad=$(tr ' ' @ <"$out/compat" | LC_ALL=C comm -23 - "$out/released")
    [ -z "$bad" ] || { fail_list "old versions that no release shipped:" "$bad"; status=1; }
    # what abidiff cannot see: how the library treats callers of a released version
    # (tests/abi/*.c, linked against LIB, each prints one line and exits 0 when it holds)
    for t in tests/abi/*.c; do
        [ -f "$t" ] || continue
        if [ -n "$other_arch" ]; then
            echo "note: $t not run: it takes released struct sizes from baselines of $other_arch"; continue
        fi
        bin=$out/$(basename "$t" .c)
        # shellcheck disable=SC2086  # one word per definition
        if "$CC" -std=c99 -Wall -Wextra -Werror -Iinclude $ABI_DEFS -o "$bin" "$t" -L"$(dirname "$lib")" -l:"$(basename "$lib")" \
                -Wl,-rpath,"$(cd "$(dirname "$lib")" && pwd)" >"$bin.log" 2>&1 && "$bin" >"$bin.log" 2>&1; then
            echo "abi-check: ok   $(cat "$bin.log")"
        else
            echo "abi-check: FAIL $t:"; sed 's/^/    | /' "$bin.log"; status=1
        fi
    done
    return $status
}

case $1 in
dump)
    [ $# -eq 4 ] || die "usage: abi.sh dump SRCDIR LIB OUT"
    abi_dump "$2" "$3" "$4.abi" && constants "$2" "$4.constants" && echo "abi: wrote $4.abi and $4.constants" ;;
baseline)
    [ $# -eq 2 ] || die "usage: abi.sh baseline LIB"
    out=abi/libalecable-$(field MAJOR).$(field MINOR)
    mkdir -p abi "$(dirname "$2")/abi" || exit 1
    check_map "$2" "$(dirname "$2")/abi" || die "fix $MAP first"
    abi_dump . "$2" "$out.abi" && constants . "$out.constants" || exit 1
    echo "abi: wrote $out.abi ($(grep -c '<elf-symbol ' "$out.abi") functions) and $out.constants ($(wc -l <"$out.constants") enumerators)" ;;
check)
    [ $# -eq 2 ] || die "usage: abi.sh check LIB"
    check "$2" ;;
*)
    die "usage: abi.sh dump SRCDIR LIB OUT | baseline LIB | check LIB" ;;
esac
