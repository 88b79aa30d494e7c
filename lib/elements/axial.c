/* Two-node axial ALE cable element (paper 000, section 3).
 *
 * Element dofs: [x_A (3), s_A, x_B (3), s_B].  With u = x_B - x_A and the
 * material length d = s_B - s_A, the stretch is F = |u|/d, the Green-Lagrange
 * strain eps = (F^2 - 1)/2 and the discrete potential
 *     W = 1/2 EA eps^2 d.
 * Force and tangent are its exact gradient and Hessian; they agree with the
 * paper's eq. (66) and the symmetric tangent of eqs. (34)-(37). */
#include "element.h"

#include <math.h>
#include <stddef.h>

enum { NDOF = 8 };

/* Position of element dof a in the reduced variables y = (u, d): component
 * and the sign of the dof in u = x_B - x_A, d = s_B - s_A. */
static int comp(int a) { return a & 3; }
static double sgn(int a) { return a < 4 ? -1.0 : 1.0; }

static void kin(const double *qe, double u[3], double *d)
{
    u[0] = qe[4] - qe[0];
    u[1] = qe[5] - qe[1];
    u[2] = qe[6] - qe[2];
    *d = qe[7] - qe[3];
}

static double dot3(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* Expands a gradient g (4) and Hessian h (4x4) in y = (u, d) to element dofs. */
static void expand_grad(const double g[4], double *fe)
{
    int a;
    for (a = 0; a < NDOF; a++) fe[a] = sgn(a) * g[comp(a)];
}

static void expand_hess(const double h[16], double *ke)
{
    int a, b;
    for (a = 0; a < NDOF; a++)
        for (b = 0; b < NDOF; b++) ke[a * NDOF + b] = sgn(a) * sgn(b) * h[comp(a) * 4 + comp(b)];
}

static double axial_energy(const el_params *p, const double *qe)
{
    double u[3], d, F2, eps;
    kin(qe, u, &d);
    F2 = dot3(u, u) / (d * d);
    eps = 0.5 * (F2 - 1.0);
    return 0.5 * p->EA * eps * eps * d;
}

static void axial_force(const el_params *p, const double *qe, double *fe)
{
    double u[3], d, F2, eps, g[4];
    int i;
    kin(qe, u, &d);
    F2 = dot3(u, u) / (d * d);
    eps = 0.5 * (F2 - 1.0);
    for (i = 0; i < 3; i++) g[i] = p->EA * eps * u[i] / d;
    g[3] = 0.5 * p->EA * (eps * eps - 2.0 * F2 * eps);
    expand_grad(g, fe);
}

static void axial_tangent(const el_params *p, const double *qe, double *ke)
{
    double u[3], d, F2, eps, h[16];
    int i, j;
    kin(qe, u, &d);
    F2 = dot3(u, u) / (d * d);
    eps = 0.5 * (F2 - 1.0);
    for (i = 0; i < 3; i++) {
        for (j = 0; j < 3; j++)
            h[i * 4 + j] = p->EA / d * ((i == j ? eps : 0.0) + u[i] * u[j] / (d * d));
        h[i * 4 + 3] = h[3 * 4 + i] = -p->EA * u[i] * (F2 + eps) / (d * d);
    }
    h[15] = p->EA / d * (eps * F2 + F2 * F2);
    expand_hess(h, ke);
}

static void axial_strain(const el_params *p, const double *qe, double *eps, double *stretch, double *force)
{
    double u[3], d, F;
    kin(qe, u, &d);
    F = sqrt(dot3(u, u)) / d;
    *eps = 0.5 * (F * F - 1.0);
    *stretch = F;
    *force = p->EA * *eps * F;
}

/* Uniform load b per unit material length: W = -d b.(x_A + x_B)/2 (eqs. 67-68). */
static double dist_energy(const double b[3], const double *qe)
{
    double d = qe[7] - qe[3];
    return -0.5 * d * (dot3(b, qe) + dot3(b, qe + 4));
}

static void dist_force(const double b[3], const double *qe, double *fe)
{
    double d = qe[7] - qe[3];
    double bx = 0.5 * (dot3(b, qe) + dot3(b, qe + 4));
    int i;
    for (i = 0; i < 3; i++) fe[i] = fe[4 + i] = -0.5 * d * b[i];
    fe[3] = bx;
    fe[7] = -bx;
}

static void dist_tangent(const double b[3], const double *qe, double *ke)
{
    int a, i;
    (void)qe;
    for (a = 0; a < NDOF * NDOF; a++) ke[a] = 0.0;
    for (i = 0; i < 3; i++) {
        int xa = i, xb = 4 + i;
        ke[xa * NDOF + 3] = ke[3 * NDOF + xa] = 0.5 * b[i];
        ke[xb * NDOF + 3] = ke[3 * NDOF + xb] = 0.5 * b[i];
        ke[xa * NDOF + 7] = ke[7 * NDOF + xa] = -0.5 * b[i];
        ke[xb * NDOF + 7] = ke[7 * NDOF + xb] = -0.5 * b[i];
    }
}

/* Force f on the material particle s: W = -f.x(s), x(s) = N_A x_A + N_B x_B
 * with N_B = (s - s_A)/d; the shape functions move with the nodes' s. */
static void point_shape(double s, const double *qe, double *na, double *nb, double *d)
{
    *d = qe[7] - qe[3];
    *nb = (s - qe[3]) / *d;
    *na = 1.0 - *nb;
}

static double point_energy(const double f[3], double s, const double *qe)
{
    double na, nb, d;
    point_shape(s, qe, &na, &nb, &d);
    return -(na * dot3(f, qe) + nb * dot3(f, qe + 4));
}

static void point_force(const double f[3], double s, const double *qe, double *fe)
{
    double na, nb, d, u[3], phi;
    int i;
    point_shape(s, qe, &na, &nb, &d);
    kin(qe, u, &d);
    phi = dot3(f, u);
    for (i = 0; i < 3; i++) {
        fe[i] = -na * f[i];
        fe[4 + i] = -nb * f[i];
    }
    fe[3] = na * phi / d;
    fe[7] = nb * phi / d;
}

static void point_tangent(const double f[3], double s, const double *qe, double *ke)
{
    double na, nb, d, u[3], phi;
    int a, i;
    point_shape(s, qe, &na, &nb, &d);
    kin(qe, u, &d);
    phi = dot3(f, u);
    for (a = 0; a < NDOF * NDOF; a++) ke[a] = 0.0;
    for (i = 0; i < 3; i++) {
        ke[i * NDOF + 3] = ke[3 * NDOF + i] = -na * f[i] / d;
        ke[i * NDOF + 7] = ke[7 * NDOF + i] = -nb * f[i] / d;
        ke[(4 + i) * NDOF + 3] = ke[3 * NDOF + 4 + i] = na * f[i] / d;
        ke[(4 + i) * NDOF + 7] = ke[7 * NDOF + 4 + i] = nb * f[i] / d;
    }
    ke[3 * NDOF + 3] = 2.0 * na * phi / (d * d);
    ke[7 * NDOF + 7] = -2.0 * nb * phi / (d * d);
    ke[3 * NDOF + 7] = ke[7 * NDOF + 3] = (nb - na) * phi / (d * d);
}

/* Linear interpolation: dx/dxi = u/L_xi and 1/(ds/dxi) = L_xi/d are constant
 * over the element, so both ends give the same values. */
static void end_gradient(const el_params *p, const double *qe, int end, double g[3], double *jinv,
                         double *dg, double *djinv)
{
    double u[3], d, L = p->ref_len;
    int i, a;
    (void)end;
    kin(qe, u, &d);
    for (i = 0; i < 3; i++) g[i] = u[i] / L;
    *jinv = L / d;
    if (dg) {
        for (a = 0; a < 3 * NDOF; a++) dg[a] = 0.0;
        for (i = 0; i < 3; i++) {
            dg[i * NDOF + i] = -1.0 / L;
            dg[i * NDOF + 4 + i] = 1.0 / L;
        }
    }
    if (djinv) {
        for (a = 0; a < NDOF; a++) djinv[a] = 0.0;
        djinv[3] = L / (d * d);
        djinv[7] = -L / (d * d);
    }
}

/* Inertia of the material particles.  At fixed s the particle sits at
 * x = N_A x_A + N_B x_B with N_B = xi = (s - s_A)/d, so its velocity carries
 * the material-flow terms of sdot_A, sdot_B (paper 001 eq. 10 with linear
 * shape functions):
 *     T = 1/2 rhoA int_{s_A}^{s_B} |d/dt x(s, t)|^2 ds = 1/2 v^T M(q) v.
 * Lagrange's r_i = d/dt(dT/dv_i) - dT/dq_i in particle form (Leibniz rule for
 * the moving limits, dT/ds at the limits):
 *     r_i = rhoA int xdd . dx/dq_i ds + [momentum flux at the ends],
 * where at an end the particle is on the node (dx/dx_end = I), dx/ds_end = -t
 * with t = u/d = dx/ds, and its velocity is w = xdot_end - sdot_end t:
 *     r(x_A) += -rhoA sdot_A w_A,   r(s_A) += rhoA (sdot_A w_A.t + |w_A|^2/2),
 *     r(x_B) += +rhoA sdot_B w_B,   r(s_B) += -rhoA (sdot_B w_B.t + |w_B|^2/2).
 * Quadrature: 2-point Gauss-Legendre (exact to degree 3).  Every fixed-s
 * derivative of x is linear in xi, so T and the integrands have degree 2 and
 * the sums are exact: the particle form equals Lagrange's expression of the
 * discrete T to rounding. */

/* Gauss points on [0, 1]: 1/2 -+ 1/(2 sqrt 3), weights 1/2 */
static const double gxi[2] = {0.2113248654051871177454256, 0.7886751345948128822545744};
static const int xoff[2] = {0, 4}; /* x_A, x_B */
static const int soff[2] = {3, 7}; /* s_A, s_B */

/* Shape functions of the particle at xi and their derivatives with respect
 * to s_m (m = A, B) at fixed s.  With N_A = 1 - xi, N_B = xi (P' = -1, +1),
 * xi_A = (xi - 1)/d, xi_B = -xi/d, d_A = -1, d_B = 1:
 *     d_m N = c_m P'/d,   d_m d_n N = -(c_m e_n + c_n e_m) P'/d^2,
 * c_A = xi - 1, c_B = -xi, e_A = -1, e_B = 1; nmn index 0 AA, 1 AB, 2 BB.
 * Their powers of d (0, -1, -2) give the d-derivatives at fixed xi. */
typedef struct particle {
    double n[2], nm[2][2], nmn[2][3];
    double nd[2], q1[2], q2[2];
    double w[3], acc[3], R[2][3];
} particle;

static void particle_eval(double xi, double d, const double *qe, const double *ve, const double *ae, particle *P)
{
    const double c[2] = {xi - 1.0, -xi}, mm[3] = {2.0 * (xi - 1.0), 1.0 - 2.0 * xi, 2.0 * xi};
    double id = 1.0 / d, sd0 = ve[3], sd1 = ve[7];
    int b, i, k;
    P->n[0] = 1.0 - xi;
    P->n[1] = xi;
    for (b = 0; b < 2; b++) {
        double dp = b ? 1.0 : -1.0; /* P' */
        P->nm[b][0] = c[0] * dp * id;
        P->nm[b][1] = c[1] * dp * id;
        for (k = 0; k < 3; k++) P->nmn[b][k] = mm[k] * dp * id * id;
    }
    for (i = 0; i < 3; i++) P->w[i] = P->acc[i] = P->R[0][i] = P->R[1][i] = 0.0;
    for (b = 0; b < 2; b++) {
        const double *x = qe + xoff[b], *xd = ve + xoff[b];
        P->nd[b] = P->nm[b][0] * sd0 + P->nm[b][1] * sd1;
        P->q2[b] = P->nmn[b][0] * sd0 * sd0 + 2.0 * P->nmn[b][1] * sd0 * sd1 + P->nmn[b][2] * sd1 * sd1;
        P->q1[b] = ae ? P->nm[b][0] * ae[3] + P->nm[b][1] * ae[7] : 0.0;
        for (i = 0; i < 3; i++) {
            P->w[i] += P->n[b] * xd[i] + P->nd[b] * x[i];
            P->R[0][i] += P->nm[b][0] * x[i];
            P->R[1][i] += P->nm[b][1] * x[i];
            if (ae) P->acc[i] += P->n[b] * ae[xoff[b] + i] + 2.0 * P->nd[b] * xd[i] + (P->q1[b] + P->q2[b]) * x[i];
        }
    }
}

static double axial_kinetic(const el_params *p, const double *qe, const double *ve)
{
    double d = qe[7] - qe[3], t = 0.0;
    particle P;
    int g;
    for (g = 0; g < 2; g++) {
        particle_eval(gxi[g], d, qe, ve, NULL, &P);
        t += 0.5 * dot3(P.w, P.w);
    }
    return 0.5 * p->rhoA * d * t;
}

/* Momentum flux through end e (0 = A, 1 = B); t = u/d depends on all four
 * coordinates: dt/dx_A = -I/d, dt/dx_B = I/d, dt/ds_A = t/d, dt/ds_B = -t/d. */
static void end_flux(const el_params *p, const double *qe, const double *ve, int e, double cq, double cv,
                     double *re, double *ke)
{
    int pos = xoff[e], sdof = soff[e], i;
    double u[3], d, t[3], w[3], sd = ve[sdof], c = (e ? 1.0 : -1.0) * p->rhoA, tt;
    kin(qe, u, &d);
    for (i = 0; i < 3; i++) {
        t[i] = u[i] / d;
        w[i] = ve[pos + i] - sd * t[i];
    }
    tt = dot3(t, t);
    if (re) {
        for (i = 0; i < 3; i++) re[pos + i] += c * sd * w[i];
        re[sdof] -= c * (sd * dot3(w, t) + 0.5 * dot3(w, w));
    }
    if (ke) {
        double k2 = cq * c * sd * sd / d;
        for (i = 0; i < 3; i++) {
            ke[(pos + i) * NDOF + pos + i] += cv * c * sd;
            ke[(pos + i) * NDOF + sdof] += cv * c * (w[i] - sd * t[i]);
            ke[sdof * NDOF + pos + i] -= cv * c * (sd * t[i] + w[i]);
            /* -c sdot^2 dt/dq on the position rows, c sdot^2 t.dt/dq on the s row */
            ke[(pos + i) * NDOF + i] += k2;
            ke[(pos + i) * NDOF + 4 + i] -= k2;
            ke[(pos + i) * NDOF + 3] -= k2 * t[i];
            ke[(pos + i) * NDOF + 7] += k2 * t[i];
            ke[sdof * NDOF + i] -= k2 * t[i];
            ke[sdof * NDOF + 4 + i] += k2 * t[i];
        }
        ke[sdof * NDOF + sdof] += cv * c * sd * tt;
        ke[sdof * NDOF + 3] += k2 * tt;
        ke[sdof * NDOF + 7] -= k2 * tt;
    }
}

static void axial_inertia(const el_params *p, const double *qe, const double *ve, const double *ae, double *re)
{
    double d = qe[7] - qe[3];
    particle P;
    int g, b, i;
    for (i = 0; i < NDOF; i++) re[i] = 0.0;
    for (g = 0; g < 2; g++) {
        double c = 0.5 * p->rhoA * d;
        particle_eval(gxi[g], d, qe, ve, ae, &P);
        for (b = 0; b < 2; b++) {
            for (i = 0; i < 3; i++) re[xoff[b] + i] += c * P.n[b] * P.acc[i];
            re[soff[b]] += c * dot3(P.R[b], P.acc);
        }
    }
    end_flux(p, qe, ve, 0, 0.0, 0.0, re, NULL);
    end_flux(p, qe, ve, 1, 0.0, 0.0, re, NULL);
}

/* ke = cq dr/dq + cv dr/dv + ca dr/da; the integrand 1/2 rhoA d (R_i . xdd) is
 * differentiated at fixed xi, where q enters through x_A, x_B (linearly) and
 * d (each d^e term times e/d), and the d-column goes to s_A (-) and s_B (+):
 *     d xdd / dxdd_c = N_c,  d xdd / dxd_c = 2 Nd_c,  d xdd / dx_c = Ndd_c   (times I)
 *     d xdd / dsdd_m = R_m,  d xdd / dsd_m = V_m = 2 d/dt R_m. */
static void axial_inertia_jac(const el_params *p, const double *qe, const double *ve, const double *ae, double cq,
                              double cv, double ca, double *ke)
{
    double d = qe[7] - qe[3], id = 1.0 / d, jd[NDOF];
    particle P;
    int g, b, c, i, m, k;
    for (k = 0; k < NDOF * NDOF; k++) ke[k] = 0.0;
    for (k = 0; k < NDOF; k++) jd[k] = 0.0;
    for (g = 0; g < 2; g++) {
        double wt = 0.5 * p->rhoA, cc = wt * d, alpha[2], V[2][3], Z[2][3];
        particle_eval(gxi[g], d, qe, ve, ae, &P);
        for (m = 0; m < 2; m++) {
            for (i = 0; i < 3; i++) V[m][i] = 0.0;
            for (b = 0; b < 2; b++) {
                double sn = P.nmn[b][m] * ve[3] + P.nmn[b][m + 1] * ve[7]; /* sum_n d_m d_n N_b sdot_n */
                for (i = 0; i < 3; i++) V[m][i] += 2.0 * (P.nm[b][m] * ve[xoff[b] + i] + sn * qe[xoff[b] + i]);
            }
            for (i = 0; i < 3; i++) Z[m][i] = ca * P.R[m][i] + cv * V[m][i];
        }
        for (b = 0; b < 2; b++) alpha[b] = ca * P.n[b] + 2.0 * cv * P.nd[b] + cq * (P.q1[b] + P.q2[b]);
        for (b = 0; b < 2; b++) {
            for (c = 0; c < 2; c++) {
                double kb = cc * P.n[b] * alpha[c];
                for (i = 0; i < 3; i++) ke[(xoff[b] + i) * NDOF + xoff[c] + i] += kb;
            }
            for (m = 0; m < 2; m++)
                for (i = 0; i < 3; i++) {
                    ke[(xoff[b] + i) * NDOF + soff[m]] += cc * P.n[b] * Z[m][i];
                    ke[soff[m] * NDOF + xoff[b] + i] += cc * (alpha[b] * P.R[m][i] + cq * P.nm[b][m] * P.acc[i]);
                }
        }
        for (m = 0; m < 2; m++)
            for (c = 0; c < 2; c++) ke[soff[m] * NDOF + soff[c]] += cc * dot3(P.R[m], Z[c]);
        if (cq != 0.0) {
            /* d-derivatives at fixed xi: accd = d xdd/dd, Rd[m] = d R_m/dd */
            double accd[3] = {0, 0, 0}, Rd[2][3] = {{0, 0, 0}, {0, 0, 0}};
            for (b = 0; b < 2; b++)
                for (i = 0; i < 3; i++) {
                    accd[i] -= id * (2.0 * P.nd[b] * ve[xoff[b] + i] + (P.q1[b] + 2.0 * P.q2[b]) * qe[xoff[b] + i]);
                    Rd[0][i] -= id * P.nm[b][0] * qe[xoff[b] + i];
                    Rd[1][i] -= id * P.nm[b][1] * qe[xoff[b] + i];
                }
            for (b = 0; b < 2; b++)
                for (i = 0; i < 3; i++) jd[xoff[b] + i] += wt * (P.n[b] * P.acc[i] + d * P.n[b] * accd[i]);
            for (m = 0; m < 2; m++)
                jd[soff[m]] += wt * (dot3(P.R[m], P.acc) + d * (dot3(Rd[m], P.acc) + dot3(P.R[m], accd)));
        }
    }
    if (cq != 0.0)
        for (k = 0; k < NDOF; k++) {
            ke[k * NDOF + 3] -= cq * jd[k];
            ke[k * NDOF + 7] += cq * jd[k];
        }
    end_flux(p, qe, ve, 0, cq, cv, NULL, ke);
    end_flux(p, qe, ve, 1, cq, cv, NULL, ke);
}

const el_ops el_axial_ops = {
    0, 2, 4, 3,
    axial_energy, axial_force, axial_tangent, axial_strain,
    dist_energy, dist_force, dist_tangent,
    point_energy, point_force, point_tangent,
    end_gradient,
    axial_kinetic, axial_inertia, axial_inertia_jac,
    NULL, NULL, NULL, NULL, /* no accumulating forms: assembly adds through a scratch matrix */
    /* rough counts of the closed-form kernels (2-point inertia quadrature) */
    {40.0, 160.0, 20.0, 40.0, 450.0, 450.0, 1200.0, 1200.0, 0.0, 0.0, 0.0, 0.0, 0.0},
    NULL, /* no section frame */
    NULL  /* no pair kernel */
};
