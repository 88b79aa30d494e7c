/* Regression against paper 000, sections 4.3.1 and 4.3.2: a cable over half
 * a turn of a fixed pulley (the models of examples/pulley_frictionless.c and
 * examples/capstan.c, built here through the public API).
 *
 * Geometry (SI units): pulley radius R = 50 mm centred at the origin, fixed,
 * rotation blocked; the wrap holds the n + 1 nodes B..K on the circle at the
 * angles pi/2 - pi i/n (the +x side), their material coordinates free and
 * initially spaced by arc length; the top span A-B (34.04 mm, one element)
 * and the bottom span K-[M]-N leave in -x; L = 306.9 mm.
 *
 * About the capstan ratio: the nodal friction law on the polygon of chords
 * gives, at each interior wrap node, T_right/T_left = (1 + a)/(1 - a) with
 * a = mu sin(pi/n)/2 (normal force (T_l + T_r) sin(h/2), friction projected
 * on the chord by cos(h/2)), hence F1/F2 = ((1 + a)/(1 - a))^(n - 1).  That
 * is what the model must reproduce (here to 1e-8).  It differs from the
 * paper's exp(mu (pi - pi/n)) by O((pi/n)^2): -3.508e-3 relative for n = 20
 * (-9.0e-4 for n = 40, -2.3e-4 for 80, -5.7e-5 for 160), so the comparison
 * with exp(mu (pi - pi/n)) to 1e-4 for n = 20 is not asserted here (see the
 * report of the work that added this file). */
#include "suites.h"

#include <alecable.h>

#include <math.h>
#include <stdlib.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static const double PR = 50e-3, PTOP = 34.04e-3, PL = 306.9e-3, PSM = 256.9e-3;

typedef struct pulley {
    alecable_model *m;
    alecable_cable *c;
    alecable_joint *wrap;
    alecable_node *nd[200]; /* A, B..K (n + 1), M, N */
    int n, iM, iN;
} pulley;

/* friction: 0 = sec. 4.3.1 (E = 3 GPa, A = 7.069 mm^2, A moved +10 mm and N
 * -20 mm in x, M free in x); 1 = sec. 4.3.2 (E = 210 GPa, A = 7.854 mm^2,
 * mu = 0.3, A clamped, 1000 N on N in -x, M free in x). */
