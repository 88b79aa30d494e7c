/* Maps an element kind (ALECABLE_ELEMENT_*) to its implementation. */
#include "element.h"

#include "../core/isa.h"

#include <stddef.h>

extern const el_ops el_axial_ops;
extern const el_ops el_ancf_ops;
extern const el_ops el_kirchhoff_ops;
extern const el_ops el_se3_ops;
#if AC_HAVE_ISA_V3
extern const el_ops el_ancf_ops_v3;      /* ancf_v3.c */
extern const el_ops el_kirchhoff_ops_v3; /* kirchhoff.c with kirchhoff_kernel_v3.c */
#endif

#if AC_HAVE_ISA_V3
#define AC_V3(x) (x)
#else
#define AC_V3(x) NULL
#endif

/* the copy of a kind's kernels for ac_isa()'s instruction set */
static const el_ops *for_isa(const el_ops *base, const el_ops *v3)
{
#if AC_HAVE_ISA_V3
    if (ac_isa() == AC_ISA_V3) return v3;
#endif
    (void)v3;
    return base;
}

const el_ops *el_ops_get(int kind)
{
    switch (kind) {
    case 0: return &el_axial_ops;
    case 1: return for_isa(&el_ancf_ops, AC_V3(&el_ancf_ops_v3));
    case 2: return for_isa(&el_kirchhoff_ops, AC_V3(&el_kirchhoff_ops_v3));
    case 3: return &el_se3_ops;
    default: return NULL;
    }
}

int el_ndof(const el_ops *ops) { return ops->nnodes * ops->node_ndof; }
