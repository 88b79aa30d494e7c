/* Greenhill's shaft on SE(3) elements (lib/elements/se3.c).
 *
 * A shaft on ball joints (node 0 held in space, node N held across the
 * axis) under a dead end torque M e1 (and -M e1 at node 0: no lateral
 * reaction, Greenhill's setting) and an end compression P along e1, its
 * turn about e1 held at the middle node (psi_x fixed; statics with rho > 0
 * on a Lagrangian cable: see beam.c's check, the rotation being held by
 * the ends and that fix).  Its straight state buckles where, with
 * u = v + i w the lateral deflection, EI u'' - i M u' + P u = 0 has a
 * solution vanishing at both ends:
 *     M^2 / (4 EI^2) + P / EI = (pi / L)^2.
 * On the rays (M, P) = lam (M0, P0) with P0 = 0, P_E / 2, 0.9 P_E and M0 on the curve
 * (lam_cr = 1), a lateral force eps at the middle node gives a deflection
 * whose critical part grows as c / (lam_cr - lam): fitted with a constant
 * through three loads close below it (0.96, 0.98, 0.99), lam_cr comes out
 * to the element's O(h^2) (the fit's own error, the other modes' share,
 * is below that): errors 6.0e-3, 2.2e-3, 8.6e-3 on 8 elements (P = 0,
 * P_E / 2, 0.9 P_E), checked below 1.2e-2, and below 3e-3 on 16, falling
 * by 3 .. 5.  EA and GA are 5e4 times P_E, so the shortening and shear
 * corrections are some 2e-5. */
#include "suites.h"

#include <alecable.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* the measured figures, on stderr when ALECABLE_TEST_FIGURES is set */
static void figure(const char *fmt, ...)
{
    va_list ap;
    if (!getenv("ALECABLE_TEST_FIGURES")) return;
    va_start(ap, fmt);
    fprintf(stderr, "se3 Greenhill: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static alecable_node *node(alecable_cable *c, int i)
{
    alecable_node *n;
    ck_assert_int_eq(alecable_cable_node(&n, c, i), 0);
    return n;
}

static double greenhill_deflection(int n, double frac, double lam)
{
    const double EI = 2.0, EA = 1e6, PE = M_PI * M_PI * EI, P0 = frac * PE;
    const double M0 = 2.0 * EI * sqrt(M_PI * M_PI - P0 / EI), eps = 1e-5 * PE;
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_beam_params bp;
    alecable_quasistatic_options o;
    double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, f[3] = {-lam * P0, 0, 0}, mN[3] = {lam * M0, 0, 0};
    double m0[3] = {-lam * M0, 0, 0}, fe[3] = {0, eps, 0}, x[3];
    int d, st;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.A = 1e-2;
    sec.E = EA / sec.A;
    sec.I = EI / sec.E;
    sec.rho = 1.0;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_SE3, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, 1.0, n), 0);
    alecable_beam_params_init(&bp);
    bp.GJ = 1.5;
    ck_assert_int_eq(alecable_cable_set_beam(c, &bp), 0);
    ck_assert_int_eq(alecable_cable_set_shear(c, EA, EA), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_Z; d++) ck_assert_int_eq(alecable_fix(NULL, m, node(c, 0), d), 0);
    ck_assert_int_eq(alecable_fix(NULL, m, node(c, n), ALECABLE_DOF_Y), 0);
    ck_assert_int_eq(alecable_fix(NULL, m, node(c, n), ALECABLE_DOF_Z), 0);
    ck_assert_int_eq(alecable_fix(NULL, m, node(c, n / 2), ALECABLE_DOF_RX), 0);
    ck_assert_int_eq(alecable_load_node(NULL, m, node(c, n), f), 0);
    ck_assert_int_eq(alecable_load_node_moment(NULL, m, node(c, n), mN, 0), 0);
    ck_assert_int_eq(alecable_load_node_moment(NULL, m, node(c, 0), m0, 0), 0);
    ck_assert_int_eq(alecable_load_node(NULL, m, node(c, n / 2), fe), 0);
    alecable_quasistatic_options_init(&o);
    o.load_steps = 10;
    st = alecable_solve_quasistatic(m, &o, NULL);
    ck_assert_msg(st == 0, "solve (n %d, lam %g): %s", n, lam, alecable_model_errmsg(m));
    ck_assert_int_eq(alecable_node_position(node(c, n / 2), x), 0);
    alecable_model_destroy(m);
    return sqrt(x[1] * x[1] + x[2] * x[2]);
}

/* lam_cr of A = c / (lam_cr - lam) + d through three points: with
 * r_k = 1 / (A_k - d) linear in lam, d solves the collinearity */
static double greenhill_lambda(int n, double frac)
{
    const double l[3] = {0.96, 0.98, 0.99};
    double A[3], d = 0.0, lo, hi, cr;
    int k, it;
    for (k = 0; k < 3; k++) A[k] = greenhill_deflection(n, frac, l[k]);
    /* d by bisection on [-10 A0, A0): the points (l_k, 1 / (A_k - d)) collinear */
    lo = -10.0 * A[0];
    hi = A[0] * (1.0 - 1e-9);
    for (it = 0; it < 200; it++) {
        double r0, r1, r2, g;
        d = 0.5 * (lo + hi);
        r0 = 1.0 / (A[0] - d);
        r1 = 1.0 / (A[1] - d);
        r2 = 1.0 / (A[2] - d);
        g = (r1 - r0) / (l[1] - l[0]) - (r2 - r1) / (l[2] - l[1]);
        if (g > 0.0) lo = d; else hi = d;
    }
    {   /* r vanishes at lam_cr */
        double r1 = 1.0 / (A[1] - d), r2 = 1.0 / (A[2] - d);
        cr = l[2] + r2 * (l[2] - l[1]) / (r1 - r2);
    }
    return cr;
}

START_TEST(greenhill)
{
    const double frac[3] = {0.0, 0.5, 0.9};
    int k;
    for (k = 0; k < 3; k++) {
        double c8 = greenhill_lambda(8, frac[k]), c16 = greenhill_lambda(16, frac[k]);
        double e8 = c8 - 1.0, e16 = c16 - 1.0;
        figure("(P = %.1f P_E, M on the curve): lam_cr = %.7f (8 elements), %.7f (16), closed form 1: "
               "errors %.3e, %.3e, ratio %.2f", frac[k], c8, c16, e8, e16, e8 / e16);
        ck_assert_msg(fabs(e8) < 1.2e-2 && fabs(e16) < 3e-3, "P = %g P_E: lam_cr %.7f (8), %.7f (16), closed form 1",
                      frac[k], c8, c16);
        ck_assert_msg(e8 / e16 > 3.0 && e8 / e16 < 5.0, "P = %g P_E: errors %.3e (8), %.3e (16): not O(h^2)", frac[k],
                      e8, e16);
    }
}
END_TEST

Suite *suite_se3_greenhill(void)
{
    Suite *s = suite_create("se3_greenhill");
    TCase *tc = tcase_create("se3_greenhill");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, greenhill);
    suite_add_tcase(s, tc);
    return s;
}
