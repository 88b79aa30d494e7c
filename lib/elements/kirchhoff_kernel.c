/* The Kirchhoff element's strain energy, force and tangent in closed form
 * (kirchhoff.c's header gives the energy).  The same discrete energy as the
 * hyper-dual path that kirchhoff.c keeps as the oracle, differentiated by
 * hand: twelve-direction second-order numbers cost some 200k flops per
 * element (400k with the frame); the chain rule through small intermediate
 * vectors costs a small fraction of it (tests/test_kirchhoff_kernel.c holds
 * the two paths together to 1e-10).
 *
 * Scaling.  With the chord scaled by the length, yh = (r_B - r_A) / l, the
 * slope r' = a and l r'' = b at a Gauss point are linear in (yh, r'_A, r'_B)
 * with constant coefficients, and every term of the energy is
 *     W = P / l + Q + R l
 * with P, Q, R functions of X = (yh, r'_A, r'_B, theta_A, theta_B) only:
 *     P = sum_g w_g [GJ/2 s_g^2 + EI/2 |a x b|^2 / |a|^4 + frame terms]
 *     s_g = alpha - tau_g,  tau_g = (a x b).t1_A / (|a|^2 + |a| t1_A.a)
 * (l K = s_g, the torsion scaled), Q = -GJ K_0 sum_g w_g s_g (and the
 * frame's natural curvatures), R = GJ/2 K_0^2 + the axial energy per
 * length.  The l derivatives are then those of 1/l and l, and the chord's
 * those of yh = (r_B - r_A)/l.
 *
 * Per Gauss point the energy is a function of v = (a, b, t1_A, alpha,
 * theta_A) (11 numbers; theta_A only with the frame); its gradient and
 * Hessian in v are mapped to X through the constant coefficients of a, b;
 * t1_A = r'_A/|r'_A| and alpha are shared by the Gauss points: their
 * gradient and Hessian entries are summed first, and go through the chain
 * rule once per element.
 *
 * The frame (EI2 != EI3 or a natural curvature).  The frame at a point is
 * A's zero-roll axis b_A = L(t1ref_A, t1_A) t2ref_A carried to t1 by the
 * smallest rotation, e = L(t1_A, t1) b_A, turned by chi = xi alpha +
 * theta_A.  With P = k.e, Q = k.(t1 x e) (functions of a, b for a given
 * chart (t1_A, b_A), generated with their derivatives by
 * tools/codegen/kirchhoff_frame_pq.py into kirchhoff_frame_pq.c) the
 * curvatures times l are k2 = cos(chi) P + sin(chi) Q, k3 = cos(chi) Q -
 * sin(chi) P: a chain through the three scalars (P, Q, chi).  When t1_A
 * moves to u' the frame turns about t1 by the holonomy, Omega(t1ref_A, u',
 * t1_A) + Omega(t1_A, u', t1): that angle joins chi for the u derivatives.
 *
 * The relative roll alpha = theta_B - theta_A + beta: beta's value is the
 * angle kirchhoff.c computes, from the same three smallest rotations each
 * taken times a positive factor (no division; atan2 sees only the ratio,
 * so the value agrees to rounding); its derivatives come from the
 * holonomy of the smallest rotation.  L(v, w) L(r, v) = R_w(Omega(r, v, w))
 * L(r, w), a turn about w by the signed area Omega of the spherical
 * triangle (r, v, w), tan(Omega/2) = r.(v x w) / (1 + r.v + v.w + w.r), so
 *     beta(u, w) = -Omega(t1ref_A, u, w) + f(w) = -Omega(t1ref_B, u, w) + g(u)
 * (u = t1_A, w = t1_B): the u derivatives come from the first form, the w
 * derivatives and the mixed ones from the second and first.  Omega's
 * numerator and denominator are bilinear in (u, w), so its derivatives are
 * a few lines.  Each Omega is split about the point where it is
 * differentiated (beta_derivs), so that every term is singular only where
 * the hd path is (a tangent opposite its own chart's t1_ref, or t1_B =
 * -t1_A), not where a tangent meets the other node's chart's antipode.
 * Without the frame every such Omega is differentiated where its numerator
 * vanishes, and its derivatives are rank-two terms (beta_derivs_iso).
 *
 * Pairs.  The AVX2 copy also serves two elements per call
 * (el_kirchhoff_kernel_pair, el_ops.force_tangent_acc2): both elements'
 * relative rolls (kh_prep: sqrt, division, atan2, a long latency chain in a
 * kernel otherwise bound by its instruction throughput) are formed before
 * either element's points, then each element as a single call would. */
#include "element.h"
#include "../core/sanitizer.h"

#include <math.h>
#include <string.h>

enum { NDOF = 16, TA = 6, SA = 7, TB = 14, SB = 15, NZ = 12, NX = 11, NG = 5 };

#define GX(t) (0.5 + 0.5 * (t))
static const double gw[NG] = {0.5 * 0.2369268850561890875142640, 0.5 * 0.4786286704993664680412915,
                              0.5 * 0.5688888888888888888888889, 0.5 * 0.4786286704993664680412915,
                              0.5 * 0.2369268850561890875142640};

/* r' = a and l r'' = b at the Gauss points: a = sum_k gca[g][k] Y_k, b =
 * sum_k gcb[g][k] Y_k, Y = (yh, r'_A, r'_B) (the Hermite shape functions'
 * first and second derivatives) */
#define CA(x) {6.0 * (x) - 6.0 * (x) * (x), 1.0 - 4.0 * (x) + 3.0 * (x) * (x), -2.0 * (x) + 3.0 * (x) * (x)}
#define CB(x) {6.0 - 12.0 * (x), -4.0 + 6.0 * (x), -2.0 + 6.0 * (x)}
#define X1 GX(-0.9061798459386639927976269)
#define X2 GX(-0.5384693101056830910363144)
#define X4 GX(0.5384693101056830910363144)
#define X5 GX(0.9061798459386639927976269)
static const double gxi[NG] = {X1, X2, 0.5, X4, X5};
static const double gca[NG][3] = {CA(X1), CA(X2), CA(0.5), CA(X4), CA(X5)};
static const double gcb[NG][3] = {CB(X1), CB(X2), CB(0.5), CB(X4), CB(X5)};

/* reduced variable -> element dofs, as in kirchhoff.c */
static const int zdof[NZ][2] = {{0, 8}, {1, 9}, {2, 10}, {3, -1}, {4, -1}, {5, -1},
                                {11, -1}, {12, -1}, {13, -1}, {TA, -1}, {TB, -1}, {SA, SB}};
static const double zsgn[NZ][2] = {{-1, 1}, {-1, 1}, {-1, 1}, {1, 0}, {1, 0}, {1, 0},
                                   {1, 0}, {1, 0}, {1, 0}, {1, 0}, {1, 0}, {-1, 1}};

