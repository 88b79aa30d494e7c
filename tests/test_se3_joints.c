/* Clamps and attachments on SE(3) nodes (lib/bodies/clamp.c, joints.c):
 *
 * - clamp_rotated: a cantilever on a straight mesh along e1, clamped at a
 *   frame turned away from it (position held, t1 = d1, t2 = d2), under a
 *   tip load, equals the same cantilever whose root frame is set to the
 *   clamp's (alecable_node_set_frame) and fixed (X .. Z, RX .. RZ): every
 *   node's position and frame to 1e-9 (the solver stops at 1e-10); the
 *   clamp's reaction is the closed form of equilibrium, -P and
 *   -(x_tip x P) about the root, to 1e-9 relative.
 * - clamp_on_body: the same clamp given in the frame of a body fixed at a
 *   turned pose (alecable_body_fix): the same state to 1e-9.
 * - attach: the tip attached to a fixed body at its mesh place, equal to
 *   the tip held there by fixes (the middle node loaded): 1e-9.
 * - jacobian: the problem's Jacobian with an SE(3) clamp on a free body
 *   (mass, inertia) and an attachment to it, gravity, rotary inertia: dr/dv
 *   and dr/da, and dr/dq over every row and column through the update (as
 *   a quasistatic Jacobian), against differences: 1e-6, as the other
 *   suites' checks.
 * - clamp_spin: the beam clamped to a free body, the two spinning together
 *   about the beam's axis: exactly rigid (see there).
 * - clamp_moved: the same with the clamp's frame turned by the host.
 * - eyelet: a frictionless eyelet on an ALE SE(3) cable (closed form). */
#include "suites.h"
#include "fd.h"
#include "problem_fd.h"

#include <alecable.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define N_EL 8

static alecable_node *node(alecable_cable *c, int i)
{
    alecable_node *n;
    ck_assert_int_eq(alecable_cable_node(&n, c, i), 0);
    return n;
}

static alecable_cable *beam(alecable_model *m, double rho)
{
    alecable_cable *c;
    alecable_section sec;
    alecable_beam_params bp;
    double a[3] = {0, 0, 0}, b[3] = {1, 0, 0};
    alecable_section_init(&sec);
    sec.A = 1e-3;
    sec.E = 1e4 / sec.A;
    sec.I = 2.0 / sec.E;
    sec.rho = rho;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_SE3, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, 1.0, N_EL), 0);
    alecable_beam_params_init(&bp);
    bp.GJ = 1.5;
    ck_assert_int_eq(alecable_cable_set_beam(c, &bp), 0);
    ck_assert_int_eq(alecable_cable_set_shear(c, 5e3, 5e3), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    return c;
}

/* the clamp's frame: 35 degrees about e3, then 20 about the new t1 */
static void clamp_frame(double R[9])
{
    const double a = 35.0 * M_PI / 180.0, b = 20.0 * M_PI / 180.0;
    double Z[9] = {cos(a), -sin(a), 0, sin(a), cos(a), 0, 0, 0, 1};
    double X[9] = {1, 0, 0, 0, cos(b), -sin(b), 0, sin(b), cos(b)};
    int i, j, k;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            for (R[3 * i + j] = 0.0, k = 0; k < 3; k++) R[3 * i + j] += Z[3 * i + k] * X[3 * k + j];
}

static const double P_[3] = {0.3, -1.0, 2.0};

static void solve(alecable_model *m)
{
    alecable_quasistatic_options o;
    int st;
    alecable_quasistatic_options_init(&o);
    o.load_steps = 5;
    st = alecable_solve_quasistatic(m, &o, NULL);
    ck_assert_msg(st == 0, "solve: %s", alecable_model_errmsg(m));
}

/* the reference: the root's frame set to the clamp's and fixed; the tip
 * loaded by P_, or (tip_fixed) held where the mesh put it, (1, 0, 0), and
 * the middle node loaded (the attach test's reference) */
