#!/bin/sh
# seed-objects.sh FROM TO MACRO: copies into the build tree TO the objects of
# the build tree FROM that a -DMACRO cannot change: those whose sources and
# headers (the object's .d file) never mention MACRO, when FROM's object is
# newer than each of them and the two trees' flags differ by -DMACRO alone.
# The GPL-free build (mk/gplfree.mk) so compiles again only the files that
# read ALECABLE_NO_GPL.  An object already in TO is left alone; make's usual
# rules rebuild whatever is not copied.  Prints how many it copied.
set -u
from=$1 to=$2 macro=$3
[ -f "$from/.flags" ] && [ -f "$to/.flags" ] || { echo "seed-objects: no flags in $from or $to: nothing copied"; exit 0; }
if [ "$(sed "s/ -D$macro\\b//" "$to/.flags")" != "$(cat "$from/.flags")" ]; then
    echo "seed-objects: $from and $to are not built alike but for -D$macro: nothing copied"
    exit 0
fi
n=0 skipped=0
for d in $(find "$from/lib" "$from/tests" "$from/examples" -name '*.d' 2>/dev/null); do
    o=${d%.d}.o
    [ -f "$o" ] || continue
    rel=${o#"$from"/}
    [ -f "$to/$rel" ] && continue
    # the prerequisites: the .d's words that are files, past the targets' colons
    deps=$(sed -e 's/\\$//' -e 's/^[^:]*://' "$d" | tr ' ' '\n' | grep -v '^$' | sort -u)
    ok=1
    for f in $deps; do
        if [ ! -f "$f" ] || [ "$f" -nt "$o" ] || grep -q "$macro" "$f"; then ok=0; break; fi
    done
    if [ $ok -eq 0 ]; then skipped=$((skipped + 1)); continue; fi
    mkdir -p "$(dirname "$to/$rel")"
    cp "$o" "$to/$rel" && sed "s#^$from/#$to/#" "$d" > "$to/${rel%.o}.d" && n=$((n + 1))
done
echo "seed-objects: $n objects of $from reused in $to ($skipped compiled again: they read $macro, or $from's copy is stale)"
