/* Two-node geometrically exact beam on the Lie group SE(3), with shear
 * (paper 004 sec. 2, after Sonneville, Cardona and Bruls, CMAME 2014), and
 * its ALE form with a material coordinate per node.
 *
 * Node.  A node carries a frame H = (R, x) in SE(3): the section's
 * orientation R (columns t1 = the section's normal, t2, t3 = its principal
 * axes) and the centreline point x, plus its material coordinate s.  Its 7
 * dofs are [x (3), psi (3), s]: psi is the rotation vector of R relative to
 * the node's reference frame R_ref (the columns t1_ref, t2_ref of
 * el_params.chart_a/b, t3_ref = t1_ref x t2_ref; NULL: the identity),
 * R = R_ref exp(psi^).  Element dofs: [x_A, psi_A, s_A, x_B, psi_B, s_B].
 *
 * Multiplicative updates.  The rotation lives on SO(3) and changes by
 * composition, R <- R exp(dpsi^) (dpsi in the section frame), as the
 * bodies' do (lib/bodies/rotation.h; the model's update composes psi for
 * these nodes, core/assemble.c), so psi never reaches the rotation
 * vector's singularity at |psi| = 2 pi.  The force and the tangent are the
 * derivatives along that update: the force's rotational rows are
 * f = dW(R exp(d^))/dd at d = 0 (the moments about the section axes), the
 * tangent is d f(R exp(d^)) / dd, which is the Hessian H of
 * W(R exp(d^)) at d = 0 plus, from exp(a) exp(b) = exp(a + b + a x b / 2
 * + ...), the skew part f^ / 2 on each node's rotation block (row: the
 * force's component, column: the increment's): exact and,
 * away from equilibrium, not symmetric.  H comes from the same hd
 * evaluation below with each node's current frame as its reference and
 * the increments d as the variables.
 *
 * Strain.  The two frames' relative transformation H_A^-1 H_B =
 * (R_A^T R_B, R_A^T (x_B - x_A)) has the SE(3) logarithm (U, phi): phi the
 * relative rotation vector, U = V(phi)^-1 R_A^T (x_B - x_A) with V the
 * tangent operator of SO(3)'s exponential,
 *     V^-1 = I - 1/2 phi^ + C(|phi|^2) phi^ phi^,
 *     C(x) = (1 - (t/2) cot(t/2)) / t^2,   t = sqrt(x).
 * The element's deformation is the one helix (constant-twist screw) that
 * takes H_A to H_B over the material length l = s_B - s_A; its strain
 * measures are constant along the element:
 *     e = U / l - (1, 0, 0)   (axial strain, shears along t2, t3)
 *     k = phi / l - k_0        (twist, curvatures about t2, t3)
 * and its energy
 *     W = l/2 (EA e1^2 + GA2 e2^2 + GA3 e3^2 + GJ k1^2 + EI2 k2^2 + EI3 k3^2)
 * with el_params' EA, GA[0], GA[1], GJ, EI (= EI2), EI3 and k0 (the natural
 * curvatures about t2, t3 and the natural twist, as for the Kirchhoff
 * beam).  A constant strain per element is what lets two elements that meet
 * at a stuck or slipping contact node carry different tensions (paper 004
 * sec. 3): nothing but the frame and the position is shared at a node.
 *
 * The relative rotation is composed in unit quaternions, q = exp(d_A)^* q0
 * exp(d_B), q0 = q_A^* q_B of the current frames (q taken with w >= 0: the
 * shorter rotation), and its logarithm is phi = 2 atan(|r| / w) / |r| r, written
 * as 2 A(|r|^2 / w^2) r / w with A(z) = atan(sqrt z) / sqrt z, a power series
 * below z = 1/4: smooth through phi = 0 (a straight, untwisted element).
 * It is singular only at a relative rotation of pi between the two nodes of
 * one element, which no mesh fine enough to carry the curve comes near.
 *
 * The gradient and Hessian come from second-order forward differentiation
 * (core/hd.h) in the reduced variables z = (x_B - x_A (3), d_A (3),
 * d_B (3), l): the energy depends on s_A, s_B through l only (ALE:
 * dW/ds_A = -dW/dl), on the positions through x_B - x_A only.
 *
 * Loads and inertia are those of the straight chord between the two nodes
 * (the axial element's kernels on [x, s] per node): the centre line inside
 * the element is not interpolated for them.  The inertia is the chord's
 * translational one (with the material flow: the axial kernels) plus the
 * sections' rotary inertia lumped at the nodes (rotary(); on an ALE
 * element, with the material sections' angular velocity, rotary_ale()).
 * The end gradients are the element's dx/ds (see end_gradient). */
#include "element.h"
#include "../core/hd.h"

#include <math.h>
#include <string.h>

extern const el_ops el_axial_ops;

enum { NDOF = 14, SA = 6, SB = 13, NZ = 10, ZL = 9, NA = 8 };

/* reduced variable -> element dofs (up to two, with signs) */
static const int zdof[NZ][2] = {{0, 7}, {1, 8}, {2, 9}, {3, -1}, {4, -1},
                                {5, -1}, {10, -1}, {11, -1}, {12, -1}, {SA, SB}};
static const double zsgn[NZ][2] = {{-1, 1}, {-1, 1}, {-1, 1}, {1, 0}, {1, 0},
                                   {1, 0}, {1, 0}, {1, 0}, {1, 0}, {-1, 1}};

/* ---------------------------------------------------------------------------
 * Scalar functions with their first two derivatives */

/* f = sum a_k x^k (k < n) and its derivatives */
static void series(const double *a, int n, double x, double f[3])
{
    int k;
    f[0] = f[1] = f[2] = 0.0;
    for (k = n - 1; k >= 0; k--) {
        f[2] = f[2] * x + 2.0 * f[1];
        f[1] = f[1] * x + f[0];
        f[0] = f[0] * x + a[k];
    }
}

enum { NEXP = 24, NATAN = 40, NCOT = 8 };

/* cos(t/2) and sin(t/2)/t as series in x = t^2 (coefficients by recurrence) */
static void exp_coefficients(double cq[NEXP], double sq[NEXP])
{
    int k;
    cq[0] = 1.0;
    sq[0] = 0.5;
    for (k = 1; k < NEXP; k++) {
        cq[k] = -cq[k - 1] / (4.0 * (2 * k - 1) * (2 * k));
        sq[k] = -sq[k - 1] / (4.0 * (2 * k) * (2 * k + 1));
    }
}