static alecable_model *reference(alecable_cable **out, int tip_fixed)
{
    alecable_model *m;
    alecable_cable *c;
    double R[9];
    int d;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    c = beam(m, 0.0);
    clamp_frame(R);
    ck_assert_int_eq(alecable_node_set_frame(node(c, 0), R), 0);
    for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_Z; d++) ck_assert_int_eq(alecable_fix(NULL, m, node(c, 0), d), 0);
    for (d = ALECABLE_DOF_RX; d <= ALECABLE_DOF_RZ; d++) ck_assert_int_eq(alecable_fix(NULL, m, node(c, 0), d), 0);
    if (tip_fixed) {
        for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_Z; d++) ck_assert_int_eq(alecable_fix(NULL, m, node(c, N_EL), d), 0);
        ck_assert_int_eq(alecable_load_node(NULL, m, node(c, N_EL / 2), P_), 0);
    } else
        ck_assert_int_eq(alecable_load_node(NULL, m, node(c, N_EL), P_), 0);
    solve(m);
    *out = c;
    return m;
}

static void same_state(alecable_cable *a, alecable_cable *b, const char *what)
{
    int i, k;
    for (i = 0; i <= N_EL; i++) {
        double xa[3], xb[3], Ra[9], Rb[9];
        ck_assert_int_eq(alecable_node_position(node(a, i), xa), 0);
        ck_assert_int_eq(alecable_node_position(node(b, i), xb), 0);
        ck_assert_int_eq(alecable_node_frame(node(a, i), Ra), 0);
        ck_assert_int_eq(alecable_node_frame(node(b, i), Rb), 0);
        for (k = 0; k < 3; k++)
            ck_assert_msg(fabs(xa[k] - xb[k]) < 1e-9, "%s: node %d x[%d] = %.12g, reference %.12g", what, i, k, xa[k],
                          xb[k]);
        for (k = 0; k < 9; k++)
            ck_assert_msg(fabs(Ra[k] - Rb[k]) < 1e-9, "%s: node %d R[%d] = %.12g, reference %.12g", what, i, k, Ra[k],
                          Rb[k]);
    }
}

START_TEST(clamp_rotated)
{
    alecable_model *m, *ref;
    alecable_cable *c, *rc;
    alecable_clamp_params cp;
    alecable_joint *j;
    double f[3], mo[3], xt[3], mc[3];
    int k;
    ref = reference(&rc, 0);
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    c = beam(m, 0.0);
    alecable_clamp_params_init(&cp);
    cp.frame_given = 1;
    clamp_frame(cp.rotation);
    ck_assert_int_eq(alecable_clamp(&j, m, node(c, 0), &cp), 0);
    ck_assert_int_eq(alecable_load_node(NULL, m, node(c, N_EL), P_), 0);
    solve(m);
    same_state(c, rc, "clamp");
    ck_assert_int_eq(alecable_clamp_reaction(j, f, mo), 0);
    ck_assert_int_eq(alecable_node_position(node(c, N_EL), xt), 0);
    mc[0] = -(xt[1] * P_[2] - xt[2] * P_[1]);
    mc[1] = -(xt[2] * P_[0] - xt[0] * P_[2]);
    mc[2] = -(xt[0] * P_[1] - xt[1] * P_[0]);
    for (k = 0; k < 3; k++) {
        ck_assert_msg(fabs(f[k] + P_[k]) < 1e-9 * 2.0, "force[%d] = %.12g, -P = %.12g", k, f[k], -P_[k]);
        ck_assert_msg(fabs(mo[k] - mc[k]) < 1e-9 * 2.0, "moment[%d] = %.12g, closed form %.12g", k, mo[k], mc[k]);
    }
    alecable_model_destroy(m);
    alecable_model_destroy(ref);
}
END_TEST

