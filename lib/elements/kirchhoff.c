/* Two-node geometrically exact Kirchhoff beam with torsion (paper 003) and
 * its ALE form with a material coordinate per node (paper 004).
 *
 * Element dofs: [r_A (3), r'_A (3), theta_A, s_A, r_B (3), r'_B (3), theta_B, s_B]
 * with r' = dr/ds and theta the node's roll angle.  The centreline is the
 * cubic Hermite curve of the ANCF element (ancf.c) on [s_A, s_B], l = s_B - s_A.
 *
 * Section frame.  The unit tangent t1 = r'/|r'| fixes the section's normal;
 * the roll fixes t2 (t3 = t1 x t2).  A node's frame is measured from its
 * roll chart (t1_ref, t2_ref), a frame the node keeps:
 *     t2 = cos(theta) b + sin(theta) t1 x b,   b = L(t1_ref, t1) t2_ref,
 * L(u, v) the smallest rotation taking u to v (paper 003 eq. 2).  Inside the
 * element the frame is the end frame A carried along by the smallest
 * rotation and turned by a roll that grows linearly from 0 at A to the
 * relative angle alpha of the two end frames at B:
 *     R(xi) = E(xi alpha, t1(xi)) L(t1_A, t1(xi)) R_A,
 *     alpha = theta_B - theta_A + beta,
 * beta the angle about t1_B from L(t1_A, t1_B) b_A to b_B.  This is the
 * interpolation of Meier, Popp and Wall (CMAME 2014) rather than paper 003's
 * incremental roll on a field of reference frames: the frame field and thus
 * the energy depend on the two nodal frames and the curve only, not on the
 * charts, so re-basing a chart (model.c: when a node's tangent has turned far
 * from t1_ref) changes the coordinates of a configuration, never its energy,
 * and a converged state stays converged.  The charts are singular only at
 * t1 = -t1_ref; alpha's atan2 only at a relative rotation of pi between the
 * zero-roll frames of neighbouring nodes, which no mesh fine enough to
 * carry the curve comes near (theta itself is never wrapped).
 *
 * Strain energy (paper 003 eq. 4, with the section's principal axes and a
 * stress-free shape):
 *     W = int [1/2 EA e^2 + 1/2 EI2 (k2 - k2_0)^2 + 1/2 EI3 (k3 - k3_0)^2
 *              + 1/2 GJ (K - K_0)^2] ds
 * The axial strain e is the paper's |r'| - 1 interpolated quadratically
 * from its values at the two ends and the middle, and integrated exactly
 * (the "minimally constrained strain" of Meier, Popp and Wall, CMAME 2015):
 * a cubic Hermite curve cannot keep |r'| = 1 at every point of a bent
 * element, and an inextensibility that the element enforces pointwise
 * locks it.  On the elastica with EA L^2/EI = 1e7 and 20 elements, the tip
 * is off by 3e-4 relative with |r'| - 1 at the five Gauss points (and by as
 * much on the ANCF element, which keeps paper 001's pointwise strain), by
 * 1e-6 with the interpolated one.  The end strains depend on the nodal
 * slopes only, so neighbouring elements share them: one new constraint per
 * element, none spurious (a straight mesh has as many as it has axial
 * modes).
 * with the curvature vector k = t1 x t1' = r' x r'' / |r'|^2, k2 = k.t2,
 * k3 = k.t3, and the torsion of the frame field above
 *     K = alpha / l - (t1 x t1').t1_A / (1 + t1_A.t1)
 * (the axial part of R' R^T: the smallest rotation's own twist plus the
 * roll's rate).  Derivatives are with respect to the material coordinate s,
 * as in the paper.  With EI2 = EI3 and no natural curvature the bending
 * term is 1/2 EI |r' x r''|^2 / |r'|^4 and needs no frame.
 *
 * Force and tangent are the exact gradient and Hessian of that sum (5-point
 * Gauss for bending and torsion) in the reduced variables z = (r_B - r_A,
 * r'_A, r'_B, theta_A, theta_B, l): the energy depends on s_A, s_B through
 * l only (ALE: dW/ds_A = -dW/dl), on the positions through r_B - r_A only.
 * They come in closed form from kirchhoff_kernel.c (the chain rule through
 * the Gauss points' small vectors: some 8k flops for an isotropic section,
 * 20k with the frame); the energy is also written below in hyper-dual
 * numbers (core/hd.h), whose derivatives are the closed form's test oracle
 * (tests/test_kirchhoff_kernel.c).
 *
 * Loads, inertia and end gradients are those of the ANCF curve: the ANCF
 * kernels run on the element's dofs without the rolls.  The cross-section's
 * rotational inertia is neglected (paper 003 sec. 3.2): the roll is
 * quasistatic, held by the torsional stiffness. */
#include "element.h"
#include "../core/hd.h"
#include "../core/isa.h"

#include <math.h>
#include <string.h>

extern const el_ops el_ancf_ops;