/* A(z) = atan(sqrt z) / sqrt z, z >= 0: the series sum (-z)^k / (2k + 1)
 * below 1/4 (its terms fall by 4 at least), the closed form above */
static void atan_ratio(double z, double f[3])
{
    if (z < 0.25) {
        double a[NATAN];
        int k;
        for (k = 0; k < NATAN; k++) a[k] = (k & 1 ? -1.0 : 1.0) / (2 * k + 1);
        series(a, NATAN, z, f);
    } else {
        hd_ctx c = hd_context(1, 1);
        hd x, r, one, t;
        hd_var(&c, &x, z, 0);
        hd_sqrt(&c, &r, &x);
        hd_const(&c, &one, 1.0);
        hd_atan2(&c, &t, &r, &one);
        hd_div(&c, &t, &t, &r);
        f[0] = t.v;
        f[1] = t.g[0];
        f[2] = t.h[0];
    }
}

/* C(x) = (1 - (t/2) cot(t/2)) / t^2, t = sqrt x: from the Bernoulli numbers,
 * C = -sum_{n>=1} (-1)^n B_2n x^(n-1) / (2n)!, below x = 1/2 (the terms fall
 * by x / (4 pi^2)), the closed form above */
static void vinv_coefficient(double x, double f[3])
{
    static const double a[NCOT] = {1.0 / 12.0,
                                   1.0 / 720.0,
                                   1.0 / 30240.0,
                                   1.0 / 1209600.0,
                                   1.0 / 47900160.0,
                                   691.0 / 1307674368000.0,
                                   1.0 / 74724249600.0,
                                   3617.0 / 10670622842880000.0};
    if (x < 0.5) {
        series(a, NCOT, x, f);
    } else {
        hd_ctx c = hd_context(1, 1);
        hd v, h, co, si, t;
        hd_var(&c, &v, x, 0);
        hd_sqrt(&c, &h, &v);
        hd_scale(&c, &h, 0.5, &h, 0.0);
        hd_cos(&c, &co, &h);
        hd_sin(&c, &si, &h);
        hd_div(&c, &t, &co, &si);
        hd_mul(&c, &t, &t, &h);
        hd_scale(&c, &t, -1.0, &t, 1.0);
        hd_div(&c, &t, &t, &v);
        f[0] = t.v;
        f[1] = t.g[0];
        f[2] = t.h[0];
    }
}

/* ---------------------------------------------------------------------------
 * Quaternions (w, x, y, z) of hd numbers */

/* r = a b (r must not alias a or b) */
static void quat_mul(const hd_ctx *c, hd r[4], const hd a[4], const hd b[4])
{
    hd t[3];
    int i;
    hd_mul(c, &r[0], &a[0], &b[0]);
    for (i = 1; i < 4; i++) hd_fma(c, &r[0], -1.0, &a[i], &b[i]);
    hd_cross3(c, t, a + 1, b + 1);
    for (i = 1; i < 4; i++) {
        hd_mul(c, &r[i], &a[0], &b[i]);
        hd_fma(c, &r[i], 1.0, &b[0], &a[i]);
        hd_add(c, &r[i], &r[i], &t[i - 1]);
    }
}

/* q = exp(psi^) as a unit quaternion: (cos(t/2), sin(t/2)/t psi), t = |psi| */
static void quat_exp(const hd_ctx *c, const hd psi[3], hd q[4])
{
    double cq[NEXP], sq[NEXP], fc[3], fs[3];
    hd x, s;
    int i;
    exp_coefficients(cq, sq);
    hd_dot3(c, &x, psi, psi);
    series(cq, NEXP, x.v, fc);
    series(sq, NEXP, x.v, fs);
    hd_chain(c, &q[0], &x, fc[0], fc[1], fc[2]);
    hd_chain(c, &s, &x, fs[0], fs[1], fs[2]);
    for (i = 0; i < 3; i++) hd_mul(c, &q[1 + i], &s, &psi[i]);
}

/* out = R(q)^T v for a unit quaternion q = (w, r):
 * v - 2 w (r x v) + 2 r x (r x v) */
static void quat_rotate_t(const hd_ctx *c, const hd q[4], const hd v[3], hd out[3])
{
    hd a[3], b[3];
    int i;
    hd_cross3(c, a, q + 1, v);
    hd_cross3(c, b, q + 1, a);
    for (i = 0; i < 3; i++) {
        hd t;
        hd_mul(c, &t, &q[0], &a[i]);
        hd_axpy(c, &out[i], &v[i], -2.0, &t);
        hd_axpy(c, &out[i], &out[i], 2.0, &b[i]);
    }
}

/* R_ref (row-major) from a chart (t1_ref, t2_ref); NULL: the identity */
static void chart_matrix(const double *chart, double R[9])
{
    int i;
    if (!chart) {
        static const double I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        memcpy(R, I, sizeof I);
        return;
    }
    for (i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        R[3 * i] = chart[i];
        R[3 * i + 1] = chart[3 + i];
        R[3 * i + 2] = chart[j] * chart[3 + k] - chart[k] * chart[3 + j];
    }
}

/* unit quaternion of a rotation matrix (row-major), from its largest
 * component (Shepperd), w >= 0 */
static void matrix_quat(const double R[9], double q[4])
{
    double tr = R[0] + R[4] + R[8], s;
    if (tr >= R[0] && tr >= R[4] && tr >= R[8]) {
        s = 2.0 * sqrt(1.0 + tr);
        q[0] = 0.25 * s;
        q[1] = (R[7] - R[5]) / s;
        q[2] = (R[2] - R[6]) / s;
        q[3] = (R[3] - R[1]) / s;
    } else if (R[0] >= R[4] && R[0] >= R[8]) {
        s = 2.0 * sqrt(1.0 + R[0] - R[4] - R[8]);
        q[0] = (R[7] - R[5]) / s;
        q[1] = 0.25 * s;
        q[2] = (R[1] + R[3]) / s;
        q[3] = (R[2] + R[6]) / s;
    } else if (R[4] >= R[8]) {
        s = 2.0 * sqrt(1.0 + R[4] - R[0] - R[8]);
        q[0] = (R[2] - R[6]) / s;
        q[1] = (R[1] + R[3]) / s;
        q[2] = 0.25 * s;
        q[3] = (R[5] + R[7]) / s;
    } else {
        s = 2.0 * sqrt(1.0 + R[8] - R[0] - R[4]);
        q[0] = (R[3] - R[1]) / s;
        q[1] = (R[2] + R[6]) / s;
        q[2] = (R[5] + R[7]) / s;
        q[3] = 0.25 * s;
    }
    if (q[0] < 0.0) {
        int i;
        for (i = 0; i < 4; i++) q[i] = -q[i];
    }
}

