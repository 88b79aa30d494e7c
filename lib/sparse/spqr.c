/* SPQR backend: least-squares solve x = A\b with SuiteSparseQR_C_backslash,
 * for singular or rank-deficient systems (a basic solution, with SPQR's
 * default rank tolerance).
 *
 * This is the slow backend: there is no reusable symbolic analysis through
 * this entry point, so factor only checks and copies the values and every
 * solve performs a complete QR factorization, allocating its factors and the
 * result through SuiteSparse's allocator (outside our ac_alloc).  rcond is
 * unknown (0).  SPQR needs the SuiteSparse_long API: the pattern is copied
 * once to long indices, and a cholmod_common started with cholmod_l_start
 * belongs to this solver alone. */
#include "backend.h"

#include <math.h>
#include <string.h>
#include <SuiteSparseQR_C.h>

typedef struct qr {
    const sp_pattern *p;
    ac_alloc *alloc;
    cholmod_common c;
    int started;       /* cholmod_l_start done: cholmod_l_finish is owed */
    cholmod_sparse A;  /* header over ap, ai, ax below */
    SuiteSparse_long *ap, *ai;
    double *ax;
} qr;

/* Function names are those solver.c declares. */

int sp_qr_create(void **impl, const sp_pattern *p, ac_alloc *alloc)
{
    const size_t nnz = (size_t)(p->nnz > 0 ? p->nnz : 1);
    int j, k;
    qr *q = ac_calloc(alloc, 1, sizeof *q);
    if (!q)
        return SP_ENOMEM;
    q->p = p;
    q->alloc = alloc;
    q->ap = ac_calloc(alloc, (size_t)p->n + 1, sizeof(SuiteSparse_long));
    q->ai = ac_calloc(alloc, nnz, sizeof(SuiteSparse_long));
    q->ax = ac_calloc(alloc, nnz, sizeof(double));
    if (!q->ap || !q->ai || !q->ax) {
        sp_qr_destroy(q);
        return SP_ENOMEM;
    }
    for (j = 0; j <= p->n; j++)
        q->ap[j] = p->colptr[j];
    for (k = 0; k < p->nnz; k++)
        q->ai[k] = p->rowidx[k];
    if (!cholmod_l_start(&q->c)) {
        sp_qr_destroy(q);
        return SP_EFAIL;
    }
    q->started = 1;
    q->c.print = 0; /* a library must not write to stdout */

    q->A.nrow = (size_t)p->n;
    q->A.ncol = (size_t)p->n;
    q->A.nzmax = (size_t)p->nnz;
    q->A.p = q->ap;
    q->A.i = q->ai;
    q->A.x = q->ax;
    q->A.stype = 0;
    q->A.itype = CHOLMOD_LONG;
    q->A.xtype = CHOLMOD_REAL;
    q->A.dtype = CHOLMOD_DOUBLE;
    q->A.sorted = 1;
    q->A.packed = 1;
    *impl = q;
    return SP_OK;
}

void sp_qr_destroy(void *impl)
{
    qr *q = impl;
    if (!q)
        return;
    if (q->started)
        cholmod_l_finish(&q->c);
    ac_free(q->alloc, q->ap);
    ac_free(q->alloc, q->ai);
    ac_free(q->alloc, q->ax);
    ac_free(q->alloc, q);
}

int sp_qr_factor(void *impl, const double *vals)
{
    qr *q = impl;
    int k;
    /* SPQR would return a NaN solution without complaint; report it the way
     * UMFPACK and CHOLMOD do (their NaN pivots count as singular). */
    for (k = 0; k < q->p->nnz; k++)
        if (!isfinite(vals[k]))
            return SP_ESINGULAR;
    memcpy(q->ax, vals, (size_t)q->p->nnz * sizeof(double));
    return SP_OK;
}

int sp_qr_solve(void *impl, const double *b, double *x)
{
    qr *q = impl;
    const size_t n = (size_t)q->p->n;
    cholmod_dense B, *X;

    /* A header over the caller's b; SPQR only reads it. */
    memset(&B, 0, sizeof B);
    B.nrow = n;
    B.ncol = 1;
    B.nzmax = n;
    B.d = n;
    B.x = (void *)b;
    B.xtype = CHOLMOD_REAL;
    B.dtype = CHOLMOD_DOUBLE;
    X = SuiteSparseQR_C_backslash(SPQR_ORDERING_DEFAULT, SPQR_DEFAULT_TOL,
                                  &q->A, &B, &q->c);
    if (!X)
        return q->c.status == CHOLMOD_OUT_OF_MEMORY ? SP_ENOMEM : SP_EFAIL;
    memcpy(x, X->x, n * sizeof(double));
    cholmod_l_free_dense(&X, &q->c);
    return SP_OK;
}

double sp_qr_rcond(const void *impl)
{
    (void)impl;
    return 0.0;
}