enum { NDOF = 16, TA = 6, SA = 7, TB = 14, SB = 15, NZ = 12, ZL = 11, NG = 5, NA = 14 };

/* reduced variable -> element dofs (up to two, with signs) */
static const int zdof[NZ][2] = {{0, 8}, {1, 9}, {2, 10}, {3, -1}, {4, -1}, {5, -1},
                                {11, -1}, {12, -1}, {13, -1}, {TA, -1}, {TB, -1}, {SA, SB}};
static const double zsgn[NZ][2] = {{-1, 1}, {-1, 1}, {-1, 1}, {1, 0}, {1, 0}, {1, 0},
                                   {1, 0}, {1, 0}, {1, 0}, {1, 0}, {1, 0}, {-1, 1}};

/* 5-point Gauss-Legendre on [0, 1] */
#define GX(t) (0.5 + 0.5 * (t))
static const double gxi[NG] = {GX(-0.9061798459386639927976269), GX(-0.5384693101056830910363144), 0.5,
                               GX(0.5384693101056830910363144), GX(0.9061798459386639927976269)};
static const double gw[NG] = {0.5 * 0.2369268850561890875142640, 0.5 * 0.4786286704993664680412915,
                              0.5 * 0.5688888888888888888888889, 0.5 * 0.4786286704993664680412915,
                              0.5 * 0.2369268850561890875142640};

/* ---------------------------------------------------------------------------
 * Frames */

static void const3(const hd_ctx *c, hd r[3], const double x[3])
{
    hd_const(c, &r[0], x[0]);
    hd_const(c, &r[1], x[1]);
    hd_const(c, &r[2], x[2]);
}

/* r = a / |a| (r may alias a) */
static void unit3(const hd_ctx *c, hd r[3], const hd a[3])
{
    hd n;
    hd_dot3(c, &n, a, a);
    hd_sqrt(c, &n, &n);
    hd_inv(c, &n, &n);
    hd_smul3(c, r, &n, a);
}

/* out = L(u, v) x = (u.v) x + w (w.x)/(1 + u.v) + w x x, w = u x v, for unit
 * u, v (paper 003 eq. 2); u, v, x, out: 3 entries each (pointers, not
 * arrays: gcc's -Wstringop-overread misreads the array bounds under TSan's
 * instrumentation); out must not alias the inputs */
static void sr_apply(const hd_ctx *c, const hd *u, const hd *v, const hd *x, hd *out)
{
    hd w[3], wxx[3], uv, f, t;
    int i;
    hd_dot3(c, &uv, u, v);
    hd_cross3(c, w, u, v);
    hd_dot3(c, &f, w, x);
    hd_scale(c, &t, 1.0, &uv, 1.0);
    hd_div(c, &f, &f, &t);
    hd_cross3(c, wxx, w, x);
    for (i = 0; i < 3; i++) {
        hd_mul(c, &out[i], &uv, &x[i]);
        hd_mul(c, &t, &f, &w[i]);
        hd_add(c, &out[i], &out[i], &t);
        hd_add(c, &out[i], &out[i], &wxx[i]);
    }
}

/* t2 = cos(th) b + sin(th) t1 x b: the roll th turns b about t1 */
static void roll3(const hd_ctx *c, const hd t1[3], const hd b[3], const hd *th, hd t2[3])
{
    hd cs, sn, tb[3], t;
    int i;
    hd_cos(c, &cs, th);
    hd_sin(c, &sn, th);
    hd_cross3(c, tb, t1, b);
    for (i = 0; i < 3; i++) {
        hd_mul(c, &t2[i], &cs, &b[i]);
        hd_mul(c, &t, &sn, &tb[i]);
        hd_add(c, &t2[i], &t2[i], &t);
    }
}

/* zero-roll axis of a node: b = L(t1_ref, t1) t2_ref */
static void chart_axis(const hd_ctx *c, const double *chart, const hd t1[3], hd b[3])
{
    hd r[3], x[3];
    const3(c, r, chart);
    const3(c, x, chart + 3);
    sr_apply(c, r, t1, x, b);
}

void el_kirchhoff_node_frame(const hd_ctx *c, const hd rp[3], const hd *theta, const double chart[6], hd t1[3],
                             hd t2[3])
{
    hd b[3];
    unit3(c, t1, rp);
    chart_axis(c, chart, t1, b);
    roll3(c, t1, b, theta, t2);
}

/* ---------------------------------------------------------------------------
 * Energy in the reduced variables */

typedef struct kh_elem {
    hd_ctx c;
    hd y0[3], y1[3], y2[3], l, il, il2;
    hd u[3];     /* t1_A */
    hd alpha;    /* relative roll of the end frames (see the top) */
    hd t2a[3];   /* t2 at A, when the frame is needed */
    int frame;
} kh_elem;

/* no frame needed: equal bending stiffnesses and a straight natural shape */
static int isotropic(const el_params *p) { return p->EI == p->EI3 && p->k0[0] == 0.0 && p->k0[1] == 0.0; }

