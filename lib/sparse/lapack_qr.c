/* The GPL-free build's (ALECABLE_NO_GPL) stand-in for SPQR, for the two
 * jobs SPQR does in the default build (spqr.c and rank.c, not compiled
 * here), with no library but LAPACK (BSD):
 *
 *  - SP_SPQR, the least-squares backend: LAPACK's dgeqp3 (dense QR with
 *    column pivoting), x = E [R11 \ (Q' b)(1:r); 0], the basic solution
 *    SPQR's backslash returns, with SPQR's default rank tolerance 20 (m + n)
 *    eps times the largest column norm;
 *  - sp_rank_detect, the dependent lines of the two-stage regularization,
 *    with the column scaling and the tolerance rule of rank.c: a banded
 *    Householder QR of our own for cable-shaped tangents, dgeqp3 for the
 *    others (see "rank detection" below).
 *
 * Why dense for SP_SPQR: no sparse QR under a permissive or LGPL license
 * comes with the distribution (SPQR is GPL), and SP_SPQR is the slow backend
 * of a slack first load step, on small systems.  Column pivoting by the
 * largest remaining norm makes the rank decision simpler than Heath's: R's
 * diagonal is the remaining norm of each pivot column and does not
 * increase, so the first |R_kk| <= tol ends the rank and every later column
 * is dependent.  Which of two dependent columns is called dependent may
 * differ from SPQR's choice (SPQR walks its fill-reducing order, dgeqp3
 * takes the largest norm).
 *
 * Cost and memory: n^2 doubles and the LAPACK workspaces are allocated once
 * at create through ac_alloc (the reference LAPACK allocates nothing), so a
 * factorization or a rank detection allocates nothing at all, unlike SPQR;
 * a dense one costs about 4/3 n^3 flops (measured with Debian's reference
 * BLAS: 0.01 s at n = 292, 3.5 s at n = 1000).  A dense pattern larger than
 * DENSE_MAX_N is refused at create (SP_EUNSUITED): its copy would take more
 * memory, and each factorization more time, than a user expects. */
#include "backend.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
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
/* Two ways, chosen at create from the pattern alone:
 *
 *  - banded (the tangents of cables): the columns in reverse Cuthill-McKee
 *    order (band.c's), where every entry lies within b of the diagonal, go
 *    through Householder QR one by one with Heath's rule, as SPQR does in
 *    its own order: a column whose norm below the rows already used is
 *    <= tol when its turn comes is dependent and gets no reflection.  A
 *    column j meets only the reflections of columns j-2b..j-1 (earlier ones
 *    end above row j-b, where its entries start, and are applied before any
 *    later one could fill it upward), so those are kept in a ring of 2b
 *    slots and a detection costs O(n b (b + d)) for d dependent columns,
 *    against dense's 4/3 n^3: measured on a band-12 matrix, 3.5 s dense
 *    and 1 ms banded at n = 1000 (SPQR: 3 ms).  Heath's rule keeps the
 *    first of two dependent columns of the order, like SPQR (which columns
 *    count as dependent may differ from SPQR's, whose order is its own
 *    fill-reducing one);
 *  - dense dgeqp3 (column pivoting by the largest remaining norm: the most
 *    reliable rank decision) where the band is wide, b >= n/6, beyond which
 *    the banded way is no cheaper in the worst case (d ~ n), or where its
 *    ring (2b vectors of n doubles) would outgrow the dense limit's memory.
 *    Beyond DENSE_MAX_N such a pattern is refused (SP_EUNSUITED).
 *
 * Both allocate everything at create. */

struct sp_rank {
    const sp_pattern *p;
    ac_alloc *alloc;
    double *ax;    /* the values with unit-norm columns */
    int band;      /* 1: banded Heath QR, 0: dense dgeqp3 */
    dqr d;         /* dense */
    int b;         /* banded: the bandwidth in RCM order */
    int nslots;    /* 2b (1 when b = 0) */
    int *perm;     /* n: perm[new] = old */
    int *iperm;    /* n */
    int *dead;     /* n: the dependent columns of a detection, in order */
    double *x;     /* n: the column being reduced; zero between columns */
    double *v;     /* nslots * n: Householder vectors, v[0] = 1 at row r */
    double *tau;   /* nslots */
    int *sk;       /* nslots: column whose reflection the slot holds, or -1 */
    int *sr, *se;  /* nslots: its first and last row */
};

