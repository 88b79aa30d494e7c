/* SE(3) cables (ALECABLE_ELEMENT_SE3) wrapped on pulleys of bodies that
 * move.  A wrap holds a node's position on a point of the body's rim
 * (g = x_n - x_b - R p, lib/bodies/joints.c) and nothing of its frame, as
 * it holds nothing of a Kirchhoff node's slope or roll: the section
 * follows the body's rotation through the elements' energy, which depends
 * on the frames only through H_A^-1 H_B and so is blind to a common rigid
 * motion.  The friction contacts on a wrap turn their tangent with the
 * body (lib/friction/contact.c) and read the cable through the elements'
 * end gradients, the chord's dx/ds for SE(3) elements.
 *
 * - moved_statics: the capstan-like cable (its first node clamped to the
 *   pulley's body, a half turn on the rim, pulled at its end by F given in
 *   the body's frame, gravity too) on a body that a host drives (a moving
 *   body for the model) to a pose (c, Q), against the same on the body
 *   fixed at the identity: every node's place and frame relative to the
 *   body, its material coordinate and the wrap's normal forces are equal
 *   (frame invariance), frictionless and with stick/slip wrap friction.
 *   The two solves take the same Newton steps up to the rigid motion, so
 *   they agree to round-off: checked at 1e-9 (relative to R, to 1, to F).
 * - carried_statics: the frictionless case with the body driven from the
 *   identity to (c, Q) (2.1 rad about (1, -1, 1), 0.8 m) in K solves, each
 *   from the last equilibrium, the loads turned with it (Q_k f): the
 *   equilibrium relative to the body is again the fixed one, to the
 *   solver's tolerance (1e-12 of the residuals' scale): checked at 1e-8.
 *   The step a solve can take is the SE(3) element's, not the wrap's: a
 *   body's jump is, relative to it, a cable displaced rigidly off its
 *   rim, and the thin beam here (EI = GJ = 1e-4, EI / (EA R^2) = 2.5e-8)
 *   lets its frames lag the chords by the jump's angle, with shear forces
 *   GA times that angle against a twist held by GJ alone: Newton converges
 *   for K = 100 (0.021 rad, 8 mm a solve), not K = 50 (a Kirchhoff cable
 *   of the same section, whose frame is its slope's, takes K = 12); with
 *   EI = GJ = 1e-2, K = 12 (0.175 rad, 6.7 cm) does.
 * - eyelet_friction_law: stick/slip in an eyelet (alecable_eyelet_friction)
 *   at an SE(3) node where the cable bends by 0.4 rad: slip at mu N,
 *   stick below it, the tension jump from the node's material equation
 *   (the tolerances of the finger suite's eyelet test; see the test).
 * - swinging_pulley_energy: dynamics.  A pulley turning freely about its
 *   axle with a Lagrangian SE(3) cable clamped to it, held on its rim over
 *   a quarter turn (stress-free as laid: the arc's natural curvature) and
 *   hanging down, released from rest under gravity: the hanging cable's
 *   weight turns the pulley, which carries the cable round (some 0.94 rad
 *   in 0.5 s) and swings it out; with the
 *   trapezoidal rule, nothing dissipates, and the total energy T + W of
 *   body and cable stays constant to the scheme's O(h^2): the largest drift
 *   over 0.5 s, relative to the largest kinetic energy, falls by 3.5 .. 4.5
 *   when h is halved and is below 1e-3 at h = 1e-3 (measured values in
 *   the test's figures). */
#include "suites.h"
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
    fprintf(stderr, "se3 wraps: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* R = exp(th a^), a a unit vector, row-major */
static void rotation(const double a[3], double th, double R[9])
{
    double c = cos(th), s = sin(th), K[9] = {0, -a[2], a[1], a[2], 0, -a[0], -a[1], a[0], 0};
    int i, j, k;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            double k2 = 0.0;
            for (k = 0; k < 3; k++) k2 += K[3 * i + k] * K[3 * k + j];
            R[3 * i + j] = (i == j) + s * K[3 * i + j] + (1.0 - c) * k2;
        }
}

static void mul(const double A[9], const double B[9], double C[9])
{
    int i, j, k;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            C[3 * i + j] = 0.0;
            for (k = 0; k < 3; k++) C[3 * i + j] += A[3 * i + k] * B[3 * k + j];
        }
}

static void mulv(const double A[9], const double v[3], double w[3])
{
    int i;
    for (i = 0; i < 3; i++) w[i] = A[3 * i] * v[0] + A[3 * i + 1] * v[1] + A[3 * i + 2] * v[2];
}

