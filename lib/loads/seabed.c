/* Seabed contact: penalty energy, damping and friction per unit material
 * length (see seabed.h for the laws).
 *
 * Why per unit material (unstretched) length: the cable's weight, the load
 * the seabed carries, is per unit material length (rho A g ds), so a cable
 * resting on a flat bottom sinks by w/k independently of its stretch, and
 * the energy 1/2 k delta^2 ds is a function of the particles' positions
 * only, like gravity's -b.r ds: the ALE material unknowns see it through the
 * interval [s_A, s_B] exactly as they see gravity.
 *
 * The contact indicator (delta > 0) is not differentiated: the energy is
 * C^1 in r across the contact boundary (delta^2), its Hessian jumps there.
 * A grid's gap is C^0 across cell edges (its slope jumps), so the energy is
 * C^0 in r there; inside a cell everything is smooth. */
#include "seabed.h"
#include "field_loads.h"
#include "../core/vec3.h"

#include <math.h>
#include <string.h>

static void grid_cell(const seabed_params *sp, double x, double y, int *i, int *j, double *u, double *v)
{
    double fx = (x - sp->x0) / sp->dx, fy = (y - sp->y0) / sp->dy;
    double ci = floor(fx), cj = floor(fy);
    if (!(ci >= 0.0)) ci = 0.0; /* NaN lands in cell 0 too */
    if (ci > sp->nx - 2) ci = sp->nx - 2;
    if (!(cj >= 0.0)) cj = 0.0;
    if (cj > sp->ny - 2) cj = sp->ny - 2;
    *i = (int)ci;
    *j = (int)cj;
    *u = fx - ci;
    *v = fy - cj;
}

void seabed_gap(const seabed_params *sp, const double r[3], double *g, double G[3], double H[9])
{
    int i, j, a, b;
    if (!sp->grid) {
        *g = sp->normal[0] * (r[0] - sp->point[0]) + sp->normal[1] * (r[1] - sp->point[1]) +
             sp->normal[2] * (r[2] - sp->point[2]);
        if (G) memcpy(G, sp->normal, 3 * sizeof(double));
        if (H) memset(H, 0, 9 * sizeof(double));
        return;
    }
    {
        const double *h = sp->h;
        double u, v, h00, h10, h01, h11, hz, hx, hy, bb, D, c, c3, dD[3], dc[3], m[3], ddD[9], ddc[9];
        int nx = sp->nx;
        grid_cell(sp, r[0], r[1], &i, &j, &u, &v);
        h00 = h[j * nx + i];
        h10 = h[j * nx + i + 1];
        h01 = h[(j + 1) * nx + i];
        h11 = h[(j + 1) * nx + i + 1];
        hz = h00 * (1 - u) * (1 - v) + h10 * u * (1 - v) + h01 * (1 - u) * v + h11 * u * v;
        hx = ((h10 - h00) * (1 - v) + (h11 - h01) * v) / sp->dx;
        hy = ((h01 - h00) * (1 - u) + (h11 - h10) * u) / sp->dy;
        bb = (h11 - h10 - h01 + h00) / (sp->dx * sp->dy); /* h_xy; h_xx = h_yy = 0 */
        D = r[2] - hz;
        c = 1.0 / sqrt(1.0 + hx * hx + hy * hy);
        c3 = c * c * c;
        *g = D * c;
        dD[0] = -hx;
        dD[1] = -hy;
        dD[2] = 1.0;
        m[0] = hy; /* grad c = -c^3 h_xy (h_y, h_x, 0) */
        m[1] = hx;
        m[2] = 0.0;
        for (a = 0; a < 3; a++) dc[a] = -c3 * bb * m[a];
        if (G)
            for (a = 0; a < 3; a++) G[a] = c * dD[a] + D * dc[a];
        if (!H) return;
        memset(ddD, 0, sizeof ddD);
        ddD[1] = ddD[3] = -bb;
        /* grad grad c = -h_xy (3 c^2 m dc^T + c^3 grad m), grad m = h_xy diag(1, 1, 0) */
        for (a = 0; a < 3; a++)
            for (b = 0; b < 3; b++)
                ddc[a * 3 + b] = -bb * (3.0 * c * c * m[a] * dc[b] + (a == b && a < 2 ? c3 * bb : 0.0));
        for (a = 0; a < 3; a++)
            for (b = 0; b < 3; b++)
                H[a * 3 + b] = dD[a] * dc[b] + dc[a] * dD[b] + c * ddD[a * 3 + b] + D * ddc[a * 3 + b];
    }
}

