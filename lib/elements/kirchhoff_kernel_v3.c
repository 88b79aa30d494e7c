/* The Kirchhoff element's closed-form kernel compiled for AVX2
 * (x86-64-v3): the same source as kirchhoff_kernel.c under the name
 * el_kirchhoff_kernel_v3 (and the pair el_kirchhoff_kernel_pair_v3), which
 * the table el_kirchhoff_ops_v3 (kirchhoff.c) calls; the registry hands
 * that table out when ac_isa() chose the copy (lib/core/isa.h). */
#include "../core/isa.h"

#if AC_HAVE_ISA_V3
/* the system headers outside the target region */
#include <immintrin.h>
#include <math.h>
#include <string.h>

#include "element.h"

double el_kirchhoff_kernel_v3(const el_params *p, const double *qe, double *fe, double wt, double *ke);
void el_kirchhoff_kernel_pair_v3(const el_params *p0, const double *qe0, double *fe0, double *ke0,
                                 const el_params *p1, const double *qe1, double *fe1, double *ke1, double wt);
#define el_kirchhoff_kernel el_kirchhoff_kernel_v3
#define el_kirchhoff_kernel_pair el_kirchhoff_kernel_pair_v3 /* two elements (el_ops.force_tangent_acc2) */
#define KH_LANES 1 /* an isotropic section: the Gauss points side by side in vector types */
#include "../core/isa_v3_begin.h"
#include "kirchhoff_kernel.c"
#include "../core/isa_v3_end.h"
#else
typedef int kirchhoff_kernel_v3_unused; /* ISO C: a translation unit declares something */
#endif
