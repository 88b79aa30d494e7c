#!/bin/sh
# docs-xml-check.sh: list the members of doxygen's XML output that have no description.
#
# usage: sh scripts/docs-xml-check.sh XMLDIR      (exit 1 when one is found)
#
# doxygen's WARN_IF_UNDOCUMENTED is silent on an anonymous enum without a comment and on
# an undocumented value of a documented enum, and the header's constants are all such
# enums; its XML has an empty description for each of them, which is what is looked for
# here (every member of the header's file and struct pages: functions, typedefs, macros,
# enums and their values, struct fields).
dir=${1:?usage: docs-xml-check.sh XMLDIR}
set -- "$dir"/*_8h.xml "$dir"/struct*.xml
[ -f "$1" ] || { echo "docs: no doxygen XML in $dir" >&2; exit 1; }
awk '
    function flush(kind, name, doc) {
        if (!doc) { printf "%s:%s: %s is not documented\n", FILENAME, name, kind; bad = 1 }
    }
    # item 1 is a memberdef, item 2 an enumvalue inside it; a <para> inside the brief or
    # detailed description of the innermost open item documents it
    /<memberdef /   { kind1 = $0; sub(/.*kind="/, "", kind1); sub(/".*/, "", kind1); name1 = ""; doc1 = 0; in1 = 1 }
    /<enumvalue /   { name2 = ""; doc2 = 0; in2 = 1 }
    /<name>/        { n = $0; sub(/.*<name>/, "", n); sub(/<\/name>.*/, "", n)
                      if (in2 && name2 == "") name2 = n; else if (in1 && !in2 && name1 == "") name1 = n }
    /<(brief|detailed)description>/ { desc = 1 }
    desc && /<para>/ { if (in2) doc2 = 1; else if (in1) doc1 = 1 }
    /<\/(brief|detailed)description>/ { desc = 0 }
    /<\/enumvalue>/ { flush("enum value", name2, doc2); in2 = 0 }
    /<\/memberdef>/ { if (name1 ~ /^@/) name1 = "an anonymous enum"; flush(kind1, name1, doc1); in1 = 0 }
    END { exit bad }
' "$@"
