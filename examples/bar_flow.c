/* Paper 000, section 4.1: a 3-node, 10 mm bar translated rigidly by 1 mm in
 * one step while its middle node is held in space with free material
 * coordinate: material flows through the middle node, whose s goes 5 -> 4 mm. */
#include "common.h"

#include <math.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    double L_mm = 10, d_mm = 1, E = 1e9, A_mm2 = M_PI, alpha = 0;
    int steps = 1, rc, i;
    const char *csv = NULL;
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *nd[3];
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    double s_mid, x[3], t0, eps_max = 0;
    ex_opt opts[] = {
        {"--L", 'd', &L_mm, "bar length [mm]"},
        {"--d", 'd', &d_mm, "imposed translation of both ends [mm]"},
        {"--E", 'd', &E, "Young's modulus [Pa]"},
        {"--A", 'd', &A_mm2, "cross-section area [mm^2]"},
        {"--steps", 'i', &steps, "load steps"},
        {"--alpha", 'd', &alpha, "two-stage regularization parameter (0: none, as in the paper)"},
        {"--csv", 's', &csv, "write the element table (s, strain, force) to this CSV file"},
        {NULL, 0, NULL, NULL}};
    rc = ex_parse(argc, argv, opts, "Rigid translation of a bar through a fixed mesh node (paper 000, sec. 4.1).");
    if (rc) return rc > 0 ? 0 : 2;

    ex_check(NULL, alecable_model_create(&m, NULL), "model_create");
    alecable_section_init(&sec);
    sec.E = E;
    sec.A = A_mm2 * 1e-6;
    ex_check(m, alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), "cable_create");
    for (i = 0; i < 3; i++) {
        double s = 0.5 * i * L_mm * 1e-3, p[3] = {s, 0, 0};
        ex_check(m, alecable_cable_add_node(&nd[i], c, p, s), "cable_add_node");
        ex_check(m, alecable_fix(NULL, m, nd[i], ALECABLE_DOF_Y), "fix y");
        ex_check(m, alecable_fix(NULL, m, nd[i], ALECABLE_DOF_Z), "fix z");
    }
    /* ends: translated, no flow; middle: held in space, material free */
    ex_check(m, alecable_prescribe(NULL, m, nd[0], ALECABLE_DOF_X, d_mm * 1e-3), "prescribe");
    ex_check(m, alecable_prescribe(NULL, m, nd[2], ALECABLE_DOF_X, d_mm * 1e-3), "prescribe");
    ex_check(m, alecable_fix(NULL, m, nd[0], ALECABLE_DOF_S), "fix s");
    ex_check(m, alecable_fix(NULL, m, nd[2], ALECABLE_DOF_S), "fix s");
    ex_check(m, alecable_fix(NULL, m, nd[1], ALECABLE_DOF_X), "fix x");

    alecable_quasistatic_options_init(&o);
    o.clock = ALECABLE_CLOCK_LOAD_FACTOR; /* the ends move with the load factor */
    o.load_steps = steps;
    o.regularization = alpha > 0 ? ALECABLE_REG_TWO_STAGE : ALECABLE_REG_NONE;
    if (alpha > 0) o.alpha = alpha;
    alecable_solve_report_init(&rep);
    t0 = ex_now();
    ex_check(m, alecable_solve_quasistatic(m, &o, &rep), "solve_quasistatic");
    alecable_node_material(nd[1], &s_mid);
    alecable_node_position(nd[1], x);
    for (i = 0; i < 2; i++) {
        alecable_element *e;
        double eps;
        alecable_cable_element(&e, c, i);
        alecable_element_strain(e, &eps);
        if (fabs(eps) > eps_max) eps_max = fabs(eps);
    }
    printf("bar_flow: %g mm bar, ends translated by %g mm in %d step(s)\n", L_mm, d_mm, steps);
    printf("  middle node: x = %.9f mm (held), s = %.12f mm (was %.3f mm)\n", 1e3 * x[0], 1e3 * s_mid, 0.5 * L_mm);
    printf("  material flow through the middle node: %.12f mm (expected %.3f mm)\n", 1e3 * s_mid - 0.5 * L_mm, -d_mm);
    printf("  max |strain| %.3e, Newton iterations %d, time %.3f ms\n", eps_max, rep.iterations_stage1 + rep.iterations_stage2,
           1e3 * (ex_now() - t0));
    if (csv) {
        ex_check(m, alecable_write_cable_csv(c, csv), "write_cable_csv");
        printf("  wrote %s\n", csv);
    }
    printf("result: status=0 s_mid_mm=%.17g flow_mm=%.17g error_mm=%.3e max_strain=%.3e iterations=%d\n", 1e3 * s_mid,
           1e3 * s_mid - 0.5 * L_mm, fabs(1e3 * s_mid - 0.5 * L_mm + d_mm), eps_max,
           rep.iterations_stage1 + rep.iterations_stage2);
    alecable_model_destroy(m);
    return 0;
}
