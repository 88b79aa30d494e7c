/* Functions kept for binaries built against an earlier release (doc/abi.md).
 *
 * alecable_model_problem fills a caller's alecable_problem.  0.2 appended members to that
 * struct (nhist, the history callbacks, step_limit), and 0.1's callers did not have to set
 * struct_size before the call, so the library cannot learn their size from the struct:
 * writing the 0.2 struct into a 0.1 caller's would overrun it by 40 bytes.  Their binaries
 * reference alecable_model_problem@ALECABLE_0, which is this function: it writes 0.1's
 * part only (without the history, as 0.1 had none).  Callers built against 0.2 or later
 * bind to alecable_model_problem@@ALECABLE_0.2 (assemble.c, lib/alecable.map). */
#include "model.h"

#include <stddef.h>
#include <string.h>

/* 0.1's alecable_problem ended with flops_residual_jacobian, where nhist starts now */
#define PROBLEM_SIZE_0_1 offsetof(alecable_problem, nhist)

#if defined(__GNUC__) || defined(__clang__)
__attribute__((visibility("default"))) int ac_model_problem_0_1(alecable_problem *p, alecable_model *m);
__asm__(".symver ac_model_problem_0_1, alecable_model_problem@ALECABLE_0");
#endif

int ac_model_problem_0_1(alecable_problem *p, alecable_model *m)
{
    alecable_problem full;
    int st;
    if (!p) return alecable_model_problem(NULL, m); /* the same check and message */
    if ((st = alecable_model_problem(&full, m))) return st;
    memcpy(p, &full, PROBLEM_SIZE_0_1);
    p->struct_size = PROBLEM_SIZE_0_1;
    return ALECABLE_OK;
}
