/* UMFPACK backend (umfpack_di_*): general square systems, the default.
 *
 * The symbolic analysis depends only on the pattern, so it is done once, on
 * the first factor call, and every later call only runs umfpack_di_numeric.
 * Solves use umfpack_di_wsolve with workspace allocated at create, so a
 * Newton iteration allocates nothing of ours after the first factorization.
 * UMFPACK's own Symbolic/Numeric objects come from SuiteSparse's allocator,
 * which is outside our control. */
#include "backend.h"

#include <math.h>
#include <string.h>
#include <umfpack.h>

/* Below this UMFPACK's rcond (min/max |diag U|) means the pivots have lost
 * every significant digit: the solution would be noise. */
#define RCOND_MIN 1e-15

typedef struct umf {
    const sp_pattern *p;
    ac_alloc *alloc;
    void *symbolic;
    void *numeric;
    double control[UMFPACK_CONTROL];
    double info[UMFPACK_INFO];
    /* The factored values are kept because wsolve's iterative refinement
     * reads A again: the caller's array may change before the solve. */
    double *vals;
    int *wi;   /* n */
    double *w; /* 5n: wsolve's size when iterative refinement is on */
    double rcond;
} umf;

/* Function names are those solver.c declares. */

static int status_to_sp(int status)
{
    if (status == UMFPACK_OK)
        return SP_OK;
    if (status == UMFPACK_WARNING_singular_matrix)
        return SP_ESINGULAR;
    if (status == UMFPACK_ERROR_out_of_memory)
        return SP_ENOMEM;
    return SP_EFAIL;
}

int sp_umf_create(void **impl, const sp_pattern *p, ac_alloc *alloc)
{
    const size_t n = (size_t)(p->n > 0 ? p->n : 1);
    const size_t nnz = (size_t)(p->nnz > 0 ? p->nnz : 1);
    umf *u = ac_calloc(alloc, 1, sizeof *u);
    if (!u)
        return SP_ENOMEM;
    u->p = p;
    u->alloc = alloc;
    umfpack_di_defaults(u->control);
    u->vals = ac_calloc(alloc, nnz, sizeof(double));
    u->wi = ac_calloc(alloc, n, sizeof(int));
    u->w = ac_calloc(alloc, 5 * n, sizeof(double));
    if (!u->vals || !u->wi || !u->w) {
        sp_umf_destroy(u);
        return SP_ENOMEM;
    }
    *impl = u;
    return SP_OK;
}

void sp_umf_destroy(void *impl)
{
    umf *u = impl;
    if (!u)
        return;
    if (u->numeric)
        umfpack_di_free_numeric(&u->numeric);
    if (u->symbolic)
        umfpack_di_free_symbolic(&u->symbolic);
    ac_free(u->alloc, u->vals);
    ac_free(u->alloc, u->wi);
    ac_free(u->alloc, u->w);
    ac_free(u->alloc, u);
}

int sp_umf_factor(void *impl, const double *vals)
{
    umf *u = impl;
    const sp_pattern *p = u->p;
    int status;

    memcpy(u->vals, vals, (size_t)p->nnz * sizeof(double));
    u->rcond = 0.0;
    if (!u->symbolic) {
        /* The values only steer UMFPACK's strategy choice (e.g. zero KKT
         * diagonals); the analysis stays valid for any later values. */
        status = umfpack_di_symbolic(p->n, p->n, p->colptr, p->rowidx,
                                     u->vals, &u->symbolic, u->control,
                                     u->info);
        if (status != UMFPACK_OK) {
            u->symbolic = NULL;
            return status == UMFPACK_ERROR_out_of_memory ? SP_ENOMEM : SP_EFAIL;
        }
    }
    if (u->numeric)
        umfpack_di_free_numeric(&u->numeric);
    status = umfpack_di_numeric(p->colptr, p->rowidx, u->vals, u->symbolic,
                                &u->numeric, u->control, u->info);
    if (status < 0) {
        u->numeric = NULL;
        return status_to_sp(status);
    }
    u->rcond = u->info[UMFPACK_RCOND];
    if (status == UMFPACK_WARNING_singular_matrix)
        return SP_ESINGULAR;
    /* The negated test also catches a NaN rcond. */
    if (!isfinite(u->rcond) || !(u->rcond >= RCOND_MIN))
        return SP_ESINGULAR;
    return status_to_sp(status);
}

int sp_umf_solve(void *impl, const double *b, double *x)
{
    umf *u = impl;
    const sp_pattern *p = u->p;
    int status = umfpack_di_wsolve(UMFPACK_A, p->colptr, p->rowidx, u->vals,
                                   x, b, u->numeric, u->control, u->info,
                                   u->wi, u->w);
    return status_to_sp(status);
}

double sp_umf_rcond(const void *impl)
{
    const umf *u = impl;
    return u->rcond;
}
