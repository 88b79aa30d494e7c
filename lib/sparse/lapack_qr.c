/* The GPL-free build's (ALECABLE_NO_GPL) stand-in for SPQR: a dense
 * rank-revealing QR with column pivoting, LAPACK's dgeqp3 (BSD), for the two
 * jobs SPQR does in the default build (spqr.c and rank.c, not compiled
 * here):
 *
 *  - SP_SPQR, the least-squares backend: x = E [R11 \ (Q' b)(1:r); 0], the
 *    basic solution SPQR's backslash returns, with SPQR's default rank
 *    tolerance 20 (m + n) eps times the largest column norm;
 *  - sp_rank_detect, the dependent lines of the two-stage regularization,
 *    with the column scaling and the tolerance rule of rank.c.
 *
 * Why dense: no sparse rank-revealing QR under a permissive or LGPL license
 * comes with the distribution (SPQR is GPL), and the matrices are
 * small or moderate (the rank runs on the tangent with the single-dof
 * constraints condensed out; SP_SPQR is the slow backend of a slack first
 * load step).  Column pivoting by the largest remaining norm makes the
 * decision simpler than Heath's: R's diagonal is the remaining norm of each
 * pivot column and does not increase, so the first |R_kk| <= tol ends the
 * rank and every later column is dependent, as rank.c promises.  Which of
 * two dependent columns is called dependent may differ from SPQR's choice
 * (SPQR walks its fill-reducing order, dgeqp3 takes the largest norm).
 *
 * Cost and memory: n^2 doubles and the LAPACK workspaces are allocated once
 * at create through ac_alloc (the reference LAPACK allocates nothing), so a
 * factorization or a rank detection allocates nothing at all, unlike SPQR;
 * each one costs about 4/3 n^3 flops.  A pattern larger than DENSE_MAX_N is
 * refused at create (SP_EUNSUITED): its dense copy would not fit in memory
 * a user expects a cable solver to take. */
#include "backend.h"

#include <float.h>
#include <math.h>
#include <string.h>

/* n = 4000: 128 MB for the dense copy, ~8.5e10 flops per factorization. */
#define DENSE_MAX_N 4000

/* LAPACK's Fortran entry points (Fortran integers are C ints in Debian's
 * LP64 LAPACK; gfortran passes the lengths of character arguments last). */
void dgeqp3_(const int *m, const int *n, double *a, const int *lda, int *jpvt,
             double *tau, double *work, const int *lwork, int *info);
void dormqr_(const char *side, const char *trans, const int *m, const int *n,
             const int *k, const double *a, const int *lda, const double *tau,
             double *c, const int *ldc, double *work, const int *lwork,
             int *info, size_t side_len, size_t trans_len);
void dtrtrs_(const char *uplo, const char *trans, const char *diag,
             const int *n, const int *nrhs, const double *a, const int *lda,
             double *b, const int *ldb, int *info, size_t uplo_len,
             size_t trans_len, size_t diag_len);

/* A dense n-by-n column-major matrix, its dgeqp3 factors and workspace. */
typedef struct dqr {
    int n;
    double *a;    /* n*n: the matrix, then R above the diagonal and the
                   * Householder vectors below it */
    double *tau;  /* n */
    double *work; /* lwork */
    int lwork;
    int *jpvt;    /* n: A P = Q R, column k of A P is column jpvt[k]-1 of A */
} dqr;

static void dqr_free(dqr *d, ac_alloc *alloc)
{
    ac_free(alloc, d->a);
    ac_free(alloc, d->tau);
    ac_free(alloc, d->work);
    ac_free(alloc, d->jpvt);
}

/* Allocates for order n; with_solve also sizes the workspace for dormqr.
 * SP_OK, SP_ENOMEM, SP_EUNSUITED (n too large) or SP_EFAIL. */
