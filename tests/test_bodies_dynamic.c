/* Rigid bodies in dynamics (lib/bodies/body.c's inertia): the weighted
 * Jacobian cq dr/dq + cv dr/dv + ca dr/da of a body's inertia terms against
 * differences of the residual (q moved through the problem's update, the
 * rotation by composition), a torque-free body's energy and angular
 * momentum, and a rigid pendulum's large-amplitude period.
 *
 * Tolerances: the differences use steps 1e-6 (1 + |x|), accurate to ~1e-9
 * here; checked at 1e-6.  Conservation and the period are checked at the
 * integrator's error for the step used, stated at each test. */
#include "suites.h"
#include "counting_alloc.h"
#include "fd.h"

#include <alecable.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* models need a cable: a held one far away */
static void dummy_cable(alecable_model *m)
{
    alecable_cable *c;
    alecable_section sec;
    alecable_node *n;
    double a[3] = {50, 0, 0}, b[3] = {51, 0, 0};
    int i, k;
    alecable_section_init(&sec);
    sec.E = 1.0;
    sec.A = 1.0;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0, 1, 1), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    for (i = 0; i < 2; i++) {
        ck_assert_int_eq(alecable_cable_node(&n, c, i), 0);
        for (k = 0; k < 3; k++) ck_assert_int_eq(alecable_fix(NULL, m, n, k), 0);
    }
}

static alecable_body *free_body(alecable_model *m, const double com[3], const double J[9], double mass)
{
    alecable_body *b;
    alecable_body_params bp;
    alecable_body_params_init(&bp);
    bp.mass = mass;
    memcpy(bp.com, com, sizeof bp.com);
    memcpy(bp.inertia, J, sizeof bp.inertia);
    bp.rotation[0] = bp.rotation[4] = cos(0.7);
    bp.rotation[1] = -sin(0.7);
    bp.rotation[3] = sin(0.7);
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
    return b;
}

/* |J - FD| / (1 + |FD|) over the q-rows and all q-columns, for weights w */
static double weighted_error(const alecable_problem *p, double *q, double *v, double *a, const double w[3])
{
    int n = p->nq + p->nlam, nq = p->nq, i, j, k, blk;
    double *vals = calloc((size_t)p->nnz, sizeof *vals), *J = calloc((size_t)n * n, sizeof *J);
    double *rp = calloc((size_t)n, sizeof *rp), *rm = calloc((size_t)n, sizeof *rm), *lam = calloc((size_t)(p->nlam + 1), sizeof *lam);
    double *q0 = calloc((size_t)nq, sizeof *q0), *dq = calloc((size_t)nq, sizeof *dq), err = 0.0;
    ck_assert_int_eq(p->jacobian(p->ctx, 0.0, q, v, a, lam, w[0], w[1], w[2], ALECABLE_JAC_FULL, vals), 0);
    for (j = 0; j < n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) J[p->rowidx[k] * n + j] = vals[k];
    memcpy(q0, q, (size_t)nq * sizeof *q0);
    for (j = 0; j < nq; j++) {
        double col[512];
        ck_assert_int_le(n, 512);
        memset(col, 0, sizeof col);
        for (blk = 0; blk < 3; blk++) {
            double *z = blk == 0 ? q : blk == 1 ? v : a, z0 = z[j], h = 1e-6 * (1 + fabs(z0));
            if (blk == 0) {
                dq[j] = 1.0;
                ck_assert_int_eq(p->update(p->ctx, q, dq, h), 0);
            } else z[j] = z0 + h;
            ck_assert_int_eq(p->residual(p->ctx, 0.0, q, v, a, lam, rp), 0);
            if (blk == 0) {
                memcpy(q, q0, (size_t)nq * sizeof *q0);
                ck_assert_int_eq(p->update(p->ctx, q, dq, -h), 0);
            } else z[j] = z0 - h;
            ck_assert_int_eq(p->residual(p->ctx, 0.0, q, v, a, lam, rm), 0);
            if (blk == 0) {
                memcpy(q, q0, (size_t)nq * sizeof *q0);
                dq[j] = 0.0;
            } else z[j] = z0;
            for (i = 0; i < nq; i++) col[i] += w[blk] * (rp[i] - rm[i]) / (2 * h);
        }
        for (i = 0; i < nq; i++) err = fmax(err, fabs(J[i * n + j] - col[i]) / (1.0 + fabs(col[i])));
    }
    free(vals);
    free(J);
    free(rp);
    free(rm);
    free(lam);
    free(q0);
    free(dq);
    return err;
}

/* The model's weighted Jacobian for the weights (1, 0, 0), (0, 1, 0) and
 * (0, 0, 1) in a state perturbed by dq (q) and random velocities (2.0) and
 * accelerations (3.0): each within 1e-6 of the differences */
