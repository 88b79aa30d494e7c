/* problem_0_1.c: a caller built against 0.1 calls alecable_model_problem as 0.1's binaries
 * do, through the symbol version ALECABLE_0, with 0.1's alecable_problem (it ended before
 * nhist, 144 bytes on LP64) followed by guard bytes; 0.1's callers did not set struct_size
 * before the call.  The library must write 0.1's part only (abi.sh check runs this against
 * the shared library; doc/abi.md).  Prints one line; exit status 0 when it holds. */
#include "alecable.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* What a 0.1 binary's reference binds to: alecable_model_problem@ALECABLE_0. */
extern int problem_0_1(void *p, alecable_model *m);
__asm__(".symver problem_0_1, alecable_model_problem@ALECABLE_0");

#define SIZE_0_1 offsetof(alecable_problem, nhist)
#define GUARD 256

int main(void)
{
    static const double x0[3] = {0, 0, 0}, x1[3] = {1, 0, 0};
    unsigned char buf[sizeof(alecable_problem) + GUARD];
    alecable_problem cur;
    alecable_section s;
    alecable_model *m = NULL;
    alecable_cable *c = NULL;
    alecable_node *n0 = NULL, *n1 = NULL;
    size_t i;
    int st, bad = 0;

    alecable_section_init(&s);
    s.E = 1e9;
    s.A = 1e-4;
    if (alecable_model_create(&m, NULL) || alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &s) ||
        alecable_cable_add_node(&n0, c, x0, 0.0) || alecable_cable_add_node(&n1, c, x1, 1.0)) {
        printf("problem_0_1: cannot build the model: %s\n", m ? alecable_model_errmsg(m) : "no model");
        return 1;
    }
    memset(buf, 0xA5, sizeof buf);
    if ((st = problem_0_1(buf, m))) {
        printf("problem_0_1: alecable_model_problem@ALECABLE_0 returned %d: %s\n", st, alecable_model_errmsg(m));
        return 1;
    }
    for (i = SIZE_0_1; i < sizeof buf; i++) bad += buf[i] != 0xA5;
    if (alecable_model_problem(&cur, m)) return 1;
    {
        alecable_problem got;
        memcpy(&got, buf, SIZE_0_1);
        if (got.struct_size != SIZE_0_1 || got.nq != cur.nq || got.residual != cur.residual) bad++;
    }
    if (cur.struct_size != sizeof cur) bad++;
    printf("problem_0_1: alecable_model_problem@ALECABLE_0 wrote %s 0.1's %zu bytes (%d bytes past them or fields wrong)\n",
           bad ? "past" : "within", (size_t)SIZE_0_1, bad);
    alecable_model_destroy(m);
    return bad != 0;
}