double seabed_energy(const seabed_params *sp, const el_ops *ops, const double *qe)
{
    fl_point P;
    double e = 0.0, g;
    int q;
    if (fl_ndof(ops) < 0) return 0.0;
    for (q = 0; q < FL_NGAUSS; q++) {
        fl_point_eval(ops, fl_gauss_xi[q], qe, NULL, NULL, 0, &P);
        seabed_gap(sp, P.r, &g, NULL, NULL);
        if (g < 0.0) e += fl_gauss_w[q] * P.l * 0.5 * sp->k * g * g;
    }
    return e;
}

/* V = sum_q w_q l phi(r(xi_q)), phi = 1/2 k g^2 (g < 0): its gradient and
 * Hessian at fixed xi.  r = sum_b l^d_b P_b Y_b, so d2r/(dY_b dl) = (d_b/l) N_b
 * and d2r/dl2 = 0 (d_b in {0, 1}); dl/ds_A = -1, dl/ds_B = 1. */
int seabed_penalty(const seabed_params *sp, const el_ops *ops, const double *qe, double *re, double *ke)
{
    fl_point P;
    int nd = fl_ndof(ops), q, a, b, i, j;
    if (nd < 0) return -1;
    if (re) memset(re, 0, (size_t)nd * sizeof(double));
    if (ke) memset(ke, 0, (size_t)(nd * nd) * sizeof(double));
    for (q = 0; q < FL_NGAUSS; q++) {
        double g, G[3], H[9], phi, dphi[3], Hp[9], gd[EL_MAX_DOF], w = fl_gauss_w[q];
        fl_point_eval(ops, fl_gauss_xi[q], qe, NULL, NULL, 1, &P);
        seabed_gap(sp, P.r, &g, G, H);
        if (!(g < 0.0)) continue;
        phi = 0.5 * sp->k * g * g;
        for (i = 0; i < 3; i++) dphi[i] = sp->k * g * G[i];
        for (a = 0; a < nd; a++) gd[a] = dphi[0] * P.dr_dq[a] + dphi[1] * P.dr_dq[nd + a] + dphi[2] * P.dr_dq[2 * nd + a];
        if (re) {
            for (a = 0; a < nd; a++) re[a] += w * P.l * gd[a];
            re[P.sa] -= w * phi;
            re[P.sb] += w * phi;
        }
        if (!ke) continue;
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++) Hp[i * 3 + j] = sp->k * (G[i] * G[j] + g * H[i * 3 + j]);
        for (a = 0; a < nd; a++) {
            double t[3];
            for (i = 0; i < 3; i++)
                t[i] = Hp[i * 3] * P.dr_dq[a] + Hp[i * 3 + 1] * P.dr_dq[nd + a] + Hp[i * 3 + 2] * P.dr_dq[2 * nd + a];
            if (t[0] == 0.0 && t[1] == 0.0 && t[2] == 0.0) continue;
            for (b = 0; b < nd; b++)
                ke[b * nd + a] += w * P.l * (P.dr_dq[b] * t[0] + P.dr_dq[nd + b] * t[1] + P.dr_dq[2 * nd + b] * t[2]);
        }
        for (a = 0; a < nd; a++) {
            ke[P.sa * nd + a] -= w * gd[a];
            ke[a * nd + P.sa] -= w * gd[a];
            ke[P.sb * nd + a] += w * gd[a];
            ke[a * nd + P.sb] += w * gd[a];
        }
        for (b = 0; b < P.nb; b++) {
            if (P.bpow[b] != 1) continue;
            for (i = 0; i < 3; i++) {
                int row = P.boff[b] + i;
                double c = w * dphi[i] * P.N[b]; /* l (N_b / l) dphi_i */
                ke[row * nd + P.sa] -= c;
                ke[P.sa * nd + row] -= c;
                ke[row * nd + P.sb] += c;
                ke[P.sb * nd + row] += c;
            }
        }
    }
    return 0;
}