static void check_weighted_jacobians(alecable_model *m, unsigned seed, double dq)
{
    static const double weights[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    alecable_problem p;
    double q[64], v[64], a[64];
    int i, k;
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    ck_assert_int_le(p.nq, 64);
    ck_assert_int_eq(alecable_model_get_state(m, q, NULL, NULL), 0);
    for (i = 0; i < p.nq; i++) {
        q[i] += dq * fd_rand(&seed);
        v[i] = 2.0 * fd_rand(&seed);
        a[i] = 3.0 * fd_rand(&seed);
    }
    for (k = 0; k < 3; k++) {
        double err = weighted_error(&p, q, v, a, weights[k]);
        ck_assert_msg(err < 1e-6, "weights (%g, %g, %g): %.3g", weights[k][0], weights[k][1], weights[k][2], err);
    }
}

START_TEST(inertia_jacobian)
{
    const double com[3] = {0.3, -0.2, 0.5}, J[9] = {2.0, 0.1, -0.2, 0.1, 3.0, 0.3, -0.2, 0.3, 1.5};
    alecable_model *m;
    double g[3] = {0, 0, -9.81};
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    dummy_cable(m);
    free_body(m, com, J, 2.5);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    check_weighted_jacobians(m, 3u, 0.3);
    alecable_model_destroy(m);
}
END_TEST

/* A torque-free body spinning near its intermediate axis (J = diag(1, 2, 3),
 * Omega = (0.01, 10, 0) rad/s) flips; with the trapezoidal rule on the
 * rotation group at h = 1e-4 the kinetic energy and the spatial angular
 * momentum stay within 1e-6 relative over 10 s (measured 8e-8 and 1.1e-7;
 * both errors are O(h^2): 8e-6 and 1.1e-5 at h = 1e-3) */
START_TEST(torque_free_body_conserves)
{
    const double com[3] = {0, 0, 0}, J[9] = {1, 0, 0, 0, 2, 0, 0, 0, 3};
    alecable_model *m;
    alecable_body *b;
    alecable_body_params bp;
    alecable_integrator *it;
    alecable_dynamic_options o;
    double E0 = -1.0, L0[3] = {0, 0, 0}, e_err = 0.0, l_err = 0.0, q[64], v[64], prev = 10.0;
    int k, d, sign_changes = 0;
    alecable_node *bn;
    (void)com;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    dummy_cable(m);
    alecable_body_params_init(&bp);
    bp.mass = 1.0;
    memcpy(bp.inertia, J, sizeof bp.inertia);
    bp.omega[0] = 0.01;
    bp.omega[1] = 10.0;
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK;
    o.h = 1e-4;
    ck_assert_msg(alecable_model_integrator(&it, m, &o) == 0, "%s", alecable_model_errmsg(m));
    ck_assert_int_eq(alecable_body_node(&bn, b), 0);
    ck_assert_int_eq(alecable_node_dof_index(bn, ALECABLE_DOF_X, &d), 0);
    for (k = 0; k <= 100000; k++) {
        double R[9], W[3], hb[3], L[3], E, t;
        int i;
        if (k > 0) ck_assert_int_eq(alecable_integrator_step(it, 1e-4), 0);
        if (k % 100) continue;
        ck_assert_int_eq(alecable_integrator_get_state(it, &t, q, v, NULL, NULL), 0);
        ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
        ck_assert_int_eq(alecable_body_pose(b, NULL, R), 0);
        for (i = 0; i < 3; i++) {
            W[i] = v[d + 3 + i];
            hb[i] = J[4 * i] * W[i];
        }
        for (i = 0; i < 3; i++) L[i] = R[3 * i] * hb[0] + R[3 * i + 1] * hb[1] + R[3 * i + 2] * hb[2];
        E = 0.5 * (hb[0] * W[0] + hb[1] * W[1] + hb[2] * W[2]);
        if (E0 < 0) {
            E0 = E;
            memcpy(L0, L, sizeof L);
        }
        e_err = fmax(e_err, fabs(E - E0) / E0);
        l_err = fmax(l_err, sqrt((L[0] - L0[0]) * (L[0] - L0[0]) + (L[1] - L0[1]) * (L[1] - L0[1]) +
                                 (L[2] - L0[2]) * (L[2] - L0[2])) / sqrt(L0[0] * L0[0] + L0[1] * L0[1] + L0[2] * L0[2]));
        if (W[1] * prev < 0) sign_changes++;
        prev = W[1];
    }
    ck_assert_msg(e_err < 1e-6, "energy: %.3g", e_err);
    ck_assert_msg(l_err < 1e-6, "angular momentum: %.3g", l_err);
    ck_assert_int_ge(sign_changes, 2); /* it flipped */
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* K(k), the complete elliptic integral of the first kind, by the
 * arithmetic-geometric mean: K = pi / (2 agm(1, sqrt(1 - k^2))) */
static double ellip_k(double k)
{
    double a = 1.0, b = sqrt(1.0 - k * k);
    int it;
    for (it = 0; it < 40 && fabs(a - b) > 1e-15 * a; it++) { /* quadratic: a few iterations */
        double c = 0.5 * (a + b);
        b = sqrt(a * b);
        a = c;
    }
    return M_PI / (2.0 * a);
}

/* A rigid pendulum: a body on a revolute joint (about z, at the origin) to
 * a fixed ground body, its centre of mass PD_D = 0.8 m below the joint,
 * released from PD_TH0 = 100 degrees; its integrator with method, step h */
#define PD_D 0.8
#define PD_MASS 2.0
#define PD_JZZ 0.05
#define PD_TH0 (100.0 * M_PI / 180.0)
static alecable_model *rigid_pendulum(int method, double h, alecable_body **pend, alecable_joint **joint,
                                      alecable_integrator **it)
{
    alecable_model *m;
    alecable_body *ground;
    alecable_body_params bp;
    alecable_dynamic_options o;
    double g[3] = {0, -9.81, 0}, point[3] = {0, 0, 0}, axis[3] = {0, 0, 1};
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    dummy_cable(m);
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&ground, m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(m, ground), 0);
    bp.mass = PD_MASS;
    bp.com[1] = -PD_D;
    bp.inertia[0] = bp.inertia[4] = bp.inertia[8] = PD_JZZ;
    bp.rotation[0] = bp.rotation[4] = cos(PD_TH0);
    bp.rotation[1] = -sin(PD_TH0);
    bp.rotation[3] = sin(PD_TH0);
    ck_assert_int_eq(alecable_body_create(pend, m, &bp), 0);
    ck_assert_int_eq(alecable_revolute(joint, m, ground, *pend, point, axis, 0.0), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = h;
    ck_assert_msg(alecable_model_integrator(it, m, &o) == 0, "%s", alecable_model_errmsg(m));
    return m;
}

static double pendulum_angle_now(alecable_model *m, const alecable_integrator *it, const alecable_body *pend)
{
    double R[9];
    ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
    ck_assert_int_eq(alecable_body_pose(pend, NULL, R), 0);
    return atan2(R[3], R[0]);
}

/* The period of the rigid pendulum,
 *     T = 4 sqrt(I_o / (m g d)) K(sin(theta0 / 2)),  I_o = J_zz + m d^2,
 * against the times between the simulation's upward zero crossings of the
 * angle (interpolated), with HHT at h = 5e-4: within 1e-5 relative
 * (measured 1.7e-7). */
START_TEST(rigid_pendulum_period)
{
    const double h = 5e-4, Io = PD_JZZ + PD_MASS * PD_D * PD_D;
    alecable_body *pend;
    alecable_integrator *it;
    alecable_model *m = rigid_pendulum(ALECABLE_METHOD_HHT, h, &pend, NULL, &it);
    double prev = 0.0, t_prev = 0.0, t_first = -1.0, t_last = -1.0, T_exact, T_sim;
    int k, crossings = 0;
    T_exact = 4.0 * sqrt(Io / (PD_MASS * 9.81 * PD_D)) * ellip_k(sin(0.5 * PD_TH0));
    for (k = 1; k * h <= 3.5 * T_exact; k++) {
        double th, t = k * h;
        ck_assert_msg(alecable_integrator_step(it, h) == 0, "%s", alecable_integrator_errmsg(it));
        th = pendulum_angle_now(m, it, pend);
        if (prev < 0.0 && th >= 0.0) { /* upward crossing, linear interpolation */
            double tc = t_prev + h * (-prev) / (th - prev);
            if (t_first < 0) t_first = tc;
            t_last = tc;
            crossings++;
        }
        prev = th;
        t_prev = t;
    }
    ck_assert_int_ge(crossings, 3);
    T_sim = (t_last - t_first) / (crossings - 1);
    ck_assert_msg(fabs(T_sim - T_exact) < 1e-5 * T_exact, "period %.9f s, exact %.9f s (%.3g)", T_sim, T_exact,
                  (T_sim - T_exact) / T_exact);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* the rigid pendulum's angle at t_end with method and step h */
static double pendulum_angle(int method, double h, double t_end)
{
    alecable_body *pend;
    alecable_integrator *it;
    alecable_model *m = rigid_pendulum(method, h, &pend, NULL, &it);
    double th;
    ck_assert_msg(alecable_integrator_advance(it, t_end) == 0, "%s", alecable_integrator_errmsg(it));
    th = pendulum_angle_now(m, it, pend);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
    return th;
}

/* a PD motor: tau = -kp (theta - theta_d(t)) - kd dtheta/dt, with its
 * partial derivatives */
static int pd_motor(void *user, double t, double angle, double rate, double *tau, double *dth, double *drate)
{
    const double kp = 3.0, kd = 0.4;
    (void)user;
    *tau = -kp * (angle - 0.3 * sin(t)) - kd * rate;
    *dth = -kp;
    *drate = -kd;
    return 0;
}

/* The revolute joint's damper and motor: the weighted Jacobian against
 * differences of the residual (q through the update), in a perturbed state
 * with random velocities and accelerations */
START_TEST(revolute_drive_jacobian)
{
    alecable_body *pend;
    alecable_integrator *it;
    alecable_joint *j;
    alecable_model *m = rigid_pendulum(ALECABLE_METHOD_HHT, 1e-3, &pend, &j, &it);
    alecable_integrator_destroy(it);
    ck_assert_int_eq(alecable_joint_set_damping(j, 0.7), 0);
    ck_assert_int_eq(alecable_joint_set_motor(j, pd_motor, NULL), 0);
    check_weighted_jacobians(m, 21u, 0.2);
    ck_assert_int_eq(alecable_joint_set_damping(j, -1.0), ALECABLE_EINVAL);
    alecable_model_destroy(m);
}
END_TEST

/* The prismatic joint's spring, damper and motor: the weighted Jacobian
 * against differences of the residual, two free bodies in a perturbed state
 * with random velocities and accelerations (its constraint terms with
 * multipliers: test_bodies.c) */
START_TEST(prismatic_drive_jacobian)
{
    const double com[3] = {0.1, -0.2, 0.05}, J[9] = {0.3, 0, 0, 0, 0.2, 0, 0, 0, 0.4};
    double pt[3] = {0.3, -0.1, 0.2}, ax[3] = {0.2, 1.0, -0.4};
    alecable_model *m;
    alecable_body *b1, *b2;
    alecable_joint *j;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    dummy_cable(m);
    b1 = free_body(m, com, J, 1.0);
    b2 = free_body(m, com, J, 2.0);
    ck_assert_int_eq(alecable_prismatic(&j, m, b1, b2, pt, ax, 4.0), 0);
    ck_assert_int_eq(alecable_joint_set_damping(j, 0.7), 0);
    ck_assert_int_eq(alecable_joint_set_motor(j, pd_motor, NULL), 0);
    check_weighted_jacobians(m, 31u, 0.2);
    alecable_model_destroy(m);
}
END_TEST

/* A body on a spring that slides on a tilted prismatic joint, released at
 * the spring's rest length: c(t) = c_eq (1 - cos(w t)), c_eq = m g.a / k,
 * w = sqrt(k / m), whatever its centre of mass (the joint holds the
 * rotation: the body's stays at its initial one to 1e-10).  Trapezoidal rule
 * at h = 1e-3 over 2 s: the phase error w^3 h^2 t / 12 = 2e-5 rad, checked
 * at 1e-4 of c_eq. */
START_TEST(prismatic_spring_mass)
{
    const double mass = 2.0, k = 50.0, h = 1e-3, s2 = sqrt(0.5);
    double g[3] = {0, -9.81, 0}, ax[3] = {s2, s2, 0}, c_eq = mass * (-9.81 * s2) / k, w = sqrt(k / mass), err = 0.0;
    double R0[9], R[9], rot_err = 0.0, slide, spring;
    alecable_model *m;
    alecable_body *ground, *slider;
    alecable_body_params bp;
    alecable_joint *j;
    alecable_integrator *it;
    alecable_dynamic_options o;
    int n, i;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    dummy_cable(m);
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&ground, m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(m, ground), 0);
    bp.mass = mass;
    bp.com[0] = 0.3;
    bp.com[2] = -0.2;
    bp.inertia[0] = 0.02;
    bp.inertia[4] = 0.03;
    bp.inertia[8] = 0.04;
    bp.position[0] = 0.5;
    bp.position[1] = 0.5;
    ck_assert_int_eq(alecable_body_create(&slider, m, &bp), 0);
    ck_assert_int_eq(alecable_body_pose(slider, NULL, R0), 0);
    ck_assert_int_eq(alecable_prismatic(&j, m, ground, slider, bp.position, ax, k), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK;
    o.h = h;
    ck_assert_msg(alecable_model_integrator(&it, m, &o) == 0, "%s", alecable_model_errmsg(m));
    for (n = 1; n * h <= 2.0 + 1e-12; n++) {
        ck_assert_msg(alecable_integrator_step(it, h) == 0, "%s", alecable_integrator_errmsg(it));
        ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
        ck_assert_int_eq(alecable_prismatic_state(j, &slide, &spring), 0);
        err = fmax(err, fabs(slide - c_eq * (1.0 - cos(w * n * h))));
        ck_assert_int_eq(alecable_body_pose(slider, NULL, R), 0);
        for (i = 0; i < 9; i++) rot_err = fmax(rot_err, fabs(R[i] - R0[i]));
    }
    ck_assert_msg(err < 1e-4 * fabs(c_eq), "slide error %.3g m (c_eq %.4f m)", err, c_eq);
    ck_assert_msg(rot_err < 1e-10, "rotation drift %.3g", rot_err);
    ck_assert_double_eq_tol(spring, -k * slide, 1e-12);
    ck_assert_int_eq(alecable_revolute_state(j, NULL, NULL), ALECABLE_EINVAL);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* A damped pendulum loses its energy: the total energy falls monotonically
 * and the work of the damper, integrated by the trapezoidal rule, accounts
 * for the loss to 1e-3 */
START_TEST(damped_pendulum_dissipates)
{
    alecable_body *pend;
    alecable_integrator *it;
    alecable_joint *j;
    alecable_model *m = rigid_pendulum(ALECABLE_METHOD_NEWMARK, 1e-3, &pend, &j, &it);
    int k;
    double e_prev, e0, work = 0.0, rate_prev = 0.0, c = 0.05;
    ck_assert_int_eq(alecable_joint_set_damping(j, c), 0); /* read at each evaluation */
    {
        double wi, we, T;
        ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
        alecable_model_energy(m, &wi, &we);
        alecable_model_kinetic_energy(m, &T);
        e0 = e_prev = wi + we + T;
    }
    for (k = 1; k <= 3000; k++) {
        double wi, we, T, q[64], v[64], rate;
        int d;
        alecable_node *bn;
        ck_assert_msg(alecable_integrator_step(it, 1e-3) == 0, "%s", alecable_integrator_errmsg(it));
        ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
        ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q, v, NULL, NULL), 0);
        ck_assert_int_eq(alecable_body_node(&bn, pend), 0);
        ck_assert_int_eq(alecable_node_dof_index(bn, ALECABLE_DOF_RZ, &d), 0);
        rate = v[d]; /* about z: the joint's rate (the ground is fixed) */
        work += 0.5 * 1e-3 * c * (rate * rate + rate_prev * rate_prev);
        rate_prev = rate;
        alecable_model_energy(m, &wi, &we);
        alecable_model_kinetic_energy(m, &T);
        ck_assert_double_le(wi + we + T, e_prev + 1e-9);
        e_prev = wi + we + T;
    }
    ck_assert_double_gt(e0 - e_prev, 0.1 * work);
    ck_assert_msg(fabs((e0 - e_prev) - work) < 1e-3 * work, "energy lost %.9g, damper work %.9g", e0 - e_prev, work);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* a frame turning about a tilted axis and translating, with exact rates */
static int host_frame(void *user, double t, double x[3], double R[9], double v[3], double w[3], double a[3],
                      double al[3])
{
    const double ax[3] = {0.48, 0.6, 0.64};
    double th = 0.8 * t + 0.3 * t * t, thd = 0.8 + 0.6 * t, thdd = 0.6, c = cos(th), s = sin(th);
    int i, k;
    (void)user;
    for (i = 0; i < 3; i++) {
        x[i] = 0.2 * i + 0.1 * t * t * ax[(i + 1) % 3] + 0.05 * t;
        v[i] = 0.2 * t * ax[(i + 1) % 3] + 0.05;
        a[i] = 0.2 * ax[(i + 1) % 3];
        w[i] = thd * ax[i];
        al[i] = thdd * ax[i];
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

/* A body driven by the host: the drive's Jacobian (with multipliers) and
 * its constraint rates against differences, then in dynamics the body
 * follows the host's frame and the drive's force is m (a - g) on a point
 * mass */
START_TEST(driven_body)
{
    const double com[3] = {0, 0, 0}, J[9] = {0.2, 0, 0, 0, 0.3, 0, 0, 0, 0.4};
    alecable_model *m;
    alecable_body *b;
    alecable_joint *drv;
    alecable_problem p;
    alecable_integrator *it;
    alecable_dynamic_options o;
    double q[64], v[64], lam[64], rp[128], rm[128], r0[128], z[64], gd[16], ga[16], g[3] = {0, 0, -9.81}, t = 0.4,
           h = 1e-4, x[3], xd[3], Rd[9], vd[3], wd[3], ad[3], ald[3], L[6];
    unsigned seed = 5u;
    int i, n, nl;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    dummy_cable(m);
    { /* the body starts on the host's frame, with its velocities */
        alecable_body_params bp;
        alecable_body_params_init(&bp);
        bp.mass = 1.5;
        memcpy(bp.com, com, sizeof bp.com);
        memcpy(bp.inertia, J, sizeof bp.inertia);
        host_frame(NULL, 0.0, bp.position, bp.rotation, bp.velocity, wd, ad, ald);
        for (i = 0; i < 3; i++) /* Omega = R^T w */
            bp.omega[i] = bp.rotation[i] * wd[0] + bp.rotation[3 + i] * wd[1] + bp.rotation[6 + i] * wd[2];
        ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
    }
    ck_assert_int_eq(alecable_body_prescribe(&drv, m, b, host_frame, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    n = p.nq + p.nlam;
    nl = p.nlam;
    ck_assert_int_eq(alecable_model_get_state(m, q, NULL, NULL), 0);
    for (i = 0; i < p.nq; i++) {
        q[i] += 0.2 * fd_rand(&seed);
        v[i] = fd_rand(&seed);
    }
    for (i = 0; i < nl; i++) lam[i] = fd_rand(&seed);
    {
        static const double w1[3] = {1, 0, 0};
        double a0[64];
        memset(a0, 0, sizeof a0);
        ck_assert_double_le(weighted_error(&p, q, v, a0, w1), 1e-6);
    }
    /* the rates along q(tau) = q (+) tau v */
    ck_assert_int_eq(p.constraint_rates(p.ctx, t, q, v, gd, ga), 0);
    memcpy(z, q, sizeof z);
    ck_assert_int_eq(p.update(p.ctx, z, v, h), 0);
    ck_assert_int_eq(p.residual(p.ctx, t + h, z, NULL, NULL, lam, rp), 0);
    memcpy(z, q, sizeof z);
    ck_assert_int_eq(p.update(p.ctx, z, v, -h), 0);
    ck_assert_int_eq(p.residual(p.ctx, t - h, z, NULL, NULL, lam, rm), 0);
    ck_assert_int_eq(p.residual(p.ctx, t, q, NULL, NULL, lam, r0), 0);
    for (i = nl - 6; i < nl; i++) {
        double d1 = (rp[p.nq + i] - rm[p.nq + i]) / (2 * h), d2 = (rp[p.nq + i] - 2 * r0[p.nq + i] + rm[p.nq + i]) / (h * h);
        ck_assert_msg(fabs(gd[i] - d1) < 1e-6 * (1 + fabs(d1)), "gdot[%d] %.9g vs %.9g", i, gd[i], d1);
        ck_assert_msg(fabs(ga[i] - d2) < 1e-4 * (1 + fabs(d2)), "gamma[%d] %.9g vs %.9g", i, ga[i], d2);
    }
    (void)n;
    /* dynamics: the body rides the frame */
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_HHT;
    o.h = 1e-3;
    ck_assert_msg(alecable_model_integrator(&it, m, &o) == 0, "%s", alecable_model_errmsg(m));
    ck_assert_msg(alecable_integrator_advance(it, 0.5) == 0, "%s", alecable_integrator_errmsg(it));
    ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
    ck_assert_int_eq(alecable_body_pose(b, x, NULL), 0);
    host_frame(NULL, 0.5, xd, Rd, vd, wd, ad, ald);
    for (i = 0; i < 3; i++) ck_assert_double_eq_tol(x[i], xd[i], 1e-9);
    /* the drive takes -lambda: m (a - g) = -lambda_x, to the method's O(h^2) in a */
    ck_assert_int_eq(alecable_joint_multipliers(drv, L), 0);
    for (i = 0; i < 3; i++) ck_assert_double_eq_tol(-L[i], 1.5 * (ad[i] - g[i]), 1e-3 * 1.5 * 9.81);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* A fixed joint welds body C to the rigid pendulum's body (below it, at
 * 0.4 m from the joint): the two swing as one compound pendulum of inertia
 * I = I_o + I_C about the joint and mass moment m d + m_C d_C, whose exact
 * period they must keep to 1e-5 (HHT, h = 5e-4) */
START_TEST(fixed_joint_compound_pendulum)
{
    const double h = 5e-4, mC = 0.7, dC = 0.4, JC = 0.01;
    alecable_body *pend, *cbody;
    alecable_joint *rev;
    alecable_integrator *it;
    alecable_model *m = rigid_pendulum(ALECABLE_METHOD_HHT, h, &pend, &rev, &it);
    alecable_body_params bp;
    alecable_dynamic_options o;
    double prev = 0.0, t_prev = 0.0, t_first = -1.0, t_last = -1.0, T_exact, T_sim, p0[3], R0[9];
    double Itot = PD_JZZ + PD_MASS * PD_D * PD_D + JC + mC * dC * dC, md = PD_MASS * PD_D + mC * dC;
    int k, crossings = 0;
    alecable_integrator_destroy(it);
    /* C's centre on the pendulum's line, 0.4 m from the joint */
    ck_assert_int_eq(alecable_body_pose(pend, p0, R0), 0);
    alecable_body_params_init(&bp);
    bp.mass = mC;
    bp.inertia[0] = bp.inertia[4] = bp.inertia[8] = JC;
    memcpy(bp.rotation, R0, sizeof R0);
    for (k = 0; k < 3; k++) bp.position[k] = p0[k] - dC * R0[3 * k + 1];
    ck_assert_int_eq(alecable_body_create(&cbody, m, &bp), 0);
    ck_assert_int_eq(alecable_fixed_joint(NULL, m, pend, cbody, bp.position), 0);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_HHT;
    o.h = h;
    ck_assert_msg(alecable_model_integrator(&it, m, &o) == 0, "%s", alecable_model_errmsg(m));
    T_exact = 4.0 * sqrt(Itot / (md * 9.81)) * ellip_k(sin(0.5 * PD_TH0));
    for (k = 1; k * h <= 3.5 * T_exact; k++) {
        double th, t = k * h;
        ck_assert_msg(alecable_integrator_step(it, h) == 0, "%s", alecable_integrator_errmsg(it));
        th = pendulum_angle_now(m, it, pend);
        if (prev < 0.0 && th >= 0.0) {
            double tc = t_prev + h * (-prev) / (th - prev);
            if (t_first < 0) t_first = tc;
            t_last = tc;
            crossings++;
        }
        prev = th;
        t_prev = t;
    }
    ck_assert_int_ge(crossings, 3);
    T_sim = (t_last - t_first) / (crossings - 1);
    ck_assert_msg(fabs(T_sim - T_exact) < 1e-5 * T_exact, "period %.9f s, exact %.9f s (%.3g)", T_sim, T_exact,
                  (T_sim - T_exact) / T_exact);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* A body on a spherical joint, released tilted and spinning about its own
 * axis (a heavy top hanging down): the joint point stays put and, with the
 * trapezoidal rule at h = 1e-4, the total energy within 1e-6 of its scale
 * over 2 s */
START_TEST(spherical_joint_top)
{
    alecable_model *m;
    alecable_body *ground, *top;
    alecable_body_params bp;
    alecable_integrator *it;
    alecable_dynamic_options o;
    double g[3] = {0, 0, -9.81}, point[3] = {0, 0, 0}, tilt = 0.5, e0 = 0, e_dev = 0, scale = 1.2 * 9.81 * 0.5;
    int k;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    dummy_cable(m);
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&ground, m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(m, ground), 0);
    bp.mass = 1.2;
    bp.com[2] = -0.5;
    bp.inertia[0] = bp.inertia[4] = 0.02;
    bp.inertia[8] = 0.03;
    bp.rotation[4] = bp.rotation[8] = cos(tilt);
    bp.rotation[5] = -sin(tilt);
    bp.rotation[7] = sin(tilt);
    bp.omega[2] = 20.0;
    ck_assert_int_eq(alecable_body_create(&top, m, &bp), 0);
    ck_assert_int_eq(alecable_spherical(NULL, m, ground, top, point), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK;
    o.h = 1e-4;
    ck_assert_msg(alecable_model_integrator(&it, m, &o) == 0, "%s", alecable_model_errmsg(m));
    for (k = 0; k <= 20000; k++) {
        double wi, we, T, x[3];
        if (k > 0) ck_assert_msg(alecable_integrator_step(it, 1e-4) == 0, "%s", alecable_integrator_errmsg(it));
        if (k % 200) continue;
        ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
        alecable_model_energy(m, &wi, &we);
        alecable_model_kinetic_energy(m, &T);
        if (k == 0) e0 = wi + we + T;
        e_dev = fmax(e_dev, fabs(wi + we + T - e0));
        ck_assert_int_eq(alecable_body_pose(top, x, NULL), 0);
        ck_assert_double_le(sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]), 1e-9);
    }
    ck_assert_msg(e_dev < 1e-6 * scale, "energy changed by %.3g J (scale %.3g J)", e_dev, scale);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* The point-mass pendulum on a very stiff axial cable: a body (0.9 kg,
 * tiny inertia) fastened to the end of one massless axial element of 1 m
 * (EA = 1e7 N) pinned at the origin, released horizontally.  Its period is
 * the rigid pendulum's, 4 sqrt(L/g) K(sin(45 deg)), to the cable's stretch
 * (m g / EA ~ 1e-6, with the swing's tension up to 3 m g): within 1e-5. */
START_TEST(pendulum_on_a_stiff_cable)
{
    const double L = 1.0, mass = 0.9, h = 5e-4;
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_body *b;
    alecable_body_params bp;
    alecable_node *n0, *n1;
    alecable_integrator *it;
    alecable_dynamic_options o;
    double a[3] = {0, 0, 0}, e[3] = {L, 0, 0}, g[3] = {0, -9.81, 0}, p0[3] = {0, 0, 0}, prev = 0.0, t_prev = 0.0;
    double t_first = -1.0, t_last = -1.0, T_exact, T_sim;
    int k, crossings = 0;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e7;
    sec.A = 1.0;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, e, 0.0, L, 1), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_node(&n0, c, 0), 0);
    ck_assert_int_eq(alecable_cable_node(&n1, c, 1), 0);
    for (k = 0; k < 3; k++) ck_assert_int_eq(alecable_fix(NULL, m, n0, k), 0);
    alecable_body_params_init(&bp);
    bp.mass = mass;
    bp.position[0] = L;
    bp.inertia[0] = bp.inertia[4] = bp.inertia[8] = 1e-8;
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
    ck_assert_int_eq(alecable_attach(NULL, m, n1, b, p0, 0), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_HHT;
    o.h = h;
    ck_assert_msg(alecable_model_integrator(&it, m, &o) == 0, "%s", alecable_model_errmsg(m));
    T_exact = 4.0 * sqrt(L / 9.81) * ellip_k(sin(0.25 * M_PI));
    for (k = 1; k * h <= 3.5 * T_exact; k++) {
        double x[3], th, t = k * h;
        ck_assert_msg(alecable_integrator_step(it, h) == 0, "%s", alecable_integrator_errmsg(it));
        ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
        ck_assert_int_eq(alecable_body_pose(b, x, NULL), 0);
        th = atan2(x[0], -x[1]); /* from the vertical */
        if (k > 10 && prev < 0.0 && th >= 0.0) {
            double tc = t_prev + h * (-prev) / (th - prev);
            if (t_first < 0) t_first = tc;
            t_last = tc;
            crossings++;
        }
        prev = th;
        t_prev = t;
    }
    ck_assert_int_ge(crossings, 3);
    T_sim = (t_last - t_first) / (crossings - 1);
    ck_assert_msg(fabs(T_sim - T_exact) < 1e-5 * T_exact, "period %.9f s, rigid %.9f s (%.3g)", T_sim, T_exact,
                  (T_sim - T_exact) / T_exact);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* gdot and gamma of every constraint against differences of g along
 * q(tau) = q (+) tau v (the bodies' rotations by composition): the largest
 * relative error of the two */
static void rates_errors(const alecable_problem *p, double t, const double *q, const double *v, double *eg, double *ea)
{
    int n = p->nq + p->nlam, i;
    double *z = malloc((size_t)p->nq * sizeof *z), *rp = malloc((size_t)n * sizeof *rp), *rm = malloc((size_t)n * sizeof *rm);
    double *r0 = malloc((size_t)n * sizeof *r0), *lam = calloc((size_t)p->nlam + 1, sizeof *lam);
    double *gd = malloc((size_t)p->nlam * sizeof *gd), *ga = malloc((size_t)p->nlam * sizeof *ga), h = 1e-4;
    ck_assert_int_eq(p->constraint_rates(p->ctx, t, q, v, gd, ga), 0);
    memcpy(z, q, (size_t)p->nq * sizeof *z);
    ck_assert_int_eq(p->update(p->ctx, z, v, h), 0);
    ck_assert_int_eq(p->residual(p->ctx, t + h, z, NULL, NULL, lam, rp), 0);
    memcpy(z, q, (size_t)p->nq * sizeof *z);
    ck_assert_int_eq(p->update(p->ctx, z, v, -h), 0);
    ck_assert_int_eq(p->residual(p->ctx, t - h, z, NULL, NULL, lam, rm), 0);
    ck_assert_int_eq(p->residual(p->ctx, t, q, NULL, NULL, lam, r0), 0);
    *eg = *ea = 0.0;
    for (i = 0; i < p->nlam; i++) {
        double d1 = (rp[p->nq + i] - rm[p->nq + i]) / (2 * h), d2 = (rp[p->nq + i] - 2 * r0[p->nq + i] + rm[p->nq + i]) / (h * h);
        *eg = fmax(*eg, fabs(gd[i] - d1) / (1 + fabs(d1)));
        *ea = fmax(*ea, fabs(ga[i] - d2) / (1 + fabs(d2)));
    }
    free(z);
    free(rp);
    free(rm);
    free(r0);
    free(lam);
    free(gd);
    free(ga);
}

/* The constraint rates of the joints between bodies and of cables on
 * bodies (revolute, spherical, fixed, prismatic, a cable node fastened to a body, a
 * Kirchhoff node clamped to a body) in a moving state: the semi-implicit
 * methods stabilize with them.  Differences of step 1e-4: gdot to 1e-6,
 * gamma (second differences) to 1e-4. */
START_TEST(joint_rates_with_bodies)
{
    const double com[3] = {0.1, -0.2, 0.05}, J[9] = {0.3, 0, 0, 0, 0.2, 0, 0, 0, 0.4};
    alecable_model *m;
    alecable_body *b1, *b2, *b3, *b4, *b5;
    alecable_cable *c;
    alecable_section sec;
    alecable_beam_params bpar;
    alecable_clamp_params cp;
    alecable_node *n0;
    alecable_problem p;
    double q[128], v[128], eg, ea, pt[3] = {0.2, 0.1, 0.0}, a[3] = {0, 0, 0}, e[3] = {1, 0, 0}, p0[3] = {0, 0, 0};
    unsigned seed = 8u;
    int i;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e5;
    sec.A = 1e-3;
    sec.rho = 10.0;
    sec.I = 1e-7;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_KIRCHHOFF, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, e, 0.0, 1.0, 2), 0);
    alecable_beam_params_init(&bpar);
    bpar.GJ = 0.01;
    ck_assert_int_eq(alecable_cable_set_beam(c, &bpar), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    b1 = free_body(m, com, J, 1.0);
    b2 = free_body(m, com, J, 2.0);
    b3 = free_body(m, com, J, 1.5);
    b4 = free_body(m, com, J, 0.5);
    ck_assert_int_eq(alecable_revolute(NULL, m, b1, b2, pt, e, 0.3), 0);
    ck_assert_int_eq(alecable_spherical(NULL, m, b2, b3, pt), 0);
    ck_assert_int_eq(alecable_fixed_joint(NULL, m, b3, b4, pt), 0);
    b5 = free_body(m, com, J, 0.8);
    ck_assert_int_eq(alecable_prismatic(NULL, m, b1, b5, pt, e, 0.0), 0);
    ck_assert_int_eq(alecable_cable_node(&n0, c, 2), 0);
    ck_assert_int_eq(alecable_attach(NULL, m, n0, b1, p0, 0), 0);
    ck_assert_int_eq(alecable_cable_node(&n0, c, 0), 0);
    alecable_clamp_params_init(&cp);
    cp.body = b4;
    ck_assert_int_eq(alecable_clamp(NULL, m, n0, &cp), 0);
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    ck_assert_int_le(p.nq, 128);
    ck_assert_int_eq(alecable_model_get_state(m, q, NULL, NULL), 0);
    for (i = 0; i < p.nq; i++) {
        q[i] += 0.1 * fd_rand(&seed);
        v[i] = fd_rand(&seed);
    }
    rates_errors(&p, 0.3, q, v, &eg, &ea);
    ck_assert_msg(eg < 1e-6, "gdot: %.3g", eg);
    ck_assert_msg(ea < 1e-4, "gamma: %.3g", ea);
    alecable_model_destroy(m);
}
END_TEST

/* With the joints' rates, the semi-implicit methods take bodies: SI-HHT at
 * h = 1e-3 on the rigid pendulum keeps its period to 1e-3 (the velocity
 * stabilization's damping and the method's error; HHT's is 1.7e-7) */
START_TEST(semi_implicit_rigid_pendulum)
{
    const double h = 1e-3, Io = PD_JZZ + PD_MASS * PD_D * PD_D;
    alecable_body *pend;
    alecable_integrator *it;
    alecable_model *m = rigid_pendulum(ALECABLE_METHOD_SI_HHT, h, &pend, NULL, &it);
    double prev = 0.0, t_prev = 0.0, t_first = -1.0, t_last = -1.0, T_exact, T_sim;
    int k, crossings = 0;
    T_exact = 4.0 * sqrt(Io / (PD_MASS * 9.81 * PD_D)) * ellip_k(sin(0.5 * PD_TH0));
    for (k = 1; k * h <= 3.5 * T_exact; k++) {
        double th, t = k * h;
        ck_assert_msg(alecable_integrator_step(it, h) == 0, "%s", alecable_integrator_errmsg(it));
        th = pendulum_angle_now(m, it, pend);
        if (prev < 0.0 && th >= 0.0) {
            double tc = t_prev + h * (-prev) / (th - prev);
            if (t_first < 0) t_first = tc;
            t_last = tc;
            crossings++;
        }
        prev = th;
        t_prev = t;
    }
    ck_assert_int_ge(crossings, 3);
    T_sim = (t_last - t_first) / (crossings - 1);
    ck_assert_msg(fabs(T_sim - T_exact) < 1e-3 * T_exact, "period %.9f s, exact %.9f s (%.3g)", T_sim, T_exact,
                  (T_sim - T_exact) / T_exact);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* Convergence in h on the rotation group: the rigid pendulum's angle at
 * t = 1 s against an HHT run at h = 1e-5 (its own error ~1e-10 rad);
 * halving h from 4e-3 to 2e-3 divides the error by 4 for each implicit
 * method: Newmark (trapezoidal), HHT, Bossak and generalized-alpha, all of
 * second order (measured: 1.64e-5 to 4.10e-6, 1.87e-5 to 4.68e-6, 2.17e-5
 * to 5.41e-6 and 1.73e-5 to 4.33e-6 rad: orders 2.000, 2.002, 2.005,
 * 2.000; checked within [1.8, 2.3]) */
START_TEST(second_order_with_bodies)
{
    static const int methods[4] = {ALECABLE_METHOD_NEWMARK, ALECABLE_METHOD_HHT, ALECABLE_METHOD_BOSSAK,
                                   ALECABLE_METHOD_GENALPHA};
    double ref = pendulum_angle(ALECABLE_METHOD_HHT, 1e-5, 1.0);
    int k;
    for (k = 0; k < 4; k++) {
        double e1 = fabs(pendulum_angle(methods[k], 4e-3, 1.0) - ref);
        double e2 = fabs(pendulum_angle(methods[k], 2e-3, 1.0) - ref);
        double order = log(e1 / e2) / log(2.0);
        ck_assert_msg(order > 1.8 && order < 2.3, "method %d: errors %.3g, %.3g: order %.2f", methods[k], e1, e2, order);
    }
}
END_TEST

/* Adaptive steps and undo with a body on the rotation group: adaptive
 * Newmark (atol 1e-9) on the rigid pendulum reaches t = 1 s within 1e-5 rad
 * of a fixed-step run at h = 1e-5, changing its step size; undo puts back
 * the state from before the last step bit for bit (the rotation included),
 * and the step taken again lands on the same state. */
START_TEST(adaptive_and_undo_with_bodies)
{
    alecable_body *pend;
    alecable_integrator *it;
    alecable_model *m;
    alecable_dynamic_options o;
    alecable_step_stats st;
    double ref = pendulum_angle(ALECABLE_METHOD_HHT, 1e-5, 1.0), th, q0[64], v0[64], q1[64], q2[64], t0, t1;
    int nq, i;
    m = rigid_pendulum(ALECABLE_METHOD_NEWMARK, 1e-3, &pend, NULL, &it);
    alecable_integrator_destroy(it);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK;
    o.h = 1e-3;
    o.adaptive = 1;
    o.atol = 1e-9;
    ck_assert_msg(alecable_model_integrator(&it, m, &o) == 0, "%s", alecable_model_errmsg(m));
    ck_assert_msg(alecable_integrator_advance(it, 1.0) == 0, "%s", alecable_integrator_errmsg(it));
    th = pendulum_angle_now(m, it, pend);
    ck_assert_msg(fabs(th - ref) < 1e-5, "adaptive %.9f rad, reference %.9f rad", th, ref);
    alecable_step_stats_init(&st);
    ck_assert_int_eq(alecable_integrator_stats(it, &st), 0);
    ck_assert_int_gt(st.steps, 10);
    ck_assert_msg(fabs(st.last_h - 1e-3) > 1e-6, "the step size never changed (%g)", st.last_h);
    /* undo */
    ck_assert_int_eq(alecable_model_sizes(m, &nq, NULL), 0);
    ck_assert_int_le(nq, 64);
    ck_assert_int_eq(alecable_integrator_get_state(it, &t0, q0, v0, NULL, NULL), 0);
    ck_assert_int_eq(alecable_integrator_step(it, 0.01), 0);
    ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q1, NULL, NULL, NULL), 0);
    ck_assert_int_eq(alecable_integrator_undo(it), 0);
    ck_assert_int_eq(alecable_integrator_get_state(it, &t1, q2, NULL, NULL, NULL), 0);
    ck_assert(t1 == t0);
    for (i = 0; i < nq; i++) ck_assert(q2[i] == q0[i]);
    ck_assert_int_eq(alecable_integrator_step(it, 0.01), 0);
    ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q2, NULL, NULL, NULL), 0);
    for (i = 0; i < nq; i++) ck_assert(q2[i] == q1[i]);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* Bad body input: a refusal naming the argument, the model unchanged */
START_TEST(bad_body_input)
{
    alecable_model *m;
    alecable_body *b;
    alecable_body_params bp;
    int n0, n1;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    dummy_cable(m);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &n0, NULL), 0);
    alecable_body_params_init(&bp);
    bp.mass = -1.0;
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "mass"));
    bp.mass = 1.0;
    bp.inertia[0] = 1.0;
    bp.inertia[1] = 0.5; /* not symmetric */
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "symmetric"));
    bp.inertia[1] = 0.0;
    bp.inertia[4] = -2.0; /* not positive */
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "positive"));
    bp.inertia[4] = 1.0;
    bp.inertia[8] = NAN;
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "inertia"));
    bp.inertia[8] = 1.0;
    bp.omega[2] = INFINITY;
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "omega"));
    bp.omega[2] = 0.0;
    bp.position[1] = NAN;
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "position"));
    bp.position[1] = 0.0;
    bp.velocity[0] = NAN;
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "velocity"));
    bp.velocity[0] = 0.0;
    bp.rotation[0] = NAN;
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "rotation"));
    bp.rotation[0] = 1.0;
    ck_assert_int_eq(alecable_model_sizes(m, &n1, NULL), 0);
    ck_assert_int_eq(n0, n1);
    /* joints: an axis of zero length, a NaN point, the same body twice */
    {
        alecable_body *a2, *b2;
        alecable_joint *jt = NULL;
        double pt[3] = {0, 0, 0}, zero[3] = {0, 0, 0}, ax[3] = {0, 0, 1}, bad[3] = {0, NAN, 0};
        ck_assert_int_eq(alecable_body_create(&a2, m, &bp), 0);
        ck_assert_int_eq(alecable_body_create(&b2, m, &bp), 0);
        ck_assert_int_eq(alecable_model_finalize(m), 0);
        ck_assert_int_eq(alecable_model_sizes(m, &n0, &n1), 0);
        ck_assert_int_eq(alecable_revolute(&jt, m, a2, b2, pt, zero, 0.0), ALECABLE_EINVAL);
        ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "axis"));
        ck_assert_ptr_null(jt);
        ck_assert_int_eq(alecable_prismatic(&jt, m, a2, b2, pt, zero, 0.0), ALECABLE_EINVAL);
        ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "axis"));
        ck_assert_int_eq(alecable_prismatic(&jt, m, a2, b2, bad, ax, 0.0), ALECABLE_EINVAL);
        ck_assert_int_eq(alecable_prismatic(&jt, m, a2, b2, pt, ax, -1.0), ALECABLE_EINVAL);
        ck_assert_int_eq(alecable_spherical(&jt, m, a2, a2, pt), ALECABLE_EINVAL);
        ck_assert_int_eq(alecable_joint_set_damping(NULL, 1.0), ALECABLE_ENULL);
        {
            int nq2, nl2;
            ck_assert_int_eq(alecable_model_sizes(m, &nq2, &nl2), 0);
            ck_assert_int_eq(nq2, n0);
            ck_assert_int_eq(nl2, n1);
        }
    }
    alecable_model_destroy(m);
}
END_TEST