static void band_free(sp_rank *r)
{
    ac_free(r->alloc, r->perm);
    ac_free(r->alloc, r->iperm);
    ac_free(r->alloc, r->dead);
    ac_free(r->alloc, r->x);
    ac_free(r->alloc, r->v);
    ac_free(r->alloc, r->tau);
    ac_free(r->alloc, r->sk);
    ac_free(r->alloc, r->sr);
    ac_free(r->alloc, r->se);
    r->perm = r->iperm = r->dead = r->sk = r->sr = r->se = NULL;
    r->x = r->v = r->tau = NULL;
}

/* The RCM order and its bandwidth (*b); SP_OK or SP_ENOMEM. */
static int band_order(sp_rank *r, int *b)
{
    const sp_pattern *p = r->p;
    const size_t n1 = (size_t)(p->n > 0 ? p->n : 1);
    int j, k, w = 0;
    r->perm = ac_calloc(r->alloc, n1, sizeof(int));
    r->iperm = ac_calloc(r->alloc, n1, sizeof(int));
    if (!r->perm || !r->iperm || sp_rcm(p, r->alloc, r->perm) != SP_OK)
        return SP_ENOMEM;
    for (j = 0; j < p->n; j++)
        r->iperm[r->perm[j]] = j;
    for (j = 0; j < p->n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
            int d = abs(r->iperm[p->rowidx[k]] - r->iperm[j]);
            if (d > w)
                w = d;
        }
    *b = w;
    return SP_OK;
}

/* The banded way where it is cheaper than dense in the worst case and its
 * ring fits what the dense way may take (DENSE_MAX_N^2 doubles). */
static int band_suits(int n, int b)
{
    const double slots = b > 0 ? 2.0 * b : 1.0;
    return 6.0 * b < n && slots * n <= (double)DENSE_MAX_N * DENSE_MAX_N;
}

/* The ring and the work vectors for bandwidth b. */
static int band_alloc(sp_rank *r, int b)
{
    const size_t n1 = (size_t)(r->p->n > 0 ? r->p->n : 1);
    r->b = b;
    r->nslots = b > 0 ? 2 * b : 1;
    r->dead = ac_calloc(r->alloc, n1, sizeof(int));
    r->x = ac_calloc(r->alloc, n1, sizeof(double));
    r->v = ac_calloc(r->alloc, (size_t)r->nslots * n1, sizeof(double));
    r->tau = ac_calloc(r->alloc, (size_t)r->nslots, sizeof(double));
    r->sk = ac_calloc(r->alloc, (size_t)r->nslots, sizeof(int));
    r->sr = ac_calloc(r->alloc, (size_t)r->nslots, sizeof(int));
    r->se = ac_calloc(r->alloc, (size_t)r->nslots, sizeof(int));
    if (!r->dead || !r->x || !r->v || !r->tau || !r->sk || !r->sr || !r->se)
        return SP_ENOMEM;
    return SP_OK;
}

int sp_rank_create(sp_rank **out, const sp_pattern *p, ac_alloc *alloc)
{
    sp_rank *r;
    int rc, b = 0;
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
    r->ax = ac_calloc(alloc, (size_t)(p->nnz > 0 ? p->nnz : 1), sizeof(double));
    rc = r->ax ? band_order(r, &b) : SP_ENOMEM;
    if (rc == SP_OK) {
        r->band = band_suits(p->n, b);
        if (r->band) {
            rc = band_alloc(r, b);
        } else {
            band_free(r); /* the dense way has no use for the order */
            rc = dqr_init(&r->d, p->n, 0, alloc);
        }
    }
    if (rc != SP_OK) {
        sp_rank_destroy(r);
        return rc;
    }
    *out = r;
    return SP_OK;
}