/* ---------------------------------------------------------------------------
 * The strain measures and the energy */

/* plain-number quaternions: r = a b, the rotation matrix of a unit q */
static void quat_mul_d(const double a[4], const double b[4], double r[4])
{
    r[0] = a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3];
    r[1] = a[0] * b[1] + b[0] * a[1] + a[2] * b[3] - a[3] * b[2];
    r[2] = a[0] * b[2] + b[0] * a[2] + a[3] * b[1] - a[1] * b[3];
    r[3] = a[0] * b[3] + b[0] * a[3] + a[1] * b[2] - a[2] * b[1];
}

static void quat_matrix(const double q[4], double R[9])
{
    const double w = q[0], x = q[1], y = q[2], z = q[3];
    R[0] = 1.0 - 2.0 * (y * y + z * z);
    R[1] = 2.0 * (x * y - w * z);
    R[2] = 2.0 * (x * z + w * y);
    R[3] = 2.0 * (x * y + w * z);
    R[4] = 1.0 - 2.0 * (x * x + z * z);
    R[5] = 2.0 * (y * z - w * x);
    R[6] = 2.0 * (x * z - w * y);
    R[7] = 2.0 * (y * z + w * x);
    R[8] = 1.0 - 2.0 * (x * x + y * y);
}

/* the quaternion of R_ref exp(psi^) */
static void node_quat(const double *chart, const double psi[3], double q[4])
{
    double Rr[9], qr[4], e[4], fc[3], fs[3], cq[NEXP], sq[NEXP];
    double x = psi[0] * psi[0] + psi[1] * psi[1] + psi[2] * psi[2];
    chart_matrix(chart, Rr);
    matrix_quat(Rr, qr);
    exp_coefficients(cq, sq);
    series(cq, NEXP, x, fc);
    series(sq, NEXP, x, fs);
    e[0] = fc[0];
    e[1] = fs[0] * psi[0];
    e[2] = fs[0] * psi[1];
    e[3] = fs[0] * psi[2];
    quat_mul_d(qr, e, q);
}

void el_se3_node_rotation(const double *chart, const double psi[3], double R[9])
{
    double q[4];
    node_quat(chart, psi, q);
    quat_matrix(q, R);
}

/* phi = 2 A(|r|^2 / w^2) / w r, the rotation vector of a unit quaternion
 * q = (w, r), w > 0 */
static void quat_log(const hd_ctx *c, const hd q[4], hd phi[3])
{
    hd w2, n2, z, f;
    double fa[3];
    hd_dot3(c, &n2, q + 1, q + 1);
    hd_mul(c, &w2, &q[0], &q[0]);
    hd_div(c, &z, &n2, &w2);
    atan_ratio(z.v, fa);
    hd_chain(c, &f, &z, fa[0], fa[1], fa[2]);
    hd_div(c, &f, &f, &q[0]);
    hd_scale(c, &f, 2.0, &f, 0.0);
    hd_smul3(c, phi, &f, q + 1);
}

/* q = the unit quaternion of R_A^T R_B with each node's frame turned by its
 * increment (R <- R exp(d^)), the increments pa, pb given as hd numbers,
 * w >= 0; ea is left as conj(exp(pa)), and RA (may be NULL) receives node
 * A's current frame R_A */
static void relative_quat(const el_params *p, const double *qe, const hd_ctx *c, const hd pa[3], const hd pb[3],
                          double RA[9], hd ea[4], hd q[4])
{
    double q0d[4], qa[4], qb[4];
    hd eb[4], q0[4], t[4];
    int i;
    node_quat(p->chart_a, qe + 3, qa);
    node_quat(p->chart_b, qe + 10, qb);
    if (RA) quat_matrix(qa, RA);
    qa[1] = -qa[1], qa[2] = -qa[2], qa[3] = -qa[3];
    quat_mul_d(qa, qb, q0d);
    for (i = 0; i < 4; i++) hd_const(c, &q0[i], q0d[i]);
    quat_exp(c, pa, ea);
    quat_exp(c, pb, eb);
    /* q = conj(e_A) q0 e_B */
    for (i = 1; i < 4; i++) hd_scale(c, &ea[i], -1.0, &ea[i], 0.0);
    quat_mul(c, t, ea, q0);
    quat_mul(c, q, t, eb);
    if (q[0].v < 0.0)
        for (i = 0; i < 4; i++) hd_scale(c, &q[i], -1.0, &q[i], 0.0);
}

/* U and phi (the SE(3) logarithm of H_A^-1 H_B) and l, as functions of the
 * reduced variables: x_B - x_A, the increments d_A, d_B of the two frames
 * (R <- R exp(d^), at d = 0) and l */
static void relative_log(const el_params *p, const double *qe, const hd_ctx *c, hd U[3], hd phi[3], hd *l)
{
    double RA[9], dx[3];
    hd d0[3], pa[3], pb[3], ea[4], q[4], pr[3], n2, f, cr[3], ccr[3];
    double fc[3];
    int i, k;
    for (i = 0; i < 3; i++) {
        hd_var(c, &pa[i], 0.0, 3 + i);
        hd_var(c, &pb[i], 0.0, 6 + i);
    }
    hd_var(c, l, qe[SB] - qe[SA], 9);
    relative_quat(p, qe, c, pa, pb, RA, ea, q);
    /* d0 = R_refA^T (x_B - x_A), linear in the variables 0-2 */
    for (i = 0; i < 3; i++) dx[i] = qe[7 + i] - qe[i];
    for (i = 0; i < 3; i++) {
        hd_const(c, &d0[i], RA[i] * dx[0] + RA[3 + i] * dx[1] + RA[6 + i] * dx[2]);
        for (k = 0; k < 3 && k < c->n; k++) d0[i].g[k] = RA[3 * k + i];
    }
    /* p = R(e_A)^T d0 (ea back to e_A) */
    for (i = 1; i < 4; i++) hd_scale(c, &ea[i], -1.0, &ea[i], 0.0);
    quat_rotate_t(c, ea, d0, pr);
    quat_log(c, q, phi);
    /* U = pr - 1/2 phi x pr + C phi x (phi x pr) */
    hd_dot3(c, &n2, phi, phi);
    vinv_coefficient(n2.v, fc);
    hd_chain(c, &f, &n2, fc[0], fc[1], fc[2]);
    hd_cross3(c, cr, phi, pr);
    hd_cross3(c, ccr, phi, cr);
    for (i = 0; i < 3; i++) {
        hd_axpy(c, &U[i], &pr[i], -0.5, &cr[i]);
        hd_fma(c, &U[i], 1.0, &f, &ccr[i]);
    }
}

