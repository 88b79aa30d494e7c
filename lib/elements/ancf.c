/* Two-node ALE-ANCF cable element (paper 001, section 2).
 *
 * Element dofs: [r_A (3), r'_A (3), s_A, r_B (3), r'_B (3), s_B]; r' = dr/ds.
 * On the material interval [s_A, s_B], l = s_B - s_A, xi = (s - s_A)/l:
 *     r = h1 r_A + l h2 r'_A + h3 r_B + l h4 r'_B        (cubic Hermite)
 * so every shape function is l^d P(xi) with d = 0 for positions and d = 1 for
 * slopes; this one fact drives all derivatives with respect to s_A, s_B below.
 *
 * Strain energy  W = int [1/2 EA eps^2 + 1/2 EI kappa^2] ds  with
 *     eps   = 1/2 (r_s.r_s - 1)                 Green-Lagrange axial strain,
 *     kappa = |r_s x r_ss| / |r_s|^3            curvature of the deformed centerline.
 * Paper 001 prints eps = r_p.r_p - 1 and kappa = |r_pp| (eqs. 16-17).  We keep
 * the 1/2 so that a straight ANCF element and the axial element store the same
 * energy for the same stretch, and use the exact curvature because |r_ss| is
 * not invariant to stretching: a stretched straight element whose stretch
 * varies along it would report bending, a uniformly stretched circle would
 * report the wrong radius.  W depends on s_A, s_B only through l (ALE: the
 * material equations are dW/ds_A = -dW/dl, dW/ds_B = dW/dl).  Force and
 * tangent are the exact gradient and Hessian of the quadrature sum, computed
 * in the variables (r_B - r_A, r'_A, r'_B, l) through the closed-form
 * gradient and Hessian of the density in (r_s, r_ss).
 *
 * Kinetic energy of the material particles (fixed s, paper 001 eq. 10):
 *     T = 1/2 rhoA int_{s_A}^{s_B} |d/dt r(s, t)|^2 ds = 1/2 v^T M(q) v.
 * Lagrange's r_i = d/dt(dT/dv_i) - dT/dq_i is evaluated in particle form: the
 * moving limits s_A(t), s_B(t) (Leibniz rule) and dT/ds at the limits leave
 *     r_i = rhoA int rdd . dr/dq_i ds + [momentum flux terms at both ends],
 * with rdd the particle acceleration.  At an end the particle sits on the node
 * (dr/dq = I for the node's position, 0 for the others), dr/ds_end = -r'_end,
 * and the particle velocity is u = rdot_end - sdot_end r'_end, which gives
 *     r(r_A) += -rhoA sdot_A u_A,   r(s_A) += rhoA (sdot_A u_A.r'_A + |u_A|^2/2),
 *     r(r_B) += +rhoA sdot_B u_B,   r(s_B) += -rhoA (sdot_B u_B.r'_B + |u_B|^2/2).
 * The paper's printed eqs. 13-14 are not used.
 *
 * Quadrature (Gauss-Legendre on xi in [0, 1]):
 *  - strain energy: 5 points (exact to degree 9).  r_s is quadratic in xi, so
 *    eps^2 has degree 8 and the axial term is integrated exactly for every
 *    configuration; the curvature term is rational and only approximated, but
 *    force and tangent remain the exact derivatives of the discrete sum.
 *  - inertia: 4 points (exact to degree 7).  At fixed s every derivative of r
 *    with respect to q, in xi, is a cubic, so T, dT/dq and rdd . dr/dq have
 *    degree 6: the quadrature is exact and the particle form above equals
 *    Lagrange's expression of the discrete T to rounding. */
#include "element.h"
#include "../core/sanitizer.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

enum { NDOF = 14, NB = 4, SA = 6, SB = 13, NG_K = 5, NG_M = 4 };

/* block b (r_A, r'_A, r_B, r'_B): first element dof and power d of l in front
 * of its shape function */
static const int boff[NB] = {0, 3, 7, 10};
static const int bpow[NB] = {0, 1, 0, 1};

/* the general inertia paths out of line (the fixed-s path's callers below) */
#if defined(__GNUC__) || defined(__clang__)
#define ANCF_OUT_OF_LINE __attribute__((noinline))
#else
#define ANCF_OUT_OF_LINE
#endif

/* Hermite polynomials on [0, 1] and their first two derivatives */
#define H1(x) (1.0 - 3.0 * (x) * (x) + 2.0 * (x) * (x) * (x))
#define H2(x) ((x) - 2.0 * (x) * (x) + (x) * (x) * (x))
#define H3(x) (3.0 * (x) * (x) - 2.0 * (x) * (x) * (x))
#define H4(x) (-(x) * (x) + (x) * (x) * (x))
#define D1(x) (-6.0 * (x) + 6.0 * (x) * (x))
#define D2(x) (1.0 - 4.0 * (x) + 3.0 * (x) * (x))
#define D3(x) (6.0 * (x) - 6.0 * (x) * (x))
#define D4(x) (-2.0 * (x) + 3.0 * (x) * (x))
#define E1(x) (-6.0 + 12.0 * (x))
#define E2(x) (-4.0 + 6.0 * (x))
#define E3(x) (6.0 - 12.0 * (x))
#define E4(x) (-2.0 + 6.0 * (x))

/* Shape functions of a material particle (fixed s) are N_b = l^d P_b(xi).
 * Their derivatives with respect to the material coordinates m = A, B at
 * fixed s (xi_A = (xi - 1)/l, xi_B = -xi/l, l_A = -1, l_B = 1) are
 *     d_m N_b     = l^(d-1) PM(c_m, e_m),
 *     d_m d_n N_b = l^(d-2) PMN(c_m, e_m, c_n, e_n),
 * c_A = xi - 1, e_A = -1, c_B = -xi, e_B = 1, with the polynomials in xi: */
#define PM(c, e, d, P, D) ((c) * (D) + (d) * (e) * (P))
#define PMN(cm, em, cn, en, d, P, D, E) \
    ((cm) * (cn) * (E) + ((d) - 1.0) * ((cm) * (en) + (cn) * (em)) * (D) + (d) * ((d) - 1.0) * (em) * (en) * (P))

/* xi-parts of one block: P, PM for m = A, B, PMN for AA, AB, BB */
typedef struct particle_poly {
    double p, pm[2], pmn[3];
} particle_poly;

#define PPOLY(x, P, D, E, d)                                                  \
    { (P),                                                                    \
      { PM((x) - 1.0, -1.0, d, P, D), PM(-(x), 1.0, d, P, D) },               \
      { PMN((x) - 1.0, -1.0, (x) - 1.0, -1.0, d, P, D, E),                    \
        PMN((x) - 1.0, -1.0, -(x), 1.0, d, P, D, E),                          \
        PMN(-(x), 1.0, -(x), 1.0, d, P, D, E) } }

/* Quadrature tables, folded at compile time: node t and weight wt of the rule
 * on [-1, 1] mapped to xi in [0, 1]. */
#define GX(t) (0.5 + 0.5 * (t))

/* strain energy: the derivatives of the Hermite functions */
typedef struct stiff_pt {
    double w, dh[NB], ddh[NB];
} stiff_pt;

#define SP(t, wt)                                                             \
    { 0.5 * (wt),                                                             \
      { D1(GX(t)), D2(GX(t)), D3(GX(t)), D4(GX(t)) },                         \
      { E1(GX(t)), E2(GX(t)), E3(GX(t)), E4(GX(t)) } }

/* inertia: the particle polynomials of the four blocks */
typedef struct mass_pt {
    double w;
    particle_poly b[NB];
} mass_pt;

#define MB(t, H, D, E, d) PPOLY(GX(t), H(GX(t)), D(GX(t)), E(GX(t)), d)
#define MP(t, wt)                                                             \
    { 0.5 * (wt),                                                             \
      { MB(t, H1, D1, E1, 0.0), MB(t, H2, D2, E2, 1.0),                       \
        MB(t, H3, D3, E3, 0.0), MB(t, H4, D4, E4, 1.0) } }

static const stiff_pt gk[NG_K] = {
    SP(-0.9061798459386639927976269, 0.2369268850561890875142640),
    SP(-0.5384693101056830910363144, 0.4786286704993664680412915),
    SP(0.0, 0.5688888888888888888888889),
    SP(0.5384693101056830910363144, 0.4786286704993664680412915),
    SP(0.9061798459386639927976269, 0.2369268850561890875142640),
};

static const mass_pt gm[NG_M] = {
    MP(-0.8611363115940525752239465, 0.3478548451374538573730639),
    MP(-0.3399810435848562648026658, 0.6521451548625461426269361),
    MP(0.3399810435848562648026658, 0.6521451548625461426269361),
    MP(0.8611363115940525752239465, 0.3478548451374538573730639),
};