int sp_rank_set_band(sp_rank *r, int band)
{
    int rc = SP_OK, b = 0;
    if (!r)
        return SP_EFAIL;
    if (band && !r->v) {
        rc = band_order(r, &b);
        if (rc == SP_OK)
            rc = band_alloc(r, b);
    } else if (!band && !r->d.a) {
        rc = dqr_init(&r->d, r->p->n, 0, r->alloc);
    }
    if (rc == SP_OK)
        r->band = band != 0;
    return rc;
}

void sp_rank_destroy(sp_rank *r)
{
    if (!r)
        return;
    dqr_free(&r->d, r->alloc);
    band_free(r);
    ac_free(r->alloc, r->ax);
    ac_free(r->alloc, r);
}

/* Heath's rule on the scaled values in RCM order (see above). */
static int band_detect(sp_rank *r, double tol, int *perm)
{
    const sp_pattern *p = r->p;
    const int n = p->n, b = r->b, ns = r->nslots;
    const size_t n1 = (size_t)(n > 0 ? n : 1);
    double *x = r->x;
    int j, k, row = 0, ndead = 0;
    for (k = 0; k < ns; k++)
        r->sk[k] = -1;
    for (j = 0; j < n; j++) {
        const int oj = r->perm[j], hi = j + b < n ? j + b : n - 1;
        int lo = j - b > 0 ? j - b : 0, i, s, first = j - 2 * b > 0 ? j - 2 * b : 0;
        double sigma = 0.0, alpha, beta, norm, *v;
        for (k = p->colptr[oj]; k < p->colptr[oj + 1]; k++)
            x[r->iperm[p->rowidx[k]]] = r->ax[k];
        for (k = first; k < j; k++) {
            double dot;
            s = k % ns;
            if (r->sk[s] != k)
                continue; /* column k was dependent: no reflection */
            v = r->v + (size_t)s * n1;
            dot = 0.0;
            for (i = r->sr[s]; i <= r->se[s]; i++)
                dot += v[i - r->sr[s]] * x[i];
            dot *= r->tau[s];
            for (i = r->sr[s]; i <= r->se[s]; i++)
                x[i] -= dot * v[i - r->sr[s]];
            if (r->sr[s] < lo)
                lo = r->sr[s];
        }
        /* rows row..hi are still free: the column's remaining norm there
         * (unit-norm columns stay unit norm, so no scaling is needed) */
        for (i = row + 1; i <= hi; i++)
            sigma += x[i] * x[i];
        alpha = row <= hi ? x[row] : 0.0;
        norm = sqrt(alpha * alpha + sigma);
        s = j % ns;
        r->sk[s] = -1;
        if (!(norm > tol)) {
            r->dead[ndead++] = oj;
        } else {
            /* H = I - tau v v', H x = beta e_row (LAPACK's dlarfg form) */
            v = r->v + (size_t)s * n1;
            beta = alpha >= 0.0 ? -norm : norm;
            v[0] = 1.0;
            for (i = row + 1; i <= hi; i++)
                v[i - row] = x[i] / (alpha - beta);
            r->tau[s] = (beta - alpha) / beta;
            r->sk[s] = j;
            r->sr[s] = row;
            r->se[s] = hi;
            perm[row++] = oj;
        }
        for (i = lo; i <= hi; i++) /* every row written lies in lo..hi */
            x[i] = 0.0;
    }
    for (k = 0; k < ndead; k++)
        perm[row + k] = r->dead[k];
    return row;
}

int sp_rank_detect(sp_rank *r, const double *vals, double tol, int *rank,
                   int *perm)
{
    const int n = r->p->n;
    int j;
    for (j = 0; j < n; j++)
        if (sp_scale_column(r->p, vals, j, r->ax) != 0)
            return SP_EFAIL;
    /* rank.c's rule: SPQR's default for unit-norm columns, 20 (m + n) eps. */
    if (!(tol >= 0.0))
        tol = 20.0 * (2.0 * n) * DBL_EPSILON;
    if (r->band) {
        *rank = band_detect(r, tol, perm);
        return SP_OK;
    }
    dqr_fill(&r->d, r->p, r->ax);
    if (dqr_factor(&r->d) != 0)
        return SP_EFAIL;
    *rank = dqr_rank(&r->d, tol);
    for (j = 0; j < n; j++)
        perm[j] = r->d.jpvt[j] - 1;
    return SP_OK;
}