static void strain_energy(const el_params *p, const double *qe, const hd_ctx *c, hd *W)
{
    const double cu[3] = {p->EA, p->GA[0], p->GA[1]}, ck[3] = {p->GJ, p->EI, p->EI3};
    const double k0[3] = {p->k0[2], p->k0[0], p->k0[1]};
    hd U[3], phi[3], l, il, e, acc;
    int i;
    relative_log(p, qe, c, U, phi, &l);
    hd_inv(c, &il, &l);
    hd_const(c, &acc, 0.0);
    for (i = 0; i < 3; i++) {
        hd t;
        hd_mul(c, &e, &U[i], &il);
        if (i == 0) hd_scale(c, &e, 1.0, &e, -1.0);
        hd_mul(c, &t, &e, &e);
        hd_axpy(c, &acc, &acc, 0.5 * cu[i], &t);
        hd_mul(c, &e, &phi[i], &il);
        hd_scale(c, &e, 1.0, &e, -k0[i]);
        hd_mul(c, &t, &e, &e);
        hd_axpy(c, &acc, &acc, 0.5 * ck[i], &t);
    }
    hd_mul(c, W, &acc, &l);
}

/* fe = gradient, ke += wt Hessian, expanded from z to the element dofs */
static void expand(const hd_ctx *c, const hd *W, double *fe, double wt, double *ke)
{
    hd_expand(c, W, zdof, zsgn, NDOF, fe, wt, ke);
}

/* with s fixed, l is a constant: the context stops before it */
static int nvars(const el_params *p) { return p->fixed_s ? ZL : NZ; }

static double se3_energy(const el_params *p, const double *qe)
{
    hd_ctx c = hd_context(0, 0);
    hd W;
    strain_energy(p, qe, &c, &W);
    return W.v;
}

static void se3_force(const el_params *p, const double *qe, double *fe)
{
    hd_ctx c = hd_context(nvars(p), 0);
    hd W;
    strain_energy(p, qe, &c, &W);
    expand(&c, &W, fe, 0.0, NULL);
}

/* ke += wt times the skew part of the tangent along the composition,
 * f^ / 2 on each node's rotation block (see the top of the file) */
static void skew_part(const double *fe, double wt, double *ke)
{
    static const int rot[2] = {3, 10};
    int n;
    for (n = 0; n < 2; n++) {
        const double *f = fe + rot[n];
        double *K = ke + rot[n] * NDOF + rot[n];
        double h = -0.5 * wt; /* f^ = [0 -f3 f2; f3 0 -f1; -f2 f1 0] */
        K[1] += h * f[2];
        K[2] -= h * f[1];
        K[NDOF] -= h * f[2];
        K[NDOF + 2] += h * f[0];
        K[2 * NDOF] += h * f[1];
        K[2 * NDOF + 1] -= h * f[0];
    }
}

static void se3_force_tangent_acc(const el_params *p, const double *qe, double *fe, double wt, double *ke)
{
    hd_ctx c = hd_context(nvars(p), 1);
    hd W;
    strain_energy(p, qe, &c, &W);
    expand(&c, &W, fe, wt, ke);
    skew_part(fe, wt, ke);
}

static void se3_tangent_acc(const el_params *p, const double *qe, double wt, double *ke)
{
    double fe[NDOF];
    se3_force_tangent_acc(p, qe, fe, wt, ke);
}

static void se3_tangent(const el_params *p, const double *qe, double *ke)
{
    memset(ke, 0, NDOF * NDOF * sizeof(double));
    se3_tangent_acc(p, qe, 1.0, ke);
}

/* the element's strain measures, values only: e (3) and k (3) without the
 * natural ones subtracted */
void el_se3_strains(const el_params *p, const double *qe, double e[3], double k[3])
{
    hd_ctx c = hd_context(0, 0);
    hd U[3], phi[3], l;
    int i;
    relative_log(p, qe, &c, U, phi, &l);
    for (i = 0; i < 3; i++) {
        e[i] = U[i].v / l.v - (i == 0);
        k[i] = phi[i].v / l.v;
    }
}

/* the axial stretch 1 + e1 along the section's normal, its force EA e1 */
static void se3_strain(const el_params *p, const double *qe, double *eps, double *stretch, double *force)
{
    double e[3], k[3];
    el_se3_strains(p, qe, e, k);
    *stretch = 1.0 + e[0];
    *eps = 0.5 * (*stretch * *stretch - 1.0);
    *force = p->EA * e[0];
}

/* The section at xi on the element's helix H_A exp(xi (U, phi)):
 * R = R_A exp(xi phi^), x = x_A + R_A V(xi phi) xi U (V the tangent
 * operator of SO(3)'s exponential); strains and resultants are constant.
 * The stretch reported is 1 + e1, along t1 (the shears are not). */