static double dot3(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* ---------------------------------------------------------------------------
 * Strain energy
 *
 * r_s and r_ss see the positions only through y0 = r_B - r_A (h1' = -h3',
 * h1'' = -h3''), so the energy is computed as a function of the 10 reduced
 * variables y = (y0, y1 = r'_A, y2 = r'_B, l) and expanded to the element
 * dofs with r_A -> -y0, r_B -> +y0, s_A -> -l, s_B -> +l. */
enum { NR = 3, NY = 10, YL = 9 };
static const int rdof[NDOF] = {0, 1, 2, 3, 4, 5, YL, 0, 1, 2, 6, 7, 8, YL};
static const double rsgn[NDOF] = {-1, -1, -1, 1, 1, 1, -1, 1, 1, 1, 1, 1, 1, 1};
/* Hermite function of each reduced block (the power of l in front of it is 0, 1, 1) */
static const int rherm[NR] = {2, 1, 3};

static void reduce(const double *qe, double y[3 * NR])
{
    int i;
    for (i = 0; i < 3; i++) {
        y[i] = qe[7 + i] - qe[i];
        y[3 + i] = qe[3 + i];
        y[6 + i] = qe[10 + i];
    }
}

/* a = r_s = sum ca[k] y_k and b = r_ss = sum cb[k] y_k at a Gauss point,
 * with ca = l^(d-1) P', cb = l^(d-2) P'' (powers -1, 0, 0 and -2, -1, -1 for
 * y0, y1, y2), and al, bl their l-derivatives at fixed xi: a term l^e P has
 * derivative e/l times itself. */
typedef struct curve_pt {
    double ca[NR], cb[NR];
    double a[3], b[3], al[3], bl[3];
} curve_pt;

static inline void curve_eval(const stiff_pt *g, double il, const double y[3 * NR], int with_l, curve_pt *c)
{
    int i;
    c->ca[0] = il * g->dh[rherm[0]];
    c->ca[1] = g->dh[rherm[1]];
    c->ca[2] = g->dh[rherm[2]];
    c->cb[0] = il * il * g->ddh[rherm[0]];
    c->cb[1] = il * g->ddh[rherm[1]];
    c->cb[2] = il * g->ddh[rherm[2]];
    for (i = 0; i < 3; i++) {
        c->a[i] = c->ca[0] * y[i] + c->ca[1] * y[3 + i] + c->ca[2] * y[6 + i];
        c->b[i] = c->cb[0] * y[i] + c->cb[1] * y[3 + i] + c->cb[2] * y[6 + i];
    }
    if (with_l)
        for (i = 0; i < 3; i++) {
            c->al[i] = -il * c->ca[0] * y[i];
            c->bl[i] = -il * (2.0 * c->cb[0] * y[i] + c->cb[1] * y[3 + i] + c->cb[2] * y[6 + i]);
        }
}

/* The Hessian of the density lives in span{a, b}: with the scalars of
 * density() (Na = 2(B a - C b), Nb = 2(A b - C a) expanded),
 *     H_aa = x.aa I + x.saa a a^T + x.sbb b b^T + x.sab (a b^T + b a^T)
 *     H_ab = x.ab I + x.tab a b^T + x.tba b a^T + x.taa a a^T     (H_ba = H_ab^T)
 *     H_bb = x.bb I + x.uaa a a^T
 * so a 3 x 3 block  ca_k ca_m H_aa + ca_k cb_m H_ab + cb_k ca_m H_ba + cb_k cb_m H_bb
 * is c0 I + u a^T + v b^T with two 3-vectors u, v: 30 multiply-adds instead
 * of forming the 6 x 6 H and contracting it (72). */
typedef struct hess_ab {
    double aa, saa, sbb, sab, ab, tab, tba, taa, bb, uaa;
} hess_ab;

/* Energy density w(a, b) = 1/2 EA eps^2 + 1/2 EI kappa^2 and, when ga is
 * given, its gradient (ga, gb) = (w_a, w_b), and when x is given the
 * Hessian's scalars (hess_ab).  kappa^2 = N f(A) with A = a.a, N = |a x b|^2
 * = A B - C^2 (B = b.b, C = a.b) and f = A^-3: derivatives by the product
 * rule on N and f. */
static inline double density(const el_params *p, const double a[3], const double b[3], double ga[3],
                             double gb[3], hess_ab *x)
{
    double A = dot3(a, a), B = dot3(b, b), C = dot3(a, b), axb[3], N, iA, f, fp, eps, kb;
    int i;
    axb[0] = a[1] * b[2] - a[2] * b[1];
    axb[1] = a[2] * b[0] - a[0] * b[2];
    axb[2] = a[0] * b[1] - a[1] * b[0];
    N = dot3(axb, axb); /* the cross product avoids the cancellation in A B - C^2 */
    iA = 1.0 / A;
    f = iA * iA * iA;
    eps = 0.5 * (A - 1.0);
    kb = 0.5 * p->EI;
    fp = -3.0 * f * iA;
    if (ga)
        for (i = 0; i < 3; i++) {
            ga[i] = p->EA * eps * a[i] + kb * (2.0 * f * (B * a[i] - C * b[i]) + 2.0 * fp * N * a[i]);
            gb[i] = 2.0 * kb * f * (A * b[i] - C * a[i]);
        }
    if (x) {
        double fpp = 12.0 * f * iA * iA, cna = 2.0 * kb * fp;
        x->aa = p->EA * eps + kb * (2.0 * f * B + 2.0 * N * fp);
        x->saa = p->EA + 4.0 * kb * N * fpp + 4.0 * cna * B;
        x->sbb = -2.0 * kb * f;
        x->sab = -2.0 * cna * C;
        x->ab = -2.0 * kb * C * f;
        x->tab = 4.0 * kb * f + 2.0 * cna * A;
        x->tba = -2.0 * kb * f;
        x->taa = -2.0 * cna * C;
        x->bb = 2.0 * kb * A * f;
        x->uaa = -2.0 * kb * f;
    }
    return 0.5 * p->EA * eps * eps + kb * f * N;
}

#ifdef ANCF_LANES
static double lanes_energy(const el_params *p, const double *qe);

static double ancf_energy(const el_params *p, const double *qe) { return lanes_energy(p, qe); }
#else
static double ancf_energy(const el_params *p, const double *qe)
{
    double l = qe[SB] - qe[SA], il = 1.0 / l, y[3 * NR], w = 0.0;
    curve_pt c;
    int g;
    reduce(qe, y);
    for (g = 0; g < NG_K; g++) {
        curve_eval(&gk[g], il, y, 0, &c);
        w += gk[g].w * density(p, c.a, c.b, NULL, NULL, NULL);
    }
    return l * w;
}
#endif

/* gy += one Gauss point's share of the reduced gradient (weight w, wl = w l;
 * dens, ga, gb from density(); the l entry only when s moves) */
static inline void force_point(int fixed_s, double w, double wl, const curve_pt *c, double dens, const double ga[3],
                               const double gb[3], double gy[NY])
{
    int k, i;
    if (!fixed_s) gy[YL] += w * dens + wl * (dot3(ga, c->al) + dot3(gb, c->bl));
    for (k = 0; k < NR; k++)
        for (i = 0; i < 3; i++) gy[3 * k + i] += wl * (c->ca[k] * ga[i] + c->cb[k] * gb[i]);
}

#ifdef ANCF_LANES
static void fixed_lanes(const el_params *p, const double *qe, double *fe, double wt, double *ke);
#endif
static void ancf_force(const el_params *p, const double *qe, double *fe)
{
    double l = qe[SB] - qe[SA], il = 1.0 / l, y[3 * NR], gy[NY], ga[3], gb[3];
    curve_pt c;
    int g, k;
#ifdef ANCF_LANES
    if (p->fixed_s) { /* the points side by side (fixed_lanes) */
        fixed_lanes(p, qe, fe, 0.0, NULL);
        return;
    }
#endif
    reduce(qe, y);
    for (k = 0; k < NY; k++) gy[k] = 0.0;
    for (g = 0; g < NG_K; g++) {
        double dens;
        curve_eval(&gk[g], il, y, !p->fixed_s, &c);
        dens = density(p, c.a, c.b, ga, gb, NULL);
        force_point(p->fixed_s, gk[g].w, gk[g].w * l, &c, dens, ga, gb, gy);
    }
    for (k = 0; k < NDOF; k++) fe[k] = rsgn[k] * gy[rdof[k]];
}

/* row += one row of the element matrix from a row kr of the reduced one
 * (times sg): element dofs [r_A, r'_A, s_A, r_B, r'_B, s_B] = [-y0, y1, -l, y0, y2, l] */
static void expand_row(double sg, const double *kr, double *row)
{
    int i;
    for (i = 0; i < 3; i++) {
        row[i] -= sg * kr[i];
        row[3 + i] += sg * kr[3 + i];
        row[7 + i] += sg * kr[i];
        row[10 + i] += sg * kr[6 + i];
    }
    row[SA] -= sg * kr[YL];
    row[SB] += sg * kr[YL];
}

/* Lanes of the reduced tangent's six 3 x 3 blocks (k, m): the off-diagonal
 * ones first, then the symmetric diagonal ones, whose entries below the
 * diagonal are not computed */
static const int kk[6] = {0, 0, 1, 0, 1, 2}, mm[6] = {1, 2, 2, 0, 1, 2};

/* One Gauss point's share of the six 3 x 3 blocks (lanes kk, mm) of the
 * reduced tangent, side by side (blk[entry][block]): every loop runs over
 * the blocks with the same scalars, which the compiler turns into vector
 * instructions.  The c0 I part goes to dsum (the same on the three diagonal
 * entries; adding it there would store and reload the same entries).
 * first: the first point assigns instead of adding (no separate zeroing). */
static inline void blocks_point(int first, double wl, const double ca[3], const double cb[3], const double a[3],
                                const double b[3], const hess_ab *x, double blk[9][6], double dsum[6])
{
    double ak[6], am[6], bk[6], bm[6], c0[6], c1[6], c2[6], c3[6], c4[6], u[6], v[6];
    int i, j, bI;
    for (bI = 0; bI < 6; bI++) {
        ak[bI] = wl * ca[kk[bI]];
        bk[bI] = wl * cb[kk[bI]];
        am[bI] = ca[mm[bI]];
        bm[bI] = cb[mm[bI]];
    }
    for (bI = 0; bI < 6; bI++) {
        double P = ak[bI] * am[bI], Q = ak[bI] * bm[bI], R = bk[bI] * am[bI], S = bk[bI] * bm[bI];
        c0[bI] = P * x->aa + (Q + R) * x->ab + S * x->bb;
        c1[bI] = P * x->saa + (Q + R) * x->taa + S * x->uaa;
        c2[bI] = P * x->sbb;
        c3[bI] = P * x->sab + Q * x->tab + R * x->tba;
        c4[bI] = P * x->sab + Q * x->tba + R * x->tab;
    }
    for (i = 0; i < 3; i++) {
        for (bI = 0; bI < 6; bI++) {
            u[bI] = c1[bI] * a[i] + c4[bI] * b[i];
            v[bI] = c3[bI] * a[i] + c2[bI] * b[i];
        }
        for (j = 0; j < 3; j++) {
            int nb = j < i ? 3 : 6; /* below the diagonal the diagonal blocks mirror the upper entries */
            for (bI = 0; bI < nb; bI++)
                blk[3 * i + j][bI] = (first ? 0.0 : blk[3 * i + j][bI]) + (u[bI] * a[j] + v[bI] * b[j]);
        }
    }
    for (bI = 0; bI < 6; bI++) dsum[bI] = (first ? 0.0 : dsum[bI]) + c0[bI];
}

#if defined(AC_SANITIZED) /* core/sanitizer.h: the same loops, compiled plainly */
#define ANCF_UNROLL
#elif defined(__clang__)
#define ANCF_UNROLL _Pragma("clang loop unroll(full)")
#elif defined(__GNUC__)
#define ANCF_UNROLL _Pragma("GCC unroll 16")
#else
#define ANCF_UNROLL
#endif

/* fixed s: ke += wt times the element tangent straight from the blocks (no
 * reduced matrix in between): element block (P, Q) over [r_A, r'_A, r_B,
 * r'_B] is the reduced block (rb[P], rb[Q]) times sg[P] sg[Q] (r_A = -y0);
 * a reduced block (k, m) with k > m is lane (m, k) transposed, and a
 * diagonal one keeps its upper triangle (exact symmetry, as ky has it).
 * Every index is a constant once unrolled: 144 multiply-adds. */
static inline void expand_fixed(double wt, const double blk[9][6], double *ke)
{
    static const int off[4] = {0, 3, 7, 10}, rb[4] = {0, 1, 0, 2};
    static const double sg[4] = {-1.0, 1.0, 1.0, 1.0};
    static const int lane[3][3] = {{3, 0, 1}, {0, 4, 2}, {1, 2, 5}};
    int P, Q, i, j;
    ANCF_UNROLL
    for (P = 0; P < 4; P++) {
        ANCF_UNROLL
        for (Q = 0; Q < 4; Q++) {
            const int k = rb[P], m = rb[Q], L = lane[k][m];
            const double s = wt * sg[P] * sg[Q];
            ANCF_UNROLL
            for (i = 0; i < 3; i++) {
                ANCF_UNROLL
                for (j = 0; j < 3; j++) {
                    const int t = k > m || (k == m && j < i);
                    ke[(off[P] + i) * NDOF + off[Q] + j] += s * blk[t ? 3 * j + i : 3 * i + j][L];
                }
            }
        }
    }
}

/* ---------------------------------------------------------------------------
 * Fixed s with GNU vector types: the Gauss points side by side.  With s
 * fixed (a Lagrangian cable, the real-time case) force and tangent are
 * sums over the five Gauss points of the same short formulas (curve_eval,
 * density, force_point, blocks_point above); here points 0-3 are the lanes
 * of 4-wide vectors, and each entry of the result is one sum over the
 * lanes at the end.  Point 4 is computed across what its formulas repeat
 * over, in vectors of the same formulas: the components (a, b, ga, gb),
 * then the blocks (the tangent's coefficients) and the four entries that
 * one LANE_SUM4 sums at once (their point-0..3 vectors transposed).  The
 * element rows are written from the blocks' rows, columns and symmetric
 * rows, 4 + 2 wide.  (The tables' second vectors: point 4 in lane 0,
 * then the middle point with weight 0, never read.)  The compilers
 * keep loops over points scalar (tried: arrays over the points, 2-3x the
 * instructions of the per-point code); vector types make them 4-wide.  Only
 * the AVX2 copy (ancf_v3.c defines ANCF_LANES) takes this path: 1.8k
 * instructions per call (2.8k with point 4 in a vector of its own, one sum
 * per entry and a scalar expansion) against 4.6k per point; the baseline's
 * SSE2 pairs would cost 6.3k against its 5.8k, so it keeps the per-point
 * code.  Every lane computes the per-point formulas as written and the sums
 * over the points and the components run in the per-point order: the
 * results are the per-point code's to the bit. */
#ifdef ANCF_LANES
typedef double ancf_v4 __attribute__((vector_size(32)));
typedef double ancf_v2 __attribute__((vector_size(16)));
/* lanes of a, b (b's from n on) as a new vector: SH4 from two 4-vectors,
 * SH24 from two 2-vectors, SH2 from one 4-vector */
#if defined(__clang__) || __GNUC__ >= 12
#define ANCF_SH4(a, b, i, j, k, l) __builtin_shufflevector(a, b, i, j, k, l)
#define ANCF_SH24(a, b, i, j, k, l) __builtin_shufflevector(a, b, i, j, k, l)
#define ANCF_SH2(a, i, j) __builtin_shufflevector(a, a, i, j)
#else /* gcc before 12 has no __builtin_shufflevector: the lanes by name */
#define ANCF_SEL(a, b, i, n) ((i) < (n) ? (a)[(i) % (n)] : (b)[(i) % (n)])
#define ANCF_SH4(a, b, i, j, k, l)                                                                 \
    ((ancf_v4){ANCF_SEL(a, b, i, 4), ANCF_SEL(a, b, j, 4), ANCF_SEL(a, b, k, 4), ANCF_SEL(a, b, l, 4)})
#define ANCF_SH24(a, b, i, j, k, l)                                                                \
    ((ancf_v4){ANCF_SEL(a, b, i, 2), ANCF_SEL(a, b, j, 2), ANCF_SEL(a, b, k, 2), ANCF_SEL(a, b, l, 2)})
#define ANCF_SH2(a, i, j) ((ancf_v2){(a)[i], (a)[j]})
#endif

#define GT1 (-0.9061798459386639927976269)
#define GT2 (-0.5384693101056830910363144)
#define GT4 0.5384693101056830910363144
#define GT5 0.9061798459386639927976269
#define GW1 0.2369268850561890875142640
#define GW2 0.4786286704993664680412915
#define GW3 0.5688888888888888888888889
#define LANES(F) {{F(GT1), F(GT2), F(0.0), F(GT4)}, {F(GT5), F(0.0), F(0.0), F(0.0)}}
#define LD2(t) D2(GX(t))
#define LD3(t) D3(GX(t))
#define LD4(t) D4(GX(t))
#define LE2(t) E2(GX(t))
#define LE3(t) E3(GX(t))
#define LE4(t) E4(GX(t))
/* vector-typed (aligned) tables: read by one load each (memcpy into a
 * vector element became two 16-byte stores read back by one 32-byte load,
 * a store-forwarding stall: 8 % of the step's samples) */
static const ancf_v4 lw[2] = {{0.5 * GW1, 0.5 * GW2, 0.5 * GW3, 0.5 * GW2}, {0.5 * GW1, 0.0, 0.0, 0.0}};
static const ancf_v4 ld2[2] = LANES(LD2), ld3[2] = LANES(LD3), ld4[2] = LANES(LD4);
static const ancf_v4 le2[2] = LANES(LE2), le3[2] = LANES(LE3), le4[2] = LANES(LE4);

/* o0..o3 = v0..v3 transposed: lane e of ol is lane l of ve */
#define LANE_T4(v0, v1, v2, v3, o0, o1, o2, o3)                                                    \
    do {                                                                                           \
        ancf_v4 s0_ = ANCF_SH4((v0), (v1), 0, 4, 2, 6);                                            \
        ancf_v4 s1_ = ANCF_SH4((v0), (v1), 1, 5, 3, 7);                                            \
        ancf_v4 s2_ = ANCF_SH4((v2), (v3), 0, 4, 2, 6);                                            \
        ancf_v4 s3_ = ANCF_SH4((v2), (v3), 1, 5, 3, 7);                                            \
        (o0) = ANCF_SH4(s0_, s2_, 0, 1, 4, 5);                                                     \
        (o1) = ANCF_SH4(s1_, s3_, 0, 1, 4, 5);                                                     \
        (o2) = ANCF_SH4(s0_, s2_, 2, 3, 6, 7);                                                     \
        (o3) = ANCF_SH4(s1_, s3_, 2, 3, 6, 7);                                                     \
    } while (0)
/* out = the sums over the five points of four entries at once, in the
 * per-point code's order: v0..v3 (the points 0-3 of four entries)
 * transposed, so that lane e of out is entry e's (((p0 + p1) + p2) + p3) +
 * h[e] (h: point 4 of the four entries).  Macros: a function taking
 * 32-byte vectors has another ABI without AVX. */
#define LANE_SUM4(v0, v1, v2, v3, h, out)                                                          \
    do {                                                                                           \
        ancf_v4 p0_, p1_, p2_, p3_;                                                                \
        LANE_T4(v0, v1, v2, v3, p0_, p1_, p2_, p3_);                                               \
        (out) = (((p0_ + p1_) + p2_) + p3_) + (h);                                                 \
    } while (0)

/* row[0..5] += [s1 X, s2 Y] over lanes 0-2 of X and of Y: what
 * expand_fixed adds to one element row's two 3 x 3 tiles (s: wt sg[P]
 * sg[Q]), in one 4-wide and one 2-wide update */
#define EXPAND_RUN(row, X, Y, s1, s2)                                                              \
    do {                                                                                           \
        const ancf_v4 sv_ = {(s1), (s1), (s1), (s2)};                                              \
        ancf_v4 k4_;                                                                               \
        ancf_v2 k2_;                                                                               \
        memcpy(&k4_, (row), sizeof k4_);                                                           \
        memcpy(&k2_, (row) + 4, sizeof k2_);                                                       \
        k4_ += sv_ * ANCF_SH4((X), (Y), 0, 1, 2, 4);                                               \
        k2_ += (s2) * ANCF_SH2((Y), 1, 2);                                                         \
        memcpy((row), &k4_, sizeof k4_);                                                           \
        memcpy((row) + 4, &k2_, sizeof k2_);                                                       \
    } while (0)

static void expand_fixed(double wt, const double blk[9][6], double *ke);

/* The curve at the five Gauss points, shared by the fused kernel and the
 * energy (one text: both must keep their sums to the bit): the reduced
 * coordinates y (3 NR values and a padding 0) of an element of length
 * 1/il into r' = a and l r'' = b, points 0-3 side by side (ca, cb, a, b,
 * A = |a|^2, N = |a x b|^2 as vectors over the points), point 4 as vectors
 * over the components, lane 3 a copy of the padding (ca4, cb4, a4, b4 and
 * x4 = a4 x b4) */
typedef struct lanes_curve_t {
    ancf_v4 ca[3], cb[3], a[3], b[3], A, N, a4, b4, x4;
    double ca4[3], cb4[3];
} lanes_curve_t;

static inline void lanes_curve(double il, const double *y, lanes_curve_t *c)
{
    ancf_v4 x0, x1, x2;
    int i;
    c->ca[0] = il * ld3[0];
    c->ca[1] = ld2[0];
    c->ca[2] = ld4[0];
    c->cb[0] = il * il * le3[0];
    c->cb[1] = il * le2[0];
    c->cb[2] = il * le4[0];
    for (i = 0; i < 3; i++) {
        c->a[i] = c->ca[0] * y[i] + c->ca[1] * y[3 + i] + c->ca[2] * y[6 + i];
        c->b[i] = c->cb[0] * y[i] + c->cb[1] * y[3 + i] + c->cb[2] * y[6 + i];
    }
    c->A = c->a[0] * c->a[0] + c->a[1] * c->a[1] + c->a[2] * c->a[2];
    x0 = c->a[1] * c->b[2] - c->a[2] * c->b[1];
    x1 = c->a[2] * c->b[0] - c->a[0] * c->b[2];
    x2 = c->a[0] * c->b[1] - c->a[1] * c->b[0];
    c->N = x0 * x0 + x1 * x1 + x2 * x2;
    c->ca4[0] = il * ld3[1][0];
    c->ca4[1] = ld2[1][0];
    c->ca4[2] = ld4[1][0];
    c->cb4[0] = il * il * le3[1][0];
    c->cb4[1] = il * le2[1][0];
    c->cb4[2] = il * le4[1][0];
    memcpy(&x0, y, sizeof x0);
    memcpy(&x1, y + 3, sizeof x1);
    memcpy(&x2, y + 6, sizeof x2);
    c->a4 = c->ca4[0] * x0 + c->ca4[1] * x1 + c->ca4[2] * x2;
    c->b4 = c->cb4[0] * x0 + c->cb4[1] * x1 + c->cb4[2] * x2;
    c->x4 = ANCF_SH4(c->a4, c->a4, 1, 2, 0, 3) * ANCF_SH4(c->b4, c->b4, 2, 0, 1, 3) -
            ANCF_SH4(c->a4, c->a4, 2, 0, 1, 3) * ANCF_SH4(c->b4, c->b4, 1, 2, 0, 3);
}

/* fe = force (fixed s), and when ke is given ke += wt times the tangent.
 * One copy, neither inlined nor cloned: force() and the fused kernel must
 * give the same force to the bit (test_model), and gcc contracts a multiply
 * into a multiply-add only where all its uses can take it, so a copy
 * specialized for ke == NULL (IPA-CP) rounds the force differently. */
#if defined(__clang__)
#define ANCF_ONE_COPY __attribute__((noinline))
#else
#define ANCF_ONE_COPY __attribute__((noinline, noclone))
#endif
ANCF_ONE_COPY static void fixed_lanes(const el_params *p, const double *qe, double *fe, double wt, double *ke)
{
    const double l = qe[SB] - qe[SA], il = 1.0 / l, EA = p->EA, kb = 0.5 * p->EI;
    /* points 0-3 as vectors over the points */
    const ancf_v4 wl = lw[0] * l;
    lanes_curve_t cv;
    const ancf_v4 *ca = cv.ca, *cb = cv.cb, *a = cv.a, *b = cv.b;
    ancf_v4 ga[3], gb[3], A, B, C, N, iA, f, fp, eps;
    /* point 4 as vectors over the components (lane 3 unused) */
    const double wl4 = lw[1][0] * l, *ca4 = cv.ca4, *cb4 = cv.cb4;
    ancf_v4 a4v, b4v, x4, ga4v, gb4v, s0, s1, s2, s3;
    double A4, B4, C4, N4, iA4, f4, fp4, eps4;
    double y[3 * NR + 1], gy[NY];
    int i, j, k;
    reduce(qe, y);
    y[3 * NR] = 0.0; /* lane 3 of y + 6 */
    lanes_curve(il, y, &cv);
    A = cv.A;
    N = cv.N;
    B = b[0] * b[0] + b[1] * b[1] + b[2] * b[2];
    C = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    a4v = cv.a4;
    b4v = cv.b4;
    x4 = cv.x4;
    iA = 1.0 / A;
    f = iA * iA * iA;
    eps = 0.5 * (A - 1.0);
    fp = -3.0 * f * iA;
    for (i = 0; i < 3; i++) {
        ga[i] = EA * eps * a[i] + kb * (2.0 * f * (B * a[i] - C * b[i]) + 2.0 * fp * N * a[i]);
        gb[i] = 2.0 * kb * f * (A * b[i] - C * a[i]);
    }
    /* point 4: the same formulas, the sums over the components by a
     * transpose ((c0 + c1) + c2, as above) */
    LANE_T4(a4v * a4v, b4v * b4v, a4v * b4v, x4 * x4, s0, s1, s2, s3);
    s3 = (s0 + s1) + s2; /* A B C N */
    A4 = s3[0];
    B4 = s3[1];
    C4 = s3[2];
    N4 = s3[3];
    iA4 = 1.0 / A4;
    f4 = iA4 * iA4 * iA4;
    eps4 = 0.5 * (A4 - 1.0);
    fp4 = -3.0 * f4 * iA4;
    ga4v = EA * eps4 * a4v + kb * (2.0 * f4 * (B4 * a4v - C4 * b4v) + 2.0 * fp4 * N4 * a4v);
    gb4v = 2.0 * kb * f4 * (A4 * b4v - C4 * a4v);
    /* four entries summed at once (LANE_SUM4) with point 4 across them */
    for (k = 0; k < NR; k++) {
        ancf_v4 F[3], H = wl4 * (ca4[k] * ga4v + cb4[k] * gb4v), g;
        for (i = 0; i < 3; i++) F[i] = wl * (ca[k] * ga[i] + cb[k] * gb[i]);
        LANE_SUM4(F[0], F[1], F[2], F[2], H, g);
        memcpy(gy + 3 * k, &g, sizeof g); /* its lane 3 in gy[3k + 3]: the next k's, or gy[YL] */
    }
    gy[YL] = 0.0;
    if (fe)
        for (k = 0; k < NDOF; k++) fe[k] = rsgn[k] * gy[rdof[k]];
    if (ke) {
        /* the blocks' entries: points 0-3 per block as vectors over the
         * points (c0, u, v), point 4 as vectors over the blocks 0-3 (c0h,
         * uh, vh) and 4-5 (c0g, ug, vg); an entry's four blocks 0-3 (e4),
         * or four entries of blocks 4-5, are summed at once (LANE_SUM4);
         * then ke += wt times the element rows as expand_fixed forms them,
         * from the blocks' rows (r01 ..), columns (c01 ..) and symmetric
         * rows (d0 ..) */
        ancf_v4 c0[6], u[6][3], v[6][3], c0h, uh[3], vh[3], d03, t;
        ancf_v2 c0g, ug[3], vg[3], d45;
        ancf_v4 e4[9], r01[3], r02[3], r12[3], c01[3], c02[3], c12[3], d0[3], d1[3], d2[3];
        const double a4[3] = {a4v[0], a4v[1], a4v[2]}, b4[3] = {b4v[0], b4v[1], b4v[2]};
        /* wt sg[P] sg[Q] of expand_fixed, sg = -1 for r_A */
        const double sp = wt, sn = wt * -1.0;
        const ancf_v4 fpp = 12.0 * f * iA * iA, cna = 2.0 * kb * fp;
        const ancf_v4 aa = EA * eps + kb * (2.0 * f * B + 2.0 * N * fp);
        const ancf_v4 saa = EA + 4.0 * kb * N * fpp + 4.0 * cna * B;
        const ancf_v4 sbb = -2.0 * kb * f, sab = -2.0 * cna * C, ab = -2.0 * kb * C * f;
        const ancf_v4 tab = 4.0 * kb * f + 2.0 * cna * A, tba = -2.0 * kb * f, taa = -2.0 * cna * C;
        const ancf_v4 bb = 2.0 * kb * A * f, uaa = -2.0 * kb * f;
        const double fpp4 = 12.0 * f4 * iA4 * iA4, cna4 = 2.0 * kb * fp4;
        const double aa4 = EA * eps4 + kb * (2.0 * f4 * B4 + 2.0 * N4 * fp4);
        const double saa4 = EA + 4.0 * kb * N4 * fpp4 + 4.0 * cna4 * B4;
        const double sbb4 = -2.0 * kb * f4, sab4 = -2.0 * cna4 * C4, ab4 = -2.0 * kb * C4 * f4;
        const double tab4 = 4.0 * kb * f4 + 2.0 * cna4 * A4, tba4 = -2.0 * kb * f4, taa4 = -2.0 * cna4 * C4;
        const double bb4 = 2.0 * kb * A4 * f4, uaa4 = -2.0 * kb * f4;
        int bI;
        ANCF_UNROLL
        for (bI = 0; bI < 6; bI++) {
            const int kq = kk[bI], mq = mm[bI];
            ancf_v4 ak = wl * ca[kq], bk = wl * cb[kq], am = ca[mq], bm = cb[mq];
            ancf_v4 P = ak * am, Q = ak * bm, R = bk * am, S = bk * bm;
            ancf_v4 c1 = P * saa + (Q + R) * taa + S * uaa, c2 = P * sbb;
            ancf_v4 c3 = P * sab + Q * tab + R * tba, c4 = P * sab + Q * tba + R * tab;
            c0[bI] = P * aa + (Q + R) * ab + S * bb;
            for (i = 0; i < 3; i++) {
                u[bI][i] = c1 * a[i] + c4 * b[i];
                v[bI][i] = c3 * a[i] + c2 * b[i];
            }
        }
        { /* point 4, blocks 0-3 (kk, mm) */
            const ancf_v4 cak = {ca4[0], ca4[0], ca4[1], ca4[0]}, cbk = {cb4[0], cb4[0], cb4[1], cb4[0]};
            const ancf_v4 am = {ca4[1], ca4[2], ca4[2], ca4[0]}, bm = {cb4[1], cb4[2], cb4[2], cb4[0]};
            ancf_v4 ak = wl4 * cak, bk = wl4 * cbk;
            ancf_v4 P = ak * am, Q = ak * bm, R = bk * am, S = bk * bm;
            ancf_v4 c1 = P * saa4 + (Q + R) * taa4 + S * uaa4, c2 = P * sbb4;
            ancf_v4 c3 = P * sab4 + Q * tab4 + R * tba4;
            ancf_v4 c4 = P * sab4 + Q * tba4 + R * tab4;
            c0h = P * aa4 + (Q + R) * ab4 + S * bb4;
            for (i = 0; i < 3; i++) {
                uh[i] = c1 * a4[i] + c4 * b4[i];
                vh[i] = c3 * a4[i] + c2 * b4[i];
            }
        }
        { /* point 4, blocks 4-5 */
            const ancf_v2 am = {ca4[1], ca4[2]}, bm = {cb4[1], cb4[2]};
            ancf_v2 ak = wl4 * am, bk = wl4 * bm;
            ancf_v2 P = ak * am, Q = ak * bm, R = bk * am, S = bk * bm;
            ancf_v2 c1 = P * saa4 + (Q + R) * taa4 + S * uaa4, c2 = P * sbb4;
            ancf_v2 c3 = P * sab4 + Q * tab4 + R * tba4;
            ancf_v2 c4 = P * sab4 + Q * tba4 + R * tab4;
            c0g = P * aa4 + (Q + R) * ab4 + S * bb4;
            for (i = 0; i < 3; i++) {
                ug[i] = c1 * a4[i] + c4 * b4[i];
                vg[i] = c3 * a4[i] + c2 * b4[i];
            }
        }
        LANE_SUM4(c0[0], c0[1], c0[2], c0[3], c0h, d03);
        LANE_SUM4(c0[4], c0[5], c0[4], c0[5], ANCF_SH24(c0g, c0g, 0, 1, 0, 1), t);
        d45 = ANCF_SH2(t, 0, 1);
        ANCF_UNROLL
        for (i = 0; i < 3; i++) {
            ANCF_UNROLL
            for (j = 0; j < 3; j++) { /* blocks 0-3 (block 3 below its diagonal: computed, unused) */
                ancf_v4 X[4], H = uh[i] * a4[j] + vh[i] * b4[j];
                for (bI = 0; bI < 4; bI++) X[bI] = u[bI][i] * a[j] + v[bI][i] * b[j];
                LANE_SUM4(X[0], X[1], X[2], X[3], H, e4[3 * i + j]);
                if (i == j) e4[3 * i + j] += d03;
            }
        }
        { /* blocks 4-5, upper triangles u00 u01 u02 u11 (ga[0], ga[1]) and
           * u12 u22 of both (gbb): point 4 in the same lanes */
            const ancf_v4 a4a = {a4[0], a4[1], a4[2], a4[1]}, b4a = {b4[0], b4[1], b4[2], b4[1]};
            const ancf_v4 u4a = {ug[0][0], ug[0][0], ug[0][0], ug[1][0]};
            const ancf_v4 v4a = {vg[0][0], vg[0][0], vg[0][0], vg[1][0]};
            const ancf_v4 u5a = {ug[0][1], ug[0][1], ug[0][1], ug[1][1]};
            const ancf_v4 v5a = {vg[0][1], vg[0][1], vg[0][1], vg[1][1]};
            const ancf_v4 ub = ANCF_SH24(ug[1], ug[2], 0, 2, 1, 3);
            const ancf_v4 vb = ANCF_SH24(vg[1], vg[2], 0, 2, 1, 3);
            const ancf_v4 dd = ANCF_SH24(d45, d45, 0, 0, 1, 1);
            ancf_v4 gaa[2], gbb, s;
#define X45(q, i, j) (u[q][i] * a[j] + v[q][i] * b[j])
            LANE_SUM4(X45(4, 0, 0), X45(4, 0, 1), X45(4, 0, 2), X45(4, 1, 1), u4a * a4a + v4a * b4a, gaa[0]);
            LANE_SUM4(X45(5, 0, 0), X45(5, 0, 1), X45(5, 0, 2), X45(5, 1, 1), u5a * a4a + v5a * b4a, gaa[1]);
            LANE_SUM4(X45(4, 1, 2), X45(4, 2, 2), X45(5, 1, 2), X45(5, 2, 2), ub * a4[2] + vb * b4[2], gbb);
#undef X45
            for (k = 0; k < 2; k++) { /* the diagonal's c0 (u00, u11) */
                s = gaa[k] + dd[2 * k];
                gaa[k] = ANCF_SH4(gaa[k], s, 4, 1, 2, 7);
            }
            s = gbb + dd; /* u22 */
            gbb = ANCF_SH4(gbb, s, 0, 5, 2, 7);
            /* the symmetric rows (lane 3 unused) */
            d1[0] = gaa[0];
            d1[1] = ANCF_SH4(gaa[0], gbb, 1, 3, 4, 4);
            d1[2] = ANCF_SH4(gaa[0], gbb, 2, 4, 5, 5);
            d2[0] = gaa[1];
            d2[1] = ANCF_SH4(gaa[1], gbb, 1, 3, 6, 6);
            d2[2] = ANCF_SH4(gaa[1], gbb, 2, 6, 7, 7);
        }
        /* rows and columns of blocks 0-3 (lane b of e4[3i + j] is block b's
         * entry (i, j)); block 3's symmetric rows from its upper triangle */
        ANCF_UNROLL
        for (i = 0; i < 3; i++) {
            LANE_T4(e4[3 * i], e4[3 * i + 1], e4[3 * i + 2], e4[3 * i + 2], r01[i], r02[i], r12[i], t);
            LANE_T4(e4[i], e4[3 + i], e4[6 + i], e4[6 + i], c01[i], c02[i], c12[i], d0[i]);
            if (i == 1) d0[i] = ANCF_SH4(d0[i], t, 0, 5, 6, 7);
            if (i == 0) d0[i] = t;
        }
        ANCF_UNROLL
        for (i = 0; i < 3; i++) { /* ke += wt times the element rows [r_A, r'_A, s_A, r_B, r'_B, s_B] */
            EXPAND_RUN(ke + i * NDOF, d0[i], r01[i], sp, sn);
            EXPAND_RUN(ke + i * NDOF + 7, d0[i], r02[i], sn, sn);
            EXPAND_RUN(ke + (7 + i) * NDOF, d0[i], r01[i], sn, sp);
            EXPAND_RUN(ke + (7 + i) * NDOF + 7, d0[i], r02[i], sp, sp);
            EXPAND_RUN(ke + (3 + i) * NDOF, c01[i], d1[i], sn, sp);
            EXPAND_RUN(ke + (3 + i) * NDOF + 7, c01[i], r12[i], sp, sp);
            EXPAND_RUN(ke + (10 + i) * NDOF, c02[i], c12[i], sn, sp);
            EXPAND_RUN(ke + (10 + i) * NDOF + 7, c02[i], d2[i], sp, sp);
        }
    }
}

/* the strain energy (any s) the same way, point 4 across the components
 * (A and N summed side by side): ancf_energy's sum to the bit */
static double lanes_energy(const el_params *p, const double *qe)
{
    const double l = qe[SB] - qe[SA], il = 1.0 / l, kb = 0.5 * p->EI;
    double y[3 * NR + 1], w, A4, N4, iA4, f4, eps4;
    lanes_curve_t cv;
    ancf_v4 x0, x1, iA, f, eps, t, pa, pn;
    ancf_v2 s;
    reduce(qe, y);
    y[3 * NR] = 0.0; /* lane 3 of y + 6 */
    lanes_curve(il, y, &cv);
    iA = 1.0 / cv.A;
    f = iA * iA * iA;
    eps = 0.5 * (cv.A - 1.0);
    t = lw[0] * (0.5 * p->EA * eps * eps + kb * f * cv.N);
    pa = cv.a4 * cv.a4;
    pn = cv.x4 * cv.x4;
    /* (p0 + p1) + p2 of both: lanes 0 and 1 are A and N */
    x0 = ANCF_SH4(pa, pn, 0, 4, 2, 6);
    x1 = ANCF_SH4(pa, pn, 1, 5, 3, 7);
    s = ANCF_SH2(x0, 0, 1) + ANCF_SH2(x1, 0, 1);
    s += ANCF_SH2(x0, 2, 3);
    A4 = s[0];
    N4 = s[1];
    iA4 = 1.0 / A4;
    f4 = iA4 * iA4 * iA4;
    eps4 = 0.5 * (A4 - 1.0);
    w = (((t[0] + t[1]) + t[2]) + t[3]) + lw[1][0] * (0.5 * p->EA * eps4 * eps4 + kb * f4 * N4);
    return l * w;
}
#endif

/* Reduced tangent ky (NY x NY): the y-blocks through hess_ab, the l row and
 * column through H (a_l, b_l) and the second l-derivatives a_ll, b_ll; ke +=
 * wt times its expansion.  fe (may be NULL): the force, from the same
 * curve and density evaluations (what force() returns). */
static void ancf_force_tangent_acc(const el_params *p, const double *qe, double *fe, double wt, double *ke)
{
    double l = qe[SB] - qe[SA], il = 1.0 / l, il2 = il * il, y[3 * NR], ky[NY * NY], blk[9][6], col[3 * NR], kll = 0.0;
    double gy[NY], dsum[6];
    int g, k, i, j, bI;
#ifdef ANCF_LANES
    if (p->fixed_s) {
        fixed_lanes(p, qe, fe, wt, ke);
        return;
    }
#endif
    reduce(qe, y);
    memset(col, 0, sizeof col);
    memset(gy, 0, sizeof gy);
    for (g = 0; g < NG_K; g++) {
        double w = gk[g].w, wl = w * l, all[3], bll[3], ga[3], gb[3], Hza[3], Hzb[3], aal, bal, abl, bbl;
        const double *ca, *cb, *a, *b, *al, *bl;
        curve_pt cp;
        hess_ab x;
        curve_eval(&gk[g], il, y, !p->fixed_s, &cp);
        ca = cp.ca;
        cb = cp.cb;
        a = cp.a;
        b = cp.b;
        al = cp.al;
        bl = cp.bl;
        {
            double dens = density(p, a, b, ga, gb, &x);
            if (fe) force_point(p->fixed_s, w, wl, &cp, dens, ga, gb, gy);
        }
        if (g == 0) blocks_point(1, wl, ca, cb, a, b, &x, blk, dsum);
        else blocks_point(0, wl, ca, cb, a, b, &x, blk, dsum);
        if (p->fixed_s) continue; /* no l row and column */
        for (i = 0; i < 3; i++) { /* second l-derivatives (powers -1, 0, 0 and -2, -1, -1) */
            all[i] = 2.0 * il2 * ca[0] * y[i];
            bll[i] = il2 * (6.0 * cb[0] * y[i] + 2.0 * cb[1] * y[3 + i] + 2.0 * cb[2] * y[6 + i]);
        }
        /* H z with z = (a_l, b_l) */
        aal = dot3(a, al);
        bal = dot3(b, al);
        abl = dot3(a, bl);
        bbl = dot3(b, bl);
        for (i = 0; i < 3; i++) {
            Hza[i] = x.aa * al[i] + x.saa * a[i] * aal + x.sbb * b[i] * bal + x.sab * (a[i] * bal + b[i] * aal) +
                     x.ab * bl[i] + x.tab * a[i] * bbl + x.tba * b[i] * abl + x.taa * a[i] * abl;
            Hzb[i] = x.ab * al[i] + x.tab * b[i] * aal + x.tba * a[i] * bal + x.taa * a[i] * aal + x.bb * bl[i] +
                     x.uaa * a[i] * abl;
        }
        for (k = 0; k < NR; k++) {
            /* cal_k = -il ca_0 for k = 0, else 0; cbl_k = -2 il cb_0, -il cb_1, -il cb_2 */
            double cal = k ? 0.0 : -il * ca[0], cbl = (k ? -il : -2.0 * il) * cb[k];
            for (i = 0; i < 3; i++)
                col[3 * k + i] += w * (ca[k] * ga[i] + cb[k] * gb[i]) +
                                  wl * (cal * ga[i] + cbl * gb[i] + ca[k] * Hza[i] + cb[k] * Hzb[i]);
        }
        kll += 2.0 * w * (dot3(ga, al) + dot3(gb, bl)) +
               wl * (dot3(al, Hza) + dot3(bl, Hzb) + dot3(ga, all) + dot3(gb, bll));
    }
    for (bI = 0; bI < 6; bI++)
        for (i = 0; i < 3; i++) blk[4 * i][bI] += dsum[bI];
    if (p->fixed_s) {
        expand_fixed(wt, (const double(*)[6])blk, ke);
        if (fe)
            for (k = 0; k < NDOF; k++) fe[k] = rsgn[k] * gy[rdof[k]];
        return;
    }
    for (bI = 0; bI < 6; bI++) {
        int r0 = 3 * kk[bI], c0 = 3 * mm[bI];
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++) {
                double v = bI >= 3 && j < i ? blk[3 * j + i][bI] : blk[3 * i + j][bI];
                ky[(r0 + i) * NY + c0 + j] = v;
                ky[(c0 + j) * NY + r0 + i] = v;
            }
    }
    for (i = 0; i < 3 * NR; i++) ky[i * NY + YL] = ky[YL * NY + i] = col[i];
    ky[YL * NY + YL] = kll;
    for (i = 0; i < NDOF; i++)
        if (!p->fixed_s || (i != SA && i != SB)) expand_row(wt * rsgn[i], ky + rdof[i] * NY, ke + i * NDOF);
    if (fe)
        for (k = 0; k < NDOF; k++) fe[k] = rsgn[k] * gy[rdof[k]];
}