/* regularized sign and its derivative */
static double law_phi(const seabed_params *sp, double x, double *dphi)
{
    if (sp->law == FRICTION_LAW_SQRT) {
        double d = x * x + sp->eps * sp->eps, s = sqrt(d);
        *dphi = sp->eps * sp->eps / (d * s);
        return x / s;
    }
    if (fabs(x) <= sp->eps) {
        *dphi = 1.0 / sp->eps;
        return x / sp->eps;
    }
    *dphi = 0.0;
    return x > 0.0 ? 1.0 : -1.0;
}

static void cross_mat(const double v[3], double X[9])
{
    X[0] = 0;     X[1] = -v[2]; X[2] = v[1];
    X[3] = v[2];  X[4] = 0;     X[5] = -v[0];
    X[6] = -v[1]; X[7] = v[0];  X[8] = 0;
}

static void mul33(const double A[9], const double B[9], double C[9])
{
    int i, j, k;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            double s = 0.0;
            for (k = 0; k < 3; k++) s += A[i * 3 + k] * B[k * 3 + j];
            C[i * 3 + j] = s;
        }
}

/* out (3 x nd) += A (3 x 3) M (3 x nd) */
static void mat3_mul_add(const double A[9], const double *M, int nd, double *out)
{
    int i, j, k;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            double a = A[i * 3 + j];
            if (a == 0.0) continue;
            for (k = 0; k < nd; k++) out[i * nd + k] += a * M[j * nd + k];
        }
}

/* Force per unit length at a particle in contact and its derivatives with
 * respect to u, r and t (3 x 3 each).  0 when the particle is not in contact. */
static int contact_force(const seabed_params *sp, const double r[3], const double u[3], const double t[3], double f[3],
                         double Au[9], double Ar[9], double At[9])
{
    double g, G[3], H[9], nG, n[3], Dn[9], N, dN[3], un, tn, a[3], na;
    int i, j, k, d;
    seabed_gap(sp, r, &g, G, H);
    if (!(g < 0.0) || !((nG = sqrt(ac_dot3(G, G))) > 0.0)) return 0;
    for (i = 0; i < 3; i++) n[i] = G[i] / nG;
    for (i = 0; i < 3; i++) /* dn/dr = (I - n n^T) H / |G| */
        for (j = 0; j < 3; j++) {
            double s = 0.0;
            for (k = 0; k < 3; k++) s += ((i == k) - n[i] * n[k]) * H[k * 3 + j];
            Dn[i * 3 + j] = s / nG;
        }
    N = -sp->k * g;
    for (i = 0; i < 3; i++) dN[i] = -sp->k * G[i];
    un = ac_dot3(u, n);
    memset(Au, 0, 9 * sizeof(double));
    memset(Ar, 0, 9 * sizeof(double));
    memset(At, 0, 9 * sizeof(double));
    if (sp->c * fabs(un) <= N) { /* the damping force c u.n, within the penalty's k delta */
        for (i = 0; i < 3; i++) f[i] = -sp->c * un * n[i];
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++) {
                double uDn = u[0] * Dn[j] + u[1] * Dn[3 + j] + u[2] * Dn[6 + j];
                Au[i * 3 + j] = -sp->c * n[i] * n[j];
                Ar[i * 3 + j] = -sp->c * (n[i] * uDn + un * Dn[i * 3 + j]);
            }
    } else { /* held at k delta = N: continuous where the particle lands, and no pull where it lifts off */
        double sg = un > 0.0 ? 1.0 : -1.0;
        for (i = 0; i < 3; i++) f[i] = -sg * N * n[i];
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++) Ar[i * 3 + j] = -sg * (n[i] * dN[j] + N * Dn[i * 3 + j]);
    }
    if (sp->mu_a == 0.0 && sp->mu_l == 0.0) return 1;
    tn = ac_dot3(t, n);
    for (i = 0; i < 3; i++) a[i] = t[i] - tn * n[i];
    if (!((na = sqrt(ac_dot3(a, a))) > 1e-12)) return 1; /* the cable stands on the bottom: no axis */
    {
        double e[2][3], De_t[2][9], De_r[2][9], Pa[9], Pn[9], Dan[9], T1[9], T2[9], NX[9], EX[9];
        for (i = 0; i < 3; i++) e[0][i] = a[i] / na;
        e[1][0] = n[1] * e[0][2] - n[2] * e[0][1];
        e[1][1] = n[2] * e[0][0] - n[0] * e[0][2];
        e[1][2] = n[0] * e[0][1] - n[1] * e[0][0];
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++) {
                Pa[i * 3 + j] = ((i == j) - e[0][i] * e[0][j]) / na;
                Pn[i * 3 + j] = (i == j) - n[i] * n[j];
                Dan[i * 3 + j] = -tn * (i == j) - n[i] * t[j]; /* da/dn */
            }
        mul33(Pa, Pn, De_t[0]);
        mul33(Dan, Dn, T1);
        mul33(Pa, T1, De_r[0]);
        cross_mat(n, NX);
        cross_mat(e[0], EX);
        mul33(NX, De_t[0], De_t[1]);
        mul33(NX, De_r[0], T1);
        mul33(EX, Dn, T2);
        for (i = 0; i < 9; i++) De_r[1][i] = T1[i] - T2[i];
        for (d = 0; d < 2; d++) {
            double mu = d ? sp->mu_l : sp->mu_a, x, ph, dph, uet[3], uer[3];
            if (mu == 0.0) continue;
            x = ac_dot3(u, e[d]);
            ph = law_phi(sp, x, &dph);
            for (j = 0; j < 3; j++) {
                uet[j] = u[0] * De_t[d][j] + u[1] * De_t[d][3 + j] + u[2] * De_t[d][6 + j];
                uer[j] = u[0] * De_r[d][j] + u[1] * De_r[d][3 + j] + u[2] * De_r[d][6 + j];
            }
            for (i = 0; i < 3; i++) {
                f[i] -= N * mu * ph * e[d][i];
                for (j = 0; j < 3; j++) {
                    Au[i * 3 + j] -= N * mu * dph * e[d][i] * e[d][j];
                    Ar[i * 3 + j] -= mu * ph * e[d][i] * dN[j] + N * mu * (dph * e[d][i] * uer[j] + ph * De_r[d][i * 3 + j]);
                    At[i * 3 + j] -= N * mu * (dph * e[d][i] * uet[j] + ph * De_t[d][i * 3 + j]);
                }
            }
        }
    }
    return 1;
}

