/* Dynamics of Lagrangian SE(3) cables (lib/elements/se3.c: the chord's
 * consistent translational mass and the sections' rotary inertia lumped at
 * the nodes, Euler's equations in the section frame):
 *
 * - inertia_fd: the element's inertia Jacobian against central differences
 *   of its residual in v and a, and the residual's power v.r against the
 *   rate of the kinetic energy, dT/dt along (x + t v, Omega + t dOmega)
 *   (T depends on the rotations through nothing: Euler's form), at random
 *   states.  Central differences: checked at 1e-7 in fd.h's scaled norm.
 * - spin: a free-free beam spinning about its axis is a rigid motion the
 *   element carries exactly: every node turns by omega t about t1, the
 *   kinetic energy stays 1/2 rho (I2 + I3) L omega^2 and the angular
 *   momentum rho (I2 + I3) L omega e1 (closed forms), checked at 1e-9.
 * - tumble: the same beam turning about e3 (across its axis) under the
 *   trapezoidal rule: the initial T equals the closed form rho A L^3
 *   omega^2 / 24 + 1/2 rho I3 L omega^2 (the consistent chord mass
 *   integrates a linear velocity field exactly) to 1e-12; over one turn
 *   the total energy and the angular momentum about the centre stay within
 *   the tolerances stated there (no loads, so both are invariants of the
 *   continuum and of the semi-discrete system).
 * - cantilever_frequency: the first bending frequency of a clamped beam
 *   (r / L = 1.4e-3, so Timoshenko's corrections, O((r / L)^2), are below
 *   1e-5) against Euler-Bernoulli's beta1^2 sqrt(EI / (rho A L^4)),
 *   beta1 L = 1.8751040687: the trapezoidal rule's known phase error taken
 *   out exactly (tan(Omega h / 2) = omega h / 2), the element's error is
 *   O(h^2): 1.9e-3 on 8 elements (checked below 3e-3), falling by 3.5 .. 4.5 to 16. */
#include "suites.h"
#include "fd.h"
#include "elements/element.h"

