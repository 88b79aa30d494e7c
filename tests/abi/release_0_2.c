/* release_0_2.c: a program built against 0.2 calls the library as 0.2's binaries do:
 * through the symbol version ALECABLE_0.2, with 0.2's structs, whose sizes abi.sh takes from
 * the 0.2 baseline (abi/libalecable-0.2.abi) and passes as ABI_0_2_<struct> (bytes).
 * 0.3 appended members to those structs; the functions that fill them without knowing the
 * caller's size must write 0.2's part only, and the library must accept what they wrote.
 * Each struct is followed by guard bytes.  Prints one line; exit status 0 when everything
 * holds (lib/core/compat.c, doc/abi.md). */
#include "alecable.h"

#include <stdio.h>
#include <string.h>

#if !defined(ABI_0_2_alecable_problem) || !defined(ABI_0_2_alecable_quasistatic_options) || \
    !defined(ABI_0_2_alecable_dynamic_options) || !defined(ABI_0_2_alecable_step_stats) || \
    !defined(ABI_0_2_alecable_solve_report)
#error "abi.sh passes 0.2's struct sizes (ABI_0_2_<struct>)"
#endif

/* what a 0.2 binary's references bind to: NAME@ALECABLE_0.2 */
extern void problem_init_0_2(void *p);
extern int model_problem_0_2(void *p, alecable_model *m);
extern void quasistatic_options_init_0_2(void *o);
extern void dynamic_options_init_0_2(void *o);
extern void step_stats_init_0_2(void *s);
extern void solve_report_init_0_2(void *r);
__asm__(".symver solve_report_init_0_2, alecable_solve_report_init@ALECABLE_0.2");
__asm__(".symver quasistatic_options_init_0_2, alecable_quasistatic_options_init@ALECABLE_0.2");
__asm__(".symver dynamic_options_init_0_2, alecable_dynamic_options_init@ALECABLE_0");
__asm__(".symver step_stats_init_0_2, alecable_step_stats_init@ALECABLE_0");
__asm__(".symver problem_init_0_2, alecable_problem_init@ALECABLE_0.2");
__asm__(".symver model_problem_0_2, alecable_model_problem@ALECABLE_0.2");

#define FILL 0xA5

typedef union { unsigned char b[1024]; double d; void *p; } buffer;

static int failures, checked;

static void expect(int ok, const char *what)
{
    if (!ok) { printf("release_0_2: %s\n", what); failures++; }
}

/* the bytes past a 0.2 struct of n bytes as they were, and struct_size = n */
static void untouched(const buffer *buf, size_t n, const char *what)
{
    size_t i, size;
    char msg[200];
    for (i = n; i < sizeof buf->b; i++)
        if (buf->b[i] != FILL) break;
    snprintf(msg, sizeof msg, "%s wrote past 0.2's %zu bytes (byte %zu)", what, n, i);
    expect(i == sizeof buf->b, msg);
    memcpy(&size, buf->b, sizeof size);
    snprintf(msg, sizeof msg, "%s: struct_size %zu, 0.2's is %zu", what, size, n);
    expect(size == n, msg);
    checked++;
}

int main(void)
{
    static const double xa[3] = {0, 0, 0}, xb[3] = {1, 0, 0};
    static buffer prob, opts, dopts, stats, rep;
    alecable_integrator *it = NULL;
    alecable_model *m = NULL;
    alecable_section sec;
    alecable_cable *c;
    alecable_node *n0, *n4, *n;
    alecable_constraint *k;
    double q[64], lambda[64];
    int d, nq = 0, nlam = 0, st;

    memset(&prob, FILL, sizeof prob);
    problem_init_0_2(prob.b);
    untouched(&prob, ABI_0_2_alecable_problem, "alecable_problem_init@ALECABLE_0.2");
    memset(&opts, FILL, sizeof opts);
    quasistatic_options_init_0_2(opts.b);
    untouched(&opts, ABI_0_2_alecable_quasistatic_options, "alecable_quasistatic_options_init@ALECABLE_0.2");
    memset(&rep, FILL, sizeof rep);
    solve_report_init_0_2(rep.b);
    untouched(&rep, ABI_0_2_alecable_solve_report, "alecable_solve_report_init@ALECABLE_0.2");
    memset(&dopts, FILL, sizeof dopts);
    dynamic_options_init_0_2(dopts.b);
    untouched(&dopts, ABI_0_2_alecable_dynamic_options, "alecable_dynamic_options_init@ALECABLE_0");
    memset(&stats, FILL, sizeof stats);
    step_stats_init_0_2(stats.b);
    untouched(&stats, ABI_0_2_alecable_step_stats, "alecable_step_stats_init@ALECABLE_0");

    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 1e-6;
    if (alecable_model_create(&m, NULL) || alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec) ||
        alecable_cable_line(c, xa, xb, 0.0, 1.0, 4) || alecable_cable_node(&n0, c, 0) ||
        alecable_cable_node(&n4, c, 4)) {
        printf("release_0_2: cannot build the model\n");
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
    expect(st == ALECABLE_OK, "alecable_solve_quasistatic refused 0.2's options or report");
    untouched(&rep, ABI_0_2_alecable_solve_report, "alecable_solve_quasistatic (report)");
    st = alecable_model_integrator(&it, m, (const alecable_dynamic_options *)(void *)dopts.b);
    expect(st == ALECABLE_OK, "alecable_model_integrator refused 0.2's dynamic options");
    if (it) {
        expect(alecable_integrator_step(it, 1e-3) == ALECABLE_OK, "a step with 0.2's dynamic options failed");
        st = alecable_integrator_stats(it, (alecable_step_stats *)(void *)stats.b);
        expect(st == ALECABLE_OK, "alecable_integrator_stats refused 0.2's struct");
        untouched(&stats, ABI_0_2_alecable_step_stats, "alecable_integrator_stats");
        alecable_integrator_destroy(it);
    }

    /* 0.2's model problem, solved as a host's problem */
    memset(&prob, FILL, sizeof prob);
    st = model_problem_0_2(prob.b, m);
    expect(st == ALECABLE_OK, "alecable_model_problem@ALECABLE_0.2 failed");
    untouched(&prob, ABI_0_2_alecable_problem, "alecable_model_problem@ALECABLE_0.2");
    alecable_model_sizes(m, &nq, &nlam);
    expect(nq + nlam <= 64, "model too large for the test's arrays");
    if (nq + nlam <= 64) {
        alecable_model_get_state(m, q, lambda, NULL);
        st = alecable_problem_solve_quasistatic((const alecable_problem *)(void *)prob.b, NULL, NULL, q, lambda,
                                                NULL);
        expect(st == ALECABLE_OK, "alecable_problem_solve_quasistatic refused 0.2's problem");
    }
    alecable_model_destroy(m);
    if (failures) printf("release_0_2: %d failures\n", failures);
    else printf("release_0_2: 0.2's callers of the %d functions that fill grown structs get 0.2's structs, "
                "and the library takes them\n", checked);
    return failures != 0;
}