static void ancf_tangent_acc(const el_params *p, const double *qe, double wt, double *ke)
{
    ancf_force_tangent_acc(p, qe, NULL, wt, ke);
}

static void ancf_tangent(const el_params *p, const double *qe, double *ke)
{
    memset(ke, 0, NDOF * NDOF * sizeof(double));
    ancf_tangent_acc(p, qe, 1.0, ke);
}

/* eps and F = |r_s| at the element midpoint */
static void ancf_strain(const el_params *p, const double *qe, double *eps, double *stretch, double *force)
{
    double l = qe[SB] - qe[SA], a[3], A;
    int i;
    /* h1'(1/2) = -3/2, h2'(1/2) = h4'(1/2) = -1/4, h3'(1/2) = 3/2 */
    for (i = 0; i < 3; i++) a[i] = 1.5 * (qe[7 + i] - qe[i]) / l - 0.25 * (qe[3 + i] + qe[10 + i]);
    A = dot3(a, a);
    *eps = 0.5 * (A - 1.0);
    *stretch = sqrt(A);
    *force = p->EA * *eps * *stretch;
}

/* ---------------------------------------------------------------------------
 * Loads */

/* Uniform load b per unit material length:
 *     W = -int b.r ds = -l b.(r_A + r_B)/2 - l^2 b.(r'_A - r'_B)/12
 * (int h1 = int h3 = 1/2, int h2 = -int h4 = 1/12). */
