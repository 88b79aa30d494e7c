/* Start of a region compiled for AVX2 (see isa.h); include only where
 * AC_HAVE_ISA_V3, and close with isa_v3_end.h.  No include guard: a file
 * may open several regions.
 *
 * FMA is enabled as an instruction set but multiply-adds are not
 * contracted (C99 mode's default, -ffp-contract=off): every operation
 * rounds as in the baseline copy, so the two copies give the same results
 * to the bit wherever the vector code keeps the order of the sums (all of
 * it: the compilers do not reassociate without -ffast-math, and fixed s's
 * point lanes in ancf.c sum in the per-point order).  Contracting would
 * save some 7 % of the 10-element pendulum's instructions, but gcc fuses a
 * multiply only where all its uses can take it, so two inlined copies of
 * one formula round differently and results that must agree to the bit
 * between two paths of one build (the fused force and force(), test_model)
 * did not; and a divergent run's outcome (test_divergence) moved.
 * gcc keeps C99's no contraction; clang contracts within an expression by
 * default, so its region turns contraction off (to the end of the file:
 * the baseline code after it has no FMA instruction to contract into). */
#if defined(__clang__)
#pragma clang fp contract(off)
#pragma clang attribute push(__attribute__((target("avx2,fma"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,fma")
#endif
