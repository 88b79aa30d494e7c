#!/bin/sh
# docs-snippets.sh: compile, link and run every ```c block of a Markdown file.
#
# usage: CC=cc CPPFLAGS=-Iinclude LIBS="build/libalecable.a -l..." sh scripts/docs-snippets.sh FILE.md DIR
#
# The guide's code is meant to be copied: each ```c block is a whole program, so it is
# built exactly as a user would build it and run in DIR (where the files it writes go).
# A block that fails to compile, warns, or exits non-zero fails the check.
md=${1:?usage: docs-snippets.sh FILE.md DIR}
dir=${2:?usage: docs-snippets.sh FILE.md DIR}
: "${CC:=cc}"
rm -rf "$dir" && mkdir -p "$dir" || exit 1
# Block k goes to $dir/snippet-k.c, with a #line so that errors name the guide's line.
awk -v dir="$dir" -v md="$md" '
    /^```c[[:space:]]*$/ { k++; f = sprintf("%s/snippet-%d.c", dir, k);
                           printf "#line %d \"%s\"\n", NR + 1, md > f; inb = 1; next }
    inb && /^```/        { inb = 0; close(f); next }
    inb                  { print > f }
    END                  { if (inb) { print md ": unterminated code block" > "/dev/stderr"; exit 1 } }
' "$md" || exit 1
n=0
for src in "$dir"/snippet-*.c; do
    [ -f "$src" ] || continue
    n=$((n + 1))
    exe=${src%.c}
    # shellcheck disable=SC2086  # flag lists are word lists
    $CC -std=c99 -Wall -Wextra -Wpedantic -Werror $CPPFLAGS -o "$exe" "$src" $LIBS || {
        echo "docs: $src (from $md) does not build" >&2; exit 1; }
    (cd "$dir" && "./$(basename "$exe")" >"$(basename "$exe").out" 2>&1) || {
        echo "docs: $src (from $md) failed; its output:" >&2; cat "$exe.out" >&2; exit 1; }
done
[ $n -gt 0 ] || { echo "docs: no \`\`\`c program in $md" >&2; exit 1; }
echo "docs: $n programs of $md built and ran"