START_TEST(clamp_on_body)
{
    alecable_model *m, *ref;
    alecable_cable *c, *rc;
    alecable_clamp_params cp;
    alecable_body_params bp;
    alecable_body *b;
    double R[9], Rb[9], x0[3] = {0.2, -0.1, 0.4};
    const double t = 0.7;
    int i, j, k;
    ref = reference(&rc, 0);
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    c = beam(m, 0.0);
    /* the body at x0, turned by t about (1, 1, 1) / sqrt 3; the clamp at its
     * point Rb^T (0 - x0) and frame Rb^T R, so in space at 0 with frame R */
    alecable_body_params_init(&bp);
    {
        double u[3] = {1 / sqrt(3.0), 1 / sqrt(3.0), 1 / sqrt(3.0)}, cs = cos(t), sn = sin(t);
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++) {
                double U = i == j ? 0.0 : (((i + 1) % 3 == j) ? -u[3 - i - j] : u[3 - i - j]);
                Rb[3 * i + j] = (i == j) * cs + sn * U + (1 - cs) * u[i] * u[j];
            }
    }
    memcpy(bp.position, x0, sizeof x0);
    memcpy(bp.rotation, Rb, sizeof Rb);
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(m, b), 0);
    clamp_frame(R);
    alecable_clamp_params_init(&cp);
    cp.frame_given = 1;
    cp.body = b;
    for (i = 0; i < 3; i++) {
        cp.position[i] = -(Rb[i] * x0[0] + Rb[3 + i] * x0[1] + Rb[6 + i] * x0[2]);
        for (j = 0; j < 3; j++)
            for (cp.rotation[3 * i + j] = 0.0, k = 0; k < 3; k++) cp.rotation[3 * i + j] += Rb[3 * k + i] * R[3 * k + j];
    }
    ck_assert_int_eq(alecable_clamp(NULL, m, node(c, 0), &cp), 0);
    ck_assert_int_eq(alecable_load_node(NULL, m, node(c, N_EL), P_), 0);
    solve(m);
    same_state(c, rc, "clamp on a body");
    alecable_model_destroy(m);
    alecable_model_destroy(ref);
}
END_TEST

START_TEST(attach)
{
    alecable_model *m, *ref;
    alecable_cable *c, *rc;
    alecable_body_params bp;
    alecable_body *b;
    double pb[3] = {0.5, 0.0, 0.0}, R[9];
    int d;
    ref = reference(&rc, 1);
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    c = beam(m, 0.0);
    clamp_frame(R);
    ck_assert_int_eq(alecable_node_set_frame(node(c, 0), R), 0);
    for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_Z; d++) ck_assert_int_eq(alecable_fix(NULL, m, node(c, 0), d), 0);
    for (d = ALECABLE_DOF_RX; d <= ALECABLE_DOF_RZ; d++) ck_assert_int_eq(alecable_fix(NULL, m, node(c, 0), d), 0);
    alecable_body_params_init(&bp);
    bp.position[0] = 0.5;
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(m, b), 0);
    ck_assert_int_eq(alecable_attach(NULL, m, node(c, N_EL), b, pb, 0), 0); /* at (1, 0, 0) */
    ck_assert_int_eq(alecable_load_node(NULL, m, node(c, N_EL / 2), P_), 0);
    solve(m);
    same_state(c, rc, "attach");
    alecable_model_destroy(m);
    alecable_model_destroy(ref);
}
END_TEST

START_TEST(jacobian)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_problem p;
    alecable_clamp_params cp;
    alecable_body_params bp;
    alecable_body *b;
    double *q, *v, *a, *lam, err, g[3] = {0.3, -9.81, 1.2}, pt[3] = {0.6, 0.2, -0.1};
    const double w[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    unsigned seed = 5u;
    int nq, nl, i, k;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    c = beam(m, 800.0);
    alecable_body_params_init(&bp);
    bp.mass = 2.0;
    bp.inertia[0] = 0.3;
    bp.inertia[4] = 0.2;
    bp.inertia[8] = 0.25;
    bp.omega[1] = 0.5;
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
    alecable_clamp_params_init(&cp); /* the node's frame at finalize, in the body */
    cp.body = b;
    ck_assert_int_eq(alecable_clamp(NULL, m, node(c, 0), &cp), 0);
    ck_assert_int_eq(alecable_attach(NULL, m, node(c, N_EL), b, pt, 0), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &nq, &nl), 0);
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    q = malloc((size_t)nq * sizeof *q);
    v = malloc((size_t)nq * sizeof *v);
    a = malloc((size_t)nq * sizeof *a);
    lam = malloc((size_t)(nl > 0 ? nl : 1) * sizeof *lam);
    for (k = 0; k < 2; k++) {
        pfd_perturbed_state(m, nq, 11u + (unsigned)k, q, v, a);
        for (i = 0; i < nq; i++) q[i] += 0.02 * fd_rand(&seed);
        for (i = 0; i < nl; i++) lam[i] = 2.0 * fd_rand(&seed);
        for (i = 1; i < 3; i++) { /* dr/dq: below, through the update (these differences are additive) */
            err = pfd_weighted_jacobian_error(&p, 0.0, q, v, a, lam, w[i]);
            ck_assert_msg(err < 1e-6, "weight %d: Jacobian vs differences %.3g", i, err);
        }
        err = pfd_full_jacobian_error(&p, 0.5, q, lam, 1e-4);
        ck_assert_msg(err < 1e-6, "statics: Jacobian vs differences %.3g", err);
    }
    free(q);
    free(v);
    free(a);
    free(lam);
    alecable_model_destroy(m);
}
END_TEST

