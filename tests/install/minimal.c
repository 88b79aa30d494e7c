/* Install test: a consumer of the installed libalecable (C99, also compiled as C++).
 * Stretches a 4-element axial cable by 1 mm and checks the axial force
 * N = E A eps lambda, with Green strain eps = (lambda^2 - 1) / 2 and stretch lambda. */
#include <alecable.h>
#include <math.h>
#include <stdio.h>

#define TRY(call) do { int st_ = (call); if (st_ != ALECABLE_OK) { \
    fprintf(stderr, "minimal: %s failed: %d\n", #call, st_); return 1; } } while (0)

int main(void)
{
    alecable_model *m; alecable_section sec; alecable_cable *c;
    alecable_node *n0, *n4; alecable_constraint *k; alecable_element *e;
    alecable_quasistatic_options o; alecable_solve_report rep;
    double xa[3] = {0, 0, 0}, xb[3] = {1, 0, 0}, x[3], N, lambda, eps, expect;
    int d, ok;

    TRY(alecable_model_create(&m, NULL));
    alecable_section_init(&sec); sec.E = 1e9; sec.A = 1e-6;
    TRY(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec));
    TRY(alecable_cable_line(c, xa, xb, 0.0, 1.0, 4));          /* 5 nodes, 4 elements */
    TRY(alecable_cable_node(&n0, c, 0)); TRY(alecable_cable_node(&n4, c, 4));
    for (d = 0; d < 4; ++d) TRY(alecable_fix(&k, m, n0, d));   /* x, y, z, s */
    for (d = 1; d < 4; ++d) TRY(alecable_fix(&k, m, n4, d));   /* y, z, s */
    for (d = 1; d < 4; ++d) {                                  /* a straight unstressed cable has */
        alecable_node *n; TRY(alecable_cable_node(&n, c, d));  /* no transverse stiffness: 1D case */
        TRY(alecable_fix(&k, m, n, ALECABLE_DOF_Y)); TRY(alecable_fix(&k, m, n, ALECABLE_DOF_Z));
    }
    TRY(alecable_prescribe(&k, m, n4, ALECABLE_DOF_X, 0.001));
    alecable_quasistatic_options_init(&o); o.load_steps = 1; alecable_solve_report_init(&rep);
    o.clock = ALECABLE_CLOCK_LOAD_FACTOR; /* a quasistatic pull: the 1 mm through the load steps */
    TRY(alecable_solve_quasistatic(m, &o, &rep));
    alecable_node_position(n4, x);
    TRY(alecable_cable_element(&e, c, 0)); TRY(alecable_element_axial_force(e, &N));

    lambda = 1.001; eps = 0.5 * (lambda * lambda - 1.0); expect = 1e9 * 1e-6 * eps * lambda;
    ok = fabs(N - expect) <= 1e-6 * expect && fabs(x[0] - 1.001) <= 1e-9;
    printf("minimal: x = %.9f, N = %.9g (expected %.9g): %s\n", x[0], N, expect, ok ? "ok" : "WRONG");
    alecable_model_destroy(m);
    return ok ? 0 : 1;
}