static double dot(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static void cross(const double *a, const double *b, double *c)
{
    c[0] = a[1] * b[2] - a[2] * b[1];
    c[1] = a[2] * b[0] - a[0] * b[2];
    c[2] = a[0] * b[1] - a[1] * b[0];
}

/* E(v)_ij = eps_ijk v_k (= -[v]x), into a 3 x 3 block of a matrix of row
 * length ld, times s, added */
static void add_eps(double *M, int ld, double s, const double *v)
{
    M[1] += s * v[2];
    M[2] -= s * v[1];
    M[ld] -= s * v[2];
    M[ld + 2] += s * v[0];
    M[2 * ld] += s * v[1];
    M[2 * ld + 1] -= s * v[0];
}

/* L(u, v) x, as kirchhoff.c's sr_apply in doubles */
static void sr_apply(const double *u, const double *v, const double *x, double *out)
{
    double w[3], wxx[3], uv = dot(u, v), f;
    int i;
    cross(u, v, w);
    f = dot(w, x) / (uv + 1.0);
    cross(w, x, wxx);
    for (i = 0; i < 3; i++) out[i] = uv * x[i] + f * w[i] + wxx[i];
}

/* (1 + u.v) L(u, v) x = (1 + u.v)(u.v x + w x x) + (w.x) w, w = u x v:
 * sr_apply times a positive factor, without its division */
static void sr_apply_scaled(const double *u, const double *v, const double *x, double *out)
{
    double w[3], wxx[3], uv = dot(u, v), f, c;
    int i;
    cross(u, v, w);
    f = dot(w, x);
    c = uv + 1.0;
    cross(w, x, wxx);
    for (i = 0; i < 3; i++) out[i] = c * (uv * x[i] + wxx[i]) + f * w[i];
}

/* beta's value: the angle of kirchhoff.c's setup(), atan2 of two numbers
 * that a positive factor scales alike (the axes of the three smallest
 * rotations taken times 1 + u.v > 0): no division on the chain from the
 * tangents to the angle, which every later quantity waits for */
static double beta_value(const el_params *p, const double *u, const double *w)
{
    double ba[3], bb[3], cb[3], wc[3];
    sr_apply_scaled(p->chart_a, u, p->chart_a + 3, ba);
    sr_apply_scaled(p->chart_b, w, p->chart_b + 3, bb);
    sr_apply_scaled(u, w, ba, cb);
    cross(w, cb, wc);
    return atan2(dot(wc, bb), dot(cb, bb));
}

/* Omega(r, u, w) = 2 atan2(N, D): its gradient in (u, w) (g, 6) and, when
 * H, the Hessian's rows r0 .. r0 + 2 (of 6 x 6,
 * row-major: r0 = 0 the u rows, 3 the w rows), all six columns when full,
 * else the diagonal block's three */
static void omega(const double *r, const double *u, const double *w, double *g, double *H, int r0, int full)
{
    double N, D, gN[6], gD[6], q, tN, tD, tNN, tND, tDD;
    int i, j, j0 = full ? 0 : r0, j1 = full ? 6 : r0 + 3;
    cross(w, r, gN);     /* dN/du = w x r */
    cross(r, u, gN + 3); /* dN/dw = r x u */
    N = r[0] * (u[1] * w[2] - u[2] * w[1]) + r[1] * (u[2] * w[0] - u[0] * w[2]) + r[2] * (u[0] * w[1] - u[1] * w[0]);
    D = 1.0 + dot(r, u) + dot(u, w) + dot(w, r);
    for (i = 0; i < 3; i++) {
        gD[i] = r[i] + w[i];
        gD[3 + i] = u[i] + r[i];
    }
    q = 1.0 / (N * N + D * D);
    tN = 2.0 * D * q; /* the factor 2 of Omega in every term */
    tD = -2.0 * N * q;
    for (i = 0; i < 6; i++) g[i] = tN * gN[i] + tD * gD[i];
    if (!H) return;
    tNN = -4.0 * N * D * q * q;
    tDD = -tNN;
    tND = 2.0 * (N * N - D * D) * q * q;
#ifdef KH_LANES
    { /* the same terms, three columns at a time in a vector (its lane 3
       * unused), the vectors built from the scalars in registers: read
       * back from memory, a 32-byte load over the scalars' 8-byte stores
       * waits for them to retire (store forwarding fails) */
        typedef double kh_v4u __attribute__((vector_size(32), aligned(8)));
        for (j = j0; j < j1; j += 3) {
            const kh_v4u Nj = {gN[j], gN[j + 1], gN[j + 2], 0.0}, Dj = {gD[j], gD[j + 1], gD[j + 2], 0.0};
            for (i = r0; i < r0 + 3; i++) {
                const kh_v4u h = tNN * gN[i] * Nj + tND * (gN[i] * Dj + gD[i] * Nj) + tDD * gD[i] * Dj;
                memcpy(H + 6 * i + j, &h, 3 * sizeof(double));
            }
        }
    }
#else
    for (i = r0; i < r0 + 3; i++)
        for (j = j0; j < j1; j++)
            H[6 * i + j] = tNN * gN[i] * gN[j] + tND * (gN[i] * gD[j] + gD[i] * gN[j]) + tDD * gD[i] * gD[j];
#endif
    if (!full) return;
    /* N's and D's own second derivatives: d2N/du dw = E(r), d2D/du dw = I */
    add_eps(H + 6 * r0 + 3 - r0, 6, r0 ? -tN : tN, r);
    for (i = 0; i < 3; i++) H[6 * (r0 + i) + 3 - r0 + i] += tD;
}

/* out (3 x 3) = J M J, J = (I - u u^T) / rho: the chain rule through a
 * normalization, M (row length ld) */
static void project2(const double *M, int ld, const double *ul, const double *ur, double rl, double rr, double *out)
{
    double T[9], Mu[3], uM[3], uMu;
    int i, j;
    for (i = 0; i < 3; i++) {
        Mu[i] = M[i * ld] * ur[0] + M[i * ld + 1] * ur[1] + M[i * ld + 2] * ur[2];
        uM[i] = ul[0] * M[i] + ul[1] * M[ld + i] + ul[2] * M[2 * ld + i];
    }
    uMu = dot(ul, Mu);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            T[3 * i + j] = M[i * ld + j] - Mu[i] * ur[j] - ul[i] * uM[j] + ul[i] * uMu * ur[j];
    uMu = 1.0 / (rl * rr);
    for (i = 0; i < 9; i++) out[i] = T[i] * uMu;
}

/* J g (3) */
static void project1(const double *g, const double *u, double rho, double *out)
{
    double gu = dot(g, u), ir = 1.0 / rho;
    int i;
    for (i = 0; i < 3; i++) out[i] = (g[i] - gu * u[i]) * ir;
}

/* the normalization's own second derivative: out (3 x 3, row length ld) +=
 * sum_k g_k d2u_k/dy dy */
static void add_curv(double *out, int ld, const double *g, const double *u, double rho)
{
    double gu = dot(g, u), s = 1.0 / (rho * rho);
    int i, j;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            out[i * ld + j] += s * (-(g[i] * u[j] + g[j] * u[i]) + 3.0 * gu * u[i] * u[j] - (i == j ? gu : 0.0));
}

/* beta's gradient (6, in r'_A, r'_B) and Hessian (6 x 6, when H).  Each
 * holonomy form's Omega is split about the point itself (Omega(a, b, c) =
 * Omega(a, b, d) + Omega(b, c, d) + Omega(c, a, d), d = u or w), so that
 * every term is singular only where the hd path is: with u' -> u, w' -> w
 *     beta = -Omega(t1ref_A, u', u) - Omega(u, u', w') + f(w')
 *          = -Omega(w, u', w') - Omega(t1ref_B, w, w') + g(u') */
static void beta_derivs(const el_params *p, const double *u, const double *w, double r1, double r2, const double *g1,
                        const double *H1, double *g, double *H)
{
    double g2[6], g3[6], g4[6], H2[36], H3[36], H4[36], gu[3], gw[3], M[9], blk[9];
    int i, j;
    omega(u, u, w, g2, H ? H2 : NULL, 0, 1);
    omega(w, u, w, g3, H ? H3 : NULL, 3, 0);
    omega(p->chart_b, w, w, g4, H ? H4 : NULL, 3, 0);
    for (i = 0; i < 3; i++) {
        gu[i] = -(g1[i] + g2[i]);
        gw[i] = -(g3[3 + i] + g4[3 + i]);
    }
    project1(gu, u, r1, g);
    project1(gw, w, r2, g + 3);
    if (!H) return;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) M[3 * i + j] = -(H1[6 * i + j] + H2[6 * i + j]);
    project2(M, 3, u, u, r1, r1, blk);
    add_curv(blk, 3, gu, u, r1);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) H[6 * i + j] = blk[3 * i + j];
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) M[3 * i + j] = -(H3[6 * (3 + i) + 3 + j] + H4[6 * (3 + i) + 3 + j]);
    project2(M, 3, w, w, r2, r2, blk);
    add_curv(blk, 3, gw, w, r2);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) H[6 * (3 + i) + 3 + j] = blk[3 * i + j];
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) M[3 * i + j] = -H2[6 * i + 3 + j];
    project2(M, 3, u, w, r1, r2, blk);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) H[6 * i + 3 + j] = H[6 * (3 + j) + i] = blk[3 * i + j];
}

/* beta_derivs for an isotropic section (no frame: Omega(t1ref_A, u', u)
 * serves beta alone), with every Omega's numerator zero where it is
 * differentiated (N = r.(x x y) with two of r, x, y equal), so that
 *     grad Omega = 2 grad N / D,
 *     Hess Omega = -2 / D^2 (grad N grad D^T + grad D grad N^T) + 2 / D Hess N,
 * D = 2 (1 + c) for unit vectors at an angle of cosine c; each Hessian a
 * sum of rank-two terms whose projections J = (I - u u^T) / |r'| are those
 * of their vectors (J n = n / |r'| for n = u x ., J u = 0), and
 * add_curv's term -(g u^T + u g^T) / |r'|^2 (g.u = 0).  The same
 * derivatives as beta_derivs's, to rounding; singular where it is. */
static void beta_derivs_iso(const el_params *p, const double *u, const double *w, double r1, double r2, double *g,
                            double *H)
{
    const double *ra = p->chart_a, *rb = p->chart_b, uw = dot(u, w), ru = dot(ra, u), rw = dot(rb, w);
    const double k1 = 1.0 / (1.0 + ru), k2 = 1.0 / (1.0 + uw), k4 = 1.0 / (1.0 + rw), ir1 = 1.0 / r1, ir2 = 1.0 / r2;
    double n1[3], n2[3], n4[3], gu[3], gw[3], P[3][3], Q[3][3], S[3][3], T[3][3], v[3];
    const double c1 = 0.5 * k1 * k1 * ir1, c2 = 0.5 * k2 * k2 * ir1, c3 = 0.5 * k2 * k2 * ir2, c4 = 0.5 * k4 * k4 * ir2;
    const double s1 = ir1 * ir1, s2 = ir2 * ir2, cx = k2 * ir1 * ir2, cy = k2 * k2 * ir1;
    int i, j, k;
    cross(u, ra, n1); /* -Omega(t1ref_A, u', u): its u' gradient k1 n1 */
    cross(w, u, n2);  /* -Omega(u, u', w) in u', -Omega(w, u, w') in w': k2 n2 */
    cross(rb, w, n4); /* -Omega(t1ref_B, w, w') in w': k4 n4 */
    for (i = 0; i < 3; i++) {
        gu[i] = -(k1 * n1[i] + k2 * n2[i]);
        gw[i] = -(k2 * n2[i] + k4 * n4[i]);
        g[i] = gu[i] * ir1;
        g[3 + i] = gw[i] * ir2;
    }
    if (!H) return;
    for (i = 0; i < 3; i++) { /* the rank-two terms' vectors: P_k Q_k^T + Q_k P_k^T */
        P[0][i] = c1 * n1[i];
        Q[0][i] = (ra[i] - ru * u[i]) * ir1;
        P[1][i] = c2 * n2[i];
        Q[1][i] = (w[i] - uw * u[i]) * ir1;
        P[2][i] = -gu[i] * s1;
        Q[2][i] = u[i];
        S[0][i] = c3 * n2[i];
        T[0][i] = (u[i] - uw * w[i]) * ir2;
        S[1][i] = c4 * n4[i];
        T[1][i] = (rb[i] - rw * w[i]) * ir2;
        S[2][i] = -gw[i] * s2;
        T[2][i] = w[i];
        v[i] = cy * T[0][i] + cx * w[i];
    }
    for (i = 0; i < 3; i++)
        for (j = i; j < 3; j++) {
            double x = 0.0, y = 0.0;
            for (k = 0; k < 3; k++) {
                x += P[k][i] * Q[k][j] + Q[k][i] * P[k][j];
                y += S[k][i] * T[k][j] + T[k][i] * S[k][j];
            }
            H[6 * i + j] = H[6 * j + i] = x;
            H[6 * (3 + i) + 3 + j] = H[6 * (3 + j) + 3 + i] = y;
        }
    for (i = 0; i < 3; i++) /* J_u (k2^2 n2 u^T - k2 E(u)) J_w */
        for (j = 0; j < 3; j++) H[6 * i + 3 + j] = n2[i] * v[j];
    add_eps(H + 3, 6, -cx, u);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) H[6 * (3 + j) + i] = H[6 * i + 3 + j];
}

/* One Gauss point of an isotropic section: phi = P_g / l + Q_g as a
 * function of v = (a, b, u, alpha) (a = r', b = l r'', u = t1_A).  The
 * Hessian's alpha row is -GJ/l (gt, -1) (tau's gradient gt, below), so the
 * point keeps gt instead of it.  hess: 0 gradient only, 1 and the Hessian,
 * 2 and P_g's gradient. */
typedef struct gauss_pt {
    double Pg, s, Qf;      /* P_g, s = l K (the scaled torsion), the frame's share of Q_g */
    double g[11], gP[11];  /* phi's and P_g's gradients in (a, b, u, alpha, theta_A) */
    double gt[9];          /* tau's gradient in (a, b, u) */
    double aa[9], ab[9], ba[9], bb[9], au[9], bu[9], uu[9]; /* phi's Hessian blocks (3 x 3, row-major) */
    double va[9], vaa, vt[9], vat, vtt; /* its alpha and theta_A rows */
} gauss_pt;

/* A point's gradient of an isotropic section from (fA, fB, fC) and the
 * twist's pieces (gN's first six entries, axb, tau, iD): one text for the
 * scalar point (gauss_iso, doubles) and the lanes (gauss_iso_lanes, kh_v4
 * over the points), as KH_ISO_HESS below for the Hessian */