static void tmulv(const double A[9], const double v[3], double w[3])
{
    int i;
    for (i = 0; i < 3; i++) w[i] = A[i] * v[0] + A[3 + i] * v[1] + A[6 + i] * v[2];
}

/* the host's frame: origin c, rotation exp(th a^), at rest (the test
 * moves it between solves) */
typedef struct pose {
    double c[3], a[3], th;
} pose;

static int drive(void *user, double t, double x[3], double R[9], double v[3], double w[3], double acc[3],
                 double alpha[3])
{
    const pose *p = (const pose *)user;
    int k;
    (void)t;
    rotation(p->a, p->th, R);
    for (k = 0; k < 3; k++) {
        x[k] = p->c[k];
        v[k] = w[k] = acc[k] = alpha[k] = 0.0;
    }
    return 0;
}

#define NW 8 /* elements on the wrap */

typedef struct capstan {
    alecable_model *m;
    alecable_cable *c;
    alecable_body *b;
    alecable_joint *wrap;
    alecable_node *nd[NW + 3];
} capstan;

/* The cable in the body's frame: node 0 at (-a0, R, 0), clamped to the
 * body; NW + 1 nodes on the rim from the top (angle pi/2) over +x to the
 * bottom; the end node at (-b0, -R, 0), pulled by f0 = (-F, 0, 0) in the
 * body's frame (its load in *end if end is not NULL).  Nodes' frames: t1
 * the tangent, t2 = e3 (body).  The body and the cable stand at ps's pose
 * (c, Q), the body held by fixes (how 0) or driven by the host there (how
 * 1, ps kept); the loads are given as Q f0, Q g0. */
static void capstan_build(capstan *k, const pose *ps, int how, int friction, double EI, alecable_load **end)
{
    const double R = 0.05, a0 = 0.1, b0 = 0.1, E = 210e9, A = 7.854e-6, F = 1000.0;
    double Q[9], c0[3] = {0, 0, 0}, f0[3] = {-F, 0, 0}, g0[3] = {0.0, -9.81, 0.0}, f[3], g[3], ang[NW + 1];
    alecable_section sec;
    alecable_beam_params bp;
    alecable_body_params bd;
    alecable_pulley_params pp;
    alecable_clamp_params cp;
    int i, j;
    rotation(ps->a, ps->th, Q);
    memcpy(c0, ps->c, sizeof c0);
    ck_assert_int_eq(alecable_model_create(&k->m, NULL), 0);
    alecable_body_params_init(&bd);
    memcpy(bd.position, c0, sizeof c0);
    memcpy(bd.rotation, Q, sizeof Q);
    ck_assert_int_eq(alecable_body_create(&k->b, k->m, &bd), 0);
    if (how == 0) ck_assert_int_eq(alecable_body_fix(k->m, k->b), 0);
    else ck_assert_int_eq(alecable_body_prescribe(NULL, k->m, k->b, drive, (void *)ps), 0);
    alecable_section_init(&sec);
    sec.E = E;
    sec.A = A;
    sec.I = EI / E;
    sec.rho = 7850.0;
    ck_assert_int_eq(alecable_cable_create(&k->c, k->m, ALECABLE_ELEMENT_SE3, &sec), 0);
    for (i = 0; i < NW + 3; i++) {
        double xb[3], tb[3], x[3], s, Rb[9], Rs[9];
        if (i == 0) {
            xb[0] = -a0, xb[1] = R, xb[2] = 0.0;
            tb[0] = 1.0, tb[1] = tb[2] = 0.0;
            s = 0.0;
        } else if (i <= NW + 1) {
            double th = 0.5 * M_PI - M_PI * (i - 1) / NW;
            ang[i - 1] = th;
            xb[0] = R * cos(th), xb[1] = R * sin(th), xb[2] = 0.0;
            tb[0] = sin(th), tb[1] = -cos(th), tb[2] = 0.0;
            s = a0 + R * M_PI * (i - 1) / NW;
        } else {
            xb[0] = -b0, xb[1] = -R, xb[2] = 0.0;
            tb[0] = -1.0, tb[1] = tb[2] = 0.0;
            s = a0 + R * M_PI + b0;
        }
        mulv(Q, xb, x);
        for (j = 0; j < 3; j++) x[j] += c0[j];
        ck_assert_int_eq(alecable_cable_add_node(&k->nd[i], k->c, x, s), 0);
        /* columns t1, e3, t1 x e3 */
        Rb[0] = tb[0], Rb[1] = 0.0, Rb[2] = tb[1];
        Rb[3] = tb[1], Rb[4] = 0.0, Rb[5] = -tb[0];
        Rb[6] = 0.0, Rb[7] = 1.0, Rb[8] = 0.0;
        mul(Q, Rb, Rs);
        ck_assert_int_eq(alecable_node_set_frame(k->nd[i], Rs), 0);
    }
    alecable_beam_params_init(&bp);
    bp.GJ = EI;
    ck_assert_int_eq(alecable_cable_set_beam(k->c, &bp), 0);
    ck_assert_int_eq(alecable_cable_set_shear(k->c, 0.4 * E * A, 0.4 * E * A), 0);
    alecable_clamp_params_init(&cp);
    cp.body = k->b;
    ck_assert_int_eq(alecable_clamp(NULL, k->m, k->nd[0], &cp), 0);
    ck_assert_int_eq(alecable_fix(NULL, k->m, k->nd[0], ALECABLE_DOF_S), 0);
    ck_assert_int_eq(alecable_fix(NULL, k->m, k->nd[NW + 2], ALECABLE_DOF_S), 0);
    alecable_pulley_params_init(&pp);
    pp.radius = R;
    ck_assert_int_eq(alecable_pulley_wrap(&k->wrap, k->m, k->b, &pp, NW + 1, k->nd + 1, ang), 0);
    if (friction) {
        alecable_friction_params fp;
        alecable_friction_params_init(&fp);
        fp.mu = 0.3;
        ck_assert_int_eq(alecable_wrap_friction(NULL, k->m, k->wrap, &fp), 0);
    }
    mulv(Q, f0, f);
    mulv(Q, g0, g);
    ck_assert_int_eq(alecable_load_node(end, k->m, k->nd[NW + 2], f), 0);
    ck_assert_int_eq(alecable_model_set_gravity(k->m, g), 0);
}

