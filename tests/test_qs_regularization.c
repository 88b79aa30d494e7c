/* The two-stage regularization (paper 000 sec. 3.4, lib/integrators/quasistatic.c)
 * must not change the equilibrium where nothing is redundant: a status of
 * ALECABLE_OK promises the unregularized residual at tolerance.
 *
 * The rig (copied from test_sheave_c1.c, where its figures are checked
 * against the elastica): an ANCF cable (EA 1e7 N, EI 0.25 N m^2) over a
 * fixed frictionless sheave of radius 0.5 m with the C1 edge
 * ALECABLE_SHEAVE_C1_EDGE_FREE, 65 wrap nodes (the wrap's s free, every wrap
 * node placed by a mesh row), the free spans' nodes' s held, F = 100 N at
 * the far end.  Nothing is redundant, but the wrap's mesh direction is held
 * only weakly (the smallest singular values of the scaled KKT matrix 1e-9 of
 * its largest), and stage 2's rank-revealing QR flags some of its material
 * lines as dependent: 9 with SPQR, 15 with the GPL-free build's LAPACK QR
 * (KLU factoring, as here).  Before the fix stage 2 returned OK at the state
 * the regularization 2 alpha (s - s*) held, its unregularized residual
 * 2.6e-5 N (6.1e-5 N GPL-free) accepted as roundoff: the end tensions
 * 1.0e-6 of F (7.1e-6 GPL-free) and the edge mesh multipliers 7.7e-7 of F
 * (5.5e-6) off the equilibrium.  The independent reference: the same rig
 * solved without the regularization (ALECABLE_REG_NONE), whose equilibrium
 * is unique (starts moved round the circle reach it to 2e-10 of F). */
#include "suites.h"

#include <alecable.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAXW = 130, MAXF = 30 };

static const double RR = 0.5, EA = 1e7, EI = 0.25, FF = 100.0, BETA = 0.3;

typedef struct qrig {
    alecable_model *m;
    alecable_cable *c;
    alecable_joint *j;
    alecable_node *A, *fa[MAXF], *w[MAXW], *fb[MAXF], *B;
    int nw, nf;
} qrig;

/* the angle on the circle of radius rr where the tangent from P touches, on
 * side sgn (-1: A's, +1: B's) */
static double touch_angle(const double P[2], double rr, double sgn)
{
    return atan2(P[1], P[0]) + sgn * acos(rr / hypot(P[0], P[1]));
}

/* nf distances from 0 to D, the first h0, growing geometrically */
static void graded(double h0, double D, int nf, double *d)
{
    double lo = 1.0, hi = 3.0, g = 1.0, sum;
    int i, it;
    for (it = 0; it < 200; it++) {
        g = 0.5 * (lo + hi);
        sum = h0 * (pow(g, nf) - 1.0) / (g - 1.0);
        if (sum > D) hi = g;
        else lo = g;
    }
    sum = 0.0;
    for (i = 0; i < nf; i++) {
        sum += h0 * pow(g, i);
        d[i] = sum;
    }
    d[nf - 1] = D;
}

/* the start's free span: the point d along the path from the edge at
 * angle pe (on the circle of radius rr round to the tangent point at pt,
 * then along the tangent; sgn -1 A's side, +1 B's), and its direction
 * (along the cable, from A to B) */
static void span_point(double rr, double pe, double pt, double sgn, double d, double x[2], double t[2])
{
    const double arc = rr * fabs(pt - pe);
    if (d < arc) {
        const double ph = pe - sgn * d / rr;
        x[0] = rr * cos(ph), x[1] = rr * sin(ph);
        t[0] = sin(ph), t[1] = -cos(ph);
    } else {
        t[0] = sin(pt), t[1] = -cos(pt);
        x[0] = rr * cos(pt) + sgn * (d - arc) * t[0];
        x[1] = rr * sin(pt) + sgn * (d - arc) * t[1];
    }
}

static void add_node(qrig *r, alecable_node **out, const double x[2], const double t[2], double *s, double *prev,
                     double stretch)
{
    const double x3[3] = {x[0], x[1], 0.0};
    *s += hypot(x[0] - prev[0], x[1] - prev[1]) / stretch;
    prev[0] = x[0], prev[1] = x[1];
    ck_assert_int_eq(alecable_cable_add_node(out, r->c, x3, *s), 0);
    {
        const double d[3] = {t[0], t[1], 0.0};
        ck_assert_int_eq(alecable_node_set_slope(*out, d), 0);
    }
}

/* test_sheave_c1.c's ANCF EDGE_FREE rig at level lev (nw = 1 + 8 2^lev wrap
 * nodes, 12 + 3 lev elements per free span from l / 2^lev at the edges),
 * its nodes where the reference puts them (the solve moves them) */
