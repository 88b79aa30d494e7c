/* Runtime choice of the instruction set of the vector kernels (issue 25).
 *
 * The element kernels (ancf.c), the band solver (band.c), the ANCF block's
 * scatter (assemble.c, chosen at finalize) and the semi-implicit methods'
 * per-entry passes (semi_implicit.c, chosen at create) are compiled
 * twice: for the baseline of the target (x86-64: SSE2) and, on x86-64 with
 * gcc or clang, once more for AVX2 (x86-64-v3's vectors; the CPU must
 * have AVX2 and FMA, x86-64-v3's floating-point part).  ac_isa() says which
 * copy runs: the CPU's best, or the one the environment variable
 * ALECABLE_ISA names (baseline, x86-64-v3), decided once per process.  A
 * model fixes its copies when its parts are created (cable: element table;
 * band solver: at its creation).  The two copies give the same results to
 * the bit (no contracted multiply-adds, sums in the same order).
 *
 * The second copy of a loop or two is a target("avx2") function (no FMA
 * then, so no contraction); of a whole file it is compiled by wrapping a
 * source file's include between
 * #include "isa_v3_begin.h" and #include "isa_v3_end.h" (file-wide target
 * pragmas: every function in it, helpers included, gets AVX2), without
 * contracted multiply-adds: the copies agree to the bit (see there why). */
#ifndef ALECABLE_ISA_H
#define ALECABLE_ISA_H

enum { AC_ISA_BASELINE = 0, AC_ISA_V3 = 1 };

#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(ALECABLE_NO_ISA_V3) && !defined(__AVX2__)
#define AC_HAVE_ISA_V3 1
#else
#define AC_HAVE_ISA_V3 0 /* one copy: non-x86, other compilers, or a build for AVX2 already */
#endif


/* the copy new parts use: AC_ISA_BASELINE or AC_ISA_V3 (the CPU has AVX2
 * and FMA, and ALECABLE_ISA does not say baseline) */
int ac_isa(void);
/* tests: force a copy for the parts created from now on (-1: back to the
 * automatic choice).  Returns the copy now in force; V3 on a CPU or build
 * without it gives BASELINE. */
int ac_isa_force(int isa);
/* AC_ISA_V3 is available on this CPU and build */
int ac_isa_v3_available(void);
/* the name of a copy ("baseline", "x86-64-v3") */
const char *ac_isa_name(int isa);

#endif
