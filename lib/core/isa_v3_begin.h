/* Start of a region compiled for AVX2 + FMA (see isa.h); include only where
 * AC_HAVE_ISA_V3, and close with isa_v3_end.h.  No include guard: a file
 * may open several regions. */
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,fma"))), apply_to = function)
#pragma STDC FP_CONTRACT ON
#else
#pragma GCC push_options
#pragma GCC target("avx2,fma")
#pragma GCC optimize("-ffp-contract=fast")
#endif