#define KH_ISO_GRAD \
    do { \
        for (i = 0; i < 3; i++) { \
            gk[i] = 2.0 * fA * a[i] + fC * b[i]; \
            gk[3 + i] = 2.0 * fB * b[i] + fC * a[i]; \
            gN[6 + i] = axb[i]; \
            gDa[i] = (2.0 + ml) * a[i] + lam * u[i]; \
            gDu[i] = lam * a[i]; \
            gt[i] = (gN[i] - tau * gDa[i]) * iD; \
            gt[3 + i] = gN[3 + i] * iD; \
            gt[6 + i] = (gN[6 + i] - tau * gDu[i]) * iD; \
        } \
        for (i = 0; i < 6; i++) G->g[i] = -sig * gt[i] + il2 * gk[i]; \
        for (i = 6; i < 9; i++) G->g[i] = -sig * gt[i]; \
        G->g[9] = sig; \
    } while (0)

/* gauss_iso's Hessian blocks (aa, bb, uu, ab, au, bu; not N's second
 * derivatives, add_eps) from the point quantities in scope: one text for
 * the per-point code (T double) and the AVX2 lanes (T kh_v4, four points
 * per vector), so that the two cannot drift apart; ZERO is T's zero.  It
 * declares its own factors in the enclosing block (no block of its own:
 * that moved the baseline's register allocation) */
#define KH_ISO_HESS(T, ZERO) \
        T ha[3], hu[3], ea[3], eb[3], pa[3], pb[3], qa[3]; \
        for (i = 0; i < 3; i++) { /* the outer products' left factors, scaled once */ \
            ha[i] = cG * ga[i] + c1 * gDa[i]; \
            hu[i] = cG * gu[i] + c1 * gDu[i]; \
            ea[i] = kA * a[i] + kC * b[i] - dA * a[i] + ct * il_ * u[i]; \
            eb[i] = kC * a[i] + kCC * b[i]; \
        } \
        for (i = 0; i < 3; i++) \
            for (j = i; j < 3; j++) { /* the symmetric blocks */ \
                const T d = i == j ? il2 * 2.0 * fA + ct * (2.0 + ml) : ZERO; \
                const T x = ha[i] * ga[j] + c1 * ga[i] * gDa[j] + ea[i] * a[j] + eb[i] * b[j] + ct * il_ * a[i] * u[j] + d; \
                const T y = cG * gb[i] * gb[j] + kCC * a[i] * a[j] + (i == j ? 2.0 * il2 * fB : ZERO); \
                const T z = hu[i] * gu[j] + c1 * gu[i] * gDu[j]; \
                G->aa[3 * i + j] = G->aa[3 * j + i] = x; \
                G->bb[3 * i + j] = G->bb[3 * j + i] = y; \
                G->uu[3 * i + j] = G->uu[3 * j + i] = z; \
            } \
        for (i = 0; i < 3; i++) { \
            pa[i] = 4.0 * il2 * fAB * a[i]; \
            pb[i] = kCC * b[i] + kC * a[i]; \
            qa[i] = c1 * lam * ga[i] + ct * il_ * a[i]; \
        } \
        for (i = 0; i < 3; i++) \
            for (j = 0; j < 3; j++) { \
                const int k = 3 * i + j; \
                G->ab[k] = ha[i] * gb[j] + pa[i] * b[j] + pb[i] * a[j]; \
                G->au[k] = ha[i] * gu[j] + qa[i] * a[j]; \
                G->bu[k] = gb[i] * hu[j]; \
            } \
        for (i = 0; i < 3; i++) { \
            G->ab[4 * i] += il2 * fC; \
            G->au[4 * i] += ct * lam; \
        }

static void gauss_iso(const el_params *p, const double *a, const double *b, const double *u, double alpha,
                      double il, int hess, int frame, gauss_pt *G)
{
    const double GJ = p->GJ, EI = frame ? 0.0 : p->EI; /* a frame's bending: gauss_frame */
    double A = dot(a, a), lam = sqrt(A), mu = dot(u, a), D = A + lam * mu, iD = 1.0 / D, il_ = 1.0 / lam;
    double B = dot(b, b), C = dot(a, b), iA = il_ * il_, iA2 = iA * iA, il2 = 0.5 * EI * il, ml = mu * il_;
    double axb[3], gN[9], gDa[3], gDu[3], gk[6], tau, s, sig, fA, fB, fC;
    double *gt = G->gt;
    int i, j;
    cross(a, b, axb);
    tau = dot(axb, u) * iD;
    s = alpha - tau;
    G->Pg = 0.5 * GJ * s * s + 0.5 * EI * dot(axb, axb) * iA2;
    G->s = s;
    G->Qf = 0.0;
    sig = GJ * (s * il - p->k0[2]);
    /* |a x b|^2 / A^2 = B/A - C^2/A^2 through (A, B, C) */
    fA = (-B + 2.0 * C * C * iA) * iA2;
    fB = iA;
    fC = -2.0 * C * iA2;
    /* tau = N / D, N = (a x b).u, D = A + |a| u.a */
    cross(b, u, gN);
    cross(u, a, gN + 3);
    KH_ISO_GRAD;
    G->g[10] = 0.0;
    if (hess > 1) { /* P_g's gradient, for the l rows */
        for (i = 0; i < 6; i++) G->gP[i] = -GJ * s * gt[i] + 0.5 * EI * gk[i];
        for (i = 6; i < 9; i++) G->gP[i] = -GJ * s * gt[i];
        G->gP[9] = GJ * s;
        G->gP[10] = 0.0;
    }
    if (!hess) return;
    {
        /* GJ/l gt gt^T - sig/D (N'' - tau D'' - gt D'^T - D' gt^T) + EI/(2l) k'' */
        const double fAA = (2.0 * B - 6.0 * C * C * iA) * iA2 * iA, fAB = -iA2, fAC = 4.0 * C * iA2 * iA;
        const double fCC = -2.0 * iA2, cG = GJ * il, c1 = sig * iD, ct = c1 * tau;
        const double *ga = gt, *gb = gt + 3, *gu = gt + 6;
        const double kA = 4.0 * il2 * fAA, kC = 2.0 * il2 * fAC, kCC = il2 * fCC, dA = ct * ml * iA;
        KH_ISO_HESS(double, 0.0)
        /* N's second derivatives: ab E(u), au -E(b), bu E(a) */
        add_eps(G->ab, 3, -c1, u);
        add_eps(G->au, 3, c1, b);
        add_eps(G->bu, 3, -c1, a);
        for (i = 0; i < 9; i++) G->va[i] = -cG * gt[i];
        G->vaa = cG;
        if (frame) {
            for (i = 0; i < 9; i++) G->vt[i] = 0.0;
            G->vat = G->vtt = 0.0;
        }
    }
}

/* The frame's bending at a Gauss point, added to G: with P, Q (the generated
 * kirchhoff_frame_pq.c, chart (u, ba)) the curvatures times l are k2 =
 * cos(chi) P + sin(chi) Q, k3 = cos(chi) Q - sin(chi) P, chi = xi alpha +
 * theta_A, turned by Omega(t1ref_A, u', u) + Omega(u, u', t1) when u moves
 * to u' (g1, H1: the first's gradient and Hessian), and the energy
 * (EI2 k2^2 + EI3 k3^2) / (2 l) - EI2 k20 k2 - EI3 k30 k3 + l (...) */
static void gauss_frame(const el_params *p, const double *a, const double *b, const double *u, const double *ba,
                        const double *g1, const double *H1, double xi, double chi, double il, int hess, gauss_pt *G)
{
    const double EI2 = p->EI, EI3 = p->EI3, k20 = p->k0[0], k30 = p->k0[1];
    double pq[56], lam = sqrt(dot(a, a)), il_ = 1.0 / lam, t1[3], go[6], Ho[36], c, sn, P, Q, k2, k3, m2, m3;
    double gPv[11], gQv[11], gc[11], FP, FQ, Fc;
    int i, j;
    el_kirchhoff_frame_pq(a, b, u, ba, pq);
    P = pq[0];
    Q = pq[28];
    for (i = 0; i < 3; i++) t1[i] = a[i] * il_;
    omega(u, u, t1, go, hess ? Ho : NULL, 0, 1);
    c = cos(chi);
    sn = sin(chi);
    k2 = c * P + sn * Q;
    k3 = c * Q - sn * P;
    G->Pg += 0.5 * (EI2 * k2 * k2 + EI3 * k3 * k3);
    G->Qf = -(EI2 * k20 * k2 + EI3 * k30 * k3);
    m2 = EI2 * (k2 * il - k20); /* the bending moments */
    m3 = EI3 * (k3 * il - k30);
    FP = m2 * c - m3 * sn;
    FQ = m2 * sn + m3 * c;
    Fc = m2 * k3 - m3 * k2;
    /* gradients in (a, b, u, alpha, theta_A); chi's a part through t1 */
    memset(gPv, 0, sizeof gPv);
    memset(gQv, 0, sizeof gQv);
    memset(gc, 0, sizeof gc);
    for (i = 0; i < 6; i++) {
        gPv[i] = pq[1 + i];
        gQv[i] = pq[29 + i];
    }
    for (i = 0; i < 3; i++) gc[6 + i] = g1[i] + go[i]; /* Omega(u, u, t1) = 0 for every t1: no a part */
    gc[9] = xi;
    gc[10] = 1.0;
    for (i = 0; i < 11; i++) G->g[i] += FP * gPv[i] + FQ * gQv[i] + Fc * gc[i];
    if (hess > 1) {
        const double PP = EI2 * k2 * c - EI3 * k3 * sn, PQ = EI2 * k2 * sn + EI3 * k3 * c, Pc = (EI2 - EI3) * k2 * k3;
        for (i = 0; i < 11; i++) G->gP[i] += PP * gPv[i] + PQ * gQv[i] + Pc * gc[i];
    }
    if (!hess) return;
    {
        const double e2 = EI2 * il, e3 = EI3 * il;
        const double FPP = e2 * c * c + e3 * sn * sn, FQQ = e2 * sn * sn + e3 * c * c, FPQ = (e2 - e3) * c * sn;
        const double FPc = e2 * c * k3 + e3 * sn * k2 - m2 * sn - m3 * c;
        const double FQc = e2 * sn * k3 - e3 * c * k2 + m2 * c - m3 * sn;
        const double Fcc = e2 * k3 * k3 + e3 * k2 * k2 - m2 * k2 - m3 * k3;
        /* chi's gradient has no (a, b) part and P's, Q's no other: the blocks
         * (a, b)^2 from P, Q; (a, b) x (u, alpha, theta_A) through W_i gc_j;
         * (u, alpha, theta_A)^2 from chi alone */
        double Hab[36], W6[6];
        int k;
        for (i = 0; i < 6; i++) {
            const double u6 = FPP * gPv[i] + FPQ * gQv[i], v6 = FPQ * gPv[i] + FQQ * gQv[i];
            W6[i] = FPc * gPv[i] + FQc * gQv[i];
            for (j = 0; j < 6; j++) Hab[6 * j + i] = gPv[j] * u6 + gQv[j] * v6;
        }
        for (i = 0, k = 0; i < 6; i++) /* P's and Q's Hessians */
            for (j = i; j < 6; j++, k++) {
                const double h = FP * pq[7 + k] + FQ * pq[35 + k];
                Hab[6 * i + j] += h;
                if (j != i) Hab[6 * j + i] += h;
            }
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++) {
                G->aa[3 * i + j] += Hab[6 * i + j];
                G->ab[3 * i + j] += Hab[6 * i + 3 + j];
                G->bb[3 * i + j] += Hab[6 * (3 + i) + 3 + j];
                G->au[3 * i + j] += W6[i] * gc[6 + j];
                G->bu[3 * i + j] += W6[3 + i] * gc[6 + j];
                G->uu[3 * i + j] += Fcc * gc[6 + i] * gc[6 + j] + Fc * (H1[6 * i + j] + Ho[6 * i + j]);
            }
        for (i = 0; i < 3; i++) { /* chi's (a, u): through t1 = a/|a|, J Omega_tu */
            const double *m = Ho + 6 * i + 3; /* d2 Omega / du_i dt */
            const double mt = dot(m, t1);
            for (j = 0; j < 3; j++) G->au[3 * j + i] += Fc * (m[j] - mt * t1[j]) * il_;
        }
        for (i = 0; i < 6; i++) {
            G->va[i] += W6[i] * xi;
            G->vt[i] += W6[i];
        }
        for (i = 0; i < 3; i++) {
            G->va[6 + i] += Fcc * gc[6 + i] * xi;
            G->vt[6 + i] += Fcc * gc[6 + i];
        }
        G->vaa += Fcc * xi * xi;
        G->vat += Fcc * xi;
        G->vtt += Fcc;
    }
}