static void se3_section(const el_params *p, const double *qe, double xi, el_section *out)
{
    hd_ctx c = hd_context(0, 0);
    hd U[3], phi[3], l;
    double qa[4], RA[9], u[3], ph[3], t2, a, b, c1[3], c2[3], d[3], qx[4], q[4], cq[NEXP], sq[NEXP], fc[3], fs[3];
    double e[3], k[3];
    int i;
    relative_log(p, qe, &c, U, phi, &l);
    node_quat(p->chart_a, qe + 3, qa);
    quat_matrix(qa, RA);
    for (i = 0; i < 3; i++) {
        u[i] = xi * U[i].v;
        ph[i] = xi * phi[i].v;
        e[i] = U[i].v / l.v - (i == 0);
        k[i] = phi[i].v / l.v;
    }
    t2 = ph[0] * ph[0] + ph[1] * ph[1] + ph[2] * ph[2];
    if (t2 < 1e-6) {
        a = 0.5 - t2 / 24.0 + t2 * t2 / 720.0;
        b = 1.0 / 6.0 - t2 / 120.0 + t2 * t2 / 5040.0;
    } else {
        double t = sqrt(t2);
        a = (1.0 - cos(t)) / t2;
        b = (t - sin(t)) / (t2 * t);
    }
    c1[0] = ph[1] * u[2] - ph[2] * u[1];
    c1[1] = ph[2] * u[0] - ph[0] * u[2];
    c1[2] = ph[0] * u[1] - ph[1] * u[0];
    c2[0] = ph[1] * c1[2] - ph[2] * c1[1];
    c2[1] = ph[2] * c1[0] - ph[0] * c1[2];
    c2[2] = ph[0] * c1[1] - ph[1] * c1[0];
    for (i = 0; i < 3; i++) d[i] = u[i] + a * c1[i] + b * c2[i];
    for (i = 0; i < 3; i++) out->x[i] = qe[i] + RA[3 * i] * d[0] + RA[3 * i + 1] * d[1] + RA[3 * i + 2] * d[2];
    exp_coefficients(cq, sq);
    series(cq, NEXP, t2, fc);
    series(sq, NEXP, t2, fs);
    qx[0] = fc[0];
    for (i = 0; i < 3; i++) qx[1 + i] = fs[0] * ph[i];
    quat_mul_d(qa, qx, q);
    quat_matrix(q, out->frame);
    out->stretch = 1.0 + e[0];
    out->curvature[0] = k[1];
    out->curvature[1] = k[2];
    out->twist = k[0];
    out->force = p->EA * e[0];
    out->moment[0] = p->EI * (k[1] - p->k0[0]);
    out->moment[1] = p->EI3 * (k[2] - p->k0[1]);
    out->torque = p->GJ * (k[0] - p->k0[2]);
}

/* ---------------------------------------------------------------------------
 * The chord's terms, from the axial element's kernels on [x, s] per node */

static const int axd[NA] = {0, 1, 2, SA, 7, 8, 9, SB};

static void pack(const double *x, double *y)
{
    int k;
    for (k = 0; k < NA; k++) y[k] = x[axd[k]];
}

static void unpack(const double *y, double *x)
{
    int k;
    memset(x, 0, NDOF * sizeof(double));
    for (k = 0; k < NA; k++) x[axd[k]] = y[k];
}

static void unpack_add(const double *ky, double w, double *kx)
{
    int i, j;
    for (i = 0; i < NA; i++)
        for (j = 0; j < NA; j++) kx[axd[i] * NDOF + axd[j]] += w * ky[i * NA + j];
}

static double dist_energy(const double b[3], const double *qe)
{
    double y[NA];
    pack(qe, y);
    return el_axial_ops.dist_energy(b, y);
}

static void dist_force(const double b[3], const double *qe, double *fe)
{
    double y[NA], f[NA];
    pack(qe, y);
    el_axial_ops.dist_force(b, y, f);
    unpack(f, fe);
}

static void dist_tangent_acc(const double b[3], const double *qe, double w, double *ke)
{
    double y[NA], k[NA * NA];
    pack(qe, y);
    el_axial_ops.dist_tangent(b, y, k);
    unpack_add(k, w, ke);
}

static void dist_tangent(const double b[3], const double *qe, double *ke)
{
    memset(ke, 0, NDOF * NDOF * sizeof(double));
    dist_tangent_acc(b, qe, 1.0, ke);
}

static double point_energy(const double f[3], double s, const double *qe)
{
    double y[NA];
    pack(qe, y);
    return el_axial_ops.point_energy(f, s, y);
}

static void point_force(const double f[3], double s, const double *qe, double *fe)
{
    double y[NA], g[NA];
    pack(qe, y);
    el_axial_ops.point_force(f, s, y, g);
    unpack(g, fe);
}

static void point_tangent(const double f[3], double s, const double *qe, double *ke)
{
    double y[NA], k[NA * NA];
    pack(qe, y);
    el_axial_ops.point_tangent(f, s, y, k);
    memset(ke, 0, NDOF * NDOF * sizeof(double));
    unpack_add(k, 1.0, ke);
}

/* The end gradients on the material domain itself (xi = s - s_A, so
 * dxi/ds = 1): g = dx/ds = (x_B - x_A) / l, the element's stretch vector,
 * the same at both ends.  What reads them (loads.c's node_config, the
 * friction contacts) takes the mean of g times the mean of 1/(ds/dxi) over
 * a node's elements: here the mean of the two elements' dx/ds, so that a
 * sleeve node's material equation takes lambda_T times the mean stretch
 * (1 + e_L + 1 + e_R) / 2, and since the flux of the energy-momentum
 * EA (e + e^2 / 2) jumps by EA (e_R - e_L) times that mean, the axial force
 * EA e jumps by exactly lambda_T (examples/support/sleeve_closed_form.c).
 * (A chord over the mesh length, as the axial element reports, would mix
 * unequal chords into it at the sleeve's last node.) */
static void end_gradient(const el_params *p, const double *qe, int end, double g[3], double *jinv, double *dg,
                         double *djinv)
{
    double l = qe[SB] - qe[SA];
    int i;
    (void)p;
    (void)end;
    for (i = 0; i < 3; i++) g[i] = (qe[7 + i] - qe[i]) / l;
    *jinv = 1.0;
    if (dg) {
        memset(dg, 0, 3 * NDOF * sizeof(double));
        for (i = 0; i < 3; i++) {
            dg[i * NDOF + i] = -1.0 / l;
            dg[i * NDOF + 7 + i] = 1.0 / l;
            dg[i * NDOF + SA] = g[i] / l;
            dg[i * NDOF + SB] = -g[i] / l;
        }
    }
    if (djinv) memset(djinv, 0, NDOF * sizeof(double));
}

