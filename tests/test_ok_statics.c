/* OK means right in statics (issue 20): the model's residual scale, the
 * stop test against it, the stability check, and the cases that 0.2
 * returned as ALECABLE_OK with a wrong answer (a straight axial cable of
 * 1000 elements under its weight; an ANCF cantilever solved in one load
 * step).  References: the elastic catenary (Irvine), the elastica
 * (tests/cases.c), and closed forms of the element forces. */
#include "suites.h"
#include "alecable.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W_LINE 10.0 /* weight per unstretched length [N/m] */

/* An axial Lagrangian cable of n elements, length L, pinned at (0,0,0) and
 * (span,0,0), laid straight between the pins (slack when L > span) */
static alecable_model *hanging(int n, double L, double span, double EA, alecable_cable **cable)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *nd;
    double g[3] = {0, 0, -9.81};
    int i, d;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    alecable_section_init(&sec);
    sec.E = EA;
    sec.A = 1.0;
    sec.rho = W_LINE / 9.81;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    for (i = 0; i <= n; i++) {
        double s = L * i / n, x[3] = {span * s / L, 0, 0};
        ck_assert_int_eq(alecable_cable_add_node(&nd, c, x, s), 0);
    }
    for (d = 0; d < 3; d++) {
        ck_assert_int_eq(alecable_cable_node(&nd, c, 0), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, nd, d), 0);
        ck_assert_int_eq(alecable_cable_node(&nd, c, n), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, nd, d), 0);
    }
    *cable = c;
    return m;
}

/* Irvine's elastic catenary between pins at equal height: the sag */
static double catenary_sag(double L, double span, double EA, double w)
{
    double lo = 1e-9 * w * L, hi = 1e9 * w * L, V = 0.5 * w * L;
    int it;
    for (it = 0; it < 300; it++) {
        double H = sqrt(lo * hi);
        if (H * L / EA + 2.0 * H / w * asinh(V / H) > span) hi = H;
        else lo = H;
    }
    lo = sqrt(lo * hi);
    return lo / w * (sqrt(1.0 + (V / lo) * (V / lo)) - 1.0) + w * L * L / (8.0 * EA);
}

static double max_sag(const alecable_cable *c, int n)
{
    double sag = 0.0;
    int i;
    for (i = 0; i <= n; i++) {
        alecable_node *nd;
        double x[3];
        ck_assert_int_eq(alecable_cable_node(&nd, c, i), 0);
        ck_assert_int_eq(alecable_node_position(nd, x), 0);
        if (-x[2] > sag) sag = -x[2];
    }
    return sag;
}

/* The scale of a hanging chain's equations: at a node, the magnitudes of
 * the two elements' forces on it plus its weight (x and z rows), 0 where
 * nothing acts (the y rows: the chain hangs in the x-z plane), the model's
 * size (its length) on the constraint rows. */
