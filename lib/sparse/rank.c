/* Rank detection with SPQR's rank-revealing QR (Heath's method): a column
 * whose remaining 2-norm is <= tol when it becomes pivot is declared dead.
 *
 * Why R is requested although only E is used: SuiteSparseQR returns the
 * column order E with the dead columns moved to the end only while it turns
 * the "squeezed" R into upper trapezoidal form [R11 R12], and it does that
 * only when R is requested, tol >= 0 and the ordering is not FIXED.  With
 * E alone it would hand back the plain fill-reducing order, in which dead
 * columns sit anywhere.  After the conversion A*E = Q*R with R11 (rank by
 * rank) upper triangular and |diag(R11)| > tol, so E[0..rank-1] are
 * linearly independent columns and E[rank..n-1] the dependent ones.
 *
 * Memory: the long-index copy of the pattern and the scaled values are ours
 * (ac_alloc, once at create).  SPQR allocates its factorization and the
 * returned R and E on every call through SuiteSparse's allocator, outside our
 * control; that is accepted for this diagnostic stage. */
#include "backend.h"

#include <float.h>
#include <math.h>
#include <SuiteSparseQR_C.h>

struct sp_rank {
    const sp_pattern *p;
    ac_alloc *alloc;
    cholmod_common c;  /* this object's own: no state shared between them */
    int started;       /* cholmod_l_start done: cholmod_l_finish is owed */
    cholmod_sparse A;  /* header over ap, ai, ax below */
    SuiteSparse_long *ap, *ai;
    double *ax;        /* the values with unit-norm columns */
};

int sp_rank_create(sp_rank **out, const sp_pattern *p, ac_alloc *alloc)
{
    size_t nnz;
    int j, k;
    sp_rank *r;
    if (!out)
        return SP_EFAIL;
    *out = NULL;
    if (!p || !alloc || p->n < 0)
        return SP_EFAIL;
    nnz = (size_t)(p->nnz > 0 ? p->nnz : 1);
    r = ac_calloc(alloc, 1, sizeof *r);
    if (!r)
        return SP_ENOMEM;
    r->p = p;
    r->alloc = alloc;
    r->ap = ac_calloc(alloc, (size_t)p->n + 1, sizeof(SuiteSparse_long));
    r->ai = ac_calloc(alloc, nnz, sizeof(SuiteSparse_long));
    r->ax = ac_calloc(alloc, nnz, sizeof(double));
    if (!r->ap || !r->ai || !r->ax) {
        sp_rank_destroy(r);
        return SP_ENOMEM;
    }
    for (j = 0; j <= p->n; j++)
        r->ap[j] = p->colptr[j];
    for (k = 0; k < p->nnz; k++)
        r->ai[k] = p->rowidx[k];
    if (!cholmod_l_start(&r->c)) {
        sp_rank_destroy(r);
        return SP_EFAIL;
    }
    r->started = 1;
    r->c.print = 0; /* a library must not write to stdout */

    r->A.nrow = (size_t)p->n;
    r->A.ncol = (size_t)p->n;
    r->A.nzmax = (size_t)p->nnz;
    r->A.p = r->ap;
    r->A.i = r->ai;
    r->A.x = r->ax;
    r->A.stype = 0;
    r->A.itype = CHOLMOD_LONG;
    r->A.xtype = CHOLMOD_REAL;
    r->A.dtype = CHOLMOD_DOUBLE;
    r->A.sorted = 1;
    r->A.packed = 1;
    *out = r;
    return SP_OK;
}

void sp_rank_destroy(sp_rank *r)
{
    if (!r)
        return;
    if (r->started)
        cholmod_l_finish(&r->c);
    ac_free(r->alloc, r->ap);
    ac_free(r->alloc, r->ai);
    ac_free(r->alloc, r->ax);
    ac_free(r->alloc, r);
}

int sp_rank_detect(sp_rank *r, const double *vals, double tol, int *rank,
                   int *perm)
{
    const int n = r->p->n;
    cholmod_sparse *R = NULL;
    SuiteSparse_long *E = NULL, rk;
    int j;

    for (j = 0; j < n; j++)
        if (sp_scale_column(r->p, vals, j, r->ax) != 0)
            return SP_EFAIL;
    /* A negative tol would turn the trapezoidal reordering off (see the top
     * of this file); use SPQR's own default instead, which for unit-norm
     * columns is 20 (m + n) eps. */
    if (!(tol >= 0.0))
        tol = 20.0 * (2.0 * n) * DBL_EPSILON;

    rk = SuiteSparseQR_C(SPQR_ORDERING_DEFAULT, tol, 0, 0, &r->A, NULL, NULL,
                         NULL, NULL, &R, &E, NULL, NULL, NULL, &r->c);
    if (rk < 0) {
        cholmod_l_free_sparse(&R, &r->c);
        if (E)
            cholmod_l_free((size_t)n, sizeof(SuiteSparse_long), E, &r->c);
        return r->c.status == CHOLMOD_OUT_OF_MEMORY ? SP_ENOMEM : SP_EFAIL;
    }
    *rank = (int)rk;
    for (j = 0; j < n; j++)
        perm[j] = E ? (int)E[j] : j;
    cholmod_l_free_sparse(&R, &r->c);
    if (E)
        cholmod_l_free((size_t)n, sizeof(SuiteSparse_long), E, &r->c);
    return SP_OK;
}