/* The sections' rotary inertia, lumped at the nodes: node k of the element
 * carries half its material length's, J_k = (l / 2) diag(rhoJ), as a rigid
 * body about its frame.  Its velocity dofs are the rotation vector's rates
 * along the composed update, i.e. the angular velocity Omega in the section
 * frame (as a body's, lib/bodies/body.c), so T_k = 1/2 Omega.J_k Omega and
 * Lagrange's residual on SO(3) is Euler's, J_k dOmega + Omega x J_k Omega,
 * free of the rotation itself.  Lumped rather than consistent: a consistent
 * rotary mass would need the helix's angular velocity inside the element,
 * coupling the two nodes through the tangent operator of the relative
 * rotation (a mass matrix depending on the strains); the lumped one is exact
 * for rigid motions, keeps the residual a rigid body's (so what the
 * integrators do for bodies holds node by node) and costs the bending
 * frequencies only O(h^2) of the rotary inertia's share, which is itself
 * O((r / L)^2) for a slender beam.  The translational inertia stays the
 * chord's consistent one (the axial kernels).  This is the Lagrangian
 * element's (fixed_s: l constant); an ALE element's, with the material
 * flow, is rotary_ale() below, equal to it when sdot = 0. */
static void rotary(const el_params *p, const double *qe, const double *ve, const double *ae, double *re,
                   double cv, double ca, double *ke)
{
    double h = 0.5 * (qe[SB] - qe[SA]);
    int k, i, j;
    for (k = 0; k < 2; k++) {
        const int o = 7 * k + 3;
        const double *W = ve + o;
        double J[3], JW[3];
        for (i = 0; i < 3; i++) {
            J[i] = h * p->rhoJ[i];
            JW[i] = J[i] * W[i];
        }
        if (re) {
            re[o + 0] += J[0] * ae[o + 0] + W[1] * JW[2] - W[2] * JW[1];
            re[o + 1] += J[1] * ae[o + 1] + W[2] * JW[0] - W[0] * JW[2];
            re[o + 2] += J[2] * ae[o + 2] + W[0] * JW[1] - W[1] * JW[0];
        }
        if (ke) {
            /* d(W x J W)/dW = W^ J - (J W)^ */
            double Wh[9] = {0, -W[2], W[1], W[2], 0, -W[0], -W[1], W[0], 0};
            double Jh[9] = {0, -JW[2], JW[1], JW[2], 0, -JW[0], -JW[1], JW[0], 0};
            for (i = 0; i < 3; i++)
                for (j = 0; j < 3; j++)
                    ke[(o + i) * NDOF + o + j] += ca * (i == j) * J[i] + cv * (Wh[3 * i + j] * J[j] - Jh[3 * i + j]);
        }
    }
}

/* ---------------------------------------------------------------------------
 * The rotary inertia of an ALE element (s per node unknown, moving).
 *
 * Inside the element the sections' frames are the helix's, R(s, t) =
 * R_A(t) exp(xi phi^), xi = (s - s_A) / l, whose curvature and twist in the
 * section frame, kappa = (R^T dR/ds)^vee = phi / l, is constant along it
 * and the same in both end frames (exp(xi phi^) phi = phi).  The material
 * section sitting at node k at time t (s = s_k(t)) turns with the angular
 * velocity, in its frame,
 *     w_k = (R^T dR/dt at fixed s)^vee = Omega_k - kappa sdot_k,
 * since the node's own frame R_k(t) = R(s_k(t), t) turns with Omega_k
 * (its velocity dofs) = w_k + kappa sdot_k (at xi = 1, with R_B = R_A
 * exp(phi^), the right Jacobian of exp takes phi to phi, so the same
 * holds at B).  The lumped rotary kinetic energy of the Lagrangian
 * element, trapezoidal quadrature of 1/2 int w.J w ds over [s_A, s_B], is
 * then, with h = l / 2 and J = diag(rhoJ),
 *     T = h/2 sum_{k = A, B} w_k . J w_k,
 * the same function of the material sections' motion; with sdot = 0 it is
 * rotary()'s.  Lagrange's equations on SO(3) x R with the body-frame
 * velocities (Hamel's form, as a body's): with p_k = dT/dOmega_k = h J w_k,
 * dT/dsdot_k = -kappa . p_k, and g = dT/dz at fixed velocities over
 * z = (d_A (3), d_B (3), l) (d the increments R_k exp(d^), l = s_B - s_A),
 *     r(Omega_k) = dp_k/dt + Omega_k x p_k - g(d_k)
 *     r(s_A)     = -d/dt (kappa . p_A) + g(l)     (dl/ds_A = -1)
 *     r(s_B)     = -d/dt (kappa . p_B) - g(l)
 * where g(d_k) = -K(d_k)^T P, g(l) = 1/4 sum_k w_k . J w_k - K(l)^T P,
 * P = sum_k sdot_k p_k, K = dkappa/dz, and the time derivatives follow
 * the chart at d = 0: dkappa/dt = K (Omega_A, Omega_B, sdot_B - sdot_A),
 * dh/dt = (sdot_B - sdot_A) / 2.
 *
 * kappa, K and its derivatives come from phi's in hd over the increments
 * and l's by hand (curvature below).  The
 * residual is written once in hd numbers (flow_residual) over 8 variables
 * t_m, one per rotary column (psi_A, s_A, psi_B, s_B); seeding q's
 * columns with cq (kappa by K, K by its derivative along the composed
 * update, h by dh/ds), v's with cv and a's with ca gives the weighted
 * Jacobian cq dr/dq + cv dr/dv + ca dr/da in one pass.  K's derivative
 * along R_k exp(e^) is the Hessian of kappa plus, from exp(e) exp(d) =
 * exp(e + d + e x d / 2 + ...), the term dK(d_k).(e x d) / 2 on node k's
 * block (the same Lie-group part as the tangent's f^ / 2). */

/* phi = log(R_A^T R_B) over the increments (d_A, d_B): the context's n
 * is 0 (values) or 6 */
static void relative_rotation(const el_params *p, const double *qe, const hd_ctx *c, hd phi[3])
{
    hd pa[3], pb[3], ea[4], q[4];
    int i;
    for (i = 0; i < 3; i++) {
        hd_var(c, &pa[i], 0.0, i);
        hd_var(c, &pb[i], 0.0, 3 + i);
    }
    relative_quat(p, qe, c, pa, pb, NULL, ea, q);
    quat_log(c, q, phi);
}

