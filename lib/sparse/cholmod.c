/* CHOLMOD backend (int API, cholmod_*): symmetric positive definite only.
 *
 * Only the LOWER triangle of the pattern (rows >= column, diagonal included)
 * is read: the matrix is handed to CHOLMOD with stype = -1, which ignores the
 * upper entries, so they need not even be filled in.
 *
 * cholmod_analyze runs once (first factor call); cholmod_factorize then
 * refactors into the same L.  The factor is forced to LL' form: a simplicial
 * LDL' succeeds on many indefinite matrices (negative D), while LL' stops at
 * the first non-positive pivot, which is how "not SPD" is detected.
 *
 * Each solver has its own cholmod_common, so solvers share no state.  L and
 * the solve workspaces are allocated by CHOLMOD (outside our ac_alloc);
 * cholmod_solve2 reuses them, so repeated solves allocate nothing. */
#include "backend.h"

#include <math.h>
#include <string.h>
#include <cholmod.h>

typedef struct chol {
    const sp_pattern *p;
    ac_alloc *alloc;
    cholmod_common c;
    int started;        /* cholmod_start done: cholmod_finish is owed */
    cholmod_sparse A;   /* header over the pattern and the caller's values */
    cholmod_factor *L;
    cholmod_dense *X, *Y, *E; /* cholmod_solve2's reusable outputs/workspace */
    double rcond;
} chol;

/* Function names are those solver.c declares. */

static int common_status(const cholmod_common *c)
{
    return c->status == CHOLMOD_OUT_OF_MEMORY ? SP_ENOMEM : SP_EFAIL;
}

int sp_chol_create(void **impl, const sp_pattern *p, ac_alloc *alloc)
{
    chol *h = ac_calloc(alloc, 1, sizeof *h);
    if (!h)
        return SP_ENOMEM;
    h->p = p;
    h->alloc = alloc;
    if (!cholmod_start(&h->c)) {
        ac_free(alloc, h);
        return SP_EFAIL;
    }
    h->started = 1;
    h->c.print = 0; /* a library must not write to stdout */
    h->c.final_ll = 1;
    h->c.quick_return_if_not_posdef = 1;

    /* CHOLMOD only reads A, so the header may point at the pattern's
     * arrays directly; x is set to the caller's values at each factor. */
    h->A.nrow = (size_t)p->n;
    h->A.ncol = (size_t)p->n;
    h->A.nzmax = (size_t)p->nnz;
    h->A.p = p->colptr;
    h->A.i = p->rowidx;
    h->A.nz = NULL;
    h->A.x = NULL;
    h->A.z = NULL;
    h->A.stype = -1;
    h->A.itype = CHOLMOD_INT;
    h->A.xtype = CHOLMOD_REAL;
    h->A.dtype = CHOLMOD_DOUBLE;
    h->A.sorted = 1;
    h->A.packed = 1;
    *impl = h;
    return SP_OK;
}

void sp_chol_destroy(void *impl)
{
    chol *h = impl;
    if (!h)
        return;
    if (h->started) {
        cholmod_free_factor(&h->L, &h->c);
        cholmod_free_dense(&h->X, &h->c);
        cholmod_free_dense(&h->Y, &h->c);
        cholmod_free_dense(&h->E, &h->c);
        cholmod_finish(&h->c);
    }
    ac_free(h->alloc, h);
}

int sp_chol_factor(void *impl, const double *vals)
{
    chol *h = impl;
    int ok;
    h->rcond = 0.0;
    h->A.x = (void *)vals; /* read-only use; dropped again below */
    if (!h->L) {
        h->L = cholmod_analyze(&h->A, &h->c);
        if (!h->L) {
            h->A.x = NULL;
            return common_status(&h->c);
        }
    }
    ok = cholmod_factorize(&h->A, h->L, &h->c);
    h->A.x = NULL;
    if (!ok || h->c.status < CHOLMOD_OK)
        return common_status(&h->c);
    if (h->c.status == CHOLMOD_NOT_POSDEF || h->L->minor < h->L->n)
        return SP_ESINGULAR;
    h->rcond = cholmod_rcond(h->L, &h->c);
    /* NaN values can slip through the pivot test; a zero or NaN estimate
     * means the factor is unusable either way. */
    if (!(h->rcond > 0.0) || !isfinite(h->rcond))
        return SP_ESINGULAR;
    return SP_OK;
}

int sp_chol_solve(void *impl, const double *b, double *x)
{
    chol *h = impl;
    const size_t n = (size_t)h->p->n;
    cholmod_dense B;

    /* A header over the caller's b; CHOLMOD only reads it. */
    memset(&B, 0, sizeof B);
    B.nrow = n;
    B.ncol = 1;
    B.nzmax = n;
    B.d = n;
    B.x = (void *)b;
    B.xtype = CHOLMOD_REAL;
    B.dtype = CHOLMOD_DOUBLE;
    if (!cholmod_solve2(CHOLMOD_A, h->L, &B, NULL, &h->X, NULL, &h->Y, &h->E,
                        &h->c))
        return common_status(&h->c);
    memcpy(x, h->X->x, n * sizeof(double));
    return SP_OK;
}

double sp_chol_rcond(const void *impl)
{
    const chol *h = impl;
    return h->rcond;
}