static void setup(const el_params *p, const double *qe, const hd_ctx *c, int frame, kh_elem *E)
{
    hd w[3], ba[3], bb[3], cb[3], wc[3], x, y, tha, thb;
    int i;
    E->c = *c;
    E->frame = frame;
    for (i = 0; i < 3; i++) {
        hd_var(c, &E->y0[i], qe[8 + i] - qe[i], i);
        hd_var(c, &E->y1[i], qe[3 + i], 3 + i);
        hd_var(c, &E->y2[i], qe[11 + i], 6 + i);
    }
    hd_var(c, &tha, qe[TA], 9);
    hd_var(c, &thb, qe[TB], 10);
    hd_var(c, &E->l, qe[SB] - qe[SA], ZL); /* a constant when the context stops before it */
    hd_inv(c, &E->il, &E->l);
    hd_mul(c, &E->il2, &E->il, &E->il);
    unit3(c, E->u, E->y1);
    unit3(c, w, E->y2);
    chart_axis(c, p->chart_a, E->u, ba);
    chart_axis(c, p->chart_b, w, bb);
    sr_apply(c, E->u, w, ba, cb);
    hd_dot3(c, &x, cb, bb);
    hd_cross3(c, wc, w, cb);
    hd_dot3(c, &y, wc, bb);
    hd_atan2(c, &E->alpha, &y, &x);
    hd_add(c, &E->alpha, &E->alpha, &thb);
    hd_sub(c, &E->alpha, &E->alpha, &tha);
    if (frame) roll3(c, E->u, ba, &tha, E->t2a);
}

/* Hermite derivatives at xi: r_s = P3' y0 / l + P2' y1 + P4' y2 and
 * r_ss = P3'' y0 / l^2 + (P2'' y1 + P4'' y2) / l */
static void curve(const kh_elem *E, double xi, hd a[3], hd b[3])
{
    const hd_ctx *c = &E->c;
    double d2 = 1.0 - 4.0 * xi + 3.0 * xi * xi, d3 = 6.0 * xi - 6.0 * xi * xi, d4 = -2.0 * xi + 3.0 * xi * xi;
    double e2 = -4.0 + 6.0 * xi, e3 = 6.0 - 12.0 * xi, e4 = -2.0 + 6.0 * xi;
    hd t, s;
    int i;
    for (i = 0; i < 3; i++) {
        hd_mul(c, &t, &E->il, &E->y0[i]);
        hd_scale(c, &a[i], d3, &t, 0.0);
        hd_axpy(c, &a[i], &a[i], d2, &E->y1[i]);
        hd_axpy(c, &a[i], &a[i], d4, &E->y2[i]);
        hd_scale(c, &s, e2, &E->y1[i], 0.0);
        hd_axpy(c, &s, &s, e4, &E->y2[i]);
        hd_mul(c, &s, &s, &E->il);
        hd_mul(c, &t, &E->il2, &E->y0[i]);
        hd_axpy(c, &b[i], &s, e3, &t);
    }
}

/* What a point of the section sees, for output (values only). */
typedef struct kh_point {
    double x[3], t1[3], t2[3], stretch, k2, k3, twist;
} kh_point;

/* The section frame at xi in hd numbers over the reduced variables (see the
 * top; the context's n is 12, or 11 with l constant) */
void el_kirchhoff_frame_at(const el_params *p, const double *qe, double xi, const hd_ctx *c, hd t1[3], hd t2[3],
                           hd t3[3])
{
    kh_elem E;
    hd a[3], b[3], cc[3], tc[3], t, phi, cs, sn;
    int i;
    setup(p, qe, c, 1, &E);
    curve(&E, xi, a, b);
    hd_dot3(c, &t, a, a);
    hd_sqrt(c, &t, &t);
    hd_inv(c, &t, &t);
    hd_smul3(c, t1, &t, a);
    sr_apply(c, E.u, t1, E.t2a, cc);
    hd_cross3(c, tc, t1, cc);
    hd_scale(c, &phi, xi, &E.alpha, 0.0);
    hd_cos(c, &cs, &phi);
    hd_sin(c, &sn, &phi);
    for (i = 0; i < 3; i++) { /* t2 = cs c + sn t1 x c, t3 = cs t1 x c - sn c */
        hd_mul(c, &t2[i], &cs, &cc[i]);
        hd_mul(c, &t, &sn, &tc[i]);
        hd_add(c, &t2[i], &t2[i], &t);
        hd_mul(c, &t3[i], &cs, &tc[i]);
        hd_mul(c, &t, &sn, &cc[i]);
        hd_sub(c, &t3[i], &t3[i], &t);
    }
}

int el_kirchhoff_reduced_dof(int i, int k, double *sgn)
{
    *sgn = zsgn[i][k];
    return zdof[i][k];
}