/* No allocation in a step after the first: an ANCF pendulum with two bodies
 * attached (one fastened, one an eyelet), HHT and generalized-alpha */
START_TEST(no_allocation_per_step)
{
    static const int methods[2] = {ALECABLE_METHOD_HHT, ALECABLE_METHOD_GENALPHA};
    alecable_allocator al;
    int k, n;
    counting_alloc_init(&al);
    for (k = 0; k < 2; k++) {
        alecable_model *m;
        alecable_cable *c;
        alecable_section sec;
        alecable_integrator *it;
        alecable_dynamic_options o;
        double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, g[3] = {0, -9.81, 0}, p0[3] = {0, 0, 0};
        long c0;
        ck_assert_int_eq(alecable_model_create(&m, &al), 0);
        alecable_section_init(&sec);
        sec.E = 1e8;
        sec.A = 7.85e-5;
        sec.rho = 5000;
        sec.I = 1e-8;
        ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &sec), 0);
        ck_assert_int_eq(alecable_cable_line(c, a, b, 0, 1, 10), 0);
        ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
        for (n = 0; n < 2; n++) {
            alecable_body_params bp;
            alecable_body *bd;
            alecable_node *cn, *bn;
            ck_assert_int_eq(alecable_cable_node(&cn, c, 5 + 5 * n), 0);
            alecable_body_params_init(&bp);
            ck_assert_int_eq(alecable_node_position(cn, bp.position), 0);
            bp.mass = 0.05;
            bp.inertia[0] = bp.inertia[4] = bp.inertia[8] = 1e-5;
            ck_assert_int_eq(alecable_body_create(&bd, m, &bp), 0);
            ck_assert_int_eq(alecable_attach(NULL, m, cn, bd, p0, 0), 0);
            ck_assert_int_eq(alecable_body_node(&bn, bd), 0);
            ck_assert_int_eq(alecable_fix(NULL, m, bn, ALECABLE_DOF_RX), 0);
            ck_assert_int_eq(alecable_fix(NULL, m, bn, ALECABLE_DOF_RY), 0);
        }
        {
            alecable_node *n0;
            ck_assert_int_eq(alecable_cable_node(&n0, c, 0), 0);
            for (n = 0; n < 3; n++) ck_assert_int_eq(alecable_fix(NULL, m, n0, n), 0);
        }
        ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
        alecable_dynamic_options_init(&o);
        o.method = methods[k];
        o.h = 1e-3;
        counting_alloc_calls = 0;
        ck_assert_msg(alecable_model_integrator(&it, m, &o) == 0, "%s", alecable_model_errmsg(m));
        ck_assert_msg(alecable_integrator_step(it, 1e-3) == 0, "%s", alecable_integrator_errmsg(it));
        c0 = counting_alloc_calls;
        for (n = 0; n < 30; n++) ck_assert_msg(alecable_integrator_step(it, 1e-3) == 0, "%s", alecable_integrator_errmsg(it));
        ck_assert_int_eq(counting_alloc_calls, c0);
        alecable_integrator_destroy(it);
        alecable_model_destroy(m);
    }
}
END_TEST

Suite *suite_bodies_dynamic(void)
{
    Suite *s = suite_create("rigid bodies in dynamics");
    TCase *tc = tcase_create("inertia");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, inertia_jacobian);
    tcase_add_test(tc, torque_free_body_conserves);
    tcase_add_test(tc, rigid_pendulum_period);
    tcase_add_test(tc, revolute_drive_jacobian);
    tcase_add_test(tc, prismatic_drive_jacobian);
    tcase_add_test(tc, prismatic_spring_mass);
    tcase_add_test(tc, damped_pendulum_dissipates);
    tcase_add_test(tc, driven_body);
    tcase_add_test(tc, fixed_joint_compound_pendulum);
    tcase_add_test(tc, spherical_joint_top);
    tcase_add_test(tc, pendulum_on_a_stiff_cable);
    tcase_add_test(tc, joint_rates_with_bodies);
    tcase_add_test(tc, semi_implicit_rigid_pendulum);
    tcase_add_test(tc, second_order_with_bodies);
    tcase_add_test(tc, adaptive_and_undo_with_bodies);
    tcase_add_test(tc, bad_body_input);
    tcase_add_test(tc, no_allocation_per_step);
    suite_add_tcase(s, tc);
    return s;
}
