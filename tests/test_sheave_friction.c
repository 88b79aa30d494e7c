/* Friction on a sheave (issue 24): paper 000's slip law
 * (alecable_pulley_friction) on alecable_sheave, against the same law on the
 * fixed-angle wrap of 0.2 at the same geometry.
 *
 * The rig (SI units): a sheave of radius R = 0.5 m centred at the origin
 * (axis z), fixed; an axial cable (EA 1e6 N) from A = (-3, R, 0), held, along
 * the top to the wrap, around it clockwise, down to B = (R, -2, 0), whose x,
 * z and s are held and which is pulled by F = 1000 N in -y.  The spans'
 * directions put the tangent points at pi/2 (top) and 0 (right): the wrap
 * angle is pi/2, which the sheave finds from a start at pi/2 .. 0.3 rad.
 *
 * The reference: the fixed wrap at the angles where the sheave's nodes came
 * to rest, loaded the same way, must give the same tension ratio (1e-9),
 * and both the discrete capstan law the fixed wrap has (tests/test_pulley.c:
 * T_B / T_A = ((1 + a)/(1 - a))^(n - 2), a = mu sin(h)/2, h = pi/2/(n - 1)
 * the chord angle of n nodes, n - 2 of them interior, the boundary nodes
 * taking no friction), below exp(mu pi/2) (Euler-Eytelwein). */
#include "suites.h"
#include "fd.h"
#include "problem_fd.h"

#include <alecable.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

enum { MAXN = 40 };

typedef struct frig {
    alecable_model *m;
    alecable_cable *c;
    alecable_body *b;
    alecable_joint *j;
    alecable_node *A, *w[MAXN], *B;
    int n;
} frig;

static const double RR = 0.5, EA = 1e6, FB = 1000.0;

/* the rig with n wrap nodes at ang (sheave: the start; else the fixed
 * wrap's angles); free: the body free (the Jacobian check), B unloaded */