/* Energy density at xi; out (optional) receives the point's state. */
/* |r_s| - 1 at xi */
static void strain_at(const kh_elem *E, double xi, hd *e)
{
    const hd_ctx *c = &E->c;
    hd a[3], b[3], A;
    curve(E, xi, a, b);
    hd_dot3(c, &A, a, a);
    hd_sqrt(c, e, &A);
    hd_scale(c, e, 1.0, e, -1.0);
}

/* MCS: the axial strain interpolated quadratically from its values at the
 * ends and the middle, integrated exactly: l/2 EA e^T M e, M the mass
 * matrix of the quadratic Lagrange polynomials on [0, 1] */
static void axial_mcs(const el_params *p, const kh_elem *E, hd *W)
{
    static const double M[3][3] = {{4.0 / 30, 2.0 / 30, -1.0 / 30}, {2.0 / 30, 16.0 / 30, 2.0 / 30},
                                    {-1.0 / 30, 2.0 / 30, 4.0 / 30}};
    const hd_ctx *c = &E->c;
    hd e[3], t;
    int i, j;
    strain_at(E, 0.0, &e[0]);
    strain_at(E, 0.5, &e[1]);
    strain_at(E, 1.0, &e[2]);
    hd_const(c, W, 0.0);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            hd_mul(c, &t, &e[i], &e[j]);
            hd_axpy(c, W, W, 0.5 * p->EA * M[i][j], &t);
        }
}

static void density(const el_params *p, const kh_elem *E, double xi, hd *wd, kh_point *out)
{
    const hd_ctx *c = &E->c;
    hd a[3], b[3], ab[3], A, lam, t, n, d, K;
    int i;
    curve(E, xi, a, b);
    hd_dot3(c, &A, a, a);
    hd_sqrt(c, &lam, &A);
    hd_const(c, wd, 0.0);
    /* torsion: K = alpha/l - (a x b).u / (A + |a| u.a) */
    hd_cross3(c, ab, a, b);
    hd_dot3(c, &n, ab, E->u);
    hd_dot3(c, &d, E->u, a);
    hd_mul(c, &d, &d, &lam);
    hd_add(c, &d, &d, &A);
    hd_div(c, &n, &n, &d);
    hd_mul(c, &K, &E->alpha, &E->il);
    hd_sub(c, &K, &K, &n);
    if (out) out->twist = K.v;
    hd_scale(c, &K, 1.0, &K, -p->k0[2]);
    hd_mul(c, &t, &K, &K);
    hd_axpy(c, wd, wd, 0.5 * p->GJ, &t);
    if (!E->frame) { /* 1/2 EI |a x b|^2 / A^2 */
        hd_dot3(c, &t, ab, ab);
        hd_mul(c, &d, &A, &A);
        hd_div(c, &t, &t, &d);
        hd_axpy(c, wd, wd, 0.5 * p->EI, &t);
    } else {
        hd t1[3], cc[3], tc[3], kap[3], k1, k2, phi, cs, sn, t3v, iA;
        hd_inv(c, &t, &lam);
        hd_smul3(c, t1, &t, a);
        sr_apply(c, E->u, t1, E->t2a, cc);
        hd_cross3(c, tc, t1, cc);
        hd_inv(c, &iA, &A);
        hd_smul3(c, kap, &iA, ab);
        hd_dot3(c, &k1, kap, cc); /* k.c and k.(t1 x c) */
        hd_dot3(c, &k2, kap, tc);
        hd_scale(c, &phi, xi, &E->alpha, 0.0);
        hd_cos(c, &cs, &phi);
        hd_sin(c, &sn, &phi);
        /* t2 = cs c + sn t1 x c, t3 = cs t1 x c - sn c */
        hd_mul(c, &t, &cs, &k1);
        hd_mul(c, &t3v, &sn, &k2);
        hd_add(c, &t, &t, &t3v); /* k2 = k.t2 */
        if (out) {
            out->k2 = t.v;
            for (i = 0; i < 3; i++) {
                out->t1[i] = t1[i].v;
                out->t2[i] = cs.v * cc[i].v + sn.v * tc[i].v;
            }
        }
        hd_scale(c, &t, 1.0, &t, -p->k0[0]);
        hd_mul(c, &t, &t, &t);
        hd_axpy(c, wd, wd, 0.5 * p->EI, &t);
        hd_mul(c, &t, &cs, &k2);
        hd_mul(c, &t3v, &sn, &k1);
        hd_sub(c, &t, &t, &t3v); /* k3 = k.t3 */
        if (out) out->k3 = t.v;
        hd_scale(c, &t, 1.0, &t, -p->k0[1]);
        hd_mul(c, &t, &t, &t);
        hd_axpy(c, wd, wd, 0.5 * p->EI3, &t);
    }
    if (out) out->stretch = lam.v;
}