/* G's ab block transposed, for the sums */
static void transpose_ab(gauss_pt *G)
{
    int i, j;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) G->ba[3 * i + j] = G->ab[3 * j + i];
}

/* v e_r e_c^T + v e_c e_r^T into the upper triangle of U (row length NX) */
static void usym(double *U, int r, int c, double v)
{
    if (r < c) U[NX * r + c] += v;
    else if (r > c) U[NX * c + r] += v;
    else U[NX * r + r] += 2.0 * v;
}

/* The axial energy per length (the MCS, kirchhoff.c's axial_mcs) of X's
 * first 9 entries: its value, when g its gradient g (9) and, when H (only
 * with g), sc times its Hessian added to H's upper triangle (row length
 * NX) */
static double axial(const el_params *p, const double *yh, const double *y1, const double *y2, const double *u,
                    double r1, const double *w, double r2, double *g, double sc, double *H)
{
    static const double M[3][3] = {{4.0 / 30, 2.0 / 30, -1.0 / 30}, {2.0 / 30, 16.0 / 30, 2.0 / 30},
                                    {-1.0 / 30, 2.0 / 30, 4.0 / 30}};
    static const double cm[3] = {1.5, -0.25, -0.25};
    const double EA = p->EA, sE = sc * p->EA;
    double m[3], rm, irm, mh[3], e[3], Me[3], W = 0.0, ir1 = 1.0 / r1, ir2 = 1.0 / r2;
    int i, j, k, q;
    for (i = 0; i < 3; i++) m[i] = 1.5 * yh[i] - 0.25 * y1[i] - 0.25 * y2[i];
    rm = sqrt(dot(m, m));
    e[0] = r1 - 1.0;
    e[1] = rm - 1.0;
    e[2] = r2 - 1.0;
    for (i = 0; i < 3; i++) Me[i] = M[i][0] * e[0] + M[i][1] * e[1] + M[i][2] * e[2];
    for (i = 0; i < 3; i++) W += 0.5 * EA * e[i] * Me[i];
    if (!g) return W; /* the energy alone (the watch's calls) */
    irm = 1.0 / rm;
    for (i = 0; i < 3; i++) mh[i] = m[i] * irm;
    /* e_A = |r'_A| - 1 has gradient u on r'_A, e_M cm_k mh on block k, e_B w on r'_B */
    for (k = 0; k < 3; k++)
        for (i = 0; i < 3; i++) g[3 * k + i] = EA * Me[1] * cm[k] * mh[i];
    for (i = 0; i < 3; i++) {
        g[3 + i] += EA * Me[0] * u[i];
        g[6 + i] += EA * Me[2] * w[i];
    }
    if (!H) return W;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            const double d = i == j ? 1.0 : 0.0;
            const double mm = sE * (M[1][1] * mh[i] * mh[j] + Me[1] * (d - mh[i] * mh[j]) * irm);
            const double um = sE * M[0][1] * u[i] * mh[j], wm = sE * M[2][1] * w[i] * mh[j];
            for (k = 0; k < 3; k++)
                for (q = 0; q < 3; q++)
                    if (3 * k + i <= 3 * q + j) H[NX * (3 * k + i) + 3 * q + j] += cm[k] * cm[q] * mm;
            for (q = 0; q < 3; q++) {
                usym(H, 3 + i, 3 * q + j, cm[q] * um);
                usym(H, 6 + i, 3 * q + j, cm[q] * wm);
            }
            if (i <= j) {
                H[NX * (3 + i) + 3 + j] += sE * (M[0][0] * u[i] * u[j] + Me[0] * (d - u[i] * u[j]) * ir1);
                H[NX * (6 + i) + 6 + j] += sE * (M[2][2] * w[i] * w[j] + Me[2] * (d - w[i] * w[j]) * ir2);
            }
            H[NX * (3 + i) + 6 + j] += sE * M[0][2] * u[i] * w[j];
        }
    return W;
}

/* z entry -> (dof, sign) pairs */
static const int zn[NZ] = {2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2};
/* the upper 3 x 3 blocks of (yh, r'_A, r'_B) */
static const int bk[6] = {0, 0, 0, 1, 1, 2}, bq[6] = {0, 1, 2, 1, 2, 2};
/* the upper triangle of a 3 x 3 block */
static const int up[6] = {0, 1, 2, 4, 5, 8};

#ifdef KH_LANES
/* The isotropic section's Gauss points side by side (the AVX2 copy only:
 * kirchhoff_kernel_v3.c defines KH_LANES).  As ANCF's fixed_lanes
 * (ancf.c): the compilers keep loops over the points scalar, vector types
 * make them 4-wide; the lanes hold points 0-3, and point 4 is computed
 * across the components and entries (point4).  Every lane computes
 * gauss_iso's formulas as written (the same operations in the same order),
 * and each sum over the points starts from zero and adds the points in the
 * per-point loop's order: the results are the per-point code's, and the
 * baseline's, to the bit.  The baseline keeps the per-point code (SSE2
 * pairs gain little, as in ANCF). */
typedef double kh_v4 __attribute__((vector_size(32)));

#define LANES(F) {F(X1), F(X2), F(0.5), F(X4)}
#define CA0(x) (6.0 * (x) - 6.0 * (x) * (x))
#define CA1(x) (1.0 - 4.0 * (x) + 3.0 * (x) * (x))
#define CA2(x) (-2.0 * (x) + 3.0 * (x) * (x))
#define CB0(x) (6.0 - 12.0 * (x))
#define CB1(x) (-4.0 + 6.0 * (x))
#define CB2(x) (-2.0 + 6.0 * (x))
/* points 0-3 as aligned vectors (one load each), point 4 as numbers */
static const kh_v4 lw = {0.5 * 0.2369268850561890875142640, 0.5 * 0.4786286704993664680412915,
                         0.5 * 0.5688888888888888888888889, 0.5 * 0.4786286704993664680412915};
static const kh_v4 lca[3] = {LANES(CA0), LANES(CA1), LANES(CA2)}, lcb[3] = {LANES(CB0), LANES(CB1), LANES(CB2)};
static const double lw4 = 0.5 * 0.2369268850561890875142640, lca4[3] = {CA0(X5), CA1(X5), CA2(X5)},
                    lcb4[3] = {CB0(X5), CB1(X5), CB2(X5)};

/* 0 + the five points in order (lanes 0-3 of t, then point 4's p4): the
 * per-point loop's += on a zeroed sum */
#define LSUM(t, p4) ((((((0.0 + (t)[0]) + (t)[1]) + (t)[2]) + (t)[3]) + (p4)))

/* gauss_iso's point quantities, four points per vector */
typedef struct gauss_lanes {
    kh_v4 Pg, s, g[10], gP[10], gt[9];
    kh_v4 aa[9], ab[9], bb[9], au[9], bu[9], uu[9], va[9];
} gauss_lanes;

static void add_eps_v(kh_v4 *M, kh_v4 s, const kh_v4 *v)
{
    M[1] += s * v[2];
    M[2] -= s * v[1];
    M[3] -= s * v[2];
    M[5] += s * v[0];
    M[6] += s * v[1];
    M[7] -= s * v[0];
}

/* gauss_iso without the frame, the same formulas lane by lane (vu: u
 * broadcast) */
