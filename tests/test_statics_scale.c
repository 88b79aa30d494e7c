/* Statics from a straight start on a large mesh (issue 25 item 4,
 * options.large_mesh): a 1 m cable pinned at both ends, laid out straight
 * and unstressed, under its weight.  Checked against the elastic catenary
 * of the elements' own law (Green-Lagrange strain eps = (F^2 - 1) / 2,
 * energy 1/2 EA eps^2 per unstretched length, so the tension is
 * T = EA F (F^2 - 1) / 2: Irvine's linear law T = EA (F - 1) puts the sag
 * 1.7e-3 off at this strain), and against the solve with large_mesh = OFF
 * (0.3's options at every size), which converges here too. */
#include "suites.h"
#include "alecable.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EA 1e4
#define W 10.0 /* weight per unstretched length [N/m] */

static alecable_model *catenary(int kind, int n, double EI, alecable_cable **cab)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *nd;
    double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, g[3] = {0, 0, -9.81};
    int d, e;
    ck_assert_int_eq(alecable_model_create(&m, NULL), ALECABLE_OK);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), ALECABLE_OK);
    alecable_section_init(&sec);
    sec.E = EA;
    sec.A = 1.0;
    sec.rho = W / 9.81;
    sec.I = EI / EA;
    ck_assert_int_eq(alecable_cable_create(&c, m, kind, &sec), ALECABLE_OK);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0, 1, n), ALECABLE_OK);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), ALECABLE_OK);
    for (e = 0; e <= n; e += n) {
        ck_assert_int_eq(alecable_cable_node(&nd, c, e), ALECABLE_OK);
        for (d = 0; d < 3; d++) ck_assert_int_eq(alecable_fix(NULL, m, nd, d), ALECABLE_OK);
    }
    *cab = c;
    return m;
}

/* the stretch F at tension T: EA F (F^2 - 1) / 2 = T (Newton from 1 + T / EA) */
static double stretch(double T)
{
    double F = 1.0 + T / EA;
    int i;
    for (i = 0; i < 30; i++) {
        double f = 0.5 * EA * F * (F * F - 1.0) - T, df = 0.5 * EA * (3.0 * F * F - 1.0), dF = f / df;
        F -= dF;
        if (fabs(dF) < 1e-16) break;
    }
    return F;
}

/* the tangent's integrand of dx/ds (comp 0) or dz/ds (comp 1) at s: the
 * tension (H, V(s)), V(s) = W (s - 1/2) (z up, the weight down) */
static double integrand(double H, double s, int comp)
{
    double V = W * (s - 0.5), T = sqrt(H * H + V * V);
    return stretch(T) * (comp ? V : H) / T;
}

/* int_a^b of the integrand: 5-point Gauss-Legendre */
static double gauss5(double H, double a, double b, int comp)
{
    static const double x[5] = {0.0, 0.5384693101056831, -0.5384693101056831, 0.9061798459386640,
                                -0.9061798459386640};
    static const double w[5] = {0.5688888888888889, 0.4786286704993665, 0.4786286704993665, 0.2369268850561891,
                                0.2369268850561891};
    double c = 0.5 * (a + b), h = 0.5 * (b - a), sum = 0.0;
    int i;
    for (i = 0; i < 5; i++) sum += w[i] * integrand(H, c + h * x[i], comp);
    return h * sum;
}

/* H such that the span is 1 m (bisection on the x-integral over 2000 panels),
 * then the elastic catenary at s_i = i / n into xz (2 (n + 1) values) */
static void elastic_catenary(int n, double *xz)
{
    double lo = 1.0, hi = 1e4, H = 0.0, x = 0.0, z = 0.0;
    int it, i, k;
    for (it = 0; it < 100; it++) {
        double span = 0.0;
        H = 0.5 * (lo + hi);
        for (k = 0; k < 2000; k++) span += gauss5(H, k / 2000.0, (k + 1) / 2000.0, 0);
        if (span > 1.0) hi = H;
        else lo = H;
    }
    xz[0] = xz[1] = 0.0;
    for (i = 0; i < n; i++) {
        x += gauss5(H, (double)i / n, (double)(i + 1) / n, 0);
        z += gauss5(H, (double)i / n, (double)(i + 1) / n, 1);
        xz[2 * i + 2] = x;
        xz[2 * i + 3] = z;
    }
}

/* largest distance of a node from xz (the closed form) and, with other, from
 * another model's nodes */
