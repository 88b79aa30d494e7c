/* The band backend's numerics compiled for AVX2 (x86-64-v3): the
 * same source as band_numeric.c under the names sp_band_num_*_v3, which
 * band.c calls for a handle created while ac_isa() chose that copy. */
#include "../core/isa.h"

#if AC_HAVE_ISA_V3
/* the system headers outside the target region */
#include <immintrin.h>
#include <math.h>
#include <string.h>

#include "band_internal.h"

#define BAND_NUM(name) sp_band_num_##name##_v3
#define BAND_V3 1
#include "../core/isa_v3_begin.h"
#include "band_numeric.c"
#include "../core/isa_v3_end.h"
#else
typedef int band_numeric_v3_unused; /* ISO C: a translation unit declares something */
#endif