static double dist_energy(const double b[3], const double *qe)
{
    double l = qe[SB] - qe[SA];
    return -0.5 * l * (dot3(b, qe) + dot3(b, qe + 7)) - l * l / 12.0 * (dot3(b, qe + 3) - dot3(b, qe + 10));
}

static void dist_force(const double b[3], const double *qe, double *fe)
{
    double l = qe[SB] - qe[SA];
    double gl = -0.5 * (dot3(b, qe) + dot3(b, qe + 7)) - l / 6.0 * (dot3(b, qe + 3) - dot3(b, qe + 10));
    int i;
    for (i = 0; i < 3; i++) {
        fe[i] = fe[7 + i] = -0.5 * l * b[i];
        fe[3 + i] = -l * l / 12.0 * b[i];
        fe[10 + i] = l * l / 12.0 * b[i];
    }
    fe[SA] = -gl;
    fe[SB] = gl;
}

/* adds the symmetric pair (dof, s_A) -v, (dof, s_B) +v: v is d2W/(d dof dl) */
static void add_l_pair(double *ke, int dof, double v)
{
    ke[dof * NDOF + SA] -= v;
    ke[SA * NDOF + dof] -= v;
    ke[dof * NDOF + SB] += v;
    ke[SB * NDOF + dof] += v;
}