/* W = l sum_g w_g density(xi_g) */
static void strain_energy(const el_params *p, const double *qe, const hd_ctx *c, hd *W)
{
    kh_elem E;
    hd wd;
    int g;
    setup(p, qe, c, !isotropic(p), &E);
    hd_const(c, W, 0.0);
    for (g = 0; g < NG; g++) {
        density(p, &E, gxi[g], &wd, NULL);
        hd_axpy(c, W, W, gw[g], &wd);
    }
    axial_mcs(p, &E, &wd);
    hd_add(c, W, W, &wd);
    hd_mul(c, W, W, &E.l);
}

/* fe = gradient, ke += wt Hessian, expanded from z to the element dofs */
static void expand(const hd_ctx *c, const hd *W, double *fe, double wt, double *ke)
{
    hd_expand(c, W, zdof, zsgn, NDOF, fe, wt, ke);
}

/* with s fixed, l is a constant: the context stops before it */
static int nvars(const el_params *p) { return p->fixed_s ? ZL : NZ; }

/* The hyper-dual path: the oracle of the closed-form kernel
 * (kirchhoff_kernel.c, tests/test_kirchhoff_kernel.c) */
double el_kirchhoff_ad_energy(const el_params *p, const double *qe)
{
    hd_ctx c = hd_context(0, 0);
    hd W;
    strain_energy(p, qe, &c, &W);
    return W.v;
}

void el_kirchhoff_ad_force(const el_params *p, const double *qe, double *fe)
{
    hd_ctx c = hd_context(nvars(p), 0);
    hd W;
    strain_energy(p, qe, &c, &W);
    expand(&c, &W, fe, 0.0, NULL);
}

void el_kirchhoff_ad_force_tangent_acc(const el_params *p, const double *qe, double *fe, double wt, double *ke)
{
    hd_ctx c = hd_context(nvars(p), 1);
    hd W;
    strain_energy(p, qe, &c, &W);
    expand(&c, &W, fe, wt, ke);
}

/* the closed-form kernel's entries of the table, for the kernel KERNEL
 * (el_kirchhoff_kernel, or its AVX2 + FMA copy: lib/core/isa.h) */
#define KH_WRAPPERS(SUF, KERNEL)                                                                           \
    static double kh_energy##SUF(const el_params *p, const double *qe) { return KERNEL(p, qe, NULL, 0.0, NULL); } \
    static void kh_force##SUF(const el_params *p, const double *qe, double *fe) { KERNEL(p, qe, fe, 0.0, NULL); } \
    static void kh_force_tangent_acc##SUF(const el_params *p, const double *qe, double *fe, double wt, double *ke) \
    {                                                                                                     \
        KERNEL(p, qe, fe, wt, ke);                                                                        \
    }                                                                                                     \
    static void kh_tangent_acc##SUF(const el_params *p, const double *qe, double wt, double *ke)          \
    {                                                                                                     \
        double fe[NDOF];                                                                                  \
        KERNEL(p, qe, fe, wt, ke);                                                                        \
    }                                                                                                     \
    static void kh_tangent##SUF(const el_params *p, const double *qe, double *ke)                         \
    {                                                                                                     \
        memset(ke, 0, NDOF * NDOF * sizeof(double));                                                      \
        kh_tangent_acc##SUF(p, qe, 1.0, ke);                                                              \
    }

KH_WRAPPERS(, el_kirchhoff_kernel)
/* two elements: the baseline copy's are two single calls */
static void kh_force_tangent_acc2(const el_params *p0, const double *qe0, double *fe0, double *ke0,
                                  const el_params *p1, const double *qe1, double *fe1, double *ke1, double wt)
{
    el_kirchhoff_kernel(p0, qe0, fe0, wt, ke0);
    el_kirchhoff_kernel(p1, qe1, fe1, wt, ke1);
}
#if AC_HAVE_ISA_V3
double el_kirchhoff_kernel_v3(const el_params *p, const double *qe, double *fe, double wt, double *ke);
void el_kirchhoff_kernel_pair_v3(const el_params *p0, const double *qe0, double *fe0, double *ke0,
                                 const el_params *p1, const double *qe1, double *fe1, double *ke1, double wt);
KH_WRAPPERS(_v3, el_kirchhoff_kernel_v3)
#define kh_force_tangent_acc2_v3 el_kirchhoff_kernel_pair_v3
#endif

/* the section at xi in [0, 1], values only */
static void point_state(const el_params *p, const double *qe, double xi, kh_point *P)
{
    const double h1 = 1.0 - 3.0 * xi * xi + 2.0 * xi * xi * xi, h2 = xi - 2.0 * xi * xi + xi * xi * xi;
    const double h3 = 3.0 * xi * xi - 2.0 * xi * xi * xi, h4 = -xi * xi + xi * xi * xi, l = qe[SB] - qe[SA];
    hd_ctx c = hd_context(0, 0);
    kh_elem E;
    hd wd;
    int i;
    setup(p, qe, &c, 1, &E);
    density(p, &E, xi, &wd, P);
    for (i = 0; i < 3; i++) P->x[i] = h1 * qe[i] + l * h2 * qe[3 + i] + h3 * qe[8 + i] + l * h4 * qe[11 + i];
}

