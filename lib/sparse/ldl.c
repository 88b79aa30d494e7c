/* Inertia of the symmetric part of a matrix: LDL^T without pivoting after an AMD
 * ordering (up-looking, by rows, on the elimination tree; the classical
 * algorithm of Davis's LDL), for the quasistatic solver's stability check.
 * By Sylvester's law of inertia the signs of D are those of the matrix's
 * eigenvalues, whatever the ordering, as long as no pivot vanishes.  Only
 * the entries whose permuted row is <= their permuted column are read: one
 * triangle of a symmetric matrix stored whole.  AMD (BSD) is in both builds.
 * All memory is taken at create; factor and direction allocate nothing. */
#include "sparse.h"

#include <amd.h>
#include <math.h>
#include <string.h>

struct sp_ldl {
    const sp_pattern *p;
    ac_alloc *alloc;
    int n;
    int *P, *Pinv, *parent, *lnz, *flag, *pattern, *lp, *li;
    int *mirror; /* position of the transposed entry, or -1: the factor reads (A + A^T) / 2 */
    double *lx, *d, *y;
};

void sp_ldl_destroy(sp_ldl *f)
{
    ac_alloc *a;
    if (!f) return;
    a = f->alloc;
    ac_free(a, f->P);
    ac_free(a, f->mirror);
    ac_free(a, f->Pinv);
    ac_free(a, f->parent);
    ac_free(a, f->lnz);
    ac_free(a, f->flag);
    ac_free(a, f->pattern);
    ac_free(a, f->lp);
    ac_free(a, f->li);
    ac_free(a, f->lx);
    ac_free(a, f->d);
    ac_free(a, f->y);
    ac_free(a, f);
}

int sp_ldl_create(sp_ldl **out, const sp_pattern *p, ac_alloc *alloc)
{
    sp_ldl *f;
    int n = p->n, k, q, st;
    size_t nz;
    *out = NULL;
    f = (sp_ldl *)ac_calloc(alloc, 1, sizeof *f);
    if (!f) return SP_ENOMEM;
    f->p = p;
    f->alloc = alloc;
    f->n = n;
    f->P = (int *)ac_calloc(alloc, (size_t)n + 1, sizeof(int));
    f->Pinv = (int *)ac_calloc(alloc, (size_t)n + 1, sizeof(int));
    f->parent = (int *)ac_calloc(alloc, (size_t)n + 1, sizeof(int));
    f->lnz = (int *)ac_calloc(alloc, (size_t)n + 1, sizeof(int));
    f->flag = (int *)ac_calloc(alloc, (size_t)n + 1, sizeof(int));
    f->pattern = (int *)ac_calloc(alloc, (size_t)n + 1, sizeof(int));
    f->lp = (int *)ac_calloc(alloc, (size_t)n + 1, sizeof(int));
    f->d = (double *)ac_calloc(alloc, (size_t)n + 1, sizeof(double));
    f->y = (double *)ac_calloc(alloc, (size_t)n + 1, sizeof(double));
    f->mirror = (int *)ac_malloc(alloc, (size_t)(p->nnz > 0 ? p->nnz : 1) * sizeof(int));
    if (!f->mirror || !f->Pinv || !f->parent || !f->lnz || !f->flag || !f->pattern || !f->lp || !f->d || !f->y) {
        sp_ldl_destroy(f);
        return SP_ENOMEM;
    }
    st = amd_order(n, p->colptr, p->rowidx, f->P, NULL, NULL);
    if (st != AMD_OK && st != AMD_OK_BUT_JUMBLED) {
        sp_ldl_destroy(f);
        return st == AMD_OUT_OF_MEMORY ? SP_ENOMEM : SP_EFAIL;
    }
    for (k = 0; k < n; k++) f->Pinv[f->P[k]] = k;
    for (k = 0; k < n; k++)
        for (q = p->colptr[k]; q < p->colptr[k + 1]; q++) f->mirror[q] = sp_find(p, k, p->rowidx[q]);
    /* the elimination tree and the column counts of L */
    for (k = 0; k < n; k++) {
        int kk = f->P[k];
        f->parent[k] = -1;
        f->flag[k] = k;
        f->lnz[k] = 0;
        for (q = p->colptr[kk]; q < p->colptr[kk + 1]; q++) {
            int i = f->Pinv[p->rowidx[q]];
            if (i < k)
                for (; f->flag[i] != k; i = f->parent[i]) {
                    if (f->parent[i] == -1) f->parent[i] = k;
                    f->lnz[i]++;
                    f->flag[i] = k;
                }
        }
    }
    f->lp[0] = 0;
    for (k = 0; k < n; k++) f->lp[k + 1] = f->lp[k] + f->lnz[k];
    nz = (size_t)f->lp[n];
    f->li = (int *)ac_malloc(alloc, (nz > 0 ? nz : 1) * sizeof(int));
    f->lx = (double *)ac_malloc(alloc, (nz > 0 ? nz : 1) * sizeof(double));
    if (!f->li || !f->lx) {
        sp_ldl_destroy(f);
        return SP_ENOMEM;
    }
    *out = f;
    return SP_OK;
}

