/* The clamp's stretch equation (ALECABLE_CLAMP_STRETCH: r'.d1 = 1, with
 * DIRECTION r' = d1, paper 003 eq. 5) and its augmented Lagrangian: the
 * residual G^T (lambda + p g) and the Newton matrix against fourth-order
 * differences of the residual over every row and column (so the multiplier
 * columns, G^T, and the constraint rows, G, are the same derivative of the
 * same g, and the q-block is the derivative of those forces), the
 * constraint rates against differences in time, a hanging cable whose top
 * clamp fixes the stretch there, and the refusals.
 *
 * Tolerances: as test_kirchhoff_model.c (differences with steps 1e-6 (1 +
 * |q|), O(1e-9) error, checked at 1e-6; gamma at 1e-4).  The hanging cable:
 * the clamp's stretch is an equation of the solve, met to its tolerance
 * (1e-12 here against a free stretch of 4.9e-3 at the top). */
#include "suites.h"
#include "fd.h"
#include "problem_fd.h"

#include <alecable.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static alecable_cable *beam(alecable_model *m, int n_el, double L, double E)
{
    alecable_cable *c;
    alecable_section sec;
    alecable_beam_params bp;
    double a[3] = {0, 0, 0}, b[3] = {L, 0, 0};
    alecable_section_init(&sec);
    sec.E = E;
    sec.A = 1e-2;
    sec.rho = 100.0;
    sec.I = 1.3 / sec.E;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_KIRCHHOFF, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, L, n_el), 0);
    alecable_beam_params_init(&bp);
    bp.GJ = 0.7;
    ck_assert_int_eq(alecable_cable_set_beam(c, &bp), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    return c;
}

static alecable_node *node(alecable_cable *c, int i)
{
    alecable_node *n;
    ck_assert_int_eq(alecable_cable_node(&n, c, i), 0);
    return n;
}

/* a frame turning about a tilted axis and translating, with exact rates */
static int moving_frame(void *user, double t, double x[3], double R[9], double v[3], double w[3], double a[3],
                        double al[3])
{
    const double *x0 = (const double *)user, ax[3] = {0.48, 0.6, 0.64};
    double th = 0.8 * t + 0.3 * t * t, thd = 0.8 + 0.6 * t, c = cos(th), s = sin(th);
    int i, k;
    for (i = 0; i < 3; i++) {
        x[i] = x0[i] + 0.1 * t * t * ax[(i + 1) % 3] + 0.05 * t;
        v[i] = 0.2 * t * ax[(i + 1) % 3] + 0.05;
        a[i] = 0.2 * ax[(i + 1) % 3];
        w[i] = thd * ax[i];
        al[i] = 0.6 * ax[i];
    }
    for (i = 0; i < 3; i++)
        for (k = 0; k < 3; k++) R[3 * i + k] = (i == k ? c : 0.0) + (1.0 - c) * ax[i] * ax[k];
    R[1] -= s * ax[2];
    R[2] += s * ax[1];
    R[3] += s * ax[2];
    R[5] -= s * ax[0];
    R[6] -= s * ax[1];
    R[7] += s * ax[0];
    return 0;
}

/* clamps with the stretch in space, moved by the host and on a free body,
 * in a perturbed state with random multipliers */
