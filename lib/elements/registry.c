/* Maps an element kind (ALECABLE_ELEMENT_*) to its implementation. */
#include "element.h"

#include "../core/isa.h"

#include <stddef.h>

extern const el_ops el_axial_ops;
extern const el_ops el_ancf_ops;
extern const el_ops el_kirchhoff_ops;
extern const el_ops el_se3_ops;
#if AC_HAVE_ISA_V3
extern const el_ops el_ancf_ops_v3; /* ancf_v3.c */
#endif

/* the copy of a kind's kernels for ac_isa()'s instruction set */
static const el_ops *ancf_ops(void)
{
#if AC_HAVE_ISA_V3
    if (ac_isa() == AC_ISA_V3) return &el_ancf_ops_v3;
#endif
    return &el_ancf_ops;
}

const el_ops *el_ops_get(int kind)
{
    switch (kind) {
    case 0: return &el_axial_ops;
    case 1: return ancf_ops();
    case 2: return &el_kirchhoff_ops;
    case 3: return &el_se3_ops;
    default: return NULL;
    }
}

int el_ndof(const el_ops *ops) { return ops->nnodes * ops->node_ndof; }