static void rig_build(qrig *r, int lev)
{
    alecable_section sec;
    alecable_body_params bp;
    alecable_pulley_params pp;
    alecable_body *sh;
    const double A[2] = {-3.0, RR}, L = 2.0, l = sqrt(EI / FF), delta = 2.0 * asin(l / (2.0 * RR)),
                 reff = RR + l * l / (2.0 * RR), f[3] = {FF * sin(BETA), -FF * cos(BETA), 0.0};
    const int nw = 1 + 8 * (1 << lev), nf = 12 + 3 * lev;
    const double h0 = l / (1 << lev);
    double B[2], pA, pB, ang[MAXW], dA[MAXF], dB[MAXF], a[2], DA, DB, prev[2], s = 0.0, x[2], t[2];
    int i, k;
    memset(r, 0, sizeof *r);
    ck_assert(nw <= MAXW && nf <= MAXF);
    r->nw = nw, r->nf = nf;
    B[0] = RR * cos(BETA) + L * sin(BETA), B[1] = RR * sin(BETA) - L * cos(BETA);
    a[0] = touch_angle(A, reff, -1.0);
    a[1] = touch_angle(B, reff, +1.0);
    pA = a[0] - delta;
    pB = a[1] + delta;
    DA = reff * fabs(a[0] - pA) + sqrt(A[0] * A[0] + A[1] * A[1] - reff * reff);
    DB = reff * fabs(a[1] - pB) + sqrt(B[0] * B[0] + B[1] * B[1] - reff * reff);
    graded(h0, DA, nf, dA);
    graded(h0, DB, nf, dB);
    ck_assert_int_eq(alecable_model_create(&r->m, NULL), 0);
    alecable_section_init(&sec);
    sec.A = 1e-4;
    sec.E = EA / sec.A;
    sec.I = EI / sec.E;
    ck_assert_int_eq(alecable_cable_create(&r->c, r->m, ALECABLE_ELEMENT_ANCF, &sec), 0);
    prev[0] = A[0], prev[1] = A[1];
    t[0] = sin(a[0]), t[1] = -cos(a[0]);
    add_node(r, &r->A, A, t, &s, prev, 1.0);
    for (i = nf - 2; i >= 0; i--) { /* A's span: the distances from its edge, down */
        span_point(reff, pA, a[0], -1.0, dA[i], x, t);
        add_node(r, &r->fa[nf - 2 - i], x, t, &s, prev, 1.0);
    }
    for (i = 0; i < nw; i++) {
        ang[i] = pA + (pB - pA) * i / (nw - 1);
        x[0] = RR * cos(ang[i]), x[1] = RR * sin(ang[i]);
        t[0] = sin(ang[i]), t[1] = -cos(ang[i]);
        add_node(r, &r->w[i], x, t, &s, prev, 1.0);
    }
    for (i = 0; i < nf; i++) {
        span_point(reff, pB, a[1], +1.0, dB[i], x, t);
        if (i == nf - 1) x[0] = B[0], x[1] = B[1];
        add_node(r, i < nf - 1 ? &r->fb[i] : &r->B, x, t, &s, prev, 1.0);
    }
    alecable_body_params_init(&bp);
    bp.mass = 1.0;
    bp.inertia[0] = bp.inertia[4] = bp.inertia[8] = 0.1;
    ck_assert_int_eq(alecable_body_create(&sh, r->m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(r->m, sh), 0);
    alecable_pulley_params_init(&pp);
    pp.radius = RR;
    ck_assert_msg(alecable_sheave(&r->j, r->m, sh, &pp, nw, r->w, ang) == 0, "%s", alecable_model_errmsg(r->m));
    ck_assert_int_eq(alecable_sheave_set_c1_edge(r->j, ALECABLE_SHEAVE_C1_EDGE_FREE), 0);
    for (k = 0; k < 4; k++) ck_assert_int_eq(alecable_fix(NULL, r->m, r->A, k), 0);
    ck_assert_int_eq(alecable_fix(NULL, r->m, r->B, ALECABLE_DOF_Z), 0);
    for (i = 0; i < nf - 1; i++) {
        ck_assert_int_eq(alecable_fix(NULL, r->m, r->fa[i], ALECABLE_DOF_S), 0);
        ck_assert_int_eq(alecable_fix(NULL, r->m, r->fb[i], ALECABLE_DOF_S), 0);
    }
    ck_assert_int_eq(alecable_fix(NULL, r->m, r->B, ALECABLE_DOF_S), 0);
    ck_assert_int_eq(alecable_load_node(NULL, r->m, r->B, f), 0);
}

/* solved at full load from the start (near the equilibrium) as in
 * test_sheave_c1.c's c1_try: the shifted Newton with the line search, KLU
 * (which both builds have), with regularization reg */
static int rig_solve(qrig *r, int reg, alecable_solve_report *rep)
{
    alecable_quasistatic_options o;
    alecable_quasistatic_options_init(&o);
    o.t0 = 1.0;
    o.globalization = ALECABLE_GLOBAL_PTC;
    o.linear_solver = ALECABLE_LINSOLVE_KLU;
    o.regularization = reg;
    alecable_solve_report_init(rep);
    return alecable_solve_quasistatic(r->m, &o, rep);
}

/* what the regularization moved: the two end elements' axial forces, the
 * two edge nodes' mesh multipliers (tangential forces), and the max-norm of
 * the model's own residual (no regularization in it) at its state */
typedef struct qfig {
    double t[2], mu[2], res;
} qfig;

static void rig_measure(const qrig *r, qfig *f)
{
    alecable_problem p;
    alecable_element *el;
    double *q, *lam, *rv, t;
    int i, n;
    for (i = 0; i < 2; i++) {
        ck_assert_int_eq(alecable_cable_element(&el, r->c, i == 0 ? 0 : 2 * r->nf + r->nw - 2), 0);
        ck_assert_int_eq(alecable_element_axial_force(el, &f->t[i]), 0);
        ck_assert_int_eq(alecable_sheave_node(r->j, i == 0 ? 0 : r->nw - 1, NULL, NULL, &f->mu[i]), 0);
    }
    alecable_problem_init(&p);
    ck_assert_int_eq(alecable_model_problem(&p, r->m), 0);
    n = p.nq + p.nlam;
    q = malloc((size_t)n * sizeof *q);
    rv = malloc((size_t)n * sizeof *rv);
    ck_assert(q && rv);
    lam = q + p.nq;
    ck_assert_int_eq(alecable_model_get_state(r->m, q, lam, &t), 0);
    ck_assert_int_eq(p.residual(p.ctx, t, q, NULL, NULL, lam, rv), 0);
    f->res = 0.0;
    for (i = 0; i < n; i++)
        if (fabs(rv[i]) > f->res) f->res = fabs(rv[i]);
    free(q);
    free(rv);
}

/* The level-3 rig with the default regularization (two-stage) against the
 * same rig without it.  Measured after the fix, both builds: stage 2 finds
 * its regularized state (9 iterations), releases the regularization there
 * (its force 1.3e-7 / 3.0e-7 of the scale) and the unregularized Newton
 * ends 2 iterations later at |r| 1.0e-6 / 8.4e-7 N (without the
 * regularization 7.2e-7 N); end tensions 1.3e-10 of F and mesh multipliers
 * 2e-16 of F off the unregularized solve's.  Tolerances: 5e-6 N (7 times
 * the unregularized solve's residual, 1/5 of the smallest error before);
 * 1e-8 of F (75 times what is left, 1/70 of the smallest error before). */
START_TEST(weakly_held_mesh_lines_keep_the_equilibrium)
{
    qrig r;
    alecable_solve_report rep;
    qfig f0, f2;
    double dt, dmu;
    int st, ndep, i;
    rig_build(&r, 3);
    st = rig_solve(&r, ALECABLE_REG_NONE, &rep);
    ck_assert_msg(st == ALECABLE_OK, "%s", alecable_model_errmsg(r.m));
    rig_measure(&r, &f0);
    alecable_model_destroy(r.m);
    rig_build(&r, 3);
    st = rig_solve(&r, ALECABLE_REG_TWO_STAGE, &rep);
    ck_assert_msg(st == ALECABLE_OK, "%s", alecable_model_errmsg(r.m));
    ndep = rep.dependent_max;
    rig_measure(&r, &f2);
    alecable_model_destroy(r.m);
    dt = dmu = 0.0;
    for (i = 0; i < 2; i++) {
        dt = fmax(dt, fabs(f2.t[i] - f0.t[i]) / FF);
        dmu = fmax(dmu, fabs(f2.mu[i] - f0.mu[i]) / FF);
    }
    if (getenv("ALECABLE_TEST_FIGURES")) {
        printf("qs_regularization: without regularization |r| %.3e N, end tensions %.12g %.12g N, edge mesh "
               "multipliers %.4e %.4e N; two-stage (%d lines) |r| %.3e N, tensions off by %.3e of F, mesh "
               "multipliers by %.3e of F\n",
               f0.res, f0.t[0], f0.t[1], f0.mu[0], f0.mu[1], ndep, f2.res, dt, dmu);
        fflush(stdout);
    }
    ck_assert_msg(f2.res < 5e-6, "two-stage state's unregularized residual %.3g N (without: %.3g N)", f2.res, f0.res);
    ck_assert_msg(dt < 1e-8, "end tensions two-stage vs without: %.3g of F apart", dt);
    ck_assert_msg(dmu < 1e-8, "edge mesh multipliers two-stage vs without: %.3g of F apart", dmu);
}
END_TEST

Suite *suite_qs_regularization(void)
{
    Suite *s = suite_create("qs_regularization");
    TCase *tc = tcase_create("weakly_held");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, weakly_held_mesh_lines_keep_the_equilibrium);
    suite_add_tcase(s, tc);
    return s;
}
