/* Kelvin-Voigt damping of cable elements as a dissipation potential (see
 * damping.h).  Why a potential: the force f_d = dD/dv then does the work
 * v.f_d = 2 D >= 0 exactly (D is quadratic in v), for the discrete sum as
 * well, so the mechanical energy can only drop by what D books, and the
 * Jacobian's v-part d2D/dv2 is symmetric positive semidefinite.
 *
 * Strain measures: the ones each element's energy uses, written in the
 * slope a = r_s and second derivative b = r_ss of the centreline at a point:
 *   axial element   eps = 1/2 (a.a - 1), a = (x_B - x_A)/d     (axial.c)
 *   ANCF            eps = 1/2 (a.a - 1), k = a x b / |a|^3    (ancf.c; |k| its kappa)
 *   Kirchhoff       e = |a| - 1 at xi = 0, 1/2, 1, interpolated quadratically
 *                   and integrated exactly (its mass matrix M below), and
 *                   k = a x b / |a|^2                          (kirchhoff.c)
 * The bending rate is the curvature vector's, |dk/dt|^2: smooth where the
 * curvature vanishes (d|k|/dt is not) and the rate that 1/2 EI |k|^2 pairs
 * with.  A Kirchhoff beam's torsion is not damped (its twist goes through the
 * element's frame field; left for later).
 *
 * On a Lagrangian element (s_A, s_B constants) z = (a, b) = Z qe with Z a
 * constant 6 x ndof matrix at a fixed xi, so each measure S(z) has the rate
 * Sdot = G.Z v, G = dS/dz, and with the rates' weights C (quadrature weight,
 * element length and coefficient; for the Kirchhoff axial rates l c_a M)
 *     D    = 1/2 sum_ij C_ij Sdot_i Sdot_j
 *     f_d  = sum_ij C_ij Sdot_j g_i,                 g_i = Z^T G_i
 *     df/dv = sum_ij C_ij g_i g_j^T
 *     df/dq = sum_ij C_ij (g_i h_j^T + Sdot_j Z^T H_i Z),  h_j = Z^T H_j Z v
 * with H = d2S/dz2 from second-order forward differentiation (core/hd.h) of
 * the measures' few lines: exact derivatives of the discrete D. */
#include "damping.h"
#include "../core/hd.h"

#include <alecable.h>
#include <string.h>

enum { NMEAS = 20, NZ = 6 };

void damping_params_init(damping_params *p)
{
    memset(p, 0, sizeof *p);
    p->stiff = 1;
}

/* 5-point Gauss-Legendre on [0, 1] (the ANCF and Kirchhoff energies' rule) */
#define GX(t) (0.5 + 0.5 * (t))
static const double gxi[5] = {GX(-0.9061798459386639927976269), GX(-0.5384693101056830910363144), 0.5,
                              GX(0.5384693101056830910363144), GX(0.9061798459386639927976269)};
static const double gw[5] = {0.5 * 0.2369268850561890875142640, 0.5 * 0.4786286704993664680412915,
                             0.5 * 0.5688888888888888888888889, 0.5 * 0.4786286704993664680412915,
                             0.5 * 0.2369268850561890875142640};

/* one rate: S's gradient and Hessian in z, and the point's map z = Z qe */
typedef struct dmeas {
    double G[NZ], H[NZ * NZ];
    const double *ca, *cb; /* per block: a = sum ca_b Y_b, b = sum cb_b Y_b */
    double sdot;
    double g[EL_MAX_DOF], h[EL_MAX_DOF];
} dmeas;

typedef struct dpoint {
    double ca[4], cb[4];
} dpoint;

typedef struct dlayout {
    int nd, nb, boff[4];
} dlayout;

/* z = Z y */
static void zmap(const dlayout *L, const dmeas *M, const double *y, double z[NZ])
{
    int b, i;
    for (i = 0; i < NZ; i++) z[i] = 0.0;
    for (b = 0; b < L->nb; b++)
        for (i = 0; i < 3; i++) {
            z[i] += M->ca[b] * y[L->boff[b] + i];
            z[3 + i] += M->cb[b] * y[L->boff[b] + i];
        }
}

/* out = Z^T x (nd entries; the dofs outside the blocks get 0) */
static void zmap_t(const dlayout *L, const dmeas *M, const double x[NZ], double *out)
{
    int b, i;
    memset(out, 0, (size_t)L->nd * sizeof(double));
    for (b = 0; b < L->nb; b++)
        for (i = 0; i < 3; i++) out[L->boff[b] + i] = M->ca[b] * x[i] + M->cb[b] * x[3 + i];
}