enum { NR = 8, NKZ = 7, NPHI = 6 };
/* the rotary columns t_m: psi_A, s_A, psi_B, s_B */
static const int rdof[NR] = {3, 4, 5, SA, 10, 11, 12, SB};

/* r (8: psi_A, s_A, psi_B, s_B rows) of the material sections' rotary
 * inertia from kappa, K = dkappa/dz (row-major 3 x 7), h, the rates
 * (Omega_A, sdot_A, Omega_B, sdot_B) and their accelerations */
static void flow_residual(const hd_ctx *c, const double J[3], const hd kap[3], const hd K[3 * NKZ], const hd *h,
                          const hd vel[NR], const hd acc[NR], hd r[NR])
{
    hd u[NKZ], kd[3], hdot, w[2][3], p[2][3], pd[2][3], P[3], E, g[NKZ], t;
    int i, j, k;
    for (i = 0; i < 3; i++) {
        u[i] = vel[i];
        u[3 + i] = vel[4 + i];
    }
    hd_sub(c, &u[6], &vel[7], &vel[3]);
    hd_scale(c, &hdot, 0.5, &u[6], 0.0);
    for (i = 0; i < 3; i++) {
        hd_mul(c, &kd[i], &K[NKZ * i], &u[0]);
        for (j = 1; j < NKZ; j++) hd_fma(c, &kd[i], 1.0, &K[NKZ * i + j], &u[j]);
    }
    hd_const(c, &E, 0.0);
    for (k = 0; k < 2; k++) {
        const hd *Om = vel + 4 * k, *sg = vel + 4 * k + 3, *al = acc + 4 * k, *as = acc + 4 * k + 3;
        for (i = 0; i < 3; i++) {
            hd wd;
            hd_mul(c, &t, sg, &kap[i]);
            hd_sub(c, &w[k][i], &Om[i], &t);
            hd_mul(c, &t, as, &kap[i]);
            hd_sub(c, &wd, &al[i], &t);
            hd_mul(c, &t, sg, &kd[i]);
            hd_sub(c, &wd, &wd, &t);
            hd_mul(c, &t, h, &w[k][i]);
            hd_scale(c, &p[k][i], J[i], &t, 0.0);
            hd_mul(c, &t, h, &wd);
            hd_fma(c, &t, 1.0, &hdot, &w[k][i]);
            hd_scale(c, &pd[k][i], J[i], &t, 0.0);
            hd_mul(c, &t, &w[k][i], &w[k][i]);
            hd_axpy(c, &E, &E, 0.25 * J[i], &t);
        }
    }
    for (i = 0; i < 3; i++) {
        hd_mul(c, &P[i], &vel[3], &p[0][i]);
        hd_fma(c, &P[i], 1.0, &vel[7], &p[1][i]);
    }
    for (j = 0; j < NKZ; j++) { /* g = dT/dz at fixed rates */
        hd_mul(c, &g[j], &K[j], &P[0]);
        hd_fma(c, &g[j], 1.0, &K[NKZ + j], &P[1]);
        hd_fma(c, &g[j], 1.0, &K[2 * NKZ + j], &P[2]);
        hd_scale(c, &g[j], -1.0, &g[j], 0.0);
    }
    hd_add(c, &g[6], &g[6], &E);
    for (k = 0; k < 2; k++) {
        hd cr[3], *rs = &r[4 * k + 3];
        hd_cross3(c, cr, vel + 4 * k, p[k]);
        for (i = 0; i < 3; i++) {
            hd_add(c, &r[4 * k + i], &pd[k][i], &cr[i]);
            hd_sub(c, &r[4 * k + i], &r[4 * k + i], &g[3 * k + i]);
        }
        hd_dot3(c, rs, kd, p[k]);
        hd_fma(c, rs, 1.0, &kap[0], &pd[k][0]);
        hd_fma(c, rs, 1.0, &kap[1], &pd[k][1]);
        hd_fma(c, rs, 1.0, &kap[2], &pd[k][2]);
        hd_axpy(c, rs, &g[6], k ? 1.0 : -1.0, rs);
        if (k) hd_scale(c, rs, -1.0, rs, 0.0);
    }
}

/* kappa = phi / l, K = dkappa/dz and (hess) its Hessian H over z = (d_A,
 * d_B, l): phi's from hd over the six increments, l's by hand */
static void curvature(const el_params *p, const double *qe, int hess, double kap[3], double K[3][NKZ],
                      double H[3][NKZ][NKZ])
{
    hd_ctx c = hd_context(NPHI, hess);
    hd phi[3];
    double il = 1.0 / (qe[SB] - qe[SA]);
    int i, j, n;
    relative_rotation(p, qe, &c, phi);
    for (i = 0; i < 3; i++) {
        kap[i] = phi[i].v * il;
        for (j = 0; j < NPHI; j++) K[i][j] = phi[i].g[j] * il;
        K[i][6] = -kap[i] * il;
        if (!hess) continue;
        for (j = 0; j < NPHI; j++) {
            for (n = j; n < NPHI; n++) H[i][j][n] = H[i][n][j] = phi[i].h[hd_idx(NPHI, j, n)] * il;
            H[i][j][6] = H[i][6][j] = -K[i][j] * il;
        }
        H[i][6][6] = -2.0 * K[i][6] * il;
    }
}