#include <alecable.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* the measured figures, on stderr when ALECABLE_TEST_FIGURES is set */
static void figure(const char *fmt, ...)
{
    va_list ap;
    if (!getenv("ALECABLE_TEST_FIGURES")) return;
    va_start(ap, fmt);
    fprintf(stderr, "se3 dynamics: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

#define ND 14

/* ---- element level ---- */

START_TEST(inertia_fd)
{
    const el_ops *ops = el_ops_get(ALECABLE_ELEMENT_SE3);
    unsigned seed = 7u;
    int trial;
    ck_assert_ptr_nonnull(ops);
    for (trial = 0; trial < 6; trial++) {
        el_params p;
        double q[ND], v[ND], a[ND], r[ND], rp[ND], rm[ND], K[ND * ND], F[ND * ND], qp[ND], vp[ND], vm[ND];
        double pw, dT, e = 1e-6;
        int i, j, w;
        memset(&p, 0, sizeof p);
        p.EA = 1e4;
        p.rhoA = 1.3 + 0.2 * fd_rand(&seed);
        p.rhoJ[1] = 0.02 + 0.01 * fd_rand(&seed);
        p.rhoJ[2] = 0.05 + 0.01 * fd_rand(&seed);
        p.rhoJ[0] = p.rhoJ[1] + p.rhoJ[2];
        p.fixed_s = 1;
        for (i = 0; i < ND; i++) {
            q[i] = fd_rand(&seed);
            v[i] = fd_rand(&seed);
            a[i] = fd_rand(&seed);
        }
        q[6] = 0.1;
        q[13] = 0.6 + 0.1 * fd_rand(&seed);
        v[6] = v[13] = a[6] = a[13] = 0.0; /* Lagrangian */
        for (w = 0; w < 2; w++) { /* w = 0: d/dv, 1: d/da */
            memset(K, 0, sizeof K);
            ops->inertia_jac(&p, q, v, a, 0.0, w == 0, w == 1, K);
            for (j = 0; j < ND; j++) {
                double *x = w == 0 ? v : a, x0 = x[j];
                if (j == 6 || j == 13) {
                    for (i = 0; i < ND; i++) F[i * ND + j] = 0.0;
                    continue;
                }
                x[j] = x0 + e;
                memset(rp, 0, sizeof rp);
                ops->inertia(&p, q, v, a, rp);
                x[j] = x0 - e;
                memset(rm, 0, sizeof rm);
                ops->inertia(&p, q, v, a, rm);
                x[j] = x0;
                for (i = 0; i < ND; i++) F[i * ND + j] = (rp[i] - rm[i]) / (2.0 * e);
            }
            for (i = 0; i < ND; i++) K[i * ND + 6] = K[i * ND + 13] = K[6 * ND + i] = K[13 * ND + i] = 0.0;
            for (i = 0; i < ND; i++) F[6 * ND + i] = F[13 * ND + i] = 0.0;
            ck_assert_msg(fd_relerr(K, F, ND * ND, 1.0) < 1e-7, "trial %d, d/d%s: %.3e", trial, w ? "a" : "v",
                          fd_relerr(K, F, ND * ND, 1.0));
        }
        /* power: v.r(q, v, a) = dT/dt along x' = v, Omega' = a (rotations: T is free of them) */
        memset(r, 0, sizeof r);
        ops->inertia(&p, q, v, a, r);
        for (pw = 0.0, i = 0; i < ND; i++) pw += v[i] * r[i];
        for (i = 0; i < ND; i++) {
            int rot = (i >= 3 && i <= 5) || (i >= 10 && i <= 12) || i == 6 || i == 13;
            qp[i] = q[i] + (rot ? 0.0 : e * v[i]);
            vp[i] = v[i] + e * a[i];
        }
        dT = ops->kinetic(&p, qp, vp);
        for (i = 0; i < ND; i++) {
            int rot = (i >= 3 && i <= 5) || (i >= 10 && i <= 12) || i == 6 || i == 13;
            qp[i] = q[i] - (rot ? 0.0 : e * v[i]);
            vm[i] = v[i] - e * a[i];
        }
        dT = (dT - ops->kinetic(&p, qp, vm)) / (2.0 * e);
        ck_assert_msg(fabs(pw - dT) < 1e-7 * (1.0 + fabs(pw)), "trial %d: v.r = %.12g, dT/dt = %.12g", trial, pw, dT);
    }
}
END_TEST

/* ---- models ---- */

#define L_ 1.0

static alecable_node *node(alecable_cable *c, int i)
{
    alecable_node *n;
    ck_assert_int_eq(alecable_cable_node(&n, c, i), 0);
    return n;
}

/* a straight Lagrangian SE(3) beam along x from x0 to x0 + L: EA, EI, rho A given */
static alecable_cable *beam(alecable_model *m, int n_el, double x0, double EA, double EI, double rhoA)
{
    alecable_cable *c;
    alecable_section sec;
    alecable_beam_params bp;
    double a[3] = {x0, 0, 0}, b[3] = {x0 + L_, 0, 0};
    alecable_section_init(&sec);
    sec.A = 1e-2;
    sec.E = EA / sec.A;
    sec.I = EI / sec.E;
    sec.rho = rhoA / sec.A;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_SE3, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, L_, n_el), 0);
    alecable_beam_params_init(&bp);
    bp.GJ = 0.75 * EI;
    ck_assert_int_eq(alecable_cable_set_beam(c, &bp), 0);
    ck_assert_int_eq(alecable_cable_set_shear(c, 0.4 * EA, 0.4 * EA), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    return c;
}

static int dof(alecable_cable *c, int i, int d)
{
    int k;
    ck_assert_int_eq(alecable_node_dof_index(node(c, i), d, &k), 0);
    return k;
}

/* the initial velocity of a rigid rotation w (in space) about the origin */
static void rigid_velocity(alecable_cable *c, int n_el, const double w[3], double *v)
{
    int i, k;
    for (i = 0; i <= n_el; i++) {
        double x[3], R[9];
        ck_assert_int_eq(alecable_node_position(node(c, i), x), 0);
        ck_assert_int_eq(alecable_node_frame(node(c, i), R), 0);
        v[dof(c, i, ALECABLE_DOF_X)] = w[1] * x[2] - w[2] * x[1];
        v[dof(c, i, ALECABLE_DOF_Y)] = w[2] * x[0] - w[0] * x[2];
        v[dof(c, i, ALECABLE_DOF_Z)] = w[0] * x[1] - w[1] * x[0];
        for (k = 0; k < 3; k++) /* Omega = R^T w */
            v[dof(c, i, ALECABLE_DOF_RX + k)] = R[k] * w[0] + R[3 + k] * w[1] + R[6 + k] * w[2];
    }
}

/* the angular momentum about the origin: the chord's consistent mass
 * (rho A l [(x_A x v_A + x_B x v_B) / 3 + (x_A x v_B + x_B x v_A) / 6]) and
 * the nodes' rotary inertia R J Omega (J = l / 2 rho diag(I2 + I3, I2, I3)) */
static void momentum(alecable_cable *c, int n_el, const double *v, double rhoA, const double rhoJ[3], double H[3])
{
    int i, k;
    double x[2][3], u[2][3];
    H[0] = H[1] = H[2] = 0.0;
    for (i = 0; i < n_el; i++) {
        double l = L_ / n_el, cr[3];
        int e, f;
        for (e = 0; e < 2; e++) {
            ck_assert_int_eq(alecable_node_position(node(c, i + e), x[e]), 0);
            for (k = 0; k < 3; k++) u[e][k] = v[dof(c, i + e, ALECABLE_DOF_X + k)];
        }
        for (e = 0; e < 2; e++)
            for (f = 0; f < 2; f++) {
                double wgt = rhoA * l * (e == f ? 1.0 / 3.0 : 1.0 / 6.0);
                cr[0] = x[e][1] * u[f][2] - x[e][2] * u[f][1];
                cr[1] = x[e][2] * u[f][0] - x[e][0] * u[f][2];
                cr[2] = x[e][0] * u[f][1] - x[e][1] * u[f][0];
                for (k = 0; k < 3; k++) H[k] += wgt * cr[k];
            }
    }
    for (i = 0; i <= n_el; i++) {
        double R[9], JW[3], share = (i == 0 || i == n_el ? 0.5 : 1.0) * L_ / n_el;
        ck_assert_int_eq(alecable_node_frame(node(c, i), R), 0);
        for (k = 0; k < 3; k++) JW[k] = share * rhoJ[k] * v[dof(c, i, ALECABLE_DOF_RX + k)];
        for (k = 0; k < 3; k++) H[k] += R[3 * k] * JW[0] + R[3 * k + 1] * JW[1] + R[3 * k + 2] * JW[2];
    }
}

typedef struct run {
    alecable_model *m;
    alecable_cable *c;
    alecable_integrator *it;
    double *q, *v;
    int nq;
} run;

static void start(run *r, const double *v0, int method, double h)
{
    alecable_dynamic_options o;
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = h;
    ck_assert_msg(alecable_model_integrator(&r->it, r->m, &o) == 0, "integrator: %s", alecable_model_errmsg(r->m));
    ck_assert_int_eq(alecable_model_get_state(r->m, r->q, NULL, NULL), 0);
    ck_assert_msg(alecable_integrator_set_state(r->it, 0.0, r->q, v0, NULL, NULL) == 0, "set_state: %s",
                  alecable_integrator_errmsg(r->it));
}

static void step(run *r, double h)
{
    double t;
    ck_assert_msg(alecable_integrator_step(r->it, h) == 0, "step: %s", alecable_integrator_errmsg(r->it));
    ck_assert_int_eq(alecable_model_pull_state(r->m, r->it), 0);
    ck_assert_int_eq(alecable_integrator_get_state(r->it, &t, r->q, r->v, NULL, NULL), 0);
}

static void finish(run *r)
{
    alecable_integrator_destroy(r->it);
    alecable_model_destroy(r->m);
    free(r->q);
    free(r->v);
}

static void make_free(run *r, int n_el, double EA, double EI, double rhoA)
{
    ck_assert_int_eq(alecable_model_create(&r->m, NULL), 0);
    r->c = beam(r->m, n_el, -0.5 * L_, EA, EI, rhoA);
    ck_assert_msg(alecable_model_finalize(r->m) == 0, "finalize: %s", alecable_model_errmsg(r->m));
    ck_assert_int_eq(alecable_model_sizes(r->m, &r->nq, NULL), 0);
    r->q = calloc((size_t)r->nq, sizeof(double));
    r->v = calloc((size_t)r->nq, sizeof(double));
}

START_TEST(spin)
{
    const int n_el = 4;
    const double EA = 1e4, EI = 2.0, rhoA = 1.0, om = 3.0, h = 0.01, E = EA / 1e-2, rho = rhoA / 1e-2;
    const double rhoJ[3] = {2.0 * rho * EI / E, rho * EI / E, rho * EI / E};
    double w[3] = {om, 0, 0}, T, H[3], t, R0[5][9];
    run r;
    int n, i;
    make_free(&r, n_el, EA, EI, rhoA);
    for (i = 0; i <= n_el; i++) ck_assert_int_eq(alecable_node_frame(node(r.c, i), R0[i]), 0);
    rigid_velocity(r.c, n_el, w, r.v);
    start(&r, r.v, ALECABLE_METHOD_NEWMARK, h);
    for (n = 1; n <= 100; n++) step(&r, h);
    t = 100 * h;
    ck_assert_int_eq(alecable_model_kinetic_energy(r.m, &T), 0);
    ck_assert_msg(fabs(T - 0.5 * rhoJ[0] * L_ * om * om) < 1e-9 * T, "T = %.15g, closed form %.15g", T,
                  0.5 * rhoJ[0] * L_ * om * om);
    momentum(r.c, n_el, r.v, rhoA, rhoJ, H);
    ck_assert_msg(fabs(H[0] - rhoJ[0] * L_ * om) < 1e-9 * H[0] && fabs(H[1]) < 1e-9 * H[0] && fabs(H[2]) < 1e-9 * H[0],
                  "H = (%.12g, %.3g, %.3g), closed form %.12g", H[0], H[1], H[2], rhoJ[0] * L_ * om);
    for (i = 0; i <= n_el; i++) {
        double R[9], x[3], c = cos(om * t), s = sin(om * t);
        ck_assert_int_eq(alecable_node_frame(node(r.c, i), R), 0);
        ck_assert_int_eq(alecable_node_position(node(r.c, i), x), 0);
        ck_assert_double_eq_tol(x[0], -0.5 * L_ + L_ * i / n_el, 1e-12);
        ck_assert_double_eq_tol(x[1], 0.0, 1e-12);
        ck_assert_double_eq_tol(x[2], 0.0, 1e-12);
        ck_assert_double_eq_tol(R[0], 1.0, 1e-12);
        /* R = exp(omega t e1^) R0 */
        {
            int k;
            for (k = 0; k < 3; k++) {
                ck_assert_double_eq_tol(R[3 + k], c * R0[i][3 + k] - s * R0[i][6 + k], 1e-9);
                ck_assert_double_eq_tol(R[6 + k], s * R0[i][3 + k] + c * R0[i][6 + k], 1e-9);
            }
        }
    }
    finish(&r);
}
END_TEST

/* the free beam turning about w = (w1, 0, w3) from a rigid start: over one
 * turn of w3 in n steps, the largest drifts of the total energy and of the
 * angular momentum (relative) */
static void tumble_run(int steps, double w1, int method, double *dE, double *dH)
{
    const int n_el = 8;
    const double EA = 1e4, EI = 2.0, rhoA = 1.0, om = 2.0, E = EA / 1e-2, rho = rhoA / 1e-2;
    const double rhoJ[3] = {2.0 * rho * EI / E, rho * EI / E, rho * EI / E};
    const double h = 2.0 * M_PI / om / steps;
    double w[3] = {w1, 0, om}, T0, W0, T, W, H0[3], H[3], Tcf, Hn;
    run r;
    int n, k;
    make_free(&r, n_el, EA, EI, rhoA);
    rigid_velocity(r.c, n_el, w, r.v);
    start(&r, r.v, method, h);
    ck_assert_int_eq(alecable_model_pull_state(r.m, r.it), 0);
    ck_assert_int_eq(alecable_model_kinetic_energy(r.m, &T0), 0);
    ck_assert_int_eq(alecable_model_energy(r.m, &W0, NULL), 0);
    /* the chord's consistent mass integrates the linear velocity field exactly */
    Tcf = rhoA * L_ * L_ * L_ * om * om / 24.0 + 0.5 * L_ * (rhoJ[2] * om * om + rhoJ[0] * w1 * w1);
    ck_assert_msg(fabs(T0 - Tcf) < 1e-12 * Tcf, "T0 = %.15g, closed form %.15g", T0, Tcf);
    momentum(r.c, n_el, r.v, rhoA, rhoJ, H0);
    ck_assert_msg(fabs(H0[0] - rhoJ[0] * L_ * w1) < 1e-12 * H0[2] && fabs(H0[1]) < 1e-12 * H0[2] &&
                      fabs(H0[2] - (rhoA * L_ * L_ * L_ / 12.0 + rhoJ[2] * L_) * om) < 1e-12 * H0[2],
                  "H0 = (%.15g, %.3g, %.15g)", H0[0], H0[1], H0[2]);
    Hn = sqrt(H0[0] * H0[0] + H0[2] * H0[2]);
    *dE = *dH = 0.0;
    for (n = 1; n <= steps; n++) {
        step(&r, h);
        ck_assert_int_eq(alecable_model_kinetic_energy(r.m, &T), 0);
        ck_assert_int_eq(alecable_model_energy(r.m, &W, NULL), 0);
        momentum(r.c, n_el, r.v, rhoA, rhoJ, H);
        if (fabs(T + W - T0 - W0) / T0 > *dE) *dE = fabs(T + W - T0 - W0) / T0;
        for (k = 0; k < 3; k++)
            if (fabs(H[k] - H0[k]) / Hn > *dH) *dH = fabs(H[k] - H0[k]) / Hn;
    }
    finish(&r);
}

START_TEST(tumble)
{
    double e1, h1, e2, h2, e3, h3, e4, h4;
    tumble_run(200, 0.0, ALECABLE_METHOD_NEWMARK, &e1, &h1);
    tumble_run(400, 0.0, ALECABLE_METHOD_NEWMARK, &e2, &h2);
    tumble_run(1600, 20.0, ALECABLE_METHOD_HHT, &e3, &h3);
    tumble_run(3200, 20.0, ALECABLE_METHOD_HHT, &e4, &h4);
    figure("tumble: one turn, |dE|/E, |dH|/H: %.3e, %.3e (200 steps), %.3e, %.3e (400); spinning at 10 w3 "
           "(HHT): %.3e, %.3e (1600), %.3e, %.3e (3200)", e1, h1, e2, h2, e3, h3, e4, h4);
    ck_assert_msg(e2 < 5e-4 && h2 < 2.5e-4, "drifts %.3e, %.3e", e2, h2);
    ck_assert_msg(e1 / e2 > 3.5 && h1 / h2 > 3.5, "drifts not O(h^2): %.3e -> %.3e, %.3e -> %.3e", e1, e2, h1, h2);
    ck_assert_msg(e3 < 1e-4 && h3 < 1e-4, "spinning: drifts %.3e, %.3e", e3, h3);
    ck_assert_msg(e3 / e4 > 3.0 && h3 / h4 > 3.5, "spinning: drifts not O(h^2): %.3e -> %.3e, %.3e -> %.3e", e3, e4,
                  h3, h4);
}
END_TEST

/* the first bending frequency of the cantilever on n_el elements, from 10
 * periods of free vibration after a small initial velocity in the static
 * tip-load shape, the trapezoidal rule's phase error taken out */
static double cantilever_omega(int n_el, double EI, double rhoA, double w_ref)
{
    const double EA = 1e6, V = 1e-4, T1 = 2.0 * M_PI / w_ref, h = T1 / 200.0;
    run r;
    double *v0, y, y_prev = 0.0, t_first = -1.0, t_last = 0.0, Om;
    int i, d, n, crossings = 0;
    ck_assert_int_eq(alecable_model_create(&r.m, NULL), 0);
    r.c = beam(r.m, n_el, 0.0, EA, EI, rhoA);
    for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_Z; d++) ck_assert_int_eq(alecable_fix(NULL, r.m, node(r.c, 0), d), 0);
    for (d = ALECABLE_DOF_RX; d <= ALECABLE_DOF_RZ; d++) ck_assert_int_eq(alecable_fix(NULL, r.m, node(r.c, 0), d), 0);
    ck_assert_msg(alecable_model_finalize(r.m) == 0, "finalize: %s", alecable_model_errmsg(r.m));
    ck_assert_int_eq(alecable_model_sizes(r.m, &r.nq, NULL), 0);
    r.q = calloc((size_t)r.nq, sizeof(double));
    r.v = calloc((size_t)r.nq, sizeof(double));
    v0 = calloc((size_t)r.nq, sizeof(double));
    for (i = 1; i <= n_el; i++) { /* y = V xi^2 (3 - xi) / 2, its slope turning the section about e3 */
        double xi = (double)i / n_el, R[9], wz = V * 3.0 * xi * (2.0 - xi) / 2.0 / L_;
        int k;
        ck_assert_int_eq(alecable_node_frame(node(r.c, i), R), 0);
        v0[dof(r.c, i, ALECABLE_DOF_Y)] = V * xi * xi * (3.0 - xi) / 2.0;
        for (k = 0; k < 3; k++) v0[dof(r.c, i, ALECABLE_DOF_RX + k)] = R[6 + k] * wz;
    }
    start(&r, v0, ALECABLE_METHOD_NEWMARK, h);
    for (n = 1; crossings < 21; n++) {
        step(&r, h);
        y = r.q[dof(r.c, n_el, ALECABLE_DOF_Y)];
        if (n > 1 && (y > 0.0) != (y_prev > 0.0)) {
            double tc = (n - 1) * h + h * y_prev / (y_prev - y);
            if (t_first < 0.0) t_first = tc;
            t_last = tc;
            crossings++;
        }
        y_prev = y;
        ck_assert_int_lt(n, 40 * 200);
    }
    Om = 2.0 * M_PI / ((t_last - t_first) / 10.0);
    free(v0);
    finish(&r);
    return 2.0 / h * tan(0.5 * Om * h);
}