/* ke += w d2W/dq2 of the uniform load (nonzero only against s_A, s_B) */
static void dist_tangent_acc(const double b[3], const double *qe, double w, double *ke)
{
    double l = qe[SB] - qe[SA], wll = -w * (dot3(b, qe + 3) - dot3(b, qe + 10)) / 6.0;
    int i;
    for (i = 0; i < 3; i++) {
        add_l_pair(ke, i, -0.5 * w * b[i]);
        add_l_pair(ke, 7 + i, -0.5 * w * b[i]);
        add_l_pair(ke, 3 + i, -l / 6.0 * w * b[i]);
        add_l_pair(ke, 10 + i, l / 6.0 * w * b[i]);
    }
    ke[SA * NDOF + SA] += wll;
    ke[SB * NDOF + SB] += wll;
    ke[SA * NDOF + SB] -= wll;
    ke[SB * NDOF + SA] -= wll;
}

static void dist_tangent(const double b[3], const double *qe, double *ke)
{
    memset(ke, 0, NDOF * NDOF * sizeof(double));
    dist_tangent_acc(b, qe, 1.0, ke);
}

/* The particle polynomials at an arbitrary xi (point loads) */
static void particle_polys(double x, particle_poly pp[NB])
{
    const double h[NB] = {H1(x), H2(x), H3(x), H4(x)}, dh[NB] = {D1(x), D2(x), D3(x), D4(x)};
    const double ddh[NB] = {E1(x), E2(x), E3(x), E4(x)};
    int b;
    for (b = 0; b < NB; b++) {
        double d = bpow[b];
        pp[b].p = h[b];
        pp[b].pm[0] = PM(x - 1.0, -1.0, d, h[b], dh[b]);
        pp[b].pm[1] = PM(-x, 1.0, d, h[b], dh[b]);
        pp[b].pmn[0] = PMN(x - 1.0, -1.0, x - 1.0, -1.0, d, h[b], dh[b], ddh[b]);
        pp[b].pmn[1] = PMN(x - 1.0, -1.0, -x, 1.0, d, h[b], dh[b], ddh[b]);
        pp[b].pmn[2] = PMN(-x, 1.0, -x, 1.0, d, h[b], dh[b], ddh[b]);
    }
}

