/* release_0_1.c: a program built against 0.1 calls the library as 0.1's binaries do:
 * through the symbol version ALECABLE_0, with 0.1's structs, whose sizes abi.sh takes from
 * the 0.1 baseline (abi/libalecable-0.1.abi) and passes as ABI_0_1_<struct> (bytes).
 * 0.2 appended members to those structs; the functions that fill them without knowing the
 * caller's size (the _init functions, alecable_model_problem) must write 0.1's part only,
 * and the library must accept what they wrote.  Each struct is followed by guard bytes.
 * Prints one line; exit status 0 when everything holds (lib/core/compat.c, doc/abi.md). */
#include "alecable.h"

#include <stdio.h>
#include <string.h>

#if !defined(ABI_0_1_alecable_body_params) || !defined(ABI_0_1_alecable_problem) || \
    !defined(ABI_0_1_alecable_quasistatic_options) || !defined(ABI_0_1_alecable_solve_report)
#error "abi.sh passes 0.1's struct sizes (ABI_0_1_<struct>)"
#endif

/* what a 0.1 binary's references bind to: NAME@ALECABLE_0 */
extern void body_params_init_0_1(void *p);
extern void problem_init_0_1(void *p);
extern void quasistatic_options_init_0_1(void *o);
extern void solve_report_init_0_1(void *r);
extern int model_problem_0_1(void *p, alecable_model *m);
__asm__(".symver body_params_init_0_1, alecable_body_params_init@ALECABLE_0");
__asm__(".symver problem_init_0_1, alecable_problem_init@ALECABLE_0");
__asm__(".symver quasistatic_options_init_0_1, alecable_quasistatic_options_init@ALECABLE_0");
__asm__(".symver solve_report_init_0_1, alecable_solve_report_init@ALECABLE_0");
__asm__(".symver model_problem_0_1, alecable_model_problem@ALECABLE_0");

#define FILL 0xA5

/* a 0.1 caller's struct followed by guard bytes, aligned for any of the structs */
typedef union { unsigned char b[1024]; double d; void *p; } buffer;

static int failures;

static void expect(int ok, const char *what)
{
    if (!ok) { printf("release_0_1: %s\n", what); failures++; }
}

/* the bytes past a 0.1 struct of n bytes as they were, and struct_size = n */
static void untouched(const buffer *buf, size_t n, const char *what)
{
    size_t i, size;
    char msg[200];
    for (i = n; i < sizeof buf->b; i++)
        if (buf->b[i] != FILL) break;
    snprintf(msg, sizeof msg, "%s wrote past 0.1's %zu bytes (byte %zu)", what, n, i);
    expect(i == sizeof buf->b, msg);
    memcpy(&size, buf->b, sizeof size);
    snprintf(msg, sizeof msg, "%s: struct_size %zu, 0.1's is %zu", what, size, n);
    expect(size == n, msg);
}

int main(void)
{
    static const double xa[3] = {0, 0, 0}, xb[3] = {1, 0, 0};
    static buffer body, prob, opts, rep;
    alecable_model *m = NULL;
    alecable_section sec;
    alecable_cable *c;
    alecable_node *n0, *n4, *n;
    alecable_constraint *k;
    alecable_body *b;
    alecable_problem cur;
    double q[64], lambda[64];
    int d, nq = 0, nlam = 0, st;

    memset(&body, FILL, sizeof body);
    memset(&prob, FILL, sizeof prob);
    memset(&opts, FILL, sizeof opts);
    memset(&rep, FILL, sizeof rep);
    body_params_init_0_1(body.b);
    untouched(&body, ABI_0_1_alecable_body_params, "alecable_body_params_init@ALECABLE_0");
    problem_init_0_1(prob.b);
    untouched(&prob, ABI_0_1_alecable_problem, "alecable_problem_init@ALECABLE_0");
    quasistatic_options_init_0_1(opts.b);
    untouched(&opts, ABI_0_1_alecable_quasistatic_options, "alecable_quasistatic_options_init@ALECABLE_0");
    solve_report_init_0_1(rep.b);
    untouched(&rep, ABI_0_1_alecable_solve_report, "alecable_solve_report_init@ALECABLE_0");

    /* minimal.c's stretched cable, solved with 0.1's options and report */
    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 1e-6;
    if (alecable_model_create(&m, NULL) || alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec) ||
        alecable_cable_line(c, xa, xb, 0.0, 1.0, 4) || alecable_cable_node(&n0, c, 0) ||
        alecable_cable_node(&n4, c, 4)) {
        printf("release_0_1: cannot build the model\n");
        return 1;
    }
    for (d = 0; d < 4; ++d) alecable_fix(&k, m, n0, d);
    for (d = 1; d < 4; ++d) alecable_fix(&k, m, n4, d);
    for (d = 1; d < 4; ++d) {
        alecable_cable_node(&n, c, d);
        alecable_fix(&k, m, n, ALECABLE_DOF_Y);
        alecable_fix(&k, m, n, ALECABLE_DOF_Z);
    }
    alecable_prescribe(&k, m, n4, ALECABLE_DOF_X, 0.001);
    st = alecable_solve_quasistatic(m, (const alecable_quasistatic_options *)(void *)opts.b,
                                    (alecable_solve_report *)(void *)rep.b);
    expect(st == ALECABLE_OK, "alecable_solve_quasistatic refused 0.1's options or report");
    untouched(&rep, ABI_0_1_alecable_solve_report, "alecable_solve_quasistatic (report)");

    /* 0.1's body parameters are accepted */
    st = alecable_body_create(&b, m, (const alecable_body_params *)(void *)body.b);
    expect(st == ALECABLE_OK, "alecable_body_create refused 0.1's parameters");
    if (st == ALECABLE_OK) alecable_body_fix(m, b);

    /* 0.1's model problem, solved as a host's problem with 0.1's options and report */
    memset(&prob, FILL, sizeof prob);
    st = model_problem_0_1(prob.b, m);
    expect(st == ALECABLE_OK, "alecable_model_problem@ALECABLE_0 failed");
    untouched(&prob, ABI_0_1_alecable_problem, "alecable_model_problem@ALECABLE_0");
    expect(alecable_model_problem(&cur, m) == ALECABLE_OK && cur.struct_size == sizeof cur,
           "alecable_model_problem (the default version) does not fill the current struct");
    alecable_model_sizes(m, &nq, &nlam);
    expect(nq + nlam <= 64, "model too large for the test's arrays");
    if (nq + nlam <= 64) {
        alecable_model_get_state(m, q, lambda, NULL);
        st = alecable_problem_solve_quasistatic((const alecable_problem *)(void *)prob.b,
                                                (const alecable_quasistatic_options *)(void *)opts.b, NULL,
                                                q, lambda, (alecable_solve_report *)(void *)rep.b);
        expect(st == ALECABLE_OK, "alecable_problem_solve_quasistatic refused 0.1's problem, options or report");
        untouched(&rep, ABI_0_1_alecable_solve_report, "alecable_problem_solve_quasistatic (report)");
    }
    alecable_model_destroy(m);
    if (failures) printf("release_0_1: %d failures\n", failures);
    else printf("release_0_1: 0.1's callers of the 5 functions that fill grown structs get 0.1's structs, "
                "and the library takes them\n");
    return failures != 0;
}