static double node_error(alecable_cable *c, int n, const double *xz, alecable_cable *other)
{
    double e = 0.0;
    int i;
    for (i = 0; i <= n; i++) {
        alecable_node *nd;
        double p[3], d;
        ck_assert_int_eq(alecable_cable_node(&nd, c, i), ALECABLE_OK);
        ck_assert_int_eq(alecable_node_position(nd, p), ALECABLE_OK);
        if (other) {
            double o[3];
            ck_assert_int_eq(alecable_cable_node(&nd, other, i), ALECABLE_OK);
            ck_assert_int_eq(alecable_node_position(nd, o), ALECABLE_OK);
            d = sqrt((p[0] - o[0]) * (p[0] - o[0]) + (p[1] - o[1]) * (p[1] - o[1]) + (p[2] - o[2]) * (p[2] - o[2]));
        } else {
            d = sqrt((p[0] - xz[2 * i]) * (p[0] - xz[2 * i]) + p[1] * p[1] +
                     (p[2] - xz[2 * i + 1]) * (p[2] - xz[2 * i + 1]));
        }
        if (d > e) e = d;
    }
    return e;
}

static int solve(alecable_model *m, int large_mesh, alecable_solve_report *rep)
{
    alecable_quasistatic_options o;
    alecable_quasistatic_options_init(&o);
    o.large_mesh = large_mesh;
    alecable_solve_report_init(rep);
    return alecable_solve_quasistatic(m, &o, rep);
}

/* 8000 axial elements (2667 nodes read from the pattern: above the 300 at
 * which AUTO acts): the default and OFF reach the same equilibrium, within
 * the stop test's reach (tol_residual 1e-10 of the ~70 N tension, a
 * compliance of up to L / (H pi^2) per N: 1e-12 m; 1e-10 m asserted), in
 * fewer iterations with AUTO (17 against 22 measured) */
START_TEST(large_mesh_same_equilibrium)
{
    alecable_cable *ca, *co;
    alecable_model *a = catenary(ALECABLE_ELEMENT_AXIAL, 8000, 0.0, &ca), *o = catenary(ALECABLE_ELEMENT_AXIAL, 8000, 0.0, &co);
    alecable_solve_report ra, ro;
    double d;
    ck_assert_int_eq(solve(a, ALECABLE_LARGE_MESH_AUTO, &ra), ALECABLE_OK);
    ck_assert_int_eq(solve(o, ALECABLE_LARGE_MESH_OFF, &ro), ALECABLE_OK);
    d = node_error(ca, 8000, NULL, co);
    printf("statics_scale: 8000 axial elements, AUTO %d iterations, OFF %d, nodes %.3g m apart\n",
           ra.iterations_stage1, ro.iterations_stage1, d);
    ck_assert_msg(d <= 1e-10, "AUTO and OFF %.3g m apart", d);
    ck_assert_int_lt(ra.iterations_stage1, ro.iterations_stage1);
    /* the factorizations freed after the solve are made again */
    ck_assert_int_eq(solve(a, ALECABLE_LARGE_MESH_AUTO, &ra), ALECABLE_OK);
    ck_assert_int_le(ra.iterations_stage1, 1);
    ck_assert_msg(node_error(ca, 8000, NULL, co) <= 1e-10, "the second solve moved the cable");
    alecable_model_destroy(a);
    alecable_model_destroy(o);
}
END_TEST

/* 20000 axial elements against the elastic catenary: a chain of straight
 * bars loaded at its nodes has its nodes on the catenary to O((l / L)^2)
 * of the sag (3.6 cm: 1e-10 m at l = 50 um); the stop test's 1e-12 m and
 * the closed form's quadrature (1e-15) below that; asserted 2e-10 m (3e-11 measured) */
START_TEST(axial_catenary_20000)
{
    int n = 20000;
    alecable_cable *c;
    alecable_model *m = catenary(ALECABLE_ELEMENT_AXIAL, n, 0.0, &c);
    alecable_solve_report r;
    double *xz = (double *)malloc(2 * (size_t)(n + 1) * sizeof(double)), e;
    ck_assert_ptr_nonnull(xz);
    elastic_catenary(n, xz);
    ck_assert_int_eq(solve(m, ALECABLE_LARGE_MESH_AUTO, &r), ALECABLE_OK);
    e = node_error(c, n, xz, NULL);
    printf("statics_scale: %d axial elements, %d iterations, nodes %.3g m from the elastic catenary (sag %.6f m)\n", n,
           r.iterations_stage1, e, -xz[n + 1]);
    ck_assert_msg(e <= 2e-10, "%.3g m from the elastic catenary", e);
    free(xz);
    alecable_model_destroy(m);
}
END_TEST