/* a ramp of the loads from t0 to 1 (t0 = 1: one solve at full load) */
static void capstan_solve(capstan *k, double t0)
{
    alecable_quasistatic_options o;
    alecable_quasistatic_options_init(&o);
    o.t0 = t0;
    o.load_steps = t0 < 1.0 ? 20 : 1;
    o.tol_residual = 1e-12;
    ck_assert_msg(alecable_solve_quasistatic(k->m, &o, NULL) == 0, "solve: %s", alecable_model_errmsg(k->m));
}

/* the state relative to the body: per node its place (3), frame (9), s;
 * then the wrap's normal forces */
#define NST (13 * (NW + 3) + NW + 1)
static void relative_state(const capstan *k, double *z)
{
    double xb[3], Rb[9];
    int i, j;
    ck_assert_int_eq(alecable_body_pose(k->b, xb, Rb), 0);
    for (i = 0; i < NW + 3; i++) {
        double x[3], d[3], F[9], Fr[9], RbT[9];
        ck_assert_int_eq(alecable_node_position(k->nd[i], x), 0);
        ck_assert_int_eq(alecable_node_frame(k->nd[i], F), 0);
        for (j = 0; j < 3; j++) d[j] = x[j] - xb[j];
        tmulv(Rb, d, z + 13 * i);
        for (j = 0; j < 9; j++) RbT[j] = Rb[3 * (j % 3) + j / 3];
        mul(RbT, F, Fr);
        memcpy(z + 13 * i + 3, Fr, sizeof Fr);
        ck_assert_int_eq(alecable_node_material(k->nd[i], z + 13 * i + 12), 0);
    }
    for (i = 0; i <= NW; i++) ck_assert_int_eq(alecable_pulley_normal_force(k->wrap, i, z + 13 * (NW + 3) + i), 0);
}

/* largest difference: places relative to R, frames and s absolute, normal forces relative to F */
static double compare(const double *z, const double *ref)
{
    double err = 0.0;
    int i, j;
    for (i = 0; i < NW + 3; i++) {
        for (j = 0; j < 3; j++) err = fmax(err, fabs(z[13 * i + j] - ref[13 * i + j]) / 0.05);
        for (j = 3; j < 13; j++) err = fmax(err, fabs(z[13 * i + j] - ref[13 * i + j]));
    }
    for (i = 0; i <= NW; i++) err = fmax(err, fabs(z[13 * (NW + 3) + i] - ref[13 * (NW + 3) + i]) / 1000.0);
    return err;
}