/* ke += s Z^T H Z */
static void add_zhz(const dlayout *L, const dmeas *M, double s, double *ke)
{
    int b, c, i, j, nd = L->nd;
    for (b = 0; b < L->nb; b++)
        for (c = 0; c < L->nb; c++) {
            double aa = s * M->ca[b] * M->ca[c], ab = s * M->ca[b] * M->cb[c], ba = s * M->cb[b] * M->ca[c],
                   bb = s * M->cb[b] * M->cb[c];
            for (i = 0; i < 3; i++)
                for (j = 0; j < 3; j++)
                    ke[(L->boff[b] + i) * nd + L->boff[c] + j] +=
                        aa * M->H[i * NZ + j] + ab * M->H[i * NZ + 3 + j] + ba * M->H[(3 + i) * NZ + j] +
                        bb * M->H[(3 + i) * NZ + 3 + j];
        }
}

/* the hd numbers' gradient and Hessian into M */
static void take(const hd *S, dmeas *M)
{
    int i, j;
    for (i = 0; i < NZ; i++) {
        M->G[i] = S->g[i];
        for (j = i; j < NZ; j++) M->H[i * NZ + j] = M->H[j * NZ + i] = S->h[hd_idx(NZ, i, j)];
    }
}

enum { MEAS_GL, MEAS_STRETCH, MEAS_K_ANCF, MEAS_K_KIRCH };

/* the measure(s) of one kind at z = (a, b): 1 scalar (GL, STRETCH) or the
 * curvature vector's 3 components into M[0..2] */
static int measures(int kind, const double z[NZ], dmeas *M)
{
    hd_ctx c = hd_context(NZ, 1);
    hd a[3], b[3], aa, S, k[3], f;
    int i;
    for (i = 0; i < 3; i++) {
        hd_var(&c, &a[i], z[i], i);
        hd_var(&c, &b[i], z[3 + i], 3 + i);
    }
    hd_dot3(&c, &aa, a, a);
    if (kind == MEAS_GL) {
        hd_scale(&c, &S, 0.5, &aa, -0.5);
        take(&S, M);
        return 1;
    }
    if (kind == MEAS_STRETCH) {
        hd_sqrt(&c, &S, &aa);
        take(&S, M);
        return 1;
    }
    hd_cross3(&c, k, a, b);
    if (kind == MEAS_K_ANCF) { /* |a|^-3 = (a.a)^(-3/2) */
        double x = aa.v, p = pow(x, -1.5);
        hd_chain(&c, &f, &aa, p, -1.5 * p / x, 3.75 * p / (x * x));
    } else {
        hd_inv(&c, &f, &aa);
    }
    for (i = 0; i < 3; i++) {
        hd_mul(&c, &S, &k[i], &f);
        take(&S, &M[i]);
    }
    return 3;
}

/* Hermite derivatives: a = sum (P'_b(xi) l^(d_b - 1)) Y_b, b = sum (P''_b l^(d_b - 2)) Y_b */
static void hermite_point(double xi, double l, dpoint *p)
{
    double x = xi, x2 = x * x;
    p->ca[0] = (-6.0 * x + 6.0 * x2) / l;
    p->ca[1] = 1.0 - 4.0 * x + 3.0 * x2;
    p->ca[2] = (6.0 * x - 6.0 * x2) / l;
    p->ca[3] = -2.0 * x + 3.0 * x2;
    p->cb[0] = (-6.0 + 12.0 * x) / (l * l);
    p->cb[1] = (-4.0 + 6.0 * x) / l;
    p->cb[2] = (6.0 - 12.0 * x) / (l * l);
    p->cb[3] = (-2.0 + 6.0 * x) / l;
}