static void kh_section(const el_params *p, const double *qe, double xi, el_section *out)
{
    kh_point P;
    int i;
    point_state(p, qe, xi, &P);
    for (i = 0; i < 3; i++) {
        out->x[i] = P.x[i];
        out->frame[3 * i] = P.t1[i];
        out->frame[3 * i + 1] = P.t2[i];
    }
    out->frame[2] = P.t1[1] * P.t2[2] - P.t1[2] * P.t2[1];
    out->frame[5] = P.t1[2] * P.t2[0] - P.t1[0] * P.t2[2];
    out->frame[8] = P.t1[0] * P.t2[1] - P.t1[1] * P.t2[0];
    out->stretch = P.stretch;
    out->curvature[0] = P.k2;
    out->curvature[1] = P.k3;
    out->twist = P.twist;
    out->force = p->EA * (P.stretch - 1.0);
    out->moment[0] = p->EI * (P.k2 - p->k0[0]);
    out->moment[1] = p->EI3 * (P.k3 - p->k0[1]);
    out->torque = p->GJ * (P.twist - p->k0[2]);
}

static void kh_strain(const el_params *p, const double *qe, double *eps, double *stretch, double *force)
{
    double l = qe[SB] - qe[SA], a[3], F;
    int i;
    /* r_s at xi = 1/2: h3'(1/2) = 3/2, h2'(1/2) = h4'(1/2) = -1/4 */
    for (i = 0; i < 3; i++) a[i] = 1.5 * (qe[8 + i] - qe[i]) / l - 0.25 * (qe[3 + i] + qe[11 + i]);
    F = sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
    *eps = 0.5 * (F * F - 1.0);
    *stretch = F;
    *force = p->EA * (F - 1.0);
}

/* ---------------------------------------------------------------------------
 * The curve's own terms, from the ANCF kernels on the dofs without the rolls */

/* the ANCF dofs are the runs 0..5, SA, 8..13, SB of the element's */
static void pack(const double *x, double *y)
{
    memcpy(y, x, 6 * sizeof(double));
    y[6] = x[SA];
    memcpy(y + 7, x + 8, 6 * sizeof(double));
    y[13] = x[SB];
}

static void unpack(const double *y, double *x)
{
    memcpy(x, y, 6 * sizeof(double));
    x[TA] = 0.0;
    x[SA] = y[6];
    memcpy(x + 8, y + 7, 6 * sizeof(double));
    x[TB] = 0.0;
    x[SB] = y[13];
}

/* kx += ky on the ANCF rows and columns (restrict: the runs of six become
 * vector adds) */
static void unpack_add(const double *restrict ky, double *restrict kx)
{
    static const int anc[NA] = {0, 1, 2, 3, 4, 5, SA, 8, 9, 10, 11, 12, 13, SB};
    int i, j;
    for (i = 0; i < NA; i++) {
        const double *y = ky + i * NA;
        double *x = kx + anc[i] * NDOF;
        for (j = 0; j < 6; j++) x[j] += y[j];
        x[SA] += y[6];
        for (j = 0; j < 6; j++) x[8 + j] += y[7 + j];
        x[SB] += y[13];
    }
}

/* A Lagrangian element with s fixed (no material rate at either end): the
 * curve's inertia Jacobian is ca times its constant mass matrix, ANCF's
 * (ancf.c's Mh, the classical cable mass matrix /420, on the blocks r_A,
 * r'_A, r_B, r'_B of scales 1, l, 1, l), added here to the element's own
 * dofs by ancf.c's lag_mass_acc operations: the same bits as through pack,
 * the ANCF kernel and unpack_add (test_kirchhoff's lagrangian_mass_bits),
 * without the 14 x 14 scratch, its zeroing and unpack_add's 196 adds (0.85k
 * -> 0.2k instructions per element and step).  The residual M a keeps the
 * ANCF path: its AVX2 copy is four lanes wide, cheaper than a scalar copy
 * here. */
static const double kh_mh[4][4] = {
    {13.0 / 35, 11.0 / 210, 9.0 / 70, -13.0 / 420},
    {11.0 / 210, 1.0 / 105, 13.0 / 420, -1.0 / 140},
    {9.0 / 70, 13.0 / 420, 13.0 / 35, -11.0 / 210},
    {-13.0 / 420, -1.0 / 140, -11.0 / 210, 1.0 / 105}};
static const int kh_moff[4] = {0, 3, 8, 11};

/* ANCF's test for that path (ancf.c's lagrangian, with s fixed) */
static int kh_lag_fixed(const el_params *p, const double *ve, const double *ae)
{
    return p->fixed_s && ae && ve[SA] == 0.0 && ve[SB] == 0.0 && ae[SA] == 0.0 && ae[SB] == 0.0;
}