static void gauss_iso_lanes(const el_params *p, const kh_v4 *a, const kh_v4 *b, const double *u, const kh_v4 *vu,
                            double alpha, double il, int hess, gauss_lanes *G)
{
    const double GJ = p->GJ, EI = p->EI;
    const kh_v4 zero = {0.0, 0.0, 0.0, 0.0};
    kh_v4 A = a[0] * a[0] + a[1] * a[1] + a[2] * a[2], lam, mu = u[0] * a[0] + u[1] * a[1] + u[2] * a[2];
    kh_v4 D, iD, il_, B = b[0] * b[0] + b[1] * b[1] + b[2] * b[2], C = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    kh_v4 iA, iA2, ml, axb[3], gN[9], gDa[3], gDu[3], gk[6], tau, s, sig, fA, fB, fC;
    const double il2 = 0.5 * EI * il;
    kh_v4 *gt = G->gt;
    int i, j;
    lam = _mm256_sqrt_pd(A); /* correctly rounded, as sqrt() */
    D = A + lam * mu;
    iD = 1.0 / D;
    il_ = 1.0 / lam;
    iA = il_ * il_;
    iA2 = iA * iA;
    ml = mu * il_;
    axb[0] = a[1] * b[2] - a[2] * b[1];
    axb[1] = a[2] * b[0] - a[0] * b[2];
    axb[2] = a[0] * b[1] - a[1] * b[0];
    tau = (axb[0] * u[0] + axb[1] * u[1] + axb[2] * u[2]) * iD;
    s = alpha - tau;
    G->Pg = 0.5 * GJ * s * s + 0.5 * EI * (axb[0] * axb[0] + axb[1] * axb[1] + axb[2] * axb[2]) * iA2;
    G->s = s;
    if (hess < 0) return; /* the energy alone */
    sig = GJ * (s * il - p->k0[2]);
    fA = (-B + 2.0 * C * C * iA) * iA2;
    fB = iA;
    fC = -2.0 * C * iA2;
    gN[0] = b[1] * u[2] - b[2] * u[1];
    gN[1] = b[2] * u[0] - b[0] * u[2];
    gN[2] = b[0] * u[1] - b[1] * u[0];
    gN[3] = u[1] * a[2] - u[2] * a[1];
    gN[4] = u[2] * a[0] - u[0] * a[2];
    gN[5] = u[0] * a[1] - u[1] * a[0];
    KH_ISO_GRAD;
    if (hess > 1) {
        for (i = 0; i < 6; i++) G->gP[i] = -GJ * s * gt[i] + 0.5 * EI * gk[i];
        for (i = 6; i < 9; i++) G->gP[i] = -GJ * s * gt[i];
        G->gP[9] = GJ * s;
    }
    if (!hess) return;
    {
        const kh_v4 fAA = (2.0 * B - 6.0 * C * C * iA) * iA2 * iA, fAB = -iA2, fAC = 4.0 * C * iA2 * iA;
        const kh_v4 fCC = -2.0 * iA2, c1 = sig * iD, ct = c1 * tau;
        const double cG = GJ * il;
        const kh_v4 *ga = gt, *gb = gt + 3, *gu = gt + 6;
        const kh_v4 kA = 4.0 * il2 * fAA, kC = 2.0 * il2 * fAC, kCC = il2 * fCC, dA = ct * ml * iA;
        KH_ISO_HESS(kh_v4, zero)
        add_eps_v(G->ab, -c1, vu);
        add_eps_v(G->au, c1, b);
        add_eps_v(G->bu, -c1, a);
        for (i = 0; i < 9; i++) G->va[i] = -cG * gt[i];
    }
}

/* n sums LSUM(lo[k], h4[k]) into out[k], four at a time: a 4 x 4 transpose
 * puts point g of four sums into one vector, and the vectors are added in
 * the points' order, point 4 last from h4 (the same additions as LSUM, one
 * per four sums) */
static void lane_sums(const kh_v4 *lo, const double *h4, int n, double *out)
{
    const __m256d zero = _mm256_setzero_pd();
    int k;
    for (k = 0; k + 4 <= n; k += 4) {
        const __m256d t0 = _mm256_unpacklo_pd(lo[k], lo[k + 1]), t1 = _mm256_unpackhi_pd(lo[k], lo[k + 1]);
        const __m256d t2 = _mm256_unpacklo_pd(lo[k + 2], lo[k + 3]), t3 = _mm256_unpackhi_pd(lo[k + 2], lo[k + 3]);
        __m256d sum = _mm256_add_pd(zero, _mm256_permute2f128_pd(t0, t2, 0x20)); /* point 0 */
        sum = _mm256_add_pd(sum, _mm256_permute2f128_pd(t1, t3, 0x20));
        sum = _mm256_add_pd(sum, _mm256_permute2f128_pd(t0, t2, 0x31));
        sum = _mm256_add_pd(sum, _mm256_permute2f128_pd(t1, t3, 0x31));
        sum = _mm256_add_pd(sum, _mm256_loadu_pd(h4 + k)); /* point 4 */
        _mm256_storeu_pd(out + k, sum);
    }
    for (; k < n; k++) out[k] = LSUM(lo[k], h4[k]);
}

/* H (12 x 12, row-major): the lower triangle := the upper, by 4 x 4 blocks
 * transposed in registers (exact copies) */
static void mirror12(double *H)
{
    int I, J, k;
    for (I = 0; I < 3; I++)
        for (J = I; J < 3; J++) {
            double *b = H + 12 * 4 * I + 4 * J, *t = H + 12 * 4 * J + 4 * I;
            const __m256d r0 = _mm256_loadu_pd(b), r1 = _mm256_loadu_pd(b + 12);
            const __m256d r2 = _mm256_loadu_pd(b + 24), r3 = _mm256_loadu_pd(b + 36);
            const __m256d t0 = _mm256_unpacklo_pd(r0, r1), t1 = _mm256_unpackhi_pd(r0, r1);
            const __m256d t2 = _mm256_unpacklo_pd(r2, r3), t3 = _mm256_unpackhi_pd(r2, r3);
            __m256d c[4];
            c[0] = _mm256_permute2f128_pd(t0, t2, 0x20);
            c[1] = _mm256_permute2f128_pd(t1, t3, 0x20);
            c[2] = _mm256_permute2f128_pd(t0, t2, 0x31);
            c[3] = _mm256_permute2f128_pd(t1, t3, 0x31);
            if (J > I)
                for (k = 0; k < 4; k++) _mm256_storeu_pd(t + 12 * k, c[k]);
            else { /* row k's lanes left of the diagonal from the transpose */
                _mm256_storeu_pd(b + 12, _mm256_blend_pd(r1, c[1], 0x1));
                _mm256_storeu_pd(b + 24, _mm256_blend_pd(r2, c[2], 0x3));
                _mm256_storeu_pd(b + 36, _mm256_blend_pd(r3, c[3], 0x7));
            }
        }
}

/* The five points of an isotropic section: the per-point loop's sums, in
 * the order of the sums' layout below */
enum { LS_GY = 0, LS_GU = 9, LS_GA = 12, LS_NG = 13, /* gY, gU, ga (and pY, pU, pa) */
       LS_HB = 0, LS_HYU = 54, LS_HYA = 81, LS_HUU = 90, LS_HUA = 99, LS_HAA = 102, LS_NH = 103 };
typedef struct point_sums {
    double P, ssum, g[LS_NG], gp[LS_NG], H[LS_NH];
} point_sums;

/* point 4's weighted terms of the sums, in their layout (h4: a row of 3 is
 * stored 4 wide, its lane 3 overwritten by the next store) */
typedef struct point4_terms {
    double P, s, g[LS_NG], gp[LS_NG], H[LS_NH];
} point4_terms;

/* v's lanes i, j, k (lane 3 a copy of v's: no zero lane to make, which
 * gcc does by a register-to-register vmovq that valgrind 3.19 cannot run) */
#define KH_SH(v, i, j, k) ((kh_v4){(v)[i], (v)[j], (v)[k], (v)[3]})
#define KH_ST(dst, v) _mm256_storeu_pd(dst, v)

/* rows R (3 x 3, one per vector) += E(v) times s, as add_eps: each entry
 * gets its one product, added where add_eps adds it (x - y = x + (-y)) */
static void add_eps_rows(kh_v4 *R, double s, kh_v4 v)
{
    const kh_v4 sv = s * v;
    const kh_v4 e0 = {sv[0], sv[2], -sv[1], sv[3]}, e1 = {-sv[2], sv[1], sv[0], sv[3]}, e2 = {sv[1], -sv[0], sv[2], sv[3]};
    R[0] = _mm256_blend_pd(R[0], R[0] + e0, 0x6);
    R[1] = _mm256_blend_pd(R[1], R[1] + e1, 0x5);
    R[2] = _mm256_blend_pd(R[2], R[2] + e2, 0x3);
}

/* all bits of lane i (the diagonal's terms: x and 0.0, as d in gauss_iso) */
static const union { unsigned long long u[4]; kh_v4 v; } lane_mask[3] = {
    {{~0ULL, 0, 0, 0}}, {{0, ~0ULL, 0, 0}}, {{0, 0, ~0ULL, 0}}};
#define lane_bits(i) lane_mask[i].v

/* x added to lane i of R[i] (the diagonal of rows R) */
static void add_diag_rows(kh_v4 *R, double x)
{
    R[0] = _mm256_blend_pd(R[0], R[0] + x, 0x1);
    R[1] = _mm256_blend_pd(R[1], R[1] + x, 0x2);
    R[2] = _mm256_blend_pd(R[2], R[2] + x, 0x4);
}

/* the symmetric matrix of rows X whose upper triangle is X's (the lower
 * entries are the upper ones, as gauss_iso mirrors them) */
static void mirror_rows(const kh_v4 *X, kh_v4 *M)
{
    M[0] = X[0];
    M[1] = (kh_v4){X[0][1], X[1][1], X[1][2], X[1][3]};
    M[2] = (kh_v4){X[0][2], X[1][2], X[2][2], X[2][3]};
}

/* Point 4 (the fifth Gauss point) across the components: gauss_iso's
 * formulas with a vector over what they repeat (the components i, an
 * entry's column j) and its numbers (A, D, tau, ...) as doubles, every
 * product and sum the one gauss_iso computes (a vector of its own would
 * have one useful lane); then its weighted terms of the sums.  hess: as
 * gauss_iso_lanes's (-1 the energy alone) */