/* A rigid spin about the beam's axis, the beam clamped (its frame) to a
 * free body at node 0: body and beam turn together, exactly (the clamp's
 * rates and the consistent initial accelerations on a body and an SE(3)
 * node): after 100 steps every node's frame is exp(omega t e1^) R0 and its
 * place unchanged, to 1e-9; the kinetic energy the closed form
 * 1/2 (J_body + rho (I2 + I3) L) omega^2 to 1e-9. */
START_TEST(clamp_spin)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_clamp_params cp;
    alecable_body_params bp;
    alecable_body *b;
    alecable_integrator *it;
    alecable_dynamic_options o;
    const double om = 4.0, h = 0.01, rho = 800.0, Jb = 0.05;
    double *q, *v, R0[N_EL + 1][9], T, Tcf, rhoJ0;
    int nq, i, k, n;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    c = beam(m, rho);
    alecable_body_params_init(&bp);
    bp.mass = 1.0;
    bp.inertia[0] = Jb;
    bp.inertia[4] = bp.inertia[8] = 0.1;
    bp.omega[0] = om;
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
    alecable_clamp_params_init(&cp);
    cp.body = b;
    ck_assert_int_eq(alecable_clamp(NULL, m, node(c, 0), &cp), 0);
    ck_assert_msg(alecable_model_finalize(m) == 0, "finalize: %s", alecable_model_errmsg(m));
    ck_assert_int_eq(alecable_model_sizes(m, &nq, NULL), 0);
    q = calloc((size_t)nq, sizeof *q);
    v = calloc((size_t)nq, sizeof *v);
    ck_assert_int_eq(alecable_model_get_state(m, q, NULL, NULL), 0);
    for (i = 0; i <= N_EL; i++) { /* Omega = R^T (om e1) */
        int d;
        ck_assert_int_eq(alecable_node_frame(node(c, i), R0[i]), 0);
        for (k = 0; k < 3; k++) {
            ck_assert_int_eq(alecable_node_dof_index(node(c, i), ALECABLE_DOF_RX + k, &d), 0);
            v[d] = R0[i][3 * 0 + k] * om;
        }
    }
    {
        alecable_node *bn;
        int d;
        ck_assert_int_eq(alecable_body_node(&bn, b), 0);
        ck_assert_int_eq(alecable_node_dof_index(bn, ALECABLE_DOF_RX, &d), 0);
        v[d] = om;
    }
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK;
    o.h = h;
    ck_assert_msg(alecable_model_integrator(&it, m, &o) == 0, "integrator: %s", alecable_model_errmsg(m));
    ck_assert_msg(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL) == 0, "set_state: %s",
                  alecable_integrator_errmsg(it));
    for (n = 0; n < 100; n++)
        ck_assert_msg(alecable_integrator_step(it, h) == 0, "step: %s", alecable_integrator_errmsg(it));
    ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
    for (i = 0; i <= N_EL; i++) {
        double R[9], x[3], cs = cos(om * 100 * h), sn = sin(om * 100 * h);
        ck_assert_int_eq(alecable_node_frame(node(c, i), R), 0);
        ck_assert_int_eq(alecable_node_position(node(c, i), x), 0);
        ck_assert_double_eq_tol(x[0], (double)i / N_EL, 1e-9);
        ck_assert_double_eq_tol(x[1], 0.0, 1e-9);
        ck_assert_double_eq_tol(x[2], 0.0, 1e-9);
        for (k = 0; k < 3; k++) {
            ck_assert_double_eq_tol(R[k], R0[i][k], 1e-9);
            ck_assert_double_eq_tol(R[3 + k], cs * R0[i][3 + k] - sn * R0[i][6 + k], 1e-9);
            ck_assert_double_eq_tol(R[6 + k], sn * R0[i][3 + k] + cs * R0[i][6 + k], 1e-9);
        }
    }
    ck_assert_int_eq(alecable_model_kinetic_energy(m, &T), 0);
    rhoJ0 = rho * 2.0 * (2.0 / (1e4 / 1e-3)); /* rho (I2 + I3), I = EI / E */
    Tcf = 0.5 * (Jb + rhoJ0 * 1.0) * om * om;
    ck_assert_msg(fabs(T - Tcf) < 1e-9 * Tcf, "T = %.15g, closed form %.15g", T, Tcf);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
    free(q);
    free(v);
}
END_TEST