static int dqr_init(dqr *d, int n, int with_solve, ac_alloc *alloc)
{
    const int nn = n > 0 ? n : 1, one = 1, query = -1;
    double w = 0.0;
    int info = 0, ip = 0, lwork;
    memset(d, 0, sizeof *d);
    if (n > DENSE_MAX_N)
        return SP_EUNSUITED;
    d->n = n;
    /* The workspace queries read no matrix: the sizes are all they need. */
    dgeqp3_(&nn, &nn, &w, &nn, &ip, &w, &w, &query, &info);
    if (info != 0)
        return SP_EFAIL;
    lwork = (int)w;
    if (with_solve) {
        dormqr_("L", "T", &nn, &one, &nn, &w, &nn, &w, &w, &nn, &w, &query,
                &info, 1, 1);
        if (info != 0)
            return SP_EFAIL;
        if ((int)w > lwork)
            lwork = (int)w;
    }
    d->lwork = lwork > 3 * nn + 1 ? lwork : 3 * nn + 1; /* dgeqp3's minimum */
    d->a = ac_calloc(alloc, (size_t)nn * (size_t)nn, sizeof(double));
    d->tau = ac_calloc(alloc, (size_t)nn, sizeof(double));
    d->work = ac_calloc(alloc, (size_t)d->lwork, sizeof(double));
    d->jpvt = ac_calloc(alloc, (size_t)nn, sizeof(int));
    if (!d->a || !d->tau || !d->work || !d->jpvt) {
        dqr_free(d, alloc);
        return SP_ENOMEM;
    }
    return SP_OK;
}

/* d->a = the matrix with values v on pattern p (v[k] at (rowidx[k], j)). */
static void dqr_fill(dqr *d, const sp_pattern *p, const double *v)
{
    const size_t n = (size_t)d->n;
    int j, k;
    memset(d->a, 0, n * n * sizeof(double));
    for (j = 0; j < d->n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++)
            d->a[(size_t)j * n + (size_t)p->rowidx[k]] = v[k];
}

/* QR with column pivoting of d->a; 0 or -1. */
static int dqr_factor(dqr *d)
{
    int info = 0;
    if (d->n == 0)
        return 0;
    /* jpvt = 0: every column is free to be pivoted. */
    memset(d->jpvt, 0, (size_t)d->n * sizeof(int));
    dgeqp3_(&d->n, &d->n, d->a, &d->n, d->jpvt, d->tau, d->work, &d->lwork,
            &info);
    return info == 0 ? 0 : -1;
}

/* The number of leading |R_kk| above tol (see the top of this file). */
static int dqr_rank(const dqr *d, double tol)
{
    const size_t n = (size_t)d->n;
    int k = 0;
    while (k < d->n && fabs(d->a[(size_t)k * n + (size_t)k]) > tol)
        k++;
    return k;
}

/* ---- SP_SPQR: the least-squares backend --------------------------------- */

typedef struct lqr {
    const sp_pattern *p;
    ac_alloc *alloc;
    dqr d;
    int rank;  /* of the last factorization */
    double *c; /* n: Q' b, then the basic solution's nonzero part */
} lqr;

/* Function names are those solver.c declares. */

int sp_qr_create(void **impl, const sp_pattern *p, ac_alloc *alloc)
{
    int rc;
    lqr *q = ac_calloc(alloc, 1, sizeof *q);
    if (!q)
        return SP_ENOMEM;
    q->p = p;
    q->alloc = alloc;
    rc = dqr_init(&q->d, p->n, 1, alloc);
    if (rc != SP_OK) {
        ac_free(alloc, q);
        return rc;
    }
    q->c = ac_calloc(alloc, (size_t)(p->n > 0 ? p->n : 1), sizeof(double));
    if (!q->c) {
        sp_qr_destroy(q);
        return SP_ENOMEM;
    }
    *impl = q;
    return SP_OK;
}

void sp_qr_destroy(void *impl)
{
    lqr *q = impl;
    if (!q)
        return;
    dqr_free(&q->d, q->alloc);
    ac_free(q->alloc, q->c);
    ac_free(q->alloc, q);
}

int sp_qr_factor(void *impl, const double *vals)
{
    lqr *q = impl;
    const int n = q->p->n;
    int k;
    /* NaN would pass through the QR into the solution: report it the way
     * the LU backends do (their NaN pivots count as singular). */
    for (k = 0; k < q->p->nnz; k++)
        if (!isfinite(vals[k]))
            return SP_ESINGULAR;
    dqr_fill(&q->d, q->p, vals);
    if (dqr_factor(&q->d) != 0)
        return SP_EFAIL;
    /* SPQR's default tolerance: |R_00| is the largest column norm. */
    q->rank = n > 0 ? dqr_rank(&q->d, 20.0 * (2.0 * n) * DBL_EPSILON *
                                          fabs(q->d.a[0]))
                    : 0;
    return SP_OK;
}