/* N_b, d_m N_b (nm[b][m]) and d_m d_n N_b (nmn[b][k], k = AA, AB, BB) from
 * the particle polynomials: the powers l^d, l^(d-1), l^(d-2).  These powers
 * are also the exponents of the l-derivatives at fixed xi. */
static void particle_shape(double l, const particle_poly pp[NB], double n[NB], double nm[NB][2], double nmn[NB][3])
{
    double il = 1.0 / l;
    int b, k;
    for (b = 0; b < NB; b++) {
        double sc0 = bpow[b] ? l : 1.0, sc1 = bpow[b] ? 1.0 : il, sc2 = bpow[b] ? il : il * il;
        n[b] = sc0 * pp[b].p;
        nm[b][0] = sc1 * pp[b].pm[0];
        nm[b][1] = sc1 * pp[b].pm[1];
        for (k = 0; k < 3; k++) nmn[b][k] = sc2 * pp[b].pmn[k];
    }
}

/* Force f on the material particle s: W = -f.r(s) = -sum_b N_b f.Y_b, where
 * the N_b move with s_A, s_B (fy[b] = f.Y_b). */
static void point_shape(const double f[3], double s, const double *qe, double n[NB], double nm[NB][2],
                        double nmn[NB][3], double fy[NB])
{
    double l = qe[SB] - qe[SA];
    particle_poly pp[NB];
    int b;
    particle_polys((s - qe[SA]) / l, pp);
    particle_shape(l, pp, n, nm, nmn);
    for (b = 0; b < NB; b++) fy[b] = dot3(f, qe + boff[b]);
}

static double point_energy(const double f[3], double s, const double *qe)
{
    double n[NB], nm[NB][2], nmn[NB][3], fy[NB];
    point_shape(f, s, qe, n, nm, nmn, fy);
    return -(n[0] * fy[0] + n[1] * fy[1] + n[2] * fy[2] + n[3] * fy[3]);
}

static void point_force(const double f[3], double s, const double *qe, double *fe)
{
    double n[NB], nm[NB][2], nmn[NB][3], fy[NB];
    int b, i;
    point_shape(f, s, qe, n, nm, nmn, fy);
    fe[SA] = fe[SB] = 0.0;
    for (b = 0; b < NB; b++) {
        for (i = 0; i < 3; i++) fe[boff[b] + i] = -n[b] * f[i];
        fe[SA] -= nm[b][0] * fy[b];
        fe[SB] -= nm[b][1] * fy[b];
    }
}

static void point_tangent(const double f[3], double s, const double *qe, double *ke)
{
    double n[NB], nm[NB][2], nmn[NB][3], fy[NB], kk[3] = {0, 0, 0};
    int b, i, k;
    point_shape(f, s, qe, n, nm, nmn, fy);
    for (k = 0; k < NDOF * NDOF; k++) ke[k] = 0.0;
    for (b = 0; b < NB; b++) {
        for (i = 0; i < 3; i++) {
            int r = boff[b] + i;
            ke[r * NDOF + SA] = ke[SA * NDOF + r] = -nm[b][0] * f[i];
            ke[r * NDOF + SB] = ke[SB * NDOF + r] = -nm[b][1] * f[i];
        }
        for (k = 0; k < 3; k++) kk[k] -= nmn[b][k] * fy[b];
    }
    ke[SA * NDOF + SA] = kk[0];
    ke[SA * NDOF + SB] = ke[SB * NDOF + SA] = kk[1];
    ke[SB * NDOF + SB] = kk[2];
}

/* dx/dxi on the referential coordinate xi in [0, L] mapped linearly onto
 * [s_A, s_B] (the axial element's convention): g = r'_end l/L (r_s at the ends
 * is the nodal slope) and jinv = 1/(ds/dxi) = L/l. */
static void end_gradient(const el_params *p, const double *qe, int end, double g[3], double *jinv, double *dg,
                         double *djinv)
{
    double l = qe[SB] - qe[SA], L = p->ref_len;
    const double *t = qe + (end ? 10 : 3);
    int i, a;
    for (i = 0; i < 3; i++) g[i] = t[i] * l / L;
    *jinv = L / l;
    if (dg) {
        for (a = 0; a < 3 * NDOF; a++) dg[a] = 0.0;
        for (i = 0; i < 3; i++) {
            dg[i * NDOF + (end ? 10 : 3) + i] = l / L;
            dg[i * NDOF + SA] = -t[i] / L;
            dg[i * NDOF + SB] = t[i] / L;
        }
    }
    if (djinv) {
        for (a = 0; a < NDOF; a++) djinv[a] = 0.0;
        djinv[SA] = L / (l * l);
        djinv[SB] = -L / (l * l);
    }
}

/* ---------------------------------------------------------------------------
 * Inertia */

/* Particle kinematics at one quadrature point: velocity u, acceleration rdd,
 * R_m = dr/ds_m (fixed s), and the shape-function rates
 *     Nd_b  = sum_m d_m N_b sdot_m,
 *     Ndd_b = sum_mn d_m d_n N_b sdot_m sdot_n  (q2)  +  sum_m d_m N_b sddot_m  (q1). */
typedef struct particle {
    double n[NB], nm[NB][2], nmn[NB][3];
    double nd[NB], q1[NB], q2[NB];
    double u[3], acc[3], R[2][3];
} particle;

static void particle_eval(const mass_pt *g, double l, const double *qe, const double *ve, const double *ae,
                          particle *P)
{
    double sd0 = ve[SA], sd1 = ve[SB];
    int b, i;
    particle_shape(l, g->b, P->n, P->nm, P->nmn);
    for (i = 0; i < 3; i++) P->u[i] = P->acc[i] = P->R[0][i] = P->R[1][i] = 0.0;
    for (b = 0; b < NB; b++) {
        const double *y = qe + boff[b], *yd = ve + boff[b];
        P->nd[b] = P->nm[b][0] * sd0 + P->nm[b][1] * sd1;
        P->q2[b] = P->nmn[b][0] * sd0 * sd0 + 2.0 * P->nmn[b][1] * sd0 * sd1 + P->nmn[b][2] * sd1 * sd1;
        P->q1[b] = ae ? P->nm[b][0] * ae[SA] + P->nm[b][1] * ae[SB] : 0.0;
        for (i = 0; i < 3; i++) {
            P->u[i] += P->n[b] * yd[i] + P->nd[b] * y[i];
            P->R[0][i] += P->nm[b][0] * y[i];
            P->R[1][i] += P->nm[b][1] * y[i];
            if (ae) P->acc[i] += P->n[b] * ae[boff[b] + i] + 2.0 * P->nd[b] * yd[i] + (P->q1[b] + P->q2[b]) * y[i];
        }
    }
}

static int lagrangian(const double *ve, const double *ae);
static double lag_kinetic(const el_params *p, double l, const double *ve);

static double ancf_kinetic(const el_params *p, const double *qe, const double *ve)
{
    double l = qe[SB] - qe[SA], t = 0.0;
    particle P;
    int g;
    if (lagrangian(ve, NULL)) return lag_kinetic(p, l, ve);
    for (g = 0; g < NG_M; g++) {
        particle_eval(&gm[g], l, qe, ve, NULL, &P);
        t += gm[g].w * dot3(P.u, P.u);
    }
    return 0.5 * p->rhoA * l * t;
}

/* Momentum flux through the ends (see the top of the file), with node
 * position dofs pos, slope dofs slp, material dof sdof and sign sg = -1 at A,
 * +1 at B.  re and ke may be NULL. */
static void end_flux(const el_params *p, const double *qe, const double *ve, int pos, int slp, int sdof,
                     double sg, double cq, double cv, double *re, double *ke)
{
    const double *t = qe + slp;
    double sd = ve[sdof], u[3], c = sg * p->rhoA;
    int i;
    for (i = 0; i < 3; i++) u[i] = ve[pos + i] - sd * t[i];
    if (re) {
        for (i = 0; i < 3; i++) re[pos + i] += c * sd * u[i];
        re[sdof] -= c * (sd * dot3(u, t) + 0.5 * dot3(u, u));
    }
    if (ke) {
        for (i = 0; i < 3; i++) {
            ke[(pos + i) * NDOF + pos + i] += cv * c * sd;
            ke[(pos + i) * NDOF + sdof] += cv * c * (u[i] - sd * t[i]);
            ke[sdof * NDOF + pos + i] -= cv * c * (sd * t[i] + u[i]);
            ke[(pos + i) * NDOF + slp + i] -= cq * c * sd * sd;
            ke[sdof * NDOF + slp + i] += cq * c * sd * sd * t[i];
        }
        ke[sdof * NDOF + sdof] += cv * c * sd * dot3(t, t);
    }
}