static double kh_dot3(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* 1/2 v.M v without material rates (ancf.c's lag_kinetic, its operations
 * in its order: the same bits; the divergence watch's kinetic energy, every
 * step) */
static double kh_lag_kinetic(const el_params *p, double l, const double *ve)
{
    const double lp[4] = {1.0, l, 1.0, l};
    double t = 0.0;
    int b, c;
    for (b = 0; b < 4; b++) {
        const double *vb = ve + kh_moff[b];
        double s = 0.5 * lp[b] * kh_mh[b][b] * kh_dot3(vb, vb);
        for (c = b + 1; c < 4; c++) s += lp[c] * kh_mh[b][c] * kh_dot3(vb, ve + kh_moff[c]);
        t += lp[b] * s;
    }
    return p->rhoA * l * t;
}

/* The uniform load's force (ancf.c's dist_force, its operations on the
 * element's own dofs: the same bits without the packs; every residual) */
static void kh_dist_force(const double b[3], const double *qe, double *fe)
{
    const double l = qe[SB] - qe[SA];
    const double gl =
        -0.5 * (kh_dot3(b, qe) + kh_dot3(b, qe + 8)) - l / 6.0 * (kh_dot3(b, qe + 3) - kh_dot3(b, qe + 11));
    int i;
    for (i = 0; i < 3; i++) {
        fe[i] = fe[8 + i] = -0.5 * l * b[i];
        fe[3 + i] = -l * l / 12.0 * b[i];
        fe[11 + i] = l * l / 12.0 * b[i];
    }
    fe[TA] = fe[TB] = 0.0;
    fe[SA] = -gl;
    fe[SB] = gl;
}

/* ke += ca M */
static void kh_lag_mass_acc(const el_params *p, double l, double ca, double *ke)
{
    const double lp[4] = {1.0, l, 1.0, l}, c0 = ca * p->rhoA * l;
    int b, c;
    for (b = 0; b < 4; b++)
        for (c = 0; c < 4; c++) {
            double mbc = c0 * lp[b] * lp[c] * kh_mh[b][c], *row = ke + kh_moff[b] * NDOF + kh_moff[c];
            row[0] += mbc;
            row[NDOF + 1] += mbc;
            row[2 * NDOF + 2] += mbc;
        }
}

/* The curve's terms through the ANCF table ANCF (el_ancf_ops, or its AVX2
 * copy for el_kirchhoff_ops_v3: the two give the same results to the bit) */
#define KH_CURVE(SUF, ANCF)                                                                        \
    static double dist_energy##SUF(const double b[3], const double *qe)                            \
    {                                                                                              \
        double y[NA];                                                                              \
        pack(qe, y);                                                                               \
        return ANCF.dist_energy(b, y);                                                             \
    }                                                                                              \
    static void dist_force##SUF(const double b[3], const double *qe, double *fe)                   \
    {                                                                                              \
        kh_dist_force(b, qe, fe);                                                                  \
    }                                                                                              \
    static void dist_tangent_acc##SUF(const double b[3], const double *qe, double w, double *ke)   \
    {                                                                                              \
        double y[NA], k[NA * NA];                                                                  \
        pack(qe, y);                                                                               \
        memset(k, 0, sizeof k);                                                                    \
        ANCF.dist_tangent_acc(b, y, w, k);                                                         \
        unpack_add(k, ke);                                                                         \
    }                                                                                              \
    static void dist_tangent##SUF(const double b[3], const double *qe, double *ke)                 \
    {                                                                                              \
        memset(ke, 0, NDOF * NDOF * sizeof(double));                                               \
        dist_tangent_acc##SUF(b, qe, 1.0, ke);                                                     \
    }                                                                                              \
    static double point_energy##SUF(const double f[3], double s, const double *qe)                 \
    {                                                                                              \
        double y[NA];                                                                              \
        pack(qe, y);                                                                               \
        return ANCF.point_energy(f, s, y);                                                         \
    }                                                                                              \
    static void point_force##SUF(const double f[3], double s, const double *qe, double *fe)        \
    {                                                                                              \
        double y[NA], g[NA];                                                                       \
        pack(qe, y);                                                                               \
        ANCF.point_force(f, s, y, g);                                                              \
        unpack(g, fe);                                                                             \
    }                                                                                              \
    static void point_tangent##SUF(const double f[3], double s, const double *qe, double *ke)      \
    {                                                                                              \
        double y[NA], k[NA * NA];                                                                  \
        pack(qe, y);                                                                               \
        ANCF.point_tangent(f, s, y, k);                                                            \
        memset(ke, 0, NDOF * NDOF * sizeof(double));                                               \
        unpack_add(k, ke);                                                                         \
    }                                                                                              \
    static void end_gradient##SUF(const el_params *p, const double *qe, int end, double g[3], double *jinv, \
                                  double *dg, double *djinv)                                       \
    {                                                                                              \
        double y[NA], dy[3 * NA], dj[NA];                                                          \
        int i;                                                                                     \
        pack(qe, y);                                                                               \
        ANCF.end_gradient(p, y, end, g, jinv, dg ? dy : NULL, djinv ? dj : NULL);                  \
        if (dg)                                                                                    \
            for (i = 0; i < 3; i++) unpack(dy + i * NA, dg + i * NDOF);                            \
        if (djinv) unpack(dj, djinv);                                                              \
    }                                                                                              \
    static double kinetic##SUF(const el_params *p, const double *qe, const double *ve)             \
    {                                                                                              \
        double y[NA], v[NA];                                                                       \
        if (ve[SA] == 0.0 && ve[SB] == 0.0) return kh_lag_kinetic(p, qe[SB] - qe[SA], ve);         \
        pack(qe, y);                                                                               \
        pack(ve, v);                                                                               \
        return ANCF.kinetic(p, y, v);                                                              \
    }                                                                                              \
    static void inertia##SUF(const el_params *p, const double *qe, const double *ve, const double *ae, double *re) \
    {                                                                                              \
        double y[NA], v[NA], a[NA], r[NA];                                                         \
        pack(qe, y);                                                                               \
        pack(ve, v);                                                                               \
        pack(ae, a);                                                                               \
        ANCF.inertia(p, y, v, a, r);                                                               \
        unpack(r, re);                                                                             \
    }                                                                                              \
    static void inertia_jac_acc##SUF(const el_params *p, const double *qe, const double *ve, const double *ae, \
                                     double cq, double cv, double ca, double *ke)                  \
    {                                                                                              \
        double y[NA], v[NA], a[NA], k[NA * NA];                                                    \
        if (kh_lag_fixed(p, ve, ae)) {                                                             \
            kh_lag_mass_acc(p, qe[SB] - qe[SA], ca, ke);                                           \
            return;                                                                                \
        }                                                                                          \
        pack(qe, y);                                                                               \
        pack(ve, v);                                                                               \
        pack(ae, a);                                                                               \
        memset(k, 0, sizeof k);                                                                    \
        ANCF.inertia_jac_acc(p, y, v, a, cq, cv, ca, k);                                           \
        unpack_add(k, ke);                                                                         \
    }                                                                                              \
    static void inertia_jac##SUF(const el_params *p, const double *qe, const double *ve, const double *ae, \
                                 double cq, double cv, double ca, double *ke)                      \
    {                                                                                              \
        memset(ke, 0, NDOF * NDOF * sizeof(double));                                               \
        inertia_jac_acc##SUF(p, qe, ve, ae, cq, cv, ca, ke);                                       \
    }