int sp_qr_solve(void *impl, const double *b, double *x)
{
    lqr *q = impl;
    const int n = q->p->n, one = 1, r = q->rank;
    int k, info = 0;
    memcpy(q->c, b, (size_t)n * sizeof(double));
    for (k = 0; k < n; k++)
        x[k] = 0.0;
    if (r == 0)
        return SP_OK; /* a zero matrix: the basic solution is 0 */
    dormqr_("L", "T", &n, &one, &n, q->d.a, &n, q->d.tau, q->c, &n, q->d.work,
            &q->d.lwork, &info, 1, 1);
    if (info != 0)
        return SP_EFAIL;
    /* R11 is nonsingular: each of its diagonal entries exceeds the tolerance. */
    dtrtrs_("U", "N", "N", &r, &one, q->d.a, &n, q->c, &n, &info, 1, 1, 1);
    if (info != 0)
        return SP_EFAIL;
    for (k = 0; k < r; k++)
        x[q->d.jpvt[k] - 1] = q->c[k];
    return SP_OK;
}

double sp_qr_rcond(const void *impl)
{
    /* Unknown, as for SPQR: the callers read 0 so for this backend. */
    (void)impl;
    return 0.0;
}

/* ---- rank detection -------------------------------------------------------- */

struct sp_rank {
    const sp_pattern *p;
    ac_alloc *alloc;
    dqr d;
    double *ax; /* the values with unit-norm columns */
};

int sp_rank_create(sp_rank **out, const sp_pattern *p, ac_alloc *alloc)
{
    sp_rank *r;
    int rc;
    if (!out)
        return SP_EFAIL;
    *out = NULL;
    if (!p || !alloc || p->n < 0)
        return SP_EFAIL;
    r = ac_calloc(alloc, 1, sizeof *r);
    if (!r)
        return SP_ENOMEM;
    r->p = p;
    r->alloc = alloc;
    rc = dqr_init(&r->d, p->n, 0, alloc);
    if (rc != SP_OK) {
        ac_free(alloc, r);
        return rc;
    }
    r->ax = ac_calloc(alloc, (size_t)(p->nnz > 0 ? p->nnz : 1), sizeof(double));
    if (!r->ax) {
        sp_rank_destroy(r);
        return SP_ENOMEM;
    }
    *out = r;
    return SP_OK;
}

void sp_rank_destroy(sp_rank *r)
{
    if (!r)
        return;
    dqr_free(&r->d, r->alloc);
    ac_free(r->alloc, r->ax);
    ac_free(r->alloc, r);
}

/* Column j scaled to unit 2-norm as in rank.c (the norm accumulated relative
 * to the largest entry, so squares neither overflow nor underflow; a zero
 * column stays zero and is dependent).  -1 for a non-finite column. */
static int scale_column(const sp_pattern *p, const double *vals, int j,
                        double *out)
{
    int k;
    double big = 0.0, sum = 0.0, inv;
    for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
        double a = fabs(vals[k]);
        if (!(a <= DBL_MAX))
            return -1;
        if (a > big)
            big = a;
    }
    if (big == 0.0) {
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++)
            out[k] = 0.0;
        return 0;
    }
    for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
        double t = vals[k] / big;
        sum += t * t;
    }
    inv = 1.0 / (big * sqrt(sum));
    for (k = p->colptr[j]; k < p->colptr[j + 1]; k++)
        out[k] = vals[k] * inv;
    return 0;
}

int sp_rank_detect(sp_rank *r, const double *vals, double tol, int *rank,
                   int *perm)
{
    const int n = r->p->n;
    int j;
    for (j = 0; j < n; j++)
        if (scale_column(r->p, vals, j, r->ax) != 0)
            return SP_EFAIL;
    /* rank.c's rule: SPQR's default for unit-norm columns, 20 (m + n) eps. */
    if (!(tol >= 0.0))
        tol = 20.0 * (2.0 * n) * DBL_EPSILON;
    dqr_fill(&r->d, r->p, r->ax);
    if (dqr_factor(&r->d) != 0)
        return SP_EFAIL;
    *rank = dqr_rank(&r->d, tol);
    for (j = 0; j < n; j++)
        perm[j] = r->d.jpvt[j] - 1;
    return SP_OK;
}