static void reference(int friction, double EI, double *ref)
{
    static const pose none = {{0, 0, 0}, {1, 0, 0}, 0.0};
    capstan k;
    capstan_build(&k, &none, 0, friction, EI, NULL);
    capstan_solve(&k, 0.0);
    relative_state(&k, ref);
    alecable_model_destroy(k.m);
}

START_TEST(moved_statics)
{
    const double s3 = 1.0 / sqrt(3.0);
    const pose ps = {{0.3, -0.2, 0.7}, {s3, -s3, s3}, 2.1};
    double ref[NST], z[NST], err;
    int friction;
    for (friction = 0; friction < 2; friction++) {
        capstan k;
        reference(friction, 1e-4, ref);
        capstan_build(&k, &ps, 1, friction, 1e-4, NULL);
        capstan_solve(&k, 0.0);
        relative_state(&k, z);
        err = compare(z, ref);
        figure("moved pulley (friction %d): relative state vs fixed %.3g (normal force at the wrap's middle %.6g N)",
               friction, err, ref[13 * (NW + 3) + NW / 2]);
        ck_assert_msg(err < 1e-9, "friction %d: relative state differs by %.3g", friction, err);
        alecable_model_destroy(k.m);
    }
}
END_TEST

/* The body driven from the identity to (c, Q) in K solves, the loads
 * turned with it (a host moving a pulley quasistatically): each solve at
 * load factor 1 starts from the last equilibrium.  Returns the largest
 * difference of the state relative to the body from the fixed body's. */
static double carried(int K, double EI)
{
    const double s3 = 1.0 / sqrt(3.0), c[3] = {0.3, -0.2, 0.7}, th = 2.1;
    pose ps = {{0, 0, 0}, {s3, -s3, s3}, 0.0};
    double ref[NST], z[NST], f0[3] = {-1000.0, 0, 0}, g0[3] = {0.0, -9.81, 0.0};
    alecable_load *end;
    capstan k;
    int i, j;
    reference(0, EI, ref);
    capstan_build(&k, &ps, 1, 0, EI, &end);
    capstan_solve(&k, 0.0);
    for (i = 1; i <= K; i++) {
        double Q[9], f[3], g[3];
        for (j = 0; j < 3; j++) ps.c[j] = c[j] * i / K;
        ps.th = th * i / K;
        rotation(ps.a, ps.th, Q);
        mulv(Q, f0, f);
        mulv(Q, g0, g);
        ck_assert_int_eq(alecable_load_set(end, f), 0);
        ck_assert_int_eq(alecable_model_set_gravity(k.m, g), 0);
        capstan_solve(&k, 1.0);
    }
    relative_state(&k, z);
    alecable_model_destroy(k.m);
    return compare(z, ref);
}

START_TEST(carried_statics)
{
    double thin = carried(100, 1e-4), stiff = carried(12, 1e-2);
    figure("pulley carried: relative state vs fixed %.3g (EI = GJ = 1e-4, 100 solves), %.3g (1e-2, 12 solves)", thin,
           stiff);
    ck_assert_msg(thin < 1e-8 && stiff < 1e-8, "relative state differs by %.3g, %.3g", thin, stiff);
}
END_TEST

/* ---- dynamics ---- */

/* The pulley (radius R, mass M, inertia J about its axle e3) turns freely
 * about its fixed centre; the cable: clamped to it at the top, a quarter
 * turn on the rim (nw elements, their nodes held on it) to its right-hand
 * point, then hanging down a length H (nh elements); gravity -y.  Released
 * from rest it swings.  Returns the largest drift of T + W over t_end,
 * relative to the largest T. */
