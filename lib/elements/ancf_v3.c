/* The ANCF element compiled for AVX2 (x86-64-v3): the same source as
 * ancf.c, the table el_ancf_ops_v3, which the registry hands out when
 * ac_isa() chooses that copy (lib/core/isa.h). */
#include "../core/isa.h"

#if AC_HAVE_ISA_V3
/* the system headers outside the target region: only the element's own
 * functions are compiled for AVX2 */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "element.h"

#define ANCF_OPS el_ancf_ops_v3
#define ANCF_LANES 1 /* fixed s: the Gauss points side by side in vector types */
#include "../core/isa_v3_begin.h"
#include "ancf.c"
#include "../core/isa_v3_end.h"
#else
typedef int ancf_v3_unused; /* ISO C: a translation unit declares something */
#endif