static void pulley_build(pulley *p, int n, int friction)
{
    alecable_section sec;
    alecable_body *b;
    alecable_body_params bp;
    alecable_pulley_params pp;
    double ang[200], xa[3] = {-PTOP, PR, 0}, x[3] = {0, 0, 0}, sK = PTOP + M_PI * PR;
    int i;
    ck_assert_int_le(n + 4, 200);
    p->n = n;
    p->iM = n + 2;
    p->iN = n + 3;
    ck_assert_int_eq(alecable_model_create(&p->m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = friction ? 210e9 : 3e9;
    sec.A = friction ? 7.854e-6 : 7.069e-6;
    ck_assert_int_eq(alecable_cable_create(&p->c, p->m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_add_node(&p->nd[0], p->c, xa, 0.0), 0);
    for (i = 0; i <= n; i++) {
        ang[i] = 0.5 * M_PI - M_PI * i / n;
        x[0] = PR * cos(ang[i]);
        x[1] = PR * sin(ang[i]);
        ck_assert_int_eq(alecable_cable_add_node(&p->nd[1 + i], p->c, x, PTOP + PR * M_PI * i / n), 0);
    }
    x[0] = -(PSM - sK);
    x[1] = -PR;
    ck_assert_int_eq(alecable_cable_add_node(&p->nd[p->iM], p->c, x, PSM), 0);
    x[0] = -(PL - sK);
    ck_assert_int_eq(alecable_cable_add_node(&p->nd[p->iN], p->c, x, PL), 0);

    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&b, p->m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(p->m, b), 0);
    alecable_pulley_params_init(&pp);
    pp.radius = PR;
    /* the wrap holds x, y and z of B..K: no extra z fix there */
    ck_assert_int_eq(alecable_pulley_wrap(&p->wrap, p->m, b, &pp, n + 1, p->nd + 1, ang), 0);

    for (i = ALECABLE_DOF_Y; i <= ALECABLE_DOF_S; i++) {
        ck_assert_int_eq(alecable_fix(NULL, p->m, p->nd[0], i), 0);
        ck_assert_int_eq(alecable_fix(NULL, p->m, p->nd[p->iN], i), 0);
    }
    ck_assert_int_eq(alecable_fix(NULL, p->m, p->nd[p->iM], ALECABLE_DOF_Y), 0);
    ck_assert_int_eq(alecable_fix(NULL, p->m, p->nd[p->iM], ALECABLE_DOF_Z), 0);
    if (friction) {
        double f[3] = {-1000.0, 0, 0};
        ck_assert_int_eq(alecable_fix(NULL, p->m, p->nd[0], ALECABLE_DOF_X), 0);
        ck_assert_int_eq(alecable_load_node(NULL, p->m, p->nd[p->iN], f), 0);
        ck_assert_int_eq(alecable_pulley_friction(NULL, p->m, p->wrap, 0.3, +1), 0);
    } else {
        ck_assert_int_eq(alecable_prescribe(NULL, p->m, p->nd[0], ALECABLE_DOF_X, 10e-3), 0);
        ck_assert_int_eq(alecable_prescribe(NULL, p->m, p->nd[p->iN], ALECABLE_DOF_X, -20e-3), 0);
    }
}

static double s_of(const pulley *p, int i)
{
    double s;
    ck_assert_int_eq(alecable_node_material(p->nd[i], &s), 0);
    return s;
}

static double force_of(const pulley *p, int e)
{
    alecable_element *el;
    double N;
    ck_assert_int_eq(alecable_cable_element(&el, p->c, e), 0);
    ck_assert_int_eq(alecable_element_axial_force(el, &N), 0);
    return N;
}

/* Load step k of `steps` (two-stage regularization, alpha = 1). */
static void solve_step(pulley *p, int k, int steps, alecable_solve_report *rep)
{
    alecable_quasistatic_options o;
    alecable_quasistatic_options_init(&o);
    o.clock = ALECABLE_CLOCK_LOAD_FACTOR; /* the motion goes with the load steps */
    o.alpha = 1.0;
    o.load_steps = 1;
    o.t0 = (double)(k - 1) / steps;
    o.t1 = (double)k / steps;
    alecable_solve_report_init(rep);
    ck_assert_msg(alecable_solve_quasistatic(p->m, &o, rep) == ALECABLE_OK, "step %d: %s", k,
                  alecable_model_errmsg(p->m));
}

/* sec. 4.3.1, 20 load steps one at a time: s_M stays 256.9 mm to 1e-6 mm at
 * every step, s at every pulley node B..K decreases at every step, the final
 * s_K = 175.4 +- 0.2 mm (paper; the uniform stretch over the mesh's chord
 * polygon gives 175.337 mm, asserted to 1e-6 mm) and the strain is the same
 * in every element to 1e-8 relative. */
START_TEST(frictionless_pulley_matches_paper)
{
    enum { N = 20, STEPS = 20 };
    pulley p;
    alecable_solve_report rep;
    double s_prev[N + 1], eps_min = INFINITY, eps_max = -INFINITY, eps0 = 0, sK, top, bottom, chords;
    int i, k, ne;
    pulley_build(&p, N, 0);
    for (i = 0; i <= N; i++) s_prev[i] = s_of(&p, 1 + i);
    for (k = 1; k <= STEPS; k++) {
        solve_step(&p, k, STEPS, &rep);
        ck_assert_double_eq_tol(s_of(&p, p.iM), PSM, 1e-9); /* 1e-6 mm */
        for (i = 0; i <= N; i++) {
            double s = s_of(&p, 1 + i);
            ck_assert_msg(s < s_prev[i], "step %d: s at wrap node %d did not decrease (%.12g -> %.12g)", k, i,
                          s_prev[i], s);
            s_prev[i] = s;
        }
    }
    sK = s_of(&p, N + 1);
    ck_assert_double_eq_tol(sK * 1e3, 175.4, 0.2);
    top = PTOP - 10e-3;
    bottom = PL - (PTOP + M_PI * PR) + 20e-3;
    chords = 2.0 * N * PR * sin(0.5 * M_PI / N);
    ck_assert_double_eq_tol(sK, PL * (top + chords) / (top + chords + bottom), 1e-9);
    ck_assert_int_eq(alecable_cable_counts(p.c, NULL, &ne), 0);
    ck_assert_int_eq(ne, N + 3);
    for (i = 0; i < ne; i++) {
        alecable_element *e;
        double eps;
        ck_assert_int_eq(alecable_cable_element(&e, p.c, i), 0);
        ck_assert_int_eq(alecable_element_strain(e, &eps), 0);
        if (i == 0) eps0 = eps;
        eps_min = fmin(eps_min, eps);
        eps_max = fmax(eps_max, eps);
    }
    ck_assert_double_gt(eps0, 0.0);
    ck_assert_double_le((eps_max - eps_min) / fabs(eps0), 1e-8);
    alecable_model_destroy(p.m);
}
END_TEST

static double discrete_law(double mu, int n)
{
    double a = 0.5 * mu * sin(M_PI / n);
    return pow((1.0 + a) / (1.0 - a), n - 1);
}

/* sec. 4.3.2 with n elements on the pulley, 40 load steps: the tension ratio
 * F1/F2 of the element on the N side of K over the element on the A side of
 * B. */
static double capstan_ratio(int n)
{
    pulley p;
    alecable_solve_report rep;
    double F1, F2, Nsum = 0;
    int k;
    pulley_build(&p, n, 1);
    for (k = 1; k <= 40; k++) solve_step(&p, k, 40, &rep);
    F1 = force_of(&p, n + 1);
    F2 = force_of(&p, 0);
    /* the tight branch carries the load; the normal forces are compressive */
    ck_assert_double_eq_tol(F1, 1000.0, 1e-6);
    for (k = 0; k <= n; k++) {
        double N;
        ck_assert_int_eq(alecable_pulley_normal_force(p.wrap, k, &N), 0);
        ck_assert_double_gt(N, 0.0);
        Nsum += N;
    }
    ck_assert_double_gt(Nsum, 0.0);
    /* the material coordinate of M is held by the regularization */
    ck_assert_double_eq_tol(s_of(&p, p.iM), PSM, 1e-9);
    alecable_model_destroy(p.m);
    return F1 / F2;
}

/* n = 20: the ratio is the discrete capstan law to 1e-8 relative, below
 * exp(mu (pi - pi/n)) = 2.44820 by the O((pi/n)^2) of that law (see the top
 * of this file), and below exp(mu pi). */
START_TEST(capstan_ratio_n20)
{
    double r = capstan_ratio(20), mu = 0.3;
    ck_assert_double_eq_tol(r / discrete_law(mu, 20), 1.0, 1e-8);
    ck_assert_double_lt(r, exp(mu * (M_PI - M_PI / 20)));
    ck_assert_double_lt(r, exp(mu * M_PI));
}
END_TEST

/* Fig. 14: order-1 convergence of the ratio to exp(mu pi); the observed order
 * from n = 20 to n = 40 lies in [0.9, 1.1]. */
START_TEST(capstan_order_n20_n40)
{
    double lim = exp(0.3 * M_PI), e20 = lim - capstan_ratio(20), e40 = lim - capstan_ratio(40);
    double order = log(e20 / e40) / log(2.0);
    ck_assert_double_gt(e40, 0.0);
    ck_assert_double_ge(order, 0.9);
    ck_assert_double_le(order, 1.1);
}
END_TEST

Suite *suite_pulley(void)
{
    Suite *s = suite_create("pulley");
    TCase *tc = tcase_create("paper 000 sections 4.3.1-4.3.2");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, frictionless_pulley_matches_paper);
    tcase_add_test(tc, capstan_ratio_n20);
    tcase_add_test(tc, capstan_order_n20_n40);
    suite_add_tcase(s, tc);
    return s;
}