/* the clamp frame turning about e1 at w (host motion), from the identity */
static int spin_frame(void *user, double t, double x[3], double R[9], double v[3], double w[3], double a[3],
                      double al[3])
{
    const double om = *(const double *)user, c = cos(om * t), s = sin(om * t);
    int k;
    for (k = 0; k < 3; k++) x[k] = v[k] = a[k] = al[k] = w[k] = 0.0;
    w[0] = om;
    R[0] = 1.0, R[1] = 0.0, R[2] = 0.0;
    R[3] = 0.0, R[4] = c, R[5] = -s;
    R[6] = 0.0, R[7] = s, R[8] = c;
    return 0;
}

/* The cantilever's root clamped to a frame the host turns about the beam's
 * axis at w (the clamp's rates through its time offset tau on an SE(3)
 * node), the beam started spinning with it: it stays rigid, every frame
 * exp(w t e1^) R0 at 1e-9 after 100 HHT steps, the places unchanged (node
 * 0's frame at finalize is the identity, the clamp's at t = 0: checked). */
START_TEST(clamp_moved)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_clamp_params cp;
    alecable_integrator *it;
    alecable_dynamic_options o;
    double om = 3.0, h = 0.01, *q, *v, R0[N_EL + 1][9];
    int nq, i, k, n;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    c = beam(m, 800.0);
    alecable_clamp_params_init(&cp);
    cp.motion = spin_frame;
    cp.motion_user = &om;
    ck_assert_int_eq(alecable_clamp(NULL, m, node(c, 0), &cp), 0);
    ck_assert_msg(alecable_model_finalize(m) == 0, "finalize: %s", alecable_model_errmsg(m));
    ck_assert_int_eq(alecable_model_sizes(m, &nq, NULL), 0);
    q = calloc((size_t)nq, sizeof *q);
    v = calloc((size_t)nq, sizeof *v);
    ck_assert_int_eq(alecable_model_get_state(m, q, NULL, NULL), 0);
    for (i = 0; i <= N_EL; i++) {
        int d;
        ck_assert_int_eq(alecable_node_frame(node(c, i), R0[i]), 0);
        for (k = 0; k < 3; k++) {
            ck_assert_int_eq(alecable_node_dof_index(node(c, i), ALECABLE_DOF_RX + k, &d), 0);
            v[d] = R0[i][k] * om;
        }
    }
    for (k = 0; k < 9; k++) ck_assert_double_eq_tol(R0[0][k], (k % 4 == 0), 1e-14);
    alecable_dynamic_options_init(&o);
    o.h = h;
    ck_assert_msg(alecable_model_integrator(&it, m, &o) == 0, "integrator: %s", alecable_model_errmsg(m));
    ck_assert_msg(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL) == 0, "set_state: %s",
                  alecable_integrator_errmsg(it));
    for (n = 0; n < 100; n++)
        ck_assert_msg(alecable_integrator_step(it, h) == 0, "step: %s", alecable_integrator_errmsg(it));
    ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
    for (i = 0; i <= N_EL; i++) {
        double R[9], x[3], cs = cos(om * 100 * h), sn = sin(om * 100 * h);
        ck_assert_int_eq(alecable_node_frame(node(c, i), R), 0);
        ck_assert_int_eq(alecable_node_position(node(c, i), x), 0);
        ck_assert_double_eq_tol(x[0], (double)i / N_EL, 1e-9);
        ck_assert_double_eq_tol(x[1], 0.0, 1e-9);
        ck_assert_double_eq_tol(x[2], 0.0, 1e-9);
        for (k = 0; k < 3; k++) {
            ck_assert_msg(fabs(R[3 + k] - (cs * R0[i][3 + k] - sn * R0[i][6 + k])) < 1e-9 &&
                              fabs(R[6 + k] - (sn * R0[i][3 + k] + cs * R0[i][6 + k])) < 1e-9,
                          "node %d: frame off the rigid spin", i);
        }
    }
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
    free(q);
    free(v);
}
END_TEST

