#include "problem_fd.h"
#include "fd.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void pfd_add_field_loads(alecable_model *m, alecable_cable *c)
{
    alecable_hydro_params hp;
    alecable_friction_plane_params fp;
    alecable_hydro_params_init(&hp);
    hp.diameter = 0.011;
    hp.current[0] = 0.3;
    hp.stiff = 1;
    ck_assert_int_eq(alecable_load_hydro(NULL, m, c, &hp), 0);
    alecable_friction_plane_params_init(&fp);
    fp.mu = 0.4;
    fp.eps = 0.05;
    fp.law = ALECABLE_FRICTION_SQRT;
    fp.gap = 0.01;
    fp.stiff = 1;
    ck_assert_int_eq(alecable_load_friction_plane(NULL, m, c, &fp), 0);
}

void pfd_perturbed_state(alecable_model *m, int nq, unsigned seed, double *q, double *v, double *a)
{
    int i;
    ck_assert_int_eq(alecable_model_get_state(m, q, NULL, NULL), 0);
    for (i = 0; i < nq; i++) {
        q[i] += 0.01 * fd_rand(&seed);
        v[i] = 0.5 * fd_rand(&seed);
        a[i] = 2.0 * fd_rand(&seed);
    }
}

double pfd_weighted_jacobian_error(const alecable_problem *p, double t, double *q, double *v, double *a,
                                   const double *lam, const double w[3])
{
    int n = p->nq + p->nlam, i, j, k, blk;
    double *vals = calloc((size_t)p->nnz, sizeof *vals), *J = calloc((size_t)n * n, sizeof *J);
    double *rp = calloc((size_t)n, sizeof *rp), *rm = calloc((size_t)n, sizeof *rm);
    double *col = calloc((size_t)n, sizeof *col), err = 0.0;
    ck_assert(vals && J && rp && rm && col);
    ck_assert_int_eq(p->jacobian(p->ctx, t, q, v, a, lam, w[0], w[1], w[2], ALECABLE_JAC_FULL, vals), 0);
    for (j = 0; j < n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) J[p->rowidx[k] * n + j] = vals[k];
    for (j = 0; j < p->nq; j++) {
        memset(col, 0, (size_t)n * sizeof *col);
        for (blk = 0; blk < 3; blk++) {
            double *z = blk == 0 ? q : blk == 1 ? v : a, z0 = z[j], h = 1e-6 * (1 + fabs(z0));
            z[j] = z0 + h;
            ck_assert_int_eq(p->residual(p->ctx, t, q, v, a, lam, rp), 0);
            z[j] = z0 - h;
            ck_assert_int_eq(p->residual(p->ctx, t, q, v, a, lam, rm), 0);
            z[j] = z0;
            for (i = 0; i < n; i++) col[i] += w[blk] * (rp[i] - rm[i]) / (2 * h);
        }
        for (i = 0; i < p->nq; i++) err = fmax(err, fabs(J[i * n + j] - col[i]) / (1.0 + fabs(col[i])));
    }
    free(vals);
    free(J);
    free(rp);
    free(rm);
    free(col);
    return err;
}

void pfd_dense_jacobians(const alecable_problem *p, double t, double *q, double *lam, double hs, double *J,
                         double *F)
{
    /* fourth-order central differences: (8 (f(h) - f(-h)) - (f(2h) - f(-2h))) / 12h */
    static const double off[4] = {1.0, -1.0, 2.0, -2.0}, wt[4] = {8.0, -8.0, -1.0, 1.0};
    int n = p->nq + p->nlam, i, j, k, e;
    double *vals = calloc((size_t)p->nnz, sizeof *vals), *r = calloc((size_t)n, sizeof *r);
    double *q0 = calloc((size_t)p->nq, sizeof *q0), *dq = calloc((size_t)p->nq, sizeof *dq);
    ck_assert(vals && r && q0 && dq);
    memset(J, 0, (size_t)n * n * sizeof *J);
    memset(F, 0, (size_t)n * n * sizeof *F);
    ck_assert_int_eq(p->jacobian(p->ctx, t, q, NULL, NULL, lam, 1.0, 0.0, 0.0, ALECABLE_JAC_FULL, vals), 0);
    for (j = 0; j < n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) J[p->rowidx[k] * n + j] = vals[k];
    memcpy(q0, q, (size_t)p->nq * sizeof *q0);
    for (j = 0; j < n; j++) {
        double h = j < p->nq ? hs * (1 + fabs(q0[j])) : hs * (1 + fabs(lam[j - p->nq]));
        for (e = 0; e < 4; e++) {
            if (j < p->nq) {
                dq[j] = 1.0;
                if (p->update) ck_assert_int_eq(p->update(p->ctx, q, dq, off[e] * h), 0);
                else q[j] += off[e] * h;
                ck_assert_int_eq(p->residual(p->ctx, t, q, NULL, NULL, lam, r), 0);
                memcpy(q, q0, (size_t)p->nq * sizeof *q0);
                dq[j] = 0.0;
            } else {
                double l0 = lam[j - p->nq];
                lam[j - p->nq] = l0 + off[e] * h;
                ck_assert_int_eq(p->residual(p->ctx, t, q, NULL, NULL, lam, r), 0);
                lam[j - p->nq] = l0;
            }
            for (i = 0; i < n; i++) F[i * n + j] += wt[e] * r[i] / (12.0 * h);
        }
    }
    free(vals);
    free(r);
    free(q0);
    free(dq);
}

/* |J - FD| / (1 + |FD|) over every row, q-columns perturbed through the
 * problem's update, multiplier columns directly; cq = 1, cv = ca = 0 */
double pfd_full_jacobian_error(const alecable_problem *p, double t, double *q, double *lam, double hs)
{
    int n = p->nq + p->nlam, i, j;
    double *J = calloc((size_t)n * n, sizeof *J), *F = calloc((size_t)n * n, sizeof *F), err = 0.0;
    ck_assert(J && F);
    pfd_dense_jacobians(p, t, q, lam, hs, J, F);
    /* relative to 1 + |FD|, or to the row's largest entry where that is
     * smaller (rows scaled down, as a regularized constraint's) */
    for (i = 0; i < n; i++) {
        double rowmax = 0.0;
        for (j = 0; j < n; j++) rowmax = fmax(rowmax, fabs(F[i * n + j]));
        for (j = 0; j < n; j++) {
            double d = fabs(J[i * n + j] - F[i * n + j]), s = 1.0 + fabs(F[i * n + j]);
            if (rowmax > 0.0 && rowmax < s) s = rowmax;
            err = fmax(err, d / s);
        }
    }
    free(J);
    free(F);
    return err;
}
