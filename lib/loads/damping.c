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
 * with G, H = dS/dz, d2S/dz2 in closed form (measures() below): exact
 * derivatives of the discrete D.  The sums run per point in z (6 x 6) and
 * go to the element's dofs once per point. */
#include "damping.h"
#include "field_loads.h" /* its 5-point Gauss rule on [0, 1], the ANCF and Kirchhoff energies' */

#include <alecable.h>
#include <math.h>
#include <string.h>

enum { NMEAS = 4 * FL_NGAUSS, NZ = 6 };

void damping_params_init(damping_params *p)
{
    memset(p, 0, sizeof *p);
    p->stiff = 1;
}

/* A point of the element (a Gauss point, or a node of the Kirchhoff axial
 * interpolation): z = (a, b) = Z qe with a = sum ca_b Y_b, b = sum cb_b Y_b
 * over the position and slope blocks Y_b; zd = Z v; r6 and A6 collect the
 * point's share of the force (Z^T r6) and of the Jacobian (Z^T A6 Z). */
typedef struct dpoint {
    double ca[4], cb[4];
    double zd[NZ], r6[NZ], A6[NZ * NZ];
} dpoint;

/* one rate S(z) at point p: its gradient and Hessian in z */
typedef struct dmeas {
    int p;
    double G[NZ], H[NZ * NZ];
    double sdot, phi, Hzd[NZ];
} dmeas;

typedef struct dlayout {
    int nd, nb, boff[4];
} dlayout;

/* z = Z y */
static void zmap(const dlayout *L, const dpoint *P, const double *y, double z[NZ])
{
    int b, i;
    for (i = 0; i < NZ; i++) z[i] = 0.0;
    for (b = 0; b < L->nb; b++)
        for (i = 0; i < 3; i++) {
            z[i] += P->ca[b] * y[L->boff[b] + i];
            z[3 + i] += P->cb[b] * y[L->boff[b] + i];
        }
}

/* out += Z^T x */
static void zmap_t_add(const dlayout *L, const dpoint *P, const double x[NZ], double *out)
{
    int b, i;
    for (b = 0; b < L->nb; b++)
        for (i = 0; i < 3; i++) out[L->boff[b] + i] += P->ca[b] * x[i] + P->cb[b] * x[3 + i];
}

/* ke += Z^T A Z, through T = A Z (6 x nd block columns) */
static void add_zaz(const dlayout *L, const dpoint *P, const double *A, double *ke)
{
    double T[NZ][12];
    int b, c, i, j, r, nd = L->nd;
    for (r = 0; r < NZ; r++)
        for (c = 0; c < L->nb; c++)
            for (j = 0; j < 3; j++) T[r][3 * c + j] = P->ca[c] * A[r * NZ + j] + P->cb[c] * A[r * NZ + 3 + j];
    for (b = 0; b < L->nb; b++)
        for (i = 0; i < 3; i++) {
            double *row = ke + (L->boff[b] + i) * nd;
            for (c = 0; c < L->nb; c++)
                for (j = 0; j < 3; j++)
                    row[L->boff[c] + j] += P->ca[b] * T[i][3 * c + j] + P->cb[b] * T[3 + i][3 * c + j];
        }
}

enum { MEAS_GL, MEAS_STRETCH, MEAS_K_ANCF, MEAS_K_KIRCH };

/* the measure(s) of one kind at z = (a, b), gradient G and (with hess)
 * Hessian H in z: one scalar (GL, STRETCH) or the curvature vector's 3
 * components into M[0..2]; returns their count.  The curvature
 * k = (a x b) f(A), A = a.a, f = A^-p (p = 3/2 ANCF, 1 Kirchhoff): with
 * c = a x b, dc/da = -[b]x, dc/db = [a]x, d2c_m/da_i db_j = eps_mij,
 * df/da = 2 f' a, d2f/da2 = 2 f' I + 4 f'' a a^T,
 *     G_m = f dc_m + c_m df,  H_m = f d2c_m + dc_m df^T + df dc_m^T + c_m d2f
 * (by hand: core/hd.h's forward differentiation of the same lines cost some
 * 15 times the elastic kernel). */