static void point4(const el_params *p, const double *yh, const double *y1, const double *y2, const double *u,
                   double alpha, double il, int hess, point4_terms *T)
{
    const double GJ = p->GJ, EI = p->EI, w = lw4, il2 = 0.5 * EI * il;
    const kh_v4 Y = {yh[0], yh[1], yh[2], yh[2]}, Y1 = {y1[0], y1[1], y1[2], y1[2]}, Y2 = {y2[0], y2[1], y2[2], y2[2]};
    const kh_v4 uv = {u[0], u[1], u[2], u[2]}; /* lane 3 finite, never summed */
    const kh_v4 a = lca4[0] * Y + lca4[1] * Y1 + lca4[2] * Y2, b = lcb4[0] * Y + lcb4[1] * Y1 + lcb4[2] * Y2;
    const kh_v4 a1 = KH_SH(a, 1, 2, 0), a2 = KH_SH(a, 2, 0, 1), b1 = KH_SH(b, 1, 2, 0), b2 = KH_SH(b, 2, 0, 1);
    const kh_v4 u1 = KH_SH(uv, 1, 2, 0), u2 = KH_SH(uv, 2, 0, 1);
    const kh_v4 axb = a1 * b2 - a2 * b1, pA = a * a, pB = b * b, pC = a * b, pm = uv * a, pt = axb * uv, px = axb * axb;
    const double A = pA[0] + pA[1] + pA[2], B = pB[0] + pB[1] + pB[2], C = pC[0] + pC[1] + pC[2];
    const double mu = pm[0] + pm[1] + pm[2], lam = sqrt(A), D = A + lam * mu, iD = 1.0 / D, il_ = 1.0 / lam;
    const double iA = il_ * il_, iA2 = iA * iA, ml = mu * il_, tau = (pt[0] + pt[1] + pt[2]) * iD, s = alpha - tau;
    double sig, fA, fB, fC, g9;
    kh_v4 gk_a, gk_b, gDa, gDu, ga, gb, gu, g_a, g_b, g_u;
    int i, k, q;
    T->P = w * (0.5 * GJ * s * s + 0.5 * EI * (px[0] + px[1] + px[2]) * iA2);
    T->s = w * s;
    if (hess < 0) return;
    sig = GJ * (s * il - p->k0[2]);
    fA = (-B + 2.0 * C * C * iA) * iA2;
    fB = iA;
    fC = -2.0 * C * iA2;
    gk_a = 2.0 * fA * a + fC * b;
    gk_b = 2.0 * fB * b + fC * a;
    gDa = (2.0 + ml) * a + lam * uv;
    gDu = lam * a;
    ga = ((b1 * u2 - b2 * u1) - tau * gDa) * iD; /* N's gradient: b x u, u x a, a x b */
    gb = (u1 * a2 - u2 * a1) * iD;
    gu = (axb - tau * gDu) * iD;
    g_a = -sig * ga + il2 * gk_a;
    g_b = -sig * gb + il2 * gk_b;
    g_u = -sig * gu;
    g9 = sig;
    for (k = 0; k < 3; k++) KH_ST(T->g + LS_GY + 3 * k, w * (lca4[k] * g_a + lcb4[k] * g_b));
    KH_ST(T->g + LS_GU, w * g_u);
    T->g[LS_GA] = w * g9;
    if (hess > 1) {
        const kh_v4 p_a = -GJ * s * ga + 0.5 * EI * gk_a, p_b = -GJ * s * gb + 0.5 * EI * gk_b, p_u = -GJ * s * gu;
        for (k = 0; k < 3; k++) KH_ST(T->gp + LS_GY + 3 * k, w * (lca4[k] * p_a + lcb4[k] * p_b));
        KH_ST(T->gp + LS_GU, w * p_u);
        T->gp[LS_GA] = w * (GJ * s);
    }
    if (!hess) return;
    {
        const double fAA = (2.0 * B - 6.0 * C * C * iA) * iA2 * iA, fAB = -iA2, fAC = 4.0 * C * iA2 * iA;
        const double fCC = -2.0 * iA2, c1 = sig * iD, ct = c1 * tau, cG = GJ * il;
        const double kA = 4.0 * il2 * fAA, kC = 2.0 * il2 * fAC, kCC = il2 * fCC, dA = ct * ml * iA;
        const double dx = il2 * 2.0 * fA + ct * (2.0 + ml), dy = 2.0 * il2 * fB;
        const kh_v4 vdx = {dx, dx, dx, dx}, vdy = {dy, dy, dy, dy};
        const kh_v4 ha = cG * ga + c1 * gDa, hu = cG * gu + c1 * gDu, ea = kA * a + kC * b - dA * a + ct * il_ * uv;
        const kh_v4 eb = kC * a + kCC * b, pa = 4.0 * il2 * fAB * a, pb = kCC * b + kC * a;
        const kh_v4 qa = c1 * lam * ga + ct * il_ * a, va_a = -cG * ga, va_b = -cG * gb, va_u = -cG * gu;
        kh_v4 X[3], Yb[3], Z[3], AA[3], BB[3], UU[3], AB[3], ABT[3], AU[3], BU[3];
        for (i = 0; i < 3; i++) { /* rows i: the entries (i, j) in lane j */
            const kh_v4 dxi = _mm256_and_pd(vdx, lane_bits(i)), dyi = _mm256_and_pd(vdy, lane_bits(i)); /* +0 off it */
            X[i] = ha[i] * ga + c1 * ga[i] * gDa + ea[i] * a + eb[i] * b + ct * il_ * a[i] * uv + dxi;
            Yb[i] = cG * gb[i] * gb + kCC * a[i] * a + dyi;
            Z[i] = hu[i] * gu + c1 * gu[i] * gDu;
            AB[i] = ha[i] * gb + pa[i] * b + pb[i] * a;
            AU[i] = ha[i] * gu + qa[i] * a;
            BU[i] = gb[i] * hu;
        }
        mirror_rows(X, AA);
        mirror_rows(Yb, BB);
        mirror_rows(Z, UU);
        add_diag_rows(AB, il2 * fC);
        add_diag_rows(AU, ct * lam);
        add_eps_rows(AB, -c1, uv);
        add_eps_rows(AU, c1, b);
        add_eps_rows(BU, -c1, a);
        for (i = 0; i < 3; i++) ABT[i] = (kh_v4){AB[0][i], AB[1][i], AB[2][i], AB[2][3]};
        for (q = 0; q < 6; q++) { /* the blocks of the sums, in the stores' order */
            const int r = bk[q], c = bq[q];
            const double caa = w * lca4[r] * lca4[c], cab = w * lca4[r] * lcb4[c];
            const double cbb = w * lcb4[r] * lcb4[c], cba = w * lcb4[r] * lca4[c];
            double *hb = T->H + LS_HB + 9 * q;
            kh_v4 R[3];
            if (r == c) {
                for (i = 0; i < 3; i++) R[i] = caa * AA[i] + cab * (AB[i] + ABT[i]) + cbb * BB[i];
                KH_ST(hb, R[0]);
                KH_ST(hb + 3, ((kh_v4){R[1][1], R[1][2], R[2][2], R[2][3]}));
                KH_ST(hb + 6, ((kh_v4){0.0, 0.0, 0.0, 0.0}));
            } else
                for (i = 0; i < 3; i++) KH_ST(hb + 3 * i, caa * AA[i] + cab * AB[i] + cba * ABT[i] + cbb * BB[i]);
        }
        for (k = 0; k < 3; k++) {
            const double wa = w * lca4[k], wb = w * lcb4[k];
            for (i = 0; i < 3; i++) KH_ST(T->H + LS_HYU + 9 * k + 3 * i, wa * AU[i] + wb * BU[i]);
        }
        for (k = 0; k < 3; k++) KH_ST(T->H + LS_HYA + 3 * k, w * lca4[k] * va_a + w * lcb4[k] * va_b);
        for (i = 0; i < 3; i++) KH_ST(T->H + LS_HUU + 3 * i, w * UU[i]);
        KH_ST(T->H + LS_HUA, w * va_u);
        T->H[LS_HAA] = w * (p->GJ * il);
    }
}

static void points_lanes(const el_params *p, const double *yh, const double *y1, const double *y2, const double *u,
                         double alpha, double il, int hmode, int grad, point_sums *S)
{
    const kh_v4 zero = {0.0, 0.0, 0.0, 0.0}, wl = lw;
    point4_terms P4;
    gauss_lanes G;
    kh_v4 a[3], b[3], vu[3], T[LS_NH];
    int i, k, q;
    /* point 4 first: its terms are stored as rows and read back four at a
     * time, long after, when its stores have retired (a load over two
     * stores in flight waits for them) */
    point4(p, yh, y1, y2, u, alpha, il, grad ? hmode : -1, &P4);
    for (i = 0; i < 3; i++) {
        vu[i] = (kh_v4){u[i], u[i], u[i], u[i]};
        a[i] = lca[0] * yh[i] + lca[1] * y1[i] + lca[2] * y2[i];
        b[i] = lcb[0] * yh[i] + lcb[1] * y1[i] + lcb[2] * y2[i];
    }
    gauss_iso_lanes(p, a, b, u, vu, alpha, il, grad ? hmode : -1, &G);
    S->P = LSUM(wl * G.Pg, P4.P);
    S->ssum = LSUM(wl * G.s, P4.s);
    if (!grad) return;
    for (k = 0; k < 3; k++)
        for (i = 0; i < 3; i++) T[LS_GY + 3 * k + i] = wl * (lca[k] * G.g[i] + lcb[k] * G.g[3 + i]);
    for (i = 0; i < 3; i++) T[LS_GU + i] = wl * G.g[6 + i];
    T[LS_GA] = wl * G.g[9];
    lane_sums(T, P4.g, LS_NG, S->g);
    if (hmode > 1) {
        for (k = 0; k < 3; k++)
            for (i = 0; i < 3; i++) T[LS_GY + 3 * k + i] = wl * (lca[k] * G.gP[i] + lcb[k] * G.gP[3 + i]);
        for (i = 0; i < 3; i++) T[LS_GU + i] = wl * G.gP[6 + i];
        T[LS_GA] = wl * G.gP[9];
        lane_sums(T, P4.gp, LS_NG, S->gp);
    }
    if (!hmode) return;
    for (q = 0; q < 6; q++) {
        const int r = bk[q], c = bq[q];
        const kh_v4 caa = wl * lca[r] * lca[c], cab = wl * lca[r] * lcb[c];
        const kh_v4 cbb = wl * lcb[r] * lcb[c], cba = wl * lcb[r] * lca[c];
        kh_v4 *hb = T + LS_HB + 9 * q;
        if (r == c) {
            for (i = 0; i < 6; i++) {
                const int e = up[i], et = 3 * (e % 3) + e / 3; /* ba[e] = ab[et] */
                hb[i] = caa * G.aa[e] + cab * (G.ab[e] + G.ab[et]) + cbb * G.bb[e];
            }
            hb[6] = hb[7] = hb[8] = zero;
        } else
            for (i = 0; i < 9; i++) {
                const int et = 3 * (i % 3) + i / 3;
                hb[i] = caa * G.aa[i] + cab * G.ab[i] + cba * G.ab[et] + cbb * G.bb[i];
            }
    }
    for (k = 0; k < 3; k++) {
        const kh_v4 wa = wl * lca[k], wb = wl * lcb[k];
        for (i = 0; i < 9; i++) T[LS_HYU + 9 * k + i] = wa * G.au[i] + wb * G.bu[i];
        for (i = 0; i < 3; i++) T[LS_HYA + 3 * k + i] = wa * G.va[i] + wb * G.va[3 + i];
    }
    for (i = 0; i < 9; i++) T[LS_HUU + i] = wl * G.uu[i];
    for (i = 0; i < 3; i++) T[LS_HUA + i] = wl * G.va[6 + i];
    T[LS_HAA] = wl * (p->GJ * il); /* vaa = cG */
    lane_sums(T, P4.H, LS_NH, S->H);
}
#endif

/* The element's shared quantities up to the relative roll alpha (whose
 * atan2 is the longest chain of the kernel): kept apart so that a pair of
 * elements can start both chains before either element's points */
typedef struct kh_pre {
    double l, il, yh[3], y1[3], y2[3], u[3], w[3], r1, r2, ir1, ir2, alpha;
} kh_pre;