static void check_jacobian(double penalty)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_body *b;
    alecable_body_params bp;
    alecable_clamp_params cp;
    alecable_problem p;
    double g[3] = {0, 0, -9.81}, x4[3] = {1.0, 0.0, 0.0}, *q, *lam, err;
    unsigned seed = 2211u;
    int nq, nl, i, ne;
    alecable_joint *j;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    c = beam(m, 4, 1.0, 1e6);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    alecable_clamp_params_init(&cp);
    cp.penalty = penalty;
    cp.hold = ALECABLE_CLAMP_ALL | ALECABLE_CLAMP_STRETCH;
    ck_assert_int_eq(alecable_clamp(&j, m, node(c, 0), &cp), 0);
    ck_assert_int_eq(alecable_joint_equations(j, &ne), 0);
    ck_assert_int_eq(ne, 7);
    cp.motion = moving_frame;
    cp.motion_user = x4;
    ck_assert_int_eq(alecable_clamp(NULL, m, node(c, 4), &cp), 0);
    alecable_body_params_init(&bp);
    bp.position[0] = 0.4;
    bp.position[2] = 0.1;
    bp.rotation[0] = bp.rotation[4] = cos(0.4);
    bp.rotation[1] = -sin(0.4);
    bp.rotation[3] = sin(0.4);
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
    cp.motion = NULL;
    cp.body = b;
    cp.hold = ALECABLE_CLAMP_POSITION | ALECABLE_CLAMP_DIRECTION | ALECABLE_CLAMP_STRETCH;
    ck_assert_int_eq(alecable_clamp(NULL, m, node(c, 2), &cp), 0);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &nq, &nl), 0);
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    q = malloc((size_t)nq * sizeof *q);
    lam = malloc((size_t)nl * sizeof *lam);
    ck_assert_int_eq(alecable_model_get_state(m, q, NULL, NULL), 0);
    for (i = 0; i < nq; i++) q[i] += 0.05 * fd_rand(&seed);
    for (i = 0; i < nl; i++) lam[i] = 2.0 * fd_rand(&seed);
    err = pfd_full_jacobian_error(&p, 0.37, q, lam, 1e-6);
    ck_assert_msg(err < 1e-6, "clamp (stretch) Jacobian vs differences: %.3g (penalty %g)", err, penalty);
    free(q);
    free(lam);
    alecable_model_destroy(m);
}

START_TEST(stretch_jacobian)
{
    check_jacobian(0.0);
    check_jacobian(250.0);
}
END_TEST

/* gdot and gamma of a moving clamp with the stretch against differences of
 * g along (q + tau v, t + tau) */
START_TEST(stretch_rates)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_clamp_params cp;
    alecable_problem p;
    double x4[3] = {1.0, 0.0, 0.0}, *q, *v, *z, *lam, *rp, *rm, *r0, *gd, *ga, t = 0.4, h = 1e-4;
    unsigned seed = 77u;
    int nq, nl, i, n;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    c = beam(m, 3, 1.0, 1e6);
    alecable_clamp_params_init(&cp);
    cp.hold = ALECABLE_CLAMP_ALL | ALECABLE_CLAMP_STRETCH;
    cp.motion = moving_frame;
    cp.motion_user = x4;
    ck_assert_int_eq(alecable_clamp(NULL, m, node(c, 3), &cp), 0);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &nq, &nl), 0);
    ck_assert_int_eq(nl, 7);
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    n = nq + nl;
    q = calloc((size_t)nq, sizeof *q);
    v = calloc((size_t)nq, sizeof *v);
    z = calloc((size_t)nq, sizeof *z);
    lam = calloc((size_t)nl, sizeof *lam);
    rp = calloc((size_t)n, sizeof *rp);
    rm = calloc((size_t)n, sizeof *rm);
    r0 = calloc((size_t)n, sizeof *r0);
    gd = calloc((size_t)nl, sizeof *gd);
    ga = calloc((size_t)nl, sizeof *ga);
    ck_assert_int_eq(alecable_model_get_state(m, q, NULL, NULL), 0);
    for (i = 0; i < nq; i++) {
        q[i] += 0.05 * fd_rand(&seed);
        v[i] = fd_rand(&seed);
    }
    ck_assert_int_eq(p.constraint_rates(p.ctx, t, q, v, gd, ga), 0);
    for (i = 0; i < nq; i++) z[i] = q[i] + h * v[i];
    ck_assert_int_eq(p.residual(p.ctx, t + h, z, NULL, NULL, lam, rp), 0);
    for (i = 0; i < nq; i++) z[i] = q[i] - h * v[i];
    ck_assert_int_eq(p.residual(p.ctx, t - h, z, NULL, NULL, lam, rm), 0);
    ck_assert_int_eq(p.residual(p.ctx, t, q, NULL, NULL, lam, r0), 0);
    for (i = 0; i < nl; i++) {
        double d1 = (rp[nq + i] - rm[nq + i]) / (2 * h), d2 = (rp[nq + i] - 2 * r0[nq + i] + rm[nq + i]) / (h * h);
        ck_assert_msg(fabs(gd[i] - d1) < 1e-6 * (1 + fabs(d1)), "gdot[%d] %.10g vs %.10g", i, gd[i], d1);
        ck_assert_msg(fabs(ga[i] - d2) < 1e-4 * (1 + fabs(d2)), "gamma[%d] %.10g vs %.10g", i, ga[i], d2);
    }
    free(q);
    free(v);
    free(z);
    free(lam);
    free(rp);
    free(rm);
    free(r0);
    free(gd);
    free(ga);
    alecable_model_destroy(m);
}
END_TEST