int sp_ldl_factor(sp_ldl *f, const double *vals, int *neg, double *dneg)
{
    const sp_pattern *p = f->p;
    int n = f->n, k, q, top, len;
    double dmin = 0.0;
    *neg = 0;
    for (k = 0; k < n; k++) {
        int kk = f->P[k];
        f->y[k] = 0.0;
        top = n;
        f->flag[k] = k;
        f->lnz[k] = 0;
        for (q = p->colptr[kk]; q < p->colptr[kk + 1]; q++) {
            int i = f->Pinv[p->rowidx[q]];
            if (i <= k) {
                f->y[i] += f->mirror[q] >= 0 ? 0.5 * (vals[q] + vals[f->mirror[q]]) : vals[q];
                for (len = 0; f->flag[i] != k; i = f->parent[i]) {
                    f->pattern[len++] = i;
                    f->flag[i] = k;
                }
                while (len > 0) f->pattern[--top] = f->pattern[--len];
            }
        }
        f->d[k] = f->y[k];
        f->y[k] = 0.0;
        for (; top < n; top++) {
            int i = f->pattern[top], q2 = f->lp[i] + f->lnz[i];
            double yi = f->y[i], lki;
            f->y[i] = 0.0;
            for (q = f->lp[i]; q < q2; q++) f->y[f->li[q]] -= f->lx[q] * yi;
            lki = yi / f->d[i];
            f->d[k] -= lki * yi;
            f->li[q2] = k;
            f->lx[q2] = lki;
            f->lnz[i]++;
        }
        if (f->d[k] == 0.0 || !isfinite(f->d[k])) return SP_ESINGULAR;
        if (f->d[k] < 0.0) {
            ++*neg;
            if (f->d[k] < dmin) dmin = f->d[k];
        }
    }
    if (dneg) *dneg = dmin;
    return SP_OK;
}

double sp_ldl_asymmetry(const sp_ldl *f, const double *vals, const unsigned char *skip)
{
    const sp_pattern *p = f->p;
    double m = 0.0;
    int j, q;
    for (j = 0; j < p->n; j++) {
        if (skip && skip[j]) continue;
        for (q = p->colptr[j]; q < p->colptr[j + 1]; q++) {
            double a;
            if (skip && skip[p->rowidx[q]]) continue;
            a = f->mirror[q] >= 0 ? fabs(vals[q] - vals[f->mirror[q]]) : fabs(vals[q]);
            if (!(a <= m)) m = a;
        }
    }
    return m;
}

/* x <- S^-1 x with the last factor (every pivot of it nonzero) */
void sp_ldl_solve(const sp_ldl *f, double *x)
{
    int j, q, n = f->n;
    double *y = f->y;
    for (j = 0; j < n; j++) y[j] = x[f->P[j]];
    for (j = 0; j < n; j++)
        for (q = f->lp[j]; q < f->lp[j] + f->lnz[j]; q++) y[f->li[q]] -= f->lx[q] * y[j];
    for (j = 0; j < n; j++) y[j] /= f->d[j];
    for (j = n - 1; j >= 0; j--)
        for (q = f->lp[j]; q < f->lp[j] + f->lnz[j]; q++) y[j] -= f->lx[q] * y[f->li[q]];
    for (j = 0; j < n; j++) x[f->P[j]] = y[j];
    memset(y, 0, (size_t)n * sizeof(double));
}

void sp_ldl_symv(const sp_ldl *f, const double *vals, const double *x, double *y)
{
    const sp_pattern *p = f->p;
    int j, q;
    memset(y, 0, (size_t)f->n * sizeof(double));
    for (j = 0; j < f->n; j++)
        for (q = p->colptr[j]; q < p->colptr[j + 1]; q++) {
            double a = f->mirror[q] >= 0 ? 0.5 * (vals[q] + vals[f->mirror[q]]) : 0.5 * vals[q];
            y[p->rowidx[q]] += a * x[j];
            if (f->mirror[q] < 0) y[j] += a * x[p->rowidx[q]];
        }
}

void sp_ldl_skewv(const sp_ldl *f, const double *vals, const double *x, double *y)
{
    const sp_pattern *p = f->p;
    int j, q;
    memset(y, 0, (size_t)f->n * sizeof(double));
    for (j = 0; j < f->n; j++)
        for (q = p->colptr[j]; q < p->colptr[j + 1]; q++) {
            double a = f->mirror[q] >= 0 ? 0.5 * (vals[q] - vals[f->mirror[q]]) : 0.5 * vals[q];
            y[p->rowidx[q]] += a * x[j];
            if (f->mirror[q] < 0) y[j] -= a * x[p->rowidx[q]];
        }
}