static double swing(double h, double t_end, double *dE_max, double *T_max)
{
    const double R = 0.1, M = 0.5, H = 0.5, EA = 1e5, EI = 0.05, rhoA = 1.0, g0 = 9.81;
    const int nw = 4, nh = 6;
    alecable_model *m;
    alecable_cable *c;
    alecable_body *b;
    alecable_node *nd[16], *bn;
    alecable_section sec;
    alecable_beam_params bp;
    alecable_body_params bd;
    alecable_pulley_params pp;
    alecable_clamp_params cp;
    alecable_integrator *it;
    alecable_dynamic_options o;
    double ang[8], g[3] = {0, -g0, 0}, E0 = 0.0, s = 0.0;
    int i, n, d;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_body_params_init(&bd);
    bd.mass = M;
    bd.inertia[0] = bd.inertia[4] = 0.25 * M * R * R;
    bd.inertia[8] = 0.5 * M * R * R;
    ck_assert_int_eq(alecable_body_create(&b, m, &bd), 0);
    ck_assert_int_eq(alecable_body_node(&bn, b), 0);
    for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_Z; d++) ck_assert_int_eq(alecable_fix(NULL, m, bn, d), 0);
    ck_assert_int_eq(alecable_fix(NULL, m, bn, ALECABLE_DOF_RX), 0);
    ck_assert_int_eq(alecable_fix(NULL, m, bn, ALECABLE_DOF_RY), 0);
    alecable_section_init(&sec);
    sec.A = 1e-4;
    sec.E = EA / sec.A;
    sec.I = EI / sec.E;
    sec.rho = rhoA / sec.A;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_SE3, &sec), 0);
    for (i = 0; i <= nw + nh; i++) {
        double x[3], t[3], Rm[9];
        if (i <= nw) {
            double th = 0.5 * M_PI - 0.5 * M_PI * i / nw;
            ang[i] = th;
            x[0] = R * cos(th), x[1] = R * sin(th), x[2] = 0.0;
            t[0] = sin(th), t[1] = -cos(th);
            s = 0.5 * M_PI * R * i / nw;
        } else {
            x[0] = R, x[1] = -H * (i - nw) / nh, x[2] = 0.0;
            t[0] = 0.0, t[1] = -1.0;
            s = 0.5 * M_PI * R + H * (i - nw) / nh;
        }
        ck_assert_int_eq(alecable_cable_add_node(&nd[i], c, x, s), 0);
        Rm[0] = t[0], Rm[1] = 0.0, Rm[2] = t[1];
        Rm[3] = t[1], Rm[4] = 0.0, Rm[5] = -t[0];
        Rm[6] = 0.0, Rm[7] = 1.0, Rm[8] = 0.0;
        ck_assert_int_eq(alecable_node_set_frame(nd[i], Rm), 0);
    }
    alecable_beam_params_init(&bp);
    bp.GJ = EI;
    ck_assert_int_eq(alecable_cable_set_beam(c, &bp), 0);
    ck_assert_int_eq(alecable_cable_set_shear(c, 0.4 * EA, 0.4 * EA), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    { /* stress-free as laid: the arc's curvature about t2 = e3 (t1' = t3 / R, t3 = t1 x t2 inward) */
        double k0[3 * 16];
        memset(k0, 0, sizeof k0);
        for (i = 0; i < nw; i++) k0[3 * i] = -1.0 / R;
        ck_assert_int_eq(alecable_cable_set_natural_shape(c, nw + nh, k0), 0);
    }
    alecable_clamp_params_init(&cp);
    cp.body = b;
    ck_assert_int_eq(alecable_clamp(NULL, m, nd[0], &cp), 0);
    alecable_pulley_params_init(&pp);
    pp.radius = R;
    ck_assert_int_eq(alecable_pulley_wrap(NULL, m, b, &pp, nw, nd + 1, ang + 1), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK;
    o.h = h;
    o.tol_residual = 1e-12;
    ck_assert_msg(alecable_model_integrator(&it, m, &o) == 0, "integrator: %s", alecable_model_errmsg(m));
    *dE_max = *T_max = 0.0;
    for (n = 0; n * h < t_end - 0.5 * h; n++) {
        double T, wi, we;
        if (n) {
            ck_assert_msg(alecable_integrator_step(it, h) == 0, "step %d: %s", n, alecable_integrator_errmsg(it));
            ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
        }
        ck_assert_int_eq(alecable_model_kinetic_energy(m, &T), 0);
        ck_assert_int_eq(alecable_model_energy(m, &wi, &we), 0);
        if (!n) {
            E0 = T + wi + we;
            ck_assert_msg(fabs(wi) < 1e-12, "not stress-free as laid: W_int = %g", wi);
        }
        *dE_max = fmax(*dE_max, fabs(T + wi + we - E0));
        *T_max = fmax(*T_max, T);
    }
    {
        double xb[3], Rb[9];
        ck_assert_int_eq(alecable_body_pose(b, xb, Rb), 0);
        figure("swinging pulley, h = %g: turned %.4f rad by t = %g", h, atan2(Rb[3], Rb[0]), t_end);
    }
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
    return *dE_max / *T_max;
}

START_TEST(swinging_pulley_energy)
{
    double dE1, T1, dE2, T2, e1 = swing(2e-3, 0.5, &dE1, &T1), e2 = swing(1e-3, 0.5, &dE2, &T2);
    figure("swinging pulley: energy drift / max T = %.3g (h = 2e-3), %.3g (h = 1e-3), ratio %.3g; max T %.6g J", e1, e2,
           e1 / e2, T2);
    ck_assert_msg(T2 > 1e-2, "the pulley hardly moved: max T %g J", T2);
    ck_assert_msg(e2 < 1e-3, "energy drift %.3g of the kinetic energy", e2);
    ck_assert_msg(e1 / e2 > 3.5 && e1 / e2 < 4.5, "energy drift %.3g, %.3g: not O(h^2)", e1, e2);
}
END_TEST

/* ---- eyelet friction ---- */

/* the rotation vector of R (row-major), |angle| < pi */
static void rotation_log(const double R[9], double w[3])
{
    double v[3] = {R[7] - R[5], R[2] - R[6], R[3] - R[1]}, s = 0.5 * sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    double c = 0.5 * (R[0] + R[4] + R[8] - 1.0), th = atan2(s, c), f = s > 1e-300 ? 0.5 * th / s : 0.5;
    int k;
    for (k = 0; k < 3; k++) w[k] = f * v[k];
}

typedef struct eyelet_rig {
    alecable_model *m;
    alecable_cable *c;
    alecable_joint *fr;
    el_params par;
    double t[3]; /* the eyelet's tangent (the cable's at creation: its mean chord) */
} eyelet_rig;

/* dW/ds of element e at its end k (0: s_A, 1: s_B), from the element's own
 * energy at the nodes' places, frames and s (an independent evaluation of
 * what the model assembles: the frames as rotation vectors from the
 * identity) */
static double element_dw_ds(const eyelet_rig *r, int e, int k)
{
    const el_ops *ops = el_ops_get(ALECABLE_ELEMENT_SE3);
    double qe[14], fe[14];
    int n;
    for (n = 0; n < 2; n++) {
        alecable_node *nd;
        double F[9];
        ck_assert_int_eq(alecable_cable_node(&nd, r->c, e + n), 0);
        ck_assert_int_eq(alecable_node_position(nd, qe + 7 * n), 0);
        ck_assert_int_eq(alecable_node_frame(nd, F), 0);
        rotation_log(F, qe + 7 * n + 3);
        ck_assert_int_eq(alecable_node_material(nd, qe + 7 * n + 6), 0);
    }
    ops->force(&r->par, qe, fe);
    return fe[k ? 13 : 6];
}

/* The eyelet node's material equation: the two elements' configurational
 * forces dW_L/ds_E + dW_R/ds_E against lambda_T c, c = t . (g_L + g_R) / 2,
 * g = dx/ds of each element (the SE(3) element's end gradient, dxi/ds = 1):
 * returns their sum (0 at equilibrium) */
static double eyelet_balance(const eyelet_rig *r, double lambda_t)
{
    double x[3][3], s[3], g[3] = {0, 0, 0};
    int i, k;
    for (i = 0; i < 3; i++) {
        alecable_node *nd;
        ck_assert_int_eq(alecable_cable_node(&nd, r->c, i), 0);
        ck_assert_int_eq(alecable_node_position(nd, x[i]), 0);
        ck_assert_int_eq(alecable_node_material(nd, &s[i]), 0);
    }
    for (k = 0; k < 3; k++) g[k] = 0.5 * ((x[1][k] - x[0][k]) / (s[1] - s[0]) + (x[2][k] - x[1][k]) / (s[2] - s[1]));
    return element_dw_ds(r, 0, 1) + element_dw_ds(r, 1, 0) + lambda_t * (r->t[0] * g[0] + r->t[1] * g[1] + r->t[2] * g[2]);
}

/* c over the mean stretch |g| of the two elements */
static double jump_ratio(const eyelet_rig *r)
{
    double x[3][3], s[3], g[2][3], n[2], c = 0.0;
    int i, k;
    for (i = 0; i < 3; i++) {
        alecable_node *nd;
        ck_assert_int_eq(alecable_cable_node(&nd, r->c, i), 0);
        ck_assert_int_eq(alecable_node_position(nd, x[i]), 0);
        ck_assert_int_eq(alecable_node_material(nd, &s[i]), 0);
    }
    for (i = 0; i < 2; i++) {
        for (k = 0; k < 3; k++) g[i][k] = (x[i + 1][k] - x[i][k]) / (s[i + 1] - s[i]);
        n[i] = sqrt(g[i][0] * g[i][0] + g[i][1] * g[i][1] + g[i][2] * g[i][2]);
    }
    for (k = 0; k < 3; k++) c += r->t[k] * 0.5 * (g[0][k] + g[1][k]);
    return c / (0.5 * (n[0] + n[1]));
}

/* Two SE(3) elements: node 0 held (place, frame, s) at the origin, node 1
 * in an eyelet of a fixed body at (0.5, 0, 0) with stick/slip friction mu,
 * node 2 at 0.5 (cos b, sin b, 0) further, its s held, pulled by F along
 * that chord: the cable bends by b in the eyelet, which takes the normal
 * force N across it. */
static void eyelet_build(eyelet_rig *r, double b, double F, double mu)
{
    const double EA = 1e4, EI = 1e-3, GA = 5e3, GJ = 1e-3;
    alecable_section sec;
    alecable_beam_params bp;
    alecable_body_params bdp;
    alecable_body *bd;
    alecable_joint *ey;
    alecable_friction_params fp;
    alecable_node *n[3];
    double x[3][3] = {{0, 0, 0}, {0.5, 0, 0}, {0.5 + 0.5 * cos(b), 0.5 * sin(b), 0}}, f[3] = {F * cos(b), F * sin(b), 0}, nt;
    int i, d;
    ck_assert_int_eq(alecable_model_create(&r->m, NULL), 0);
    alecable_section_init(&sec);
    sec.A = 1e-3;
    sec.E = EA / sec.A;
    sec.I = EI / sec.E;
    ck_assert_int_eq(alecable_cable_create(&r->c, r->m, ALECABLE_ELEMENT_SE3, &sec), 0);
    for (i = 0; i < 3; i++) ck_assert_int_eq(alecable_cable_add_node(&n[i], r->c, x[i], 0.5 * i), 0);
    alecable_beam_params_init(&bp);
    bp.GJ = GJ;
    ck_assert_int_eq(alecable_cable_set_beam(r->c, &bp), 0);
    ck_assert_int_eq(alecable_cable_set_shear(r->c, GA, GA), 0);
    for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_S; d++) ck_assert_int_eq(alecable_fix(NULL, r->m, n[0], d), 0);
    for (d = ALECABLE_DOF_RX; d <= ALECABLE_DOF_RZ; d++) ck_assert_int_eq(alecable_fix(NULL, r->m, n[0], d), 0);
    ck_assert_int_eq(alecable_fix(NULL, r->m, n[2], ALECABLE_DOF_S), 0);
    alecable_body_params_init(&bdp);
    ck_assert_int_eq(alecable_body_create(&bd, r->m, &bdp), 0);
    ck_assert_int_eq(alecable_body_fix(r->m, bd), 0);
    ck_assert_int_eq(alecable_attach(&ey, r->m, n[1], bd, x[1], 0), 0);
    alecable_friction_params_init(&fp);
    fp.mu = mu;
    ck_assert_int_eq(alecable_eyelet_friction(&r->fr, r->m, ey, &fp), 0);
    ck_assert_int_eq(alecable_load_node(NULL, r->m, n[2], f), 0);
    for (d = 0; d < 3; d++) r->t[d] = x[2][d] - x[0][d];
    nt = sqrt(r->t[0] * r->t[0] + r->t[1] * r->t[1]);
    for (d = 0; d < 3; d++) r->t[d] /= nt;
    memset(&r->par, 0, sizeof r->par);
    r->par.EA = EA;
    r->par.EI = r->par.EI3 = EI;
    r->par.GJ = GJ;
    r->par.GA[0] = r->par.GA[1] = GA;
    r->par.ref_len = 0.5;
}