KH_CURVE(, el_ancf_ops)
#if AC_HAVE_ISA_V3
extern const el_ops el_ancf_ops_v3; /* ancf_v3.c */
KH_CURVE(_v3, el_ancf_ops_v3)
#endif

/* The table, for either copy of the closed-form kernel (KH_WRAPPERS).
 * Flops of an isotropic section, the closed form (kirchhoff_kernel.c),
 * counted by hand: force ~1.8k (per Gauss point ~250: the curve 36, the
 * density's gradient ~150, its sums ~60; the relative roll ~250, the axial
 * strain ~80); force and tangent ~8.3k (per Gauss point ~780 more: the
 * blocks of the density's Hessian ~290, their sums ~490; the chain rule
 * through t1_A, alpha and the axial strain ~2k; the l row ~0.6k; the
 * expansion to 16 x 16 ~0.3k); with s fixed 1.7k and 7.6k.  A section with
 * the frame (EI2 != EI3 or a natural curvature) costs some 8k and 20k (per
 * Gauss point the generated P, Q with their derivatives ~1k, the chain
 * through (P, Q, chi) ~1.2k); the hd path, counted by core/hd.h built with
 * -DHD_COUNT, 33k and 420k.  The curve's loads and inertia are the ANCF
 * kernels' (ancf.c's counts). */
#define KH_OPS(SUF)                                                                                   \
    {                                                                                                 \
        2, 2, 8, 7,                                                                                   \
        kh_energy##SUF, kh_force##SUF, kh_tangent##SUF, kh_strain,                                    \
        dist_energy##SUF, dist_force##SUF, dist_tangent##SUF,                                         \
        point_energy##SUF, point_force##SUF, point_tangent##SUF,                                      \
        end_gradient##SUF,                                                                            \
        kinetic##SUF, inertia##SUF, inertia_jac##SUF,                                                 \
        kh_tangent_acc##SUF, dist_tangent_acc##SUF, inertia_jac_acc##SUF, kh_force_tangent_acc##SUF,  \
        {1800.0, 8300.0, 52.0, 100.0, 390.0, 1400.0, 1950.0, 4800.0,                                  \
         1700.0, 7600.0, 130.0, 100.0, 1.0},                                                          \
        kh_section, kh_force_tangent_acc2##SUF                                                        \
    }

const el_ops el_kirchhoff_ops = KH_OPS();
#if AC_HAVE_ISA_V3
const el_ops el_kirchhoff_ops_v3 = KH_OPS(_v3); /* the registry's for x86-64-v3 */
#endif