/* re += the ALE rotary residual; ke += its weighted Jacobian (either NULL) */
static void rotary_ale(const el_params *p, const double *qe, const double *ve, const double *ae, double *re,
                       double cq, double cv, double ca, double *ke)
{
    /* z's column in the t_m: d_A -> 0..2, d_B -> 4..6, l -> s_B - s_A */
    static const int zcol[NKZ - 1] = {0, 1, 2, 4, 5, 6};
    const int hess = ke && cq != 0.0;
    hd_ctx c = hd_context(ke ? NR : 0, 0);
    hd K[3 * NKZ], kh[3], h, vel[NR], acc[NR], r[NR];
    double kv[3], Kv[3][NKZ], H[3][NKZ][NKZ];
    int i, j, m, n;
    curvature(p, qe, hess, kv, Kv, H);
    hd_const(&c, &h, 0.5 * (qe[SB] - qe[SA]));
    for (m = 0; m < NR; m++) {
        hd_var(&c, &vel[m], ve[rdof[m]], m);
        hd_var(&c, &acc[m], ae[rdof[m]], m);
        for (n = 0; n < c.n; n++) {
            vel[m].g[n] *= cv;
            acc[m].g[n] *= ca;
        }
    }
    for (i = 0; i < 3; i++) {
        hd_const(&c, &kh[i], kv[i]);
        for (j = 0; j < NKZ; j++) hd_const(&c, &K[NKZ * i + j], Kv[i][j]);
    }
    if (hess) {
        /* dh/ds_B = 1/2; kappa's and K's derivatives along the columns */
        h.g[3] = -0.5 * cq;
        h.g[7] = 0.5 * cq;
        for (i = 0; i < 3; i++) {
            for (j = 0; j < NKZ - 1; j++) kh[i].g[zcol[j]] = cq * Kv[i][j];
            kh[i].g[3] = -cq * Kv[i][6];
            kh[i].g[7] = cq * Kv[i][6];
            for (j = 0; j < NKZ; j++) {
                hd *Kij = &K[NKZ * i + j];
                for (n = 0; n < NKZ; n++) {
                    double d2 = H[i][j][n];
                    if (j < 6 && n < 6 && j / 3 == n / 3) {
                        /* + dK(d).(e_n x e_j) / 2 on the node's block */
                        int o = 3 * (j / 3), a = j - o, b = n - o;
                        if ((b + 1) % 3 == a) d2 += 0.5 * Kv[i][o + (a + 1) % 3];
                        else if ((a + 1) % 3 == b) d2 -= 0.5 * Kv[i][o + (b + 1) % 3];
                    }
                    if (n < 6) Kij->g[zcol[n]] += cq * d2;
                    else {
                        Kij->g[3] -= cq * d2;
                        Kij->g[7] += cq * d2;
                    }
                }
            }
        }
    }
    flow_residual(&c, p->rhoJ, kh, K, &h, vel, acc, r);
    for (m = 0; m < NR; m++) {
        if (re) re[rdof[m]] += r[m].v;
        if (ke)
            for (n = 0; n < NR; n++) ke[rdof[m] * NDOF + rdof[n]] += r[m].g[n];
    }
}

/* the rotary kinetic energy, h/2 sum_k w_k . J w_k (w_k = Omega_k with s
 * fixed) */
static double rotary_kinetic(const el_params *p, const double *qe, const double *ve)
{
    double h = 0.5 * (qe[SB] - qe[SA]), t = 0.0;
    int k, i;
    if (p->fixed_s) {
        for (k = 0; k < 2; k++)
            for (i = 0; i < 3; i++) t += 0.5 * h * p->rhoJ[i] * ve[7 * k + 3 + i] * ve[7 * k + 3 + i];
    } else {
        hd_ctx c = hd_context(0, 0);
        hd phi[3];
        double il = 1.0 / (qe[SB] - qe[SA]);
        relative_rotation(p, qe, &c, phi);
        for (k = 0; k < 2; k++)
            for (i = 0; i < 3; i++) {
                double w = ve[7 * k + 3 + i] - ve[7 * k + SA] * phi[i].v * il;
                t += 0.5 * h * p->rhoJ[i] * w * w;
            }
    }
    return t;
}

static double kinetic(const el_params *p, const double *qe, const double *ve)
{
    double y[NA], v[NA], t = rotary_kinetic(p, qe, ve);
    pack(qe, y);
    pack(ve, v);
    return el_axial_ops.kinetic(p, y, v) + t;
}

static void inertia(const el_params *p, const double *qe, const double *ve, const double *ae, double *re)
{
    double y[NA], v[NA], a[NA], r[NA];
    pack(qe, y);
    pack(ve, v);
    pack(ae, a);
    el_axial_ops.inertia(p, y, v, a, r);
    unpack(r, re);
    if (p->fixed_s) rotary(p, qe, ve, ae, re, 0.0, 0.0, NULL);
    else rotary_ale(p, qe, ve, ae, re, 0.0, 0.0, 0.0, NULL);
}

static void inertia_jac_acc(const el_params *p, const double *qe, const double *ve, const double *ae, double cq,
                            double cv, double ca, double *ke)
{
    double y[NA], v[NA], a[NA], k[NA * NA];
    pack(qe, y);
    pack(ve, v);
    pack(ae, a);
    el_axial_ops.inertia_jac(p, y, v, a, cq, cv, ca, k);
    unpack_add(k, 1.0, ke);
    if (p->fixed_s) rotary(p, qe, ve, ae, NULL, cv, ca, ke);
    else rotary_ale(p, qe, ve, ae, NULL, cq, cv, ca, ke);
}

static void inertia_jac(const el_params *p, const double *qe, const double *ve, const double *ae, double cq,
                        double cv, double ca, double *ke)
{
    memset(ke, 0, NDOF * NDOF * sizeof(double));
    inertia_jac_acc(p, qe, ve, ae, cq, cv, ca, ke);
}

const el_ops el_se3_ops = {
    3, 2, 7, 6,
    se3_energy, se3_force, se3_tangent, se3_strain,
    dist_energy, dist_force, dist_tangent,
    point_energy, point_force, point_tangent,
    end_gradient,
    kinetic, inertia, inertia_jac,
    se3_tangent_acc, dist_tangent_acc, inertia_jac_acc, se3_force_tangent_acc,
    /* the hd kernels counted by core/hd.h built with -DHD_COUNT: force 4.4k,
     * force and tangent 49.2k (s fixed: 4.0k and 40.6k), plus some 1.5k of
     * plain-number quaternions and series (estimated); the chord's loads
     * and inertia are the axial kernels' (axial.c's counts), plus the
     * nodes' rotary inertia: on a Lagrangian element (fixed_s) some 40
     * flops for its residual, 80 for its Jacobian; on an ALE one (s held
     * or not: the same kernel) the hd counts of rotary_ale, 1.8k for the
     * residual (phi's gradient) and 14.9k for the Jacobian (phi's Hessian,
     * the residual over 8 first-order variables), plus some 0.6k of
     * plain-number quaternions and, for the Jacobian, 1k of seeding and
     * l's derivatives */
    {6000.0, 51000.0, 20.0, 40.0, 2900.0, 2900.0, 17700.0, 17700.0, 5500.0, 42500.0, 490.0, 1280.0, 1.0},
    se3_section,
    NULL /* no pair kernel */
};
