#include "inertia_checks.h"
#include "fd.h"

#include <check.h>
#include <string.h>

#define N EL_MAX_DOF

void ic_mass(const el_ops *ops, const el_params *par, const double *qe, int nd, double *m)
{
    double z[N] = {0};
    (void)nd;
    ops->inertia_jac(par, qe, z, z, 0.0, 0.0, 1.0, m);
}

double ic_quad(const double *m, const double *x, const double *y, int nd)
{
    double s = 0.0;
    int a, b;
    for (a = 0; a < nd; a++)
        for (b = 0; b < nd; b++) s += x[a] * m[a * nd + b] * y[b];
    return s;
}

/* Cholesky of M + 1e-10 max diag: positive semidefinite up to rounding */
static int psd(const double *m, int nd)
{
    double c[N * N], dmax = 0.0;
    int i, j, k;
    for (i = 0; i < nd; i++)
        if (m[i * nd + i] > dmax) dmax = m[i * nd + i];
    memcpy(c, m, (size_t)(nd * nd) * sizeof(double));
    for (i = 0; i < nd; i++) c[i * nd + i] += 1e-10 * dmax;
    for (j = 0; j < nd; j++) {
        for (k = 0; k < j; k++) c[j * nd + j] -= c[j * nd + k] * c[j * nd + k];
        if (!(c[j * nd + j] > 0.0)) return 0;
        c[j * nd + j] = sqrt(c[j * nd + j]);
        for (i = j + 1; i < nd; i++) {
            for (k = 0; k < j; k++) c[i * nd + j] -= c[i * nd + k] * c[j * nd + k];
            c[i * nd + j] /= c[j * nd + j];
        }
    }
    return 1;
}

void ic_check_mass(const el_ops *ops, const el_params *par, const double *qe, const double *v, const double *a,
                   int nd)
{
    double m[N * N], m2[N * N], t;
    int i, j;
    ic_mass(ops, par, qe, nd, m);
    for (i = 0; i < nd; i++)
        for (j = 0; j < i; j++) ck_assert_double_eq_tol(m[i * nd + j], m[j * nd + i], 1e-14 * par->rhoA);
    ck_assert(psd(m, nd));
    t = ops->kinetic(par, qe, v);
    ck_assert_double_eq_tol(ic_quad(m, v, v, nd), 2.0 * t, 1e-12 * t);
    ops->inertia_jac(par, qe, v, a, 0.0, 0.0, 1.0, m2);
    ck_assert_double_le(fd_relerr(m2, m, nd * nd, 1e-300), 1e-14);
}

/* dT/dv exactly: T is quadratic in v, so a unit central difference is exact */
static void dt_dv(const el_ops *ops, const el_params *par, const double *q, const double *v, int nd, double *g)
{
    double x[N];
    int i;
    for (i = 0; i < nd; i++) {
        memcpy(x, v, (size_t)nd * sizeof(double));
        x[i] = v[i] + 1.0;
        g[i] = ops->kinetic(par, q, x);
        x[i] = v[i] - 1.0;
        g[i] = 0.5 * (g[i] - ops->kinetic(par, q, x));
    }
}

void ic_check_lagrange(const el_ops *ops, const el_params *par, const double *qe, const double *v,
                       const double *a, int nd)
{
    /* d/dt dT/dv = d/de [dT/dv(q + e v, v)] + dT/dv(q, a) */
    double r[N], lag[N], gp[N], gm[N], ga[N], q[N], h = 1e-5;
    int i;
    ops->inertia(par, qe, v, a, r);
    for (i = 0; i < nd; i++) q[i] = qe[i] + h * v[i];
    dt_dv(ops, par, q, v, nd, gp);
    for (i = 0; i < nd; i++) q[i] = qe[i] - h * v[i];
    dt_dv(ops, par, q, v, nd, gm);
    dt_dv(ops, par, qe, a, nd, ga);
    for (i = 0; i < nd; i++) {
        double hq = 1e-6 * (1.0 + fabs(qe[i])), tp, tm;
        memcpy(q, qe, (size_t)nd * sizeof(double));
        q[i] = qe[i] + hq;
        tp = ops->kinetic(par, q, v);
        q[i] = qe[i] - hq;
        tm = ops->kinetic(par, q, v);
        lag[i] = (gp[i] - gm[i]) / (2 * h) + ga[i] - (tp - tm) / (2 * hq);
    }
    ck_assert_double_le(fd_relerr(r, lag, nd, 1e-12), 1e-7);
}

/* finite differences of inertia() in block b (0: q, 1: v, 2: a) */
static void fd_block(const el_ops *ops, const el_params *par, const double *qe, const double *v, const double *a,
                     int nd, int b, double *k)
{
    double x[3][N], rp[N], rm[N];
    int i, j;
    memcpy(x[0], qe, (size_t)nd * sizeof(double));
    memcpy(x[1], v, (size_t)nd * sizeof(double));
    memcpy(x[2], a, (size_t)nd * sizeof(double));
    for (j = 0; j < nd; j++) {
        double x0 = x[b][j], h = 1e-6 * (1.0 + fabs(x0));
        x[b][j] = x0 + h;
        ops->inertia(par, x[0], x[1], x[2], rp);
        x[b][j] = x0 - h;
        ops->inertia(par, x[0], x[1], x[2], rm);
        x[b][j] = x0;
        for (i = 0; i < nd; i++) k[i * nd + j] = (rp[i] - rm[i]) / (2 * h);
    }
}

void ic_check_jacobian(const el_ops *ops, const el_params *par, const double *qe, const double *v,
                       const double *a, int nd)
{
    static const double w[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    const double cq = 0.7, cv = -1.3, ca = 2.1;
    double kb[3][N * N], kfd[N * N], k[N * N], kw[N * N];
    int b, i;
    for (b = 0; b < 3; b++) {
        ops->inertia_jac(par, qe, v, a, w[b][0], w[b][1], w[b][2], kb[b]);
        fd_block(ops, par, qe, v, a, nd, b, kfd);
        ck_assert_double_le(fd_relerr(kb[b], kfd, nd * nd, 1e-12), 1e-7);
    }
    ops->inertia_jac(par, qe, v, a, cq, cv, ca, k);
    for (i = 0; i < nd * nd; i++) kw[i] = cq * kb[0][i] + cv * kb[1][i] + ca * kb[2][i];
    ck_assert_double_le(fd_relerr(k, kw, nd * nd, 1e-12), 1e-13);
}