#if (defined(__GNUC__) || defined(__clang__)) && !defined(AC_SANITIZED) /* core/sanitizer.h */
#define KH_INLINE __attribute__((always_inline)) inline
#else
#define KH_INLINE
#endif
static KH_INLINE void kh_prep(const el_params *p, const double *qe, kh_pre *X)
{
    int i;
    X->l = qe[SB] - qe[SA];
    X->il = 1.0 / X->l;
    for (i = 0; i < 3; i++) {
        X->yh[i] = (qe[8 + i] - qe[i]) * X->il;
        X->y1[i] = qe[3 + i];
        X->y2[i] = qe[11 + i];
    }
    X->r1 = sqrt(dot(X->y1, X->y1));
    X->r2 = sqrt(dot(X->y2, X->y2));
    X->ir1 = 1.0 / X->r1;
    X->ir2 = 1.0 / X->r2;
    for (i = 0; i < 3; i++) {
        X->u[i] = X->y1[i] * X->ir1;
        X->w[i] = X->y2[i] * X->ir2;
    }
    X->alpha = beta_value(p, X->u, X->w) + qe[TB] - qe[TA];
}

/* The strain energy; fe (when not NULL) its gradient, ke (when not NULL) +=
 * wt times its Hessian, on the element's 16 dofs; X from kh_prep */