/* Lagrangian fast path.  When neither end's material coordinate moves
 * (sdot = sddot = 0 at both nodes: a classical ANCF element, e.g. every s
 * fixed), nd = q1 = q2 = 0 above and every quadrature sum is a bilinear form
 * in the nodal blocks with the constant integrals (exact rationals, xi in
 * [0, 1], PM_b,m the xi-parts of d_m N_b as in PPOLY)
 *     Mh_bc = int P_b P_c,  Wh^m_bc = int PM_b,m P_c,  Xh^mj_bc = int PM_b,m PM_c,j
 * scaled by the powers of l of the shape functions:
 *     M_bc = rhoA l^(1+d_b+d_c) Mh,  W^m_bc = rhoA l^(d_b+d_c) Wh,  X^mj_bc = rhoA l^(d_b+d_c-1) Xh.
 * Mh is the classical ANCF cable mass matrix (/420).  The results equal the
 * quadrature path's to rounding (test_ancf checks it); this path costs a
 * small fraction of it, and real-time runs of Lagrangian cables live here. */
static const double Mh[NB][NB] = {
    {13.0 / 35, 11.0 / 210, 9.0 / 70, -13.0 / 420},
    {11.0 / 210, 1.0 / 105, 13.0 / 420, -1.0 / 140},
    {9.0 / 70, 13.0 / 420, 13.0 / 35, -11.0 / 210},
    {-13.0 / 420, -1.0 / 140, -11.0 / 210, 1.0 / 105}};
static const double Wh[2][NB][NB] = {
    {{11.0 / 35, 2.0 / 35, 13.0 / 70, -3.0 / 70},
     {-17.0 / 105, -1.0 / 70, -1.0 / 210, 1.0 / 420},
     {-11.0 / 35, -2.0 / 35, -13.0 / 70, 3.0 / 70},
     {11.0 / 105, 2.0 / 105, 13.0 / 210, -1.0 / 70}},
    {{13.0 / 70, 3.0 / 70, 11.0 / 35, -2.0 / 35},
     {13.0 / 210, 1.0 / 70, 11.0 / 105, -2.0 / 105},
     {-13.0 / 70, -3.0 / 70, -11.0 / 35, 2.0 / 35},
     {-1.0 / 210, -1.0 / 420, -17.0 / 105, 1.0 / 70}}};
static const double Xh[2][2][NB][NB] = {
    {{{12.0 / 35, -3.0 / 35, -12.0 / 35, 4.0 / 35},
      {-3.0 / 35, 11.0 / 105, 3.0 / 35, -1.0 / 35},
      {-12.0 / 35, 3.0 / 35, 12.0 / 35, -4.0 / 35},
      {4.0 / 35, -1.0 / 35, -4.0 / 35, 4.0 / 105}},
     {{9.0 / 35, 3.0 / 35, -9.0 / 35, -1.0 / 70},
      {-1.0 / 70, -1.0 / 210, 1.0 / 70, -1.0 / 210},
      {-9.0 / 35, -3.0 / 35, 9.0 / 35, 1.0 / 70},
      {3.0 / 35, 1.0 / 35, -3.0 / 35, -1.0 / 210}}},
    {{{9.0 / 35, -1.0 / 70, -9.0 / 35, 3.0 / 35},
      {3.0 / 35, -1.0 / 210, -3.0 / 35, 1.0 / 35},
      {-9.0 / 35, 1.0 / 70, 9.0 / 35, -3.0 / 35},
      {-1.0 / 70, -1.0 / 210, 1.0 / 70, -1.0 / 210}},
     {{12.0 / 35, 4.0 / 35, -12.0 / 35, -3.0 / 35},
      {4.0 / 35, 4.0 / 105, -4.0 / 35, -1.0 / 35},
      {-12.0 / 35, -4.0 / 35, 12.0 / 35, 3.0 / 35},
      {-3.0 / 35, -1.0 / 35, 3.0 / 35, 11.0 / 105}}}};

static int lagrangian(const double *ve, const double *ae)
{
    return ve[SA] == 0.0 && ve[SB] == 0.0 && (!ae || (ae[SA] == 0.0 && ae[SB] == 0.0));
}

/* 1/2 v.M v at fixed s: the mass matrix's bilinear form in the blocks (M is
 * symmetric: the pairs b < c twice).  The divergence watch evaluates it
 * every step (lib/core's kinetic pass): a tenth of the quadrature's cost. */
static double lag_kinetic(const el_params *p, double l, const double *ve)
{
    const double lp[NB] = {1.0, l, 1.0, l};
    double t = 0.0;
    int b, c;
    for (b = 0; b < NB; b++) {
        const double *vb = ve + boff[b];
        double s = 0.5 * lp[b] * Mh[b][b] * dot3(vb, vb);
        for (c = b + 1; c < NB; c++) s += lp[c] * Mh[b][c] * dot3(vb, ve + boff[c]);
        t += lp[b] * s;
    }
    return p->rhoA * l * t;
}

/* M (without rhoA l) and W (without rhoA) of the element: the powers of l */
static void lag_tables(double l, double M[NB][NB], double W[2][NB][NB])
{
    const double lp[NB] = {1.0, l, 1.0, l};
    int b, c, m;
    for (b = 0; b < NB; b++)
        for (c = 0; c < NB; c++) {
            double s = lp[b] * lp[c];
            M[b][c] = s * Mh[b][c];
            for (m = 0; m < 2; m++) W[m][b][c] = s * Wh[m][b][c];
        }
}

/* re = M a on the position and slope rows, 0 on the material rows: the
 * whole inertia force of an element with fixed s */
static void lag_mass_times(const el_params *p, double l, const double *ae, double *re)
{
    const double lp[NB] = {1.0, l, 1.0, l}, rl = p->rhoA * l;
    int b, c, i;
#ifdef ANCF_LANES
    /* the AVX2 copy: the four rows b side by side in the lanes, each the
     * same products (lp_c Mh_bc) a_ci summed over c in the same order, then
     * times rl lp_b: the scalar loop's results to the bit in a quarter of
     * its instructions (SI-HHT's force history evaluates it every step) */
    {
        const ancf_v4 sc = {rl * lp[0], rl * lp[1], rl * lp[2], rl * lp[3]};
        ancf_v4 col[NB], acc[3];
        for (c = 0; c < NB; c++) {
            ancf_v4 m = {Mh[0][c], Mh[1][c], Mh[2][c], Mh[3][c]};
            col[c] = lp[c] * m;
        }
        for (i = 0; i < 3; i++) acc[i] = (ancf_v4){0.0, 0.0, 0.0, 0.0};
        for (c = 0; c < NB; c++)
            for (i = 0; i < 3; i++) acc[i] += col[c] * ae[boff[c] + i];
        for (i = 0; i < 3; i++) acc[i] = sc * acc[i];
        for (b = 0; b < NB; b++)
            for (i = 0; i < 3; i++) re[boff[b] + i] = acc[i][b];
        re[SA] = re[SB] = 0.0;
        return;
    }
#endif
    for (b = 0; b < NB; b++)
        for (i = 0; i < 3; i++) {
            double s = 0.0;
            for (c = 0; c < NB; c++) s += lp[c] * Mh[b][c] * ae[boff[c] + i];
            re[boff[b] + i] = rl * lp[b] * s;
        }
    re[SA] = re[SB] = 0.0;
}

ANCF_OUT_OF_LINE static void lag_inertia(const el_params *p, const double *qe, const double *ve, const double *ae, double *re)
{
    double l = qe[SB] - qe[SA], M[NB][NB], W[2][NB][NB], rl = p->rhoA * l;
    int b, c, i;
    if (p->fixed_s) {
        lag_mass_times(p, l, ae, re);
        return;
    }
    lag_tables(l, M, W);
    re[SA] = re[SB] = 0.0;
    for (b = 0; b < NB; b++) {
        for (i = 0; i < 3; i++) {
            double s = 0.0;
            for (c = 0; c < NB; c++) s += M[b][c] * ae[boff[c] + i];
            re[boff[b] + i] = rl * s;
        }
        for (c = 0; c < NB; c++) {
            double ya = dot3(qe + boff[b], ae + boff[c]);
            re[SA] += p->rhoA * W[0][b][c] * ya;
            re[SB] += p->rhoA * W[1][b][c] * ya;
        }
    }
    end_flux(p, qe, ve, 0, 3, SA, -1.0, 0.0, 0.0, re, NULL);
    end_flux(p, qe, ve, 7, 10, SB, 1.0, 0.0, 0.0, re, NULL);
}

/* ke += ca M: all of the Lagrangian Jacobian outside the material rows and
 * columns (the v- and q-terms there all carry sdot, sddot or s-rows) */
static void lag_mass_acc(const el_params *p, double l, double ca, double *ke)
{
    const double lp[NB] = {1.0, l, 1.0, l}, c0 = ca * p->rhoA * l;
    int b, c;
    for (b = 0; b < NB; b++)
        for (c = 0; c < NB; c++) {
            double mbc = c0 * lp[b] * lp[c] * Mh[b][c], *row = ke + boff[b] * NDOF + boff[c];
            row[0] += mbc;
            row[NDOF + 1] += mbc;
            row[2 * NDOF + 2] += mbc;
        }
}