static int measures(int kind, const double z[NZ], int hess, dmeas *M)
{
    const double *a = z, *b = z + 3;
    double A = a[0] * a[0] + a[1] * a[1] + a[2] * a[2];
    int i, j, m;
    if (kind == MEAS_GL || kind == MEAS_STRETCH) {
        double r = sqrt(A), s = kind == MEAS_GL ? 1.0 : 1.0 / r;
        memset(M->G, 0, sizeof M->G);
        if (hess) memset(M->H, 0, sizeof M->H);
        for (i = 0; i < 3; i++) {
            M->G[i] = s * a[i];
            for (j = 0; j < 3 && hess; j++)
                M->H[i * NZ + j] =
                    kind == MEAS_GL ? (i == j ? 1.0 : 0.0) : s * ((i == j ? 1.0 : 0.0) - a[i] * a[j] / A);
        }
        return 1;
    } else {
        static const int e1[3] = {1, 2, 0}, e2[3] = {2, 0, 1}; /* c_m = a_e1 b_e2 - a_e2 b_e1 */
        const double p = kind == MEAS_K_ANCF ? 1.5 : 1.0;
        double f = pow(A, -p), f1 = -p * f / A, f2 = p * (p + 1.0) * f / (A * A);
        double c[3], dc[3][NZ], df[NZ];
        for (m = 0; m < 3; m++) {
            int u = e1[m], w = e2[m];
            c[m] = a[u] * b[w] - a[w] * b[u];
            for (i = 0; i < NZ; i++) dc[m][i] = 0.0;
            dc[m][u] = b[w], dc[m][w] = -b[u];         /* dc_m/da */
            dc[m][3 + w] = a[u], dc[m][3 + u] = -a[w]; /* dc_m/db */
        }
        for (i = 0; i < NZ; i++) df[i] = i < 3 ? 2.0 * f1 * a[i] : 0.0;
        for (m = 0; m < 3; m++) {
            dmeas *K = &M[m];
            int u = e1[m], w = e2[m];
            for (i = 0; i < NZ; i++) K->G[i] = f * dc[m][i] + c[m] * df[i];
            if (!hess) continue;
            for (i = 0; i < NZ; i++)
                for (j = 0; j < NZ; j++) K->H[i * NZ + j] = dc[m][i] * df[j] + df[i] * dc[m][j];
            for (i = 0; i < 3; i++)
                for (j = 0; j < 3; j++) K->H[i * NZ + j] += c[m] * (2.0 * f1 * (i == j) + 4.0 * f2 * a[i] * a[j]);
            /* d2c_m/da_u db_w = 1, d2c_m/da_w db_u = -1 */
            K->H[u * NZ + 3 + w] += f, K->H[(3 + w) * NZ + u] += f;
            K->H[w * NZ + 3 + u] -= f, K->H[(3 + u) * NZ + w] -= f;
        }
        return 3;
    }
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
    /* int_0^1 L_i L_j dxi of the quadratic Lagrange functions on 0, 1/2, 1 */
    static const double Mk[3][3] = {{4.0 / 30, 2.0 / 30, -1.0 / 30}, {2.0 / 30, 16.0 / 30, 2.0 / 30},
                                    {-1.0 / 30, 2.0 / 30, 4.0 / 30}};
    dlayout L;
    dpoint P[8];
    dmeas M[NMEAS];
    double c[NMEAS], z[NZ], l, sD = 0.0;
    int n = 0, np = 0, nk = 0, i, j, k, g, sa, sb, jac = ke != NULL;
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
    /* the points and their rates: c[i] the weight of rate i (quadrature
     * weight, length, coefficient); the first nk rates (Kirchhoff's axial
     * ones) are coupled by l c_a Mk instead */
    if (ops->kind == ALECABLE_ELEMENT_AXIAL) {
        /* a = (x_B - x_A)/d, constant: one point of weight d */
        P[0].ca[0] = -1.0 / l, P[0].ca[1] = 1.0 / l, P[0].cb[0] = P[0].cb[1] = 0.0;
        zmap(&L, &P[0], qe, z);
        M[0].p = 0;
        measures(MEAS_GL, z, jac, &M[0]);
        c[0] = dp->c_a * l;
        n = np = 1;
    } else {
        if (ops->kind == ALECABLE_ELEMENT_KIRCHHOFF && dp->c_a != 0.0) {
            /* e = |a| - 1 at xi = 0, 1/2, 1 */
            for (i = 0; i < 3; i++) {
                hermite_point(0.5 * i, l, &P[np]);
                zmap(&L, &P[np], qe, z);
                M[n].p = np++;
                measures(MEAS_STRETCH, z, jac, &M[n]);
                c[n++] = 0.0;
            }
            nk = 3;
        }
        for (g = 0; g < FL_NGAUSS; g++) {
            int kb = ops->kind == ALECABLE_ELEMENT_ANCF ? MEAS_K_ANCF : MEAS_K_KIRCH, m;
            double w = fl_gauss_w[g] * l;
            int axial = ops->kind == ALECABLE_ELEMENT_ANCF && dp->c_a != 0.0;
            if (!axial && dp->c_b == 0.0) break;
            hermite_point(fl_gauss_xi[g], l, &P[np]);
            zmap(&L, &P[np], qe, z);
            if (axial) {
                M[n].p = np;
                measures(MEAS_GL, z, jac, &M[n]);
                c[n++] = w * dp->c_a;
            }
            if (dp->c_b != 0.0) {
                for (m = 0; m < 3; m++) M[n + m].p = np, c[n + m] = w * dp->c_b;
                measures(kb, z, jac, &M[n]);
                n += 3;
            }
            np++;
        }
    }
    for (k = 0; k < np; k++) {
        if (ve) zmap(&L, &P[k], ve, P[k].zd);
        else memset(P[k].zd, 0, sizeof P[k].zd);
        memset(P[k].r6, 0, sizeof P[k].r6);
        if (ke) memset(P[k].A6, 0, sizeof P[k].A6);
    }
    for (i = 0; i < n; i++) {
        const double *zd = P[M[i].p].zd;
        M[i].sdot = 0.0;
        for (j = 0; j < NZ; j++) M[i].sdot += M[i].G[j] * zd[j];
    }
    /* phi_i = sum_j C_ij sdot_j, D = 1/2 sum_i phi_i sdot_i */
    for (i = 0; i < n; i++) {
        if (i < nk)
            for (M[i].phi = 0.0, j = 0; j < nk; j++) M[i].phi += l * dp->c_a * Mk[i][j] * M[j].sdot;
        else
            M[i].phi = c[i] * M[i].sdot;
        sD += M[i].phi * M[i].sdot;
    }
    if (D) *D = 0.5 * sD;
    if (re) {
        memset(re, 0, (size_t)L.nd * sizeof(double));
        for (i = 0; i < n; i++)
            for (j = 0; j < NZ; j++) P[M[i].p].r6[j] += M[i].phi * M[i].G[j];
        for (k = 0; k < np; k++) zmap_t_add(&L, &P[k], P[k].r6, re);
    }
    if (!ke) return 0;
    /* df/dq = sum_ij C_ij (g_i h_j^T + sdot_j Z^T H_i Z), df/dv = sum_ij C_ij g_i g_j^T:
     * per point in z, u_j = cq H_j zd + cv G_j */
    memset(ke, 0, (size_t)(L.nd * L.nd) * sizeof(double));
    for (i = 0; i < n; i++) {
        const double *zd = P[M[i].p].zd;
        for (j = 0; j < NZ; j++) {
            M[i].Hzd[j] = 0.0;
            for (k = 0; k < NZ; k++) M[i].Hzd[j] += M[i].H[j * NZ + k] * zd[k];
            M[i].Hzd[j] = cq * M[i].Hzd[j] + cv * M[i].G[j];
        }
    }
    for (i = 0; i < n; i++) {
        double *A = P[M[i].p].A6;
        for (j = 0; j < NZ; j++)
            for (k = 0; k < NZ; k++)
                A[j * NZ + k] += cq * M[i].phi * M[i].H[j * NZ + k] + (i < nk ? 0.0 : c[i] * M[i].G[j] * M[i].Hzd[k]);
    }
    if (nk) { /* Kirchhoff's axial rates, coupled between their points: sum_ij C_ij g_i u_j^T in dofs */
        double gi[EL_MAX_DOF], u[3][EL_MAX_DOF], w[EL_MAX_DOF];
        for (j = 0; j < nk; j++) {
            memset(u[j], 0, sizeof u[j]);
            zmap_t_add(&L, &P[M[j].p], M[j].Hzd, u[j]);
        }
        for (i = 0; i < nk; i++) {
            memset(gi, 0, sizeof gi);
            zmap_t_add(&L, &P[M[i].p], M[i].G, gi);
            for (g = 0; g < L.nd; g++)
                for (w[g] = 0.0, j = 0; j < nk; j++) w[g] += l * dp->c_a * Mk[i][j] * u[j][g];
            for (g = 0; g < L.nd; g++)
                if (gi[g] != 0.0)
                    for (k = 0; k < L.nd; k++) ke[g * L.nd + k] += gi[g] * w[k];
        }
    }
    for (k = 0; k < np; k++) add_zaz(&L, &P[k], P[k].A6, ke);
    return 0;
}