static double kernel_at(const el_params *p, const double *qe, const kh_pre *X, double *fe, double wt, double *ke)
{
    const int nz = p->fixed_s ? NX : NZ, hess = ke != NULL, grad = fe != NULL || ke != NULL;
    const int frame = !(p->EI == p->EI3 && p->k0[0] == 0.0 && p->k0[1] == 0.0), hmode = hess ? (nz == NZ ? 2 : 1) : 0;
    const double R0 = 0.5 * p->GJ * p->k0[2] * p->k0[2] +
                      (frame ? 0.5 * (p->EI * p->k0[0] * p->k0[0] + p->EI3 * p->k0[1] * p->k0[1]) : 0.0);
    double qsum = 0.0, gth = 0.0, pth = 0.0, HYt[9], HUt[3], Hat = 0.0, Htt = 0.0, g1[6], H1[36], ba[3];
    const double l = X->l, il = X->il, *yh = X->yh, *y1 = X->y1, *y2 = X->y2, *u = X->u, *w = X->w;
    const double r1 = X->r1, r2 = X->r2, ir1 = X->ir1, alpha = X->alpha;
    double bg[6], bH[36], gY[9], gU[3], ga, pY[9], pU[3], pa, HX[NX * NX + 1], HYU[27], HUU[9], HUa[3], HYa[NX], Haa;
    double P = 0.0, ssum = 0.0, gAx[9], Ax, W, gX[NX], pX[NX], gz[NZ], Hz[NZ * NZ], HB[54];
    gauss_pt G;
    int g, i, j, k, q, hz_made = 0;
    /* Omega(t1ref_A, u', u): u's own share of the relative roll and, with the
     * frame, of each point's roll (beta_derivs, gauss_frame) */
    if (frame) omega(p->chart_a, u, u, g1, hess ? H1 : NULL, 0, 0);
    if (frame) sr_apply(p->chart_a, u, p->chart_a + 3, ba);
    memset(gY, 0, sizeof gY);
    memset(pY, 0, sizeof pY);
    memset(gU, 0, sizeof gU);
    memset(pU, 0, sizeof pU);
    ga = pa = Haa = 0.0;
    if (hess) {
        memset(HX, 0, sizeof HX);
        memset(HB, 0, sizeof HB);
        memset(HYU, 0, sizeof HYU);
        memset(HUU, 0, sizeof HUU);
        memset(HUa, 0, sizeof HUa);
        memset(HYa, 0, sizeof HYa);
        memset(HYt, 0, sizeof HYt);
        memset(HUt, 0, sizeof HUt);
    }
#ifdef KH_LANES
    if (!frame) {
        point_sums S;
        points_lanes(p, yh, y1, y2, u, alpha, il, hmode, grad, &S);
        P = S.P;
        ssum = S.ssum;
        if (grad) {
            memcpy(gY, S.g + LS_GY, sizeof gY);
            memcpy(gU, S.g + LS_GU, sizeof gU);
            ga = S.g[LS_GA];
        }
        if (hmode > 1) {
            memcpy(pY, S.gp + LS_GY, sizeof pY);
            memcpy(pU, S.gp + LS_GU, sizeof pU);
            pa = S.gp[LS_GA];
        }
        if (hess) {
            for (q = 0; q < 6; q++) /* the symmetric blocks' six entries */
                memcpy(HB + 9 * q, S.H + LS_HB + 9 * q, (bk[q] == bq[q] ? 6 : 9) * sizeof(double));
            memcpy(HYU, S.H + LS_HYU, sizeof HYU);
            memcpy(HYa, S.H + LS_HYA, 9 * sizeof(double));
            memcpy(HUU, S.H + LS_HUU, sizeof HUU);
            memcpy(HUa, S.H + LS_HUA, sizeof HUa);
            Haa = S.H[LS_HAA];
        }
    } else
#endif
    for (g = 0; g < NG; g++) {
        const double wg = gw[g], *ca = gca[g], *cb = gcb[g];
        double a[3], b[3];
        for (i = 0; i < 3; i++) {
            a[i] = ca[0] * yh[i] + ca[1] * y1[i] + ca[2] * y2[i];
            b[i] = cb[0] * yh[i] + cb[1] * y1[i] + cb[2] * y2[i];
        }
        gauss_iso(p, a, b, u, alpha, il, hmode, frame, &G);
        if (frame) gauss_frame(p, a, b, u, ba, g1, H1, gxi[g], gxi[g] * alpha + qe[TA], il, hmode, &G);
        if (hess) transpose_ab(&G);
        P += wg * G.Pg;
        ssum += wg * G.s;
        qsum += wg * G.Qf;
        if (!grad) continue;
        for (k = 0; k < 3; k++)
            for (i = 0; i < 3; i++) gY[3 * k + i] += wg * (ca[k] * G.g[i] + cb[k] * G.g[3 + i]);
        for (i = 0; i < 3; i++) gU[i] += wg * G.g[6 + i];
        ga += wg * G.g[9];
        gth += wg * G.g[10];
        if (hmode > 1) { /* P's gradient: the l rows of the tangent */
            for (k = 0; k < 3; k++)
                for (i = 0; i < 3; i++) pY[3 * k + i] += wg * (ca[k] * G.gP[i] + cb[k] * G.gP[3 + i]);
            for (i = 0; i < 3; i++) pU[i] += wg * G.gP[6 + i];
            pa += wg * G.gP[9];
            pth += wg * G.gP[10];
        }
        if (!hess) continue;
        {
            double sab[6];
            for (i = 0; i < 6; i++) sab[i] = G.ab[up[i]] + G.ba[up[i]];
            for (q = 0; q < 6; q++) { /* the upper blocks of (yh, r'_A, r'_B) */
                const int r = bk[q], c = bq[q];
                const double caa = wg * ca[r] * ca[c], cab = wg * ca[r] * cb[c], cbb = wg * cb[r] * cb[c];
                double *h = HB + 9 * q;
                if (r == c) /* symmetric: its upper triangle */
                    for (i = 0; i < 6; i++) h[i] += caa * G.aa[up[i]] + cab * sab[i] + cbb * G.bb[up[i]];
                else {
                    const double cba = wg * cb[r] * ca[c];
                    for (i = 0; i < 9; i++) h[i] += caa * G.aa[i] + cab * G.ab[i] + cba * G.ba[i] + cbb * G.bb[i];
                }
            }
            for (k = 0; k < 3; k++) {
                const double wa = wg * ca[k], wb = wg * cb[k];
                for (i = 0; i < 9; i++) HYU[9 * k + i] += wa * G.au[i] + wb * G.bu[i];
                for (i = 0; i < 3; i++) HYa[3 * k + i] += wa * G.va[i] + wb * G.va[3 + i];
                if (frame)
                    for (i = 0; i < 3; i++) HYt[3 * k + i] += wa * G.vt[i] + wb * G.vt[3 + i];
            }
            for (i = 0; i < 9; i++) HUU[i] += wg * G.uu[i];
            for (i = 0; i < 3; i++) HUa[i] += wg * G.va[6 + i];
            Haa += wg * G.vaa;
            if (frame) {
                for (i = 0; i < 3; i++) HUt[i] += wg * G.vt[6 + i];
                Hat += wg * G.vat;
                Htt += wg * G.vtt;
            }
        }
    }
    /* HX holds its upper triangle from here on */
    if (hess) {
        for (q = 0; q < 6; q++) { /* the blocks of (yh, r'_A, r'_B) */
            if (bk[q] == bq[q])
                for (k = 0; k < 6; k++) HX[NX * (3 * bk[q] + up[k] / 3) + 3 * bq[q] + up[k] % 3] = HB[9 * q + k];
            else
                for (i = 0; i < 3; i++)
                    for (j = 0; j < 3; j++) HX[NX * (3 * bk[q] + i) + 3 * bq[q] + j] = HB[9 * q + 3 * i + j];
        }
    }
    if (hess) { /* the points' u terms through u = r'_A / |r'_A| (before the
                 * axial terms: HX's last scalar stores well before the vector
                 * loads of its rows below) */
        double blk[9], t[3];
        project2(HUU, 3, u, u, r1, r1, blk);
        add_curv(blk, 3, gU, u, r1);
        for (i = 0; i < 3; i++)
            for (j = i; j < 3; j++) HX[NX * (3 + i) + 3 + j] += blk[3 * i + j];
        for (k = 0; k < 3; k++) /* HYU_k J on (Y_k, y1) and its transpose */
            for (i = 0; i < 3; i++) {
                const double *m = HYU + 9 * k + 3 * i;
                double mu = dot(m, u);
                for (j = 0; j < 3; j++) usym(HX, 3 * k + i, 3 + j, (m[j] - mu * u[j]) * ir1);
            }
        project1(HUa, u, r1, t);
        for (i = 0; i < 3; i++) HYa[3 + i] += t[i];
        HYa[9] = HYa[10] = 0.0;
    }
    Ax = axial(p, yh, y1, y2, u, r1, w, r2, grad ? gAx : NULL, l, hess ? HX : NULL);
    W = P * il - p->GJ * p->k0[2] * ssum + qsum + (R0 + Ax) * l;
    if (!grad) return W;

    /* u = r'_A / |r'_A| and alpha: the shared variables' chain rule */
    if (frame) beta_derivs(p, u, w, r1, r2, g1, H1, bg, hess ? bH : NULL);
    else beta_derivs_iso(p, u, w, r1, r2, bg, hess ? bH : NULL);
    {
        double t[3];
        project1(gU, u, r1, t);
        for (i = 0; i < 3; i++) gY[3 + i] += t[i];
        project1(pU, u, r1, t);
        for (i = 0; i < 3; i++) pY[3 + i] += t[i];
    }
    for (i = 0; i < 9; i++) {
        gX[i] = gY[i] + (i >= 3 ? ga * bg[i - 3] : 0.0) + l * gAx[i];
        pX[i] = pY[i] + (i >= 3 ? pa * bg[i - 3] : 0.0);
    }
    gX[9] = -ga + gth;
    gX[10] = ga;
    pX[9] = -pa + pth;
    pX[10] = pa;
    if (hess) {
        double ta[NX], t[3];
        /* alpha = beta(r'_A, r'_B) + theta_B - theta_A */
        ta[0] = ta[1] = ta[2] = 0.0;
        for (i = 0; i < 6; i++) ta[3 + i] = bg[i];
        ta[9] = -1.0;
        ta[10] = 1.0;
#ifdef KH_LANES
        if (!frame) { /* the two updates below and Hz's entries (further down)
                       * in one pass: per entry the same operations in the
                       * same order, with wt (j < 3 ? il : 1) (i < 3 ? il : 1)
                       * as one of its three values */
            const double fAA = wt * il * il, fAB = wt * il * 1.0, fBB = wt * 1.0 * 1.0;
            const kh_v4 fa0 = {fAA, fAA, fAA, fAB}, fab = {fAB, fAB, fAB, fAB}, fbb = {fBB, fBB, fBB, fBB};
            const kh_v4 tv0 = {ta[0], ta[1], ta[2], ta[3]}, tv1 = {ta[4], ta[5], ta[6], ta[7]};
            const kh_v4 tv2 = {ta[8], ta[9], ta[10], 0.0};
            const kh_v4 yv0 = {HYa[0], HYa[1], HYa[2], HYa[3]}, yv1 = {HYa[4], HYa[5], HYa[6], HYa[7]};
            const kh_v4 yv2 = {HYa[8], HYa[9], HYa[10], 0.0};
            /* row i's twelve columns as three vectors (the columns left of
             * the diagonal and column 11 are computed too, from HX's unused
             * lower triangle and its pad, and never read: mirror12 overwrites
             * them); beta's term added only where the scalar loop adds it (a
             * blend keeps the other lanes' bits); HX kept only where the l
             * rows read it (rows and columns 0-2) */
            for (i = 0; i < NX; i++) {
                const double hi = Haa * ta[i] + HYa[i], ti = ta[i], *hx = HX + NX * i;
                double *hz = Hz + NZ * i;
                kh_v4 x0 = _mm256_loadu_pd(hx) + (hi * tv0 + ti * yv0);
                kh_v4 x1 = _mm256_loadu_pd(hx + 4) + (hi * tv1 + ti * yv1);
                kh_v4 x2 = _mm256_loadu_pd(hx + 8) + (hi * tv2 + ti * yv2);
                if (i >= 3 && i < 9) { /* beta's rows (bH is 6 x 6: none for alpha, theta_A) */
                    const double *bh = bH + 6 * (i - 3);
                    x0 = _mm256_blend_pd(x0, x0 + ga * _mm256_broadcast_sd(bh), 0x8);
                    x1 = x1 + ga * _mm256_loadu_pd(bh + 1);
                    x2 = _mm256_blend_pd(x2, x2 + ga * _mm256_broadcast_sd(bh + 5), 0x1);
                } else if (i < 3) { /* the l rows read rows 0-2 */
                    double *h = HX + NX * i;
                    _mm256_storeu_pd(h, x0);
                    _mm256_storeu_pd(h + 4, x1);
                    memcpy(h + 8, &x2, 3 * sizeof(double));
                }
                _mm256_storeu_pd(hz, (i < 3 ? fa0 : fbb) * x0);
                _mm256_storeu_pd(hz + 4, (i < 3 ? fab : fbb) * x1);
                _mm256_storeu_pd(hz + 8, (i < 3 ? fab : fbb) * x2);
            }
            mirror12(Hz);
            hz_made = 1;
        } else
#endif
        {
            for (i = 0; i < NX; i++) {
                const double hi = Haa * ta[i] + HYa[i];
                for (j = i; j < NX; j++) HX[NX * i + j] += hi * ta[j] + ta[i] * HYa[j];
            }
            for (i = 0; i < 6; i++)
                for (j = i; j < 6; j++) HX[NX * (3 + i) + 3 + j] += ga * bH[6 * i + j];
        }
        if (frame) { /* theta_A's own row (the frame's roll chi) */
            project1(HUt, u, r1, t);
            for (i = 0; i < 3; i++) HYt[3 + i] += t[i];
            for (i = 0; i < 9; i++) usym(HX, i, 9, HYt[i]);
            for (i = 0; i < NX; i++) usym(HX, i, 9, Hat * ta[i]);
            HX[NX * 9 + 9] += Htt;
        }
    }

    /* from X = (yh, ...) and l to z = (y0, ..., l): W = P/l + Q + R l */
    for (i = 0; i < NX; i++) gz[i] = i < 3 ? gX[i] * il : gX[i];
    gz[11] = -P * il * il + R0 + Ax - il * dot(yh, gX);
    if (hess) { /* wt times the Hessian in z, mirrored: exactly symmetric, as the
                 * hyper-dual path's (the band solver takes its LDL^T only on
                 * exactly symmetric values, sparse/band.c) */
        if (!hz_made)
            for (i = 0; i < NX; i++) {
                const double si = wt * (i < 3 ? il : 1.0);
                for (j = i; j < NX; j++) Hz[NZ * i + j] = Hz[NZ * j + i] = si * (j < 3 ? il : 1.0) * HX[NX * i + j];
            }
        if (nz == NZ) {
            double tl[3], Hl[NX], h;
            for (i = 0; i < 3; i++) tl[i] = -yh[i] * il;
            for (i = 0; i < NX; i++) Hl[i] = -pX[i] * il * il + (i < 9 ? gAx[i] : 0.0);
            for (i = 0; i < NX; i++) {
                h = Hl[i];
                for (j = 0; j < 3; j++) h += (i <= j ? HX[NX * i + j] : HX[NX * j + i]) * tl[j];
                if (i < 3) h = h * il - gX[i] * il * il;
                Hz[NZ * i + 11] = Hz[NZ * 11 + i] = wt * h;
            }
            h = 2.0 * P * il * il * il + 2.0 * (Hl[0] * tl[0] + Hl[1] * tl[1] + Hl[2] * tl[2]) +
                2.0 * il * il * dot(gX, yh);
            for (i = 0; i < 3; i++)
                for (j = 0; j < 3; j++) h += tl[i] * (i <= j ? HX[NX * i + j] : HX[NX * j + i]) * tl[j];
            Hz[NZ * 11 + 11] = wt * h;
        }
    }

    /* expansion to the element's dofs (with s fixed, l's row stays zero) */
    if (fe) { /* each dof once: 0 + its z entry times its sign (zdof, zsgn), as a
               * sum over the z entries on zeros adds it */
        for (k = 0; k < 3; k++) {
            fe[k] = 0.0 - gz[k];
            fe[8 + k] = 0.0 + gz[k];
            fe[3 + k] = 0.0 + gz[3 + k];
            fe[11 + k] = 0.0 + gz[6 + k];
        }
        fe[TA] = 0.0 + gz[9];
        fe[TB] = 0.0 + gz[10];
        fe[SA] = nz == NZ ? 0.0 - gz[11] : 0.0;
        fe[SB] = nz == NZ ? 0.0 + gz[11] : 0.0;
    }
#ifdef KH_LANES
    if (hess) /* as below, each row of Hz as four vectors in registers (built
               * in an array by single stores, they were read back four at a
               * time: store forwarding failed) */
        for (i = 0; i < nz; i++) {
            const double *h = Hz + NZ * i, sa = nz == NZ ? -h[11] : 0.0, sb = nz == NZ ? h[11] : 0.0;
            const kh_v4 R0 = {-h[0], -h[1], -h[2], h[3]}, R1 = {h[4], h[5], h[9], sa};
            const kh_v4 R2 = {h[0], h[1], h[2], h[6]}, R3 = {h[7], h[8], h[10], sb};
            for (k = 0; k < zn[i]; k++) {
                double *row = ke + NDOF * zdof[i][k];
                const kh_v4 k0 = _mm256_loadu_pd(row), k1 = _mm256_loadu_pd(row + 4);
                const kh_v4 k2 = _mm256_loadu_pd(row + 8), k3 = _mm256_loadu_pd(row + 12);
                if (zsgn[i][k] > 0.0) {
                    _mm256_storeu_pd(row, k0 + R0);
                    _mm256_storeu_pd(row + 4, k1 + R1);
                    _mm256_storeu_pd(row + 8, k2 + R2);
                    _mm256_storeu_pd(row + 12, k3 + R3);
                } else {
                    _mm256_storeu_pd(row, k0 - R0);
                    _mm256_storeu_pd(row + 4, k1 - R1);
                    _mm256_storeu_pd(row + 8, k2 - R2);
                    _mm256_storeu_pd(row + 12, k3 - R3);
                }
            }
        }
#else
    if (hess) /* row i of Hz on the dofs, then onto the rows of z_i's dofs */
        for (i = 0; i < nz; i++) {
            const double *h = Hz + NZ * i;
            double R[NDOF];
            for (k = 0; k < 3; k++) {
                R[k] = -h[k];
                R[8 + k] = h[k];
                R[3 + k] = h[3 + k];
                R[11 + k] = h[6 + k];
            }
            R[TA] = h[9];
            R[TB] = h[10];
            R[SA] = nz == NZ ? -h[11] : 0.0;
            R[SB] = nz == NZ ? h[11] : 0.0;
            for (k = 0; k < zn[i]; k++) {
                double *row = ke + NDOF * zdof[i][k];
                if (zsgn[i][k] > 0.0)
                    for (j = 0; j < NDOF; j++) row[j] += R[j];
                else
                    for (j = 0; j < NDOF; j++) row[j] -= R[j];
            }
        }
#endif
    return W;
}

double el_kirchhoff_kernel(const el_params *p, const double *qe, double *fe, double wt, double *ke)
{
    kh_pre X;
    kh_prep(p, qe, &X);
    return kernel_at(p, qe, &X, fe, wt, ke);
}

#ifdef KH_LANES
/* Two elements' fused force and tangent (el_ops.force_tangent_acc2): both
 * relative rolls first, so that the second's atan2 chain runs under the
 * first element's points; each element's results are its single call's */
void el_kirchhoff_kernel_pair(const el_params *p0, const double *qe0, double *fe0, double *ke0,
                              const el_params *p1, const double *qe1, double *fe1, double *ke1, double wt)
{
    kh_pre pre0, pre1;
    kh_prep(p0, qe0, &pre0);
    kh_prep(p1, qe1, &pre1);
    kernel_at(p0, qe0, &pre0, fe0, wt, ke0);
    kernel_at(p1, qe1, &pre1, fe1, wt, ke1);
}
#endif