ANCF_OUT_OF_LINE static void lag_inertia_jac(const el_params *p, const double *qe, const double *ve, const double *ae, double cq,
                            double cv, double ca, double *ke)
{
    double l = qe[SB] - qe[SA], il = 1.0 / l, M[NB][NB], W[2][NB][NB], z[NB][3], yz[NB][NB], ya[NB][NB];
    const double ra = p->rhoA, lp[NB] = {1.0, l, 1.0, l};
    int b, c, i, m, k;
    if (p->fixed_s) {
        lag_mass_acc(p, l, ca, ke);
        return;
    }
    lag_tables(l, M, W);
    for (b = 0; b < NB; b++)
        for (i = 0; i < 3; i++) z[b][i] = ca * qe[boff[b] + i] + 2.0 * cv * ve[boff[b] + i];
    for (b = 0; b < NB; b++)
        for (c = 0; c < NB; c++) {
            yz[b][c] = dot3(qe + boff[b], z[c]);
            ya[b][c] = dot3(qe + boff[b], ae + boff[c]);
        }
    for (b = 0; b < NB; b++) {
        for (c = 0; c < NB; c++) {
            double mbc = ca * ra * l * M[b][c];
            double *row = ke + boff[b] * NDOF + boff[c];
            row[0] += mbc;
            row[NDOF + 1] += mbc;
            row[2 * NDOF + 2] += mbc;
        }
        for (m = 0; m < 2; m++) {
            const int sd = m ? SB : SA;
            for (i = 0; i < 3; i++) {
                double ys = 0.0, sy = 0.0;
                for (c = 0; c < NB; c++) {
                    ys += W[m][c][b] * z[c][i];
                    sy += ca * W[m][c][b] * qe[boff[c] + i] + cq * W[m][b][c] * ae[boff[c] + i];
                }
                ke[(boff[b] + i) * NDOF + sd] += ra * ys;
                ke[sd * NDOF + boff[b] + i] += ra * sy;
            }
        }
    }
    {
        double sAA = 0.0, sAB = 0.0, sBA = 0.0, sBB = 0.0;
        for (b = 0; b < NB; b++)
            for (c = 0; c < NB; c++) {
                double f = lp[b] * lp[c] * il * yz[b][c];
                sAA += f * Xh[0][0][b][c];
                sAB += f * Xh[0][1][b][c];
                sBA += f * Xh[1][0][b][c];
                sBB += f * Xh[1][1][b][c];
            }
        ke[SA * NDOF + SA] += ra * sAA;
        ke[SA * NDOF + SB] += ra * sAB;
        ke[SB * NDOF + SA] += ra * sBA;
        ke[SB * NDOF + SB] += ra * sBB;
    }
    if (cq != 0.0) {
        /* d/dl at fixed xi of the quadrature sums (jl of the general path):
         * each term l^e P contributes e/l times itself */
        double jl[NDOF], js0 = 0.0, js1 = 0.0;
        for (b = 0; b < NB; b++) {
            for (i = 0; i < 3; i++) {
                double s2 = 0.0;
                for (c = 0; c < NB; c++) s2 += (1.0 + bpow[b] + bpow[c]) * M[b][c] * ae[boff[c] + i];
                jl[boff[b] + i] = ra * s2;
            }
            for (c = 0; c < NB; c++) {
                double f = (bpow[b] + bpow[c]) * il * ra * ya[b][c];
                js0 += f * W[0][b][c];
                js1 += f * W[1][b][c];
            }
        }
        jl[SA] = js0;
        jl[SB] = js1;
        for (k = 0; k < NDOF; k++) {
            ke[k * NDOF + SA] -= cq * jl[k];
            ke[k * NDOF + SB] += cq * jl[k];
        }
    }
    end_flux(p, qe, ve, 0, 3, SA, -1.0, cq, cv, NULL, ke);
    end_flux(p, qe, ve, 7, 10, SB, 1.0, cq, cv, NULL, ke);
}

/* The quadrature paths below are out of line, so the fixed-s element's
 * path (a few vector products, twice a step per element) runs without
 * their stack frame and register saves */
ANCF_OUT_OF_LINE static void quad_inertia(const el_params *p, const double *qe, const double *ve, const double *ae,
                                       double *re);
ANCF_OUT_OF_LINE static void quad_inertia_jac_acc(const el_params *p, const double *qe, const double *ve,
                                               const double *ae, double cq, double cv, double ca, double *ke);

static void ancf_inertia(const el_params *p, const double *qe, const double *ve, const double *ae, double *re)
{
    if (ae && lagrangian(ve, ae)) {
        if (p->fixed_s) lag_mass_times(p, qe[SB] - qe[SA], ae, re);
        else lag_inertia(p, qe, ve, ae, re);
        return;
    }
    quad_inertia(p, qe, ve, ae, re);
}

static void quad_inertia(const el_params *p, const double *qe, const double *ve, const double *ae, double *re)
{
    double l = qe[SB] - qe[SA];
    particle P;
    int g, b, i;
    for (i = 0; i < NDOF; i++) re[i] = 0.0;
    for (g = 0; g < NG_M; g++) {
        double c = p->rhoA * l * gm[g].w;
        particle_eval(&gm[g], l, qe, ve, ae, &P);
        for (b = 0; b < NB; b++)
            for (i = 0; i < 3; i++) re[boff[b] + i] += c * P.n[b] * P.acc[i];
        re[SA] += c * dot3(P.R[0], P.acc);
        re[SB] += c * dot3(P.R[1], P.acc);
    }
    end_flux(p, qe, ve, 0, 3, SA, -1.0, 0.0, 0.0, re, NULL);
    end_flux(p, qe, ve, 7, 10, SB, 1.0, 0.0, 0.0, re, NULL);
}

/* ke = cq dr/dq + cv dr/dv + ca dr/da.  The integrand rhoA l w (R_i . rdd) is
 * differentiated at fixed xi, where q enters through Y and l only: the
 * Y-derivatives are those of linear forms, the l-derivative multiplies each
 * l^e P term by e/l, and the l-column goes to s_A (-) and s_B (+).
 *     d rdd / dYdd_c = N_c,  d rdd / dYd_c = 2 Nd_c,  d rdd / dY_c = Ndd_c   (times I)
 *     d rdd / dsdd_m = R_m,  d rdd / dsd_m = V_m = 2 d/dt R_m. */
/* ke += cq dr/dq + cv dr/dv + ca dr/da */
static void ancf_inertia_jac_acc(const el_params *p, const double *qe, const double *ve, const double *ae,
                                 double cq, double cv, double ca, double *ke)
{
    if (ae && lagrangian(ve, ae)) {
        if (p->fixed_s) lag_mass_acc(p, qe[SB] - qe[SA], ca, ke);
        else lag_inertia_jac(p, qe, ve, ae, cq, cv, ca, ke);
        return;
    }
    quad_inertia_jac_acc(p, qe, ve, ae, cq, cv, ca, ke);
}

static void quad_inertia_jac_acc(const el_params *p, const double *qe, const double *ve, const double *ae,
                                 double cq, double cv, double ca, double *ke)
{
    double l = qe[SB] - qe[SA], il = 1.0 / l, jl[NDOF], kyy[NB][NB];
    const int sdof[2] = {SA, SB};
    particle P;
    int g, b, c, i, j, m, k;
    for (k = 0; k < NDOF; k++) jl[k] = 0.0;
    /* the (Y_b, Y_c) blocks are multiples of I: their factors are summed first */
    memset(kyy, 0, sizeof kyy);
    for (g = 0; g < NG_M; g++) {
        double wt = p->rhoA * gm[g].w, cc = wt * l, alpha[NB], V[2][3], Z[2][3];
        particle_eval(&gm[g], l, qe, ve, ae, &P);
        for (m = 0; m < 2; m++) {
            for (i = 0; i < 3; i++) V[m][i] = 0.0;
            for (b = 0; b < NB; b++) {
                double sn = P.nmn[b][m] * ve[SA] + P.nmn[b][m + 1] * ve[SB]; /* sum_n d_m d_n N_b sdot_n */
                for (i = 0; i < 3; i++) V[m][i] += 2.0 * (P.nm[b][m] * ve[boff[b] + i] + sn * qe[boff[b] + i]);
            }
            for (i = 0; i < 3; i++) Z[m][i] = ca * P.R[m][i] + cv * V[m][i];
        }
        for (b = 0; b < NB; b++) alpha[b] = ca * P.n[b] + 2.0 * cv * P.nd[b] + cq * (P.q1[b] + P.q2[b]);
        for (b = 0; b < NB; b++) {
            for (c = 0; c < NB; c++) kyy[b][c] += cc * P.n[b] * alpha[c];
            for (m = 0; m < 2; m++)
                for (i = 0; i < 3; i++) {
                    ke[(boff[b] + i) * NDOF + sdof[m]] += cc * P.n[b] * Z[m][i];
                    ke[sdof[m] * NDOF + boff[b] + i] += cc * (alpha[b] * P.R[m][i] + cq * P.nm[b][m] * P.acc[i]);
                }
        }
        for (m = 0; m < 2; m++)
            for (j = 0; j < 2; j++) ke[sdof[m] * NDOF + sdof[j]] += cc * dot3(P.R[m], Z[j]);
        if (cq != 0.0) {
            /* l-derivatives at fixed xi: accl = d rdd/dl, Rl[m] = d R_m/dl */
            double accl[3] = {0, 0, 0}, Rl[2][3] = {{0, 0, 0}, {0, 0, 0}};
            for (b = 0; b < NB; b++) {
                double d = bpow[b];
                for (i = 0; i < 3; i++) {
                    accl[i] += il * (d * P.n[b] * ae[boff[b] + i] + 2.0 * (d - 1.0) * P.nd[b] * ve[boff[b] + i] +
                                     ((d - 1.0) * P.q1[b] + (d - 2.0) * P.q2[b]) * qe[boff[b] + i]);
                    Rl[0][i] += il * (d - 1.0) * P.nm[b][0] * qe[boff[b] + i];
                    Rl[1][i] += il * (d - 1.0) * P.nm[b][1] * qe[boff[b] + i];
                }
            }
            for (b = 0; b < NB; b++)
                for (i = 0; i < 3; i++)
                    jl[boff[b] + i] += wt * ((1.0 + bpow[b]) * P.n[b] * P.acc[i] + l * P.n[b] * accl[i]);
            for (m = 0; m < 2; m++)
                jl[sdof[m]] += wt * (dot3(P.R[m], P.acc) + l * (dot3(Rl[m], P.acc) + dot3(P.R[m], accl)));
        }
    }
    for (b = 0; b < NB; b++)
        for (c = 0; c < NB; c++)
            for (i = 0; i < 3; i++) ke[(boff[b] + i) * NDOF + boff[c] + i] += kyy[b][c];
    if (cq != 0.0)
        for (k = 0; k < NDOF; k++) {
            ke[k * NDOF + SA] -= cq * jl[k];
            ke[k * NDOF + SB] += cq * jl[k];
        }
    end_flux(p, qe, ve, 0, 3, SA, -1.0, cq, cv, NULL, ke);
    end_flux(p, qe, ve, 7, 10, SB, 1.0, cq, cv, NULL, ke);
}

static void ancf_inertia_jac(const el_params *p, const double *qe, const double *ve, const double *ae, double cq,
                             double cv, double ca, double *ke)
{
    memset(ke, 0, NDOF * NDOF * sizeof(double));
    ancf_inertia_jac_acc(p, qe, ve, ae, cq, cv, ca, ke);
}

/* ancf_v3.c compiles this file a second time for AVX2 under another
 * table name (lib/core/isa.h) */
#ifndef ANCF_OPS
#define ANCF_OPS el_ancf_ops
#endif

const el_ops ANCF_OPS = {
    1, 2, 7, 6,
    ancf_energy, ancf_force, ancf_tangent, ancf_strain,
    dist_energy, dist_force, dist_tangent,
    point_energy, point_force, point_tangent,
    end_gradient,
    ancf_kinetic, ancf_inertia, ancf_inertia_jac,
    ancf_tangent_acc, dist_tangent_acc, ancf_inertia_jac_acc, ancf_force_tangent_acc,
    /* per Gauss point: force ~245 (curve 77, density gradient 107, sums 60),
     * tangent ~1040 (six 3x3 blocks 492: 45 entries, density Hessian 153,
     * l row and column ~300), plus the expansion to 14 x 14 (~400);
     * inertia: the Lagrangian tables ~390 / ~1950, the quadrature path
     * ~330 / ~1150 per point (4 points) */
    {1250.0, 5600.0, 52.0, 100.0, 390.0, 1400.0, 1950.0, 4800.0,
    /* fixed s: force ~200 per point, tangent ~665 per point plus the
     * expansion (~290), inertia ~130 / ~100; the force inside the fused
     * kernel: its accumulation, ~40 per point */
     1000.0, 3620.0, 130.0, 100.0, 200.0},
    NULL, /* no section frame */
    NULL  /* no pair kernel */
};