int seabed_field(const seabed_params *sp, const el_ops *ops, const double *qe, const double *ve, double *re, double cq,
                 double cv, double *ke)
{
    fl_point P;
    double f[3], Au[9], Ar[9], At[9], M[3 * EL_MAX_DOF], DF[3 * EL_MAX_DOF];
    int nd = fl_ndof(ops), q, k, jac = ke != NULL;
    if (nd < 0) return -1;
    if (re) memset(re, 0, (size_t)nd * sizeof(double));
    if (ke) memset(ke, 0, (size_t)(nd * nd) * sizeof(double));
    if (sp->c == 0.0 && sp->mu_a == 0.0 && sp->mu_l == 0.0) return 0;
    for (q = 0; q < FL_NGAUSS; q++) {
        double w = fl_gauss_w[q];
        fl_point_eval(ops, fl_gauss_xi[q], qe, ve, NULL, 1, &P);
        if (!contact_force(sp, P.r, P.u, P.t, f, Au, Ar, At)) continue;
        fl_point_load(&P, w, f, cq, re, ke);
        if (!jac) continue;
        memset(DF, 0, (size_t)(3 * nd) * sizeof(double));
        for (k = 0; k < 3 * nd; k++) M[k] = cq * P.du_dq[k] + cv * P.J[k];
        mat3_mul_add(Au, M, nd, DF);
        if (cq != 0.0) {
            for (k = 0; k < 3 * nd; k++) M[k] = cq * P.dr_dq[k];
            mat3_mul_add(Ar, M, nd, DF);
            for (k = 0; k < 3 * nd; k++) M[k] = cq * P.dt_dq[k];
            mat3_mul_add(At, M, nd, DF);
        }
        fl_point_jac(&P, w, DF, ke);
    }
    return 0;
}