static void frig_build(frig *r, int n, const double *ang, int sheave, int free_body, double mu)
{
    alecable_section sec;
    alecable_body_params bp;
    alecable_pulley_params pp;
    double x[3] = {-3.0, RR, 0.0}, prev[3], s = 0.0;
    int i, k;
    memset(r, 0, sizeof *r);
    r->n = n;
    ck_assert_int_eq(alecable_model_create(&r->m, NULL), 0);
    alecable_section_init(&sec);
    sec.A = 1e-4;
    sec.E = EA / sec.A;
    ck_assert_int_eq(alecable_cable_create(&r->c, r->m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_add_node(&r->A, r->c, x, s), 0);
    memcpy(prev, x, sizeof prev);
    for (i = 0; i < n; i++) {
        x[0] = RR * cos(ang[i]);
        x[1] = RR * sin(ang[i]);
        s += sqrt((x[0] - prev[0]) * (x[0] - prev[0]) + (x[1] - prev[1]) * (x[1] - prev[1]));
        ck_assert_int_eq(alecable_cable_add_node(&r->w[i], r->c, x, s), 0);
        memcpy(prev, x, sizeof prev);
    }
    x[0] = RR;
    x[1] = -2.0;
    s += sqrt((x[0] - prev[0]) * (x[0] - prev[0]) + (x[1] - prev[1]) * (x[1] - prev[1]));
    ck_assert_int_eq(alecable_cable_add_node(&r->B, r->c, x, s), 0);
    alecable_body_params_init(&bp);
    bp.mass = 1.0;
    bp.inertia[0] = bp.inertia[4] = bp.inertia[8] = 0.1;
    if (free_body) { /* moved and turned off the identity (the Jacobian's terms in x_b, psi_b) */
        const double c = cos(0.4), sn = sin(0.4);
        double Rb[9] = {c, -sn, 0, sn, c, 0, 0, 0, 1};
        bp.position[0] = 0.1, bp.position[1] = -0.05;
        memcpy(bp.rotation, Rb, sizeof Rb);
    }
    ck_assert_int_eq(alecable_body_create(&r->b, r->m, &bp), 0);
    if (!free_body) ck_assert_int_eq(alecable_body_fix(r->m, r->b), 0);
    alecable_pulley_params_init(&pp);
    pp.radius = RR;
    if (free_body) { /* the circle in the body frame where it is in space at the identity */
        const double c = cos(0.4), sn = sin(0.4), d[2] = {-0.1, 0.05};
        pp.centre[0] = c * d[0] + sn * d[1], pp.centre[1] = -sn * d[0] + c * d[1];
        pp.ref[0] = c, pp.ref[1] = -sn;
    }
    if (sheave)
        ck_assert_msg(alecable_sheave(&r->j, r->m, r->b, &pp, n, r->w, ang) == 0, "%s", alecable_model_errmsg(r->m));
    else
        ck_assert_msg(alecable_pulley_wrap(&r->j, r->m, r->b, &pp, n, r->w, ang) == 0, "%s",
                      alecable_model_errmsg(r->m));
    for (k = 0; k < 4; k++) ck_assert_int_eq(alecable_fix(NULL, r->m, r->A, k), 0);
    ck_assert_int_eq(alecable_fix(NULL, r->m, r->B, ALECABLE_DOF_S), 0);
    if (!free_body) {
        double f[3] = {0.0, -FB, 0.0};
        ck_assert_int_eq(alecable_fix(NULL, r->m, r->B, ALECABLE_DOF_X), 0);
        ck_assert_int_eq(alecable_fix(NULL, r->m, r->B, ALECABLE_DOF_Z), 0);
        ck_assert_int_eq(alecable_load_node(NULL, r->m, r->B, f), 0);
    }
    if (mu > 0.0)
        ck_assert_msg(alecable_pulley_friction(NULL, r->m, r->j, mu, +1) == 0, "%s", alecable_model_errmsg(r->m));
}

static double tension(const frig *r, int e)
{
    alecable_element *el;
    double N;
    ck_assert_int_eq(alecable_cable_element(&el, r->c, e), 0);
    ck_assert_int_eq(alecable_element_axial_force(el, &N), 0);
    return N;
}

static void solve_steps(frig *r, int steps)
{
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    alecable_quasistatic_options_init(&o);
    o.load_steps = steps;
    alecable_solve_report_init(&rep);
    ck_assert_msg(alecable_solve_quasistatic(r->m, &o, &rep) == ALECABLE_OK, "%s", alecable_model_errmsg(r->m));
}

static double discrete_law(double mu, int n, double theta)
{
    double a = 0.5 * mu * sin(theta / (n - 1));
    return pow((1.0 + a) / (1.0 - a), n - 2);
}

/* The slip capstan on the sheave (9 and 17 nodes, mu 0.3): the sheave
 * finds the wrap angle pi/2 (1e-9 rad), the fixed wrap at the sheave's
 * angles gives the same tension ratio (1e-9 relative) and the same s at
 * every wrap node (1e-9 m); the ratio is the discrete law (1e-8) and below
 * exp(mu pi/2). */
START_TEST(slip_capstan_as_fixed_wrap)
{
    static const int ns[2] = {9, 17};
    const double mu = 0.3;
    int t;
    for (t = 0; t < 2; t++) {
        frig sh, fw;
        double ang[MAXN], wrap, ratio_s, ratio_f, ds = 0.0;
        int n = ns[t], i;
        for (i = 0; i < n; i++) ang[i] = 0.5 * M_PI + (0.3 - 0.5 * M_PI) * i / (n - 1);
        frig_build(&sh, n, ang, 1, 0, mu);
        solve_steps(&sh, 20);
        ck_assert_int_eq(alecable_sheave_wrap_angle(sh.j, &wrap), 0);
        ck_assert_msg(fabs(wrap - 0.5 * M_PI) < 1e-9, "n %d: wrap %.12g", n, wrap);
        for (i = 0; i < n; i++) ck_assert_int_eq(alecable_sheave_node(sh.j, i, ang + i, NULL, NULL), 0);
        ratio_s = tension(&sh, n) / tension(&sh, 0);
        frig_build(&fw, n, ang, 0, 0, mu);
        solve_steps(&fw, 20);
        ratio_f = tension(&fw, n) / tension(&fw, 0);
        for (i = 0; i < n; i++) {
            double s1, s2;
            ck_assert_int_eq(alecable_node_material(sh.w[i], &s1), 0);
            ck_assert_int_eq(alecable_node_material(fw.w[i], &s2), 0);
            ds = fmax(ds, fabs(s1 - s2));
        }
        if (getenv("SHF_VERBOSE")) printf("n %d: wrap err %.3g, ratio sheave %.15g fixed %.15g (rel %.3g), law rel %.3g, s err %.3g, exp %.6g\n", n, wrap - 0.5 * M_PI, ratio_s, ratio_f, ratio_s / ratio_f - 1.0, ratio_s / discrete_law(mu, n, 0.5 * M_PI) - 1.0, ds, exp(mu * 0.5 * M_PI));
        ck_assert_msg(fabs(ratio_s / ratio_f - 1.0) < 1e-9, "n %d: sheave %.15g, fixed wrap %.15g", n, ratio_s,
                      ratio_f);
        ck_assert_msg(ds < 1e-9, "n %d: s off by %.3g m", n, ds);
        ck_assert_msg(fabs(ratio_s / discrete_law(mu, n, 0.5 * M_PI) - 1.0) < 1e-8, "n %d: ratio %.15g, law %.15g", n,
                      ratio_s, discrete_law(mu, n, 0.5 * M_PI));
        ck_assert_double_lt(ratio_s, exp(mu * 0.5 * M_PI));
        ck_assert_double_eq_tol(tension(&sh, n), FB, 1e-6);
        alecable_model_destroy(sh.m);
        alecable_model_destroy(fw.m);
    }
}
END_TEST

/* The slip law's Jacobian on a sheave of a free body moved and turned,
 * at a perturbed state with random multipliers, against differences
 * through the problem's update (every row and column). */
START_TEST(slip_jacobian_matches_differences)
{
    frig r;
    alecable_problem p;
    double ang[7], *q, *v, *a, *lam, err;
    unsigned seed = 11u;
    int i;
    for (i = 0; i < 7; i++) ang[i] = 0.5 * M_PI + (0.2 - 0.5 * M_PI) * i / 6;
    frig_build(&r, 7, ang, 1, 1, getenv("SHF_MU") ? atof(getenv("SHF_MU")) : 0.3);
    ck_assert_msg(alecable_model_problem(&p, r.m) == 0, "%s", alecable_model_errmsg(r.m));
    q = calloc((size_t)p.nq, sizeof *q), v = calloc((size_t)p.nq, sizeof *v), a = calloc((size_t)p.nq, sizeof *a);
    lam = calloc((size_t)p.nlam, sizeof *lam);
    ck_assert(q && v && a && lam);
    pfd_perturbed_state(r.m, p.nq, seed, q, v, a);
    for (i = 0; i < p.nlam; i++) lam[i] = 100.0 * fd_rand(&seed);
    err = pfd_full_jacobian_error(&p, 0.0, q, lam, 1e-4);
    if (getenv("SHF_VERBOSE")) printf("slip Jacobian err %.3g\n", err);
    ck_assert_msg(err < 1e-6, "full Jacobian off by %.3g", err);
    free(q), free(v), free(a), free(lam);
    alecable_model_destroy(r.m);
}
END_TEST

Suite *suite_sheave_friction(void)
{
    Suite *s = suite_create("sheave_friction");
    TCase *tc = tcase_create("friction on sheaves");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, slip_jacobian_matches_differences);
    tcase_add_test(tc, slip_capstan_as_fixed_wrap);
    suite_add_tcase(s, tc);
    return s;
}