/* A frictionless eyelet (alecable_attach with hold_s = 0) on an ALE SE(3)
 * cable: node 0 held (place, frame, s), the middle node's place held by
 * the eyelet of a fixed body with its s free, the end's s held and pulled
 * by F along the cable.  Material slides through the eyelet until both
 * elements carry F: strain e = F / EA on both sides, so s_1 = 0.5 / (1 + e)
 * and the end at 1 + e (closed form; 1e-10). */
START_TEST(eyelet)
{
    const double EA = 1e4, F = 250.0, e = F / EA;
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_beam_params bp;
    alecable_body_params bdp;
    alecable_body *b;
    alecable_quasistatic_options o;
    double a[3] = {0, 0, 0}, bb[3] = {1, 0, 0}, p[3] = {0.5, 0, 0}, f[3] = {F, 0, 0}, x[3], s1;
    int d, st;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.A = 1e-3;
    sec.E = EA / sec.A;
    sec.I = 2.0 / sec.E;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_SE3, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, bb, 0.0, 1.0, 2), 0);
    alecable_beam_params_init(&bp);
    bp.GJ = 1.5;
    ck_assert_int_eq(alecable_cable_set_beam(c, &bp), 0);
    ck_assert_int_eq(alecable_cable_set_shear(c, 5e3, 5e3), 0);
    for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_S; d++) ck_assert_int_eq(alecable_fix(NULL, m, node(c, 0), d), 0);
    for (d = ALECABLE_DOF_RX; d <= ALECABLE_DOF_RZ; d++) ck_assert_int_eq(alecable_fix(NULL, m, node(c, 0), d), 0);
    ck_assert_int_eq(alecable_fix(NULL, m, node(c, 2), ALECABLE_DOF_S), 0);
    alecable_body_params_init(&bdp);
    ck_assert_int_eq(alecable_body_create(&b, m, &bdp), 0);
    ck_assert_int_eq(alecable_body_fix(m, b), 0);
    ck_assert_int_eq(alecable_attach(NULL, m, node(c, 1), b, p, 0), 0);
    ck_assert_int_eq(alecable_load_node(NULL, m, node(c, 2), f), 0);
    alecable_quasistatic_options_init(&o);
    o.load_steps = 4;
    st = alecable_solve_quasistatic(m, &o, NULL);
    ck_assert_msg(st == 0, "solve: %s", alecable_model_errmsg(m));
    ck_assert_int_eq(alecable_node_material(node(c, 1), &s1), 0);
    ck_assert_int_eq(alecable_node_position(node(c, 2), x), 0);
    ck_assert_msg(fabs(s1 - 0.5 / (1.0 + e)) < 1e-10, "s_1 = %.15g, closed form %.15g", s1, 0.5 / (1.0 + e));
    ck_assert_msg(fabs(x[0] - (1.0 + e)) < 1e-10 && fabs(x[1]) < 1e-10 && fabs(x[2]) < 1e-10,
                  "end at (%.15g, %.3g, %.3g), closed form %.15g", x[0], x[1], x[2], 1.0 + e);
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_se3_joints(void)
{
    Suite *s = suite_create("se3_joints");
    TCase *tc = tcase_create("se3_joints");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, clamp_rotated);
    tcase_add_test(tc, clamp_on_body);
    tcase_add_test(tc, attach);
    tcase_add_test(tc, jacobian);
    tcase_add_test(tc, clamp_spin);
    tcase_add_test(tc, clamp_moved);
    tcase_add_test(tc, eyelet);
    suite_add_tcase(s, tc);
    return s;
}