START_TEST(scale_of_hanging_chain)
{
    enum { N = 10 };
    alecable_cable *c;
    alecable_model *m = hanging(N, 1.2, 1.0, 1e4, &c);
    alecable_problem p;
    double *q, *lam, *r, *sc, t, l0 = 1.2 / N;
    int nq, nlam, i, k;
    ck_assert_int_eq(alecable_solve_quasistatic(m, NULL, NULL), 0);
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    ck_assert(p.residual_scale != NULL);
    ck_assert_int_eq(alecable_model_sizes(m, &nq, &nlam), 0);
    q = malloc((size_t)(nq + 1) * sizeof *q);
    lam = malloc((size_t)(nlam + 1) * sizeof *lam);
    r = malloc((size_t)(nq + nlam) * sizeof *r);
    sc = malloc((size_t)(nq + nlam) * sizeof *sc);
    ck_assert_int_eq(alecable_model_get_state(m, q, lam, &t), 0);
    ck_assert_int_eq(p.residual_scale(p.ctx, t, q, NULL, NULL, lam, sc), 0);
    ck_assert_int_eq(p.residual(p.ctx, t, q, NULL, NULL, lam, r), 0);
    for (i = 1; i < N; i++) {
        alecable_node *nd, *na, *nb;
        alecable_element *el, *er;
        double x[3], xa[3], xb[3], Nl, Nr, lx, lz, la, rx, rz, ra, ex, ez;
        int ix, iy, iz;
        ck_assert_int_eq(alecable_cable_node(&nd, c, i), 0);
        ck_assert_int_eq(alecable_cable_node(&na, c, i - 1), 0);
        ck_assert_int_eq(alecable_cable_node(&nb, c, i + 1), 0);
        ck_assert_int_eq(alecable_node_position(nd, x), 0);
        ck_assert_int_eq(alecable_node_position(na, xa), 0);
        ck_assert_int_eq(alecable_node_position(nb, xb), 0);
        ck_assert_int_eq(alecable_cable_element(&el, c, i - 1), 0);
        ck_assert_int_eq(alecable_cable_element(&er, c, i), 0);
        ck_assert_int_eq(alecable_element_axial_force(el, &Nl), 0);
        ck_assert_int_eq(alecable_element_axial_force(er, &Nr), 0);
        lx = x[0] - xa[0], lz = x[2] - xa[2], la = sqrt(lx * lx + lz * lz);
        rx = xb[0] - x[0], rz = xb[2] - x[2], ra = sqrt(rx * rx + rz * rz);
        ex = fabs(Nl * lx / la) + fabs(Nr * rx / ra);
        ez = fabs(Nl * lz / la) + fabs(Nr * rz / ra) + W_LINE * l0;
        ck_assert_int_eq(alecable_node_dof_index(nd, ALECABLE_DOF_X, &ix), 0);
        ck_assert_int_eq(alecable_node_dof_index(nd, ALECABLE_DOF_Y, &iy), 0);
        ck_assert_int_eq(alecable_node_dof_index(nd, ALECABLE_DOF_Z, &iz), 0);
        ck_assert_msg(fabs(sc[ix] - ex) <= 1e-9 * ex, "node %d x: scale %.12g, forces %.12g", i, sc[ix], ex);
        ck_assert_msg(fabs(sc[iz] - ez) <= 1e-9 * ez, "node %d z: scale %.12g, forces %.12g", i, sc[iz], ez);
        ck_assert(sc[iy] == 0.0);
        /* converged means: the terms cancel to the tolerance of their size */
        ck_assert_msg(fabs(r[iz]) <= 1e-10 * sc[iz], "node %d: |r| %.3g against %.3g", i, fabs(r[iz]), sc[iz]);
    }
    for (k = nq; k < nq + nlam; k++) ck_assert(fabs(sc[k] - 1.2) <= 1e-12);
    free(q);
    free(lam);
    free(r);
    free(sc);
    alecable_model_destroy(m);
}
END_TEST

/* The report gives the scaled residual of the returned state and the scale
 * it was judged against */
START_TEST(report_has_scaled_residual)
{
    alecable_cable *c;
    alecable_model *m = hanging(10, 1.2, 1.0, 1e4, &c);
    alecable_solve_report rep;
    alecable_quasistatic_options o;
    alecable_quasistatic_options_init(&o);
    alecable_solve_report_init(&rep);
    ck_assert_int_eq(alecable_solve_quasistatic(m, &o, &rep), 0);
    ck_assert_int_eq(rep.scale_source, ALECABLE_SCALE_PROBLEM);
    ck_assert(rep.scaled_residual <= o.tol_residual);
    /* the largest scale: a pin's row, about the tension (12 N of chain) */
    ck_assert(rep.residual_scale > 5.0 && rep.residual_scale < 100.0);
    ck_assert_int_eq(rep.stability, ALECABLE_EQUILIBRIUM_STABLE);
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_ok_statics(void)
{
    Suite *s = suite_create("ok statics");
    TCase *tc = tcase_create("scale");
    tcase_add_test(tc, scale_of_hanging_chain);
    tcase_add_test(tc, report_has_scaled_residual);
    suite_add_tcase(s, tc);
    return s;
}