int damping_element(const damping_params *dp, const el_ops *ops, const el_params *par, const double *qe,
                    const double *ve, double *D, double *re, double cq, double cv, double *ke)
{
    static const double Mk[3][3] = {{4.0 / 30, 2.0 / 30, -1.0 / 30}, {2.0 / 30, 16.0 / 30, 2.0 / 30},
                                    {-1.0 / 30, 2.0 / 30, 4.0 / 30}};
    dlayout L;
    dpoint P[8];
    dmeas M[NMEAS];
    double C[NMEAS][NMEAS], z[NZ], zd[NZ], v0[EL_MAX_DOF], l;
    int n = 0, np = 0, i, j, g, sa, sb;
    (void)par;
    if (ops->kind == ALECABLE_ELEMENT_AXIAL) {
        L.nd = 8, L.nb = 2, L.boff[0] = 0, L.boff[1] = 4, sa = 3, sb = 7;
    } else if (ops->kind == ALECABLE_ELEMENT_ANCF) {
        L.nd = 14, L.nb = 4, L.boff[0] = 0, L.boff[1] = 3, L.boff[2] = 7, L.boff[3] = 10, sa = 6, sb = 13;
    } else if (ops->kind == ALECABLE_ELEMENT_KIRCHHOFF) {
        L.nd = 16, L.nb = 4, L.boff[0] = 0, L.boff[1] = 3, L.boff[2] = 8, L.boff[3] = 11, sa = 7, sb = 15;
    } else {
        return -1;
    }
    l = qe[sb] - qe[sa];
    if (!ve) {
        memset(v0, 0, sizeof v0);
        ve = v0;
    }
    memset(C, 0, sizeof C);
    if (ops->kind == ALECABLE_ELEMENT_AXIAL) {
        /* a = (x_B - x_A)/d, constant: one point of weight d */
        P[0].ca[0] = -1.0 / l, P[0].ca[1] = 1.0 / l, P[0].cb[0] = P[0].cb[1] = 0.0;
        M[0].ca = P[0].ca, M[0].cb = P[0].cb;
        zmap(&L, &M[0], qe, z);
        n = measures(MEAS_GL, z, &M[0]);
        C[0][0] = dp->c_a * l;
    } else {
        if (ops->kind == ALECABLE_ELEMENT_KIRCHHOFF && dp->c_a != 0.0) {
            /* e = |a| - 1 at xi = 0, 1/2, 1 (C = l c_a M, M the quadratic mass matrix) */
            for (i = 0; i < 3; i++) {
                hermite_point(0.5 * i, l, &P[np]);
                M[n].ca = P[np].ca, M[n].cb = P[np].cb;
                np++;
                zmap(&L, &M[n], qe, z);
                measures(MEAS_STRETCH, z, &M[n]);
                n++;
            }
            for (i = 0; i < 3; i++)
                for (j = 0; j < 3; j++) C[i][j] = l * dp->c_a * Mk[i][j];
        }
        for (g = 0; g < 5; g++) {
            int kb = ops->kind == ALECABLE_ELEMENT_ANCF ? MEAS_K_ANCF : MEAS_K_KIRCH, m;
            double w = gw[g] * l;
            if (ops->kind == ALECABLE_ELEMENT_KIRCHHOFF && dp->c_b == 0.0) break;
            hermite_point(gxi[g], l, &P[np]);
            if (ops->kind == ALECABLE_ELEMENT_ANCF && dp->c_a != 0.0) {
                M[n].ca = P[np].ca, M[n].cb = P[np].cb;
                zmap(&L, &M[n], qe, z);
                measures(MEAS_GL, z, &M[n]);
                C[n][n] = w * dp->c_a;
                n++;
            }
            if (dp->c_b != 0.0) {
                for (m = 0; m < 3; m++) M[n + m].ca = P[np].ca, M[n + m].cb = P[np].cb;
                zmap(&L, &M[n], qe, z);
                measures(kb, z, &M[n]);
                for (m = 0; m < 3; m++) C[n + m][n + m] = w * dp->c_b;
                n += 3;
            }
            np++;
        }
    }
    /* the rates and the measures' maps into element dofs */
    for (i = 0; i < n; i++) {
        double Hz[NZ];
        zmap(&L, &M[i], ve, zd);
        M[i].sdot = 0.0;
        for (j = 0; j < NZ; j++) M[i].sdot += M[i].G[j] * zd[j];
        zmap_t(&L, &M[i], M[i].G, M[i].g);
        if (!ke) continue;
        for (j = 0; j < NZ; j++) {
            int k;
            Hz[j] = 0.0;
            for (k = 0; k < NZ; k++) Hz[j] += M[i].H[j * NZ + k] * zd[k];
        }
        zmap_t(&L, &M[i], Hz, M[i].h);
    }
    if (D) {
        double s = 0.0;
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++) s += C[i][j] * M[i].sdot * M[j].sdot;
        *D = 0.5 * s;
    }
    if (re) memset(re, 0, (size_t)L.nd * sizeof(double));
    if (ke) memset(ke, 0, (size_t)(L.nd * L.nd) * sizeof(double));
    for (i = 0; i < n; i++) {
        double phi = 0.0;
        int a, b;
        for (j = 0; j < n; j++) phi += C[i][j] * M[j].sdot;
        if (re)
            for (a = 0; a < L.nd; a++) re[a] += phi * M[i].g[a];
        if (!ke) continue;
        if (cq != 0.0) add_zhz(&L, &M[i], cq * phi, ke);
        for (j = 0; j < n; j++) {
            double cij = C[i][j];
            if (cij == 0.0) continue;
            for (a = 0; a < L.nd; a++) {
                double ga = M[i].g[a];
                if (ga == 0.0) continue;
                for (b = 0; b < L.nd; b++) ke[a * L.nd + b] += cij * ga * (cq * M[j].h[b] + cv * M[j].g[b]);
            }
        }
    }
    return 0;
}
