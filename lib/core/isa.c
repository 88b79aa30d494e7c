/* Which copy of the vector kernels runs (see isa.h). */
#include "isa.h"

#include "alecable.h"

#include <stdlib.h>
#include <string.h>

/* -1: not decided yet.  Relaxed atomics where the compiler has them: two
 * threads creating their first models at once both compute the same value. */
static int isa_choice = -1;

#if defined(__GNUC__) || defined(__clang__)
static int load_choice(void) { return __atomic_load_n(&isa_choice, __ATOMIC_RELAXED); }
static void store_choice(int v) { __atomic_store_n(&isa_choice, v, __ATOMIC_RELAXED); }
#else
static int load_choice(void) { return isa_choice; }
static void store_choice(int v) { isa_choice = v; }
#endif

int ac_isa_v3_available(void)
{
#if AC_HAVE_ISA_V3
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
    return 0;
#endif
}

static int detect(void)
{
    const char *env = getenv("ALECABLE_ISA");
    if (env && (strcmp(env, "baseline") == 0 || strcmp(env, "sse2") == 0)) return AC_ISA_BASELINE;
    return ac_isa_v3_available() ? AC_ISA_V3 : AC_ISA_BASELINE;
}

int ac_isa(void)
{
    int v = load_choice();
    if (v < 0) {
        v = detect();
        store_choice(v);
    }
    return v;
}

int ac_isa_force(int isa)
{
    if (isa < 0) store_choice(detect());
    else store_choice(isa == AC_ISA_V3 && ac_isa_v3_available() ? AC_ISA_V3 : AC_ISA_BASELINE);
    return load_choice();
}

const char *ac_isa_name(int isa) { return isa == AC_ISA_V3 ? "x86-64-v3" : "baseline"; }

const char *alecable_isa(void) { return ac_isa_name(ac_isa()); }