static void eyelet_solve(eyelet_rig *r, double t0, double t1, int steps)
{
    alecable_quasistatic_options o;
    alecable_quasistatic_options_init(&o);
    o.t0 = t0;
    o.t1 = t1;
    o.load_steps = steps;
    ck_assert_msg(alecable_solve_quasistatic(r->m, &o, NULL) == 0, "solve to %g: %s", t1, alecable_model_errmsg(r->m));
}

/* Loading to F: material flows through the eyelet towards the pull and it
 * slips, |lambda_T| = mu N (the finger suite's tolerance, 1e-9 of N); the
 * eyelet node's material equation balances the elements' configurational
 * forces against lambda_T c (1e-8 of F, the finger's), so the tension
 * falls across the eyelet by |lambda_T| c over the mean stretch, exactly
 * on a straight cable (the sleeve's closed form) and here up to what
 * bending and shear in the kinked elements add to the configurational
 * forces (24.283 against 24.412 N: checked at 1 % of lambda_T).
 * Unloading to 0.9 F: it sticks, |lambda_T| < mu N (the stick bound) and
 * the node's s stays where the last slip left it (1e-12), with the same
 * balance. */
START_TEST(eyelet_friction_law)
{
    const double F = 200.0, mu = 0.3, b = 0.4;
    eyelet_rig r;
    alecable_contact ct;
    alecable_element *e;
    alecable_node *ne;
    double bal, T0, T1, s_slip, s_stick, ratio;
    eyelet_build(&r, b, F, mu);
    eyelet_solve(&r, 0.0, 1.0, 10);
    alecable_contact_init(&ct);
    ck_assert_int_eq(alecable_friction_contact(r.fr, 0, &ct), 0);
    ck_assert_int_eq(alecable_cable_element(&e, r.c, 0), 0);
    ck_assert_int_eq(alecable_element_axial_force(e, &T0), 0);
    ck_assert_int_eq(alecable_cable_element(&e, r.c, 1), 0);
    ck_assert_int_eq(alecable_element_axial_force(e, &T1), 0);
    bal = eyelet_balance(&r, ct.lambda_t);
    ratio = jump_ratio(&r);
    figure("eyelet, loading: %s, lambda_T %.12g, mu N %.12g, tensions %.9g | %.9g (jump %.9g; |lambda_T| c / stretch "
           "%.9g), balance %.3g",
           ct.state == ALECABLE_CONTACT_SLIP ? "slip" : "stick", ct.lambda_t, mu * ct.lambda_n, T0, T1, T1 - T0,
           fabs(ct.lambda_t) * ratio, bal);
    ck_assert_int_eq(ct.state, ALECABLE_CONTACT_SLIP);
    ck_assert_double_gt(ct.lambda_n, 0.1 * F * sin(0.5 * b));
    ck_assert_msg(fabs(fabs(ct.lambda_t) - mu * ct.lambda_n) <= 1e-9 * ct.lambda_n, "slip: |lambda_T| %.15g, mu N %.15g",
                  fabs(ct.lambda_t), mu * ct.lambda_n);
    ck_assert_msg(fabs(bal) <= 1e-8 * F, "loading: the eyelet's material equation is off by %.3g", bal);
    ck_assert_msg(fabs(T1 - T0 - fabs(ct.lambda_t) * ratio) <= 0.01 * fabs(ct.lambda_t),
                  "tension jump %.9g, |lambda_T| c / stretch %.9g", T1 - T0, fabs(ct.lambda_t) * ratio);
    ck_assert_int_eq(alecable_cable_node(&ne, r.c, 1), 0);
    ck_assert_int_eq(alecable_node_material(ne, &s_slip), 0);
    eyelet_solve(&r, 1.0, 0.9, 1);
    ck_assert_int_eq(alecable_friction_contact(r.fr, 0, &ct), 0);
    ck_assert_int_eq(alecable_node_material(ne, &s_stick), 0);
    bal = eyelet_balance(&r, ct.lambda_t);
    figure("eyelet, unloading: %s, lambda_T %.12g, mu N %.12g, s moved %.3g, balance %.3g",
           ct.state == ALECABLE_CONTACT_SLIP ? "slip" : "stick", ct.lambda_t, mu * ct.lambda_n, s_stick - s_slip, bal);
    ck_assert_int_eq(ct.state, ALECABLE_CONTACT_STICK);
    ck_assert_msg(fabs(ct.lambda_t) < mu * ct.lambda_n, "stick: |lambda_T| %.15g above mu N %.15g", fabs(ct.lambda_t),
                  mu * ct.lambda_n);
    ck_assert_msg(fabs(s_stick - s_slip) <= 1e-12, "stuck, yet s moved by %.3g", s_stick - s_slip);
    ck_assert_msg(fabs(bal) <= 1e-8 * F, "unloading: the eyelet's material equation is off by %.3g", bal);
    alecable_model_destroy(r.m);
}
END_TEST

Suite *suite_se3_wraps(void)
{
    Suite *s = suite_create("se3_wraps");
    TCase *tc = tcase_create("moving pulleys");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, moved_statics);
    tcase_add_test(tc, carried_statics);
    tcase_add_test(tc, swinging_pulley_energy);
    tcase_add_test(tc, eyelet_friction_law);
    suite_add_tcase(s, tc);
    return s;
}