/* A cable hanging from a clamp at the origin along +x, gravity +x: the
 * tension at the top is rho A g L, so the free stretch there is 1 + rho A g
 * L / EA; with STRETCH the clamp holds |r'| = 1 at the top (the paper's r' =
 * r'_d), with or without the penalty, and its multiplier takes the axial
 * "bimoment" that this costs: the free end and the weight are unchanged. */
static double top_stretch(int stretch, double penalty, double F[3])
{
    alecable_model *m;
    alecable_cable *c;
    alecable_clamp_params cp;
    alecable_quasistatic_options qo;
    alecable_joint *j;
    double g[3] = {9.81, 0, 0}, rp[3];
    alecable_node *n;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    c = beam(m, 6, 2.0, 4e5);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    alecable_clamp_params_init(&cp);
    cp.frame_given = 1;
    cp.penalty = penalty;
    cp.hold = ALECABLE_CLAMP_ALL | (stretch ? ALECABLE_CLAMP_STRETCH : 0);
    n = node(c, 0);
    ck_assert_int_eq(alecable_clamp(&j, m, n, &cp), 0);
    alecable_quasistatic_options_init(&qo);
    qo.load_steps = 2;
    qo.tol_residual = 1e-12;
    ck_assert_int_eq(alecable_solve_quasistatic(m, &qo, NULL), 0);
    ck_assert_int_eq(alecable_clamp_reaction(j, F, NULL), 0);
    ck_assert_int_eq(alecable_node_slope(n, rp), 0);
    alecable_model_destroy(m);
    return sqrt(rp[0] * rp[0] + rp[1] * rp[1] + rp[2] * rp[2]);
}

START_TEST(stretch_held_at_the_top)
{
    const double W = 100.0 * 1e-2 * 9.81 * 2.0, EA = 4e5 * 1e-2;
    double F[3], s;
    s = top_stretch(0, 0.0, F);
    ck_assert_msg(fabs(s - (1.0 + W / EA)) < 1e-3 * W / EA, "free stretch %.12g, expected about %.12g", s,
                  1.0 + W / EA);
    s = top_stretch(1, 0.0, F);
    ck_assert_msg(fabs(s - 1.0) < 1e-12, "held stretch %.15g", s);
    ck_assert_msg(fabs(F[0] + W) < 1e-9 * W, "reaction %.12g, weight %.12g", F[0], W);
    s = top_stretch(1, 1e4, F);
    ck_assert_msg(fabs(s - 1.0) < 1e-12, "held stretch (penalty) %.15g", s);
    ck_assert_msg(fabs(F[0] + W) < 1e-9 * W, "reaction (penalty) %.12g, weight %.12g", F[0], W);
}
END_TEST

START_TEST(stretch_refusals)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_clamp_params cp;
    int nq, nl;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    c = beam(m, 2, 1.0, 1e6);
    alecable_clamp_params_init(&cp);
    cp.hold = ALECABLE_CLAMP_POSITION | ALECABLE_CLAMP_STRETCH;
    ck_assert_int_eq(alecable_clamp(NULL, m, node(c, 0), &cp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "STRETCH needs"));
    cp.hold = 16;
    ck_assert_int_eq(alecable_clamp(NULL, m, node(c, 0), &cp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "params.hold"));
    /* nothing was added: the free cable has no equation (its roll is held to make it finalize) */
    ck_assert_int_eq(alecable_fix(NULL, m, node(c, 0), ALECABLE_DOF_ROLL), 0);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &nq, &nl), 0);
    ck_assert_int_eq(nl, 1);
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_clamp_stretch(void)
{
    Suite *s = suite_create("clamp stretch");
    TCase *tc = tcase_create("stretch");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, stretch_jacobian);
    tcase_add_test(tc, stretch_rates);
    tcase_add_test(tc, stretch_held_at_the_top);
    tcase_add_test(tc, stretch_refusals);
    suite_add_tcase(s, tc);
    return s;
}