START_TEST(cantilever_frequency)
{
    const double EI = 2.0, rhoA = 1.0, b1 = 1.8751040687119611;
    const double w_eb = b1 * b1 * sqrt(EI / (rhoA * L_ * L_ * L_ * L_));
    double w8 = cantilever_omega(8, EI, rhoA, w_eb), w16 = cantilever_omega(16, EI, rhoA, w_eb);
    double e8 = w8 / w_eb - 1.0, e16 = w16 / w_eb - 1.0;
    figure("cantilever: omega1 = %.9g (8 elements), %.9g (16), Euler-Bernoulli %.9g: errors %.3e, %.3e, "
           "ratio %.3f", w8, w16, w_eb, e8, e16, e8 / e16);
    ck_assert_msg(fabs(e8) < 3e-3, "8 elements: omega1 = %.9g, closed form %.9g (%.3e)", w8, w_eb, e8);
    ck_assert_msg(e8 / e16 > 3.5 && e8 / e16 < 4.5, "errors %.3e (8), %.3e (16): not O(h^2)", e8, e16);
}
END_TEST

Suite *suite_se3_dynamics(void)
{
    Suite *s = suite_create("se3_dynamics");
    TCase *tc = tcase_create("se3_dynamics");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, inertia_fd);
    tcase_add_test(tc, spin);
    tcase_add_test(tc, tumble);
    tcase_add_test(tc, cantilever_frequency);
    suite_add_tcase(s, tc);
    return s;
}