/* 10000 ANCF elements with EI = 1e-9 N m^2 (a thread: the bending layer at
 * the pins, sqrt(EI / H) = 4 um, lies inside the first element, and moves
 * the nodes by about EI / H = 1.4e-11 m; a stiffer cable on so fine a mesh,
 * EI / l^3 against the weight of a node, is beyond double precision): the
 * cubic element's error O((l / L)^4) is far below that; 2e-10 m asserted
 * (8e-12 measured) */
START_TEST(ancf_catenary_10000)
{
    int n = 10000;
    alecable_cable *c;
    alecable_model *m = catenary(ALECABLE_ELEMENT_ANCF, n, 1e-9, &c);
    alecable_solve_report r;
    double *xz = (double *)malloc(2 * (size_t)(n + 1) * sizeof(double)), e;
    ck_assert_ptr_nonnull(xz);
    elastic_catenary(n, xz);
    ck_assert_int_eq(solve(m, ALECABLE_LARGE_MESH_AUTO, &r), ALECABLE_OK);
    e = node_error(c, n, xz, NULL);
    printf("statics_scale: %d ANCF elements, %d iterations, nodes %.3g m from the elastic catenary\n", n,
           r.iterations_stage1, e);
    ck_assert_msg(e <= 2e-10, "%.3g m from the elastic catenary", e);
    free(xz);
    alecable_model_destroy(m);
}
END_TEST

/* 0.3 before this branch returned OK with the cable still straight: a 1 m
 * ANCF catenary, EI = 0.01 N m^2, of 20000 elements, laid out straight, its
 * weight 5e-4 N a node below the roundoff bound 8 eps max|J| (1 + |q|) =
 * 7e-3 N of the "stress-free state" (the bending stiffness EI / l^3 =
 * 8e10 N/m), hovering because the pseudo-transient shift held it.  With
 * the options as given (OFF; the band solver and 5 iterations per
 * attempt, so that it takes 0.8 s), whatever the solve returns, OK means
 * the catenary (the sag to 1e-4 m: bending moves it by 1.2e-4 relative) */
START_TEST(straight_start_is_not_roundoff)
{
    int n = 20000, st;
    alecable_cable *c;
    alecable_node *mid;
    alecable_model *m = catenary(ALECABLE_ELEMENT_ANCF, n, 0.01, &c);
    alecable_quasistatic_options o;
    alecable_solve_report r;
    double x[3];
    alecable_quasistatic_options_init(&o);
    o.large_mesh = ALECABLE_LARGE_MESH_OFF;
    o.linear_solver = ALECABLE_LINSOLVE_BAND;
    o.max_iterations = 5;
    alecable_solve_report_init(&r);
    st = alecable_solve_quasistatic(m, &o, &r);
    ck_assert_int_eq(alecable_cable_node(&mid, c, n / 2), ALECABLE_OK);
    ck_assert_int_eq(alecable_node_position(mid, x), ALECABLE_OK);
    printf("statics_scale: straight ANCF start, EI 0.01, %d elements, 5 iterations per attempt: %s, sag %.6f m\n", n,
           alecable_strerror(st), -x[2]);
    if (st == ALECABLE_OK) ck_assert_msg(fabs(-x[2] - 0.0360406) <= 1e-4, "OK with the sag %.6f m", -x[2]);
    alecable_model_destroy(m);
}
END_TEST

START_TEST(bad_large_mesh_refused)
{
    alecable_cable *c;
    alecable_model *m = catenary(ALECABLE_ELEMENT_AXIAL, 4, 0.0, &c);
    alecable_solve_report r;
    ck_assert_int_eq(solve(m, 7, &r), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "large_mesh"));
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_statics_scale(void)
{
    Suite *s = suite_create("statics scale");
    TCase *tc = tcase_create("catenary");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, large_mesh_same_equilibrium);
    tcase_add_test(tc, axial_catenary_20000);
    tcase_add_test(tc, ancf_catenary_10000);
    tcase_add_test(tc, straight_start_is_not_roundoff);
    tcase_add_test(tc, bad_large_mesh_refused);
    suite_add_tcase(s, tc);
    return s;
}
